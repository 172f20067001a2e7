import Dispatch
import FontRegistry
import Synchronization
import TypefitCore

/// `review`'s work: `fit`'s layout of every string, then each failing (key,
/// language) drawn as iOS lays it out at every size where it fails and at
/// the largest size where it fits, for one self-contained HTML page.
public struct ReviewJob: Job {
    /// Strings laid out under one rule, as fit groups them.
    public typealias Group = FitJob.Group

    /// fit's job: the strings, rules and request.
    public var fit: FitJob
    /// `--base`: the strings files before the change (none: every string
    /// is reviewed).
    public var baseFiles: [String] = []

    /// Creates a job.
    public init(fit: FitJob, baseFiles: [String] = []) {
        self.fit = fit
        self.baseFiles = baseFiles
    }

    /// Reads the strings as fit does (with `--base`, keeps those added or
    /// changed since and lays the old texts out too, so that a change is
    /// judged by what it broke), lays out and draws the page. The result's
    /// placeholder report is that of the strings the page shows.
    public func run(progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics) throws(Stopped)
        -> Result
    {
        let read = try fit.read(&diagnostics)
        var written = read.strings
        var baseTexts: Base?
        if !baseFiles.isEmpty {
            // The base is the old side of the change, read quietly: its
            // own warnings and notes (a duplicate key the pull request
            // removed) are not this change's, and in annotations would
            // point at files the pull request does not have. What stops
            // the run still does.
            var quiet = Diagnostics()
            let old: [LocalizedString]
            do {
                old = try TextJob.strings(
                    [], files: baseFiles, language: fit.request.language, samples: fit.request.samples,
                    sourceLanguage: fit.sourceLanguage, configurations: fit.configurations, diagnostics: &quiet)
            } catch {
                diagnostics.append(quiet)
                throw error
            }
            for item in quiet.items where item.severity == .error { diagnostics.add(item) }
            let texts = Self.baseTexts(old)
            var known = Base(texts: texts, name: baseFiles.joined(separator: ", "))
            let total = written.count
            written = Self.changed(written, since: texts)
            // The changed strings' old texts, laid out as the new ones are:
            // a change fails the gate only where it broke a size.
            let changedKeys = Set(written.map(Self.baseKey))
            let before = old.filter { changedKeys.contains(Self.baseKey($0)) }
            if !before.isEmpty {
                // Said once, for the new texts: the old ones' notes aside.
                var aside = Diagnostics()
                let oldGroups = try fit.groups(before, &aside).groups
                known.failing = Self.failing(oldGroups, fonts: fit.search.fallbackFonts())
            }
            baseTexts = known
            diagnostics.note(.baseChanged(changed: written.count, total: total, baseFiles: baseFiles))
        }
        let groups = written.isEmpty ? [] : try fit.groups(written, &diagnostics).groups
        var source =
            fit.stringsFiles.isEmpty
            ? "\(fit.texts.count) text\(fit.texts.count == 1 ? "" : "s")" : fit.stringsFiles.joined(separator: ", ")
        if case .file(let path) = fit.rules { source += " under \(path)" }
        var result = Self.review(
            groups, source: source, base: baseTexts, fonts: fit.search.fallbackFonts(), progress: progress,
            standIn: fit.request.systemFont == "stand-in")
        // With --base, the placeholders of the strings the page shows.
        var report = read.placeholders
        if baseTexts != nil { report?.keep(entries: Set(written.map(\.entry))) }
        result.placeholders = report
        result.page.placeholderProblems = report?.problems ?? []
        result.page.improved = result.improved
        return result
    }

    /// The result: the page, the failures a `--require` makes errors, and
    /// the layouts' own failures (faces that could not be opened).
    public struct Result {
        /// The page.
        public var page: ReviewPage
        /// The strings failing where required, as fit finds them.
        public var requiredFailures: [FitJob.Failure]
        /// Why faces could not be opened or drawn.
        public var failures: [Finding]
        /// Texts with characters no face has, and how many.
        public var missingGlyphs: [MissingGlyphs]
        /// Limits the page met (glyphs drawn as boxes, rows left out).
        public var warnings: [Finding] = []
        /// With `--base`: changed strings that fit at more sizes than
        /// before (`key (language)`).
        public var improved: [String] = []
        /// With `--base`: required failures the old text had too, not
        /// counted against the change.
        public var standing: [FitJob.Failure] = []
        /// The placeholder comparison of the strings the page shows (`nil`:
        /// not compared).
        public var placeholders: PlaceholderCheck.Report?
    }

    /// `--base`: the strings before the change.
    public struct Base: Sendable {
        /// Their texts by `baseKey`.
        public var texts: [String: String]
        /// The base file(s), for the page.
        public var name: String
        /// The sizes each old text fails at (its size settings' keys), by
        /// `baseKey`, for the changed strings.
        public var failing: [String: Set<String>] = [:]

        /// Creates one.
        public init(texts: [String: String], name: String) {
            self.texts = texts
            self.name = name
        }
    }

    /// The most bytes of failing strings' sections one page holds: a
    /// real 19-language catalog failing at nearly every size makes 11 MB;
    /// past this a pull request's catalog makes a page no browser loads.
    public static let maximumRowBytes = 64 << 20

    /// Lays out and draws. `base` maps `baseKey` to the text before
    /// the change (`--base`): rows say whether a string is new and show the
    /// old text beside a changed one. `progress` is told how many strings
    /// are done.
    ///
    /// One pass: fit's layout of every string on every core, each failing
    /// string drawn and its row written right there (the text is shaped
    /// once for measuring and drawing, lines cut from its glyphs); the
    /// outlines the workers read are gathered at the end.
    public static func review(
        _ groups: [Group], source: String, base: Base?, fonts: FallbackFonts,
        progress: (any ProgressReporting)? = nil, standIn: Bool = false
    ) -> Result {
        var categories: [(key: String, label: String)] = []
        var languages: [String] = []
        var counts: [String: [String: Int]] = [:]
        var required: [FitJob.Failure] = []
        var standing: [FitJob.Failure] = []
        var improved: [String] = []
        var failures: [Finding] = []
        var missing: [MissingGlyphs] = []
        var failingRows: [String: Int] = [:]
        var total = 0
        // The page's table of sizes: per group, each cell's index in it.
        var cells: [ReviewPage.Cell] = []
        var cellIndex: [[Int]] = []
        var styles: [String] = []
        var requiredLabels: [String] = []
        // Per group, per cell: the setting its face was measured at.
        var settings: [[FaceSetting?]] = []
        for group in groups {
            for cell in group.cells where !categories.contains(where: { $0.key == cell.size.key }) {
                categories.append((cell.size.key, cell.label))
            }
            cellIndex.append(
                group.cells.map { cell in
                    let entry = ReviewPage.Cell(
                        category: cell.size.key, label: cell.label, pointSize: cell.pointSize,
                        lineHeight: cell.lineHeight ?? cell.pointSize * 1.2)
                    if let known = cells.firstIndex(of: entry) { return known }
                    cells.append(entry)
                    return cells.count - 1
                })
            for string in group.strings {
                let language = string.language ?? "-"
                if !languages.contains(language) { languages.append(language) }
            }
            if let c = FitJob.requiredCell(group), !requiredLabels.contains(group.cells[c].label) {
                requiredLabels.append(group.cells[c].label)
            }
            total += group.strings.count
        }
        progress?.start(total: total)
        var rowsHTML: [ReviewPage.RowHTML] = []
        var otherRows: [ReviewPage.RowHTML] = []
        var gateCounts: [String: Int] = [:]
        var faces: [String: Specimen.Face] = [:]
        var faceOfKey: [String: FaceRef] = [:]
        var advances: [String: ReviewPage.FaceAdvances] = [:]
        var done = 0
        var rowBytes = 0
        var omittedRows = 0
        var budget = OutlineBudget()
        var capped: [FaceRef: Set<UInt32>] = [:]
        for (g, group) in groups.enumerated() {
            let before = done
            let rows = Slots<DrawnRow>(count: group.strings.count, initial: DrawnRow())
            let groupCells = cellIndex[g]
            let drawers = Slots<RowDrawer?>(count: SystemCalls.processorCount, initial: nil)
            let laidOut = FitEngine.layOut(
                strings: group.strings, cells: group.cells, width: group.width, fonts: fonts,
                styled: group.styled, progress: { count in progress?.advance(to: before + count) },
                visitor: { worker in
                    let drawer = RowDrawer(
                        group: group, cells: groupCells, rows: rows, base: base, fonts: fonts)
                    drawers.store(drawer, at: worker)
                    return drawer
                }, wordsAt: FitJob.requiredCell(group), rules: group.rules)
            done += group.strings.count
            settings.append(laidOut.settings)
            for failure in laidOut.failures.map({ Finding.faceNotOpened(reason: $0) }) where !failures.contains(failure)
            {
                failures.append(failure)
            }
            for case let drawer? in drawers.take() {
                for problem in drawer.problems.map({ Finding.faceNotOpened(reason: $0) })
                where !failures.contains(problem) {
                    failures.append(problem)
                }
                // The outlines each worker drew with, merged.
                for (ref, face) in drawer.faces {
                    if let other = faceOfKey[face.key], other != ref {
                        // Never met (40 bits of hash for a few faces), but
                        // then the page would draw one face's glyphs for
                        // the other's: said, not drawn wrong silently.
                        failures.append(
                            .faceKeyCollision(
                                file: ref.file, index: ref.index, otherFile: other.file, otherIndex: other.index,
                                key: face.key))
                        continue
                    }
                    faceOfKey[face.key] = ref
                    let own = face.advances
                    if !own.advances.isEmpty {
                        advances[face.key, default: own].advances.merge(own.advances) { first, _ in first }
                    }
                    guard let outlines = face.outlines else { continue }
                    var paths: [UInt32: String] = [:]
                    let known = faces[face.key]?.paths ?? [:]
                    for glyph in face.used where known[glyph] == nil {
                        guard let path = outlines.path(glyph) else { continue }
                        paths[glyph] = budget.admit(path, of: outlines)
                    }
                    capped[ref, default: []].formUnion(outlines.cappedGlyphs)
                    let used = Specimen.Face(unitsPerEm: outlines.unitsPerEm, paths: paths)
                    faces[face.key, default: Specimen.Face(unitsPerEm: used.unitsPerEm, paths: [:])].paths.merge(
                        used.paths
                    ) { first, _ in first }
                }
            }
            // Per language, per cell of the group: its failing strings,
            // and last the strings failing anywhere (one lookup a string,
            // not two a failing size: a catalog of thousands failing at
            // eight sizes each was 200,000 of them).
            var cellCounts: [String: [Int]] = [:]
            for (s, string) in group.strings.enumerated() {
                if s < laidOut.missingGlyphs.count, laidOut.missingGlyphs[s] > 0 {
                    missing.append(
                        MissingGlyphs(
                            text: string.text, count: Int(laidOut.missingGlyphs[s]), language: string.language))
                }
                let verdict = Self.verdict(group.cells.count, maxLines: group.lines) { laidOut.layout(s, $0) }
                // A changed string that fails at fewer sizes than before.
                if let old = base?.failing[Self.baseKey(string)],
                    Set(verdict.failing.map { group.cells[$0].size.key }).isStrictSubset(of: old)
                {
                    improved.append(string.key + (string.language.map { " (\($0))" } ?? ""))
                }
                guard !verdict.failing.isEmpty else { continue }
                if let gate = Self.gate(verdict.failing, group: group, identity: Self.baseKey(string), base: base) {
                    gateCounts[gate.verdict.rawValue, default: 0] += 1
                }
                let language = string.language ?? "-"
                cellCounts[language, default: [Int](repeating: 0, count: group.cells.count + 1)]
                    .withUnsafeMutableBufferPointer { perCell in
                        for c in verdict.failing { perCell[c] += 1 }
                        perCell[perCell.count - 1] += 1
                    }
                if !styles.contains(group.style) { styles.append(group.style) }
            }
            for (language, perCell) in cellCounts {
                var byKey = counts[language] ?? [:]
                for (c, cell) in group.cells.enumerated() where perCell[c] > 0 {
                    byKey[cell.size.key, default: 0] += perCell[c]
                }
                counts[language] = byKey
                failingRows[language, default: 0] += perCell[group.cells.count]
            }
            // With a base, a failure counts only where the old text fit
            // (or the string is new): a change is judged by what it broke.
            for failure in FitJob.failures(laidOut, group) {
                if let base, let old = base.failing[Self.baseKey(failure.key, failure.language, failure.qualifiers)],
                    old.contains(failure.size.key)
                {
                    standing.append(failure)
                } else {
                    required.append(failure)
                }
            }
            // A text repeated under another key (or in another table) was
            // drawn once, for its first string: the others' sections are
            // that drawing with their own key, verdict and gate.
            var drawnRows = rows.take()
            let writer = ReviewPage.RowWriter()
            for (s, f) in laidOut.firstOfSame.enumerated() where f != s && drawnRows[s].html == nil {
                guard let drawn = drawnRows[f].html else { continue }
                let verdict = Self.verdict(group.cells.count, maxLines: group.lines) { laidOut.layout(s, $0) }
                guard !verdict.failing.isEmpty else { continue }
                let row = Self.row(group.strings[s], failing: verdict.failing, group: group, base: base)
                drawnRows[s] = DrawnRow(
                    html: ReviewPage.rowHTML(row, drawnAs: drawn, writer: writer), verdict: row.gate?.verdict)
            }
            // Those that break the gate first; under the cap, one of them
            // takes the place of the last of the others.
            for row in drawnRows {
                guard let html = row.html else { continue }
                let size = html.byteCount
                if row.verdict == .breaks {
                    while rowBytes + size > Self.maximumRowBytes, let last = otherRows.popLast() {
                        rowBytes -= last.byteCount
                        omittedRows += 1
                    }
                }
                guard rowBytes + size <= Self.maximumRowBytes else {
                    omittedRows += 1
                    continue
                }
                rowBytes += size
                if row.verdict == .breaks { rowsHTML.append(html) } else { otherRows.append(html) }
            }
        }
        var warnings: [Finding] = []
        for (ref, glyphs) in capped.sorted(by: { $0.key.file < $1.key.file }) where !glyphs.isEmpty {
            warnings.append(OutlineBudget.cappedGlyphsWarning(file: ref.file, count: glyphs.count))
        }
        if let warning = budget.warning { warnings.append(warning) }
        if omittedRows > 0 {
            warnings.append(.pageCapped(megabytes: Self.maximumRowBytes >> 20, omitted: omittedRows))
        }
        progress?.finish()
        var summary = ReviewPage.Summary(
            strings: total, languages: languages, categories: categories, failures: counts, base: base?.name,
            source: source, failingRows: failingRows, styles: styles)
        summary.required = requiredLabels
        (summary.faces, summary.fallbackFaces) = Self.facesNamed(
            groups, settings: settings, drawn: Array(faceOfKey.values), standIn: standIn)
        var page = ReviewPage(summary: summary, cells: cells, rowsHTML: rowsHTML + otherRows, faces: faces)
        (page.gateRows, page.gateCounts) = (rowsHTML.count, gateCounts)
        page.omittedRows = omittedRows
        page.advances = advances
        page.rowBytesCap = Self.maximumRowBytes
        var result = Result(
            page: page, requiredFailures: required, failures: failures, missingGlyphs: missing, warnings: warnings)
        (result.improved, result.standing) = (improved, standing)
        return result
    }

    /// A failing string's section, but for its drawing (`streams` and
    /// `samples` empty): its facts, its old text and verdict with `--base`,
    /// and what the gate makes of it.
    static func row(_ string: LocalizedString, failing: [Int], group: Group, base: Base?) -> ReviewPage.Row {
        // Without a base the identity is never looked up (not made).
        let identity = base == nil ? "" : baseKey(string)
        let old = base?.texts[identity]
        var row = ReviewPage.Row(
            key: string.key, language: string.language, text: string.written,
            oldText: old.flatMap { $0 == string.written ? nil : $0 }, isNew: base != nil && old == nil,
            style: group.style, width: group.width, maxLines: group.lines, rule: group.rule,
            failing: failing.map { group.cells[$0].size.key }, streams: [], samples: [])
        row.unit = group.rules.unit
        // The old text's verdict beside the new, in the group's order.
        if let was = base?.failing[identity] {
            row.oldFailing = group.cells.map(\.size.key).filter { was.contains($0) }
        }
        row.gate = gate(failing, group: group, identity: identity, base: base)
        return row
    }

    /// A string's key in `Base`: `key|language`, and `|qualifiers` for a
    /// configuration's folder (Android's `values-night`).
    static func baseKey(_ string: LocalizedString) -> String {
        baseKey(string.key, string.language, string.qualifiers)
    }

    /// A string's identity between the base and the change: its key,
    /// language and (Android's `values-night`) configuration.
    static func baseKey(_ key: String, _ language: String?, _ qualifiers: [String]) -> String {
        key + "|" + (language ?? "-") + (qualifiers.isEmpty ? "" : "|" + qualifiers.joined(separator: "-"))
    }

    /// The sizes each string fails at, by `baseKey`: the old texts'
    /// verdicts for `Base.failing`.
    public static func failing(_ groups: [Group], fonts: FallbackFonts) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for group in groups {
            let laidOut = FitEngine.layOut(
                strings: group.strings, cells: group.cells, width: group.width, fonts: fonts, styled: group.styled,
                rules: group.rules)
            for (s, string) in group.strings.enumerated() {
                let verdict = verdict(group.cells.count, maxLines: group.lines) { laidOut.layout(s, $0) }
                found[baseKey(string)] = Set(verdict.failing.map { group.cells[$0].size.key })
            }
        }
        return found
    }

    /// The cells where a string fails (more lines than allowed, or a word
    /// wider than the line), and the largest where it fits.
    static func verdict(_ cells: Int, maxLines: Int, layout: (Int) -> LineFitter.Layout?) -> (
        failing: [Int], lastFitting: Int?
    ) {
        var failing: [Int] = []
        var lastFitting: Int?
        for c in 0..<cells {
            guard let layout = layout(c) else { continue }
            if layout.lines > maxLines || layout.overflows {
                failing.append(c)
            } else {
                lastFitting = c
            }
        }
        return (failing, lastFitting)
    }

    /// The faces the page names: each group's cells' faces (`PostScript
    /// name (file)`, marked `stand-in` when one stands for the system
    /// font), then the other files glyphs were drawn from.
    static func facesNamed(_ groups: [Group], settings: [[FaceSetting?]] = [], drawn: [FaceRef], standIn: Bool)
        -> (faces: [String], fallbacks: [String])
    {
        var faces: [String] = []
        var primary = Set<FaceRef>()
        for (g, group) in groups.enumerated() {
            for cell in group.cells {
                guard let face = cell.face, let location = face.location else { continue }
                primary.insert(FaceRef(file: location.file, index: location.index))
                // How the face was set at the group's sizes: its optical
                // size and tracking (`--optical-size`).
                let ofFace = group.cells.indices.filter { group.cells[$0].face?.location == location }
                    .compactMap { g < settings.count && $0 < settings[g].count ? settings[g][$0] : nil }
                var set: [String] = []
                if ofFace.contains(where: \.opticalSizeFromPointSize) {
                    set.append("opsz = the point size")
                } else if let first = ofFace.first, !first.variations.isEmpty {
                    set.append(first.variations.map { "\($0.tag) \(humanNumber($0.value))" }.joined(separator: ", "))
                }
                // Android's tracking is the style's letter spacing, not trak.
                let spacing = group.rules.letterSpacingEms(ofStyle: cell.style, size: cell.pointSize)
                if spacing != 0 {
                    set.append("letter spacing \(humanNumber(spacing)) em")
                } else if ofFace.contains(where: { $0.trackingEms != 0 }) {
                    set.append("trak tracking")
                }
                let name =
                    (face.postscriptName ?? location.postscriptName ?? "?") + " ("
                    + Self.fileName(location.file, index: location.index)
                    + (set.isEmpty ? "" : "; " + set.joined(separator: ", ")) + ")" + (standIn ? ", stand-in" : "")
                if !faces.contains(name) { faces.append(name) }
            }
        }
        // A face drawn at several sizes' coordinates is one face here.
        let fallbacks = Set(
            drawn.filter { !primary.contains(FaceRef(file: $0.file, index: $0.index)) }
                .map { Self.fileName($0.file, index: $0.index) })
        return (faces, fallbacks.sorted())
    }

    /// A face's file by its name, and its face in a collection.
    static func fileName(_ path: String, index: Int) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let face = index & 0xFFFF
        return face == 0 ? name : "\(name), face \(face)"
    }

    /// A font file's face.
    struct FaceRef: Hashable, Sendable {
        var file: String
        var index: Int
        /// The variation coordinates its outlines are drawn at, those its
        /// widths were measured at (empty for a static face).
        var coordinates: [Double] = []

        /// Its key on the page: `f` and 40 bits of an FNV-1a hash of its
        /// file, index and coordinates — the same face, the same key,
        /// whichever worker drew it first, so that one input gives one page.
        var key: String {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            let id = "\(file)#\(index)" + (coordinates.isEmpty ? "" : "@\(coordinates)")
            for byte in id.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            let hex = String(hash >> 24, radix: 16)
            return "f" + String(repeating: "0", count: 10 - hex.count) + hex
        }
    }

    /// A failing string's section and what the gate makes of it.
    struct DrawnRow: Sendable {
        var html: ReviewPage.RowHTML?
        var verdict: ReviewPage.Gate.Verdict?
    }

    /// What the gate makes of a string failing at `failing` (cells of
    /// `group`): `nil` where the group requires no size.
    static func gate(_ failing: [Int], group: Group, identity: @autoclosure () -> String, base: Base?)
        -> ReviewPage.Gate?
    {
        guard let require = group.require, let c = FitJob.requiredCell(group) else { return nil }
        let label = group.cells[c].label
        guard failing.contains(c) else { return ReviewPage.Gate(.beyond, required: label) }
        // As the run's errors: a failure its old text had too is not the change's.
        let before = base?.failing[identity()]?.contains(require.key) ?? false
        return ReviewPage.Gate(before ? .before : .breaks, required: label)
    }

    /// Draws, on fit's worker, each failing string it lays out — the lines
    /// fit found, cut from the glyphs of the measurement fit made — and
    /// writes its row.
    ///
    /// Unchecked `Sendable`: each is made and used by one worker, and read
    /// only once the workers have finished.
    final class RowDrawer: LayoutVisitor, @unchecked Sendable {
        let group: Group
        /// Per cell of the group: its index in the page's sizes.
        let cells: [Int]
        /// Per string of the group: its row (none when it fits).
        let rows: Slots<DrawnRow>
        /// `--base`: the strings before the change.
        let base: Base?
        let fonts: FallbackFonts
        /// Faces opened to draw Markdown strings (measured run by run in
        /// their faces, drawn in the regular face), by file#index.
        var measurers: [FaceKey: TextMeasurer?] = [:]
        /// Per face drawn: its key, its outlines (read on this worker),
        /// the glyphs met.
        var faces: [FaceRef: DrawnFace] = [:]
        /// The same faces by the object that shapes them, held (so that its
        /// identity is never another's).
        private var facesByShaper: [ObjectIdentifier: (shaper: AnyObject, face: DrawnFace)] = [:]

        /// A face as this worker draws it.
        final class DrawnFace {
            let key: String
            let outlines: GlyphOutlines?
            /// Per glyph index: 0 not met, 1 no outline (placed, not
            /// drawn), 2 drawn — an array, not a set: every glyph of every
            /// row is looked up.
            ///
            /// Unchecked: a face is one worker's, and no access to it
            /// overlaps another (checked, every glyph of every row paid
            /// for the check).
            @exclusivity(unchecked) var state: [UInt8] = []

            init(key: String, outlines: GlyphOutlines?) {
                self.key = key
                self.outlines = outlines
            }

            /// The glyphs drawn.
            var used: [UInt32] { state.indices.filter { state[$0] == 2 }.map { UInt32($0) } }

            /// Per glyph index: its own advance in font units (NaN: not
            /// asked yet), for the page's table.
            /// Unchecked as `state`.
            @exclusivity(unchecked) var own: [Double] = []
            /// The face's units per em, as HarfBuzz reads them (0: no
            /// glyph asked yet).
            var unitsPerEm = 0.0

            /// Notes `glyphs` (all of them this face's): each glyph met,
            /// whether it has an outline (blank where it has none), and its
            /// own advance (asked of `shaper` the first time). A run at a
            /// time, the face's tables held as locals: glyph by glyph, each
            /// call retained the face and reached its arrays through it.
            func meet(_ glyphs: ArraySlice<DrawnText.Glyph>, shaper: (UInt32) -> (units: Int32, unitsPerEm: Double)) {
                var state = self.state
                var own = self.own
                (self.state, self.own) = ([], [])
                defer { (self.state, self.own) = (state, own) }
                for glyph in glyphs {
                    let index = Int(glyph.glyph)
                    // A missing glyph is drawn as a box, its outline not read.
                    if !glyph.missing {
                        if index >= state.count { state += [UInt8](repeating: 0, count: index + 1 - state.count) }
                        if state[index] == 0 { state[index] = outlines?.path(glyph.glyph) == nil ? 1 : 2 }
                    }
                    if index >= own.count { own += [Double](repeating: .nan, count: index + 1 - own.count) }
                    if own[index].isNaN {
                        let (units, perEm) = shaper(glyph.glyph)
                        own[index] = Double(units)
                        unitsPerEm = perEm
                    }
                }
            }

            /// The own advances asked, for the page.
            var advances: ReviewPage.FaceAdvances {
                var table: [UInt32: Double] = [:]
                for (glyph, advance) in own.enumerated() where !advance.isNaN { table[UInt32(glyph)] = advance }
                return ReviewPage.FaceAdvances(unitsPerEm: unitsPerEm, advances: table)
            }
        }
        /// Why a face could not be opened.
        var problems: [String] = []
        /// This worker's buffers for its rows' HTML.
        let writer = ReviewPage.RowWriter()

        init(group: Group, cells: [Int], rows: Slots<DrawnRow>, base: Base?, fonts: FallbackFonts) {
            self.group = group
            self.cells = cells
            self.rows = rows
            self.base = base
            self.fonts = fonts
        }

        /// This worker's tables, kept from row to row: emptied for each
        /// row (their room kept), each row's lines cut into them. Arrays
        /// made per size and per line were a quarter of review's drawing.
        struct Scratch {
            /// The row's lines, every size's (`ReviewPage.Row.drawn`).
            var drawn = DrawnLines()
            /// Per line of `drawn`: its width in ems.
            var ems: [Double] = []
            /// A size's line breaks.
            var ranges: [LineFitter.LineRange] = []
            /// Each layout cut for the row: its session, its breaks (a
            /// range of `cutRanges`), its lines (a range of `drawn.lines`).
            var cuts: [(session: TextMeasurer.DrawSession, ranges: Range<Int>, lines: Range<Int>)] = []
            var cutRanges: [LineFitter.LineRange] = []

            mutating func removeAll() {
                drawn.removeAll()
                ems.removeAll(keepingCapacity: true)
                cuts.removeAll(keepingCapacity: true)
                cutRanges.removeAll(keepingCapacity: true)
            }
        }
        var scratch = Scratch()

        func visit(_ laidOut: LaidOutString) {
            let verdict = ReviewJob.verdict(group.cells.count, maxLines: group.lines) {
                $0 < laidOut.layouts.count ? laidOut.layouts[$0] : nil
            }
            guard !verdict.failing.isEmpty else { return }
            let string = group.strings[laidOut.index]
            // Each failing size, and the largest that still fits.
            let drawnCells = (verdict.failing + (verdict.lastFitting.map { [$0] } ?? [])).sorted()
            var sessions: [TextMeasurer.DrawSession] = []
            var samples: [ReviewPage.Sample] = []
            samples.reserveCapacity(drawnCells.count)
            // Taken while the row is drawn (one reference: filled in place).
            var scratch = self.scratch
            self.scratch = Scratch()
            defer { self.scratch = scratch }
            scratch.removeAll()
            for c in drawnCells {
                // The size alone, not the cell (a copy of its strings per sample).
                let pointSize = group.cells[c].pointSize
                guard let layout = laidOut.layouts[c], let prepared = laidOut.prepared[c],
                    let session = laidOut.sessions[c] ?? ownSession(group.cells[c], string)
                else { continue }
                // The lines fit counted (broken once); with `softWrap:
                // false` (`--no-soft-wrap`) a line ends only at a line feed:
                // drawn whole, past the width where it is wider (`prepared`
                // breaks at line feeds only then).
                if c < laidOut.lineSpans.count, let span = laidOut.lineSpans[c] {
                    scratch.ranges.removeAll(keepingCapacity: true)
                    scratch.ranges += laidOut.lines[span]
                } else {
                    prepared.lines(
                        width: group.rules.softWrap ? group.width / pointSize : .greatestFiniteMagnitude,
                        tabInterval: MeasuredText.tabInterval / pointSize, pointSize: pointSize,
                        into: &scratch.ranges)
                }
                let fresh = scratch.drawn.lines.count
                let lines = cut(session, &scratch)
                // The lines at this size: a line wider than the width
                // overflows. Those of the size before when they are the
                // same lines flagged alike (the page writes `=`), the
                // cut's own when flagged alike, else the cut's lines again
                // with this size's flags.
                let width = group.width + 1e-9
                func flaggedAsHere(_ candidate: Range<Int>) -> Bool {
                    guard candidate.count == lines.count else { return false }
                    for (k, n) in zip(candidate, lines) {
                        let line = scratch.drawn.lines[k]
                        guard line.slices == scratch.drawn.lines[n].slices,
                            line.overflows == (scratch.ems[n] * pointSize > width)
                        else { return false }
                    }
                    return true
                }
                if lines.lowerBound >= fresh {
                    for n in lines { scratch.drawn.lines[n].overflows = scratch.ems[n] * pointSize > width }
                }
                let drawnLines: Range<Int>
                if let before = samples.last?.layout, flaggedAsHere(before) {
                    drawnLines = before
                } else if flaggedAsHere(lines) {
                    drawnLines = lines
                } else {
                    let start = scratch.drawn.lines.count
                    for n in lines {
                        var line = scratch.drawn.lines[n]
                        line.overflows = scratch.ems[n] * pointSize > width
                        scratch.drawn.lines.append(line)
                        scratch.ems.append(scratch.ems[n])
                    }
                    drawnLines = start..<scratch.drawn.lines.count
                }
                let stream: Int
                if let known = sessions.firstIndex(where: { $0 === session }) {
                    stream = known
                } else {
                    stream = sessions.count
                    sessions.append(session)
                }
                samples.append(
                    ReviewPage.Sample(
                        cell: cells[c], lines: layout.lines, overflows: layout.overflows,
                        fits: !verdict.failing.contains(c), stream: stream, layout: drawnLines))
            }
            // The streams once every size is cut: a fallback stretch shaped
            // for a later size adds to its session's glyphs.
            var row = ReviewJob.row(string, failing: verdict.failing, group: group, base: base)
            (row.streams, row.samples, row.drawn) = (sessions.map(stream), samples, scratch.drawn)
            rows.store(
                DrawnRow(html: ReviewPage.rowHTML(row, writer: writer), verdict: row.gate?.verdict), at: laidOut.index)
        }

        /// The lines of `scratch.ranges` cut from `session`'s glyphs (lines
        /// of `scratch.drawn`, flagged as not overflowing): those of an
        /// earlier size that broke alike (neighbouring sizes often do), or
        /// cut now, with their widths in `scratch.ems`.
        private func cut(_ session: TextMeasurer.DrawSession, _ scratch: inout Scratch) -> Range<Int> {
            for known in scratch.cuts
            where known.session === session && known.ranges.count == scratch.ranges.count
                && zip(known.ranges, scratch.ranges.indices).allSatisfy({
                    scratch.cutRanges[$0] == scratch.ranges[$1]
                })
            {
                return known.lines
            }
            let start = scratch.drawn.lines.count
            session.append(scratch.ranges, to: &scratch.drawn)
            // Read once the lines are cut (cutting adds glyphs).
            let glyphs = session.glyphs
            glyphs.withUnsafeBufferPointer { glyphs in
                for line in scratch.drawn.lines[start...] {
                    var ems = 0.0
                    for slice in scratch.drawn.slices(of: line) { for i in slice { ems += glyphs[i].advance } }
                    scratch.ems.append(ems)
                }
            }
            let lines = start..<scratch.drawn.lines.count
            let ranges = scratch.cutRanges.count..<(scratch.cutRanges.count + scratch.ranges.count)
            scratch.cutRanges += scratch.ranges
            scratch.cuts.append((session, ranges, lines))
            return lines
        }

        /// A session's glyphs for the page: each face by its key and slot,
        /// with its own advances; each glyph's outline read once per face
        /// (a glyph without one, a space, is placed, not drawn).
        private func stream(_ session: TextMeasurer.DrawSession) -> ReviewPage.Stream {
            let drawn = (0..<session.faceCount).map { index -> DrawnFace in
                // By the shaper first: a face's file and coordinates
                // hashed for every row were a sixth of the streams' work.
                let shaper = session.shaper(ofFace: index)
                if let known = facesByShaper[ObjectIdentifier(shaper)] { return known.face }
                let face = session.face(index)
                let ref = FaceRef(file: face.file, index: face.index, coordinates: face.coordinates)
                let drawnFace: DrawnFace
                if let known = faces[ref] {
                    drawnFace = known
                } else {
                    let opened: GlyphOutlines?
                    do throws(RegistryError) {
                        opened = try GlyphOutlines(file: ref.file, index: ref.index, coordinates: ref.coordinates)
                    } catch {
                        if !problems.contains(error.message) { problems.append(error.message) }
                        opened = nil
                    }
                    drawnFace = DrawnFace(key: ref.key, outlines: opened)
                    faces[ref] = drawnFace
                }
                facesByShaper[ObjectIdentifier(shaper)] = (shaper, drawnFace)
                return drawnFace
            }
            let glyphs = session.glyphs
            // Each session face's slot among the stream's faces, numbered
            // in order of first use (one key, one slot: a fallback that is
            // the measured face again draws from the same place).
            var slotOf = [Int](repeating: -1, count: drawn.count)
            var keys: [String] = []
            var slotFaces: [DrawnFace] = []
            // Run by run of one face (a stretch's glyphs are one face's).
            var start = 0
            while start < glyphs.count {
                let index = glyphs[start].face
                var end = start + 1
                while end < glyphs.count && glyphs[end].face == index { end += 1 }
                let face = drawn[index]
                if slotOf[index] < 0 {
                    let slot = keys.firstIndex(of: face.key) ?? keys.count
                    if slot == keys.count {
                        keys.append(face.key)
                        slotFaces.append(face)
                    }
                    slotOf[index] = slot
                }
                face.meet(glyphs[start..<end]) { session.ownAdvance(face: index, glyph: $0) }
                start = end
            }
            // A face the session has but no glyph drew has no slot (its
            // glyphs never ask for one).
            return ReviewPage.Stream(
                faces: keys, glyphs: glyphs, slots: slotOf.map { max($0, 0) }, ownAdvances: slotFaces.map(\.own),
                unitsPerEm: slotFaces.map(\.unitsPerEm))
        }

        /// A Markdown string analysed for drawing in the cell's regular face
        /// (at the cell's size where the face's widths change with it).
        private func ownSession(_ cell: SizedCell, _ string: LocalizedString) -> TextMeasurer.DrawSession? {
            guard let location = cell.face?.location else { return nil }
            let key = FaceKey(
                location, letterSpacingEms: group.rules.letterSpacingEms(ofStyle: cell.style, size: cell.pointSize))
            guard let measurer = measurer(location, key: key) else { return nil }
            let sized =
                measurer.dependsOnPointSize
                ? self.measurer(location, key: key.sized(cell.pointSize), sharing: measurer) : measurer
            return sized?.drawing(string.text, language: string.language)
        }

        /// The measurer of `location` as `key` says, opened once.
        private func measurer(_ location: FaceLocation, key: FaceKey, sharing: TextMeasurer? = nil) -> TextMeasurer? {
            if let known = measurers[key] { return known }
            do {
                let opened = try TextMeasurer(
                    location, key: key, fallback: fonts, rules: group.rules, sharing: sharing)
                measurers[key] = opened
                return opened
            } catch {
                problems.append(error.message)
                measurers[key] = .some(nil)
                return nil
            }
        }
    }

    /// `--base`: the strings before the change, by `baseKey`, their
    /// text as written.
    public static func baseTexts(_ strings: [LocalizedString]) -> [String: String] {
        var texts: [String: String] = [:]
        for string in strings { texts[baseKey(string)] = string.written }
        return texts
    }

    /// Only the strings added or changed since the base.
    public static func changed(_ strings: [LocalizedString], since base: [String: String]) -> [LocalizedString] {
        strings.filter { base[baseKey($0)] != $0.written }
    }
}

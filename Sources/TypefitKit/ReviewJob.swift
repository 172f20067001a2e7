import Dispatch
import FontRegistry
import Synchronization
import TypefitCore

/// `review`'s work: `fit`'s layout of every string, then each failing (key,
/// language) drawn as iOS lays it out at every size where it fails and at
/// the largest size where it fits, for one self-contained HTML page.
public enum ReviewJob {
    /// Strings laid out under one rule (the command line's, or one of a
    /// rules file's).
    public struct Group: Sendable {
        /// The strings.
        public var strings: [LocalizedString]
        /// The cells they are laid out in.
        public var cells: [SizedCell]
        /// The text style's name.
        public var style: String
        /// The line width in points.
        public var width: Double
        /// The lines allowed.
        public var maxLines: Int
        /// The category key a failure at which fails the run (`--require`).
        public var require: String?
        /// The rule's number with `--rules`.
        public var rule: Int?
        /// The faces of Markdown runs (measured in them; drawn in the
        /// regular face).
        public var styled: StyledFaces

        /// Creates a group.
        public init(
            strings: [LocalizedString], cells: [SizedCell], style: String, width: Double, maxLines: Int,
            require: String?, rule: Int?, styled: StyledFaces = StyledFaces()
        ) {
            self.strings = strings
            self.cells = cells
            self.style = style
            self.width = width
            self.maxLines = maxLines
            self.require = require
            self.rule = rule
            self.styled = styled
        }
    }

    /// The result: the page, the failures a `--require` makes errors, and
    /// the layouts' own failures (faces that could not be opened).
    public struct Result {
        /// The page.
        public var page: ReviewPage
        /// One line per string failing at a required category, as fit
        /// says it.
        public var requiredFailures: [String]
        /// Why faces could not be opened or drawn.
        public var failures: [String]
        /// Texts with characters no face has, and how many.
        public var missingGlyphs: [(text: String, count: Int)]
    }

    /// Lays out and draws. `base` maps `key|language` to the text before
    /// the change (`--base`): rows say whether a string is new and show the
    /// old text beside a changed one. `progress` is told how many strings
    /// are done.
    ///
    /// Three passes: fit's layout of every string on every core, each
    /// failing string's lines cut from its glyphs right there (the text is
    /// shaped once for measuring and drawing); then the outlines of every
    /// glyph used, read once per face; then the rows written, on every core.
    public static func review(
        _ groups: [Group], source: String, base: (texts: [String: String], name: String)?, configFile: String?,
        progress: ProgressLine? = nil
    ) -> Result {
        var categories: [(key: String, label: String)] = []
        var languages: [String] = []
        var counts: [String: [String: Int]] = [:]
        var required: [String] = []
        var failures: [String] = []
        var missing: [(text: String, count: Int)] = []
        var failingRows: [String: Int] = [:]
        var total = 0
        // The page's table of sizes: per group, each cell's index in it.
        var cells: [ReviewPage.Cell] = []
        var cellIndex: [[Int]] = []
        var styles: [String] = []
        for group in groups {
            for cell in group.cells where !categories.contains(where: { $0.key == cell.category }) {
                categories.append((cell.category, cell.categoryLabel))
            }
            cellIndex.append(
                group.cells.map { cell in
                    let entry = ReviewPage.Cell(
                        category: cell.category, label: cell.categoryLabel, pointSize: cell.pointSize,
                        lineHeight: cell.lineHeight ?? cell.pointSize * 1.2)
                    if let known = cells.firstIndex(of: entry) { return known }
                    cells.append(entry)
                    return cells.count - 1
                })
            for string in group.strings {
                let language = string.language ?? "-"
                if !languages.contains(language) { languages.append(language) }
            }
            total += group.strings.count
        }
        progress?.start(total: total)
        var drawn: [DrawnRow] = []
        var done = 0
        for (g, group) in groups.enumerated() {
            let before = done
            let rows = Slots<DrawnRow?>(count: group.strings.count, initial: nil)
            let groupCells = cellIndex[g]
            let drawers = Slots<RowDrawer?>(count: SystemCalls.processorCount, initial: nil)
            let laidOut = FitEngine.layOut(
                strings: group.strings, cells: group.cells, width: group.width, configFile: configFile,
                styled: group.styled, progress: { count in progress?.advance(to: before + count) },
                visitor: { worker in
                    let drawer = RowDrawer(
                        group: group, number: g, cells: groupCells, rows: rows, configFile: configFile)
                    drawers.store(drawer, at: worker)
                    return drawer
                })
            done += group.strings.count
            for failure in laidOut.failures where !failures.contains(failure) { failures.append(failure) }
            for drawer in drawers.take() {
                for problem in drawer?.problems ?? [] where !failures.contains(problem) { failures.append(problem) }
            }
            for (s, string) in group.strings.enumerated() {
                if s < laidOut.missingGlyphs.count, laidOut.missingGlyphs[s] > 0 {
                    missing.append((string.text, Int(laidOut.missingGlyphs[s])))
                }
                let verdict = Self.verdict(group.cells.count, maxLines: group.maxLines) { laidOut.layout(s, $0) }
                guard !verdict.failing.isEmpty else { continue }
                let language = string.language ?? "-"
                for c in verdict.failing { counts[language, default: [:]][group.cells[c].category, default: 0] += 1 }
                failingRows[language, default: 0] += 1
                if !styles.contains(group.style) { styles.append(group.style) }
                if let require = group.require,
                    let c = verdict.failing.first(where: { group.cells[$0].category == require }),
                    let layout = laidOut.layout(s, c)
                {
                    // As fit says it.
                    required.append(
                        "\(string.key)" + (string.language.map { " (\($0))" } ?? "") + ": needs \(layout.lines) line"
                            + (layout.lines == 1 ? "" : "s") + (layout.overflows ? ", a word overflows," : "")
                            + " at \(require) (allowed \(group.maxLines)"
                            + (group.rule.map { "; rule \($0 + 1)" } ?? "")
                            + ")")
                }
            }
            drawn += rows.take().compactMap { $0 }
        }
        progress?.finish()
        let (faces, keys, outlineProblems) = outlines(drawn)
        for problem in outlineProblems where !failures.contains(problem) { failures.append(problem) }
        // The rows written on every core, in order.
        let htmlSlots = Slots<String>(count: drawn.count, initial: "")
        let next = Atomic<Int>(0)
        let chunk = 64
        let rows = drawn
        DispatchQueue.concurrentPerform(iterations: min(SystemCalls.processorCount, max(rows.count, 1))) { _ in
            while true {
                let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard k * chunk < rows.count else { break }
                for r in (k * chunk)..<min(rows.count, (k + 1) * chunk) {
                    let drawnRow = rows[r]
                    let group = groups[drawnRow.group]
                    let string = group.strings[drawnRow.string]
                    let language = string.language ?? "-"
                    let old = base?.texts[string.key + "|" + language]
                    let streams = drawnRow.streams.map { stream in
                        // Per face of the stream: its key and outlines.
                        let faceKeys = stream.faces.map { keys[$0] ?? "" }
                        let paths = faceKeys.map { faces[$0]?.paths ?? [:] }
                        return ReviewPage.Stream(
                            glyphs: stream.glyphs.map { glyph in
                                // A glyph without an outline (a space) is placed, not drawn.
                                Specimen.Glyph(
                                    face: faceKeys[glyph.face], glyph: glyph.glyph, advance: glyph.advance,
                                    offsetX: glyph.offsetX, offsetY: glyph.offsetY, missing: glyph.missing,
                                    blank: !glyph.missing && paths[glyph.face][glyph.glyph] == nil)
                            })
                    }
                    let row = ReviewPage.Row(
                        key: string.key, language: string.language, text: string.written,
                        oldText: old.flatMap { $0 == string.written ? nil : $0 }, isNew: base != nil && old == nil,
                        style: group.style, width: group.width, maxLines: group.maxLines, rule: group.rule,
                        failing: drawnRow.failing.map { group.cells[$0].category }, streams: streams,
                        samples: drawnRow.samples)
                    htmlSlots.store(ReviewPage.rowHTML(row), at: r)
                }
            }
        }
        let summary = ReviewPage.Summary(
            strings: total, languages: languages, categories: categories, failures: counts, base: base?.name,
            source: source, failingRows: failingRows, styles: styles)
        let page = ReviewPage(summary: summary, cells: cells, rowsHTML: htmlSlots.take(), faces: faces)
        return Result(page: page, requiredFailures: required, failures: failures, missingGlyphs: missing)
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

    /// A font file's face.
    struct FaceRef: Hashable, Comparable, Sendable {
        var file: String
        var index: Int

        static func < (a: FaceRef, b: FaceRef) -> Bool { (a.file, a.index) < (b.file, b.index) }
    }

    /// A failing string as a worker drew it: its glyphs, one stream per
    /// face its sizes use, and each size's lines as slices of them.
    struct DrawnRow: Sendable {
        var group: Int
        var string: Int
        /// The cells where it fails.
        var failing: [Int]
        var streams: [(faces: [FaceRef], glyphs: [DrawnText.Glyph])]
        var samples: [ReviewPage.Sample]
    }

    /// Draws, on fit's worker, each failing string it lays out: the lines
    /// fit found, cut from the glyphs of the measurement fit made.
    final class RowDrawer: LayoutVisitor, @unchecked Sendable {
        let group: Group
        let number: Int
        /// Per cell of the group: its index in the page's sizes.
        let cells: [Int]
        let rows: Slots<DrawnRow?>
        let configFile: String?
        /// Faces opened to draw Markdown strings (measured run by run in
        /// their faces, drawn in the regular face), by file#index.
        var measurers: [String: TextMeasurer?] = [:]
        /// Why a face could not be opened.
        var problems: [String] = []

        init(group: Group, number: Int, cells: [Int], rows: Slots<DrawnRow?>, configFile: String?) {
            self.group = group
            self.number = number
            self.cells = cells
            self.rows = rows
            self.configFile = configFile
        }

        func visit(_ laidOut: LaidOutString) {
            let verdict = ReviewJob.verdict(group.cells.count, maxLines: group.maxLines) {
                $0 < laidOut.layouts.count ? laidOut.layouts[$0] : nil
            }
            guard !verdict.failing.isEmpty else { return }
            let string = group.strings[laidOut.index]
            // Each failing size, and the largest that still fits.
            let drawnCells = (verdict.failing + (verdict.lastFitting.map { [$0] } ?? [])).sorted()
            var sessions: [TextMeasurer.DrawSession] = []
            var samples: [ReviewPage.Sample] = []
            for c in drawnCells {
                let cell = group.cells[c]
                guard let layout = laidOut.layouts[c], let prepared = laidOut.prepared[c],
                    let session = laidOut.sessions[c] ?? ownSession(cell, string)
                else { continue }
                let ranges = prepared.lines(
                    width: group.width / cell.pointSize, tabInterval: MeasuredText.tabInterval / cell.pointSize)
                let sliced = session.lines(ranges.map(\.visible))
                let stream: Int
                if let known = sessions.firstIndex(where: { $0 === session }) {
                    stream = known
                } else {
                    stream = sessions.count
                    sessions.append(session)
                }
                let lines = sliced.map { line in
                    var ems = 0.0
                    for slice in line.slices { for i in slice { ems += session.glyphs[i].advance } }
                    return ReviewPage.Line(
                        slices: line.slices, rightToLeft: line.rightToLeft,
                        overflows: ems * cell.pointSize > group.width + 1e-9)
                }
                samples.append(
                    ReviewPage.Sample(
                        cell: self.cells[c], lines: layout.lines, overflows: layout.overflows,
                        fits: !verdict.failing.contains(c), stream: stream, layout: lines))
            }
            // The streams once every size is cut: a fallback stretch shaped
            // for a later size adds to its session's glyphs.
            let streams = sessions.map { session in
                (faces: session.faces.map { FaceRef(file: $0.file, index: $0.index) }, glyphs: session.glyphs)
            }
            rows.store(
                DrawnRow(
                    group: number, string: laidOut.index, failing: verdict.failing, streams: streams,
                    samples: samples),
                at: laidOut.index)
        }

        /// A Markdown string analysed for drawing in the cell's regular face.
        private func ownSession(_ cell: SizedCell, _ string: LocalizedString) -> TextMeasurer.DrawSession? {
            guard let location = cell.face?.location else { return nil }
            let id = "\(location.file)#\(location.index)"
            if measurers[id] == nil {
                do {
                    measurers[id] = try TextMeasurer(
                        file: location.file, index: location.index, family: location.family ?? "",
                        configFile: configFile)
                } catch {
                    problems.append(error.message)
                    measurers[id] = .some(nil)
                }
            }
            return measurers[id]??.drawing(string.text, language: string.language)
        }
    }

    /// Every glyph the rows use, its outline read once per face (faces
    /// keyed `f0`, `f1`… in file order, so the page does not depend on
    /// which worker drew what); the reading spread over the cores.
    static func outlines(_ rows: [DrawnRow]) -> (
        faces: [String: Specimen.Face], keys: [FaceRef: String], problems: [String]
    ) {
        var used: [FaceRef: Set<UInt32>] = [:]
        for row in rows {
            for stream in row.streams {
                for glyph in stream.glyphs where !glyph.missing {
                    used[stream.faces[glyph.face], default: []].insert(glyph.glyph)
                }
            }
        }
        let ordered = used.keys.sorted()
        var keys: [FaceRef: String] = [:]
        for (n, face) in ordered.enumerated() { keys[face] = "f\(n)" }
        // Jobs of up to 256 glyphs of one face, each opening the face for
        // itself (FreeType faces are not shared between threads).
        var jobs: [(face: Int, glyphs: [UInt32])] = []
        for (n, face) in ordered.enumerated() {
            let glyphs = (used[face] ?? []).sorted()
            for start in stride(from: 0, to: glyphs.count, by: 256) {
                jobs.append((n, Array(glyphs[start..<min(glyphs.count, start + 256)])))
            }
        }
        let results = Slots<(unitsPerEm: Int, paths: [UInt32: String])?>(count: jobs.count, initial: nil)
        let problems = Slots<String?>(count: jobs.count, initial: nil)
        let next = Atomic<Int>(0)
        let work = jobs
        DispatchQueue.concurrentPerform(iterations: min(SystemCalls.processorCount, max(work.count, 1))) { _ in
            while true {
                let j = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard j < work.count else { break }
                let face = ordered[work[j].face]
                do throws(RegistryError) {
                    let outlines = try GlyphOutlines(file: face.file, index: face.index)
                    var paths: [UInt32: String] = [:]
                    for glyph in work[j].glyphs { paths[glyph] = outlines.path(glyph) }
                    results.store((outlines.unitsPerEm, paths), at: j)
                } catch {
                    problems.store(error.message, at: j)
                }
            }
        }
        var faces: [String: Specimen.Face] = [:]
        for (job, result) in zip(work, results.take()) {
            guard let result, let key = keys[ordered[job.face]] else { continue }
            faces[key, default: Specimen.Face(unitsPerEm: result.unitsPerEm, paths: [:])].paths.merge(result.paths) {
                first, _ in first
            }
        }
        var messages: [String] = []
        for problem in problems.take().compactMap({ $0 }) where !messages.contains(problem) { messages.append(problem) }
        return (faces, keys, messages)
    }

    /// `--base`: the strings before the change, by `key|language`, their
    /// text as written.
    public static func baseTexts(_ strings: [LocalizedString]) -> [String: String] {
        var texts: [String: String] = [:]
        for string in strings { texts[string.key + "|" + (string.language ?? "-")] = string.written }
        return texts
    }

    /// Only the strings added or changed since the base.
    public static func changed(_ strings: [LocalizedString], since base: [String: String]) -> [LocalizedString] {
        strings.filter { base[$0.key + "|" + ($0.language ?? "-")] != $0.written }
    }
}

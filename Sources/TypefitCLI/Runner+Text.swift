import Dispatch
import FontRegistry
import Synchronization
import TypefitCore

extension Runner {
    /// Each (style, category) cell with its point size and face, found as
    /// `scale` finds them; or the outcome that ends the run (a face that is
    /// missing cannot be measured).
    static func textCells(_ options: TextOptions, context: RunContext, allowMissing: Bool = false) -> (
        [SizedCell]?, Outcome
    ) {
        let (cells, outcome) =
            options.platform == .ios
            ? iosCells(options, context: context) : platformCells(options, context: context)
        guard let cells else { return (nil, outcome) }
        if allowMissing { return (cells, outcome) }
        // A face that is not there has no widths: say which and stop.
        var missing: [String] = []
        for cell in cells where cell.face?.location == nil {
            let name = cell.face?.postscriptName ?? "the face"
            if !missing.contains(name) { missing.append(name) }
        }
        guard missing.isEmpty else {
            var failed = outcome
            for name in missing {
                failed.diagnostics.error(
                    "cannot measure with \(name): it is not installed nor in --fonts-dir", status: .cannotRun)
            }
            return (nil, failed)
        }
        return (cells, outcome)
    }

    /// The cells on another platform: its sizes (from its tables, `--size`
    /// or a spec) with the faces `--spec`, `--font` or `--family` give.
    static func platformCells(_ options: TextOptions, context: RunContext) -> ([SizedCell]?, Outcome) {
        var request = PlatformRequest(platform: options.platform)
        request.styles = options.platformStyles
        request.fontScales = options.fontScales
        request.androidVersion = options.androidVersion
        request.designSize = options.size
        if options.platform == .watchos {
            if options.categoriesGiven {
                // Categories watchOS lacks were refused on the command line.
                request.categories = options.categories
            } else if let size = options.watchSize {
                request.categories = [WatchTypeTable.caseSizes.first { $0.millimetres == size }?.category ?? .large]
            }
        }
        var outcome = Outcome()
        var faces: [String: FaceResolution] = [:]
        var single: FaceResolution?
        var familyFaces: [FontFace] = []
        if let path = options.specPath {
            // The spec's faces as iOS resolves them; its sizes the platform's way.
            var ios = options.scaleOptions
            ios.styles = []
            ios.stylesGiven = false
            let (report, result) = specReport(path, ios, context: context)
            outcome = result
            guard let report, case .spec(let spec, _) = report.request.subject else { return (nil, outcome) }
            for entry in report.entries where faces[entry.style.rawValue] == nil {
                faces[entry.style.rawValue] = entry.face
            }
            request.specStyles = PlatformRequest.SpecStyle.of(spec)
            let missing = PlatformRequest.specStylesWithoutCounterpart(request.specStyles ?? [], on: options.platform)
            if !missing.isEmpty {
                outcome.diagnostics.note(
                    "\(options.platform.displayName) has no text style for the spec's "
                        + missing.joined(separator: ", ") + "; left out", file: path)
            }
        } else if let name = options.font {
            switch faceNamed(name, options, context: context, diagnostics: &outcome.diagnostics) {
            case .failure(let error): return (nil, error.outcome)
            case .success(let face): single = face
            }
        } else if let family = options.family {
            let sources = FaceSources.load(
                directories: options.fontsDirectories, fontconfigFile: options.fontconfigFile, context: context
            ) { FontCatalog.faces($0, inFamily: family).isEmpty }
            familyFaces = FontCatalog.faces(sources.pool(withFamily: family), inFamily: family)
            sources.report(into: &outcome.diagnostics)
            guard !familyFaces.isEmpty else {
                let names = NameMatching.suggestions(for: family, among: sources.familyNames)
                outcome.diagnostics.error(
                    "no family named '\(family)' installed" + didYouMean(names), status: .cannotRun)
                return (nil, outcome)
            }
        }
        let cells = request.resolve().map { cell -> SizedCell in
            var face = single ?? faces[cell.style]
            if !familyFaces.isEmpty {
                let weight = options.weight ?? request.weight(ofStyle: cell.style)
                face = FaceMatching.nearest(to: weight, among: familyFaces).map {
                    FaceResolution(key: nil, postscriptName: $0.postscriptName, location: FaceLocation($0))
                }
            }
            return SizedCell(cell, face: face)
        }
        if options.platform == .watchos, !options.categoriesGiven, let note = watchSizeNote(options.watchSize) {
            outcome.diagnostics.note(note)
        }
        return (cells, outcome)
    }

    /// The face with PostScript name `name` (`--fonts-dir` first, then
    /// installed), or the outcome that says it is not there.
    static func faceNamed(
        _ name: String, _ options: TextOptions, context: RunContext, diagnostics: inout Diagnostics
    ) -> Result<FaceResolution, OutcomeError> {
        let sources = FaceSources.load(
            directories: options.fontsDirectories, fontconfigFile: options.fontconfigFile, context: context
        ) { found in !found.contains { $0.postscriptName == name } }
        sources.report(into: &diagnostics)
        guard let (face, _) = sources.find(name) else {
            let scope = options.fontsDirectories.isEmpty ? " installed" : " installed nor in --fonts-dir"
            let nearest = NameMatching.suggestions(for: name, among: sources.knownNames)
            var failed = Outcome(diagnostics: diagnostics)
            failed.diagnostics.error(
                "no face with PostScript name '\(name)'" + scope + didYouMean(nearest), status: .cannotRun)
            return .failure(OutcomeError(failed))
        }
        return .success(FaceResolution(key: nil, postscriptName: name, location: FaceLocation(face)))
    }

    /// The cells on iOS, as `scale` finds them.
    static func iosCells(_ options: TextOptions, context: RunContext) -> ([SizedCell]?, Outcome) {
        var report: ScaleReport?
        var outcome = Outcome()
        if let path = options.specPath {
            (report, outcome) = specReport(path, options.scaleOptions, context: context)
        } else if let family = options.family {
            (report, outcome) = familyReport(family, options.scaleOptions, context: context)
        } else if let name = options.font {
            let face: FaceResolution
            switch faceNamed(name, options, context: context, diagnostics: &outcome.diagnostics) {
            case .failure(let error): return (nil, error.outcome)
            case .success(let found): face = found
            }
            let request = options.scaleOptions.request
            var faces: [TextStyle: FaceResolution] = [:]
            for style in options.styles { faces[style] = face }
            report = request.resolve(faces: faces)
        }
        guard let report else { return (nil, outcome) }
        return (report.entries.compactMap(SizedCell.init), outcome)
    }

    /// The measurers of the faces cells use, opened once each. Each string
    /// is shaped once per face, not once per category: with unhinted
    /// advances a line's width is linear in the point size.
    final class Measurements {
        private var measurers: [String: TextMeasurer] = [:]
        private let configFile: String?
        private(set) var failures: [String] = []
        /// Per cell: the key of its face.
        let faceKeys: [String]

        init(cells: [SizedCell], configFile: String?) {
            self.configFile = configFile
            faceKeys = cells.map { cell in cell.face?.location.map { "\($0.file)#\($0.index)" } ?? "" }
            for (cell, key) in zip(cells, faceKeys) where measurers[key] == nil {
                guard let face = cell.face?.location else { continue }
                do {
                    measurers[key] = try TextMeasurer(
                        file: face.file, index: face.index, family: face.family ?? "", configFile: configFile)
                } catch {
                    if !failures.contains(error.message) { failures.append(error.message) }
                }
            }
        }

        /// One string measured in every face the cells use; per cell, its
        /// measurement (`nil` where its face could not be opened).
        func measure(_ string: LocalizedString) -> [MeasuredText?] {
            var byFace: [String: MeasuredText] = [:]
            return faceKeys.map { key in
                if let known = byFace[key] { return known }
                guard let measurer = measurers[key] else { return nil }
                let measured = measurer.measure(string.text, language: string.language)
                byFace[key] = measured
                return measured
            }
        }
    }

    /// The strings of the arguments and the `--strings` files, or the
    /// outcome that reports a file that cannot be read.
    static func loadStrings(
        _ texts: [String], files: [String], language: String?, samples: PlaceholderSamples = PlaceholderSamples()
    ) -> Result<[LocalizedString], OutcomeError> {
        var strings = texts.map { LocalizedString(key: $0, language: language, text: $0) }
        for path in files {
            var failed = Outcome()
            switch SystemCalls.readInput(path, limit: 64 << 20, what: "a strings file") {
            case .failure(let error):
                failed.diagnostics.error(error.reason, status: .cannotRun, file: error.path)
                return .failure(OutcomeError(failed))
            case .success(let bytes):
                do {
                    strings += try StringsFile.read(path: path, bytes: bytes, language: language)
                } catch {
                    failed.diagnostics.cannotRead(error, in: path)
                    return .failure(OutcomeError(failed))
                }
            }
        }
        return .success(strings.map { $0.substituting(samples) })
    }

    /// One note naming the placeholders typefit's defaults stood in for
    /// (`--sample` values the user chose need no saying).
    static func notePlaceholderDefaults(_ strings: [LocalizedString], into diagnostics: inout Diagnostics) {
        var seen = Set<String>()
        var parts: [String] = []
        for string in strings {
            for substitution in string.substitutions where substitution.isDefault {
                guard seen.insert(substitution.placeholder).inserted else { continue }
                parts.append("\(substitution.placeholder) as '\(substitution.value)'")
            }
        }
        guard !parts.isEmpty else { return }
        diagnostics.note(
            "format placeholders measured with sample values: " + parts.joined(separator: ", ")
                + " (choose others with --sample SPEC=VALUE)")
    }

    /// What `measure` starts from: the strings (first, so that a malformed
    /// file ends the run before any font work), the cells, and their faces
    /// opened for measuring; or the outcome that ends the run. (`fit` opens
    /// its faces once per worker, in `FitLayouts.compute`.)
    static func textJob(_ texts: [String], files: [String], _ options: TextOptions, context: RunContext) -> Result<
        (strings: [LocalizedString], cells: [SizedCell], measurements: Measurements, outcome: Outcome), OutcomeError
    > {
        let strings: [LocalizedString]
        switch loadStrings(texts, files: files, language: options.language, samples: options.samples) {
        case .failure(let error): return .failure(error)
        case .success(let loaded): strings = loaded
        }
        var (cells, outcome) = textCells(options, context: context)
        guard let cells else { return .failure(OutcomeError(outcome)) }
        notePlaceholderDefaults(strings, into: &outcome.diagnostics)
        return .success((strings, cells, Measurements(cells: cells, configFile: options.fontconfigFile), outcome))
    }

    static func measure(_ options: MeasureOptions, context: RunContext) -> Outcome {
        let (strings, cells, measurements, start): ([LocalizedString], [SizedCell], Measurements, Outcome)
        switch textJob(options.texts, files: options.stringsFiles, options.text, context: context) {
        case .failure(let error): return error.outcome
        case .success(let job): (strings, cells, measurements, start) = job
        }
        var outcome = start
        outcome.diagnostics.warningsAreErrors = options.text.strict
        outcome.diagnostics.listsEachFile = options.text.verbose
        let format = options.text.effectiveFormat(context)
        // Rows are streamed: a catalog times twelve categories is a large
        // document, and a dictionary per row cost more than the shaping.
        var writer = JSONWriter(capacity: strings.count * cells.count * 220 + 64, pretty: context.stdoutIsTerminal)
        writer.beginObject()
        writer.staticKey("measurements")
        writer.beginArray()
        // Catalog entries are known by key; their text gets its own column.
        let showText = !options.stringsFiles.isEmpty
        var table: [[String]] = [
            ["key", "language"] + (showText ? ["text"] : []) + [
                "style", "category", "pt", "width", "face", "fallbacks",
            ]
        ]
        var missingTexts: [(String, Int)] = []
        for string in strings {
            let measured = measurements.measure(string)
            if let missing = measured.compactMap({ $0 }).first(where: { $0.missingGlyphs > 0 })?.missingGlyphs {
                missingTexts.append((string.text, missing))
            }
            for (cell, text) in zip(cells, measured) {
                guard let face = cell.face?.location, let text else { continue }
                let pointSize = cell.pointSize
                let width = text.width(atPointSize: pointSize)
                if format == .table {
                    let fallbacks = text.fallbacks.map { "\($0.postscriptName ?? $0.family) (\($0.characters))" }
                    table.append(
                        [string.key, string.language ?? "-"] + (showText ? [string.written] : []) + [
                            cell.style, cell.categoryLabel, humanNumber(pointSize), humanNumber(width),
                            face.postscriptName ?? "-", fallbacks.isEmpty ? "-" : fallbacks.joined(separator: ", "),
                        ])
                    continue
                }
                // Keys in sorted order, as every typefit document has them.
                writer.beginObject()
                writer.staticKey("category")
                writer.string(cell.category)
                writer.staticKey("fallbacks")
                writer.beginArray()
                for use in text.fallbacks {
                    writer.beginObject()
                    writer.staticKey("characters")
                    writer.int(use.characters)
                    writer.staticKey("family")
                    writer.string(use.family)
                    writer.staticKey("file")
                    writer.string(use.file)
                    writer.staticKey("postscriptName")
                    writer.string(use.postscriptName)
                    writer.endObject()
                }
                writer.endArray()
                if !options.stringsFiles.isEmpty {
                    writer.staticKey("key")
                    writer.string(string.key)
                    writer.staticKey("language")
                    writer.string(string.language)
                }
                writer.staticKey("lineHeight")
                if let lineHeight = cell.lineHeight { writer.number(lineHeight) } else { writer.null() }
                writer.staticKey("missingGlyphs")
                writer.int(text.missingGlyphs)
                writer.staticKey("pointSize")
                writer.number(pointSize)
                writer.staticKey("postscriptName")
                writer.string(face.postscriptName)
                writer.staticKey("sampleText")
                writer.string(string.text)
                writer.staticKey("style")
                writer.string(cell.style)
                writer.staticKey("substitutions")
                Self.writeSubstitutions(string.substitutions, to: &writer)
                writer.staticKey("text")
                writer.string(string.written)
                writer.staticKey("width")
                writer.number(width)
                writer.endObject()
            }
        }
        writer.endArray()
        writer.staticKey("schemaVersion")
        writer.int(jsonSchemaVersion)
        writer.endObject()
        for failure in measurements.failures { outcome.diagnostics.error(failure, status: .cannotRun) }
        for (text, missing) in missingTexts {
            outcome.diagnostics.warning("\(missing) character(s) of \"\(text)\" have no glyph in any face")
        }
        if format == .table {
            outcome.stdout = TextTable.render(table)
        } else {
            outcome.stdoutBytes = writer.finishBytes()
        }
        return outcome
    }

    static func fit(_ options: FitOptions, context: RunContext) -> Outcome {
        let strings: [LocalizedString]
        switch loadStrings(
            options.texts, files: options.stringsFiles, language: options.text.language,
            samples: options.text.samples)
        {
        case .failure(let error): return error.outcome
        case .success(let loaded): strings = loaded
        }
        var (cellsFound, outcome) = textCells(options.text, context: context)
        guard let cells = cellsFound else { return outcome }
        notePlaceholderDefaults(strings, into: &outcome.diagnostics)
        outcome.diagnostics.warningsAreErrors = options.text.strict
        outcome.diagnostics.listsEachFile = options.text.verbose
        let laidOut = FitLayouts.compute(
            strings: strings, cells: cells, width: options.width, configFile: options.text.fontconfigFile)
        for failure in laidOut.failures { outcome.diagnostics.error(failure, status: .cannotRun) }
        let required = options.requireKey.flatMap { key in cells.firstIndex { $0.category == key } }
        for (s, string) in strings.enumerated() {
            guard let c = required, let layout = laidOut.layout(s, c) else { continue }
            guard layout.lines > options.lines || layout.overflows else { continue }
            outcome.diagnostics.error(
                "\(string.key)" + (string.language.map { " (\($0))" } ?? "") + ": needs \(layout.lines) line"
                    + (layout.lines == 1 ? "" : "s") + (layout.overflows ? ", a word overflows," : "")
                    + " at \(cells[c].category) (allowed \(options.lines))", status: .problemFound)
        }
        switch options.text.effectiveFormat(context) {
        case .table:
            var table: [[String]] = [["key", "language"] + cells.map(\.categoryLabel) + ["largest fitting"]]
            var marked = false
            for (s, string) in strings.enumerated() {
                var row = [string.key, string.language ?? "-"]
                for c in cells.indices {
                    guard let layout = laidOut.layout(s, c) else { continue }
                    row.append("\(layout.lines)\(layout.overflows ? "!" : "")")
                    marked = marked || layout.overflows
                }
                row.append(laidOut.largestFitting(s, cells: cells, maxLines: options.lines)?.category ?? "none")
                table.append(row)
            }
            outcome.stdout = TextTable.render(table)
            if marked { outcome.stdout += "(N! = N lines, and a word wider than the line overflows it)\n" }
        default:
            // Streamed: ten thousand strings are ten megabytes of JSON,
            // written as they are made.
            let pretty = context.stdoutIsTerminal
            let style = options.text.platformStyles?.first ?? options.text.styles.first?.rawValue
            let (width, maxLines, platform) = (options.width, options.lines, options.text.platform.rawValue)
            outcome.stream { write in
                FitLayouts.writeJSON(
                    laidOut, strings: strings, cells: cells, header: (width, maxLines, style, platform),
                    pretty: pretty, to: write)
            }
        }
        return outcome
    }

    /// Every string laid out in every cell, on every core: each worker with
    /// its own faces and ICU line breaker, taking the next chunk of strings
    /// as it finishes; results in compact arrays in input order (a line
    /// count and an overflow flag per string and cell).
    struct FitLayouts: Sendable {
        /// Per (string, cell): the line count, 0 where the cell's face could
        /// not be opened.
        var lines: [Int32]
        var overflows: [Bool]
        var cellCount: Int
        var failures: [String]

        func layout(_ string: Int, _ cell: Int) -> LineFitter.Layout? {
            let n = lines[string * cellCount + cell]
            return n == 0 ? nil : LineFitter.Layout(lines: Int(n), overflows: overflows[string * cellCount + cell])
        }

        /// The largest cell (by point size) at which the string fits.
        func largestFitting(_ string: Int, cells: [SizedCell], maxLines: Int) -> SizedCell? {
            var largest: SizedCell?
            for (c, cell) in cells.enumerated() {
                guard let layout = layout(string, c), layout.lines <= maxLines, !layout.overflows else { continue }
                if largest.map({ cell.pointSize >= $0.pointSize }) ?? true { largest = cell }
            }
            return largest
        }

        static func compute(strings: [LocalizedString], cells: [SizedCell], width: Double, configFile: String?)
            -> FitLayouts
        {
            let cellCount = cells.count
            let results = Slots<(lines: Int32, overflows: Bool)>(
                count: strings.count * cellCount, initial: (0, false))
            let failures = Slots<[String]>(count: SystemCalls.processorCount, initial: [])
            let chunk = 128
            let chunks = (strings.count + chunk - 1) / chunk
            let next = Atomic<Int>(0)
            let workers = min(SystemCalls.processorCount, max(chunks, 1))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let measurements = Measurements(cells: cells, configFile: configFile)
                let breaker: LineBreaker
                do throws(RegistryError) {
                    breaker = try LineBreaker()
                } catch {
                    // No ICU: no string is laid out, and the run says why.
                    failures.store(measurements.failures + [error.message], at: worker)
                    return
                }
                failures.store(measurements.failures, at: worker)
                while true {
                    let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard k < chunks else { break }
                    for s in (k * chunk)..<min(strings.count, (k + 1) * chunk) {
                        let string = strings[s]
                        let breaks = breaker.opportunities(Array(string.text.utf8), language: string.language)
                        var prepared: [String: LineFitter.Prepared] = [:]
                        for (c, measured) in zip(cells.indices, measurements.measure(string)) {
                            guard let measured else { continue }
                            let key = measurements.faceKeys[c]
                            let line = prepared[key] ?? LineFitter.Prepared(measured, breaks: breaks)
                            prepared[key] = line
                            let layout = line.layout(width: width / cells[c].pointSize)
                            results.store((Int32(layout.lines), layout.overflows), at: s * cellCount + c)
                        }
                    }
                }
            }
            var seen = Set<String>()
            let messages = failures.take().flatMap { $0 }.filter { seen.insert($0).inserted }
            let all = results.take()
            return FitLayouts(
                lines: all.map { $0.lines }, overflows: all.map { $0.overflows }, cellCount: cellCount,
                failures: messages)
        }

        /// The `fit` document (`schemaVersion` 1), keys sorted, handed to
        /// `write` in chunks.
        static func writeJSON(
            _ laidOut: FitLayouts, strings: [LocalizedString], cells: [SizedCell],
            header: (width: Double, maxLines: Int, style: String?, platform: String), pretty: Bool,
            to write: ([UInt8]) -> Bool
        ) -> Bool {
            // The per-category objects' keys in sorted order.
            let order = cells.indices.sorted { cells[$0].category < cells[$1].category }
            var writer = JSONWriter(capacity: 1 << 17, pretty: pretty)
            writer.beginObject()
            writer.staticKey("maxLines")
            writer.int(header.maxLines)
            writer.staticKey("platform")
            writer.string(header.platform)
            writer.staticKey("results")
            writer.beginArray()
            for (s, string) in strings.enumerated() {
                func perCell(_ value: (LineFitter.Layout) -> Void) {
                    writer.beginObject()
                    for c in order {
                        guard let layout = laidOut.layout(s, c) else { continue }
                        writer.key(cells[c].category)
                        value(layout)
                    }
                    writer.endObject()
                }
                writer.beginObject()
                writer.staticKey("fits")
                perCell { writer.bool($0.lines <= header.maxLines && !$0.overflows) }
                writer.staticKey("key")
                writer.string(string.key)
                writer.staticKey("language")
                writer.string(string.language)
                writer.staticKey("largestFittingCategory")
                writer.string(laidOut.largestFitting(s, cells: cells, maxLines: header.maxLines)?.category)
                writer.staticKey("lines")
                perCell { writer.int($0.lines) }
                writer.staticKey("overflows")
                perCell { writer.bool($0.overflows) }
                writer.staticKey("sampleText")
                writer.string(string.text)
                writer.staticKey("substitutions")
                Runner.writeSubstitutions(string.substitutions, to: &writer)
                writer.staticKey("text")
                writer.string(string.written)
                writer.endObject()
                if writer.pendingCount >= 1 << 16, !write(writer.drain()) { return false }
            }
            writer.endArray()
            writer.staticKey("schemaVersion")
            writer.int(jsonSchemaVersion)
            writer.staticKey("style")
            writer.string(header.style)
            writer.staticKey("width")
            writer.number(header.width)
            writer.endObject()
            return write(writer.finishBytes())
        }
    }

    /// `[{"default":…,"placeholder":…,"value":…}]`.
    static func writeSubstitutions(_ substitutions: [PlaceholderSamples.Substitution], to writer: inout JSONWriter) {
        writer.beginArray()
        for substitution in substitutions {
            writer.beginObject()
            writer.staticKey("default")
            writer.bool(substitution.isDefault)
            writer.staticKey("placeholder")
            writer.string(substitution.placeholder)
            writer.staticKey("value")
            writer.string(substitution.value)
            writer.endObject()
        }
        writer.endArray()
    }
}

import FontRegistry
import TypefitCore

extension Runner {
    /// Each (style, category) cell with its point size and face, found as
    /// `scale` finds them; or the outcome that ends the run (a face that is
    /// missing cannot be measured).
    static func textCells(_ options: TextOptions, context: RunContext) -> ([ScaleEntry]?, Outcome) {
        var report: ScaleReport?
        var outcome = Outcome()
        if let path = options.specPath {
            (report, outcome) = specReport(path, options.scaleOptions, context: context)
        } else if let family = options.family {
            (report, outcome) = familyReport(family, options.scaleOptions, context: context)
        } else if let name = options.font {
            let sources = FaceSources.load(
                directories: options.fontsDirectories, fontconfigFile: options.fontconfigFile, context: context
            ) { faces in !faces.contains { $0.postscriptName == name } }
            for problem in sources.problems { outcome.stderr += "typefit: warning: \(problem)\n" }
            guard let (face, _) = sources.find(name) else {
                let nearest = NameMatching.suggestions(for: name, among: sources.knownNames)
                outcome.stderr +=
                    "typefit: error: no face with PostScript name '\(name)'"
                    + (options.fontsDirectories.isEmpty ? " installed" : " installed nor in --fonts-dir")
                    + (nearest.isEmpty
                        ? "" : "; did you mean " + nearest.map { "'\($0)'" }.joined(separator: " or ") + "?")
                    + "\n"
                outcome.status = .failure
                return (nil, outcome)
            }
            let request = options.scaleOptions.request
            var faces: [TextStyle: FaceResolution] = [:]
            for style in options.styles {
                faces[style] = FaceResolution(key: nil, postscriptName: name, location: FaceLocation(face))
            }
            report = request.resolve(faces: faces)
        }
        guard let report else { return (nil, outcome) }
        // A face that is not there has no widths: say which and stop.
        var missing: [String] = []
        for entry in report.entries where entry.face?.location == nil {
            let name = entry.face?.postscriptName ?? "the face"
            if !missing.contains(name) { missing.append(name) }
        }
        if !missing.isEmpty {
            for name in missing {
                outcome.stderr +=
                    "typefit: error: cannot measure with \(name): it is not installed nor in --fonts-dir\n"
            }
            outcome.status = .failure
            return (nil, outcome)
        }
        return (report.entries, outcome)
    }

    /// Shapes each text once per face (not once per category: widths are
    /// linear in the point size) and hands back the measurement for a cell.
    final class Measurements {
        private var measurers: [String: TextMeasurer] = [:]
        private var cache: [String: MeasuredText] = [:]
        private let configFile: String?
        private(set) var failures: [String] = []

        init(configFile: String?) { self.configFile = configFile }

        func measure(_ text: String, language: String?, face: FaceLocation) -> MeasuredText? {
            let faceKey = "\(face.file)#\(face.index)"
            let key = faceKey + "\u{0}" + (language ?? "") + "\u{0}" + text
            if let known = cache[key] { return known }
            if measurers[faceKey] == nil {
                do {
                    measurers[faceKey] = try TextMeasurer(
                        file: face.file, index: face.index, family: face.family ?? "", configFile: configFile)
                } catch {
                    if !failures.contains(error.message) { failures.append(error.message) }
                    return nil
                }
            }
            guard let measurer = measurers[faceKey] else { return nil }
            let measured = measurer.measure(text, language: language)
            cache[key] = measured
            return measured
        }
    }

    static func measure(_ options: MeasureOptions, context: RunContext) -> Outcome {
        let (cells, start) = textCells(options.text, context: context)
        guard let cells else { return start }
        var outcome = start
        let measurements = Measurements(configFile: options.text.fontconfigFile)
        var rows: [JSONValue] = []
        var table: [[String]] = [["text", "style", "category", "pt", "width", "face"]]
        for text in options.texts {
            for cell in cells {
                guard let face = cell.face?.location, let pointSize = cell.pointSize,
                    let measured = measurements.measure(text, language: options.text.language, face: face)
                else { continue }
                let width = measured.width(atPointSize: pointSize)
                var row: [String: JSONValue] = [
                    "text": .string(text), "style": .string(cell.style.rawValue),
                    "category": .string(cell.category.rawValue), "pointSize": .number(pointSize),
                    "width": .number(width), "lineHeight": cell.lineHeight.map { .number($0) } ?? .null,
                    "postscriptName": .string(face.postscriptName), "missingGlyphs": .int(measured.missingGlyphs),
                ]
                row["fallbacks"] = .array(measured.fallbacks.map(fallbackJSON))
                rows.append(.object(row))
                table.append([
                    text, cell.style.rawValue, cell.category.higLabel, humanNumber(pointSize), humanNumber(width),
                    face.postscriptName ?? "-",
                ])
            }
        }
        for failure in measurements.failures { outcome.stderr += "typefit: error: \(failure)\n" }
        if !measurements.failures.isEmpty { outcome.status = .failure }
        warnMissing(measurements: rows, into: &outcome)
        switch options.text.format ?? (context.stdoutIsTerminal ? .table : .json) {
        case .table:
            outcome.stdout = renderTable(table)
        default:
            outcome.stdout = JSONValue.object([
                "schemaVersion": .int(jsonSchemaVersion), "measurements": .array(rows),
            ]).serialized(pretty: context.stdoutIsTerminal)
        }
        return outcome
    }

    /// A warning per text with characters no face could draw.
    private static func warnMissing(measurements rows: [JSONValue], into outcome: inout Outcome) {
        var warned = Set<String>()
        for case .object(let row) in rows {
            guard case .int(let missing)? = row["missingGlyphs"], missing > 0, case .string(let text)? = row["text"],
                warned.insert(text).inserted
            else { continue }
            outcome.stderr += "typefit: warning: \(missing) character(s) of \"\(text)\" have no glyph in any face\n"
        }
    }

    private static func fallbackJSON(_ use: FallbackUse) -> JSONValue {
        .object([
            "postscriptName": .string(use.postscriptName), "family": .string(use.family),
            "file": .string(use.file), "characters": .int(use.characters),
        ])
    }

    static func renderTable(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        var out = ""
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                line += (i == 0 ? "" : "  ") + cell + String(repeating: " ", count: max(0, widths[i] - cell.count))
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    static func fit(_ options: FitOptions, context: RunContext) -> Outcome {
        // The strings first: a malformed file ends the run before any font work.
        var strings = options.texts.map {
            LocalizedString(key: $0, language: options.text.language, text: $0)
        }
        for path in options.stringsFiles {
            switch InputFile.read(path, limit: 64 << 20) {
            case .failure(let error):
                return Outcome(stderr: "typefit: error: \(error.message)\n", status: .failure)
            case .success(let bytes):
                do {
                    strings += try StringsFile.read(path: path, bytes: bytes, language: options.text.language)
                } catch {
                    return Outcome(
                        stderr: "typefit: error: \(path):\(error.position): \(error.message)\n", status: .failure)
                }
            }
        }
        let (cells, start) = textCells(options.text, context: context)
        guard let cells else { return start }
        var outcome = start
        let measurements = Measurements(configFile: options.text.fontconfigFile)
        var results: [JSONValue] = []
        var table: [[String]] = [["key", "language"] + cells.map(\.category.higLabel) + ["largest fitting"]]
        var offenders: [String] = []
        for string in strings {
            var lines: [String: JSONValue] = [:]
            var fits: [String: JSONValue] = [:]
            var overflows: [String: JSONValue] = [:]
            var largest: ContentSizeCategory?
            var row = [string.key, string.language ?? "-"]
            let breaks = FontRegistry.lineBreaks(string.text, language: string.language)
            for cell in cells {
                guard let face = cell.face?.location, let pointSize = cell.pointSize,
                    let measured = measurements.measure(string.text, language: string.language, face: face)
                else { continue }
                let layout = LineFitter.layout(measured, breaks: breaks, width: options.width / pointSize)
                let fitting = layout.lines <= options.lines && !layout.overflows
                lines[cell.category.rawValue] = .int(layout.lines)
                fits[cell.category.rawValue] = .bool(fitting)
                overflows[cell.category.rawValue] = .bool(layout.overflows)
                if fitting, largest.map({ cell.category > $0 }) ?? true { largest = cell.category }
                row.append("\(layout.lines)\(layout.overflows ? "!" : "")")
                if cell.category == options.require && !fitting {
                    offenders.append(
                        "\(string.key)" + (string.language.map { " (\($0))" } ?? "") + ": needs \(layout.lines) line"
                            + (layout.lines == 1 ? "" : "s") + (layout.overflows ? ", a word overflows," : "")
                            + " at \(cell.category.rawValue) (allowed \(options.lines))")
                }
            }
            row.append(largest?.rawValue ?? "none")
            table.append(row)
            results.append(
                .object([
                    "key": .string(string.key), "text": .string(string.text), "language": .string(string.language),
                    "lines": .object(lines), "fits": .object(fits), "overflows": .object(overflows),
                    "largestFittingCategory": .string(largest?.rawValue),
                ]))
        }
        for failure in measurements.failures { outcome.stderr += "typefit: error: \(failure)\n" }
        if !measurements.failures.isEmpty { outcome.status = .failure }
        for offender in offenders { outcome.stderr += "typefit: error: \(offender)\n" }
        if !offenders.isEmpty { outcome.status = .failure }
        switch options.text.format ?? (context.stdoutIsTerminal ? .table : .json) {
        case .table:
            outcome.stdout = renderTable(table)
        default:
            outcome.stdout = JSONValue.object([
                "schemaVersion": .int(jsonSchemaVersion), "width": .number(options.width),
                "maxLines": .int(options.lines), "style": .string(options.text.styles.first?.rawValue),
                "results": .array(results),
            ]).serialized(pretty: context.stdoutIsTerminal)
        }
        return outcome
    }
}

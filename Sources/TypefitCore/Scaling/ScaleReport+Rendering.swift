extension ScaleReport {
    /// The JSON document (`schemaVersion` 1).
    public func json() -> JSONValue {
        var top: [String: JSONValue] = ["schemaVersion": .int(jsonSchemaVersion), "platform": .string("ios")]
        switch request.subject {
        case .systemFont:
            top["model"] = .string("system")
            top["source"] = .string(AppleTypeTable.iOS.source)
        case .customFont(let designSize, let maximum):
            top["designSize"] = .number(designSize)
            top["maxPointSize"] = maximum > 0 ? .number(maximum) : .null
            describeModel(into: &top)
        case .customFontAtStyleSizes:
            // Each style's own size at Large is its design size.
            top["designSize"] = .string("style")
            top["maxPointSize"] = .null
            describeModel(into: &top)
        case .value(let value):
            top["designValue"] = .number(value)
            describeModel(into: &top)
        case .spec(let spec, let name):
            top["spec"] = .string(name)
            top["family"] = .string(spec.family)
            top["model"] = .string(spec.model.name)
            switch spec.model {
            case .uiFontMetrics(let curveName):
                top["curve"] = .string(curveName)
                top["source"] = .string(ScalingCurve.named(curveName)?.source)
            case .system, .proportional:
                top["source"] = .string(AppleTypeTable.iOS.source)
            }
            top["displayScale"] = .int(request.displayScale)
            if let value = request.specValue { top["designValue"] = .number(value) }
        }
        if let family = request.family { top["family"] = .string(family) }
        top["sizes"] = .array(
            entries.map { entry in
                var cell: [String: JSONValue] = [
                    "style": .string(entry.style.rawValue),
                    "category": .string(entry.category.rawValue),
                    "weight": .string(entry.weight.rawValue),
                    "isAccessibilityCategory": .bool(entry.category.isAccessibilityCategory),
                ]
                if let pointSize = entry.pointSize { cell["pointSize"] = .number(pointSize) }
                if let lineHeight = entry.lineHeight { cell["lineHeight"] = .number(lineHeight) }
                if let value = entry.value { cell["value"] = .number(value) }
                if let weight = entry.requestedWeight { cell["requestedWeight"] = .int(weight) }
                if let face = entry.face { describe(face, into: &cell) }
                return .object(cell)
            })
        return .object(top)
    }

    /// A cell's face fields: the face asked for and where it is (or
    /// `missing`), fontconfig's fallback, the Bold Text step.
    private func describe(_ face: FaceResolution, into cell: inout [String: JSONValue]) {
        if let key = face.key { cell["face"] = .string(key) }
        cell["postscriptName"] = .string(face.postscriptName)
        if let location = face.location {
            cell["file"] = .string(location.file)
            cell["index"] = .int(location.index)
            if face.key == nil { cell["family"] = .string(location.family) }
            if let weight = location.weight { cell["faceWeight"] = .int(weight) }
            if let known = location.knownToUIFont { cell["knownToUIFont"] = .bool(known) }
        } else {
            cell["missing"] = .bool(true)
        }
        if let fallback = face.fallback {
            cell["fallback"] = .object(Self.faceObject(fallback))
        }
        if let step = face.boldText {
            var object: [String: JSONValue] = ["applied": .bool(step.face != nil)]
            if let heavier = step.face { object.merge(Self.faceObject(heavier)) { _, new in new } }
            if let reason = step.reason { object["reason"] = .string(reason) }
            cell["boldText"] = .object(object)
        }
    }

    private static func faceObject(_ location: FaceLocation) -> [String: JSONValue] {
        [
            "postscriptName": .string(location.postscriptName), "family": .string(location.family),
            "weight": location.weight.map { .int($0) } ?? .null, "file": .string(location.file),
            "index": .int(location.index), "knownToUIFont": location.knownToUIFont.map { .bool($0) } ?? .null,
        ]
    }

    private func describeModel(into top: inout [String: JSONValue]) {
        top["model"] = .string(request.model.name)
        top["curve"] = .string(request.model.curve?.name)
        if let curve = request.model.curve { top["source"] = .string(curve.source) }
        top["displayScale"] = .int(request.displayScale)
    }

    /// A styles × categories grid of point sizes (or values) for people,
    /// with a line saying where the numbers come from.
    public func table() -> String {
        let styles = uniqueInOrder(entries.map(\.style))
        let categories = uniqueInOrder(entries.map(\.category))
        var cells: [TextStyle: [ContentSizeCategory: Double]] = [:]
        for entry in entries { cells[entry.style, default: [:]][entry.category] = entry.primaryNumber }

        let header = ["style"] + categories.map(\.higLabel)
        var rows: [[String]] = [header]
        for style in styles {
            rows.append([style.rawValue] + categories.map { humanNumber(cells[style]?[$0] ?? 0) })
        }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }

        var out = ""
        for (r, row) in rows.enumerated() {
            var line = pad(row[0], widths[0])
            for (i, cell) in row.enumerated().dropFirst() {
                // Set the accessibility columns apart with a bar before AX1.
                let separator = (categories[i - 1] == .accessibilityMedium && i > 1) ? " | " : "  "
                line += separator + pad(cell, widths[i], right: r > 0)
            }
            out += line + "\n"
        }
        for line in captionLines { out += "(\(line))\n" }
        return out
    }

    /// What the numbers are, in words: one line, and for a spec one more per
    /// face saying where it was found.
    public var captionLines: [String] {
        switch request.subject {
        case .systemFont:
            var text = "point sizes of the system font; " + AppleTypeTable.iOS.source
            if let family = request.family { text += "; faces of '\(family)'" + weightDescription }
            return [text] + faceLines
        case .customFont(let size, let maximum):
            var text = "point sizes of a \(humanNumber(size)) pt custom font, \(modelDescription)"
            if maximum > 0 { text += ", at most \(humanNumber(maximum)) pt" }
            if let family = request.family { text += "; faces of '\(family)'" + weightDescription }
            return [text] + faceLines
        case .customFontAtStyleSizes:
            var text =
                "point sizes of a custom font at each style's Large size (body 17 pt), \(modelDescription), "
                + "as Font.custom(_:size:relativeTo:) scales it"
            if let family = request.family { text += "; faces of '\(family)'" + weightDescription }
            return [text] + faceLines
        case .value(let value):
            return ["scaledValue(for: \(humanNumber(value))), \(modelDescription), @\(request.displayScale)x"]
        case .spec(let spec, let name):
            var text =
                "point sizes of \(spec.family.map { "'\($0)'" } ?? "the family") from \(name), model \(spec.model.name)"
            if case .uiFontMetrics(let curveName) = spec.model { text += ", curve \(curveName)" }
            if let value = request.specValue {
                text = "scaledValue(for: \(humanNumber(value))) on the curve of \(name) (@\(request.displayScale)x)"
            }
            return [text] + faceLines
        }
    }

    /// One line per face the cells use: the face, where it is (or MISSING),
    /// the fallback and the Bold Text step when asked for.
    var faceLines: [String] {
        var lines: [String] = []
        var seen = Set<String>()
        for entry in entries {
            guard let face = entry.face else { continue }
            let name = face.postscriptName ?? "(no PostScript name)"
            var line: String
            if let key = face.key {
                line = (key == name ? name : "\(key): \(name)") + ", " + (face.location.map(Self.place) ?? "MISSING")
            } else {
                line = face.location.map(Self.describe) ?? "MISSING"
            }
            if let fallback = face.fallback {
                line += "; fallback: " + Self.describe(fallback)
            }
            if let step = face.boldText {
                line += "; bold text: " + (step.face.map(Self.describe) ?? "none (\(step.reason ?? "no heavier face"))")
            }
            if seen.insert(line).inserted { lines.append(line) }
        }
        return lines
    }

    /// The file, and the face's place in it where it is a collection's
    /// (a named instance is told by its PostScript name, not by
    /// fontconfig's packed index).
    private static func place(_ location: FaceLocation) -> String {
        let face = location.index & 0xFFFF
        return location.file + (face == 0 ? "" : " (face \(face) of the collection)")
    }

    private static func describe(_ location: FaceLocation) -> String {
        let name = location.postscriptName ?? "(no PostScript name)"
        let weight = location.weight.map { " \($0)" } ?? ""
        return "\(name) (\(location.family ?? "?")\(weight)), \(place(location))"
    }

    private var weightDescription: String {
        request.weight.map { " nearest weight \($0)" } ?? " nearest each style's weight"
    }

    private var modelDescription: String {
        if let curve = request.model.curve { return "model uifontmetrics, curve \(curve.name)" }
        return "model \(request.model.name)"
    }

    func uniqueInOrder<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}

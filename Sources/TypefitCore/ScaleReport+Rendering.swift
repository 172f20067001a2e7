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
        case .value(let value):
            top["designValue"] = .number(value)
            describeModel(into: &top)
        }
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
                return .object(cell)
            })
        return .object(top)
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
        out += "(\(caption))\n"
        return out
    }

    /// What the numbers are, in words.
    public var caption: String {
        switch request.subject {
        case .systemFont:
            return "point sizes of the system font; " + AppleTypeTable.iOS.source
        case .customFont(let size, let maximum):
            var text = "point sizes of a \(humanNumber(size)) pt custom font, \(modelDescription)"
            if maximum > 0 { text += ", at most \(humanNumber(maximum)) pt" }
            return text
        case .value(let value):
            return "scaledValue(for: \(humanNumber(value))), \(modelDescription), @\(request.displayScale)x"
        }
    }

    private var modelDescription: String {
        if let curve = request.model.curve { return "model uifontmetrics, curve \(curve.name)" }
        return "model \(request.model.name)"
    }

    private func uniqueInOrder<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}

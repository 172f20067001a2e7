/// Rows of text in aligned columns, two spaces apart, for people; trailing
/// spaces dropped. The first row is the header.
public enum TextTable {
    /// The rows aligned, one line each.
    public static func render(_ rows: [[String]], indent: String = "") -> String {
        guard let header = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        var out = ""
        for row in rows {
            var line = indent
            for (i, cell) in row.enumerated() {
                line += (i == 0 ? "" : "  ") + cell
                if i < widths.count { line += String(repeating: " ", count: max(0, widths[i] - cell.count)) }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// "1 family", "2 families": a count with its noun.
    public static func count(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}

/// Rows of text in aligned columns, two spaces apart, for people; trailing
/// spaces dropped. The first row is the header. A cell's control
/// characters are written as escapes (a key with a line break stays on its
/// row), and columns are padded by the width a terminal gives each cell
/// (`TerminalText.displayWidth`: Japanese two columns a character, Thai
/// vowel marks none). A row a CI log would read as a command is made inert
/// where every byte of output is (`RunnerCommands`).
public enum TextTable {
    /// The rows aligned, one line each.
    public static func render(_ rows: [[String]], indent: String = "") -> String {
        guard let header = rows.first else { return "" }
        let cells = rows.map { $0.map(TerminalText.escapingControls) }
        let cellWidths = cells.map { $0.map(TerminalText.displayWidth) }
        var widths = [Int](repeating: 0, count: header.count)
        for row in cellWidths {
            for (i, width) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], width) }
        }
        var out = ""
        for (row, rowWidths) in zip(cells, cellWidths) {
            var line = indent
            for (i, cell) in row.enumerated() {
                line += (i == 0 ? "" : "  ") + cell
                if i < widths.count { line += String(repeating: " ", count: max(0, widths[i] - rowWidths[i])) }
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

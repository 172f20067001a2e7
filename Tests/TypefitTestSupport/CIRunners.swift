/// How the two CI runners that read commands from a job's log read a
/// line, written from their own sources, apart from typefit's filter
/// (`RunnerCommands`), so that a test reads typefit's output back as each
/// runner would.
public enum CIRunners {
    /// The lines of a log as .NET's `StreamReader.ReadLine` gives them: a
    /// line ends at CR, LF or CR LF.
    public static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousCR {
                previousCR = false
                continue
            }
            previousCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// .NET's `char.IsWhiteSpace` on current Unicode (the characters
    /// `string.TrimStart()` removes): categories Zs, Zl, Zp, and U+0009–
    /// U+000D, U+0085.
    static func isDotNetWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85
        }
    }

    /// The command a runner would take from `line`, or `nil`:
    /// Azure Pipelines' agent (`Command.TryParse`: `##vso[` anywhere, in any
    /// case), GitHub's runner (`ActionCommand.TryParseV2`: `::` first after
    /// `TrimStart()`; `ActionCommand.TryParse`: `##[` anywhere).
    public static func command(in line: String) -> String? {
        if line.lowercased().contains("##vso[") { return "azure" }
        if line.contains("##[") { return "github-legacy" }
        let trimmed = String(String.UnicodeScalarView(line.unicodeScalars.drop(while: isDotNetWhiteSpace)))
        if trimmed.hasPrefix("::") { return "github" }
        return nil
    }

    /// Every line of `text` either runner would run, with the runner.
    public static func commands(in text: String) -> [(runner: String, line: String)] {
        lines(text).compactMap { line in command(in: line).map { ($0, line) } }
    }
}

import TypefitCore
import TypefitKit

/// `--format github`: one GitHub Actions workflow command per finding,
/// `::error file=…,line=…,col=…,title=…::message`, which GitHub shows on
/// the line of the pull request's diff. Escaped as GitHub's toolkit
/// (`@actions/core`, `command.ts`) escapes: `%`, CR and LF in the message;
/// also `:` and `,` in properties.
enum GitHubAnnotations: FindingReport {
    static let format = OutputFormat("github")
    static let summary = "an annotation per finding on its file's line (GitHub Actions)"

    static func render(_ findings: [ReportedFinding], run: ReportedRun) -> [UInt8] {
        var out: [UInt8] = []
        for finding in findings {
            let command: String
            switch finding.item.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties: [(String, String)] = []
            if let path = finding.path {
                // Control characters as on stderr (a path of a pull
                // request's making holds no terminal sequence for the log).
                properties.append(("file", TerminalText.escapingControls(path)))
                if let position = finding.item.position {
                    properties.append(("line", String(position.line)))
                    properties.append(("col", String(position.column)))
                }
            }
            properties.append(("title", "typefit \(finding.code)"))
            let line =
                "::" + command + " "
                + properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
                + "::" + escapeData(finding.message) + "\n"
            out += line.utf8
        }
        return out
    }

    /// The toolkit's `escapeData`.
    static func escapeData(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// The toolkit's `escapeProperty`.
    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for character in escapeData(text).unicodeScalars {
            switch character {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}

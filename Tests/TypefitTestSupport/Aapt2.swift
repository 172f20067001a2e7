import Foundation

/// Debian's aapt2 (package `aapt`, 2.19) as the tests' oracle.
public enum Aapt2 {
    /// Why aapt2 gave no answer.
    public struct Failure: Error, CustomStringConvertible {
        /// In words.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// Whether `aapt2` runs here.
    public static var isInstalled: Bool { (try? BinaryRunner.runTool("aapt2", ["version"])) != nil }

    /// `string/NAME` → configuration (`en-rXA`) → value, from `aapt2
    /// compile --pseudo-localize` of `file` (values on one line; a value
    /// with a line break is left out; styled values are `styled`'s).
    public static func pseudolocales(_ file: String, into out: URL) throws -> [String: [String: String]] {
        try dump(file, into: out).plain
    }

    /// A styled value as `aapt2 dump` prints it: its text and spans
    /// (`b:5,8`, `font;color=#ff0000:5,8`).
    public struct Styled: Equatable, CustomStringConvertible {
        /// The text.
        public var text: String
        /// The spans as printed.
        public var spans: [String]
        /// Creates one.
        public init(text: String, spans: [String]) { (self.text, self.spans) = (text, spans) }
        /// As printed.
        public var description: String { "\"\(text)\" " + spans.joined(separator: " ") }
    }

    /// `pseudolocales`' styled values.
    public static func styledPseudolocales(_ file: String, into out: URL) throws -> [String: [String: Styled]] {
        try dump(file, into: out).styled
    }

    static func dump(_ file: String, into out: URL) throws -> (
        plain: [String: [String: String]], styled: [String: [String: Styled]]
    ) {
        guard
            let compiled = try BinaryRunner.runTool(
                "aapt2", ["compile", "--pseudo-localize", file, "-o", out.path + "/"])
        else { throw Failure(message: "aapt2 is not installed") }
        guard compiled.status == 0 else { throw Failure(message: "aapt2 compile failed: \(compiled.stderr)") }
        guard let flat = try FileManager.default.contentsOfDirectory(atPath: out.path).first,
            let dump = try BinaryRunner.runTool("aapt2", ["dump", "apc", out.appendingPathComponent(flat).path])
        else { throw Failure(message: "aapt2 compiled nothing from \(file)") }
        // `string/NAME`, then a line per configuration: `(en-rXA) "…" src=…`
        // or `(en-rXA) (styled string) "…" b:5,8 src=…`.
        var plain: [String: [String: String]] = [:]
        var styled: [String: [String: Styled]] = [:]
        var current = ""
        for line in dump.stdout.split(separator: "\n") {
            if line.hasPrefix("      resource 0x") {
                current = line.split(separator: " ").last.map(String.init) ?? ""
            } else if line.hasPrefix("        ("), let close = line.firstIndex(of: ")") {
                let configuration = String(line[line.index(after: line.startIndex)..<close].dropFirst(8))
                var rest = line[line.index(close, offsetBy: 2)...]
                let isStyled = rest.hasPrefix("(styled string) ")
                if isStyled { rest = rest.dropFirst("(styled string) ".count) }
                guard let source = rest.range(of: " src=", options: .backwards), rest.first == "\"" else { continue }
                let value = rest[rest.index(after: rest.startIndex)..<source.lowerBound]
                if isStyled {
                    guard let quote = value.lastIndex(of: "\"") else { continue }
                    let spans = value[value.index(after: quote)...].split(separator: " ").map(String.init)
                    styled[current, default: [:]][configuration] = Styled(
                        text: String(value[..<quote]), spans: spans)
                } else {
                    plain[current, default: [:]][configuration] = String(value.dropLast())
                }
            }
        }
        return (plain, styled)
    }
}

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
    /// with a line break is left out).
    public static func pseudolocales(_ file: String, into out: URL) throws -> [String: [String: String]] {
        guard
            let compiled = try BinaryRunner.runTool(
                "aapt2", ["compile", "--pseudo-localize", file, "-o", out.path + "/"])
        else { throw Failure(message: "aapt2 is not installed") }
        guard compiled.status == 0 else { throw Failure(message: "aapt2 compile failed: \(compiled.stderr)") }
        guard let flat = try FileManager.default.contentsOfDirectory(atPath: out.path).first,
            let dump = try BinaryRunner.runTool("aapt2", ["dump", "apc", out.appendingPathComponent(flat).path])
        else { throw Failure(message: "aapt2 compiled nothing from \(file)") }
        // `string/NAME`, then a line per configuration: `(en-rXA) "…" src=…`.
        var theirs: [String: [String: String]] = [:]
        var current = ""
        for line in dump.stdout.split(separator: "\n") {
            if line.hasPrefix("      resource 0x") {
                current = line.split(separator: " ").last.map(String.init) ?? ""
            } else if line.hasPrefix("        ("), let close = line.firstIndex(of: ")") {
                let configuration = String(line[line.index(after: line.startIndex)..<close].dropFirst(8))
                let rest = line[line.index(close, offsetBy: 2)...]
                guard let source = rest.range(of: " src=", options: .backwards), rest.first == "\"" else { continue }
                theirs[current, default: [:]][configuration] = String(
                    rest[rest.index(after: rest.startIndex)..<source.lowerBound].dropLast())
            }
        }
        return theirs
    }

}

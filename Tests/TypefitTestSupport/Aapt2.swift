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

    /// Android 10's framework resources (Debian's `android-framework-res`),
    /// which an app is linked against.
    public static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"

    /// Whether an app can be linked here (`aapt2` and the framework).
    public static var canLink: Bool { isInstalled && FileManager.default.fileExists(atPath: frameworkResources) }

    /// The label a device shows per locale for an app whose manifest
    /// labels it `label` (`@string/…`), built from the `res` folder
    /// `resources` into `out`: `aapt2 dump badging`'s `application-label`
    /// lines, which pick each locale's value and follow its references as a
    /// device does (`match` and `isBetterThan`), the locale `""` for the
    /// default's.
    public static func labels(resources: URL, label: String, into out: URL) throws -> [String: String] {
        let manifest = out.appendingPathComponent("AndroidManifest.xml")
        try """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.probe">
          <application android:label="\(label)"/>
        </manifest>
        """.write(to: manifest, atomically: true, encoding: .utf8)
        let compiled = out.appendingPathComponent("compiled.zip").path
        let apk = out.appendingPathComponent("probe.apk").path
        let steps: [[String]] = [
            ["compile", "--dir", resources.path, "-o", compiled],
            ["link", "-I", frameworkResources, "--manifest", manifest.path, "-o", apk, compiled],
        ]
        for step in steps {
            guard let run = try BinaryRunner.runTool("aapt2", step) else {
                throw Failure(message: "aapt2 is not installed")
            }
            guard run.status == 0 else { throw Failure(message: "aapt2 \(step[0]) failed: \(run.stderr)") }
        }
        guard let badging = try BinaryRunner.runTool("aapt2", ["dump", "badging", apk]), badging.status == 0 else {
            throw Failure(message: "aapt2 dump badging failed")
        }
        // `application-label:'default'`, `application-label-de-AT:'de'`.
        var labels: [String: String] = [:]
        for line in badging.stdout.split(separator: "\n") where line.hasPrefix("application-label") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon]
            let locale = name == "application-label" ? "" : String(name.dropFirst("application-label-".count))
            labels[locale] = String(line[line.index(after: colon)...].dropFirst().dropLast())
        }
        return labels
    }

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

import Foundation

/// fontconfig's own command-line tools as the oracle: what `fc-scan` and
/// `fc-list` print, parsed into one record per face. Tests compare typefit
/// with these at test time, so no expectation bakes in one fontconfig
/// version's behaviour (2.14 and 2.15 name variable instances differently).
public enum FontconfigTools {
    /// The pattern elements asked for, in the order they are printed.
    public static let elements = [
        "file", "index", "family", "familylang", "style", "postscriptname", "weight", "width", "slant",
        "variable", "fontformat",
    ]

    /// One face: element name to its printed value(s). Lists (family,
    /// style) are split on fontconfig's unescaped commas.
    public struct Record: Sendable {
        /// Every element printed, by name.
        public var values: [String: [String]]

        /// The first value of `element`.
        public subscript(_ element: String) -> String? { values[element]?.first }
    }

    /// Why a tool gave no answer.
    public enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case failed(String, Int32, String)

        /// One line for a test failure.
        public var description: String {
            switch self {
            case .missing(let tool): return "\(tool) is not installed (apt-get install fontconfig)"
            case .failed(let tool, let status, let stderr): return "\(tool) exited \(status): \(stderr)"
            }
        }
    }

    static var format: String { elements.map { "%{\($0)}" }.joined(separator: "\\t") + "\\n" }

    /// `fc-scan` over files or folders (folders recursively), every face
    /// and named instance.
    public static func scan(_ paths: [String]) throws -> [Record] {
        try run("fc-scan", ["--format", format] + paths)
    }

    /// `fc-scan` over one file.
    public static func scan(_ path: String) throws -> [[String: String]] {
        try scan([path]).map { $0.values.compactMapValues(\.first) }
    }

    /// `fc-list` on a configuration file (`FONTCONFIG_FILE`).
    public static func list(config: String) throws -> [[String: String]] {
        try run("fc-list", ["--format", format], environment: ["FONTCONFIG_FILE": config]).map {
            $0.values.compactMapValues(\.first)
        }
    }

    /// `fc-list` on the machine's configuration.
    public static func listInstalled() throws -> [Record] {
        try run("fc-list", ["--format", format])
    }

    /// The fontconfig version `fc-list --version` reports (`2.14.1`).
    public static func version() throws -> String {
        guard let result = try BinaryRunner.runTool("fc-list", ["--version"]) else { throw Failure.missing("fc-list") }
        let text = result.stdout + result.stderr
        return text.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? text
    }

    private static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> [Record]
    {
        guard let result = try BinaryRunner.runTool(tool, arguments, environment: environment) else {
            throw Failure.missing(tool)
        }
        // fc-scan exits 1 when some file gives no face (a bitmap font in a
        // legacy encoding): the others are still printed.
        guard result.status == 0 || (tool == "fc-scan" && result.status == 1) else {
            throw Failure.failed(tool, result.status, result.stderr)
        }
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            var values: [String: [String]] = [:]
            for (element, field) in zip(elements, fields) where !field.isEmpty {
                values[element] = element == "file" ? [field] : splitList(field)
            }
            return Record(values: values)
        }
    }

    /// fontconfig prints a list as values joined by commas, a comma inside
    /// a value escaped with a backslash.
    static func splitList(_ field: String) -> [String] {
        var values: [String] = []
        var current = ""
        var escaped = false
        for character in field {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                values.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        values.append(current)
        return values
    }

    /// fontconfig's weight on the OpenType scale, by fontconfig's own
    /// table (`FcWeightToOpenTypeDouble` in fcweight.c): the points below,
    /// linear between them.
    public static func openTypeWeight(_ fontconfigWeight: Double) -> Double {
        let map: [(ot: Double, fc: Double)] = [
            (0, 0), (100, 0), (200, 40), (300, 50), (350, 55), (380, 75), (400, 80), (500, 100), (600, 180),
            (700, 200), (800, 205), (900, 210), (1000, 215),
        ]
        var i = 1
        while i < map.count - 1 && fontconfigWeight > map[i].fc { i += 1 }
        if fontconfigWeight == map[i].fc { return map[i].ot }
        let (a, b) = (map[i - 1], map[i])
        return a.ot + (fontconfigWeight - a.fc) * (b.ot - a.ot) / (b.fc - a.fc)
    }
}

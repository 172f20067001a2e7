import Foundation

/// Where the package and its fixtures are, found from this file's path so
/// that tests run from any working directory.
public enum Fixtures {
    /// The package root (the folder holding Package.swift).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url = url.deletingLastPathComponent()
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Fixtures/` in the package.
    public static let root = packageRoot.appendingPathComponent("Fixtures")
    /// The generated fixture fonts.
    public static let fonts = root.appendingPathComponent("fonts")
    /// Deliberately broken font files.
    public static let broken = root.appendingPathComponent("broken")

    /// A fixture file's path.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A private fontconfig configuration listing only the fixture fonts, with
    /// a throwaway cache directory (without one fontconfig prints errors).
    /// Rendered once per process from `Fixtures/fontconfig/fonts.conf.in`.
    public static let fontconfigFile: String = {
        let template =
            (try? String(
                contentsOf: root.appendingPathComponent("fontconfig/fonts.conf.in"),
                encoding: .utf8)) ?? ""
        let dir = temporaryDirectory("fontconfig")
        let text =
            template
            .replacingOccurrences(of: "@FONTS_DIR@", with: fonts.path)
            .replacingOccurrences(of: "@CACHE_DIR@", with: dir.appendingPathComponent("cache").path)
        let file = dir.appendingPathComponent("fonts.conf")
        try? text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }()

    /// A private fontconfig configuration of its own: `directories` (the
    /// fixture fonts unless given), a throwaway cache, and `extra` XML
    /// (aliases) inside `<fontconfig>`.
    public static func fontconfigFile(
        _ label: String, directories: [URL] = [fonts], extra: String = ""
    ) -> String {
        let dir = temporaryDirectory(label)
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
            \(directories.map { "  <dir>\($0.path)</dir>\n" }.joined())\
              <cachedir>\(dir.appendingPathComponent("cache").path)</cachedir>
            \(extra)
            </fontconfig>
            """
        let file = dir.appendingPathComponent("fonts.conf")
        try? text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// A new empty directory under the system's temporary directory, in
    /// one folder per test process that is removed when the process exits
    /// (every run of the tests left hundreds of folders behind).
    public static func temporaryDirectory(_ label: String) -> URL {
        let url = temporaryRoot.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// This process's folder of temporary directories.
    private static let temporaryRoot: URL = {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("typefit-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        temporaryRootPath = url.path
        atexit {
            if let path = Fixtures.temporaryRootPath { try? FileManager.default.removeItem(atPath: path) }
        }
        return url
    }()

    /// `temporaryRoot`'s path for the exit handler, which captures nothing.
    nonisolated(unsafe) private static var temporaryRootPath: String?

    /// The HIG-leading curve's multipliers, derived here from the reference
    /// leading table (`leading(category) / leading(Large)`), in the shape of
    /// `referenceTable`: the default curve's oracle, independent of
    /// typefit's own tables.
    public static func higLeadingMultipliers() -> (header: [String], rows: [[String]]) {
        let leading = referenceTable("ios-leading")
        guard let large = leading.header.firstIndex(where: { $0.lowercased().hasPrefix("large") }) else {
            return (leading.header, [])
        }
        let rows = leading.rows.map { row -> [String] in
            let base = Double(row[large]) ?? .nan
            return [row[0]] + row.dropFirst().map { String((Double($0) ?? .nan) / base) }
        }
        return (leading.header, rows)
    }

    /// A tab-separated reference table from `Fixtures/reference` (lines
    /// starting with `#` are comments; the first other line is the header).
    public static func referenceTable(_ name: String) -> (header: [String], rows: [[String]]) {
        let text =
            (try? String(contentsOf: root.appendingPathComponent("reference/\(name).tsv"), encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        let cells = lines.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        return (cells.first ?? [], Array(cells.dropFirst()))
    }
}

/// One case of the committed line-break oracle (Fixtures/text/line-breaks.tsv:
/// ICU through PyICU, widths from hb-shape, greedy filling written apart
/// from typefit's).
public struct LineBreakCase: Sendable, CustomStringConvertible {
    /// The BCP 47 language.
    public var language: String
    /// The text.
    public var text: String
    /// The line width in points (body at 17 pt).
    public var width: Int
    /// The lines the oracle needs.
    public var lines: Int
    /// Whether a piece overflows the line.
    public var overflows: Bool
    /// For test names.
    public var description: String { "\(language) at \(width) pt" }

    /// Every case of the oracle file.
    public static let all: [LineBreakCase] = read("text/line-breaks.tsv")

    /// Every case of the SkParagraph oracle (Fixtures/text/skparagraph-breaks.tsv:
    /// Skia's `TextWrapper` written apart from typefit's, in Python, over
    /// PyICU's breaks and hb-shape's clusters; widths in px, bodyMedium).
    public static let skParagraph: [LineBreakCase] = read("text/skparagraph-breaks.tsv")

    static func read(_ path: String) -> [LineBreakCase] {
        let url = Fixtures.root.appendingPathComponent(path)
        let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let width = Int(fields[2]), let count = Int(fields[3]) else { return nil }
            return LineBreakCase(
                language: fields[0], text: fields[1], width: width, lines: count, overflows: fields[4] == "true")
        }
    }
}

/// One case of Fixtures/text/markdown-cases.tsv: inline Markdown as
/// markdown-it-py (a CommonMark-conformant parser, with strikethrough)
/// reads it.
public struct MarkdownCase: Sendable, CustomStringConvertible {
    /// The string as written.
    public var input: String
    /// The text as drawn, markup removed.
    public var drawn: String
    /// Styled runs: UTF-8 byte range and traits (`b`, `i`, `c`, `s`, `l`).
    public var runs: [(range: Range<Int>, traits: String)]
    /// For test names.
    public var description: String { input }

    /// Every case of the oracle file.
    public static let all: [MarkdownCase] = read("text/markdown-cases.tsv", named: false)

    /// CommonMark's pathological inline inputs at a moderate size
    /// (Fixtures/text/markdown-pathological.tsv: a name column first).
    public static let pathological: [MarkdownCase] = read("text/markdown-pathological.tsv", named: true)

    static func read(_ relative: String, named: Bool) -> [MarkdownCase] {
        let url = Fixtures.root.appendingPathComponent(relative)
        let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.filter { !$0.hasPrefix("#") }.compactMap { line in
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if named, !fields.isEmpty { fields.removeFirst() }
            guard fields.count == 3 else { return nil }
            let runs = fields[2].split(separator: ",").compactMap { run -> (Range<Int>, String)? in
                let parts = run.split(separator: ":")
                let bounds = parts[0].split(separator: "-").compactMap { Int($0) }
                guard parts.count == 2, bounds.count == 2 else { return nil }
                return (bounds[0]..<bounds[1], String(parts[1]))
            }
            return MarkdownCase(input: unescape(fields[0]), drawn: unescape(fields[1]), runs: runs)
        }
    }

    /// `\t`, `\n` and `\\` as the file escapes them.
    public static func unescape(_ field: String) -> String {
        var out = ""
        var escaped = false
        for c in field {
            if escaped {
                out.append(c == "t" ? "\t" : c == "n" ? "\n" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}

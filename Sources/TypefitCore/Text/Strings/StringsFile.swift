/// A file format `--strings` reads: how it is named, recognised and read.
/// Adding one is a file conforming to this and a line in
/// `StringsFile.formats`; help, completion, reading, the tables its strings
/// form (`StringsTable`) and the placeholder check follow.
public protocol StringsFormat: Sendable {
    /// A short, stable name (`strings`, `xcstrings`).
    var id: String { get }
    /// The extensions it is known by, lower case, without the dot.
    var extensions: [String] { get }
    /// How help names it ("a .strings file").
    var summary: String { get }
    /// Whether SwiftUI draws its strings as Markdown unless told otherwise.
    var isMarkdownByDefault: Bool { get }
    /// Whether its files hold translations to compare with a source (a
    /// text file's lines do not).
    var holdsTranslations: Bool { get }
    /// Whether bytes read from standard input are in this format: `head` is
    /// their first 4 KiB as text, leading white space dropped.
    func claims(head: Substring, bytes: [UInt8]) -> Bool
    /// The strings of a file at `path`; `language` keeps only that
    /// language's (a catalog's localization, a `xx.lproj` folder's file).
    /// Every string made is taken from `budget`, where it is made.
    func read(path: String, bytes: [UInt8], language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    /// `read`, with the run's source language: the language of a file that
    /// names none and is its table's source (Android's `values/`).
    func read(path: String, bytes: [UInt8], language: String?, sourceLanguage: String, budget: StringsBudget)
        throws(SourceError) -> [LocalizedString]
    /// What no one file settles, once every file of the run is read
    /// (`every`: each file's tables, every language, where the run keeps
    /// one): Android's references resolved through the run's tables, a
    /// source's examples shared with its translations. Called once per
    /// run for each format the run read; most do nothing.
    func settle(_ strings: inout [LocalizedString], every tables: [StringsTable]) -> [StringsRunNote]
}

extension StringsFormat {
    /// Most formats are drawn as written.
    public var isMarkdownByDefault: Bool { false }
    /// Most formats hold translations.
    public var holdsTranslations: Bool { true }

    /// Most formats' files are whole on their own.
    public func settle(_ strings: inout [LocalizedString], every tables: [StringsTable]) -> [StringsRunNote] { [] }

    /// Most formats' files say their language, or have none.
    public func read(
        path: String, bytes: [UInt8], language: String?, sourceLanguage: String, budget: StringsBudget
    ) throws(SourceError) -> [LocalizedString] {
        try read(path: path, bytes: bytes, language: language, budget: budget)
    }
}

/// The files `--strings` takes, in one registration list, and what the
/// formats share. Every mistake is a `SourceError` at its line (and column
/// where known).
public enum StringsFile {
    /// Every format, in the order standard input is tried against them
    /// (the last, text, claims anything).
    public static let formats: [any StringsFormat] = [
        StringCatalogFormat(),
        AndroidStringsFormat(),
        StringsdictFormat(),
        AppleStringsFormat(),
        ARBFormat(),
        TextLinesFormat(),
    ]

    /// Every extension a format is known by, in registration order.
    public static var extensions: [String] { formats.flatMap(\.extensions) }

    /// The formats for help: "a .strings file, …, or text (one per line)".
    public static var summaries: String {
        let names = formats.map(\.summary)
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + ", or " + last
    }

    /// The format of a file by its extension; anything else is text.
    public static func format(forPath path: String) -> any StringsFormat {
        let lower = path.lowercased()
        return formats.first { $0.extensions.contains { lower.hasSuffix("." + $0) } } ?? TextLinesFormat()
    }

    /// The format of bytes read from standard input: the first that claims
    /// them.
    public static func format(sniffing bytes: [UInt8]) -> any StringsFormat {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let head = text.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        return formats.first { $0.claims(head: head, bytes: bytes) } ?? TextLinesFormat()
    }

    /// The strings of a file at `path` (standard input, `-`, by its
    /// content) whose bytes are `bytes`; `language` keeps only that
    /// language's strings. `budget` is the run's: pass the same one for
    /// every file of a run.
    public static func read(
        path: String, bytes: [UInt8], language: String? = nil, sourceLanguage: String = "en",
        budget: StringsBudget = StringsBudget()
    ) throws(SourceError) -> [LocalizedString] {
        StringsTable.flattened(
            try tables(path: path, bytes: bytes, language: language, sourceLanguage: sourceLanguage, budget: budget))
    }

    /// The tables of a file (`read`'s strings, grouped with their roles).
    public static func tables(
        path: String, bytes: [UInt8], language: String? = nil, sourceLanguage: String = "en",
        budget: StringsBudget = StringsBudget(), genL10n: GenL10nSettings? = nil
    ) throws(SourceError) -> [StringsTable] {
        var format = path == "-" ? format(sniffing: bytes) : format(forPath: path)
        // An ARB file of a project whose `l10n.yaml` was found.
        if let genL10n, format is ARBFormat { format = ARBFormat(settings: genL10n) }
        var strings = try format.read(
            path: path, bytes: bytes, language: language, sourceLanguage: sourceLanguage, budget: budget)
        // Each string its file and (for a String Catalog) Markdown by
        // default, set here while this array alone holds them: set later,
        // once the tables share them, each string's fields were copied.
        let markdown = format.isMarkdownByDefault
        for i in strings.indices {
            strings[i].file = path
            if markdown { strings[i].isMarkdownByDefault = true }
        }
        return StringsTable.tables(of: strings, file: path)
    }

    /// Whether a file's head is a property list's (binary or XML).
    static func isPropertyList(_ head: Substring, _ bytes: [UInt8]) -> Bool {
        BinaryPropertyList.isBinary(bytes) || head.hasPrefix("<?xml") || head.hasPrefix("<plist")
    }

    /// `de` for `…/de.lproj/Localizable.strings`; a folder whose name is
    /// no language tag (`LanguageTag.problem`) is an error, before its
    /// name reaches ICU, and the language is counted in `budget`.
    static func lprojLanguage(_ path: String, budget: StringsBudget) throws(SourceError) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        let folder = parts[parts.count - 2]
        let language = String(folder.dropLast(6))
        if let problem = LanguageTag.problem(language) {
            throw SourceError(
                SourcePosition(line: 1, column: 1), "the folder's name does not give a language: \(problem)")
        }
        try budget.admitLanguage(language, at: SourcePosition(line: 1, column: 1))
        return language
    }

    /// Text in UTF-8 or, with a byte order mark, UTF-16 (as older `.strings`
    /// files are saved).
    static func decodeText(_ bytes: [UInt8]) throws(SourceError) -> String {
        let start = SourcePosition(line: 1, column: 1)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else { throw SourceError(start, "UTF-16 text with an odd number of bytes") }
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                units.append(
                    little ? UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]) : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                )
                i += 2
            }
            guard let text = String(validating: units, as: UTF16.self) else {
                throw SourceError(start, "the UTF-16 text has unpaired surrogates")
            }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            // Name the line of the first bad byte.
            let lines = body.split(separator: 0x0A, omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0
            throw SourceError(
                SourcePosition(line: bad + 1, column: 1), "not valid UTF-8 (nor UTF-16 with a byte order mark)")
        }
        return text
    }

    /// A binary or XML property list, or `nil` for other text.
    static func propertyList(_ bytes: [UInt8]) throws(SourceError) -> ParsedPlist? {
        if BinaryPropertyList.isBinary(bytes) { return try BinaryPropertyList.parse(bytes) }
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        let trimmed = head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        guard trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<plist") else { return nil }
        return try PropertyListParser.parse(bytes)
    }
}

/// A problem a format's `settle` found in a string, for the run to report.
public struct StringsRunNote: Sendable, Equatable {
    /// What is wrong.
    public enum Problem: Sendable, Equatable {
        /// A reference (`@string/name`) to a name no file of the run
        /// defines, or to another resource type (`reference`: the chain as
        /// written).
        case referenceUnresolved(key: String, reference: String)
        /// A chain of references that returns to a name (`isCycle`) or is
        /// longer than a device follows.
        case referenceCycle(key: String, chain: [String], isCycle: Bool)
    }

    /// What is wrong.
    public var problem: Problem
    /// The string's file.
    public var file: String?
    /// Where the string is in it.
    public var position: SourcePosition?

    /// Creates one.
    public init(_ problem: Problem, file: String?, position: SourcePosition?) {
        self.problem = problem
        self.file = file
        self.position = position
    }
}

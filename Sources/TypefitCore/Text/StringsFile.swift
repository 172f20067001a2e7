/// One string to measure or fit, and where it came from.
public struct LocalizedString: Sendable, Equatable {
    /// Its key (a `.strings` or String Catalog key; `FILE:LINE` for a text
    /// file; the text itself for an argument).
    public var key: String
    /// Its language, when known (`de` from `de.lproj`, a catalog's
    /// localization).
    public var language: String?
    /// The text measured: the string with its format placeholders replaced
    /// by sample values (see `substituting`).
    public var text: String
    /// The string as written, when placeholders were replaced in `text`.
    public var original: String?
    /// The placeholders replaced, and by what.
    public var substitutions: [PlaceholderSamples.Substitution] = []
    /// The kind of file it came from (`nil`: a command-line argument).
    public var source: StringsFile.Kind?
    /// When `text` is Markdown as drawn (`renderingMarkdown`): its bold,
    /// italic and monospaced runs.
    public var spans: [InlineMarkdown.Span] = []
    /// A limit typefit applied to this string (cut to `maximumLength`, one
    /// of a capped set of substitution forms), in words for a note.
    public var capNote: String?

    /// The most Unicode scalars of one string typefit measures: UI strings
    /// are far shorter, and a catalog from a pull request may hold a
    /// string of megabytes that would make a page no browser loads.
    public static let maximumLength = 20_000

    /// Creates a string (cut to `maximumLength`, with a `capNote`).
    public init(key: String, language: String?, text: String) {
        self.key = key
        self.language = language
        self.text = text
        capLength()
    }

    /// Cuts `text` to `maximumLength` scalars, noting it.
    mutating func capLength() {
        guard text.utf8.count > Self.maximumLength else { return }
        var scalars = text.unicodeScalars
        guard scalars.count > Self.maximumLength else { return }
        let end = scalars.index(scalars.startIndex, offsetBy: Self.maximumLength)
        scalars.removeSubrange(end...)
        text = String(scalars)
        capNote =
            capNote ?? "is longer than \(Self.maximumLength) characters; its first \(Self.maximumLength) are measured"
    }

    /// The string with its placeholders replaced by `samples`' values.
    public func substituting(_ samples: PlaceholderSamples) -> LocalizedString {
        let (replaced, substitutions) = samples.substitute(text)
        guard replaced != text || !substitutions.isEmpty else { return self }
        var copy = self
        copy.original = original ?? text
        copy.text = replaced
        copy.substitutions = substitutions
        return copy
    }

    /// The string as written.
    public var written: String { original ?? text }

    /// The string as SwiftUI draws a `LocalizedStringKey`: Markdown markup
    /// removed, its runs in `spans`. Applied after the placeholders are
    /// replaced (sample values hold no markup, so the order does not
    /// change what is drawn). `nil` when it has no markup.
    public func renderingMarkdown() -> LocalizedString? {
        guard InlineMarkdown.hasMarkup(text) else { return nil }
        let rendered = InlineMarkdown.render(text)
        var copy = self
        copy.original = original ?? text
        copy.text = rendered.text
        copy.spans = rendered.spans
        return copy
    }
}

/// Reads the files `typefit fit --strings` takes: Apple `.strings` files,
/// `.xcstrings` String Catalogs, and plain text (one string per line).
/// Every mistake is a `SourceError` at its line (and column where known).
public enum StringsFile {
    /// The kind of file, by its extension (standard input, `-`, by its
    /// content).
    public enum Kind: Sendable, Equatable {
        case strings, stringsdict, catalog, text

        /// `.strings`, `.stringsdict`, `.xcstrings`, anything else is text.
        public init(path: String) {
            let lower = path.lowercased()
            if lower.hasSuffix(".xcstrings") {
                self = .catalog
            } else if lower.hasSuffix(".stringsdict") {
                self = .stringsdict
            } else if lower.hasSuffix(".strings") {
                self = .strings
            } else {
                self = .text
            }
        }

        /// What bytes read from standard input are: a property list (binary
        /// or XML) is a `.stringsdict` when its entries are dictionaries,
        /// else a `.strings`; a JSON object a String Catalog; text with a
        /// quoted key and `=` a `.strings`; anything else lines of text.
        public init(sniffing bytes: [UInt8]) {
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            let trimmed = head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
            if BinaryPropertyList.isBinary(bytes) || trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<plist") {
                self =
                    head.contains("NSStringLocalizedFormatKey") || Self.binaryHasFormatKey(bytes)
                    ? .stringsdict : .strings
            } else if trimmed.hasPrefix("{") && head.contains("\"strings\"") {
                self = .catalog
            } else if (trimmed.hasPrefix("\"") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("//"))
                && head.contains("=")
            {
                self = .strings
            } else {
                self = .text
            }
        }

        private static func binaryHasFormatKey(_ bytes: [UInt8]) -> Bool {
            let needle = Array("NSStringLocalizedFormatKey".utf8)
            guard BinaryPropertyList.isBinary(bytes), bytes.count >= needle.count else { return false }
            return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
        }
    }

    /// The strings of a file at `path` whose bytes are `bytes`; `language`
    /// keeps only that language's strings (catalogs; `.strings` files in a
    /// `xx.lproj` folder).
    public static func read(path: String, bytes: [UInt8], language: String? = nil) throws(SourceError)
        -> [LocalizedString]
    {
        let kind = path == "-" ? Kind(sniffing: bytes) : Kind(path: path)
        var strings = try read(kind, path: path, bytes: bytes, language: language)
        for i in strings.indices { strings[i].source = kind }
        return strings
    }

    static func read(_ kind: Kind, path: String, bytes: [UInt8], language: String?) throws(SourceError)
        -> [LocalizedString]
    {
        switch kind {
        case .catalog:
            return try catalog(bytes, language: language)
        case .strings:
            let fileLanguage = lprojLanguage(path)
            if let language, let fileLanguage, fileLanguage != language { return [] }
            // What Xcode puts in a built app: a binary (or XML) property list.
            if let plist = try propertyList(bytes) { return try stringsTable(plist, language: fileLanguage) }
            return try strings(try decodeText(bytes), language: fileLanguage)
        case .stringsdict:
            let fileLanguage = lprojLanguage(path)
            if let language, let fileLanguage, fileLanguage != language { return [] }
            guard let plist = try propertyList(bytes) else {
                throw SourceError(
                    SourcePosition(line: 1, column: 1), "a .stringsdict is a property list (XML or binary)")
            }
            return try stringsdict(plist, language: fileLanguage)
        case .text:
            let text = try decodeText(bytes)
            var result: [LocalizedString] = []
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
                guard !trimmed.isEmpty else { continue }
                result.append(LocalizedString(key: "\(path):\(number + 1)", language: language, text: trimmed))
            }
            return result
        }
    }

    /// `de` for `…/de.lproj/Localizable.strings`.
    static func lprojLanguage(_ path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].hasSuffix(".lproj") else { return nil }
        let folder = parts[parts.count - 2]
        return String(folder.dropLast(6))
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

    // MARK: .strings

    /// Apple's `.strings` format as CoreFoundation's old-style property-list
    /// parser reads it (CFOldStylePList.c, `parseQuotedPlistString` and
    /// `getSlashedChar`): `"key" = "value";` entries (single quotes too,
    /// and unquoted keys of ASCII letters, digits and `_$/:.-`), `/* */`
    /// and `//` comments; escapes `\a \b \f \n \r \t \v`, `\"`, an
    /// escaped line break, one to three octal digits (`\012`), `\U` with
    /// one to four hexadecimal digits, and any other character after a
    /// backslash stands for itself (`\(` is `(`, `\\` is `\`, `\u` is `u`).
    static func strings(_ text: String, language: String?) throws(SourceError) -> [LocalizedString] {
        var scanner = StringsScanner(Array(text.unicodeScalars))
        var result: [LocalizedString] = []
        while true {
            try scanner.skipSpaceAndComments()
            guard !scanner.atEnd else { return result }
            let key = try scanner.token("a key")
            try scanner.skipSpaceAndComments()
            if scanner.peek == ";" {
                scanner.advance()
                result.append(LocalizedString(key: key, language: language, text: key))
                continue
            }
            guard scanner.peek == "=" else {
                throw SourceError(
                    scanner.position, "expected '=' or ';' after the key \"\(key)\", found \(scanner.found)")
            }
            scanner.advance()
            try scanner.skipSpaceAndComments()
            let value = try scanner.token("a value")
            try scanner.skipSpaceAndComments()
            guard scanner.peek == ";" else {
                throw SourceError(
                    scanner.position, "expected ';' after the value of \"\(key)\", found \(scanner.found)")
            }
            scanner.advance()
            result.append(LocalizedString(key: key, language: language, text: value))
        }
    }

    struct StringsScanner {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var column = 1

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var atEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
        var position: SourcePosition { SourcePosition(line: line, column: column) }
        var found: String {
            guard let peek else { return "the end of the file" }
            return peek == "\n" ? "a line break" : "'\(Character(peek))'"
        }

        mutating func advance() {
            guard index < scalars.count else { return }
            if scalars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        mutating func skipSpaceAndComments() throws(SourceError) {
            while let c = peek {
                if c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{FEFF}" {
                    advance()
                } else if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "*" {
                    let start = position
                    advance()
                    advance()
                    while !(peek == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                        guard !atEnd else { throw SourceError(start, "unterminated comment (no '*/')") }
                        advance()
                    }
                    advance()
                    advance()
                } else if c == "/" && index + 1 < scalars.count && scalars[index + 1] == "/" {
                    while let d = peek, d != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        /// A quoted string, or an unquoted run of letters, digits and
        /// `_ . - $ : /`.
        mutating func token(_ what: String) throws(SourceError) -> String {
            guard let c = peek else { throw SourceError(position, "expected \(what), found the end of the file") }
            if c == "\"" || c == "'" { return try quoted(by: c) }
            var text = ""
            while let d = peek,
                d.properties.isAlphabetic || ("0"..."9").contains(d) || "_.-$:/".unicodeScalars.contains(d)
            {
                text.unicodeScalars.append(d)
                advance()
            }
            guard !text.isEmpty else {
                throw SourceError(position, "expected \(what) in double quotes, found \(found)")
            }
            return text
        }

        mutating func quoted(by quote: Unicode.Scalar) throws(SourceError) -> String {
            let start = position
            advance()
            var text = ""
            while true {
                guard let c = peek else { throw SourceError(start, "unterminated string (no closing '\(quote)')") }
                advance()
                if c == quote { return text }
                guard c == "\\" else {
                    text.unicodeScalars.append(c)
                    continue
                }
                guard let e = peek else { throw SourceError(start, "unterminated string (no closing '\(quote)')") }
                advance()
                text.unicodeScalars.append(slashed(e))
            }
        }

        /// The character an escape stands for (`getSlashedChar`), the
        /// scanner past it.
        mutating func slashed(_ e: Unicode.Scalar) -> Unicode.Scalar {
            switch e {
            case "0"..."7":
                // One to three octal digits: "\0005" is NUL then '5'.
                var value = e.value - 0x30
                for _ in 0..<2 {
                    guard let d = peek, ("0"..."7").contains(d) else { break }
                    value = value << 3 + (d.value - 0x30)
                    advance()
                }
                // NeXTSTEP Latin above 127; Latin-1 stands in for it here.
                return Unicode.Scalar(value & 0xFF) ?? "?"
            case "U":
                // One to four hexadecimal digits.
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let h = peek, h.isASCII, let digit = UInt32(String(h), radix: 16) else { break }
                    value = value << 4 | digit
                    advance()
                }
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            case "a": return "\u{07}"
            case "b": return "\u{08}"
            case "f": return "\u{0C}"
            case "n": return "\n"
            case "r": return "\r"
            case "t": return "\t"
            case "v": return "\u{0B}"
            default: return e
            }
        }
    }

    // MARK: Property lists

    /// A binary or XML property list, or `nil` for other text.
    static func propertyList(_ bytes: [UInt8]) throws(SourceError) -> ParsedPlist? {
        if BinaryPropertyList.isBinary(bytes) { return try BinaryPropertyList.parse(bytes) }
        let head = String(decoding: bytes.prefix(256), as: UTF8.self)
        let trimmed = head.drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        guard trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<plist") else { return nil }
        return try PropertyListParser.parse(bytes)
    }

    /// A `.strings` table as a property list: a dictionary of strings.
    static func stringsTable(_ plist: ParsedPlist, language: String?) throws(SourceError) -> [LocalizedString] {
        guard case .dictionary(let members) = plist.value else {
            throw SourceError(plist.position, "expected a dictionary of strings, found \(plist.kindDescription)")
        }
        var result: [LocalizedString] = []
        for member in members {
            guard let text = member.value.string else {
                throw SourceError(
                    member.value.position,
                    "expected the value of \"\(member.key)\" to be a string, found \(member.value.kindDescription)")
            }
            result.append(LocalizedString(key: member.key, language: language, text: text))
        }
        return result
    }

    /// A `.stringsdict`: per key, `NSStringLocalizedFormatKey` and the
    /// variables its `%#@name@` placeholders name, each a plural rule
    /// (`NSStringPluralRuleType`: zero, one, two, few, many, other) with
    /// its value type (`NSStringFormatValueTypeKey`); every variation
    /// measured, keyed `KEY|name.plural.one` (see `Substitutions`).
    static func stringsdict(_ plist: ParsedPlist, language: String?) throws(SourceError) -> [LocalizedString] {
        guard case .dictionary(let entries) = plist.value else {
            throw SourceError(plist.position, "expected a dictionary of plural rules, found \(plist.kindDescription)")
        }
        var result: [LocalizedString] = []
        for entry in entries {
            guard case .dictionary(let fields) = entry.value.value else {
                throw SourceError(
                    entry.value.position,
                    "expected \"\(entry.key)\" to be a dictionary, found \(entry.value.kindDescription)")
            }
            guard let format = fields.first(where: { $0.key == "NSStringLocalizedFormatKey" })?.value else {
                throw SourceError(entry.keyPosition, "\"\(entry.key)\" has no NSStringLocalizedFormatKey")
            }
            guard let formatText = format.string else {
                throw SourceError(
                    format.position,
                    "expected NSStringLocalizedFormatKey to be a string, found \(format.kindDescription)")
            }
            var variables: [String: Substitutions.Variable] = [:]
            for field in fields where field.key != "NSStringLocalizedFormatKey" {
                guard case .dictionary(let rule) = field.value.value else { continue }
                let type = rule.first { $0.key == "NSStringFormatSpecTypeKey" }?.value.string
                guard type == nil || type == "NSStringPluralRuleType" else {
                    throw SourceError(
                        field.value.position,
                        "\"\(field.key)\" of \"\(entry.key)\" is a \(type ?? "") rule; typefit reads NSStringPluralRuleType"
                    )
                }
                let specifier = rule.first { $0.key == "NSStringFormatValueTypeKey" }?.value.string ?? "d"
                var variations: [(label: String, text: String)] = []
                for category in ["zero", "one", "two", "few", "many", "other"] {
                    if let text = rule.first(where: { $0.key == category })?.value.string {
                        variations.append(("plural." + category, text))
                    }
                }
                variables[field.key] = Substitutions.Variable(
                    specifier: specifier, argument: nil, variations: variations)
            }
            let base = LocalizedString(key: entry.key, language: language, text: formatText)
            do {
                result += try Substitutions.expand(base, variables)
            } catch {
                throw SourceError(
                    entry.keyPosition,
                    "the variables of \"\(entry.key)\" name each other in a cycle (\(error.description))")
            }
        }
        return result
    }

    // MARK: .xcstrings

    /// A String Catalog (JSON): every localization of every key, plural and
    /// device variations included (`key|plural.one`); a key without a
    /// source-language localization stands for itself.
    static func catalog(_ bytes: [UInt8], language: String?) throws(SourceError) -> [LocalizedString] {
        let document = try JSONParser.parse(bytes)
        guard case .object(let top) = document.value else {
            throw SourceError(document.position, "expected a String Catalog object, found \(document.kindDescription)")
        }
        let value = { (key: String) in top.first { $0.key == key }?.value }
        var source = "en"
        if let json = value("sourceLanguage") {
            guard case .string(let text) = json.value else {
                throw SourceError(
                    json.position, "expected 'sourceLanguage' to be a string, found \(json.kindDescription)")
            }
            source = text
        }
        guard let stringsJSON = value("strings") else {
            throw SourceError(document.position, "missing 'strings': a String Catalog holds its keys there")
        }
        guard case .object(let entries) = stringsJSON.value else {
            throw SourceError(
                stringsJSON.position, "expected 'strings' to be an object, found \(stringsJSON.kindDescription)")
        }
        var result: [LocalizedString] = []
        for entry in entries {
            guard case .object(let fields) = entry.value.value else {
                throw SourceError(
                    entry.value.position,
                    "expected \"\(entry.key)\" to be an object, found \(entry.value.kindDescription)")
            }
            var localized: [(String, ParsedJSON)] = []
            if let json = fields.first(where: { $0.key == "localizations" })?.value {
                guard case .object(let languages) = json.value else {
                    throw SourceError(
                        json.position,
                        "expected 'localizations' of \"\(entry.key)\" to be an object, found \(json.kindDescription)")
                }
                localized = languages.map { ($0.key, $0.value) }
            }
            if !localized.contains(where: { $0.0 == source }) && (language == nil || language == source) {
                // The key is the source text.
                result.append(LocalizedString(key: entry.key, language: source, text: entry.key))
            }
            for (lang, json) in localized where language == nil || language == lang {
                result += try units(json, key: entry.key, language: lang)
            }
        }
        return result
    }

    /// The `stringUnit` of a localization, and those of its variations.
    private static func units(_ json: ParsedJSON, key: String, language: String, path: String = "") throws(SourceError)
        -> [LocalizedString]
    {
        guard case .object(let fields) = json.value else {
            throw SourceError(
                json.position,
                "expected the \(language) localization of \"\(key)\" to be an object, found \(json.kindDescription)")
        }
        var result: [LocalizedString] = []
        var variables: [String: Substitutions.Variable] = [:]
        for field in fields {
            switch field.key {
            case "substitutions":
                variables = try substitutionVariables(field.value, key: key, language: language)
            case "stringUnit":
                guard case .object(let unit) = field.value.value,
                    let valueJSON = unit.first(where: { $0.key == "value" })?.value
                else {
                    throw SourceError(
                        field.value.position, "expected a 'stringUnit' with a 'value' in \"\(key)\" (\(language))")
                }
                guard case .string(let text) = valueJSON.value else {
                    throw SourceError(
                        valueJSON.position,
                        "expected the value of \"\(key)\" (\(language)) to be a string, found \(valueJSON.kindDescription)"
                    )
                }
                result.append(
                    LocalizedString(key: path.isEmpty ? key : "\(key)|\(path)", language: language, text: text))
            case "variations":
                guard case .object(let kinds) = field.value.value else {
                    throw SourceError(field.value.position, "expected 'variations' of \"\(key)\" to be an object")
                }
                for kind in kinds {
                    guard case .object(let cases) = kind.value.value else {
                        throw SourceError(
                            kind.value.position, "expected the \(kind.key) variations of \"\(key)\" to be an object")
                    }
                    for variation in cases {
                        let subpath = (path.isEmpty ? "" : path + ".") + kind.key + "." + variation.key
                        result += try units(variation.value, key: key, language: language, path: subpath)
                    }
                }
            default:
                continue
            }
        }
        // `%#@name@`: every variation of the localization's substitutions.
        guard !variables.isEmpty else { return result }
        var expanded: [LocalizedString] = []
        for string in result {
            do {
                expanded += try Substitutions.expand(string, variables)
            } catch {
                throw SourceError(
                    json.position,
                    "the substitutions of \"\(key)\" (\(language)) name each other in a cycle (\(error.description))")
            }
        }
        return expanded
    }

    /// A localization's `substitutions`: each one's `formatSpecifier`,
    /// `argNum` and the `stringUnit` of each of its variations.
    private static func substitutionVariables(_ json: ParsedJSON, key: String, language: String) throws(SourceError)
        -> [String: Substitutions.Variable]
    {
        guard case .object(let entries) = json.value else {
            throw SourceError(json.position, "expected 'substitutions' of \"\(key)\" to be an object")
        }
        var variables: [String: Substitutions.Variable] = [:]
        for entry in entries {
            guard case .object(let fields) = entry.value.value else {
                throw SourceError(
                    entry.value.position, "expected the substitution '\(entry.key)' of \"\(key)\" to be an object")
            }
            var specifier = "@"
            var argument: Int?
            var variations: [(label: String, text: String)] = []
            for field in fields {
                switch (field.key, field.value.value) {
                case ("formatSpecifier", .string(let text)): specifier = text
                case ("argNum", .number(let n)) where n >= 1 && n <= 99 && n == n.rounded(): argument = Int(n)
                case ("variations", .object(let kinds)):
                    for kind in kinds {
                        guard case .object(let cases) = kind.value.value else { continue }
                        for variation in cases {
                            for unit in try units(variation.value, key: key, language: language) {
                                variations.append((kind.key + "." + variation.key, unit.text))
                            }
                        }
                    }
                default:
                    continue
                }
            }
            variables[entry.key] = Substitutions.Variable(
                specifier: specifier, argument: argument, variations: variations)
        }
        return variables
    }
}

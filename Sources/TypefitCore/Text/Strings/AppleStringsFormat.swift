/// Apple's `.strings` files: text (`"key" = "value";`) or, in a built app,
/// a property list.
public struct AppleStringsFormat: StringsFormat {
    /// The short name.
    public let id = "strings"
    /// The extensions it is known by.
    public let extensions = ["strings"]
    /// How help names it.
    public let summary = "a .strings file"

    /// Creates the format.
    public init() {}

    /// Whether standard input holds this format.
    public func claims(head: Substring, bytes: [UInt8]) -> Bool {
        StringsFile.isPropertyList(head, bytes)
            || ((head.hasPrefix("\"") || head.hasPrefix("/*") || head.hasPrefix("//")) && head.contains("="))
    }

    /// The strings of the file.
    public func read(path: String, bytes: [UInt8], language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    {
        let fileLanguage = try StringsFile.lprojLanguage(path, budget: budget)
        if let language, let fileLanguage, !LanguageTag.matches(fileLanguage, language) { return [] }
        // What Xcode puts in a built app: a binary (or XML) property list.
        if let plist = try StringsFile.propertyList(bytes) {
            return try StringsFile.stringsTable(plist, language: fileLanguage, budget: budget)
        }
        return try StringsFile.strings(try StringsFile.decodeText(bytes), language: fileLanguage, budget: budget)
    }
}

extension StringsFile {
    /// Apple's `.strings` format as CoreFoundation's old-style property-list
    /// parser reads it (CFOldStylePList.c, `parseQuotedPlistString` and
    /// `getSlashedChar`): `"key" = "value";` entries (single quotes too,
    /// and unquoted keys of ASCII letters, digits and `_$/:.-`), `/* */`
    /// and `//` comments; escapes `\a \b \f \n \r \t \v`, `\"`, an
    /// escaped line break, one to three octal digits (`\012`), `\U` with
    /// one to four hexadecimal digits, and any other character after a
    /// backslash stands for itself (`\(` is `(`, `\\` is `\`, `\u` is `u`).
    static func strings(_ text: String, language: String?, budget: StringsBudget = StringsBudget()) throws(SourceError)
        -> [LocalizedString]
    {
        var scanner = StringsScanner(Array(text.unicodeScalars))
        var result: [LocalizedString] = []
        // A key given again replaces its value, as CFOldStylePList.c's
        // `parsePlistDictContent` sets each pair into one dictionary
        // (L469): the last value is the one that ships.
        var index: [String: Int] = [:]
        func add(_ key: String, _ value: String, at position: SourcePosition) {
            var string = LocalizedString(key: key, language: language, text: value)
            string.position = position
            guard let earlier = index[key] else {
                index[key] = result.count
                result.append(string)
                return
            }
            // The same value again changes nothing worth a word.
            guard result[earlier].text != value else { return }
            string.replaced = result[earlier].replaced + [result[earlier].position].compactMap { $0 }
            result[earlier] = string
        }
        while true {
            try scanner.skipSpaceAndComments()
            guard !scanner.atEnd else { return result }
            let keyPosition = scanner.position
            let key = try scanner.token("a key")
            try scanner.skipSpaceAndComments()
            if scanner.peek == ";" {
                try budget.take(1, at: scanner.position)
                scanner.advance()
                add(key, key, at: keyPosition)
                continue
            }
            guard scanner.peek == "=" else {
                throw SourceError(
                    scanner.position, "expected '=' or ';' after the key \"\(key)\", found \(scanner.found)")
            }
            scanner.advance()
            try scanner.skipSpaceAndComments()
            let valuePosition = scanner.position
            let value = try scanner.token("a value")
            try scanner.skipSpaceAndComments()
            guard scanner.peek == ";" else {
                throw SourceError(
                    scanner.position, "expected ';' after the value of \"\(key)\", found \(scanner.found)")
            }
            try budget.take(1, at: scanner.position)
            scanner.advance()
            add(key, value, at: valuePosition)
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

    /// A `.strings` table as a property list: a dictionary of strings.
    static func stringsTable(_ plist: ParsedPlist, language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    {
        guard case .dictionary(let members) = plist.value else {
            throw SourceError(plist.position, "expected a dictionary of strings, found \(plist.kindDescription)")
        }
        try budget.take(members.count, at: plist.position)
        var result: [LocalizedString] = []
        for member in members {
            guard let text = member.value.string else {
                throw SourceError(
                    member.value.position,
                    "expected the value of \"\(member.key)\" to be a string, found \(member.value.kindDescription)")
            }
            var string = LocalizedString(key: member.key, language: language, text: text)
            string.position = member.value.position
            result.append(string)
        }
        return result
    }

}

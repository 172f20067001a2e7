/// A value read from an XML property list, with where it stood, so that a
/// style dictionary's mistakes can be reported as `FILE:LINE:COLUMN`.
public struct ParsedPlist: Sendable {
    /// The property-list types.
    public indirect enum Value: Sendable {
        /// `<dict>`: keys and values in document order (duplicates rejected).
        case dictionary([(key: String, keyPosition: SourcePosition, value: ParsedPlist)])
        /// `<array>`.
        case array([ParsedPlist])
        /// `<string>`.
        case string(String)
        /// `<integer>`.
        case integer(Int64)
        /// `<real>`.
        case real(Double)
        /// `<true/>`, `<false/>`.
        case bool(Bool)
        /// `<date>`, kept as written.
        case date(String)
        /// `<data>`, kept as written (base64).
        case data(String)
    }

    /// The value.
    public var value: Value
    /// Where the value's element starts.
    public var position: SourcePosition

    /// What the value is, in the file's own words, for messages.
    public var kindDescription: String {
        switch value {
        case .dictionary: return "a <dict>"
        case .array: return "an <array>"
        case .string: return "a <string>"
        case .integer: return "an <integer>"
        case .real: return "a <real>"
        case .bool(let flag): return flag ? "<true/>" : "<false/>"
        case .date: return "a <date>"
        case .data: return "a <data>"
        }
    }

    /// The text a `<string>` holds.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The number an `<integer>` or `<real>` holds.
    public var number: Double? {
        switch value {
        case .integer(let n): return Double(n)
        case .real(let x): return x
        default: return nil
        }
    }
}

/// A reader for XML property lists (Apple's `PropertyList-1.0` DTD), the form
/// Xcode saves them in. Written here because swift-corelibs' decoder reports
/// no line or column and is not available without Foundation; kept to the
/// DTD's ten elements. Binary property lists are recognised and refused with
/// a clear message.
public enum PropertyListParser {
    /// How deep `<dict>` and `<array>` may nest; style dictionaries use two.
    static let maximumDepth = 64

    /// Parses a whole document.
    public static func parse(_ bytes: [UInt8]) throws(SourceError) -> ParsedPlist {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw SourceError(
                SourcePosition(line: 1, column: 1),
                "a binary property list; typefit reads XML property lists (as Xcode saves them; "
                    + "convert with 'plutil -convert xml1' on a Mac)")
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw SourceError(SourcePosition(line: 1, column: 1), "UTF-16 text; save the property list as UTF-8")
        }
        var parser = Parser(cursor: SourceCursor(bytes))
        try parser.skipProlog()
        guard !parser.cursor.atEnd else {
            throw SourceError(parser.cursor.position, "expected a property list, found an empty document")
        }
        let root = try parser.readTag()
        let value: ParsedPlist
        if root.name == "plist" {
            guard !root.selfClosing else { throw SourceError(root.position, "<plist/> holds no value") }
            try parser.skipMisc()
            if parser.cursor.startsWith("</") {
                throw SourceError(parser.cursor.position, "<plist> holds no value")
            }
            value = try parser.parseValue(try parser.readTag(), depth: 0)
            try parser.skipMisc()
            let close = try parser.readTag()
            guard close.closing, close.name == "plist" else {
                throw SourceError(close.position, "expected </plist> after the top-level value, found \(close)")
            }
        } else {
            value = try parser.parseValue(root, depth: 0)
        }
        try parser.skipMisc()
        guard parser.cursor.atEnd else {
            let found = parser.cursor.found()
            throw SourceError(parser.cursor.position, "expected the end of the document, found \(found)")
        }
        return value
    }

    /// A start or end tag as read.
    struct Tag: CustomStringConvertible {
        var name: String
        var closing: Bool
        var selfClosing: Bool
        var position: SourcePosition
        var description: String { closing ? "</\(name)>" : selfClosing ? "<\(name)/>" : "<\(name)>" }
    }

    struct Parser {
        var cursor: SourceCursor

        /// Skips the XML declaration, comments, processing instructions, the
        /// DOCTYPE and whitespace before the root element.
        mutating func skipProlog() throws(SourceError) {
            while true {
                cursor.skipWhitespace()
                if cursor.startsWith("<?") {
                    let start = cursor.position
                    let text = try cursor.skip(past: "?>", what: "processing instruction", from: start)
                    if text.hasPrefix("<?xml"), let encoding = XMLReference.declared("encoding", in: text),
                        !["utf-8", "utf8"].contains(encoding.lowercased())
                    {
                        throw SourceError(start, "encoding '\(encoding)'; save the property list as UTF-8")
                    }
                } else if cursor.startsWith("<!--") {
                    _ = try cursor.skip(past: "-->", what: "comment", from: cursor.position)
                } else if cursor.startsWith("<!DOCTYPE") {
                    try skipDoctype()
                } else {
                    return
                }
            }
        }

        /// Skips whitespace and comments between elements.
        mutating func skipMisc() throws(SourceError) {
            while true {
                cursor.skipWhitespace()
                guard cursor.startsWith("<!--") else { return }
                _ = try cursor.skip(past: "-->", what: "comment", from: cursor.position)
            }
        }

        mutating func skipDoctype() throws(SourceError) {
            let start = cursor.position
            var bracket = 0
            var quote: UInt8?
            while let byte = cursor.peek {
                cursor.advance()
                if let open = quote {
                    if byte == open { quote = nil }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "["): bracket += 1
                case UInt8(ascii: "]"): bracket -= 1
                case UInt8(ascii: ">") where bracket <= 0: return
                default: break
                }
            }
            throw SourceError(start, "unterminated <!DOCTYPE")
        }

        /// Reads `<name …>`, `<name …/>` or `</name>`.
        mutating func readTag() throws(SourceError) -> Tag {
            let position = cursor.position
            guard cursor.peek == UInt8(ascii: "<") else {
                throw SourceError(position, "expected an element, found \(cursor.found())")
            }
            cursor.advance()
            var closing = false
            if cursor.peek == UInt8(ascii: "/") {
                closing = true
                cursor.advance()
            }
            let nameStart = cursor.index
            while let byte = cursor.peek, Self.isNameByte(byte) { cursor.advance() }
            guard cursor.index > nameStart else {
                throw SourceError(position, "expected an element name after '<', found \(cursor.found())")
            }
            let name = String(decoding: cursor.bytes[nameStart..<cursor.index], as: UTF8.self)
            // Attributes (only <plist version="1.0"> has any) are skipped,
            // quotes respected.
            var quote: UInt8?
            while let byte = cursor.peek {
                if let open = quote {
                    if byte == open { quote = nil }
                    cursor.advance()
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    quote = byte
                    cursor.advance()
                case UInt8(ascii: ">"):
                    cursor.advance()
                    return Tag(name: name, closing: closing, selfClosing: false, position: position)
                case UInt8(ascii: "/") where !closing:
                    cursor.advance()
                    guard cursor.peek == UInt8(ascii: ">") else {
                        throw SourceError(cursor.position, "expected '>' after '/' in <\(name)")
                    }
                    cursor.advance()
                    return Tag(name: name, closing: false, selfClosing: true, position: position)
                case UInt8(ascii: "<"):
                    throw SourceError(cursor.position, "expected '>' to end <\(closing ? "/" : "")\(name)")
                default:
                    cursor.advance()
                }
            }
            throw SourceError(position, "unterminated tag <\(closing ? "/" : "")\(name)")
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: ":"):
                return true
            default:
                return false
            }
        }

        /// Parses the value whose start tag has just been read.
        mutating func parseValue(_ tag: Tag, depth: Int) throws(SourceError) -> ParsedPlist {
            guard !tag.closing else { throw SourceError(tag.position, "expected a value, found \(tag)") }
            let position = tag.position
            switch tag.name {
            case "dict":
                guard depth < PropertyListParser.maximumDepth else {
                    throw SourceError(position, "nested more than \(PropertyListParser.maximumDepth) levels deep")
                }
                if tag.selfClosing { return ParsedPlist(value: .dictionary([]), position: position) }
                return ParsedPlist(value: .dictionary(try parseDictionary(depth: depth)), position: position)
            case "array":
                guard depth < PropertyListParser.maximumDepth else {
                    throw SourceError(position, "nested more than \(PropertyListParser.maximumDepth) levels deep")
                }
                var items: [ParsedPlist] = []
                if tag.selfClosing { return ParsedPlist(value: .array(items), position: position) }
                while true {
                    try skipMisc()
                    try expectMarkup(in: "array")
                    let next = try readTag()
                    if next.closing {
                        guard next.name == "array" else {
                            throw SourceError(next.position, "expected </array>, found \(next)")
                        }
                        return ParsedPlist(value: .array(items), position: position)
                    }
                    items.append(try parseValue(next, depth: depth + 1))
                }
            case "string":
                return ParsedPlist(value: .string(try text(of: tag)), position: position)
            case "date":
                return ParsedPlist(value: .date(try text(of: tag).trimmingXMLSpace), position: position)
            case "data":
                return ParsedPlist(value: .data(try text(of: tag)), position: position)
            case "integer":
                let body = try text(of: tag).trimmingXMLSpace
                guard let number = Self.integer(body) else {
                    throw SourceError(position, "expected a whole number in <integer>, found '\(body)'")
                }
                return ParsedPlist(value: .integer(number), position: position)
            case "real":
                let body = try text(of: tag).trimmingXMLSpace
                guard let number = Double(body) else {
                    throw SourceError(position, "expected a number in <real>, found '\(body)'")
                }
                return ParsedPlist(value: .real(number), position: position)
            case "true", "false":
                if !tag.selfClosing {
                    let body = try text(of: tag)
                    guard body.trimmingXMLSpace.isEmpty else {
                        throw SourceError(position, "<\(tag.name)> holds no text; write <\(tag.name)/>")
                    }
                }
                return ParsedPlist(value: .bool(tag.name == "true"), position: position)
            case "key":
                throw SourceError(position, "<key> belongs inside a <dict>")
            default:
                throw SourceError(
                    position,
                    "unknown element \(tag); a property list holds dict, array, string, integer, real, true, false, date or data"
                )
            }
        }

        /// Fails on text where only elements may stand (inside dict/array).
        mutating func expectMarkup(in element: String) throws(SourceError) {
            guard let byte = cursor.peek else {
                throw SourceError(cursor.position, "expected </\(element)>, found the end of the document")
            }
            guard byte == UInt8(ascii: "<") else {
                throw SourceError(cursor.position, "unexpected text \(cursor.found()) inside <\(element)>")
            }
        }

        mutating func parseDictionary(depth: Int) throws(SourceError) -> [(
            key: String, keyPosition: SourcePosition, value: ParsedPlist
        )] {
            var members: [(key: String, keyPosition: SourcePosition, value: ParsedPlist)] = []
            while true {
                try skipMisc()
                try expectMarkup(in: "dict")
                let keyTag = try readTag()
                if keyTag.closing {
                    guard keyTag.name == "dict" else {
                        throw SourceError(keyTag.position, "expected <key> or </dict>, found \(keyTag)")
                    }
                    return members
                }
                guard keyTag.name == "key" else {
                    throw SourceError(keyTag.position, "expected <key> before each value in a <dict>, found \(keyTag)")
                }
                let key = try text(of: keyTag)
                if members.contains(where: { $0.key == key }) {
                    throw SourceError(keyTag.position, "duplicate key '\(key)'")
                }
                try skipMisc()
                try expectMarkup(in: "dict")
                let valueTag = try readTag()
                if valueTag.closing || valueTag.name == "key" {
                    throw SourceError(valueTag.position, "expected a value after <key>\(key)</key>, found \(valueTag)")
                }
                members.append((key, keyTag.position, try parseValue(valueTag, depth: depth + 1)))
            }
        }

        /// The text of a leaf element up to its end tag: entities decoded,
        /// CDATA taken as written, comments skipped, no child elements.
        mutating func text(of tag: Tag) throws(SourceError) -> String {
            if tag.selfClosing { return "" }
            var bytes: [UInt8] = []
            while true {
                guard let byte = cursor.peek else {
                    throw SourceError(tag.position, "\(tag) is not closed (expected </\(tag.name)>)")
                }
                if byte == UInt8(ascii: "&") {
                    bytes += try entity()
                    continue
                }
                if byte != UInt8(ascii: "<") {
                    bytes.append(byte)
                    cursor.advance()
                    continue
                }
                if cursor.startsWith("<![CDATA[") {
                    let start = cursor.position
                    cursor.advance(by: 9)
                    while !cursor.startsWith("]]>") {
                        guard let inner = cursor.peek else { throw SourceError(start, "unterminated CDATA section") }
                        bytes.append(inner)
                        cursor.advance()
                    }
                    cursor.advance(by: 3)
                    continue
                }
                if cursor.startsWith("<!--") {
                    _ = try cursor.skip(past: "-->", what: "comment", from: cursor.position)
                    continue
                }
                let end = try readTag()
                guard end.closing, end.name == tag.name else {
                    throw SourceError(end.position, "expected </\(tag.name)> to close \(tag), found \(end)")
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw SourceError(tag.position, "the text of \(tag) is not valid UTF-8")
                }
                return text
            }
        }

        /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;`, `&#xN;`.
        mutating func entity() throws(SourceError) -> [UInt8] {
            let (name, start) = try XMLReference.read(&cursor, longest: 12)
            if let byte = XMLReference.predefined(name) { return [byte] }
            guard let code = XMLReference.characterCode(name, upperCaseX: true), let scalar = Unicode.Scalar(code),
                code != 0
            else {
                throw SourceError(start, "unknown entity '&\(name);'")
            }
            return Array(String(Character(scalar)).utf8)
        }

        /// A decimal or `0x` hexadecimal integer, with an optional sign, as
        /// CFPropertyList reads them.
        static func integer(_ text: String) -> Int64? {
            var body = Substring(text)
            var negative = false
            if body.first == "-" || body.first == "+" {
                negative = body.first == "-"
                body = body.dropFirst()
            }
            let magnitude: Int64?
            if body.hasPrefix("0x") || body.hasPrefix("0X") {
                magnitude = Int64(body.dropFirst(2), radix: 16)
            } else {
                magnitude = body.allSatisfy(\.isASCII) ? Int64(body, radix: 10) : nil
            }
            guard let magnitude, !body.isEmpty else { return nil }
            return negative ? -magnitude : magnitude
        }
    }
}

extension String {
    /// Without leading and trailing XML white space (space, tab, CR, LF).
    var trimmingXMLSpace: String {
        let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" || c == "\n" || c == "\r\n" }
        return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}

/// A JSON value read from a document, with where it stood, so that a spec
/// file's mistakes can be reported as `FILE:LINE:COLUMN`.
public struct ParsedJSON: Sendable {
    /// The kinds of value.
    public indirect enum Value: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([ParsedJSON])
        /// Members in document order (duplicate keys are rejected).
        case object([(key: String, keyPosition: SourcePosition, value: ParsedJSON)])
    }

    /// The value.
    public var value: Value
    /// Where the value starts.
    public var position: SourcePosition

    /// What the value is, in words, for messages ("a number", "an object").
    public var kindDescription: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A strict JSON parser (RFC 8259) that keeps positions. Written here rather
/// than using `JSONSerialization`, which reports no line or column, and kept
/// small: spec files are a few kilobytes.
public enum JSONParser {
    /// Parses a whole document; anything but whitespace after the value is
    /// an error.
    public static func parse(_ bytes: [UInt8]) throws(SourceError) -> ParsedJSON {
        try parse(bytes, lastKeyWins: false)
    }

    /// `parse`, where `lastKeyWins` reads a duplicate key as Dart's
    /// `json.decode` does (Flutter's gen-l10n reads ARB files so): the
    /// later value replaces the earlier, in the earlier's place.
    public static func parse(_ bytes: [UInt8], lastKeyWins: Bool) throws(SourceError) -> ParsedJSON {
        var parser = Parser(bytes: bytes)
        parser.lastKeyWins = lastKeyWins
        parser.skipWhitespace()
        guard !parser.atEnd else {
            throw SourceError(parser.position, "expected a JSON value, found an empty document")
        }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.atEnd else {
            throw SourceError(parser.position, "expected the end of the document after the value")
        }
        return value
    }

    private struct Parser {
        var cursor: SourceCursor
        var lastKeyWins = false

        init(bytes: [UInt8]) { cursor = SourceCursor(bytes) }

        var bytes: [UInt8] { cursor.bytes }
        /// Moves along one line: outside `skipWhitespace`, JSON never steps
        /// over a line break (strings may not hold one unescaped).
        var index: Int {
            get { cursor.index }
            set { cursor.moveWithinLine(to: newValue) }
        }
        var atEnd: Bool { cursor.atEnd }
        var position: SourcePosition { mutating get { cursor.position } }
        mutating func skipWhitespace() { cursor.skipWhitespace() }
        func found() -> String { cursor.found() }

        mutating func parseValue(depth: Int) throws(SourceError) -> ParsedJSON {
            guard depth < 64 else { throw SourceError(position, "nested more than 64 levels deep") }
            let start = position
            guard index < bytes.count else {
                throw SourceError(start, "expected a value, found the end of the document")
            }
            switch bytes[index] {
            case UInt8(ascii: "{"): return ParsedJSON(value: try parseObject(depth: depth), position: start)
            case UInt8(ascii: "["): return ParsedJSON(value: try parseArray(depth: depth), position: start)
            case UInt8(ascii: "\""): return ParsedJSON(value: .string(try parseString()), position: start)
            case UInt8(ascii: "t"):
                try expectWord("true")
                return ParsedJSON(value: .bool(true), position: start)
            case UInt8(ascii: "f"):
                try expectWord("false")
                return ParsedJSON(value: .bool(false), position: start)
            case UInt8(ascii: "n"):
                try expectWord("null")
                return ParsedJSON(value: .null, position: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return ParsedJSON(value: .number(try parseNumber()), position: start)
            default:
                throw SourceError(
                    start, "expected a value (object, array, string, number, true, false or null), found \(found())")
            }
        }

        mutating func expectWord(_ word: String) throws(SourceError) {
            let start = position
            for byte in word.utf8 {
                guard index < bytes.count, bytes[index] == byte else {
                    throw SourceError(start, "expected '\(word)'")
                }
                index += 1
            }
        }

        mutating func parseObject(depth: Int) throws(SourceError) -> ParsedJSON.Value {
            index += 1
            var members: [(key: String, keyPosition: SourcePosition, value: ParsedJSON)] = []
            // The keys seen, so that a duplicate is found in constant time
            // (a scan of `members` made a wide object quadratic).
            var seen = Set<String>()
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                let keyPosition = position
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw SourceError(keyPosition, "expected a member name in double quotes, found \(found())")
                }
                let key = try parseString()
                let duplicate = !seen.insert(key).inserted
                if duplicate, !lastKeyWins {
                    throw SourceError(keyPosition, "duplicate key '\(key)'")
                }
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw SourceError(position, "expected ':' after '\(key)', found \(found())")
                }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth + 1)
                if duplicate, let earlier = members.firstIndex(where: { $0.key == key }) {
                    members[earlier] = (key, keyPosition, value)
                } else {
                    members.append((key, keyPosition, value))
                }
                skipWhitespace()
                guard index < bytes.count else {
                    throw SourceError(position, "expected ',' or '}', found the end of the document")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                throw SourceError(position, "expected ',' or '}' after a member, found \(found())")
            }
        }

        mutating func parseArray(depth: Int) throws(SourceError) -> ParsedJSON.Value {
            index += 1
            var items: [ParsedJSON] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else {
                    throw SourceError(position, "expected ',' or ']', found the end of the document")
                }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                throw SourceError(position, "expected ',' or ']' after an element, found \(found())")
            }
        }

        mutating func parseString() throws(SourceError) -> String {
            let start = position
            index += 1
            var run = index
            var text = ""
            while true {
                guard index < bytes.count else { throw SourceError(start, "unterminated string") }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    text += try utf8(run, start)
                    index += 1
                    return text
                }
                if byte < 0x20 {
                    throw SourceError(position, "control character in a string (escape it, e.g. \\n)")
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                text += try utf8(run, start)
                let escape = position
                index += 1
                guard index < bytes.count else { throw SourceError(start, "unterminated string") }
                switch bytes[index] {
                case UInt8(ascii: "\""): text += "\""
                case UInt8(ascii: "\\"): text += "\\"
                case UInt8(ascii: "/"): text += "/"
                case UInt8(ascii: "b"): text += "\u{08}"
                case UInt8(ascii: "f"): text += "\u{0C}"
                case UInt8(ascii: "n"): text += "\n"
                case UInt8(ascii: "r"): text += "\r"
                case UInt8(ascii: "t"): text += "\t"
                case UInt8(ascii: "u"):
                    var unit = try hex4(at: escape)
                    if (0xD800...0xDBFF).contains(unit), index + 2 < bytes.count,
                        bytes[index + 1] == UInt8(ascii: "\\"),
                        bytes[index + 2] == UInt8(ascii: "u")
                    {
                        index += 2
                        let low = try hex4(at: escape)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw SourceError(escape, "invalid surrogate pair in \\u escape")
                        }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(unit) else {
                        throw SourceError(escape, "\\u escape is not a Unicode scalar")
                    }
                    text.unicodeScalars.append(scalar)
                default:
                    throw SourceError(escape, "invalid escape \\\(found())")
                }
                index += 1
                run = index
            }
        }

        /// The bytes from `run` to the current index as text; invalid UTF-8
        /// is an error rather than silently replaced.
        func utf8(_ run: Int, _ start: SourcePosition) throws(SourceError) -> String {
            guard let text = String(validating: bytes[run..<index], as: UTF8.self) else {
                throw SourceError(start, "the string is not valid UTF-8")
            }
            return text
        }

        /// Reads the four hex digits after `\u` (index is at the `u`); leaves
        /// the index on the last digit.
        mutating func hex4(at escape: SourcePosition) throws(SourceError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                index += 1
                guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                    throw SourceError(escape, "\\u needs four hexadecimal digits")
                }
                value = value << 4 | digit
            }
            return value
        }

        static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        mutating func parseNumber() throws(SourceError) -> Double {
            let start = position
            let begin = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            let integerStart = index
            let integerDigits = digits()
            guard integerDigits > 0 else { throw SourceError(start, "expected digits after '-'") }
            if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
                throw SourceError(start, "numbers do not start with 0 (write 7, not 07)")
            }
            if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw SourceError(start, "expected digits after '.'") }
            }
            if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
                index += 1
                if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                    index += 1
                }
                guard digits() > 0 else { throw SourceError(start, "expected digits in the exponent") }
            }
            let text = String(decoding: bytes[begin..<index], as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw SourceError(start, "number \(text) is out of range")
            }
            return value
        }
    }
}

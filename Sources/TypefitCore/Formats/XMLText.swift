/// An XML document's bytes as the characters XML 1.0 reads, in UTF-8 for
/// `XMLReader`: the encoding found as XML 1.0's Appendix F finds it (a
/// byte order mark, else the first bytes of `<?xml`, else the declaration's
/// `encoding`), in the encodings aapt2's parser (expat) reads without help:
/// UTF-8, UTF-16 (either order), ISO-8859-1 and US-ASCII. A byte sequence
/// that is no character of the encoding, and a character XML forbids (NUL
/// and the other C0 controls but tab, line feed and carriage return;
/// U+FFFE, U+FFFF), is refused at its line and column, as expat refuses it
/// ("not well-formed (invalid token)") and aapt2 stops the build.
public enum XMLText {
    /// The document in UTF-8, without a byte order mark; `bytes` itself
    /// (no copy) for UTF-8 without one, the common case.
    public static func utf8(_ bytes: [UInt8]) throws(SourceError) -> [UInt8] {
        switch encoding(bytes) {
        case .utf16(let bigEndian, let skip):
            return try fromUTF16(bytes, bigEndian: bigEndian, skip: skip)
        case .utf8(let skip):
            let body = skip == 0 ? bytes : Array(bytes[skip...])
            try checkUTF8(body)
            return body
        case .latin1:
            return try fromSingleByte(bytes, ascii: false)
        case .ascii:
            return try fromSingleByte(bytes, ascii: true)
        case .unsupported(let name):
            throw SourceError(
                SourcePosition(line: 1, column: 1),
                "encoding '\(Message.quoted(name))': aapt2 reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII; save the "
                    + "file as UTF-8")
        }
    }

    private enum Encoding {
        case utf8(skip: Int)
        case utf16(bigEndian: Bool, skip: Int)
        case latin1
        case ascii
        case unsupported(String)
    }

    private static func encoding(_ bytes: [UInt8]) -> Encoding {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8(skip: 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false, skip: 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true, skip: 2) }
        // `<?` in UTF-16 without a mark (Appendix F).
        if bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) { return .utf16(bigEndian: false, skip: 0) }
        if bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) { return .utf16(bigEndian: true, skip: 0) }
        // An ASCII-compatible encoding: the declaration names it.
        guard bytes.starts(with: Array("<?xml".utf8)) else { return .utf8(skip: 0) }
        let end = bytes.prefix(512).firstIndex(of: UInt8(ascii: ">")) ?? min(bytes.count, 512)
        let declaration = String(decoding: bytes[..<end], as: UTF8.self)
        guard let name = XMLReference.declared("encoding", in: declaration + ">") else { return .utf8(skip: 0) }
        switch name.lowercased() {
        case "utf-8", "utf8": return .utf8(skip: 0)
        case "iso-8859-1", "latin1", "iso_8859-1", "iso8859-1": return .latin1
        case "us-ascii", "ascii": return .ascii
        default: return .unsupported(name)
        }
    }

    /// Whether XML 1.0 allows `scalar` in a document (production 2, Char).
    static func isAllowed(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
    }

    /// The refusal of the character or bytes at `offset` of `text` (lines
    /// and columns counted over `text`, UTF-8).
    private static func refusal(_ text: [UInt8], at offset: Int, _ what: String) -> SourceError {
        var line = 1
        var lineStart = 0
        for i in 0..<offset where text[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = 1 + text[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourceError(
            SourcePosition(line: line, column: column),
            "\(what): aapt2 stops the build here (its parser's \"not well-formed (invalid token)\")")
    }

    private static func checkUTF8(_ bytes: [UInt8]) throws(SourceError) {
        // ASCII runs are checked byte by byte; the rest scalar by scalar.
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte < 0x80 {
                guard byte >= 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                    throw refusal(
                        bytes, at: i, "the control character U+\(hex(UInt32(byte))), which XML does not allow")
                }
                i += 1
                continue
            }
            guard let (value, width) = decodeScalar(bytes, at: i) else {
                let shown = bytes[i..<min(count, i + 4)].map { "0x" + hex(UInt32($0), digits: 2) }
                throw refusal(bytes, at: i, "bytes that are not UTF-8 (\(shown.joined(separator: " ")))")
            }
            guard isAllowed(value) else {
                throw refusal(bytes, at: i, "the character U+\(hex(value)), which XML does not allow")
            }
            i += width
        }
    }

    /// The scalar of the well-formed UTF-8 sequence at `i` (no overlong
    /// form, no surrogate, at most U+10FFFF) and its length.
    private static func decodeScalar(_ bytes: [UInt8], at i: Int) -> (UInt32, Int)? {
        let lead = bytes[i]
        let width: Int
        var value: UInt32
        var minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (width, value, minimum) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0...0xEF: (width, value, minimum) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0...0xF4: (width, value, minimum) = (4, UInt32(lead & 0x07), 0x10000)
        default: return nil
        }
        guard i + width <= bytes.count else { return nil }
        for k in 1..<width {
            let next = bytes[i + k]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, width)
    }

    private static func fromUTF16(_ bytes: [UInt8], bigEndian: Bool, skip: Int) throws(SourceError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2)
        var i = skip
        func unit(_ at: Int) -> UInt16 {
            bigEndian ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]) : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
        }
        while i < bytes.count {
            guard i + 1 < bytes.count else {
                throw refusal(out, at: out.count, "a lone byte at the end of UTF-16 text")
            }
            let first = unit(i)
            var value = UInt32(first)
            var width = 2
            if (0xD800...0xDBFF).contains(first), i + 3 < bytes.count, (0xDC00...0xDFFF).contains(unit(i + 2)) {
                value = 0x10000 + (UInt32(first - 0xD800) << 10 | UInt32(unit(i + 2) - 0xDC00))
                width = 4
            } else if (0xD800...0xDFFF).contains(first) {
                throw refusal(out, at: out.count, "an unpaired UTF-16 surrogate (U+\(hex(value)))")
            }
            guard isAllowed(value), let scalar = Unicode.Scalar(value) else {
                throw refusal(out, at: out.count, "the character U+\(hex(value)), which XML does not allow")
            }
            UTF8.encode(scalar) { out.append($0) }
            i += width
        }
        return out
    }

    private static func fromSingleByte(_ bytes: [UInt8], ascii: Bool) throws(SourceError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            let value = UInt32(byte)
            if ascii, byte >= 0x80 {
                throw refusal(out, at: out.count, "the byte 0x\(hex(value, digits: 2)), which is not US-ASCII")
            }
            guard isAllowed(value), let scalar = Unicode.Scalar(value) else {
                throw refusal(out, at: out.count, "the control character U+\(hex(value)), which XML does not allow")
            }
            UTF8.encode(scalar) { out.append($0) }
        }
        return out
    }

    private static func hex(_ value: UInt32, digits: Int = 4) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}

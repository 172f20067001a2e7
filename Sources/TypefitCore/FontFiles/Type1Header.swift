/// A Type 1 font's PostScript name read from its clear-text header, as
/// FreeType's `FT_Get_Postscript_Name` gives it (the `/FontName` key), so
/// that a listing need not start FreeType for the few Type 1 faces whose
/// name it checks (loading FreeType's Type 1 driver kept half a MiB of its
/// code resident for two files).
///
/// Only the plain case is answered: a PFA (`%!PS-AdobeFont` or
/// `%!FontType1` first) or a PFB whose first segment is that text, with one
/// `/FontName /Name` at the top of the clear text, before `eexec`. Comments,
/// strings (`(…)`, `<…>`) and procedures are stepped over, so a `/FontName`
/// quoted in a notice is not taken. Anything else — two `/FontName`s, a name
/// that is not a literal name, no `eexec` within the bytes read — is `nil`,
/// and FreeType decides as before.
public enum Type1Header {
    /// How many bytes of the file's start to read: the clear text runs to
    /// `eexec`, 4.4 KB in URW's fonts (a 256-entry encoding vector), rarely
    /// more.
    public static let prefixLength = 16384

    /// The `/FontName` of the font whose first bytes are `bytes`.
    public static func fontName(_ bytes: [UInt8]) -> String? {
        var start = 0
        var end = bytes.count
        // PFB: segment 1 (ASCII) first, its length little-endian.
        if bytes.count >= 6, bytes[0] == 0x80, bytes[1] == 0x01 {
            let length = Int(bytes[2]) | Int(bytes[3]) << 8 | Int(bytes[4]) << 16 | Int(bytes[5]) << 24
            start = 6
            end = min(bytes.count, 6 + length)
        }
        let text = bytes[start..<end]
        guard text.starts(with: Array("%!PS-AdobeFont".utf8)) || text.starts(with: Array("%!FontType1".utf8)) else {
            return nil
        }
        var scanner = Scanner(bytes: text)
        var found: String?
        var sawEexec = false
        while let token = scanner.next() {
            if token == .literal("FontName") {
                guard found == nil, case .literal(let name)? = scanner.next(), !name.isEmpty else { return nil }
                found = name
            } else if token == .executable("eexec") {
                sawEexec = true
                break
            }
        }
        guard sawEexec else { return nil }
        return found
    }

    private enum Token: Equatable {
        /// `/Name`: a literal name (`name` holds it without the slash).
        case literal(String)
        /// A bare word (`def`, `eexec`).
        case executable(String)
        /// Anything else: numbers, strings, brackets, procedures.
        case other
    }

    /// PostScript's tokens, just enough to find top-level keys: comments,
    /// strings and procedures are skipped whole.
    private struct Scanner {
        let bytes: ArraySlice<UInt8>
        var position: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x00
        }

        static func isDelimiter(_ byte: UInt8) -> Bool {
            "()<>[]{}/%".utf8.contains(byte)
        }

        mutating func next() -> Token? {
            while position < bytes.endIndex {
                let byte = bytes[position]
                if Self.isWhitespace(byte) {
                    position += 1
                } else if byte == UInt8(ascii: "%") {
                    while position < bytes.endIndex, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    break
                }
            }
            guard position < bytes.endIndex else { return nil }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "("):
                skipString()
                return .other
            case UInt8(ascii: "<"):
                // A hex string (`<…>`) or a dictionary's `<<`.
                position += 1
                if position < bytes.endIndex, bytes[position] == UInt8(ascii: "<") {
                    position += 1
                } else {
                    while position < bytes.endIndex, bytes[position] != UInt8(ascii: ">") { position += 1 }
                    position += 1
                }
                return .other
            case UInt8(ascii: "{"):
                skipProcedure()
                return .other
            case UInt8(ascii: "/"):
                position += 1
                return .literal(word())
            case UInt8(ascii: ")"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "}"):
                position += 1
                return .other
            default:
                let start = position
                let text = word()
                // A byte no token starts with: step over it alone.
                if position == start { position += 1 }
                return text.isEmpty ? .other : .executable(text)
            }
        }

        /// The regular characters from here, as text (printable ASCII only:
        /// a name with other bytes is not one this reader vouches for).
        mutating func word() -> String {
            let start = position
            while position < bytes.endIndex, !Self.isWhitespace(bytes[position]), !Self.isDelimiter(bytes[position]) {
                position += 1
            }
            let word = bytes[start..<position]
            guard word.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return "" }
            return String(decoding: word, as: UTF8.self)
        }

        /// `(…)` with nested parentheses and backslash escapes.
        mutating func skipString() {
            var depth = 0
            while position < bytes.endIndex {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    depth -= 1
                    if depth == 0 { return }
                }
            }
        }

        /// `{…}`, nested, its strings and comments skipped.
        mutating func skipProcedure() {
            position += 1
            var depth = 1
            while depth > 0, position < bytes.endIndex {
                let byte = bytes[position]
                if byte == UInt8(ascii: "{") {
                    depth += 1
                    position += 1
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    position += 1
                } else if byte == UInt8(ascii: "(") {
                    skipString()
                } else if byte == UInt8(ascii: "%") {
                    while position < bytes.endIndex, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                } else {
                    position += 1
                }
            }
        }
    }
}

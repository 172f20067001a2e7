/// What a cached listing depends on: a path and its modification stamp
/// (nanoseconds), or `nil` when the path did not exist.
public struct CacheValidator: Equatable, Sendable {
    /// The file or directory.
    public var path: String
    /// Its modification time in nanoseconds, `nil` when missing.
    public var stamp: Int64?

    /// Creates a validator.
    public init(path: String, stamp: Int64?) {
        self.path = path
        self.stamp = stamp
    }
}

/// The text format of typefit's listing cache: a header line, one line per
/// validator, a separator, one line per face, and a trailer line
/// `end<TAB>faces<TAB>bytes<TAB>checksum` that closes the file: the number
/// of faces, the length of everything before the trailer and its FNV-1a
/// checksum. A file cut anywhere (even at a line boundary), damaged or
/// grown is therefore never read as a listing. Fields are tab-separated;
/// backslash, tab, newline and the list separator are escaped, and `\N`
/// stands for a missing value. Pure, so it is tested without fontconfig.
public enum FaceListingCodec {
    /// The first line; a different one (an older typefit) is a cache miss.
    /// Raised whenever a face's fields or names change meaning (5: named
    /// instances go by Core Text's names; 6: the instance fontconfig merges
    /// into a variable font's default face is listed), so no listing of an
    /// older typefit is read as this one's.
    public static let header = "typefit-face-cache 6"

    /// The cache text for `faces`, valid while every validator holds.
    public static func encode(validators: [CacheValidator], faces: [FontFace]) -> String {
        var out = header + "\n"
        for validator in validators {
            out += "v\t" + (validator.stamp.map(String.init) ?? "\\N") + "\t" + escape(validator.path) + "\n"
        }
        out += "--\n"
        for face in faces {
            let fields: [String] = [
                escape(face.family), list(face.familyAliases), optional(face.postscriptName),
                optional(face.postscriptNameSource?.rawValue), optional(face.fontconfigPostscriptName),
                optional(face.style), optional(face.weight.map(String.init)),
                optional(face.weightRange.map { "\($0.lowerBound)-\($0.upperBound)" }),
                face.isItalic ? "1" : "0", escape(face.file), String(face.index), face.isVariable ? "1" : "0",
                optional(face.format), list(face.otherFiles), optional(face.width.map(String.init)),
                optional(face.widthRange.map { "\($0.lowerBound)-\($0.upperBound)" }),
                optional(face.fontconfigFamily), optional(face.fontconfigStyle), optional(face.fullName),
            ]
            out += fields.joined(separator: "\t") + "\n"
        }
        let body = Array(out.utf8)
        return out + "end\t\(faces.count)\t\(body.count)\t\(checksum(body[...]))\n"
    }

    /// FNV-1a, 64 bits, as 16 hex digits: catches a damaged file, not an
    /// attacker (the cache lives in a folder only its user can write).
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Why `bytes` is not a whole cache this version wrote (`nil` when it
    /// is): another version, cut short, a length or checksum that does not
    /// match.
    public static func damage(_ bytes: [UInt8]) -> String? {
        guard case .failure(let damage) = decodeChecked(bytes) else { return nil }
        return damage.reason
    }

    private static func trailer(_ bytes: [UInt8]) -> (body: Int, faces: Int, failure: String?) {
        guard bytes.starts(with: Array((header + "\n").utf8)) else {
            return (0, 0, bytes.isEmpty ? "empty" : "written by another version of typefit")
        }
        guard bytes.last == 0x0A else { return (0, 0, "cut short") }
        let start = (bytes.dropLast().lastIndex(of: 0x0A) ?? -1) + 1
        let fields = String(decoding: bytes[start..<(bytes.count - 1)], as: UTF8.self).split(separator: "\t")
        guard fields.count == 4, fields[0] == "end", let faces = Int(fields[1]), let length = Int(fields[2]) else {
            return (0, 0, "cut short")
        }
        guard length == start else { return (0, 0, "cut short or grown (\(start) bytes where it says \(length))") }
        guard checksum(bytes[..<start]) == fields[3] else { return (0, 0, "damaged (its checksum does not match)") }
        return (start, faces, nil)
    }

    /// The validators and faces of a cache text, or `nil` when it is not one
    /// this version wrote (a damaged cache is a miss, never an error).
    public static func decode(_ text: String) -> (validators: [CacheValidator], faces: [FontFace])? {
        decode(Array(text.utf8))
    }

    /// `decode` over the file's bytes. Works on UTF-8 bytes, not Characters:
    /// splitting thousands of lines by grapheme cost more than asking
    /// fontconfig.
    public static func decode(_ bytes: [UInt8]) -> (validators: [CacheValidator], faces: [FontFace])? {
        try? decodeChecked(bytes).get()
    }

    /// Why a cache file could not be read as a listing, in words.
    public struct Damage: Error, Equatable, Sendable {
        /// "cut short", "damaged (its checksum does not match)" …
        public var reason: String
    }

    /// `decode`, or why the bytes are not a whole listing this version
    /// wrote (the trailer checked once, the body read once).
    public static func decodeChecked(_ bytes: [UInt8]) -> Result<
        (validators: [CacheValidator], faces: [FontFace]), Damage
    > {
        let (bodyLength, faceCount, failure) = trailer(bytes)
        if let failure { return .failure(Damage(reason: failure)) }
        let decoded = bytes[..<bodyLength].withUnsafeBufferPointer {
            buffer -> (validators: [CacheValidator], faces: [FontFace])? in
            var lines = Lines(buffer: buffer)
            guard let first = lines.next(), equals(buffer, first, header) else { return nil }
            var validators: [CacheValidator] = []
            var faces: [FontFace] = []
            var inFaces = false
            var fields: [Range<Int>] = []
            fields.reserveCapacity(19)
            while let line = lines.next() {
                if line.isEmpty { continue }
                if !inFaces && equals(buffer, line, "--") {
                    inFaces = true
                    continue
                }
                split(buffer, line, into: &fields)
                let text = { (i: Int) -> String? in Self.field(buffer, fields[i]) }
                if !inFaces {
                    guard fields.count == 3, equals(buffer, fields[0], "v"), let path = text(2) else { return nil }
                    let stamp = text(1)
                    guard stamp == nil || Int64(stamp ?? "") != nil else { return nil }
                    validators.append(CacheValidator(path: path, stamp: stamp.flatMap { Int64($0) }))
                    continue
                }
                guard fields.count == 19, let family = text(0), let aliases = list(buffer, fields[1]),
                    let file = text(9), let index = text(10).flatMap({ Int($0) }),
                    let others = list(buffer, fields[13])
                else { return nil }
                func span(_ i: Int) -> ClosedRange<Int>?? {
                    guard let span = text(i) else { return .some(nil) }
                    let ends = span.split(separator: "-").compactMap { Int($0) }
                    guard ends.count == 2, ends[0] <= ends[1] else { return nil }
                    return ends[0]...ends[1]
                }
                guard let range = span(7), let widthRange = span(15) else { return nil }
                faces.append(
                    FontFace(
                        family: family, familyAliases: aliases, postscriptName: text(2),
                        postscriptNameSource: text(3).flatMap(FontFace.NameSource.init(rawValue:)),
                        fontconfigPostscriptName: text(4), style: text(5), weight: text(6).flatMap { Int($0) },
                        weightRange: range, width: text(14).flatMap { Int($0) }, widthRange: widthRange,
                        isItalic: equals(buffer, fields[8], "1"), file: file, index: index,
                        isVariable: equals(buffer, fields[11], "1"), format: text(12), otherFiles: others,
                        fontconfigFamily: text(16), fontconfigStyle: text(17), fullName: text(18)))
            }
            return inFaces ? (validators, faces) : nil
        }
        guard let decoded else { return .failure(Damage(reason: "not in the format this version writes")) }
        guard decoded.faces.count == faceCount else {
            return .failure(Damage(reason: "cut short (\(decoded.faces.count) faces where it says \(faceCount))"))
        }
        return .success(decoded)
    }

    /// The lines of a buffer, as ranges without their newline.
    private struct Lines {
        let buffer: UnsafeBufferPointer<UInt8>
        var position = 0

        mutating func next() -> Range<Int>? {
            guard position < buffer.count else { return nil }
            var end = position
            while end < buffer.count && buffer[end] != 0x0A { end += 1 }
            defer { position = end + 1 }
            return position..<end
        }
    }

    private static func split(_ buffer: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, into fields: inout [Range<Int>])
    {
        fields.removeAll(keepingCapacity: true)
        var start = line.lowerBound
        for i in line where buffer[i] == 0x09 {
            fields.append(start..<i)
            start = i + 1
        }
        fields.append(start..<line.upperBound)
    }

    private static func equals(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: String) -> Bool {
        range.count == text.utf8.count && zip(buffer[range], text.utf8).allSatisfy { $0 == $1 }
    }

    /// A field's string: `nil` for `\N` or a malformed escape.
    private static func field(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        let bytes = UnsafeBufferPointer(rebasing: buffer[range])
        if bytes.count == 2 && bytes[0] == 0x5C && bytes[1] == UInt8(ascii: "N") { return nil }
        if !bytes.contains(0x5C) { return String(decoding: bytes, as: UTF8.self) }
        return unescape(Substring(String(decoding: bytes, as: UTF8.self)))
    }

    private static func list(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [String]? {
        if range.isEmpty { return [] }
        var values: [String] = []
        var start = range.lowerBound
        for i in range.lowerBound...range.upperBound where i == range.upperBound || buffer[i] == 0x1F {
            guard let value = field(buffer, start..<i) else { return nil }
            values.append(value)
            start = i + 1
        }
        return values
    }

    private static func optional(_ value: String?) -> String { value.map(escape) ?? "\\N" }

    private static func list(_ values: [String]) -> String {
        values.map(escape).joined(separator: "\u{1F}")
    }

    static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x1F || $0 == 0x0D }) else {
            return value
        }
        var out = ""
        for ch in value.unicodeScalars {
            switch ch {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{1F}": out += "\\u"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// The original string, or `nil` for `\N` (and for a malformed escape,
    /// which the callers treat as a damaged cache).
    static func unescape(_ field: Substring) -> String? {
        if field == "\\N" { return nil }
        guard field.utf8.contains(0x5C) else { return String(field) }
        var out = ""
        var escaping = false
        for ch in field.unicodeScalars {
            if escaping {
                switch ch {
                case "\\": out += "\\"
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                case "u": out += "\u{1F}"
                default: return nil
                }
                escaping = false
            } else if ch == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(ch)
            }
        }
        return escaping ? nil : out
    }
}

/// Writes JSON straight into a byte buffer: two-space indentation, no
/// escaped slashes, numbers in Swift's shortest round-trip form.
///
/// Callers write object keys in sorted order themselves (the documents'
/// tests check it); this keeps `list-fonts` from building and sorting a
/// dictionary per face, which cost more than fontconfig's own work. The
/// storage is bytes (appending to a `String` piece by piece costs twice as
/// much), handed to stdout as they are.
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private var depth = 0
    private var needsComma = false
    private var afterKey = false

    /// Creates an empty writer.
    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The document's bytes (valid UTF-8), with a final newline.
    public mutating func finishBytes() -> [UInt8] {
        bytes.append(0x0A)
        return bytes
    }

    /// The document as text, with a final newline.
    public mutating func finish() -> String {
        String(decoding: finishBytes(), as: UTF8.self)
    }

    /// Starts an object (as a value or member value).
    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    /// Ends the current object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    /// Starts an array.
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    /// Ends the current array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes a member's key known at compile time (no escaping needed: the
    /// caller's keys are plain ASCII names).
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
        afterKey = true
    }

    /// Writes a member's key; the next value written is its value.
    public mutating func key(_ key: String) {
        separate()
        appendString(key)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
        afterKey = true
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        separate()
        appendString(value)
        needsComma = true
    }

    /// Writes a string or `null`.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes an integer.
    public mutating func int(_ value: Int) { raw(String(value)) }

    /// Writes a number: integral values without a fraction (`33`, not
    /// `33.0`), non-finite values as `null`.
    public mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            int(Int(value))
        } else if value.isFinite {
            raw(value.description)
        } else {
            null()
        }
    }

    /// Writes a Boolean.
    public mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

    /// Writes `null`.
    public mutating func null() { raw("null") }

    private mutating func raw(_ literal: String) {
        separate()
        appendUTF8(literal)
        needsComma = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        depth += 1
        needsComma = false
        isEmptyContainer = true
    }

    /// Whether nothing was written since the last container opened: an empty
    /// container closes on the same line (`[]`).
    private var isEmptyContainer = false

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !isEmptyContainer { newline() }
        isEmptyContainer = false
        bytes.append(bracket)
        needsComma = true
    }

    /// The comma and newline before a value or key, unless it follows a key.
    private mutating func separate() {
        isEmptyContainer = false
        if afterKey {
            afterKey = false
            return
        }
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        if depth > 0 { newline() }
    }

    /// A newline and the indentation of each depth, ready to copy.
    private static let indentation: [[UInt8]] = (0..<12).map { [0x0A] + Array(repeating: 0x20, count: $0 * 2) }

    private mutating func newline() {
        if depth < Self.indentation.count {
            Self.indentation[depth].withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
        } else {
            bytes.append(0x0A)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
    }

    /// Appends a string's UTF-8 with one copy where its storage allows.
    private mutating func appendUTF8(_ s: String) {
        let copied: Void? = s.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        if copied == nil { bytes.append(contentsOf: s.utf8) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func needsEscaping(_ s: String) -> Bool {
        // A tight loop over contiguous storage: this runs for every string of
        // a listing of thousands of faces.
        s.utf8.withContiguousStorageIfAvailable { buffer in
            buffer.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
        } ?? s.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
    }

    private mutating func appendString(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        if !Self.needsEscaping(s) {
            appendUTF8(s)
        } else {
            for byte in s.utf8 {
                switch byte {
                case 0x22: bytes.append(contentsOf: [0x5C, 0x22])  // \"
                case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])  // \\
                case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
                case 0..<0x20, 0x7F:
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Writes JSON straight into a byte buffer: two-space indentation, no
/// escaped slashes, numbers in Swift's shortest round-trip form.
///
/// Callers write object keys in sorted order themselves (the documents'
/// tests check it); this keeps `list-fonts` from building and sorting a
/// dictionary per face, which cost more than fontconfig's own work. The
/// storage is bytes (appending to a `String` piece by piece costs twice as
/// much), handed to stdout as they are.
public struct JSONWriter {
    private let buffer: ByteBuffer

    private var depth = 0
    private var needsComma = false
    private var afterKey = false

    private let pretty: Bool

    #if DEBUG
        /// Per open container: whether it is an object, and its last key.
        /// Debug builds (the tests) check that every caller writes keys in
        /// sorted byte order, the promise of every typefit document; release
        /// builds pay nothing.
        private var containers: [(isObject: Bool, lastKey: [UInt8]?)] = []
    #endif

    /// Creates an empty writer: indented when `pretty` (for people at a
    /// terminal), else compact (for pipes: a third of the bytes).
    public init(capacity: Int = 4096, pretty: Bool = true) {
        buffer = ByteBuffer(capacity: capacity)
        self.pretty = pretty
    }

    /// How many bytes are written and not yet taken by `drain`.
    public var pendingCount: Int { buffer.count }

    /// The bytes written since the last drain (a document streamed to
    /// stdout in chunks); the document goes on where it was.
    public mutating func drain() -> [UInt8] { buffer.take() }

    /// The document's bytes (valid UTF-8) since the last `drain`, with a
    /// final newline.
    public mutating func finishBytes() -> [UInt8] {
        buffer.append(0x0A)
        return buffer.take()
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
    /// caller's keys are plain ASCII names). Spelled differently from
    /// `key(_:)` because a literal would otherwise pick the `String` overload.
    public mutating func staticKey(_ key: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { buffer.append($0) }
        #if DEBUG
            key.withUTF8Buffer { checkOrder(Array($0)) }
        #endif
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
        if pretty { buffer.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// A key quoted and escaped once, for keys written many times (a
    /// document's per-category objects).
    public struct EncodedKey: Sendable {
        /// The key's own bytes.
        let raw: [UInt8]
        /// The key as written: quoted, escaped.
        let quoted: [UInt8]

        /// Encodes `key`.
        public init(_ key: String) {
            var writer = JSONWriter(capacity: key.utf8.count + 8, pretty: false)
            writer.appendString(key)
            raw = Array(key.utf8)
            quoted = writer.drain()
        }
    }

    /// Writes a member's key encoded beforehand; the next value written is
    /// its value.
    public mutating func key(_ key: EncodedKey) {
        separate()
        #if DEBUG
            checkOrder(key.raw)
        #endif
        key.quoted.withUnsafeBufferPointer { buffer.append($0) }
        buffer.append(UInt8(ascii: ":"))
        if pretty { buffer.append(UInt8(ascii: " ")) }
        afterKey = true
    }

    /// Writes a member's key; the next value written is its value.
    public mutating func key(_ key: String) {
        separate()
        #if DEBUG
            checkOrder(Array(key.utf8))
        #endif
        appendString(key)
        buffer.append(UInt8(ascii: ":"))
        if pretty { buffer.append(UInt8(ascii: " ")) }
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
    public mutating func int(_ value: Int) {
        separate()
        appendInteger(value)
        needsComma = true
    }

    /// Writes a number: integral values without a fraction (`33`, not
    /// `33.0`), non-finite values as `null`.
    public mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            int(Int(value))
        } else if value.isFinite {
            separate()
            var text = value.description
            text.withUTF8 { buffer.append($0) }
            needsComma = true
        } else {
            null()
        }
    }

    /// The keys of an object written many times over (fit writes three
    /// objects of the same category keys per string), quoted once, with
    /// and without the comma before them.
    public struct MemberKeys: Sendable {
        let keys: [EncodedKey]
        /// Every key as `,"key":`, one after another: a member is a slice of
        /// one buffer (no array per key to retain as it is written).
        let bytes: [UInt8]
        /// Where each key's `,"key":` starts in `bytes`, and its end.
        let ranges: [Range<Int>]

        /// Encodes `keys`.
        public init(_ keys: [String]) {
            self.keys = keys.map(EncodedKey.init)
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            for key in self.keys {
                let start = bytes.count
                bytes.append(UInt8(ascii: ","))
                bytes += key.quoted
                bytes.append(UInt8(ascii: ":"))
                ranges.append(start..<bytes.count)
            }
            self.bytes = bytes
            self.ranges = ranges
        }
    }

    /// A member value of `object(_:order:value:)`.
    public enum MemberValue {
        /// `true` or `false`.
        case bool(Bool)
        /// An integer.
        case int(Int)
    }

    /// An object of the members `keys[i]: value(i)` for each `i` of `order`
    /// (sorted by key by the caller) whose value is not `nil`. A compact
    /// document writes it as bytes straight away, without the per-member
    /// bookkeeping of `key` and `bool` (a third of fit's document time); an
    /// indented one member by member, byte for byte as those would.
    public mutating func object(_ keys: MemberKeys, order: [Int], value: (Int) -> MemberValue?) {
        guard !pretty else {
            beginObject()
            for i in order {
                guard let member = value(i) else { continue }
                key(keys.keys[i])
                switch member {
                case .bool(let flag): bool(flag)
                case .int(let number): int(number)
                }
            }
            endObject()
            return
        }
        separate()
        // Written through one pointer after one capacity check: every key
        // once, and per member at most 20 bytes (an integer's digits and
        // sign, or `false`), and the braces. Appending byte by byte, the
        // checks were most of fit's document time.
        let bound = keys.bytes.count + order.count * 20 + 2
        keys.bytes.withUnsafeBufferPointer { all in
            keys.ranges.withUnsafeBufferPointer { ranges in
                buffer.write(upTo: bound) { out in
                    out[0] = UInt8(ascii: "{")
                    var n = 1
                    var isFirst = true
                    for i in order {
                        guard let member = value(i) else { continue }
                        // The first member without its comma.
                        let range = ranges[i]
                        let start = isFirst ? range.lowerBound + 1 : range.lowerBound
                        let length = range.upperBound - start
                        (out + n).update(from: all.baseAddress.unsafelyUnwrapped + start, count: length)
                        n += length
                        isFirst = false
                        switch member {
                        case .bool(true):
                            (out[n], out[n + 1], out[n + 2], out[n + 3]) = (0x74, 0x72, 0x75, 0x65)  // true
                            n += 4
                        case .bool(false):
                            (out[n], out[n + 1], out[n + 2], out[n + 3], out[n + 4]) = (0x66, 0x61, 0x6C, 0x73, 0x65)
                            n += 5
                        case .int(let number):
                            n += Self.writeInteger(number, to: out + n)
                        }
                    }
                    out[n] = UInt8(ascii: "}")
                    return n + 1
                }
            }
        }
        needsComma = true
    }

    /// An integer's decimal digits (and sign) at `out`, at most 20 bytes;
    /// how many.
    static func writeInteger(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value >= 0 && value < 10 {
            out[0] = UInt8(ascii: "0") + UInt8(value)
            return 1
        }
        var n = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            n = 1
        }
        var magnitude = value.magnitude
        var digits = 0
        var probe = magnitude
        repeat {
            digits += 1
            probe /= 10
        } while probe > 0
        var i = n + digits - 1
        repeat {
            out[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            i -= 1
        } while magnitude > 0
        return n + digits
    }

    /// Whether the document is indented.
    public var isPretty: Bool { pretty }

    /// A compact value written as literal fragments between values (an
    /// object's `{"a":`, `,"b":`, … `}`), for the objects written
    /// thousands of times (a listing's faces): the bookkeeping of `key`,
    /// `string` and `int` per member was a third of a listing's JSON
    /// instructions. The caller keeps the keys' order and JSON's syntax;
    /// tests compare the bytes with the member-by-member writing. Starts
    /// with the value's comma; `endFragments` ends it.
    mutating func beginFragments() {
        precondition(!pretty, "fragments are compact")
        separate()
    }

    /// Literal bytes of a value begun with `beginFragments`.
    // Inlined: each literal's length is then a constant, and its copy a
    // few moves instead of a call to `memcpy` (fit writes sixteen a result).
    @inline(__always)
    mutating func fragment(_ literal: StaticString) {
        literal.withUTF8Buffer { buffer.append($0) }
    }

    /// A string, or `null`, inside fragments.
    mutating func fragmentString(_ value: String?) {
        if let value { appendString(value) } else { fragment("null") }
    }

    /// An integer, or `null`, inside fragments.
    mutating func fragmentInt(_ value: Int?) {
        if let value { appendInteger(value) } else { fragment("null") }
    }

    /// A Boolean, or `null`, inside fragments.
    mutating func fragmentBool(_ value: Bool?) {
        switch value {
        case true?: fragment("true")
        case false?: fragment("false")
        case nil: fragment("null")
        }
    }

    /// Ends a value written in fragments: the next one gets its comma.
    mutating func endFragments() { needsComma = true }

    /// Inside fragments, after a literal key (`,"a":`): the next value is
    /// written with the usual functions (an array, a number), as after
    /// `key`; fragments go on after it.
    mutating func fragmentKeyWritten() { afterKey = true }

    /// Bytes written inside fragments, after a literal key, as a value a
    /// value function wrote before (`fragmentObjectBytes`): the same
    /// object, copied.
    mutating func fragmentBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer.append($0) }
        afterKey = false
        needsComma = true
    }

    /// `fragmentObject`, and the bytes it wrote (for `fragmentBytes`).
    mutating func fragmentObjectBytes(_ keys: MemberKeys, order: [Int], value: (Int) -> MemberValue?) -> [UInt8] {
        let start = buffer.count
        fragmentObject(keys, order: order, value: value)
        return Array(UnsafeBufferPointer(start: buffer.base + start, count: buffer.count - start))
    }

    /// `object(_:order:value:)` inside fragments, after a literal key.
    mutating func fragmentObject(_ keys: MemberKeys, order: [Int], value: (Int) -> MemberValue?) {
        afterKey = true
        object(keys, order: order, value: value)
    }

    /// Writes a Boolean.
    public mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }

    /// Writes `null`.
    public mutating func null() { raw("null") }

    private mutating func raw(_ literal: StaticString) {
        separate()
        literal.withUTF8Buffer { buffer.append($0) }
        needsComma = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        buffer.append(bracket)
        #if DEBUG
            containers.append((bracket == UInt8(ascii: "{"), nil))
        #endif
        depth += 1
        needsComma = false
        isEmptyContainer = true
    }

    /// Whether nothing was written since the last container opened: an empty
    /// container closes on the same line (`[]`).
    private var isEmptyContainer = false

    private mutating func close(_ bracket: UInt8) {
        #if DEBUG
            _ = containers.popLast()
        #endif
        depth -= 1
        if !isEmptyContainer { newline() }
        isEmptyContainer = false
        buffer.append(bracket)
        needsComma = true
    }

    /// The comma and newline before a value or key, unless it follows a key.
    private mutating func separate() {
        isEmptyContainer = false
        if afterKey {
            afterKey = false
            return
        }
        if needsComma { buffer.append(UInt8(ascii: ",")) }
        if depth > 0 { newline() }
    }

    private mutating func newline() {
        guard pretty else { return }
        buffer.append(0x0A)
        buffer.appendRepeating(0x20, count: depth * 2)
    }

    #if DEBUG
        private mutating func checkOrder(_ key: [UInt8]) {
            guard let top = containers.indices.last else { return }
            assert(containers[top].isObject, "a key written outside an object")
            if let previous = containers[top].lastKey {
                assert(
                    previous.lexicographicallyPrecedes(key),
                    "JSON keys out of order: '\(String(decoding: key, as: UTF8.self))' after "
                        + "'\(String(decoding: previous, as: UTF8.self))'")
            }
            containers[top].lastKey = key
        }
    #endif

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F
    }

    /// Whether any byte `needsEscape`, eight bytes at a time (a listing's
    /// strings are a megabyte and a half, nearly none with such a byte).
    /// Per word, the usual bit tests, merged: a byte below 0x20, or one
    /// equal to `"`, `\` or DEL (a zero byte after an exclusive or) sets
    /// its high bit in `(w - 0x20…) | (w ^ 0x22… - 0x01…) | …`, kept where
    /// the byte itself is below 0x80 (UTF-8's multi-byte sequences never
    /// match; a borrow reaches higher bytes only past a match, which makes
    /// the word's answer right). The words are tested together at the end,
    /// the last one read overlapping the one before: 40% fewer
    /// instructions than testing each word on its own, which was a
    /// quarter of writing a listing's JSON.
    static func anyNeedsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        let count = utf8.count
        guard count >= 8 else {
            for byte in utf8 where needsEscape(byte) { return true }
            return false
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func marks(_ word: UInt64) -> UInt64 {
            let below = word &- ones &* 0x20
            let quote = (word ^ (ones &* 0x22)) &- ones
            let backslash = (word ^ (ones &* 0x5C)) &- ones
            let delete = (word ^ (ones &* 0x7F)) &- ones
            return (below | quote | backslash | delete) & ~word & highs
        }
        let raw = UnsafeRawPointer(base)
        var found: UInt64 = 0
        var i = 0
        while i + 8 < count {
            found |= marks(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        found |= marks(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        return found != 0
    }

    /// One pass over the string's UTF-8, read in place (no copy of the
    /// string, so no retain): most strings need no escaping and are copied
    /// whole.
    private mutating func appendString(_ s: String) {
        buffer.append(0x22)
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendUTF8($0) }
        if done == nil {
            for byte in s.utf8 { appendEscaped(byte) }
        }
        buffer.append(0x22)
    }

    private mutating func appendUTF8(_ utf8: UnsafeBufferPointer<UInt8>) {
        if !Self.anyNeedsEscape(utf8) {
            buffer.append(utf8)
        } else {
            for byte in utf8 { appendEscaped(byte) }
        }
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case 0x22, 0x5C:
            buffer.append(0x5C)
            buffer.append(byte)
        case 0x0A: buffer.append(0x5C); buffer.append(UInt8(ascii: "n"))
        case 0x0D: buffer.append(0x5C); buffer.append(UInt8(ascii: "r"))
        case 0x09: buffer.append(0x5C); buffer.append(UInt8(ascii: "t"))
        case 0x08: buffer.append(0x5C); buffer.append(UInt8(ascii: "b"))
        case 0x0C: buffer.append(0x5C); buffer.append(UInt8(ascii: "f"))
        case 0..<0x20, 0x7F:
            for ascii in "\\u00".utf8 { buffer.append(ascii) }
            buffer.append(Self.hexDigits[Int(byte >> 4)])
            buffer.append(Self.hexDigits[Int(byte & 0x0F)])
        default: buffer.append(byte)
        }
    }

    /// Decimal digits of an integer, written straight into the buffer.
    private mutating func appendInteger(_ value: Int) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                raw[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for i in stride(from: count - 1, through: 0, by: -1) { buffer.append(raw[i]) }
        }
    }
}

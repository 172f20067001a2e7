/// Apple's binary property lists (`bplist00`), which Xcode writes into a
/// built app for `.strings` and `.stringsdict` files: read into the same
/// values as XML property lists. The bytes are untrusted: every offset and
/// count is checked against the file, nesting is bounded, a reference
/// cycle is an error, each object is decoded once however many objects
/// refer to it (a 261-byte file of shared references once took 9.7 GB), and
/// the values the file expands to are capped at `maximumValues`. A problem
/// is a `SourceError` whose column is the byte offset (line 1).
public enum BinaryPropertyList {
    /// Whether `bytes` start like a binary property list.
    public static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist0".utf8))
    }

    /// The most values (strings, numbers, arrays, dictionaries …) the top
    /// object may expand to, counting a shared object once per reference.
    /// Real `.strings` and `.stringsdict` files hold a few per string.
    public static let maximumValues = 1 << 20

    /// The top object of a binary property list.
    public static func parse(_ bytes: [UInt8]) throws(SourceError) -> ParsedPlist {
        var reader = try Reader(bytes)
        return try reader.object(reader.top, depth: 0)
    }

    struct Reader {
        let bytes: [UInt8]
        let offsets: [Int]
        let referenceSize: Int
        let top: Int
        /// Each object decoded, with the number of values it expands to:
        /// a shared object is decoded once and its value shared (Swift's
        /// arrays share their storage), never decoded again per reference.
        var decoded: [Int: (value: ParsedPlist, size: Int)] = [:]
        /// The objects being decoded: a reference to one of them is a cycle.
        var open = Set<Int>()

        init(_ bytes: [UInt8]) throws(SourceError) {
            self.bytes = bytes
            guard bytes.count >= 8 + 32, BinaryPropertyList.isBinary(bytes) else {
                throw SourceError(SourcePosition(line: 1, column: 1), "not a binary property list")
            }
            let trailer = bytes.count - 32
            let offsetSize = Int(bytes[trailer + 6])
            referenceSize = Int(bytes[trailer + 7])
            let count = Self.integer(bytes, trailer + 8, 8)
            let topIndex = Self.integer(bytes, trailer + 16, 8)
            let table = Self.integer(bytes, trailer + 24, 8)
            guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, topIndex < count,
                table >= 8, count <= (trailer - table) / offsetSize
            else {
                throw SourceError(
                    SourcePosition(line: 1, column: trailer + 1), "the binary property list's trailer is damaged")
            }
            offsets = (0..<count).map { Self.integer(bytes, table + $0 * offsetSize, offsetSize) }
            top = topIndex
        }

        /// A big-endian unsigned integer of `size` bytes at `at` (callers
        /// check the range; sizes above 8 are refused before).
        static func integer(_ bytes: [UInt8], _ at: Int, _ size: Int) -> Int {
            var value: UInt64 = 0
            for i in 0..<size where at + i < bytes.count { value = value << 8 | UInt64(bytes[at + i]) }
            return Int(truncatingIfNeeded: min(value, UInt64(Int.max)))
        }

        /// An error at byte `at`. Offsets come from the file and may be any
        /// 64-bit value (the fuzzer's `Int.max`, whose column overflowed and
        /// trapped): one past the end stands for them all.
        func fail(_ at: Int, _ message: String) -> SourceError {
            SourceError(SourcePosition(line: 1, column: min(max(at, 0), bytes.count) + 1), message)
        }

        /// The object at index `index` of the offset table.
        mutating func object(_ index: Int, depth: Int) throws(SourceError) -> ParsedPlist {
            try sized(index, depth: depth).value
        }

        /// The object at `index` and the values it expands to, decoded once.
        mutating func sized(_ index: Int, depth: Int) throws(SourceError) -> (value: ParsedPlist, size: Int) {
            if let known = decoded[index] { return known }
            guard depth < 64 else { throw fail(0, "objects nested more than 64 deep") }
            guard index >= 0, index < offsets.count else { throw fail(0, "an object reference out of range") }
            guard open.insert(index).inserted else {
                throw fail(offsets[index], "a reference cycle (an object that contains itself)")
            }
            defer { open.remove(index) }
            let result = try decode(index, depth: depth)
            guard result.size <= BinaryPropertyList.maximumValues else {
                throw fail(
                    offsets[index],
                    "shared references expand to more than \(BinaryPropertyList.maximumValues) values (typefit's cap)")
            }
            decoded[index] = result
            return result
        }

        /// Decodes the object at `index` (its children through `sized`), with
        /// the number of values it expands to.
        private mutating func decode(_ index: Int, depth: Int) throws(SourceError) -> (value: ParsedPlist, size: Int) {
            let at = offsets[index]
            guard at >= 8, at < bytes.count - 32 else { throw fail(at, "an object offset out of range") }
            let position = SourcePosition(line: 1, column: at + 1)
            let marker = bytes[at]
            let info = Int(marker & 0x0F)
            switch marker >> 4 {
            case 0x0:
                switch marker {
                case 0x08: return (ParsedPlist(value: .bool(false), position: position), 1)
                case 0x09: return (ParsedPlist(value: .bool(true), position: position), 1)
                default:
                    throw fail(at, "an object of a kind property lists do not hold (0x\(String(marker, radix: 16)))")
                }
            case 0x1:
                let size = 1 << info
                guard size <= 8, at + 1 + size <= bytes.count else { throw fail(at, "an integer cut short") }
                return (
                    ParsedPlist(
                        value: .integer(Int64(truncatingIfNeeded: Self.integer(bytes, at + 1, size))),
                        position: position),
                    1
                )
            case 0x2:
                let size = 1 << info
                guard size == 4 || size == 8, at + 1 + size <= bytes.count else { throw fail(at, "a real cut short") }
                let raw = UInt64(Self.integer(bytes, at + 1, size))
                let value = size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
                return (ParsedPlist(value: .real(value), position: position), 1)
            case 0x3:
                return (ParsedPlist(value: .date("(a date)"), position: position), 1)
            case 0x4:
                let (length, start) = try self.length(at, info)
                guard start + length <= bytes.count else { throw fail(at, "data cut short") }
                return (ParsedPlist(value: .data("\(length) bytes"), position: position), 1)
            case 0x5:
                let (length, start) = try self.length(at, info)
                guard start + length <= bytes.count else { throw fail(at, "a string cut short") }
                let text = String(decoding: bytes[start..<start + length], as: UTF8.self)
                return (ParsedPlist(value: .string(text), position: position), 1)
            case 0x6:
                let (length, start) = try self.length(at, info)
                guard length <= (bytes.count - start) / 2 else { throw fail(at, "a string cut short") }
                let units = (0..<length).map { UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1]) }
                guard let text = String(validating: units, as: UTF16.self) else {
                    throw fail(at, "a UTF-16 string with unpaired surrogates")
                }
                return (ParsedPlist(value: .string(text), position: position), 1)
            case 0xA:
                let (count, start) = try self.length(at, info)
                let refs = try references(start, count, at)
                var items: [ParsedPlist] = []
                var size = 1
                for ref in refs {
                    let item = try sized(ref, depth: depth + 1)
                    items.append(item.value)
                    size = try add(size, item.size, at)
                }
                return (ParsedPlist(value: .array(items), position: position), size)
            case 0xD:
                let (count, start) = try self.length(at, info)
                let keys = try references(start, count, at)
                let values = try references(start + count * referenceSize, count, at)
                var members: [(key: String, keyPosition: SourcePosition, value: ParsedPlist)] = []
                var size = 1
                for (key, value) in zip(keys, values) {
                    let name = try object(key, depth: depth + 1)
                    guard case .string(let text) = name.value else {
                        throw fail(at, "a dictionary key that is \(name.kindDescription), not a string")
                    }
                    let member = try sized(value, depth: depth + 1)
                    members.append((text, name.position, member.value))
                    size = try add(size, 1 + member.size, at)
                }
                return (ParsedPlist(value: .dictionary(members), position: position), size)
            default:
                throw fail(at, "an object of a kind property lists do not hold (0x\(String(marker, radix: 16)))")
            }
        }

        /// `a + b` values, refused past the cap (never overflowing).
        func add(_ a: Int, _ b: Int, _ at: Int) throws(SourceError) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            guard !overflow, sum <= BinaryPropertyList.maximumValues else {
                throw fail(
                    at,
                    "shared references expand to more than \(BinaryPropertyList.maximumValues) values (typefit's cap)")
            }
            return sum
        }

        /// The count in a marker's low nibble, or the integer object after it
        /// (nibble 0xF), and where the content starts.
        func length(_ at: Int, _ info: Int) throws(SourceError) -> (Int, Int) {
            guard info == 0xF else { return (info, at + 1) }
            guard at + 2 < bytes.count, bytes[at + 1] >> 4 == 0x1 else {
                throw fail(at, "a length that is not an integer")
            }
            let size = 1 << Int(bytes[at + 1] & 0x0F)
            guard size <= 8, at + 2 + size <= bytes.count else { throw fail(at, "a length cut short") }
            let length = Self.integer(bytes, at + 2, size)
            guard length <= bytes.count else { throw fail(at, "a length larger than the file") }
            return (length, at + 2 + size)
        }

        /// `count` object references at `start`.
        func references(_ start: Int, _ count: Int, _ at: Int) throws(SourceError) -> [Int] {
            guard count <= (bytes.count - start) / referenceSize else { throw fail(at, "references cut short") }
            return (0..<count).map { Self.integer(bytes, start + $0 * referenceSize, referenceSize) }
        }
    }
}

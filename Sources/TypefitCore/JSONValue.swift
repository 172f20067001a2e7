/// A JSON document typefit writes: built as a value, serialized with sorted
/// keys, unescaped slashes and numbers in Swift's shortest round-trip form.
///
/// typefit writes its own JSON rather than using `JSONEncoder` because the CLI
/// must not pay full Foundation's start-up cost, and `list-fonts` must keep
/// pace with `fc-list`.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// An optional string as a string or `null`.
    public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// A number: integral values print without a fraction (`33`, not `33.0`).
    public static func number(_ value: Double) -> JSONValue {
        if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return .int(Int(value))
        }
        return value.isFinite ? .double(value) : .null
    }

    /// An optional number as a number or `null`.
    public static func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }

    /// The serialized document: two-space indentation, a final newline.
    public func serialized() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(into: &out, indent: 0)
        out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8], indent: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .double(let d): out.append(contentsOf: d.description.utf8)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, indent + 1)
                item.write(into: &out, indent: indent + 1)
            }
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            // Sorted by UTF-8 bytes, as JSONEncoder's .sortedKeys orders ASCII keys.
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (i, key) in keys.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, indent + 1)
                Self.writeString(key, into: &out)
                out.append(contentsOf: ": ".utf8)
                members[key, default: .null].write(into: &out, indent: indent + 1)
            }
            Self.newline(&out, indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20, 0x7F:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

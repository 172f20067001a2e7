/// A small JSON document built as a value and written with sorted keys
/// through `JSONWriter`. Fine for `scale`'s few hundred values; `list-fonts`
/// writes its thousands of faces straight through `JSONWriter`.
///
/// typefit writes its own JSON rather than using `JSONEncoder` because the CLI
/// must not pay full Foundation's start-up cost.
public enum JSONValue: Sendable {
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

    /// The serialized document with a final newline: indented by two spaces
    /// when `pretty`, else compact.
    public func serialized(pretty: Bool = true) -> String {
        var writer = JSONWriter(pretty: pretty)
        write(to: &writer)
        return writer.finish()
    }

    /// Writes the value through `writer`, object keys sorted (typefit's keys
    /// are ASCII, where `String` order is byte order).
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let b): writer.bool(b)
        case .int(let i): writer.int(i)
        case .double(let d): writer.number(d)
        case .string(let s): writer.string(s)
        case .array(let items):
            writer.beginArray()
            for item in items { item.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for key in members.keys.sorted() {
                writer.key(key)
                members[key, default: .null].write(to: &writer)
            }
            writer.endObject()
        }
    }
}

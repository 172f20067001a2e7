/// Format-string placeholders (`%@`, `%lld`, `%1$@`, `%.1f`) replaced by
/// sample values before text is shaped: String Catalogs are full of them,
/// and measuring `%@` says nothing about the name that will stand there.
/// Values come from `--sample SPEC=VALUE`; without one, a documented default
/// chosen to be long. Positional forms (`%1$@`) match their plain form
/// (`%@`); `%%` is a percent sign.
public struct PlaceholderSamples: Sendable, Equatable {
    /// One replacement made.
    public struct Substitution: Sendable, Equatable, Hashable {
        /// The placeholder as written (`%1$@`).
        public var placeholder: String
        /// What stood in for it.
        public var value: String
        /// Whether the value is typefit's default rather than a `--sample`.
        public var isDefault: Bool
        /// Whether the value is a plural form's number of its category
        /// (said in its own note).
        public var isPluralNumber = false

        /// Creates a record.
        public init(placeholder: String, value: String, isDefault: Bool) {
            self.placeholder = placeholder
            self.value = value
            self.isDefault = isDefault
        }
    }

    /// `--sample` values by placeholder without its position (`%@`, `%lld`).
    public var values: [String: String]

    /// Samples from `--sample` pairs.
    public init(_ pairs: [(placeholder: String, value: String)] = []) {
        var values: [String: String] = [:]
        for (placeholder, value) in pairs { values[Self.key(placeholder)] = value }
        self.values = values
    }

    /// The default for an object or string (`%@`, `%s`): a 12-character name.
    public static let defaultName = "Maximilianus"
    /// The default for an integer (`%d`, `%lld`, `%u`, `%x` …).
    public static let defaultInteger = "1,000,000"
    /// The default for a floating-point number (`%f`, `%.1f`, `%g` …).
    public static let defaultFloat = "1,000.0"
    /// The default for a character (`%c`, `%C`).
    public static let defaultCharacter = "W"

    /// Reads `SPEC=VALUE` (`%@=Alexandria`): SPEC must be exactly one
    /// placeholder; VALUE may be empty or contain `=`.
    public static func parse(_ argument: String) throws(ParseError) -> (placeholder: String, value: String) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw ParseError(message: "'\(argument)' is not SPEC=VALUE (e.g. '%@=Alexandria', '%lld=1000')")
        }
        let spec = String(argument[..<equals])
        let value = String(argument[argument.index(after: equals)...])
        // An ARB message's placeholder, as written: `{name}`.
        if spec.count > 2, spec.hasPrefix("{"), spec.hasSuffix("}"),
            spec.utf8.dropFirst().dropLast().allSatisfy({ GenL10nMessage.Parser.isWord(UInt16($0)) })
        {
            return (spec, value)
        }
        let found = scan(Array(spec.utf8))
        guard found.count == 1, let only = found.first, only.range == 0..<spec.utf8.count, !only.isPercent else {
            throw ParseError(
                message: "'\(spec)' is not one format placeholder (a '%', an optional position 'N$', flags, width, "
                    + "precision, length and a conversion such as @, d, lld, f; or an ARB message's {name})")
        }
        return (spec, value)
    }

    /// Why a `--sample` argument was refused.
    public struct ParseError: Error, Sendable {
        /// One line for the usage error.
        public var message: String
    }

    /// `text` with every placeholder replaced, and what was replaced (each
    /// placeholder once, in order of appearance).
    public func substitute(_ text: String, numbers: [String: String] = [:]) -> (
        text: String, substitutions: [Substitution]
    ) {
        // Most strings have no placeholder: no copy of their bytes then.
        guard TextBytes.contains(text, where: { $0 == UInt8(ascii: "%") }) else { return (text, []) }
        let utf8 = Array(text.utf8)
        let found = Self.scan(utf8)
        guard !found.isEmpty else { return (text, []) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        var substitutions: [Substitution] = []
        var cursor = 0
        for placeholder in found {
            out += utf8[cursor..<placeholder.range.lowerBound]
            cursor = placeholder.range.upperBound
            if placeholder.isPercent {
                out.append(UInt8(ascii: "%"))
                continue
            }
            let written = String(decoding: utf8[placeholder.range], as: UTF8.self)
            let given = values[Self.key(written)]
            let value = given ?? numbers[written] ?? Self.defaultValue(conversion: placeholder.conversion)
            out += Array(value.utf8)
            var record = Substitution(placeholder: written, value: value, isDefault: given == nil)
            record.isPluralNumber = given == nil && numbers[written] != nil
            if !substitutions.contains(record) { substitutions.append(record) }
        }
        out += utf8[cursor...]
        return (String(decoding: out, as: UTF8.self), substitutions)
    }

    /// The UTF-8 ranges of `text`'s placeholders, `%%` included.
    public static func placeholders(in text: String) -> [Range<Int>] {
        scan(Array(text.utf8)).map(\.range)
    }

    /// The default value for a conversion character.
    static func defaultValue(conversion: UInt8) -> String {
        switch conversion {
        case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
            UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
            return defaultFloat
        case UInt8(ascii: "c"), UInt8(ascii: "C"): return defaultCharacter
        case UInt8(ascii: "@"), UInt8(ascii: "s"), UInt8(ascii: "S"): return defaultName
        default: return defaultInteger
        }
    }

    /// A placeholder's key: the text without its position (`%2$lld` → `%lld`).
    static func key(_ placeholder: String) -> String {
        let bytes = Array(placeholder.utf8)
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "%") else { return placeholder }
        var i = 1
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        guard i > 1, i < bytes.count, bytes[i] == UInt8(ascii: "$") else { return placeholder }
        return "%" + String(decoding: bytes[(i + 1)...], as: UTF8.self)
    }

    /// A placeholder found in text.
    struct Found {
        var range: Range<Int>
        var conversion: UInt8
        var isPercent: Bool
    }

    /// Every placeholder of `text`, in order: `%` [N$] [flags -+#0'] [width
    /// digits or *] [.precision digits or *] [length hh h l ll q L z t j]
    /// conversion (@ d D i u U o O x X f F e E g G a A c C s S p), or `%%`.
    /// A `%` that starts none of these is text.
    static func scan(_ utf8: [UInt8]) -> [Found] {
        var found: [Found] = []
        var i = 0
        func digits(_ j: inout Int) { while j < utf8.count, (0x30...0x39).contains(utf8[j]) { j += 1 } }
        while i < utf8.count {
            guard utf8[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            var j = i + 1
            guard j < utf8.count else { break }
            if utf8[j] == UInt8(ascii: "%") {
                found.append(Found(range: i..<(j + 1), conversion: UInt8(ascii: "%"), isPercent: true))
                i = j + 1
                continue
            }
            // Position.
            var k = j
            digits(&k)
            if k > j, k < utf8.count, utf8[k] == UInt8(ascii: "$") { j = k + 1 }
            // Flags, without the space flag: "50% off" is text in a label,
            // not a space-padded octal.
            while j < utf8.count, "-+#0'".utf8.contains(utf8[j]) { j += 1 }
            if j < utf8.count, utf8[j] == UInt8(ascii: "*") { j += 1 } else { digits(&j) }
            if j < utf8.count, utf8[j] == UInt8(ascii: ".") {
                j += 1
                if j < utf8.count, utf8[j] == UInt8(ascii: "*") { j += 1 } else { digits(&j) }
            }
            for length in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
                let bytes = Array(length.utf8)
                if j + bytes.count <= utf8.count, Array(utf8[j..<(j + bytes.count)]) == bytes {
                    j += bytes.count
                    break
                }
            }
            guard j < utf8.count, "@dDiuUoOxXfFeEgGaAcCsSp".utf8.contains(utf8[j]) else {
                i += 1
                continue
            }
            found.append(Found(range: i..<(j + 1), conversion: utf8[j], isPercent: false))
            i = j + 1
        }
        return found
    }
}

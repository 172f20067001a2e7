/// Java format strings as `java.util.Formatter` (Java 17, what Android's
/// `Resources.getString(id, args)` calls) reads them: each specifier, the
/// argument it takes, its conversion, and the exception the format throws
/// before any argument is looked at.
///
/// Grammar: `%[index$][flags][width][.precision]conversion`, the
/// conversion one of `b B h H s S c C d o x X e E f g G a A % n`, or `t`/`T`
/// and a date/time suffix. `%%` and `%n` take no argument. An index is
/// explicit (`%2$s`), relative (`%<s`: the previous specifier's argument),
/// or ordinary, counted over ordinary specifiers only (`%2$s %s` takes
/// arguments 2 and 1). There are no length modifiers: `%ld`, `%lld`, `%@`,
/// `%u` throw, as do flags a conversion does not take.
public enum JavaFormatSpecifiers {
    /// One specifier.
    public struct Specifier: Equatable, Sendable {
        /// Its UTF-8 bytes in the format.
        public var bytes: Range<Int>
        /// Its text (`%1$s`).
        public var text: String
        /// The argument it takes (0-based), or `nil` for `%%` and `%n`.
        public var argument: Int?
        /// The conversion (`d`, `s`, `tY` for a date/time's year).
        public var conversion: String
        /// The flags as written.
        public var flags: String
        /// What kind of argument it takes.
        public var kind: Kind
        /// The least number of characters it prints (`%30s`), if given.
        public var width: Int? = nil
        /// Its precision (`%.2f`'s digits, `%.3s`'s characters), if given.
        public var precision: Int? = nil
    }

    /// The classes of arguments (Android lint's, for comparing translations).
    public enum Kind: String, Sendable {
        case string, character, integer, float, boolean, hash, dateTime, none
    }

    /// Why a format throws: the exception's simple name and its message's
    /// detail, as Java prints them (`UnknownFormatConversionException`,
    /// `Conversion = 'l'`).
    public struct Failure: Error, Equatable, Sendable {
        /// The exception's simple name.
        public var exception: String
        /// Its message's detail.
        public var detail: String
        /// The specifier's UTF-8 bytes.
        public var bytes: Range<Int>
    }

    /// The format's specifiers, or what it throws while being parsed (an
    /// unknown conversion, a flag the conversion does not take, a missing
    /// width, a precision an integer does not take, index 0). A format that
    /// parses may still throw when formatted: an argument it lacks
    /// (`missingArgument`), or of the wrong class.
    public static func parse(_ text: String) -> Result<[Specifier], Failure> {
        let bytes = Array(text.utf8)
        var specifiers: [Specifier] = []
        var i = 0
        var ordinary = -1
        var last = -1
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            let start = i
            i += 1
            guard i < bytes.count else {
                return .failure(
                    Failure(
                        exception: "UnknownFormatConversionException", detail: "Conversion = '%'",
                        bytes: start..<i))
            }
            // `%[index$][flags][width][.precision][tT]conversion`, as
            // Formatter's pattern; where it does not match, the character
            // after `%` is the unknown conversion.
            var j = i
            var index: Int?
            let digitsStart = j
            while j < bytes.count, isDigit(bytes[j]) { j += 1 }
            if j > digitsStart, j < bytes.count, bytes[j] == UInt8(ascii: "$") {
                index = Int(String(decoding: bytes[digitsStart..<j], as: UTF8.self)) ?? Int.max
                j += 1
            } else {
                j = digitsStart
            }
            let flagsStart = j
            while j < bytes.count, "-#+ 0,(<".utf8.contains(bytes[j]) { j += 1 }
            let flags = String(decoding: bytes[flagsStart..<j], as: UTF8.self)
            let widthStart = j
            while j < bytes.count, isDigit(bytes[j]) { j += 1 }
            // Java reads a width and a precision as an int: past its
            // range, Integer.parseInt fails and Formatter throws with
            // Integer.MIN_VALUE (`IllegalFormatWidthException: -2147483648`).
            let widthDigits = widthStart..<j
            let width = j > widthStart ? Int(String(decoding: bytes[widthDigits], as: UTF8.self)) ?? Int.max : nil
            var precision: Int?
            if j < bytes.count, bytes[j] == UInt8(ascii: "."), j + 1 < bytes.count, isDigit(bytes[j + 1]) {
                j += 1
                let precisionStart = j
                while j < bytes.count, isDigit(bytes[j]) { j += 1 }
                precision = Int(String(decoding: bytes[precisionStart..<j], as: UTF8.self)) ?? Int.max
            }
            var dateTime = false
            if j < bytes.count, bytes[j] == UInt8(ascii: "t") || bytes[j] == UInt8(ascii: "T"), j + 1 < bytes.count,
                isLetterOrPercent(bytes[j + 1])
            {
                dateTime = true
                j += 1
            }
            guard j < bytes.count, isLetterOrPercent(bytes[j]) else {
                return .failure(unknown(bytes, at: i, start: start))
            }
            let conversion = Character(Unicode.Scalar(bytes[j]))
            j += 1
            let range = start..<j
            let written = String(decoding: bytes[range], as: UTF8.self)
            func failure(_ exception: String, _ detail: String) -> Result<[Specifier], Failure> {
                .failure(Failure(exception: exception, detail: detail, bytes: range))
            }
            // Flags: each once.
            var seen = Set<Character>()
            for flag in flags where flag != "<" {
                if !seen.insert(flag).inserted { return failure("DuplicateFormatFlagsException", "Flags = '\(flag)'") }
            }
            if let width, width > Int(Int32.max) {
                return failure("IllegalFormatWidthException", String(Int32.min))
            }
            if let precision, precision > Int(Int32.max) {
                return failure("IllegalFormatPrecisionException", String(Int32.min))
            }
            let kind: Kind
            if dateTime {
                guard "HIklMSLNpzZsQBbhAaCYyjmdeRTrDFc".contains(conversion) else {
                    return failure("UnknownFormatConversionException", "Conversion = 't\(conversion)'")
                }
                kind = .dateTime
            } else {
                switch conversion {
                case "b", "B": kind = .boolean
                case "h", "H": kind = .hash
                case "s", "S": kind = .string
                case "c", "C": kind = .character
                case "d", "o", "x", "X": kind = .integer
                case "e", "E", "f", "g", "G", "a", "A": kind = .float
                case "%", "n": kind = .none
                default: return failure("UnknownFormatConversionException", "Conversion = '\(conversion)'")
                }
            }
            if let index, index == 0 {
                return failure("IllegalFormatArgumentIndexException", "Illegal format argument index = 0")
            }
            if let problem = check(kind, conversion, flags: seen, width: width, precision: precision, text: written) {
                return failure(problem.exception, problem.detail)
            }
            var argument: Int?
            if kind != .none {
                if flags.contains("<") {
                    argument = last
                } else if let index {
                    argument = index == Int.max ? Int.max : index - 1
                    last = index - 1
                } else {
                    ordinary += 1
                    argument = ordinary
                    last = ordinary
                }
            }
            specifiers.append(
                Specifier(
                    bytes: range, text: written, argument: argument,
                    conversion: dateTime ? "t" + String(conversion) : String(conversion), flags: flags, kind: kind,
                    width: width, precision: precision))
            i = j
        }
        return .success(specifiers)
    }

    /// The first specifier that takes an argument beyond `count` (or a
    /// relative one before any other): Java's `MissingFormatArgumentException`
    /// (`Format specifier '%2$s'`).
    public static func missingArgument(_ specifiers: [Specifier], count: Int) -> Specifier? {
        specifiers.first { specifier in
            guard let argument = specifier.argument else { return false }
            return argument < 0 || argument >= count
        }
    }

    /// aapt2's one check of a format string (`util::VerifyJavaStringFormat`):
    /// more than one argument where any is not positional is refused (a
    /// translation may reorder them); `%%` and `%n` take none, and a
    /// conversion of `Time.format` (`D F K M W Z k m w y z`) passes the
    /// string.
    public static func aapt2Accepts(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0
        var arguments = 0
        var nonPositional = false
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") && i + 1 < bytes.count {
                i += 1
                if bytes[i] == UInt8(ascii: "%") || bytes[i] == UInt8(ascii: "n") {
                    i += 1
                    continue
                }
                arguments += 1
                let digitsStart = i
                while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
                if i > digitsStart {
                    if i < bytes.count && bytes[i] != UInt8(ascii: "$") {
                        // The digits were a width, not a position.
                        nonPositional = true
                    }
                } else if bytes[i] == UInt8(ascii: "<") {
                    nonPositional = true
                    i += 1
                    if i < bytes.count && bytes[i] == UInt8(ascii: "$") { i += 1 }
                } else {
                    nonPositional = true
                }
                while i < bytes.count, "-#+ ,(0123456789".utf8.contains(bytes[i]) { i += 1 }
                if i < bytes.count, "DFKMWZkmwyz".utf8.contains(bytes[i]) { return true }
            }
            if i < bytes.count { i += 1 }
        }
        return !(arguments > 1 && nonPositional)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLetterOrPercent(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == UInt8(ascii: "%")
    }

    /// Formatter's answer where its pattern does not match at `%`: the
    /// character after it is an unknown conversion.
    private static func unknown(_ bytes: [UInt8], at i: Int, start: Int) -> Failure {
        var end = i + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let character = String(decoding: bytes[i..<end], as: UTF8.self)
        return Failure(
            exception: "UnknownFormatConversionException", detail: "Conversion = '\(character)'", bytes: start..<end)
    }

    /// The checks of `FormatSpecifier`'s constructor (Java 17): flags a
    /// conversion does not take, a `-` or `0` without a width, `+` with a
    /// space or `-` with `0`, a precision where none is taken. Octal and
    /// hexadecimal refuse `+`, ` ` and `(` only for an `int` argument, which
    /// an Android string's always is.
    private static func check(
        _ kind: Kind, _ conversion: Character, flags: Set<Character>, width: Int?, precision: Int?, text: String
    ) -> (exception: String, detail: String)? {
        func mismatch(_ bad: String) -> (String, String)? {
            guard let flag = bad.first(where: { flags.contains($0) }) else { return nil }
            return ("FormatFlagsConversionMismatchException", "Conversion = \(conversion), Flags = \(flag)")
        }
        let leftWithoutWidth = flags.contains("-") && width == nil
        switch kind {
        case .string, .boolean, .hash:
            if kind != .string, flags.contains("#") { return mismatch("#") }
            if leftWithoutWidth { return ("MissingFormatWidthException", text) }
            return mismatch("+ 0,(")
        case .character, .dateTime:
            if let precision { return ("IllegalFormatPrecisionException", String(precision)) }
            if let problem = mismatch("#+ 0,(") { return problem }
            if leftWithoutWidth { return ("MissingFormatWidthException", text) }
            return nil
        case .integer, .float:
            if width == nil && (flags.contains("-") || flags.contains("0")) {
                return ("MissingFormatWidthException", text)
            }
            if (flags.contains("+") && flags.contains(" ")) || (flags.contains("-") && flags.contains("0")) {
                let written = ["-", "#", "+", " ", "0", ",", "("].filter { flags.contains(Character($0)) }.joined()
                return ("IllegalFormatFlagsException", "Flags = '\(written)'")
            }
            if kind == .integer {
                if let precision { return ("IllegalFormatPrecisionException", String(precision)) }
                switch conversion {
                case "d": return mismatch("#")
                default: return mismatch(",") ?? mismatch("+ (")
                }
            }
            switch conversion {
            case "a", "A": return mismatch("(,")
            case "e", "E": return mismatch(",")
            case "g", "G": return mismatch("#")
            default: return nil
            }
        case .none:
            if conversion == "n" {
                if width != nil { return ("IllegalFormatWidthException", String(width ?? 0)) }
                if let precision { return ("IllegalFormatPrecisionException", String(precision)) }
                if let flag = flags.first { return ("IllegalFormatFlagsException", "Flags = '\(flag)'") }
                return nil
            }
            if let precision { return ("IllegalFormatPrecisionException", String(precision)) }
            if let flag = flags.first(where: { $0 != "-" }) {
                return ("IllegalFormatFlagsException", "Flags = '\(flag)'")
            }
            if leftWithoutWidth { return ("MissingFormatWidthException", text) }
            return nil
        }
    }
}

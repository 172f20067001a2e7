/// Java format strings (Android's `getString(id, args)`) with sample values
/// in their placeholders, as `PlaceholderSamples.substitute` does for
/// Foundation's: what stands in for each specifier is, in order, a
/// `--sample` for it (`%1$s` takes `%s`'s; `%,d` its own, else `%d`'s), the
/// `example` of the `<xliff:g>` section it is in (the section replaced
/// whole: the app's own sample of what is shown there), a plural form's
/// number, else the default of its class. `%%` is a percent sign and `%n`
/// a line end, as `Formatter` prints them.
extension PlaceholderSamples {
    /// A Java format with its samples in place.
    public struct JavaSubstitution: Sendable, Equatable {
        /// The text measured.
        public var text: String
        /// What was replaced, each placeholder once.
        public var substitutions: [Substitution]
        /// The styled runs, moved to the replaced text.
        public var spans: [InlineMarkdown.Span]
    }

    /// `text` read as a Java format and formatted with samples, its
    /// `spans` (UTF-8 ranges of `text`) moved with it; `nil` when the text
    /// takes no argument (`getString(id)` returns such a string as
    /// written, `%%` included) or Java throws on it (measured as written;
    /// the placeholder check says why).
    public func substituteJava(
        _ text: String, numbers: [String: String] = [:], examples: [AndroidResourceText.Placeholder] = [],
        spans: [InlineMarkdown.Span] = []
    ) -> JavaSubstitution? {
        guard TextBytes.contains(text, where: { $0 == UInt8(ascii: "%") }),
            case .success(let specifiers) = JavaFormatSpecifiers.parse(text),
            specifiers.contains(where: { $0.argument != nil })
        else { return nil }
        let utf8 = Array(text.utf8)
        // The replacements, in order and apart: a section with an example
        // and an argument in it replaces its specifiers.
        var replacements: [(range: Range<Int>, value: String, record: Substitution?)] = []
        // Sections never nest, and specifiers come in order: both walked
        // once (asking every section of every specifier was quadratic).
        let candidates = examples.filter { $0.example != nil }.sorted { $0.bytes.lowerBound < $1.bytes.lowerBound }
        var qualifies = [Bool](filled: false, count: candidates.count)
        var c = 0
        for specifier in specifiers where specifier.argument != nil {
            while c < candidates.count, candidates[c].bytes.upperBound <= specifier.bytes.lowerBound { c += 1 }
            if c < candidates.count, candidates[c].bytes.contains(specifier.bytes.lowerBound) { qualifies[c] = true }
        }
        let sections = zip(candidates, qualifies).filter(\.1).map(\.0)
        var next = 0
        for specifier in specifiers {
            while next < sections.count, sections[next].bytes.upperBound <= specifier.bytes.lowerBound { next += 1 }
            if next < sections.count, sections[next].bytes.contains(specifier.bytes.lowerBound) {
                let section = sections[next]
                next += 1
                let written = String(decoding: utf8[section.bytes], as: UTF8.self)
                let value = section.example ?? ""
                replacements.append(
                    (section.bytes, value, Substitution(placeholder: written, value: value, isDefault: false)))
                continue
            }
            if let last = replacements.last, last.range.upperBound > specifier.bytes.lowerBound { continue }
            switch specifier.kind {
            case .none:
                replacements.append((specifier.bytes, specifier.conversion == "n" ? "\n" : "%", nil))
            default:
                let key = Self.key(specifier.text)
                let given = values[key] ?? values["%" + specifier.conversion]
                var value = given ?? numbers[specifier.text] ?? Self.javaDefault(specifier.kind)
                if given == nil { value = Self.javaPrinted(value, specifier) }
                // A `--sample` is the argument's text; the specifier's
                // precision, case and width apply to it as to typefit's.
                value = Self.javaJustified(value, specifier)
                var record = Substitution(placeholder: specifier.text, value: value, isDefault: given == nil)
                record.isPluralNumber = given == nil && numbers[specifier.text] != nil
                replacements.append((specifier.bytes, value, record))
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 16)
        var substitutions: [Substitution] = []
        // Each replacement's range before and after, for the spans.
        var moved: [(old: Range<Int>, new: Range<Int>)] = []
        var cursor = 0
        for (range, value, record) in replacements {
            out += utf8[cursor..<range.lowerBound]
            let start = out.count
            out += value.utf8
            moved.append((range, start..<out.count))
            cursor = range.upperBound
            if let record, !substitutions.contains(record) { substitutions.append(record) }
        }
        out += utf8[cursor...]
        // A position before a replacement moves by what came before; one
        // inside it goes to the replacement's start (a span's start) or
        // end (its end).
        func position(_ p: Int, isEnd: Bool) -> Int {
            var delta = 0
            for (old, new) in moved {
                if p <= old.lowerBound { break }
                if p < old.upperBound { return isEnd ? new.upperBound : new.lowerBound }
                delta = new.upperBound - old.upperBound
            }
            return p + delta
        }
        let movedSpans = spans.compactMap { span -> InlineMarkdown.Span? in
            let start = position(span.range.lowerBound, isEnd: false)
            let end = position(span.range.upperBound, isEnd: true)
            return end > start ? InlineMarkdown.Span(range: start..<end, traits: span.traits) : nil
        }
        return JavaSubstitution(
            text: String(decoding: out, as: UTF8.self), substitutions: substitutions, spans: movedSpans)
    }

    /// A number sample (typefit's, grouped: `1,000,000`) as `Formatter`
    /// prints it: digits grouped only with the `,` flag (`%d` of a million
    /// is `1000000`), a floating-point number with its precision (six
    /// digits unless the specifier says), `+` or a space before it with
    /// those flags, and zeros after the sign up to the width with `0`
    /// (`%+010.2f`: `+001000.00`; zeros are not grouped); a negative
    /// number in parentheses with `(`.
    static func javaPrinted(_ sample: String, _ specifier: JavaFormatSpecifiers.Specifier) -> String {
        let flags = specifier.flags
        let grouped = flags.contains(",")
        var digits: String
        switch specifier.kind {
        case .integer:
            guard specifier.conversion == "d" else { return sample }
            digits = grouped ? sample : sample.filter { $0 != "," }
        case .float:
            guard specifier.conversion == "f" else { return sample }
            let precision = min(specifier.precision ?? 6, 64)
            let whole = sample.prefix { $0 != "." }
            let integer = grouped ? String(whole) : whole.filter { $0 != "," }
            digits = precision == 0 ? integer : integer + "." + String(repeating: "0", count: precision)
        default:
            return sample
        }
        // A negative number (a `--sample` of one) in parentheses with `(`.
        let negative = digits.hasPrefix("-")
        if negative { digits.removeFirst() }
        let sign =
            negative
            ? (flags.contains("(") ? "(" : "-") : flags.contains("+") ? "+" : flags.contains(" ") ? " " : ""
        let close = negative && flags.contains("(") ? ")" : ""
        if flags.contains("0"), let width = specifier.width {
            let zeros = min(width, LocalizedString.maximumLength) - sign.count - digits.count - close.count
            if zeros > 0 { digits = String(repeating: "0", count: zeros) + digits }
        }
        return sign + digits + close
    }

    /// `value` (an argument as printed) as `Formatter` sets it in the
    /// specifier's room: cut to its precision (`%.3s`: `hel`; strings,
    /// booleans and hash codes), upper-cased for an upper-case conversion
    /// (`%S`), then padded with spaces to its width, on the left unless the
    /// `-` flag puts them on the right (`[%1$30s]` of a 12-letter name is
    /// 32 characters). Lengths are UTF-16 units, as Java's; a width pads to
    /// at most `LocalizedString.maximumLength` (a string measured is cut
    /// there whatever the width asks).
    static func javaJustified(_ value: String, _ specifier: JavaFormatSpecifiers.Specifier) -> String {
        var value = value
        switch specifier.kind {
        case .string, .boolean, .hash:
            if let precision = specifier.precision, precision < value.utf16.count {
                value = String(decoding: Array(value.utf16.prefix(precision)), as: UTF16.self)
            }
        default:
            break
        }
        if specifier.conversion.first?.isUppercase == true { value = value.uppercased() }
        if let width = specifier.width {
            let room = min(width, LocalizedString.maximumLength) - value.utf16.count
            if room > 0 {
                let spaces = String(repeating: " ", count: room)
                value = specifier.flags.contains("-") ? value + spaces : spaces + value
            }
        }
        return value
    }

    /// The default for an argument of a Java conversion class.
    static func javaDefault(_ kind: JavaFormatSpecifiers.Kind) -> String {
        switch kind {
        case .string: return defaultName
        case .integer: return defaultInteger
        case .float: return defaultFloat
        case .character: return defaultCharacter
        // `%b` of any argument but `null` or `false` prints `true`; the
        // longer word is measured.
        case .boolean: return "false"
        // A hash code in hexadecimal: up to eight digits.
        case .hash: return "7fffffff"
        // The widest of a date's numeric fields (a year); a month's or
        // day's name depends on the conversion and the locale.
        case .dateTime: return "2026"
        case .none: return ""
        }
    }
}

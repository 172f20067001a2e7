/// `NumberFormat.compactCurrency` and `compactSimpleCurrency` as intl
/// prints a whole number (dart-lang/i18n @ `2fd9412c`, `pkgs/intl/lib/src/
/// intl/compact_number_format.dart` and `number_format.dart`'s
/// `_formatFixed`, ported step for step): the locale's
/// `COMPACT_DECIMAL_SHORT_CURRENCY_PATTERN` chosen by the number's digits
/// after intl's rounding to three significant digits (`¤0M` for a million
/// in English: `$1M`, `USD1M`), by the plural form of what is shown where a
/// locale's pattern has several (Swahili's `one`, Arabic's `few`); under a
/// thousand, or where the locale's pattern is `0` (German up to a million,
/// Japanese under ten thousand), the locale's currency pattern without
/// grouping and with the currency's digits while fewer than three
/// integer digits show (`$1.00`, `$100`, `1234 €`). The symbol is
/// `symbol`, else the code (`name`, else the locale's) for
/// `compactCurrency`, and the code's simple symbol for
/// `compactSimpleCurrency`; no currency spacing is added, as intl adds
/// none.
public enum IntlCompactCurrency {
    /// The formats handled here.
    public static let formats: Set<String> = ["compactCurrency", "compactSimpleCurrency"]

    /// One of a locale's compact patterns, as intl's `_CompactStyle` reads
    /// it (the positive half: the numbers printed here are not negative).
    struct Style {
        /// `nil`: intl's default style (the currency pattern).
        var pattern: String?
        var divisor: Double = 1
        var prefix = ""
        var suffix = ""
        var isDirectValue = false

        var isFallback: Bool { pattern == nil || pattern == "0" }

        /// `createStyle`: `([^0]*)(0+)(.*)` splits the pattern; the
        /// divisor makes the zeros' count the digits shown.
        init(pattern whole: String?, exponent: Int = 0) {
            pattern = whole
            guard let whole else { return }
            let positive = whole.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let hasNonZero = whole.contains { $0 != "0" }
            if let firstZero = positive.firstIndex(of: "0") {
                let zerosEnd = positive[firstZero...].firstIndex { $0 != "0" } ?? positive.endIndex
                prefix = String(positive[..<firstZero])
                suffix = String(positive[zerosEnd...])
                if hasNonZero {
                    let zeros = positive.distance(from: firstZero, to: zerosEnd)
                    divisor = IntlCompactCurrency.power(exponent - zeros + 1)
                }
            } else if !positive.isEmpty {
                divisor = IntlCompactCurrency.power(exponent)
                isDirectValue = true
            }
        }
    }

    /// An exponent's styles by plural form (`other` always there).
    struct Entry {
        var exponent: Int
        var forms: [String: Style]
        var other: Style { forms["other"] ?? Style(pattern: nil) }
    }

    /// `number` (not negative) as intl prints it with `format` in
    /// `language`, with the placeholder's `optionalParameters` (`name`,
    /// `symbol`, `decimalDigits`); `pluralCategory` gives CLDR's category
    /// of a shown number in the language. `nil` for another format, a
    /// locale intl lacks, or a negative number.
    public static func format(
        _ number: Int, format: String, language: String, parameters: [String: String],
        pluralCategory: (Double) -> String?
    ) -> String? {
        // (Beyond 10^15 a Double holds no longer every whole number, and
        // intl's own arithmetic is a Double's.)
        guard formats.contains(format), (0..<1_000_000_000_000_000).contains(number),
            let locale = IntlLocale.verified(language, exists: { IntlNumberData.locales[$0] != nil }),
            let fields = IntlCurrencyFormat.fields(locale), fields.count == 6,
            let table = IntlNumberData.compactCurrency[IntlNumberData.compactCurrencyAliases[locale] ?? locale]
        else { return nil }
        let name = parameters["name"] ?? fields[1]
        let symbol =
            format == "compactSimpleCurrency"
            ? IntlNumberData.simpleSymbols[name] ?? name : parameters["symbol"] ?? name
        let decimalDigits =
            parameters["decimalDigits"].flatMap { Int($0) }.flatMap { (0...20).contains($0) ? $0 : nil }
            ?? IntlNumberData.fractionDigits[name.uppercased()] ?? IntlNumberData.fractionDigits["DEFAULT"] ?? 2
        var entries: [Entry] = []
        for element in table {
            let parts = element.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let exponent = Int(parts[0]) else { continue }
            let style = Style(pattern: parts[2], exponent: exponent)
            if let last = entries.last, last.exponent == exponent {
                entries[entries.count - 1].forms[parts[1]] = style
            } else {
                entries.append(Entry(exponent: exponent, forms: [parts[1]: style]))
            }
        }
        let style = styleFor(Double(number), entries: entries, decimalDigits: decimalDigits, category: pluralCategory)
        let zero = fields[5].unicodeScalars.first.map { Int($0.value) } ?? 0x30
        if style.isDirectValue {
            return replacingFirstCurrencySign(in: style.pattern ?? "", with: symbol)
        }
        if style.isFallback {
            let pattern = fields[0]
            let (prefix, suffix, minimumIntegerDigits) = affixes(of: pattern, symbol: symbol)
            let digits = fixed(
                Double(number), decimalDigits: decimalDigits, fallback: true, minimumFractionDigits: decimalDigits,
                minimumIntegerDigits: minimumIntegerDigits, decimal: fields[2], zero: zero)
            return prefix + digits + suffix
        }
        let minimumIntegerDigits = affixes(of: fields[0], symbol: symbol).minimumIntegerDigits
        let digits = fixed(
            Double(number) / style.divisor, decimalDigits: decimalDigits, fallback: false, minimumFractionDigits: 0,
            minimumIntegerDigits: minimumIntegerDigits, decimal: fields[2], zero: zero)
        return replacingFirstCurrencySign(in: style.prefix + digits + style.suffix, with: symbol)
    }

    /// `_styleFor`: the last exponent the number's digits reach, after
    /// rounding to three significant digits at each step's divisor; then
    /// its form for the number shown.
    static func styleFor(
        _ number: Double, entries: [Entry], decimalDigits: Int, category: (Double) -> String?
    ) -> Style {
        guard number >= 10 else { return Style(pattern: nil) }
        var rounded = number
        var digitLength = integerDigits(number)
        var divisor = 1.0
        func updateRounding() {
            let fractionDigits = max(0, 3 - digitLength + integerDigits(divisor) - 1)
            let multiplier = power(fractionDigits)
            rounded = dartRound(rounded * multiplier / divisor) * divisor / multiplier
            digitLength = integerDigits(rounded)
        }
        updateRounding()
        var found: Entry?
        for entry in entries {
            if entry.exponent + 1 > digitLength { break }
            found = entry
            divisor = entry.other.divisor
            updateRounding()
        }
        guard let found else { return Style(pattern: nil) }
        guard found.forms.count > 1 else { return found.other }
        return pluralStyle(found, shown: number / divisor, decimalDigits: decimalDigits, category: category)
    }

    /// `_CompactStyleWithPlurals.styleForNumber`: the number as it will
    /// show (three significant digits, trailing zeros dropped), its
    /// explicit form (`"1"`) where it is whole, else its plural category's.
    static func pluralStyle(_ entry: Entry, shown value: Double, decimalDigits: Int, category: (Double) -> String?)
        -> Style
    {
        var precision = max(0, 3 - integerDigits(value.rounded(.down)))
        let factor = power(precision)
        let displayed = dartRound(value * factor) / factor
        var fraction = String(Int((displayed * factor).rounded(.down)))
        while precision > 0, fraction.hasSuffix("0") {
            precision -= 1
            fraction.removeLast()
        }
        if precision == 0, let indexed = entry.forms[String(Int(displayed.rounded(.down)))] { return indexed }
        switch category(displayed) {
        case "zero": return entry.forms["zero"] ?? entry.other
        case "one": return entry.forms["one"] ?? entry.other
        case "two": return entry.forms["two"] ?? entry.forms["few"] ?? entry.other
        case "few": return entry.forms["few"] ?? entry.other
        case "many": return entry.forms["many"] ?? entry.other
        default: return entry.other
        }
    }

    /// `_formatFixed` with three minimum significant digits and no
    /// grouping: digits after the point while fewer than three integer
    /// digits show (a currency's own count in the fallback style), trailing
    /// zeros dropped down to `minimumFractionDigits`.
    static func fixed(
        _ number: Double, decimalDigits: Int, fallback: Bool, minimumFractionDigits: Int, minimumIntegerDigits: Int,
        decimal: String, zero: Int
    ) -> String {
        var integerPart = number.rounded(.down)
        let fraction = number - integerPart
        func fractionDigits() -> Int {
            // A whole number of at least 1, or 0: the integer digits.
            let remaining = 3 - integerDigits(integerPart)
            let digits = max(0, remaining)
            // `_adjustFractionDigits`: a currency in the default style
            // shows all its digits or none.
            guard fallback else { return digits }
            return remaining > 0 ? decimalDigits : min(digits, decimalDigits)
        }
        var digits = fractionDigits()
        let power = power(digits)
        var remainingDigits = dartRound(fraction * power)
        if remainingDigits >= power {
            integerPart += 1
            remainingDigits -= power
            digits = fractionDigits()
        }
        // (intl also counts again where the fraction rounds up a digit,
        // 0.0996 to 0.1: the integer part, all that counts here, is the
        // same.)
        // (Up to 20 digits after the point: the remainder stays a Double
        // until it is known to fit an Int.)
        let fractionValue = remainingDigits.truncatingRemainder(dividingBy: power)
        let fractionPart = fractionValue < 1e18 ? Int(fractionValue) : 0
        var integerText = integerPart == 0 ? "" : String(Int(integerPart))
        if integerText.count < minimumIntegerDigits {
            integerText = String(repeating: "0", count: minimumIntegerDigits - integerText.count) + integerText
        }
        // intl writes each digit from the locale's zero (`_addDigit`).
        func localized(_ ascii: String) -> String {
            guard zero != 0x30 else { return ascii }
            return String(
                String.UnicodeScalarView(
                    ascii.unicodeScalars.map { Unicode.Scalar(UInt32(zero) + $0.value - 0x30) ?? $0 }))
        }
        guard digits > 0, minimumFractionDigits > 0 || fractionPart > 0 else { return localized(integerText) }
        // `_formatFractionPart`: the digits of `fractionPart + power`
        // after its leading 1 (the fraction padded to `digits`), trailing
        // zeros dropped to the minimum.
        var text = Array(String(fractionPart))
        text = [Character](repeating: "0", count: max(0, digits - text.count)) + text
        while text.count > minimumFractionDigits, text.last == "0" { text.removeLast() }
        return localized(integerText) + decimal + localized(String(text))
    }

    /// The positive prefix and suffix of a currency pattern as intl's
    /// parser reads them (`'` quotes, `¤` the symbol), and the zeros of
    /// its integer part.
    static func affixes(of pattern: String, symbol: String) -> (
        prefix: String, suffix: String, minimumIntegerDigits: Int
    ) {
        let characters = Array(pattern)
        var i = 0
        func affix() -> String {
            var out = ""
            var quoted = false
            while i < characters.count {
                let c = characters[i]
                if c == "'" {
                    if i + 1 < characters.count, characters[i + 1] == "'" {
                        out.append("'")
                        i += 2
                        continue
                    }
                    quoted.toggle()
                } else if quoted {
                    out.append(c)
                } else if "#0,.;".contains(c) {
                    return out
                } else if c == "\u{A4}" {
                    out += symbol
                } else {
                    out.append(c)
                }
                i += 1
            }
            return out
        }
        let prefix = affix()
        var zeros = 0
        var afterPoint = false
        while i < characters.count, "#0,.E".contains(characters[i]) {
            if characters[i] == "." { afterPoint = true }
            if characters[i] == "0", !afterPoint { zeros += 1 }
            i += 1
        }
        return (prefix, affix(), zeros)
    }

    static func replacingFirstCurrencySign(in text: String, with symbol: String) -> String {
        guard let sign = text.firstIndex(of: "\u{A4}") else { return text }
        return text[..<sign] + symbol + text[text.index(after: sign)...]
    }

    /// Dart's `round()`: halves away from zero.
    static func dartRound(_ value: Double) -> Double { value.rounded(.toNearestOrAwayFromZero) }

    static func power(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, exponent) { result *= 10 }
        return result
    }

    /// `NumberFormat.numberOfIntegerDigits`: 1 below 10.
    static func integerDigits(_ number: Double) -> Int {
        var value = abs(number)
        var count = 1
        while value >= 10 {
            value /= 10
            count += 1
        }
        return count
    }
}

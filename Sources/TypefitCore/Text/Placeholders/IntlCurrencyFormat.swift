/// The `NumberFormat`s gen-l10n names that print a currency or a set
/// number of digits, as intl builds them (`number_format.dart:215–410`):
/// `currency` (the locale's `CURRENCY_PATTERN`, or `customPattern`; the
/// currency `name`, else the locale's own code; printed with `symbol`, else
/// the code itself: `USD1,000,000.00`), `simpleCurrency` (the code's simple
/// symbol: `$1,000,000.00`), `decimalPatternDigits` and
/// `decimalPercentPattern` (the decimal and percent patterns with
/// `decimalDigits`). Digits after the point: `decimalDigits`, else the
/// currency's own (`JPY` 0, `TND` 3), else 2.
public enum IntlCurrencyFormat {
    /// What ICU is asked to print: a pattern (the symbol marked in it and
    /// put in afterwards, so that no currency spacing is added, as intl
    /// adds none) or one of the locale's own styles, and the digits after
    /// the point.
    public struct Recipe: Sendable, Equatable {
        /// The locale's own pattern ICU is asked for, when `pattern` is
        /// `nil`.
        public enum Style: Sendable, Equatable {
            case decimal, percent
        }

        /// An ICU decimal pattern, or `nil` for `style`.
        public var pattern: String?
        /// What replaces `symbolMark` in what ICU writes.
        public var symbol: String?
        /// The locale's pattern, when `pattern` is `nil`.
        public var style: Style
        /// Minimum and maximum digits after the point (`nil`: the
        /// pattern's).
        public var fractionDigits: Int?
        /// intl's separators for the locale (`nil`: a locale intl lacks).
        public var symbols: IntlNumberSymbols?
        /// Western digits, where intl does not write the script's own.
        public var latinDigits: Bool
    }

    /// intl's decimal and group separators and percent sign for
    /// `language` (`NumberSymbols`), or `nil` for a locale intl lacks.
    public static func symbols(_ language: String) -> IntlNumberSymbols? {
        guard let fields = fields(language), fields.count == 6 else { return nil }
        return IntlNumberSymbols(decimal: fields[2], group: fields[3], percent: fields[4])
    }

    static func fields(_ language: String) -> [String]? {
        guard let locale = IntlLocale.verified(language, exists: { IntlNumberData.locales[$0] != nil }),
            let entry = IntlNumberData.locales[locale]
        else { return nil }
        return entry.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
    }

    /// The formats handled here.
    public static let formats: Set<String> = [
        "currency", "simpleCurrency", "decimalPatternDigits", "decimalPercentPattern",
    ]

    /// How intl prints `format` in `language` with the placeholder's
    /// `optionalParameters` (as written: `name`, `symbol`,
    /// `decimalDigits`, `customPattern`); `nil` for another format or a
    /// locale intl lacks.
    public static func recipe(_ format: String, language: String, parameters: [String: String]) -> Recipe? {
        let digits = parameters["decimalDigits"].flatMap { Int($0) }.flatMap { (0...20).contains($0) ? $0 : nil }
        let latin = !GenL10nPlaceholders.intlUsesNativeDigits(language)
        switch format {
        case "decimalPatternDigits":
            return Recipe(
                pattern: nil, style: .decimal, fractionDigits: digits, symbols: symbols(language),
                latinDigits: latin)
        case "decimalPercentPattern":
            return Recipe(
                pattern: nil, style: .percent, fractionDigits: digits, symbols: symbols(language),
                latinDigits: latin)
        case "currency", "simpleCurrency":
            guard let fields = fields(language), fields.count == 6 else { return nil }
            let name = parameters["name"] ?? fields[1]
            var symbol = format == "currency" ? parameters["symbol"] : IntlNumberData.simpleSymbols[name]
            symbol = symbol ?? name
            let pattern = (format == "currency" ? parameters["customPattern"] : nil) ?? fields[0]
            let currencyDigits =
                IntlNumberData.fractionDigits[name.uppercased()] ?? IntlNumberData.fractionDigits["DEFAULT"] ?? 2
            return Recipe(
                pattern: markingSymbol(pattern), symbol: symbol ?? name, style: .decimal,
                fractionDigits: digits ?? currencyDigits, symbols: symbols(language), latinDigits: latin)
        default:
            return nil
        }
    }

    /// `pattern` with each `¤` outside quotes replaced by `symbolMark`.
    static func markingSymbol(_ pattern: String) -> String {
        var out = ""
        var quoted = false
        for character in pattern {
            if character == "'" { quoted.toggle() }
            if character == "\u{A4}", !quoted { out.append(symbolMark) } else { out.append(character) }
        }
        return out
    }

    /// Where the symbol goes in a recipe's pattern: a private-use
    /// character, which ICU writes as it is (quoting the symbol in the
    /// pattern instead misreads one that starts with `'`).
    public static let symbolMark: Character = "\u{E000}"
}

/// A locale's separators as intl has them.
public struct IntlNumberSymbols: Sendable, Equatable {
    /// `DECIMAL_SEP`.
    public var decimal: String
    /// `GROUP_SEP`.
    public var group: String
    /// `PERCENT`.
    public var percent: String

    /// Creates them.
    public init(decimal: String, group: String, percent: String) {
        (self.decimal, self.group, self.percent) = (decimal, group, percent)
    }
}

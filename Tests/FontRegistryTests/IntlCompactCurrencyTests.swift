import Testing
import TypefitCore

@testable import FontRegistry

/// `NumberFormat.compactSimpleCurrency` and `compactCurrency` as a Flutter
/// app prints a whole number (`IntlCompactCurrency`, plural forms by ICU's
/// rules). Expectations: intl's own tests (dart-lang/i18n @ 2fd9412c,
/// `pkgs/intl/test/number_format_compact_test.dart:145–230,343–347`,
/// `testCurrency`'s `expected` column: its whole numbers, not negative).
@Suite struct IntlCompactCurrencyTests {
    static func printed(
        _ number: Int, _ language: String, _ format: String = "compactSimpleCurrency",
        _ parameters: [String: String] = [:]
    ) -> String? {
        IntlCompactCurrency.format(
            number, format: format, language: language, parameters: parameters,
            pluralCategory: { PluralRules.category(of: $0, language: language) })
    }

    static let nbsp = "\u{A0}"

    /// Each case as `testCurrency` runs it: `compactSimpleCurrency`, then
    /// `compactCurrency` with the test's symbol for the locale or currency,
    /// which must print the same.
    @Test(
        arguments: [
            // Japanese: under ten thousand the currency pattern (`0` for
            // thousands), then 万 and 億, yen without digits after the point.
            ("ja", 1, "\u{A5}1", nil), ("ja", 12, "\u{A5}12", nil), ("ja", 123, "\u{A5}123", nil),
            ("ja", 1234, "\u{A5}1234", nil), ("ja", 12345, "\u{A5}1.23\u{4E07}", nil),
            ("ja", 123_456, "\u{A5}12.3\u{4E07}", nil), ("ja", 1_234_567, "\u{A5}123\u{4E07}", nil),
            ("ja", 12_345_678, "\u{A5}1235\u{4E07}", nil), ("ja", 123_456_789, "\u{A5}1.23\u{5104}", nil),
            ("ja", 9, "\u{A5}9", nil), ("ja", 98, "\u{A5}98", nil), ("ja", 987, "\u{A5}987", nil),
            ("ja", 9876, "\u{A5}9876", nil), ("ja", 98765, "\u{A5}9.88\u{4E07}", nil),
            ("ja", 987_656, "\u{A5}98.8\u{4E07}", nil), ("ja", 9_876_567, "\u{A5}988\u{4E07}", nil),
            ("ja", 98_765_678, "\u{A5}9877\u{4E07}", nil), ("ja", 987_656_789, "\u{A5}9.88\u{5104}", nil),
            // English: the dollar's two digits while under three integer
            // digits show, then K and M to three significant digits.
            ("en_US", 1, "$1.00", nil), ("en_US", 12, "$12.00", nil), ("en_US", 99, "$99.00", nil),
            ("en_US", 100, "$100", nil), ("en_US", 123, "$123", nil), ("en_US", 999, "$999", nil),
            ("en_US", 1000, "$1K", nil), ("en_US", 1001, "$1K", nil), ("en_US", 1234, "$1.23K", nil),
            ("en_US", 12345, "$12.3K", nil), ("en_US", 123_456, "$123K", nil), ("en_US", 1_234_567, "$1.23M", nil),
            // The symbol after the number; a pattern with the sign's place.
            ("ru", 4420, "4,42\(nbsp)\u{442}\u{44B}\u{441}.\(nbsp)\u{20BD}", nil),
            ("sw", 12341, "TSh\(nbsp)elfu\(nbsp)12.3", nil),
            // A locale without a suffix for thousands; another currency.
            ("it", 442, "442\(nbsp)\u{20AC}", nil), ("it", 4420, "4,42K\(nbsp)$", "CAD"),
            ("it", 4_420_000, "4,42\(nbsp)Mln\(nbsp)$", "USD"),
            // Hebrew's marks kept where the patterns put them.
            ("he", 335, "\u{200F}335\(nbsp)\u{200F}\u{20AA}", nil),
            ("he", 12341, "\u{200F}12.3K\u{200F}\(nbsp)\u{200F}\u{20AA}", nil),
        ] as [(String, Int, String, String?)])
    func intlsOwnCases(language: String, number: Int, expected: String, currency: String?) {
        let name = currency.map { ["name": $0] } ?? [:]
        #expect(Self.printed(number, language, "compactSimpleCurrency", name) == expected)
        let symbols = [
            "ja": "\u{A5}", "en_US": "$", "ru": "\u{20BD}", "it": "\u{20AC}", "he": "\u{20AA}", "sw": "TSh",
            "CAD": "$", "USD": "$",
        ]
        let symbol = symbols[currency ?? ""] ?? symbols[language]!
        #expect(Self.printed(number, language, "compactCurrency", name.merging(["symbol": symbol]) { $1 }) == expected)
    }

    /// 'Explicit non-default symbol with compactCurrency'; without a
    /// symbol, `compactCurrency` prints the code, `compactSimpleCurrency`
    /// the code's simple symbol.
    @Test func symbolsAndCodes() {
        #expect(Self.printed(98765, "ja", "compactCurrency", ["symbol": "()"]) == "()9.88\u{4E07}")
        #expect(Self.printed(1_000_000, "en", "compactCurrency") == "USD1M")
        #expect(Self.printed(1_000_000, "en", "compactSimpleCurrency") == "$1M")
        #expect(Self.printed(1_000_000, "en", "compactSimpleCurrency", ["name": "EUR"]) == "\u{20AC}1M")
        #expect(Self.printed(5, "en", "compactCurrency", ["name": "EUR"]) == "EUR5.00")
        #expect(Self.printed(5, "en", "compactCurrency", ["decimalDigits": "1"]) == "USD5.0")
        // German: the currency pattern up to a million, without grouping.
        #expect(Self.printed(123_456, "de", "compactSimpleCurrency") == "123456\(Self.nbsp)\u{20AC}")
        #expect(Self.printed(1_000_000, "de", "compactSimpleCurrency") == "1\(Self.nbsp)Mio.\(Self.nbsp)\u{20AC}")
        // Arabic's thousands by plural form: three thousand is `few`.
        #expect(Self.printed(3000, "ar", "compactSimpleCurrency")?.contains("\u{622}\u{644}\u{627}\u{641}") == true)
        #expect(Self.printed(11000, "ar", "compactSimpleCurrency")?.contains("\u{623}\u{644}\u{641}") == true)
        // Persian in its own digits.
        #expect(Self.printed(1_000_000, "fa", "compactSimpleCurrency")?.contains("\u{6F1}") == true)
        // Twenty digits after the point, the most gen-l10n's parameter
        // takes here; a number past a Double's whole numbers is none.
        #expect(
            Self.printed(5, "en", "compactCurrency", ["decimalDigits": "20"])
                == "USD5." + String(repeating: "0", count: 20))
        #expect(Self.printed(Int.max, "en", "compactCurrency") == nil)
        // Not these formats, a locale intl lacks, a negative number.
        #expect(Self.printed(1, "en", "compact") == nil)
        #expect(Self.printed(1, "tlh", "compactCurrency") == nil)
        #expect(Self.printed(-1, "en", "compactCurrency") == nil)
    }
}

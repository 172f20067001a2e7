import Testing
import TypefitCore

@testable import FontRegistry

/// `NumberFormat.currency`, `simpleCurrency`, `decimalPatternDigits` and
/// `decimalPercentPattern` as a Flutter app prints them: intl's tables
/// (`IntlCurrencyFormat`) with ICU writing the number. Expectations:
/// intl's own tests (dart-lang/i18n @ 2fd9412c,
/// `pkgs/intl/test/number_format_test_core.dart:403–529,670–760`).
@Suite struct IntlCurrencyFormatTests {
    static func printed(
        _ number: Double, _ format: String, _ language: String, _ parameters: [String: String] = [:]
    ) -> String? {
        guard let recipe = IntlCurrencyFormat.recipe(format, language: language, parameters: parameters) else {
            return nil
        }
        return DecimalFormat.format(number, language: language, recipe: recipe)
    }

    /// 'Explicit currency name', 'Use script' and `testSimpleCurrencySymbols`.
    @Test func symbolsAndNames() {
        #expect(Self.printed(1_000_000.32, "currency", "en_US", ["symbol": "€"]) == "€1,000,000.32")
        for (code, simple) in [("USD", "$"), ("CAD", "$"), ("EUR", "\u{20AC}"), ("CRC", "\u{20A1}")] {
            #expect(Self.printed(1_000_000.32, "simpleCurrency", "en_US", ["name": code]) == simple + "1,000,000.32")
            #expect(Self.printed(1_000_000.32, "currency", "en_US", ["name": code]) == code + "1,000,000.32")
        }
        #expect(Self.printed(1_000_000.32, "simpleCurrency", "en_US") == "$1,000,000.32")
        #expect(Self.printed(1_000_000.32, "currency", "en_US") == "USD1,000,000.32")
        #expect(Self.printed(12, "currency", "zh_Hant_TW") == "TWD12.00")
        #expect(Self.printed(12, "currency", "zh_Hant_CN") == "CNY12.00")
    }

    /// 'Decimal digits for currency' and 'for decimal pattern'.
    @Test func decimalDigits() {
        let amount = 4.3219876
        for (digits, expected) in ["@4", "@4.3", "@4.32", "@4.322", "@4.3220"].enumerated() {
            #expect(
                Self.printed(amount, "currency", "en_US", ["symbol": "@", "decimalDigits": String(digits)])
                    == expected)
        }
        #expect(Self.printed(amount, "currency", "en_US", ["symbol": "@"]) == "@4.32")
        #expect(Self.printed(amount, "currency", "en_US", ["name": "JPY", "symbol": "@"]) == "@4")
        #expect(Self.printed(amount, "currency", "ja", ["name": "JPY", "symbol": "@"]) == "@4")
        #expect(Self.printed(amount, "simpleCurrency", "ja", ["name": "JPY"]) == "\u{A5}4")
        #expect(Self.printed(amount, "currency", "en_US", ["name": "jpy", "symbol": "@"]) == "@4")
        #expect(Self.printed(amount, "currency", "en_US", ["name": "TND", "symbol": "@"]) == "@4.322")
        for (language, expected) in [
            ("en_US", ["4", "4.3", "4.32", "4.322", "4.3220"]), ("de_DE", ["4", "4,3", "4,32", "4,322", "4,3220"]),
        ] {
            for (digits, text) in expected.enumerated() {
                #expect(
                    Self.printed(amount, "decimalPatternDigits", language, ["decimalDigits": String(digits)])
                        == text)
            }
        }
    }

    /// A symbol with a quote is literal text; a locale intl lacks has no
    /// currency (intl throws); other formats are not these.
    @Test func quotesLocalesAndOtherFormats() {
        #expect(Self.printed(5, "currency", "en", ["symbol": "a'b"]) == "a'b5.00")
        // A symbol of quotes alone is printed as written (a pattern quoting
        // it read three quotes as four).
        #expect(Self.printed(5, "currency", "en", ["symbol": "'''"]) == "'''5.00")
        #expect(Self.printed(5, "currency", "tlh") == nil)
        #expect(IntlCurrencyFormat.recipe("compact", language: "en", parameters: [:]) == nil)
    }
}

extension IntlCurrencyFormatTests {
    /// 'Explicit currency name': Swiss German groups with an apostrophe.
    @Test func swissGerman() {
        #expect(Self.printed(1_000_000.32, "currency", "de_CH") == "CHF\u{A0}1'000'000.32")
    }
}

import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// Dates as a Flutter app's generated code prints them: intl's pattern for
/// the locale (`IntlDateFormat`, from intl's own table) written by ICU,
/// against intl's own test expectations (Fixtures/arb/intl-date-cases.tsv,
/// transcribed from dart-lang/i18n's date_time_format_test_data.dart by
/// make-intl-date-cases.py).
@Suite struct IntlDateFormatTests {
    struct Case: Sendable, CustomStringConvertible {
        var locale: String
        var skeleton: String
        var expected: String
        var description: String { "\(locale) \(skeleton)" }
    }

    static let cases: [Case] = {
        let url = Fixtures.root.appendingPathComponent("arb/intl-date-cases.tsv")
        return ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard !line.hasPrefix("#"), fields.count == 3 else { return nil }
            return Case(locale: fields[0], skeleton: fields[1], expected: fields[2])
        }
    }()

    /// intl's test moment: 27 January 2012, 20:58:59.
    static let moment = 1_327_697_939_000.0

    static func printed(_ format: String, isCustom: Bool = false, language: String) -> String? {
        guard let pattern = IntlDateFormat.pattern(format, isCustom: isCustom, language: language) else { return nil }
        return DatePatternFormat.format(
            pattern: pattern, milliseconds: moment, language: language,
            latinDigits: !GenL10nPlaceholders.intlUsesNativeDigits(language))
    }

    @Test func theCasesCoverIntlsLocales() {
        #expect(Self.cases.count == 210)
        #expect(Set(Self.cases.map(\.locale)) == ["en_US", "de_DE", "fr_FR", "ja_JP", "el_GR", "de_AT"])
    }

    @Test(arguments: cases)
    func printsAsIntlDoes(_ oracle: Case) {
        #expect(Self.printed(oracle.skeleton, language: oracle.locale) == oracle.expected, "\(oracle)")
    }

    /// `yMd+Hm` is `DateFormat.yMd(locale).add_Hm()`: the patterns joined
    /// by a space; a custom pattern is used as written; the fields intl
    /// does not write (time zones) print nothing; a locale intl lacks, or
    /// a format gen-l10n does not accept, gives none.
    @Test func joinedCustomAndUnwrittenFields() {
        #expect(Self.printed("yMd+Hm", language: "en_US") == "1/27/2012 20:58")
        #expect(Self.printed("EEE, MMM d", isCustom: true, language: "de") == "Fr., Jan. 27")
        #expect(Self.printed("jmz", language: "en") == "8:58\u{202F}PM ")
        #expect(Self.printed("yMMMx", language: "en") == nil)
        #expect(Self.printed("yMd", language: "tlh") == nil)
        #expect(IntlDateFormat.locale(for: "pt-BR") == "pt_BR" && IntlDateFormat.locale(for: "de-LI") == "de")
    }
}

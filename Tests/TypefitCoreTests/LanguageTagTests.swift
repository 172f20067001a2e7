import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Language tags from a pull request's files, checked before ICU,
/// fontconfig or HarfBuzz sees them (ICU 72 aborted on a 183-character
/// tag in `uplrules_open`).
@Suite struct LanguageTagTests {
    /// The tag that overflowed ICU 72's buffer: `qaa-` and 20 eight-letter
    /// subtags, 183 characters.
    static let overflowing = "qaa" + String(repeating: "-abcdefgh", count: 20)

    @Test(arguments: [
        "en", "de", "zh-Hans", "zh_Hant_TW", "pt-BR", "pt_BR", "sr-Latn-RS", "Base", "English", "Japanese",
        "Portuguese", "en-US-u-ca-gregory-nu-latn", "es-419", "x-klingon", "de-CH-1996",
    ])
    func realTagsAreTaken(tag: String) {
        #expect(LanguageTag.problem(tag) == nil, "\(tag)")
    }

    @Test(arguments: [
        ("", "an empty language tag"),
        (overflowing, "a language tag of 183 bytes (at most 64)"),
        ("en--US", "'en--US' has an empty subtag"),
        ("en-", "'en-' has an empty subtag"),
        ("en-abcdefghi", "'en-abcdefghi' has a subtag of 9 characters (BCP 47's have 1 to 8)"),
        ("1en", "'1en' does not start with a language subtag of letters"),
        ("en US", "'en US' has a character other than ASCII letters, digits, '-' and '_'"),
        ("en\u{202E}", "'en\\u{202E}' has a character other than ASCII letters, digits, '-' and '_'"),
        ("Portugueseish-BR", "'Portugueseish-BR' has a subtag of 13 characters (BCP 47's have 1 to 8)"),
    ])
    func otherTextIsRefused(tag: String, problem: String) {
        #expect(LanguageTag.problem(tag) == problem)
    }

    /// A catalog language, its `sourceLanguage` and an `.lproj` folder's
    /// name are each refused at their place in the file.
    @Test func catalogLanguagesAreCheckedWhereTheyStand() throws {
        let localization = """
            {"sourceLanguage":"en","strings":{"k":{"localizations":{"\(Self.overflowing)":\
            {"stringUnit":{"state":"translated","value":"x"}}}}},"version":"1.0"}
            """
        #expect(throws: SourceError.self) {
            try StringsFile.read(path: "L.xcstrings", bytes: Array(localization.utf8))
        }
        do {
            _ = try StringsFile.read(path: "L.xcstrings", bytes: Array(localization.utf8))
        } catch {
            #expect(error.position == SourcePosition(line: 1, column: 243))
            #expect(
                error.message
                    == "a localization of \"k\" is not in a language: a language tag of 183 bytes (at most 64)")
        }
        let source = #"{"sourceLanguage":"\#(Self.overflowing)","strings":{},"version":"1.0"}"#
        do {
            _ = try StringsFile.read(path: "L.xcstrings", bytes: Array(source.utf8))
            Issue.record("a 183-character sourceLanguage was taken")
        } catch {
            #expect(error.position == SourcePosition(line: 1, column: 19))
            #expect(error.message.hasPrefix("'sourceLanguage' is not a language"))
        }
        let strings = Array(#""a" = "b";"#.utf8)
        for path in ["\(Self.overflowing).lproj/Localizable.strings", "x/.lproj/Localizable.stringsdict"] {
            #expect(throws: SourceError.self) { try StringsFile.read(path: path, bytes: strings) }
        }
        #expect(
            try StringsFile.read(path: "pt-BR.lproj/Localizable.strings", bytes: strings).first?.language == "pt-BR")
    }
}

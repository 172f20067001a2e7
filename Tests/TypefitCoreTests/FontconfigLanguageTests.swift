import Testing

@testable import TypefitCore

/// Xcode's language tags as fontconfig's orthographies are named (its
/// fc-lang folder: zh_cn, zh_tw, zh_hk, zh_mo, zh_sg, sh, sr, pt …).
@Suite struct FontconfigLanguageTests {
    @Test(arguments: [
        ("zh-Hans", "zh-cn"), ("zh-Hant", "zh-tw"), ("zh-HK", "zh-hk"), ("zh-Hant-HK", "zh-hk"),
        ("zh_Hans_SG", "zh-sg"), ("zh", "zh"), ("pt-BR", "pt-br"), ("es-419", "es"), ("sr-Latn", "sh"),
        ("sr", "sr"), ("en-GB", "en-gb"), ("ja", "ja"), ("or", "or"),
    ])
    func tags(xcode: String, fontconfig: String) {
        #expect(FontconfigLanguage.tag(xcode) == fontconfig)
    }
}

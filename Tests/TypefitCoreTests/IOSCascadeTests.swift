import Testing
import TypefitCore

/// iOS's face per script, from the documented table (IOSCascade's sources).
struct IOSCascadeTests {
    func entry(_ character: Character, _ language: String? = nil) -> IOSCascade.Entry? {
        character.unicodeScalars.first.flatMap { IOSCascade.entry(for: $0, language: language) }
    }

    @Test func hanFollowsTheLanguageAsXcodeWritesIt() {
        #expect(entry("設", "zh-Hans")?.standIns == ["Noto Sans CJK SC"])
        #expect(entry("設", "zh-Hant")?.standIns == ["Noto Sans CJK TC"])
        #expect(entry("設", "zh_Hant_TW")?.iosFamilies == ["PingFang TC"])
        #expect(entry("設", "zh-HK")?.iosFamilies == ["PingFang HK"])
        #expect(entry("設", "ja")?.iosFamilies == ["Hiragino Sans"])
        #expect(entry("設", "ko")?.standIns == ["Noto Sans CJK KR"])
        #expect(entry("設", nil)?.iosFamilies == ["PingFang SC"])
        #expect(entry("の", "en")?.iosFamilies == ["Hiragino Sans"])
    }

    @Test func scriptsGoToTheirFaces() {
        #expect(entry("ଓ")?.iosFamilies == ["Noto Sans Oriya"])
        #expect(entry("ب")?.iosFamilies == ["Geeza Pro"])
        #expect(entry("ب")?.systemFontFamilies == ["SF Arabic"])
        #expect(entry("ب", "ur")?.iosFamilies == ["Noto Nastaliq Urdu"])
        #expect(entry("ש")?.standIns == ["Noto Sans Hebrew"])
        #expect(entry("ส")?.iosFamilies == ["Thonburi"])
        #expect(entry("한")?.iosFamilies == ["Apple SD Gothic Neo"])
        #expect(entry("a") == nil && entry("Ж") == nil)
        #expect(IOSCascade.entry(for: "📱", language: nil, isEmoji: true)?.standIns == ["Noto Color Emoji"])
    }

    @Test func rolesNameIOSFacesAndStandIns() {
        #expect(IOSCascade.role(ofFamily: "Geeza Pro") == .ios)
        #expect(IOSCascade.role(ofFamily: "noto sans oriya") == .ios)
        #expect(IOSCascade.role(ofFamily: "Noto Sans CJK JP") == .standIn)
        #expect(IOSCascade.role(ofFamily: "DejaVu Sans") == .fontconfig)
    }
}

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

    /// CSS Fonts 4 §5.2's weight rule, as its text states it: 400 looks up
    /// to 500 first, then lighter, then heavier; below 400 lighter first;
    /// above 500 heavier first.
    @Test func theNearestWeightIsCSSs() {
        #expect(IOSCascade.nearestWeight(700, among: [400]) == 400)
        #expect(IOSCascade.nearestWeight(600, among: [400, 700]) == 700)
        #expect(IOSCascade.nearestWeight(400, among: [300, 500, 600]) == 500)
        #expect(IOSCascade.nearestWeight(400, among: [300, 600]) == 300)
        #expect(IOSCascade.nearestWeight(300, among: [100, 400]) == 100)
        #expect(IOSCascade.nearestWeight(600, among: [300, 400, 500]) == 500)
        #expect(IOSCascade.nearestWeight(500, among: [300, 400, 700]) == 400)
    }

    /// A face of iOS's family at a weight iOS's face lacks is a stand-in
    /// (iOS ships Noto Sans Myanmar Regular, Light and Bold); a stand-in
    /// says the iOS face it stands for at the weight iOS draws in.
    @Test func rolesByWeight() {
        #expect(IOSCascade.role(ofFamily: "Noto Sans Myanmar", weight: 700) == (.ios, nil))
        #expect(IOSCascade.role(ofFamily: "Noto Sans Myanmar", weight: 600) == (.standIn, "Noto Sans Myanmar Bold"))
        #expect(IOSCascade.role(ofFamily: "Noto Sans Khmer", weight: 700) == (.standIn, "Khmer Sangam MN Regular"))
        #expect(IOSCascade.role(ofFamily: "Noto Sans Arabic", weight: 600) == (.standIn, "Geeza Pro Bold"))
        #expect(
            IOSCascade.role(ofFamily: "Noto Sans Arabic", weight: 600, isSystemFont: true)
                == (.standIn, "SF Arabic Semibold"))
        #expect(IOSCascade.role(ofFamily: "Geeza Pro", weight: 700) == (.ios, nil))
        #expect(IOSCascade.role(ofFamily: "DejaVu Sans", weight: 700) == (.fontconfig, nil))
    }
}

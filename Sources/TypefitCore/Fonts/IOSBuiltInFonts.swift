/// The fonts built into iOS, as `UIFont.familyNames` and
/// `fontNames(forFamilyName:)` list them: families an app may name without
/// shipping the files (Futura, Avenir Next, Noteworthy).
///
/// Version and source: the list an iOS 14 device printed, as recorded in
/// the public project luzizheng/UIFontLibrary (`UIFontNameConst.m`,
/// commit 24dff59, 2020-09-29): 81 families, 274 PostScript names. Apple
/// publishes the list for each release at developer.apple.com/fonts
/// ("Fonts for Apple platforms"), which this machine cannot reach; later
/// releases add families (none removed that an app could name), so a name
/// missing here may still be built into a newer iOS. Hidden system families
/// (`.SFUI-Regular`) are not in the list: apps do not name them.
public enum IOSBuiltInFonts {
    /// The release the list was taken from.
    public static let version = "iOS 14"

    /// Where it comes from, for messages and the reference.
    public static let source = "UIFont.familyNames on an iOS 14 device (luzizheng/UIFontLibrary, 2020)"

    /// Family and PostScript names, one family per line: `Family|Name,Name`.
    static let table = """
        Academy Engraved LET|AcademyEngravedLetPlain
        Al Nile|AlNile,AlNile-Bold
        American Typewriter|AmericanTypewriter,AmericanTypewriter-Light,AmericanTypewriter-Semibold,AmericanTypewriter-Bold,AmericanTypewriter-Condensed,AmericanTypewriter-CondensedLight,AmericanTypewriter-CondensedBold
        Apple Color Emoji|AppleColorEmoji
        Apple SD Gothic Neo|AppleSDGothicNeo-Regular,AppleSDGothicNeo-Thin,AppleSDGothicNeo-UltraLight,AppleSDGothicNeo-Light,AppleSDGothicNeo-Medium,AppleSDGothicNeo-SemiBold,AppleSDGothicNeo-Bold
        Apple Symbols|AppleSymbols
        Arial|ArialMT,Arial-ItalicMT,Arial-BoldMT,Arial-BoldItalicMT
        Arial Hebrew|ArialHebrew,ArialHebrew-Light,ArialHebrew-Bold
        Arial Rounded MT Bold|ArialRoundedMTBold
        Avenir|Avenir-Book,Avenir-Roman,Avenir-BookOblique,Avenir-Oblique,Avenir-Light,Avenir-LightOblique,Avenir-Medium,Avenir-MediumOblique,Avenir-Heavy,Avenir-HeavyOblique,Avenir-Black,Avenir-BlackOblique
        Avenir Next|AvenirNext-Regular,AvenirNext-Italic,AvenirNext-UltraLight,AvenirNext-UltraLightItalic,AvenirNext-Medium,AvenirNext-MediumItalic,AvenirNext-DemiBold,AvenirNext-DemiBoldItalic,AvenirNext-Bold,AvenirNext-BoldItalic,AvenirNext-Heavy,AvenirNext-HeavyItalic
        Avenir Next Condensed|AvenirNextCondensed-Regular,AvenirNextCondensed-Italic,AvenirNextCondensed-UltraLight,AvenirNextCondensed-UltraLightItalic,AvenirNextCondensed-Medium,AvenirNextCondensed-MediumItalic,AvenirNextCondensed-DemiBold,AvenirNextCondensed-DemiBoldItalic,AvenirNextCondensed-Bold,AvenirNextCondensed-BoldItalic,AvenirNextCondensed-Heavy,AvenirNextCondensed-HeavyItalic
        Baskerville|Baskerville,Baskerville-Italic,Baskerville-SemiBold,Baskerville-SemiBoldItalic,Baskerville-Bold,Baskerville-BoldItalic
        Bodoni 72|BodoniSvtyTwoITCTT-Book,BodoniSvtyTwoITCTT-BookIta,BodoniSvtyTwoITCTT-Bold
        Bodoni 72 Oldstyle|BodoniSvtyTwoOSITCTT-Book,BodoniSvtyTwoOSITCTT-BookIt,BodoniSvtyTwoOSITCTT-Bold
        Bodoni 72 Smallcaps|BodoniSvtyTwoSCITCTT-Book
        Bodoni Ornaments|BodoniOrnamentsITCTT
        Bradley Hand|BradleyHandITCTT-Bold
        Chalkboard SE|ChalkboardSE-Regular,ChalkboardSE-Light,ChalkboardSE-Bold
        Chalkduster|Chalkduster
        Charter|Charter-Roman,Charter-Italic,Charter-Bold,Charter-BoldItalic,Charter-Black,Charter-BlackItalic
        Cochin|Cochin,Cochin-Italic,Cochin-Bold,Cochin-BoldItalic
        Copperplate|Copperplate,Copperplate-Light,Copperplate-Bold
        Courier|Courier,Courier-Oblique,Courier-Bold,Courier-BoldOblique
        Courier New|CourierNewPSMT,CourierNewPS-ItalicMT,CourierNewPS-BoldMT,CourierNewPS-BoldItalicMT
        Damascus|Damascus,DamascusLight,DamascusMedium,DamascusSemiBold,DamascusBold
        Devanagari Sangam MN|DevanagariSangamMN,DevanagariSangamMN-Bold
        Didot|Didot,Didot-Italic,Didot-Bold
        DIN Alternate|DINAlternate-Bold
        DIN Condensed|DINCondensed-Bold
        Euphemia UCAS|EuphemiaUCAS,EuphemiaUCAS-Italic,EuphemiaUCAS-Bold
        Farah|Farah
        Futura|Futura-Medium,Futura-MediumItalic,Futura-Bold,Futura-CondensedMedium,Futura-CondensedExtraBold
        Galvji|Galvji,Galvji-Bold
        Geeza Pro|GeezaPro,GeezaPro-Bold
        Georgia|Georgia,Georgia-Italic,Georgia-Bold,Georgia-BoldItalic
        Gill Sans|GillSans,GillSans-Italic,GillSans-Light,GillSans-LightItalic,GillSans-SemiBold,GillSans-SemiBoldItalic,GillSans-Bold,GillSans-BoldItalic,GillSans-UltraBold
        Helvetica|Helvetica,Helvetica-Oblique,Helvetica-Light,Helvetica-LightOblique,Helvetica-Bold,Helvetica-BoldOblique
        Helvetica Neue|HelveticaNeue,HelveticaNeue-Italic,HelveticaNeue-UltraLight,HelveticaNeue-UltraLightItalic,HelveticaNeue-Thin,HelveticaNeue-ThinItalic,HelveticaNeue-Light,HelveticaNeue-LightItalic,HelveticaNeue-Medium,HelveticaNeue-MediumItalic,HelveticaNeue-Bold,HelveticaNeue-BoldItalic,HelveticaNeue-CondensedBold,HelveticaNeue-CondensedBlack
        Hiragino Maru Gothic ProN|HiraMaruProN-W4
        Hiragino Mincho ProN|HiraMinProN-W3,HiraMinProN-W6
        Hiragino Sans|HiraginoSans-W3,HiraginoSans-W6,HiraginoSans-W7
        Hoefler Text|HoeflerText-Regular,HoeflerText-Italic,HoeflerText-Black,HoeflerText-BlackItalic
        Kailasa|Kailasa,Kailasa-Bold
        Kefa|Kefa-Regular
        Khmer Sangam MN|KhmerSangamMN
        Kohinoor Bangla|KohinoorBangla-Regular,KohinoorBangla-Light,KohinoorBangla-Semibold
        Kohinoor Devanagari|KohinoorDevanagari-Regular,KohinoorDevanagari-Light,KohinoorDevanagari-Semibold
        Kohinoor Gujarati|KohinoorGujarati-Regular,KohinoorGujarati-Light,KohinoorGujarati-Bold
        Kohinoor Telugu|KohinoorTelugu-Regular,KohinoorTelugu-Light,KohinoorTelugu-Medium
        Lao Sangam MN|LaoSangamMN
        Malayalam Sangam MN|MalayalamSangamMN,MalayalamSangamMN-Bold
        Marker Felt|MarkerFelt-Thin,MarkerFelt-Wide
        Menlo|Menlo-Regular,Menlo-Italic,Menlo-Bold,Menlo-BoldItalic
        Mishafi|DiwanMishafi
        Mukta Mahee|MuktaMahee-Regular,MuktaMahee-Light,MuktaMahee-Bold
        Myanmar Sangam MN|MyanmarSangamMN,MyanmarSangamMN-Bold
        Noteworthy|Noteworthy-Light,Noteworthy-Bold
        Noto Nastaliq Urdu|NotoNastaliqUrdu,NotoNastaliqUrdu-Bold
        Noto Sans Kannada|NotoSansKannada-Regular,NotoSansKannada-Light,NotoSansKannada-Bold
        Noto Sans Myanmar|NotoSansMyanmar-Regular,NotoSansMyanmar-Light,NotoSansMyanmar-Bold
        Noto Sans Oriya|NotoSansOriya,NotoSansOriya-Bold
        Optima|Optima-Regular,Optima-Italic,Optima-Bold,Optima-BoldItalic,Optima-ExtraBlack
        Palatino|Palatino-Roman,Palatino-Italic,Palatino-Bold,Palatino-BoldItalic
        Papyrus|Papyrus,Papyrus-Condensed
        Party LET|PartyLetPlain
        PingFang HK|PingFangHK-Regular,PingFangHK-Ultralight,PingFangHK-Thin,PingFangHK-Light,PingFangHK-Medium,PingFangHK-Semibold
        PingFang SC|PingFangSC-Regular,PingFangSC-Ultralight,PingFangSC-Thin,PingFangSC-Light,PingFangSC-Medium,PingFangSC-Semibold
        PingFang TC|PingFangTC-Regular,PingFangTC-Ultralight,PingFangTC-Thin,PingFangTC-Light,PingFangTC-Medium,PingFangTC-Semibold
        Rockwell|Rockwell-Regular,Rockwell-Italic,Rockwell-Bold,Rockwell-BoldItalic
        Savoye LET|SavoyeLetPlain
        Sinhala Sangam MN|SinhalaSangamMN,SinhalaSangamMN-Bold
        Snell Roundhand|SnellRoundhand,SnellRoundhand-Bold,SnellRoundhand-Black
        Symbol|Symbol
        Tamil Sangam MN|TamilSangamMN,TamilSangamMN-Bold
        Thonburi|Thonburi,Thonburi-Light,Thonburi-Bold
        Times New Roman|TimesNewRomanPSMT,TimesNewRomanPS-ItalicMT,TimesNewRomanPS-BoldMT,TimesNewRomanPS-BoldItalicMT
        Trebuchet MS|TrebuchetMS,TrebuchetMS-Italic,TrebuchetMS-Bold,Trebuchet-BoldItalic
        Verdana|Verdana,Verdana-Italic,Verdana-Bold,Verdana-BoldItalic
        Zapf Dingbats|ZapfDingbatsITC
        Zapfino|Zapfino
        """

    /// Family → PostScript names.
    public static let families: [(family: String, postscriptNames: [String])] = table.split(separator: "\n").map {
        line in
        let parts = line.split(separator: "|", maxSplits: 1).map(String.init)
        return (parts[0], parts.count > 1 ? parts[1].split(separator: ",").map(String.init) : [])
    }

    private static let byName: [String: String] = {
        var names: [String: String] = [:]
        for (family, postscriptNames) in families {
            names[family] = family
            for name in postscriptNames { names[name] = family }
        }
        return names
    }()

    /// The built-in family `name` (a PostScript or family name) belongs to,
    /// or `nil` when it is not built into iOS.
    public static func family(of name: String) -> String? { byName[name] }
}

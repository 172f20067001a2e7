/// The face iOS draws a script in when the text's face lacks it (Core
/// Text's cascade list), and the open face that stands in for it on Linux.
///
/// Sources, per entry below: the cascade Core Text gives a non-system font
/// (`CTFontCopyDefaultCascadeListForLanguages(Helvetica, nil)` printed on
/// macOS 10.15, Stack Overflow question 58906179: LucidaGrande,
/// .AppleSymbolsFB, GeezaPro, NotoNastaliqUrdu, Thonburi, Kailasa,
/// PingFangSC, …, HiraginoSans-W3, KohinoorBangla, KohinoorDevanagari,
/// KohinoorGujarati, MuktaMahee, NotoSansKannada, KhmerSangamMN,
/// LaoSangamMN, MalayalamSangamMN, NotoSansMyanmar, NotoSansOriya,
/// SinhalaSangamMN, TamilSangamMN, KohinoorTelugu, NotoSansArmenian, …,
/// Kefa, AppleColorEmoji); an iOS `UIFont.familyNames` dump (2025) that
/// holds each of those families; Apple's HIG (SF Arabic, SF Armenian, SF
/// Georgian and SF Hebrew belong to the system font); for Han, the
/// preferred language decides (PingFang SC, TC or HK, Hiragino Sans, Apple
/// SD Gothic Neo), and with no language PingFang SC comes first. No
/// published list was printed on iOS itself: these are the macOS cascade's
/// faces, which iOS ships. The stand-ins are Noto's face for each script
/// (the family itself where Apple ships a Noto face).
///
/// The weights iOS's faces have (`iosWeights`) are those of the same
/// `UIFont.familyNames` dump, which lists each family's faces
/// (github.com/CongLeSolutionX/MyApp, MyApp/FontDisplayView.swift at
/// d847cd9): Geeza Pro Regular and Bold, Kefa and Khmer Sangam MN Regular
/// only, Noto Sans Myanmar Regular, Light and Bold, PingFang's six weights;
/// Hiragino Sans (W3–W8) and Apple SD Gothic Neo (seven weights) are left
/// to fontconfig's nearest, their W-numbers and names not being weights.
public enum IOSCascade {
    /// One script's faces.
    public struct Entry: Sendable, Equatable {
        /// The script (ISO 15924), or the language for Han's variants.
        public var name: String
        /// Apple's faces for text in the system font (tried first when the
        /// text's face is the system font).
        public var systemFontFamilies: [String]
        /// Apple's faces in the cascade, first found first.
        public var iosFamilies: [String]
        /// Open families that stand in for them, first found first.
        public var standIns: [String]
        /// The Debian package of the stand-in.
        public var package: String
        /// The weights (OpenType scale) iOS's face has (`nil`: not known,
        /// or a variable face): a run at another weight is drawn in the
        /// nearest of them, and its stand-in measured at that weight.
        public var iosWeights: [Int]?

        init(
            _ name: String, system: [String] = [], ios: [String], standIns: [String],
            package: String = "fonts-noto-core", weights: [Int]? = nil
        ) {
            self.name = name
            systemFontFamilies = system
            iosFamilies = ios
            self.standIns = standIns
            self.package = package
            iosWeights = weights
        }
    }

    static let arabic = Entry(
        "Arab", system: ["SF Arabic"], ios: ["Geeza Pro"], standIns: ["Noto Sans Arabic"], weights: [400, 700])
    static let urdu = Entry(
        "Arab (ur)", ios: ["Noto Nastaliq Urdu"], standIns: ["Noto Nastaliq Urdu"], weights: [400, 700])
    static let hebrew = Entry(
        "Hebr", system: ["SF Hebrew"], ios: ["Arial Hebrew"], standIns: ["Noto Sans Hebrew"], weights: [300, 400, 700])
    static let armenian = Entry(
        "Armn", system: ["SF Armenian"], ios: ["Noto Sans Armenian"], standIns: ["Noto Sans Armenian"],
        package: "fonts-noto-extra")
    static let georgian = Entry("Geor", system: ["SF Georgian"], ios: [], standIns: ["Noto Sans Georgian"])
    static let thai = Entry("Thai", ios: ["Thonburi"], standIns: ["Noto Sans Thai"], weights: [300, 400, 700])
    static let lao = Entry("Laoo", ios: ["Lao Sangam MN"], standIns: ["Noto Sans Lao"], weights: [400])
    static let tibetan = Entry("Tibt", ios: ["Kailasa"], standIns: ["Noto Serif Tibetan"], weights: [400, 700])
    static let myanmar = Entry(
        "Mymr", ios: ["Noto Sans Myanmar"], standIns: ["Noto Sans Myanmar"], weights: [300, 400, 700])
    static let khmer = Entry("Khmr", ios: ["Khmer Sangam MN"], standIns: ["Noto Sans Khmer"], weights: [400])
    static let ethiopic = Entry("Ethi", ios: ["Kefa"], standIns: ["Noto Sans Ethiopic"], weights: [400])
    static let syriac = Entry("Syrc", ios: ["Noto Sans Syriac"], standIns: ["Noto Sans Syriac"])
    static let devanagari = Entry(
        "Deva", ios: ["Kohinoor Devanagari"], standIns: ["Noto Sans Devanagari"], weights: [300, 400, 600])
    static let bengali = Entry(
        "Beng", ios: ["Kohinoor Bangla"], standIns: ["Noto Sans Bengali"], weights: [300, 400, 600])
    static let gurmukhi = Entry(
        "Guru", ios: ["Mukta Mahee"], standIns: ["Mukta Mahee", "Noto Sans Gurmukhi"], weights: [300, 400, 700])
    static let gujarati = Entry(
        "Gujr", ios: ["Kohinoor Gujarati"], standIns: ["Noto Sans Gujarati"], weights: [300, 400, 700])
    static let oriya = Entry(
        "Orya", ios: ["Noto Sans Oriya"], standIns: ["Noto Sans Oriya", "Noto Sans Odia"], weights: [400, 700])
    static let tamil = Entry("Taml", ios: ["Tamil Sangam MN"], standIns: ["Noto Sans Tamil"], weights: [400, 700])
    static let telugu = Entry(
        "Telu", ios: ["Kohinoor Telugu"], standIns: ["Noto Sans Telugu"], weights: [300, 400, 500])
    static let kannada = Entry(
        "Knda", ios: ["Noto Sans Kannada"], standIns: ["Noto Sans Kannada"], weights: [300, 400, 700])
    static let malayalam = Entry(
        "Mlym", ios: ["Malayalam Sangam MN"], standIns: ["Noto Sans Malayalam"], weights: [400, 700])
    static let sinhala = Entry(
        "Sinh", ios: ["Sinhala Sangam MN"], standIns: ["Noto Sans Sinhala"], weights: [400, 700])
    static let simplified = Entry(
        "Hans", ios: ["PingFang SC"], standIns: ["Noto Sans CJK SC"], package: "fonts-noto-cjk",
        weights: [100, 200, 300, 400, 500, 600])
    static let traditional = Entry(
        "Hant", ios: ["PingFang TC"], standIns: ["Noto Sans CJK TC"], package: "fonts-noto-cjk",
        weights: [100, 200, 300, 400, 500, 600])
    static let hongKong = Entry(
        "Hant (HK)", ios: ["PingFang HK"], standIns: ["Noto Sans CJK HK"], package: "fonts-noto-cjk",
        weights: [100, 200, 300, 400, 500, 600])
    static let japanese = Entry(
        "Jpan", ios: ["Hiragino Sans"], standIns: ["Noto Sans CJK JP"], package: "fonts-noto-cjk")
    static let korean = Entry(
        "Kore", ios: ["Apple SD Gothic Neo"], standIns: ["Noto Sans CJK KR"], package: "fonts-noto-cjk")
    static let emoji = Entry(
        "Zsye", ios: ["Apple Color Emoji"], standIns: ["Noto Color Emoji"], package: "fonts-noto-color-emoji")

    /// Every entry (for documentation and roles).
    public static let all: [Entry] = [
        arabic, urdu, hebrew, armenian, georgian, thai, lao, tibetan, myanmar, khmer, ethiopic, syriac, devanagari,
        bengali, gurmukhi, gujarati, oriya, tamil, telugu, kannada, malayalam, sinhala, simplified, traditional,
        hongKong, japanese, korean, emoji,
    ]

    /// The entry for a cluster that starts with `scalar`, in text of
    /// `language` (a BCP 47 tag, as Xcode writes it); `isEmoji` for an
    /// emoji-presentation cluster. `nil`: a script the table leaves to
    /// fontconfig's order (Latin, Greek, Cyrillic, symbols). Reads the
    /// language each call: `Languaged` reads it once for many clusters.
    public static func entry(for scalar: Unicode.Scalar, language: String?, isEmoji: Bool = false) -> Entry? {
        Languaged(language).entry(for: scalar, isEmoji: isEmoji)
    }

    /// The table for text of one language, its language-dependent entries
    /// (Han's region, Urdu's Arabic) read once.
    public struct Languaged: Sendable {
        let han: Entry
        let arabic: Entry

        /// The emoji entry's name.
        public static let emojiName = IOSCascade.emoji.name

        /// The table for `language` (a BCP 47 tag, as Xcode writes it).
        public init(_ language: String?) {
            han = IOSCascade.han(language)
            arabic = LanguageTag.primary(language) == "ur" ? IOSCascade.urdu : IOSCascade.arabic
        }

        /// The entry for a cluster that starts with `scalar` (see
        /// `IOSCascade.entry`).
        public func entry(for scalar: Unicode.Scalar, isEmoji: Bool = false) -> Entry? {
            if isEmoji { return IOSCascade.emoji }
            let v = scalar.value
            // Below Armenian: Latin, Greek, Cyrillic, left to fontconfig.
            guard v >= 0x0530 else { return nil }
            switch v {
            case 0x0530...0x058F, 0xFB13...0xFB17: return armenian
            case 0x0590...0x05FF, 0xFB1D...0xFB4F: return hebrew
            case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF: return arabic
            case 0x0700...0x074F: return syriac
            case 0x0900...0x097F, 0xA8E0...0xA8FF: return devanagari
            case 0x0980...0x09FF: return bengali
            case 0x0A00...0x0A7F: return gurmukhi
            case 0x0A80...0x0AFF: return gujarati
            case 0x0B00...0x0B7F: return oriya
            case 0x0B80...0x0BFF: return tamil
            case 0x0C00...0x0C7F: return telugu
            case 0x0C80...0x0CFF: return kannada
            case 0x0D00...0x0D7F: return malayalam
            case 0x0D80...0x0DFF: return sinhala
            case 0x0E00...0x0E7F: return thai
            case 0x0E80...0x0EFF: return lao
            case 0x0F00...0x0FFF: return tibetan
            case 0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F: return myanmar
            case 0x10A0...0x10FF, 0x1C90...0x1CBF, 0x2D00...0x2D2F: return georgian
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: return korean
            case 0x1200...0x139F, 0x2D80...0x2DDF, 0xAB00...0xAB2F: return ethiopic
            case 0x1780...0x17FF, 0x19E0...0x19FF: return khmer
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return japanese
            case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFF65,
                0x20000...0x3134F:
                return han
            default: return nil
            }
        }
    }

    /// Han by the text's language: the preferred language decides which
    /// region's forms iOS draws (a Japanese string's kanji in Hiragino
    /// Sans); without one, PingFang SC, first in the default cascade.
    static func han(_ language: String?) -> Entry {
        let tag = (language ?? "").lowercased().replacingUnderscores()
        switch LanguageTag.primary(language) {
        case "ja": return japanese
        case "ko": return korean
        case "yue": return hongKong
        case "zh":
            if tag.contains("-hk") || tag.contains("-mo") { return hongKong }
            if tag.contains("-hant") || tag.contains("-tw") { return traditional }
            return simplified
        default: return simplified
        }
    }

    /// What a fallback face is to iOS: its own face for a script, an open
    /// stand-in for one, or neither (fontconfig's choice).
    public enum Role: String, Sendable {
        /// A face iOS itself uses for the script.
        case ios
        /// The open face that stands in for iOS's.
        case standIn = "stand-in"
        /// A face fontconfig chose, outside the table.
        case fontconfig
        /// Android's own font for the script, from a device's files
        /// (`--android-fonts`); an installed one of the same family is a
        /// `standIn`.
        case android
    }

    /// What a fallback face of `family` at `weight` (OpenType scale) is to
    /// iOS, and for a stand-in, the iOS face it stands in for
    /// (`Geeza Pro Bold`): a face of iOS's family at a weight iOS's face
    /// does not have (Noto Sans Myanmar SemiBold) is a stand-in too.
    /// `isSystemFont`: the text's face is the system font, whose own
    /// faces (SF Arabic) come first.
    public static func role(ofFamily family: String, weight: Int?, isSystemFont: Bool = false) -> (
        role: Role, standsInFor: String?
    ) {
        let key = family.lowercased()
        let matches = { (families: [String]) in families.contains { $0.lowercased() == key } }
        for entry in all where matches(entry.iosFamilies + entry.systemFontFamilies) {
            guard matches(entry.iosFamilies), let weights = entry.iosWeights, let weight, !weights.contains(weight)
            else { return (.ios, nil) }
            return (.standIn, standsInName(entry, weight: weight, isSystemFont: isSystemFont))
        }
        for entry in all where matches(entry.standIns) {
            return (.standIn, standsInName(entry, weight: weight ?? 400, isSystemFont: isSystemFont))
        }
        return (.fontconfig, nil)
    }

    /// The iOS face a stand-in at `weight` stands for: the system font's
    /// own family for the script, else iOS's face at its nearest weight.
    private static func standsInName(_ entry: Entry, weight: Int, isSystemFont: Bool) -> String? {
        if isSystemFont, let family = entry.systemFontFamilies.first {
            return family + " " + FontWeight(nearest: weight).displayName
        }
        guard let family = entry.iosFamilies.first else { return nil }
        let shown = entry.iosWeights.map { nearestWeight(weight, among: $0) } ?? weight
        return family + " " + FontWeight(nearest: shown).displayName
    }

    /// The weight among `weights` a request for `target` is drawn at, by
    /// CSS Fonts 4's rule (§5.2: up to 500 from 400, else lighter first
    /// below 400 and heavier first above 500): Core Text's own choice is
    /// not published (docs/REFERENCE.md).
    public static func nearestWeight(_ target: Int, among weights: [Int]) -> Int {
        guard !weights.isEmpty, !weights.contains(target) else { return target }
        let lighter = weights.filter { $0 < target }.sorted(by: >)
        let heavier = weights.filter { $0 > target }.sorted()
        if (400...500).contains(target) {
            if let up = heavier.first(where: { $0 <= 500 }) { return up }
            return lighter.first ?? heavier.first ?? target
        }
        if target < 400 { return lighter.first ?? heavier.first ?? target }
        return heavier.first ?? lighter.first ?? target
    }

    /// The role of a fallback face of `family`.
    public static func role(ofFamily family: String) -> Role {
        let key = family.lowercased()
        if all.contains(where: { ($0.iosFamilies + $0.systemFontFamilies).contains { $0.lowercased() == key } }) {
            return .ios
        }
        if all.contains(where: { $0.standIns.contains { $0.lowercased() == key } }) { return .standIn }
        return .fontconfig
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}

extension LanguageTag {
    /// The primary language subtag of `tag`, lowercased (`zh` of
    /// `zh-Hant-TW`, `pt` of `pt_BR`); `nil` without a tag.
    static func primary(_ tag: String?) -> String? {
        guard let tag, let first = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first else { return nil }
        return first.lowercased()
    }
}

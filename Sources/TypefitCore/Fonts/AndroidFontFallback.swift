/// Android's system fonts (Android 15's `font_fallback.xml`, AOSP
/// `frameworks/base` `data/fonts/font_fallback.xml` @
/// 0eab1450745c1b3f30a4cac82b34a1e0a56e0e00, Apache-2.0): the default
/// family, `sans-serif` (Roboto, variable in `wght`), and the locale
/// fallback families in file order, each with its `lang` and `variant`
/// and the family name its font carries (Google's Noto builds, Debian's
/// too: the name a stand-in is found by). Families of `fallbackFor="serif"`
/// fonts are left out (they draw serif text only). The 100 single-font
/// families of historic and minority scripts (`und-Ahom` … `und-Yezi`)
/// are in the chain: fontconfig's own order put DejaVu Sans, FreeSans or
/// FreeSerif before an installed Noto file of the script (Tifinagh,
/// N'Ko, Cherokee …). Android 14's deprecated
/// `fonts.xml` (@ 031de969c6f94d746ec3a01585956e46e4ff3e25) lists the same
/// families in the same order, so one chain serves every version.
public enum AndroidFontFallback {
    /// Android's `sans-serif`: the default family, first for every
    /// character it has.
    public static let defaultFamily = "Roboto"
    /// Its file in `/system/fonts`.
    public static let defaultFile = "Roboto-Regular.ttf"

    /// A locale fallback family.
    public struct Family: Sendable, Equatable {
        /// Its `lang` attribute: comma-separated BCP 47 tags (empty: none).
        public var locales: String
        /// `elegant`, `compact`, or `nil`.
        public var variant: String?
        /// The family name of its font.
        public var name: String
        /// Its file in `/system/fonts` (the regular face).
        public var file: String
        /// The names an installed font of the script may carry instead
        /// (Debian's Noto builds: Noto Serif Ahom for Android's Noto Sans
        /// Ahom, the one Noto Sans Syriac for its Estrangela).
        public var otherNames: [String]

        init(_ locales: String, _ variant: String?, _ name: String, _ file: String, otherNames: [String] = []) {
            (self.locales, self.variant, self.name, self.file) = (locales, variant, name, file)
            self.otherNames = otherNames
        }

        /// Whether `family` is its font's family name, or one of its
        /// stand-ins'.
        public func isNamed(_ family: String) -> Bool {
            let folded = family.lowercased()
            return name.lowercased() == folded || otherNames.contains { $0.lowercased() == folded }
        }
    }

    /// The locale fallback families, in `font_fallback.xml`'s order
    /// (Minikin's tie-break).
    public static let families: [Family] = [
        // The default family, listed first: for a face of the app's own,
        // Minikin falls back to it before the locale families (it has no
        // locale, so a family of the paragraph's locale that has a
        // character still comes before it).
        Family("", nil, defaultFamily, defaultFile),
        Family("und-Arab", "elegant", "Noto Naskh Arabic", "NotoNaskhArabic-Regular.ttf"),
        Family("und-Arab", "compact", "Noto Naskh Arabic UI", "NotoNaskhArabicUI-Regular.ttf"),
        Family("und-Ethi", nil, "Noto Sans Ethiopic", "NotoSansEthiopic-VF.ttf"),
        Family("und-Hebr", nil, "Noto Sans Hebrew", "NotoSansHebrew-Regular.ttf"),
        Family("und-Thai", "elegant", "Noto Sans Thai", "NotoSansThai-Regular.ttf"),
        Family("und-Thai", "compact", "Noto Sans Thai UI", "NotoSansThaiUI-Regular.ttf"),
        Family("und-Armn", nil, "Noto Sans Armenian", "NotoSansArmenian-VF.ttf"),
        Family("und-Geor,und-Geok", nil, "Noto Sans Georgian", "NotoSansGeorgian-VF.ttf"),
        Family("und-Deva", "elegant", "Noto Sans Devanagari", "NotoSansDevanagari-VF.ttf"),
        Family("und-Deva", "compact", "Noto Sans Devanagari UI", "NotoSansDevanagariUI-VF.ttf"),
        Family("und-Gujr", "elegant", "Noto Sans Gujarati", "NotoSansGujarati-Regular.ttf"),
        Family("und-Gujr", "compact", "Noto Sans Gujarati UI", "NotoSansGujaratiUI-Regular.ttf"),
        Family("und-Guru", "elegant", "Noto Sans Gurmukhi", "NotoSansGurmukhi-VF.ttf"),
        Family("und-Guru", "compact", "Noto Sans Gurmukhi UI", "NotoSansGurmukhiUI-VF.ttf"),
        Family("und-Taml", "elegant", "Noto Sans Tamil", "NotoSansTamil-VF.ttf"),
        Family("und-Taml", "compact", "Noto Sans Tamil UI", "NotoSansTamilUI-VF.ttf"),
        Family("und-Mlym", "elegant", "Noto Sans Malayalam", "NotoSansMalayalam-VF.ttf"),
        Family("und-Mlym", "compact", "Noto Sans Malayalam UI", "NotoSansMalayalamUI-VF.ttf"),
        Family("und-Beng", "elegant", "Noto Sans Bengali", "NotoSansBengali-VF.ttf"),
        Family("und-Beng", "compact", "Noto Sans Bengali UI", "NotoSansBengaliUI-VF.ttf"),
        Family("und-Telu", "elegant", "Noto Sans Telugu", "NotoSansTelugu-VF.ttf"),
        Family("und-Telu", "compact", "Noto Sans Telugu UI", "NotoSansTeluguUI-VF.ttf"),
        Family("und-Knda", "elegant", "Noto Sans Kannada", "NotoSansKannada-VF.ttf"),
        Family("und-Knda", "compact", "Noto Sans Kannada UI", "NotoSansKannadaUI-VF.ttf"),
        Family("und-Orya", "elegant", "Noto Sans Oriya", "NotoSansOriya-Regular.ttf"),
        Family("und-Orya", "compact", "Noto Sans Oriya UI", "NotoSansOriyaUI-Regular.ttf"),
        Family("und-Sinh", "elegant", "Noto Sans Sinhala", "NotoSansSinhala-VF.ttf"),
        Family("und-Sinh", "compact", "Noto Sans Sinhala UI", "NotoSansSinhalaUI-VF.ttf"),
        Family("und-Khmr", "elegant", "Noto Sans Khmer", "NotoSansKhmer-VF.ttf"),
        Family("und-Khmr", "compact", "Noto Sans Khmer UI", "NotoSansKhmerUI-Regular.ttf"),
        Family("und-Laoo", "elegant", "Noto Sans Lao", "NotoSansLao-Regular.ttf"),
        Family("und-Laoo", "compact", "Noto Sans Lao UI", "NotoSansLaoUI-Regular.ttf"),
        Family("und-Mymr", "elegant", "Noto Sans Myanmar", "NotoSansMyanmar-Regular.otf"),
        Family("und-Mymr", "compact", "Noto Sans Myanmar UI", "NotoSansMyanmarUI-Regular.otf"),
        Family("und-Thaa", nil, "Noto Sans Thaana", "NotoSansThaana-Regular.ttf"),
        Family("und-Cham", nil, "Noto Sans Cham", "NotoSansCham-Regular.ttf"),
        Family("und-Ahom", nil, "Noto Sans Ahom", "NotoSansAhom-Regular.otf", otherNames: ["Noto Serif Ahom"]),
        Family("und-Adlm", nil, "Noto Sans Adlam", "NotoSansAdlam-VF.ttf"),
        Family("und-Avst", nil, "Noto Sans Avestan", "NotoSansAvestan-Regular.ttf"),
        Family("und-Bali", nil, "Noto Sans Balinese", "NotoSansBalinese-Regular.ttf"),
        Family("und-Bamu", nil, "Noto Sans Bamum", "NotoSansBamum-Regular.ttf"),
        Family("und-Batk", nil, "Noto Sans Batak", "NotoSansBatak-Regular.ttf"),
        Family("und-Brah", nil, "Noto Sans Brahmi", "NotoSansBrahmi-Regular.ttf"),
        Family("und-Bugi", nil, "Noto Sans Buginese", "NotoSansBuginese-Regular.ttf"),
        Family("und-Buhd", nil, "Noto Sans Buhid", "NotoSansBuhid-Regular.ttf"),
        Family("und-Cans", nil, "Noto Sans Canadian Aboriginal", "NotoSansCanadianAboriginal-Regular.ttf"),
        Family("und-Cari", nil, "Noto Sans Carian", "NotoSansCarian-Regular.ttf"),
        Family("und-Cakm", nil, "Noto Sans Chakma", "NotoSansChakma-Regular.otf"),
        Family("und-Cher", nil, "Noto Sans Cherokee", "NotoSansCherokee-Regular.ttf"),
        Family("und-Copt", nil, "Noto Sans Coptic", "NotoSansCoptic-Regular.ttf"),
        Family("und-Xsux", nil, "Noto Sans Cuneiform", "NotoSansCuneiform-Regular.ttf"),
        Family("und-Cprt", nil, "Noto Sans Cypriot", "NotoSansCypriot-Regular.ttf"),
        Family("und-Dsrt", nil, "Noto Sans Deseret", "NotoSansDeseret-Regular.ttf"),
        Family("und-Egyp", nil, "Noto Sans Egyptian Hieroglyphs", "NotoSansEgyptianHieroglyphs-Regular.ttf"),
        Family("und-Elba", nil, "Noto Sans Elbasan", "NotoSansElbasan-Regular.otf"),
        Family("und-Glag", nil, "Noto Sans Glagolitic", "NotoSansGlagolitic-Regular.ttf"),
        Family("und-Goth", nil, "Noto Sans Gothic", "NotoSansGothic-Regular.ttf"),
        Family("und-Hano", nil, "Noto Sans Hanunoo", "NotoSansHanunoo-Regular.ttf"),
        Family("und-Armi", nil, "Noto Sans Imperial Aramaic", "NotoSansImperialAramaic-Regular.ttf"),
        Family("und-Phli", nil, "Noto Sans Inscriptional Pahlavi", "NotoSansInscriptionalPahlavi-Regular.ttf"),
        Family("und-Prti", nil, "Noto Sans Inscriptional Parthian", "NotoSansInscriptionalParthian-Regular.ttf"),
        Family("und-Java", nil, "Noto Sans Javanese", "NotoSansJavanese-Regular.otf"),
        Family("und-Kthi", nil, "Noto Sans Kaithi", "NotoSansKaithi-Regular.ttf"),
        Family("und-Kali", nil, "Noto Sans Kayah Li", "NotoSansKayahLi-Regular.ttf"),
        Family("und-Khar", nil, "Noto Sans Kharoshthi", "NotoSansKharoshthi-Regular.ttf"),
        Family("und-Lepc", nil, "Noto Sans Lepcha", "NotoSansLepcha-Regular.ttf"),
        Family("und-Limb", nil, "Noto Sans Limbu", "NotoSansLimbu-Regular.ttf"),
        Family("und-Linb", nil, "Noto Sans Linear B", "NotoSansLinearB-Regular.ttf"),
        Family("und-Lisu", nil, "Noto Sans Lisu", "NotoSansLisu-Regular.ttf"),
        Family("und-Lyci", nil, "Noto Sans Lycian", "NotoSansLycian-Regular.ttf"),
        Family("und-Lydi", nil, "Noto Sans Lydian", "NotoSansLydian-Regular.ttf"),
        Family("und-Mand", nil, "Noto Sans Mandaic", "NotoSansMandaic-Regular.ttf"),
        Family("und-Mtei", nil, "Noto Sans Meetei Mayek", "NotoSansMeeteiMayek-Regular.ttf"),
        Family("und-Talu", nil, "Noto Sans New Tai Lue", "NotoSansNewTaiLue-Regular.ttf"),
        Family("und-Nkoo", nil, "Noto Sans NKo", "NotoSansNKo-Regular.ttf"),
        Family("und-Ogam", nil, "Noto Sans Ogham", "NotoSansOgham-Regular.ttf"),
        Family("und-Olck", nil, "Noto Sans Ol Chiki", "NotoSansOlChiki-Regular.ttf"),
        Family("und-Ital", nil, "Noto Sans Old Italic", "NotoSansOldItalic-Regular.ttf"),
        Family("und-Xpeo", nil, "Noto Sans Old Persian", "NotoSansOldPersian-Regular.ttf"),
        Family("und-Sarb", nil, "Noto Sans Old South Arabian", "NotoSansOldSouthArabian-Regular.ttf"),
        Family("und-Orkh", nil, "Noto Sans Old Turkic", "NotoSansOldTurkic-Regular.ttf"),
        Family("und-Osge", nil, "Noto Sans Osage", "NotoSansOsage-Regular.ttf"),
        Family("und-Osma", nil, "Noto Sans Osmanya", "NotoSansOsmanya-Regular.ttf"),
        Family("und-Phnx", nil, "Noto Sans Phoenician", "NotoSansPhoenician-Regular.ttf"),
        Family("und-Rjng", nil, "Noto Sans Rejang", "NotoSansRejang-Regular.ttf"),
        Family("und-Runr", nil, "Noto Sans Runic", "NotoSansRunic-Regular.ttf"),
        Family("und-Samr", nil, "Noto Sans Samaritan", "NotoSansSamaritan-Regular.ttf"),
        Family("und-Saur", nil, "Noto Sans Saurashtra", "NotoSansSaurashtra-Regular.ttf"),
        Family("und-Shaw", nil, "Noto Sans Shavian", "NotoSansShavian-Regular.ttf"),
        Family("und-Sund", nil, "Noto Sans Sundanese", "NotoSansSundanese-Regular.ttf"),
        Family("und-Sylo", nil, "Noto Sans Syloti Nagri", "NotoSansSylotiNagri-Regular.ttf"),
        Family(
            "und-Syre", nil, "Noto Sans Syriac Estrangela", "NotoSansSyriacEstrangela-Regular.ttf",
            otherNames: ["Noto Sans Syriac"]),
        Family("und-Syrn", nil, "Noto Sans Syriac Eastern", "NotoSansSyriacEastern-Regular.ttf"),
        Family("und-Syrj", nil, "Noto Sans Syriac Western", "NotoSansSyriacWestern-Regular.ttf"),
        Family("und-Tglg", nil, "Noto Sans Tagalog", "NotoSansTagalog-Regular.ttf"),
        Family("und-Tagb", nil, "Noto Sans Tagbanwa", "NotoSansTagbanwa-Regular.ttf"),
        Family("und-Lana", nil, "Noto Sans Tai Tham", "NotoSansTaiTham-Regular.ttf"),
        Family("und-Tavt", nil, "Noto Sans Tai Viet", "NotoSansTaiViet-Regular.ttf"),
        Family("und-Tibt", nil, "Noto Serif Tibetan", "NotoSerifTibetan-VF.ttf"),
        Family("und-Tfng", nil, "Noto Sans Tifinagh", "NotoSansTifinagh-Regular.otf"),
        Family("und-Ugar", nil, "Noto Sans Ugaritic", "NotoSansUgaritic-Regular.ttf"),
        Family("und-Vaii", nil, "Noto Sans Vai", "NotoSansVai-Regular.ttf"),
        Family("", nil, "Noto Sans Symbols", "NotoSansSymbols-Regular-Subsetted.ttf"),
        Family("zh-Hans", nil, "Noto Sans CJK SC", "NotoSansCJK-Regular.ttc"),
        Family("zh-Hant,zh-Bopo", nil, "Noto Sans CJK TC", "NotoSansCJK-Regular.ttc"),
        Family("ja", nil, "Noto Sans CJK JP", "NotoSansCJK-Regular.ttc"),
        Family("ko", nil, "Noto Sans CJK KR", "NotoSansCJK-Regular.ttc"),
        Family("und-Zsye", nil, "Noto Color Emoji", "NotoColorEmoji.ttf"),
        Family("und-Zsym", nil, "Noto Sans Symbols 2", "NotoSansSymbols-Regular-Subsetted2.ttf"),
        Family("und-Tale", nil, "Noto Sans Tai Le", "NotoSansTaiLe-Regular.ttf"),
        Family("und-Yiii", nil, "Noto Sans Yi", "NotoSansYi-Regular.ttf"),
        Family("und-Mong", nil, "Noto Sans Mongolian", "NotoSansMongolian-Regular.ttf"),
        Family("und-Phag", nil, "Noto Sans Phags Pa", "NotoSansPhagsPa-Regular.ttf"),
        Family("und-Hluw", nil, "Noto Sans Anatolian Hieroglyphs", "NotoSansAnatolianHieroglyphs-Regular.otf"),
        Family("und-Bass", nil, "Noto Sans Bassa Vah", "NotoSansBassaVah-Regular.otf"),
        Family("und-Bhks", nil, "Noto Sans Bhaiksuki", "NotoSansBhaiksuki-Regular.otf"),
        Family("und-Hatr", nil, "Noto Sans Hatran", "NotoSansHatran-Regular.otf"),
        Family("und-Lina", nil, "Noto Sans Linear A", "NotoSansLinearA-Regular.otf"),
        Family("und-Mani", nil, "Noto Sans Manichaean", "NotoSansManichaean-Regular.otf"),
        Family("und-Marc", nil, "Noto Sans Marchen", "NotoSansMarchen-Regular.otf"),
        Family("und-Merc", nil, "Noto Sans Meroitic", "NotoSansMeroitic-Regular.otf"),
        Family("und-Plrd", nil, "Noto Sans Miao", "NotoSansMiao-Regular.otf"),
        Family("und-Mroo", nil, "Noto Sans Mro", "NotoSansMro-Regular.otf"),
        Family("und-Mult", nil, "Noto Sans Multani", "NotoSansMultani-Regular.otf"),
        Family("und-Nbat", nil, "Noto Sans Nabataean", "NotoSansNabataean-Regular.otf"),
        Family("und-Newa", nil, "Noto Sans Newa", "NotoSansNewa-Regular.otf"),
        Family("und-Narb", nil, "Noto Sans Old North Arabian", "NotoSansOldNorthArabian-Regular.otf"),
        Family("und-Perm", nil, "Noto Sans Old Permic", "NotoSansOldPermic-Regular.otf"),
        Family("und-Hmng", nil, "Noto Sans Pahawh Hmong", "NotoSansPahawhHmong-Regular.otf"),
        Family("und-Palm", nil, "Noto Sans Palmyrene", "NotoSansPalmyrene-Regular.otf"),
        Family("und-Pauc", nil, "Noto Sans Pau Cin Hau", "NotoSansPauCinHau-Regular.otf"),
        Family("und-Shrd", nil, "Noto Sans Sharada", "NotoSansSharada-Regular.otf"),
        Family("und-Sora", nil, "Noto Sans Sora Sompeng", "NotoSansSoraSompeng-Regular.otf"),
        Family("und-Gong", nil, "Noto Sans Gunjala Gondi", "NotoSansGunjalaGondi-Regular.otf"),
        Family("und-Rohg", nil, "Noto Sans Hanifi Rohingya", "NotoSansHanifiRohingya-Regular.otf"),
        Family("und-Khoj", nil, "Noto Sans Khojki", "NotoSansKhojki-Regular.otf"),
        Family("und-Gonm", nil, "Noto Sans Masaram Gondi", "NotoSansMasaramGondi-Regular.otf"),
        Family("und-Wcho", nil, "Noto Sans Wancho", "NotoSansWancho-Regular.otf"),
        Family("und-Wara", nil, "Noto Sans Warang Citi", "NotoSansWarangCiti-Regular.otf"),
        Family("und-Gran", nil, "Noto Sans Grantha", "NotoSansGrantha-Regular.ttf"),
        Family("und-Modi", nil, "Noto Sans Modi", "NotoSansModi-Regular.ttf"),
        Family("und-Dogr", nil, "Noto Serif Dogra", "NotoSerifDogra-Regular.ttf"),
        Family("und-Medf", nil, "Noto Sans Medefaidrin", "NotoSansMedefaidrin-VF.ttf"),
        Family("und-Soyo", nil, "Noto Sans Soyombo", "NotoSansSoyombo-VF.ttf"),
        Family("und-Takr", nil, "Noto Sans Takri", "NotoSansTakri-VF.ttf"),
        Family("und-Hmnp", nil, "Noto Serif Hmong Nyiakeng", "NotoSerifNyiakengPuachueHmong-VF.ttf"),
        Family("und-Yezi", nil, "Noto Serif Yezidi", "NotoSerifYezidi-VF.ttf"),
    ]

    /// The variant Minikin asks for: elegant where the app targets API 35
    /// or later (`Paint.isElegantTextHeight` is then true by default; from
    /// 36 always), else none, where the compact UI fonts match.
    public static func variant(targetSdk: Int) -> String? { targetSdk >= 35 ? "elegant" : nil }

    /// The families in the order Minikin tries them for a paragraph of
    /// `requested` locales asking for `variant`: by locale score, then
    /// variant score (`MinikinFontSelection`), ties in file order. The
    /// first of them that has a character draws it, as Minikin's highest
    /// score does (coverage being all or nothing without a variation
    /// selector); each family's locales parsed by `locales`.
    public static func order(
        requested: [MinikinFontSelection.Locale], variant: String?,
        locales: (String) -> [MinikinFontSelection.Locale]
    ) -> [Int] {
        let scores = families.map { family in
            MinikinFontSelection.localeScore(requested: requested, family: locales(family.locales)) * 2
                + MinikinFontSelection.variantScore(asked: variant, family: family.variant)
        }
        return families.indices.sorted { scores[$0] != scores[$1] ? scores[$0] > scores[$1] : $0 < $1 }
    }

    /// The families in the order Skia's `SkFontMgr_Android` tries them
    /// for a character of a paragraph in `language` (Flutter's engine on
    /// Android reads the same fonts file: `onMatchFamilyStyleCharacter`
    /// and `find_family_style_character`, google/skia
    /// `src/ports/SkFontMgr_android.cpp`): the elegant ones first (a
    /// family without a variant counts as both), then the compact ones,
    /// whatever the app targets; within each, for the paragraph's tag and
    /// then each parent (`zh-Hant-TW`, `zh-Hant`, `zh`: `SkLanguage`'s
    /// `getParent`), the families one of whose `lang` tags starts with it,
    /// then every family, each in file order. A tag is compared as
    /// written, with no likely subtags: `zh-TW` reaches `zh`, whose first
    /// family is Simplified Chinese's. Roboto is not among Skia's fallback
    /// families (it is the named `sans-serif`): it comes last, for a
    /// character none of them has.
    public static func skiaOrder(language: String?) -> [Int] {
        var order: [Int] = []
        var taken = [Bool](repeating: false, count: families.count)
        func take(_ matches: (Family) -> Bool) {
            for (index, family) in families.enumerated()
            where index > 0 && !taken[index] && matches(family) {
                taken[index] = true
                order.append(index)
            }
        }
        var tags: [String] = []
        if var tag = language.map({ String($0.map { $0 == "_" ? "-" : $0 }) }) {
            while !tag.isEmpty {
                tags.append(tag)
                tag = tag.lastIndex(of: "-").map { String(tag[..<$0]) } ?? ""
            }
        }
        for elegant in [true, false] {
            func isElegant(_ family: Family) -> Bool { family.variant != "compact" }
            for tag in tags {
                take { family in
                    isElegant(family) == elegant
                        && family.locales.split(separator: ",").contains { $0.hasPrefix(tag) }
                }
            }
            take { isElegant($0) == elegant }
        }
        return order + [0]
    }
}

/// How a face falls back on Android (`FallbackPolicy.minikin` and `.skia`, in `TextRules`): the
/// chain of `AndroidFontFallback` at a variant, and whether its fonts are
/// Android's own files (`--android-fonts`) or installed stand-ins.
public struct AndroidFallback: Sendable, Hashable {
    /// `elegant` or `nil` (`AndroidFontFallback.variant(targetSdk:)`).
    public var variant: String?
    /// Whether the fonts are a device's (`--android-fonts`).
    public var fromDevice: Bool

    /// Creates one.
    public init(variant: String?, fromDevice: Bool) {
        self.variant = variant
        self.fromDevice = fromDevice
    }
}

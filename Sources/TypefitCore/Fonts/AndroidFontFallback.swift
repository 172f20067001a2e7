/// Android's system fonts (Android 15's `font_fallback.xml`, AOSP
/// `frameworks/base` `data/fonts/font_fallback.xml` @
/// 0eab1450745c1b3f30a4cac82b34a1e0a56e0e00, Apache-2.0): the default
/// family, `sans-serif` (Roboto, variable in `wght`), and the locale
/// fallback families in file order, each with its `lang` and `variant`
/// and the family name its font carries (Google's Noto builds, Debian's
/// too: the name a stand-in is found by). Families of `fallbackFor="serif"`
/// fonts are left out (they draw serif text only), and so are the 100
/// single-font families of historic and minority scripts (`und-Ahom` …
/// `und-Yezi`): each is the one Noto family of its script, which
/// fontconfig's own order finds after the chain. Android 14's deprecated
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

        init(_ locales: String, _ variant: String?, _ name: String, _ file: String) {
            self.locales = locales
            self.variant = variant
            self.name = name
            self.file = file
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
}

/// How a face falls back on Android (`FallbackPolicy.minikin`, in `TextRules`): the
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

/// How Android's Minikin scores a font family for a character in a
/// paragraph of given locales (AOSP `frameworks/minikin`
/// `libs/minikin/FontCollection.cpp` and `Locale.cpp`, Apache-2.0, Android
/// 15): coverage first, then the locales, then the variant (elegant or
/// compact); the highest score wins, ties going to the family listed first.
public enum MinikinFontSelection {
    /// Minikin compares at most this many of a paragraph's locales
    /// (`FONT_LOCALE_LIMIT`).
    static let localeLimit = 12

    /// A locale as Minikin keeps it: the language, the script and the
    /// scripts it stands for (`Jpan` = Han + Hiragana + Katakana), and
    /// the emoji style its `-u-em-` subtag or script asks for.
    public struct Locale: Sendable, Equatable {
        /// `ja`, `und`; empty when the tag's language is not two or three
        /// lower-case letters (Minikin then drops the locale).
        public var language: String
        /// `Jpan`, or empty.
        public var script: String
        /// The scripts `script` stands for (`scriptToSubScriptBits`).
        public var subScriptBits: UInt8
        /// `emoji`, `text`, `default`, or empty.
        public var emojiStyle: String

        static let bopomofo: UInt8 = 1 << 0
        static let han: UInt8 = 1 << 1
        static let hangul: UInt8 = 1 << 2
        static let hiragana: UInt8 = 1 << 3
        static let katakana: UInt8 = 1 << 4
        static let simplified: UInt8 = 1 << 5
        static let traditional: UInt8 = 1 << 6

        /// Parses a BCP 47 tag as Minikin's `Locale(StringPiece)` does;
        /// Minikin hands it one ICU has maximized (`ja` → `ja-Jpan-JP`,
        /// `LocaleListCache`'s `toLanguageTag`).
        public init(_ tag: String) {
            let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            language = ""
            script = ""
            subScriptBits = 0
            emojiStyle = ""
            guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(Self.isLower) else {
                return
            }
            language = first
            if parts.count > 1 {
                let token = parts[1]
                if token.count == 4, let head = token.first, head.isASCII, head.isUppercase,
                    token.dropFirst().allSatisfy(Self.isLower)
                {
                    script = token
                    subScriptBits = Self.subScriptBits(of: token)
                }
            }
            // The emoji subtag of a `-u-` extension (`resolveEmojiStyle`).
            if let u = parts.firstIndex(of: "u"), let em = parts[u...].firstIndex(of: "em"), em + 1 < parts.count,
                ["emoji", "text", "default"].contains(parts[em + 1])
            {
                emojiStyle = parts[em + 1]
            }
            if emojiStyle.isEmpty {
                emojiStyle = script == "Zsye" ? "emoji" : script == "Zsym" ? "text" : ""
            }
        }

        static func isLower(_ c: Character) -> Bool { c.isASCII && c.isLowercase }

        /// `scriptToSubScriptBits`.
        static func subScriptBits(of script: String) -> UInt8 {
            switch script {
            case "Bopo": return bopomofo
            case "Hang": return hangul
            case "Hanb": return han | bopomofo
            case "Hani": return han
            case "Hans": return han | simplified
            case "Hant": return han | traditional
            case "Hira": return hiragana
            case "Hrkt": return katakana | hiragana
            case "Jpan": return han | katakana | hiragana
            case "Kana": return katakana
            case "Kore": return han | hangul
            default: return 0
            }
        }

        /// Whether `provided` covers every script of `requested`.
        static func supports(_ provided: UInt8, _ requested: UInt8) -> Bool {
            requested != 0 && provided & requested == requested
        }

        /// `Locale::calcScoreFor`: 4 language and emoji subtag, 3 language
        /// and script, 2 emoji subtag, 1 script, 0 otherwise.
        func score(for supported: [Locale]) -> Int {
            var languageScriptMatch = false
            var subtagMatch = false
            var scriptMatch = false
            for locale in supported {
                if !emojiStyle.isEmpty && emojiStyle == locale.emojiStyle {
                    subtagMatch = true
                    if language == locale.language { return 4 }
                }
                if script == locale.script || Self.supports(locale.subScriptBits, subScriptBits) {
                    scriptMatch = true
                    if language == locale.language { languageScriptMatch = true }
                }
            }
            let union = supported.reduce(UInt8(0)) { $0 | $1.subScriptBits }
            if Self.supports(union, subScriptBits) {
                scriptMatch = true
                if let first = supported.first, language == first.language,
                    supported.allSatisfy({ $0.language == first.language })
                {
                    return 3
                }
            }
            if languageScriptMatch { return 3 }
            if subtagMatch { return 2 }
            if scriptMatch { return 1 }
            return 0
        }
    }

    /// A comma-separated list of tags as Minikin's `LocaleListCache` keeps
    /// it: each maximized by `maximize` (ICU's likely subtags; `nil` drops
    /// the tag), those without a language left out, each once, at most
    /// `localeLimit`.
    public static func locales(_ list: String, maximize: (String) -> String?) -> [Locale] {
        var result: [Locale] = []
        for tag in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard let maximized = maximize(String(tag)) else { continue }
            let locale = Locale(maximized)
            guard !locale.language.isEmpty, !result.contains(locale) else { continue }
            result.append(locale)
            if result.count >= localeLimit { break }
        }
        return result
    }

    /// `calcLocaleMatchingScore`: the requested locales' scores against
    /// the family's, the first weighing most (base 5).
    public static func localeScore(requested: [Locale], family: [Locale]) -> Int {
        requested.prefix(localeLimit).reduce(0) { $0 * 5 + $1.score(for: family) }
    }

    /// A family's variant (`elegant`, `compact`, or none) against the one
    /// asked for (`calcVariantMatchingScore`): 1 when it has none or
    /// matches; with none asked for, compact matches.
    public static func variantScore(asked: String?, family: String?) -> Int {
        guard let family else { return 1 }
        if family == asked { return 1 }
        return asked == nil && family == "compact" ? 1 : 0
    }

    /// The index of the family Minikin draws a character in among
    /// `families` (each with its locales and variant, and whether it has
    /// the character), for a paragraph of `requested` locales: the first
    /// one that has it among the default fallback (Minikin's first-font
    /// rule) when `firstIsPrimary`, else the highest score, coverage first
    /// (`calcFamilyScore`, no variation selector); `nil` when none has it.
    public static func family(
        among families: [(locales: [Locale], variant: String?, covers: Bool)], requested: [Locale],
        variant: String? = nil, firstIsPrimary: Bool = false
    ) -> Int? {
        if firstIsPrimary, families.first?.covers == true { return 0 }
        var best: (index: Int, score: Int)?
        for (index, family) in families.enumerated() where family.covers {
            let score =
                localeScore(requested: requested, family: family.locales) * 2
                + variantScore(asked: variant, family: family.variant)
            if let current = best, score <= current.score { continue }
            best = (index, score)
        }
        return best?.index
    }
}

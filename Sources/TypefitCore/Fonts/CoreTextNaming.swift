/// Chooses the family name a face is listed under.
public enum FamilyNaming {
    /// The first English name (`familylang` `en` or `en-…`), else the first
    /// name. fontconfig lists the typographic family before the legacy one,
    /// as Core Text's family name does, so "first English" matches what
    /// `UIFont.familyNames` shows.
    public static func primary(names: [String], languages: [String]) -> (name: String, aliases: [String])? {
        guard !names.isEmpty else { return nil }
        var chosen = 0
        for (i, lang) in languages.enumerated() where i < names.count {
            let lower = lang.lowercased()
            if lower == "en" || lower.hasPrefix("en-") || lower.hasPrefix("en_") {
                chosen = i
                break
            }
        }
        var aliases: [String] = []
        for (i, name) in names.enumerated() where i != chosen && name != names[chosen] && !aliases.contains(name) {
            aliases.append(name)
        }
        return (names[chosen], aliases)
    }
}

/// Core Text's family and style (`FaceNames`) decided from what fontconfig
/// lists, when that leaves no doubt, so that a listing reads no name table
/// for most faces: fontconfig collects every family name (IDs 21, 16, 1 of
/// every platform, duplicates dropped) and every style name (22, 17, 2).
/// With one English family and at most one English style, those are Core
/// Text's; with more (a WWS family beside the typographic one, a
/// typographic family beside the legacy one, Macintosh and Windows records
/// that differ) only the name table says which, and `nil` asks for it.
public enum CoreTextNaming {
    /// Core Text's names from fontconfig's lists, or `nil` when the name
    /// table must decide.
    public static func fromFontconfig(
        families: [String], familyLanguages: [String], styles: [String], styleLanguages: [String],
        fullNames: [String], fullNameLanguages: [String]
    ) -> FaceNames? {
        let englishFamilies = English(families, familyLanguages)
        let englishStyles = English(styles, styleLanguages)
        let englishFullNames = English(fullNames, fullNameLanguages)
        // Macintosh and Windows full names that differ (Open Sans Cond
        // Light): only the table says which is Macintosh.
        guard englishFullNames.count <= 1 else { return nil }
        let fullName = englishFullNames.first ?? fullNames.first
        let names: FaceNames
        if englishFamilies.count <= 1, englishStyles.count <= 1 {
            names = FaceNames(
                family: englishFamilies.first ?? families.first, style: englishStyles.first ?? styles.first,
                fullName: fullName)
        } else if englishFamilies.count == 2, let shorter = englishFamilies.first,
            let longer = englishFamilies.second, joins(longer, shorter, nil),
            englishStyles.count == 1
                || (englishStyles.count == 2
                    && ["Regular", "Italic", "Bold", "Bold Italic"].contains(englishStyles.second ?? ""))
        {
            // Two families, the second the first and more words (`Lato`,
            // `Lato Thin`; `Noto Serif Georgian`, `Noto Serif Georgian
            // XLt`): in fontconfig's order (IDs 21, 16, 1) the shorter can
            // only be ID 16 and the longer ID 1, since a WWS family (ID 21)
            // is the typographic family and more words, never fewer. The
            // styles (22, 17, 2) are then ID 17 and a legacy ID 2, or one
            // name for both: Core Text's are the first of each.
            names = FaceNames(family: shorter, style: englishStyles.first, fullName: fullName)
        } else {
            return nil
        }
        // fontconfig lists the Macintosh full name (ID 18) before ID 4 and
        // drops one equal to another but for case and spaces, so its full
        // name may be ID 18's spelling (`Noto Looped Thai ExtraBold` where
        // ID 4, Core Text's, is `…Extrabold`). It is ID 4's for certain
        // only when it is the family and style themselves; any other full
        // name is read from the table.
        guard let full = names.fullName, let family = names.family, let style = names.style else { return names }
        return joins(full, family, style) || (full == family && style == "Regular") ? names : nil
    }

    /// Whether `text` is `first`, a space and `second` (with `second`
    /// `nil`: `first` and a space, then anything), compared on
    /// bytes without building the joined string (this runs for every
    /// face of a listing).
    static func joins(_ text: String, _ first: String, _ second: String?) -> Bool {
        let whole = text.utf8, head = first.utf8
        guard let tail = second?.utf8 else {
            return whole.count >= head.count + 1 && whole.starts(with: head)
                && whole[whole.index(whole.startIndex, offsetBy: head.count)] == 0x20
        }
        return whole.count == head.count + 1 + tail.count && whole.starts(with: head)
            && whole[whole.index(whole.startIndex, offsetBy: head.count)] == 0x20
            && whole.reversed().starts(with: tail.reversed())
    }

    /// The first two English names of a list and how many there are:
    /// all the naming rules look at (no array built per face).
    struct English {
        var count = 0
        var first: String?
        var second: String?

        init(_ names: [String], _ languages: [String]) {
            for (name, language) in zip(names, languages) where isEnglish(language) {
                count += 1
                if first == nil { first = name } else if second == nil { second = name }
            }
        }
    }

    /// `en`, `en-…` or `en_…` in any case, read from the bytes (three
    /// times per face of a listing of thousands: lowercasing each tag cost
    /// a twentieth of a cold listing's instructions).
    static func isEnglish(_ language: String) -> Bool {
        var bytes = language.utf8.makeIterator()
        guard let e = bytes.next(), e | 0x20 == UInt8(ascii: "e"), let n = bytes.next(), n | 0x20 == UInt8(ascii: "n")
        else { return false }
        guard let separator = bytes.next() else { return true }
        return separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_")
    }

    /// A face's family names for `FontFace`: Core Text's `family` first;
    /// fontconfig's primary and other names as aliases; `fontconfigFamily`
    /// when fontconfig's primary differs.
    public static func families(coreText: String?, fontconfig: (name: String, aliases: [String])?) -> (
        family: String, aliases: [String], fontconfigFamily: String?
    ) {
        let fontconfigName = fontconfig?.name ?? ""
        let family = coreText ?? fontconfigName
        var aliases: [String] = []
        for name in [fontconfigName] + (fontconfig?.aliases ?? []) where !name.isEmpty && name != family {
            if !aliases.contains(name) { aliases.append(name) }
        }
        return (family, aliases, fontconfigName == family ? nil : fontconfigName)
    }
}

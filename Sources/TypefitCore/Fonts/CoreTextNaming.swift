/// Chooses the family name a face is listed under.
public enum FamilyNaming {
    /// The first English name (`familylang` `en` or `en-…`), else the first
    /// name. fontconfig lists the typographic family before the legacy one,
    /// as Core Text's family name does, so "first English" matches what
    /// `UIFont.familyNames` shows.
    public static func primary(names: [String], languages: [String]) -> (name: String, aliases: [String])? {
        primary(names: names, english: EnglishPositions(languages: languages))
    }

    /// `primary(names:languages:)` with the English names' positions
    /// already found (a listing finds them in fontconfig's bytes without
    /// making a string of each language tag).
    public static func primary(names: [String], english: EnglishPositions) -> (name: String, aliases: [String])? {
        guard !names.isEmpty else { return nil }
        let chosen = english.first.flatMap { $0 < names.count ? $0 : nil } ?? 0
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
        fromFontconfig(
            families: families, familyEnglish: EnglishPositions(languages: familyLanguages), styles: styles,
            styleEnglish: EnglishPositions(languages: styleLanguages), fullNames: fullNames,
            fullNameEnglish: EnglishPositions(languages: fullNameLanguages))
    }

    /// `fromFontconfig` with each list's English positions already found.
    public static func fromFontconfig(
        families: [String], familyEnglish: EnglishPositions, styles: [String], styleEnglish: EnglishPositions,
        fullNames: [String], fullNameEnglish: EnglishPositions
    ) -> FaceNames? {
        let englishFamilies = English(families, familyEnglish)
        let englishStyles = English(styles, styleEnglish)
        let englishFullNames = English(fullNames, fullNameEnglish)
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
        var text = text, first = first
        // Native strings (all of a listing's) give their bytes in place;
        // walking `utf8` views, reversed for the tail, cost a thirtieth of
        // a cold listing's instructions.
        return text.withUTF8 { whole in
            first.withUTF8 { head in
                guard whole.count > head.count, whole[head.count] == 0x20, sameBytes(whole, at: 0, head)
                else { return false }
                guard var tail = second else { return true }
                return tail.withUTF8 { tail in
                    whole.count == head.count + 1 + tail.count && sameBytes(whole, at: head.count + 1, tail)
                }
            }
        }
    }

    /// Whether `bytes` holds `part` at `offset` (which the caller keeps in
    /// range), compared eight bytes at a time: byte by byte it was a
    /// fortieth of a cold listing's naming.
    private static func sameBytes(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ part: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let base = bytes.baseAddress, let other = part.baseAddress else { return part.isEmpty }
        return TextBytes.equal(UnsafeRawPointer(base + offset), UnsafeRawPointer(other), count: part.count)
    }

    /// The first two English names of a list and how many there are:
    /// all the naming rules look at (no array built per face).
    struct English {
        var count = 0
        var first: String?
        var second: String?

        init(_ names: [String], _ english: EnglishPositions) {
            for position in english where position < names.count {
                count += 1
                if first == nil { first = names[position] } else if second == nil { second = names[position] }
            }
        }
    }

    /// `en`, `en-…` or `en_…` in any case, read from the bytes (three
    /// times per face of a listing of thousands: lowercasing each tag cost
    /// a twentieth of a cold listing's instructions).
    public static func isEnglish(_ language: String) -> Bool {
        isEnglish(language.utf8)
    }

    /// `isEnglish` on a tag's bytes.
    static func isEnglish<Bytes: Sequence<UInt8>>(_ language: Bytes) -> Bool {
        var bytes = language.makeIterator()
        guard let e = bytes.next(), e | 0x20 == UInt8(ascii: "e"), let n = bytes.next(), n | 0x20 == UInt8(ascii: "n")
        else { return false }
        guard let separator = bytes.next() else { return true }
        return separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_")
    }

    /// `isEnglish` on a NUL-terminated tag read in place (fontconfig's):
    /// three bytes at most are looked at.
    public static func isEnglish(cString tag: UnsafePointer<UInt8>) -> Bool {
        guard tag[0] | 0x20 == UInt8(ascii: "e"), tag[1] | 0x20 == UInt8(ascii: "n") else { return false }
        return tag[2] == 0 || tag[2] == UInt8(ascii: "-") || tag[2] == UInt8(ascii: "_")
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

/// Which entries of a name list are English (their language tag `en`,
/// `en-…` or `en_…`), in order: what the naming rules need of the tags,
/// kept without a string per tag. fontconfig's lists are short; positions
/// past 64 are kept too, in an array no real font needs.
public struct EnglishPositions: Sendable, Equatable, Sequence {
    private var low: UInt64 = 0
    private var high: [Int] = []

    /// No English entry.
    public init() {}

    /// The English positions of `languages`.
    public init(languages: [String]) {
        for (i, language) in languages.enumerated() where CoreTextNaming.isEnglish(language) { insert(i) }
    }

    /// Marks entry `position` as English.
    public mutating func insert(_ position: Int) {
        if position < 64 { low |= 1 << UInt64(position) } else { high.append(position) }
    }

    /// The first English position.
    public var first: Int? { low != 0 ? low.trailingZeroBitCount : high.first }

    /// The English positions, in order.
    public func makeIterator() -> Iterator { Iterator(bits: low, high: high) }

    /// Walks the set bits, then the positions past 64.
    public struct Iterator: IteratorProtocol {
        var bits: UInt64
        let high: [Int]
        var index = 0

        /// The next English position.
        public mutating func next() -> Int? {
            if bits != 0 {
                defer { bits &= bits - 1 }
                return bits.trailingZeroBitCount
            }
            guard index < high.count else { return nil }
            defer { index += 1 }
            return high[index]
        }
    }
}

import Testing

@testable import TypefitCore

/// When fontconfig's name lists say Core Text's family, style and full name
/// without reading the name table, and when they cannot (cases from
/// Debian's Noto, Lato and Open Sans, their tables read with fontTools).
@Suite struct CoreTextNamingTests {
    func names(_ families: [String], _ styles: [String], _ fullNames: [String]) -> FaceNames? {
        CoreTextNaming.fromFontconfig(
            families: families, familyLanguages: families.map { _ in "en" }, styles: styles,
            styleLanguages: styles.map { _ in "en" }, fullNames: fullNames,
            fullNameLanguages: fullNames.map { _ in "en" })
    }

    @Test func oneFamilyAndStyle() {
        #expect(
            names(["Liberation Sans"], ["Regular"], ["Liberation Sans"])
                == FaceNames(family: "Liberation Sans", style: "Regular", fullName: "Liberation Sans"))
        #expect(names(["Lato"], ["Bold"], ["Lato Bold"])?.style == "Bold")
    }

    /// IDs 16 and 1 (`F`, `F X`) with IDs 17 and 2, or one style for both:
    /// Core Text's are ID 16 and ID 17.
    @Test func typographicFamilyBesideALegacyOne() {
        #expect(
            names(
                ["Noto Serif Georgian", "Noto Serif Georgian XLt"], ["ExtraLight", "Regular"],
                ["Noto Serif Georgian ExtraLight"])
                == FaceNames(
                    family: "Noto Serif Georgian", style: "ExtraLight", fullName: "Noto Serif Georgian ExtraLight"))
        #expect(
            names(
                ["Noto Serif Armenian", "Noto Serif Armenian SemiCondensed"], ["SemiCondensed Bold", "Bold"],
                ["Noto Serif Armenian SemiCondensed Bold"])?.style
                == "SemiCondensed Bold")
        #expect(
            names(["Noto Looped Lao", "Noto Looped Lao Bold"], ["Bold"], ["Noto Looped Lao Bold"])?.family
                == "Noto Looped Lao")
        // The second family is not the first and more words: which is ID 16
        // only the table says.
        #expect(
            names(
                ["Noto Sans Egyptian Hieroglyphs", "Noto Sans EgyptHiero"], ["Regular"],
                ["Noto Sans Egyptian Hieroglyphs Regular"]) == nil)
        // A second style that is not a legacy one.
        #expect(names(["Foo", "Foo Bar"], ["Bar", "Baz"], ["Foo Bar"]) == nil)
    }

    /// fontconfig puts the Macintosh full name (ID 18) before ID 4 and drops
    /// one equal but for case: `Noto Looped Thai ExtraBold` (ID 18) hides
    /// ID 4's `…Extrabold`, Core Text's. A full name that is not the family
    /// and style themselves is read from the table.
    @Test func aFullNameOtherThanFamilyAndStyleIsRead() {
        #expect(
            names(
                ["Noto Looped Thai", "Noto Looped Thai ExtraBold"], ["Extrabold", "Regular"],
                ["Noto Looped Thai ExtraBold"]) == nil)
        #expect(names(["Inter"], ["Italic"], ["Inter"]) == nil)
        #expect(
            names(["Open Sans"], ["Condensed Light"], ["Open Sans Cond Light", "Open Sans Condensed Light"]) == nil)
    }
}

extension CoreTextNamingTests {
    @Test func englishTags() {
        #expect(["en", "EN", "en-US", "en_GB", "En-x"].allSatisfy(CoreTextNaming.isEnglish))
        #expect(!["", "e", "eng", "de", "ms-1033", "und", "en.x"].contains(where: CoreTextNaming.isEnglish))
        // The same answers read from C strings in place (fontconfig's).
        for tag in ["en", "EN", "en-US", "en_GB", "En-x", "", "e", "eng", "de", "ms-1033", "und", "en.x"] {
            let bytes = Array(tag.utf8) + [0]
            #expect(
                bytes.withUnsafeBufferPointer { CoreTextNaming.isEnglish(cString: $0.baseAddress!) }
                    == CoreTextNaming.isEnglish(tag))
        }
    }
}

extension CoreTextNamingTests {
    /// The positions kept for a list's English tags, past the first 64 too.
    @Test func englishPositions() {
        let languages = (0..<70).map { [3, 5, 64, 69].contains($0) ? "en-US" : "de" }
        let english = EnglishPositions(languages: languages)
        #expect(Array(english) == [3, 5, 64, 69])
        #expect(english.first == 3)
        #expect(EnglishPositions(languages: ["ja"]).first == nil)
        #expect(Array(EnglishPositions()).isEmpty)
        // The family listed: the first English name, past 64 as well.
        let names = (0..<70).map { "Name \($0)" }
        let onlyLate = (0..<70).map { $0 == 66 ? "en" : "ja" }
        #expect(FamilyNaming.primary(names: names, languages: onlyLate)?.name == "Name 66")
    }

    /// "Family Style" and "Family …" compared on bytes: the boundary at the
    /// space, an empty style, non-ASCII names.
    @Test func joinsComparesWholeWords() {
        #expect(CoreTextNaming.joins("Lato Bold", "Lato", "Bold"))
        #expect(!CoreTextNaming.joins("Lato Bold", "Lat", "o Bold"))
        #expect(!CoreTextNaming.joins("LatoBold", "Lato", "Bold"))
        #expect(!CoreTextNaming.joins("Lato Bold", "Lato", "Bol"))
        #expect(!CoreTextNaming.joins("Lato", "Lato", nil))
        #expect(CoreTextNaming.joins("Lato ", "Lato", ""))
        #expect(CoreTextNaming.joins("Lato Thin", "Lato", nil))
        #expect(CoreTextNaming.joins("IPAゴシック 標準", "IPAゴシック", "標準"))
        #expect(!CoreTextNaming.joins("IPAゴシック 標準", "IPAゴシック", "標"))
        // Names longer than the eight bytes compared at once: a difference
        // in a later word of eight, and in the bytes after the last one.
        let long = "Noto Serif Georgian Extra Condensed Bold"
        #expect(CoreTextNaming.joins(long, "Noto Serif Georgian", "Extra Condensed Bold"))
        #expect(CoreTextNaming.joins(long, "Noto Serif Georgian", nil))
        #expect(!CoreTextNaming.joins(long, "Noto Serig Georgian", nil))
        #expect(!CoreTextNaming.joins(long, "Noto Serif Georgiam", nil))
        #expect(!CoreTextNaming.joins(long, "Noto Serif Georgian", "Extra Condensed Bolt"))
        #expect(!CoreTextNaming.joins(long, "Noto Serif Georgian", "Extra Condemsed Bold"))
    }
}

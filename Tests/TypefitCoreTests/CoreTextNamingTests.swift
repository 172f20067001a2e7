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
    }
}

import Testing

@testable import TypefitCore

/// What fontconfig reports as `postscriptname` for a stored name ID 6 with
/// characters PostScript excludes, by FreeType version. The expectations are
/// FreeType's own answers (`FT_Get_Postscript_Name`, and `fc-scan` on top of
/// it) for fonts built with fontTools with these very records, seen with
/// FreeType 2.12.1 (Debian 12) and 2.13.3 (Debian 13): 2.12 gives none,
/// so fontconfig makes one from the family; 2.13 drops the characters.
@Suite struct FreeTypeNameRuleTests {
    /// A format-0 name table holding `records` (platform, encoding,
    /// language, name ID, text); Windows text in UTF-16BE, Macintosh text
    /// as bytes.
    func nameTable(_ records: [(UInt16, UInt16, UInt16, UInt16, String)]) throws -> NameTable {
        var strings: [UInt8] = []
        var directory: [UInt8] = []
        func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        for (platform, encoding, language, id, text) in records {
            let bytes = platform == 3 ? text.utf16.flatMap(u16) : Array(text.utf8)
            directory += u16(platform) + u16(encoding) + u16(language) + u16(id)
            directory += u16(UInt16(bytes.count)) + u16(UInt16(strings.count))
            strings += bytes
        }
        let header = u16(0) + u16(UInt16(records.count)) + u16(UInt16(6 + directory.count))
        return try NameTable(header + directory + strings)
    }

    @Test func versionsSplitAt2_13() {
        #expect(FreeTypeNameRule(major: 2, minor: 12) == .refusesExcludedCharacters)
        #expect(FreeTypeNameRule(major: 2, minor: 13) == .dropsExcludedCharacters)
        #expect(FreeTypeNameRule(major: 3, minor: 0) == .dropsExcludedCharacters)
    }

    @Test func aSpaceIsRefusedThenDropped() throws {
        let names = try nameTable([(3, 1, 0x409, 1, "Typefit Icons"), (3, 1, 0x409, 6, "Typefit Icons")])
        #expect(names.freeTypePostScriptName(rule: .refusesExcludedCharacters) == nil)
        #expect(names.freeTypePostScriptName(rule: .dropsExcludedCharacters) == "TypefitIcons")
        #expect(names.storedPostScriptName() == "Typefit Icons")
    }

    /// Delimiters and a character outside ASCII are dropped too; the
    /// Windows record wins over a valid Macintosh one (2.13.3 gave
    /// `Abcdx-Yz`, not `MacNameHere`).
    @Test func delimitersAndNonASCIIAreDroppedFromTheWindowsRecord() throws {
        let names = try nameTable([(1, 0, 0, 6, "MacName Here"), (3, 1, 0x409, 6, "A(b)c é/d%x-Y z")])
        #expect(names.freeTypePostScriptName(rule: .dropsExcludedCharacters) == "Abcdx-Yz")
        #expect(names.freeTypePostScriptName(rule: .refusesExcludedCharacters) == nil)
    }

    /// A Macintosh record alone: `Only Mac(x)` → `OnlyMacx` in 2.13.
    @Test func aMacintoshRecordAlone() throws {
        let names = try nameTable([(1, 0, 0, 6, "Only Mac(x)")])
        #expect(names.freeTypePostScriptName(rule: .dropsExcludedCharacters) == "OnlyMacx")
        #expect(names.freeTypePostScriptName(rule: .refusesExcludedCharacters) == nil)
        let valid = try nameTable([(1, 0, 0, 6, "Valid-Name")])
        #expect(valid.freeTypePostScriptName(rule: .refusesExcludedCharacters) == "Valid-Name")
    }

    /// A family record in Macintosh Japanese (IPA P Gothic has one): the
    /// reader cannot say what fontconfig makes of it (2.14 converts it,
    /// 2.15 reads it as UTF-16), so such a file goes to fontconfig.
    @Test func undecodedFamilyRecordsAreNoticed() throws {
        let names = try nameTable([(3, 1, 0x409, 1, "IPAPGothic"), (1, 1, 11, 1, "IPAPGothic")])
        #expect(names.hasUndecodedNames(among: [1, 2, 16, 17, 21, 22]))
        #expect(!names.hasUndecodedNames(among: [4, 6]))
        let roman = try nameTable([(3, 1, 0x409, 1, "Typefit Sans"), (1, 0, 0, 1, "Typefit Sans")])
        #expect(!roman.hasUndecodedNames(among: [1, 2, 16, 17, 21, 22]))
    }

    @Test func droppingMatchesTheRule() {
        #expect(FreeTypeNameRule.dropping("Material Design Icons") == "MaterialDesignIcons")
        #expect(FreeTypeNameRule.dropping("A[b]{c}<d>/e%f") == "Abcdef")
    }
}

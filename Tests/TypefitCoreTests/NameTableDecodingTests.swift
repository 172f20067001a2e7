import Testing

@testable import TypefitCore

/// How name records' bytes become text: UTF-16BE with surrogate pairs
/// joined and each unpaired surrogate read as `?` (and the record marked
/// undecodable), Mac Roman's upper half through Apple's table (0x8E is é),
/// an odd-length UTF-16 record not read. Kept as the reader was before its
/// strings were decoded straight to UTF-8.
@Suite struct NameTableDecodingTests {
    /// A format-0 name table of `records` (platform, encoding, language,
    /// name ID, the string's bytes as stored).
    func table(_ records: [(UInt16, UInt16, UInt16, UInt16, [UInt8])]) throws -> NameTable {
        func u16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        var strings: [UInt8] = []
        var directory: [UInt8] = []
        for (platform, encoding, language, id, bytes) in records {
            directory += u16(platform) + u16(encoding) + u16(language) + u16(id)
            directory += u16(UInt16(bytes.count)) + u16(UInt16(strings.count))
            strings += bytes
        }
        return try NameTable(
            u16(0) + u16(UInt16(records.count)) + u16(UInt16(6 + directory.count)) + directory + strings)
    }

    @Test func surrogatesPairOrBecomeQuestionMarks() throws {
        let names = try table([
            (3, 1, 0x409, 1, [0xD8, 0x3D, 0xDE, 0x00, 0x00, 0x41]),  // U+1F600, A
            (3, 1, 0x409, 2, [0xD8, 0x3D, 0x00, 0x41]),  // high surrogate alone, A
            (3, 1, 0x409, 4, [0x00, 0x41, 0xDC, 0x00]),  // A, low surrogate alone
            (3, 1, 0x409, 16, [0x00, 0xE9, 0xD8, 0x3D]),  // é, high surrogate at the end
            (3, 1, 0x409, 6, [0x00, 0x41, 0x00]),  // odd length
        ])
        #expect(names.coreTextName([1]) == "\u{1F600}A")
        #expect(names.coreTextName([2]) == "?A")
        #expect(names.coreTextName([4]) == "A?")
        #expect(names.coreTextName([16]) == "é?")
        #expect(names.coreTextName([6]) == nil)
        #expect(names.undecodableNameIDs == [2, 4, 6, 16])
    }

    /// Core Text's choice among a name's records: Macintosh English, then
    /// Windows US English, then other Windows English, the first in the
    /// table among equals; one that decodes to no text gives way to the
    /// next; without English for any of the IDs, the first that decodes.
    @Test func coreTextNameTakesTheBestRankedRecordThatDecodes() throws {
        func utf16(_ text: String) -> [UInt8] { text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        let names = try table([
            (3, 1, 0x409, 1, utf16("Windows US")), (1, 0, 0, 1, Array("Mac".utf8)), (3, 1, 0x809, 1, utf16("UK")),
            (1, 0, 0, 2, Array("  ".utf8)), (3, 1, 0x409, 2, utf16("Regular")),
            (3, 1, 0x809, 4, utf16("Full UK")), (3, 1, 0x409, 4, [0x00, 0x41, 0x00]),
            (3, 1, 0x411, 16, utf16("Japanese")),
            (3, 1, 0x409, 17, utf16("First")), (3, 1, 0x409, 17, utf16("Second")),
        ])
        #expect(names.coreTextName([1]) == "Mac")
        #expect(names.coreTextName([2]) == "Regular")
        #expect(names.coreTextName([4]) == "Full UK")
        #expect(names.coreTextName([16]) == "Japanese")
        #expect(names.coreTextName([17]) == "First")
        // An English record of a later ID before any other of an earlier.
        #expect(names.coreTextName([16, 1]) == "Mac")
        #expect(names.coreTextName([21, 1]) == "Mac")
    }

    @Test func macRomanUpperHalfAndASCII() throws {
        let names = try table([
            (1, 0, 0, 1, Array("Caf".utf8) + [0x8E]),
            (1, 0, 0, 2, Array(" Bold ".utf8)),
        ])
        #expect(names.coreTextName([1]) == "Café")
        // Trimmed of spaces at both ends, as fontconfig trims.
        #expect(names.coreTextName([2]) == "Bold")
    }
}

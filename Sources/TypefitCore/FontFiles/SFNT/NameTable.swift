/// The 'name' table: its records, and fontconfig's and FreeType's ways of
/// choosing among them.
public struct NameTable: Sendable {
    /// One record. Its string is a range of the table's bytes (not a slice
    /// of them), so records copy, filter and sort as plain values: hundreds
    /// of name tables are read in a cold listing.
    struct Record: Sendable {
        var platform: UInt16
        var encoding: UInt16
        var language: UInt16
        var nameID: UInt16
        var start: Int
        var length: Int
        var order: Int
    }

    /// The table's bytes, which records point into.
    let table: [UInt8]
    var records: [Record] = []

    /// The records of the table in `table`; one whose string lies outside
    /// the table is dropped, as FreeType drops it.
    public init(_ table: [UInt8]) throws(SFNTView.Failure) {
        self.table = table
        guard table.count >= 6 else { throw .damaged("the name table is cut short") }
        let count = Int(Bytes.u16(table, 2))
        let storage = Int(Bytes.u16(table, 4))
        guard 6 + count * 12 <= table.count else { throw .damaged("the name table's records are cut short") }
        records.reserveCapacity(count)
        for i in 0..<count {
            let base = 6 + i * 12
            let length = Int(Bytes.u16(table, base + 8))
            let offset = storage + Int(Bytes.u16(table, base + 10))
            // FreeType drops a record whose string lies outside the table.
            guard length > 0, offset + length <= table.count else { continue }
            records.append(
                Record(
                    platform: Bytes.u16(table, base), encoding: Bytes.u16(table, base + 2),
                    language: Bytes.u16(table, base + 4), nameID: Bytes.u16(table, base + 6),
                    start: offset, length: length, order: i))
        }
    }

    /// A record's string as stored.
    func bytes(_ record: Record) -> ArraySlice<UInt8> {
        table[record.start..<(record.start + record.length)]
    }

    /// The name IDs typefit reads (families, styles, full and PostScript
    /// names) that have a Unicode record that does not decode.
    var undecodableNameIDs: Set<UInt16> {
        let read: Set<UInt16> = [1, 2, 4, 6, 16, 17, 21, 22]
        var ids = Set<UInt16>()
        for record in records where read.contains(record.nameID) && Self.isUTF16(record) {
            if record.length % 2 != 0 || !Self.decodeUTF16(bytes(record)).valid { ids.insert(record.nameID) }
        }
        return ids
    }

    /// Whether a record of one of `ids` is in an encoding `decode` does
    /// not read.
    func hasUndecodedNames(among ids: Set<UInt16>) -> Bool {
        records.contains { ids.contains($0.nameID) && decode($0) == nil }
    }

    static func isUTF16(_ record: Record) -> Bool {
        switch (record.platform, record.encoding) {
        case (0, _), (3, 0), (3, 1), (3, 10): return true
        default: return false
        }
    }

    /// fontconfig's platform order: Microsoft, Unicode, Macintosh, ISO.
    static let platformOrder: [UInt16] = [3, 0, 1, 2]

    /// The records of one platform and name ID, as fontconfig sorts them
    /// (encoding, language, then table order).
    func records(platform: UInt16, nameID: UInt16) -> [Record] {
        records.filter { $0.platform == platform && $0.nameID == nameID }
            .sorted { ($0.encoding, $0.language, $0.order) < ($1.encoding, $1.language, $1.order) }
    }

    /// Strings for name IDs in fontconfig's order (platforms outermost, then
    /// the IDs in the order given), trimmed of spaces, duplicates (ignoring
    /// case and blanks) dropped, with their languages.
    func collect(_ ids: [UInt16]) -> (names: [String], languages: [String]) {
        var names: [String] = []
        var languages: [String] = []
        var seen = Set<String>()
        for platform in Self.platformOrder {
            for id in ids {
                for record in records(platform: platform, nameID: id) {
                    guard let text = decode(record) else { continue }
                    let trimmed = Self.trimmingSpaces(text)
                    let key = Self.foldKey(trimmed)
                    guard seen.insert(key).inserted else { continue }
                    names.append(trimmed)
                    languages.append(Self.language(record))
                }
            }
        }
        // fontconfig lists English names first, the others after them in
        // their order (fc-scan: a style stored in Catalan 0x403, Chinese
        // 0x404 and English 0x409 comes out `Bold,Negreta,粗體`).
        let english = languages.indices.filter { languages[$0] == "en" }
        guard !english.isEmpty, english.count < languages.count else { return (names, languages) }
        let order = english + languages.indices.filter { languages[$0] != "en" }
        return (order.map { names[$0] }, order.map { languages[$0] })
    }

    /// Without leading and trailing spaces (as fontconfig trims names),
    /// working on UTF-8 bytes: this runs for every name of every face.
    static func trimmingSpaces(_ text: String) -> String {
        // Almost no name has a space at either end: no copy then.
        guard text.utf8.first == 0x20 || text.utf8.last == 0x20 else { return text }
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end && bytes[start] == 0x20 { start += 1 }
        while end > start && bytes[end - 1] == 0x20 { end -= 1 }
        if start == 0 && end == bytes.count { return text }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The key fontconfig compares names by: spaces dropped, ASCII letters
    /// folded to lower case.
    static func foldKey(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != 0x20 {
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Family names: WWS, typographic, then legacy family (IDs 21, 16, 1).
    func family() -> (names: [String], languages: [String]) {
        collect([21, 16, 1])
    }

    /// Style names: IDs 22, 17, 2.
    func styles() -> [String] {
        collect([22, 17, 2]).names
    }

    /// Core Text's reading of a name (`FaceNames`): the first of `ids` with a
    /// record, English records first, Macintosh English before Windows
    /// English (US first) before Unicode-platform ones; without English,
    /// the first record that decodes. Trimmed of spaces; `nil` when no
    /// record of `ids` decodes to text.
    func coreTextName(_ ids: [UInt16]) -> String? {
        for id in ids {
            // The best-ranked English record, found in one pass: it is
            // the answer but in a damaged table. Ranking every record into
            // a sorted list first (three lists a face) was a third of
            // reading a name table.
            var best: (rank: Int, record: Record)?
            for record in records where record.nameID == id {
                guard let rank = Self.englishRank(record) else { continue }
                if let current = best, (current.rank, current.record.order) <= (rank, record.order) { continue }
                best = (rank, record)
            }
            guard let best else { continue }
            if let text = decode(best.record).map(Self.trimmingSpaces), !text.isEmpty { return text }
            // It does not decode to text: the others, in rank order.
            let english = records.filter { $0.nameID == id }.compactMap { record in
                Self.englishRank(record).map { (rank: $0, record: record) }
            }.sorted { ($0.rank, $0.record.order) < ($1.rank, $1.record.order) }
            for candidate in english {
                if let text = decode(candidate.record).map(Self.trimmingSpaces), !text.isEmpty { return text }
            }
        }
        for id in ids {
            for record in records where record.nameID == id {
                if let text = decode(record).map(Self.trimmingSpaces), !text.isEmpty { return text }
            }
        }
        return nil
    }

    /// Where Core Text puts a record among a name's English ones: the
    /// Macintosh English record, then Windows US English, then any
    /// Windows English, then Unicode-platform ones; `nil` for any other.
    private static func englishRank(_ record: Record) -> Int? {
        switch (record.platform, record.encoding, record.language) {
        case (1, 0, 0): return 0
        case (3, _, 0x409): return 1
        case (3, _, let language) where language & 0x3FF == 0x09: return 2
        case (0, _, _): return 3
        default: return nil
        }
    }

    /// Name ID 6 as stored, as Core Text reads it and `UIFont(name:)` takes
    /// it: a Windows Unicode record (US English first, else the first in
    /// the table), else a Macintosh Roman one; spaces and all. `nil` when
    /// the face has neither.
    public func storedPostScriptName() -> String? {
        var windows: Record?
        var apple: Record?
        for record in records where record.nameID == 6 {
            if record.platform == 3 && (record.encoding == 0 || record.encoding == 1 || record.encoding == 10)
                && (windows == nil || (record.language == 0x409 && windows?.language != 0x409))
            {
                windows = record
            }
            if record.platform == 1 && record.encoding == 0
                && (apple == nil || (record.language == 0 && apple?.language != 0))
            {
                apple = record
            }
        }
        if let windows, let text = decode(windows), !text.isEmpty { return text }
        if let apple, let text = decode(apple), !text.isEmpty { return text }
        return nil
    }

    /// `FT_Get_Postscript_Name` for an sfnt face: name ID 6 from an English
    /// (else the first) Windows record, else a Macintosh Roman one; a
    /// character outside printable ASCII or a PostScript delimiter makes it
    /// none (FreeType 2.12) or is dropped (2.13), as `rule` says.
    func freeTypePostScriptName(rule: FreeTypeNameRule) -> String? {
        var windows: Record?
        var apple: Record?
        for record in records where record.nameID == 6 {
            if record.platform == 3 && (record.encoding == 1 || record.encoding == 0)
                && (record.language == 0x409 || windows == nil)
            {
                windows = record
            }
            if record.platform == 1 && record.encoding == 0 && (record.language == 0 || apple == nil) {
                apple = record
            }
        }
        let drops = rule == .dropsExcludedCharacters
        if let windows {
            let stored = bytes(windows)
            var name: [UInt8] = []
            var valid = stored.count >= 2
            var i = stored.startIndex
            while i + 1 < stored.endIndex {
                let high = stored[i]
                let low = stored[i + 1]
                i += 2
                if high == 0 && FreeTypeNameRule.keeps(low) {
                    name.append(low)
                } else if !drops {
                    valid = false
                    break
                }
            }
            if valid && !name.isEmpty { return String(decoding: name, as: UTF8.self) }
        }
        if let apple {
            let kept = bytes(apple).filter(FreeTypeNameRule.keeps)
            if kept.count == apple.length || (drops && !kept.isEmpty) {
                return String(decoding: kept, as: UTF8.self)
            }
        }
        return nil
    }

    /// The name fontconfig makes up when FreeType gives none: the English
    /// family (else the first), with PostScript's excluded characters
    /// turned into hyphens.
    func fontconfigDerivedName(family: (names: [String], languages: [String])) -> String? {
        let index = family.languages.firstIndex(of: "en") ?? 0
        guard index < family.names.count else { return nil }
        return SFNTReader.fontconfigStandInName(family: family.names[index])
    }

    /// A record's text: UTF-16 for Unicode and Windows Unicode encodings,
    /// Mac Roman for Macintosh Roman; other encodings are not decoded
    /// (fontconfig converts them with iconv; such fonts go to fontconfig).
    func decode(_ record: Record) -> String? {
        switch (record.platform, record.encoding) {
        case (0, _), (3, 0), (3, 1), (3, 10):
            guard record.length % 2 == 0 else { return nil }
            return Self.decodeUTF16(bytes(record)).text
        case (1, 0):
            let stored = bytes(record)
            if stored.allSatisfy({ $0 < 0x80 }) { return String(decoding: stored, as: UTF8.self) }
            return String(String.UnicodeScalarView(stored.map(MacRoman.scalar)))
        default:
            return nil
        }
    }

    /// Big-endian UTF-16 bytes (a trailing odd byte ignored) as text, each
    /// unpaired surrogate read as `?`, as fontconfig reads it; `valid`
    /// tells whether there was none. Written straight to UTF-8: most names
    /// are ASCII, one byte per unit.
    static func decodeUTF16(_ bytes: ArraySlice<UInt8>) -> (text: String, valid: Bool) {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count / 2)
        var valid = true
        var i = bytes.startIndex
        let end = bytes.endIndex
        while i + 1 < end {
            let unit = UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
            i += 2
            if unit < 0x80 {
                utf8.append(UInt8(unit))
                continue
            }
            var scalar: Unicode.Scalar = "?"
            switch unit {
            case 0xD800...0xDBFF:
                let low = i + 1 < end ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : 0
                if (0xDC00...0xDFFF).contains(low) {
                    i += 2
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)) ?? "?"
                } else {
                    valid = false
                }
            case 0xDC00...0xDFFF:
                valid = false
            default:
                scalar = Unicode.Scalar(unit) ?? "?"
            }
            utf8.append(contentsOf: scalar.utf8)
        }
        return (String(decoding: utf8, as: UTF8.self), valid)
    }

    /// The language fontconfig tags a name with; only whether it is
    /// English matters to typefit (`FamilyNaming`), so other languages
    /// are named by their Windows/Macintosh code.
    static func language(_ record: Record) -> String {
        switch record.platform {
        case 3: return record.language & 0x3FF == 0x09 ? "en" : "ms-\(record.language)"
        case 1: return record.language == 0 ? "en" : "mac-\(record.language)"
        default: return "und"
        }
    }
}

/// Big-endian reads from bytes whose bounds the caller has checked.
enum Bytes {
    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(u16(bytes, at)) << 16 | UInt32(u16(bytes, at + 2))
    }

    static func tag(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<at + 4], as: UTF8.self)
    }

    /// A 16.16 fixed-point number.
    static func fixed(_ bytes: [UInt8], _ at: Int) -> Double {
        Double(Int32(bitPattern: u32(bytes, at))) / 65536
    }

    /// A 2.14 fixed-point number.
    static func f2dot14(_ bytes: [UInt8], _ at: Int) -> Double {
        Double(Int16(bitPattern: u16(bytes, at))) / 16384
    }
}

/// Mac OS Roman, the encoding of Macintosh name records.
enum MacRoman {
    /// The upper half, 0x80–0xFF.
    static let upper: [UInt32] = [
        0xC4, 0xC5, 0xC7, 0xC9, 0xD1, 0xD6, 0xDC, 0xE1, 0xE0, 0xE2, 0xE4, 0xE3, 0xE5, 0xE7, 0xE9, 0xE8,
        0xEA, 0xEB, 0xED, 0xEC, 0xEE, 0xEF, 0xF1, 0xF3, 0xF2, 0xF4, 0xF6, 0xF5, 0xFA, 0xF9, 0xFB, 0xFC,
        0x2020, 0xB0, 0xA2, 0xA3, 0xA7, 0x2022, 0xB6, 0xDF, 0xAE, 0xA9, 0x2122, 0xB4, 0xA8, 0x2260, 0xC6, 0xD8,
        0x221E, 0xB1, 0x2264, 0x2265, 0xA5, 0xB5, 0x2202, 0x2211, 0x220F, 0x3C0, 0x222B, 0xAA, 0xBA, 0x3A9, 0xE6, 0xF8,
        0xBF, 0xA1, 0xAC, 0x221A, 0x192, 0x2248, 0x2206, 0xAB, 0xBB, 0x2026, 0xA0, 0xC0, 0xC3, 0xD5, 0x152, 0x153,
        0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0xF7, 0x25CA, 0xFF, 0x178, 0x2044, 0x20AC, 0x2039, 0x203A,
        0xFB01, 0xFB02,
        0x2021, 0xB7, 0x201A, 0x201E, 0x2030, 0xC2, 0xCA, 0xC1, 0xCB, 0xC8, 0xCD, 0xCE, 0xCF, 0xCC, 0xD3, 0xD4,
        0xF8FF, 0xD2, 0xDA, 0xDB, 0xD9, 0x131, 0x2C6, 0x2DC, 0xAF, 0x2D8, 0x2D9, 0x2DA, 0xB8, 0x2DD, 0x2DB, 0x2C7,
    ]

    static func scalar(_ byte: UInt8) -> Unicode.Scalar {
        if byte < 0x80 { return Unicode.Scalar(byte) }
        return Unicode.Scalar(upper[Int(byte) - 0x80]) ?? "?"
    }
}

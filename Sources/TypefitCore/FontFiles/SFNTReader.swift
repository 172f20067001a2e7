/// Reads the faces of an OpenType/TrueType file or collection straight from
/// its tables — names, weight, slant, variable-font instances — reporting
/// them as fontconfig 2.14 with FreeType 2.12 (or 2.15 with FreeType 2.13)
/// would, without loading glyphs
/// or character maps (`fc-scan` computes a face's whole character set, the
/// bulk of its time).
///
/// The bytes are untrusted: every offset and length is checked against the
/// file's size before it is used, counts are bounded by what the file can
/// hold, and nothing is read twice. A face this reader cannot vouch for makes
/// the whole file `.unsupported`, and the caller asks fontconfig instead, so
/// an odd font is never reported differently from `fc-scan`.
public enum SFNTReader {
    /// Why a file was not read.
    public enum Failure: Error, Equatable, Sendable {
        /// Not an sfnt file (or one this reader leaves to fontconfig).
        case unsupported
        /// An sfnt file whose structure is broken: what is wrong.
        case damaged(String)
    }

    /// Reads every face of `file`, whose bytes `read(offset, count)` returns
    /// (fewer at the end of the file, `nil` on an error) and which is `size`
    /// bytes long. `nameRule` is that of the FreeType fontconfig runs on,
    /// for the `fontconfigPostscriptName` it would report.
    public static func faces(
        file: String, size: Int, nameRule: FreeTypeNameRule = .refusesExcludedCharacters,
        read: (Int, Int) -> [UInt8]?
    ) throws(Failure) -> [FontFace] {
        try scan(file: file, size: size, nameRule: nameRule, read: read).faces
    }

    /// The faces, and a note when something in the file was skipped (name
    /// records that are not valid UTF-16, which fontconfig skips too).
    public static func scan(
        file: String, size: Int, nameRule: FreeTypeNameRule = .refusesExcludedCharacters,
        read: (Int, Int) -> [UInt8]?
    ) throws(Failure) -> (faces: [FontFace], note: String?) {
        guard let header = read(0, 12), header.count == 12 else { throw .damaged("shorter than a font header") }
        var offsets: [Int] = [0]
        if Bytes.tag(header, 0) == "ttcf" {
            let count = Int(Bytes.u32(header, 8))
            guard count > 0 else { throw .damaged("the collection holds no faces") }
            // Each face needs at least its 4-byte offset and a 12-byte header.
            guard count <= 0xFFFF, 12 + count * 16 <= size else {
                throw .damaged("the collection header claims \(count) faces; the file is \(size) bytes")
            }
            guard let table = read(12, count * 4), table.count == count * 4 else {
                throw .damaged("the collection's offset table is cut short")
            }
            offsets = (0..<count).map { Int(Bytes.u32(table, $0 * 4)) }
        }
        var faces: [FontFace] = []
        var badNames = Set<UInt16>()
        for (collectionIndex, offset) in offsets.enumerated() {
            let font = try Font(offset: offset, size: size, read: read)
            faces += try font.faces(file: file, collectionIndex: collectionIndex, nameRule: nameRule)
            badNames.formUnion(font.names.undecodableNameIDs)
        }
        var note: String?
        if !badNames.isEmpty {
            let ids = badNames.sorted().map(String.init).joined(separator: ", ")
            note = "name records that are not valid UTF-16 (name ID \(ids)): unpaired surrogates read as '?'"
        }
        return (faces, note)
    }

    /// Whether the first bytes of a file are an sfnt font or collection.
    public static func isSFNT(_ magic: [UInt8]) -> Bool {
        guard magic.count >= 4 else { return false }
        let version = Bytes.u32(magic, 0)
        // TrueType 1.0, 'OTTO' (CFF), 'true' (Apple TrueType), 'ttcf'.
        return version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 || version == 0x7474_6366
    }

    /// One font of the file: its table directory and the tables typefit reads.
    struct Font {
        var isCFF: Bool
        var names: NameTable
        var weightClass: Int?
        /// fontconfig's width from OS/2 `usWidthClass` (1–9), when set.
        var widthClass: Int?
        var italicFlag: Bool

        init(offset: Int, size: Int, read: (Int, Int) -> [UInt8]?) throws(Failure) {
            guard offset >= 0, offset + 12 <= size, let header = read(offset, 12), header.count == 12 else {
                throw .damaged("a face's header lies outside the file")
            }
            let version = Bytes.u32(header, 0)
            guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
                throw .unsupported
            }
            isCFF = version == 0x4F54_544F
            let tableCount = Int(Bytes.u16(header, 4))
            guard tableCount > 0, offset + 12 + tableCount * 16 <= size,
                let directory = read(offset + 12, tableCount * 16), directory.count == tableCount * 16
            else { throw .damaged("the table directory is cut short") }
            var tables: [String: (offset: Int, length: Int)] = [:]
            for i in 0..<tableCount {
                let tag = Bytes.tag(directory, i * 16)
                let start = Int(Bytes.u32(directory, i * 16 + 8))
                let length = Int(Bytes.u32(directory, i * 16 + 12))
                guard start <= size, length <= size - start else {
                    throw .damaged("table '\(tag)' lies outside the file")
                }
                if tables[tag] == nil { tables[tag] = (start, length) }
            }
            // Without these FreeType refuses the face (fontconfig lists none).
            guard tables["cmap"] != nil, tables["head"] != nil else { throw .unsupported }
            func table(_ tag: String, limit: Int = 1 << 20) throws(Failure) -> [UInt8]? {
                guard let entry = tables[tag] else { return nil }
                guard entry.length <= limit, let bytes = read(entry.offset, entry.length),
                    bytes.count == entry.length
                else { throw .damaged("table '\(tag)' cannot be read") }
                return bytes
            }
            guard let nameBytes = try table("name") else { throw .unsupported }
            names = try NameTable(nameBytes)
            let os2 = try table("OS/2", limit: 4096)
            if let os2, os2.count >= 64, Bytes.u16(os2, 0) != 0xFFFF {
                var weight = Int(Bytes.u16(os2, 4))
                // Some fonts use 1–9 for 100–900; fontconfig reads them so.
                if (1...9).contains(weight) { weight *= 100 }
                weightClass = weight
                let widths = [50, 63, 75, 87, 100, 113, 125, 150, 200]
                let widthClass = Int(Bytes.u16(os2, 6))
                if (1...9).contains(widthClass) { self.widthClass = widths[widthClass - 1] }
                let selection = Bytes.u16(os2, 62)
                italicFlag = selection & 0x0201 != 0  // ITALIC or OBLIQUE
            } else {
                let head = try table("head", limit: 4096)
                italicFlag = head.map { $0.count >= 46 && Bytes.u16($0, 44) & 0x2 != 0 } ?? false
            }
            // A variable font goes to fontconfig: the names it gives named
            // instances come from FreeType's handling of design coordinates
            // (`Inter_100wght` in 2.14 with FreeType 2.12), which changes
            // between versions; only fontconfig itself says them right.
            guard tables["fvar"] == nil else { throw .unsupported }
        }

        func faces(file: String, collectionIndex: Int, nameRule: FreeTypeNameRule) throws(Failure) -> [FontFace] {
            let format = isCFF ? "CFF" : "TrueType"
            let family = names.family()
            guard !family.names.isEmpty else { throw .unsupported }
            // A family or style record in an encoding this reader does not
            // decode (Macintosh Japanese, Windows Big5, …): fontconfig 2.14
            // converts it with iconv, 2.15 reads Macintosh Japanese as
            // UTF-16 (IPA P Gothic's `IPAPGothic` comes out as `䥐䅐䝯瑨楣`).
            // Only fontconfig itself says what it makes of it.
            guard !names.hasUndecodedNames(among: [1, 2, 16, 17, 21, 22]) else { throw .unsupported }
            // The font's own name, as stored; fontconfig's is FreeType's
            // (which refuses a name with a space or a delimiter, or drops
            // those characters, by version), else one it makes from the
            // family.
            let psName = names.storedPostScriptName()
            let freeTypeName = names.freeTypePostScriptName(rule: nameRule)
            let fontconfigName = freeTypeName ?? names.fontconfigDerivedName(family: family)
            let naming = FamilyNaming.primary(names: family.names, languages: family.languages)
            let styles = names.styles()
            let coreText = FaceNames(names)
            let families = CoreTextNaming.families(coreText: coreText.family, fontconfig: naming)
            return [
                FontFace(
                    family: families.family, familyAliases: families.aliases, postscriptName: psName,
                    postscriptNameSource: psName == nil ? nil : .font,
                    fontconfigPostscriptName: fontconfigName == psName ? nil : fontconfigName,
                    style: coreText.style ?? styles.first, weight: weightClass ?? 400,
                    width: widthClass ?? styles.lazy.compactMap(SFNTReader.widthNamed).first ?? 100,
                    isItalic: italicFlag || styles.contains(where: SFNTReader.namesSlant), file: file,
                    index: collectionIndex, format: format, fontconfigFamily: families.fontconfigFamily,
                    fontconfigStyle: styles.first, fullName: coreText.fullName)
            ]
        }
    }

    /// The PostScript name fontconfig makes up for a face FreeType gives
    /// none: the family, at most 255 bytes, with the characters PostScript
    /// excludes from names turned into hyphens.
    public static func fontconfigStandInName(family: String) -> String {
        let excluded: Set<UInt8> = Set("\u{4}()/<>[]{}\t\u{C}\r\n ".utf8)
        let bytes = family.utf8.prefix(255).map { excluded.contains($0) ? UInt8(ascii: "-") : $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// fontconfig's width words (`FcContainsWidth`), in its order: the
    /// first contained in a style name (ignoring case and blanks) wins, so
    /// "semicondensed" is found before "condensed".
    static let widthWords: [(word: String, width: Int)] = [
        ("ultracondensed", 50), ("extracondensed", 63), ("semicondensed", 87), ("condensed", 75),
        ("normal", 100), ("semiexpanded", 113), ("extraexpanded", 150), ("ultraexpanded", 200),
        ("expanded", 125), ("extended", 125),
    ]

    /// The width a style name names (`Bold Condensed` → 75), as fontconfig
    /// reads it from styles when the font's tables give none.
    public static func widthNamed(_ style: String) -> Int? {
        let folded = String(
            decoding: style.utf8.filter { $0 != 0x20 }.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 },
            as: UTF8.self)
        return widthWords.first { folded.contains($0.word) }?.width
    }

    /// The width a `SETWIDTH_NAME` names, compared whole as fontconfig's
    /// `FcIsWidth` does (ignoring case and blanks).
    public static func widthIs(_ name: String) -> Int? {
        let folded = String(
            decoding: name.utf8.filter { $0 != 0x20 }.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 },
            as: UTF8.self)
        return widthWords.first { folded == $0.word }?.width
    }

    /// fontconfig's slant words (`FcContainsSlant`), looked for in style
    /// names case-insensitively.
    public static func namesSlant(_ style: String) -> Bool {
        // ASCII case folding on bytes: this runs for every face.
        let folded = Array(style.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        func contains(_ word: StaticString) -> Bool {
            word.withUTF8Buffer { needle in
                guard folded.count >= needle.count else { return false }
                for start in 0...(folded.count - needle.count)
                where folded[start..<(start + needle.count)].elementsEqual(needle) {
                    return true
                }
                return false
            }
        }
        return contains("italic") || contains("oblique") || contains("kursiv")
    }
}

/// The 'name' table: its records, and fontconfig's and FreeType's ways of
/// choosing among them.
struct NameTable {
    struct Record {
        var platform: UInt16
        var encoding: UInt16
        var language: UInt16
        var nameID: UInt16
        var bytes: ArraySlice<UInt8>
        var order: Int
    }

    var records: [Record] = []

    init(_ table: [UInt8]) throws(SFNTReader.Failure) {
        guard table.count >= 6 else { throw .damaged("the name table is cut short") }
        let count = Int(Bytes.u16(table, 2))
        let storage = Int(Bytes.u16(table, 4))
        guard 6 + count * 12 <= table.count else { throw .damaged("the name table's records are cut short") }
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
                    bytes: table[offset..<(offset + length)], order: i))
        }
    }

    /// The name IDs typefit reads (families, styles, full and PostScript
    /// names) that have a Unicode record that does not decode.
    var undecodableNameIDs: Set<UInt16> {
        let read: Set<UInt16> = [1, 2, 4, 6, 16, 17, 21, 22]
        var ids = Set<UInt16>()
        for record in records where read.contains(record.nameID) && Self.isUTF16(record) {
            var units: [UInt16] = []
            var i = record.bytes.startIndex
            while i + 1 < record.bytes.endIndex {
                units.append(UInt16(record.bytes[i]) << 8 | UInt16(record.bytes[i + 1]))
                i += 2
            }
            if record.bytes.count % 2 != 0 || !Self.decodeUTF16(units).valid { ids.insert(record.nameID) }
        }
        return ids
    }

    /// Whether a record of one of `ids` is in an encoding `decode` does
    /// not read.
    func hasUndecodedNames(among ids: Set<UInt16>) -> Bool {
        records.contains { ids.contains($0.nameID) && Self.decode($0) == nil }
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
                    guard let text = Self.decode(record) else { continue }
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
        func rank(_ record: Record) -> Int? {
            switch (record.platform, record.encoding, record.language) {
            case (1, 0, 0): return 0
            case (3, _, 0x409): return 1
            case (3, _, let language) where language & 0x3FF == 0x09: return 2
            case (0, _, _): return 3
            default: return nil
            }
        }
        for id in ids {
            let english = records.filter { $0.nameID == id }.compactMap { record in
                rank(record).map { (rank: $0, record: record) }
            }.sorted { ($0.rank, $0.record.order) < ($1.rank, $1.record.order) }
            for candidate in english {
                if let text = Self.decode(candidate.record).map(Self.trimmingSpaces), !text.isEmpty { return text }
            }
        }
        for id in ids {
            for record in records where record.nameID == id {
                if let text = Self.decode(record).map(Self.trimmingSpaces), !text.isEmpty { return text }
            }
        }
        return nil
    }

    /// Name ID 6 as stored, as Core Text reads it and `UIFont(name:)` takes
    /// it: a Windows Unicode record (US English first, else the first in
    /// the table), else a Macintosh Roman one; spaces and all. `nil` when
    /// the face has neither.
    func storedPostScriptName() -> String? {
        var windows: Record?
        var apple: Record?
        for record in records where record.nameID == 6 {
            if record.platform == 3 && [0, 1, 10].contains(record.encoding)
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
        if let windows, let text = Self.decode(windows), !text.isEmpty { return text }
        if let apple, let text = Self.decode(apple), !text.isEmpty { return text }
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
            var name: [UInt8] = []
            var valid = windows.bytes.count >= 2
            var i = windows.bytes.startIndex
            while i + 1 < windows.bytes.endIndex {
                let high = windows.bytes[i]
                let low = windows.bytes[i + 1]
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
            let kept = apple.bytes.filter(FreeTypeNameRule.keeps)
            if kept.count == apple.bytes.count || (drops && !kept.isEmpty) {
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
    static func decode(_ record: Record) -> String? {
        switch (record.platform, record.encoding) {
        case (0, _), (3, 0), (3, 1), (3, 10):
            guard record.bytes.count % 2 == 0 else { return nil }
            var units: [UInt16] = []
            units.reserveCapacity(record.bytes.count / 2)
            var i = record.bytes.startIndex
            while i + 1 < record.bytes.endIndex {
                units.append(UInt16(record.bytes[i]) << 8 | UInt16(record.bytes[i + 1]))
                i += 2
            }
            return decodeUTF16(units).text
        case (1, 0):
            return String(String.UnicodeScalarView(record.bytes.map(MacRoman.scalar)))
        default:
            return nil
        }
    }

    /// UTF-16 with each unpaired surrogate read as `?`, as fontconfig reads
    /// it; `valid` tells whether there was none.
    static func decodeUTF16(_ units: [UInt16]) -> (text: String, valid: Bool) {
        var scalars = String.UnicodeScalarView()
        var valid = true
        var i = 0
        while i < units.count {
            let unit = units[i]
            i += 1
            switch unit {
            case 0xD800...0xDBFF where i < units.count && (0xDC00...0xDFFF).contains(units[i]):
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i]) - 0xDC00)
                i += 1
                scalars.append(Unicode.Scalar(value) ?? "?")
            case 0xD800...0xDFFF:
                valid = false
                scalars.append("?")
            default:
                scalars.append(Unicode.Scalar(unit) ?? "?")
            }
        }
        return (String(scalars), valid)
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

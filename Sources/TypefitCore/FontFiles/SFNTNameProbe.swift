/// Reads just enough of an OpenType/TrueType file (or collection) to tell
/// whether a face stores a PostScript name (name ID 6), and what it is as
/// stored.
///
/// fontconfig invents PostScript names for faces that have none; telling them
/// apart used to mean opening the face with FreeType, which loads character
/// maps and metrics (for a CJK font, millions of instructions). This reads a
/// few hundred bytes. Every offset is bounds-checked: the bytes are untrusted.
public enum SFNTNameProbe {
    /// What the probe found.
    public enum Answer: Equatable, Sendable {
        /// The face's name ID 6 as stored (`NameTable.storedPostScriptName`).
        case postScriptName(String)
        /// The face is sfnt and its name table has no usable name ID 6.
        case noPostScriptName
        /// Not an sfnt face this probe understands (Type 1, PCF, WOFF, a
        /// damaged file): ask something that knows the format.
        case unknown
    }

    /// Probes face `faceIndex` (the low 16 bits of a fontconfig index) of a
    /// file whose bytes `read(offset, count)` returns (fewer bytes at the end
    /// of the file, `nil` on error).
    public static func probe(faceIndex: Int, read: (Int, Int) -> [UInt8]?) -> Answer {
        guard let header = read(0, 12), header.count == 12 else { return .unknown }
        var offsetTable = 0
        if tag(header, 0) == "ttcf" {
            let count = Int(u32(header, 8))
            guard faceIndex < count, faceIndex < 65_536,
                let entry = read(12 + faceIndex * 4, 4), entry.count == 4
            else { return .unknown }
            offsetTable = Int(u32(entry, 0))
        } else if faceIndex != 0 {
            return .unknown
        }
        guard let table = read(offsetTable, 12), table.count == 12 else { return .unknown }
        let version = u32(table, 0)
        // TrueType 1.0, 'OTTO' (CFF) and 'true' (Apple TrueType).
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else { return .unknown }
        let tableCount = Int(u16(table, 4))
        guard tableCount > 0, tableCount < 1024,
            let records = read(offsetTable + 12, tableCount * 16), records.count == tableCount * 16
        else {
            return .unknown
        }
        for i in 0..<tableCount where tag(records, i * 16) == "name" {
            let offset = Int(u32(records, i * 16 + 8))
            let length = Int(u32(records, i * 16 + 12))
            return storedName(offset: offset, length: length, read: read)
        }
        return .noPostScriptName
    }

    private static func storedName(
        offset: Int, length: Int,
        read: (Int, Int) -> [UInt8]?
    ) -> Answer {
        // A name table is a few kilobytes; one read, then the sfnt reader's
        // own record parsing and choice of record.
        guard length >= 6, length <= 1 << 20, let bytes = read(offset, length), bytes.count == length,
            let table = try? NameTable(bytes)
        else { return .unknown }
        return table.storedPostScriptName().map(Answer.postScriptName) ?? .noPostScriptName
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(u16(bytes, at)) << 16 | UInt32(u16(bytes, at + 2))
    }

    private static func tag(_ bytes: [UInt8], _ at: Int) -> String {
        String(decoding: bytes[at..<at + 4], as: UTF8.self)
    }
}

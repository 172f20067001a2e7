/// Name ID 6 of a WOFF or WOFF2 web font, read from its compressed 'name'
/// table alone. Opening a web font with FreeType decompresses every table
/// (and rebuilds a WOFF2 font's glyphs): four icon fonts cost a cold
/// listing more than fontconfig's whole listing, for one string each.
///
/// Pure: the caller supplies the bytes and the two decompressors (zlib for
/// WOFF, Brotli for WOFF2). Every offset is checked; the bytes are
/// untrusted. Anything unusual (a collection, a damaged directory, a
/// decompressor that fails) is `.unknown`, and the caller asks FreeType.
public enum WOFFNames {
    /// The decompressors: `inflate(stream, length)` returns the `length`
    /// bytes a zlib stream inflates to; `brotliPrefix(stream, count)` the
    /// first `count` bytes a Brotli stream decodes to. `nil` on failure.
    public struct Decompressors: Sendable {
        var inflate: @Sendable ([UInt8], Int) -> [UInt8]?
        var brotliPrefix: @Sendable ([UInt8], Int) -> [UInt8]?

        /// Creates the pair.
        public init(
            inflate: @escaping @Sendable ([UInt8], Int) -> [UInt8]?,
            brotliPrefix: @escaping @Sendable ([UInt8], Int) -> [UInt8]?
        ) {
            self.inflate = inflate
            self.brotliPrefix = brotliPrefix
        }
    }

    /// Whether the first bytes are a WOFF or WOFF2 file.
    public static func isWOFF(_ magic: [UInt8]) -> Bool {
        magic.starts(with: Array("wOFF".utf8)) || magic.starts(with: Array("wOF2".utf8))
    }

    /// The stored PostScript name of the web font whose bytes `read(offset,
    /// count)` returns (`SFNTNameProbe.Answer`'s cases).
    public static func probe(
        read: (Int, Int) -> [UInt8]?, decompressors: Decompressors
    ) -> SFNTNameProbe.Answer {
        guard let names = names(read: read, decompressors: decompressors) else { return .unknown }
        return names.postScriptName.map(SFNTNameProbe.Answer.postScriptName) ?? .noPostScriptName
    }

    /// The web font's names as Core Text reads them; `nil` when its name
    /// table cannot be had.
    public static func names(read: (Int, Int) -> [UInt8]?, decompressors: Decompressors) -> FaceNames? {
        guard let header = read(0, 48), header.count >= 44 else { return nil }
        let table: [UInt8]?
        switch Bytes.tag(header, 0) {
        case "wOFF": table = woffNameTable(header, read: read, inflate: decompressors.inflate)
        case "wOF2": table = woff2NameTable(header, read: read, brotliPrefix: decompressors.brotliPrefix)
        default: return nil
        }
        guard let table, let names = try? NameTable(table) else { return nil }
        return FaceNames(names)
    }

    /// WOFF 1.0: a 44-byte header, then 20-byte entries (tag, offset,
    /// compressed length, original length, checksum); a table is zlib
    /// unless its two lengths are equal.
    static func woffNameTable(_ header: [UInt8], read: (Int, Int) -> [UInt8]?, inflate: ([UInt8], Int) -> [UInt8]?)
        -> [UInt8]?
    {
        guard Bytes.tag(header, 4) != "ttcf" else { return nil }
        let count = Int(Bytes.u16(header, 12))
        guard count > 0, count < 4096, let directory = read(44, count * 20), directory.count == count * 20 else {
            return nil
        }
        for i in 0..<count where Bytes.tag(directory, i * 20) == "name" {
            let offset = Int(Bytes.u32(directory, i * 20 + 4))
            let compressed = Int(Bytes.u32(directory, i * 20 + 8))
            let original = Int(Bytes.u32(directory, i * 20 + 12))
            guard compressed > 0, compressed <= original, original <= 1 << 20,
                let bytes = read(offset, compressed), bytes.count == compressed
            else { return nil }
            if compressed == original { return bytes }
            guard let inflated = inflate(bytes, original), inflated.count == original else { return nil }
            return inflated
        }
        return nil
    }

    /// WOFF2: a 48-byte header, then variable-length entries (a flags byte
    /// whose low six bits index the spec's known tags, 63 meaning the tag
    /// follows; the original length and, for transformed tables, the
    /// transformed length, as UIntBase128), then one Brotli stream of every
    /// table in directory order. Only the stream up to the end of 'name' is
    /// decoded.
    static func woff2NameTable(
        _ header: [UInt8], read: (Int, Int) -> [UInt8]?, brotliPrefix: ([UInt8], Int) -> [UInt8]?
    ) -> [UInt8]? {
        guard header.count == 48, Bytes.tag(header, 4) != "ttcf" else { return nil }
        let count = Int(Bytes.u16(header, 12))
        let compressedSize = Int(Bytes.u32(header, 20))
        // Each entry is at most 1 + 4 + 5 + 5 bytes.
        guard count > 0, count < 4096, compressedSize > 0, compressedSize < 1 << 28,
            let directory = read(48, count * 15)
        else { return nil }
        var cursor = 0
        var streamOffset = 0
        var name: (offset: Int, length: Int)?
        for _ in 0..<count {
            guard cursor < directory.count else { return nil }
            let flags = directory[cursor]
            cursor += 1
            let tagIndex = Int(flags & 0x3F)
            let transform = flags >> 6
            var tag = tagIndex < knownTags.count ? knownTags[tagIndex] : ""
            if tagIndex == 63 {
                guard cursor + 4 <= directory.count else { return nil }
                tag = Bytes.tag(directory, cursor)
                cursor += 4
            }
            guard let original = base128(directory, &cursor) else { return nil }
            var length = original
            // glyf and loca are transformed at version 0; others at 1–3.
            let transformed = (tag == "glyf" || tag == "loca") ? transform != 3 : transform != 0
            if transformed {
                guard let transformedLength = base128(directory, &cursor) else { return nil }
                length = transformedLength
            }
            if tag == "name" { name = (streamOffset, length) }
            streamOffset += length
        }
        guard let name, name.length > 0, name.length <= 1 << 20,
            let stream = read(48 + cursor, compressedSize), stream.count == compressedSize,
            let prefix = brotliPrefix(stream, name.offset + name.length),
            prefix.count == name.offset + name.length
        else { return nil }
        return Array(prefix[name.offset...])
    }

    /// A UIntBase128 (WOFF2 §4.1): at most five bytes, seven bits each,
    /// high bit set on all but the last, no leading zeros, within 32 bits.
    static func base128(_ bytes: [UInt8], _ cursor: inout Int) -> Int? {
        var value: UInt64 = 0
        for i in 0..<5 {
            guard cursor < bytes.count else { return nil }
            let byte = bytes[cursor]
            cursor += 1
            if i == 0 && byte == 0x80 { return nil }
            value = value << 7 | UInt64(byte & 0x7F)
            guard value <= UInt64(UInt32.max) else { return nil }
            if byte & 0x80 == 0 { return Int(value) }
        }
        return nil
    }

    /// WOFF2's known table tags, by flag index (WOFF2 §5.1, Table 2).
    static let knownTags = [
        "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep",
        "CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE",
        "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt",
        "avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar",
        "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
    ]
}

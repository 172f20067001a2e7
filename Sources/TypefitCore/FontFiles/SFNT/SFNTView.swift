/// One view of a font file's structure for every reader of its tables: the
/// container (one sfnt face, a TrueType collection, WOFF or WOFF2) read
/// once, each face's table directory, and a table's bytes by tag (a web
/// font's decompressed). The shape of HarfBuzz's `hb-open-file.hh`: one
/// switch on the container, one check per table.
///
/// The bytes are untrusted: every offset and length is checked against the
/// file's size (when known) and against what `read` returns, counts are
/// bounded by what the file can hold, and a table is read only when asked
/// for, within a limit.
public struct SFNTView {
    /// The four kinds of file the view reads, told by their first bytes.
    public enum Container: Equatable, Sendable {
        /// One TrueType (`0x00010000`, `true`) or CFF (`OTTO`) face.
        case sfnt
        /// A TrueType collection (`ttcf`).
        case collection
        /// WOFF 1.0 (`wOFF`), tables zlib-compressed one by one.
        case woff
        /// WOFF2 (`wOF2`), every table in one Brotli stream.
        case woff2

        /// The container whose magic number begins `magic`, or `nil`.
        public init?(magic: [UInt8]) {
            guard magic.count >= 4 else { return nil }
            switch UInt32(magic[0]) << 24 | UInt32(magic[1]) << 16 | UInt32(magic[2]) << 8 | UInt32(magic[3]) {
            case 0x0001_0000, 0x4F54_544F, 0x7472_7565: self = .sfnt
            case 0x7474_6366: self = .collection
            case 0x774F_4646: self = .woff
            case 0x774F_4632: self = .woff2
            default: return nil
            }
        }
    }

    /// Why a file or table was not read.
    public enum Failure: Error, Equatable, Sendable {
        /// Not a container or face version the view reads.
        case unsupported
        /// The structure is broken: what is wrong.
        case damaged(String)
    }

    /// The decompressors web fonts need: `inflate(stream, length)` returns
    /// the `length` bytes a zlib stream inflates to; `brotliRange(stream,
    /// range)` the bytes at `range` of what a Brotli stream decodes to
    /// (decoding no further). `nil` on failure. (The C libraries are
    /// FontRegistry's.)
    public struct Decompressors: Sendable {
        let inflate: @Sendable ([UInt8], Int) -> [UInt8]?
        let brotliRange: @Sendable ([UInt8], Range<Int>) -> [UInt8]?

        /// Creates the pair.
        public init(
            inflate: @escaping @Sendable ([UInt8], Int) -> [UInt8]?,
            brotliRange: @escaping @Sendable ([UInt8], Range<Int>) -> [UInt8]?
        ) {
            self.inflate = inflate
            self.brotliRange = brotliRange
        }
    }

    /// Where one table is.
    struct Entry {
        /// Its offset in the file (sfnt, WOFF) or in the decoded stream
        /// (WOFF2).
        var offset: Int
        /// Its length as stored (sfnt), compressed (WOFF) or in the stream
        /// (WOFF2).
        var length: Int
        /// Its length once decompressed (WOFF).
        var originalLength: Int
    }

    /// A face's tables in directory order. Looked up by scanning: a face
    /// has a few dozen tables, and a dictionary built per face cost more
    /// than the name table it was read for. The first entry of a tag wins,
    /// as in FreeType; a hostile directory of 65,535 entries costs a scan
    /// per lookup, not a quadratic build.
    struct Directory {
        private var tags: [TableTag] = []
        private var entries: [Entry] = []

        init(capacity: Int = 0) {
            tags.reserveCapacity(capacity)
            entries.reserveCapacity(capacity)
        }

        mutating func append(_ tag: TableTag, _ entry: Entry) {
            tags.append(tag)
            entries.append(entry)
        }

        subscript(tag: TableTag) -> Entry? {
            tags.firstIndex(of: tag).map { entries[$0] }
        }
    }

    /// The container.
    public let container: Container
    /// How many faces the file holds.
    public var faceCount: Int { faceOffsets.count }

    private let read: (Int, Int) -> [UInt8]?
    private let size: Int?
    private let decompressors: Decompressors?
    /// sfnt and collections: each face's offset. Web fonts: one face.
    private let faceOffsets: [Int]
    /// Web fonts: the table directory, read with the header.
    private var webTables = Directory()
    /// WOFF2: where the Brotli stream starts and how long it is.
    private var stream: (offset: Int, length: Int)?

    /// Reads the container of the file whose bytes `read(offset, count)`
    /// returns (fewer at its end, `nil` on an error) and which is `size`
    /// bytes long, when known. Web fonts need `decompressors`.
    public init(size: Int?, decompressors: Decompressors? = nil, read: @escaping (Int, Int) -> [UInt8]?)
        throws(Failure)
    {
        self.read = read
        self.size = size
        self.decompressors = decompressors
        guard let header = read(0, 12), header.count == 12 else { throw .damaged("shorter than a font header") }
        guard let container = Container(magic: header) else { throw .unsupported }
        self.container = container
        switch container {
        case .sfnt:
            faceOffsets = [0]
        case .collection:
            let count = Int(Bytes.u32(header, 8))
            guard count > 0 else { throw .damaged("the collection holds no faces") }
            // Each face needs at least its 4-byte offset and a 12-byte header.
            guard count <= 0xFFFF, size.map({ 12 + count * 16 <= $0 }) ?? true else {
                throw .damaged("the collection header claims \(count) faces; the file is \(size ?? 0) bytes")
            }
            guard let table = read(12, count * 4), table.count == count * 4 else {
                throw .damaged("the collection's offset table is cut short")
            }
            faceOffsets = (0..<count).map { Int(Bytes.u32(table, $0 * 4)) }
        case .woff:
            faceOffsets = [0]
            webTables = try Self.woffDirectory(read)
        case .woff2:
            faceOffsets = [0]
            (webTables, stream) = try Self.woff2Directory(read)
        }
    }

    /// The face at `index` (0 for a single face or a web font).
    public func face(_ index: Int) throws(Failure) -> Face {
        guard faceOffsets.indices.contains(index) else { throw .damaged("the file has no face \(index)") }
        if container == .woff || container == .woff2 { return Face(view: self, version: 0, tables: webTables) }
        let offset = faceOffsets[index]
        guard offset >= 0, size.map({ offset + 12 <= $0 }) ?? true, let header = read(offset, 12),
            header.count == 12
        else { throw .damaged("a face's header lies outside the file") }
        let version = Bytes.u32(header, 0)
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else { throw .unsupported }
        let tableCount = Int(Bytes.u16(header, 4))
        guard tableCount > 0, size.map({ offset + 12 + tableCount * 16 <= $0 }) ?? true,
            let directory = read(offset + 12, tableCount * 16), directory.count == tableCount * 16
        else { throw .damaged("the table directory is cut short") }
        var tables = Directory(capacity: tableCount)
        for i in 0..<tableCount {
            let tag = TableTag(rawValue: Bytes.u32(directory, i * 16))
            let start = Int(Bytes.u32(directory, i * 16 + 8))
            let length = Int(Bytes.u32(directory, i * 16 + 12))
            if let size, start > size || length > size - start {
                throw .damaged("table '\(tag)' lies outside the file")
            }
            tables.append(tag, Entry(offset: start, length: length, originalLength: length))
        }
        return Face(view: self, version: version, tables: tables)
    }

    /// One face: its table directory and its tables by tag.
    public struct Face {
        let view: SFNTView
        /// The face's sfnt version (`0x00010000`, `OTTO`, `true`; 0 for a
        /// web font, whose flavor typefit does not need).
        public let version: UInt32
        let tables: Directory

        /// Whether the face's outlines are CFF (`OTTO`).
        public var isCFF: Bool { version == 0x4F54_544F }

        /// Whether the face has table `tag`.
        public func has(_ tag: TableTag) -> Bool { tables[tag] != nil }

        /// Table `tag`'s bytes, or `nil` when the face has none; a table
        /// longer than `limit` (once decompressed) or that cannot be read
        /// is damaged.
        public func data(_ tag: TableTag, limit: Int = 1 << 20) throws(Failure) -> [UInt8]? {
            guard let entry = tables[tag] else { return nil }
            // Worded only when it is thrown: this runs for every face of a
            // listing that reads names.
            var failure: Failure { .damaged("table '\(tag)' cannot be read") }
            switch view.container {
            case .sfnt, .collection:
                guard entry.length <= limit, let bytes = view.read(entry.offset, entry.length),
                    bytes.count == entry.length
                else { throw failure }
                return bytes
            case .woff:
                guard entry.length > 0, entry.length <= entry.originalLength, entry.originalLength <= limit,
                    let bytes = view.read(entry.offset, entry.length), bytes.count == entry.length
                else { throw failure }
                if entry.length == entry.originalLength { return bytes }
                guard let inflated = view.decompressors?.inflate(bytes, entry.originalLength),
                    inflated.count == entry.originalLength
                else { throw failure }
                return inflated
            case .woff2:
                // Decoded only this far, whatever the directory claims: a
                // small stream can decode to gigabytes of nothing.
                guard entry.offset + entry.length <= Self.woff2DecodedLimit else {
                    throw .damaged(
                        "table '\(tag)' ends past the \(Self.woff2DecodedLimit >> 20) MB a WOFF2 font decodes to at most"
                    )
                }
                guard entry.length > 0, entry.length <= limit, let stream = view.stream,
                    let compressed = view.read(stream.offset, stream.length), compressed.count == stream.length,
                    let bytes = view.decompressors?.brotliRange(compressed, entry.offset..<entry.offset + entry.length),
                    bytes.count == entry.length
                else { throw failure }
                return bytes
            }
        }

        /// How far a WOFF2 stream is decoded at most: the reference
        /// decoder's bound on a font's decoded size (woff2's
        /// `kDefaultMaxSize`), which FreeType applies too, so no font
        /// fontconfig lists is beyond it.
        static let woff2DecodedLimit = 30 << 20

        /// The name table, or `nil` without one.
        public func names() throws(Failure) -> NameTable? {
            try data(.name).map { bytes throws(Failure) in try NameTable(bytes) }
        }

        /// The OS/2 table, when it has the fields typefit reads.
        public func os2() throws(Failure) -> OS2Table? {
            try data(.os2, limit: 4096).flatMap(OS2Table.init)
        }

        /// The font header, when it has the fields typefit reads.
        public func head() throws(Failure) -> HeadTable? {
            try data(.head, limit: 4096).flatMap(HeadTable.init)
        }

        /// A variable font's axes and named instances.
        public func fvar() throws(Failure) -> FvarTable? {
            try data(.fvar).map { bytes throws(Failure) in try FvarTable(bytes) }
        }

        /// The style attributes: design axes and the elided fallback name.
        public func stat() throws(Failure) -> STATTable? {
            try data(.stat).map { bytes throws(Failure) in try STATTable(bytes) }
        }

        /// The axis variations: per axis, how normalized coordinates map.
        public func avar() throws(Failure) -> AvarTable? {
            try data(.avar).map { bytes throws(Failure) in try AvarTable(bytes) }
        }

        /// Apple's tracking: letter spacing by point size.
        public func trak() throws(Failure) -> TrakTable? {
            try data(.trak).map { bytes throws(Failure) in try TrakTable(bytes) }
        }
    }

    // MARK: Web fonts

    /// WOFF 1.0: a 44-byte header, then 20-byte entries (tag, offset,
    /// compressed length, original length, checksum); a table is zlib
    /// unless its two lengths are equal. Collections are left alone.
    static func woffDirectory(_ read: (Int, Int) -> [UInt8]?) throws(Failure) -> Directory {
        guard let header = read(0, 44), header.count == 44 else { throw .damaged("the WOFF header is cut short") }
        guard Bytes.u32(header, 4) != 0x7474_6366 else { throw .unsupported }
        let count = Int(Bytes.u16(header, 12))
        guard count > 0, count < 4096, let directory = read(44, count * 20), directory.count == count * 20 else {
            throw .damaged("the WOFF table directory is cut short")
        }
        var tables = Directory(capacity: count)
        for i in 0..<count {
            let tag = TableTag(rawValue: Bytes.u32(directory, i * 20))
            let entry = Entry(
                offset: Int(Bytes.u32(directory, i * 20 + 4)), length: Int(Bytes.u32(directory, i * 20 + 8)),
                originalLength: Int(Bytes.u32(directory, i * 20 + 12)))
            tables.append(tag, entry)
        }
        return tables
    }

    /// WOFF2: a 48-byte header, then variable-length entries (a flags byte
    /// whose low six bits index the specification's known tags, 63 meaning
    /// the tag follows; the original length and, for transformed tables,
    /// the transformed length, as UIntBase128), then one Brotli stream of
    /// every table in directory order. A table is decoded only as far as
    /// its end in the stream.
    static func woff2Directory(_ read: (Int, Int) -> [UInt8]?) throws(Failure)
        -> (tables: Directory, stream: (offset: Int, length: Int))
    {
        let cutShort = Failure.damaged("the WOFF2 table directory is cut short")
        guard let header = read(0, 48), header.count == 48 else { throw .damaged("the WOFF2 header is cut short") }
        guard Bytes.u32(header, 4) != 0x7474_6366 else { throw .unsupported }
        let count = Int(Bytes.u16(header, 12))
        let compressedSize = Int(Bytes.u32(header, 20))
        // Each entry is at most 1 + 4 + 5 + 5 bytes.
        guard count > 0, count < 4096, compressedSize > 0, compressedSize < 1 << 28,
            let directory = read(48, count * 15)
        else { throw cutShort }
        var cursor = 0
        var streamOffset = 0
        var tables = Directory(capacity: count)
        for _ in 0..<count {
            guard cursor < directory.count else { throw cutShort }
            let flags = directory[cursor]
            cursor += 1
            let tagIndex = Int(flags & 0x3F)
            let transform = flags >> 6
            var tag = tagIndex < woff2KnownTags.count ? TableTag(rawValue: woff2KnownTags[tagIndex]) : nil
            if tagIndex == 63 {
                guard cursor + 4 <= directory.count else { throw cutShort }
                tag = TableTag(rawValue: Bytes.u32(directory, cursor))
                cursor += 4
            }
            guard let original = base128(directory, &cursor) else { throw cutShort }
            var length = original
            // glyf and loca are transformed at version 0; others at 1–3.
            let isGlyphs = tag == TableTag("glyf") || tag == TableTag("loca")
            if isGlyphs ? transform != 3 : transform != 0 {
                guard let transformedLength = base128(directory, &cursor) else { throw cutShort }
                length = transformedLength
            }
            if let tag { tables.append(tag, Entry(offset: streamOffset, length: length, originalLength: original)) }
            streamOffset += length
        }
        return (tables, (48 + cursor, compressedSize))
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

    /// The WOFF2 specification's table of known tags (§5.1), by index.
    static let woff2KnownTags: [UInt32] = [
        "cmap", "head", "hhea", "hmtx", "maxp", "name", "OS/2", "post", "cvt ", "fpgm", "glyf", "loca", "prep",
        "CFF ", "VORG", "EBDT", "EBLC", "gasp", "hdmx", "kern", "LTSH", "PCLT", "VDMX", "vhea", "vmtx", "BASE",
        "GDEF", "GPOS", "GSUB", "EBSC", "JSTF", "MATH", "CBDT", "CBLC", "COLR", "CPAL", "SVG ", "sbix", "acnt",
        "avar", "bdat", "bloc", "bsln", "cvar", "fdsc", "feat", "fmtx", "fvar", "gvar", "hsty", "just", "lcar",
        "mort", "morx", "opbd", "prop", "trak", "Zapf", "Silf", "Glat", "Gloc", "Feat", "Sill",
    ].map { (text: String) in text.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
}

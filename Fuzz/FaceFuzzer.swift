// libFuzzer target: reading faces from arbitrary bytes, as `list-fonts --dir`
// reads a downloaded font (SFNTReader), and the name-table probe the
// installed listing uses (SFNTNameProbe), and every table the sfnt view
// reads by type (OS/2, head, fvar, STAT, avar, trak), the optical-size rule
// over them, and the colour glyph tables (COLR, CPAL, CBLC, CBDT, sbix), what
// GSUB's and GPOS's lookups reach (LayoutReach), and
// each face's listing JSON (its compact fragments against the members). Built with TypefitCore's sources by
// `make fuzz` (swiftc -sanitize=fuzzer,address); any crash, trap or
// sanitizer report is a finding.

/// The bytes as a file: reads past the end come back short, as `pread` does;
/// requests over 1 MiB fail, as `FileSystem.read` refuses them.
func read(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> [UInt8]? {
    guard offset >= 0, count >= 0, count <= 1 << 20 else { return nil }
    guard offset < bytes.count else { return [] }
    return Array(bytes[offset..<(offset + min(count, bytes.count - offset))])
}

/// Decompressors that give the compressed bytes back as they are (zlib's
/// padded with zeros to the length asked), so that the web-font paths of
/// the name probe and the sfnt view run without the C libraries. A Brotli
/// range past the view's decoding limit is a finding: the view must refuse
/// it before asking.
let passThrough = SFNTView.Decompressors(
    inflate: { stream, length in
        guard length >= 0, length <= 1 << 20 else { return nil }
        return Array(stream.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - stream.count))
    },
    brotliRange: { stream, range in
        precondition(range.upperBound <= SFNTView.Face.woff2DecodedLimit, "a WOFF2 table decoded past the limit")
        return range.upperBound <= stream.count ? Array(stream[range]) : nil
    })

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0,
/// as libFuzzer requires (-1 would keep the input out of the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFace(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let result = try? SFNTReader.scan(file: "fuzz.ttf", size: bytes.count, read: { read(bytes, $0, $1) }) {
        for face in result.faces {
            // Every face must be usable by what consumes it.
            _ = FontCatalog.families(from: [face])
            _ = face.postscriptName?.utf8.count
            // Its compact JSON, written as fragments, is the object written
            // member by member, and parses, whatever bytes its names hold.
            var fragments = JSONWriter(pretty: false)
            face.writeCompactJSON(to: &fragments)
            var members = JSONWriter(pretty: false)
            face.writeJSONMembers(to: &members)
            let document = fragments.finishBytes()
            precondition(document == members.finishBytes(), "fragments differ from members")
            precondition((try? JSONParser.parse(document)) != nil, "a face's JSON does not parse")
        }
    }
    for index in 0..<3 {
        _ = SFNTNameProbe.probe(faceIndex: index) { read(bytes, $0, $1) }
        // Web fonts too, their streams "decompressed" as themselves: the
        // directories, offsets and lengths are the font's, whatever they claim.
        _ = SFNTNameProbe.probe(faceIndex: index, decompressors: passThrough) { read(bytes, $0, $1) }
    }
    // A Type 1 header's /FontName: printable ASCII, no space, when found.
    if let name = Type1Header.fontName(Array(bytes.prefix(Type1Header.prefixLength))) {
        precondition(!name.isEmpty && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
    }
    for decompressors in [nil, passThrough] {
        fuzzView(bytes, decompressors: decompressors)
    }
    return 0
}

/// Every table the sfnt view reads by type, for the first faces of `bytes`.
func fuzzView(_ bytes: [UInt8], decompressors: SFNTView.Decompressors?) {
    if let view = try? SFNTView(size: bytes.count, decompressors: decompressors, read: { read(bytes, $0, $1) }) {
        for index in 0..<min(view.faceCount, 3) {
            guard let face = try? view.face(index) else { continue }
            _ = try? face.os2()
            _ = try? face.head()
            if let fvar = try? face.fvar() {
                // Every instance has a coordinate per axis.
                precondition(fvar.instances.allSatisfy { $0.coordinates.count == fvar.axes.count })
            }
            _ = try? face.stat()
            if let avar = try? face.avar() { _ = avar.map(axis: 0, 0.5) }
            let trak = try? face.trak()
            if let trak { _ = trak.tracking(atPointSize: 17) }
            let sizing = OpticalSizing(
                fvar: (try? face.fvar()) ?? nil, trak: trak ?? nil, hasSTAT: face.has(.stat), isSystemFont: true)
            for size in [6.0, 17, 53, 200] {
                _ = sizing.trackingUnits(at: size)
                if let coordinates = sizing.coordinates(instance: 1, at: size) {
                    precondition(coordinates.count == sizing.axes.count)
                }
            }
            func table(_ tag: StaticString) -> [UInt8]? { (try? face.data(TableTag(tag))) ?? nil }
            let colors = ColorGlyphs(
                colr: table("COLR"), cpal: table("CPAL"), cblc: table("CBLC"), cbdt: table("CBDT"),
                sbix: table("sbix"), unitsPerEm: 1000, glyphCount: 64)
            for glyph in UInt32(0)..<64 {
                if let drawn = colors.glyph(glyph) { _ = drawn.svg { _ in "M0 0Z" } }
            }
            _ = try? face.names()
            // Whether the lookups reach across a glyph: bounded whatever
            // the rule sets claim (`LayoutReach.budget`).
            for (tag, positioning) in [(TableTag("GSUB"), false), (TableTag("GPOS"), true)] {
                guard let layout = (try? face.data(tag)) ?? nil else { continue }
                for glyph: UInt16 in [0, 1, 3] {
                    _ = LayoutReach.mayReachAcross(glyph: glyph, table: layout, positioning: positioning)
                }
            }
        }
    }
}

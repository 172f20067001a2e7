import CFreeType
import TypefitCore

/// An owned FreeType library (every `FT_*` call of typefit is in this file).
///
/// FreeType handles are not thread-safe: one library per thread of work.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(RegistryError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .freeTypeUnavailable(code: error) }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }

    /// How the FreeType this process runs on (the one fontconfig uses too)
    /// names a face whose name ID 6 holds excluded characters; read once
    /// from its version. The corresponding C functions are `FT_New_Library`
    /// and `FT_Library_Version` (in the shim).
    static let nameRule: FreeTypeNameRule = {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
        guard CFreeType_version(&major, &minor, &patch) == 0 else { return .refusesExcludedCharacters }
        return FreeTypeNameRule(major: Int(major), minor: Int(minor))
    }()

    /// What FreeType reads from a bitmap font (PCF, BDF; gzip-compressed
    /// too): enough to list it as fontconfig would, without fontconfig
    /// computing its character set glyph by glyph.
    struct BitmapFace {
        var family: String?
        var style: String?
        var isItalic: Bool
        var format: String?
        var hasUnicodeMap: Bool
        /// Whether the font names a character set (`ISO8859-2`); fontconfig
        /// lists a bitmap font without a Unicode map only when it names
        /// none (cursor and symbol fonts).
        var namesCharset: Bool
        /// The width fontconfig reads from the `RELATIVE_SETWIDTH` (10–90)
        /// or `SETWIDTH_NAME` properties, when they give one.
        var width: Int?
    }

    /// Opens face 0 of `file` and reads it when it is a single-face bitmap
    /// font; `nil` when it is something else (scalable, several faces), a
    /// failure when FreeType cannot open it. The corresponding C functions
    /// are `FT_New_Face` and `FT_Get_Font_Format`.
    func bitmapFace(file: String) -> Result<BitmapFace, FreeTypeError>? {
        var face: FT_Face?
        let error = FT_New_Face(handle, file, 0, &face)
        guard error == 0, let face else { return .failure(FreeTypeError(code: error)) }
        defer { FT_Done_Face(face) }
        guard CFreeType_isScalable(face) == 0, face.pointee.num_faces == 1 else { return nil }
        var unicode = false
        for i in 0..<Int(face.pointee.num_charmaps) {
            // FT_ENCODING_UNICODE, FT_ENC_TAG('u','n','i','c'): a macro-built
            // enum case Swift does not import.
            if let map = face.pointee.charmaps[i], map.pointee.encoding.rawValue == 0x756E_6963 { unicode = true }
        }
        var encoding: UnsafePointer<CChar>?
        var registry: UnsafePointer<CChar>?
        let namesCharset = FT_Get_BDF_Charset_ID(face, &encoding, &registry) == 0 && registry != nil
        return .success(
            BitmapFace(
                family: face.pointee.family_name.map { String(cString: $0) },
                style: face.pointee.style_name.map { String(cString: $0) },
                isItalic: CFreeType_isItalic(face) != 0,
                format: FT_Get_Font_Format(face).map { String(cString: $0) },
                hasUnicodeMap: unicode, namesCharset: namesCharset, width: bitmapWidth(face)))
    }

    /// fontconfig's reading of a bitmap font's width: `RELATIVE_SETWIDTH`
    /// in tens (50 normal), else `SETWIDTH_NAME` as a whole word. The
    /// corresponding C function is `FT_Get_BDF_Property`.
    private func bitmapWidth(_ face: FT_Face) -> Int? {
        var property = BDF_PropertyRec()
        if FT_Get_BDF_Property(face, "RELATIVE_SETWIDTH", &property) == 0 {
            let value: Int? =
                switch property.type {
                case BDF_PROPERTY_TYPE_INTEGER: Int(property.u.integer)
                case BDF_PROPERTY_TYPE_CARDINAL: Int(property.u.cardinal)
                default: nil
                }
            let widths = [50, 63, 75, 87, 100, 113, 125, 150, 200]
            // fontconfig's (value + 5) / 10 in C integer division.
            if let value, case let step = (value + 5) / 10, (1...9).contains(step) { return widths[step - 1] }
        }
        if FT_Get_BDF_Property(face, "SETWIDTH_NAME", &property) == 0, property.type == BDF_PROPERTY_TYPE_ATOM,
            let atom = property.u.atom
        {
            return SFNTReader.widthIs(String(cString: atom))
        }
        return nil
    }

    /// What a face's own tables say its PostScript name is.
    struct PostScriptName {
        /// The name FreeType reports (`nil` when the face has none).
        var name: String?
        /// Whether the name is stored in the font (name ID 6, or the named
        /// instance's `postScriptNameID`) rather than synthesized by FreeType.
        var isFromFont: Bool
    }

    /// Opens `file` at `index` (a face, not a named instance) and reads its
    /// PostScript name, or returns the FreeType error code when the face
    /// cannot be opened. The corresponding C functions are `FT_New_Face`
    /// and `FT_Get_Postscript_Name`.
    func postscriptName(file: String, index: Int) -> Result<PostScriptName, FreeTypeError> {
        var face: FT_Face?
        let error = FT_New_Face(handle, file, FT_Long(index & 0xFFFF), &face)
        guard error == 0, let face else { return .failure(FreeTypeError(code: error)) }
        defer { FT_Done_Face(face) }
        // Outside named instances FreeType synthesizes nothing: a name is
        // the font's own. FreeType refuses a name ID 6 with a space or a
        // delimiter (and empties the record as it does); Core Text reports
        // it as stored, so typefit reads the record first.
        let stored = sfntName(face, id: 6).flatMap { $0.isEmpty ? nil : $0 }
        let name = stored ?? FT_Get_Postscript_Name(face).map { String(cString: $0) }
        return .success(PostScriptName(name: name, isFromFont: name != nil))
    }

    /// The name table's string for `id`: Windows Unicode first, then Unicode,
    /// then Mac Roman (read as ASCII, which PostScript names are).
    /// The corresponding C function is `FT_Get_Sfnt_Name`.
    private func sfntName(_ face: FT_Face, id: UInt16) -> String? {
        var best: (rank: Int, text: String)?
        var record = FT_SfntName()
        for i in 0..<FT_Get_Sfnt_Name_Count(face) where FT_Get_Sfnt_Name(face, i, &record) == 0 {
            guard record.name_id == id, let bytes = record.string else { continue }
            let buffer = UnsafeBufferPointer(start: bytes, count: Int(record.string_len))
            let rank: Int
            let text: String
            switch record.platform_id {
            case 3, 0:
                rank = record.platform_id == 3 ? (record.language_id == 0x409 ? 0 : 1) : 2
                let units = stride(from: 0, to: buffer.count - 1, by: 2).map {
                    UInt16(buffer[$0]) << 8 | UInt16(buffer[$0 + 1])
                }
                text = String(decoding: units, as: UTF16.self)
            case 1:
                rank = 3
                text = String(decoding: buffer.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            default:
                continue
            }
            if best == nil || rank < (best?.rank ?? Int.max) { best = (rank, text) }
        }
        return best?.text
    }
}

/// A face opened to read glyph outlines, unscaled and unhinted, in font
/// units (for drawing specimens from the font's own shapes).
final class OutlineFace {
    private let library: FreeTypeLibrary
    /// The file's bytes, which FreeType reads in place while the face lives.
    private let mapped: MappedFontFile
    private let face: FT_Face
    /// The face's units per em.
    let unitsPerEm: Int

    /// Opens face `index` of `file`; a variable face at `coordinates`
    /// (user units, one per axis in the font's order; empty: its own).
    init(file: String, index: Int, coordinates: [Double] = []) throws(RegistryError) {
        library = try FreeTypeLibrary()
        // The mapping the file's shaping faces read (`MappedFontFile`).
        switch MappedFontFile.mapped(file) {
        case .success(let file): mapped = file
        case .failure(let failure): throw .shapingFailed(file: file, reason: "cannot read the file: \(failure.reason)")
        }
        var face: FT_Face?
        let error = FT_New_Memory_Face(
            library.handle, mapped.bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(mapped.bytes.count), FT_Long(index), &face)
        guard error == 0, let face else {
            throw .shapingFailed(file: file, reason: FreeTypeError(code: error).message)
        }
        self.face = face
        if !coordinates.isEmpty {
            // The outlines at the coordinates the widths were measured at
            // (16.16 fixed point, as FreeType takes design coordinates).
            var fixed = coordinates.map { FT_Fixed(($0 * 65536).rounded()) }
            let error = FT_Set_Var_Design_Coordinates(face, FT_UInt(fixed.count), &fixed)
            if error != 0 {
                FT_Done_Face(face)
                throw .shapingFailed(file: file, reason: FreeTypeError(code: error).message)
            }
        }
        // A bitmap-only face (Noto Color Emoji: CBDT, no outlines) has no
        // units per em for FreeType; its head table still says them, and
        // its images are placed in them.
        var units = Int(face.pointee.units_per_EM)
        if units == 0 {
            var head = [UInt8](repeating: 0, count: 20)
            var length = FT_ULong(head.count)
            let error = head.withUnsafeMutableBufferPointer {
                FT_Load_Sfnt_Table(face, FT_ULong(TableTag.head.rawValue), 0, $0.baseAddress, &length)
            }
            if error == 0 { units = Int(head[18]) << 8 | Int(head[19]) }
        }
        unitsPerEm = min(max(units, 1), 16_384)
    }

    deinit { FT_Done_Face(face) }

    /// The most outline points one glyph is drawn with. Real glyphs have a
    /// few hundred (a complex CJK ideograph under a thousand); a CFF font
    /// whose charstrings call nested subroutines made one glyph of
    /// megabytes and a review page of 274 MB.
    static let maximumPoints = 10_000

    /// Glyphs over `maximumPoints`, drawn as a marker box instead.
    private(set) var capped: Set<UInt32> = []

    /// The outline of glyph `glyph` as SVG path data, y pointing up (the
    /// caller flips it), or `nil` when it has none (a space) or cannot be
    /// loaded. A glyph of more than `maximumPoints` points is a crossed box
    /// (a visible marker) and is remembered in `capped`. The corresponding
    /// C functions are `FT_Load_Glyph` and `FT_Outline_Decompose`.
    func path(glyph: UInt32) -> String? {
        guard let slot = loadOutline(glyph) else { return nil }
        guard Int(slot.pointee.outline.n_points) <= Self.maximumPoints else {
            capped.insert(glyph)
            return marker
        }
        return build(slot)
    }

    /// A colour glyph's layer: its outline when its points fit in what is
    /// left of `budget` (the points all the glyph's layers may have
    /// together, taken before the path is built), `.over` when they do not.
    /// A COLR glyph may list 65,535 layers of 10,000 points each: a 106 KB
    /// font drew "A" for minutes in gigabytes.
    func layerPath(glyph: UInt32, budget: inout Int) -> LayerPath {
        guard let slot = loadOutline(glyph) else { return .path(nil) }
        let points = Int(slot.pointee.outline.n_points)
        guard points <= budget else { return .over }
        budget -= points
        return .path(build(slot))
    }

    /// What `layerPath` gives.
    enum LayerPath {
        case path(String?)
        case over
    }

    /// Marks `glyph` as drawn as the marker box (a colour glyph over its
    /// points).
    func markCapped(_ glyph: UInt32) { capped.insert(glyph) }

    /// The glyph loaded unscaled into the face's slot, when it is an outline
    /// with points. The corresponding C function is `FT_Load_Glyph`.
    private func loadOutline(_ glyph: UInt32) -> FT_GlyphSlot? {
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0, let slot = face.pointee.glyph,
            // FT_GLYPH_FORMAT_OUTLINE, FT_IMAGE_TAG('o','u','t','l'): not imported.
            slot.pointee.format.rawValue == 0x6F75_746C, slot.pointee.outline.n_points > 0
        else { return nil }
        return slot
    }

    /// The loaded outline as SVG path data. The corresponding C function
    /// is `FT_Outline_Decompose`.
    private func build(_ slot: FT_GlyphSlot) -> String? {
        let builder = PathBuilder()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in PathBuilder.with(user) { $0.move(to) } },
            line_to: { to, user in PathBuilder.with(user) { $0.line(to) } },
            conic_to: { control, to, user in PathBuilder.with(user) { $0.conic(control, to) } },
            cubic_to: { c1, c2, to, user in PathBuilder.with(user) { $0.cubic(c1, c2, to) } },
            shift: 0, delta: 0)
        let status = withExtendedLifetime(builder) {
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, Unmanaged.passUnretained(builder).toOpaque())
        }
        guard status == 0 else { return nil }
        return builder.finish()
    }

    /// The face's colour glyph tables (COLR and CPAL, CBLC and CBDT, sbix),
    /// each at most 64 MiB (Noto Color Emoji's CBDT is 10), read once. The
    /// corresponding C function is `FT_Load_Sfnt_Table`.
    func colorGlyphs() -> ColorGlyphs {
        func table(_ tag: TableTag) -> [UInt8]? {
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, FT_ULong(tag.rawValue), 0, nil, &length) == 0, length > 0,
                length <= 64 << 20
            else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            let error = bytes.withUnsafeMutableBufferPointer {
                FT_Load_Sfnt_Table(face, FT_ULong(tag.rawValue), 0, $0.baseAddress, &length)
            }
            return error == 0 && Int(length) == bytes.count ? bytes : nil
        }
        return ColorGlyphs(
            colr: table(TableTag("COLR")), cpal: table(TableTag("CPAL")), cblc: table(TableTag("CBLC")),
            cbdt: table(TableTag("CBDT")), sbix: table(TableTag("sbix")), unitsPerEm: unitsPerEm,
            glyphCount: Int(face.pointee.num_glyphs))
    }

    /// A crossed box half an em wide and 0.7 em high: what a glyph over the
    /// cap is drawn as (an outline with two holes, filled nonzero).
    var marker: String {
        let w = unitsPerEm / 2
        let h = unitsPerEm * 7 / 10
        let t = max(unitsPerEm / 20, 1)
        return "M0 0L\(w) 0L\(w) \(h)L0 \(h)Z" + "M\(t) \(t)L\(t) \(h - t)L\(w - t) \(h - t)L\(w - t) \(t)Z"
            + "M\(t) \(t)L\(w - t) \(h - t)L\(w - t - t) \(h - t)L\(t) \(t + t)Z"
    }
}

/// Collects FreeType's outline callbacks into SVG path data.
private final class PathBuilder {
    private var data = ""
    private var open = false

    /// Runs `body` with the builder `user` points to (the one
    /// `path(glyph:)` keeps alive for the call); without one, fails the
    /// decomposition.
    static func with(_ user: UnsafeMutableRawPointer?, _ body: (PathBuilder) -> Int32) -> Int32 {
        guard let user else { return 1 }
        return body(Unmanaged<PathBuilder>.fromOpaque(user).takeUnretainedValue())
    }

    private func point(_ vector: UnsafePointer<FT_Vector>?) -> String {
        guard let vector else { return "0 0" }
        return "\(vector.pointee.x) \(vector.pointee.y)"
    }

    func move(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        data += (open ? "Z" : "") + "M" + point(to)
        open = true
        return 0
    }

    func line(_ to: UnsafePointer<FT_Vector>?) -> Int32 {
        data += "L" + point(to)
        return 0
    }

    func conic(_ control: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?) -> Int32 {
        data += "Q" + point(control) + " " + point(to)
        return 0
    }

    func cubic(
        _ c1: UnsafePointer<FT_Vector>?, _ c2: UnsafePointer<FT_Vector>?, _ to: UnsafePointer<FT_Vector>?
    ) -> Int32 {
        data += "C" + point(c1) + " " + point(c2) + " " + point(to)
        return 0
    }

    func finish() -> String { data + (open ? "Z" : "") }
}

import CHarfBuzz

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HarfBuzz, opened the first time text is shaped rather than linked: HarfBuzz brings GLib, graphite2 and PCRE
/// with it, and mapping them cost every `list-fonts` and `scale` run 2 MiB of
/// memory and a third of a millisecond of start-up for libraries they never
/// call. The headers still come from the systemLibrary targets; only the
/// functions below are looked up, each with the C signature it has there.
struct ShapingLibraries: @unchecked Sendable {
    let blobCreate:
        @convention(c) (
            UnsafePointer<CChar>?, UInt32, hb_memory_mode_t, UnsafeMutableRawPointer?, hb_destroy_func_t?
        ) -> OpaquePointer?
    let blobDestroy: @convention(c) (OpaquePointer?) -> Void
    let faceCreate: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
    let faceDestroy: @convention(c) (OpaquePointer?) -> Void
    let faceGlyphCount: @convention(c) (OpaquePointer?) -> UInt32
    let faceUnitsPerEm: @convention(c) (OpaquePointer?) -> UInt32
    let fontCreate: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let fontDestroy: @convention(c) (OpaquePointer?) -> Void
    let fontSetScale: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    let fontSetNamedInstance: @convention(c) (OpaquePointer?, UInt32) -> Void
    let fontSetVarCoordsDesign: @convention(c) (OpaquePointer?, UnsafePointer<Float>?, UInt32) -> Void
    let faceReferenceTable: @convention(c) (OpaquePointer?, hb_tag_t) -> OpaquePointer?
    let blobGetData: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafePointer<CChar>?
    let bufferCreate: @convention(c) () -> OpaquePointer?
    let bufferDestroy: @convention(c) (OpaquePointer?) -> Void
    let bufferClear: @convention(c) (OpaquePointer?) -> Void
    let bufferAddUTF8: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UInt32, Int32) -> Void
    let bufferSetScript: @convention(c) (OpaquePointer?, hb_script_t) -> Void
    let bufferSetDirection: @convention(c) (OpaquePointer?, hb_direction_t) -> Void
    let bufferSetLanguage: @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    let bufferSetClusterLevel: @convention(c) (OpaquePointer?, hb_buffer_cluster_level_t) -> Void
    let shape: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<hb_feature_t>?, UInt32) -> Void
    let glyphInfos:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<
            hb_glyph_info_t
        >?
    let glyphPositions:
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<
            hb_glyph_position_t
        >?
    let languageFromString: @convention(c) (UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    let languageDefault: @convention(c) () -> OpaquePointer?
    let scriptDirection: @convention(c) (hb_script_t) -> hb_direction_t
    let unicodeFuncsDefault: @convention(c) () -> OpaquePointer?
    let unicodeScript: @convention(c) (OpaquePointer?, UInt32) -> hb_script_t
    let glyphExtents: @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<hb_glyph_extents_t>?) -> Int32
    let nominalGlyph: @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<UInt32>?) -> Int32
    let glyphHAdvance: @convention(c) (OpaquePointer?, UInt32) -> Int32
    // What a face's lookups involve (`HarfBuzzFace.wordsShapeAlone`).
    let lookupCount: @convention(c) (OpaquePointer?, hb_tag_t) -> UInt32
    let lookupCollectGlyphs:
        @convention(c) (
            OpaquePointer?, hb_tag_t, UInt32, OpaquePointer?, OpaquePointer?, OpaquePointer?, OpaquePointer?
        )
            -> Void
    let glyphClass: @convention(c) (OpaquePointer?, UInt32) -> hb_ot_layout_glyph_class_t
    let setCreate: @convention(c) () -> OpaquePointer?
    let setDestroy: @convention(c) (OpaquePointer?) -> Void
    let setClear: @convention(c) (OpaquePointer?) -> Void
    let setHas: @convention(c) (OpaquePointer?, UInt32) -> Int32
    /// HarfBuzz's script of each character below U+0800 (Latin with its
    /// accents, Greek, Cyrillic, Armenian, Hebrew, Arabic), asked once as
    /// the library opens: itemizing a string asked HarfBuzz through its
    /// function table per character, 2% of `fit`'s instructions over
    /// mixed-script UI strings.
    let lowScripts: [hb_script_t]

    /// The libraries, loaded once (Swift initializes a static once, under a
    /// lock), or why they could not be.
    static let shared: Result<ShapingLibraries, RegistryError> = load()

    private static func load() -> Result<ShapingLibraries, RegistryError> {
        // The soname Debian ships (libharfbuzz0b), then the development link.
        var failure: String?
        guard let harfbuzz = DynamicLibrary.open(["libharfbuzz.so.0", "libharfbuzz.so"], failure: &failure) else {
            if let failure { return .failure(.libraryFailed(name: "HarfBuzz (libharfbuzz.so.0)", reason: failure)) }
            return .failure(.libraryUnavailable(name: "HarfBuzz (libharfbuzz.so.0)", package: "libharfbuzz0b"))
        }
        do {
            return .success(try ShapingLibraries(harfbuzz: harfbuzz))
        } catch {
            return .failure(
                .libraryUnavailable(name: "a shaping function (\(error.name))", package: "libharfbuzz0b"))
        }
    }

    /// Looks every function up; each one's C signature is its property's
    /// type above, which `symbol` takes as the type to cast to, so it is
    /// written once.
    private init(harfbuzz h: UnsafeMutableRawPointer) throws(MissingSymbol) {
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String) throws(MissingSymbol) -> T {
            try DynamicLibrary.symbol(handle, name)
        }
        blobCreate = try symbol(h, "hb_blob_create_or_fail")
        blobDestroy = try symbol(h, "hb_blob_destroy")
        faceCreate = try symbol(h, "hb_face_create")
        faceDestroy = try symbol(h, "hb_face_destroy")
        faceGlyphCount = try symbol(h, "hb_face_get_glyph_count")
        faceUnitsPerEm = try symbol(h, "hb_face_get_upem")
        fontCreate = try symbol(h, "hb_font_create")
        fontDestroy = try symbol(h, "hb_font_destroy")
        fontSetScale = try symbol(h, "hb_font_set_scale")
        fontSetNamedInstance = try symbol(h, "hb_font_set_var_named_instance")
        fontSetVarCoordsDesign = try symbol(h, "hb_font_set_var_coords_design")
        faceReferenceTable = try symbol(h, "hb_face_reference_table")
        blobGetData = try symbol(h, "hb_blob_get_data")
        bufferCreate = try symbol(h, "hb_buffer_create")
        bufferDestroy = try symbol(h, "hb_buffer_destroy")
        bufferClear = try symbol(h, "hb_buffer_clear_contents")
        bufferAddUTF8 = try symbol(h, "hb_buffer_add_utf8")
        bufferSetScript = try symbol(h, "hb_buffer_set_script")
        bufferSetDirection = try symbol(h, "hb_buffer_set_direction")
        bufferSetLanguage = try symbol(h, "hb_buffer_set_language")
        bufferSetClusterLevel = try symbol(h, "hb_buffer_set_cluster_level")
        shape = try symbol(h, "hb_shape")
        glyphInfos = try symbol(h, "hb_buffer_get_glyph_infos")
        glyphPositions = try symbol(h, "hb_buffer_get_glyph_positions")
        languageFromString = try symbol(h, "hb_language_from_string")
        languageDefault = try symbol(h, "hb_language_get_default")
        scriptDirection = try symbol(h, "hb_script_get_horizontal_direction")
        unicodeFuncsDefault = try symbol(h, "hb_unicode_funcs_get_default")
        unicodeScript = try symbol(h, "hb_unicode_script")
        glyphExtents = try symbol(h, "hb_font_get_glyph_extents")
        nominalGlyph = try symbol(h, "hb_font_get_nominal_glyph")
        glyphHAdvance = try symbol(h, "hb_font_get_glyph_h_advance")
        lookupCount = try symbol(h, "hb_ot_layout_table_get_lookup_count")
        lookupCollectGlyphs = try symbol(h, "hb_ot_layout_lookup_collect_glyphs")
        glyphClass = try symbol(h, "hb_ot_layout_get_glyph_class")
        setCreate = try symbol(h, "hb_set_create")
        setDestroy = try symbol(h, "hb_set_destroy")
        setClear = try symbol(h, "hb_set_clear")
        setHas = try symbol(h, "hb_set_has")
        if let funcs = unicodeFuncsDefault() {
            let script = unicodeScript
            lowScripts = (0..<0x800).map { script(funcs, UInt32($0)) }
        } else {
            lowScripts = []
        }
    }
}

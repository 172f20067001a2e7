import CHarfBuzz
import CUnibreak

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HarfBuzz and libunibreak, opened the first time text is shaped or broken
/// into lines rather than linked: HarfBuzz brings GLib, graphite2 and PCRE
/// with it, and mapping them cost every `list-fonts` and `scale` run 2 MiB of
/// memory and a third of a millisecond of start-up for libraries they never
/// call. The headers still come from the systemLibrary targets; only the
/// functions below are looked up, each with the C signature it has there.
struct ShapingLibraries: @unchecked Sendable {
    let blobCreateFromFile: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    let blobDestroy: @convention(c) (OpaquePointer?) -> Void
    let faceCreate: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
    let faceDestroy: @convention(c) (OpaquePointer?) -> Void
    let faceGlyphCount: @convention(c) (OpaquePointer?) -> UInt32
    let faceUnitsPerEm: @convention(c) (OpaquePointer?) -> UInt32
    let fontCreate: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let fontDestroy: @convention(c) (OpaquePointer?) -> Void
    let fontSetScale: @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    let fontSetNamedInstance: @convention(c) (OpaquePointer?, UInt32) -> Void
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
    let initLinebreak: @convention(c) () -> Void
    let setLinebreaksUTF8:
        @convention(c) (UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?)
            -> Void

    /// The libraries, loaded once (Swift initializes a static once, under a
    /// lock), or why they could not be.
    static let shared: Result<ShapingLibraries, RegistryError> = load()

    private static func load() -> Result<ShapingLibraries, RegistryError> {
        // The sonames Debian ships (libharfbuzz0b, libunibreak1; newer
        // releases have libunibreak5), then the development links.
        guard let harfbuzz = open(["libharfbuzz.so.0", "libharfbuzz.so"]) else {
            return .failure(.libraryUnavailable(name: "HarfBuzz (libharfbuzz.so.0)", package: "libharfbuzz0b"))
        }
        guard let unibreak = open(["libunibreak.so.5", "libunibreak.so.1", "libunibreak.so"]) else {
            return .failure(.libraryUnavailable(name: "libunibreak (libunibreak.so.1)", package: "libunibreak1"))
        }
        var missing: [String] = []
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as type: T.Type) -> T? {
            guard let address = dlsym(handle, name) else {
                missing.append(name)
                return nil
            }
            return unsafeBitCast(address, to: type)
        }
        let h = harfbuzz
        guard
            let blobCreateFromFile = symbol(
                h, "hb_blob_create_from_file_or_fail",
                as: (@convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?).self),
            let blobDestroy = symbol(h, "hb_blob_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let faceCreate = symbol(
                h, "hb_face_create", as: (@convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?).self),
            let faceDestroy = symbol(h, "hb_face_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let faceGlyphCount = symbol(
                h, "hb_face_get_glyph_count", as: (@convention(c) (OpaquePointer?) -> UInt32).self),
            let faceUnitsPerEm = symbol(h, "hb_face_get_upem", as: (@convention(c) (OpaquePointer?) -> UInt32).self),
            let fontCreate = symbol(h, "hb_font_create", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            let fontDestroy = symbol(h, "hb_font_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let fontSetScale = symbol(
                h, "hb_font_set_scale", as: (@convention(c) (OpaquePointer?, Int32, Int32) -> Void).self),
            let fontSetNamedInstance = symbol(
                h, "hb_font_set_var_named_instance", as: (@convention(c) (OpaquePointer?, UInt32) -> Void).self),
            let bufferCreate = symbol(h, "hb_buffer_create", as: (@convention(c) () -> OpaquePointer?).self),
            let bufferDestroy = symbol(h, "hb_buffer_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let bufferClear = symbol(h, "hb_buffer_clear_contents", as: (@convention(c) (OpaquePointer?) -> Void).self),
            let bufferAddUTF8 = symbol(
                h, "hb_buffer_add_utf8",
                as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UInt32, Int32) -> Void).self),
            let bufferSetScript = symbol(
                h, "hb_buffer_set_script", as: (@convention(c) (OpaquePointer?, hb_script_t) -> Void).self),
            let bufferSetDirection = symbol(
                h, "hb_buffer_set_direction", as: (@convention(c) (OpaquePointer?, hb_direction_t) -> Void).self),
            let bufferSetLanguage = symbol(
                h, "hb_buffer_set_language", as: (@convention(c) (OpaquePointer?, OpaquePointer?) -> Void).self),
            let bufferSetClusterLevel = symbol(
                h, "hb_buffer_set_cluster_level",
                as: (@convention(c) (OpaquePointer?, hb_buffer_cluster_level_t) -> Void).self),
            let shape = symbol(
                h, "hb_shape",
                as: (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<hb_feature_t>?, UInt32) -> Void).self
            ),
            let glyphInfos = symbol(
                h, "hb_buffer_get_glyph_infos",
                as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<
                    hb_glyph_info_t
                >?).self),
            let glyphPositions = symbol(
                h, "hb_buffer_get_glyph_positions",
                as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<
                    hb_glyph_position_t
                >?).self),
            let languageFromString = symbol(
                h, "hb_language_from_string", as: (@convention(c) (UnsafePointer<CChar>?, Int32) -> OpaquePointer?).self
            ),
            let languageDefault = symbol(h, "hb_language_get_default", as: (@convention(c) () -> OpaquePointer?).self),
            let scriptDirection = symbol(
                h, "hb_script_get_horizontal_direction", as: (@convention(c) (hb_script_t) -> hb_direction_t).self),
            let unicodeFuncsDefault = symbol(
                h, "hb_unicode_funcs_get_default", as: (@convention(c) () -> OpaquePointer?).self),
            let unicodeScript = symbol(
                h, "hb_unicode_script", as: (@convention(c) (OpaquePointer?, UInt32) -> hb_script_t).self),
            let initLinebreak = symbol(unibreak, "init_linebreak", as: (@convention(c) () -> Void).self),
            let setLinebreaksUTF8 = symbol(
                unibreak, "set_linebreaks_utf8",
                as: (@convention(c) (UnsafePointer<UInt8>?, Int, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?) ->
                    Void).self)
        else {
            return .failure(
                .libraryUnavailable(
                    name: "a shaping function (\(missing.joined(separator: ", ")))", package: "libharfbuzz0b"))
        }
        initLinebreak()
        return .success(
            ShapingLibraries(
                blobCreateFromFile: blobCreateFromFile, blobDestroy: blobDestroy, faceCreate: faceCreate,
                faceDestroy: faceDestroy, faceGlyphCount: faceGlyphCount, faceUnitsPerEm: faceUnitsPerEm,
                fontCreate: fontCreate, fontDestroy: fontDestroy, fontSetScale: fontSetScale,
                fontSetNamedInstance: fontSetNamedInstance, bufferCreate: bufferCreate, bufferDestroy: bufferDestroy,
                bufferClear: bufferClear, bufferAddUTF8: bufferAddUTF8, bufferSetScript: bufferSetScript,
                bufferSetDirection: bufferSetDirection, bufferSetLanguage: bufferSetLanguage,
                bufferSetClusterLevel: bufferSetClusterLevel, shape: shape, glyphInfos: glyphInfos,
                glyphPositions: glyphPositions, languageFromString: languageFromString,
                languageDefault: languageDefault,
                scriptDirection: scriptDirection, unicodeFuncsDefault: unicodeFuncsDefault,
                unicodeScript: unicodeScript,
                initLinebreak: initLinebreak, setLinebreaksUTF8: setLinebreaksUTF8))
    }

    private static func open(_ names: [String]) -> UnsafeMutableRawPointer? {
        for name in names {
            // RTLD_NOW: a missing symbol fails here, not mid-shaping.
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
        }
        return nil
    }
}

import CFontconfig
import TypefitCore

/// An owned fontconfig configuration (every `Fc*` call of typefit is in this
/// file).
final class FontconfigConfig {
    let handle: OpaquePointer

    /// Takes ownership of a configuration reference; released in `deinit`.
    private init(takingOwnershipOf handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { FcConfigDestroy(handle) }

    /// The system configuration (`FONTCONFIG_FILE` and friends respected),
    /// fonts loaded from the cache.
    static func system() throws(RegistryError) -> FontconfigConfig {
        // FcInitLoadConfigAndFonts hands back a new reference we own.
        guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigUnavailable }
        return FontconfigConfig(takingOwnershipOf: config)
    }

    /// A configuration read from `path` only, for tests and for users who
    /// keep a private font setup.
    static func load(path: String) throws(RegistryError) -> FontconfigConfig {
        guard let config = FcConfigCreate() else { throw .fontconfigUnavailable }
        let owned = FontconfigConfig(takingOwnershipOf: config)
        let loaded = path.withCString { cPath in
            cPath.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
                FcConfigParseAndLoad(config, $0, FcTrue)
            }
        }
        guard loaded == FcTrue else { throw .configurationUnreadable(path: path) }
        guard FcConfigBuildFonts(config) == FcTrue else { throw .fontconfigUnavailable }
        return owned
    }

    /// Every installed face. The corresponding C function is `FcFontList`.
    func listFaces() throws(RegistryError) -> [RawFace] {
        guard let pattern = FcPatternCreate() else { throw .listingFailed }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { throw .listingFailed }
        defer { FcObjectSetDestroy(objects) }
        for name in RawFace.objectNames {
            _ = FcObjectSetAdd(objects, name)
        }
        guard let set = FcFontList(handle, pattern, objects) else { throw .listingFailed }
        defer { FcFontSetDestroy(set) }
        return RawFace.read(set)
    }
}

/// Queries a font file that need not be installed, as `fc-scan` does.
/// Returns its faces, or an empty array when fontconfig reads no face.
/// The corresponding C function is `FcFreeTypeQueryAll`.
func queryFontFile(_ path: String) -> [RawFace] {
    guard let set = FcFontSetCreate() else { return [] }
    defer { FcFontSetDestroy(set) }
    let faceCount = path.withCString { cPath in
        cPath.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
            // An id of -1 (all bits set) asks for every face and named instance.
            FcFreeTypeQueryAll($0, UInt32.max, nil, nil, set)
        }
    }
    guard faceCount > 0 else { return [] }
    return RawFace.read(set)
}

/// What fontconfig says about one face, copied out of its pattern before the
/// font set that owns the pattern is destroyed.
struct RawFace {
    static let objectNames = ["family", "familylang", "style", "postscriptname", "file", "index",
                              "weight", "slant", "variable", "fontformat"]

    var families: [String] = []
    var familyLanguages: [String] = []
    var style: String?
    var postscriptName: String?
    var file: String?
    var index = 0
    var weight: Int?
    var weightRange: ClosedRange<Int>?
    var slant = 0
    var isVariable = false
    var format: String?

    static func read(_ set: UnsafeMutablePointer<FcFontSet>) -> [RawFace] {
        let count = Int(set.pointee.nfont)
        guard count > 0, let fonts = set.pointee.fonts else { return [] }
        var faces: [RawFace] = []
        faces.reserveCapacity(count)
        for i in 0..<count {
            guard let pattern = fonts[i] else { continue }
            faces.append(RawFace(pattern))
        }
        return faces
    }

    init(_ pattern: OpaquePointer) {
        families = Self.strings(pattern, "family")
        familyLanguages = Self.strings(pattern, "familylang")
        style = Self.string(pattern, "style", 0)
        postscriptName = Self.string(pattern, "postscriptname", 0)
        file = Self.string(pattern, "file", 0)
        var integer: Int32 = 0
        if FcPatternGetInteger(pattern, "index", 0, &integer) == FcResultMatch { index = Int(integer) }
        if FcPatternGetInteger(pattern, "slant", 0, &integer) == FcResultMatch { slant = Int(integer) }
        var flag: FcBool = FcFalse
        if FcPatternGetBool(pattern, "variable", 0, &flag) == FcResultMatch { isVariable = flag == FcTrue }
        format = Self.string(pattern, "fontformat", 0)
        readWeight(pattern)
    }

    /// Weight may be an integer, a double or (for a variable face) a range;
    /// fontconfig's scale (regular 80, bold 200) becomes OpenType's.
    private mutating func readWeight(_ pattern: OpaquePointer) {
        var value = FcValue()
        guard FcPatternGet(pattern, "weight", 0, &value) == FcResultMatch else { return }
        switch value.type {
        case FcTypeInteger:
            weight = Self.openType(Double(value.u.i))
        case FcTypeDouble:
            weight = Self.openType(value.u.d)
        case FcTypeRange:
            var low = 0.0, high = 0.0
            if let range = value.u.r, FcRangeGetDouble(range, &low, &high) == FcTrue {
                weightRange = Self.openType(low)...max(Self.openType(low), Self.openType(high))
            }
        default:
            break
        }
    }

    private static func openType(_ fontconfigWeight: Double) -> Int {
        Int(FcWeightToOpenTypeDouble(fontconfigWeight).rounded())
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var pointer: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &pointer) == FcResultMatch, let pointer else { return nil }
        // Copy now: the bytes belong to the pattern. Invalid UTF-8 is repaired
        // rather than dropped, so a face is never lost over its name.
        return pointer.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }

    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        while let value = string(pattern, object, n) {
            values.append(value)
            n += 1
        }
        return values
    }
}

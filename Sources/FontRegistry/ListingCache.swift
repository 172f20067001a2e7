import TypefitCore

/// A cache of the installed-font listing, so that a build script calling
/// `typefit list-fonts` many times pays for fontconfig's configuration
/// parsing once.
///
/// It is valid exactly as long as fontconfig's own view would be the same:
/// every font directory fontconfig scanned, every configuration file and
/// directory it read, and the usual user configuration places, each with its
/// modification time (a directory's mtime changes when a font is added or
/// removed, which is also what fontconfig's own cache checks). The file name
/// carries a hash of everything else that steers fontconfig (FONTCONFIG_FILE,
/// FONTCONFIG_PATH, FONTCONFIG_SYSROOT, HOME, XDG_* and the configuration
/// file typefit was given).
struct ListingCache {
    let path: String

    init(directory: String, configFile: String?) {
        var key = "typefit-listing\u{0}\(configFile ?? "-")"
        for name in Self.environmentKeys {
            key += "\u{0}\(name)=\(SystemCalls.environment(name) ?? "-")"
        }
        path = directory + "/fonts-" + Self.hash(key) + ".cache"
    }

    static let environmentKeys = [
        "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME",
        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CACHE_HOME",
    ]

    /// The cached faces when every validator still holds.
    func load() -> [FontFace]? {
        guard let bytes = SystemCalls.readFile(path),
            let (validators, faces) = FaceListingCodec.decode(bytes),
            !validators.isEmpty
        else { return nil }
        for validator in validators where SystemCalls.modificationStamp(validator.path) != validator.stamp {
            return nil
        }
        return faces
    }

    /// Stores `faces` with what they depend on. Skipped when anything changed
    /// while fontconfig was reading (a stamp newer than `startedAt` less a
    /// margin): a font copied in during the scan must not be cached away.
    func store(
        _ faces: [FontFace], dependencies: (fontDirectories: [String], configuration: [String]),
        startedAt: Int64
    ) {
        // Create the cache's directory before taking stamps: creating it may
        // change the mtime of a directory the listing depends on.
        if let slash = path.lastIndex(of: "/") { SystemCalls.makeDirectories(String(path[..<slash])) }
        var paths = dependencies.fontDirectories + dependencies.configuration
        let home = SystemCalls.environment("HOME")
        let configHome = SystemCalls.environment("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        if let configHome { paths += [configHome + "/fontconfig/fonts.conf", configHome + "/fontconfig/conf.d"] }
        if let home { paths += [home + "/.fonts.conf", home + "/.fonts.conf.d"] }
        // A new file beside a configuration file (an include that was
        // missing) changes its directory's mtime. Font directories need no
        // such check: a missing one is recorded as missing.
        paths += dependencies.configuration.compactMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } }
        var seen = Set<String>()
        var validators: [CacheValidator] = []
        for path in paths where !path.isEmpty && seen.insert(path).inserted {
            let stamp = SystemCalls.modificationStamp(path)
            if let stamp, stamp > startedAt - 2_000_000_000 { return }
            validators.append(CacheValidator(path: path, stamp: stamp))
        }
        let text = FaceListingCodec.encode(validators: validators, faces: faces)
        SystemCalls.writeCreatingFolders(Array(text.utf8), to: path)
    }

    /// FNV-1a, 64 bits, as hex: a stable file name, not a security measure.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

import CFontconfig
import Synchronization
import TypefitCore

/// An owned fontconfig configuration (every `Fc*` call of typefit is in this
/// file).
///
/// `@unchecked Sendable`: fontconfig's configuration is read-only once
/// loaded, and read from several threads while a listing names its faces;
/// `destroy()` is called once those readers are done.
final class FontconfigConfig: @unchecked Sendable {
    let handle: OpaquePointer
    private var isDestroyed = false

    /// Takes ownership of a configuration reference; released in `deinit`
    /// unless `destroy()` released it first.
    private init(takingOwnershipOf handle: OpaquePointer) {
        self.handle = handle
    }

    deinit { destroy() }

    /// Releases the configuration now (its caches unmapped, its patterns
    /// freed); nothing may use it afterwards. Called from one thread.
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        FcConfigDestroy(handle)
    }

    /// The system configuration (`FONTCONFIG_FILE` and friends respected),
    /// fonts loaded from the cache.
    static func system() throws(RegistryError) -> FontconfigConfig {
        // FcInitLoadConfigAndFonts hands back a new reference we own.
        guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigUnavailable }
        return FontconfigConfig(takingOwnershipOf: config)
    }

    /// The configuration fallbacks are sorted in: the installed fonts' (from
    /// `fonts.configFile`, else the system's) or, without installed fonts,
    /// an empty one; with `fonts.files` added as application fonts.
    /// `FcConfigAppFontAddFile` reads each file and writes no cache (adding
    /// a folder would write one outside the tree). The corresponding C
    /// functions are `FcConfigCreate` and `FcConfigAppFontAddFile`.
    static func forFallback(_ fonts: FallbackFonts) throws(RegistryError) -> FontconfigConfig {
        let config: FontconfigConfig
        if fonts.installed {
            if let path = fonts.configFile { config = try load(path: path) } else { config = try system() }
        } else {
            guard let handle = FcConfigCreate() else { throw .fontconfigUnavailable }
            config = FontconfigConfig(takingOwnershipOf: handle)
        }
        for file in fonts.files {
            _ = file.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: file.utf8.count + 1) {
                    FcConfigAppFontAddFile(config.handle, $0)
                }
            }
        }
        return config
    }

    /// `forFallback`, loaded once per process for the same fonts (the
    /// last asked for kept): every measurer falls back through it, and
    /// fit's workers open a measurer per face of the cells (the system
    /// font's Text and Display files each), where loading the installed
    /// fonts' configuration cost some 15 ms each. Shared between threads
    /// as a listing shares its configuration: read-only once made.
    static func sharedForFallback(_ fonts: FallbackFonts) throws(RegistryError) -> FontconfigConfig {
        try fallbackConfigs.withLock { (last: inout LastConfig?) throws(RegistryError) in
            if let last, last.fonts == fonts { return last.config }
            let config = try forFallback(fonts)
            last = (fonts, config)
            return config
        }
    }

    private typealias LastConfig = (fonts: FallbackFonts, config: FontconfigConfig)
    private static let fallbackConfigs = Mutex<LastConfig?>(nil)

    /// A configuration read from `path` only, for tests and for users who
    /// keep a private font setup.
    static func load(path given: String) throws(RegistryError) -> FontconfigConfig {
        // fontconfig would print its own complaint to stderr first; say it once.
        guard SystemCalls.kind(given) == .regular, SystemCalls.isReadable(given) else {
            throw .configurationUnreadable(path: given)
        }
        // fontconfig looks for a relative name in its own configuration
        // folder, not the working folder the user typed it in.
        let path = SystemCalls.absolutePath(given)
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

    /// What a cached listing depends on: the font directories fontconfig
    /// scanned (subdirectories included, missing ones too) and the
    /// configuration files and directories it read. The corresponding C
    /// functions are `FcConfigGetFontDirs`, `FcConfigGetConfigDirs` and
    /// `FcConfigGetConfigFiles`.
    typealias Dependencies = (fontDirectories: [String], configuration: [String])

    func dependencies() -> Dependencies {
        (
            strings(FcConfigGetFontDirs(handle)),
            strings(FcConfigGetConfigDirs(handle)) + strings(FcConfigGetConfigFiles(handle))
        )
    }

    private func strings(_ list: OpaquePointer?) -> [String] {
        guard let list else { return [] }
        defer { FcStrListDone(list) }
        var values: [String] = []
        while let item = FcStrListNext(list) {
            values.append(item.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) })
        }
        return values
    }

    /// Every installed face's pattern: the configuration's own font sets
    /// (system fonts, then fonts the application added), read in place.
    /// `fc-list` asks `FcFontList`, which copies every pattern with the
    /// asked elements and removes duplicates through a hash table: a third
    /// of a cold listing's instructions, for a result that differs only
    /// when two faces are identical in every element (typefit's catalog
    /// merges those anyway). `<rejectfont>` rules were applied when the
    /// sets were built. The patterns belong to the configuration: read
    /// them while it lives (`RawFace` copies what it needs), never free
    /// them. The corresponding C function is `FcConfigGetFonts`.
    func patterns() throws(RegistryError) -> [FontPattern] {
        var listed = false
        var patterns: [FontPattern] = []
        for set in [FcSetSystem, FcSetApplication] {
            guard let fonts = FcConfigGetFonts(handle, set) else { continue }
            listed = true
            let count = Int(fonts.pointee.nfont)
            guard count > 0, let list = fonts.pointee.fonts else { continue }
            patterns.reserveCapacity(patterns.count + count)
            for i in 0..<count { if let pattern = list[i] { patterns.append(FontPattern(pointer: pattern)) } }
        }
        guard listed else { throw .listingFailed }
        return patterns
    }
}

/// fontconfig's caches of font folders, read without the configuration
/// that lists those folders: through a configuration that names only the
/// cache folders, which fontconfig parses in microseconds where the
/// system's takes milliseconds. fontconfig keeps one mapping per cache file
/// for the whole process (`FcCacheFindByStat`), so while these caches are
/// held a configuration loaded beside them lists the very same patterns, at
/// the same addresses (`EarlyNaming`). Nothing is scanned or written: a
/// folder without a valid cache is passed over.
///
/// `@unchecked Sendable`: made and read on one thread, then released on
/// another once that thread is done.
final class FontconfigCaches: @unchecked Sendable {
    private let config: OpaquePointer
    private var caches: [OpaquePointer] = []

    /// A reader of the caches in `cacheDirectories` (absolute paths; one
    /// with a character XML would need escaped is left out); `nil` when
    /// fontconfig cannot make the configuration. The corresponding C
    /// functions are `FcConfigCreate` and `FcConfigParseAndLoadFromMemory`.
    init?(cacheDirectories: [String]) {
        guard let config = FcConfigCreate() else { return nil }
        let elements = cacheDirectories.filter { path in
            path.hasPrefix("/") && !path.utf8.contains { "<>&\"'".utf8.contains($0) || $0 < 0x20 }
        }.map { "<cachedir>\($0)</cachedir>" }
        let document = "<fontconfig>" + elements.joined() + "</fontconfig>"
        let parsed = document.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: document.utf8.count + 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcFalse)
            }
        }
        guard parsed == FcTrue else {
            FcConfigDestroy(config)
            return nil
        }
        self.config = config
    }

    deinit {
        for cache in caches { FcDirCacheUnload(cache) }
        FcConfigDestroy(config)
    }

    /// The faces in the cache of `folder` and the subfolders it records
    /// (as fontconfig's own listing descends them), the cache held until
    /// this reader is released; `nil` when no cache folder has a valid
    /// cache of it. The corresponding C functions are `FcDirCacheLoad`,
    /// `FcCacheCopySet`, `FcCacheNumSubdir` and `FcCacheSubdir`.
    func load(_ folder: String) -> (patterns: [FontPattern], subfolders: [String])? {
        let loaded = folder.withCString { path in
            path.withMemoryRebound(to: FcChar8.self, capacity: folder.utf8.count + 1) {
                FcDirCacheLoad($0, config, nil)
            }
        }
        guard let cache = loaded else { return nil }
        caches.append(cache)
        var patterns: [FontPattern] = []
        // A copy of the cache's set whose entries are the cache's own
        // patterns (each referenced, released with the copy).
        if let set = FcCacheCopySet(cache) {
            defer { FcFontSetDestroy(set) }
            let count = Int(set.pointee.nfont)
            if count > 0, let fonts = set.pointee.fonts {
                patterns.reserveCapacity(count)
                for i in 0..<count { if let font = fonts[i] { patterns.append(FontPattern(pointer: font)) } }
            }
        }
        var subfolders: [String] = []
        for i in 0..<max(0, Int(FcCacheNumSubdir(cache))) {
            guard let name = FcCacheSubdir(cache, Int32(i)) else { continue }
            subfolders.append(name.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) })
        }
        return (patterns, subfolders)
    }
}

/// A pattern of a configuration's font set, read-only: safe to read from
/// several threads at once (reading a pattern changes nothing in it).
struct FontPattern: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Whether the face is an outline font (fontconfig's `scalable`):
    /// bitmap faces are the ones a configuration most often rejects. The
    /// corresponding C function is `FcPatternGetBool`.
    var isScalable: Bool {
        var value: FcBool = FcFalse
        return FcPatternGetBool(pointer, "scalable", 0, &value) == FcResultMatch && value == FcTrue
    }

    /// The face's file, looked up alone (`RawFace` reads every element in
    /// one pass). The corresponding C function is `FcPatternGetString`.
    var file: UnsafePointer<CChar>? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pointer, "file", 0, &value) == FcResultMatch, let value else { return nil }
        return UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self)
    }
}

extension FontconfigConfig {
    /// The face fontconfig would really use for `family` at `weight`
    /// (OpenType scale) and `width` (percentage), upright or italic: what
    /// `fc-match 'Family:weight=W:width=N'` prints, the analogue of the font UIKit falls back
    /// to for a descriptor. The corresponding C functions are
    /// `FcConfigSubstitute`, `FcDefaultSubstitute` and `FcFontMatch`.
    func match(family: String, weight: Int, italic: Bool, width: Int) -> RawFace? {
        bestMatch(family: family) { pattern in
            FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(Double(weight))) == FcTrue
                && FcPatternAddInteger(pattern, "slant", italic ? 100 : 0) == FcTrue  // FC_SLANT_ITALIC, _ROMAN
                && FcPatternAddInteger(pattern, "width", Int32(width)) == FcTrue
        } make: {
            RawFace($0)
        }
    }

    /// The fonts fontconfig would try, best first, for text in `family`
    /// and `language`: the analogue of Core Text's cascade list, each with
    /// the characters it covers and whether it is a colour font. The
    /// corresponding C functions are `FcConfigSubstitute`,
    /// `FcDefaultSubstitute`, `FcFontSort`, `FcPatternGetCharSet` and
    /// `FcCharSetCopy`.
    func cascade(family: String, language: String?, weight: Int? = nil, italic: Bool = false) -> [CascadeFont] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        // FcPatternAdd* copy the values they are given.
        var added = family.withCString { cFamily in
            cFamily.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, "family", $0)
            }
        }
        // FcPatternAddString copies the tag, but fontconfig's language
        // matching (FcLangNormalize, FcLangSetHasLang) reads it with fixed
        // assumptions; a tag that is not BCP 47 (`LanguageTag.problem`, a
        // caller's miss: readers refuse such tags) is left out, not passed.
        if let language, added == FcTrue, LanguageTag.problem(language) == nil {
            added = language.withCString { cLanguage in
                cLanguage.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                    FcPatternAddString(pattern, "lang", $0)
                }
            }
        }
        // At the face's weight and slant: a bold run falls back to the
        // bold face of the fallback family (`fc-match -s 'F:weight=200'`).
        if let weight, added == FcTrue {
            added = FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(Double(weight)))
        }
        if italic, added == FcTrue { added = FcPatternAddInteger(pattern, "slant", 100) }
        guard added == FcTrue, FcConfigSubstitute(handle, pattern, FcMatchPattern) == FcTrue else { return [] }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        // FcFontSort returns a new set the caller owns; trimmed, it drops
        // fonts that add no coverage to those before them.
        guard let set = FcFontSort(handle, pattern, FcTrue, nil, &result), result == FcResultMatch else { return [] }
        defer { FcFontSetDestroy(set) }
        var fonts: [CascadeFont] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let cascadeFont = CascadeFont(font) else { continue }
            fonts.append(cascadeFont)
        }
        return fonts
    }

    /// `FcFontMatch` for a pattern of `family` that `configure` completes,
    /// after the configuration's and the default substitutions; what
    /// `make` makes of the match (`nil`: refused). The corresponding C
    /// functions are `FcConfigSubstitute`, `FcDefaultSubstitute` and
    /// `FcFontMatch`.
    private func bestMatch<Result>(
        family: String, configure: (OpaquePointer) -> Bool, make: (OpaquePointer) -> Result?
    ) -> Result? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        // FcPatternAdd* copy the values they are given.
        let added = family.withCString { cFamily in
            cFamily.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) {
                FcPatternAddString(pattern, "family", $0)
            }
        }
        guard added == FcTrue, configure(pattern), FcConfigSubstitute(handle, pattern, FcMatchPattern) == FcTrue
        else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        // FcFontMatch returns a new pattern that the caller owns.
        guard let matched = FcFontMatch(handle, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(matched) }
        return make(matched)
    }

    /// The face of `family` itself (never a substitute fontconfig puts in
    /// its place) nearest `weight` and the slant, as a cascade font: iOS's
    /// face for a script, or its open stand-in (`IOSCascade`).
    func familyFace(_ family: String, weight: Int?, italic: Bool) -> CascadeFont? {
        bestMatch(family: family) { pattern in
            (weight.map { FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(Double($0))) == FcTrue }
                ?? true) && FcPatternAddInteger(pattern, "slant", italic ? 100 : 0) == FcTrue
        } make: { matched in
            guard let font = CascadeFont(matched),
                font.raw.families.contains(where: { $0.lowercased() == family.lowercased() })
            else { return nil }
            return font
        }
    }
}

/// A font of a fallback cascade: how fontconfig describes it, and what it
/// covers.
struct CascadeFont {
    var raw: RawFace
    /// Its charset and colour flag: all the fallback segmenter asks of it
    /// (a reference, where the description is copied whole).
    var coverage: CascadeCoverage

    /// The font fontconfig describes in `pattern`, with its charset (the
    /// pattern's, copied: a new reference) and colour flag; `nil` without
    /// a charset. The corresponding C functions are `FcPatternGetCharSet`,
    /// `FcCharSetCopy` and `FcPatternGetBool`.
    init?(_ pattern: OpaquePointer) {
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, "charset", 0, &charset) == FcResultMatch, let charset,
            let owned = FcCharSetCopy(charset)
        else { return nil }
        var color: FcBool = FcFalse
        _ = FcPatternGetBool(pattern, "color", 0, &color)
        raw = RawFace(pattern)
        coverage = CascadeCoverage(charset: OwnedCharSet(owned), isColor: color == FcTrue)
    }
}

/// What a cascade font covers, as the fallback segmenter asks it: its
/// charset and whether it is a colour font.
struct CascadeCoverage: FallbackCandidate {
    let charset: OwnedCharSet
    let isColor: Bool

    /// Whether the font has every one of `characters`.
    func covers(_ characters: [UInt32]) -> Bool {
        characters.allSatisfy { FcCharSetHasChar(charset.handle, $0) == FcTrue }
    }
}

/// An `FcCharSet` reference this process owns, released once.
final class OwnedCharSet {
    let handle: OpaquePointer
    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { FcCharSetDestroy(handle) }
}

/// Queries a font file that need not be installed, as `fc-scan` does,
/// handing each face to `body`. Returns how many faces fontconfig read (0
/// when it reads none). The corresponding C function is
/// `FcFreeTypeQueryAll`.
func queryFontFile(_ path: String, _ body: (RawFace) -> Void) -> Int {
    guard let set = FcFontSetCreate() else { return 0 }
    defer { FcFontSetDestroy(set) }
    let faceCount = path.withCString { cPath in
        cPath.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) {
            // An id of -1 (all bits set) asks for every face and named instance.
            FcFreeTypeQueryAll($0, UInt32.max, nil, nil, set)
        }
    }
    guard faceCount > 0 else { return 0 }
    return RawFace.read(set, body)
}

/// What fontconfig says about one face, copied out of its pattern before the
/// font set that owns the pattern is destroyed.
struct RawFace: Sendable {
    var families: [String] = []
    /// Which families are English (their `familylang`); the tags themselves
    /// are never made into strings.
    var familyEnglish = EnglishPositions()
    var style: String?
    /// Every style name and which are English (fontconfig's order).
    var styles: [String] = []
    var styleEnglish = EnglishPositions()
    /// Full names (name ID 4) and which are English.
    var fullNames: [String] = []
    var fullNameEnglish = EnglishPositions()
    var postscriptName: String?
    var file: String?
    var index = 0
    var weight: Int?
    var weightRange: ClosedRange<Int>?
    /// fontconfig's width is already CSS's percentage (100 normal).
    var width: Int?
    var widthRange: ClosedRange<Int>?
    var slant = 0
    var isVariable = false
    var format: String?

    /// Reads and empties a font set the caller owns (a file's faces, as
    /// `fc-scan` reads them), handing each face to `body`: each pattern is
    /// destroyed as soon as it is copied, so the Swift strings reuse its
    /// memory instead of growing the heap.
    /// The set itself is still the caller's to destroy; it is left with no
    /// fonts. Returns how many faces were read.
    @discardableResult
    static func read(_ set: UnsafeMutablePointer<FcFontSet>, _ body: (RawFace) -> Void) -> Int {
        let count = Int(set.pointee.nfont)
        guard count > 0, let fonts = set.pointee.fonts else { return 0 }
        var read = 0
        var names = ObjectNames()
        for i in 0..<count {
            guard let pattern = fonts[i] else { continue }
            body(RawFace(pattern, names: &names))
            FcPatternDestroy(pattern)
            fonts[i] = nil
            read += 1
        }
        set.pointee.nfont = 0
        return read
    }

    /// Reads every element of the pattern in one pass with fontconfig's
    /// pattern iterator: looking elements up by name costs a hash lookup
    /// each, which on a system with thousands of faces cost more than
    /// fontconfig's own listing.
    init(_ pattern: OpaquePointer) {
        var names = ObjectNames()
        self.init(pattern, names: &names)
    }

    /// `init(_:)` with the elements' names recognised through `names`, which
    /// a caller reading many patterns keeps from one to the next.
    init(_ pattern: OpaquePointer, names: inout ObjectNames) {
        var iterator = FcPatternIter()
        // FcPatternIterNext reports the end; FcPatternIterIsValid stays true
        // on the last element in 2.14, so it cannot drive the loop.
        FcPatternIterStart(pattern, &iterator)
        var more = FcPatternIterIsValid(pattern, &iterator)
        while more == FcTrue {
            defer { more = FcPatternIterNext(pattern, &iterator) }
            guard let object = FcPatternIterGetObject(pattern, &iterator) else { continue }
            // Half of a pattern's elements (charset, lang, capability …)
            // are not read: skipped before their values are asked for.
            let element = names.element(object)
            guard element != .other else { continue }
            // The first value, or none: only the string lists are counted
            // (`FcPatternIterValueCount` walks the list), to size them.
            var value = FcValue()
            guard FcPatternIterGetValue(pattern, &iterator, 0, &value, nil) == FcResultMatch else { continue }
            switch element {
            case .family:
                families = Self.strings(pattern, &iterator, first: value)
            case .familyLanguage:
                familyEnglish = Self.english(pattern, &iterator, first: value)
            case .style:
                styles = Self.strings(pattern, &iterator, first: value)
                style = value.type == FcTypeString ? styles.first : nil
            case .styleLanguage: styleEnglish = Self.english(pattern, &iterator, first: value)
            case .fullName: fullNames = Self.strings(pattern, &iterator, first: value)
            case .fullNameLanguage: fullNameEnglish = Self.english(pattern, &iterator, first: value)
            case .postscriptName: postscriptName = Self.string(value)
            case .file: file = Self.string(value)
            case .index: if value.type == FcTypeInteger { index = Int(value.u.i) }
            case .slant: if value.type == FcTypeInteger { slant = Int(value.u.i) }
            case .variable: if value.type == FcTypeBool { isVariable = value.u.b == FcTrue }
            case .format: format = Self.string(value)
            case .weight: readWeight(value)
            case .width: readWidth(value)
            case .other: break
            }
        }
    }

    /// Which element each object name is, remembered by the name's address:
    /// fontconfig hands out one address per object for the life of the
    /// process (its table of names is never freed; typefit never calls
    /// `FcFini`), and comparing names was a fifth of reading a pattern.
    struct ObjectNames {
        private var addresses = [UnsafePointer<CChar>?](repeating: nil, count: 64)
        private var elements = [Element](repeating: .other, count: 64)

        fileprivate mutating func element(_ name: UnsafePointer<CChar>) -> Element {
            // Any slot would be right (a collision only costs a compare
            // again); the address's middle bits spread a table's names.
            let slot = Int(truncatingIfNeeded: UInt(bitPattern: name) >> 3) & 63
            if addresses[slot] == name { return elements[slot] }
            let element = Element(name)
            addresses[slot] = name
            elements[slot] = element
            return element
        }
    }

    /// The pattern elements typefit reads, recognised from fontconfig's
    /// object name without building a Swift string.
    fileprivate enum Element {
        case family, familyLanguage, style, styleLanguage, fullName, fullNameLanguage, postscriptName, file, index
        case slant, variable, format, weight, width, other

        init(_ name: UnsafePointer<CChar>) {
            // Dispatch on the first letter, then one strcmp: a pattern has
            // a dozen or more elements and a listing thousands of patterns.
            // Swift passes each literal to strcmp without copying it.
            func matches(_ literal: String) -> Bool { strcmp(name, literal) == 0 }
            switch UInt8(bitPattern: name[0]) {
            case UInt8(ascii: "f"):
                if matches("family") {
                    self = .family
                } else if matches("familylang") {
                    self = .familyLanguage
                } else if matches("file") {
                    self = .file
                } else if matches("fontformat") {
                    self = .format
                } else if matches("fullname") {
                    self = .fullName
                } else if matches("fullnamelang") {
                    self = .fullNameLanguage
                } else {
                    self = .other
                }
            case UInt8(ascii: "s"):
                self =
                    matches("style")
                    ? .style : matches("slant") ? .slant : matches("stylelang") ? .styleLanguage : .other
            case UInt8(ascii: "p"): self = matches("postscriptname") ? .postscriptName : .other
            case UInt8(ascii: "i"): self = matches("index") ? .index : .other
            case UInt8(ascii: "v"): self = matches("variable") ? .variable : .other
            case UInt8(ascii: "w"): self = matches("weight") ? .weight : matches("width") ? .width : .other
            default: self = .other
            }
        }
    }

    /// Weight may be an integer, a double or (for a variable face) a range;
    /// fontconfig's scale (regular 80, bold 200) becomes OpenType's.
    private mutating func readWeight(_ value: FcValue) {
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

    /// Width may be an integer, a double (87.5 from a 'wdth' instance) or a
    /// range; typefit rounds it to a whole percentage.
    private mutating func readWidth(_ value: FcValue) {
        switch value.type {
        case FcTypeInteger:
            width = Int(value.u.i)
        case FcTypeDouble:
            width = Int(value.u.d.rounded())
        case FcTypeRange:
            var low = 0.0, high = 0.0
            if let range = value.u.r, FcRangeGetDouble(range, &low, &high) == FcTrue {
                widthRange = Int(low.rounded())...max(Int(low.rounded()), Int(high.rounded()))
            }
        default:
            break
        }
    }

    private static func openType(_ fontconfigWeight: Double) -> Int {
        fontconfigWeightToOpenType(fontconfigWeight)
    }

    /// A string value, copied now: the bytes belong to the pattern. Invalid
    /// UTF-8 is repaired rather than dropped, so a face is never lost over
    /// its name.
    private static func string(_ value: FcValue) -> String? {
        guard value.type == FcTypeString, let pointer = value.u.s else { return nil }
        return pointer.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }

    /// The positions of a language list's English tags, read from
    /// fontconfig's bytes, asked for by number until fontconfig has none
    /// (`FcResultNoId`).
    private static func english(
        _ pattern: OpaquePointer, _ iterator: inout FcPatternIter, first: FcValue
    ) -> EnglishPositions {
        var english = EnglishPositions()
        var value = first
        var id: Int32 = 0
        repeat {
            if value.type == FcTypeString, let tag = value.u.s, CoreTextNaming.isEnglish(cString: tag) {
                english.insert(Int(id))
            }
            id += 1
        } while FcPatternIterGetValue(pattern, &iterator, id, &value, nil) == FcResultMatch
        return english
    }

    /// The string values of the element under the iterator, `first`
    /// among them (a value of another type is skipped).
    private static func strings(_ pattern: OpaquePointer, _ iterator: inout FcPatternIter, first: FcValue) -> [String] {
        let count = FcPatternIterValueCount(pattern, &iterator)
        var values: [String] = []
        values.reserveCapacity(Int(count))
        if let value = string(first) { values.append(value) }
        var value = FcValue()
        for id in 1..<max(1, count) where FcPatternIterGetValue(pattern, &iterator, id, &value, nil) == FcResultMatch {
            if let text = string(value) { values.append(text) }
        }
        return values
    }
}

/// fontconfig's weight scale (regular 80, bold 200) on OpenType's.
func fontconfigWeightToOpenType(_ weight: Double) -> Int {
    Int(FcWeightToOpenTypeDouble(weight).rounded())
}

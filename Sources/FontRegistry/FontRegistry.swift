import Dispatch
import TypefitCore

/// The fonts a machine has, and font files it has not installed, as plain
/// Swift values. This module is the only one that touches fontconfig and
/// FreeType.
public struct FontRegistry: Sendable {
    /// A fontconfig configuration file to use instead of the system's; `nil`
    /// uses the system configuration (which honours `FONTCONFIG_FILE`).
    public var configFile: String?
    /// Where to keep the listing cache; `nil` disables it.
    public var cacheDirectory: String?

    /// Creates a registry. Nothing is loaded until a listing is asked for, so
    /// commands that need no fonts pay nothing for fontconfig.
    public init(configFile: String? = nil, cacheDirectory: String? = nil) {
        self.configFile = configFile
        self.cacheDirectory = cacheDirectory
    }

    /// Every installed face, the analogue of `UIFont.familyNames` with
    /// `fontNames(forFamilyName:)`. Unsorted: `FontCatalog` orders them.
    public func installedFaces() throws(RegistryError) -> [FontFace] {
        try installedListing().faces
    }

    /// The installed faces, whether they came from the listing cache (see
    /// `ListingCache`) rather than from fontconfig, and why a cache that
    /// was there could not be used (cut short, damaged, not a regular file:
    /// for a note under `--verbose`).
    public func installedListing() throws(RegistryError) -> (
        faces: [FontFace], fromCache: Bool, cacheProblem: String?
    ) {
        let cache = cacheDirectory.map { ListingCache(directory: $0, configFile: configFile) }
        var problem: String?
        if let cache {
            switch cache.load() {
            case .faces(let faces): return (faces, true, nil)
            case .miss(let found): problem = found
            }
        }
        let startedAt = SystemCalls.now()
        let (faces, config) = try listFromFontconfig()
        cache?.store(faces, dependencies: config.dependencies(), startedAt: startedAt)
        return (faces, false, problem)
    }

    /// The face fontconfig would use for `family` at `weight` (OpenType
    /// scale): the installed face a missing custom font falls back to, as
    /// `fc-match` reports it, then chosen within the family fontconfig
    /// picked by CSS's order (width first, then style, then weight; see
    /// `FaceMatching`), because fontconfig ranks weight above width and
    /// would take a condensed face of the right weight over a normal one
    /// of the next weight. `nil` when fontconfig matches nothing at all.
    public func fallback(family: String, weight: Int, italic: Bool, width: Int = 100) throws(RegistryError)
        -> FontFace?
    {
        let config = try configuration()
        guard let raw = config.match(family: family, weight: weight, italic: italic, width: width) else { return nil }
        var namer = NameVerifier()
        guard let matched = namer.face(from: raw) else { return nil }
        let familyFaces = FontCatalog.faces(try installedFaces(), inFamily: matched.family)
        return FaceMatching.nearest(to: weight, italic: italic, width: width, among: familyFaces) ?? matched
    }

    private func configuration() throws(RegistryError) -> FontconfigConfig {
        if let configFile { return try FontconfigConfig.load(path: configFile) }
        return try FontconfigConfig.system()
    }

    private func listFromFontconfig() throws(RegistryError) -> ([FontFace], FontconfigConfig) {
        let config = try configuration()
        // Reading patterns and naming faces is a third of a cold listing
        // after fontconfig's own work: shared out in chunks over every core,
        // each face stored at its place in fontconfig's order. Faces whose
        // names take a file's decompressing (a WOFF2 font's Brotli stream)
        // or FreeType (Type 1) go first, one per chunk, so they run beside
        // the rest instead of after it.
        let patterns = try config.patterns()
        let slow = patterns.indices.filter { FileFormats.isSlowToName(patterns[$0].file) }
        let slowSet = Set(slow)
        let order = slow + patterns.indices.filter { !slowSet.contains($0) }
        let chunkSize = 64
        let chunks: [Range<Int>] =
            slow.indices.map { $0..<($0 + 1) }
            + stride(from: slow.count, to: order.count, by: chunkSize).map { $0..<min(order.count, $0 + chunkSize) }
        let results = Slots<FontFace?>(count: patterns.count, initial: nil)
        DispatchQueue.concurrentPerform(iterations: chunks.count) { chunk in
            var namer = NameVerifier()
            for position in chunks[chunk] {
                let index = order[position]
                results.store(namer.face(from: RawFace(patterns[index].pointer)), at: index)
            }
        }
        let faces = withExtendedLifetime(config) { results.take().compactMap { $0 } }
        return (
            FontCatalog.mergingDuplicateFiles(faces, identity: SystemCalls.identity, preferred: Self.preferredPath),
            config
        )
    }

    /// The faces of font files and directories that need not be installed
    /// (an app's `Fonts/` folder). Directories are searched recursively and
    /// every file in them is recognised by content; named files are read
    /// whatever their name. Files that cannot be read as fonts come back as
    /// problems, never as a crash, a hang or a silent omission.
    public static func scan(_ paths: [String]) -> (faces: [FontFace], problems: [ScanProblem], notes: [ScanProblem]) {
        let result = FontScanner.scan(paths)
        return (result.faces, result.problems, result.notes)
    }

    /// Why the fontconfig configuration at `path` cannot be used (it is
    /// missing, not a regular file, or unreadable), or `nil` when it can be
    /// opened.
    public static func configurationProblem(_ path: String) -> String? {
        guard SystemCalls.kind(path) == .regular, SystemCalls.isReadable(path) else {
            return RegistryError.configurationUnreadable(path: path).message
        }
        return nil
    }

    /// `scan`, with the files that gave faces (for `UIAppFonts`).
    public static func scanFiles(_ paths: [String], workers: Int? = nil) -> ScanResult {
        FontScanner.scan(paths, workers: workers ?? FontScanner.workerCount)
    }

    static let fontExtensions: Set<String> = [
        "ttf", "otf", "ttc", "otc", "woff", "woff2", "pfb", "pfa",
        "pcf", "bdf", "dfont", "cff", "t1",
    ]

    static func hasFontExtension(_ name: String) -> Bool {
        var lower = name.lowercased()
        if lower.hasSuffix(".gz") { lower.removeLast(3) }
        guard let dot = lower.lastIndex(of: ".") else { return false }
        return fontExtensions.contains(String(lower[lower.index(after: dot)...]))
    }

    /// Which of two paths to the same file to show: a real file over a
    /// symlink, then the shorter path, then the first in byte order.
    static func preferredPath(_ a: String, _ b: String) -> Bool {
        let linkA = SystemCalls.isSymlink(a), linkB = SystemCalls.isSymlink(b)
        if linkA != linkB { return !linkA }
        if a.utf8.count != b.utf8.count { return a.utf8.count < b.utf8.count }
        return a < b
    }
}

/// Turns fontconfig's view of a face into a `FontFace`, asking FreeType where
/// fontconfig's PostScript name cannot be trusted.
///
/// fontconfig 2.14 makes names up in two cases: a face without name ID 6
/// (bitmap fonts among them) gets its family name with spaces turned into
/// hyphens, and a variable font's named instances get that same
/// family-derived name instead of their own. typefit reports the font's own
/// name (or `nil`) and keeps fontconfig's as `fontconfigPostscriptName`.
/// Only those faces are checked (by reading the name table, or with FreeType
/// for named instances and non-sfnt formats), so a listing of thousands of
/// faces costs a handful of file reads.
struct NameVerifier {
    private var library: FreeTypeLibrary?
    private var libraryFailed = false
    /// The instance names of each variable face met, read once.
    private var instanceNames: [InstanceKey: [Int: InstanceNames.Name]] = [:]

    private struct InstanceKey: Hashable {
        var file: String
        var collectionIndex: Int
    }

    /// The face fontconfig describes in `raw`, named as the font stores
    /// it; `nil` when fontconfig gave no file.
    mutating func face(from raw: RawFace) -> FontFace? {
        guard let file = raw.file else { return nil }
        let naming = FamilyNaming.primary(names: raw.families, languages: raw.familyLanguages)
        var name = raw.postscriptName
        var source: FontFace.NameSource? = .font
        // The name table, read at most once per face (a web font's is
        // decompressed, which costs more than the rest of its listing).
        var table: FaceNames??
        func tableNames() -> FaceNames? {
            if let table { return table }
            let read = Self.readNames(file: file, faceIndex: raw.index)
            table = .some(read)
            return read
        }
        if raw.index >> 16 > 0 {
            // A named instance: its own postScriptNameID, or a synthesized
            // name that says so.
            if let checked = instanceName(file: file, index: raw.index, family: naming?.name) {
                name = checked.name
                source = checked.isFromFont ? .font : .synthesized
            }
        } else if let invented = name,
            Self.looksDerived(invented, from: raw.families)
                || (FreeTypeLibrary.nameRule == .dropsExcludedCharacters
                    && Self.looksDropped(invented, from: raw.families, style: raw.style))
        {
            // Most such names are real (IPAGothic is the font's own name);
            // the name table answers without loading the face. A face with
            // no name ID 6 has no PostScript name, whatever fontconfig made;
            // one whose name ID 6 FreeType refused (`Material Design
            // Icons`, with spaces) has that name, as Core Text reports it.
            switch tableNames().map({ $0.postScriptName }) {
            case .some(.some(let stored)):
                name = stored
            case .some(.none):
                name = nil
            case .none:
                if case .success(let checked)? = verify(file: file, index: raw.index) { name = checked.name }
            }
        }
        // Core Text's family and style: from fontconfig's lists when they
        // are clear, else from the name table (a named instance keeps
        // fontconfig's style, its instance name).
        let coreText =
            CoreTextNaming.fromFontconfig(
                families: raw.families, familyLanguages: raw.familyLanguages, styles: raw.styles,
                styleLanguages: raw.styleLanguages, fullNames: raw.fullNames, fullNameLanguages: raw.fullNameLanguages)
            ?? tableNames()
        let families = CoreTextNaming.families(coreText: coreText?.family, fontconfig: naming)
        let style = raw.index >> 16 > 0 ? raw.style : coreText?.style ?? raw.style
        return FontFace(
            family: families.family, familyAliases: families.aliases,
            postscriptName: name, postscriptNameSource: name == nil ? nil : source,
            fontconfigPostscriptName: raw.postscriptName == name ? nil : raw.postscriptName,
            style: style, weight: raw.weightRange == nil ? raw.weight : nil, weightRange: raw.weightRange,
            width: raw.width ?? 100, widthRange: raw.widthRange, isItalic: raw.slant != 0, file: file, index: raw.index,
            isVariable: raw.isVariable, format: raw.format, fontconfigFamily: families.fontconfigFamily,
            fontconfigStyle: raw.style, fullName: coreText?.fullName ?? raw.fullNames.first)
    }

    /// A face's names as Core Text reads them from its name table (sfnt or
    /// web font); `nil` when it has none this reader understands.
    static func readNames(file: String, faceIndex: Int) -> FaceNames? {
        SystemCalls.withOpenFile(file) { fd in
            guard let fd else { return nil }
            return SFNTNameProbe.names(faceIndex: faceIndex & 0xFFFF, decompressors: WebFontNames.decompressors) {
                SystemCalls.read(fd, offset: $0, count: $1)
            }
        }
    }

    /// A bitmap font (PCF, BDF) read with FreeType alone and described as
    /// fontconfig describes it; `nil` when the file is not a single-face
    /// bitmap font FreeType opens (fontconfig is asked then), a failure
    /// when it is one fontconfig would not list (no Unicode character map).
    mutating func bitmapFace(file: String) -> Result<FontFace, ScanRefusal>? {
        guard case .success(let info)? = openLibrary()?.bitmapFace(file: file) else { return nil }
        guard info.hasUnicodeMap || !info.namesCharset else {
            return .failure(
                ScanRefusal(
                    "a bitmap font in a legacy character set, without a Unicode character map (fontconfig lists none)"))
        }
        return .success(BitmapNaming.face(info, file: file))
    }

    /// Why FreeType cannot open `file` as a font, or `nil` when it can.
    mutating func openFailure(file: String) -> String? {
        if case .failure(let failure)? = verify(file: file, index: 0) { return failure.message }
        return nil
    }

    private mutating func verify(file: String, index: Int) -> Result<FreeTypeLibrary.PostScriptName, FreeTypeError>? {
        openLibrary()?.postscriptName(file: file, index: index)
    }

    /// A named instance's name, from the names of every instance of its
    /// face, read once per face.
    private mutating func instanceName(file: String, index: Int, family: String?) -> InstanceNames.Name? {
        let key = InstanceKey(file: file, collectionIndex: index & 0xFFFF)
        if instanceNames[key] == nil {
            instanceNames[key] = SystemCalls.withOpenFile(file) { fd -> [Int: InstanceNames.Name] in
                guard let fd else { return [:] }
                let read = { (offset: Int, count: Int) in SystemCalls.read(fd, offset: offset, count: count) }
                guard let face = try? SFNTView(size: nil, read: read).face(key.collectionIndex),
                    let fvar = try? face.fvar(), let names = try? face.names()
                else { return [:] }
                return InstanceNames.postScriptNames(fvar: fvar, names: names, family: family)
            }
        }
        return instanceNames[key]?[index >> 16]
    }

    private mutating func openLibrary() -> FreeTypeLibrary? {
        if library == nil && !libraryFailed {
            library = try? FreeTypeLibrary()
            libraryFailed = library == nil
        }
        return library
    }

    /// Whether `name` could be fontconfig's stand-in made from a family name:
    /// the family's bytes with every one outside printable ASCII, and every
    /// PostScript delimiter, turned into a hyphen (`Typefit Anon` →
    /// `Typefit-Anon`, `Clean` → `Clean`). Compared byte by byte: this runs
    /// for every installed face.
    static func looksDerived(_ name: String, from families: [String]) -> Bool {
        families.contains { family in
            name.utf8.count == family.utf8.count && name.utf8.elementsEqual(family.utf8.lazy.map(fontconfigPSByte))
        }
    }

    /// Whether `name` may be FreeType 2.13's reading of a stored name ID 6
    /// with excluded characters (`Typefit Icons` → `TypefitIcons`): a
    /// family, or family and style, with its spaces and delimiters
    /// dropped. The name table says whether it is; a stored name with a
    /// space that is neither (rare: name ID 6 is almost always one of
    /// those) is reported as FreeType gives it.
    static func looksDropped(_ name: String, from families: [String], style: String?) -> Bool {
        families.contains { family in
            let dropped = FreeTypeNameRule.dropping(family)
            guard dropped.utf8.count != family.utf8.count else { return false }
            return name == dropped || style.map { name == dropped + FreeTypeNameRule.dropping($0) } == true
        }
    }

    private static func fontconfigPSByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x21...0x7E where !"[](){}<>/%".utf8.contains(byte): return byte
        default: return UInt8(ascii: "-")
        }
    }
}

/// Why a file that opens as a font is still not listed.
struct ScanRefusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// fontconfig's description of a bitmap font: the family FreeType reads
/// (else the file's name up to its last dot), weight and slant from words
/// in the style name, and a PostScript name made from the family.
enum BitmapNaming {
    /// fontconfig's weight words (`FcContainsWeight`), in its order: the
    /// first contained in the style name wins ("semibold" before "bold").
    static let weightWords: [(word: String, fontconfigWeight: Double)] = [
        ("thin", 0), ("extralight", 40), ("ultralight", 40), ("demilight", 55), ("semilight", 55),
        ("light", 50), ("book", 75), ("regular", 80), ("normal", 80), ("medium", 100), ("demibold", 180),
        ("demi", 180), ("semibold", 180), ("extrabold", 205), ("superbold", 205), ("ultrabold", 205),
        ("bold", 200), ("ultrablack", 215), ("superblack", 215), ("extrablack", 215), ("black", 210),
        ("heavy", 210),
    ]

    static func face(_ info: FreeTypeLibrary.BitmapFace, file: String) -> FontFace {
        let family = info.family ?? stem(of: file)
        let folded = (info.style ?? "").lowercased().filter { $0 != " " }
        // No weight word: fontconfig's default, medium.
        let weight = weightWords.first { folded.contains($0.word) }?.fontconfigWeight ?? 100
        return FontFace(
            family: family, familyAliases: [], postscriptName: nil,
            fontconfigPostscriptName: SFNTReader.fontconfigStandInName(family: family), style: info.style,
            weight: fontconfigWeightToOpenType(weight),
            width: info.width ?? SFNTReader.widthNamed(info.style ?? "") ?? 100,
            isItalic: info.isItalic || SFNTReader.namesSlant(info.style ?? ""), file: file, index: 0,
            format: info.format)
    }

    /// The file name up to its last dot (`micro.pcf.gz` → `micro.pcf`).
    static func stem(of file: String) -> String {
        let name = lastPathComponent(file)
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

}

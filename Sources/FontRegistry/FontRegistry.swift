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

    /// The installed faces, and whether they came from the listing cache
    /// (see `ListingCache`) rather than from fontconfig.
    public func installedListing() throws(RegistryError) -> (faces: [FontFace], fromCache: Bool) {
        let cache = cacheDirectory.map { ListingCache(directory: $0, configFile: configFile) }
        if let faces = cache?.load() { return (faces, true) }
        let startedAt = FileSystem.now()
        let (faces, config) = try listFromFontconfig()
        cache?.store(faces, dependencies: config.dependencies(), startedAt: startedAt)
        return (faces, false)
    }

    /// The face fontconfig would use for `family` at `weight` (OpenType
    /// scale): the installed face a missing custom font falls back to, as
    /// `fc-match` reports it. `nil` when fontconfig matches nothing at all.
    public func fallback(family: String, weight: Int, italic: Bool) throws(RegistryError) -> FontFace? {
        let config = try configuration()
        guard let raw = config.match(family: family, weight: weight, italic: italic) else { return nil }
        var namer = NameVerifier()
        return namer.face(from: raw)
    }

    private func configuration() throws(RegistryError) -> FontconfigConfig {
        if let configFile { return try FontconfigConfig.load(path: configFile) }
        return try FontconfigConfig.system()
    }

    private func listFromFontconfig() throws(RegistryError) -> ([FontFace], FontconfigConfig) {
        let config = try configuration()
        var faces: [FontFace] = []
        var namer = NameVerifier()
        try config.listFaces { raw in
            if let face = namer.face(from: raw) { faces.append(face) }
        }
        return (
            FontCatalog.mergingDuplicateFiles(faces, identity: FileSystem.identity, preferred: Self.preferredPath),
            config
        )
    }

    /// The faces of font files and directories that need not be installed
    /// (an app's `Fonts/` folder). Directories are searched recursively for
    /// files with a font extension; named files are read whatever their name.
    /// Files that cannot be read as fonts come back as problems, never as a
    /// crash or a silent omission.
    public static func scan(_ paths: [String]) -> (faces: [FontFace], problems: [ScanProblem]) {
        var files: [(path: String, named: Bool)] = []
        var problems: [ScanProblem] = []
        var visited = Set<FileIdentity>()
        for path in paths {
            switch FileSystem.kind(path) {
            case .missing:
                problems.append(ScanProblem(path: path, reason: "no such file or directory", wasNamed: true))
            case .directory:
                collect(directory: path, into: &files, problems: &problems, visited: &visited)
            case .regular:
                files.append((path, true))
            case .other:
                problems.append(ScanProblem(path: path, reason: "not a regular file", wasNamed: true))
            }
        }
        var faces: [FontFace] = []
        var namer = NameVerifier()
        for (path, named) in files {
            guard FileSystem.isReadable(path) else {
                problems.append(ScanProblem(path: path, reason: "cannot read: permission denied", wasNamed: named))
                continue
            }
            let read = queryFontFile(path) { raw in
                if let face = namer.face(from: raw) { faces.append(face) }
            }
            if read == 0 {
                let reason =
                    namer.openFailure(file: path).map { "not a font FreeType can read: \($0)" }
                    ?? "no face fontconfig can use (bitmap font without a Unicode character map?)"
                problems.append(ScanProblem(path: path, reason: reason, wasNamed: named))
            }
        }
        return (
            FontCatalog.mergingDuplicateFiles(faces, identity: FileSystem.identity, preferred: preferredPath),
            problems
        )
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

    private static func collect(
        directory: String, into files: inout [(path: String, named: Bool)],
        problems: inout [ScanProblem], visited: inout Set<FileIdentity>
    ) {
        // Following symlinked directories can loop; remember where we have been.
        if let id = FileSystem.identity(directory), !visited.insert(id).inserted { return }
        guard let entries = FileSystem.entries(directory) else {
            problems.append(
                ScanProblem(
                    path: directory, reason: "cannot read directory: \(FileSystem.lastError())",
                    wasNamed: true))
            return
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        for name in entries where !name.hasPrefix(".") {
            let path = base + "/" + name
            switch FileSystem.kind(path) {
            case .directory:
                collect(directory: path, into: &files, problems: &problems, visited: &visited)
            case .regular where hasFontExtension(name):
                files.append((path, false))
            case .other where hasFontExtension(name):
                problems.append(ScanProblem(path: path, reason: "not a regular file", wasNamed: false))
            default:
                break
            }
        }
    }

    /// Which of two paths to the same file to show: a real file over a
    /// symlink, then the shorter path, then the first in byte order.
    static func preferredPath(_ a: String, _ b: String) -> Bool {
        let linkA = FileSystem.isSymlink(a), linkB = FileSystem.isSymlink(b)
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

    mutating func face(from raw: RawFace) -> FontFace? {
        guard let file = raw.file else { return nil }
        let naming = FamilyNaming.primary(names: raw.families, languages: raw.familyLanguages)
        var name = raw.postscriptName
        var source: FontFace.NameSource? = .font
        if raw.index >> 16 > 0 {
            // A named instance: FreeType reads its own postScriptNameID, or
            // says the name was synthesized.
            if case .success(let checked)? = verify(file: file, index: raw.index, family: naming?.name) {
                name = checked.name
                source = checked.isFromFont ? .font : .synthesized
            }
        } else if let invented = name, Self.looksDerived(invented, from: raw.families) {
            // Most such names are real (IPAGothic is the font's own name);
            // the name table answers without loading the face. A face with
            // no name ID 6 has no PostScript name, whatever fontconfig made.
            switch Self.probeNameTable(file: file, faceIndex: raw.index) {
            case .hasPostScriptName:
                break
            case .noPostScriptName:
                name = nil
            case .unknown:
                if case .success(let checked)? = verify(file: file, index: raw.index) { name = checked.name }
            }
        }
        return FontFace(
            family: naming?.name ?? "", familyAliases: naming?.aliases ?? [],
            postscriptName: name, postscriptNameSource: name == nil ? nil : source,
            fontconfigPostscriptName: raw.postscriptName == name ? nil : raw.postscriptName,
            style: raw.style, weight: raw.weightRange == nil ? raw.weight : nil, weightRange: raw.weightRange,
            isItalic: raw.slant != 0, file: file, index: raw.index,
            isVariable: raw.isVariable, format: raw.format)
    }

    static func probeNameTable(file: String, faceIndex: Int) -> SFNTNameProbe.Answer {
        FileSystem.withOpenFile(file) { fd in
            guard let fd else { return .unknown }
            return SFNTNameProbe.probe(faceIndex: faceIndex & 0xFFFF) { FileSystem.read(fd, offset: $0, count: $1) }
        }
    }

    /// Why FreeType cannot open `file` as a font, or `nil` when it can.
    mutating func openFailure(file: String) -> String? {
        if case .failure(let failure)? = verify(file: file, index: 0) { return failure.message }
        return nil
    }

    private mutating func verify(
        file: String, index: Int,
        family: String? = nil
    ) -> Result<FreeTypeLibrary.PostScriptName, FreeTypeFailure>? {
        if library == nil && !libraryFailed {
            library = try? FreeTypeLibrary()
            libraryFailed = library == nil
        }
        return library?.postscriptName(file: file, index: index, family: family)
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

    private static func fontconfigPSByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x21...0x7E where !"[](){}<>/%".utf8.contains(byte): return byte
        default: return UInt8(ascii: "-")
        }
    }
}

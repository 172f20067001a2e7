import FontRegistry
import TypefitCore

/// Where a run looks for faces: folders of font files that are not
/// installed (an app's Fonts/, `--fonts-dir`), then the installed fonts of
/// a fontconfig configuration, listed through the cache when there is one.
public struct FontSearch: Equatable, Sendable {
    /// `--fonts-dir`: searched first.
    public var directories: [String] = []
    /// `--fontconfig-file`: the configuration whose fonts count as
    /// installed (`nil`: the system's, or FONTCONFIG_FILE).
    public var fontconfigFile: String?
    /// Where the installed listing may be cached (`nil`: no cache).
    public var cacheDirectory: String?
    /// `--no-installed-fonts`: only `--fonts-dir` (and specs) count, never
    /// the machine's fonts.
    public var usesInstalledFonts = true
    /// `--system-fonts` and `TYPEFIT_SYSTEM_FONTS`: folders holding Apple's
    /// system font files (`SystemFont`), which the text commands measure
    /// in when no face is named; they also take part in fallback.
    public var systemFontDirectories: [String] = []
    /// Whether `systemFontDirectories` came from `TYPEFIT_SYSTEM_FONTS`
    /// (a problem with them then names the variable).
    public var systemFontsFromEnvironment = false

    /// Creates a search.
    public init(directories: [String] = [], fontconfigFile: String? = nil, cacheDirectory: String? = nil) {
        self.directories = directories
        self.fontconfigFile = fontconfigFile
        self.cacheDirectory = cacheDirectory
    }

    /// A folder of fonts or a configuration file that cannot be read stops
    /// the run (exit 2) in every command, before any other work: a gate that
    /// went on without it would check against the machine's fonts instead,
    /// or nothing.
    public func validate(_ diagnostics: inout Diagnostics) throws(Stopped) {
        var folderFailed = false
        for directory in directories + systemFontDirectories {
            guard let problem = FontRegistry.fontFolderProblem(directory) else { continue }
            let fromEnvironment = systemFontsFromEnvironment && !directories.contains(directory)
            diagnostics.error(
                fromEnvironment
                    ? .environmentFolderUnusable(variable: "TYPEFIT_SYSTEM_FONTS", reason: problem)
                    : .fontFolderUnusable(reason: problem), status: .cannotRun, file: directory)
            folderFailed = true
        }
        if folderFailed { throw Stopped() }
        guard let fontconfigFile, let problem = FontRegistry.configurationProblem(fontconfigFile) else { return }
        diagnostics.error(.fontconfigUnusable(reason: problem), status: .cannotRun)
        throw Stopped()
    }

    /// Where a face not found was looked for.
    var notFoundScope: Finding.SearchScope {
        if !usesInstalledFonts { return .foldersOnly }
        return directories.isEmpty ? .installed : .installedAndFolders
    }

    /// The registry of the installed fonts.
    var registry: FontRegistry { FontRegistry(configFile: fontconfigFile, cacheDirectory: cacheDirectory) }

    /// What text falls back to: the installed fonts (unless not used) and
    /// the font files of `--fonts-dir`, as iOS's cascade takes an app's
    /// registered fonts. The folders are walked (no table read), once per
    /// job.
    public func fallbackFonts() -> FallbackFonts {
        FallbackFonts(
            configFile: fontconfigFile, files: FontRegistry.fontFiles(directories + systemFontDirectories),
            installed: usesInstalledFonts)
    }
}

/// The faces a run may use: those in `--fonts-dir` (an app's own files, read
/// without installing them) and, when needed, the installed ones.
struct FaceSources {
    var directoryFaces: [FontFace] = []
    var installedFaces: [FontFace] = []
    /// Files in `--fonts-dir` that could not be used (warnings).
    var problems: [ScanProblem] = []
    /// Font files in formats not read (notes).
    var notes: [ScanProblem] = []
    /// Why the listing cache was rebuilt, for `--verbose`.
    var cacheProblem: String?
    /// Why the installed faces could not be listed (fontconfig failing).
    var failure: String?

    /// Scans the directories, then lists the installed faces when
    /// `needsInstalled` says the directories' faces are not enough.
    static func load(_ search: FontSearch, needsInstalled: ([FontFace]) -> Bool) -> FaceSources {
        var sources = FaceSources()
        if !search.directories.isEmpty {
            let scan = FontRegistry.scan(search.directories)
            sources.directoryFaces = scan.faces
            sources.problems = scan.problems
            sources.notes = scan.notes
        }
        if search.usesInstalledFonts, needsInstalled(sources.directoryFaces) {
            do {
                let listing = try search.registry.installedListing()
                sources.installedFaces = listing.faces
                sources.cacheProblem = listing.cacheProblem
            } catch {
                sources.failure = error.message
            }
        }
        return sources
    }

    /// Unusable files as warnings; fontconfig failing as an error (exit 2);
    /// files in `--fonts-dir` that share a PostScript name as warnings (as
    /// errors with `duplicatesAreErrors`, in `check`).
    func report(into diagnostics: inout Diagnostics, duplicatesAreErrors: Bool = false) {
        diagnostics.fileWarnings(problems.map { ($0.path, .fontUnusable(reason: $0.reason)) })
        for note in notes { diagnostics.note(.postscriptNameRules(reason: note.reason), file: note.path) }
        if let cacheProblem { diagnostics.verboseNote(.listingCacheRebuilt(reason: cacheProblem)) }
        if let failure { diagnostics.error(.fontconfigFailed(reason: failure), status: .cannotRun) }
        for (name, files) in FontCatalog.duplicatePostScriptNames(directoryFaces) {
            let finding = Finding.duplicatePostScriptName(name: name, files: files)
            if duplicatesAreErrors {
                diagnostics.error(finding, status: .problemFound)
            } else {
                diagnostics.warning(finding)
            }
        }
    }

    /// The face `UIFont(name:)` gives for `name` (`UIFontLookup`: a
    /// PostScript name, else a family's regular face, else a full name),
    /// `--fonts-dir` first, and the faces of the place it was found in.
    func find(_ name: String) -> (face: FontFace, pool: [FontFace])? {
        lookup(name).map { ($0.match.face, $0.pool) }
    }

    /// `find`, saying which rule matched.
    func lookup(_ name: String) -> (match: UIFontLookup.Match, pool: [FontFace])? {
        // By PostScript name anywhere before the other rules anywhere: an
        // installed face with the exact name beats a family in the folder.
        for pool in [directoryFaces, installedFaces] {
            if let face = pool.first(where: { $0.postscriptName == name }) {
                return (UIFontLookup.Match(face: face, rule: .postScriptName), pool)
            }
        }
        for pool in [directoryFaces, installedFaces] {
            if let match = UIFontLookup.resolve(name, among: pool) { return (match, pool) }
        }
        return nil
    }

    /// With `--fonts-dir`, a face found only among the machine's installed
    /// fonts is not the app's: built into iOS, a note (the device has it
    /// too); otherwise the app does not ship it, which `check` makes an
    /// error and every other command a warning. `nil` when the face is the
    /// app's own, or no folder was given.
    func provenance(_ name: String, _ face: FontFace, search: FontSearch) -> (isBuiltIn: Bool, finding: Finding)? {
        guard !search.directories.isEmpty,
            !directoryFaces.contains(where: { $0.file == face.file && $0.index == face.index })
        else { return nil }
        let shown = face.postscriptName ?? name
        if let family = IOSBuiltInFonts.family(of: face.postscriptName ?? "") ?? IOSBuiltInFonts.family(of: name) {
            return (true, .faceBuiltIntoIOS(name: shown, family: family, file: face.file))
        }
        return (false, .faceNotShipped(name: shown, file: face.file))
    }

    /// Says `provenance`: a note for a built-in font, else a warning.
    func reportProvenance(_ name: String, _ face: FontFace, search: FontSearch, into diagnostics: inout Diagnostics) {
        guard let (isBuiltIn, finding) = provenance(name, face, search: search) else { return }
        if isBuiltIn { diagnostics.note(finding) } else { diagnostics.warning(finding) }
    }

    /// For a name found nowhere: whether iOS has it built in, said instead
    /// of a guess at the nearest installed name.
    static func builtIn(_ name: String) -> Finding.BuiltInFont? {
        IOSBuiltInFonts.family(of: name).map { Finding.BuiltInFont(name: name, family: $0) }
    }

    /// The note for a name `UIFont(name:)` resolved by other than its
    /// PostScript name, or `nil`.
    static func lookupNote(_ name: String, _ match: UIFontLookup.Match) -> Finding? {
        guard match.rule != .postScriptName else { return nil }
        return .uifontLookup(name: name, rule: match.rule, fontName: match.face.postscriptName)
    }

    /// Whether `faces` hold a face `UIFont(name:)` finds for `name`.
    static func resolves(_ name: String, in faces: [FontFace]) -> Bool {
        UIFontLookup.resolve(name, among: faces) != nil
    }

    /// The faces of the first place that has the family (`--fonts-dir`
    /// first).
    func pool(withFamily family: String) -> [FontFace] {
        FontCatalog.faces(directoryFaces, inFamily: family).isEmpty ? installedFaces : directoryFaces
    }

    /// Every PostScript name seen, for "nearest" suggestions.
    var knownNames: [String] {
        Set((directoryFaces + installedFaces).compactMap(\.postscriptName)).sorted()
    }

    /// Every family name seen, for "did you mean" suggestions.
    var familyNames: [String] { FontCatalog.familyNames(directoryFaces + installedFaces) }
}

/// PostScript names near `name` among `names`; first, when `name` is
/// FreeType's name for a variable font's instance among `faces` (what
/// font tools show), the name iOS knows that instance by.
func nameSuggestions(for name: String, among faces: [FontFace], names: [String]) -> [String] {
    let instance = UIFontLookup.coreTextInstanceName(forFreeTypeName: name, among: faces)
    return (instance.map { [$0] } ?? []) + NameMatching.suggestions(for: name, among: names).filter { $0 != instance }
}

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
            diagnostics.error(Message(problem), status: .cannotRun, file: directory, code: "font-folder-unusable")
            folderFailed = true
        }
        if folderFailed { throw Stopped() }
        guard let fontconfigFile, let problem = FontRegistry.configurationProblem(fontconfigFile) else { return }
        diagnostics.error(Message(problem), status: .cannotRun, code: "fontconfig-unusable")
        throw Stopped()
    }

    /// "installed", or "installed nor in --fonts-dir": where a face was
    /// not found, for messages.
    var notFoundScope: Message {
        if !usesInstalledFonts { return "in \(CommandInput.fontsDirectory) (installed fonts not used)" }
        return directories.isEmpty ? "installed" : "installed nor in \(CommandInput.fontsDirectory)"
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
        diagnostics.fileWarnings(problems.map { ($0.path, $0.reason) })
        for note in notes { diagnostics.note(Message(note.reason), file: note.path, code: "postscript-name-rules") }
        if let cacheProblem { diagnostics.verboseNote(Message(cacheProblem), code: "listing-cache") }
        if let failure { diagnostics.error(Message(failure), status: .cannotRun, code: "fontconfig-failed") }
        for (name, files) in FontCatalog.duplicatePostScriptNames(directoryFaces) {
            let message = FontCatalog.duplicateMessage(name, files)
            if duplicatesAreErrors {
                diagnostics.error(Message(message), status: .problemFound, code: "duplicate-postscript-name")
            } else {
                diagnostics.warning(Message(message), code: "duplicate-postscript-name")
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
    func provenance(_ name: String, _ face: FontFace, search: FontSearch) -> (isBuiltIn: Bool, message: Message)? {
        guard !search.directories.isEmpty,
            !directoryFaces.contains(where: { $0.file == face.file && $0.index == face.index })
        else { return nil }
        let shown = face.postscriptName ?? name
        if let family = IOSBuiltInFonts.family(of: face.postscriptName ?? "") ?? IOSBuiltInFonts.family(of: name) {
            return (
                true,
                "\(shown) is built into iOS (family \(family), \(IOSBuiltInFonts.version) list); not in \(CommandInput.fontsDirectory), measured with this machine's copy (\(face.file))"
            )
        }
        return (
            false,
            "\(shown) is installed on this machine (\(face.file)) but not in \(CommandInput.fontsDirectory): the app does not ship it (\(CommandInput.noInstalledFonts) uses the folder alone)"
        )
    }

    /// Says `provenance`: a note for a built-in font, else a warning.
    func reportProvenance(_ name: String, _ face: FontFace, search: FontSearch, into diagnostics: inout Diagnostics) {
        guard let (isBuiltIn, message) = provenance(name, face, search: search) else { return }
        if isBuiltIn { diagnostics.note(message, code: "face-provenance") } else { diagnostics.warning(message) }
    }

    /// For a name found nowhere: whether iOS has it built in, said instead
    /// of a guess at the nearest installed name.
    static func builtInNote(_ name: String) -> String? {
        IOSBuiltInFonts.family(of: name).map { family in
            "\(name) is built into iOS (family \(family), \(IOSBuiltInFonts.version) list) but not on this machine"
        }
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

/// "; did you mean 'a' or 'b'?", or nothing.
func didYouMean(_ names: [String]) -> String {
    names.isEmpty ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
}

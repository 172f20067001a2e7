import FontRegistry
import TypefitCore

/// `list-fonts`' work: the installed faces, or the faces of font files and
/// folders, filtered by family and PostScript name.
public struct ListingJob: Job {
    /// What to list.
    public var query: Query
    /// Where the installed fonts are (the fontconfig configuration, the
    /// listing cache).
    public var search: FontSearch

    /// Creates a job.
    public init(query: Query, search: FontSearch) {
        self.query = query
        self.search = search
    }

    /// What to list.
    public struct Query: Equatable, Sendable {
        /// Font files and folders to read instead of the installed fonts.
        public var paths: [String] = []
        /// Only faces of this family (any of its names, case-insensitive).
        public var family: String?
        /// Only faces with exactly this PostScript name.
        public var postscriptName: String?
        /// Whether a valid cached listing may answer.
        public var useCache = true

        /// Lists every installed face.
        public init() {}
    }

    /// The faces, and for files read from folders each file's path inside
    /// the folder it was found in (its own name when named).
    public struct Listing: Sendable {
        /// The faces, in listing order.
        public var faces: [FontFace]
        /// Bundle-relative paths by file.
        public var relativePaths: [String: String]
    }

    /// The listing; no face matching a filter is a finding (exit 1), a
    /// registry that cannot be read or a named file that cannot be used
    /// stops the run (exit 2).
    public func run(progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics) throws(Stopped)
        -> Listing
    {
        var faces: [FontFace]
        var relativePaths: [String: String] = [:]
        if query.paths.isEmpty {
            do {
                var search = search
                if !query.useCache { search.cacheDirectory = nil }
                let listing = try search.registry.installedListing()
                faces = listing.faces
                if let problem = listing.cacheProblem {
                    diagnostics.verboseNote(.listingCacheRebuilt(reason: problem))
                }
            } catch {
                diagnostics.error(.fontconfigFailed(reason: error.message), status: .cannotRun)
                throw Stopped()
            }
        } else {
            let scan = FontRegistry.scanFiles(query.paths)
            faces = scan.faces
            // A file named on the command line is needed; one met in a
            // folder is a warning. So is a name ID 6 that breaks the
            // PostScript rules: apps use it as stored, other tools do not.
            for problem in scan.problems where problem.wasNamed {
                diagnostics.error(.fontUnusable(reason: problem.reason), status: .cannotRun, file: problem.path)
            }
            for note in scan.notes {
                if note.wasNamed {
                    diagnostics.error(.postscriptNameRules(reason: note.reason), status: .cannotRun, file: note.path)
                } else {
                    diagnostics.note(.postscriptNameRules(reason: note.reason), file: note.path)
                }
            }
            var warnings = scan.problems.filter { !$0.wasNamed }.map {
                (path: $0.path, finding: Finding.fontUnusable(reason: $0.reason))
            }
            for face in faces where face.postscriptNameValid == false {
                warnings.append(
                    (
                        face.file,
                        .postscriptNameBreaksRules(
                            name: face.postscriptName ?? "", fontconfigName: face.fontconfigPostscriptName)
                    ))
            }
            diagnostics.fileWarnings(warnings)
            // An app's files: two with one PostScript name register once.
            for (name, files) in FontCatalog.duplicatePostScriptNames(faces) {
                diagnostics.warning(.duplicatePostScriptName(name: name, files: files))
            }
            relativePaths = Dictionary(scan.files.map { ($0.path, $0.relativePath) }) { first, _ in first }
            // A folder given that holds no font file is a wrong folder (the
            // app's root, a typo'd subfolder): exit 2, as --fonts-dir says,
            // never an empty listing or an empty UIAppFonts that passes.
            let reported = Set(scan.problems.filter(\.wasNamed).map(\.path))
            var empty = false
            // (A folder whose files were noted, EOT or SVG fonts, says why
            // it gave none.)
            let explained = scan.problems.map(\.path) + scan.notes.map(\.path)
            for path in query.paths
            where !reported.contains(path) && !scan.files.contains(where: { $0.path == path })
                && !explained.contains(where: { $0 == path || $0.hasPrefix(path.hasSuffix("/") ? path : path + "/") })
            {
                guard let problem = FontRegistry.fontFolderProblem(path) else { continue }
                diagnostics.error(.fontFolderUnusable(reason: problem), status: .cannotRun, file: path)
                empty = true
            }
            if empty { throw Stopped() }
            // A path given that could not be read, and nothing else read:
            // no empty listing that would read as "no fonts" (exit 2, the
            // errors document in JSON mode).
            if faces.isEmpty, scan.problems.contains(where: \.wasNamed) || scan.notes.contains(where: \.wasNamed) {
                throw Stopped()
            }
        }
        let scope: Finding.SearchScope = query.paths.isEmpty ? .installed : .givenFiles
        if let family = query.family {
            var matching = FontCatalog.faces(faces, inFamily: family)
            if matching.isEmpty {
                // A full name answers with that face (`Noto Serif Condensed
                // Bold`), as UIFont(name:) resolves one.
                matching = faces.filter { $0.fullName?.lowercased() == family.lowercased() }
                if let face = matching.first {
                    diagnostics.note(
                        .familyIsFullName(family: family, postscriptName: face.postscriptName, faceFamily: face.family))
                }
            }
            if matching.isEmpty {
                diagnostics.error(
                    .familyNotFound(
                        family: family, scope: scope,
                        suggestions: NameMatching.suggestions(for: family, among: FontCatalog.familyNames(faces))),
                    status: .problemFound)
                throw Stopped()
            }
            faces = matching
        }
        if let name = query.postscriptName {
            var matching = FontCatalog.faces(faces, withPostScriptName: name)
            if matching.isEmpty, let match = UIFontLookup.resolve(name, among: faces) {
                // What UIFont(name:) gives for a family or full name.
                matching = [match.face]
                if let note = FaceSources.lookupNote(name, match) { diagnostics.note(note) }
            }
            if matching.isEmpty {
                let names = Set(faces.compactMap(\.postscriptName)).sorted()
                diagnostics.error(
                    .faceNotFound(
                        name: name, scope: scope, family: query.family,
                        suggestions: nameSuggestions(for: name, among: faces, names: names)),
                    status: .problemFound)
                throw Stopped()
            }
            faces = matching
        }
        return Listing(faces: faces, relativePaths: relativePaths)
    }
}

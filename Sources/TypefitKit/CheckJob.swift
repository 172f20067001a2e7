import TypefitCore

/// `check`'s work: a spec's problems, with its faces looked for where the
/// search says. A spec that does not parse is a finding (exit 1); one that
/// cannot be read stops the run (exit 2).
public struct CheckJob: Job {
    /// The spec to check.
    public var specPath: String
    /// Where its faces are looked for.
    public var search: FontSearch

    /// Creates a job.
    public init(specPath: String, search: FontSearch) {
        self.specPath = specPath
        self.search = search
    }

    /// The spec's problems, each at its face's or style's key (empty when
    /// the spec did not parse: its error is in the diagnostics, with the
    /// status of a finding).
    public func run(progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics) throws(Stopped)
        -> [SpecProblem]
    {
        var places = SpecPlaces()
        switch SpecFile.read(specPath, diagnostics: &diagnostics, places: &places) {
        case .failure(.unreadable(let error)):
            diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
            throw Stopped()
        case .failure(let error):
            error.report(specPath, malformedStatus: .problemFound, into: &diagnostics)
            return []
        case .success(let spec):
            let wanted = Set(spec.faces.map(\.postscriptName))
            let sources = FaceSources.load(search) { found in
                !wanted.allSatisfy { FaceSources.resolves($0, in: found) }
            }
            var found: [String: FaceLocation] = [:]
            var notShipped: [String: String] = [:]
            for name in wanted.sorted() {
                guard let (match, _) = sources.lookup(name) else {
                    if let builtIn = FaceSources.builtIn(name) {
                        diagnostics.note(.builtInFace(builtIn), file: specPath)
                    }
                    continue
                }
                found[name] = FaceLocation(match.face)
                if let note = FaceSources.lookupNote(name, match) { diagnostics.note(note, file: specPath) }
                switch sources.provenance(name, match.face, search: search) {
                case (true, let finding)?: diagnostics.note(finding, file: specPath)
                case (false, _)?: notShipped[name] = match.face.file
                case nil: break
                }
            }
            let known = sources.knownNames
            var findings = SpecCheck.run(
                spec, faces: found, nearest: { NameMatching.suggestions(for: $0, among: known) },
                notShipped: notShipped)
            // Each at the key it is about: CI shows it on that line.
            for i in findings.indices {
                if let face = findings[i].face {
                    findings[i].position = places.faces[face]
                } else if let style = findings[i].style {
                    findings[i].position = places.styles[style]
                }
            }
            sources.report(into: &diagnostics, duplicatesAreErrors: true)
            // The findings are the report on stdout, not diagnostics.
            if findings.contains(where: { $0.severity == .error }) { diagnostics.reportHasProblems = true }
            return findings
        }
    }
}

extension SpecProblem {
    /// Its code among the findings' (`missing-face`, `shrinking-table`).
    public var code: Finding.Code {
        switch kind {
        case .notShipped: .notShipped
        case .missingFace: .missingFace
        case .instanceName: .instanceName
        case .designSizeBelowMinimum, .tableSizeBelowMinimum, .scaledBelowMinimum: .belowMinimum
        case .maximumBelowDesign: .maxBelowDesign
        case .tableShrinks: .shrinkingTable
        case .sizeShrinks: .shrinkingSize
        case .wcagResize: .wcagResize
        }
    }
}

import FontRegistry
import TypefitCore

/// Runs typefit in-process: arguments in, an `Outcome` out.
public enum Runner {
    /// Parses and runs the arguments after the program name.
    public static func run(_ arguments: [String], context: RunContext = RunContext()) -> Outcome {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            var outcome = Outcome()
            // `typefit` alone: the overview, on stderr, with the error.
            if arguments.isEmpty { outcome.stderrText = HelpFormatter.overview() + "\n" }
            outcome.diagnostics.usageError(error)
            if CommandLineParser.asksForJSON(arguments) {
                outcome.stdout = outcome.diagnostics.errorDocument.serialized(pretty: context.stdoutIsTerminal)
            }
            return outcome
        }
        return run(command, context: context)
    }

    /// Runs a parsed command. In JSON mode an error that ends the run still
    /// prints a JSON document, so `| jq` never reads an empty stdout.
    public static func run(_ command: Command, context: RunContext) -> Outcome {
        switch command {
        case .help(nil):
            return Outcome(stdout: HelpFormatter.overview())
        case .help(let name?):
            guard let type = Typefit.subcommand(named: name) else { return Outcome(stdout: HelpFormatter.overview()) }
            return Outcome(stdout: HelpFormatter.help(for: type.configuration))
        case .version:
            return Outcome(stdout: "typefit \(Typefit.version)\n")
        case .completionScript(let shell):
            return Outcome(stdout: shell.script)
        case .manual(let topic):
            return Outcome(stdout: Manual.page(topic))
        case .manualPages(let directory):
            var outcome = Outcome()
            for (file, topic) in Manual.pages {
                let path = directory + "/" + file
                // The first page that cannot be written stops the run: a
                // missing or read-only folder would fail every page alike.
                if let error = SystemCalls.writeFile(Array(Manual.page(topic).utf8), to: path) {
                    outcome.diagnostics.error(error, status: .cannotRun, file: path)
                    break
                }
            }
            return outcome
        case .run(let subcommand):
            var outcome = subcommand.run(context: context)
            if !outcome.hasStdout, outcome.diagnostics.hasErrors, subcommand.writesJSON(context: context) {
                outcome.stdout = outcome.diagnostics.errorDocument.serialized(pretty: context.stdoutIsTerminal)
            }
            return outcome
        }
    }

    static func scale(_ options: ScaleOptions, context: RunContext) -> Outcome {
        var options = options
        var notes = Diagnostics()
        if let keyword = options.categoryKeyword, options.platform == .ios || options.platform == .watchos {
            switch resolveCategoryKeyword(keyword, options, context: context) {
            case .failure(let error): return error.outcome
            case .success(let (categories, note)):
                options.categories = categories
                if let note { notes.note(note) }
            }
        }
        var outcome =
            options.platform == .ios ? scaleIOS(options, context: context) : platformScale(options, context: context)
        notes.append(outcome.diagnostics)
        outcome.diagnostics = notes
        outcome.diagnostics.warningsAreErrors = options.strict
        outcome.diagnostics.listsEachFile = options.verbose
        return outcome
    }

    static func scaleIOS(_ options: ScaleOptions, context: RunContext) -> Outcome {
        if let path = options.specPath { return scaleSpec(path, options, context: context) }
        if let family = options.family { return scaleFamily(family, options, context: context) }
        return render(options.request.resolve(), options, context: context)
    }

    /// `--format value` with more than one cell: the command line asks for
    /// what cannot be printed.
    static func valueNeedsOneCell(_ count: Int) -> UsageError {
        UsageError("'--format value' needs exactly one cell; \(count) are selected", subcommand: "scale")
    }

    static func render(_ report: ScaleReport, _ options: ScaleOptions, context: RunContext) -> Outcome {
        let format = options.format ?? (report.entries.count == 1 ? .value : context.stdoutIsTerminal ? .table : .json)
        switch format {
        case .value:
            guard let entry = report.entries.first, report.entries.count == 1 else {
                var outcome = Outcome()
                outcome.diagnostics.usageError(valueNeedsOneCell(report.entries.count))
                return outcome
            }
            return Outcome(stdout: shortestNumber(entry.primaryNumber) + "\n")
        case .table:
            return Outcome(stdout: report.table())
        case .csv:
            return Outcome(stdout: report.csv())
        case .swift:
            var family = report.request.family
            if case .spec(let spec, _) = report.request.subject { family = spec.family }
            var outcome = Outcome(stdout: report.swiftSource(typeName: ScaleReport.swiftTypeName(for: family)))
            // One warning per name the file ships that UIFont(name:) is not
            // known to take (a variable font's named instance).
            var warned = Set<String>()
            for entry in report.entries {
                guard let location = entry.face?.location, location.knownToUIFont == false,
                    let name = location.postscriptName, warned.insert(name).inserted
                else { continue }
                outcome.diagnostics.warning(
                    "the Swift file names '\(name)', a variable font's named instance: UIFont(name:) is not known "
                        + "to take it; use the default face's name with a 'wght' variation (README, "
                        + "\"Variable fonts on iOS\")")
            }
            return outcome
        case .tokens:
            return Outcome(
                stdout: DesignTokens.dtcg(report.tokenCells, description: tokenDescription(options))
                    .serialized(pretty: true))
        case .css:
            return Outcome(
                stdout: DesignTokens.css(report.tokenCells, defaultGroup: "large", header: tokenDescription(options)))
        default:
            return Outcome(stdout: report.json().serialized(pretty: context.stdoutIsTerminal))
        }
    }

    /// Why a spec could not be loaded.
    enum SpecLoadError: Error {
        /// The file cannot be opened or read.
        case unreadable(InputFileError)
        /// The file does not parse or decode, at a position.
        case malformed(SourceError)

        /// As a diagnostic: `status` for a malformed spec (2 for commands
        /// that need the spec, 1 for `check`, whose finding it is).
        func report(_ path: String, malformedStatus: ExitStatus = .cannotRun, into diagnostics: inout Diagnostics) {
            switch self {
            case .unreadable(let error):
                diagnostics.error(error.reason, status: .cannotRun, file: error.path)
            case .malformed(let error):
                diagnostics.error(error.message, status: malformedStatus, file: path, at: error.position)
            }
        }
    }

    /// Reads and decodes a spec (JSON or a ScaledFont property list), with
    /// its warnings, or why it cannot.
    static func readSpec(_ path: String) -> Result<(spec: DynamicFontSpec, diagnostics: Diagnostics), SpecLoadError> {
        switch SystemCalls.readInput(path, limit: 1 << 20, what: "a spec") {
        case .failure(let error):
            return .failure(.unreadable(error))
        case .success(let bytes):
            do {
                let decoded = try DynamicFontSpec.decode(file: bytes)
                var diagnostics = Diagnostics()
                for warning in decoded.warnings {
                    diagnostics.warning(warning.message, file: path, at: warning.position)
                }
                return .success((decoded.spec, diagnostics))
            } catch {
                return .failure(.malformed(error))
            }
        }
    }

    /// A spec, or the outcome that ends a run needing it (exit 2).
    static func loadSpec(_ path: String) -> Result<(spec: DynamicFontSpec, diagnostics: Diagnostics), OutcomeError> {
        readSpec(path).mapError { error in
            var outcome = Outcome()
            error.report(path, into: &outcome.diagnostics)
            return OutcomeError(outcome)
        }
    }

    /// `scale --spec`: sizes for a DynamicFont spec, with where each face is.
    static func scaleSpec(_ path: String, _ options: ScaleOptions, context: RunContext) -> Outcome {
        let (report, outcome) = specReport(path, options, context: context)
        guard let report else { return outcome }
        return finish(report, options, context: context, outcome)
    }

    /// The cells of a spec and the diagnostics so far, or (`nil`, the
    /// outcome that ends the run).
    static func specReport(_ path: String, _ options: ScaleOptions, context: RunContext) -> (ScaleReport?, Outcome) {
        let spec: DynamicFontSpec
        var outcome = Outcome()
        switch loadSpec(path) {
        case .failure(let error): return (nil, error.outcome)
        case .success(let decoded): (spec, outcome.diagnostics) = decoded
        }
        var request = options.request
        let defined = spec.styles.map(\.style)
        if options.stylesGiven {
            if let unknown = request.styles.first(where: { !defined.contains($0) }) {
                // The command line names a style this spec does not have.
                let names = defined.map(\.rawValue).joined(separator: ", ")
                outcome.diagnostics.error(
                    "defines no style '\(unknown.rawValue)' (it has \(names))", status: .usage, file: path)
                return (nil, outcome)
            }
        } else {
            request.styles = defined
        }
        request.subject = .spec(spec, name: path)

        let chosen = spec.styles.filter { request.styles.contains($0.style) }
        let wanted = Set(chosen.compactMap { spec.postscriptName(ofFace: $0.face) })
        let sources = FaceSources.load(options, context: context) { directoryFaces in
            // Bold Text looks for heavier faces where each face was found.
            options.boldText || !wanted.isSubset(of: Set(directoryFaces.compactMap(\.postscriptName)))
        }
        sources.report(into: &outcome.diagnostics)

        var fallbacks: [String: FaceLocation] = [:]
        for face in spec.faces where wanted.contains(face.postscriptName) && sources.find(face.postscriptName) == nil {
            let nearest = NameMatching.suggestions(for: face.postscriptName, among: sources.knownNames)
            var line =
                "face '\(face.key)' (\(face.postscriptName)) is not installed"
                + (options.fontsDirectories.isEmpty ? "" : " nor in --fonts-dir")
                + (nearest.isEmpty ? "" : "; nearest: " + nearest.map { "'\($0)'" }.joined(separator: ", "))
            if options.fallback {
                let (weight, italic) = spec.impliedStyle(ofFace: face.key)
                let family = spec.familyForMatching(ofFace: face.key)
                let match = fallback(
                    family: family, weight: weight, italic: italic, width: spec.width ?? 100, options, context: context)
                fallbacks[face.key] = match.face
                line += match.description
            }
            outcome.diagnostics.warning(line, file: path)
        }

        var resolutions: [TextStyle: FaceResolution] = [:]
        for style in chosen {
            let name = spec.postscriptName(ofFace: style.face)
            var resolution = FaceResolution(key: style.face, postscriptName: name)
            if let name, let (face, pool) = sources.find(name) {
                resolution.location = FaceLocation(face)
                if options.boldText { resolution.boldText = FaceMatching.boldTextStep(for: face, in: pool) }
            } else {
                resolution.fallback = fallbacks[style.face]
                if options.boldText { resolution.boldText = BoldTextStep(face: nil, reason: "the face is missing") }
            }
            resolutions[style.style] = resolution
        }
        return (request.resolve(faces: resolutions), outcome)
    }

    /// `scale --family`: each style in the family's face nearest its weight
    /// (or `--weight`), as CSS font matching picks it.
    static func scaleFamily(_ family: String, _ options: ScaleOptions, context: RunContext) -> Outcome {
        let (report, outcome) = familyReport(family, options, context: context)
        guard let report else { return outcome }
        return finish(report, options, context: context, outcome)
    }

    /// The cells of `--family` and the diagnostics so far, or (`nil`, the
    /// outcome that ends the run).
    static func familyReport(_ family: String, _ options: ScaleOptions, context: RunContext) -> (ScaleReport?, Outcome)
    {
        var outcome = Outcome()
        let sources = FaceSources.load(options, context: context) { directoryFaces in
            FontCatalog.faces(directoryFaces, inFamily: family).isEmpty
        }
        sources.report(into: &outcome.diagnostics)
        let request = options.request
        let pool = sources.pool(withFamily: family)
        let familyFaces = FontCatalog.faces(pool, inFamily: family)
        var resolutions: [TextStyle: FaceResolution] = [:]
        if familyFaces.isEmpty {
            let scope = options.fontsDirectories.isEmpty ? "installed" : "installed nor in --fonts-dir"
            let line =
                "no family named '\(family)' \(scope)"
                + didYouMean(NameMatching.suggestions(for: family, among: sources.familyNames))
            guard options.fallback else {
                outcome.diagnostics.error(line, status: .cannotRun)
                return (nil, outcome)
            }
            outcome.diagnostics.warning(line)
            var byWeight: [Int: FaceLocation] = [:]
            var asked = Set<Int>()
            for style in request.styles {
                let weight = options.weight ?? AppleTypeTable.iOS.weight(style).openTypeValue
                if asked.insert(weight).inserted {
                    let match = fallback(family: family, weight: weight, italic: false, options, context: context)
                    byWeight[weight] = match.face
                    outcome.diagnostics.warning("weight \(weight)\(match.description)")
                }
                resolutions[style] = FaceResolution(
                    key: nil, postscriptName: nil, fallback: byWeight[weight],
                    boldText: options.boldText ? BoldTextStep(face: nil, reason: "the family is missing") : nil)
            }
        } else {
            for style in request.styles {
                let weight = options.weight ?? AppleTypeTable.iOS.weight(style).openTypeValue
                guard let face = FaceMatching.nearest(to: weight, among: familyFaces) else { continue }
                resolutions[style] = FaceResolution(
                    key: nil, postscriptName: face.postscriptName, location: FaceLocation(face),
                    boldText: options.boldText ? FaceMatching.boldTextStep(for: face, in: pool) : nil)
            }
        }
        return (request.resolve(faces: resolutions), outcome)
    }

    /// Renders a report after the diagnostics gathered so far.
    private static func finish(_ report: ScaleReport, _ options: ScaleOptions, context: RunContext, _ outcome: Outcome)
        -> Outcome
    {
        var rendered = render(report, options, context: context)
        var diagnostics = outcome.diagnostics
        diagnostics.append(rendered.diagnostics)
        rendered.diagnostics = diagnostics
        return rendered
    }

    /// What fontconfig would use for a family and weight, and the words that
    /// say so after a missing-face message.
    static func fallback(
        family: String, weight: Int, italic: Bool, width: Int = 100, _ options: ScaleOptions, context: RunContext
    ) -> (face: FaceLocation?, description: String) {
        let registry = FontRegistry(configFile: options.fontconfigFile, cacheDirectory: context.cacheDirectory)
        do {
            guard let face = try registry.fallback(family: family, weight: weight, italic: italic, width: width) else {
                return (nil, "; fontconfig matches nothing for '\(family)'")
            }
            let name = face.postscriptName ?? "(no PostScript name)"
            return (
                FaceLocation(face),
                "; fallback: fontconfig would use \(name) (\(face.family)) for '\(family)' at weight \(weight)"
            )
        } catch {
            return (nil, "; no fallback: \(error.message)")
        }
    }

    /// `check --spec`: the spec's problems, errors failing the run. A spec
    /// that does not parse is a finding too (exit 1); one that cannot be
    /// read is not (exit 2).
    static func check(_ options: CheckOptions, context: RunContext) -> Outcome {
        var outcome = Outcome()
        var findings: [SpecProblem] = []
        switch readSpec(options.specPath) {
        case .failure(.unreadable(let error)):
            outcome.diagnostics.error(error.reason, status: .cannotRun, file: error.path)
            return outcome
        case .failure(let error):
            error.report(options.specPath, malformedStatus: .problemFound, into: &outcome.diagnostics)
        case .success(let (spec, diagnostics)):
            outcome.diagnostics = diagnostics
            outcome.diagnostics.listsEachFile = options.verbose
            let wanted = Set(spec.faces.map(\.postscriptName))
            let sources = FaceSources.load(
                directories: options.fontsDirectories, fontconfigFile: options.fontconfigFile, context: context
            ) { !wanted.isSubset(of: Set($0.compactMap(\.postscriptName))) }
            var found: [String: FaceLocation] = [:]
            for name in wanted { if let (face, _) = sources.find(name) { found[name] = FaceLocation(face) } }
            let known = sources.knownNames
            findings = SpecCheck.run(spec, faces: found) { NameMatching.suggestions(for: $0, among: known) }
            sources.report(into: &outcome.diagnostics)
            // The findings are the report on stdout, not diagnostics.
            if findings.contains(where: { $0.severity == .error }) { outcome.diagnostics.reportHasProblems = true }
        }
        let parseErrors = outcome.diagnostics.errors.filter { $0.position != nil }
        let errors = findings.filter { $0.severity == .error }.count + parseErrors.count
        switch options.format {
        case .json:
            outcome.stdout = JSONValue.object([
                "schemaVersion": .int(jsonSchemaVersion),
                "spec": .string(options.specPath),
                "ok": .bool(outcome.status == .success),
                "errors": outcome.diagnostics.errorsJSON,
                "problems": .array(
                    findings.map { problem in
                        .object([
                            "severity": .string(problem.severity.rawValue), "code": .string(problem.code),
                            "style": .string(problem.style?.rawValue), "category": .string(problem.category?.rawValue),
                            "message": .string(problem.message),
                        ])
                    }),
            ]).serialized(pretty: context.stdoutIsTerminal)
        default:
            var text = ""
            for problem in findings {
                text += "\(options.specPath): \(problem.severity.rawValue): \(problem.message)\n"
            }
            let warnings = findings.count - findings.filter { $0.severity == .error }.count
            text += "\(options.specPath): \(plural(errors, "error")), \(plural(warnings, "warning"))\n"
            outcome.stdout = text
        }
        return outcome
    }

    static func listFonts(_ options: ListFontsOptions, context: RunContext) -> Outcome {
        var outcome = Outcome()
        outcome.diagnostics.warningsAreErrors = options.strict
        outcome.diagnostics.listsEachFile = options.verbose
        var faces: [FontFace]
        var relativePaths: [String: String] = [:]
        if options.paths.isEmpty {
            do {
                let cache = options.useCache ? context.cacheDirectory : nil
                faces = try FontRegistry(configFile: options.fontconfigFile, cacheDirectory: cache).installedFaces()
            } catch {
                outcome.diagnostics.error(error.message, status: .cannotRun)
                return outcome
            }
        } else {
            let scan = FontRegistry.scanFiles(options.paths)
            faces = scan.faces
            // A file named on the command line is needed; one met in a
            // folder is a warning. So is a name ID 6 that breaks the
            // PostScript rules: apps use it as stored, other tools do not.
            for problem in scan.problems where problem.wasNamed {
                outcome.diagnostics.error(problem.reason, status: .cannotRun, file: problem.path)
            }
            var warnings = scan.problems.filter { !$0.wasNamed }.map { (path: $0.path, reason: $0.reason) }
            for face in faces where face.postscriptNameValid == false {
                warnings.append(
                    (
                        face.file,
                        "PostScript name '\(face.postscriptName ?? "")' breaks the PostScript rules (printable "
                            + "ASCII without spaces or []{}()<>/%, at most 63 characters); UIFont(name:) takes it "
                            + "as stored, fontconfig knows the face as '\(face.fontconfigPostscriptName ?? "-")'"
                    ))
            }
            outcome.diagnostics.fileWarnings(warnings)
            relativePaths = Dictionary(scan.files.map { ($0.path, $0.relativePath) }) { first, _ in first }
        }
        let scope = options.paths.isEmpty ? "installed" : "in the given files"
        if let family = options.family {
            let matching = FontCatalog.faces(faces, inFamily: family)
            if matching.isEmpty {
                outcome.diagnostics.error(
                    "no family named '\(family)' \(scope)"
                        + didYouMean(NameMatching.suggestions(for: family, among: FontCatalog.familyNames(faces))),
                    status: .problemFound)
                return outcome
            }
            faces = matching
        }
        if let name = options.postscriptName {
            let matching = FontCatalog.faces(faces, withPostScriptName: name)
            if matching.isEmpty {
                let names = Set(faces.compactMap(\.postscriptName)).sorted()
                outcome.diagnostics.error(
                    "no face with PostScript name '\(name)' \(scope)"
                        + (options.family.map { " in family '\($0)'" } ?? "")
                        + didYouMean(NameMatching.suggestions(for: name, among: names)),
                    status: .problemFound)
                return outcome
            }
            faces = matching
        }
        let families = FontCatalog.families(from: faces)
        switch options.format ?? (context.stdoutIsTerminal ? .table : .json) {
        case .plain: outcome.stdout = FontFamily.plain(families)
        case .uiappfonts:
            // One entry per file, by its path inside the folder it was found
            // in (its own name when named): the bundle-relative path.
            outcome.stdout = uiAppFontsFragment(faces.compactMap { relativePaths[$0.file] })
        case .table: outcome.stdout = FontFamily.table(families)
        default:
            let pretty = context.stdoutIsTerminal
            outcome.stream { write in FontFamily.writeJSON(families, pretty: pretty, to: write) }
        }
        return outcome
    }

    /// "; did you mean 'a' or 'b'?", or nothing.
    static func didYouMean(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// "1 error", "2 errors".
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

/// The faces a run may use: those in `--fonts-dir` (an app's own files, read
/// without installing them) and, when needed, the installed ones.
struct FaceSources {
    var directoryFaces: [FontFace] = []
    var installedFaces: [FontFace] = []
    /// Files in `--fonts-dir` that could not be used (warnings).
    var problems: [ScanProblem] = []
    /// Why the installed faces could not be listed (fontconfig failing).
    var failure: String?

    /// Scans the directories, then lists the installed faces when
    /// `needsInstalled` says the directories' faces are not enough.
    static func load(
        directories: [String], fontconfigFile: String?, context: RunContext,
        needsInstalled: ([FontFace]) -> Bool
    ) -> FaceSources {
        var sources = FaceSources()
        if !directories.isEmpty {
            let scan = FontRegistry.scan(directories)
            sources.directoryFaces = scan.faces
            sources.problems = scan.problems
        }
        if needsInstalled(sources.directoryFaces) {
            do {
                let registry = FontRegistry(configFile: fontconfigFile, cacheDirectory: context.cacheDirectory)
                sources.installedFaces = try registry.installedFaces()
            } catch {
                sources.failure = error.message
            }
        }
        return sources
    }

    static func load(_ options: ScaleOptions, context: RunContext, needsInstalled: ([FontFace]) -> Bool)
        -> FaceSources
    {
        load(
            directories: options.fontsDirectories, fontconfigFile: options.fontconfigFile, context: context,
            needsInstalled: needsInstalled)
    }

    /// Unusable files as warnings; fontconfig failing as an error (exit 2).
    func report(into diagnostics: inout Diagnostics) {
        diagnostics.fileWarnings(problems.map { ($0.path, $0.reason) })
        if let failure { diagnostics.error(failure, status: .cannotRun) }
    }

    /// The face with this PostScript name, `--fonts-dir` first, and the
    /// faces of the place it was found in.
    func find(_ postscriptName: String) -> (face: FontFace, pool: [FontFace])? {
        for pool in [directoryFaces, installedFaces] {
            if let face = pool.first(where: { $0.postscriptName == postscriptName }) { return (face, pool) }
        }
        return nil
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

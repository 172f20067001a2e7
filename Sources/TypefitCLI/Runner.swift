import FontRegistry
import TypefitCore

/// An outcome carried as an error, for helpers that either produce a value
/// or end the run.
struct OutcomeError: Error {
    var outcome: Outcome
    init(_ outcome: Outcome) { self.outcome = outcome }
}

/// typefit's exit statuses, decided in one place (`Runner.run`).
public enum ExitStatus: Int32, Sendable {
    /// Success (warnings may have been printed).
    case success = 0
    /// A runtime failure: nothing matched, a named font file could not be
    /// read, fontconfig failed.
    case failure = 1
    /// The command line is wrong (EX_USAGE).
    case usage = 64
}

/// What a run printed and how it ended; the caller writes it out.
public struct Outcome: Equatable, Sendable {
    /// Data for stdout, as bytes (large JSON documents are written as they
    /// were built, without a round trip through `String`).
    public var stdoutBytes: [UInt8] = []
    /// Data for stdout, as text.
    public var stdout: String {
        get { String(decoding: stdoutBytes, as: UTF8.self) }
        set { stdoutBytes = Array(newValue.utf8) }
    }
    /// Diagnostics for stderr.
    public var stderr = ""
    /// The exit status.
    public var status = ExitStatus.success

    /// Creates an outcome.
    public init(stdout: String = "", stderr: String = "", status: ExitStatus = .success) {
        self.stdoutBytes = Array(stdout.utf8)
        self.stderr = stderr
        self.status = status
    }
}

/// What a run may know about where it runs.
public struct RunContext: Sendable {
    /// Whether stdout is a terminal (people get tables, pipes get JSON).
    public var stdoutIsTerminal: Bool
    /// Where `list-fonts` may cache the installed listing; `nil` disables
    /// the cache (the default, so in-process runs never touch a user's home).
    public var cacheDirectory: String?

    /// The desktop's text scale and where it was read (`--category
    /// system`); `nil` when the desktop has none. In-process runs have none
    /// unless given one.
    public var desktopTextScale: @Sendable () -> (factor: Double, source: String)?

    /// Creates a context.
    public init(
        stdoutIsTerminal: Bool = false, cacheDirectory: String? = nil,
        desktopTextScale: @escaping @Sendable () -> (factor: Double, source: String)? = { nil }
    ) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.cacheDirectory = cacheDirectory
        self.desktopTextScale = desktopTextScale
    }
}

/// Runs typefit in-process: arguments in, an `Outcome` out.
public enum Runner {
    /// Parses and runs the arguments after the program name.
    public static func run(_ arguments: [String], context: RunContext = RunContext()) -> Outcome {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            return Outcome(stderr: error.rendered, status: .usage)
        }
        return run(command, context: context)
    }

    /// Runs a parsed command.
    public static func run(_ command: Command, context: RunContext) -> Outcome {
        switch command {
        case .help(let topic):
            return Outcome(stdout: Help.text(topic))
        case .version:
            return Outcome(stdout: "typefit \(Help.version)\n")
        case .scale(let options):
            return scale(options, context: context)
        case .listFonts(let options):
            return listFonts(options, context: context)
        case .check(let options):
            return check(options, context: context)
        case .measure(let options):
            return measure(options, context: context)
        case .fit(let options):
            return fit(options, context: context)
        case .specimen(let options):
            return specimen(options, context: context)
        }
    }

    static func scale(_ options: ScaleOptions, context: RunContext) -> Outcome {
        var options = options
        var notes = ""
        if let keyword = options.categoryKeyword, options.platform == .ios || options.platform == .watchos {
            switch resolveCategoryKeyword(keyword, options, context: context) {
            case .failure(let error): return error.outcome
            case .success(let (categories, note)):
                options.categories = categories
                notes = note
            }
        }
        var outcome =
            options.platform == .ios ? scaleIOS(options, context: context) : platformScale(options, context: context)
        outcome.stderr = notes + outcome.stderr
        return outcome
    }

    static func scaleIOS(_ options: ScaleOptions, context: RunContext) -> Outcome {
        if let path = options.specPath { return scaleSpec(path, options, context: context) }
        if let family = options.family { return scaleFamily(family, options, context: context) }
        return render(options.request.resolve(), options, context: context)
    }

    static func render(_ report: ScaleReport, _ options: ScaleOptions, context: RunContext) -> Outcome {
        let format = options.format ?? (report.entries.count == 1 ? .value : context.stdoutIsTerminal ? .table : .json)
        switch format {
        case .value:
            guard let entry = report.entries.first, report.entries.count == 1 else {
                return Outcome(
                    stderr:
                        "typefit: error: '--format value' needs exactly one cell; \(report.entries.count) are selected\n",
                    status: .failure)
            }
            return Outcome(stdout: shortestNumber(entry.primaryNumber) + "\n")
        case .table:
            return Outcome(stdout: report.table())
        case .csv:
            return Outcome(stdout: report.csv())
        case .swift:
            var family = report.request.family
            if case .spec(let spec, _) = report.request.subject { family = spec.family }
            return Outcome(stdout: report.swiftSource(typeName: ScaleReport.swiftTypeName(for: family)))
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

    /// Reads and decodes a spec (JSON or a ScaledFont property list), or the
    /// outcome that reports why it cannot. The spec's warnings come back as
    /// stderr lines.
    static func loadSpec(_ path: String) -> Result<(spec: DynamicFontSpec, stderr: String), OutcomeError> {
        switch InputFile.read(path) {
        case .failure(let error):
            return .failure(OutcomeError(Outcome(stderr: "typefit: error: \(error.message)\n", status: .failure)))
        case .success(let bytes):
            do {
                let decoded = try DynamicFontSpec.decode(file: bytes)
                let warnings = decoded.warnings.map { "typefit: warning: \(path):\($0.position): \($0.message)\n" }
                return .success((decoded.spec, warnings.joined()))
            } catch {
                let text = "typefit: error: \(path):\(error.position): \(error.message)\n"
                return .failure(OutcomeError(Outcome(stderr: text, status: .failure)))
            }
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
        case .success(let decoded): (spec, outcome.stderr) = decoded
        }
        var request = options.request
        let defined = spec.styles.map(\.style)
        if options.stylesGiven {
            if let unknown = request.styles.first(where: { !defined.contains($0) }) {
                let names = defined.map(\.rawValue).joined(separator: ", ")
                return (
                    nil,
                    Outcome(
                        stderr: outcome.stderr
                            + "typefit: error: \(path) defines no style '\(unknown.rawValue)' (it has \(names))\n",
                        status: .failure)
                )
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
        for problem in sources.problems { outcome.stderr += "typefit: warning: \(problem)\n" }

        var fallbacks: [String: FaceLocation] = [:]
        for face in spec.faces where wanted.contains(face.postscriptName) && sources.find(face.postscriptName) == nil {
            let nearest = NameMatching.suggestions(for: face.postscriptName, among: sources.knownNames)
            var line =
                "typefit: \(options.strict ? "error" : "warning"): \(path): face '\(face.key)' "
                + "(\(face.postscriptName)) is not installed"
                + (options.fontsDirectories.isEmpty ? "" : " nor in --fonts-dir")
                + (nearest.isEmpty ? "" : "; nearest: " + nearest.map { "'\($0)'" }.joined(separator: ", "))
            if options.fallback {
                let (weight, italic) = spec.impliedStyle(ofFace: face.key)
                let family = spec.familyForMatching(ofFace: face.key)
                let match = fallback(family: family, weight: weight, italic: italic, options, context: context)
                fallbacks[face.key] = match.face
                line += match.description
            }
            outcome.stderr += line + "\n"
            if options.strict { outcome.status = .failure }
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
        for problem in sources.problems { outcome.stderr += "typefit: warning: \(problem)\n" }
        let request = options.request
        let pool = sources.pool(withFamily: family)
        let familyFaces = FontCatalog.faces(pool, inFamily: family)
        var resolutions: [TextStyle: FaceResolution] = [:]
        if familyFaces.isEmpty {
            let scope = options.fontsDirectories.isEmpty ? "installed" : "installed nor in --fonts-dir"
            let names = NameMatching.suggestions(for: family, among: sources.familyNames)
            let line =
                "no family named '\(family)' \(scope)"
                + (names.isEmpty ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?")
            guard options.fallback else {
                return (nil, Outcome(stderr: outcome.stderr + "typefit: error: \(line)\n", status: .failure))
            }
            outcome.stderr += "typefit: \(options.strict ? "error" : "warning"): \(line)\n"
            if options.strict { outcome.status = .failure }
            var byWeight: [Int: FaceLocation] = [:]
            var asked = Set<Int>()
            for style in request.styles {
                let weight = options.weight ?? AppleTypeTable.iOS.weight(style).openTypeValue
                if asked.insert(weight).inserted {
                    let match = fallback(family: family, weight: weight, italic: false, options, context: context)
                    byWeight[weight] = match.face
                    outcome.stderr += "typefit: warning: weight \(weight)\(match.description)\n"
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
        rendered.stderr = outcome.stderr + rendered.stderr
        if rendered.status == .success { rendered.status = outcome.status }
        return rendered
    }

    /// What fontconfig would use for a family and weight, and the words that
    /// say so after a missing-face message.
    static func fallback(family: String, weight: Int, italic: Bool, _ options: ScaleOptions, context: RunContext) -> (
        face: FaceLocation?, description: String
    ) {
        let registry = FontRegistry(configFile: options.fontconfigFile, cacheDirectory: context.cacheDirectory)
        do {
            guard let face = try registry.fallback(family: family, weight: weight, italic: italic) else {
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

    /// `check --spec`: the spec's problems, errors failing the run.
    static func check(_ options: CheckOptions, context: RunContext) -> Outcome {
        let spec: DynamicFontSpec
        var outcome = Outcome()
        switch loadSpec(options.specPath) {
        case .failure(let error): return error.outcome
        case .success(let decoded): (spec, outcome.stderr) = decoded
        }
        let wanted = Set(spec.faces.map(\.postscriptName))
        let sources = FaceSources.load(
            directories: options.fontsDirectories, fontconfigFile: options.fontconfigFile, context: context
        ) { !wanted.isSubset(of: Set($0.compactMap(\.postscriptName))) }
        var found: [String: FaceLocation] = [:]
        for name in wanted { if let (face, _) = sources.find(name) { found[name] = FaceLocation(face) } }
        let known = sources.knownNames
        let findings = SpecCheck.run(spec, faces: found) { NameMatching.suggestions(for: $0, among: known) }
        for problem in sources.problems { outcome.stderr += "typefit: warning: \(problem)\n" }
        let errors = findings.filter { $0.severity == .error }.count
        if errors > 0 { outcome.status = .failure }
        switch options.format {
        case .json:
            outcome.stdout = JSONValue.object([
                "schemaVersion": .int(jsonSchemaVersion),
                "spec": .string(options.specPath),
                "ok": .bool(errors == 0),
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
            let warnings = findings.count - errors
            text +=
                "\(options.specPath): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")\n"
            outcome.stdout = text
        }
        return outcome
    }

    static func listFonts(_ options: ListFontsOptions, context: RunContext) -> Outcome {
        var outcome = Outcome()
        var faces: [FontFace]
        var relativePaths: [String: String] = [:]
        if options.paths.isEmpty {
            do {
                let cache = options.useCache ? context.cacheDirectory : nil
                faces = try FontRegistry(configFile: options.fontconfigFile, cacheDirectory: cache).installedFaces()
            } catch {
                return Outcome(stderr: "typefit: error: \(error.message)\n", status: .failure)
            }
        } else {
            let scan = FontRegistry.scanFiles(options.paths)
            faces = scan.faces
            for problem in scan.problems {
                let fails = problem.wasNamed || options.strict
                outcome.stderr += "typefit: \(fails ? "error" : "warning"): \(problem.message)\n"
                if fails { outcome.status = .failure }
            }
            relativePaths = Dictionary(scan.files.map { ($0.path, $0.relativePath) }) { first, _ in first }
        }
        let scope = options.paths.isEmpty ? "installed" : "in the given files"
        if let family = options.family {
            let matching = FontCatalog.faces(faces, inFamily: family)
            if matching.isEmpty {
                outcome.stderr +=
                    "typefit: error: no family named '\(family)' \(scope)"
                    + didYouMean(NameMatching.suggestions(for: family, among: FontCatalog.familyNames(faces))) + "\n"
                outcome.status = .failure
                return outcome
            }
            faces = matching
        }
        if let name = options.postscriptName {
            let matching = FontCatalog.faces(faces, withPostScriptName: name)
            if matching.isEmpty {
                let names = Set(faces.compactMap(\.postscriptName)).sorted()
                outcome.stderr +=
                    "typefit: error: no face with PostScript name '\(name)' \(scope)"
                    + (options.family.map { " in family '\($0)'" } ?? "")
                    + didYouMean(NameMatching.suggestions(for: name, among: names)) + "\n"
                outcome.status = .failure
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
        default: outcome.stdoutBytes = FontFamily.json(families, pretty: context.stdoutIsTerminal)
        }
        return outcome
    }

    private static func didYouMean(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}

/// The faces a run may use: those in `--fonts-dir` (an app's own files, read
/// without installing them) and, when needed, the installed ones.
struct FaceSources {
    var directoryFaces: [FontFace] = []
    var installedFaces: [FontFace] = []
    var problems: [String] = []

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
            sources.problems += scan.problems.map(\.message)
        }
        if needsInstalled(sources.directoryFaces) {
            do {
                let registry = FontRegistry(configFile: fontconfigFile, cacheDirectory: context.cacheDirectory)
                sources.installedFaces = try registry.installedFaces()
            } catch {
                sources.problems.append(error.message)
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

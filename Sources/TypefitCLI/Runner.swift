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

    /// Creates a context.
    public init(stdoutIsTerminal: Bool = false, cacheDirectory: String? = nil) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.cacheDirectory = cacheDirectory
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
        }
    }

    static func scale(_ options: ScaleOptions, context: RunContext) -> Outcome {
        if let path = options.specPath { return scaleSpec(path, options, context: context) }
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
            var family: String?
            if case .spec(let spec, _) = report.request.subject { family = spec.family }
            return Outcome(stdout: report.swiftSource(typeName: ScaleReport.swiftTypeName(for: family)))
        default:
            return Outcome(stdout: report.json().serialized(pretty: context.stdoutIsTerminal))
        }
    }

    /// Reads and decodes a spec, or the outcome that reports why it cannot.
    static func loadSpec(_ path: String) -> Result<DynamicFontSpec, OutcomeError> {
        switch InputFile.read(path) {
        case .failure(let error):
            return .failure(OutcomeError(Outcome(stderr: "typefit: error: \(error.message)\n", status: .failure)))
        case .success(let bytes):
            do {
                return .success(try DynamicFontSpec.decode(json: bytes))
            } catch {
                let text = "typefit: error: \(path):\(error.position): \(error.message)\n"
                return .failure(OutcomeError(Outcome(stderr: text, status: .failure)))
            }
        }
    }

    /// `scale --spec`: sizes for a DynamicFont spec, with where each face is.
    static func scaleSpec(_ path: String, _ options: ScaleOptions, context: RunContext) -> Outcome {
        let spec: DynamicFontSpec
        switch loadSpec(path) {
        case .failure(let error): return error.outcome
        case .success(let decoded): spec = decoded
        }
        var request = options.request
        let defined = spec.styles.map(\.style)
        if options.stylesGiven {
            if let unknown = request.styles.first(where: { !defined.contains($0) }) {
                let names = defined.map(\.rawValue).joined(separator: ", ")
                return Outcome(
                    stderr: "typefit: error: \(path) defines no style '\(unknown.rawValue)' (it has \(names))\n",
                    status: .failure)
            }
        } else {
            request.styles = defined
        }
        request.subject = .spec(spec, name: path)

        var outcome = Outcome()
        let wanted = Set(
            spec.styles.filter { request.styles.contains($0.style) }.compactMap { spec.postscriptName(ofFace: $0.face) }
        )
        let (found, known, problems) = locateFaces(
            wanted, directories: options.fontsDirectories, fontconfigFile: options.fontconfigFile, context: context)
        for problem in problems { outcome.stderr += "typefit: warning: \(problem)\n" }
        for face in spec.faces where wanted.contains(face.postscriptName) && found[face.postscriptName] == nil {
            let nearest = NameMatching.suggestions(for: face.postscriptName, among: known)
            outcome.stderr +=
                "typefit: \(options.strict ? "error" : "warning"): \(path): face '\(face.key)' "
                + "(\(face.postscriptName)) is not installed"
                + (options.fontsDirectories.isEmpty ? "" : " nor in --fonts-dir")
                + (nearest.isEmpty ? "" : "; nearest: " + nearest.map { "'\($0)'" }.joined(separator: ", ")) + "\n"
            if options.strict { outcome.status = .failure }
        }
        var rendered = render(request.resolve(faces: found), options, context: context)
        rendered.stderr = outcome.stderr + rendered.stderr
        if rendered.status == .success { rendered.status = outcome.status }
        return rendered
    }

    /// Where each wanted PostScript name is: `--fonts-dir` first (the app's
    /// own files), then the installed fonts, asked only for what is still
    /// missing. Also every name seen, for "nearest" suggestions.
    static func locateFaces(
        _ wanted: Set<String>, directories: [String], fontconfigFile: String?, context: RunContext
    ) -> (found: [String: FaceLocation], known: [String], problems: [String]) {
        var found: [String: FaceLocation] = [:]
        var known = Set<String>()
        var problems: [String] = []
        func take(_ faces: [FontFace]) {
            for face in faces {
                guard let name = face.postscriptName else { continue }
                known.insert(name)
                if wanted.contains(name) && found[name] == nil {
                    found[name] = FaceLocation(file: face.file, index: face.index)
                }
            }
        }
        if !directories.isEmpty {
            let scan = FontRegistry.scan(directories)
            take(scan.faces)
            problems += scan.problems.map(\.message)
        }
        if found.count < wanted.count {
            let cache = context.cacheDirectory
            do {
                take(try FontRegistry(configFile: fontconfigFile, cacheDirectory: cache).installedFaces())
            } catch {
                problems.append(error.message)
            }
        }
        return (found, known.sorted(), problems)
    }

    /// `check --spec`: the spec's problems, errors failing the run.
    static func check(_ options: CheckOptions, context: RunContext) -> Outcome {
        let spec: DynamicFontSpec
        switch loadSpec(options.specPath) {
        case .failure(let error): return error.outcome
        case .success(let decoded): spec = decoded
        }
        let (found, known, problems) = locateFaces(
            Set(spec.faces.map(\.postscriptName)), directories: options.fontsDirectories,
            fontconfigFile: options.fontconfigFile, context: context)
        let findings = SpecCheck.run(spec, faces: found) { NameMatching.suggestions(for: $0, among: known) }
        var outcome = Outcome()
        for problem in problems { outcome.stderr += "typefit: warning: \(problem)\n" }
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
        if options.paths.isEmpty {
            do {
                let cache = options.useCache ? context.cacheDirectory : nil
                faces = try FontRegistry(configFile: options.fontconfigFile, cacheDirectory: cache).installedFaces()
            } catch {
                return Outcome(stderr: "typefit: error: \(error.message)\n", status: .failure)
            }
        } else {
            let scan = FontRegistry.scan(options.paths)
            faces = scan.faces
            for problem in scan.problems {
                let level = problem.wasNamed ? "error" : "warning"
                outcome.stderr += "typefit: \(level): \(problem.message)\n"
                if problem.wasNamed { outcome.status = .failure }
            }
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
        case .table: outcome.stdout = FontFamily.table(families)
        default: outcome.stdoutBytes = FontFamily.json(families, pretty: context.stdoutIsTerminal)
        }
        return outcome
    }

    private static func didYouMean(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}

import FontRegistry
import TypefitCore

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
        }
    }

    static func scale(_ options: ScaleOptions, context: RunContext) -> Outcome {
        let report = options.request.resolve()
        let format = options.format ?? (options.cellCount == 1 ? .value : context.stdoutIsTerminal ? .table : .json)
        switch format {
        case .value:
            return Outcome(stdout: valueText(report.entries[0].primaryNumber) + "\n")
        case .table:
            return Outcome(stdout: report.table())
        default:
            return Outcome(stdout: report.json().serialized(pretty: context.stdoutIsTerminal))
        }
    }

    /// The bare number: whole numbers without a fraction, others in Swift's
    /// shortest form that reads back to the same Double.
    static func valueText(_ value: Double) -> String {
        if case .int(let int) = JSONValue.number(value) { return String(int) }
        return value.description
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

import TypefitCore
import TypefitKit

/// `typefit check --spec FILE`: what a spec would ship with.
public struct Check: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var face = FaceOptions()
        var sources = SourceOptions()
        var format: OutputFormat?

        /// The defaults.
        public init() {}

        /// `--verbose`, `--format json` (check has no `--strict`: its
        /// errors already fail the run).
        public var output: OutputSettings {
            OutputSettings(
                verbose: sources.verbose, json: format == .json, report: format?.isFindingReport == true ? format : nil)
        }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        FaceOptions.options.lifted(\Options.face).filter { $0.name == "--spec" }.map {
            $0.withHelp("The DynamicFont spec (JSON) or ScaledFont style dictionary (plist) to check.").required()
        }
        + SourceOptions.options.lifted(\Options.sources).without("--strict")
        + [
            formatOption(
                CheckRenderers.all.formats() + FindingReports.formats,
                default: "table (a CI log is read by people).", \.format)
        ]

    /// The name the command line gives it.
    public static let commandName = "check"

    /// The declaration.
    public static let configuration = declared(
        commandName,
        abstract: "Check a DynamicFont spec before it ships (exit 1 on errors).",
        discussion: """
            Errors (exit 1): a spec that does not parse, a face that is neither installed nor \
            in --fonts-dir, an explicit table that shrinks as the category grows, a size \
            below Apple's 11 pt minimum, a maxPointSize below the design size. Warnings \
            (exit 0): a model size below 11 pt at a small category, running text that does \
            not reach 200% of its Large size by AX5 (WCAG 1.4.4). A spec file that does not \
            exist or cannot be read exits 2.
            """,
        examples: [
            Example("typefit check --spec Fonts/MyFont.json --fonts-dir Fonts"),
            Example("typefit check --spec Fonts/MyFont.json --format json | jq '.problems[]'"),
        ])

    /// `--spec`: the spec to check.
    public var specPath: String
    /// `--fonts-dir`, `--fontconfig-file`.
    public var search: FontSearch
    /// `--format`: json, or table (the default on a terminal and in pipes:
    /// a CI log is read by people).
    public var format: OutputFormat

    /// Checks the options: the spec is needed.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        guard let spec = options.face.spec else {
            throw UsageError("missing '--spec <file>': the spec to check")
        }
        specPath = spec
        search = options.sources.search
        format = options.format ?? .table
    }

    /// Checks the spec: its findings are the report on stdout.
    public func run(context: RunContext) -> Outcome {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        var diagnostics = Diagnostics()
        let findings: [SpecProblem]
        do {
            try search.validate(&diagnostics)
            findings = try CheckJob(specPath: specPath, search: search).run(diagnostics: &diagnostics)
        } catch {
            return Outcome(diagnostics: diagnostics)
        }
        var outcome = Outcome(diagnostics: diagnostics)
        if format.isFindingReport {
            // The findings join the diagnostics for the report alone (the
            // framework writes it once the run is over); stderr says what
            // it always says.
            for problem in findings {
                var item = Diagnostic(
                    severity: problem.severity == .error ? .error : .warning, finding: .specProblem(problem),
                    file: specPath, position: problem.position,
                    status: problem.severity == .error ? .problemFound : .success)
                item.category = problem.category?.rawValue
                item.key = problem.face ?? problem.style?.rawValue
                item.shown = .reportsOnly
                outcome.diagnostics.add(item)
            }
            outcome.reportSubjects = [ReportSubject(file: specPath, language: nil, key: "spec")]
        } else {
            let output = CheckOutput(specPath: specPath, problems: findings, diagnostics: outcome.diagnostics)
            let renderer = CheckRenderers.all.renderer(for: format) ?? CheckTable.self
            let rendered = renderer.render(output, RenderContext(pretty: context.stdoutIsTerminal))
            outcome.stdoutBytes = rendered.stdoutBytes
        }
        return outcome
    }
}

import TypefitCore
import TypefitKit

/// `typefit fit`: the lines text needs at a width, at every text size.
public struct Fit: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var fit = FitOptions()
        var format: OutputFormat?
        var showsAll = false

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`, `--format json`.
        public var output: OutputSettings {
            OutputSettings(
                strict: fit.text.sources.strict, verbose: fit.text.sources.verbose, json: format == .json,
                report: format?.isFindingReport == true ? format : nil)
        }

        /// `--platform`.
        public var chosenPlatform: Platform { fit.text.chosenPlatform }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        FitOptions.options.lifted(\Options.fit)
        + [
            formatOption(
                FitRenderers.all.formats() + FindingReports.formats, default: "table on a terminal, else json.",
                \.format),
            .flag(
                "--all",
                help: "The table lists every string: by default, where a size is required (--require, a rule's "
                    + "require), only those that do not fit there, then a summary line.", \.showsAll),
        ]

    /// The name the command line gives it.
    public static let commandName = "fit"

    /// The declaration.
    public static let configuration = declared(
        commandName,
        abstract: "The lines text needs at a width, at every text size (a CI gate).",
        discussion: """
            Lines are filled greedily at Unicode (UAX #14) break opportunities; a word wider \
            than the line overflows and is reported ('!' after the line count in the table). \
            With --require, exit 1 when any string needs more than --lines lines at that \
            category; a font, spec or strings file that cannot be used exits 2, so a broken \
            set-up never looks like a failing check.
            """,
        arguments: [ArgumentDeclaration("text", help: "A string to fit (or give files with --strings).")],
        examples: [
            Example(
                "typefit fit --width 320 --style title1 --spec Fonts/MyFont.json --strings Localizable.xcstrings "
                    + "--require AX3"),
            Example(
                "typefit fit \"Einstellungen speichern\" --width 200 --lines 2 --style headline "
                    + "--family \"DejaVu Sans\""),
        ])

    /// The strings, rules and request.
    public var job: FitJob
    /// `--format`.
    public var format: OutputFormat?
    /// `--progress`.
    public var showsProgress = false
    /// `--all`.
    public var showsAll = false

    /// The job the options describe.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        job = try options.fit.job(arguments: arguments)
        (format, showsProgress, showsAll) = (options.format, options.fit.progress, options.showsAll)
    }

    /// The sizes the run requires: `--require`'s, or each rule's.
    static func requiredSizes(_ job: FitJob, _ result: FitJob.Result) -> [SizeSetting] {
        switch job.rules {
        case .one(let rule): return rule.require.map { [$0] } ?? []
        case .file: return result.rules?.rules.compactMap(\.require) ?? []
        }
    }

    /// Fits the strings: `--require` failures are errors (exit 1).
    public func run(context: RunContext) -> Outcome {
        var job = job
        context.configure(&job.search)
        return Outcome.reporting { diagnostics throws(Stopped) in
            try job.search.validate(&diagnostics)
            let result = try job.run(
                progress: TextOptions.progressLine(showsProgress, context), diagnostics: &diagnostics)
            var outcome = Outcome()
            Self.report(result, &outcome.diagnostics)
            let format = TextOptions.effectiveFormat(format, context)
            // A face that could not be opened (HarfBuzz or ICU missing)
            // laid nothing out: the run stops (exit 2) with nothing on
            // stdout, not rows of strings measured as blank.
            guard result.faceFailures.isEmpty else { return outcome }
            let summary = result.summary(
                required: Self.requiredSizes(job, result), requiresTranslations: job.requiresTranslations)
            if format.isFindingReport {
                // The framework writes the report once the run is over;
                // stderr says the run in one line (the report holds each
                // finding, a CI log need not say them twice).
                outcome.reportSubjects = Self.subjects(result)
                outcome.diagnostics.summary = summary
            } else {
                let renderer = FitRenderers.all.renderer(for: format) ?? FitJSON.self
                var output = FitOutput(result: result, job: job)
                (output.showsAll, output.summary) = (showsAll, summary)
                let rendered = renderer.render(output, RenderContext(pretty: context.stdoutIsTerminal))
                if let stream = rendered.stdoutStream {
                    outcome.stream(stream)
                } else {
                    outcome.stdoutBytes = rendered.stdoutBytes
                }
            }
            return outcome
        }
    }

    /// Faces that could not be opened, characters no face has (failing
    /// `--strict`), and strings failing where required (exit 1).
    static func report(_ result: FitJob.Result, _ diagnostics: inout Diagnostics) {
        for failure in result.faceFailures {
            diagnostics.error(.faceNotOpened(reason: failure), status: .cannotRun)
        }
        diagnostics.missingGlyphs(result.missingGlyphs)
        TextOptions.reportPlaceholders(
            result.placeholders, problems: result.placeholders?.problems ?? [], into: &diagnostics)
        for failure in result.failures { diagnostics.add(failure.finding) }
    }

    /// Every string checked, once per key: a JUnit test case each.
    static func subjects(_ result: FitJob.Result) -> [ReportSubject] {
        var subjects: [ReportSubject] = []
        var seen = Set<String>()
        for group in result.groups {
            for string in group.strings {
                let id = (string.file ?? "") + "\u{0}" + (string.language ?? "") + "\u{0}" + string.key
                guard seen.insert(id).inserted else { continue }
                subjects.append(ReportSubject(file: string.file, language: string.language, key: string.key))
            }
        }
        return subjects
    }
}

import TypefitCore
import TypefitKit

/// `typefit measure`: the width of text at every text size.
public struct Measure: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var strings: [String] = []
        var sourceSets: [String] = []
        var pseudolocales: [String] = []
        var text = TextOptions()
        var markdown: Bool?
        var progress = false
        var format: OutputFormat?

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`, `--format json`.
        public var output: OutputSettings {
            OutputSettings(strict: text.sources.strict, verbose: text.sources.verbose, json: format == .json)
        }

        /// `--platform`.
        public var chosenPlatform: Platform { text.chosenPlatform }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        [
            TextOptions.stringsOption(\Options.strings), TextOptions.sourceSetOption(\Options.sourceSets),
            TextOptions.pseudolocaleOption(\Options.pseudolocales),
        ]
        + TextOptions.options(style: "The text styles (required): a name, a comma list or 'all'.")
        .map { $0.name == "--style" ? $0.required() : $0 }.lifted(\Options.text)
        + TextOptions.markdownOptions(\Options.markdown)
        + [TextOptions.progressOption(\Options.progress)]
        + [
            formatOption(
                [
                    FormatChoice(format: .json, summary: "the widths as JSON (schema/measure.schema.json)"),
                    FormatChoice(format: .table, summary: "a table for people"),
                ], default: "table on a terminal, else json.", \.format)
        ]

    /// The declaration.
    public static let configuration = declared(
        "measure",
        abstract: "The width of text at every text size, shaped with HarfBuzz.",
        discussion: """
            Each text is shaped once per face (kerning, ligatures, complex scripts; advances \
            unhinted, as on iOS) and its width given at each category's point size. \
            Characters the face lacks are drawn with the face fontconfig falls back to, \
            named in the output.
            """,
        arguments: [ArgumentDeclaration("text", help: "A string to measure (or give files with --strings).")],
        examples: [
            Example("typefit measure \"Settings\" --style headline --font DejaVuSans-Bold --category large,AX5"),
            Example("typefit measure \"مرحبا بالعالم\" --style body --family \"Noto Sans Arabic\" --format json"),
        ])

    /// The strings, request and where faces are found.
    public var job: MeasureJob
    /// `--format`.
    public var format: OutputFormat?
    /// `--progress`.
    public var showsProgress = false

    /// Checks the options: there must be text.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        var request = try options.text.request()
        request.markdown = options.markdown
        job = MeasureJob(request: request, search: options.text.sources.search)
        (job.texts, job.stringsFiles, job.sourceSets) = (arguments, options.strings, options.sourceSets)
        job.pseudolocales = TextOptions.pseudolocales(options.pseudolocales)
        (showsProgress, format) = (options.progress, options.format)
        guard !arguments.isEmpty || !options.strings.isEmpty else {
            throw UsageError("missing the text to measure (arguments, or files with '--strings')")
        }
        try TextOptions.refuseStringsFileArguments(arguments)
    }

    /// Measures the strings.
    public func run(context: RunContext) -> Outcome {
        var job = job
        context.configure(&job.search)
        return Outcome.reporting { diagnostics throws(Stopped) in
            try job.search.validate(&diagnostics)
            let progress = TextOptions.progressLine(showsProgress, context)
            guard TextOptions.effectiveFormat(format, context) != .table else {
                let result = try job.run(
                    asTable: true, pretty: context.stdoutIsTerminal, progress: progress, diagnostics: &diagnostics)
                var outcome = Outcome()
                for failure in result.faceFailures {
                    outcome.diagnostics.error(.faceNotOpened(reason: failure), status: .cannotRun)
                }
                outcome.diagnostics.missingGlyphs(result.missingGlyphs)
                // Nothing on stdout from a run that could not lay out.
                if result.faceFailures.isEmpty { outcome.stdoutBytes = result.document }
                return outcome
            }
            // JSON is measured as it is written: every style and category
            // of a big catalog is gigabytes, never held whole.
            let prepared = try job.prepare(diagnostics: &diagnostics)
            var outcome = Outcome()
            for failure in prepared.faceFailures {
                outcome.diagnostics.error(.faceNotOpened(reason: failure), status: .cannotRun)
            }
            guard prepared.faceFailures.isEmpty else { return outcome }
            let pretty = context.stdoutIsTerminal
            outcome.stream { write, found in
                let written = MeasureJob.writeJSON(prepared, pretty: pretty, progress: progress, to: write)
                found.missingGlyphs(written.missingGlyphs)
                return written.ok
            }
            return outcome
        }
    }
}

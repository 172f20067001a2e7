import TypefitCore
import TypefitKit

/// `typefit measure`: the width of text at every text size.
public struct Measure: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var strings: [String] = []
        var sourceSets: [String] = []
        var pseudolocales: [String] = []
        var qualifiers: [String] = []
        var text = TextOptions()
        var markdown: Bool?
        var html = false
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
            TextOptions.pseudolocaleOption(\Options.pseudolocales), TextOptions.qualifiersOption(\Options.qualifiers),
        ]
        + TextOptions.options(style: "The text styles (required): a name, a comma list or 'all'.")
        .map { $0.name == "--style" ? $0.required() : $0 }.lifted(\Options.text)
        + TextOptions.markdownOptions(\Options.markdown) + [TextOptions.htmlOption(\Options.html)]
        + [TextOptions.progressOption(\Options.progress)]
        + [formatOption(MeasureRenderers.all.formats(), default: "table on a terminal, else json.", \.format)]

    /// The name the command line gives it.
    public static let commandName = "measure"

    /// The declaration.
    public static let configuration = declared(
        commandName,
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
        request.html = options.html
        job = MeasureJob(request: request, search: options.text.sources.search)
        (job.texts, job.stringsFiles, job.sourceSets) = (arguments, options.strings, options.sourceSets)
        job.pseudolocales = TextOptions.pseudolocales(options.pseudolocales)
        job.configurations = TextOptions.qualifiers(options.qualifiers)
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
            let prepared = try job.prepare(diagnostics: &diagnostics)
            // Nothing measured, nothing on stdout, from faces that could
            // not be opened.
            guard prepared.faceFailures.isEmpty else {
                var outcome = Outcome()
                for failure in prepared.faceFailures {
                    outcome.diagnostics.error(.faceNotOpened(reason: failure), status: .cannotRun)
                }
                return outcome
            }
            let format = TextOptions.effectiveFormat(format, context)
            let renderer = MeasureRenderers.all.renderer(for: format) ?? MeasureJSON.self
            return renderer.render(
                MeasureOutput(prepared: prepared, progress: TextOptions.progressLine(showsProgress, context)),
                RenderContext(pretty: context.stdoutIsTerminal))
        }
    }
}

import TypefitCore
import TypefitKit

/// `typefit measure`: the width of text at every text size.
public struct Measure: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var strings: [String] = []
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
        [TextOptions.stringsOption(\Options.strings)]
        + TextOptions.options(style: "The text styles (required): a name, a comma list or 'all'.")
        .map { $0.name == "--style" ? $0.required() : $0 }.lifted(\Options.text)
        + TextOptions.markdownOptions(\Options.markdown)
        + [TextOptions.progressOption(\Options.progress)]
        + [formatOption([.json, .table], help: "Default: table on a terminal, else json.", \.format)]

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

    /// Styles, categories, face, language, samples, platform.
    public var settings: Request
    /// `--fonts-dir`, `--fontconfig-file`.
    public var search: FontSearch
    /// The strings given as arguments.
    public var texts: [String]
    /// `--strings` files (repeatable): `.strings`, `.xcstrings`, text.
    public var stringsFiles: [String]
    /// `--format`.
    public var format: OutputFormat?
    /// `--progress`.
    public var showsProgress = false

    /// Checks the options: there must be text.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        settings = try options.text.request()
        settings.markdown = options.markdown
        showsProgress = options.progress
        search = options.text.sources.search
        format = options.format
        texts = arguments
        stringsFiles = options.strings
        guard !texts.isEmpty || !stringsFiles.isEmpty else {
            throw UsageError("missing the text to measure (arguments, or files with '--strings')")
        }
    }

    /// Measures the strings: the strings first, so that a malformed file
    /// ends the run before any font work, then the cells and their faces.
    public func run(context: RunContext) -> Outcome {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        return Outcome.reporting { diagnostics throws(Stopped) in
            try search.validate(&diagnostics)
            let (written, cells) = try TextJob.prepare(
                texts: texts, files: stringsFiles, settings, search: search, diagnostics: &diagnostics)
            var counts = MarkdownText.Counts()
            let strings = MarkdownText.render(written, mode: settings.markdown, counts: &counts)
            MarkdownText.note(counts, into: &diagnostics)
            let styled = StyledFaces.find(for: strings, cells: cells, search: search, diagnostics: &diagnostics)
            let measurements = Measurements(cells: cells, configFile: search.fontconfigFile, styled: styled)
            let asTable = TextOptions.effectiveFormat(format, context) == .table
            let progress = TextOptions.progressLine(showsProgress, context)
            progress?.start(total: strings.count)
            var done = 0
            let rendered = MeasureDocument.render(
                strings: strings, cells: cells, asTable: asTable, showText: !stringsFiles.isEmpty,
                pretty: context.stdoutIsTerminal, model: settings.sizeModel
            ) { string in
                defer {
                    done += 1
                    if done % 64 == 0 { progress?.advance(to: done) }
                }
                return measurements.measure(string)
            }
            progress?.finish()
            var outcome = Outcome()
            for failure in measurements.failures { outcome.diagnostics.error(failure, status: .cannotRun) }
            for (text, missing) in rendered.missing {
                outcome.diagnostics.warning("\(missing) character(s) of \"\(text)\" have no glyph in any face")
            }
            outcome.stdoutBytes = rendered.bytes
            return outcome
        }
    }
}

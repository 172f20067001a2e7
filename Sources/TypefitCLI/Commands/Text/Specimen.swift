import FontRegistry
import TypefitCore
import TypefitKit

/// `typefit specimen`: the type ramp as an SVG drawn from the font's own
/// outlines.
public struct Specimen: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var sample: String?
        var width: LineWidth?
        var lines: Int?
        var lineBreaks = LineBreakOptions()
        var outputFile: String?
        var followSymlinks = false
        var text = TextOptions()

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`; SVG, never JSON.
        public var output: OutputSettings { OutputSettings(strict: text.sources.strict, verbose: text.sources.verbose) }

        /// `--platform`.
        public var chosenPlatform: Platform { text.chosenPlatform }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        [
            .string("--text", "text", help: "The sample line (default: a pangram).", \.sample),
            .value(
                "--width", "width",
                help: "Lay each sample out in lines at this width, as fit breaks it, with a guide (a word wider "
                    + "than the line in red): points, dp with --platform android, or with its unit (328dp).",
                \.width, parse: ValueParsers.width),
            .value(
                "--lines", "n",
                help: "Cut each sample to n lines as UILabel.numberOfLines does, ending in '…' (default: unlimited, as "
                    + "SwiftUI's Text).", \.lines
            ) { text throws(UsageError) in
                guard let n = Int(text.trimmingSpaces), n >= 1, n <= 1000 else {
                    throw UsageError("'--lines' takes a whole number from 1 to 1000 (got '\(text)')")
                }
                return n
            },
            .string(
                "--output", "file.svg", help: "Write the SVG here (default: stdout).",
                completion: .file(extensions: ["svg"]), \.outputFile),
            TextOptions.followSymlinksOption(\.followSymlinks),
        ]
        + TextOptions.options(style: "Text styles: a name, a comma list or 'all' (default: all, or the spec's).")
        .lifted(\Options.text)
        + LineBreakOptions.options.lifted(\Options.lineBreaks)

    /// The name the command line gives it.
    public static let commandName = "specimen"

    /// The declaration.
    public static let configuration = declared(
        commandName,
        abstract: "The whole type ramp as an SVG drawn from the font's own outlines.",
        discussion: """
            Writes an SVG with the sample in every text style and content size category, \
            drawn from the font's own glyph outlines (FreeType) placed by HarfBuzz, so it \
            looks right on a machine without the font. With --width each sample wraps where \
            fit breaks it, right-to-left paragraphs aligned right; line breaks in the text \
            always start a line. Styles are rows, categories columns, the accessibility sizes \
            on a tinted band. A missing face is a marked box and a warning.
            """,
        examples: [
            Example("typefit specimen --spec Fonts/MyFont.json --fonts-dir Fonts --output specimen.svg"),
            Example("typefit specimen --family \"DejaVu Sans\" --style title1,body --width 320 > ramp.svg"),
        ])

    /// Styles (default: all, or the spec's), categories, face, language,
    /// samples, platform.
    public var settings: Request
    /// `--fonts-dir`, `--fontconfig-file`.
    public var search: FontSearch
    /// `--text`: the sample line.
    public var sample = "Sphinx of black quartz, judge my vow"
    /// `--width`: the line width in points, drawn as a guide.
    public var width: Double?
    /// `--lines`: the most lines a sample shows, truncated at the tail.
    public var maxLines: Int?
    /// `--output`: the SVG file (stdout when `nil`).
    public var output: String?
    /// `--follow-symlinks`: write through any link at `--output`.
    public var followSymlinks = false

    /// Reads the options (no style needed: all, or the spec's).
    public init(options: Options, arguments: [String]) throws(UsageError) {
        settings = try options.text.request(styleRequired: false)
        try options.lineBreaks.apply(to: &settings)
        search = options.text.sources.search
        if let sample = options.sample { self.sample = sample }
        width = try options.width?.value(on: settings.platform)
        maxLines = options.lines
        output = options.outputFile
        followSymlinks = options.followSymlinks
    }

    /// Draws the specimen, to `--output` or stdout.
    public func run(context: RunContext) -> Outcome {
        var search = search
        context.configure(&search)
        return Outcome.reporting { diagnostics throws(Stopped) in
            try search.validate(&diagnostics)
            let file = try TextOptions.openOutput(output, followSymlinks: followSymlinks, &diagnostics)
            let job = SpecimenJob(
                request: settings, search: search, sampleText: sample, width: width, maxLines: maxLines)
            let svg = try job.run(diagnostics: &diagnostics)
            var outcome = Outcome()
            TextOptions.deliver(svg, to: file, &outcome)
            return outcome
        }
    }
}

import TypefitCore
import TypefitKit

/// `typefit scale`: point sizes per text style and content size category.
public struct Scale: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var styleCategory = StyleCategoryOptions()
        var face = FaceOptions()
        var maxSize: Double?
        var value: Double?
        var model: SizeModel?
        var curve: ScalingCurve?
        var boldText = false
        var fallback = false
        var sources = SourceOptions()
        var platform = PlatformOptions()
        var displayScale: DisplayScale?
        var format: OutputFormat?

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`, `--format json`.
        public var output: OutputSettings {
            OutputSettings(strict: sources.strict, verbose: sources.verbose, json: format == .json)
        }

        /// `--platform`.
        public var chosenPlatform: Platform { platform.platform ?? .ios }
    }

    /// Why options that pick or scale faces need a face to work on.
    private static let facesOnly = "it concerns the faces they name"
    private static let specSays = "the spec file says how to scale"

    /// Every option, bound to its field, in the order help lists them, with
    /// how each combines with the others.
    public static let options: [Option<Options>] =
        StyleCategoryOptions.options.lifted(\Options.styleCategory)
        + FaceOptions.options.lifted(\Options.face).filter { $0.name == "--size" }.map {
            $0.excludes("--value", because: "one scales a font, the other a length")
                .excludes("--spec", because: specSays)
        }
        + [
            .value(
                "--max-size", "points",
                help: "With --size: clamp after rounding, as maximumPointSize does (0: no limit).", \.maxSize,
                parse: ValueParsers.points("--max-size", range: 0.0...1000, allowZero: true)
            ).needs("--size", because: "it clamps a custom font's size").excludes("--spec", because: specSays),
            .value(
                "--value", "points",
                help: "A length scaled as UIFontMetrics.scaledValue(for:), snapped to the pixel grid "
                    + "(with --spec: on the spec's curve, beside its sizes).", \.value,
                parse: ValueParsers.points("--value", range: 0.0...10_000, allowZero: true)
            ).only(on: .ios).excludes("--family", because: "a length has no face"),
            .value(
                "--model", "model",
                help: "uifontmetrics (the default) or proportional (the size ratio, as Flutter scales); with "
                    + "--family also system (Apple's table for the system font, as if the family were SF).",
                \.model
            ).only(on: .ios).needs("--size", "--value", "--family", because: "the system font follows Apple's table")
                .excludes("--spec", because: specSays),
            .value(
                "--curve", "curve",
                help: "hig (the default: the ratio of the HIG's leadings, the model behind UIKit's code) "
                    + "or measured (a single published table of multipliers, unverified).",
                \.curve
            ).only(on: .ios).needs("--size", "--value", "--family", because: "the system font follows Apple's table")
                .excludes("--spec", because: specSays),
        ]
        + FaceOptions.options.lifted(\Options.face).without("--font", "--size").replacingHelp(
            of: "--family",
            with: "Without a spec: each style uses this family's face nearest its weight (CSS font matching)."
        ).constraining(["--family"]) {
            $0.only(on: .ios).excludes("--spec", because: "the spec names its faces")
        }.constraining(["--weight"]) {
            $0.only(on: .ios).needs("--family", because: "it picks that family's face nearest the weight")
        }
        + [
            .flag(
                "--bold-text",
                help: "With --spec or --family: iOS's Bold Text setting; each face steps to the next "
                    + "heavier face of its family.", \.boldText
            ).only(on: .ios).needs("--spec", "--family", because: facesOnly),
            .flag(
                "--fallback",
                help: "With --spec or --family: for a missing face, report the face fontconfig would use "
                    + "for its family and weight.", \.fallback
            ).only(on: .ios).needs("--spec", "--family", because: facesOnly),
        ]
        + SourceOptions.options.lifted(\Options.sources).constraining(
            ["--fonts-dir", "--fontconfig-file", "--strict"]
        ) { $0.needs("--spec", "--family", because: facesOnly) }
        + PlatformOptions.options.lifted(\Options.platform)
        + [
            .value(
                "--display-scale", "scale",
                help: "The pixel grid values and line heights snap to (default: 3, a third of a point).",
                \.displayScale
            ).needs("--size", "--value", "--spec", "--family", because: "the system font follows Apple's table"),
            formatOption(
                ScaleRenderers.all.formats(), default: "value for one cell, else table on a terminal, else json.",
                \.format),
        ]

    /// The name the command line gives it.
    public static let commandName = "scale"

    /// The declaration.
    public static let configuration = declared(
        commandName,
        abstract: "Point sizes per text style and content size category.",
        discussion: """
            Without --size: Apple's own table for the system font \
            (preferredFont(forTextStyle:)). With --size: a custom font scaled as \
            UIFontMetrics.scaledFont(for:) scales it. With --value: a length scaled as \
            UIFontMetrics.scaledValue(for:) scales it. With --spec: a custom family described \
            by a DynamicFont spec or a ScaledFont plist. With --family: each style in the \
            face of that family nearest its weight (preferredFont(for:weight:) with --weight).
            """,
        examples: [
            Example("typefit scale --style body --category accessibilityLarge", "prints 33"),
            Example("typefit scale --style body --size 17 --category AX5", "prints 48"),
            Example("typefit scale --style body --value 17 --category medium", "prints 16.333333333333332"),
            Example("typefit scale --format table"),
            Example("typefit scale --spec Fonts/MyFont.json --fonts-dir Fonts --strict"),
            Example("typefit scale --spec Fonts/MyFont.plist --bold-text --fallback"),
            Example("typefit scale --family \"DejaVu Sans\" --weight semibold --style body --format table"),
            Example("typefit scale --platform android --style bodyLarge --font-scale 2.0", "prints 28"),
        ])

    /// What to size.
    public var request: Request
    /// `--fonts-dir`, `--fontconfig-file`.
    public var search: FontSearch
    /// `--format`; `nil` picks value for one cell, else table on a terminal
    /// and JSON otherwise.
    public var format: OutputFormat?

    /// The request the options make, validated, and what the output format
    /// can print.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        let face = options.face
        var request = try options.platform.request(styles: options.styleCategory)
        request.face = face.face
        (request.weight, request.designSize, request.maximumPointSize) = (
            face.weight?.value, face.size, options.maxSize
        )
        (request.length, request.model, request.curve) = (options.value, options.model, options.curve)
        (request.displayScale, request.boldText, request.fallback) =
            (options.displayScale?.value, options.boldText, options.fallback)
        self.request = try request.validated()
        (self.search, self.format) = (options.sources.search, options.format)
        if options.format == ScaleSwift.format, case .value = request.subject {
            throw UsageError("'--format swift' writes point sizes; it does not go with '--value'")
        }
        if request.platform.isFlutter, let format = options.format,
            [ScaleSwift.format, ScaleTokens.format, ScaleCSS.format].contains(format)
        {
            let fromFont = (request.platformStyles ?? []).filter { FlutterTypeScale.role($0)?.height == nil }
            if !fromFont.isEmpty {
                throw UsageError(
                    "'--format \(format.rawValue)' writes line heights, and Cupertino's "
                        + fromFont.joined(separator: ", ")
                        + " set none (the font's ascent, descent and line gap make the line): "
                        + "use --format json, csv or table, or Material 3's roles")
            }
        }
        let keyword = request.categories.map { $0.list == nil } ?? false
        let specStyles = face.spec != nil && request.styles == nil
        if options.format == ScaleValue.format && request.platform == .ios && !keyword && request.cellCount != 1
            && !specStyles
        {
            throw UsageError(
                "'--format value' needs exactly one style and one category (\(request.cellCount) selected)")
        }
    }

    /// Prints the sizes.
    public func run(context: RunContext) -> Outcome {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        return Outcome.reporting { diagnostics throws(Stopped) in
            try search.validate(&diagnostics)
            let job = ScaleJob(request: request, search: search, desktopTextScale: context.desktopTextScale)
            return render(try job.run(diagnostics: &diagnostics), context: context)
        }
    }

    /// `--format value` with more than one cell: the command line asks for
    /// what cannot be printed.
    static func valueNeedsOneCell(_ count: Int) -> UsageError {
        UsageError("'--format value' needs exactly one cell; \(count) are selected", subcommand: "scale")
    }

    /// The report in the chosen format (`ScaleRenderers`): the bare value
    /// when one cell is selected, else a table on a terminal, else JSON.
    func render(_ report: ScaleJob.Report, context: RunContext) -> Outcome {
        let format =
            format
            ?? (ScaleRenderers.cellCount(report) == 1 ? ScaleValue.format : context.stdoutIsTerminal ? .table : .json)
        let renderer = ScaleRenderers.all.renderer(for: format) ?? ScaleJSON.self
        return renderer.render(report, RenderContext(pretty: context.stdoutIsTerminal))
    }
}

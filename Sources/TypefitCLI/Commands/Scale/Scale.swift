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
        var model: String?
        var curve: String?
        var boldText = false
        var fallback = false
        var sources = SourceOptions()
        var platform = PlatformOptions()
        var displayScale: String?
        var format: OutputFormat?

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`, `--format json`.
        public var output: OutputSettings {
            OutputSettings(strict: sources.strict, verbose: sources.verbose, json: format == .json)
        }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        StyleCategoryOptions.options.lifted(\Options.styleCategory)
        + FaceOptions.options.lifted(\Options.face).filter { $0.name == "--size" }
        + [
            .value(
                "--max-size", "points",
                help: "With --size: clamp after rounding, as maximumPointSize does (0: no limit).", \.maxSize,
                parse: ValueParsers.points("--max-size", range: 0.0...1000, allowZero: true)),
            .value(
                "--value", "points",
                help: "A length scaled as UIFontMetrics.scaledValue(for:), snapped to the pixel grid "
                    + "(with --spec: on the spec's curve, beside its sizes).", \.value,
                parse: ValueParsers.points("--value", range: 0.0...10_000, allowZero: true)),
            .string(
                "--model", "model",
                help: "uifontmetrics (the default) or proportional (the size ratio, as Flutter scales); with "
                    + "--family also system (Apple's table for the system font, as if the family were SF).",
                values: ["uifontmetrics", "proportional", "system"], validatesValues: true, \.model),
            .string(
                "--curve", "curve",
                help: "hig (the default: the ratio of the HIG's leadings, the model behind UIKit's code) "
                    + "or measured (a single published table of multipliers, unverified).",
                values: ScalingCurve.acceptedNames, \.curve),
        ]
        + FaceOptions.options.lifted(\Options.face).without("--font", "--size").replacingHelp(
            of: "--family",
            with: "Without a spec: each style uses this family's face nearest its weight (CSS font matching).")
        + [
            .flag(
                "--bold-text",
                help: "With --spec or --family: iOS's Bold Text setting; each face steps to the next "
                    + "heavier face of its family.", \.boldText),
            .flag(
                "--fallback",
                help: "With --spec or --family: for a missing face, report the face fontconfig would use "
                    + "for its family and weight.", \.fallback),
        ]
        + SourceOptions.options.lifted(\Options.sources)
        + PlatformOptions.options.lifted(\Options.platform)
        + [
            .string(
                "--display-scale", "scale",
                help: "The pixel grid values and line heights snap to (default: 3, a third of a point).",
                values: ["1", "2", "3"], validatesValues: true, \.displayScale),
            formatOption(
                [.json, .table, .value, .csv, .swift, .tokens, .css],
                help: "value is the bare number of one cell; swift a Swift file with the table; tokens "
                    + "W3C design tokens; css custom properties in rem. Default: value for one cell, "
                    + "else table on a terminal, else json.", \.format),
        ]

    /// The declaration.
    public static let configuration = declared(
        "scale",
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
    public var settings: ScaleSettings
    /// `--fonts-dir`, `--fontconfig-file`.
    public var search: FontSearch
    /// `--format`; `nil` picks value for one cell, else table on a terminal
    /// and JSON otherwise.
    public var format: OutputFormat?

    /// Checks how the options combine.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        var settings = ScaleSettings()
        let face = options.face
        let styleCategory = options.styleCategory
        settings.stylesGiven = styleCategory.style != nil
        settings.platform = try options.platform.choice(
            styles: styleCategory,
            iosOnly: [
                ("--family", face.family != nil), ("--weight", face.weight != nil), ("--value", options.value != nil),
                ("--bold-text", options.boldText), ("--fallback", options.fallback), ("--model", options.model != nil),
                ("--curve", options.curve != nil),
            ])
        let platform = settings.platform.platform
        if platform == .ios, let styles = try styleCategory.iosStyles() {
            settings.styles = styles
        }
        if let categories = styleCategory.category {
            settings.categoriesGiven = true
            let keyword = categories.trimmingSpaces.lowercased()
            if keyword == "default" || keyword == "system" {
                settings.categoryKeyword = keyword
            } else if let list = try styleCategory.categories() {
                settings.categories = list
                try PlatformOptions.checkCategories(list, on: platform)
            }
        }
        let size = try face.parsedSize()
        let value = options.value
        let maximum = options.maxSize
        switch (size, value) {
        case (.some, .some):
            throw UsageError("'--size' and '--value' cannot be combined: one scales a font, the other a length")
        case (.some(let size), nil):
            settings.subject = .customFont(designSize: size, maximumPointSize: maximum ?? 0)
        case (nil, .some(let value)):
            settings.subject = .value(value)
        case (nil, nil):
            break
        }
        if maximum != nil && size == nil {
            throw UsageError("'--max-size' needs '--size' (it clamps a custom font's size)")
        }
        let custom = size != nil || value != nil
        let given: [(String, Bool)] = [
            ("--model", options.model != nil), ("--curve", options.curve != nil),
            ("--display-scale", options.displayScale != nil),
        ]
        for (name, isGiven) in given where isGiven && !custom {
            if name == "--display-scale" && (face.spec != nil || face.family != nil) { continue }
            // A family is a custom font: its sizes follow a model too.
            if name != "--display-scale" && face.family != nil && face.spec == nil { continue }
            throw UsageError("'\(name)' needs '--size' or '--value' (the system font follows Apple's table)")
        }
        if options.model == "system" && (custom || face.family == nil) {
            throw UsageError("'--model system' goes with --family without --size (Apple's table for its faces)")
        }
        if let model = options.model, model != "system" { settings.modelName = model }
        if face.family != nil, face.spec == nil, !custom, options.model != "system" {
            // A family named without a design size is a custom font: each
            // style's Large size, scaled as Font.custom(_:size:relativeTo:).
            settings.subject = .customFontAtStyleSizes
        }
        if let curve = options.curve {
            guard let found = ScalingCurve.named(curve) else {
                throw UsageError(NameMatching.choiceMessage("'--curve'", curve, ScalingCurve.acceptedNames))
            }
            if settings.modelName == "proportional" {
                throw UsageError("'--curve' applies to the uifontmetrics model, not 'proportional'")
            }
            settings.curveName = found.name
        }
        if let scale = options.displayScale, let n = Int(scale) { settings.displayScale = n }
        settings.face.specPath = face.spec
        settings.face.family = face.family
        settings.boldText = options.boldText
        settings.fallback = options.fallback
        if let weight = try face.parsedWeight() {
            guard face.family != nil else {
                throw UsageError("'--weight' needs '--family' (it picks that family's face nearest the weight)")
            }
            settings.face.weight = weight
        }
        if face.spec != nil {
            if face.family != nil {
                throw UsageError("'--family' cannot be combined with '--spec' (the spec names its faces)")
            }
            let fixed: [(String, Bool)] = [
                ("--size", face.size != nil), ("--max-size", maximum != nil), ("--model", options.model != nil),
                ("--curve", options.curve != nil),
            ]
            for (name, isGiven) in fixed where isGiven {
                throw UsageError("'\(name)' cannot be combined with '--spec' (the spec file says how to scale)")
            }
            if platform != .ios && styleCategory.style != nil {
                throw UsageError("with --spec the styles are the spec's; drop --style")
            }
            if case .value(let length) = settings.subject {
                // A length scaled alongside the spec's sizes, on its curve.
                settings.specValue = length
                settings.subject = .systemFont
            }
        } else if face.family != nil {
            if case .value = settings.subject {
                throw UsageError("'--value' scales a length, which has no face; it does not go with '--family'")
            }
        } else {
            let sources = options.sources
            let faceOnly: [(String, Bool)] = [
                ("--fonts-dir", !sources.search.directories.isEmpty), ("--strict", sources.strict),
                ("--fontconfig-file", sources.search.fontconfigFile != nil), ("--bold-text", options.boldText),
                ("--fallback", options.fallback),
            ]
            for (name, isGiven) in faceOnly where isGiven {
                throw UsageError("'\(name)' needs '--spec' or '--family' (it concerns the faces they name)")
            }
        }
        if let format = options.format {
            if format == .swift, case .value = settings.subject {
                throw UsageError("'--format swift' writes point sizes; it does not go with '--value'")
            }
            if format == .value && platform == .ios && settings.categoryKeyword == nil
                && settings.cellCount != 1 && !(face.spec != nil && styleCategory.style == nil)
            {
                throw UsageError(
                    "'--format value' needs exactly one style and one category (\(settings.cellCount) selected)")
            }
        }
        self.settings = settings
        self.search = options.sources.search
        self.format = options.format
    }

    /// Prints the sizes.
    public func run(context: RunContext) -> Outcome {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        return Outcome.reporting { diagnostics throws(Stopped) in
            try search.validate(&diagnostics)
            var settings = settings
            if let keyword = settings.categoryKeyword, [.ios, .watchos].contains(settings.platform.platform) {
                settings.categories = try ScaleJob.categories(
                    forKeyword: keyword, platform: settings.platform, desktopTextScale: context.desktopTextScale,
                    diagnostics: &diagnostics)
            }
            guard settings.platform.platform == .ios else {
                let report = try ScaleJob.platformReport(settings, diagnostics: &diagnostics)
                return render(report, context: context)
            }
            let report = try ScaleJob.report(settings, search: search, diagnostics: &diagnostics)
            return render(report, context: context)
        }
    }

    /// `--format value` with more than one cell: the command line asks for
    /// what cannot be printed.
    static func valueNeedsOneCell(_ count: Int) -> UsageError {
        UsageError("'--format value' needs exactly one cell; \(count) are selected", subcommand: "scale")
    }

    private var tokenDescription: String {
        PlatformReport.tokenDescription(platform: settings.platform.platform, version: Typefit.version)
    }

    /// An iOS report in the chosen format.
    func render(_ report: ScaleReport, context: RunContext) -> Outcome {
        let format = format ?? (report.entries.count == 1 ? .value : context.stdoutIsTerminal ? .table : .json)
        switch format {
        case .value:
            guard let entry = report.entries.first, report.entries.count == 1 else {
                var outcome = Outcome()
                outcome.diagnostics.usageError(Self.valueNeedsOneCell(report.entries.count))
                return outcome
            }
            return Outcome(stdout: shortestNumber(entry.primaryNumber) + "\n")
        case .table:
            return Outcome(stdout: report.table())
        case .csv:
            return Outcome(stdout: report.csv())
        case .swift:
            var family = report.request.family
            if case .spec(let spec, _) = report.request.subject { family = spec.family }
            var outcome = Outcome(stdout: report.swiftSource(typeName: ScaleReport.swiftTypeName(for: family)))
            for name in report.namesNotKnownToUIFont {
                outcome.diagnostics.warning(
                    "the Swift file names '\(name)', a variable font's named instance: UIFont(name:) is not known "
                        + "to take it; use the default face's name with a 'wght' variation "
                        + "(docs/REFERENCE.md, \"Variable fonts on iOS\")")
            }
            return outcome
        case .tokens:
            return Outcome(
                stdout: DesignTokens.dtcg(report.tokenCells, description: tokenDescription).serialized(pretty: true))
        case .css:
            return Outcome(
                stdout: DesignTokens.css(report.tokenCells, defaultGroup: "large", header: tokenDescription))
        default:
            return Outcome(stdout: report.json().serialized(pretty: context.stdoutIsTerminal))
        }
    }

    /// Another platform's report in the chosen format.
    func render(_ report: PlatformReport, context: RunContext) -> Outcome {
        var outcome = Outcome()
        let format = format ?? (report.cells.count == 1 ? .value : context.stdoutIsTerminal ? .table : .json)
        switch format {
        case .value:
            guard let cell = report.cells.first, report.cells.count == 1 else {
                outcome.diagnostics.usageError(Self.valueNeedsOneCell(report.cells.count))
                return outcome
            }
            outcome.stdout = shortestNumber(cell.pointSize) + "\n"
        case .table:
            outcome.stdout = report.table()
        case .csv:
            outcome.stdout = report.csv()
        case .swift:
            outcome.stdout = report.swift()
        case .tokens:
            outcome.stdout = DesignTokens.dtcg(report.tokenCells, description: tokenDescription)
                .serialized(pretty: true)
        case .css:
            outcome.stdout = DesignTokens.css(
                report.tokenCells, defaultGroup: report.tokenGroup(report.defaultCategory, scale: 1.0),
                header: tokenDescription)
        default:
            outcome.stdout = report.json().serialized(pretty: context.stdoutIsTerminal)
        }
        return outcome
    }
}

import TypefitCore

/// `typefit scale`: point sizes per text style and content size category.
public struct Scale: ParsableCommand {
    /// The declaration.
    public static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Point sizes per text style and content size category.",
        discussion: """
            Without --size: Apple's own table for the system font \
            (preferredFont(forTextStyle:)). With --size: a custom font scaled as \
            UIFontMetrics.scaledFont(for:) scales it. With --value: a length scaled as \
            UIFontMetrics.scaledValue(for:) scales it. With --spec: a custom family described \
            by a DynamicFont spec or a ScaledFont plist. With --family: each style in the \
            face of that family nearest its weight (preferredFont(for:weight:) with --weight).
            """,
        options: OptionGroups.styleAndCategory
            + [
                OptionGroups.face[4],
                .option(
                    "--max-size", "points",
                    help: "With --size: clamp after rounding, as maximumPointSize does (0: no limit)."),
                .option(
                    "--value", "points",
                    help: "A length scaled as UIFontMetrics.scaledValue(for:), snapped to the pixel grid "
                        + "(with --spec: on the spec's curve, beside its sizes)."),
                .option(
                    "--model", "model",
                    help: "uifontmetrics (the default) or proportional (the size ratio, as Flutter scales).",
                    values: ["uifontmetrics", "proportional"], validatesValues: true),
                .option(
                    "--curve", "curve",
                    help: "hig (the default: the ratio of the HIG's leadings, the model behind UIKit's code) "
                        + "or measured (a single published table of multipliers, unverified).",
                    values: ScalingCurve.acceptedNames),
            ]
            + OptionGroups.face.without("--font", "--size").replacingHelp(
                of: "--family",
                with: "Without a spec: each style uses this family's face nearest its weight (CSS font matching).")
            + [
                .flag(
                    "--bold-text",
                    help: "With --spec or --family: iOS's Bold Text setting; each face steps to the next "
                        + "heavier face of its family."),
                .flag(
                    "--fallback",
                    help: "With --spec or --family: for a missing face, report the face fontconfig would use "
                        + "for its family and weight."),
            ]
            + OptionGroups.fontSources
            + OptionGroups.platform
            + [
                .option(
                    "--display-scale", "scale",
                    help: "The pixel grid values and line heights snap to (default: 3, a third of a point).",
                    values: ["1", "2", "3"], validatesValues: true),
                OptionGroups.format(
                    [.json, .table, .value, .csv, .swift, .tokens, .css],
                    help: "value is the bare number of one cell; swift a Swift file with the table; tokens "
                        + "W3C design tokens; css custom properties in rem. Default: value for one cell, "
                        + "else table on a terminal, else json."),
            ],
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

    /// The options.
    public var options: ScaleOptions

    /// Creates the command.
    public init(_ options: ScaleOptions) { self.options = options }

    /// Reads the options and checks how they combine.
    public init(parsing parsed: ParsedArguments) throws(UsageError) {
        var options = ScaleOptions()
        options.stylesGiven = parsed.has("--style")
        try PlatformArguments.read(parsed, into: &options)
        if options.platform == .ios,
            let styles = try parsed.list("--style", all: TextStyle.allCases, parse: TextStyle.init(parsing:))
        {
            options.styles = styles
        }
        if let categories = parsed.last("--category") {
            options.categoriesGiven = true
            let keyword = categories.trimmingSpaces.lowercased()
            if keyword == "default" || keyword == "system" {
                options.categoryKeyword = keyword
            } else if let list = try parsed.list(
                "--category", all: ContentSizeCategory.allCases, parse: ContentSizeCategory.init(parsing:))
            {
                options.categories = list
                try PlatformArguments.checkCategories(list, on: options.platform)
            }
        }
        let size = try parsed.points("--size", range: 0.0...1000, allowZero: false)
        let value = try parsed.points("--value", range: 0.0...10_000, allowZero: true)
        let maximum = try parsed.points("--max-size", range: 0.0...1000, allowZero: true)
        switch (size, value) {
        case (.some, .some):
            throw UsageError("'--size' and '--value' cannot be combined: one scales a font, the other a length")
        case (.some(let size), nil):
            options.subject = .customFont(designSize: size, maximumPointSize: maximum ?? 0)
        case (nil, .some(let value)):
            options.subject = .value(value)
        case (nil, nil):
            break
        }
        if maximum != nil && size == nil {
            throw UsageError("'--max-size' needs '--size' (it clamps a custom font's size)")
        }
        let custom = size != nil || value != nil
        for name in ["--model", "--curve", "--display-scale"] where parsed.has(name) && !custom {
            if name == "--display-scale" && (parsed.has("--spec") || parsed.has("--family")) { continue }
            throw UsageError("'\(name)' needs '--size' or '--value' (the system font follows Apple's table)")
        }
        if let model = parsed.last("--model") { options.modelName = model }
        if let curve = parsed.last("--curve") {
            guard let found = ScalingCurve.named(curve) else {
                throw UsageError(NameMatching.choiceMessage("'--curve'", curve, ScalingCurve.acceptedNames))
            }
            if options.modelName == "proportional" {
                throw UsageError("'--curve' applies to the uifontmetrics model, not 'proportional'")
            }
            options.curveName = found.name
        }
        if let scale = parsed.last("--display-scale"), let n = Int(scale) { options.displayScale = n }
        options.specPath = parsed.last("--spec")
        options.family = parsed.last("--family")
        options.fontconfigFile = parsed.last("--fontconfig-file")
        options.strict = parsed.has("--strict")
        options.verbose = parsed.has("--verbose")
        options.boldText = parsed.has("--bold-text")
        options.fallback = parsed.has("--fallback")
        options.fontsDirectories = parsed.all("--fonts-dir")
        if let weight = try parsed.weight() {
            guard options.family != nil else {
                throw UsageError("'--weight' needs '--family' (it picks that family's face nearest the weight)")
            }
            options.weight = weight
        }
        if options.specPath != nil {
            if options.family != nil {
                throw UsageError("'--family' cannot be combined with '--spec' (the spec names its faces)")
            }
            for name in ["--size", "--max-size", "--model", "--curve"] where parsed.has(name) {
                throw UsageError("'\(name)' cannot be combined with '--spec' (the spec file says how to scale)")
            }
            if options.platform != .ios && parsed.has("--style") {
                throw UsageError("with --spec the styles are the spec's; drop --style")
            }
            if case .value(let length) = options.subject {
                // A length scaled alongside the spec's sizes, on its curve.
                options.specValue = length
                options.subject = .systemFont
            }
        } else if options.family != nil {
            if case .value = options.subject {
                throw UsageError("'--value' scales a length, which has no face; it does not go with '--family'")
            }
        } else {
            for name in ["--fonts-dir", "--strict", "--fontconfig-file", "--bold-text", "--fallback"]
            where parsed.has(name) {
                throw UsageError("'\(name)' needs '--spec' or '--family' (it concerns the faces they name)")
            }
        }
        if let format = parsed.format() {
            options.format = format
            if format == .swift, case .value = options.subject {
                throw UsageError("'--format swift' writes point sizes; it does not go with '--value'")
            }
            if format == .value && options.platform == .ios && options.categoryKeyword == nil
                && options.cellCount != 1 && !(options.specPath != nil && !options.stylesGiven)
            {
                throw UsageError(
                    "'--format value' needs exactly one style and one category (\(options.cellCount) selected)")
            }
        }
        self.options = options
    }

    /// Prints the sizes.
    public func run(context: RunContext) -> Outcome {
        Runner.scale(options, context: context)
    }

    /// Whether `--format json` was given.
    public func writesJSON(context: RunContext) -> Bool { options.format == .json }
}

/// Options of `typefit scale`.
public struct ScaleOptions: Equatable, Sendable {
    /// The styles (default: all).
    public var styles: [TextStyle] = TextStyle.allCases
    /// The categories (default: all).
    public var categories: [ContentSizeCategory] = ContentSizeCategory.allCases
    /// `--size` and `--max-size`, or `--value`; `.systemFont` when neither.
    public var subject: ScaleRequest.Subject = .systemFont
    /// `--model`.
    public var modelName = "uifontmetrics"
    /// `--curve` (for the UIFontMetrics model).
    public var curveName = ScalingCurve.default.name
    /// `--display-scale`.
    public var displayScale = 3
    /// `--format`; `nil` picks value for one cell, else table on a terminal
    /// and JSON otherwise.
    public var format: OutputFormat?
    /// Whether `--style` was given (with `--spec`, the spec's styles are the
    /// default, and named styles must be among them).
    public var stylesGiven = false
    /// `--spec`: a DynamicFont spec file.
    public var specPath: String?
    /// `--fonts-dir` (repeatable): folders of font files that are not
    /// installed, searched for the spec's faces first.
    public var fontsDirectories: [String] = []
    /// `--strict`: warnings (a missing face) make the run fail.
    public var strict = false
    /// `--verbose`: one warning line per file.
    public var verbose = false
    /// `--fontconfig-file`: the configuration whose fonts count as installed.
    public var fontconfigFile: String?
    /// `--family`: the family whose face each style uses (no spec needed).
    public var family: String?
    /// `--weight`: with `--family`, the weight every style asks for
    /// (OpenType scale); each style's own weight when `nil`.
    public var weight: Int?
    /// `--bold-text`: iOS's Bold Text setting; each face steps to the next
    /// heavier face of its family.
    public var boldText = false
    /// `--fallback`: for a missing face, report what fontconfig would use.
    public var fallback = false
    /// `--value` with `--spec`: a length scaled per cell with the spec's curve.
    public var specValue: Double?
    /// `--platform` (default iOS).
    public var platform = Platform.ios
    /// `--style` on a platform other than iOS: its own style names.
    public var platformStyles: [String]?
    /// Whether `--category` was given.
    public var categoriesGiven = false
    /// `--category default` or `--category system`.
    public var categoryKeyword: String?
    /// `--watch-size`: the case size in millimetres (watchOS).
    public var watchSize: Int?
    /// `--font-scale` (Android).
    public var fontScales: [Double]?
    /// `--android-version` (default: the newest typefit knows).
    public var androidVersion = AndroidFontScaling.newestKnownVersion

    /// Creates options with the defaults.
    public init() {}

    /// The request these options describe.
    public var request: ScaleRequest {
        let model: ScalingModel =
            modelName == "proportional"
            ? .proportional : .uiFontMetrics(ScalingCurve.named(curveName) ?? .default)
        var request = ScaleRequest(
            styles: styles, categories: categories, subject: subject, model: model,
            displayScale: displayScale)
        request.weight = weight
        request.family = family
        request.specValue = specValue
        return request
    }

    /// How many cells the selection holds.
    public var cellCount: Int { styles.count * categories.count }
}

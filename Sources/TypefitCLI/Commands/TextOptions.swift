import TypefitCore

/// What `measure`, `fit` and `specimen` share: the style, the categories,
/// the face (a spec's, a PostScript name's, a family's at a weight) and how
/// to find it.
public struct TextOptions: Equatable, Sendable {
    /// `--style` (required).
    public var styles: [TextStyle] = []
    /// `--category` (default: all).
    public var categories: [ContentSizeCategory] = ContentSizeCategory.allCases
    /// `--spec`: the style's face and sizes come from a spec.
    public var specPath: String?
    /// `--font`: a face by PostScript name.
    public var font: String?
    /// `--family`: the family's face nearest the style's weight.
    public var family: String?
    /// `--weight` (with `--family`).
    public var weight: Int?
    /// `--size`: a custom design size at Large (with `--font`/`--family`);
    /// Apple's sizes for the style when `nil`.
    public var size: Double?
    /// `--fonts-dir` (repeatable).
    public var fontsDirectories: [String] = []
    /// `--fontconfig-file`.
    public var fontconfigFile: String?
    /// `--strict`: warnings fail the run.
    public var strict = false
    /// `--verbose`: one warning line per file.
    public var verbose = false
    /// `--language`: for shaping and line breaking, and to pick one
    /// language of a catalog.
    public var language: String?
    /// `--sample SPEC=VALUE` (repeatable): values for format placeholders.
    public var samples = PlaceholderSamples()
    /// `--format`: json or table; `nil` picks table on a terminal.
    public var format: OutputFormat?
    /// `--platform` and its options (see `ScaleOptions`).
    public var platform = Platform.ios
    /// `--style` on a platform other than iOS.
    public var platformStyles: [String]?
    /// Whether `--category` was given.
    public var categoriesGiven = false
    /// `--watch-size` (watchOS).
    public var watchSize: Int?
    /// `--font-scale` (Android).
    public var fontScales: [Double]?
    /// `--android-version` (Android).
    public var androidVersion = AndroidFontScaling.newestKnownVersion

    /// Creates options with the defaults.
    public init() {}

    /// The scale options that find these faces and sizes.
    var scaleOptions: ScaleOptions {
        var options = ScaleOptions()
        options.styles = styles
        // No styles: a spec's own (specimen).
        options.stylesGiven = !styles.isEmpty
        options.categories = categories
        options.specPath = specPath
        options.family = family
        options.weight = weight
        if let size { options.subject = .customFont(designSize: size, maximumPointSize: 0) }
        options.fontsDirectories = fontsDirectories
        options.fontconfigFile = fontconfigFile
        return options
    }

    /// The options of the three text commands, less their own: styles and
    /// categories, the face, where faces are found, language, platform.
    static func declarations(style: String) -> [OptionDeclaration] {
        OptionGroups.styleAndCategory.replacingHelp(of: "--style", with: style)
            + OptionGroups.face
            + OptionGroups.fontSources
            + [
                .option(
                    "--language", "language",
                    help: "A BCP 47 language for shaping and line breaking; with catalogs, only that language."),
                .option(
                    "--sample", "spec=value",
                    help: "The value a format placeholder stands for while text is measured ('%@=Alexandria', "
                        + "'%lld=1000'; '%1$@' matches '%@'). Default: a 12-letter name, 1,000,000 or 1,000.0.",
                    repeatable: true),
            ]
            + OptionGroups.platform
    }

    /// `--strings FILE`, as measure and fit declare it.
    static let stringsOption = OptionDeclaration.option(
        "--strings", "file",
        help: "Strings from a .strings file, a .xcstrings String Catalog, or text (one per line).",
        repeatable: true, completion: .file(extensions: ["strings", "xcstrings", "txt"]))

    /// Reads the shared options.
    init(parsing parsed: ParsedArguments, styleRequired: Bool = true) throws(UsageError) {
        // The platform options as `scale` reads them.
        var platform = ScaleOptions()
        try PlatformArguments.read(parsed, into: &platform, iosOnly: [])
        self.platform = platform.platform
        platformStyles = platform.platformStyles
        watchSize = platform.watchSize
        fontScales = platform.fontScales
        androidVersion = platform.androidVersion
        if self.platform == .android, parsed.last("--category")?.lowercased() == "default" {
            fontScales = [1]
        }
        categoriesGiven = parsed.has("--category")
        if self.platform == .ios,
            let styles = try parsed.list("--style", all: TextStyle.allCases, parse: TextStyle.init(parsing:))
        {
            self.styles = styles
        } else if !parsed.has("--style") && styleRequired {
            throw UsageError("missing '--style <styles>': the text style to set the text in")
        }
        if self.platform != .android, self.platform != .macos,
            let categories = try parsed.list(
                "--category", all: ContentSizeCategory.allCases, parse: ContentSizeCategory.init(parsing:))
        {
            try PlatformArguments.checkCategories(categories, on: self.platform)
            self.categories = categories
        }
        specPath = parsed.last("--spec")
        font = parsed.last("--font")
        family = parsed.last("--family")
        fontconfigFile = parsed.last("--fontconfig-file")
        language = parsed.last("--language")
        var pairs: [(placeholder: String, value: String)] = []
        for argument in parsed.all("--sample") {
            do {
                pairs.append(try PlaceholderSamples.parse(argument))
            } catch {
                throw UsageError("--sample: " + error.message)
            }
        }
        samples = PlaceholderSamples(pairs)
        fontsDirectories = parsed.all("--fonts-dir")
        strict = parsed.has("--strict")
        verbose = parsed.has("--verbose")
        let chosen = [specPath, font, family].compactMap { $0 }.count
        guard chosen == 1 else {
            throw UsageError(
                chosen == 0
                    ? "no face: give '--spec <file>', '--font <postscript-name>' or '--family <name>'"
                    : "give one of '--spec', '--font' and '--family'")
        }
        if let weight = try parsed.weight() {
            guard family != nil else { throw UsageError("'--weight' needs '--family'") }
            self.weight = weight
        }
        if parsed.has("--size") {
            guard specPath == nil else {
                throw UsageError("'--size' cannot be combined with '--spec' (the spec gives the sizes)")
            }
            size = try parsed.points("--size", range: 0.0...1000, allowZero: false)
        }
        format = parsed.format()
    }

    /// The output format this run writes.
    func effectiveFormat(_ context: RunContext) -> OutputFormat {
        format ?? (context.stdoutIsTerminal ? .table : .json)
    }
}

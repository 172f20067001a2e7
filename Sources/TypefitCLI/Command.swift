import TypefitCore

/// A parsed command line: what to run, with every option already checked.
public enum Command: Equatable, Sendable {
    /// Print help for a subcommand (`nil`: the overview).
    case help(Subcommand?)
    /// Print the version.
    case version
    /// `typefit list-fonts`.
    case listFonts(ListFontsOptions)
    /// `typefit scale`.
    case scale(ScaleOptions)
    /// `typefit check`.
    case check(CheckOptions)
    /// `typefit measure`.
    case measure(MeasureOptions)
    /// `typefit fit`.
    case fit(FitOptions)
    /// `typefit specimen`.
    case specimen(SpecimenOptions)
}

/// The subcommands, by the name typed on the command line.
public enum Subcommand: String, CaseIterable, Sendable {
    case listFonts = "list-fonts"
    case scale
    case check
    case measure
    case fit
    case specimen
}

/// Options of `typefit check`.
public struct CheckOptions: Equatable, Sendable {
    /// `--spec`: the spec to check.
    public var specPath: String
    /// `--fonts-dir` (repeatable).
    public var fontsDirectories: [String] = []
    /// `--fontconfig-file`.
    public var fontconfigFile: String?
    /// `--format`: json, or table (the default on a terminal and in pipes:
    /// a CI log is read by people).
    public var format: OutputFormat = .table

    /// Creates options.
    public init(specPath: String) {
        self.specPath = specPath
    }
}

/// Options of `typefit list-fonts`.
public struct ListFontsOptions: Equatable, Sendable {
    /// `--format`; `nil` picks table on a terminal and JSON otherwise.
    public var format: OutputFormat?
    /// `--family`: keep faces of this family (case-insensitive).
    public var family: String?
    /// `--postscript-name`: keep faces with exactly this PostScript name.
    public var postscriptName: String?
    /// `--dir` (repeatable) and file arguments: read these instead of the
    /// installed fonts.
    public var paths: [String] = []
    /// `--fontconfig-file`: a fontconfig configuration to use instead of the
    /// system's.
    public var fontconfigFile: String?
    /// `--no-cache` turns this off: list from fontconfig even when a valid
    /// cached listing exists.
    public var useCache = true
    /// `--strict`: a file in a `--dir` that cannot be used fails the run.
    public var strict = false

    /// Creates options with the defaults.
    public init(
        format: OutputFormat? = nil, family: String? = nil, postscriptName: String? = nil,
        paths: [String] = [], fontconfigFile: String? = nil
    ) {
        self.format = format
        self.family = family
        self.postscriptName = postscriptName
        self.paths = paths
        self.fontconfigFile = fontconfigFile
    }
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
    public var curveName = "measured"
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
    /// `--strict`: a missing face makes the run fail.
    public var strict = false
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
    /// `--android-version` (default 14).
    public var androidVersion = 14

    /// Creates options with the defaults.
    public init() {}

    /// Whether faces are looked up (a spec or a family).
    var usesFaces: Bool { specPath != nil || family != nil }

    /// The request these options describe.
    public var request: ScaleRequest {
        let model: ScalingModel =
            modelName == "proportional"
            ? .proportional : .uiFontMetrics(ScalingCurve.named(curveName) ?? .measuredIOS27)
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

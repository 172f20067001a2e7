import TypefitCore

/// What `measure` and `fit` share: the style, the categories, the face (a
/// spec's, a PostScript name's, a family's at a weight) and how to find it.
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
    /// `--language`: for shaping and line breaking, and to pick one
    /// language of a catalog.
    public var language: String?
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
    public var androidVersion = 14

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
}

/// Options of `typefit measure`.
public struct MeasureOptions: Equatable, Sendable {
    /// The shared options.
    public var text = TextOptions()
    /// The strings to measure.
    public var texts: [String] = []
    /// `--strings` files (repeatable): `.strings`, `.xcstrings`, text.
    public var stringsFiles: [String] = []

    /// Creates options.
    public init() {}
}

/// Options of `typefit fit`.
public struct FitOptions: Equatable, Sendable {
    /// The shared options.
    public var text = TextOptions()
    /// `--width`: the line width in points.
    public var width = 0.0
    /// `--lines`: how many lines the text may take (default 1).
    public var lines = 1
    /// `--require`: fail when a string needs more lines at this category.
    public var require: ContentSizeCategory?
    /// The key of the required size setting (a category, or on Android
    /// `fontScale2`).
    public var requireKey: String?
    /// Strings given as arguments.
    public var texts: [String] = []
    /// `--strings` files (repeatable): `.strings`, `.xcstrings`, text.
    public var stringsFiles: [String] = []

    /// Creates options.
    public init() {}
}

extension CommandLineParser {
    static func textOptions(_ parsed: ParsedOptions, _ sub: Subcommand, styleRequired: Bool = true) throws(UsageError)
        -> TextOptions
    {
        var options = TextOptions()
        // The platform options as `scale` reads them.
        var platform = ScaleOptions()
        do {
            try platformOptions(parsed, into: &platform, iosOnly: [])
        } catch {
            throw UsageError(error.message, subcommand: sub)
        }
        options.platform = platform.platform
        options.platformStyles = platform.platformStyles
        options.watchSize = platform.watchSize
        options.fontScales = platform.fontScales
        options.androidVersion = platform.androidVersion
        if options.platform == .android, parsed.last("--category")?.lowercased() == "default" {
            options.fontScales = [1]
        }
        options.categoriesGiven = parsed.has("--category")
        if let styles = parsed.last("--style"), options.platform == .ios {
            options.styles = try list(styles, option: "--style", all: TextStyle.allCases, subcommand: sub) {
                s throws(NameError) in try TextStyle(parsing: s)
            }
        } else if !parsed.has("--style") && styleRequired {
            throw UsageError("missing '--style <styles>': the text style to set the text in", subcommand: sub)
        }
        if let categories = parsed.last("--category"), options.platform != .android, options.platform != .macos {
            options.categories = try list(
                categories, option: "--category", all: ContentSizeCategory.allCases, subcommand: sub
            ) { s throws(NameError) in try ContentSizeCategory(parsing: s) }
        }
        options.specPath = try nonEmpty(parsed.last("--spec"), "--spec", sub)
        options.font = try nonEmpty(parsed.last("--font"), "--font", sub)
        options.family = try nonEmpty(parsed.last("--family"), "--family", sub)
        options.fontconfigFile = try nonEmpty(parsed.last("--fontconfig-file"), "--fontconfig-file", sub)
        options.language = try nonEmpty(parsed.last("--language"), "--language", sub)
        for dir in parsed.all("--fonts-dir") {
            guard !dir.isEmpty else { throw UsageError("'--fonts-dir' needs a path", subcommand: sub) }
            options.fontsDirectories.append(dir)
        }
        let chosen = [options.specPath, options.font, options.family].compactMap { $0 }.count
        guard chosen == 1 else {
            throw UsageError(
                chosen == 0
                    ? "no face: give '--spec <file>', '--font <postscript-name>' or '--family <name>'"
                    : "give one of '--spec', '--font' and '--family'", subcommand: sub)
        }
        if let weight = parsed.last("--weight") {
            guard options.family != nil else {
                throw UsageError("'--weight' needs '--family'", subcommand: sub)
            }
            guard let value = FontWeight.parseOpenType(weight.trimmingSpaces) else {
                throw UsageError(
                    "'--weight' takes a weight name or a number from 100 to 900 (got '\(weight)')", subcommand: sub)
            }
            options.weight = value
        }
        if let size = parsed.last("--size") {
            guard options.specPath == nil else {
                throw UsageError(
                    "'--size' cannot be combined with '--spec' (the spec gives the sizes)", subcommand: sub)
            }
            guard let value = Double(size.trimmingSpaces), value.isFinite, value > 0, value <= 1000 else {
                throw UsageError("'--size' must be greater than 0 and at most 1000 (got '\(size)')", subcommand: sub)
            }
            options.size = value
        }
        if let format = parsed.last("--format") {
            options.format = try outputFormat(format, allowed: [.json, .table], subcommand: sub)
        }
        return options
    }

    static func stringsFiles(_ parsed: ParsedOptions, _ sub: Subcommand) throws(UsageError) -> [String] {
        var files: [String] = []
        for file in parsed.all("--strings") {
            guard !file.isEmpty else { throw UsageError("'--strings' needs a path", subcommand: sub) }
            files.append(file)
        }
        return files
    }

    static func measure(_ parsed: ParsedOptions) throws(UsageError) -> MeasureOptions {
        var options = MeasureOptions()
        options.text = try textOptions(parsed, .measure)
        options.texts = parsed.positionals
        options.stringsFiles = try stringsFiles(parsed, .measure)
        guard !options.texts.isEmpty || !options.stringsFiles.isEmpty else {
            throw UsageError("missing the text to measure (arguments, or files with '--strings')", subcommand: .measure)
        }
        return options
    }

    static func fit(_ parsed: ParsedOptions) throws(UsageError) -> FitOptions {
        var options = FitOptions()
        options.text = try textOptions(parsed, .fit)
        guard (options.text.platformStyles?.count ?? options.text.styles.count) == 1 else {
            throw UsageError("'fit' takes one style", subcommand: .fit)
        }
        guard let width = parsed.last("--width") else {
            throw UsageError("missing '--width <points>': the line width", subcommand: .fit)
        }
        guard let value = Double(width.trimmingSpaces), value.isFinite, value > 0, value <= 100_000 else {
            throw UsageError("'--width' must be a number of points greater than 0 (got '\(width)')", subcommand: .fit)
        }
        options.width = value
        if let lines = parsed.last("--lines") {
            guard let n = Int(lines.trimmingSpaces), n >= 1, n <= 1000 else {
                throw UsageError("'--lines' takes a whole number from 1 (got '\(lines)')", subcommand: .fit)
            }
            options.lines = n
        }
        if let require = parsed.last("--require") {
            if options.text.platform == .android {
                // Android's size settings are font scales.
                guard let scale = Double(require.trimmingSpaces), scale >= 0.5, scale <= 3 else {
                    throw UsageError("on Android '--require' takes a font scale, e.g. 2.0", subcommand: .fit)
                }
                options.requireKey = "fontScale" + shortestNumber(scale)
                if let scales = options.text.fontScales, !scales.contains(scale) {
                    options.text.fontScales = scales + [scale]
                }
            } else {
                do {
                    let category = try ContentSizeCategory(parsing: require)
                    options.require = category
                    options.requireKey = category.rawValue
                    if !options.text.categories.contains(category) { options.text.categories.append(category) }
                } catch {
                    throw UsageError(error.message, subcommand: .fit)
                }
            }
        }
        options.texts = parsed.positionals
        options.stringsFiles = try stringsFiles(parsed, .fit)
        guard !options.texts.isEmpty || !options.stringsFiles.isEmpty else {
            throw UsageError("nothing to fit: give strings as arguments or files with '--strings'", subcommand: .fit)
        }
        return options
    }
}

/// Options of `typefit specimen`.
public struct SpecimenOptions: Equatable, Sendable {
    /// The shared options (styles default to all, or the spec's).
    public var text = TextOptions()
    /// `--text`: the sample line.
    public var sample = "Sphinx of black quartz, judge my vow"
    /// `--width`: a guide at this many points, glyphs beyond it marked.
    public var width: Double?
    /// `--output`: the SVG file (stdout when `nil`).
    public var output: String?
    /// `--strict`: a missing face fails the run.
    public var strict = false

    /// Creates options.
    public init() {}
}

extension CommandLineParser {
    static func specimen(_ parsed: ParsedOptions) throws(UsageError) -> SpecimenOptions {
        var options = SpecimenOptions()
        if let stray = parsed.positionals.first {
            throw UsageError("unexpected argument '\(stray)' (the sample text goes in '--text')", subcommand: .specimen)
        }
        options.text = try textOptions(parsed, .specimen, styleRequired: false)
        if options.text.format != nil {
            throw UsageError("'specimen' writes SVG; it takes no '--format'", subcommand: .specimen)
        }
        if let sample = parsed.last("--text") {
            guard !sample.isEmpty else { throw UsageError("'--text' needs a sample line", subcommand: .specimen) }
            options.sample = sample
        }
        if let width = parsed.last("--width") {
            guard let value = Double(width.trimmingSpaces), value.isFinite, value > 0, value <= 100_000 else {
                throw UsageError(
                    "'--width' must be a number of points greater than 0 (got '\(width)')", subcommand: .specimen)
            }
            options.width = value
        }
        options.output = try nonEmpty(parsed.last("--output"), "--output", .specimen)
        options.strict = parsed.has("--strict")
        return options
    }
}

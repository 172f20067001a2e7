import TypefitCore

/// `typefit fit`: the lines text needs at a width, at every text size.
public struct Fit: ParsableCommand {
    /// The declaration.
    public static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "The lines text needs at a width, at every text size (a CI gate).",
        discussion: """
            Lines are filled greedily at Unicode (UAX #14) break opportunities; a word wider \
            than the line overflows and is reported ('!' after the line count in the table). \
            With --require, exit 1 when any string needs more than --lines lines at that \
            category; a font, spec or strings file that cannot be used exits 2, so a broken \
            set-up never looks like a failing check.
            """,
        arguments: [ArgumentDeclaration("text", help: "A string to fit (or give files with --strings).")],
        options: [
            .option("--width", "points", help: "The line width in points.", isRequired: true),
            .option("--lines", "n", help: "How many lines the text may take (default: 1)."),
            .option(
                "--require", "category",
                help: "Exit 1 when any string needs more lines at this category (on Android a font scale).",
                values: ContentSizeCategory.allCases.map(\.rawValue)),
            TextOptions.stringsOption,
        ]
            + TextOptions.declarations(style: "The text style (required).")
            .map { $0.name == "--style" ? $0.required() : $0 }
            + [OptionGroups.format([.json, .table], help: "Default: table on a terminal, else json.")],
        examples: [
            Example(
                "typefit fit --width 320 --style title1 --spec Fonts/MyFont.json --strings Localizable.xcstrings "
                    + "--require AX3"),
            Example(
                "typefit fit \"Einstellungen speichern\" --width 200 --lines 2 --style headline "
                    + "--family \"DejaVu Sans\""),
        ])

    /// The options.
    public var options: FitOptions

    /// Creates the command.
    public init(_ options: FitOptions) { self.options = options }

    /// Reads the options.
    public init(parsing parsed: ParsedArguments) throws(UsageError) {
        var options = FitOptions()
        options.text = try TextOptions(parsing: parsed)
        guard (options.text.platformStyles?.count ?? options.text.styles.count) == 1 else {
            throw UsageError("'fit' takes one style")
        }
        guard let width = parsed.last("--width") else {
            throw UsageError("missing '--width <points>': the line width")
        }
        guard let value = Double(width.trimmingSpaces), value.isFinite, value > 0, value <= 100_000 else {
            throw UsageError("'--width' must be a number of points greater than 0 (got '\(width)')")
        }
        options.width = value
        if let lines = parsed.last("--lines") {
            guard let n = Int(lines.trimmingSpaces), n >= 1, n <= 1000 else {
                throw UsageError("'--lines' takes a whole number from 1 to 1000 (got '\(lines)')")
            }
            options.lines = n
        }
        if let require = parsed.last("--require") {
            if options.text.platform == .android {
                // Android's size settings are font scales.
                guard let scale = Double(require.trimmingSpaces), scale >= 0.5, scale <= 3 else {
                    throw UsageError("on Android '--require' takes a font scale, e.g. 2.0 (got '\(require)')")
                }
                options.requireKey = "fontScale" + shortestNumber(scale)
                if let scales = options.text.fontScales, !scales.contains(scale) {
                    options.text.fontScales = scales + [scale]
                }
            } else {
                let category: ContentSizeCategory
                do {
                    category = try ContentSizeCategory(parsing: require)
                } catch {
                    throw UsageError(error.message)
                }
                try PlatformArguments.checkCategories([category], on: options.text.platform)
                options.require = category
                options.requireKey = category.rawValue
                if !options.text.categories.contains(category) { options.text.categories.append(category) }
            }
        }
        options.texts = parsed.positionals
        options.stringsFiles = parsed.all("--strings")
        guard !options.texts.isEmpty || !options.stringsFiles.isEmpty else {
            throw UsageError("nothing to fit: give strings as arguments or files with '--strings'")
        }
        self.options = options
    }

    /// Fits the strings.
    public func run(context: RunContext) -> Outcome {
        Runner.fit(options, context: context)
    }

    /// Whether `--format json` was given.
    public func writesJSON(context: RunContext) -> Bool { options.text.format == .json }
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

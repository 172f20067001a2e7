import TypefitCore
import TypefitKit

/// `typefit fit`: the lines text needs at a width, at every text size.
public struct Fit: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var width: Double?
        var lines: Int?
        var require: String?
        var strings: [String] = []
        var text = TextOptions()
        var format: OutputFormat?

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`, `--format json`.
        public var output: OutputSettings {
            OutputSettings(strict: text.sources.strict, verbose: text.sources.verbose, json: format == .json)
        }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        [
            .value(
                "--width", "points", help: "The line width in points.", isRequired: true, \.width,
                parse: ValueParsers.width),
            .value("--lines", "n", help: "How many lines the text may take (default: 1).", \.lines) {
                text throws(UsageError) in
                guard let n = Int(text.trimmingSpaces), n >= 1, n <= 1000 else {
                    throw UsageError("'--lines' takes a whole number from 1 to 1000 (got '\(text)')")
                }
                return n
            },
            .string(
                "--require", "category",
                help: "Exit 1 when any string needs more lines at this category (on Android a font scale).",
                values: ContentSizeCategory.allCases.map(\.rawValue), \.require),
            TextOptions.stringsOption(\Options.strings),
        ]
        + TextOptions.options(style: "The text style (required).")
        .map { $0.name == "--style" ? $0.required() : $0 }.lifted(\Options.text)
        + [formatOption([.json, .table], help: "Default: table on a terminal, else json.", \.format)]

    /// The declaration.
    public static let configuration = declared(
        "fit",
        abstract: "The lines text needs at a width, at every text size (a CI gate).",
        discussion: """
            Lines are filled greedily at Unicode (UAX #14) break opportunities; a word wider \
            than the line overflows and is reported ('!' after the line count in the table). \
            With --require, exit 1 when any string needs more than --lines lines at that \
            category; a font, spec or strings file that cannot be used exits 2, so a broken \
            set-up never looks like a failing check.
            """,
        arguments: [ArgumentDeclaration("text", help: "A string to fit (or give files with --strings).")],
        examples: [
            Example(
                "typefit fit --width 320 --style title1 --spec Fonts/MyFont.json --strings Localizable.xcstrings "
                    + "--require AX3"),
            Example(
                "typefit fit \"Einstellungen speichern\" --width 200 --lines 2 --style headline "
                    + "--family \"DejaVu Sans\""),
        ])

    /// Styles, categories, face, language, samples, platform.
    public var settings: TextSettings
    /// `--fonts-dir`, `--fontconfig-file`.
    public var search: FontSearch
    /// `--width`: the line width in points.
    public var width: Double
    /// `--lines`: how many lines the text may take (default 1).
    public var lines = 1
    /// `--require`: the key of the size setting at which every string must
    /// fit (a category, or on Android `fontScale2`).
    public var requireKey: String?
    /// The strings given as arguments.
    public var texts: [String]
    /// `--strings` files (repeatable): `.strings`, `.xcstrings`, text.
    public var stringsFiles: [String]
    /// `--format`.
    public var format: OutputFormat?

    /// Checks how the options combine.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        var settings = try options.text.settings()
        guard (settings.platform.styles?.count ?? settings.styles.count) == 1 else {
            throw UsageError("'fit' takes one style")
        }
        guard let width = options.width else {
            throw UsageError("missing '--width <points>': the line width")
        }
        self.width = width
        if let lines = options.lines { self.lines = lines }
        if let require = options.require {
            if settings.platform.platform == .android {
                // Android's size settings are font scales.
                guard let scale = Double(require.trimmingSpaces), scale >= 0.5, scale <= 3 else {
                    throw UsageError("on Android '--require' takes a font scale, e.g. 2.0 (got '\(require)')")
                }
                requireKey = "fontScale" + shortestNumber(scale)
                if let scales = settings.platform.fontScales, !scales.contains(scale) {
                    settings.platform.fontScales = scales + [scale]
                }
            } else {
                let category: ContentSizeCategory
                do {
                    category = try ContentSizeCategory(parsing: require)
                } catch {
                    throw UsageError(error.message)
                }
                try PlatformOptions.checkCategories([category], on: settings.platform.platform)
                requireKey = category.rawValue
                if !settings.categories.contains(category) { settings.categories.append(category) }
            }
        }
        self.settings = settings
        search = options.text.sources.search
        format = options.format
        texts = arguments
        stringsFiles = options.strings
        guard !texts.isEmpty || !stringsFiles.isEmpty else {
            throw UsageError("nothing to fit: give strings as arguments or files with '--strings'")
        }
    }

    /// Fits the strings: `--require` failures are errors (exit 1).
    public func run(context: RunContext) -> Outcome {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        return Outcome.reporting { diagnostics throws(Stopped) in
            try search.validate(&diagnostics)
            let (strings, cells) = try TextJob.prepare(
                texts: texts, files: stringsFiles, settings, search: search, diagnostics: &diagnostics)
            let laidOut = FitEngine.layOut(
                strings: strings, cells: cells, width: width, configFile: search.fontconfigFile)
            var outcome = Outcome()
            for failure in laidOut.failures { outcome.diagnostics.error(failure, status: .cannotRun) }
            // As measure says it (and fails under --strict): a width measured
            // with .notdef boxes is not the width the device shows.
            for (s, string) in strings.enumerated() where s < laidOut.missingGlyphs.count {
                let count = laidOut.missingGlyphs[s]
                guard count > 0 else { continue }
                outcome.diagnostics.warning("\(count) character(s) of \"\(string.text)\" have no glyph in any face")
            }
            let required = requireKey.flatMap { key in cells.firstIndex { $0.category == key } }
            for (s, string) in strings.enumerated() {
                guard let c = required, let layout = laidOut.layout(s, c) else { continue }
                guard layout.lines > lines || layout.overflows else { continue }
                outcome.diagnostics.error(
                    "\(string.key)" + (string.language.map { " (\($0))" } ?? "") + ": needs \(layout.lines) line"
                        + (layout.lines == 1 ? "" : "s") + (layout.overflows ? ", a word overflows," : "")
                        + " at \(cells[c].category) (allowed \(lines))", status: .problemFound)
            }
            switch TextOptions.effectiveFormat(format, context) {
            case .table:
                outcome.stdout = laidOut.table(strings: strings, cells: cells, maxLines: lines)
            default:
                // Streamed: ten thousand strings are ten megabytes of JSON,
                // written as they are made.
                let pretty = context.stdoutIsTerminal
                let header = FitLayouts.Header(
                    width: width, maxLines: lines,
                    style: settings.platform.styles?.first ?? settings.styles.first?.rawValue,
                    platform: settings.platform.platform.rawValue)
                outcome.stream { write in
                    laidOut.writeJSON(strings: strings, cells: cells, header: header, pretty: pretty, to: write)
                }
            }
            return outcome
        }
    }
}

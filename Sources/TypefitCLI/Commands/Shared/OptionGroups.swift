import TypefitCore
import TypefitKit

/// `--style`, `--category`: what to size. Kept as typed: the platform
/// decides which names a style list may hold, so each command reads them
/// once the platform is known.
struct StyleCategoryOptions: Sendable, Equatable {
    /// `--style`, as given.
    var style: String?
    /// `--category`, as given.
    var category: String?

    /// Every spelling a shell offers for `--style` (UIKit names first).
    static let styleValues: [String] = TextStyle.allCases.map(\.rawValue) + ["all"]

    /// Every spelling a shell offers for `--category`: UIKit names, the
    /// AX short forms, `all`, and the keywords.
    static let categoryValues: [String] =
        ContentSizeCategory.allCases.map(\.rawValue) + ["AX1", "AX2", "AX3", "AX4", "AX5", "all", "default", "system"]

    static let options: [Option<StyleCategoryOptions>] = [
        .string(
            "--style", "styles",
            help: "Text styles: a name, a comma list or 'all'. UIKit, SwiftUI, raw and HIG spellings "
                + "(body, UIFontTextStyleBody, .body, Body); other platforms' own names with --platform.",
            values: styleValues, \.style),
        .string(
            "--category", "categories",
            help: "Content size categories: a name, a comma list or 'all' (the default); e.g. large, "
                + "accessibility2, AX2, xxl.",
            values: categoryValues, \.category),
    ]

    /// The iOS styles `--style` names, or `nil` when it was not given.
    func iosStyles() throws(UsageError) -> [TextStyle]? {
        try style.map { text throws(UsageError) in
            try ValueParsers.list("--style", text, all: TextStyle.allCases, parse: TextStyle.init(parsing:))
        }
    }

    /// The categories `--category` names, or `nil` when it was not given.
    func categories() throws(UsageError) -> [ContentSizeCategory]? {
        try category.map { text throws(UsageError) in
            try ValueParsers.list(
                "--category", text, all: ContentSizeCategory.allCases, parse: ContentSizeCategory.init(parsing:))
        }
    }
}

/// `--spec`, `--font`, `--family`, `--weight`, `--size`: which face, at
/// which design size. The weight and size are read by each command, after
/// it checked how the face options combine.
struct FaceOptions: Sendable, Equatable {
    var spec: String?
    var font: String?
    var family: String?
    /// `--weight`, as given.
    var weight: String?
    /// `--size`, as given.
    var size: String?

    /// The weights `--weight` takes besides 100-900.
    static let weightValues: [String] = FontWeight.allCases.map(\.rawValue)

    static let options: [Option<FaceOptions>] = [
        .string(
            "--spec", "file",
            help: "A DynamicFont spec (JSON) or a ScaledFont style dictionary (plist): faces and design sizes "
                + "per style.",
            completion: .file(extensions: ["json", "plist"]), \.spec),
        .string(
            "--font", "postscript-name", help: "A face by its PostScript name, for every style.",
            completion: .postscriptNames, \.font),
        .string(
            "--family", "name", help: "Each style in this family's face nearest its weight (CSS font matching).",
            completion: .families, \.family),
        .string(
            "--weight", "weight", help: "With --family: the weight every style asks for, a name or 100-900.",
            values: weightValues, \.weight),
        .string(
            "--size", "points",
            help: "A custom font's design size at Large, scaled per category as "
                + "UIFontMetrics.scaledFont(for:) scales it (default: a font or family scales from each style's "
                + "own size at Large; the system font follows Apple's table).",
            \.size),
    ]

    /// `--weight` on the OpenType scale, or `nil` when not given.
    func parsedWeight() throws(UsageError) -> Int? {
        try weight.map { text throws(UsageError) in try ValueParsers.weight(text) }
    }

    /// `--size` in points, or `nil` when not given.
    func parsedSize() throws(UsageError) -> Double? {
        try size.map { text throws(UsageError) in
            try ValueParsers.points("--size", range: 0.0...1000, allowZero: false)(text)
        }
    }
}

/// `--fonts-dir`, `--fontconfig-file`, `--strict`, `--verbose`: where faces
/// are looked for, and how strictly.
struct SourceOptions: Sendable, Equatable {
    /// `--fonts-dir` and `--fontconfig-file`.
    var search = FontSearch()
    /// `--strict`.
    var strict = false
    /// `--verbose`.
    var verbose = false

    static let options: [Option<SourceOptions>] = [
        Option(
            declaration: .option(
                "--fonts-dir", "path",
                help: "Look for faces in this folder of font files (an app's Fonts/) before the installed ones.",
                repeatable: true, completion: .directory)
        ) { options, value throws(UsageError) in options.search.directories.append(value) },
        .string(
            "--fontconfig-file", "path",
            help: "The fontconfig configuration whose fonts count as installed (default: the system's, "
                + "or FONTCONFIG_FILE).",
            completion: .file(extensions: ["conf"]), \.search.fontconfigFile),
        Option(
            declaration: .flag(
                "--no-installed-fonts",
                help: "Use --fonts-dir (and the spec) alone, never this machine's installed fonts: what the app ships.")
        ) { options, _ throws(UsageError) in options.search.usesInstalledFonts = false },
        .flag(
            "--strict",
            help: "Treat warnings as errors: a missing face or an unusable font file fails the run (exit 1).",
            \.strict),
        .flag(
            "--verbose",
            help: "One warning line per file, even when many files share a reason (they are counted otherwise).",
            \.verbose),
    ]

    /// The search with the run's cache folder.
    func search(_ context: RunContext) -> FontSearch {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        return search
    }
}

/// `--format` with the formats a command writes.
func formatOption<Options>(
    _ formats: [OutputFormat], help: String, _ field: WritableKeyPath<Options, OutputFormat?> & Sendable
) -> Option<Options> {
    .value(
        "--format", "format", help: help, values: formats.map(\.rawValue), validatesValues: true, field,
        parse: ValueParsers.format)
}

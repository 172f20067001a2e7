import TypefitCore
import TypefitKit

/// `--style`, `--category`: what to size. The style list's names are
/// resolved once the platform is known (`StyleSelection`).
struct StyleCategoryOptions: Sendable, Equatable {
    /// `--style`.
    var style: StyleSelection?
    /// `--category`.
    var category: CategorySelection?
    /// `--maximum-category`, `--minimum-category`.
    var clamp = SizeClamp()

    private static let styleHelp =
        "Text styles: a name, a comma list or 'all'. UIKit, SwiftUI, raw and HIG spellings "
        + "(body, UIFontTextStyleBody, .body, Body); other platforms' own names with --platform."
    private static let categoryHelp =
        "Content size categories: a name, a comma list or 'all' (the default); e.g. large, accessibility2, AX2, xxl."

    /// scale's: categories, or `default` (the platform's default category)
    /// or `system` (the desktop's text size).
    static let options: [Option<StyleCategoryOptions>] = [
        .value("--style", "styles", help: styleHelp, \.style),
        .value(
            "--category", "categories",
            help: categoryHelp + " Or default (the platform's default category) or system (the desktop's text size).",
            \.category),
    ]

    /// The text commands': categories only.
    static let listOptions: [Option<StyleCategoryOptions>] = [
        .value("--style", "styles", help: styleHelp, \.style),
        Option(
            declaration: .option(
                "--category", "categories", help: categoryHelp, values: CategoryList.spellings,
                completion: CategoryList.completion)
        ) { options, text throws(UsageError) in
            options.category = .categories(try CategoryList(argument: text, option: "--category").categories)
        },
        clampOption(
            "--maximum-category",
            help: "Where the app stops text growing (UIKit's maximumContentSizeCategory, SwiftUI's "
                + ".dynamicTypeSize(...)): larger categories are set at this one's size.", \.maximum),
        clampOption(
            "--minimum-category",
            help: "Where the app stops text shrinking (minimumContentSizeCategory): smaller categories are "
                + "set at this one's size.", \.minimum),
    ]

    /// `--maximum-category` or `--minimum-category`: one bound of the clamp.
    static func clampOption(
        _ name: String, help: String, _ bound: WritableKeyPath<SizeClamp, ContentSizeCategory?> & Sendable
    ) -> Option<StyleCategoryOptions> {
        Option(
            declaration: .option(
                name, "category", help: help, values: CategoryList.oneSpellings, completion: CategoryList.completion)
        ) { options, text throws(UsageError) in
            options.clamp[keyPath: bound] = try one(text, option: name)
        }
    }

    /// One category, as `--category` spells them.
    static func one(_ text: String, option: String) throws(UsageError) -> ContentSizeCategory {
        let list = try CategoryList(argument: text, option: option).categories
        guard list.count == 1, let category = list.first else {
            throw UsageError("'\(option)' takes one category (got '\(text)')")
        }
        return category
    }
}

/// `--spec`, `--font`, `--family`, `--weight`, `--size`: which face, at
/// which design size.
struct FaceOptions: Sendable, Equatable {
    var spec: String?
    var font: String?
    var family: String?
    /// `--weight`.
    var weight: WeightValue?
    /// `--size`, in points.
    var size: Double?

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
        .value(
            "--weight", "weight", help: "With --family: the weight every style asks for, a name or 100-900.", \.weight),
        .value(
            "--size", "points",
            help: "A custom font's design size at Large, scaled per category as "
                + "UIFontMetrics.scaledFont(for:) scales it (default: a font or family scales from each style's "
                + "own size at Large; the system font follows Apple's table).",
            \.size, parse: ValueParsers.points("--size", range: 0.0...1000, allowZero: false)),
    ]
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
                help: "Look for faces in this folder of font files (an app's Fonts/) before the installed ones; "
                    + "they also draw what a face lacks, as an app's fonts do on iOS.",
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
                help: "Use --fonts-dir (and the spec) alone, never this machine's installed fonts, not even for "
                    + "characters a face lacks: what the app ships.")
        ) { options, _ throws(UsageError) in options.search.usesInstalledFonts = false }
        .needs("--fonts-dir", because: "the app's fonts"),
        .flag(
            "--strict",
            help: "Treat warnings as errors: a missing face or an unusable font file fails the run (exit 1).",
            \.strict),
        .flag(
            "--verbose",
            help: "One warning line per file, even when many files share a reason (they are counted otherwise).",
            \.verbose),
    ]
}

/// `--format` with the formats a command writes, its help made from their
/// words ("json: …; table: …") and the command's default.
func formatOption<Options>(
    _ formats: [FormatChoice], default: String, _ field: WritableKeyPath<Options, OutputFormat?> & Sendable
) -> Option<Options> {
    let help =
        formats.map { "\($0.format.rawValue): \($0.summary)" }.joined(separator: "; ") + ". Default: " + `default`
    return .value("--format", "format", help: help, spellings: formats.map(\.format.rawValue), field)
}

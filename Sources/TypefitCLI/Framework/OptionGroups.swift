import TypefitCore

/// Options several subcommands share, declared once. A command takes a
/// group whole or leaves some of its options out (`without`).
enum OptionGroups {
    /// Every spelling a shell offers for `--style` (UIKit names first).
    static let styleValues: [String] = TextStyle.allCases.map(\.rawValue) + ["all"]

    /// Every spelling a shell offers for `--category`: UIKit names, the
    /// AX short forms, `all`, and the keywords.
    static let categoryValues: [String] =
        ContentSizeCategory.allCases.map(\.rawValue) + ["AX1", "AX2", "AX3", "AX4", "AX5", "all", "default", "system"]

    /// The weight names `--weight` takes besides 100-900.
    static let weightValues: [String] = FontWeight.allCases.map(\.rawValue)

    /// The watch case sizes `--watch-size` takes.
    static let watchSizes: [String] = WatchTypeTable.caseSizes.map { "\($0.millimetres)mm" }

    /// `--style`, `--category`: what to size.
    static let styleAndCategory: [OptionDeclaration] = [
        .option(
            "--style", "styles",
            help: "Text styles: a name, a comma list or 'all'. UIKit, SwiftUI, raw and HIG spellings "
                + "(body, UIFontTextStyleBody, .body, Body); other platforms' own names with --platform.",
            values: styleValues),
        .option(
            "--category", "categories",
            help: "Content size categories: a name, a comma list or 'all' (the default); e.g. large, "
                + "accessibility2, AX2, xxl.",
            values: categoryValues),
    ]

    /// `--spec`, `--font`, `--family`, `--weight`, `--size`: which face, at
    /// which design size.
    static let face: [OptionDeclaration] = [
        .option(
            "--spec", "file",
            help: "A DynamicFont spec (JSON) or a ScaledFont style dictionary (plist): faces and design sizes "
                + "per style.",
            completion: .file(extensions: ["json", "plist"])),
        .option(
            "--font", "postscript-name", help: "A face by its PostScript name, for every style.",
            completion: .postscriptNames),
        .option(
            "--family", "name",
            help: "Each style in this family's face nearest its weight (CSS font matching).",
            completion: .families),
        .option(
            "--weight", "weight",
            help: "With --family: the weight every style asks for, a name or 100-900.",
            values: weightValues),
        .option(
            "--size", "points",
            help: "A custom font's design size at Large, scaled per category as "
                + "UIFontMetrics.scaledFont(for:) scales it (default: Apple's sizes)."),
    ]

    /// `--fonts-dir`, `--fontconfig-file`, `--strict`: where faces are
    /// looked for, and how strictly.
    static let fontSources: [OptionDeclaration] = [
        .option(
            "--fonts-dir", "path",
            help: "Look for faces in this folder of font files (an app's Fonts/) before the installed ones.",
            repeatable: true, completion: .directory),
        .option(
            "--fontconfig-file", "path",
            help: "The fontconfig configuration whose fonts count as installed (default: the system's, "
                + "or FONTCONFIG_FILE).",
            completion: .file(extensions: ["conf"])),
        .flag(
            "--strict",
            help: "Treat warnings as errors: a missing face or an unusable font file fails the run (exit 1)."),
        .flag(
            "--verbose",
            help: "One warning line per file, even when many files share a reason (they are counted otherwise)."),
    ]

    /// `--platform`, `--watch-size`, `--font-scale`, `--android-version`.
    static let platform: [OptionDeclaration] = [
        .option(
            "--platform", "platform",
            help: "Whose text sizes: each platform's own styles, sizes and rules (default: ios).",
            values: Platform.allCases.map(\.rawValue), validatesValues: true),
        .option(
            "--watch-size", "mm",
            help: "watchOS: the case size, which sets the default category.",
            values: watchSizes),
        .option(
            "--font-scale", "scales",
            help: "Android: font scales from 0.5 to 3, e.g. 1.3 or 0.85,1,2 (default: the Settings steps)."),
        .option(
            "--android-version", "n",
            help: "Android: 15 and later scale text with Android 15's tables, 14 with Android 14's, earlier "
                + "versions linearly (default: the newest known, 15)."),
    ]

    /// `--format` with the formats a command writes.
    static func format(_ formats: [OutputFormat], help: String) -> OptionDeclaration {
        .option(
            "--format", "format", help: help, values: formats.map(\.rawValue), validatesValues: true)
    }
}

extension Array where Element == OptionDeclaration {
    /// These options less the named ones.
    func without(_ names: String...) -> [OptionDeclaration] {
        filter { !names.contains($0.name) }
    }

    /// These options with the named one's help replaced.
    func replacingHelp(of name: String, with help: String) -> [OptionDeclaration] {
        map { $0.name == name ? $0.withHelp(help) : $0 }
    }
}

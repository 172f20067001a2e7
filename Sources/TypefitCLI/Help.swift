import TypefitCore

/// Help texts, in swift-argument-parser's OVERVIEW / USAGE / OPTIONS layout.
public enum Help {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// The options `measure` and `fit` share.
    static let textOptions: [CommandLineParser.OptionSpec] = [
        .init(name: "--style", valueName: "<styles>", help: "The text style (required; measure takes a comma list)."),
        .init(
            name: "--category", valueName: "<categories>",
            help: "Content size categories: a name, a comma list or 'all' (default)."),
        .init(
            name: "--spec", valueName: "<file>", help: "The face and sizes of a DynamicFont spec or ScaledFont plist."),
        .init(
            name: "--font", valueName: "<postscript-name>",
            help: "A face by PostScript name (Apple's sizes, or --size)."),
        .init(
            name: "--family", valueName: "<name>",
            help: "The family's face nearest the style's weight, or --weight (Apple's sizes, or --size)."),
        .init(name: "--weight", valueName: "<weight>", help: "With --family: ultraLight ... black, or 100-900."),
        .init(
            name: "--size", valueName: "<points>",
            help: "With --font or --family: a design size at Large, scaled as UIFontMetrics does."),
        .init(
            name: "--fonts-dir", valueName: "<path>", repeatable: true,
            help: "Look for faces in this folder of font files first. Repeatable."),
        .init(
            name: "--fontconfig-file", valueName: "<path>",
            help: "The fontconfig configuration for installed faces and fallbacks."),
        .init(
            name: "--language", valueName: "<language>",
            help: "A BCP 47 language for shaping and line breaking; with catalogs, only that language."),
        .init(
            name: "--platform", valueName: "<platform>",
            help: "ios (default), watchos, macos or android: the platform's styles and sizes (see scale)."),
        .init(
            name: "--watch-size", valueName: "<mm>", help: "watchOS: the case size, which sets the default category."),
        .init(name: "--font-scale", valueName: "<scales>", help: "Android: font scales (default: the Settings steps)."),
        .init(
            name: "--android-version", valueName: "<n>", help: "Android: 14 and later scale non-linearly (default 14)."),
        .init(name: "--format", valueName: "<format>", help: "json or table. Default: table on a terminal, else json."),
    ]

    static func options(_ sub: Subcommand) -> [CommandLineParser.OptionSpec] {
        switch sub {
        case .specimen:
            return [
                .init(name: "--text", valueName: "<text>", help: "The sample line (default: a pangram)."),
                .init(
                    name: "--width", valueName: "<points>",
                    help: "A guide at this width; glyphs beyond it in red, the lines fit would need in each label."),
                .init(name: "--output", valueName: "<file.svg>", help: "Write the SVG here (default: stdout)."),
                .init(name: "--strict", valueName: nil, help: "A missing face fails the run (exit 1)."),
            ] + textOptions.filter { $0.name != "--format" }
        case .measure:
            return [
                .init(
                    name: "--strings", valueName: "<file>", repeatable: true,
                    help:
                        "Strings from a .strings file, a .xcstrings String Catalog, or text (one per line). Repeatable."
                )
            ] + textOptions
        case .fit:
            return [
                .init(name: "--width", valueName: "<points>", help: "The line width in points (required)."),
                .init(name: "--lines", valueName: "<n>", help: "How many lines the text may take (default 1)."),
                .init(
                    name: "--require", valueName: "<category>",
                    help: "Exit 1 when any string needs more lines at this category (a CI gate)."),
                .init(
                    name: "--strings", valueName: "<file>", repeatable: true,
                    help:
                        "Strings from a .strings file, a .xcstrings String Catalog, or text (one per line). Repeatable."
                ),
            ] + textOptions
        case .check:
            return [
                .init(
                    name: "--spec", valueName: "<file>",
                    help: "The DynamicFont spec (JSON) or ScaledFont style dictionary (plist) to check (required)."),
                .init(
                    name: "--fonts-dir", valueName: "<path>", repeatable: true,
                    help: "Look for the spec's faces in this folder of font files first. Repeatable."),
                .init(
                    name: "--fontconfig-file", valueName: "<path>",
                    help: "Use this fontconfig configuration to find installed faces."),
                .init(name: "--format", valueName: "<format>", help: "table (default) or json."),
            ]
        case .listFonts:
            return [
                .init(
                    name: "--format", valueName: "<format>",
                    help:
                        "json, table, plain (family<TAB>postscriptName) or uiappfonts (the Info.plist array, with --dir). Default: table on a terminal, else json."
                ),
                .init(
                    name: "--family", valueName: "<name>",
                    help: "Only faces of this family (any of its names, case-insensitive)."),
                .init(
                    name: "--postscript-name", valueName: "<name>",
                    help: "Only faces with exactly this PostScript name."),
                .init(
                    name: "--dir", valueName: "<path>", repeatable: true,
                    help:
                        "List the font files in this directory (recursively) instead of the installed fonts. Repeatable."
                ),
                .init(
                    name: "--strict", valueName: nil,
                    help: "With --dir or files: any file that cannot be used makes the run fail (exit 1)."),
                .init(
                    name: "--fontconfig-file", valueName: "<path>",
                    help: "Use this fontconfig configuration instead of the system's."),
                .init(
                    name: "--no-cache", valueName: nil,
                    help: "Ask fontconfig even when a valid cached listing exists (see README, \"Cache\")."),
            ]
        case .scale:
            return [
                .init(
                    name: "--style", valueName: "<styles>",
                    help: "Text styles: a name, a comma list or 'all' (default). UIKit, SwiftUI, raw and HIG spellings."
                ),
                .init(
                    name: "--category", valueName: "<categories>",
                    help:
                        "Content size categories: a name, a comma list or 'all' (default); e.g. large, accessibility2, AX2, xxl."
                ),
                .init(
                    name: "--size", valueName: "<points>",
                    help: "A custom font's design size at Large: sizes as UIFontMetrics.scaledFont(for:) gives them."),
                .init(
                    name: "--max-size", valueName: "<points>",
                    help: "With --size: clamp after rounding, as maximumPointSize does (0: no limit)."),
                .init(
                    name: "--value", valueName: "<points>",
                    help:
                        "A length scaled as UIFontMetrics.scaledValue(for:), snapped to the pixel grid (with --spec: on the spec's curve, beside its sizes)."
                ),
                .init(
                    name: "--model", valueName: "<model>",
                    help: "uifontmetrics (default) or proportional (size ratio, as Flutter does)."),
                .init(
                    name: "--curve", valueName: "<curve>",
                    help: "measured (default: multipliers measured on iOS 27) or hig (ratio of the HIG's leadings)."),
                .init(
                    name: "--spec", valueName: "<file>",
                    help:
                        "A DynamicFont spec (JSON) or a ScaledFont style dictionary (plist): faces and design sizes; see README, \"Specs\"."
                ),
                .init(
                    name: "--family", valueName: "<name>",
                    help: "Without a spec: each style uses this family's face nearest its weight (CSS font matching)."),
                .init(
                    name: "--weight", valueName: "<weight>",
                    help:
                        "With --family: the weight every style asks for: ultraLight, thin, light, regular, medium, semibold, bold, heavy, black, or 100-900."
                ),
                .init(
                    name: "--bold-text", valueName: nil,
                    help:
                        "With --spec or --family: iOS's Bold Text setting; each face steps to the next heavier face of its family."
                ),
                .init(
                    name: "--fallback", valueName: nil,
                    help:
                        "With --spec or --family: for a missing face, report the face fontconfig would use for its family and weight."
                ),
                .init(
                    name: "--fonts-dir", valueName: "<path>", repeatable: true,
                    help: "With --spec or --family: look for faces in this folder of font files first. Repeatable."),
                .init(
                    name: "--strict", valueName: nil,
                    help:
                        "With --spec or --family: a face that is neither installed nor in --fonts-dir makes the run fail (exit 1)."
                ),
                .init(
                    name: "--fontconfig-file", valueName: "<path>",
                    help: "With --spec or --family: use this fontconfig configuration to find installed faces."),
                .init(
                    name: "--platform", valueName: "<platform>",
                    help: "ios (default), watchos, macos or android: each platform's own styles, sizes and rules."),
                .init(
                    name: "--watch-size", valueName: "<mm>",
                    help: "watchOS: the case size (38, 40, 41, 42, 44, 45, 49 mm), which sets the default category."),
                .init(
                    name: "--font-scale", valueName: "<scales>",
                    help: "Android: font scales, e.g. 1.3 or 0.85,1,2 (default: the Settings steps)."),
                .init(
                    name: "--android-version", valueName: "<n>",
                    help: "Android: 14 and later (default 14) scale non-linearly; earlier versions linearly."),
                .init(
                    name: "--display-scale", valueName: "<1|2|3>",
                    help: "The pixel grid values and line heights snap to (default 3: 1/3 pt)."),
                .init(
                    name: "--format", valueName: "<format>",
                    help:
                        "json, table, value (the bare number of one cell), csv, swift (a Swift file with the table), tokens (W3C design tokens) or css (custom properties in rem). Default: value for one cell, else table on a terminal, else json."
                ),
            ]
        }
    }

    /// The one-line usage of a subcommand (or of typefit).
    public static func usage(_ sub: Subcommand?) -> String {
        switch sub {
        case .check:
            return "typefit check --spec <file> [--fonts-dir <path> ...] [--fontconfig-file <path>] [--format <format>]"
        case nil: return "typefit <subcommand> [options]"
        case .measure:
            return
                "typefit measure (<text> ... | --strings <file> ...) --style <styles> (--spec <file> | --font <postscript-name> | --family <name> [--weight <weight>]) [--category <categories>] [--size <points>] [--format <format>]"
        case .specimen:
            return
                "typefit specimen [--spec <file> | --font <postscript-name> | --family <name> [--weight <weight>]] [--style <styles>] [--category <categories>] [--text <text>] [--width <points>] [--output <file.svg>]"
        case .fit:
            return
                "typefit fit (<text> ... | --strings <file> ...) --width <points> [--lines <n>] [--require <category>] --style <style> (--spec <file> | --font <postscript-name> | --family <name> [--weight <weight>]) [--category <categories>] [--format <format>]"
        case .listFonts:
            return
                "typefit list-fonts [--format <format>] [--family <name>] [--postscript-name <name>] [--dir <path> ...] [<font-file> ...] [--strict]"
        case .scale:
            return
                "typefit scale [--style <styles>] [--category <categories>] [--size <points> [--max-size <points>] | --value <points> | --spec <file> | --family <name> [--weight <weight>]] [--bold-text] [--fallback] [--fonts-dir <path> ...] [--strict] [--model <model>] [--curve <curve>] [--format <format>]"
        }
    }

    /// The full help text.
    public static func text(_ sub: Subcommand?) -> String {
        var out = ""
        switch sub {
        case nil:
            out += """
                OVERVIEW: Font registry and Dynamic Type scaler for Linux.

                Lists the fonts a machine has with their PostScript names (what UIFont.familyNames
                and fontNames(forFamilyName:) answer on iOS), and prints the point size of every
                Dynamic Type text style at every content size category.

                USAGE: \(usage(nil))

                OPTIONS:
                  -h, --help              Show help information.
                  --version               Show the version.

                SUBCOMMANDS:
                  list-fonts              List installed fonts, or font files, with their PostScript names.
                  scale                   Point sizes per text style and content size category.
                  check                   Check a DynamicFont spec before it ships (exit 1 on errors).
                  measure                 The width of text at every text size, shaped with HarfBuzz.
                  fit                     The lines text needs at a width, at every text size (a CI gate).
                  specimen                The whole type ramp as an SVG drawn from the font's own outlines.

                  See 'typefit help <subcommand>' for detailed help.

                """
            return out
        case .listFonts:
            out += """
                OVERVIEW: List installed fonts, or font files that are not installed, with their PostScript names.

                Families are sorted case-insensitively; each face has its PostScript name (null when it
                has none), style, weight (100-900), file and face index.

                """
        case .scale:
            out += """
                OVERVIEW: Point sizes per text style and content size category.

                Without --size: Apple's own table for the system font (preferredFont(forTextStyle:)).
                With --size: a custom font scaled as UIFontMetrics.scaledFont(for:) scales it.
                With --value: a length scaled as UIFontMetrics.scaledValue(for:) scales it.
                With --spec: a custom family described by a DynamicFont spec or a ScaledFont plist.
                With --family: each style in the face of that family nearest its weight
                (preferredFont(for:weight:) with --weight).

                """
        case .measure:
            out += """
                OVERVIEW: The width of text at every text size, shaped with HarfBuzz.

                Each text is shaped once per face (kerning, ligatures, complex scripts; advances
                unhinted, as on iOS) and its width given at each category's point size. Characters
                the face lacks are drawn with the face fontconfig falls back to, named in the output.

                """
        case .specimen:
            out += """
                OVERVIEW: The whole type ramp as a picture.

                Writes an SVG with one sample line per text style and content size category, drawn
                from the font's own glyph outlines (FreeType) placed by HarfBuzz, so it looks right on
                a machine without the font. Styles are rows, categories columns, the accessibility
                sizes on a tinted band. A missing face is a marked box and a warning.

                """
        case .fit:
            out += """
                OVERVIEW: The lines text needs at a width, at every text size.

                Lines are filled greedily at Unicode (UAX #14) break opportunities; a word wider
                than the line overflows and is reported. With --require, exit 1 when any string
                needs more than --lines lines at that category.

                """
        case .check:
            out += """
                OVERVIEW: Check a DynamicFont spec before it ships.

                Errors (exit 1): a face that is neither installed nor in --fonts-dir, an explicit table
                that shrinks as the category grows, a size below Apple's 11 pt minimum, a maxPointSize
                below the design size. Warnings (exit 0): a model size below 11 pt at a small category,
                running text that does not reach 200% of its Large size by AX5 (WCAG 1.4.4).

                """
        }
        guard let sub else { return out }
        out += "\nUSAGE: \(usage(sub))\n\nOPTIONS:\n"
        let specs = options(sub)
        let labels = specs.map { spec in spec.name + (spec.valueName.map { " " + $0 } ?? "") }
        let width = max(24, (labels.map(\.count).max() ?? 0) + 2)
        for (spec, label) in zip(specs, labels) {
            out += "  " + label + String(repeating: " ", count: width - label.count) + spec.help + "\n"
        }
        out += "  -h, --help" + String(repeating: " ", count: width - 10) + "Show help information.\n"
        switch sub {
        case .measure:
            out += """

                EXAMPLES:
                  typefit measure "Settings" --style headline --font DejaVuSans-Bold --category large,AX5
                  typefit measure "مرحبا بالعالم" --style body --family "Noto Sans Arabic" --format json

                """
        case .specimen:
            out += """

                EXAMPLES:
                  typefit specimen --spec Fonts/MyFont.json --fonts-dir Fonts --output specimen.svg
                  typefit specimen --family "DejaVu Sans" --style title1,body --width 320 > ramp.svg

                """
        case .fit:
            out += """

                EXAMPLES:
                  typefit fit --width 320 --style title1 --spec Fonts/MyFont.json --strings Localizable.xcstrings --require AX3
                  typefit fit "Einstellungen speichern" --width 200 --lines 2 --style headline --family "DejaVu Sans"

                """
        case .check:
            out += """

                EXAMPLES:
                  typefit check --spec Fonts/MyFont.json --fonts-dir Fonts
                  typefit check --spec Fonts/MyFont.json --format json | jq '.problems[]'

                """
        case .listFonts:
            out += """

                EXAMPLES:
                  typefit list-fonts --family "DejaVu Sans"
                  typefit list-fonts --format json | jq -r '.families[].faces[].postscriptName'
                  typefit list-fonts --dir MyApp/Fonts --format plain
                  typefit list-fonts --dir MyApp/Resources --format uiappfonts --strict

                """
        case .scale:
            out += """

                EXAMPLES:
                  typefit scale --style body --category accessibilityLarge       # 33
                  typefit scale --style body --size 17 --category AX5            # 48
                  typefit scale --style body --value 17 --category medium        # 16.333333333333332
                  typefit scale --format table
                  typefit scale --spec Fonts/MyFont.json --fonts-dir Fonts --strict
                  typefit scale --spec Fonts/MyFont.plist --bold-text --fallback
                  typefit scale --family "DejaVu Sans" --weight semibold --style body --format table

                """
        }
        return out
    }
}

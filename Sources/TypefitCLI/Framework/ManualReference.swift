/// The reference sections of typefit(1) that no declaration holds: what the
/// README's reference says about diagnostics, JSON, the environment and
/// files, in the manual's own words.
enum Reference {
    static let description = """
        Every subcommand writes data on stdout (JSON for scripts, a table for people, \
        a bare value, SVG, Swift, CSS or design tokens) and diagnostics on stderr. \
        Without --format, a terminal gets a table and a pipe gets JSON. Options take \
        --opt value or --opt=value; -- ends the options; -h or --help anywhere shows \
        the subcommand's help. typefit with no subcommand prints the overview on stderr \
        and exits 64.

        A DynamicFont spec is a small JSON file (or a ScaledFont style dictionary, an \
        XML property list) that describes a custom font family the way an iOS app uses \
        it: the PostScript name of each face, the design size of each text style at the \
        Large category, and optionally a scaling model, hand-made size tables, minimum \
        and maximum sizes. scale --spec turns it into the sizes UIFontMetrics would give \
        at every content size category; check --spec judges it before it ships.
        """

    static let diagnostics = """
        A problem at a place in a file is printed in the compiler's format, \
        FILE:LINE:COLUMN: error: message (or warning:), which editors and CI annotations \
        read. Every other diagnostic starts with typefit: error:, typefit: warning: or \
        typefit: note:, with the file first when there is one. A usage error adds the \
        subcommand's usage line and where to read more. --strict turns every warning into \
        an error with exit status 1.
        """

    static let json = """
        Every JSON document has a top-level schemaVersion (1), keys sorted, slashes not \
        escaped, numbers never quoted; it is indented on a terminal and one line in a \
        pipe. With --format json, an error that ends the run still prints a document: \
        {"errors": [{"column", "file", "line", "message"}], "schemaVersion": 1}, with \
        null where a field does not apply; check prints its own document with errors \
        beside problems. The main documents' fields:
        """

    static let jsonFields: [(String, [(String, String)])] = [
        (
            "list-fonts",
            [
                ("families[].name", "The family name (UIFont.familyNames)."),
                ("families[].aliases", "The family's other names, sorted."),
                ("faces[].postscriptName", "The PostScript name (fontNames(forFamilyName:)), or null."),
                ("faces[].postscriptNameSource", "font, synthesized, or null: where the name came from."),
                ("faces[].fontconfigPostscriptName", "fontconfig's name for the face when it differs."),
                ("faces[].style, .weight, .italic", "The style name, OpenType weight (100-900), italic or not."),
                ("faces[].weightRange, .variable", "A variable font's default face and its weight range."),
                (
                    "faces[].file, .index, .collectionIndex, .namedInstance",
                    "The file and the face index as FreeType takes it: collection position in the low 16 bits, "
                        + "named instance (from 1) in the high 16 bits."
                ),
                ("faces[].format, .otherFiles", "fontconfig's font format; other paths to the same file."),
            ]
        ),
        (
            "scale",
            [
                ("model, curve, source", "How the numbers were made and where they come from."),
                ("sizes[].style, .category", "UIKit case names."),
                ("sizes[].pointSize, .lineHeight, .weight", "Points, and the weight Apple uses for the style."),
                ("sizes[].value", "With --value: the scaled length."),
                (
                    "sizes[].face, .postscriptName, .file, .index, .missing",
                    "With --spec or --family: the face and where it was found."
                ),
                ("sizes[].fallback, .boldText", "With --fallback and --bold-text."),
            ]
        ),
        (
            "measure and fit",
            [
                (
                    "measurements[].width, .pointSize, .missingGlyphs, .fallbacks",
                    "measure: the width in points at each cell, and the faces that drew missing characters."
                ),
                (
                    "results[].lines, .fits, .overflows, .largestFittingCategory",
                    "fit: per category, and the largest category at which the string fits."
                ),
                (
                    "softWrap",
                    "fit: false with --no-soft-wrap (Flutter's Text.softWrap), lines ending only at line feeds."
                ),
            ]
        ),
    ]

    static let environment: [(String, String)] = [
        (
            "FONTCONFIG_FILE",
            "The fontconfig configuration, as for every fontconfig program (also FONTCONFIG_PATH and "
                + "FONTCONFIG_SYSROOT)."
        ),
        ("TYPEFIT_CACHE_DIR", "Where the listing cache lives."),
        ("TYPEFIT_NO_CACHE", "Set to 1: never use or write the listing cache."),
        ("XDG_CACHE_HOME, HOME", "Where the listing cache lives without TYPEFIT_CACHE_DIR."),
        (
            "GDK_DPI_SCALE",
            "scale --category system: the desktop's text scale when GNOME's text-scaling-factor is not available."
        ),
    ]

    static let files: [(String, String)] = [
        (
            "$XDG_CACHE_HOME/typefit, ~/.cache/typefit",
            "The listing cache: the installed listing, used while nothing fontconfig reads has changed. "
                + "Deleting the folder clears it."
        )
    ]
}

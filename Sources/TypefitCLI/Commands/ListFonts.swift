import TypefitCore

/// `typefit list-fonts`: installed fonts, or font files, with their
/// PostScript names.
public struct ListFonts: ParsableCommand {
    /// The declaration.
    public static let configuration = CommandConfiguration(
        commandName: "list-fonts",
        abstract: "List installed fonts, or font files, with their PostScript names.",
        discussion: """
            Families are sorted case-insensitively; each face has its PostScript name (null \
            when it has none), style, weight (100-900), file and face index: what \
            UIFont.familyNames and UIFont.fontNames(forFamilyName:) answer on iOS. With \
            --dir or font files, the files are read directly, without installing them.
            """,
        arguments: [
            ArgumentDeclaration(
                "font-file", help: "A font file to list instead of the installed fonts.",
                completion: .file(extensions: ["ttf", "otf", "ttc", "otc", "woff", "woff2", "pfb", "pcf", "bdf"]))
        ],
        options: [
            OptionGroups.format(
                [.json, .table, .plain, .uiappfonts],
                help: "json, table, plain (family<TAB>postscriptName) or uiappfonts (the Info.plist array, "
                    + "with --dir). Default: table on a terminal, else json."),
            .option(
                "--family", "name", help: "Only faces of this family (any of its names, case-insensitive).",
                completion: .families),
            .option(
                "--postscript-name", "name", help: "Only faces with exactly this PostScript name.",
                completion: .postscriptNames),
            .option(
                "--dir", "path",
                help: "List the font files in this folder (recursively) instead of the installed fonts.",
                repeatable: true, completion: .directory),
        ]
            + OptionGroups.fontSources.without("--fonts-dir").replacingHelp(
                of: "--strict",
                with: "With --dir or files: any file that cannot be used fails the run (exit 1).")
            + [
                .flag(
                    "--no-cache",
                    help: "Ask fontconfig even when a valid cached listing exists (see README, \"The listing cache\")."
                )
            ],
        examples: [
            Example("typefit list-fonts --family \"DejaVu Sans\""),
            Example("typefit list-fonts --format json | jq -r '.families[].faces[].postscriptName'"),
            Example("typefit list-fonts --dir MyApp/Fonts --format plain"),
            Example("typefit list-fonts --dir MyApp/Resources --format uiappfonts --strict"),
        ])

    /// The options.
    public var options: ListFontsOptions

    /// Creates the command.
    public init(_ options: ListFontsOptions) { self.options = options }

    /// Reads the options; `--strict` and `uiappfonts` need files.
    public init(parsing parsed: ParsedArguments) throws(UsageError) {
        var options = ListFontsOptions()
        options.format = parsed.format()
        options.family = parsed.last("--family")
        options.postscriptName = parsed.last("--postscript-name")
        options.fontconfigFile = parsed.last("--fontconfig-file")
        options.paths = parsed.all("--dir") + parsed.positionals
        options.useCache = !parsed.has("--no-cache")
        options.strict = parsed.has("--strict")
        options.verbose = parsed.has("--verbose")
        if options.paths.isEmpty {
            if options.format == .uiappfonts {
                throw UsageError(
                    "'--format uiappfonts' lists an app's own font files: give them with --dir or as arguments")
            }
            if options.strict {
                throw UsageError("'--strict' applies to font files given with --dir or as arguments")
            }
        }
        if options.fontconfigFile != nil && !options.paths.isEmpty {
            throw UsageError(
                "'--fontconfig-file' lists installed fonts; it cannot be combined with --dir or font files")
        }
        self.options = options
    }

    /// Lists the faces.
    public func run(context: RunContext) -> Outcome {
        Runner.listFonts(options, context: context)
    }

    /// Whether `--format json` was given.
    public func writesJSON(context: RunContext) -> Bool { options.format == .json }
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
    /// `--verbose`: one warning line per file.
    public var verbose = false

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

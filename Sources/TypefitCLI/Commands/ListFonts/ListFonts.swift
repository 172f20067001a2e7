import TypefitCore
import TypefitKit

/// `typefit list-fonts`: installed fonts, or font files, with their
/// PostScript names.
public struct ListFonts: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var format: OutputFormat?
        var family: String?
        var postscriptName: String?
        var directories: [String] = []
        var bundleLayout: BundleLayout?
        var sources = SourceOptions()
        var noCache = false

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`, `--format json`.
        public var output: OutputSettings {
            OutputSettings(strict: sources.strict, verbose: sources.verbose, json: format == .json)
        }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        [
            formatOption(ListingRenderers.all.formats(), default: "table on a terminal, else json.", \.format),
            .string(
                "--family", "name", help: "Only faces of this family (any of its names, case-insensitive).",
                completion: .families, \.family),
            .string(
                "--postscript-name", "name", help: "Only faces with exactly this PostScript name.",
                completion: .postscriptNames, \.postscriptName),
            .list(
                "--dir", "path",
                help: "List the font files in this folder (recursively) instead of the installed fonts.",
                completion: .directory, \.directories),
            .value(
                "--bundle-layout", "layout",
                help: "With --format uiappfonts: flat (Xcode groups copy files into the bundle's root; the "
                    + "default) or folders (folder references keep paths relative to --dir).",
                values: BundleLayout.allCases.map(\.rawValue), validatesValues: true, \.bundleLayout
            ) { text throws(UsageError) in
                guard let layout = BundleLayout(rawValue: text) else {
                    throw UsageError("'--bundle-layout' takes flat or folders (got '\(text)')")
                }
                return layout
            },
        ]
        + SourceOptions.options.lifted(\Options.sources).without("--fonts-dir").without("--no-installed-fonts")
        .replacingHelp(
            of: "--strict", with: "With --dir or files: any file that cannot be used fails the run (exit 1).")
        + [
            .flag(
                "--no-cache",
                help: "Ask fontconfig even when a valid cached listing exists "
                    + "(see docs/REFERENCE.md, \"The listing cache\").", \.noCache)
        ]

    /// The name the command line gives it.
    public static let commandName = "list-fonts"

    /// The declaration.
    public static let configuration = declared(
        commandName,
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
        examples: [
            Example("typefit list-fonts --family \"DejaVu Sans\""),
            Example("typefit list-fonts --format json | jq -r '.families[].faces[].postscriptName'"),
            Example("typefit list-fonts --dir MyApp/Fonts --format plain"),
            Example("typefit list-fonts --dir MyApp/Resources --format uiappfonts --strict"),
        ])

    /// What to list.
    public var query: ListingJob.Query
    /// `--fontconfig-file`.
    public var search: FontSearch
    /// `--format`; `nil` picks table on a terminal and JSON otherwise.
    public var format: OutputFormat?
    /// `--bundle-layout`.
    public var bundleLayout = BundleLayout.flat

    /// Checks how the options combine: `--strict` and `uiappfonts` need files.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        var query = ListingJob.Query()
        query.family = options.family
        query.postscriptName = options.postscriptName
        query.paths = options.directories + arguments
        query.useCache = !options.noCache
        if query.paths.isEmpty {
            if options.format == ListingUIAppFonts.format {
                throw UsageError(
                    "'--format uiappfonts' lists an app's own font files: give them with --dir or as arguments")
            }
            if options.sources.strict {
                throw UsageError("'--strict' applies to font files given with --dir or as arguments")
            }
        }
        if options.sources.search.fontconfigFile != nil && !query.paths.isEmpty {
            throw UsageError(
                "'--fontconfig-file' lists installed fonts; it cannot be combined with --dir or font files")
        }
        if let layout = options.bundleLayout {
            guard options.format == ListingUIAppFonts.format else {
                throw UsageError("'--bundle-layout' goes with '--format uiappfonts'")
            }
            bundleLayout = layout
        }
        self.query = query
        search = options.sources.search
        format = options.format
    }

    /// Lists the faces.
    public func run(context: RunContext) -> Outcome {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        return Outcome.reporting { diagnostics throws(Stopped) in
            let listing = try ListingJob(query: query, search: search).run(diagnostics: &diagnostics)
            let families = FontCatalog.families(from: listing.faces)
            // Files named and unreadable beside others that were read: the
            // JSON document says so itself, in `errors`.
            let errors = diagnostics.errors.map { (file: $0.file, message: $0.message.worded(CommandInput.spelling)) }
            let output = ListingOutput(
                listing: listing, families: families, bundleLayout: bundleLayout, errors: errors)
            let format = format ?? (context.stdoutIsTerminal ? .table : .json)
            let renderer = ListingRenderers.all.renderer(for: format) ?? ListingJSON.self
            let outcome = renderer.render(output, RenderContext(pretty: context.stdoutIsTerminal))
            return outcome
        }
    }
}

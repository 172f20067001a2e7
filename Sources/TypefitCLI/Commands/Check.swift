import TypefitCore

/// `typefit check --spec FILE`: what a spec would ship with.
public struct Check: ParsableCommand {
    /// The declaration.
    public static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a DynamicFont spec before it ships (exit 1 on errors).",
        discussion: """
            Errors (exit 1): a spec that does not parse, a face that is neither installed nor \
            in --fonts-dir, an explicit table that shrinks as the category grows, a size \
            below Apple's 11 pt minimum, a maxPointSize below the design size. Warnings \
            (exit 0): a model size below 11 pt at a small category, running text that does \
            not reach 200% of its Large size by AX5 (WCAG 1.4.4). A spec file that does not \
            exist or cannot be read exits 2.
            """,
        options: [
            OptionGroups.face[0].withHelp(
                "The DynamicFont spec (JSON) or ScaledFont style dictionary (plist) to check."
            ).required()
        ]
            + OptionGroups.fontSources.without("--strict")
            + [OptionGroups.format([.table, .json], help: "table (the default: a CI log is read by people) or json.")],
        examples: [
            Example("typefit check --spec Fonts/MyFont.json --fonts-dir Fonts"),
            Example("typefit check --spec Fonts/MyFont.json --format json | jq '.problems[]'"),
        ])

    /// The options.
    public var options: CheckOptions

    /// Creates the command.
    public init(_ options: CheckOptions) { self.options = options }

    /// Reads the options.
    public init(parsing parsed: ParsedArguments) throws(UsageError) {
        guard let spec = parsed.last("--spec") else {
            throw UsageError("missing '--spec <file>': the spec to check")
        }
        var options = CheckOptions(specPath: spec)
        options.fontconfigFile = parsed.last("--fontconfig-file")
        options.fontsDirectories = parsed.all("--fonts-dir")
        options.verbose = parsed.has("--verbose")
        options.format = parsed.format() ?? .table
        self.options = options
    }

    /// Checks the spec.
    public func run(context: RunContext) -> Outcome {
        Runner.check(options, context: context)
    }

    /// Whether `--format json` was given (a CI log is read by people).
    public func writesJSON(context: RunContext) -> Bool { options.format == .json }
}

/// Options of `typefit check`.
public struct CheckOptions: Equatable, Sendable {
    /// `--spec`: the spec to check.
    public var specPath: String
    /// `--fonts-dir` (repeatable).
    public var fontsDirectories: [String] = []
    /// `--fontconfig-file`.
    public var fontconfigFile: String?
    /// `--verbose`: one warning line per file.
    public var verbose = false
    /// `--format`: json, or table (the default on a terminal and in pipes:
    /// a CI log is read by people).
    public var format: OutputFormat = .table

    /// Creates options.
    public init(specPath: String) {
        self.specPath = specPath
    }
}

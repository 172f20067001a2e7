import TypefitCore

/// `typefit measure`: the width of text at every text size.
public struct Measure: ParsableCommand {
    /// The declaration.
    public static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "The width of text at every text size, shaped with HarfBuzz.",
        discussion: """
            Each text is shaped once per face (kerning, ligatures, complex scripts; advances \
            unhinted, as on iOS) and its width given at each category's point size. \
            Characters the face lacks are drawn with the face fontconfig falls back to, \
            named in the output.
            """,
        arguments: [ArgumentDeclaration("text", help: "A string to measure (or give files with --strings).")],
        options: [TextOptions.stringsOption]
            + TextOptions.declarations(style: "The text styles (required): a name, a comma list or 'all'.")
            .map { $0.name == "--style" ? $0.required() : $0 }
            + [OptionGroups.format([.json, .table], help: "Default: table on a terminal, else json.")],
        examples: [
            Example("typefit measure \"Settings\" --style headline --font DejaVuSans-Bold --category large,AX5"),
            Example("typefit measure \"مرحبا بالعالم\" --style body --family \"Noto Sans Arabic\" --format json"),
        ])

    /// The options.
    public var options: MeasureOptions

    /// Creates the command.
    public init(_ options: MeasureOptions) { self.options = options }

    /// Reads the options.
    public init(parsing parsed: ParsedArguments) throws(UsageError) {
        var options = MeasureOptions()
        options.text = try TextOptions(parsing: parsed)
        options.texts = parsed.positionals
        options.stringsFiles = parsed.all("--strings")
        guard !options.texts.isEmpty || !options.stringsFiles.isEmpty else {
            throw UsageError("missing the text to measure (arguments, or files with '--strings')")
        }
        self.options = options
    }

    /// Measures the strings.
    public func run(context: RunContext) -> Outcome {
        Runner.measure(options, context: context)
    }

    /// Whether `--format json` was given.
    public func writesJSON(context: RunContext) -> Bool { options.text.format == .json }
}

/// Options of `typefit measure`.
public struct MeasureOptions: Equatable, Sendable {
    /// The shared options.
    public var text = TextOptions()
    /// The strings to measure.
    public var texts: [String] = []
    /// `--strings` files (repeatable): `.strings`, `.xcstrings`, text.
    public var stringsFiles: [String] = []

    /// Creates options.
    public init() {}
}

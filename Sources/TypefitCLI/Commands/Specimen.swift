import TypefitCore

/// `typefit specimen`: the type ramp as an SVG drawn from the font's own
/// outlines.
public struct Specimen: ParsableCommand {
    /// The declaration.
    public static let configuration = CommandConfiguration(
        commandName: "specimen",
        abstract: "The whole type ramp as an SVG drawn from the font's own outlines.",
        discussion: """
            Writes an SVG with one sample line per text style and content size category, \
            drawn from the font's own glyph outlines (FreeType) placed by HarfBuzz, so it \
            looks right on a machine without the font. Styles are rows, categories columns, \
            the accessibility sizes on a tinted band. A missing face is a marked box and a \
            warning.
            """,
        options: [
            .option("--text", "text", help: "The sample line (default: a pangram)."),
            .option(
                "--width", "points",
                help: "A guide at this width: glyphs beyond it in red, the lines fit would need in each label."),
            .option(
                "--output", "file.svg", help: "Write the SVG here (default: stdout).",
                completion: .file(extensions: ["svg"])),
        ]
            + TextOptions.declarations(
                style: "Text styles: a name, a comma list or 'all' (default: all, or the spec's)."),
        examples: [
            Example("typefit specimen --spec Fonts/MyFont.json --fonts-dir Fonts --output specimen.svg"),
            Example("typefit specimen --family \"DejaVu Sans\" --style title1,body --width 320 > ramp.svg"),
        ])

    /// The options.
    public var options: SpecimenOptions

    /// Creates the command.
    public init(_ options: SpecimenOptions) { self.options = options }

    /// Reads the options.
    public init(parsing parsed: ParsedArguments) throws(UsageError) {
        var options = SpecimenOptions()
        options.text = try TextOptions(parsing: parsed, styleRequired: false)
        if let sample = parsed.last("--text") { options.sample = sample }
        if let width = parsed.last("--width") {
            guard let value = Double(width.trimmingSpaces), value.isFinite, value > 0, value <= 100_000 else {
                throw UsageError("'--width' must be a number of points greater than 0 (got '\(width)')")
            }
            options.width = value
        }
        options.output = parsed.last("--output")
        self.options = options
    }

    /// Draws the specimen.
    public func run(context: RunContext) -> Outcome {
        Runner.specimen(options, context: context)
    }

    /// SVG, never JSON.
    public func writesJSON(context: RunContext) -> Bool { false }
}

/// Options of `typefit specimen`.
public struct SpecimenOptions: Equatable, Sendable {
    /// The shared options (styles default to all, or the spec's).
    public var text = TextOptions()
    /// `--text`: the sample line.
    public var sample = "Sphinx of black quartz, judge my vow"
    /// `--width`: a guide at this many points, glyphs beyond it marked.
    public var width: Double?
    /// `--output`: the SVG file (stdout when `nil`).
    public var output: String?

    /// Creates options.
    public init() {}
}

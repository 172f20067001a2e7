import TypefitCore

/// `measure`'s work: the strings (first, so that a malformed file ends the
/// run before any font work), the cells and their faces, Markdown rendered
/// where it applies, and each string measured into the document as it is
/// made.
public struct MeasureJob: Job {
    /// Styles, categories, face, language, samples, Markdown.
    public var request: Request
    /// Where faces are found.
    public var search: FontSearch
    /// Strings given as arguments.
    public var texts: [String] = []
    /// `.strings`, `.stringsdict`, `.xcstrings` and text files.
    public var stringsFiles: [String] = []
    /// `--source-set`: a module root's source sets read over `main`.
    public var sourceSets: [String] = []
    /// `--pseudolocale`: the source strings again in each, as aapt2 makes them.
    public var pseudolocales: [AndroidPseudolocale] = []
    /// Android configurations also measured (`--qualifiers`).
    public var configurations: [AndroidDeviceQualifiers] = []

    /// Creates a job.
    public init(request: Request, search: FontSearch) {
        self.request = request
        self.search = search
    }

    /// What a run made and found.
    public struct Result: Sendable {
        /// The document: a table or JSON.
        public var document: [UInt8]
        /// Faces that could not be opened.
        public var faceFailures: [String]
        /// Texts with characters no face has, and how many.
        public var missingGlyphs: [MissingGlyphs]
    }

    /// The strings and cells made ready: what `run` and `writeJSON`
    /// measure. `@unchecked Sendable`: its opened faces (HarfBuzz and
    /// FreeType handles) are used by one thread at a time, the run that
    /// made them and then the stream that writes stdout, never at once.
    public struct Prepared: @unchecked Sendable {
        /// The strings, Markdown rendered where it applies.
        public var strings: [LocalizedString]
        /// The cells.
        public var cells: [SizedCell]
        /// Each cell's faces, opened.
        let measurements: Measurements
        /// Whether the strings came from files (rows name key and text).
        let showText: Bool
        /// `Request.sizeModel`.
        let model: String?
        /// `Request.systemFont`.
        let systemFont: String?

        /// Faces that could not be opened.
        public var faceFailures: [String] { measurements.failures }
    }

    /// Reads the strings, finds the cells' faces and opens them; a
    /// problem stops the run before anything is measured.
    public func prepare(diagnostics: inout Diagnostics) throws(Stopped) -> Prepared {
        let (written, cells) = try TextJob.prepare(
            texts: texts, files: stringsFiles, sourceSets: sourceSets, pseudolocales: pseudolocales,
            configurations: configurations, request,
            search: search,
            diagnostics: &diagnostics)
        var counts = MarkdownText.Counts()
        let strings = MarkdownText.render(written, mode: request.markdown, html: request.html, counts: &counts)
        MarkdownText.note(counts, into: &diagnostics)
        let styled = StyledFaces.find(for: strings, cells: cells, search: search, diagnostics: &diagnostics)
        let measurements = Measurements(
            cells: cells, fonts: search.fallbackFonts(), styled: styled, rules: request.textRules)
        TextJob.noteSettings(cells, measurements.settings, into: &diagnostics)
        if !cells.isEmpty {
            diagnostics.verboseNote(.shapings(perString: measurements.shapingsPerString, cells: cells.count))
        }
        return Prepared(
            strings: strings, cells: cells, measurements: measurements,
            showText: !stringsFiles.isEmpty || !pseudolocales.isEmpty, model: request.sizeModel,
            systemFont: request.systemFont)
    }

    /// Measures every string at every cell into the JSON document, whole
    /// and compact (`measure` streams it instead: `writeJSON`).
    public func run(progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics) throws(Stopped)
        -> Result
    {
        try run(asTable: false, pretty: false, progress: progress, diagnostics: &diagnostics)
    }

    /// Measures every string at every cell, into a table (`asTable`) or
    /// JSON, whole; `progress` is told how many strings are done.
    public func run(
        asTable: Bool, pretty: Bool, progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics
    ) throws(Stopped) -> Result {
        let prepared = try prepare(diagnostics: &diagnostics)
        let counted = Self.counting(prepared, progress: progress)
        let rendered = MeasureDocument.render(
            strings: prepared.strings, cells: prepared.cells, asTable: asTable, showText: prepared.showText,
            pretty: pretty, model: prepared.model, systemFont: prepared.systemFont,
            settings: prepared.measurements.settings, measure: counted)
        progress?.finish()
        return Result(
            document: rendered.bytes, faceFailures: prepared.faceFailures,
            missingGlyphs: rendered.missing.map {
                MissingGlyphs(text: $0.text, count: $0.characters, language: $0.language)
            })
    }

    /// The table of `prepared`, whole (its columns are sized by every
    /// row), and the texts with characters no face has.
    public static func table(_ prepared: Prepared, pretty: Bool, progress: (any ProgressReporting)? = nil)
        -> (bytes: [UInt8], missingGlyphs: [MissingGlyphs])
    {
        let rendered = MeasureDocument.render(
            strings: prepared.strings, cells: prepared.cells, asTable: true, showText: prepared.showText,
            pretty: pretty, model: prepared.model, systemFont: prepared.systemFont,
            settings: prepared.measurements.settings, measure: counting(prepared, progress: progress))
        progress?.finish()
        return (
            rendered.bytes,
            rendered.missing.map { MissingGlyphs(text: $0.text, count: $0.characters, language: $0.language) }
        )
    }

    /// The JSON document of `prepared`, measured while it is written to
    /// `write` (memory stays a chunk whatever the catalog's size); the
    /// texts with characters no face has come back when it is done. False
    /// when a write failed.
    public static func writeJSON(
        _ prepared: Prepared, pretty: Bool, progress: (any ProgressReporting)? = nil,
        to write: ([UInt8]) -> Bool
    ) -> (ok: Bool, missingGlyphs: [MissingGlyphs]) {
        let written = MeasureDocument.writeJSON(
            strings: prepared.strings, cells: prepared.cells, showText: prepared.showText, pretty: pretty,
            model: prepared.model, systemFont: prepared.systemFont, settings: prepared.measurements.settings,
            measure: counting(prepared, progress: progress), to: write)
        progress?.finish()
        return (
            written.ok,
            written.missing.map { MissingGlyphs(text: $0.text, count: $0.characters, language: $0.language) }
        )
    }

    /// `prepared`'s measuring, telling `progress` every 64 strings.
    private static func counting(_ prepared: Prepared, progress: (any ProgressReporting)?) -> (LocalizedString) ->
        [MeasuredText?]
    {
        progress?.start(total: prepared.strings.count)
        let measurements = prepared.measurements
        var done = 0
        return { string in
            defer {
                done += 1
                if done % 64 == 0 { progress?.advance(to: done) }
            }
            return measurements.measure(string)
        }
    }
}

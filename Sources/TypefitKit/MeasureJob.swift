import TypefitCore

/// `measure`'s work: the strings (first, so that a malformed file ends the
/// run before any font work), the cells and their faces, Markdown rendered
/// where it applies, and each string measured into the document as it is
/// made.
public struct MeasureJob: Sendable {
    /// Styles, categories, face, language, samples, Markdown.
    public var request: Request
    /// Where faces are found.
    public var search: FontSearch
    /// Strings given as arguments.
    public var texts: [String] = []
    /// `.strings`, `.stringsdict`, `.xcstrings` and text files.
    public var stringsFiles: [String] = []

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
        public var missingGlyphs: [(text: String, count: Int)]
    }

    /// Measures every string at every cell, into a table (`asTable`) or
    /// JSON; `progress` is told how many strings are done.
    public func run(
        asTable: Bool, pretty: Bool, progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics
    ) throws(Stopped) -> Result {
        let (written, cells) = try TextJob.prepare(
            texts: texts, files: stringsFiles, request, search: search, diagnostics: &diagnostics)
        var counts = MarkdownText.Counts()
        let strings = MarkdownText.render(written, mode: request.markdown, counts: &counts)
        MarkdownText.note(counts, into: &diagnostics)
        let styled = StyledFaces.find(for: strings, cells: cells, search: search, diagnostics: &diagnostics)
        let measurements = Measurements(cells: cells, configFile: search.fontconfigFile, styled: styled)
        progress?.start(total: strings.count)
        var done = 0
        let rendered = MeasureDocument.render(
            strings: strings, cells: cells, asTable: asTable, showText: !stringsFiles.isEmpty, pretty: pretty,
            model: request.sizeModel
        ) { string in
            defer {
                done += 1
                if done % 64 == 0 { progress?.advance(to: done) }
            }
            return measurements.measure(string)
        }
        progress?.finish()
        return Result(
            document: rendered.bytes, faceFailures: measurements.failures,
            missingGlyphs: rendered.missing.map { ($0.0, $0.1) })
    }
}

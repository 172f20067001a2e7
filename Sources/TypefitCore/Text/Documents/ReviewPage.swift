/// `typefit review`'s page: one self-contained HTML file (no network, no
/// other file) for a localization pull request — a summary, then every
/// failing (key, language) with its text drawn as iOS lays it out at each
/// size where it fails and at the largest size where it still fits, with
/// filters by language, style and size and a search box. Pure: the rows
/// and outlines come in; the same input gives the same bytes.
///
/// Each row carries its string's glyphs once (the paragraph as shaped, in
/// 1/1000 em) and each size only where its lines cut them; the page's own
/// script draws a row's SVG from them when the row scrolls into view. A
/// catalog where thousands of strings fail gives a page of a few bytes per
/// glyph, not kilobytes of SVG per size, and a browser that builds only
/// what is looked at: the rows' sections are written as text in one
/// block, each made an element by the script when it nears the window or
/// a filter or search picks it.
public struct ReviewPage: Sendable {
    /// One size a row shows.
    public struct Sample: Sendable {
        /// Its cell: an index of the page's `cells`.
        public var cell: Int
        /// The lines it needs (fit's count).
        public var lines: Int
        /// Whether a piece (one long word) overflows the line.
        public var overflows: Bool
        /// Whether it fits the rule there.
        public var fits: Bool
        /// Which of the row's glyph streams it draws.
        public var stream: Int
        /// The lines drawn, top to bottom: a range of the row's
        /// `drawn.lines` (sizes that break alike share theirs).
        public var layout: Range<Int>

        /// Creates a sample.
        public init(cell: Int, lines: Int, overflows: Bool, fits: Bool, stream: Int = 0, layout: Range<Int>) {
            self.cell = cell
            self.lines = lines
            self.overflows = overflows
            self.fits = fits
            self.stream = stream
            self.layout = layout
        }
    }

    /// A size a rule checks: the samples name it by its index.
    public struct Cell: Sendable, Equatable {
        /// The category's key (UIKit's name, `accessibilityLarge`).
        public var category: String
        /// The category for people (`AX2`).
        public var label: String
        /// The point size.
        public var pointSize: Double
        /// The line height.
        public var lineHeight: Double

        /// Creates a cell.
        public init(category: String, label: String, pointSize: Double, lineHeight: Double) {
            self.category = category
            self.label = label
            self.pointSize = pointSize
            self.lineHeight = lineHeight
        }
    }

    /// A string's glyphs as shaped in one face (and its fallbacks): the
    /// samples' lines are slices of it.
    public struct Stream: Sendable {
        /// The keys (in the page's `faces`) of the faces its glyphs use,
        /// in order of first use.
        public var faces: [String]
        /// The glyphs, stretch after stretch, as shaped: each glyph's
        /// `face` is its shaping's face, whose slot in `faces` `slots`
        /// gives (the shaping's own glyphs, not a copy per row with the
        /// slot written in: a page holds hundreds of thousands).
        public var glyphs: [PlacedGlyph<Int>]
        /// Per face of the shaping: its slot in `faces`.
        public var slots: [Int]
        /// Per slot: its face's own advances in its units, unshaped, by
        /// glyph index (the page's `advances`; the page writes only where
        /// the shaped advance differs: kerning, marks, tracking). Every
        /// glyph of `glyphs` has its own.
        public var ownAdvances: [[Double]]
        /// Per slot: its face's units per em.
        public var unitsPerEm: [Double]

        /// Creates a stream: `faces` in order of first use, per face of
        /// the shaping its slot, per slot its face's own advances by glyph
        /// and its units per em.
        public init(
            faces: [String], glyphs: [PlacedGlyph<Int>], slots: [Int], ownAdvances: [[Double]], unitsPerEm: [Double]
        ) {
            self.faces = faces
            self.glyphs = glyphs
            self.slots = slots
            self.ownAdvances = ownAdvances
            self.unitsPerEm = unitsPerEm
        }

        /// Whether `other` draws the same glyphs from the same faces'
        /// places (the same font at another optical size): then the page
        /// writes the glyphs once for both.
        func sameGlyphs(as other: Stream) -> Bool {
            guard glyphs.count == other.glyphs.count, faces.count == other.faces.count else { return false }
            return glyphs.withUnsafeBufferPointer { mine in
                other.glyphs.withUnsafeBufferPointer { theirs in
                    for i in 0..<mine.count {
                        let (a, b) = (mine[i], theirs[i])
                        guard slots[a.face] == other.slots[b.face], a.glyph == b.glyph, a.missing == b.missing
                        else { return false }
                    }
                    return true
                }
            }
        }
    }

    /// A face's own advances, for the page's `advances` table.
    public struct FaceAdvances: Sendable, Equatable {
        /// Its units per em.
        public var unitsPerEm: Double
        /// Per glyph drawn or placed: its advance in font units.
        public var advances: [UInt32: Double]

        /// Creates a table.
        public init(unitsPerEm: Double, advances: [UInt32: Double]) {
            self.unitsPerEm = unitsPerEm
            self.advances = advances
        }
    }

    /// One failing (key, language).
    public struct Row: Sendable {
        /// The string's key.
        public var key: String
        /// Its language.
        public var language: String?
        /// The text as written.
        public var text: String
        /// The text before the change (`--base`) when it changed (`nil`:
        /// added, unchanged, or no base).
        public var oldText: String?
        /// Whether the string is new since the base.
        public var isNew: Bool
        /// With `--base`, for a changed string: where its old text failed
        /// (size settings' keys; empty: it fit everywhere).
        public var oldFailing: [String]?
        /// The rule's text style.
        public var style: String
        /// The rule's line width in points.
        public var width: Double
        /// The lines the rule allows.
        public var maxLines: Int
        /// The rule's number with `--rules` (from 0).
        public var rule: Int?
        /// The categories where it fails.
        public var failing: [String]
        /// The width's unit: `pt`, or `dp` on Android.
        public var unit = "pt"
        /// The text's glyphs as shaped, one stream per face the sizes use
        /// (usually one): the samples' lines are slices of them.
        public var streams: [Stream]
        /// The sizes drawn: each failing one, and the largest that fits.
        public var samples: [Sample]
        /// The samples' lines, cut from the streams.
        public var drawn = DrawnLines()
        /// Where a size is required: whether this failure is one the gate
        /// counts (`nil`: no size is required of it).
        public var gate: Gate?

        /// Creates a row.
        public init(
            key: String, language: String?, text: String, oldText: String? = nil, isNew: Bool = false, style: String,
            width: Double, maxLines: Int, rule: Int? = nil, failing: [String], streams: [Stream],
            samples: [Sample]
        ) {
            self.key = key
            self.language = language
            self.text = text
            self.oldText = oldText
            self.isNew = isNew
            self.style = style
            self.width = width
            self.maxLines = maxLines
            self.rule = rule
            self.failing = failing
            self.streams = streams
            self.samples = samples
        }
    }

    /// A failing string against the size its rule requires.
    public struct Gate: Sendable, Equatable {
        /// What the gate makes of it.
        public enum Verdict: String, Sendable {
            /// It fails at the required size: the gate fails the run.
            case breaks
            /// It fails only at sizes above the required one.
            case beyond
            /// It fails at the required size, as its old text did
            /// (`--base`): not counted against the change.
            case before
        }
        /// What the gate makes of the string.
        public var verdict: Verdict
        /// The required size's label (`AX3`).
        public var required: String

        /// Creates a mark.
        public init(_ verdict: Verdict, required: String) {
            self.verdict = verdict
            self.required = required
        }
    }

    /// The summary's figures.
    public struct Summary: Sendable {
        /// How many strings were checked.
        public var strings: Int
        /// Their languages, in order of appearance.
        public var languages: [String]
        /// The sizes checked: key and label.
        public var categories: [(key: String, label: String)]
        /// Failing cells per (language, category).
        public var failures: [String: [String: Int]]
        /// With `--base`: the base file(s).
        public var base: String?
        /// What was checked, in words (the files, the rule or rules file).
        public var source: String
        /// The faces the strings were measured in (`PostScriptName
        /// (file)`, `stand-in` where one stands for the system font).
        public var faces: [String] = []
        /// The faces drawn for characters those lack (files).
        public var fallbackFaces: [String] = []
        /// Failing strings (rows) per language.
        public var failingRows: [String: Int]
        /// The rules' text styles, in order.
        public var styles: [String]
        /// The required sizes' labels, in order (empty: none required).
        public var required: [String] = []

        /// Creates a summary.
        public init(
            strings: Int, languages: [String], categories: [(key: String, label: String)],
            failures: [String: [String: Int]], base: String? = nil, source: String, failingRows: [String: Int] = [:],
            styles: [String] = []
        ) {
            self.strings = strings
            self.languages = languages
            self.categories = categories
            self.failures = failures
            self.base = base
            self.source = source
            self.failingRows = failingRows
            self.styles = styles
        }
    }

    /// The summary's figures.
    public var summary: Summary
    /// Translations whose placeholders differ from their sources', listed
    /// above the failing strings.
    public var placeholderProblems: [PlaceholderCheck.Problem] = []
    /// With `--base`: changed strings that fit at more sizes than before
    /// (`key (language)`), listed as improved.
    public var improved: [String] = []
    /// The most placeholder problems the page lists (the rest counted).
    public static let maximumPlaceholderRows = 1000
    /// The sizes the samples name.
    public var cells: [Cell]
    /// Each failing string's section, rendered by `rowHTML` (in parallel).
    public var rowsHTML: [RowHTML]
    /// The glyph outlines the rows use, by face key.
    public var faces: [String: Specimen.Face]
    /// The own advances of the glyphs the rows use, by face key: a row
    /// writes only where shaping changed one.
    public var advances: [String: FaceAdvances] = [:]
    /// Failing strings past the page's size cap: counted, not drawn (the
    /// page says so where they would be).
    public var omittedRows = 0
    /// The cap that left them out, in bytes.
    public var rowBytesCap = 0
    /// How many of `rowsHTML`, from the first, break the gate: the page
    /// lists them first and marks where those failing only above the
    /// required size begin.
    public var gateRows = 0
    /// Failing strings per gate verdict (`Gate.Verdict`'s raw values),
    /// drawn or not.
    public var gateCounts: [String: Int] = [:]

    /// Creates a page.
    public init(summary: Summary, cells: [Cell], rowsHTML: [RowHTML], faces: [String: Specimen.Face]) {
        self.summary = summary
        self.cells = cells
        self.rowsHTML = rowsHTML
        self.faces = faces
    }

    /// The HTML document; a placeholder difference is said in
    /// `describing`'s words (the front end's).
    public func html(describing: (PlaceholderCheck.Difference) -> String) -> String {
        var bytes: [UInt8] = []
        write(describing: describing) { chunk in
            bytes += chunk
            return true
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The HTML document handed to `emit` in pieces of about 64 KB, as
    /// `html` makes it: the rows are never joined in memory (a 12 MB page
    /// was held four times over while it was written). Stops when `emit`
    /// answers false, and answers whether every piece was taken.
    @discardableResult
    public func write(describing: (PlaceholderCheck.Difference) -> String, to emit: ([UInt8]) -> Bool) -> Bool {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>typefit review: \(xmlEscaped(summary.source))</title>
            <style>
            \(Self.style)
            </style>
            </head>

            """
        let definitions = Specimen.emDefinitions(faces)
        out += "<body data-failures=\"\(rowsHTML.count + omittedRows)\" data-strings=\"\(summary.strings)\">\n"
        // Every glyph outline once, used by every sample on the page.
        out += "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n"
        out += definitions
        out += "</defs></svg>\n"
        out += summaryHTML()
        out += improvedHTML()
        out += placeholdersHTML(describing: describing)
        out += filtersHTML()
        // The sizes, for the script: `[category, label, point size, line height]`.
        var table = JSONWriter(pretty: false)
        table.beginArray()
        for cell in cells {
            table.beginArray()
            table.string(cell.category)
            table.string(cell.label)
            table.number(cell.pointSize)
            table.number(cell.lineHeight)
            table.endArray()
        }
        table.endArray()
        // `<` only inside strings, where `\u003c` reads the same: no text
        // closes the element.
        var json: [UInt8] = []
        for byte in table.finishBytes() where byte != 0x0A {
            if byte == UInt8(ascii: "<") { json += Array("\\u003c".utf8) } else { json.append(byte) }
        }
        out += "<script type=\"application/json\" id=\"cells\">"
        out += String(decoding: json, as: UTF8.self)
        out += "</script>\n"
        out += "<script type=\"application/json\" id=\"advances\">"
        out += advancesJSON()
        out += "</script>\n"
        // The faces numbered in the order the rows first name them.
        var numbers: [String: Int] = [:]
        var numbered: [String] = []
        for row in rowsHTML {
            for face in row.faces where numbers[face] == nil {
                numbers[face] = numbered.count
                numbered.append(face)
            }
        }
        // Face keys are letters and digits: nothing to escape.
        out += "<script type=\"application/json\" id=\"faces\">["
        out += numbered.map { "\"\($0)\"" }.joined(separator: ",")
        out += "]</script>\n"
        out += "<main id=\"failures\">\n"
        // What follows the sections (the script makes them before it).
        if omittedRows > 0 {
            out +=
                "<p class=\"omitted\"><strong>\(omittedRows) more failing string\(omittedRows == 1 ? " is" : "s are") "
                + "not drawn</strong>: the page reached typefit's cap of \(rowBytesCap >> 20) MB. "
                + "<code>typefit fit --format json</code> lists every failure.</p>\n"
        }
        if rowsHTML.isEmpty && omittedRows == 0 {
            out += "<p class=\"none\">Every string fits its rule at every size checked.</p>\n"
        } else {
            out +=
                "<noscript><p class=\"omitted\">The failing strings are shown by the page's script: open the page "
                + "with scripts allowed.</p></noscript>\n"
        }
        out += "</main>\n"
        // The sections as text, which the browser reads in milliseconds:
        // the script makes each an element when it is needed. As
        // elements, thousands of them kept Chromium seconds from drawing
        // the first. Every text in them is escaped (no `<` but the
        // sections' own tags), so nothing in them ends the element.
        out += "<script type=\"text/html\" id=\"failure-sections\">"
        var buffer = HTMLBytes()
        buffer.add(out)
        out = ""
        for (n, row) in rowsHTML.enumerated() {
            if n == gateRows, !summary.required.isEmpty { buffer.add(dividerHTML()) }
            buffer.add(row.head)
            for (k, face) in row.faces.enumerated() {
                if k > 0 { buffer.bytes.append(UInt8(ascii: " ")) }
                buffer.int(numbers[face] ?? 0)
            }
            buffer.add(row.drawing)
            buffer.add(row.tail)
            if buffer.count >= 1 << 16 {
                guard emit(buffer.array) else { return false }
                buffer.truncate(to: 0)
            }
        }
        out += "</script>\n<script>\n\(Self.script)\n</script>\n</body>\n</html>\n"
        buffer.add(out)
        return emit(buffer.array)
    }

    /// The faces' own advances, for the script: `{"KEY": [units per em,
    /// glyph, advance, glyph, advance, …]}` in font units, glyphs in
    /// order. Face keys are letters and digits: nothing to escape.
    func advancesJSON() -> String {
        var out = HTMLBytes()
        out.add("{")
        for (n, key) in advances.keys.sorted().enumerated() {
            guard let face = advances[key] else { continue }
            out.add(n == 0 ? "\"" : ",\"")
            out.add(key)
            out.add("\":[")
            out.add(humanNumber(face.unitsPerEm))
            for glyph in face.advances.keys.sorted() {
                out.add(",")
                out.int(Int(glyph))
                out.add(",")
                out.add(humanNumber(face.advances[glyph] ?? 0))
            }
            out.add("]")
        }
        out.add("}")
        return out.string
    }

    /// The required sizes in words: `AX3`, `AX3 or AX5`.
    var requiredWords: String { summary.required.joined(separator: " or ") }

    func summaryHTML() -> String {
        let total = rowsHTML.count + omittedRows
        var out = "<header>\n<h1>typefit review</h1>\n"
        out += "<p class=\"source\">\(xmlEscaped(summary.source))</p>\n"
        let scope = (
            checked: " of \(summary.strings) string\(summary.strings == 1 ? "" : "s") (key and language) checked"
                + (summary.base.map { ", added or changed since <code>\(xmlEscaped($0))</code>," } ?? ""),
            extent: "\(summary.languages.count) language\(summary.languages.count == 1 ? "" : "s"), "
                + "\(summary.categories.count) size\(summary.categories.count == 1 ? "" : "s")."
        )
        if summary.required.isEmpty {
            out += "<p class=\"counts\"><strong id=\"failure-count\">\(total)</strong>\(scope.checked) "
            out += "\(total == 1 ? "fails" : "fail") at some size; \(scope.extent)</p>\n"
        } else {
            // The headline is the gate's verdict; what fails only at larger
            // sizes is counted apart, as fit's summary counts it.
            let breaking = gateCounts[Gate.Verdict.breaks.rawValue] ?? 0
            let beyond = gateCounts[Gate.Verdict.beyond.rawValue] ?? 0
            let before = gateCounts[Gate.Verdict.before.rawValue] ?? 0
            out += "<p class=\"counts\"><strong id=\"gate-count\">\(breaking)</strong>\(scope.checked) "
            out += "\(breaking == 1 ? "breaks" : "break") the gate: \(breaking == 1 ? "it fails" : "they fail") at "
            out += "\(xmlEscaped(requiredWords)), where \(breaking == 1 ? "it is" : "they are") required to fit; "
            out += "\(scope.extent)</p>\n"
            var rest: [String] = []
            if beyond > 0 {
                rest.append("\(beyond) fail\(beyond == 1 ? "s" : "") only above the required size")
            }
            if before > 0 {
                rest.append(
                    "\(before) fail\(before == 1 ? "s" : "") where \(before == 1 ? "its" : "their") old text failed too"
                )
            }
            out += "<p class=\"counts more\"><strong id=\"failure-count\">\(total)</strong> failing "
            out += "string\(total == 1 ? "" : "s") in all"
            out +=
                rest.isEmpty ? ".</p>\n" : ": \(rest.joined(separator: "; ")), listed after those that break it.</p>\n"
        }
        if !summary.faces.isEmpty {
            // Which fonts the verdicts are of: a page from a stand-in is
            // not a page of the app's font.
            out +=
                "<p class=\"faces\">Measured in "
                + summary.faces.map { "<code>\(xmlEscaped($0))</code>" }.joined(separator: ", ")
            if !summary.fallbackFaces.isEmpty {
                out +=
                    "; characters they lack drawn from "
                    + summary.fallbackFaces.map { "<code>\(xmlEscaped($0))</code>" }.joined(separator: ", ")
            }
            out += ".</p>\n"
        }
        out +=
            "<table class=\"summary\"><caption>Failing strings by language and size</caption>\n<thead><tr><th>language</th>"
        for category in summary.categories {
            out +=
                summary.required.contains(category.label)
                ? "<th class=\"required\">\(xmlEscaped(category.label))<br><small>required</small></th>"
                : "<th>\(xmlEscaped(category.label))</th>"
        }
        out += "<th>all sizes</th></tr></thead>\n<tbody>\n"
        for language in summary.languages {
            let counts = summary.failures[language] ?? [:]
            out += "<tr><th>\(xmlEscaped(language))</th>"
            for category in summary.categories {
                let n = counts[category.key] ?? 0
                out += n == 0 ? "<td class=\"zero\">0</td>" : "<td class=\"bad\">\(n)</td>"
            }
            out += "<td>\(summary.failingRows[language] ?? 0)</td></tr>\n"
        }
        out += "</tbody></table>\n</header>\n"
        return out
    }

    /// The changed strings that fit at more sizes than before (nothing
    /// when none): the first 200 named, the rest counted.
    func improvedHTML() -> String {
        guard !improved.isEmpty else { return "" }
        var out = "<section class=\"improved\" id=\"improved\">\n<h2><strong>\(improved.count)</strong> changed "
        out += "string\(improved.count == 1 ? "" : "s") fit at more sizes than before</h2>\n<p>"
        out += improved.prefix(200).map { "<code>\(xmlEscaped($0))</code>" }.joined(separator: ", ")
        if improved.count > 200 { out += " and \(improved.count - 200) more" }
        return out + "</p>\n</section>\n"
    }

    /// The placeholder problems as a table (nothing when there are none):
    /// key, language, source, translation, what differs.
    func placeholdersHTML(describing: (PlaceholderCheck.Difference) -> String) -> String {
        guard !placeholderProblems.isEmpty else { return "" }
        let count = placeholderProblems.count
        var out = "<section class=\"placeholders\" id=\"placeholders\">\n"
        let sources = placeholderProblems.filter(\.isSource).count
        if sources == 0 {
            out += "<h2><strong>\(count)</strong> translation\(count == 1 ? "" : "s") with placeholders that differ "
            out += "from the source</h2>\n"
        } else {
            // A source's own problem is every language's.
            out += "<h2><strong>\(count)</strong> string\(count == 1 ? "" : "s") with wrong placeholders: "
            out += "\(sources) source\(sources == 1 ? "" : "s"), \(count - sources) translation"
            out += "\(count - sources == 1 ? "" : "s")</h2>\n"
        }
        out += "<table class=\"placeholders\"><thead><tr><th>key</th><th>language</th>"
        out += "<th>source</th><th>translation</th><th>what differs</th></tr></thead>\n<tbody>\n"
        for problem in placeholderProblems.prefix(Self.maximumPlaceholderRows) {
            // A source's own problem says so: every language shows it.
            out += "<tr><td><code>\(xmlEscaped(problem.key))</code></td><td>\(xmlEscaped(problem.language))"
            out += problem.isSource ? " <span class=\"tag\">source</span></td>" : "</td>"
            out += "<td dir=\"auto\">\(xmlEscaped(problem.source))</td>"
            out +=
                "<td dir=\"auto\" lang=\"\(xmlEscaped(problem.language))\">\(xmlEscaped(problem.translation))</td><td>"
            out += problem.differences.map { xmlEscaped(describing($0)) }.joined(separator: "<br>")
            out += "</td></tr>\n"
        }
        out += "</tbody></table>\n"
        if count > Self.maximumPlaceholderRows {
            out += "<p class=\"omitted\">\(count - Self.maximumPlaceholderRows) more not listed: "
            out += "<code>typefit fit --format json</code> lists every one.</p>\n"
        }
        return out + "</section>\n"
    }

    /// Where the strings failing only above the required size begin.
    func dividerHTML() -> String {
        let others = rowsHTML.count - gateRows
        return "<h2 class=\"divider\" id=\"beyond\">\(others) string\(others == 1 ? "" : "s") that "
            + "\(others == 1 ? "does" : "do") not break the gate: failing only above \(xmlEscaped(requiredWords))"
            + (gateCounts[Gate.Verdict.before.rawValue, default: 0] > 0 ? ", or failing there before the change" : "")
            + "</h2>\n"
    }

    func filtersHTML() -> String {
        func select(_ id: String, _ label: String, _ values: [(String, String)]) -> String {
            var out = "<label>\(label) <select id=\"\(id)\"><option value=\"\">all</option>"
            for (value, text) in values { out += "<option value=\"\(xmlEscaped(value))\">\(xmlEscaped(text))</option>" }
            return out + "</select></label>\n"
        }
        var out = "<nav class=\"filters\">\n"
        out += select("language", "Language", summary.languages.map { ($0, $0) })
        out += select("style", "Style", summary.styles.map { ($0, $0) })
        out += select("size", "Fails at", summary.categories.map { ($0.key, $0.label) })
        if !summary.required.isEmpty {
            out += select(
                "gate", "Gate",
                [
                    (Gate.Verdict.breaks.rawValue, "breaks it"),
                    (Gate.Verdict.beyond.rawValue, "fails only above \(requiredWords)"),
                ]
                    + (gateCounts[Gate.Verdict.before.rawValue, default: 0] > 0
                        ? [(Gate.Verdict.before.rawValue, "failed there before")] : []))
        }
        out += "<label>Search <input id=\"search\" type=\"search\" placeholder=\"key or text\"></label>\n"
        out += "<span id=\"shown\" aria-live=\"polite\"></span>\n</nav>\n"
        return out
    }

    /// One failing string's section: its facts, its glyphs
    /// (`data-glyphs`, more streams in `data-glyphs1`…) and its sizes
    /// (`data-samples`: per size `cell:lines:flags:layout[:stream]`, flags
    /// `f` fails and `o` a word overflows), which the page's script draws.
    /// `drawn`: the section of a string of the same text and language,
    /// whose drawing this one shares (its streams and samples then unused).
    public static func rowHTML(_ row: Row, drawnAs drawn: RowHTML? = nil, writer: RowWriter = RowWriter()) -> RowHTML {
        let language = row.language ?? "-"
        var out = HTMLBytes(reusing: writer.row)
        out.add("<section class=\"failure\" data-key=\"")
        out.addEscaped(row.key)
        out.add("\" data-language=\"")
        out.addEscaped(language)
        out.add("\" data-style=\"")
        out.addEscaped(row.style)
        out.add("\" data-width=\"")
        out.add(Specimen.coordinate(row.width))
        out.add("\" data-unit=\"")
        out.add(row.unit)
        out.add("\" data-max-lines=\"")
        out.int(row.maxLines)
        if let gate = row.gate {
            out.add("\" data-gate=\"")
            out.add(gate.verdict.rawValue)
            out.add("\" data-required=\"")
            out.addEscaped(gate.required)
        }
        if row.isNew { out.add("\" data-new=\"") }
        if let rule = row.rule {
            out.add("\" data-rule=\"")
            out.int(rule + 1)
        }
        // The faces are numbered for the whole page when it is put
        // together: the row is written around them.
        out.add("\" data-faces=\"")
        let head = out.array
        let (faces, drawing) = drawn.map { ($0.faces, $0.drawing) } ?? drawingHTML(row, writer: writer)
        out.truncate(to: 0)
        // The heading (key, language, the `new` and gate tags), the rule
        // in words and the figures are the script's, from the section's
        // data, when it makes the section: fourteen thousand failing
        // strings repeated two megabytes of them.
        out.add("\">\n")
        if let old = row.oldText {
            out.add("<div class=\"diff\"><p class=\"old\"><span>before</span> \(xmlEscaped(old))</p>")
            out.add("<p class=\"new\"><span>after</span> \(xmlEscaped(row.text))</p></div>\n")
        } else {
            out.add("<p class=\"text\">")
            out.addEscaped(row.text)
            out.add("</p>\n")
        }
        if let was = row.oldFailing {
            // The old verdict beside the new: a change is judged by what
            // it broke. (The script writes the rule before it.)
            out.add("<p class=\"rule\">")
            out.add(
                was.isEmpty
                    ? "<span>; before, it fit at every size</span>"
                    : "<span>; before, it failed at \(was.count) (\(was.joined(separator: ", ")))</span>")
            out.add("</p>\n")
        }
        out.add("</section>\n")
        return RowHTML(head: head, faces: faces, drawing: drawing, tail: out.array)
    }

    /// A row's drawing: its faces, and its attributes from `data-glyphs`
    /// to the end of `data-samples`, which depend on its text alone (a
    /// text repeated under other keys is drawn once and written again).
    static func drawingHTML(_ row: Row, writer: RowWriter = RowWriter()) -> (faces: [String], drawing: [UInt8]) {
        // The faces once for the row; the glyphs once for the streams
        // that draw the same ones (a font at each size's optical size);
        // per stream only what its shaping changed.
        var faces: [String] = []
        for stream in row.streams {
            for face in stream.faces where !faces.contains(face) { faces.append(face) }
        }
        var written: [Int] = []
        var run: [Int] = []
        for stream in row.streams {
            if let known = written.firstIndex(where: { row.streams[$0].sameGlyphs(as: stream) }) {
                run.append(known)
            } else {
                run.append(written.count)
                written.append(run.count - 1)
            }
        }
        var out = HTMLBytes(reusing: writer.row)
        out.add("\" data-glyphs=\"")
        for (n, stream) in written.enumerated() {
            if n > 0 { out.add(" ") }
            out.glyphs(row.streams[stream])
        }
        // A stream the same as an earlier one (two sizes at one optical
        // size) is written once.
        var specs: [[UInt8]] = []
        var spec: [Int] = []
        for (n, stream) in row.streams.enumerated() {
            var text = HTMLBytes(reusing: writer.stream)
            text.advances(stream, run: run[n], faces: stream.faces.map { faces.firstIndex(of: $0) ?? 0 })
            let bytes = text.array
            if let known = specs.firstIndex(of: bytes) {
                spec.append(known)
            } else {
                spec.append(specs.count)
                specs.append(bytes)
            }
        }
        // A font's kerning is mostly the same at neighbouring optical
        // sizes: changes as the stream before's are `=`.
        out.add("\" data-advances=\"")
        var changes: ArraySlice<UInt8> = []
        for (n, text) in specs.enumerated() {
            if n > 0 { out.add(" ") }
            var colons = 0
            let start =
                text.firstIndex { byte in
                    if byte == UInt8(ascii: ":") { colons += 1 }
                    return colons == 3
                }.map { $0 + 1 } ?? text.count
            let own = text[start...]
            if n > 0, own.count > 1, own == changes {
                out.add(text[..<start])
                out.add("=")
            } else {
                out.add(text)
            }
            changes = own
        }
        out.add("\" data-samples=\"")
        // Where the last size's lines were written in `out`.
        var previous: Range<Int>?
        // Bytes, not one-character strings: a row has a dozen samples.
        let colon = UInt8(ascii: ":")
        for (n, sample) in row.samples.enumerated() {
            if n > 0 { out.bytes.append(UInt8(ascii: " ")) }
            out.int(sample.cell)
            out.bytes.append(colon)
            out.int(sample.lines)
            out.bytes.append(colon)
            if !sample.fits { out.bytes.append(UInt8(ascii: "f")) }
            if sample.overflows { out.bytes.append(UInt8(ascii: "o")) }
            out.bytes.append(colon)
            // Neighbouring sizes often break alike: `=`, the last size's
            // lines — the same lines of the table, or written in place,
            // compared, and taken back.
            if n > 0, sample.layout == row.samples[n - 1].layout {
                out.add(byte: UInt8(ascii: "="))
            } else {
                let start = out.count
                out.layout(row.drawn, sample.layout)
                let written = start..<out.count
                if let previous, out.same(written, previous) {
                    out.truncate(to: start)
                    out.add(byte: UInt8(ascii: "="))
                } else {
                    previous = written
                }
            }
            let stream = sample.stream < spec.count ? spec[sample.stream] : sample.stream
            if stream > 0 {
                out.add(":")
                out.int(stream)
            }
        }
        return (faces, out.array)
    }

    /// The buffers a worker writes its rows in, kept from row to row: a
    /// row's buffers (a kilobyte or two each) were made and freed for each
    /// of thousands of rows. One writer is one thread's.
    public final class RowWriter: @unchecked Sendable {
        /// A row's parts, one after another (each copied out when done).
        let row = ByteBuffer(capacity: 4096)
        /// A stream's advances.
        let stream = ByteBuffer(capacity: 512)

        /// Empty buffers.
        public init() {}
    }

    /// One failing string's section, written around its faces, which the
    /// page numbers (`data-faces`: a face key is eleven characters, its
    /// number one or two, and a font at every size's optical size is ten
    /// faces a row). Its parts are UTF-8 bytes, as the page is written
    /// (as strings, each was validated when made).
    public struct RowHTML: Sendable {
        /// Up to `data-faces="`.
        public var head: [UInt8]
        /// The face keys, in the order the row's streams name them.
        public var faces: [String]
        /// From the end of `data-faces` to the end of `data-samples`: the
        /// drawing, shared by the rows of one text.
        public var drawing: [UInt8]
        /// The rest, from the end of `data-samples`.
        public var tail: [UInt8]

        /// About the bytes it takes on the page.
        public var byteCount: Int { head.count + drawing.count + tail.count + faces.count * 3 }
    }

    /// A row's HTML as bytes: a page holds thousands of glyph streams.
    ///
    /// Written through a pointer (`ByteBuffer`): an `Array` checked its
    /// uniqueness and capacity on each of the page's millions of bytes.
    struct HTMLBytes {
        let bytes: ByteBuffer

        init(capacity: Int = 2048) { bytes = ByteBuffer(capacity: capacity) }

        /// Writes in `buffer`, from its start (what it held is forgotten).
        init(reusing buffer: ByteBuffer) {
            buffer.truncate(to: 0)
            bytes = buffer
        }

        var string: String {
            String(decoding: UnsafeBufferPointer(start: bytes.base, count: bytes.count), as: UTF8.self)
        }

        /// The bytes written, copied out.
        var array: [UInt8] { bytes.array }

        /// How many bytes are written.
        var count: Int { bytes.count }

        @inline(__always)
        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append($0) }
        }

        @inline(__always)
        mutating func add(_ text: [UInt8]) {
            text.withUnsafeBufferPointer { bytes.append($0) }
        }

        @inline(__always)
        mutating func add(_ text: ArraySlice<UInt8>) {
            text.withUnsafeBufferPointer { bytes.append($0) }
        }

        @inline(__always)
        mutating func add(byte: UInt8) { bytes.append(byte) }

        /// `text` as `xmlEscaped` writes it, without a string made for
        /// text that needs no escaping (nearly all).
        mutating func addEscaped(_ text: String) {
            var text = text
            let plain = text.withUTF8 { utf8 -> Bool in
                for byte in utf8 where xmlMayEscape(byte) { return false }
                bytes.append(utf8)
                return true
            }
            if !plain { add(xmlEscaped(text)) }
        }

        /// Whether the bytes in `a` and in `b` are the same.
        func same(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
            a.count == b.count
                && TextBytes.equal(bytes.base + a.lowerBound, bytes.base + b.lowerBound, count: a.count)
        }

        /// Forgets the bytes from `count` on.
        mutating func truncate(to count: Int) { bytes.truncate(to: count) }

        /// A decimal integer (no `String` per number: a stream has two or
        /// more per glyph), with one check of room.
        @inline(__always)
        mutating func int(_ value: Int) {
            bytes.write(upTo: 20) { JSONWriter.writeInteger(value, to: $0) }
        }

        /// A number as a base-64 VLQ (source maps' encoding: five bits a
        /// digit, lowest first, `32` on every digit but the last; digits
        /// `A`–`Z`, `a`–`z`, `0`–`9`, `+`, `/`): no separator needed, one
        /// character below 32, two below 1,024.
        @inline(__always)
        mutating func vlq(_ value: Int) {
            bytes.write(upTo: 13) { out in
                var rest = value.magnitude
                var count = 0
                repeat {
                    let digit = UInt8(truncatingIfNeeded: rest & 31)
                    rest >>= 5
                    out[count] = Self.digit(digit | (rest > 0 ? 32 : 0))
                    count += 1
                } while rest > 0
                return count
            }
        }

        /// Base 64's digit for `value` (0 to 63): `A`–`Z`, `a`–`z`,
        /// `0`–`9`, `+`, `/`, computed (a static table is a lazy global,
        /// its once-check paid on every digit of every glyph).
        @inline(__always)
        static func digit(_ value: UInt8) -> UInt8 {
            switch value {
            case 0..<26: return UInt8(ascii: "A") + value
            case 26..<52: return UInt8(ascii: "a") + value - 26
            case 52..<62: return UInt8(ascii: "0") + value - 52
            case 62: return UInt8(ascii: "+")
            default: return UInt8(ascii: "/")
            }
        }

        /// A signed number as a VLQ: the sign in the lowest bit.
        mutating func signedVLQ(_ value: Int) {
            vlq(Int(value.magnitude) << 1 | (value < 0 ? 1 : 0))
        }

        /// A length in font units, as `2n` for a whole `n` and `2q + 1`
        /// for `q` 64ths (letter spacing in a face of 2,048 units): exact
        /// for what HarfBuzz gives, within 1/128 unit otherwise.
        static func units(_ value: Double) -> Int {
            let whole = value.rounded()
            if abs(value - whole) < 1e-6 { return Int(whole) * 2 }
            return Int((value * 64).rounded()) * 2 + 1
        }

        /// A stream's glyphs: per glyph `2 × glyph` (0: a character no
        /// face has), and `2 × slot + 1` before a glyph of another face
        /// (the slot among the stream's faces), each a VLQ.
        mutating func glyphs(_ stream: Stream) {
            var slot = 0
            stream.slots.withUnsafeBufferPointer { slots in
                for glyph in stream.glyphs {
                    precondition(glyph.face >= 0 && glyph.face < slots.count, "a glyph of a face with no slot")
                    let its = slots[glyph.face]
                    if its != slot {
                        slot = its
                        vlq(slot * 2 + 1)
                    }
                    vlq(glyph.missing ? 0 : Int(glyph.glyph) * 2)
                }
            }
        }

        /// A stream's advances: `RUN:FACES:SPACING:CHANGES` (`:`, as the spacing is a decimal) — the glyphs
        /// it draws (an index of the row's `data-glyphs`), its faces (the
        /// row's `data-faces` indexes, in slot order), what it adds to
        /// every glyph in 1/1000 em (letter spacing, tracking; empty: 0),
        /// then per glyph whose advance differs from its own plus that
        /// (kerning, a mark) or that is offset: the glyphs skipped since
        /// the last (VLQ), the difference in font units (`units`) times 2
        /// plus 1 when offsets follow (signed VLQ), then the offsets x, y
        /// (`units`, signed VLQs).
        mutating func advances(_ stream: Stream, run: Int, faces: [Int]) {
            int(run)
            add(byte: UInt8(ascii: ":"))
            for (n, face) in faces.enumerated() {
                if n > 0 { add(byte: UInt8(ascii: ",")) }
                int(face)
            }
            add(byte: UInt8(ascii: ":"))
            // The spacing every glyph has: the most common difference.
            // Run by run of one face, its table held (an array of arrays
            // reached glyph by glyph retained the inner one each time).
            var differences = [Double](repeating: 0, count: stream.glyphs.count)
            var unchanged = 0
            differences.withUnsafeMutableBufferPointer { differences in
                stream.glyphs.withUnsafeBufferPointer { glyphs in
                    var n = 0
                    while n < glyphs.count {
                        let face = glyphs[n].face
                        let slot = stream.slots[face]
                        let perEm = stream.unitsPerEm[slot]
                        stream.ownAdvances[slot].withUnsafeBufferPointer { own in
                            while n < glyphs.count && glyphs[n].face == face {
                                precondition(Int(glyphs[n].glyph) < own.count, "a glyph without its own advance")
                                let difference = glyphs[n].advance - own[Int(glyphs[n].glyph)] / perEm
                                differences[n] = difference
                                if difference == 0 { unchanged += 1 }
                                n += 1
                            }
                        }
                    }
                }
            }
            // Most streams are unspaced: more than half their glyphs as
            // their own, no counting needed.
            var counts: [Double: Int] = [:]
            if unchanged * 2 <= differences.count {
                for difference in differences { counts[difference, default: 0] += 1 }
            }
            var spacing = 0.0
            if let common = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
                abs(common.key) > 1e-9
            {
                // Written as the script reads it back, and the glyphs'
                // differences measured from what it reads.
                let text = "\(common.key * 1000)"
                add(text)
                spacing = (Double(text) ?? 0) / 1000
            }
            add(byte: UInt8(ascii: ":"))
            var previous = -1
            for (n, glyph) in stream.glyphs.enumerated() {
                let perEm = stream.unitsPerEm[stream.slots[glyph.face]]
                let change = (differences[n] - spacing) * perEm
                let offset = (x: glyph.offsetX * perEm, y: glyph.offsetY * perEm)
                let moved = abs(offset.x) > 1e-6 || abs(offset.y) > 1e-6
                guard abs(change) > 1e-6 || moved else { continue }
                vlq(n - previous - 1)
                previous = n
                signedVLQ(Self.units(abs(change) > 1e-6 ? change : 0) * 2 + (moved ? 1 : 0))
                if moved {
                    signedVLQ(Self.units(offset.x))
                    signedVLQ(Self.units(offset.y))
                }
            }
        }

        /// Lines separated by `|`: flags (`r` right to left, `o` wider
        /// than the rule), then the stream's slices `a-b` (`a` alone: one
        /// glyph) separated by `,` — the lines `lines` of `drawn`.
        mutating func layout(_ drawn: DrawnLines, _ lines: Range<Int>) {
            precondition(lines.lowerBound >= 0 && lines.upperBound <= drawn.lines.count, "lines past the table")
            drawn.lines.withUnsafeBufferPointer { table in
                drawn.slices.withUnsafeBufferPointer { slices in
                    for n in lines {
                        let line = table[n]
                        precondition(line.slices.lowerBound >= 0 && line.slices.upperBound <= slices.count)
                        if n > lines.lowerBound { add(byte: UInt8(ascii: "|")) }
                        if line.rightToLeft { add(byte: UInt8(ascii: "r")) }
                        if line.overflows { add(byte: UInt8(ascii: "o")) }
                        for k in line.slices {
                            // A table's slices are never empty.
                            let slice = slices[k]
                            if k > line.slices.lowerBound { add(byte: UInt8(ascii: ",")) }
                            int(slice.lowerBound)
                            if slice.count > 1 {
                                add(byte: UInt8(ascii: "-"))
                                int(slice.upperBound)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The page's style. Rows off screen are not laid out
    /// (`content-visibility`): a page of ten thousand failures opens in a
    /// second, not three.
    static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px; color: #222; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        .source { color: #555; margin: 0 0 8px; word-break: break-all; }
        .counts strong { color: #c62828; font-size: 18px; }
        table.summary { border-collapse: collapse; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
        table.summary th, table.summary td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
        table.summary th:first-child { text-align: left; }
        section.placeholders h2 { font-size: 16px; margin: 12px 0 4px; }
        section.placeholders h2 strong { color: #c62828; }
        table.placeholders { border-collapse: collapse; margin: 4px 0 16px; }
        table.placeholders th, table.placeholders td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
        table.summary caption { text-align: left; color: #555; padding-bottom: 4px; }
        td.bad { background: #ffebee; color: #b71c1c; font-weight: 600; }
        td.zero { color: #aaa; }
        nav.filters { position: sticky; top: 0; background: #fff; padding: 8px 0; border-bottom: 1px solid #ddd;
          display: flex; gap: 16px; flex-wrap: wrap; align-items: center; z-index: 1; }
        #shown { color: #555; }
        section.failure { border-bottom: 1px solid #eee; padding: 12px 0; content-visibility: auto;
          contain-intrinsic-size: auto 320px; }
        section.failure h2 { font-size: 15px; margin: 0; }
        .lang { color: #555; font-weight: normal; }
        .tag { background: #e3f2fd; color: #0d47a1; font-size: 11px; padding: 1px 6px; border-radius: 8px; }
        table.summary th.required { background: #ffebee; }
        table.summary th small { font-weight: normal; color: #b71c1c; }
        .tag.gate { background: #ffebee; color: #b71c1c; }
        .tag.beyond { background: #f1f1f1; color: #555; }
        h2.divider { font-size: 15px; color: #555; border-top: 2px solid #ddd; padding-top: 12px; margin-top: 24px; }
        p.counts.more { color: #555; margin-top: -4px; }
        .text, .diff p { margin: 4px 0; white-space: pre-wrap; }
        .diff .old { color: #777; text-decoration: line-through; }
        .diff span { display: inline-block; width: 48px; color: #555; text-decoration: none; font-size: 12px; }
        .rule { color: #555; margin: 2px 0 8px; font-size: 13px; }
        .samples { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
        figure { margin: 0; border: 1px solid #ddd; border-radius: 4px; padding: 4px; background: #fff; max-width: 100%; overflow-x: auto; }
        figure.fails { border-color: #e57373; }
        figure.fits { border-color: #81c784; }
        figcaption { font-size: 12px; color: #444; margin-bottom: 2px; }
        svg.defs { position: absolute; }
        line.guide { stroke: #c62828; stroke-dasharray: 3 2; stroke-width: 0.75; }
        line.limit { stroke: #c62828; stroke-dasharray: 1 2; stroke-width: 0.75; }
        use.over { fill: #c62828; }
        rect.missing { fill: none; stroke: #c62828; stroke-width: 40; }
        .hidden { display: none; }
        .none { color: #2e7d32; }
        """

    /// Filters, search and drawing, in plain script: no library, no
    /// network. A row's section is made from the block's text when the
    /// list shown reaches it (the first screens at once, then as the end
    /// of the list nears the window; the filters and the search read the
    /// text, and make only the rows they show), and its figures when it
    /// first comes near the window (all of them before printing): a
    /// caption, and the lines as groups of `<use>`s of the outlines
    /// defined once at the top, what lies past the guide drawn again in
    /// red.
    static let script = #"""
        (function () {
          var main = document.getElementById('failures');
          var cells = JSON.parse(document.getElementById('cells').textContent);
          var language = document.getElementById('language');
          var style = document.getElementById('style');
          var size = document.getElementById('size');
          var gate = document.getElementById('gate');
          var search = document.getElementById('search');
          var shown = document.getElementById('shown');
          var ids = 0;
          function num(v) { return String(Math.round(v * 1000) / 1000); }
          function escape(text) {
            return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
          }
          // A row's sizes, its `data-samples`: `cell:lines:flags:layout[:stream]`
          // (layout `=`: the size before's).
          function samples(written) {
            var last = '';
            return written.split(' ').map(function (text) {
              var f = text.split(':'), flags = f[2] || '';
              last = f[3] === '=' ? last : f[3];
              return { cell: cells[+f[0]], lines: +f[1], fails: flags.indexOf('f') >= 0,
                overflows: flags.indexOf('o') >= 0, layout: last, stream: +(f[4] || 0) };
            });
          }
          // The sections as the block holds them: each one's markup, made an
          // element only when it is needed (near the window, chosen by a filter,
          // printed). Thousands of sections parsed as elements kept the browser
          // for seconds before anything was drawn; as text, for milliseconds.
          var records = [], block = document.getElementById('failure-sections');
          if (block) {
            block.textContent.split('</section>\n').forEach(function (part) {
              if (part.lastIndexOf('<h2 class="divider"', 0) === 0) {
                var cut = part.indexOf('</h2>\n') + 6;
                records.push({ html: part.slice(0, cut), row: false, el: null });
                part = part.slice(cut);
              }
              if (part) { records.push({ html: part, row: true, el: null }); }
            });
            block.parentNode.removeChild(block);
          }
          var rows = records.filter(function (r) { return r.row; }).length;
          // Text as the page escapes it, read back.
          var entities = { amp: '&', lt: '<', gt: '>', quot: '"', '#10': '\n', '#13': '\r' };
          function unescape(text) {
            return text.indexOf('&') < 0 ? text : text.replace(/&(amp|lt|gt|quot|#10|#13);/g, function (m, e) {
              return entities[e];
            });
          }
          function attribute(head, name) {
            var at = head.indexOf(' data-' + name + '="');
            if (at < 0) { return ''; }
            at += name.length + 8;
            return unescape(head.slice(at, head.indexOf('"', at)));
          }
          // What the filters read of a section, from its markup: its tag's
          // attributes (values escape `>`, so the tag ends at the first) and its
          // text (after the `after` label of a changed string's).
          function facts(record) {
            if (record.facts) { return record.facts; }
            var html = record.html, head = html.slice(0, html.indexOf('>')), text = '';
            var at = html.indexOf('<p class="text">'), from = at + 16;
            if (at < 0) { at = html.indexOf('<p class="new"><span>after</span>'); from = at + 33; }
            if (at >= 0) { text = unescape(html.slice(from, html.indexOf('</p>', from))); }
            var sizes = samples(attribute(head, 'samples')).filter(function (s) { return s.fails && s.cell; })
              .map(function (s) { return s.cell[0]; });
            var key = attribute(head, 'key');
            return (record.facts = { language: attribute(head, 'language'), style: attribute(head, 'style'),
              gate: attribute(head, 'gate'), sizes: sizes, search: (key + ' ' + text).toLowerCase() });
          }
          // The faces' own advances (`{key: [units per em, glyph, advance, …]}`),
          // each face's made a table when first drawn.
          var owned = JSON.parse(document.getElementById('advances').textContent), own = {};
          // The page's faces: a row's `data-faces` are numbers in this list.
          var faceKeys = JSON.parse(document.getElementById('faces').textContent);
          function table(face) {
            if (own[face]) { return own[face]; }
            var list = owned[face] || [1000], t = { upem: list[0], a: {} };
            for (var i = 1; i + 1 < list.length; i += 2) { t.a[list[i]] = list[i + 1]; }
            return (own[face] = t);
          }
          var digits = {};
          'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach(function (c, i) {
            digits[c] = i;
          });
          // Base-64 VLQs: five bits a digit, lowest first, 32 if more follow.
          function vlqs(text) {
            var out = [], value = 0, scale = 1;
            for (var i = 0; i < text.length; i += 1) {
              var d = digits[text.charAt(i)];
              value += (d & 31) * scale;
              if (d & 32) { scale *= 32; } else { out.push(value); value = 0; scale = 1; }
            }
            return out;
          }
          function signed(v) { return v % 2 ? -(v - 1) / 2 : v / 2; }
          // Font units: `2n` a whole n, `2q + 1` q 64ths.
          function units(m) { return m % 2 ? (m - 1) / 2 / 64 : m / 2; }
          var defined = {};
          function inked(id) {
            if (!(id in defined)) { defined[id] = !!document.getElementById(id); }
            return defined[id];
          }
          // Stream `n` of a row: its glyphs (`data-glyphs`), faces and the
          // advances shaping changed (`data-advances`), as glyphs with
          // advances and offsets in 1/1000 em.
          function glyphs(row, n) {
            var specs = (row.dataset.advances || '').split(' '), parts = (specs[n] || '0:::').split(':');
            var faces = row.dataset.faces.split(' '), slots = parts[1].split(',').map(function (i) {
              return faceKeys[+faces[+i]];
            });
            var out = [], slot = 0;
            vlqs((row.dataset.glyphs || '').split(' ')[+parts[0]] || '').forEach(function (t) {
              if (t % 2) { slot = (t - 1) / 2; return; }
              var face = slots[slot], g = t / 2, own = table(face);
              out.push({ g: g === 0 ? '?' : (inked(face + 'g' + g) ? String(g) : '-'), face: face, upem: own.upem,
                own: own.a[g] || 0, r: 0, x: 0, y: 0 });
            });
            // `=`: the changes of the stream before.
            var written = parts[3] || '';
            for (var back = n - 1; written === '=' && back >= 0; back -= 1) {
              written = (specs[back] || '').split(':')[3] || '';
            }
            var changes = vlqs(written === '=' ? '' : written), at = -1;
            for (var i = 0; i + 1 < changes.length; i += 2) {
              at += changes[i] + 1;
              var v = signed(changes[i + 1]), moved = v & 1, glyph = out[at];
              if (!glyph) { break; }
              glyph.r = units((v - moved) / 2);
              if (moved) {
                glyph.x = units(signed(changes[i + 2])) * 1000 / glyph.upem;
                glyph.y = units(signed(changes[i + 3])) * 1000 / glyph.upem;
                i += 2;
              }
            }
            var spacing = +(parts[2] || 0);
            out.forEach(function (glyph) { glyph.a = (glyph.own + glyph.r) * 1000 / glyph.upem + spacing; });
            return out;
          }
          // Lines `flags slices|…`: `r` right to left, `o` past the guide.
          function lines(layout, stream) {
            return layout.split('|').map(function (text) {
              var flags = /^[ro]*/.exec(text)[0], line = { rtl: flags.indexOf('r') >= 0,
                over: flags.indexOf('o') >= 0, glyphs: [], ems: 0 };
              text.slice(flags.length).split(',').forEach(function (part) {
                if (!part) { return; }
                var ab = part.split('-'), a = +ab[0], b = ab.length > 1 ? +ab[1] : a + 1;
                for (var i = a; i < b && i < stream.length; i += 1) {
                  line.glyphs.push(stream[i]);
                  line.ems += stream[i].a / 1000;
                }
              });
              return line;
            });
          }
          function content(line) {
            var out = '', pen = 0;
            line.glyphs.forEach(function (g) {
              var x = pen + g.x;
              pen += g.a;
              if (g.g === '-') { return; }
              if (g.g === '?') {
                out += '<rect x="' + x + '" width="' + Math.max(g.a, 300) + '" height="700" class="missing"/>';
                return;
              }
              out += '<use href="#' + g.face + 'g' + g.g + '" x="' + x + '"' + (g.y ? ' y="' + g.y + '"' : '') + '/>';
            });
            return out;
          }
          // One size: a caption and the text drawn at the rule's width (the
          // dashed guide), the allowed lines' bottom marked, overflow red.
          function figure(sample, row, stream) {
            var pt = sample.cell[2], lh = sample.cell[3], width = +row.dataset.width;
            var allowed = +row.dataset.maxLines, drawn = lines(sample.layout, stream), pad = 6;
            var widest = 0, hang = 0;
            drawn.forEach(function (l) {
              widest = Math.max(widest, l.ems * pt);
              if (l.rtl) { hang = Math.max(hang, l.ems * pt - width); }
            });
            var left = pad + hang, w = left + Math.max(width, widest) + pad;
            var h = Math.max(drawn.length, 1) * lh + pad * 2, guide = left + width, id = 'u' + (ids += 1);
            var caption = sample.cell[1] + ' · ' + num(pt) + ' ' + row.dataset.unit + ' · ' + sample.lines + ' line' +
              (sample.lines === 1 ? '' : 's') + (sample.overflows ? ', a word overflows' : '') +
              (sample.fails ? ' · fails' : ' · fits');
            var out = '<figure class="' + (sample.fails ? 'fails' : 'fits') + '" data-size="' +
              escape(sample.cell[0]) + '" data-lines="' + sample.lines + '"><figcaption>' + escape(caption) +
              '</figcaption><svg xmlns="http://www.w3.org/2000/svg" width="' + num(w) + '" height="' + num(h) +
              '" viewBox="0 0 ' + num(w) + ' ' + num(h) + '" role="img" aria-label="' + escape(caption) + '">';
            out += '<line class="guide" x1="' + num(guide) + '" y1="0" x2="' + num(guide) + '" y2="' + num(h) + '"/>';
            if (drawn.length > allowed) {
              var bottom = pad + allowed * lh;
              out += '<line class="limit" x1="0" y1="' + num(bottom) + '" x2="' + num(w) + '" y2="' + num(bottom) + '"/>';
            }
            if (drawn.some(function (l) { return l.over; })) {
              out += '<clipPath id="' + id + 'r"><rect x="' + num(guide) + '" width="' + num(w) + '" height="' +
                num(h) + '"/></clipPath><clipPath id="' + id + 'l"><rect width="' + num(left) + '" height="' +
                num(h) + '"/></clipPath>';
            }
            out += '<g data-lines="' + drawn.length + '">';
            var scale = num(pt / 1000);
            drawn.forEach(function (l, k) {
              var baseline = pad + lh * k + lh * 0.8, origin = l.rtl ? left + width - l.ems * pt : left;
              var line = id + '-' + (k + 1);
              out += '<g id="' + line + '" data-line="' + (k + 1) + '" data-width="' + num(l.ems * pt) + '"' +
                (l.rtl ? ' data-rtl="true"' : '') +
                ' transform="translate(' + num(origin) + ' ' + num(baseline) + ') scale(' + scale + ' -' + scale +
                ')">' + content(l) + '</g>';
              if (l.over) {
                // The clip in the figure's space (on the <use> itself it
                // would be read in the line's scaled, flipped space).
                out += '<g clip-path="url(#' + id + (l.rtl ? 'l' : 'r') + ')"><use class="over" href="#' + line +
                  '"/></g>';
              }
            });
            return out + '</g></svg></figure>';
          }
          function draw(row) {
            if (row.drawn) { return; }
            row.drawn = true;
            var streams = [], out = '', list = samples(row.dataset.samples);
            list.forEach(function (sample) {
              var n = sample.stream || 0, stream = streams[n] || (streams[n] = glyphs(row, n));
              out += figure(sample, row, stream);
            });
            row.querySelector('.samples').innerHTML = out;
            var failing = list.filter(function (s) { return s.fails; }).length, d = row.dataset;
            var rule = d.style + ', ' + d.width + ' ' + d.unit + ' wide, ' + d.maxLines + ' line' +
              (d.maxLines === '1' ? '' : 's') + ' allowed' + (d.rule ? ' (rule ' + d.rule + ')' : '') + '; fails at ' +
              failing + ' size' + (failing === 1 ? '' : 's');
            var p = row.querySelector('p.rule');
            p.insertBefore(document.createTextNode(rule), p.firstChild);
          }
          // The filters as last applied (null: none).
          var chosen = null;
          function passes(record) {
            if (!record.row || !chosen) { return true; }
            var f = facts(record), c = chosen;
            return (!c.l || f.language === c.l) && (!c.s || f.style === c.s) && (!c.z || f.sizes.indexOf(c.z) >= 0) &&
              (!c.q || f.search.indexOf(c.q) >= 0) && (!c.g || f.gate === c.g);
          }
          // Sections are made before `end`, which stays after the last one
          // shown: when it comes near the window, more are made.
          var end = document.createElement('div');
          main.insertBefore(end, main.firstChild);
          var template = document.createElement('template'), drawer = null;
          function make(record, before) {
            template.innerHTML = record.html;
            var el = template.content.firstElementChild;
            main.insertBefore(el, before);
            record.el = el;
            if (record.row) {
              dress(el);
              // The categories where it fails (for scripts reading the page in
              // a browser).
              el.dataset.sizes = facts(record).sizes.join(' ');
              if (drawer) { drawer.observe(el); }
            }
          }
          // What the page leaves to the script of a section: its heading
          // (the key, the language, `new`, the gate's verdict), the line
          // its rule is written in and the box of its figures.
          var verdicts = { breaks: ['tag gate', 'breaks the gate: fails at ', ''],
            beyond: ['tag beyond', 'fits at ', '; fails above it'], before: ['tag beyond', 'failed at ', ' before too'] };
          function dress(el) {
            var d = el.dataset, v = verdicts[d.gate], h = document.createElement('h2');
            h.innerHTML = '<code>' + escape(d.key) + '</code> <span class="lang">' + escape(d.language) + '</span>' +
              (d.new !== undefined ? ' <span class="tag">new</span>' : '') +
              (v ? ' <span class="' + v[0] + '">' + escape(v[1] + (d.required || '') + v[2]) + '</span>' : '');
            el.insertBefore(h, el.firstChild);
            if (!el.querySelector('p.rule')) {
              var rule = document.createElement('p');
              rule.className = 'rule';
              el.appendChild(rule);
            }
            var box = document.createElement('div');
            box.className = 'samples';
            el.appendChild(box);
          }
          // The first record not yet walked under the filters: those before it
          // that pass are shown, every one after it hidden or not yet made.
          var next = 0;
          function made(i) {
            while (i < records.length && !records[i].el) { i += 1; }
            return i;
          }
          // Shows the records that pass from `next` on, made as needed, until
          // `end` is 2,000 pixels past the window's bottom (`all`: to the last).
          function walk(all) {
            var ref = made(next), added = 0;
            while (next < records.length) {
              if (!all && added >= 8) {
                if (end.getBoundingClientRect().top > window.innerHeight + 2000) { break; }
                added = 0;
              }
              var record = records[next], ok = passes(record);
              if (next === ref) {
                ref = made(next + 1);
              } else if (ok) {
                make(record, ref < records.length ? records[ref].el : end);
              }
              if (record.el) { record.el.classList.toggle('hidden', !ok); }
              if (ok) { added += 1; }
              next += 1;
            }
          }
          // Draws the sections shown from a screen above the window to two
          // screens below it.
          function drawNear() {
            var h = window.innerHeight;
            for (var i = 0; i < next; i += 1) {
              var el = records[i].el;
              if (!el || !records[i].row || el.classList.contains('hidden')) { continue; }
              var box = el.getBoundingClientRect();
              if (box.bottom < -h) { continue; }
              if (box.top > 2 * h) { break; }
              draw(el);
            }
          }
          function apply() {
            chosen = { l: language.value, s: style.value, z: size.value, q: search.value.trim().toLowerCase(),
              g: gate ? gate.value : '' };
            if (!chosen.l && !chosen.s && !chosen.z && !chosen.q && !chosen.g) { chosen = null; }
            var count = 0;
            records.forEach(function (record) { if (record.row && passes(record)) { count += 1; } });
            // Walked again from the top, every section made so far hidden
            // until the walk reaches it: `end` then follows the last shown.
            records.forEach(function (record) { if (record.el) { record.el.classList.add('hidden'); } });
            // Without an observer to say when the end nears the window,
            // every section shown is made and drawn at once.
            next = 0;
            walk(!drawer);
            shown.textContent = count + ' of ' + rows + ' shown';
            if (drawer) { drawNear(); } else { drawShown(); }
          }
          function drawShown() {
            records.forEach(function (record) {
              if (record.row && record.el && !record.el.classList.contains('hidden')) { draw(record.el); }
            });
          }
          if ('IntersectionObserver' in window) {
            drawer = new IntersectionObserver(function (entries) {
              entries.forEach(function (e) {
                if (e.isIntersecting) { draw(e.target); drawer.unobserve(e.target); }
              });
            }, { rootMargin: '1000px 0px' });
            new IntersectionObserver(function (entries) {
              if (entries[entries.length - 1].isIntersecting && next < records.length) { walk(false); }
            }, { rootMargin: '2000px 0px' }).observe(end);
          }
          [language, style, size, gate].forEach(function (e) { if (e) { e.addEventListener('change', apply); } });
          search.addEventListener('input', apply);
          // The first screens now (what a screenshot or a first look sees).
          apply();
          window.addEventListener('beforeprint', function () {
            walk(true);
            drawShown();
          });
          // How long the page took to open, its first screens drawn (for the
          // benchmark: milliseconds since the browser began loading it).
          document.body.dataset.openedMs = String(Math.round(performance.now()));
        })();
        """#
}

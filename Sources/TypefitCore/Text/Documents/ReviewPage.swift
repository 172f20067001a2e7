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
/// what is looked at.
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
        /// The lines drawn, top to bottom.
        public var layout: [Line]

        /// Creates a sample.
        public init(cell: Int, lines: Int, overflows: Bool, fits: Bool, stream: Int = 0, layout: [Line]) {
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
        /// The glyphs, stretch after stretch.
        public var glyphs: [Specimen.Glyph]

        /// Creates a stream.
        public init(glyphs: [Specimen.Glyph]) {
            var faces: [String] = []
            for glyph in glyphs where faces.last != glyph.face && !faces.contains(glyph.face) {
                faces.append(glyph.face)
            }
            self.faces = faces
            self.glyphs = glyphs
        }
    }

    /// One drawn line: slices of a glyph stream, left to right.
    public struct Line: Sendable, Equatable {
        /// Index ranges of the stream's glyphs, in visual order.
        public var slices: [Range<Int>]
        /// Whether its paragraph reads right to left (aligned right,
        /// overflowing on the left).
        public var rightToLeft: Bool
        /// Whether it is wider than the rule's width (drawn red past it).
        public var overflows: Bool

        /// Creates a line.
        public init(slices: [Range<Int>], rightToLeft: Bool = false, overflows: Bool = false) {
            self.slices = slices
            self.rightToLeft = rightToLeft
            self.overflows = overflows
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
    public var rowsHTML: [String]
    /// The glyph outlines the rows use, by face key.
    public var faces: [String: Specimen.Face]
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
    public init(summary: Summary, cells: [Cell], rowsHTML: [String], faces: [String: Specimen.Face]) {
        self.summary = summary
        self.cells = cells
        self.rowsHTML = rowsHTML
        self.faces = faces
    }

    /// The HTML document; a placeholder difference is said in
    /// `describing`'s words (the front end's).
    public func html(describing: (PlaceholderCheck.Difference) -> String) -> String {
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
        out.reserveCapacity(rowsHTML.reduce(definitions.utf8.count + 65_536) { $0 + $1.utf8.count })
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
        out += "<main id=\"failures\">\n"
        for (n, row) in rowsHTML.enumerated() {
            if n == gateRows, !summary.required.isEmpty { out += dividerHTML() }
            out += row
        }
        if omittedRows > 0 {
            out +=
                "<p class=\"omitted\"><strong>\(omittedRows) more failing string\(omittedRows == 1 ? " is" : "s are") "
                + "not drawn</strong>: the page reached typefit's cap of \(rowBytesCap >> 20) MB. "
                + "<code>typefit fit --format json</code> lists every failure.</p>\n"
        }
        if rowsHTML.isEmpty && omittedRows == 0 {
            out += "<p class=\"none\">Every string fits its rule at every size checked.</p>\n"
        }
        out += "</main>\n<script>\n\(Self.script)\n</script>\n</body>\n</html>\n"
        return out
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
    public static func rowHTML(_ row: Row) -> String {
        let language = row.language ?? "-"
        var out = HTMLBytes()
        out.add("<section class=\"failure\" data-key=\"")
        out.add(xmlEscaped(row.key))
        out.add("\" data-language=\"")
        out.add(xmlEscaped(language))
        out.add("\" data-style=\"")
        out.add(xmlEscaped(row.style))
        out.add("\" data-width=\"")
        out.add(Specimen.coordinate(row.width))
        out.add("\" data-unit=\"")
        out.add(row.unit)
        out.add("\" data-max-lines=\"")
        out.int(row.maxLines)
        if let gate = row.gate {
            out.add("\" data-gate=\"")
            out.add(gate.verdict.rawValue)
        }
        for (n, stream) in row.streams.enumerated() {
            out.add(n == 0 ? "\" data-glyphs=\"" : "\" data-glyphs\(n)=\"")
            out.stream(stream)
        }
        out.add("\" data-samples=\"")
        for (n, sample) in row.samples.enumerated() {
            if n > 0 { out.add(" ") }
            out.int(sample.cell)
            out.add(":")
            out.int(sample.lines)
            out.add(sample.fits ? ":" : ":f")
            if sample.overflows { out.add("o") }
            out.add(":")
            out.layout(sample.layout)
            if sample.stream > 0 {
                out.add(":")
                out.int(sample.stream)
            }
        }
        out.add("\">\n<h2><code>")
        out.add(xmlEscaped(row.key))
        out.add("</code> <span class=\"lang\">")
        out.add(xmlEscaped(language))
        out.add("</span>")
        if row.isNew { out.add(" <span class=\"tag\">new</span>") }
        if let gate = row.gate {
            let required = xmlEscaped(gate.required)
            switch gate.verdict {
            case .breaks: out.add(" <span class=\"tag gate\">breaks the gate: fails at \(required)</span>")
            case .beyond: out.add(" <span class=\"tag beyond\">fits at \(required); fails above it</span>")
            case .before: out.add(" <span class=\"tag beyond\">failed at \(required) before too</span>")
            }
        }
        out.add("</h2>\n")
        if let old = row.oldText {
            out.add("<div class=\"diff\"><p class=\"old\"><span>before</span> \(xmlEscaped(old))</p>")
            out.add("<p class=\"new\"><span>after</span> \(xmlEscaped(row.text))</p></div>\n")
        } else {
            out.add("<p class=\"text\">")
            out.add(xmlEscaped(row.text))
            out.add("</p>\n")
        }
        out.add("<p class=\"rule\">")
        out.add(xmlEscaped(row.style))
        out.add(
            ", \(humanNumber(row.width)) \(row.unit) wide, \(row.maxLines) line\(row.maxLines == 1 ? "" : "s") allowed")
        if let rule = row.rule { out.add(" (rule \(rule + 1))") }
        out.add("; fails at \(row.failing.count) size\(row.failing.count == 1 ? "" : "s")")
        if let was = row.oldFailing {
            // The old verdict beside the new: a change is judged by what
            // it broke.
            out.add(
                was.isEmpty
                    ? "; before, it fit at every size"
                    : "; before, it failed at \(was.count) (\(was.joined(separator: ", ")))")
        }
        out.add("</p>\n")
        out.add("<div class=\"samples\"></div>\n</section>\n")
        return out.string
    }

    /// A row's HTML as bytes: a page holds thousands of glyph streams.
    struct HTMLBytes {
        var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(2048) }

        var string: String { String(decoding: bytes, as: UTF8.self) }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// A decimal integer, digit by digit (no `String` per number: a
        /// stream has two or more per glyph).
        mutating func int(_ value: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            guard magnitude >= 10 else {
                bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
                return
            }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var count = 0
                while magnitude > 0 {
                    digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                    count += 1
                }
                for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[i]) }
            }
        }

        /// `FACES;GLYPHS`: the face keys the stream uses, then per glyph
        /// `glyph,advance[,face[,dx,dy]]` in 1/1000 em (`-` a glyph
        /// without outline, `?` a character no face has). Advances are
        /// rounded as running sums, so that a line's width is exact to
        /// 1/1000 em whatever slice it starts at.
        mutating func stream(_ stream: Stream) {
            add(stream.faces.joined(separator: " "))
            bytes.append(UInt8(ascii: ";"))
            var pen = 0.0
            var placed = 0
            for (n, glyph) in stream.glyphs.enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: " ")) }
                if glyph.missing {
                    bytes.append(UInt8(ascii: "?"))
                } else if glyph.blank {
                    bytes.append(UInt8(ascii: "-"))
                } else {
                    int(Int(glyph.glyph))
                }
                pen += glyph.advance
                let now = Int((pen * 1000).rounded())
                bytes.append(UInt8(ascii: ","))
                int(now - placed)
                placed = now
                // A stream uses one face or a few: a look along them.
                let face = stream.faces.firstIndex(of: glyph.face) ?? 0
                let dx = Int((glyph.offsetX * 1000).rounded())
                let dy = Int((glyph.offsetY * 1000).rounded())
                if face != 0 || dx != 0 || dy != 0 {
                    bytes.append(UInt8(ascii: ","))
                    int(face)
                }
                if dx != 0 || dy != 0 {
                    bytes.append(UInt8(ascii: ","))
                    int(dx)
                    bytes.append(UInt8(ascii: ","))
                    int(dy)
                }
            }
        }

        /// Lines separated by `|`: flags (`r` right to left, `o` wider
        /// than the rule), then the stream's slices `a-b` (`a` alone: one
        /// glyph) separated by `,`.
        mutating func layout(_ lines: [Line]) {
            for (n, line) in lines.enumerated() {
                if n > 0 { bytes.append(UInt8(ascii: "|")) }
                if line.rightToLeft { bytes.append(UInt8(ascii: "r")) }
                if line.overflows { bytes.append(UInt8(ascii: "o")) }
                var first = true
                for slice in line.slices where !slice.isEmpty {
                    if !first { bytes.append(UInt8(ascii: ",")) }
                    first = false
                    int(slice.lowerBound)
                    if slice.count > 1 {
                        bytes.append(UInt8(ascii: "-"))
                        int(slice.upperBound)
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
    /// network. A row's figures are made when it first comes near the
    /// window (the rows on the first screens at once, the rest as they
    /// scroll in; all of them before printing): a caption, and the lines as
    /// groups of `<use>`s of the outlines defined once at the top, what
    /// lies past the guide drawn again in red.
    static let script = """
        (function () {
          var rows = Array.prototype.slice.call(document.querySelectorAll('section.failure'));
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
          // A row's sizes: `cell:lines:flags:layout[:stream]`.
          function samples(row) {
            return row.dataset.samples.split(' ').map(function (text) {
              var f = text.split(':');
              return { cell: cells[+f[0]], lines: +f[1], fails: f[2].indexOf('f') >= 0,
                overflows: f[2].indexOf('o') >= 0, layout: f[3], stream: +(f[4] || 0) };
            });
          }
          rows.forEach(function (row) {
            // What the search box looks in: the key and the text, lower case.
            var p = row.querySelector('p.text, p.new'), text = p ? p.textContent : '';
            if (p && p.firstElementChild) { text = text.slice(p.firstElementChild.textContent.length); }
            row.search = (row.dataset.key + ' ' + text).toLowerCase();
            // The categories where it fails, for the size filter (and for
            // scripts reading the page in a browser).
            row.dataset.sizes = samples(row).filter(function (s) { return s.fails; })
              .map(function (s) { return s.cell[0]; }).join(' ');
          });
          // A stream: `FACES;glyph,advance[,face[,dx,dy]] …` in 1/1000 em.
          function glyphs(src) {
            var parts = src.split(';'), faces = parts[0].split(' '), out = [];
            (parts[1] || '').split(' ').forEach(function (t) {
              if (!t) { return; }
              var f = t.split(',');
              out.push({ g: f[0], a: +f[1], face: faces[+(f[2] || 0)], x: +(f[3] || 0), y: +(f[4] || 0) });
            });
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
              out += '<g id="' + line + '" data-line="' + (k + 1) + '"' + (l.rtl ? ' data-rtl="true"' : '') +
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
            var streams = {}, out = '';
            samples(row).forEach(function (sample) {
              var name = 'glyphs' + (sample.stream || '');
              var stream = streams[name] || (streams[name] = glyphs(row.dataset[name] || ';'));
              out += figure(sample, row, stream);
            });
            row.querySelector('.samples').innerHTML = out;
          }
          function apply() {
            var l = language.value, s = style.value, z = size.value, q = search.value.trim().toLowerCase();
            var g = gate ? gate.value : '';
            var count = 0;
            rows.forEach(function (row) {
              var ok = (!l || row.dataset.language === l) && (!s || row.dataset.style === s) &&
                (!z || row.dataset.sizes.split(' ').indexOf(z) >= 0) && (!q || row.search.indexOf(q) >= 0) &&
                (!g || row.dataset.gate === g);
              row.classList.toggle('hidden', !ok);
              if (ok) { count += 1; }
            });
            shown.textContent = count + ' of ' + rows.length + ' shown';
          }
          [language, style, size, gate].forEach(function (e) { if (e) { e.addEventListener('change', apply); } });
          search.addEventListener('input', apply);
          apply();
          // The first screens now (what a screenshot or a first look sees).
          for (var i = 0; i < rows.length; i += 1) {
            draw(rows[i]);
            if (rows[i].getBoundingClientRect().top > 2 * window.innerHeight) { break; }
          }
          if ('IntersectionObserver' in window) {
            var observer = new IntersectionObserver(function (entries) {
              entries.forEach(function (e) {
                if (e.isIntersecting) { draw(e.target); observer.unobserve(e.target); }
              });
            }, { rootMargin: '1000px 0px' });
            rows.forEach(function (row) { if (!row.drawn) { observer.observe(row); } });
          } else {
            rows.forEach(draw);
          }
          window.addEventListener('beforeprint', function () { rows.forEach(draw); });
        })();
        """
}

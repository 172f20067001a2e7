/// `typefit review`'s page: one self-contained HTML file (no network, no
/// other file) for a localization pull request — a summary, then every
/// failing (key, language) with its text drawn as iOS lays it out at each
/// size where it fails and at the largest size where it still fits, with
/// filters by language, style and size and a search box. Pure: the rows
/// and drawings come in; the same input gives the same bytes.
public struct ReviewPage: Sendable {
    /// One size a row shows.
    public struct Sample: Sendable {
        /// The category's key (UIKit's name, `accessibilityLarge`).
        public var category: String
        /// The category for people (`AX2`).
        public var label: String
        /// The point size.
        public var pointSize: Double
        /// The line height.
        public var lineHeight: Double
        /// The lines it needs.
        public var lines: Int
        /// Whether a piece (one long word) overflows the line.
        public var overflows: Bool
        /// Whether it fits the rule there.
        public var fits: Bool
        /// The drawing (a key of `drawings`).
        public var drawing: String

        /// Creates a sample.
        public init(
            category: String, label: String, pointSize: Double, lineHeight: Double, lines: Int, overflows: Bool,
            fits: Bool, drawing: String
        ) {
            self.category = category
            self.label = label
            self.pointSize = pointSize
            self.lineHeight = lineHeight
            self.lines = lines
            self.overflows = overflows
            self.fits = fits
            self.drawing = drawing
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
        /// The sizes drawn: each failing one, and the largest that fits.
        public var samples: [Sample]

        /// Creates a row.
        public init(
            key: String, language: String?, text: String, oldText: String? = nil, isNew: Bool = false, style: String,
            width: Double, maxLines: Int, rule: Int? = nil, failing: [String], samples: [Sample]
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
            self.samples = samples
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

        /// Creates a summary.
        public init(
            strings: Int, languages: [String], categories: [(key: String, label: String)],
            failures: [String: [String: Int]], base: String? = nil, source: String
        ) {
            self.strings = strings
            self.languages = languages
            self.categories = categories
            self.failures = failures
            self.base = base
            self.source = source
        }
    }

    /// The summary's figures.
    public var summary: Summary
    /// The failing strings.
    public var rows: [Row]
    /// Each row's section, rendered by `rowHTML` (in parallel, as the rows
    /// are drawn: their drawings are not kept).
    public var rowsHTML: [String]
    /// The glyph outlines the drawings use, by face key.
    public var faces: [String: Specimen.Face]

    /// Creates a page.
    public init(summary: Summary, rows: [Row], rowsHTML: [String], faces: [String: Specimen.Face]) {
        self.summary = summary
        self.rows = rows
        self.rowsHTML = rowsHTML
        self.faces = faces
    }

    /// The HTML document.
    public func html() -> String {
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
        out += "<body data-failures=\"\(rows.count)\" data-strings=\"\(summary.strings)\">\n"
        // Every glyph outline once, used by every sample on the page.
        out += "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n"
        out += Specimen.emDefinitions(faces)
        out += "</defs></svg>\n"
        out += summaryHTML()
        out += filtersHTML()
        out += "<main id=\"failures\">\n"
        for row in rowsHTML { out += row }
        if rows.isEmpty { out += "<p class=\"none\">Every string fits its rule at every size checked.</p>\n" }
        out += "</main>\n<script>\n\(Self.script)\n</script>\n</body>\n</html>\n"
        return out
    }

    func summaryHTML() -> String {
        let total = rows.count
        var out = "<header>\n<h1>typefit review</h1>\n"
        out += "<p class=\"source\">\(xmlEscaped(summary.source))</p>\n"
        out += "<p class=\"counts\"><strong id=\"failure-count\">\(total)</strong> failing "
        out += "string\(total == 1 ? "" : "s") (key and language) of \(summary.strings) checked"
        if let base = summary.base { out += ", added or changed since <code>\(xmlEscaped(base))</code>" }
        out += "; \(summary.languages.count) language\(summary.languages.count == 1 ? "" : "s"), "
        out += "\(summary.categories.count) size\(summary.categories.count == 1 ? "" : "s").</p>\n"
        out +=
            "<table class=\"summary\"><caption>Failing strings by language and size</caption>\n<thead><tr><th>language</th>"
        for category in summary.categories { out += "<th>\(xmlEscaped(category.label))</th>" }
        out += "<th>all sizes</th></tr></thead>\n<tbody>\n"
        for language in summary.languages {
            let counts = summary.failures[language] ?? [:]
            out += "<tr><th>\(xmlEscaped(language))</th>"
            for category in summary.categories {
                let n = counts[category.key] ?? 0
                out += n == 0 ? "<td class=\"zero\">0</td>" : "<td class=\"bad\">\(n)</td>"
            }
            let failingRows = rows.filter { ($0.language ?? "-") == language }.count
            out += "<td>\(failingRows)</td></tr>\n"
        }
        out += "</tbody></table>\n</header>\n"
        return out
    }

    func filtersHTML() -> String {
        func select(_ id: String, _ label: String, _ values: [(String, String)]) -> String {
            var out = "<label>\(label) <select id=\"\(id)\"><option value=\"\">all</option>"
            for (value, text) in values { out += "<option value=\"\(xmlEscaped(value))\">\(xmlEscaped(text))</option>" }
            return out + "</select></label>\n"
        }
        var styles: [String] = []
        for row in rows where !styles.contains(row.style) { styles.append(row.style) }
        var out = "<nav class=\"filters\">\n"
        out += select("language", "Language", summary.languages.map { ($0, $0) })
        out += select("style", "Style", styles.map { ($0, $0) })
        out += select("size", "Fails at", summary.categories.map { ($0.key, $0.label) })
        out += "<label>Search <input id=\"search\" type=\"search\" placeholder=\"key or text\"></label>\n"
        out += "<span id=\"shown\" aria-live=\"polite\"></span>\n</nav>\n"
        return out
    }

    /// One failing string's section, its samples drawn from `drawings`.
    public static func rowHTML(_ row: Row, drawings: [String: Specimen.Drawing]) -> String {
        let language = row.language ?? "-"
        var out = "<section class=\"failure\" data-key=\"\(xmlEscaped(row.key))\""
        out += " data-language=\"\(xmlEscaped(language))\" data-style=\"\(xmlEscaped(row.style))\""
        out += " data-sizes=\"\(xmlEscaped(row.failing.joined(separator: " ")))\""
        out += " data-search=\"\(xmlEscaped((row.key + " " + row.text).lowercased()))\">\n"
        out += "<h2><code>\(xmlEscaped(row.key))</code> <span class=\"lang\">\(xmlEscaped(language))</span>"
        if row.isNew { out += " <span class=\"tag\">new</span>" }
        out += "</h2>\n"
        if let old = row.oldText {
            out += "<div class=\"diff\"><p class=\"old\"><span>before</span> \(xmlEscaped(old))</p>"
            out += "<p class=\"new\"><span>after</span> \(xmlEscaped(row.text))</p></div>\n"
        } else {
            out += "<p class=\"text\">\(xmlEscaped(row.text))</p>\n"
        }
        out += "<p class=\"rule\">\(xmlEscaped(row.style)), \(humanNumber(row.width)) pt wide, "
        out += "\(row.maxLines) line\(row.maxLines == 1 ? "" : "s") allowed"
        if let rule = row.rule { out += " (rule \(rule + 1))" }
        out += "; fails at \(row.failing.count) size\(row.failing.count == 1 ? "" : "s")</p>\n"
        // Each distinct drawing's lines once for the row; every size places
        // them, scaled.
        var defined: [String] = []
        var defs = ""
        for sample in row.samples where !defined.contains(sample.drawing) {
            guard let drawing = drawings[sample.drawing] else { continue }
            defined.append(sample.drawing)
            for (k, line) in drawing.lines.enumerated() {
                defs += "<g id=\"\(sample.drawing)-\(k + 1)\">" + Specimen.lineContent(line) + "</g>\n"
            }
        }
        out += "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n\(defs)</defs></svg>\n"
        out += "<div class=\"samples\">\n"
        for (n, sample) in row.samples.enumerated() { out += sampleHTML(sample, row, number: n, drawings: drawings) }
        out += "</div>\n</section>\n"
        return out
    }

    /// One size: a caption and the text drawn at the rule's width (the
    /// dashed guide), the allowed lines' bottom marked, overflow in red.
    static func sampleHTML(_ sample: Sample, _ row: Row, number: Int, drawings: [String: Specimen.Drawing]) -> String {
        guard let drawing = drawings[sample.drawing] else { return "" }
        let pad = 6.0
        let pt = sample.pointSize
        let widest = drawing.lines.map { $0.ems * pt }.max() ?? 0
        let hang = drawing.lines.filter(\.rightToLeft).map { max(0, $0.ems * pt - row.width) }.max() ?? 0
        let left = pad + hang
        let width = left + max(row.width, widest) + pad
        let height = Double(max(drawing.lines.count, 1)) * sample.lineHeight + pad * 2
        let c = Specimen.coordinate
        var out = "<figure class=\"\(sample.fits ? "fits" : "fails")\" data-size=\"\(xmlEscaped(sample.category))\""
        out += " data-lines=\"\(sample.lines)\">\n<figcaption>\(xmlEscaped(sample.label)) · "
        out += "\(humanNumber(pt)) pt · \(sample.lines) line\(sample.lines == 1 ? "" : "s")"
        if sample.overflows { out += ", a word overflows" }
        out += sample.fits ? " · fits" : " · fails"
        out += "</figcaption>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(c(width))\" height=\"\(c(height))\""
        out += " viewBox=\"0 0 \(c(width)) \(c(height))\" role=\"img\""
        out += " aria-label=\"\(xmlEscaped(row.text)) at \(xmlEscaped(sample.label))\">\n"
        // The guide at the rule's width, and the bottom of the lines allowed.
        let guide = left + row.width
        out += "<line class=\"guide\" x1=\"\(c(guide))\" y1=\"0\" x2=\"\(c(guide))\" y2=\"\(c(height))\"/>\n"
        if drawing.lines.count > row.maxLines {
            let bottom = pad + Double(row.maxLines) * sample.lineHeight
            out += "<line class=\"limit\" x1=\"0\" y1=\"\(c(bottom))\" x2=\"\(c(width))\" y2=\"\(c(bottom))\"/>\n"
        }
        // What lies past the guide is drawn again in red, clipped: right of
        // it, or left of the box for a right-to-left line.
        let clip = "c\(sample.drawing)-\(number)"
        let overflows = drawing.lines.contains { $0.ems * pt > row.width + 1e-9 }
        if overflows {
            out +=
                "<clipPath id=\"\(clip)r\"><rect x=\"\(c(guide))\" width=\"\(c(width))\" height=\"\(c(height))\"/></clipPath>"
            out += "<clipPath id=\"\(clip)l\"><rect width=\"\(c(left))\" height=\"\(c(height))\"/></clipPath>\n"
        }
        out += "<g data-lines=\"\(drawing.lines.count)\">\n"
        let scale = c(pt / 1000)
        for (k, line) in drawing.lines.enumerated() {
            let baseline = pad + sample.lineHeight * Double(k) + sample.lineHeight * 0.8
            let origin = line.rightToLeft ? left + row.width - line.ems * pt : left
            let place =
                "href=\"#\(sample.drawing)-\(k + 1)\" transform=\"translate(\(c(origin)) \(c(baseline))) scale(\(scale) -\(scale))\""
            out += "<use data-line=\"\(k + 1)\"\(line.rightToLeft ? " data-rtl=\"true\"" : "") \(place)/>"
            if line.ems * pt > row.width + 1e-9 {
                // The clip in the figure's own space (a clip on the <use>
                // itself would be read in its scaled, flipped space).
                out +=
                    "<g clip-path=\"url(#\(clip)\(line.rightToLeft ? "l" : "r"))\"><use class=\"over\" \(place)/></g>"
            }
            out += "\n"
        }
        out += "</g>\n</svg>\n</figure>\n"
        return out
    }

    static let style = """
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px; color: #222; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        .source { color: #555; margin: 0 0 8px; word-break: break-all; }
        .counts strong { color: #c62828; font-size: 18px; }
        table.summary { border-collapse: collapse; margin: 8px 0 16px; font-variant-numeric: tabular-nums; }
        table.summary th, table.summary td { border: 1px solid #ddd; padding: 3px 8px; text-align: right; }
        table.summary th:first-child { text-align: left; }
        table.summary caption { text-align: left; color: #555; padding-bottom: 4px; }
        td.bad { background: #ffebee; color: #b71c1c; font-weight: 600; }
        td.zero { color: #aaa; }
        nav.filters { position: sticky; top: 0; background: #fff; padding: 8px 0; border-bottom: 1px solid #ddd;
          display: flex; gap: 16px; flex-wrap: wrap; align-items: center; z-index: 1; }
        #shown { color: #555; }
        section.failure { border-bottom: 1px solid #eee; padding: 12px 0; }
        section.failure h2 { font-size: 15px; margin: 0; }
        .lang { color: #555; font-weight: normal; }
        .tag { background: #e3f2fd; color: #0d47a1; font-size: 11px; padding: 1px 6px; border-radius: 8px; }
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
        svg.defs { position: absolute; }
        rect.missing { fill: none; stroke: #c62828; stroke-width: 40; }
        .hidden { display: none; }
        .none { color: #2e7d32; }
        """

    /// Filters and search, in plain script: no library, no network.
    static let script = """
        (function () {
          var rows = Array.prototype.slice.call(document.querySelectorAll('section.failure'));
          var language = document.getElementById('language');
          var style = document.getElementById('style');
          var size = document.getElementById('size');
          var search = document.getElementById('search');
          var shown = document.getElementById('shown');
          function apply() {
            var l = language.value, s = style.value, z = size.value, q = search.value.trim().toLowerCase();
            var count = 0;
            rows.forEach(function (row) {
              var ok = (!l || row.dataset.language === l) && (!s || row.dataset.style === s) &&
                (!z || row.dataset.sizes.split(' ').indexOf(z) >= 0) && (!q || row.dataset.search.indexOf(q) >= 0);
              row.classList.toggle('hidden', !ok);
              if (ok) { count += 1; }
            });
            shown.textContent = count + ' of ' + rows.length + ' shown';
          }
          [language, style, size].forEach(function (e) { e.addEventListener('change', apply); });
          search.addEventListener('input', apply);
          apply();
        })();
        """
}

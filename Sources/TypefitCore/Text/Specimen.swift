/// A glyph as HarfBuzz placed it: advance and offsets in ems.
public struct ShapedGlyph: Sendable, Equatable {
    /// The glyph index in the face.
    public var glyph: UInt32
    /// The UTF-8 offset of the character it draws.
    public var cluster: Int
    /// The advance in ems.
    public var advance: Double
    /// The horizontal offset in ems.
    public var offsetX: Double
    /// The vertical offset in ems (up).
    public var offsetY: Double

    /// Creates a glyph.
    public init(glyph: UInt32, cluster: Int, advance: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.glyph = glyph
        self.cluster = cluster
        self.advance = advance
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}

/// The type ramp as a picture: one sample line per (style, category), drawn
/// from the font's own outlines, as an SVG document. Pure: glyph placements
/// and outlines come in; the same input gives the same bytes.
public struct Specimen: Sendable {
    /// One cell.
    public struct Sample: Sendable {
        /// The style, size setting, size and line height.
        public var cell: SizedCell
        /// The face's PostScript name (or what the spec asked for).
        public var postscriptName: String?
        /// The key in `lines` of the sample text as this face draws it;
        /// `nil` when the face is missing (a marked placeholder is drawn).
        public var line: String?
        /// With a width: the lines `fit` would report.
        public var lines: Int?

        /// Creates a sample.
        public init(cell: SizedCell, postscriptName: String?, line: String?, lines: Int? = nil) {
            self.cell = cell
            self.postscriptName = postscriptName
            self.line = line
            self.lines = lines
        }

        var style: String { cell.style }
        var category: String { cell.category }
        var pointSize: Double { cell.pointSize }
        var lineHeight: Double? { cell.lineHeight }
    }

    /// One glyph of a drawn line, left to right.
    public struct Glyph: Sendable {
        /// The key in `faces` of the face that draws it.
        public var face: String
        /// The glyph index.
        public var glyph: UInt32
        /// The advance in ems.
        public var advance: Double
        /// The horizontal offset in ems.
        public var offsetX: Double
        /// The vertical offset in ems (up).
        public var offsetY: Double
        /// No installed face has the character: a marked box is drawn.
        public var missing: Bool

        /// Creates a glyph.
        public init(
            face: String, glyph: UInt32, advance: Double, offsetX: Double = 0, offsetY: Double = 0,
            missing: Bool = false
        ) {
            self.face = face
            self.glyph = glyph
            self.advance = advance
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.missing = missing
        }
    }

    /// The sample text as one face (and its fallbacks) draws it.
    public struct Line: Sendable {
        /// The glyphs in visual order.
        public var glyphs: [Glyph]
        /// The PostScript names (else families) of the fallback faces used.
        public var fallbacks: [String]
        /// Characters no installed face has.
        public var missingGlyphs: Int

        /// Creates a line.
        public init(glyphs: [Glyph], fallbacks: [String] = [], missingGlyphs: Int = 0) {
            self.glyphs = glyphs
            self.fallbacks = fallbacks
            self.missingGlyphs = missingGlyphs
        }
    }

    /// A face's outlines.
    public struct Face: Sendable {
        /// Font units per em (the outlines' coordinates).
        public var unitsPerEm: Int
        /// Outline path data by glyph index, font units, y up.
        public var paths: [UInt32: String]

        /// Creates a face.
        public init(unitsPerEm: Int, paths: [UInt32: String]) {
            self.unitsPerEm = unitsPerEm
            self.paths = paths
        }
    }

    /// What the picture shows (the `<title>`).
    public var title: String
    /// The sample text.
    public var text: String
    /// `--width`: the guide, in points.
    public var width: Double?
    /// The cells, styles outermost.
    public var samples: [Sample]
    /// The drawn lines by key.
    public var lines: [String: Line]
    /// The faces' outlines by key.
    public var faces: [String: Face]

    /// Creates a specimen.
    public init(
        title: String, text: String, width: Double?, samples: [Sample], lines: [String: Line], faces: [String: Face]
    ) {
        self.title = title
        self.text = text
        self.width = width
        self.samples = samples
        self.lines = lines
        self.faces = faces
    }

    static let margin = 24.0
    static let rowLabelWidth = 96.0
    static let labelSize = 8.0
    static let gap = 20.0
    static let warning = "#c62828"

    /// The SVG document.
    public func svg() -> String {
        let styles = uniqueInOrder(samples.map(\.style))
        let categories = uniqueInOrder(samples.map(\.category))
        func sample(_ style: String, _ category: String) -> Sample? {
            samples.first { $0.style == style && $0.category == category }
        }
        func sampleWidth(_ s: Sample) -> Double {
            guard let key = s.line, let line = lines[key] else { return 120 }
            return line.glyphs.reduce(0) { $0 + $1.advance } * s.pointSize
        }
        // Columns as wide as their widest sample (and the guide); rows as
        // tall as their tallest line.
        var columnWidths: [Double] = []
        for category in categories {
            var widest = width ?? 0
            for style in styles { if let s = sample(style, category) { widest = max(widest, sampleWidth(s)) } }
            columnWidths.append(max(widest, 150) + Self.gap)
        }
        var rowHeights: [Double] = []
        for style in styles {
            var tallest = 0.0
            for category in categories {
                if let s = sample(style, category) { tallest = max(tallest, s.lineHeight ?? s.pointSize * 1.3) }
            }
            rowHeights.append(tallest + Self.labelSize * 2 + Self.gap)
        }
        let top = Self.margin + 40
        let totalWidth = Self.margin * 2 + Self.rowLabelWidth + columnWidths.reduce(0, +)
        let totalHeight = top + rowHeights.reduce(0, +) + Self.margin
        var out = ""
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(totalWidth))pt\" height=\"\(n(totalHeight))pt\""
        out += " viewBox=\"0 0 \(n(totalWidth)) \(n(totalHeight))\" role=\"img\">\n"
        out += "<title>\(xml(title))</title>\n"
        out += "<desc>typefit specimen: \(xml(text)) in every selected text style and content size category</desc>\n"
        // Each glyph outline once, used by every sample.
        out += "<defs>\n"
        for key in faces.keys.sorted() {
            guard let face = faces[key] else { continue }
            for glyph in face.paths.keys.sorted() {
                guard let path = face.paths[glyph] else { continue }
                out += "<path id=\"\(key)g\(glyph)\" d=\"\(path)\"/>\n"
            }
        }
        out += "</defs>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += text(Self.margin, Self.margin + 14, xml(title), size: 14, weight: "bold")
        // The accessibility categories set apart on a tinted band.
        var x = Self.margin + Self.rowLabelWidth
        var axStart: Double?
        for (i, category) in categories.enumerated() {
            let first = samples.first { $0.category == category }?.cell
            if first?.isAccessibility == true && axStart == nil { axStart = x }
            let label = first.map { $0.categoryLabel == category ? category : "\($0.categoryLabel) (\(category))" }
            out += text(x, top - 8, xml(label ?? category), size: 9, weight: "bold")
            x += columnWidths[i]
        }
        if let axStart {
            out += "<rect x=\"\(n(axStart - 8))\" y=\"\(n(top - 22))\" width=\"\(n(x - axStart))\""
            out +=
                " height=\"\(n(totalHeight - top + 22 - Self.margin / 2))\" fill=\"#7e57c2\" fill-opacity=\"0.07\"/>\n"
            out += "<line x1=\"\(n(axStart - 8))\" y1=\"\(n(top - 22))\" x2=\"\(n(axStart - 8))\""
            out += " y2=\"\(n(totalHeight - Self.margin / 2))\" stroke=\"#7e57c2\" stroke-width=\"1\"/>\n"
        }
        var y = top
        for (r, style) in styles.enumerated() {
            out += text(Self.margin, y + 16, xml(style), size: 11, weight: "bold")
            var x = Self.margin + Self.rowLabelWidth
            for (c, category) in categories.enumerated() {
                defer { x += columnWidths[c] }
                guard let s = sample(style, category) else { continue }
                let line = s.line.flatMap { lines[$0] }
                var label = "\(n(s.pointSize))/\(s.lineHeight.map(n) ?? "-") pt · \(s.postscriptName ?? "?")"
                if let lines = s.lines { label += " · \(lines) line\(lines == 1 ? "" : "s")" }
                if let line, !line.fallbacks.isEmpty {
                    label += " · fallback: " + line.fallbacks.joined(separator: ", ")
                }
                if let line, line.missingGlyphs > 0 { label += " · \(line.missingGlyphs) missing" }
                out += text(x, y + Self.labelSize, xml(label), size: Self.labelSize, color: "#555555")
                let baseline = y + Self.labelSize * 2 + (s.lineHeight ?? s.pointSize * 1.3) * 0.8
                if let width {
                    out += "<line x1=\"\(n(x + width))\" y1=\"\(n(y + Self.labelSize + 2))\" x2=\"\(n(x + width))\""
                    out += " y2=\"\(n(y + rowHeights[r] - Self.gap / 2))\" stroke=\"\(Self.warning)\""
                    out += " stroke-dasharray=\"3 2\" stroke-width=\"0.75\"/>\n"
                }
                guard let line else {
                    // The face is missing: a marked box, not a guess.
                    out += "<rect x=\"\(n(x))\" y=\"\(n(y + Self.labelSize * 2))\" width=\"120\""
                    out += " height=\"\(n(s.pointSize))\" fill=\"none\" stroke=\"\(Self.warning)\""
                    out += " stroke-dasharray=\"4 2\"/>\n"
                    let marker = "missing: \(xml(s.postscriptName ?? "?"))"
                    out += text(x + 4, y + Self.labelSize * 2 + 12, marker, size: 9, color: Self.warning)
                    continue
                }
                out += "<g data-style=\"\(xml(style))\" data-category=\"\(xml(category))\""
                if !line.fallbacks.isEmpty {
                    out += " data-fallbacks=\"\(xml(line.fallbacks.joined(separator: " ")))\""
                }
                out += ">\n"
                var pen = 0.0
                for glyph in line.glyphs {
                    defer { pen += glyph.advance * s.pointSize }
                    let beyond = width.map { pen + glyph.advance * s.pointSize > $0 + 1e-9 } ?? false
                    if glyph.missing {
                        // No installed face has the character: a marked
                        // box as wide as its advance, never a .notdef
                        // that looks like a drawn letter.
                        let boxWidth = max(glyph.advance * s.pointSize, s.pointSize * 0.3)
                        out += "<rect x=\"\(n(x + pen))\" y=\"\(n(baseline - s.pointSize * 0.7))\""
                        out += " width=\"\(n(boxWidth))\" height=\"\(n(s.pointSize * 0.7))\" fill=\"none\""
                        out += " stroke=\"\(Self.warning)\" data-missing=\"true\"/>\n"
                        continue
                    }
                    guard let face = faces[glyph.face], face.paths[glyph.glyph] != nil else { continue }
                    let scale = s.pointSize / Double(face.unitsPerEm)
                    let gx = x + pen + glyph.offsetX * s.pointSize
                    let gy = baseline - glyph.offsetY * s.pointSize
                    out += "<use href=\"#\(glyph.face)g\(glyph.glyph)\""
                    out += " transform=\"translate(\(n(gx)) \(n(gy))) scale(\(n(scale)) \(n(-scale)))\""
                    out += beyond ? " fill=\"\(Self.warning)\"/>\n" : "/>\n"
                }
                out += "</g>\n"
            }
            y += rowHeights[r]
        }
        out += "</svg>\n"
        return out
    }

    private func text(
        _ x: Double, _ y: Double, _ content: String, size: Double, weight: String? = nil, color: String = "#222222"
    ) -> String {
        var out = "<text x=\"\(n(x))\" y=\"\(n(y))\" font-family=\"sans-serif\" font-size=\"\(n(size))\""
        if let weight { out += " font-weight=\"\(weight)\"" }
        return out + " fill=\"\(color)\">\(content)</text>\n"
    }

    /// A coordinate: at most three decimals, no trailing zeros.
    private func n(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return humanNumber(rounded == 0 ? 0 : rounded)
    }

    private func xml(_ text: String) -> String { xmlEscaped(text) }

    private func uniqueInOrder<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}

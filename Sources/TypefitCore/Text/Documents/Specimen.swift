/// The type ramp as a picture: the sample in every (style, category), laid
/// out in lines as `fit` breaks it at the guide's width and drawn from the
/// font's own outlines, as an SVG document. Pure: glyph placements
/// and outlines come in; the same input gives the same bytes.
public struct Specimen: Sendable {
    /// One cell.
    public struct Sample: Sendable {
        /// The style, size setting, size and line height.
        public var cell: SizedCell
        /// The face's PostScript name (or what the spec asked for).
        public var postscriptName: String?
        /// The key in `drawings` of the sample as this face draws it at
        /// this size; `nil` when the face is missing (a marked placeholder
        /// is drawn).
        public var drawing: String?
        /// With a width: the lines `fit` would report (before `--lines`
        /// truncates them).
        public var lines: Int?
        /// The coordinates and tracking the face was measured and drawn at.
        public var setting: FaceSetting = .plain

        /// Creates a sample.
        public init(cell: SizedCell, postscriptName: String?, drawing: String?, lines: Int? = nil) {
            self.cell = cell
            self.postscriptName = postscriptName
            self.drawing = drawing
            self.lines = lines
        }

        var style: String { cell.style }
        var category: String { cell.size.key }
        var pointSize: Double { cell.pointSize }
        var lineHeight: Double? { cell.lineHeight }
    }

    /// One glyph of a drawn line, left to right; its face is the key of
    /// its outlines in `faces`.
    public typealias Glyph = PlacedGlyph<String>

    /// One drawn line.
    public typealias Line = GlyphLine<String>

    /// The sample as one face (and its fallbacks) draws it at one size.
    public struct Drawing: Sendable {
        /// The lines, top to bottom.
        public var lines: [Line]
        /// The PostScript names (else families) of the fallback faces used.
        public var fallbacks: [String]
        /// Characters no installed face has.
        public var missingGlyphs: Int
        /// Whether `--lines` cut the text: the last line ends in "…".
        public var truncated: Bool

        /// Creates a drawing.
        public init(lines: [Line], fallbacks: [String] = [], missingGlyphs: Int = 0, truncated: Bool = false) {
            self.lines = lines
            self.fallbacks = fallbacks
            self.missingGlyphs = missingGlyphs
            self.truncated = truncated
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
    /// The drawings by key.
    public var drawings: [String: Drawing]
    /// The faces' outlines by key.
    public var faces: [String: Face]

    /// Creates a specimen.
    public init(
        title: String, text: String, width: Double?, samples: [Sample], drawings: [String: Drawing],
        faces: [String: Face]
    ) {
        self.title = title
        self.text = text
        self.width = width
        self.samples = samples
        self.drawings = drawings
        self.faces = faces
    }

    static let margin = 24.0
    static let rowLabelWidth = 96.0
    static let labelSize = 11.0
    static let gap = 24.0
    static let warning = "#c62828"
    /// The labels' height: two lines of `labelSize`.
    static let labelBlock = labelSize * 2.6

    /// A label's width in points, over-estimated (sans-serif averages about
    /// 0.55 em a character; wide characters count double) so that no label
    /// reaches the next column.
    static func labelWidth(_ label: String, size: Double) -> Double {
        Double(TerminalText.displayWidth(label)) * size * 0.62
    }

    /// A sample's labels: size, line height and face; then lines, fallbacks,
    /// missing characters.
    func labels(_ s: Sample) -> (String, String) {
        let drawing = s.drawing.flatMap { drawings[$0] }
        let first = "\(n(s.pointSize))/\(s.lineHeight.map(n) ?? "-") pt · \(s.postscriptName ?? "?")"
        var second: [String] = []
        // What the face was set to: a variable face's axes, a tracked one's
        // tracking at this size.
        if !s.setting.variations.isEmpty {
            second.append(s.setting.variations.map { "\($0.tag) \(n($0.value))" }.joined(separator: ", "))
        }
        if s.setting.trackingEms != 0 {
            let points = (s.setting.trackingEms * s.pointSize * 1000).rounded() / 1000
            second.append("tracking \(points > 0 ? "+" : "")\(n(points)) pt")
        }
        if let lines = s.lines { second.append("\(lines) line\(lines == 1 ? "" : "s")") }
        if let drawing, drawing.truncated { second.append("truncated at \(drawing.lines.count)") }
        if let drawing, !drawing.fallbacks.isEmpty {
            second.append("fallback: " + drawing.fallbacks.joined(separator: ", "))
        }
        if let drawing, drawing.missingGlyphs > 0 { second.append("\(drawing.missingGlyphs) missing") }
        return (first, second.joined(separator: " · "))
    }

    /// The SVG document.
    public func svg() -> String {
        let styles = uniqueInOrder(samples.map(\.style))
        let categories = uniqueInOrder(samples.map(\.category))
        func sample(_ style: String, _ category: String) -> Sample? {
            samples.first { $0.style == style && $0.category == category }
        }
        func lineHeight(_ s: Sample) -> Double { s.lineHeight ?? s.pointSize * 1.3 }
        func missingMarker(_ s: Sample) -> String { "missing: \(s.postscriptName ?? "?")" }
        // The width a sample takes: its widest line, its labels, the guide.
        func sampleWidth(_ s: Sample) -> Double {
            let (first, second) = labels(s)
            let labels = max(
                Self.labelWidth(first, size: Self.labelSize), Self.labelWidth(second, size: Self.labelSize))
            guard let key = s.drawing, let drawing = drawings[key] else {
                return max(labels, Self.labelWidth(missingMarker(s), size: 9) + 8, 120)
            }
            let widest = drawing.lines.map { $0.ems * s.pointSize }.max() ?? 0
            // A right-to-left line overflowing the guide reaches left of it:
            // the column makes room on the left.
            return max(widest, labels, width ?? 0)
        }
        func overhang(_ s: Sample) -> Double {
            guard let width, let key = s.drawing, let drawing = drawings[key] else { return 0 }
            return drawing.lines.filter(\.rightToLeft).map { max(0, $0.ems * s.pointSize - width) }.max() ?? 0
        }
        // Columns as wide as their widest sample; rows as tall as their
        // tallest sample (lines times line height, under its labels).
        var columnWidths: [Double] = []
        var columnOverhangs: [Double] = []
        for category in categories {
            var widest = 150.0
            var hang = 0.0
            for style in styles {
                guard let s = sample(style, category) else { continue }
                hang = max(hang, overhang(s))
                widest = max(widest, sampleWidth(s))
            }
            columnOverhangs.append(hang)
            columnWidths.append(hang + widest + Self.gap)
        }
        var rowHeights: [Double] = []
        for style in styles {
            var tallest = 0.0
            for category in categories {
                guard let s = sample(style, category) else { continue }
                let count = s.drawing.flatMap { drawings[$0]?.lines.count } ?? 1
                tallest = max(tallest, Double(max(count, 1)) * lineHeight(s))
            }
            rowHeights.append(Self.labelBlock + tallest + Self.gap)
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
        out += "<defs>\n" + Self.definitions(faces) + "</defs>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += text(Self.margin, Self.margin + 16, xml(title), size: 16, weight: "bold")
        // The accessibility categories set apart on a tinted band.
        var x = Self.margin + Self.rowLabelWidth
        var axStart: Double?
        for (i, category) in categories.enumerated() {
            let first = samples.first { $0.category == category }?.cell
            if first?.size.isAccessibility == true && axStart == nil { axStart = x }
            let label = first.map { $0.label == category ? category : "\($0.label) (\(category))" }
            out += text(x + columnOverhangs[i], top - 8, xml(label ?? category), size: 12, weight: "bold")
            x += columnWidths[i]
        }
        if let axStart {
            out += "<rect x=\"\(n(axStart - 8))\" y=\"\(n(top - 24))\" width=\"\(n(x - axStart))\""
            out +=
                " height=\"\(n(totalHeight - top + 24 - Self.margin / 2))\" fill=\"#7e57c2\" fill-opacity=\"0.07\"/>\n"
            out += "<line x1=\"\(n(axStart - 8))\" y1=\"\(n(top - 24))\" x2=\"\(n(axStart - 8))\""
            out += " y2=\"\(n(totalHeight - Self.margin / 2))\" stroke=\"#7e57c2\" stroke-width=\"1\"/>\n"
        }
        var y = top
        for (r, style) in styles.enumerated() {
            out += text(Self.margin, y + 16, xml(style), size: 13, weight: "bold")
            var x = Self.margin + Self.rowLabelWidth
            for (c, category) in categories.enumerated() {
                defer { x += columnWidths[c] }
                guard let s = sample(style, category) else { continue }
                // The sample's box starts after the room its column keeps
                // for right-to-left overflow.
                let left = x + columnOverhangs[c]
                let drawing = s.drawing.flatMap { drawings[$0] }
                let (first, second) = labels(s)
                out += text(left, y + Self.labelSize, xml(first), size: Self.labelSize, color: "#444444")
                if !second.isEmpty {
                    out += text(left, y + Self.labelSize * 2.2, xml(second), size: Self.labelSize, color: "#444444")
                }
                let linesTop = y + Self.labelBlock
                if let width {
                    out += "<line x1=\"\(n(left + width))\" y1=\"\(n(linesTop - 4))\" x2=\"\(n(left + width))\""
                    out += " y2=\"\(n(y + rowHeights[r] - Self.gap / 2))\" stroke=\"\(Self.warning)\""
                    out += " stroke-dasharray=\"3 2\" stroke-width=\"0.75\"/>\n"
                }
                guard let drawing else {
                    // The face is missing: a marked box, not a guess.
                    let marker = missingMarker(s)
                    let boxWidth = max(120, Self.labelWidth(marker, size: 9) + 8)
                    out += "<rect x=\"\(n(left))\" y=\"\(n(linesTop))\" width=\"\(n(boxWidth))\""
                    out += " height=\"\(n(max(s.pointSize, 16)))\" fill=\"none\" stroke=\"\(Self.warning)\""
                    out += " stroke-dasharray=\"4 2\"/>\n"
                    out += text(left + 4, linesTop + 12, xml(marker), size: 9, color: Self.warning)
                    continue
                }
                out += "<g data-style=\"\(xml(style))\" data-category=\"\(xml(category))\""
                out += " data-lines=\"\(drawing.lines.count)\""
                if drawing.truncated { out += " data-truncated=\"true\"" }
                if !drawing.fallbacks.isEmpty {
                    out += " data-fallbacks=\"\(xml(drawing.fallbacks.joined(separator: " ")))\""
                }
                out += ">\n"
                // The box the lines are aligned in: the guide, else the
                // widest line.
                out += Self.lines(
                    drawing, left: left, top: linesTop, pointSize: s.pointSize, lineHeight: lineHeight(s), width: width,
                    faces: faces)
                out += "</g>\n"
            }
            y += rowHeights[r]
        }
        out += "</svg>\n"
        return out
    }

    /// A drawing's lines as SVG: one `<g data-line="K">` per line, at
    /// `lineHeight` intervals from `top`, aligned in the box (`width`, else
    /// the widest line) by each paragraph's direction, glyphs past the
    /// guide in red, glyphs as `<use>` of the outlines in `faces` (defined
    /// once elsewhere in the document).
    public static func lines(
        _ drawing: Drawing, left: Double, top: Double, pointSize: Double, lineHeight: Double, width: Double?,
        faces: [String: Face]
    ) -> String {
        var out = ""
        let box = width ?? (drawing.lines.map { $0.ems * pointSize }.max() ?? 0)
        for (k, line) in drawing.lines.enumerated() {
            let baseline = top + lineHeight * Double(k) + lineHeight * 0.8
            let lineWidth = line.ems * pointSize
            let origin = line.rightToLeft ? left + box - lineWidth : left
            out += "<g data-line=\"\(k + 1)\"\(line.rightToLeft ? " data-rtl=\"true\"" : "")>\n"
            var pen = 0.0
            for glyph in line.glyphs {
                defer { pen += glyph.advance * pointSize }
                let gx = origin + pen
                // Past the guide: right of it, or left of the box for a
                // right-to-left line.
                let beyond =
                    width.map { w in
                        line.rightToLeft ? gx < left - 1e-9 : gx + glyph.advance * pointSize > left + w + 1e-9
                    } ?? false
                if glyph.missing {
                    // No installed face has the character: a marked box as
                    // wide as its advance, never a .notdef that looks like a
                    // drawn letter.
                    let boxWidth = max(glyph.advance * pointSize, pointSize * 0.3)
                    out += "<rect x=\"\(coordinate(gx))\" y=\"\(coordinate(baseline - pointSize * 0.7))\""
                    out += " width=\"\(coordinate(boxWidth))\" height=\"\(coordinate(pointSize * 0.7))\" fill=\"none\""
                    out += " stroke=\"\(Self.warning)\" data-missing=\"true\"/>\n"
                    continue
                }
                guard let face = faces[glyph.face], face.paths[glyph.glyph] != nil else { continue }
                let scale = pointSize / Double(face.unitsPerEm)
                let tx = gx + glyph.offsetX * pointSize
                let ty = baseline - glyph.offsetY * pointSize
                out += "<use href=\"#\(glyph.face)g\(glyph.glyph)\""
                out +=
                    " transform=\"translate(\(coordinate(tx)) \(coordinate(ty))) scale(\(coordinate(scale)) \(coordinate(-scale)))\""
                out += beyond ? " fill=\"\(Self.warning)\"/>\n" : "/>\n"
            }
            out += "</g>\n"
        }
        return out
    }

    /// The outlines as definitions in thousandths of an em (the review
    /// page places them with `<use>` at x in 1/1000 em from a line's start,
    /// the baseline at 0, y up, the line scaled to its size): a face drawn
    /// on 1000 units per em as it is, others scaled.
    public static func emDefinitions(_ faces: [String: Face]) -> String {
        var out = ""
        for key in faces.keys.sorted() {
            guard let face = faces[key] else { continue }
            let scale = 1000 / Double(max(face.unitsPerEm, 1))
            for glyph in face.paths.keys.sorted() {
                guard let path = face.paths[glyph] else { continue }
                let transform = face.unitsPerEm == 1000 ? "" : " transform=\"scale(\(coordinate(scale)))\""
                out += definition(id: "\(key)g\(glyph)", path, attributes: transform)
            }
        }
        return out
    }

    /// The outlines as `<path id="FACEgGLYPH">` definitions, each once.
    public static func definitions(_ faces: [String: Face]) -> String {
        var out = ""
        for key in faces.keys.sorted() {
            guard let face = faces[key] else { continue }
            for glyph in face.paths.keys.sorted() {
                guard let path = face.paths[glyph] else { continue }
                out += definition(id: "\(key)g\(glyph)", path)
            }
        }
        return out
    }

    /// One glyph's definition: an outline as `<path>`; a colour glyph
    /// (an SVG fragment, `ColorGlyphs.Glyph.svg`: path data never starts
    /// with `<`) as a `<g>` of its layers or image.
    static func definition(id: String, _ drawn: String, attributes: String = "") -> String {
        drawn.hasPrefix("<")
            ? "<g id=\"\(id)\"\(attributes)>\(drawn)</g>\n" : "<path id=\"\(id)\"\(attributes) d=\"\(drawn)\"/>\n"
    }

    /// A coordinate: at most three decimals, no trailing zeros.
    static func coordinate(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return humanNumber(rounded == 0 ? 0 : rounded)
    }

    private func text(
        _ x: Double, _ y: Double, _ content: String, size: Double, weight: String? = nil, color: String = "#222222"
    ) -> String {
        var out = "<text x=\"\(n(x))\" y=\"\(n(y))\" font-family=\"sans-serif\" font-size=\"\(n(size))\""
        if let weight { out += " font-weight=\"\(weight)\"" }
        return out + " fill=\"\(color)\">\(content)</text>\n"
    }

    private func n(_ value: Double) -> String { Self.coordinate(value) }

    private func xml(_ text: String) -> String { xmlEscaped(text) }

    private func uniqueInOrder<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}

/// Text shaped for drawing (`TextMeasurer.draw`): glyphs in visual order,
/// each with the face that draws it.
public struct DrawnText: Sendable {
    /// One glyph, left to right as drawn; its face is 0 for the measured
    /// face, k > 0 for `fallbackFaces[k - 1]`.
    public typealias Glyph = PlacedGlyph<Int>

    /// One line, as drawn.
    public typealias Line = GlyphLine<Int>

    /// The widths, fallbacks and missing count, as `measure` reports them.
    public var measured: MeasuredText
    /// The lines asked for, each in visual order.
    public var lines: [Line]
    /// The fallback faces, in order of first use.
    public var fallbackFaces: [FontFace]
    /// Per fallback face: the variation coordinates it was measured at
    /// (empty for a static face), which its outlines are drawn at.
    public var fallbackCoordinates: [[Double]] = []

    /// Creates a drawing.
    public init(measured: MeasuredText, lines: [Line], fallbackFaces: [FontFace]) {
        self.measured = measured
        self.lines = lines
        self.fallbackFaces = fallbackFaces
    }

    /// Every line's glyphs, one line after another.
    public var glyphs: [Glyph] { lines.flatMap(\.glyphs) }

    /// One line as slices of a session's glyphs (`DrawSession.lines`).
    public struct SlicedLine: Sendable, Equatable {
        /// Ranges of `DrawSession.glyphs`, left to right as drawn.
        public var slices: [Range<Int>]
        /// Whether its paragraph reads right to left (aligned right).
        public var rightToLeft: Bool

        /// Creates a line.
        public init(slices: [Range<Int>], rightToLeft: Bool) {
            self.slices = slices
            self.rightToLeft = rightToLeft
        }
    }
}

/// Text shaped for drawing (`TextMeasurer.draw`): glyphs in visual order,
/// each with the face that draws it.
public struct DrawnText: Sendable {
    /// One glyph, left to right as drawn.
    public struct Glyph: Sendable, Equatable {
        /// 0: the measured face; k > 0: `fallbackFaces[k - 1]`.
        public var face: Int
        /// The glyph index in that face (0: no face has the character).
        public var glyph: UInt32
        /// The UTF-8 offset of the character it draws.
        public var cluster: Int
        /// The advance in ems.
        public var advance: Double
        /// The horizontal offset in ems.
        public var offsetX: Double
        /// The vertical offset in ems (up).
        public var offsetY: Double
        /// Whether no installed face has the character (a marked box is drawn).
        public var missing: Bool

        /// Creates a glyph.
        public init(
            face: Int, glyph: UInt32, cluster: Int, advance: Double, offsetX: Double, offsetY: Double, missing: Bool
        ) {
            self.face = face
            self.glyph = glyph
            self.cluster = cluster
            self.advance = advance
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.missing = missing
        }
    }

    /// One line, as drawn.
    public struct Line: Sendable {
        /// Its glyphs, left to right.
        public var glyphs: [Glyph]
        /// Whether its paragraph reads right to left (aligned right).
        public var rightToLeft: Bool

        /// Creates a line.
        public init(glyphs: [Glyph], rightToLeft: Bool) {
            self.glyphs = glyphs
            self.rightToLeft = rightToLeft
        }
    }

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

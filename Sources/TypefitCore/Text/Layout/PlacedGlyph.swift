/// A glyph as drawn: where HarfBuzz placed it (advance and offsets in ems),
/// the character it draws, and the face that draws it. One model from
/// shaping to the page: `Face` is the face's index among a drawing's faces
/// while text is shaped and sliced into lines (`DrawnText`), and the key of
/// its outlines in a document once drawn (`Specimen`, `ReviewPage`).
public struct PlacedGlyph<Face: Sendable & Equatable>: Sendable, Equatable {
    /// The face that draws it.
    public var face: Face
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
    /// Whether the glyph has no outline (a space): nothing is drawn, its
    /// advance counts.
    public var blank: Bool

    /// Creates a glyph.
    public init(
        face: Face, glyph: UInt32, cluster: Int = 0, advance: Double, offsetX: Double = 0, offsetY: Double = 0,
        missing: Bool = false, blank: Bool = false
    ) {
        (self.face, self.glyph, self.cluster, self.advance) = (face, glyph, cluster, advance)
        (self.offsetX, self.offsetY, self.missing, self.blank) = (offsetX, offsetY, missing, blank)
    }

    /// The same glyph, its face given as `face` (a document's key for the
    /// drawing's index), and whether it is inked there.
    public func drawn<Other>(by face: Other, blank: Bool) -> PlacedGlyph<Other> {
        PlacedGlyph<Other>(
            face: face, glyph: glyph, cluster: cluster, advance: advance, offsetX: offsetX, offsetY: offsetY,
            missing: missing, blank: blank)
    }
}

/// One line of placed glyphs, left to right as drawn.
public struct GlyphLine<Face: Sendable & Equatable>: Sendable {
    /// Its glyphs, in visual order.
    public var glyphs: [PlacedGlyph<Face>]
    /// Whether its paragraph reads right to left: aligned right, as
    /// UILabel's natural alignment sets it, overflowing on the left.
    public var rightToLeft: Bool

    /// Creates a line.
    public init(glyphs: [PlacedGlyph<Face>], rightToLeft: Bool = false) {
        self.glyphs = glyphs
        self.rightToLeft = rightToLeft
    }

    /// Its width in ems.
    public var ems: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

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
        public var slices: GlyphSlices
        /// Whether its paragraph reads right to left (aligned right).
        public var rightToLeft: Bool

        /// Creates a line.
        public init(slices: GlyphSlices, rightToLeft: Bool) {
            self.slices = slices
            self.rightToLeft = rightToLeft
        }
    }
}

/// A line's slices of a glyph stream, left to right: the first held in
/// place, any others in an array. Nearly every line is one slice, and an
/// array a line was an allocation (and a release) for each of the
/// hundreds of thousands of lines a review page draws.
public struct GlyphSlices: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    /// The first slice (empty when there is none).
    private var head: Range<Int> = 0..<0
    /// The slices after the first.
    private var rest: [Range<Int>] = []
    /// How many slices.
    public private(set) var count = 0

    /// No slices.
    public init() {}

    /// `slices`, in order.
    public init<S: Sequence>(_ slices: S) where S.Element == Range<Int> {
        for slice in slices { append(slice) }
    }

    /// The slices written, in order.
    public init(arrayLiteral slices: Range<Int>...) { self.init(slices) }

    /// The first slice's position: 0.
    public var startIndex: Int { 0 }
    /// Past the last slice's position: `count`.
    public var endIndex: Int { count }

    /// The slice at `position` (from 0).
    public subscript(position: Int) -> Range<Int> {
        precondition(position >= 0 && position < count, "slice index out of range")
        return position == 0 ? head : rest[position - 1]
    }

    /// Adds `slice` at the end.
    public mutating func append(_ slice: Range<Int>) {
        if count == 0 { head = slice } else { rest.append(slice) }
        count += 1
    }

    /// Moves the last slice's end to `upper` (a slice that touches it
    /// joined to it).
    public mutating func extendLast(to upper: Int) {
        precondition(count > 0, "no slice to extend")
        if count == 1 {
            head = head.lowerBound..<upper
        } else {
            rest[rest.count - 1] = rest[rest.count - 1].lowerBound..<upper
        }
    }
}

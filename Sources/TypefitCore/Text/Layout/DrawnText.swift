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

/// Lines cut from one glyph stream, any number of layouts' lines in one
/// table: each line a range of `slices`, each slice a range of the
/// stream's glyphs, left to right. Flat and without a reference per line:
/// a review page cuts hundreds of thousands of lines, and an array per
/// line or per layout was an allocation, a release and a destruction each
/// (`DrawSession.append`, `ReviewPage.Row.drawn`).
public struct DrawnLines: Sendable, Equatable {
    /// One line.
    public struct Line: Sendable, Equatable {
        /// Its slices: a range of the table's `slices`.
        public var slices: Range<Int>
        /// Whether its paragraph reads right to left (aligned right,
        /// overflowing on the left).
        public var rightToLeft: Bool
        /// Whether it is wider than its rule's width (drawn red past it):
        /// the cutter leaves it false, the caller that knows the width
        /// sets it.
        public var overflows: Bool

        /// Creates a line.
        public init(slices: Range<Int>, rightToLeft: Bool = false, overflows: Bool = false) {
            self.slices = slices
            self.rightToLeft = rightToLeft
            self.overflows = overflows
        }
    }

    /// Every line's slices, line after line.
    public private(set) var slices: [Range<Int>] = []
    /// The lines, in the order cut. A line may be added again with other
    /// flags, its slices shared (the same breaks at another size).
    public var lines: [Line] = []

    /// No lines.
    public init() {}

    /// Forgets every line, keeping the room they took.
    public mutating func removeAll() {
        slices.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }

    /// Adds `slice` to the line whose slices start at `lineStart`, joined
    /// to its last slice when they touch.
    mutating func append(_ slice: Range<Int>, lineStart: Int) {
        guard !slice.isEmpty else { return }
        if slices.count > lineStart, slices[slices.count - 1].upperBound == slice.lowerBound {
            slices[slices.count - 1] = slices[slices.count - 1].lowerBound..<slice.upperBound
        } else {
            slices.append(slice)
        }
    }

    /// Line `line`'s slices.
    public func slices(of line: Line) -> ArraySlice<Range<Int>> { slices[line.slices] }
}

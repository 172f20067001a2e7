/// A run of text in one direction: a UTF-8 byte range, and whether it
/// reads right to left (what the bidirectional algorithm gives).
public struct VisualRun: Sendable, Equatable {
    /// The bytes, in logical order.
    public var range: Range<Int>
    /// Whether the run is right-to-left.
    public var rightToLeft: Bool

    /// Creates a run.
    public init(range: Range<Int>, rightToLeft: Bool) {
        self.range = range
        self.rightToLeft = rightToLeft
    }
}

/// A line's runs in visual order, and whether its paragraph reads right to
/// left (UILabel's natural alignment puts it on the right).
public struct VisualLine: Sendable, Equatable {
    /// The runs, left to right.
    public var runs: [VisualRun]
    /// Whether the paragraph's direction is right to left.
    public var rightToLeft: Bool

    /// Creates a line.
    public init(runs: [VisualRun], rightToLeft: Bool) {
        self.runs = runs
        self.rightToLeft = rightToLeft
    }
}

/// Cuts lines out of a text shaped once: the text's stretches (one script,
/// one face, one direction each) are shaped the first time a line needs
/// them, and each line is the slices of those glyphs that draw its bytes,
/// in visual order. A line therefore draws the glyphs, and so the widths,
/// its paragraph was measured with (shaped alone it could lose a kerning
/// pair at its end), and a string drawn at twelve sizes is shaped once.
///
/// Pure: shaping is the caller's (`shape`); the slicing, the bisection over
/// clusters and the reordering of runs are tested without fonts.
public struct GlyphSlicer: Sendable {
    /// A stretch of the paragraph shaped as one: its bytes, script (an
    /// opaque tag the shaper understands), face (0 the measured face, k a
    /// fallback) and direction.
    public struct Stretch: Sendable, Equatable {
        /// The bytes.
        public var range: Range<Int>
        /// The script, as the shaper tags it.
        public var script: UInt32
        /// The face that draws it.
        public var face: Int
        /// Whether it reads right to left.
        public var rightToLeft: Bool
        /// Where its glyphs are in `glyphs`, once shaped.
        var glyphs: Range<Int>?
        /// Whether its glyphs' clusters run one way (a monotone cluster
        /// level promises it): then a line's glyphs are looked up (`bounds`).
        var monotone = true

        /// Creates a stretch, not yet shaped.
        public init(range: Range<Int>, script: UInt32, face: Int, rightToLeft: Bool) {
            self.range = range
            self.script = script
            self.face = face
            self.rightToLeft = rightToLeft
        }
    }

    /// What shapes a part: its bytes, script, face and direction; the
    /// glyphs in visual order (control characters left out).
    public typealias Shaper = (_ range: Range<Int>, _ script: UInt32, _ face: Int, _ rightToLeft: Bool) ->
        [DrawnText.Glyph]

    /// Every glyph shaped so far, stretch after stretch (each in visual
    /// order): the lines of every layout are slices of it.
    public private(set) var glyphs: [DrawnText.Glyph] = []
    /// The paragraph's stretches in logical order.
    public private(set) var stretches: [Stretch]
    /// Parts shaped alone (a line's direction not its paragraph's): where
    /// their glyphs are in `glyphs`.
    private var shapedAlone: [StretchKey: Range<Int>] = [:]
    /// Per byte of a stretch shaped with its clusters running one way:
    /// the index in `glyphs` where the glyphs of the stretch's bytes from
    /// it on start, in the stretch's visual order. Filled as the stretch is
    /// shaped, in one walk: a line's ends are then looked up, where a
    /// bisection per end was a tenth of review's cutting.
    private var bounds: [Int] = []

    private struct StretchKey: Hashable {
        var lower: Int
        var upper: Int
        var face: Int
        var rightToLeft: Bool
    }

    /// A slicer over `stretches` (in logical order; no two share a byte,
    /// as `stretches(directions:scripts:faceOf:)` makes them: `bounds`
    /// holds one entry a byte), with room for `capacity` glyphs once a
    /// second stretch is shaped (a text's bytes: grown stretch by stretch,
    /// the glyphs were copied at each doubling).
    public init(stretches: [Stretch], capacity: Int = 0) {
        self.stretches = stretches.sorted { $0.range.lowerBound < $1.range.lowerBound }
        self.capacity = capacity
    }

    /// The room to reserve for `glyphs` when a second part is shaped (the
    /// first part's glyphs are taken as shaped, not copied: most strings
    /// are one stretch).
    private let capacity: Int

    /// The stretches of a text: each direction run (in logical order) cut
    /// by the script runs and by the face that draws each byte (`faceOf`;
    /// empty: face 0 draws every byte).
    public static func stretches(
        directions: [VisualRun], scripts: [(range: Range<Int>, script: UInt32)], faceOf: [Int]
    ) -> [Stretch] {
        var result: [Stretch] = []
        for direction in directions {
            for run in scripts {
                let lower = max(run.range.lowerBound, direction.range.lowerBound)
                let upper = min(run.range.upperBound, direction.range.upperBound)
                guard lower < upper else { continue }
                if faceOf.isEmpty {
                    result.append(
                        Stretch(range: lower..<upper, script: run.script, face: 0, rightToLeft: direction.rightToLeft))
                    continue
                }
                var start = lower
                for i in (lower + 1)...upper where i == upper || faceOf[i] != faceOf[start] {
                    // A face change inside a character cannot happen: faces
                    // are given per cluster.
                    result.append(
                        Stretch(
                            range: start..<i, script: run.script, face: faceOf[start],
                            rightToLeft: direction.rightToLeft))
                    start = i
                }
            }
        }
        return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// The lines `visual` (each line's runs, left to right) as slices of
    /// `glyphs`, shaping with `shape` what has not been shaped.
    public mutating func lines(_ visual: [VisualLine], shape: Shaper) -> [DrawnText.SlicedLine] {
        var table = DrawnLines()
        append(visual, to: &table, shape: shape)
        return Self.sliced(table)
    }

    /// `lines` of a text without right-to-left characters, each line one
    /// left-to-right run (most strings: no line of runs made for them).
    public mutating func lines(leftToRight lines: [Range<Int>], shape: Shaper) -> [DrawnText.SlicedLine] {
        var table = DrawnLines()
        for range in lines { appendLine(leftToRight: range, to: &table, shape: shape) }
        return Self.sliced(table)
    }

    /// `lines(_:shape:)`, added to `table`.
    public mutating func append(_ visual: [VisualLine], to table: inout DrawnLines, shape: Shaper) {
        table.lines.reserveCapacity(table.lines.count + visual.count)
        for line in visual {
            let start = table.slices.count
            for run in line.runs where !run.range.isEmpty { slice(run, into: &table, lineStart: start, shape: shape) }
            table.lines.append(DrawnLines.Line(slices: start..<table.slices.count, rightToLeft: line.rightToLeft))
        }
    }

    /// `lines(leftToRight:shape:)` of the drawn bytes of `lines` (a
    /// layout's, `LineFitter.Prepared.lines`), added to `table`.
    public mutating func append(
        leftToRight lines: [LineFitter.LineRange], to table: inout DrawnLines, shape: Shaper
    ) {
        table.lines.reserveCapacity(table.lines.count + lines.count)
        if stretches.count == 1, !stretches[0].rightToLeft {
            // One stretch left to right (most strings: one face, one
            // script): each line its part of it, cut without the walk over
            // stretches per line (three quarters of review's cutting).
            for line in lines {
                let start = table.slices.count
                let part = line.visible.clamped(to: stretches[0].range)
                if !part.isEmpty { cut(0, to: part, into: &table, lineStart: start, shape: shape) }
                table.lines.append(DrawnLines.Line(slices: start..<table.slices.count))
            }
            return
        }
        for line in lines { appendLine(leftToRight: line.visible, to: &table, shape: shape) }
    }

    /// One left-to-right line of the bytes `range`, added to `table`.
    private mutating func appendLine(leftToRight range: Range<Int>, to table: inout DrawnLines, shape: Shaper) {
        let start = table.slices.count
        if !range.isEmpty {
            slice(VisualRun(range: range, rightToLeft: false), into: &table, lineStart: start, shape: shape)
        }
        table.lines.append(DrawnLines.Line(slices: start..<table.slices.count))
    }

    /// A table's lines, each with its own slices.
    private static func sliced(_ table: DrawnLines) -> [DrawnText.SlicedLine] {
        table.lines.map { DrawnText.SlicedLine(slices: GlyphSlices(table.slices(of: $0)), rightToLeft: $0.rightToLeft) }
    }

    /// Adds to `table`, in the line whose slices start at `lineStart`, the
    /// glyphs that draw `run`, in its visual order.
    private mutating func slice(_ run: VisualRun, into table: inout DrawnLines, lineStart: Int, shape: Shaper) {
        // The stretches the run crosses, in the run's visual order.
        let first = Self.bisect(stretches.count) { stretches[$0].range.upperBound > run.range.lowerBound }
        var last = first
        while last < stretches.count && stretches[last].range.lowerBound < run.range.upperBound { last += 1 }
        for k in 0..<(last - first) {
            let n = run.rightToLeft ? last - 1 - k : first + k
            let part =
                max(
                    stretches[n].range.lowerBound, run.range.lowerBound)..<min(
                    stretches[n].range.upperBound, run.range.upperBound)
            if stretches[n].rightToLeft == run.rightToLeft {
                cut(n, to: part, into: &table, lineStart: lineStart, shape: shape)
            } else {
                // A line's level differing from its paragraph's
                // (rule L1 returns white space other than spaces
                // and tabs at a line's end, U+3000 say, to the
                // paragraph's level): the part shaped alone.
                let key = StretchKey(
                    lower: part.lowerBound, upper: part.upperBound, face: stretches[n].face,
                    rightToLeft: run.rightToLeft)
                let glyphs =
                    shapedAlone[key]
                    ?? add(shape(part, stretches[n].script, stretches[n].face, run.rightToLeft))
                shapedAlone[key] = glyphs
                table.append(glyphs, lineStart: lineStart)
            }
        }
    }

    /// Adds shaped glyphs to `glyphs`: where they are.
    private mutating func add(_ shaped: [DrawnText.Glyph]) -> Range<Int> {
        if glyphs.isEmpty {
            glyphs = shaped
            return 0..<glyphs.count
        }
        let start = glyphs.count
        if glyphs.capacity < capacity { glyphs.reserveCapacity(max(capacity, start + shaped.count)) }
        glyphs += shaped
        return start..<glyphs.count
    }

    /// Adds to `table`, in the line whose slices start at `lineStart`, the
    /// glyphs of stretch `n` that draw the bytes `part`, shaping the
    /// stretch the first time.
    private mutating func cut(
        _ n: Int, to part: Range<Int>, into table: inout DrawnLines, lineStart: Int, shape: Shaper
    ) {
        if stretches[n].glyphs == nil { shapeStretch(n, shape: shape) }
        let stretch = stretches[n]
        guard let all = stretch.glyphs else { return }
        if part == stretch.range {
            table.append(all, lineStart: lineStart)
            return
        }
        if stretch.monotone {
            // Where the glyphs of bytes from `byte` on start: a byte of
            // the stretch, looked up; its end, past every glyph left to
            // right and before every glyph right to left.
            func bound(_ byte: Int) -> Int {
                byte < stretch.range.upperBound ? bounds[byte] : stretch.rightToLeft ? all.lowerBound : all.upperBound
            }
            let (start, end) = (bound(part.lowerBound), bound(part.upperBound))
            let (lower, upper) = stretch.rightToLeft ? (end, start) : (start, end)
            table.append(lower..<max(lower, upper), lineStart: lineStart)
            return
        }
        glyphs.withUnsafeBufferPointer { glyphs in
            // Glyphs reordered across clusters: every run of the part's.
            var i = all.lowerBound
            while i < all.upperBound {
                guard part.contains(glyphs[i].cluster) else {
                    i += 1
                    continue
                }
                var end = i + 1
                while end < all.upperBound && part.contains(glyphs[end].cluster) { end += 1 }
                table.append(i..<end, lineStart: lineStart)
                i = end
            }
        }
    }

    /// Shapes stretch `n`: its glyphs added to `glyphs`, whether their
    /// clusters run one way, and then where each byte's glyphs start.
    private mutating func shapeStretch(_ n: Int, shape: Shaper) {
        let stretch = stretches[n]
        let all = add(shape(stretch.range, stretch.script, stretch.face, stretch.rightToLeft))
        stretches[n].glyphs = all
        stretches[n].monotone = glyphs.withUnsafeBufferPointer { glyphs in
            (all.lowerBound..<max(all.lowerBound, all.upperBound - 1)).allSatisfy {
                stretch.rightToLeft
                    ? glyphs[$0].cluster >= glyphs[$0 + 1].cluster : glyphs[$0].cluster <= glyphs[$0 + 1].cluster
            }
        }
        if stretches[n].monotone { fillBounds(stretch.range, glyphs: all, rightToLeft: stretch.rightToLeft) }
    }

    /// Fills `bounds` for the bytes `range` of a stretch whose glyphs
    /// `shaped` have clusters that rise (left to right) or fall (right to
    /// left): per byte, the first of them whose cluster is at or past the
    /// byte (left to right), or before it (right to left).
    private mutating func fillBounds(_ range: Range<Int>, glyphs shaped: Range<Int>, rightToLeft: Bool) {
        if bounds.count < range.upperBound {
            bounds += [Int](
                repeating: 0, count: max(range.upperBound, stretches.last?.range.upperBound ?? 0) - bounds.count)
        }
        glyphs.withUnsafeBufferPointer { glyphs in
            bounds.withUnsafeMutableBufferPointer { bounds in
                var i = shaped.lowerBound
                if rightToLeft {
                    for byte in range.reversed() {
                        while i < shaped.upperBound && glyphs[i].cluster >= byte { i += 1 }
                        bounds[byte] = i
                    }
                } else {
                    for byte in range {
                        while i < shaped.upperBound && glyphs[i].cluster < byte { i += 1 }
                        bounds[byte] = i
                    }
                }
            }
        }
    }

    /// The first index in `0..<count` where `isPast` holds (it holds from
    /// some index on), `count` when nowhere.
    static func bisect(_ count: Int, _ isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isPast(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

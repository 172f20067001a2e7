import Testing

@testable import TypefitCore

/// The layout logic that needs no font: which cascade font draws what a
/// face lacks, control and missing byte ranges, and lines cut out of text
/// shaped once (a fake shaper: one glyph per byte, reversed right to left).
@Suite struct TextLayoutTests {
    /// A cascade font covering a set of scalars.
    struct Candidate: FallbackCandidate {
        var scalars: Set<UInt32>
        var isColor = false
        func covers(_ characters: [UInt32]) -> Bool { characters.allSatisfy(scalars.contains) }
    }

    static let latin = Candidate(scalars: Set((0x20...0x7E).map(UInt32.init)))
    static let han = Candidate(scalars: [0x4E2D, 0x6587])
    static let monochromeHeart = Candidate(scalars: [0x2764])
    static let colourEmoji = Candidate(scalars: [0x2764, 0x1F4F1], isColor: true)

    @Test func eachMissingClusterGoesToTheFirstFontThatHasIt() {
        let text = "ab中文cd"
        let utf8 = Array(text.utf8)
        // The face has the Latin letters only.
        let missing = utf8.indices.map { utf8[$0] >= 0x80 }
        var segmenter = FallbackSegmenter()
        let segments = segmenter.segments(utf8, missing: missing, cascade: [Self.latin, Self.han])
        #expect(segments == [FallbackSegmenter.Segment(bytes: 2..<8, font: 1)])
        // Nothing covers it: no font.
        #expect(
            segmenter.segments(Array("ж".utf8), missing: [true, true], cascade: [Self.latin]) == [
                .init(bytes: 0..<2, font: nil)
            ])
    }

    /// Skia's run rule (`keepsRunFont`, Flutter on Android): the font
    /// found for a run's first character keeps what it has of the run, so
    /// a danda (U+0964, in both fonts) after Bengali stays in the Bengali
    /// font though the Devanagari one comes first; one that starts a run
    /// goes to the first that has it, and a space of the face ends the run.
    @Test func skiaKeepsARunInTheFontOfItsFirstCharacter() {
        let devanagari = Candidate(scalars: [0x0915, 0x0964])
        let bengali = Candidate(scalars: [0x0995, 0x0964])
        let cascade = [devanagari, bengali]
        func fonts(_ text: String, keeps: Bool) -> [Int?] {
            let utf8 = Array(text.utf8)
            var segmenter = FallbackSegmenter(keepsRunFont: keeps)
            return segmenter.segments(utf8, missing: utf8.map { $0 >= 0x80 }, cascade: cascade).map(\.font)
        }
        #expect(fonts("\u{0995}\u{0964}", keeps: false) == [1, 0])
        #expect(fonts("\u{0995}\u{0964}", keeps: true) == [1])
        #expect(fonts("\u{0964}\u{0995}", keeps: true) == [0, 1])
        #expect(fonts("\u{0995} \u{0964}", keeps: true) == [1, 0])
    }

    /// Emoji presentation (U+FE0F, or an emoji character) goes to a colour
    /// font first; a bare text-presentation heart to the first that has it.
    @Test func emojiPresentationPrefersAColourFont() {
        let cascade = [Self.monochromeHeart, Self.colourEmoji]
        #expect(FallbackSegmenter.choose("\u{2764}\u{FE0F}".unicodeScalars, in: cascade) == 1)
        #expect(FallbackSegmenter.choose("\u{2764}".unicodeScalars, in: cascade) == 0)
        #expect(FallbackSegmenter.choose("\u{1F4F1}".unicodeScalars, in: cascade) == 1)
    }

    @Test func controlAndMissingRanges() {
        let utf8 = Array("a\tb\u{2028}c\u{85}".utf8)
        #expect(TextBytes.controlRanges(utf8) == [1..<2, 3..<6, 7..<9])
        let text = Array("aéb中".utf8)
        let missing = [false, true, false, false, true, false, false]
        #expect(TextBytes.missingRanges(missing, text) == [1..<3, 4..<7])
        #expect(TextBytes.scalarCount(text, 0..<7) == 4)
        #expect(!TextBytes.mayHoldRightToLeft(Array("Hello, wörld".utf8)))
        #expect(TextBytes.mayHoldRightToLeft(Array("Save الإعدادات".utf8)))
    }

    /// Texts are the same for fit's sharing when their bytes are: a
    /// canonically equivalent text in other bytes (`==` holds) may shape
    /// otherwise. Compared eight bytes at a time, then byte by byte.
    @Test func sameBytes() {
        #expect("Caf\u{E9}" == "Cafe\u{301}")
        #expect(!TextBytes.sameBytes("Caf\u{E9}", "Cafe\u{301}"))
        #expect(TextBytes.sameBytes("", ""))
        #expect(TextBytes.sameBytes("Settings and privacy", "Settings and " + "privacy"))
        #expect(!TextBytes.sameBytes("Settings and privacy", "Settings and privacx"))
        #expect(!TextBytes.sameBytes("Settingz and privacy", "Settings and privacy"))
        #expect(!TextBytes.sameBytes("Settings", "Settings "))
        // A string made from a slice of another.
        #expect(TextBytes.sameBytes(String(Substring("xSettings and privacy").dropFirst()), "Settings and privacy"))
    }

    /// One glyph per byte, clusters rising (or falling right to left);
    /// counts the calls.
    final class FakeShaper {
        var calls = 0
        func shape(_ range: Range<Int>, _ script: UInt32, _ face: Int, _ rightToLeft: Bool) -> [DrawnText.Glyph] {
            calls += 1
            let clusters = rightToLeft ? Array(range.reversed()) : Array(range)
            return clusters.map {
                DrawnText.Glyph(
                    face: face, glyph: UInt32($0 + 1), cluster: $0, advance: 0.5, offsetX: 0, offsetY: 0,
                    missing: false)
            }
        }
    }

    func clusters(_ slicer: GlyphSlicer, _ line: DrawnText.SlicedLine) -> [Int] {
        line.slices.flatMap { slicer.glyphs[$0].map(\.cluster) }
    }

    /// "abc " left to right, then three right-to-left bytes: the line draws
    /// the Latin, then the right-to-left run reversed; cut in two, each
    /// line's glyphs are slices of the same shaping.
    @Test func linesAreSlicesOfOneShaping() {
        let stretches = GlyphSlicer.stretches(
            directions: [VisualRun(range: 0..<4, rightToLeft: false), VisualRun(range: 4..<7, rightToLeft: true)],
            scripts: [(0..<4, 1), (4..<7, 2)], faceOf: [0, 0, 0, 0, 0, 1, 1])
        // The right-to-left run splits where the face changes.
        #expect(stretches.map(\.range) == [0..<4, 4..<5, 5..<7])
        var slicer = GlyphSlicer(stretches: stretches)
        let shaper = FakeShaper()
        let whole = slicer.lines(
            [
                VisualLine(
                    runs: [VisualRun(range: 0..<4, rightToLeft: false), VisualRun(range: 4..<7, rightToLeft: true)],
                    rightToLeft: false)
            ],
            shape: shaper.shape)
        #expect(clusters(slicer, whole[0]) == [0, 1, 2, 3, 6, 5, 4])
        let calls = shaper.calls
        let cut = slicer.lines(
            [
                VisualLine(runs: [VisualRun(range: 0..<2, rightToLeft: false)], rightToLeft: false),
                VisualLine(
                    runs: [VisualRun(range: 2..<4, rightToLeft: false), VisualRun(range: 4..<7, rightToLeft: true)],
                    rightToLeft: false),
            ], shape: shaper.shape)
        #expect(clusters(slicer, cut[0]) == [0, 1] && clusters(slicer, cut[1]) == [2, 3, 6, 5, 4])
        #expect(shaper.calls == calls, "a second layout shapes nothing again")
        // Touching slices are joined: the first line is one slice.
        #expect(cut[0].slices.count == 1)
    }

    /// Lines added to one table (review's every size of a string) are the
    /// slices `lines` gives line by line: a layout's drawn bytes, left to
    /// right or by runs, each line's slices joined where they touch and
    /// none empty; a second layout's lines follow the first's.
    @Test func aTableHoldsTheSlicesLinesGive() {
        let stretches = GlyphSlicer.stretches(
            directions: [VisualRun(range: 0..<4, rightToLeft: false), VisualRun(range: 4..<7, rightToLeft: true)],
            scripts: [(0..<4, 1), (4..<7, 2)], faceOf: [0, 0, 0, 0, 0, 1, 1])
        let visual = [
            VisualLine(runs: [VisualRun(range: 0..<2, rightToLeft: false)], rightToLeft: false),
            VisualLine(
                runs: [VisualRun(range: 2..<4, rightToLeft: false), VisualRun(range: 4..<7, rightToLeft: true)],
                rightToLeft: false),
        ]
        var bySlicer = GlyphSlicer(stretches: stretches)
        let byLine = bySlicer.lines(visual, shape: FakeShaper().shape)
        var slicer = GlyphSlicer(stretches: stretches)
        var table = DrawnLines()
        slicer.append(visual, to: &table, shape: FakeShaper().shape)
        let ranges = [
            LineFitter.LineRange(bytes: 0..<3, visible: 0..<2), LineFitter.LineRange(bytes: 3..<4, visible: 3..<3),
            LineFitter.LineRange(bytes: 4..<7, visible: 4..<7),
        ]
        slicer.append(leftToRight: ranges, to: &table, shape: FakeShaper().shape)
        var plain = GlyphSlicer(stretches: stretches)
        let leftToRight = plain.lines(leftToRight: ranges.map(\.visible), shape: FakeShaper().shape)
        #expect(table.lines.count == 5)
        // Compared by the clusters drawn: the second layout's glyphs sit
        // where the table's slicer put them, after the first's.
        for (n, line) in table.lines.enumerated() {
            let (expected, from) = n < 2 ? (byLine[n], bySlicer) : (leftToRight[n - 2], plain)
            let drawn = table.slices(of: line).flatMap { slicer.glyphs[$0].map(\.cluster) }
            #expect(drawn == clusters(from, expected), "line \(n)")
            #expect(Array(table.slices(of: line)) == Array(expected.slices) || n >= 2)
            #expect(line.rightToLeft == expected.rightToLeft && !line.overflows)
        }
        let drawn = table.lines.map { line in table.slices(of: line).flatMap { slicer.glyphs[$0].map(\.cluster) } }
        #expect(drawn == [[0, 1], [2, 3, 6, 5, 4], [0, 1], [], [4, 5, 6]])
        // Glyphs shaped in visual order touch: each line one slice.
        #expect(table.lines.map(\.slices.count) == [1, 1, 1, 0, 1])
        #expect(table.slices.allSatisfy { !$0.isEmpty })
        // The empty drawn line (white space alone) has no slice.
        #expect(table.lines[3].slices.isEmpty)
        table.removeAll()
        #expect(table.lines.isEmpty && table.slices.isEmpty)
    }

    /// A part whose line direction differs from its paragraph's is shaped
    /// alone, once.
    @Test func aPartInTheOtherDirectionIsShapedAlone() {
        var slicer = GlyphSlicer(stretches: [GlyphSlicer.Stretch(range: 0..<4, script: 1, face: 0, rightToLeft: false)])
        let shaper = FakeShaper()
        let line = VisualLine(
            runs: [VisualRun(range: 0..<2, rightToLeft: false), VisualRun(range: 2..<4, rightToLeft: true)],
            rightToLeft: true)
        let first = slicer.lines([line], shape: shaper.shape)
        #expect(clusters(slicer, first[0]) == [0, 1, 3, 2] && first[0].rightToLeft)
        let calls = shaper.calls
        _ = slicer.lines([line], shape: shaper.shape)
        #expect(shaper.calls == calls)
    }

    /// Glyphs reordered across clusters (not monotone): a part's glyphs are
    /// found by their clusters, however they lie.
    @Test func nonMonotoneClustersAreFoundByContainment() {
        var slicer = GlyphSlicer(stretches: [GlyphSlicer.Stretch(range: 0..<3, script: 1, face: 0, rightToLeft: false)])
        let reordered: GlyphSlicer.Shaper = { _, _, face, _ in
            [2, 0, 1].map {
                DrawnText.Glyph(face: face, glyph: 1, cluster: $0, advance: 1, offsetX: 0, offsetY: 0, missing: false)
            }
        }
        let lines = slicer.lines(
            [VisualLine(runs: [VisualRun(range: 0..<2, rightToLeft: false)], rightToLeft: false)], shape: reordered)
        #expect(clusters(slicer, lines[0]) == [0, 1])
    }

    /// One stretch left to right (most strings): a layout's lines are
    /// looked up, not walked; what they draw is written out by hand. A
    /// character of two bytes has one glyph, two bytes ("fi") share one, a
    /// line reaching past the stretch draws only its bytes, white space
    /// alone draws nothing; a second layout shapes nothing again.
    @Test func oneStretchLinesAreLookedUp() {
        // Bytes 1..<9: "ab é fi" as glyphs at clusters 1, 2, 3, 4 (é, two
        // bytes), 6, 7 ("fi": one glyph).
        let shaper = FakeShaper()
        let shape: GlyphSlicer.Shaper = { range, script, face, rightToLeft in
            _ = shaper.shape(range, script, face, rightToLeft)
            return [1, 2, 3, 4, 6, 7].map {
                DrawnText.Glyph(
                    face: face, glyph: UInt32($0), cluster: $0, advance: 0.5, offsetX: 0, offsetY: 0, missing: false)
            }
        }
        var slicer = GlyphSlicer(stretches: [GlyphSlicer.Stretch(range: 1..<9, script: 1, face: 0, rightToLeft: false)])
        var table = DrawnLines()
        slicer.append(
            leftToRight: [
                LineFitter.LineRange(bytes: 0..<4, visible: 0..<3), LineFitter.LineRange(bytes: 4..<6, visible: 4..<6),
                LineFitter.LineRange(bytes: 6..<7, visible: 6..<6), LineFitter.LineRange(bytes: 7..<9, visible: 7..<9),
            ], to: &table, shape: shape)
        slicer.append(
            leftToRight: [
                LineFitter.LineRange(bytes: 0..<9, visible: 0..<9), LineFitter.LineRange(bytes: 5..<6, visible: 5..<6),
            ],
            to: &table, shape: shape)
        let drawn = table.lines.map { line in table.slices(of: line).flatMap { slicer.glyphs[$0].map(\.cluster) } }
        // Byte 5 (é's second) starts no glyph: the line of it alone is empty.
        #expect(drawn == [[1, 2], [4], [], [7], [1, 2, 3, 4, 6, 7], []])
        #expect(table.lines.map(\.slices.count) == [1, 1, 0, 1, 1, 0])
        #expect(shaper.calls == 1)
        #expect(slicer.glyphs.count == 6)
    }

    /// One stretch whose glyphs are reordered across clusters: its lines
    /// are found by containment, as with many stretches.
    @Test func oneStretchReorderedIsFoundByContainment() {
        var slicer = GlyphSlicer(stretches: [GlyphSlicer.Stretch(range: 0..<3, script: 1, face: 0, rightToLeft: false)])
        let reordered: GlyphSlicer.Shaper = { _, _, face, _ in
            [2, 0, 1].map {
                DrawnText.Glyph(face: face, glyph: 1, cluster: $0, advance: 1, offsetX: 0, offsetY: 0, missing: false)
            }
        }
        var table = DrawnLines()
        slicer.append(
            leftToRight: [
                LineFitter.LineRange(bytes: 0..<2, visible: 0..<2), LineFitter.LineRange(bytes: 2..<3, visible: 2..<3),
            ],
            to: &table, shape: reordered)
        let drawn = table.lines.map { line in table.slices(of: line).flatMap { slicer.glyphs[$0].map(\.cluster) } }
        #expect(drawn == [[0, 1], [2]])
    }
}

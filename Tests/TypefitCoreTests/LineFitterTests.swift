import Testing

@testable import TypefitCore

/// Greedy line filling over synthetic advances: every character 1 em.
@Suite struct LineFitterTests {
    static func text(_ string: String) -> (MeasuredText, [LineBreak]) {
        let utf8 = Array(string.utf8)
        let advances = utf8.map { $0 & 0xC0 == 0x80 ? 0.0 : 1.0 }
        // Breaks after spaces, mandatory after a newline, as UAX #14 gives them.
        var breaks = [LineBreak](repeating: .none, count: utf8.count)
        for (i, byte) in utf8.enumerated() {
            if byte == 0x20 { breaks[i] = .allowed }
            if byte == 0x0A { breaks[i] = .mandatory }
        }
        if !breaks.isEmpty { breaks[breaks.count - 1] = .mandatory }
        return (MeasuredText(utf8: utf8, advances: advances), breaks)
    }

    @Test(arguments: [
        ("aaa bbb ccc", 11.0, 1, false),
        ("aaa bbb ccc", 10.0, 2, false),
        // Trailing spaces hang: "aaa bbb " fits in 7.
        ("aaa bbb ccc", 7.0, 2, false),
        ("aaa bbb ccc", 3.0, 3, false),
        ("aaa bbb ccc", 2.0, 3, true),
        ("aaaaaaaaaa b", 4.0, 2, true),
        ("aa\nbb", 10.0, 2, false),
        ("", 5.0, 1, false),
    ])
    func lines(string: String, width: Double, expected: Int, overflows: Bool) {
        let (measured, breaks) = Self.text(string)
        let layout = LineFitter.layout(measured, breaks: breaks, width: width)
        #expect(layout.lines == expected, "\(string) at \(width)")
        #expect(layout.overflows == overflows, "\(string) at \(width)")
    }

    /// The lines themselves, as the specimen draws them: each line's bytes
    /// and its drawn bytes (trailing spaces and line breaks hang), one per
    /// line `layout` counts.
    @Test(arguments: [
        ("aaa bbb ccc", 7.0, ["aaa bbb |aaa bbb", "ccc|ccc"]),
        ("aaa bbb ccc", 11.0, ["aaa bbb ccc|aaa bbb ccc"]),
        ("aa\nbb", 10.0, ["aa\n|aa", "bb|bb"]),
        ("aaaaaaaaaa b", 4.0, ["aaaaaaaaaa |aaaaaaaaaa", "b|b"]),
        ("aaa bbb", 3.0, ["aaa |aaa", "bbb|bbb"]),
        ("", 5.0, ["|"]),
    ])
    func lineRanges(string: String, width: Double, expected: [String]) {
        let (measured, breaks) = Self.text(string)
        let prepared = LineFitter.Prepared(measured, breaks: breaks)
        let lines = prepared.lines(width: width)
        let bytes = Array(string.utf8)
        let shown = lines.map {
            String(decoding: bytes[$0.bytes], as: UTF8.self) + "|" + String(decoding: bytes[$0.visible], as: UTF8.self)
        }
        #expect(shown == expected, "\(string) at \(width)")
        #expect(lines.count == prepared.layout(width: width).lines)
    }

    @Test func widthIsLinearInThePointSize() {
        let measured = MeasuredText(utf8: Array("ab".utf8), advances: [0.5, 0.25])
        #expect(measured.width(atPointSize: 20) == 15)
        #expect(measured.width(atPointSize: 40) == 30)
    }
}

/// Inputs `make fuzz` found crashes with, kept as regression tests.
@Suite struct FuzzRegressionTests {
    @Test func hugeNumbersFormatWithoutTrapping() {
        #expect(humanNumber(4.4e43) == "4.4e+43")
        #expect(humanNumber(-1e300) == "-1e+300")
        #expect(humanNumber(.infinity) == "inf")
        #expect(humanNumber(1e15 - 1) == "999999999999999")
        #expect(humanNumber(16.3333333) == "16.333")
    }
}

/// A shaping shared by sizes that differ only in tracking: laid out at a
/// size's tracking directly, it breaks exactly as the tracked copy does.
@Suite struct SharedTrackingLayoutTests {
    @Test func layingOutAtATrackingIsTheTrackedCopysLayout() {
        for string in ["aaa bbb ccc", "aa\tbb cc\tdd", "wordwordword x", "a b\nc d", ""] {
            let (measured, breaks) = LineFitterTests.text(string)
            // Every other byte carries the tracking (a grapheme's first).
            let marks = measured.utf8.indices.map { $0 % 2 == 0 }
            let prepared = LineFitter.Prepared(measured, breaks: breaks, trackedAt: marks)
            for tracking in [0.0, 0.25, -0.1, 1.5] {
                let copy = prepared.tracked(by: tracking)
                for width in [2.0, 3.5, 5.0, 8.0, 14.0] {
                    #expect(
                        prepared.layout(width: width, tabInterval: 4, trackedBy: tracking)
                            == copy.layout(width: width, tabInterval: 4), "\(string) \(tracking) \(width)")
                    #expect(
                        prepared.overflowingPiece(width: width, tabInterval: 4, trackedBy: tracking)
                            == copy.overflowingPiece(width: width, tabInterval: 4))
                }
            }
            // A text prepared without marks takes no tracking either way.
            let plain = LineFitter.Prepared(measured, breaks: breaks)
            #expect(
                plain.layout(width: 5, trackedBy: 0.5) == plain.tracked(by: 0.5).layout(width: 5))
            #expect(plain.layout(width: 5, trackedBy: 0.5) == plain.layout(width: 5))
        }
    }

    /// The tracking changes the lines: a test that cannot fail otherwise.
    @Test func trackingWidensTheLines() {
        let (measured, breaks) = LineFitterTests.text("aaa bbb ccc")
        let prepared = LineFitter.Prepared(
            measured, breaks: breaks, trackedAt: [Bool](repeating: true, count: measured.utf8.count))
        #expect(prepared.layout(width: 7, trackedBy: 0).lines == 2)
        #expect(prepared.layout(width: 7, trackedBy: 0.5).lines == 3)
    }
}

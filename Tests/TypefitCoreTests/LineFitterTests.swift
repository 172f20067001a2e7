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
        // Kept as they are counted (review draws the lines fit counted),
        // after another layout's.
        var kept = [LineFitter.LineRange(bytes: 0..<1, visible: 0..<1)]
        let layout = prepared.layout(width: width, appendingTo: &kept)
        let keptShown = kept.dropFirst().map {
            String(decoding: bytes[$0.bytes], as: UTF8.self) + "|" + String(decoding: bytes[$0.visible], as: UTF8.self)
        }
        #expect(keptShown == expected && layout.lines == expected.count, "\(string) at \(width)")
        #expect(layout == prepared.layout(width: width))
    }

    @Test func widthIsLinearInThePointSize() {
        let measured = MeasuredText(utf8: Array("ab".utf8), advances: [0.5, 0.25])
        #expect(measured.width(atPointSize: 20) == 15)
        #expect(measured.width(atPointSize: 40) == 30)
    }

    /// A text that is one line at the width as a whole (its advances
    /// kerned back past its first word) but not at its first break: UIKit
    /// fills break by break, so the first word overflows a line of its own.
    /// The text is laid out without a walk only where every break fits.
    @Test func oneLineOnlyWhereEveryBreakFits() {
        let measured = MeasuredText(utf8: Array("ab cd".utf8), advances: [3, 3, 0, -2, -2])
        let breaks: [LineBreak] = [.none, .none, .allowed, .none, .mandatory]
        let prepared = LineFitter.Prepared(measured, breaks: breaks)
        #expect(prepared.layout(width: 4) == LineFitter.Layout(lines: 2, overflows: true))
        #expect(prepared.layout(width: 6) == LineFitter.Layout(lines: 1, overflows: false))
        #expect(prepared.lines(width: 6) == [LineFitter.LineRange(bytes: 0..<5, visible: 0..<5)])
    }

    /// Random texts with advances that kerning may make negative, against
    /// UIKit's filling written out plainly (sums, no prefix arrays, no
    /// shortcut), at widths around each text's own.
    @Test func agreesWithAPlainGreedyFilling() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let count = 1 + next(14)
            // Mostly letters, some spaces, a few line feeds.
            let utf8: [UInt8] = (0..<count).map { _ in
                let r = next(10)
                return r < 6 ? UInt8(ascii: "a") : r < 9 ? UInt8(ascii: " ") : 0x0A
            }
            let advances = utf8.map { $0 == 0x0A ? 0.0 : Double(next(9)) - 2 }
            var breaks = [LineBreak](repeating: .none, count: count)
            for (i, byte) in utf8.enumerated() {
                if byte == 0x20 { breaks[i] = .allowed }
                if byte == 0x0A { breaks[i] = .mandatory }
            }
            breaks[count - 1] = .mandatory
            let prepared = LineFitter.Prepared(MeasuredText(utf8: utf8, advances: advances), breaks: breaks)
            for width in stride(from: 0.5, through: 20, by: 1.5) {
                let expected = Self.plainGreedy(utf8, advances, breaks, width: width)
                let layout = prepared.layout(width: width)
                #expect(
                    layout.lines == expected.lines && layout.overflows == expected.overflows,
                    "\(utf8) \(advances) at \(width)")
            }
        }
    }

    /// UIKit's greedy filling, step by step: pieces between break
    /// opportunities, white space hanging at a line's end.
    static func plainGreedy(_ utf8: [UInt8], _ advances: [Double], _ breaks: [LineBreak], width: Double)
        -> (lines: Int, overflows: Bool)
    {
        let count = utf8.count
        var ends: [(end: Int, mandatory: Bool)] = []
        for i in 0..<count where breaks[i] == .allowed || breaks[i] == .mandatory {
            ends.append((i + 1, breaks[i] == .mandatory))
        }
        func visibleEnd(_ end: Int) -> Int {
            var e = end
            while e > 0, [0x20, 0x09, 0x0A, 0x0D].contains(utf8[e - 1]) { e -= 1 }
            return e
        }
        var lines = 1, start = 0, k = 0
        var lastFit: Int?
        var overflows = false
        while k < ends.count {
            let (end, mandatory) = ends[k]
            let stop = max(start, visibleEnd(end))
            let used = advances[start..<stop].reduce(0, +)
            if used <= width + 1e-9 {
                lastFit = end
                if mandatory && end < count {
                    lines += 1
                    start = end
                    lastFit = nil
                }
                k += 1
            } else if let fit = lastFit {
                lines += 1
                start = fit
                lastFit = nil
            } else {
                overflows = true
                if end < count {
                    lines += 1
                    start = end
                }
                k += 1
            }
        }
        return (lines, overflows)
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

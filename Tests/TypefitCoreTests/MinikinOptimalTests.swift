import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Android's default line breaking (TextView's high quality) and balanced
/// breaking, Minikin's `OptimalLineBreaker` with hyphenation off. Expected
/// lines: AOSP `OptimalLineBreakerTest.testBreakWithoutHyphenation` ("This
/// is an example text.", text size 10 px, each character 10 px wide),
/// transcribed in `Fixtures/android/minikin/optimal-nohyphen.tsv`: the
/// cases the test runs and those after the `return;` AOSP put in front of
/// the rest in 2021 that Minikin's scores still give (two do not: the
/// fixture's "stale" rows say why).
@Suite struct MinikinOptimalTests {
    static let text = "This is an example text."

    static func rows(section: String) throws -> [(strategy: BreakStrategy, width: Double, lines: String)] {
        try String(contentsOfFile: Fixtures.path("android/minikin/optimal-nohyphen.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t").map(String.init) }
            .filter { $0[0] == section }
            .map { fields in
                (try #require(BreakStrategy(rawValue: fields[1])), try #require(Double(fields[2])), fields[3])
            }
    }

    /// The lines at `width` characters, written as the fixture writes them.
    static func lines(_ strategy: BreakStrategy, width: Double) -> String {
        let prepared = MinikinGreedyTests.prepared(
            text, breaking: .android(AndroidLineBreaking(strategy: strategy, pixelsPerDp: 1)))
        let utf8 = Array(text.utf8)
        // 1 em = 10 px: Minikin's scores are in pixels.
        return prepared.lines(width: width, pointSize: 10).map { line in
            String(decoding: utf8[line.bytes], as: UTF8.self) + "(\(line.visible.count))"
        }.joined(separator: "|")
    }

    @Test func aospCasesTheTestRuns() throws {
        let rows = try Self.rows(section: "live")
        #expect(rows.count == 6)
        for row in rows {
            #expect(Self.lines(row.strategy, width: row.width) == row.lines, "\(row.strategy) at \(row.width)")
        }
    }

    @Test func aospCasesAfterTheReturn() throws {
        let rows = try Self.rows(section: "disabled")
        #expect(rows.count == 26)
        for row in rows {
            #expect(Self.lines(row.strategy, width: row.width) == row.lines, "\(row.strategy) at \(row.width)")
        }
    }
}

/// What any Minikin breaking must give, on texts no test wrote: the lines
/// cover the text in order, none is wider than the line unless it holds a
/// grapheme cluster wider than the line on its own (greedy gives that
/// cluster a line of its own; the optimal strategies score every overfull
/// line alike, so its neighbours may join it), a mandatory break ends a
/// line. (A paragraph's end may sit on a line of its own when splits'
/// penalties swallow a line's cost in float rounding, as on a device.)
@Suite struct MinikinLineProperties {
    /// A small deterministic generator (the same texts every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test func linesAreSound() {
        var generator = Generator(state: 2026)
        let pieces = ["a", "bb", "ccc", "Wörter", " ", " ", "\u{3000}", "-", "e\u{301}", "\n", "http://x.y/z", "😀"]
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<(1 + generator.next(25)) { text += pieces[generator.next(pieces.count)] }
            let utf8 = Array(text.utf8)
            // Breaks after spaces and line feeds; advances from 0.2 to 2 ems
            // on each scalar's first byte.
            var breaks = [LineBreak](repeating: .none, count: utf8.count)
            var advances = [Double](repeating: 0, count: utf8.count)
            for i in utf8.indices {
                if utf8[i] == 0x20 { breaks[i] = .allowed }
                if utf8[i] == 0x0A { breaks[i] = .mandatory }
                if utf8[i] & 0xC0 != 0x80 { advances[i] = 0.2 + Double(generator.next(10)) * 0.2 }
            }
            // Never a multiple of 0.2: no line exactly as wide as the line,
            // where 32-bit sums (Minikin's) and these disagree by rounding.
            let width = 0.51 + Double(generator.next(40)) * 0.25
            for strategy in BreakStrategy.allCases {
                let prepared = LineFitter.Prepared(
                    MeasuredText(utf8: utf8, advances: advances), breaks: breaks,
                    breaking: .android(AndroidLineBreaking(strategy: strategy)))
                let lines = prepared.lines(width: width, pointSize: 16)
                let layout = prepared.layout(width: width, pointSize: 16)
                #expect(layout.lines == max(lines.count, 1), "\(strategy) \(text.debugDescription)")
                var end = 0
                var anyTooWide = false
                for line in lines {
                    #expect(line.bytes.lowerBound == end, "\(strategy) \(text.debugDescription)")
                    end = line.bytes.upperBound
                    let drawn = line.visible.reduce(0.0) { $0 + advances[$1] }
                    if drawn > width + 1e-9 {
                        anyTooWide = true
                        // The clusters' widths, from their bytes' advances.
                        var offset = line.visible.lowerBound
                        var widest = 0.0
                        for cluster in String(decoding: utf8[line.visible], as: UTF8.self) {
                            let count = cluster.utf8.count
                            widest = max(widest, advances[offset..<(offset + count)].reduce(0, +))
                            offset += count
                        }
                        #expect(widest > width, "\(strategy) \(text.debugDescription) at \(width)")
                        if strategy == .simple {
                            #expect(String(decoding: utf8[line.visible], as: UTF8.self).count == 1)
                        }
                    }
                    // A line feed ends its line.
                    if let feed = utf8[line.bytes].firstIndex(of: 0x0A) {
                        #expect(feed == line.bytes.upperBound - 1, "\(strategy) \(text.debugDescription)")
                    }
                }
                #expect(end == utf8.count || utf8.isEmpty)
                #expect(layout.overflows == anyTooWide, "\(strategy) \(text.debugDescription) at \(width)")
            }
        }
    }
}

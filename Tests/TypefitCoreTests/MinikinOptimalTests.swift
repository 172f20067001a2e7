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

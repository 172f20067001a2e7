import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Android's greedy line breaking (Minikin's `GreedyLineBreaker`, hyphens
/// off) as `LineFitter` does it with `splitsWords`: a word wider than the
/// line is split between grapheme clusters, as many on a line as fit,
/// instead of overflowing; a line's trailing spaces are not counted.
/// Expected lines: AOSP `GreedyLineBreakerTest.testBreakWithoutHyphenation`
/// ("This is an example text." at every width, each UTF-16 unit 10 wide),
/// transcribed in `Fixtures/android/minikin/greedy-nohyphen.tsv`.
@Suite struct MinikinGreedyTests {
    static let text = "This is an example text."

    /// The text with every character one em wide and a break opportunity
    /// after each space (UAX #14 for this text).
    static func prepared(_ text: String, splitsWords: Bool) -> LineFitter.Prepared {
        prepared(text, breaking: splitsWords ? .android(AndroidLineBreaking(strategy: .simple)) : .apple)
    }

    /// The text with every character one em wide under `breaking`.
    static func prepared(_ text: String, breaking: LineBreaking) -> LineFitter.Prepared {
        let utf8 = Array(text.utf8)
        let breaks = utf8.indices.map { i -> LineBreak in
            i == utf8.count - 1 ? .mandatory : utf8[i] == 0x20 ? .allowed : .none
        }
        return LineFitter.Prepared(
            MeasuredText(utf8: utf8, advances: Array(repeating: 1, count: utf8.count)), breaks: breaks,
            breaking: breaking)
    }

    @Test func aospGreedyCases() throws {
        let path = Fixtures.path("android/minikin/greedy-nohyphen.tsv")
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
        #expect(rows.count == 11)
        let utf8 = Array(Self.text.utf8)
        for row in rows {
            let fields = row.split(separator: "\t")
            let width = try #require(Double(fields[0]))
            let lines = Self.prepared(Self.text, splitsWords: true).lines(width: width)
            let ours = lines.map { line in
                String(decoding: utf8[line.bytes], as: UTF8.self) + "(\(line.visible.count))"
            }.joined(separator: "|")
            #expect(ours == String(fields[1]), "width \(fields[0])")
            let layout = Self.prepared(Self.text, splitsWords: true).layout(width: width)
            #expect(layout.lines == lines.count && !layout.overflows)
        }
    }

    /// iOS's breaking (no split) overflows where Minikin splits; a cluster
    /// of several scalars is never split; one wider than the line alone
    /// overflows it.
    @Test func clustersAreKeptWhole() {
        #expect(Self.prepared(Self.text, splitsWords: false).layout(width: 6).overflows)
        // "e" and a combining acute: one cluster, two scalars, three bytes.
        let accented = "ae\u{301}e\u{301}e\u{301}"
        let utf8 = Array(accented.utf8)
        let prepared = LineFitter.Prepared(
            MeasuredText(utf8: utf8, advances: utf8.map { $0 == 0xCC || $0 == 0x81 ? 0 : 1 }),
            breaks: utf8.indices.map { $0 == utf8.count - 1 ? .mandatory : .none },
            breaking: .android(AndroidLineBreaking(strategy: .simple)))
        let lines = prepared.lines(width: 2).map { String(decoding: utf8[$0.bytes], as: UTF8.self) }
        #expect(lines == ["ae\u{301}", "e\u{301}e\u{301}"])
        #expect(!prepared.layout(width: 2).overflows)
        #expect(prepared.layout(width: 0.5).overflows)
    }
}

import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Inline Markdown as SwiftUI draws a LocalizedStringKey, against
/// markdown-it-py's reading of the same strings.
@Suite struct InlineMarkdownTests {
    @Test func theOracleFileHasCases() {
        #expect(MarkdownCase.all.count >= 40)
    }

    /// CommonMark's pathological inputs (nested brackets, unclosed code
    /// spans and links, deep emphasis) read as markdown-it-py reads them.
    @Test func theOracleHasThePathologicalCases() {
        #expect(MarkdownCase.pathological.count >= 20)
    }

    @Test(arguments: MarkdownCase.all + MarkdownCase.pathological)
    func drawnTextAndRunsMatchCommonMark(_ example: MarkdownCase) {
        let rendered = InlineMarkdown.render(example.input)
        #expect(rendered.text == example.drawn)
        let letters: [(InlineMarkdown.Traits, Character)] = [
            (.bold, "b"), (.code, "c"), (.italic, "i"), (.link, "l"), (.strikethrough, "s"),
        ]
        let runs = rendered.spans.map { span in
            "\(span.range.lowerBound)-\(span.range.upperBound):"
                + String(letters.filter { span.traits.contains($0.0) }.map(\.1))
        }
        let expected = example.runs.map { "\($0.range.lowerBound)-\($0.range.upperBound):\($0.traits)" }
        #expect(runs == expected)
    }

    @Test func markupIsDetectedOnlyWhereItChangesTheText() {
        #expect(InlineMarkdown.hasMarkup("**Bold** text"))
        #expect(InlineMarkdown.hasMarkup("Tom &amp; Jerry"))
        #expect(!InlineMarkdown.hasMarkup("2 * 3 * 4 = 24"))
        #expect(!InlineMarkdown.hasMarkup("snake_case_name"))
        #expect(!InlineMarkdown.hasMarkup("about ~5 minutes"))
        #expect(!InlineMarkdown.hasMarkup("Plain"))
    }
}

/// CommonMark's pathological inputs at their full sizes (commonmark-spec's
/// test/pathological_tests.py, and the ones that crashed or took minutes
/// here: 75 KB of nested links, 60 KB of ``[` ``, 200 KB of nested `*`):
/// parsed without a crash and with the text they draw. How long each takes
/// is measured by `make bench` (scripts/markdown_bench.py), not here.
@Suite struct PathologicalMarkdownTests {
    static let cases: [(name: String, input: String)] = [
        (
            "nested strong emph",
            String(repeating: "*a **a ", count: 32_500) + "b" + String(repeating: " a** a*", count: 32_500)
        ),
        ("many emph closers with no openers", String(repeating: "a_ ", count: 65_000)),
        ("many emph openers with no closers", String(repeating: "_a ", count: 65_000)),
        ("many link closers with no openers", String(repeating: "a]", count: 65_000)),
        ("many link openers with no closers", String(repeating: "[a", count: 65_000)),
        ("mismatched openers and closers", String(repeating: "*a_ ", count: 50_000)),
        ("openers and closers multiple of 3", "a**b" + String(repeating: "c* ", count: 50_000)),
        ("link openers and emph closers", String(repeating: "[ a_", count: 50_000)),
        ("pattern [ (]( repeated", String(repeating: "[ (](", count: 80_000)),
        ("pattern ![[]() repeated", String(repeating: "![[]()", count: 160_000)),
        ("nested brackets", String(repeating: "[", count: 50_000) + "a" + String(repeating: "]", count: 50_000)),
        ("nested links", String(repeating: "[", count: 25_000) + "a](b)" + String(repeating: "](b)", count: 24_999)),
        ("nested images", String(repeating: "![", count: 25_000) + "a](b)" + String(repeating: "](b)", count: 24_999)),
        ("backticks", (1..<5_000).map { "e" + String(repeating: "`", count: $0) }.joined()),
        ("code span openers", String(repeating: "[`", count: 30_000)),
        ("unclosed links A", String(repeating: "[a](<b", count: 30_000)),
        ("unclosed links B", String(repeating: "[a](b", count: 30_000)),
        ("unclosed titles", String(repeating: "[a](b \"", count: 30_000)),
        ("nested emphasis", String(repeating: "*", count: 100_000) + "a" + String(repeating: "*", count: 100_000)),
        ("strikethrough openers", String(repeating: "~~a ", count: 50_000)),
        ("image openers", String(repeating: "![", count: 50_000)),
    ]

    @Test(arguments: cases.map(\.name))
    func parsesWhole(name: String) throws {
        let input = try #require(Self.cases.first { $0.name == name }).input
        let rendered = InlineMarkdown.render(input)
        // Markup only removes characters: the text drawn is never longer.
        #expect(rendered.text.unicodeScalars.count <= input.unicodeScalars.count)
        #expect(rendered.spans.allSatisfy { $0.range.upperBound <= rendered.text.utf8.count })
        switch name {
        case "nested links":
            // The innermost link is made; the brackets around it stay text.
            #expect(
                rendered.text
                    == String(repeating: "[", count: 24_999) + "a" + String(repeating: "](b)", count: 24_999))
        case "nested images": #expect(rendered.text == "a")
        case "nested emphasis": #expect(rendered.text == "a")
        case "many link openers with no closers", "image openers": #expect(rendered.text == input)
        default: break
        }
    }
}

import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Inline Markdown as SwiftUI draws a LocalizedStringKey, against
/// markdown-it-py's reading of the same strings.
@Suite struct InlineMarkdownTests {
    @Test func theOracleFileHasCases() {
        #expect(MarkdownCase.all.count >= 40)
    }

    @Test(arguments: MarkdownCase.all)
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

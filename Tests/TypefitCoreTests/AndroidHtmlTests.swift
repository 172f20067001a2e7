import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// `Html.fromHtml` as Android renders it. Oracle: `Fixtures/android/html/
/// from-html.tsv`, made by TagSoup itself (Debian's libtagsoup-java, the
/// parser Android bundles) with AOSP's `HtmlToSpannedConverter` text and
/// span handling transcribed (`FromHtml.java`), for AOSP CTS `HtmlTest`'s
/// `fromHtml` cases, every element Html.java handles, white space,
/// entities and TagSoup's repairs; in legacy mode (two line feeds around a
/// block) and with the separator flags (one).
@Suite struct AndroidHtmlTests {
    struct Case: CustomStringConvertible {
        var source: String
        var margin: Int
        var text: String
        var spans: [String]
        var description: String { "\(margin): \(source)" }
    }

    static let cases: [Case] = {
        let table = (try? String(contentsOfFile: Fixtures.path("android/html/from-html.tsv"), encoding: .utf8)) ?? ""
        return table.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let margin = Int(fields[1]) else { return nil }
            return Case(
                source: MarkdownCase.unescape(String(fields[0])), margin: margin,
                text: MarkdownCase.unescape(String(fields[2])),
                spans: fields[3].split(separator: ";").map(String.init).sorted())
        }
    }()

    @Test func theOracleTableIsThere() {
        #expect(Self.cases.count >= 90)
    }

    @Test(arguments: cases) func rendersAsTagSoupAndTheConverter(_ c: Case) {
        let rendered = AndroidHtml.render(c.source, separatorLineBreaks: c.margin == 1)
        #expect(rendered.text == c.text)
        let ours = rendered.runs.map { "\($0.kind) \($0.range.lowerBound) \($0.range.upperBound)" }.sorted()
        #expect(ours == c.spans)
    }

    /// The measured faces: bold, italic and monospaced runs over the
    /// rendered text's bytes; widths typefit does not apply are named.
    @Test func facesAndApproximations() {
        let rendered = AndroidHtml.render("Tap <b>Sävé</b> <big>now</big><br><img src=x>")
        #expect(rendered.text == "Tap Sävé now\n\u{FFFC}")
        #expect(rendered.spans == [InlineMarkdown.Span(range: 4..<10, traits: .bold)])
        #expect(rendered.approximations == [.relativeSize, .image])
        #expect(!AndroidHtml.hasMarkup("Plain words"))
        #expect(AndroidHtml.hasMarkup("Fish &amp; chips"))
        #expect(AndroidHtml.hasMarkup("two  spaces"))
    }
}

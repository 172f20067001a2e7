import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Line counts against the committed oracle (Fixtures/text/make-break-oracle.py:
/// ICU through PyICU, widths from hb-shape, greedy filling written apart
/// from typefit's): Thai, Lao, Khmer and Myanmar wrap at the words ICU's
/// dictionaries find, Japanese and Chinese by the CJK rules, Korean at
/// spaces only, Latin at spaces.
@Suite struct LineBreakOracleTests {
    typealias Case = LineBreakCase
    static let cases = LineBreakCase.all

    @Test func theOracleCoversEveryScript() {
        #expect(Set(Self.cases.map(\.language)) == ["th", "lo", "km", "my", "ja", "zh", "ko", "en"])
        #expect(Self.cases.count == 40)
    }

    @Test(arguments: cases)
    func linesAgreeWithTheOracle(_ oracle: Case) throws {
        let outcome = TypefitCommand.run(
            [
                "fit", oracle.text, "--width", String(oracle.width), "--style", "body", "--category", "large",
                "--language", oracle.language, "--font", "TypefitWorld-Regular", "--fonts-dir",
                Fixtures.root.appendingPathComponent("text").path, "--fontconfig-file", Fixtures.fontconfigFile,
                "--format", "json",
            ], context: RunContext())
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let result = try #require((object?["results"] as? [[String: Any]])?.first, "\(outcome.stderr)")
        #expect((result["lines"] as? [String: Int])?["large"] == oracle.lines, "\(oracle)")
        #expect((result["overflows"] as? [String: Bool])?["large"] == oracle.overflows, "\(oracle)")
        #expect(result["missingGlyphs"] as? Int ?? 0 == 0)
    }

    static let skParagraphCases = LineBreakCase.skParagraph

    @Test func theSkParagraphOracleCoversEveryScript() {
        #expect(Set(Self.skParagraphCases.map(\.language)) == ["th", "lo", "km", "my", "ja", "zh", "ko", "en"])
        #expect(Self.skParagraphCases.count == 60)
    }

    /// Flutter's lines against Skia's `TextWrapper` as the oracle script
    /// writes it: clusters cut by HarfBuzz's graphemes and glyph counts, a
    /// word's length measured without a last cluster that ends at a break.
    @Test(arguments: skParagraphCases)
    func flutterLinesAgreeWithSkParagraph(_ oracle: Case) throws {
        let outcome = TypefitCommand.run(
            [
                "fit", oracle.text, "--width", String(oracle.width), "--platform", "flutter-android", "--style",
                "bodyMedium", "--font-scale", "1", "--language", oracle.language, "--font", "TypefitWorld-Regular",
                "--fonts-dir", Fixtures.root.appendingPathComponent("text").path, "--fontconfig-file",
                Fixtures.fontconfigFile, "--format", "json",
            ], context: RunContext())
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let result = try #require((object?["results"] as? [[String: Any]])?.first, "\(outcome.stderr)")
        #expect((result["lines"] as? [String: Int])?["fontScale1"] == oracle.lines, "\(oracle)")
        #expect((result["overflows"] as? [String: Bool])?["fontScale1"] == oracle.overflows, "\(oracle)")
        #expect(result["missingGlyphs"] as? Int ?? 0 == 0)
    }
}

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
    struct Case: Sendable, CustomStringConvertible {
        var language: String
        var text: String
        var width: Int
        var lines: Int
        var overflows: Bool
        var description: String { "\(language) at \(width) pt" }
    }

    static let cases: [Case] = {
        let url = Fixtures.root.appendingPathComponent("text/line-breaks.tsv")
        let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let width = Int(fields[2]), let count = Int(fields[3]) else { return nil }
            return Case(
                language: fields[0], text: fields[1], width: width, lines: count, overflows: fields[4] == "true")
        }
    }()

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
}

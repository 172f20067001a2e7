import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// A size that a maximum, a minimum or a hand-made table changed has the
/// line height of that size, in every output: the design line height (the
/// design size's share of Apple's leading at Large, from the reference
/// tables) times the size's own factor, on the 1/3-pt grid.
@Suite struct LineHeightTests {
    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    /// Apple's size and leading of `style` at Large, from the reference
    /// transcription of the HIG.
    static func large(_ style: String) -> (size: Double, leading: Double) {
        func value(_ table: String) -> Double {
            let reference = Fixtures.referenceTable(table)
            let column = reference.header.firstIndex(of: "Large") ?? 0
            return Double(reference.rows.first { $0[0] == style }?[column] ?? "") ?? .nan
        }
        return (value("ios-point-sizes"), value("ios-leading"))
    }

    static func grid(_ value: Double) -> Double { (value * 3).rounded(.toNearestOrAwayFromZero) / 3 }

    /// The case: headline 17 capped at 28 at AX5 (the unclamped
    /// 51 pt's line height was 62).
    static let clamped: Double = {
        let apple = large("headline")
        return grid(17 * apple.leading / apple.size * 28 / 17)
    }()

    func cell(_ outcome: Outcome) throws -> [String: Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        return try #require((object["sizes"] as? [[String: Any]])?.first)
    }

    @Test func clampedCustomSize() throws {
        let base = ["scale", "--size", "17", "--max-size", "28", "--style", "headline", "--category", "AX5"]
        let json = try cell(run(base + ["--format", "json"]))
        #expect(json["pointSize"] as? Int == 28)
        let lineHeight = try #require(json["lineHeight"] as? Double)
        #expect(abs(lineHeight - Self.clamped) < 1e-9 && lineHeight < 40, "\(lineHeight)")
        // The same number in the exports.
        let csv = run(base + ["--format", "csv"]).stdout
        #expect(csv.contains(",28,\(Self.clamped),"))
        let tokens = try #require(
            try JSONSerialization.jsonObject(with: Data(run(base + ["--format", "tokens"]).stdout.utf8))
                as? [String: Any])
        let token = try #require(
            ((tokens["accessibilityExtraExtraExtraLarge"] as? [String: Any])?["headline"] as? [String: Any])?["$value"]
                as? [String: Any])
        #expect(abs((token["lineHeight"] as? Double ?? 0) * 28 - Self.clamped) < 0.005)
        // Unclamped sizes keep the model's line height: 48 pt body at AX5, 62.
        let body = try cell(run(["scale", "--size", "17", "--style", "body", "--category", "AX5", "--format", "json"]))
        #expect(body["pointSize"] as? Int == 48 && body["lineHeight"] as? Int == 62)
    }

    /// The spec's headline: design 17, maxPointSize 28.
    @Test func specMaximumAndExplicitTable() throws {
        let sans = Fixtures.path("specs/TypefitSans.json")
        let headline = try cell(
            run([
                "scale", "--spec", sans, "--style", "headline", "--category", "AX5", "--format", "json",
                "--fontconfig-file", Fixtures.fontconfigFile,
            ]))
        #expect(headline["pointSize"] as? Int == 28)
        #expect(abs((headline["lineHeight"] as? Double ?? 0) - Self.clamped) < 1e-9)
        // caption2: design 11, an explicit 40 at AX5.
        let caption = try cell(
            run([
                "scale", "--spec", sans, "--style", "caption2", "--category", "AX5", "--format", "json",
                "--fontconfig-file", Fixtures.fontconfigFile,
            ]))
        let apple = Self.large("caption2")
        #expect(caption["pointSize"] as? Int == 40)
        #expect(
            abs((caption["lineHeight"] as? Double ?? 0) - Self.grid(11 * apple.leading / apple.size * 40 / 11)) < 1e-9)
    }
}

import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI
@testable import TypefitCore

/// `--break-strategy`, `--line-break-word-style`, `--hyphenation` and
/// widths in dp, through the command line: the strategy reaches the line
/// breaker (its cases are AOSP's, in `MinikinOptimalTests`), the document
/// says what was applied, and what typefit cannot do is refused.
@Suite struct AndroidLineBreakCommandTests {
    static let text = "Kontoeinstellungen Datenschutzerklarung"

    static func fit(_ extra: [String], text: String = text) -> Outcome {
        TypefitCommand.run(
            [
                "fit", text, "--font", "TypefitSans-Regular", "--lines", "9", "--format", "json", "--fontconfig-file",
                Fixtures.fontconfigFile,
            ] + extra, context: RunContext())
    }

    static func android(_ extra: [String], text: String = text) throws -> (lines: Int?, breaking: [String: String]?) {
        let outcome = fit(
            ["--platform", "android", "--style", "bodyLarge", "--font-scale", "1.0"] + extra, text: text)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let result = try #require((json["results"] as? [[String: Any]])?.first)
        return ((result["lines"] as? [String: Int])?.values.first, json["lineBreaking"] as? [String: String])
    }

    @Test func theStrategyIsAppliedAndSaid() throws {
        // Two words wider than the 90 dp line: greedy splits each where the
        // line is full (6 lines); the optimal breakers split them so that
        // the lines fill (5).
        let simple = try Self.android(["--width", "90", "--break-strategy", "simple"])
        let standard = try Self.android(["--width", "90"])
        let balanced = try Self.android(["--width", "90dp", "--break-strategy", "balanced"])
        #expect(simple.lines == 6 && standard.lines == 5 && balanced.lines == 5)
        #expect(simple.breaking == ["hyphenation": "none", "strategy": "simple", "wordStyle": "none"])
        #expect(standard.breaking?["strategy"] == "high-quality")
        #expect(balanced.breaking?["strategy"] == "balanced")
        let ios = Self.fit(["--style", "body", "--category", "large", "--width", "90"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ios.stdout.utf8)) as? [String: Any])
        #expect(json["lineBreaking"] is NSNull)
    }

    /// No break after a hyphen on Android (Minikin leaves them to
    /// hyphenation, off by default); iOS breaks there.
    @Test func noBreakAfterAHyphen() throws {
        let word = "Wi-Fi-Einstellungen"
        let ios = Self.fit(["--style", "body", "--category", "large", "--width", "90"], text: word)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ios.stdout.utf8)) as? [String: Any])
        let result = try #require((json["results"] as? [[String: Any]])?.first)
        #expect((result["overflows"] as? [String: Bool])?.values.first == true)
        // iOS: "Wi-Fi-" then the overflowing rest; Android splits only
        // between graphemes, never after a hyphen, so its lines are the
        // desperate ones, whatever the hyphens.
        let android = try Self.android(["--width", "90"], text: word)
        let plain = try Self.android(["--width", "90"], text: "WixFixEinstellungen")
        #expect(android.lines == plain.lines)
    }

    @Test func unitsAndRefusals() {
        let cases: [([String], String)] = [
            (["--platform", "android", "--style", "bodyLarge", "--width", "90pt"], "Android lays text out in dp"),
            (["--style", "body", "--width", "90dp"], "iOS lays text out in points"),
            (
                ["--platform", "android", "--style", "bodyLarge", "--width", "90", "--hyphenation", "normal"],
                "needs Android's hyphenation patterns"
            ),
            (["--style", "body", "--width", "90", "--break-strategy", "simple"], "applies to --platform android"),
            (["--style", "body", "--width", "90px"], "must be a width greater than 0"),
        ]
        for (arguments, message) in cases {
            let outcome = Self.fit(arguments)
            #expect(outcome.status == .usage, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        }
        // none is Android's own default, and accepted.
        #expect(
            Self.fit(["--platform", "android", "--style", "bodyLarge", "--width", "90", "--hyphenation", "none"])
                .status == .success)
    }
}

import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Text as UILabel and SwiftUI lay it out: line breaks end lines (measure
/// reports the widest line and how many), a tab advances to the next 28-pt
/// tab stop, and no control character is ever a missing glyph. Widths of
/// the pieces come from hb-shape itself.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct HardBreakTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let textFonts = ["--fonts-dir", Fixtures.root.appendingPathComponent("text").path]
    static let font = Fixtures.root.appendingPathComponent("text/TypefitScript-Regular.ttf").path

    /// hb-shape's advance of `text`, in font units (1000 per em here).
    func units(_ text: String) throws -> Int {
        let result = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", Self.font, text], environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }
    }

    func measure(_ text: String) throws -> [String: Any] {
        let outcome = TypefitCommand.run(
            [
                "measure", text, "--style", "body", "--category", "large", "--font", "TypefitScript-Regular",
                "--format", "json",
            ]
                + Self.config + Self.textFonts)
        #expect(outcome.status == .success && !outcome.stderr.contains("no glyph"), "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require((object?["measurements"] as? [[String: Any]])?.first)
    }

    @Test(arguments: ["\n", "\r\n", "\u{2028}", "\u{2029}"])
    func aLineBreakEndsTheLine(separator: String) throws {
        let row = try measure("AVA fi" + separator + "AVAVA")
        let widest = Double(max(try units("AVA fi"), try units("AVAVA"))) / 1000 * 17
        #expect(abs((row["width"] as? Double ?? 0) - widest) < 0.01)
        #expect(row["lines"] as? Int == 2)
        #expect(row["missingGlyphs"] as? Int == 0)
    }

    @Test func aTabAdvancesToTheNextStop() throws {
        let row = try measure("A\tVA")
        let before = Double(try units("A")) / 1000 * 17
        let after = Double(try units("VA")) / 1000 * 17
        #expect(before < 28)
        #expect(abs((row["width"] as? Double ?? 0) - (28 + after)) < 0.01)
        #expect(row["lines"] as? Int == 1 && row["missingGlyphs"] as? Int == 0)
    }

    /// fit breaks there too, and counts the lines the same.
    @Test func fitCountsTheHardLines() throws {
        let outcome = TypefitCommand.run(
            ["fit", "AVA\nfi\nAVA", "--width", "1000", "--style", "body", "--category", "large"]
                + ["--font", "TypefitScript-Regular", "--format", "json", "--strict"] + Self.config + Self.textFonts)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let result = try #require((object?["results"] as? [[String: Any]])?.first)
        #expect((result["lines"] as? [String: Int])?["large"] == 3)
    }

    /// The specimen draws no box for a line break or a tab.
    @Test func theSpecimenDrawsNoBoxForControls() {
        let outcome = TypefitCommand.run(
            ["specimen", "--text", "AVA\tfi\nAVA", "--style", "body", "--category", "large"]
                + ["--font", "TypefitScript-Regular", "--strict"] + Self.config + Self.textFonts)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("data-missing"))
    }
}

/// Fallback per grapheme cluster, as Core Text's cascade list substitutes:
/// two characters side by side that no one font has are each drawn by the
/// font that has it (a match for the pair as a whole gave one font, and the
/// other character was "missing"). Which font has which character is asked
/// of fc-list, not typefit.
@Suite struct PerCharacterFallbackTests {
    /// The fixture fonts and the text fixtures (Hebrew in TypefitScript,
    /// Thai in TypefitWorld) installed together.
    static let config = Fixtures.fontconfigFile(
        "cascade", directories: [Fixtures.fonts, Fixtures.root.appendingPathComponent("text")])

    /// The one font of the configuration that has `character`, per fc-list.
    func onlyFont(with character: String) throws -> String {
        let result = try #require(
            try BinaryRunner.runTool(
                "fc-list", [":charset=\(character)", "postscriptname"], environment: ["FONTCONFIG_FILE": Self.config]))
        let names = result.stdout.split(separator: "\n").map {
            $0.replacingOccurrences(of: ":postscriptname=", with: "")
        }
        #expect(names.count == 1, "\(names)")
        return try #require(names.first)
    }

    @Test func eachClusterGoesToTheFontThatHasIt() throws {
        let hebrew = try onlyFont(with: "5d5")
        let thai = try onlyFont(with: "e20")
        #expect(hebrew != thai)
        let outcome = TypefitCommand.run(
            [
                "measure", "Hi \u{05D5}\u{0E20}", "--style", "body", "--category", "large", "--font",
                "TypefitSans-Regular",
            ]
                + ["--fontconfig-file", Self.config, "--format", "json", "--strict"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let row = try #require((object?["measurements"] as? [[String: Any]])?.first)
        #expect(row["missingGlyphs"] as? Int == 0)
        let fallbacks = try #require(row["fallbacks"] as? [[String: Any]])
        #expect(
            Set(fallbacks.compactMap { $0["postscriptName"] as? String }) == [hebrew, thai], "\(fallbacks)")
        #expect(fallbacks.allSatisfy { $0["characters"] as? Int == 1 })
    }
}

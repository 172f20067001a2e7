import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Colour emoji preferred for emoji presentation, as Core Text's cascade
/// prefers Apple Color Emoji: with a monochrome face that has the emoji
/// ahead of a colour one in fontconfig's cascade (checked with fc-match -s,
/// not typefit), 📱 and ❤️ (U+FE0F) go to the colour face and a bare ❤
/// (text presentation) to the first face that has it. Widths from hb-shape
/// on the face expected.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct EmojiFallbackTests {
    static let emoji = Fixtures.root.appendingPathComponent("emoji")

    static let config = Fixtures.fontconfigFile(
        "emoji-cascade", directories: [Fixtures.fonts, emoji],
        extra: """
            <alias binding="same">
              <family>Typefit Sans</family>
              <accept><family>Typefit Mono Emoji</family><family>Typefit Color Emoji</family></accept>
            </alias>
            """)

    /// hb-shape's advance of `text` in `file`, in ems (1000 units per em).
    func ems(_ text: String, _ file: String) throws -> Double {
        let result = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", Self.emoji.appendingPathComponent(file).path, text],
                environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }) / 1000
    }

    @Test func theMonochromeFaceComesFirstInFontconfigsCascade() throws {
        let result = try #require(
            try BinaryRunner.runTool(
                "fc-match", ["-s", "Typefit Sans", "family"], environment: ["FONTCONFIG_FILE": Self.config]))
        let families = result.stdout.split(separator: "\n").map(String.init)
        let mono = try #require(families.firstIndex(of: "Typefit Mono Emoji"))
        let colour = try #require(families.firstIndex(of: "Typefit Color Emoji"))
        #expect(mono < colour, "\(families)")
    }

    /// A face that has ❤ as a text glyph still gives ❤️ (U+FE0F) to the
    /// colour face, as iOS shows it in Apple Color Emoji.
    @Test func emojiPresentationLeavesATextFaceThatHasIt() throws {
        let outcome = TypefitCommand.run(
            ["measure", "\u{2764}\u{FE0F}", "\u{2764}", "--style", "body", "--category", "large"]
                + ["--font", "TypefitMonoEmoji-Regular", "--fontconfig-file", Self.config, "--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let rows = try #require(object?["measurements"] as? [[String: Any]])
        let fallbacks = rows.map {
            ($0["fallbacks"] as? [[String: Any]])?.compactMap { $0["postscriptName"] as? String }
        }
        #expect(fallbacks == [["TypefitColorEmoji-Regular"], []])
        // The colour face's heart: 900 units, U+FE0F none.
        #expect(rows.first?["width"] as? Double == 0.9 * 17)
    }

    @Test(arguments: [
        ("\u{1F4F1}", "TypefitColorEmoji-Regular"),
        ("\u{2764}\u{FE0F}", "TypefitColorEmoji-Regular"),
        ("\u{2764}", "TypefitMonoEmoji-Regular"),
    ])
    func emojiPresentationGoesToTheColourFace(text: String, face: String) throws {
        let outcome = TypefitCommand.run(
            ["measure", text, "--style", "body", "--category", "large", "--font", "TypefitSans-Regular"]
                + ["--fontconfig-file", Self.config, "--format", "json", "--strict"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let row = try #require((object?["measurements"] as? [[String: Any]])?.first)
        let fallbacks = try #require(row["fallbacks"] as? [[String: Any]])
        #expect(fallbacks.compactMap { $0["postscriptName"] as? String } == [face])
        let expected = try ems(text, face + ".ttf") * 17
        #expect(abs((row["width"] as? Double ?? 0) - expected) < 0.001, "\(row)")
    }
}

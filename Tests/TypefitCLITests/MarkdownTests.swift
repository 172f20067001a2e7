import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Strings measured as SwiftUI's Text draws a LocalizedStringKey: markup
/// removed, bold and italic runs in the family's bold and italic faces,
/// code in fontconfig's monospace face. Each run's width comes from
/// hb-shape on that run's font file.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct MarkdownTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]

    /// hb-shape's advance of `text` in the fixture font `file`, in ems.
    func ems(_ text: String, _ file: String) throws -> Double {
        let path = Fixtures.fonts.appendingPathComponent(file).path
        let result = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", path, text], environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        // make-fonts.py draws every fixture font on 1000 units per em.
        return Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }) / 1000
    }

    func measuredWidth(_ arguments: [String], config: [String] = Self.config) throws -> (Double, String) {
        let outcome = TypefitCommand.run(
            ["measure"] + arguments + ["--style", "body", "--category", "large", "--format", "json"] + config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let row = try #require((object?["measurements"] as? [[String: Any]])?.first)
        return (try #require(row["width"] as? Double), outcome.stderr)
    }

    @Test func boldAndItalicRunsAreMeasuredInTheirFaces() throws {
        let (width, stderr) = try measuredWidth(
            ["**AVA** fi *To*", "--markdown", "--font", "TypefitSans-Regular"])
        let expected =
            (try ems("AVA", "TypefitSans-Bold.ttf") + ems(" fi ", "TypefitSans-Regular.ttf")
                + ems("To", "TypefitSans-Italic.ttf")) * 17
        #expect(abs(width - expected) < 0.01, "\(width) against hb-shape's \(expected)")
        // And not as written, nor as the plain text in one face.
        let plain = try ems("AVA fi To", "TypefitSans-Regular.ttf") * 17
        #expect(abs(width - plain) > 0.5)
        #expect(stderr.contains("bold in TypefitSans-Bold"), "\(stderr)")
        #expect(stderr.contains("italic in TypefitSans-Italic"), "\(stderr)")
    }

    @Test func withoutMarkdownTheMarkupIsMeasuredAndNoted() throws {
        let (width, stderr) = try measuredWidth(["**AVA**", "--font", "TypefitSans-Regular"])
        #expect(abs(width - (try ems("**AVA**", "TypefitSans-Regular.ttf") * 17)) < 0.01)
        #expect(stderr.contains("1 string contains Markdown markup, measured as written"), "\(stderr)")
        let (asWritten, quiet) = try measuredWidth(["**AVA**", "--no-markdown", "--font", "TypefitSans-Regular"])
        #expect(asWritten == width)
        #expect(!quiet.contains("Markdown"), "\(quiet)")
    }

    @Test func aFamilyWithoutABoldFaceIsMeasuredAtItsRegularWidths() throws {
        let (width, stderr) = try measuredWidth(["**AVA**", "--markdown", "--font", "TypefitGothic-Regular"])
        #expect(abs(width - (try ems("AVA", "TypefitGothic-Regular.ttf") * 17)) < 0.01)
        #expect(stderr.contains("Typefit Gothic has no bold face"), "\(stderr)")
    }

    @Test func codeIsMeasuredInFontconfigsMonospaceFace() throws {
        // A configuration whose "monospace" is Typefit Anon.
        let conf = Fixtures.fontconfigFile(
            "markdown-mono",
            extra: "<alias><family>monospace</family><prefer><family>Typefit Anon</family></prefer></alias>")
        let (width, stderr) = try measuredWidth(
            ["Run `AVA` now", "--markdown", "--font", "TypefitSans-Regular"],
            config: ["--fontconfig-file", conf])
        let expected =
            (try ems("Run ", "TypefitSans-Regular.ttf") + ems("AVA", "TypefitAnon-Regular.ttf")
                + ems(" now", "TypefitSans-Regular.ttf")) * 17
        #expect(abs(width - expected) < 0.01, "\(width) against hb-shape's \(expected)")
        #expect(stderr.contains("code in Typefit Anon (fontconfig's monospace"), "\(stderr)")
    }

    /// A String Catalog is read as Markdown unless --no-markdown; a
    /// .strings file is not unless --markdown.
    @Test func catalogsAreMarkdownByDefaultAndStringsFilesAreNot() throws {
        let dir = Fixtures.temporaryDirectory("markdown-files")
        let catalog = dir.appendingPathComponent("Localizable.xcstrings")
        try #"""
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "title": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "**AVA** fi"}}}}}}
        """#.write(to: catalog, atomically: true, encoding: .utf8)
        let strings = dir.appendingPathComponent("Localizable.strings")
        try #""title" = "**AVA** fi";"#.write(to: strings, atomically: true, encoding: .utf8)
        let rendered = (try ems("AVA", "TypefitSans-Bold.ttf") + ems(" fi", "TypefitSans-Regular.ttf")) * 17
        let written = try ems("**AVA** fi", "TypefitSans-Regular.ttf") * 17
        for (file, flag, expected) in [
            (catalog.path, nil, rendered), (catalog.path, "--no-markdown", written),
            (strings.path, nil, written), (strings.path, "--markdown", rendered),
        ] as [(String, String?, Double)] {
            let (width, _) = try measuredWidth(
                ["--strings", file, "--font", "TypefitSans-Regular"] + (flag.map { [$0] } ?? []))
            #expect(abs(width - expected) < 0.01, "\(file) \(flag ?? "")")
        }
    }

    /// A rule's "markdown" decides for its strings; fit's line counts follow
    /// the drawn text (the markup would need a second line).
    @Test func aRuleCanTurnMarkdownOn() throws {
        let dir = Fixtures.temporaryDirectory("markdown-rules")
        let strings = dir.appendingPathComponent("Localizable.strings")
        try #""a" = "AVA **AVA**";"#.write(to: strings, atomically: true, encoding: .utf8)
        let drawnWidth = (try ems("AVA ", "TypefitSans-Regular.ttf") + ems("AVA", "TypefitSans-Bold.ttf")) * 17
        let writtenWidth = try ems("AVA **AVA**", "TypefitSans-Regular.ttf") * 17
        #expect(writtenWidth > drawnWidth + 1)
        // Wide enough for the drawn line, too narrow for the written one
        // (whose last word alone still fits).
        let width = (drawnWidth + writtenWidth) / 2
        #expect(width > (try ems("**AVA**", "TypefitSans-Regular.ttf") * 17))
        for (markdown, lines) in [(true, 1), (false, 2)] {
            let rules = dir.appendingPathComponent("rules-\(markdown).json")
            try #"[{"keys": "*", "style": "body", "width": \#(width), "lines": 3, "markdown": \#(markdown)}]"#
                .write(to: rules, atomically: true, encoding: .utf8)
            let outcome = TypefitCommand.run(
                ["fit", "--strings", strings.path, "--rules", rules.path, "--category", "large"]
                    + ["--font", "TypefitSans-Regular", "--format", "json"] + Self.config)
            #expect(outcome.status == .success, "\(outcome.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            let result = try #require((object?["results"] as? [[String: Any]])?.first)
            #expect((result["lines"] as? [String: Int])?["large"] == lines, "\(outcome.stdout)")
            #expect(result["sampleText"] as? String == (markdown ? "AVA AVA" : "AVA **AVA**"))
            let rule = try #require((object?["rules"] as? [[String: Any]])?.first)
            #expect(rule["markdown"] as? Bool == markdown)
        }
    }

    @Test func bothFlagsAreAUsageError() {
        let outcome = TypefitCommand.run(
            ["measure", "x", "--markdown", "--no-markdown", "--style", "body", "--font", "TypefitSans-Regular"])
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.contains("give one of '--markdown' and '--no-markdown'"))
    }
}

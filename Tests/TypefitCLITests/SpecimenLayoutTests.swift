import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// The specimen draws the lines fit counts: the same breaks (ICU), faces
/// and widths, per cell; right-to-left paragraphs aligned right; `--lines`
/// cuts as UILabel.numberOfLines does, with an ellipsis.
@Suite struct SpecimenLayoutTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let textFonts = ["--fonts-dir", Fixtures.root.appendingPathComponent("text").path]
    static let categories = "large,xxxLarge,AX3"

    /// Latin, Thai, Japanese, Chinese and Korean in TypefitWorld, Arabic in
    /// TypefitScript.
    static let cases: [(font: String, language: String, text: String)] = [
        ("TypefitWorld-Regular", "en", "The quick brown fox jumps over the lazy dog again and again"),
        ("TypefitWorld-Regular", "th", "ภาษาไทยเป็นภาษาที่สวยงามและมีประวัติศาสตร์ยาวนาน"),
        ("TypefitWorld-Regular", "ja", "日本語の文章は単語の間に空白を入れずに書きます。「こんにちは」と言いました。"),
        ("TypefitWorld-Regular", "zh", "中文的句子通常不使用空格来分隔词语，标点符号也有规则。"),
        ("TypefitWorld-Regular", "ko", "한국어 문장은 띄어쓰기를 사용하여 단어를 구분합니다"),
        ("TypefitScript-Regular", "ar", "مرحبا بالحب لهم مرحبا بالحب لهم مرحبا"),
    ]

    /// Per (style, category): the lines the specimen draws, and whether it cut.
    func drawn(_ svg: String) -> [String: (lines: Int, truncated: Bool)] {
        var result: [String: (Int, Bool)] = [:]
        for part in svg.components(separatedBy: "<g data-style=\"").dropFirst() {
            let fields = part.prefix { $0 != ">" }
            let values = fields.components(separatedBy: "\"")
            guard values.count > 5, let lines = Int(values[4]) else { continue }
            result["\(values[0])|\(values[2])"] = (lines, fields.contains("data-truncated=\"true\""))
        }
        return result
    }

    /// fit's lines per category for one style.
    func fitLines(_ c: (font: String, language: String, text: String), style: String, width: Int) throws
        -> [String: Int]
    {
        let outcome = TypefitCommand.run(
            ["fit", c.text, "--width", "\(width)", "--style", style, "--category", Self.categories]
                + ["--font", c.font, "--language", c.language, "--format", "json"] + Self.config + Self.textFonts)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let result = try #require((object?["results"] as? [[String: Any]])?.first)
        return try #require(result["lines"] as? [String: Int])
    }

    func specimen(_ c: (font: String, language: String, text: String), width: Int, extra: [String] = []) -> String {
        let outcome = TypefitCommand.run(
            ["specimen", "--text", c.text, "--width", "\(width)", "--style", "title1,body", "--category"]
                + [Self.categories, "--font", c.font, "--language", c.language] + extra + Self.config
                + Self.textFonts)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        return outcome.stdout
    }

    @Test(arguments: cases.indices)
    func everyCellDrawsTheLinesFitCounts(_ index: Int) throws {
        let c = Self.cases[index]
        let svg = specimen(c, width: 150)
        let cells = drawn(svg)
        #expect(cells.count == 6)
        var sawWrapping = false
        for style in ["title1", "body"] {
            for (category, lines) in try fitLines(c, style: style, width: 150) {
                #expect(cells["\(style)|\(category)"]?.lines == lines, "\(c.language) \(style) \(category)")
                sawWrapping = sawWrapping || lines > 1
            }
        }
        #expect(sawWrapping, "the case does not wrap at this width")
        // Each line its own group.
        #expect(svg.components(separatedBy: "<g data-line=\"").count - 1 == cells.values.reduce(0) { $0 + $1.lines })
    }

    @Test(arguments: cases.indices)
    func linesCutTheSampleWithAnEllipsis(_ index: Int) throws {
        let c = Self.cases[index]
        let cells = drawn(specimen(c, width: 150, extra: ["--lines", "2"]))
        for style in ["title1", "body"] {
            for (category, lines) in try fitLines(c, style: style, width: 150) {
                let cell = try #require(cells["\(style)|\(category)"])
                #expect(cell.lines == min(lines, 2), "\(c.language) \(style) \(category)")
                #expect(cell.truncated == (lines > 2), "\(c.language) \(style) \(category)")
            }
        }
    }

    /// Right-to-left lines end at the guide's right edge (UILabel's natural
    /// alignment); left-to-right ones start at the box's left edge.
    @Test func rightToLeftParagraphsAreAlignedRight() throws {
        let svg = specimen(Self.cases[5], width: 400)
        #expect(svg.contains("data-rtl=\"true\""))
        #expect(!specimen(Self.cases[0], width: 400).contains("data-rtl"))
        // The guide's x, and the leftmost glyph of the one-line body sample
        // at Large: well right of the box's left edge.
        let parts = svg.components(separatedBy: "<g data-style=\"body\" data-category=\"large\"")
        let body = try #require(parts.dropFirst().first)
        // The guide drawn just before the sample.
        let guide = try #require(
            parts[0].components(separatedBy: "<line x1=\"").dropFirst().compactMap {
                Double($0.prefix { $0 != "\"" })
            }.last)
        let xs = body.components(separatedBy: "translate(").dropFirst().compactMap {
            Double($0.prefix { $0 != " " })
        }
        let left = try #require(xs.min())
        #expect(left > guide - 400 + 50, "left edge \(left), guide \(guide)")
    }

    /// Line breaks in the sample start lines, with or without a width.
    @Test func hardBreaksStartLines() {
        let c = ("TypefitWorld-Regular", "en", "The quick\nbrown fox\njumps")
        let outcome = TypefitCommand.run(
            ["specimen", "--text", c.2, "--style", "body", "--category", "large", "--font", c.0]
                + Self.config + Self.textFonts)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(drawn(outcome.stdout)["body|large"]?.lines == 3)
    }
}

import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `typefit specimen`: deterministic SVG drawn from the font's outlines,
/// valid enough for a real renderer, honest about missing faces.
@Suite struct SpecimenTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let textFonts = ["--fonts-dir", Fixtures.root.appendingPathComponent("text").path]
    static let arguments =
        [
            "specimen", "--font", "TypefitScript-Regular", "--style", "title1,body,caption2", "--category", "large,AX3",
            "--width", "300", "--text", "AVA fi مرحبا 日本",
        ] + config + textFonts

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    @Test func goldenAndDeterministic() throws {
        let first = run(Self.arguments)
        #expect(first.status == .success && first.stderr.isEmpty, "\(first.stderr)")
        #expect(run(Self.arguments).stdout == first.stdout)
        let svg = first.stdout
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(
            svg.contains("viewBox=\"0 0 ")
                && svg.contains("<title>typefit specimen: font TypefitScript-Regular</title>"))
        #expect(!svg.contains("http://") || svg.components(separatedBy: "http://").count == 2)  // only the namespace
        // Outlines come from the font: the f_i ligature and Arabic forms are there.
        #expect(svg.contains("<path id=\"f0g"))
        // 3 styles x 2 categories, each labelled with its size and face.
        #expect(svg.components(separatedBy: "pt · TypefitScript-Regular<").count - 1 == 6)
        #expect(svg.contains("/48 pt · TypefitScript-Regular<"))
        let actual = Golden.normalize(svg)
        if Golden.isRecording {
            Golden.record("specimen.svg", actual)
            Issue.record("recorded specimen.svg; run again without TYPEFIT_RECORD_GOLDEN to compare")
            return
        }
        let expected = try #require(Golden.expected("specimen.svg"), "missing golden file specimen.svg; record it")
        #expect(actual == expected)
    }

    /// A real SVG renderer reads it: rsvg-convert makes a PNG of the
    /// viewBox's size (points at 96 dpi) that is not blank.
    @Test(
        .enabled(if: (try? BinaryRunner.runTool("rsvg-convert", ["--version"])) != nil, "rsvg-convert is not installed")
    )
    func rendersWithRSVG() throws {
        let dir = Fixtures.temporaryDirectory("specimen")
        let svg = dir.appendingPathComponent("s.svg")
        let png = dir.appendingPathComponent("s.png")
        let outcome = run(Self.arguments + ["--output", svg.path])
        #expect(outcome.status == .success && outcome.stdout.isEmpty)
        let result = try #require(try BinaryRunner.runTool("rsvg-convert", ["-o", png.path, svg.path]))
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        let text = try String(contentsOf: svg, encoding: .utf8)
        let viewBox = try #require(text.split(separator: "\"").first { $0.hasPrefix("0 0 ") }).split(separator: " ")
        let expectedWidth = try #require(Double(viewBox[2])) * 96 / 72
        #expect(abs(Double(width) - expectedWidth) <= 1.5, "\(width) vs \(expectedWidth)")
        #expect(height > 100)
        // Not blank: a compressed all-white image of this size is far smaller.
        #expect(bytes.count > 4000)
    }

    /// The README's picture is what the command beside it makes, from the
    /// committed DejaVu Sans subset.
    @Test func readmePictureIsUpToDate() throws {
        let command =
            "typefit specimen --spec Fixtures/specs/DejaVuSans.json --fonts-dir Fixtures/readme-fonts "
            + "--text \"Sphinx of black quartz, judge my vow\" --style title1,body,caption1 --width 220 "
            + "--category large,xxxLarge,AX3 --output docs/specimen.svg"
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(command))
        let outcome = run([
            "specimen", "--spec", Fixtures.path("specs/DejaVuSans.json"), "--fonts-dir",
            Fixtures.path("readme-fonts"), "--text", "Sphinx of black quartz, judge my vow", "--style",
            "title1,body,caption1", "--width", "220", "--category", "large,xxxLarge,AX3",
        ])
        #expect(outcome.status == .success && outcome.stderr.isEmpty, "\(outcome.stderr)")
        let committed = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/specimen.svg"), encoding: .utf8)
        #expect(outcome.stdout == committed, "regenerate docs/specimen.svg with the README's command")
        // Real outlines: glyph paths with curves, not the fixture's boxes.
        #expect(committed.contains("Q") && committed.contains("DejaVuSans-Bold"))
    }

    @Test func missingFacesAreMarkedBoxes() throws {
        let zen = Fixtures.path("specs/ZenOldMincho.json")
        let outcome = run(["specimen", "--spec", zen, "--style", "body", "--category", "large"] + Self.config)
        #expect(outcome.status == .success)
        #expect(outcome.stdout.contains("missing: ZenOldMincho-Regular"))
        #expect(outcome.stderr.contains("ZenOldMincho-Regular is missing: its samples are drawn as marked boxes"))
        let strict = run(["specimen", "--spec", zen, "--style", "body", "--strict"] + Self.config)
        #expect(strict.status == .problemFound)
    }

    /// The specimen draws each character with the face measure uses: the
    /// fallback fontconfig picks where the face lacks it (named in the
    /// label, the SVG and one warning per style and face), a marked box
    /// where no installed face has it (counted, warned, exit 1 under
    /// --strict); never the face's .notdef.
    @Test func fallbacksAreDrawnAndNamedAndMissingCharactersMarked() throws {
        let arguments =
            [
                "specimen", "--font", "TypefitSans-Regular", "--style", "body,title1", "--category", "large",
                "--text", "Hi 日本 \u{0E01}", "--width", "200",
            ] + Self.config
        let outcome = run(arguments)
        #expect(outcome.status == .success)
        let svg = outcome.stdout
        #expect(svg.components(separatedBy: "data-fallbacks=\"TypefitGothic-Regular\"").count - 1 == 2)
        #expect(svg.components(separatedBy: "· fallback: TypefitGothic-Regular · 1 missing").count - 1 == 2)
        #expect(svg.components(separatedBy: "data-missing=\"true\"").count - 1 == 2)
        #expect(!svg.contains("g0\""), "no .notdef outline is drawn")
        // The fallback's own outlines are there, under their own key.
        #expect(svg.contains("<path id=\"f1g"))
        let warnings = outcome.stderr.split(separator: "\n")
        #expect(warnings.filter { $0.contains("drawn with fallback TypefitGothic-Regular") }.count == 2)
        #expect(warnings.filter { $0.contains("1 character of the sample in no installed face") }.count == 2)
        // The same line count as fit reports for the same text, face and width.
        let fit = TypefitCommand.run(
            [
                "fit", "Hi 日本 \u{0E01}", "--font", "TypefitSans-Regular", "--style", "body", "--category",
                "large", "--width", "200", "--format", "json",
            ] + Self.config, context: RunContext())
        let object = try JSONSerialization.jsonObject(with: Data(fit.stdout.utf8)) as? [String: Any]
        let lines = try #require(
            ((object?["results"] as? [[String: Any]])?.first?["lines"] as? [String: Int])?["large"])
        #expect(svg.contains(">\(lines) line\(lines == 1 ? "" : "s") · fallback"))
        #expect(run(arguments + ["--strict"]).status == .problemFound)
    }

    /// The sample's placeholders are replaced as measure and fit replace them.
    @Test func placeholdersInTheSample() {
        let base =
            ["specimen", "--font", "TypefitSans-Regular", "--style", "body", "--category", "large"] + Self.config
        let given = run(base + ["--text", "Hi %@", "--sample", "%@=Zoe"])
        #expect(
            given.status == .success && given.stderr.isEmpty && given.stdout.contains("<desc>typefit specimen: Hi Zoe ")
        )
        let defaulted = run(base + ["--text", "Hi %@"])
        #expect(defaulted.stdout.contains("Hi Maximilianus") && defaulted.stderr.contains("%@ as 'Maximilianus'"))
    }

    @Test func unwritableOutputIsAnError() {
        let missing = Fixtures.temporaryDirectory("specimen-missing").appendingPathComponent("dir").path
        let outcome = run(Self.arguments + ["--output", missing + "/s.svg"])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("typefit: error: \(missing)/s.svg: the folder \(missing) does not exist"))
    }

    @Test(arguments: [
        ["specimen", "--platform", "android", "--target-sdk", "x"], ["specimen", "--font", "A", "--format", "json"],
        ["specimen", "--font", "A", "--width", "-1"],
        ["specimen", "--font", "A", "stray"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(run(arguments).status == .usage, "\(arguments)")
    }
}

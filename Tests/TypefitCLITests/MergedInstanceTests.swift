import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import TypefitCLI

/// A named instance at the font's default coordinates, with a PostScript
/// name of its own (Fraunces's Black): fontconfig merges it into the
/// default face (fc-scan lists no face for it, checked here), Core Text
/// registers it under its name; typefit lists it and measures with it.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct MergedInstanceTests {
    static let file = Fixtures.root.appendingPathComponent("instances/TypefitMerged-VF.ttf")

    @Test func fontconfigMergesTheInstance() throws {
        let result = try #require(
            try BinaryRunner.runTool("fc-scan", ["--format", "%{index}\\n", Self.file.path]))
        let indices = result.stdout.split(separator: "\n").map(String.init)
        #expect(!indices.contains(String(2 << 16)), "\(indices)")
        #expect(indices.contains(String(1 << 16)))
    }

    @Test func typefitListsItUnderItsOwnName() throws {
        let outcome = TypefitCommand.run(["list-fonts", "--dir", Self.file.path, "--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let faces = try #require((object?["families"] as? [[String: Any]])?.first?["faces"] as? [[String: Any]])
        let black = try #require(faces.first { $0["postscriptName"] as? String == "TypefitMerged-Black" })
        #expect(black["namedInstance"] as? Int == 2)
        #expect(black["style"] as? String == "Black")
        #expect(faces.contains { $0["postscriptName"] as? String == "TypefitMerged-9ptBlack" })
    }

    @Test func itMeasuresAsHarfBuzzDrawsTheInstance() throws {
        let outcome = TypefitCommand.run(
            [
                "measure", "AB", "--font", "TypefitMerged-Black", "--fonts-dir",
                Self.file.deletingLastPathComponent().path,
            ]
                + ["--no-installed-fonts", "--style", "body", "--category", "large", "--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let width = try #require((object?["measurements"] as? [[String: Any]])?.first?["width"] as? Double)
        let shaped = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", "--variations=wght=900", Self.file.path, "AB"],
                environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(shaped.stdout.utf8)) as? [[String: Any]])
        let units = Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) })
        #expect(abs(width - units / 1000 * 17) < 0.001, "\(width) vs \(units / 1000 * 17)")
    }
}

import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import TypefitCLI

/// Fallback as iOS picks it: a script the face lacks is drawn in iOS's face
/// for it when it is there (Thonburi for Thai), else in its open stand-in
/// (Noto Sans Thai), before fontconfig's own order (which puts Typefit
/// Script first: checked with fc-match -s, not typefit); each fallback
/// says which it is. Widths from hb-shape on the face expected.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct CascadeTests {
    static let text = Fixtures.root.appendingPathComponent("text")
    static let ios = Fixtures.root.appendingPathComponent("cascade/ios")
    static let standIn = Fixtures.root.appendingPathComponent("cascade/stand-in")
    static let both = Fixtures.fontconfigFile("cascade-both", directories: [Fixtures.fonts, text, ios, standIn])
    static let standInOnly = Fixtures.fontconfigFile("cascade-stand-in", directories: [Fixtures.fonts, text, standIn])
    static let thai = "สวัสดีครับ"

    /// hb-shape's advance of `text` in `file`, in ems (1000 units per em).
    func ems(_ text: String, _ file: URL) throws -> Double {
        let result = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", file.path, text], environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }) / 1000
    }

    @Test(arguments: [both, standInOnly])
    func fontconfigPutsAnotherThaiFaceFirst(config: String) throws {
        let result = try #require(
            try BinaryRunner.runTool(
                "fc-match", ["-s", "Typefit Sans:lang=th", "family"], environment: ["FONTCONFIG_FILE": config]))
        let families = result.stdout.split(separator: "\n").map(String.init)
        let script = try #require(families.firstIndex(of: "Typefit Script"))
        for named in ["Thonburi", "Noto Sans Thai"] {
            if let index = families.firstIndex(of: named) { #expect(script < index, "\(families)") }
        }
    }

    @Test(arguments: [
        (both, "Thonburi", "ios", "Thonburi.ttf"),
        (standInOnly, "NotoSansThai-Regular", "stand-in", "NotoSansThai-Regular.ttf"),
    ])
    func thaiGoesToIOSFaceElseTheStandIn(config: String, face: String, role: String, file: String) throws {
        let outcome = TypefitCommand.run(
            ["measure", Self.thai, "--style", "body", "--category", "large", "--font", "TypefitSans-Regular"]
                + ["--language", "th", "--fontconfig-file", config, "--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let row = try #require((object?["measurements"] as? [[String: Any]])?.first)
        let fallbacks = try #require(row["fallbacks"] as? [[String: Any]])
        #expect(fallbacks.compactMap { $0["postscriptName"] as? String } == [face])
        #expect(fallbacks.compactMap { $0["cascade"] as? String } == [role])
        let folder = role == "ios" ? Self.ios : Self.standIn
        let expected = try ems(Self.thai, folder.appendingPathComponent(file)) * 17
        let width = try #require(row["width"] as? Double)
        #expect(abs(width - expected) < 0.001, "\(width) vs \(expected)")
    }

    static let khmer = Fixtures.root.appendingPathComponent("cascade/khmer")
    static let khmerConfig = Fixtures.fontconfigFile("cascade-khmer", directories: [Fixtures.fonts, khmer])

    /// iOS's Khmer face (Khmer Sangam MN) has a regular weight only
    /// (IOSCascade's sources), so a run in a bold face falls back to it at
    /// regular: its stand-in is measured at Regular, not Bold (the nearest
    /// to the run's weight), and says so. Widths: hb-shape on that file.
    @Test(arguments: ["TypefitSans-Bold", "TypefitSans-Regular"])
    func aStandInIsMeasuredAtTheWeightIOSsFaceHas(face: String) throws {
        let text = "\u{1780}\u{1781}\u{1782}\u{1783}"
        let outcome = TypefitCommand.run(
            ["measure", text, "--style", "body", "--category", "large", "--font", face, "--language", "km"]
                + ["--fontconfig-file", Self.khmerConfig, "--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let row = try #require((object?["measurements"] as? [[String: Any]])?.first)
        let fallback = try #require((row["fallbacks"] as? [[String: Any]])?.first)
        #expect(fallback["postscriptName"] as? String == "NotoSansKhmer-Regular")
        #expect(fallback["cascade"] as? String == "stand-in")
        #expect(fallback["standsInFor"] as? String == "Khmer Sangam MN Regular")
        let expected = try ems(text, Self.khmer.appendingPathComponent("NotoSansKhmer-Regular.ttf")) * 17
        let bold = try ems(text, Self.khmer.appendingPathComponent("NotoSansKhmer-Bold.ttf")) * 17
        let width = try #require(row["width"] as? Double)
        #expect(abs(width - expected) < 0.001 && abs(width - bold) > 1, "\(width) vs \(expected), bold \(bold)")
    }
}

import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI
@testable import TypefitCore

/// Android's system fonts with no face named: Roboto, then the chain of
/// `font_fallback.xml` in the order Minikin tries it for the text's
/// language (`FontCollection.cpp`, whose scoring `MinikinFontSelectionTests`
/// checks against AOSP's own tests): Arabic in Noto Naskh Arabic from
/// target SDK 35 (elegantTextHeight on), its compact UI twin below; Han in
/// the CJK face of the language, Simplified Chinese's with none (the CJK
/// families tie and file order decides, AOSP's font_fallback.xml). The
/// fixture fonts are named as a device's (`Fixtures/android/fonts`).
@Suite struct AndroidSystemFontTests {
    static let fonts = Fixtures.root.appendingPathComponent("android/fonts").path

    static func measure(_ text: String, _ extra: [String], platform: String = "android") throws -> (
        json: [String: Any], outcome: Outcome
    ) {
        let outcome = TypefitCommand.run(
            [
                "measure", text, "--platform", platform, "--style", "titleLarge", "--font-scale", "1", "--format",
                "json", "--fontconfig-file", Fixtures.fontconfigFile,
            ] + extra, context: RunContext())
        let json = (try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]) ?? [:]
        return (json, outcome)
    }

    /// The row's face and its fallbacks' PostScript names and cascades.
    static func faces(_ json: [String: Any]) throws -> (face: String?, fallbacks: [String], cascades: [String]) {
        let row = try #require((json["measurements"] as? [[String: Any]])?.first)
        let fallbacks = row["fallbacks"] as? [[String: Any]] ?? []
        return (
            row["postscriptName"] as? String, fallbacks.compactMap { $0["postscriptName"] as? String },
            fallbacks.compactMap { $0["cascade"] as? String }
        )
    }

    @Test func aDevicesFontsByLanguageAndTargetSdk() throws {
        let device = ["--android-fonts", Self.fonts]
        let arabic = "ab \u{0644}\u{0645}"
        let (json, outcome) = try Self.measure(arabic, device)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(json["systemFont"] as? String == "android")
        let faces = try Self.faces(json)
        #expect(faces.face == "Roboto-Regular")
        #expect(faces.fallbacks == ["NotoNaskhArabic-Regular"] && faces.cascades == ["android"])
        let compact = try Self.faces(Self.measure(arabic, device + ["--target-sdk", "34"]).json)
        #expect(compact.fallbacks == ["NotoNaskhArabicUI-Regular"])
        let han = "ab \u{65E5}\u{672C}"
        for (language, face) in [
            (nil, "NotoSansCJKsc-Regular"), ("ja", "NotoSansCJKjp-Regular"), ("zh-TW", "NotoSansCJKtc-Regular"),
            ("ko", "NotoSansCJKkr-Regular"), ("zh-Hans", "NotoSansCJKsc-Regular"),
        ] {
            let chosen = try Self.faces(Self.measure(han, device + (language.map { ["--language", $0] } ?? [])).json)
            #expect(chosen.fallbacks == [face], "\(language ?? "no language")")
        }
    }

    /// Flutter on Android: the same families in the order Skia's
    /// `SkFontMgr_Android::onMatchFamilyStyleCharacter` tries them (the
    /// elegant ones first whatever the target, so `--target-sdk` is
    /// refused; a family whose `lang` starts with the locale's tag, then
    /// with its parents', as written, then file order). Expectations by
    /// that algorithm over AOSP's font_fallback.xml: `zh-TW` has no family
    /// of its own tag and reaches `zh`, whose first family is Simplified
    /// Chinese's, where Minikin's likely subtags give Traditional.
    @Test func flutterFallsBackInSkiasOrder() throws {
        let device = ["--android-fonts", Self.fonts]
        func measure(_ text: String, _ extra: [String] = []) throws -> (json: [String: Any], outcome: Outcome) {
            try Self.measure(text, device + extra, platform: "flutter-android")
        }
        let arabic = try Self.faces(measure("ab \u{0644}\u{0645}").json)
        #expect(arabic.face == "Roboto-Regular")
        #expect(arabic.fallbacks == ["NotoNaskhArabic-Regular"])
        let refused = try measure("ab", ["--target-sdk", "34"]).outcome
        #expect(refused.status == .usage)
        #expect(refused.stderr.contains("'--target-sdk' applies to --platform android"))
        let han = "ab \u{65E5}\u{672C}"
        for (language, face) in [
            (nil, "NotoSansCJKsc-Regular"), ("ja", "NotoSansCJKjp-Regular"), ("ja-JP", "NotoSansCJKjp-Regular"),
            ("zh-TW", "NotoSansCJKsc-Regular"), ("zh-Hant-TW", "NotoSansCJKtc-Regular"),
            ("ko", "NotoSansCJKkr-Regular"),
        ] {
            let chosen = try Self.faces(measure(han, language.map { ["--language", $0] } ?? []).json)
            #expect(chosen.fallbacks == [face], "\(language ?? "no language")")
        }
    }

    /// A script of the chain's single-font families (Tifinagh, `und-Tfng`)
    /// in its Noto font, though another font of the folder has it and
    /// fontconfig's order puts that one first (as DejaVu Sans before Noto
    /// Sans Tifinagh on Debian: NewPipe's `values-ber` measured 15 % too
    /// wide). Its width is the Noto file's advances, as hb-shape gives
    /// them.
    @Test(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
    func aRareScriptIsInItsNotoFont() throws {
        let text = "\u{2D30}\u{2D63}\u{2D53}\u{2D4D}"
        let (json, outcome) = try Self.measure(text, ["--android-fonts", Self.fonts])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let faces = try Self.faces(json)
        #expect(faces.fallbacks == ["NotoSansTifinagh-Regular"], "\(faces)")
        let run = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", "\(Self.fonts)/NotoSansTifinagh-Regular.ttf", text],
                environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let units = glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
        let row = try #require((json["measurements"] as? [[String: Any]])?.first)
        let width = try #require(row["width"] as? Double)
        #expect(abs(width - Double(units) / 1000 * 22) < 0.001, "\(width) against hb-shape's \(units)")
    }

    /// The width is the sum of each run's advances in its face, as
    /// hb-shape gives them: Roboto's Latin and the Naskh face's Arabic.
    @Test(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
    func widthsAreTheFacesOwn() throws {
        func units(_ file: String, _ text: String) throws -> Int {
            let run = try #require(
                try BinaryRunner.runTool(
                    "hb-shape", ["--output-format=json", "\(Self.fonts)/\(file)", text],
                    environment: ["LC_ALL": "C.UTF-8"]))
            let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
            return glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
        }
        let (json, _) = try Self.measure("ab \u{0644}\u{0645}", ["--android-fonts", Self.fonts])
        let row = try #require((json["measurements"] as? [[String: Any]])?.first)
        let width = try #require(row["width"] as? Double)
        let expected =
            Double(try units("Roboto-Regular.ttf", "ab ") + units("NotoNaskhArabic-Regular.ttf", "\u{0644}\u{0645}"))
            / 1000 * 22
        #expect(abs(width - expected) < 0.001, "\(width) against \(expected)")
    }

    /// Installed fonts of the same families stand in for a device's, and
    /// say so; a title role is set at Roboto's Medium.
    @Test func installedFontsStandIn() throws {
        let (json, outcome) = try Self.measure("ab \u{0644}\u{0645}", ["--fonts-dir", Self.fonts])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(json["systemFont"] as? String == "stand-in")
        let faces = try Self.faces(json)
        #expect(faces.face == "Roboto-Regular" && faces.cascades == ["stand-in"])
        let label = TypefitCommand.run(
            [
                "measure", "ab", "--platform", "android", "--style", "labelLarge", "--font-scale", "1", "--format",
                "json", "--fonts-dir", Self.fonts, "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        #expect(label.stdout.contains("\"Roboto-Medium\""))
    }

    @Test func withoutRobotoTheRunStops() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-no-roboto-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        // A folder of fonts, none of them Roboto.
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Regular.ttf"),
            to: empty.appendingPathComponent("TypefitSans-Regular.ttf"))
        let (_, outcome) = try Self.measure("ab", ["--android-fonts", empty.path])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("Android's system font, Roboto (Roboto-Regular.ttf), is not in"))
        // Installed fonts without Roboto (the fixture configuration's).
        let (_, installed) = try Self.measure("ab", [])
        #expect(installed.status == .cannotRun)
        #expect(installed.stderr.contains("apt-get install fonts-roboto-unhinted"))
    }
}

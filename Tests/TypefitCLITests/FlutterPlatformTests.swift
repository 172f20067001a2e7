import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// `--platform flutter-ios` and `flutter-android`: sizes as Flutter's
/// framework and embedders make them, text as its engine (SkParagraph)
/// lays it out. Oracles: the engine's and framework's own numbers
/// (flutter/flutter @ 79557800, cited per test), Android's converter (its
/// own tests check it against AOSP), hb-shape's advances.
@Suite struct FlutterPlatformTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let outcome = TypefitCommand.run(arguments + ["--format", "json"], context: RunContext())
        #expect(outcome.status == .success, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    static func sizes(_ arguments: [String]) throws -> [[String: Any]] {
        try #require(try json(["scale"] + arguments)["sizes"] as? [[String: Any]])
    }

    /// `FlutterViewController.mm:1814–1835`: the body size per category,
    /// the text scale being it over 17; every style scales by it
    /// (`TextScaler.linear`), its height with it, its letter spacing not
    /// (`text_style.dart:1346–1366`). bodyMedium is 14 / 1.43 / 0.25,
    /// titleLarge 22 / 1.27 / 0 (`typography.dart:2087–2152`).
    @Test func iosScalesEveryStyleByTheEmbeddersFactor() throws {
        let body: [String: Double] = [
            "extraSmall": 14, "small": 15, "medium": 16, "large": 17, "extraLarge": 19, "extraExtraLarge": 21,
            "extraExtraExtraLarge": 23, "accessibilityMedium": 28, "accessibilityLarge": 33,
            "accessibilityExtraLarge": 40, "accessibilityExtraExtraLarge": 47,
            "accessibilityExtraExtraExtraLarge": 53,
        ]
        let rows = try Self.sizes(["--platform", "flutter-ios", "--style", "bodyMedium,titleLarge"])
        #expect(rows.count == 24)
        for row in rows {
            let category = try #require(row["category"] as? String)
            let style = try #require(row["style"] as? String)
            let (size, height, spacing) = style == "bodyMedium" ? (14.0, 1.43, 0.25) : (22.0, 1.27, 0.0)
            let expected = size * (try #require(body[category])) / 17
            let point = try #require(row["pointSize"] as? Double)
            #expect(abs(point - expected) < 1e-9, "\(style) \(category)")
            #expect(abs((row["lineHeight"] as? Double ?? 0) - expected * height) < 1e-9)
            #expect(row["letterSpacing"] as? Double == spacing)
        }
    }

    /// On Android, Flutter before 3.35 multiplies by the font scale; from
    /// 3.35 (#159999) on Android 14 and later it asks Android's converter
    /// (`FlutterJNI.getScaledFontSize` is `TypedValue.applyDimension`),
    /// the sizes `--platform android` gives the same sp.
    @Test func androidFollowsTheReleaseAndTheVersion() throws {
        func bodyLarge(_ extra: [String]) throws -> Double {
            let rows = try Self.sizes(
                ["--platform", "flutter-android", "--style", "bodyLarge", "--font-scale", "2"] + extra)
            return try #require(rows.first?["dp"] as? Double)
        }
        #expect(try bodyLarge(["--flutter-version", "3.32"]) == 32)
        // The document says which release and model made the sizes.
        let document = try Self.json(
            ["scale", "--platform", "flutter-android", "--style", "bodyLarge", "--flutter-version", "3.32"])
        #expect(document["flutterVersion"] as? String == "3.32" && document["model"] as? String == "linear")
        #expect(try bodyLarge(["--flutter-version", "3.35", "--android-version", "13"]) == 32)
        let android = try #require(
            try Self.sizes([
                "--platform", "android", "--style", "bodyLarge", "--font-scale", "2", "--android-version", "14",
            ])
            .first?["dp"] as? Double)
        #expect(android < 32)
        #expect(try bodyLarge(["--flutter-version", "3.35.1", "--android-version", "14"]) == android)
    }
}

/// Text as SkParagraph sets it, against hb-shape's advances of the
/// fixture face.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct FlutterLayoutTests {
    static let font = Fixtures.root.appendingPathComponent("fonts/TypefitSans-Regular.ttf").path

    /// hb-shape's advance sum (1000 units per em) and glyph count.
    static func shaped(_ text: String) throws -> (em: Double, glyphs: Int) {
        let run = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", font, text], environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        return (Double(glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }) / 1000, glyphs.count)
    }

    static func run(_ command: String, _ arguments: [String]) throws -> [String: Any] {
        let outcome = TypefitCommand.run(
            [command] + arguments + [
                "--font", "TypefitSans-Regular", "--fontconfig-file", Fixtures.fontconfigFile, "--format", "json",
            ], context: RunContext())
        #expect(outcome.status == .success || outcome.status == .problemFound, "\(outcome.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    /// `TextStyle.letterSpacing` is logical pixels after each glyph
    /// (Skia's `Run::addSpacesEvenly`), which the text scale does not
    /// scale: bodyLarge at font scale 2 (28 dp on Android 15) is 0.5 px
    /// wider per glyph, where Android's `letterSpacing` (in ems) grows to
    /// 0.875 dp. Arabic is spaced too (Minikin leaves it alone).
    @Test func letterSpacingIsUnscaledAndFollowsEveryGlyph() throws {
        for text in ["Hamburgevons", "\u{0644}\u{0645}\u{0628}\u{0647}"] {
            let shaped = try Self.shaped(text)
            let measured = try Self.run(
                "measure", ["--platform", "flutter-android", "--style", "bodyLarge", "--font-scale", "2", text])
            let row = try #require((measured["measurements"] as? [[String: Any]])?.first)
            let size = try #require(row["pointSize"] as? Double)
            #expect(size == 28)
            let width = try #require(row["width"] as? Double)
            let expected = shaped.em * size + Double(shaped.glyphs) * 0.5
            #expect(abs(width - expected) < 0.001, "\(text): \(width) against \(expected)")
        }
    }

    /// A word wider than the line: Skia's `lookAhead` cuts it on the line
    /// it starts on when two or more of its clusters fit there
    /// (`fTooLongWord`), where Minikin's greedy breaker starts it on a new
    /// line. "aa bbbbbbbbbbbb" in bodyMedium (14 px, 0.25 px per glyph) on
    /// a 60 px line: "aa " and four b's fit, the other eight the next line.
    @Test func aWordWiderThanTheLineFillsItsFirstLine() throws {
        let space = try Self.shaped("aa "), b = try Self.shaped("b")
        let start = space.em * 14 + 3 * 0.25, each = b.em * 14 + 0.25
        let onFirst = Int(((60 - start) / each).rounded(.down))
        #expect(onFirst >= 2 && Double(12 - onFirst) * each <= 60)
        func lines(_ platform: [String]) throws -> Int? {
            let json = try Self.run(
                "fit",
                platform + [
                    "--style", "bodyMedium", "--font-scale", "1", "--width", "60", "--lines", "5", "aa bbbbbbbbbbbb",
                ])
            return ((json["results"] as? [[String: Any]])?.first?["lines"] as? [String: Int])?["fontScale1"]
        }
        #expect(try lines(["--platform", "flutter-android"]) == 2)
        #expect(try lines(["--platform", "android", "--break-strategy", "simple"]) == 3)
    }

    /// `Text(softWrap: false)` (`rendering/paragraph.dart:874,949–950`):
    /// laid out at an unbounded width, so lines end only at line feeds,
    /// and a line wider than the constraint overflows it, however many
    /// lines are allowed. The widths, from hb-shape: "aa bbbb" in
    /// bodyMedium (14 px, 0.25 px per glyph) is wider than 40 px, "aa" and
    /// "bbbb" each narrower.
    @Test func softWrapOffBreaksOnlyAtLineFeeds() throws {
        let wide = try Self.shaped("aa bbbb"), a = try Self.shaped("aa"), b = try Self.shaped("bbbb")
        #expect(wide.em * 14 + 7 * 0.25 > 40)
        #expect(a.em * 14 + 2 * 0.25 < 40 && b.em * 14 + 4 * 0.25 < 40)
        func results(_ extra: [String]) throws -> (json: [String: Any], rows: [(Int?, Bool?)]) {
            let json = try Self.run(
                "fit",
                [
                    "--platform", "flutter-android", "--style", "bodyMedium", "--font-scale", "1", "--width", "40",
                    "--lines", "3", "aa bbbb", "aa\nbbbb",
                ] + extra)
            let rows = (json["results"] as? [[String: Any]] ?? []).map {
                (($0["lines"] as? [String: Int])?["fontScale1"], ($0["overflows"] as? [String: Bool])?["fontScale1"])
            }
            return (json, rows)
        }
        let wrapped = try results([])
        #expect(wrapped.json["softWrap"] as? Bool == true)
        #expect(wrapped.rows.map(\.0) == [2, 2] && wrapped.rows.map(\.1) == [false, false])
        let unwrapped = try results(["--no-soft-wrap"])
        #expect(unwrapped.json["softWrap"] as? Bool == false)
        #expect(unwrapped.rows.map(\.0) == [1, 2] && unwrapped.rows.map(\.1) == [true, false])
        #expect(unwrapped.json["failing"] as? Int == 0)
        let failing = TypefitCommand.run(
            [
                "fit", "aa bbbb", "--platform", "flutter-android", "--style", "bodyMedium", "--font-scale", "1",
                "--width", "40", "--lines", "3", "--require", "1", "--no-soft-wrap", "--font", "TypefitSans-Regular",
                "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        #expect(failing.status == .problemFound)
        #expect(
            failing.stderr.contains("a line is wider than the 40 dp width, and softWrap is off"), "\(failing.stderr)")
        // review draws the line whole, past the width (one line, marked
        // overflowing: `o0-7`), not cut as wrapped text would be.
        let page = TypefitCommand.run(
            [
                "review", "aa bbbb", "--platform", "flutter-android", "--style", "bodyMedium", "--font-scale", "1",
                "--width", "40", "--lines", "3", "--require", "1", "--no-soft-wrap", "--font", "TypefitSans-Regular",
                "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        #expect(page.stdout.contains(#"data-samples="0:1:fo:o0-7""#), "\(page.stderr)")
        let refused = TypefitCommand.run(["fit", "x", "--style", "body", "--width", "40", "--no-soft-wrap"])
        #expect(refused.status == .usage)
    }

    /// Cupertino's text theme (`cupertino/text_theme.dart:19–123`): sizes,
    /// letter spacing and weights as the source has them, no `height` (the
    /// font's metrics make the line: null in JSON, "font" in the table),
    /// scaled by the same text scale; asked for by name, the default set
    /// stays Material 3's roles.
    @Test func cupertinoStylesAreTheTextThemes() throws {
        let expected: [String: (size: Double, spacing: Double, weight: String)] = [
            "textStyle": (17, -0.41, "400"), "actionTextStyle": (17, -0.41, "400"),
            "actionSmallTextStyle": (15, -0.23, "400"), "tabLabelTextStyle": (10, -0.24, "500"),
            "navTitleTextStyle": (17, -0.41, "600"), "navLargeTitleTextStyle": (34, 0.38, "700"),
            "pickerTextStyle": (21, -0.6, "400"), "dateTimePickerTextStyle": (21, 0.4, "400"),
        ]
        let rows = try FlutterPlatformTests.sizes(
            [
                "--platform", "flutter-ios", "--style", expected.keys.sorted().joined(separator: ","), "--category",
                "AX5",
            ])
        #expect(rows.count == 8)
        for row in rows {
            let style = try #require(row["style"] as? String)
            let want = try #require(expected[style])
            #expect(abs((row["pointSize"] as? Double ?? 0) - want.size * 53 / 17) < 1e-9, "\(style)")
            #expect(row["letterSpacing"] as? Double == want.spacing)
            #expect(row["weight"] as? String == want.weight)
            #expect(row["lineHeight"] is NSNull, "\(style)")
        }
        let all = try FlutterPlatformTests.sizes(["--platform", "flutter-android", "--font-scale", "1"])
        #expect(all.count == 15 && !all.contains { ($0["style"] as? String) == "textStyle" })
        // Exports that need a line height say why they cannot be made.
        let swift = TypefitCommand.run(
            ["scale", "--platform", "flutter-ios", "--style", "textStyle", "--format", "swift"], context: RunContext())
        #expect(swift.status == .usage && swift.stderr.contains("textStyle set none"))
        // In fit, the style's letter spacing is Flutter's: -0.41 px after
        // each glyph at 17 px (Large).
        let text = "Hamburgevons"
        let shaped = try Self.shaped(text)
        let measured = try Self.run(
            "measure", ["--platform", "flutter-ios", "--style", "textStyle", "--category", "large", text])
        let width = try #require((measured["measurements"] as? [[String: Any]])?.first?["width"] as? Double)
        #expect(abs(width - (shaped.em * 17 - Double(shaped.glyphs) * 0.41)) < 0.001)
    }

    /// `TextScaler.clamp` (`painting/text_scaler.dart:62–75,134–150`): the
    /// scaled size is held within min × size … max × size, on either host,
    /// and whatever scaled it (the linear factor or Android's curve).
    @Test func textScaleClampHoldsTheScaledSize() throws {
        let ios = try FlutterPlatformTests.sizes(
            [
                "--platform", "flutter-ios", "--style", "navTitleTextStyle", "--category", "xSmall,large,AX5",
                "--minimum-text-scale", "1", "--maximum-text-scale", "1.235",
            ])
        #expect(ios.map { $0["pointSize"] as? Double } == [17, 17, 17 * 1.235])
        let android = try FlutterPlatformTests.json(
            [
                "scale", "--platform", "flutter-android", "--style", "bodyLarge", "--font-scale", "1.3,2",
                "--maximum-text-scale", "1.5",
            ])
        let dp = (android["sizes"] as? [[String: Any]])?.map { $0["dp"] as? Double }
        // 16 sp at 1.3 is 20.8 dp by Android 15's curve, under 24 (1.5 × 16).
        #expect(dp?.last == 24 && (dp?.first ?? 0) ?? 0 < 24)
        #expect(android["maximumTextScale"] as? Double == 1.5)
        let inverted = TypefitCommand.run(
            ["scale", "--platform", "flutter-ios", "--minimum-text-scale", "2", "--maximum-text-scale", "1"],
            context: RunContext())
        #expect(inverted.status == .usage && inverted.stderr.contains("is above"))
        let elsewhere = TypefitCommand.run(
            ["scale", "--platform", "android", "--maximum-text-scale", "1"], context: RunContext())
        #expect(elsewhere.status == .usage)
    }
}

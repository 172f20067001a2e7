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
            (["--style", "body", "--width", "90px"], "must be a width greater than 0 and at most 100,000"),
            (["--style", "body", "--width", "200000"], "must be a width greater than 0 and at most 100,000"),
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

/// Material 3's letter spacing as Android applies it, against hb-shape's
/// advances of the same file: each character of a role's text gets the
/// role's tracking (bodyLarge 0.5 sp at 16 sp, bodyMedium 0.2 sp at 14),
/// none in Arabic or Devanagari, and optional ligatures are off beyond
/// 0.03 em (Minikin's `cleanAndAddDefaultFontFeatures`): bodyLarge's "fi"
/// is two glyphs, bodyMedium's one.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct AndroidLetterSpacingTests {
    static let font = Fixtures.root.appendingPathComponent("text/TypefitScript-Regular.ttf").path

    /// hb-shape's glyphs of `text`: advance sum (font units, 1000 per em)
    /// and count.
    static func shaped(_ text: String, features: String? = nil) throws -> (units: Int, glyphs: Int) {
        let arguments = ["--output-format=json"] + (features.map { ["--features=\($0)"] } ?? []) + [font, text]
        let run = try #require(try BinaryRunner.runTool("hb-shape", arguments, environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        return (glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }, glyphs.count)
    }

    static func width(_ text: String, style: String) throws -> Double {
        let outcome = TypefitCommand.run(
            [
                "measure", text, "--platform", "android", "--style", style, "--font-scale", "1", "--font",
                "TypefitScript-Regular", "--fonts-dir", Fixtures.root.appendingPathComponent("text").path,
                "--format", "json", "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let row = try #require((json["measurements"] as? [[String: Any]])?.first)
        return try #require(row["width"] as? Double)
    }

    @Test func latinIsSpacedAndLosesItsLigatures() throws {
        let text = "fi AV"
        let unligated = try Self.shaped(text, features: "-liga,-clig")
        let ligated = try Self.shaped(text)
        // The fixture's fi ligature: one glyph fewer with liga on.
        #expect(ligated.glyphs == unligated.glyphs - 1)
        // bodyLarge: 0.5 / 16 = 0.03125 em, over 0.03: no ligature, 5
        // characters spaced 0.5 dp each.
        let large = try Self.width(text, style: "bodyLarge")
        #expect(abs(large - (Double(unligated.units) / 1000 * 16 + 5 * 0.5)) < 0.001, "\(large)")
        // bodyMedium: 0.2 / 14 em: the ligature kept, 4 clusters spaced.
        let medium = try Self.width(text, style: "bodyMedium")
        #expect(abs(medium - (Double(ligated.units) / 1000 * 14 + 4 * 0.2)) < 0.001, "\(medium)")
        // titleLarge has no tracking.
        let title = try Self.width(text, style: "titleLarge")
        #expect(abs(title - Double(ligated.units) / 1000 * 22) < 0.001, "\(title)")
    }

    @Test func arabicAndDevanagariAreNotSpaced() throws {
        for text in ["\u{0644}\u{0645}\u{0628}\u{0647}", "\u{0928}\u{092E}\u{0938}\u{0924}"] {
            let shaped = try Self.shaped(text, features: "-liga,-clig")
            let width = try Self.width(text, style: "bodyLarge")
            #expect(abs(width - Double(shaped.units) / 1000 * 16) < 0.001, "\(text): \(width)")
        }
    }

    /// Minikin lays text out a piece at a time (a space is a piece of its
    /// own, `getNextWordBreakForCache`) and spaces each piece's script
    /// runs unless their letters join (`LayoutCore`'s `getScriptRun`,
    /// `isScriptOkForLetterspacing`): in Arabic and Hindi strings the
    /// spaces and a number standing alone are spaced, the words and a
    /// number written against a word are not. hb-shape gives the advances
    /// (ligatures off, as beyond 0.03 em); bodyLarge adds 0.5 dp per
    /// spaced character.
    @Test func spacesAndNumbersInArabicAndHindiAreSpaced() throws {
        let cases: [(text: String, spaced: Int)] = [
            // A word, a space, a number: the space and both digits.
            ("\u{0644}\u{0645}\u{0628}\u{0647} 12", 3),
            // The number written against the word: one Arabic run.
            ("\u{0644}\u{0645}\u{0628}\u{0647}12", 0),
            // Two words: the space between them.
            ("\u{0644}\u{0645} \u{0628}\u{0647}", 1),
            ("\u{0928}\u{092E}\u{0938} 7", 2),
            // Latin in the same string is spaced as ever.
            ("\u{0928}\u{092E}\u{0938} AV", 3),
        ]
        for (text, spaced) in cases {
            let shaped = try Self.shaped(text, features: "-liga,-clig")
            let width = try Self.width(text, style: "bodyLarge")
            let expected = Double(shaped.units) / 1000 * 16 + Double(spaced) * 0.5
            #expect(abs(width - expected) < 0.001, "\(text): \(width) against \(expected)")
        }
    }

    /// Letter spacing across fallback runs: a string alternating the
    /// face's Latin and its fallback's CJK (Typefit Gothic) is, repeated
    /// 300 times (600 fallback runs), exactly 300 times as wide: each run
    /// spaced once, none skipped or spaced twice. (Its grapheme starts were
    /// found once per run, which made a 40,000-character string take 3 s.)
    @Test func fallbackRunsAreEachSpacedOnce() throws {
        func measured(_ text: String) throws -> (width: Double, fallback: Int) {
            let outcome = TypefitCommand.run(
                [
                    "measure", text, "--platform", "android", "--style", "bodyLarge", "--font-scale", "1", "--font",
                    "TypefitSans-Regular", "--format", "json", "--fontconfig-file", Fixtures.fontconfigFile,
                ], context: RunContext())
            #expect(outcome.status == .success, "\(outcome.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let row = try #require((json["measurements"] as? [[String: Any]])?.first)
            let fallbacks = row["fallbacks"] as? [[String: Any]] ?? []
            return (try #require(row["width"] as? Double), fallbacks.reduce(0) { $0 + ($1["characters"] as? Int ?? 0) })
        }
        let unit = try measured("ab\u{65E5}\u{672C}")
        // hb-shape's advances of each run in its own face (1000 units per
        // em, 16 sp), and bodyLarge's 0.5 dp after each of 4 characters.
        func units(_ face: String, _ text: String) throws -> Int {
            let file = Fixtures.root.appendingPathComponent("fonts/\(face).ttf").path
            let run = try #require(
                try BinaryRunner.runTool(
                    "hb-shape", ["--output-format=json", file, text], environment: ["LC_ALL": "C.UTF-8"]))
            let glyphs = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
            return glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
        }
        let shaped = try units("TypefitSans-Regular", "ab") + units("TypefitGothic-Regular", "\u{65E5}\u{672C}")
        #expect(abs(unit.width - (Double(shaped) / 1000 * 16 + 4 * 0.5)) < 0.001, "\(unit.width) against hb-shape")
        let long = try measured(String(repeating: "ab\u{65E5}\u{672C}", count: 300))
        #expect(unit.fallback == 2 && long.fallback == 600)
        // Unspaced, the unit would be narrower by 4 × 0.5 dp.
        let unspaced = try Self.unspacedWidth("ab\u{65E5}\u{672C}")
        #expect(abs(unit.width - unspaced - 4 * 0.5) < 0.001, "\(unit.width) \(unspaced)")
        #expect(abs(long.width - 300 * unit.width) < 0.01, "\(long.width) against 300 × \(unit.width)")
    }

    /// `text`'s width in titleLarge's size ratio brought to bodyLarge's
    /// 16 sp: titleLarge (22 sp) has no letter spacing.
    static func unspacedWidth(_ text: String) throws -> Double {
        let outcome = TypefitCommand.run(
            [
                "measure", text, "--platform", "android", "--style", "titleLarge", "--font-scale", "1", "--font",
                "TypefitSans-Regular", "--format", "json", "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let row = try #require((json["measurements"] as? [[String: Any]])?.first)
        return try #require(row["width"] as? Double) / 22 * 16
    }

    /// A line does not count its letter spacing at its edges: a string
    /// exactly as wide as the line with it, less one spacing, fits.
    @Test func aLineCountsOneSpacingLess() throws {
        let text = "AVAV AVAV"
        let large = try Self.width(text, style: "bodyLarge")
        func lines(_ width: Double) throws -> Int? {
            let outcome = TypefitCommand.run(
                [
                    "fit", text, "--platform", "android", "--style", "bodyLarge", "--font-scale", "1", "--font",
                    "TypefitScript-Regular", "--fonts-dir", Fixtures.root.appendingPathComponent("text").path,
                    "--width", "\(width)", "--lines", "5", "--format", "json", "--fontconfig-file",
                    Fixtures.fontconfigFile,
                ], context: RunContext())
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let result = try #require((json["results"] as? [[String: Any]])?.first)
            return (result["lines"] as? [String: Int])?.values.first
        }
        #expect(try lines(large - 0.5 + 0.01) == 1)
        #expect(try lines(large - 0.5 - 0.01) == 2)
    }
}

/// Runic, Old Italic and Old Hungarian are written either way
/// (`hb_script_get_horizontal_direction` has no answer): shaped left to
/// right as hb-shape and Android's bidi level shape them. They measured 0
/// wide with no missing glyph reported; in a face that lacks them they are
/// missing, at the width of its .notdef glyph, as hb-shape gives it.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct ScriptsWrittenEitherWayTests {
    @Test func lettersOfEitherDirectionAreShaped() throws {
        let file = Fixtures.root.appendingPathComponent("fonts/TypefitSans-Regular.ttf").path
        for text in ["a\u{16A0}b", "a\u{10300}b", "a\u{10C80}b"] {
            let run = try #require(
                try BinaryRunner.runTool(
                    "hb-shape", ["--output-format=json", file, text], environment: ["LC_ALL": "C.UTF-8"]))
            let glyphs = try #require(
                try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
            #expect(glyphs.count == 3 && glyphs[1]["g"] as? String == ".notdef", "\(run.stdout)")
            let units = glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
            let outcome = TypefitCommand.run(
                [
                    "measure", text, "--platform", "android", "--style", "titleLarge", "--font-scale", "1",
                    "--font", "TypefitSans-Regular", "--format", "json", "--fontconfig-file",
                    Fixtures.fontconfigFile,
                ], context: RunContext())
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let row = try #require((json["measurements"] as? [[String: Any]])?.first)
            #expect(row["missingGlyphs"] as? Int == 1, "\(text): \(row)")
            let width = try #require(row["width"] as? Double)
            #expect(abs(width - Double(units) / 1000 * 22) < 0.001, "\(text): \(width) against hb-shape's \(units)")
        }
    }
}

/// A face that maps a letter to a glyph with no outline and no advance (as
/// fonts map scripts they do not draw) does not draw it: the letter is
/// missing, never measured 0 wide in silence; a mark's zero advance is its
/// right. The fixture maps Runic ᚠ ᚢ ᚦ so; hb-shape gives them 0.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct BlankGlyphTests {
    @Test func aLetterMappedToABlankIsMissing() throws {
        let folder = Fixtures.root.appendingPathComponent("text").path
        let run = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", folder + "/TypefitBlank-Regular.ttf", "a\u{16A0}\u{16A2}b"],
                environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(glyphs.map { $0["ax"] as? Int } == [777, 0, 0, 477], "\(run.stdout)")
        for (text, missing) in [("a\u{16A0}\u{16A2}b", 2), ("ab", 0)] {
            let outcome = TypefitCommand.run(
                [
                    "measure", text, "--style", "body", "--category", "large", "--font", "TypefitBlank-Regular",
                    "--fonts-dir", folder, "--format", "json", "--fontconfig-file", Fixtures.fontconfigFile,
                ], context: RunContext())
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let row = try #require((json["measurements"] as? [[String: Any]])?.first, "\(outcome.stderr)")
            #expect(row["missingGlyphs"] as? Int == missing, "\(text): \(row)")
        }
    }
}

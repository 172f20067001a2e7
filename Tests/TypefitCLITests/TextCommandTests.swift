import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `typefit measure` against HarfBuzz's own hb-shape, and `typefit fit` as a
/// CI gate over String Catalogs, `.strings` and text files.
@Suite struct TextCommandTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let textFonts = ["--fonts-dir", Fixtures.root.appendingPathComponent("text").path]
    static let scriptFont = Fixtures.root.appendingPathComponent("text/TypefitScript-Regular.ttf").path

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    func json(_ outcome: Outcome, _ key: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?[key] as? [[String: Any]])
    }

    /// The committed oracle (Fixtures/text/make-expectations.sh ran hb-shape).
    static let oracle: [(text: String, units: Int)] = {
        let url = Fixtures.root.appendingPathComponent("text/hb-shape.tsv")
        let lines = (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
        return lines.filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count == 2, let units = Int(fields[1]) else { return nil }
            return (String(fields[0]), units)
        }
    }()

    /// Latin with kerning and a ligature, Arabic joining forms, Hebrew,
    /// Devanagari and Thai with marks, CJK, and a mixed-script line: the
    /// width agrees with hb-shape's advance within 0.01 pt at every size.
    @Test func widthsAgreeWithHBShape() throws {
        #expect(Self.oracle.count == 11)
        let outcome = run(
            ["measure"] + Self.oracle.map(\.text)
                + [
                    "--style", "body", "--category", "xSmall,large,AX5", "--font", "TypefitScript-Regular",
                    "--format", "json",
                ] + Self.config + Self.textFonts)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let rows = try json(outcome, "measurements")
        #expect(rows.count == Self.oracle.count * 3)
        for (text, units) in Self.oracle {
            for row in rows where row["text"] as? String == text {
                let size = try #require(row["pointSize"] as? Double)
                let width = try #require(row["width"] as? Double)
                #expect(abs(width - Double(units) / 1000 * size) < 0.01, "\(text) at \(size) pt: \(width)")
                #expect(row["missingGlyphs"] as? Int == 0)
                #expect(row["postscriptName"] as? String == "TypefitScript-Regular")
            }
        }
    }

    /// Where hb-shape is installed, the oracle is asked live too.
    @Test(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
    func liveHBShapeAgrees() throws {
        for (text, units) in Self.oracle where !text.contains(" 日本 ") {
            let result = try #require(
                // hb-shape reads its text argument in the locale's charset:
                // under C (a bare `env -i`) it refuses anything not ASCII.
                try BinaryRunner.runTool(
                    "hb-shape", ["--output-format=json", Self.scriptFont, text], environment: ["LC_ALL": "C.UTF-8"]))
            let glyphs = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) } == units, "\(text)")
        }
    }

    @Test func missingGlyphsFallBackAsFontconfigChooses() throws {
        let outcome = run(
            [
                "measure", "Hi 日本", "Hi \u{0E01}", "--style", "body", "--category", "large", "--font",
                "TypefitSans-Regular",
                "--format", "json",
            ] + Self.config)
        let rows = try json(outcome, "measurements")
        let cjk = try #require(rows.first)
        let fallbacks = try #require(cjk["fallbacks"] as? [[String: Any]])
        #expect(fallbacks.first?["postscriptName"] as? String == "TypefitGothic-Regular")
        #expect(fallbacks.first?["characters"] as? Int == 2 && cjk["missingGlyphs"] as? Int == 0)
        // A Thai letter no fixture font has: counted, warned about.
        #expect(rows.last?["missingGlyphs"] as? Int == 1)
        #expect(outcome.stderr.contains("1 string has 1 character with no glyph in any face (first: \"Hi \u{0E01}\")"))
    }

    /// fit names, per string, the faces that drew what its face lacks —
    /// the face fontconfig matches for those characters (fc-match with the
    /// fixture configuration) — and says on stderr that this machine, not
    /// the device, chose it.
    @Test func fitNamesEachStringsFallbacks() throws {
        let matched = try #require(
            try BinaryRunner.runTool(
                "fc-match", ["-f", "%{file}", "Typefit Sans:charset=65e5 672c"],
                environment: ["FONTCONFIG_FILE": Fixtures.fontconfigFile]))
        let outcome = run(
            ["fit", "Hi 日本", "Hi", "--style", "body", "--width", "300", "--font", "TypefitSans-Regular"]
                + ["--format", "json"] + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let results = try json(outcome, "results")
        let cjk = try #require(results.first { $0["key"] as? String == "Hi 日本" }?["fallbacks"] as? [[String: Any]])
        #expect(cjk.count == 1)
        #expect(cjk.first?["file"] as? String == matched.stdout && cjk.first?["characters"] as? Int == 2)
        #expect(cjk.first?["cascade"] as? String == "fontconfig")
        #expect((results.first { $0["key"] as? String == "Hi" }?["fallbacks"] as? [Any])?.isEmpty == true)
        #expect(
            outcome.stderr.contains(
                "note: characters of 1 string were measured in faces this machine's fontconfig chose, not the "
                    + "device's: TypefitGothic-Regular (TypefitGothic-Regular.ttf) for 1"), "\(outcome.stderr)")
    }

    /// The String Catalog's German heading fits on one line up to AX2 and
    /// breaks at AX3: `--require AX3` fails and names it; English passes.
    @Test func germanHeadingThatBreaksAtAX3IsCaught() throws {
        let catalog = Fixtures.path("strings/Settings.xcstrings")
        let base =
            [
                "fit", "--strings", catalog, "--width", "800", "--style", "title1", "--font", "TypefitSans-Bold",
                "--format", "json", "--model", "system",
            ] + Self.config
        let gate = run(base + ["--require", "AX3"])
        #expect(gate.status == .problemFound)
        #expect(
            gate.stderr
                == "typefit: note: 2 entries have no translation and are measured as the app shows them, in en: de 2\n"
                + "typefit: note: plural forms measured with a number of their own category, by ICU's plural "
                + "rules: en one 1, en other 1,000,000\n"
                + "\(catalog):13:69: error: settings.save (de): does not fit at AX3 (accessibilityExtraLarge): needs 2 lines, "
                + "1 allowed\n"
        )
        let results = try json(gate, "results")
        let german = try #require(
            results.first { $0["key"] as? String == "settings.save" && $0["language"] as? String == "de" })
        let lines = try #require(german["lines"] as? [String: Int])
        #expect(lines["accessibilityLarge"] == 1 && lines["accessibilityExtraLarge"] == 2)
        #expect(german["largestFittingCategory"] as? String == "accessibilityLarge")
        // Every localization and variation is read; a key without a
        // source-language entry stands for itself.
        #expect(
            Set(results.compactMap { $0["key"] as? String }) == [
                "settings.title", "settings.save", "OK", "items.count|plural.one", "items.count|plural.other",
            ])
        #expect(run(base + ["--require", "AX2"]).status == .success)
        // The plural variations' %lld is measured as a number, not as "%lld":
        // the default, or the --sample given.
        let items = try #require(results.first { $0["key"] as? String == "items.count|plural.other" })
        #expect(items["text"] as? String == "%lld items" && items["sampleText"] as? String == "1,000,000 items")
        let sampled = try json(run(base + ["--sample", "%lld=7"]), "results")
        let seven = try #require(sampled.first { $0["key"] as? String == "items.count|plural.other" })
        #expect(seven["sampleText"] as? String == "7 items")
        let substitution = try #require((seven["substitutions"] as? [[String: Any]])?.first)
        #expect(substitution["placeholder"] as? String == "%lld" && substitution["default"] as? Bool == false)
        let bad = run(base + ["--sample", "lld=7"])
        #expect(bad.status == .usage && bad.stderr.contains("--sample: 'lld' is not one format placeholder"))
        let english = run(base + ["--require", "AX3", "--language", "en"])
        #expect(english.status == .success, "\(english.stderr)")
    }

    @Test func stringsAndTextFilesAndArguments() throws {
        let strings = Fixtures.path("strings/de.lproj/Localizable.strings")
        let text = Fixtures.path("strings/headings.txt")
        let outcome = run(
            [
                "fit", "Direkt", "--strings", strings, "--strings", text, "--width", "800", "--lines", "2", "--style",
                "title1", "--category", "large", "--font", "TypefitSans-Bold", "--format", "json",
            ] + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let results = try json(outcome, "results")
        #expect(
            results.map { $0["key"] as? String } == [
                "Direkt", "settings.title", "settings.save", "quote", "OK", "\(text):1", "\(text):3",
            ])
        #expect(results[1]["language"] as? String == "de")
        #expect(results[3]["text"] as? String == "Sag \"Hallo\"\nzweite Zeile ä")
        // A line break in the text is a mandatory break: two lines.
        #expect((results[3]["lines"] as? [String: Int])?["large"] == 2)
    }

    @Test func aWordWiderThanTheLineOverflows() throws {
        let outcome = run(
            [
                "fit", "Donaudampfschifffahrt ja", "--width", "100", "--style", "body", "--category", "large", "--font",
                "TypefitSans-Regular", "--format", "json",
            ] + Self.config)
        let result = try #require(try json(outcome, "results").first)
        #expect((result["overflows"] as? [String: Bool])?["large"] == true)
        #expect((result["fits"] as? [String: Bool])?["large"] == false)
        #expect((result["lines"] as? [String: Int])?["large"] == 2)
    }

    @Test func malformedStringFilesNameTheirLine() throws {
        let dir = Fixtures.temporaryDirectory("bad-strings")
        let cases: [(String, String, String)] = [
            (
                "a.strings", "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n",
                ":3:1: expected ';' after the value of \"c\""
            ),
            ("b.strings", "\"a\" = \"b;\n", ":1:7: unterminated string"),
            ("c.strings", "/* never closed\n\"a\" = \"b\";\n", ":1:1: unterminated comment"),
            // An unknown escape is the character itself, as CoreFoundation
            // reads it (StringsFormatsTests); a missing '=' is an error.
            ("d.strings", "\"a\" \"b\";\n", ":1:5: expected '=' or ';' after the key \"a\""),
            (
                "e.xcstrings",
                "{\"strings\": {\"k\": {\"localizations\": {\"de\": {\"stringUnit\": {\"value\": 3}}}}}}",
                ":1:69: expected the value of \"k\" (de) to be a string"
            ),
            ("f.xcstrings", "{\"sourceLanguage\": \"en\"}", ":1:1: missing 'strings'"),
            ("g.txt", "ok\nbad \u{FFFD}", ""),
        ]
        for (name, content, message) in cases {
            let file = dir.appendingPathComponent(name)
            var bytes = Array(content.utf8)
            if name == "g.txt" { bytes = Array("ok\nbad ".utf8) + [0xC3, 0x28] }
            _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
            let outcome = run(
                ["fit", "--strings", file.path, "--width", "100", "--style", "body", "--font", "TypefitSans-Regular"]
                    + Self.config)
            // A strings file that cannot be used is a broken set-up, not a failing check.
            #expect(outcome.status == .cannotRun, "\(name)")
            var expected = name == "g.txt" ? ":2:1: not valid UTF-8" : message
            if let colon = expected.range(of: ": ") { expected.replaceSubrange(colon, with: ": error: ") }
            #expect(outcome.stderr.hasPrefix("\(file.path)\(expected)"), "\(outcome.stderr)")
        }
    }

    @Test(arguments: [
        ["measure", "x", "--style", "bodyLarge", "--platform", "android", "--target-sdk", "0"],
        ["measure", "--style", "body", "--font", "A"],
        ["measure", "x", "--font", "A"],
        ["measure", "x", "--style", "body", "--font", "A", "--family", "B"],
        ["fit", "x", "--style", "body", "--font", "A"],
        ["fit", "x", "--width", "0", "--style", "body", "--font", "A"],
        ["fit", "x", "--width", "10", "--lines", "0", "--style", "body", "--font", "A"],
        ["fit", "x", "--width", "10", "--style", "body,title1", "--font", "A"],
        ["fit", "--width", "10", "--style", "body", "--font", "A"],
        ["fit", "x", "--width", "10", "--style", "body", "--font", "A", "--require", "AX9"],
    ])
    func usageErrors(arguments: [String]) {
        #expect(run(arguments).status == .usage, "\(arguments)")
    }

    /// The tables people read: measure names the key, language and
    /// fallbacks; fit explains its overflow mark.
    @Test func tablesForPeople() {
        let measure = run(
            [
                "measure", "--strings", Fixtures.path("strings/Settings.xcstrings"), "--style", "body", "--category",
                "large", "--font", "TypefitSans-Regular", "--format", "table",
            ] + Self.config)
        let header = measure.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            header.split(separator: " ", omittingEmptySubsequences: true)
                == ["key", "language", "text", "style", "category", "pt", "width", "face", "fallbacks"])
        #expect(measure.stdout.contains("settings.save"))
        let fit = run(
            [
                "fit", "Donaudampfschifffahrt ja", "--width", "100", "--style", "body", "--category", "large",
                "--font", "TypefitSans-Regular", "--format", "table",
            ] + Self.config)
        #expect(fit.stdout.contains("2!"))
        #expect(fit.stdout.contains("(N! = N lines, and a word wider than the line overflows it)\n"))
        // No size is required: every row, and the run in one line.
        #expect(fit.stdout.hasSuffix("1 string measured; none is required to fit\n"), "\(fit.stdout)")
    }

    @Test func unknownFontIsAnErrorWithSuggestions() {
        let outcome = run(["measure", "x", "--style", "body", "--font", "TypefitSans-Regulr"] + Self.config)
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("did you mean 'TypefitSans-Regular'"))
    }
}

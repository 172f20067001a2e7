import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `fit` and `review` as a localization gate: a translation whose
/// placeholders differ from its source's fails the run (exit 1), named by
/// file, key and language, listed in the JSON and on the page; equivalent
/// forms pass. The fixtures copy three real apps' mistakes (Phoenix's
/// Arabic `%لـ`, Anytype's Russian `%a` in a plural form, Damus's Russian
/// dropping `%4$@`) and an `.lproj` pair.
@Suite struct PlaceholderCommandTests {
    static let folder = Fixtures.path("placeholders")
    static let files = [
        "--strings", folder + "/Placeholders.xcstrings",
        "--strings", folder + "/en.lproj/Localizable.strings",
        "--strings", folder + "/de.lproj/Localizable.strings",
    ]
    static let common =
        ["--width", "2000", "--style", "body", "--font", "TypefitSans-Regular", "--category", "large"]
        + ["--fontconfig-file", Fixtures.fontconfigFile]

    /// measure's options: fit's without the width.
    static let measuring =
        ["--style", "body", "--font", "TypefitSans-Regular", "--category", "large"]
        + ["--fontconfig-file", Fixtures.fontconfigFile]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    func document(_ outcome: Outcome) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    @Test func differencesFailTheGateNamingFileKeyAndLanguage() throws {
        let outcome = run(["fit"] + Self.files + Self.common + ["--format", "json"])
        #expect(outcome.status == .problemFound)
        let errors = outcome.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 4, "\(outcome.stderr)")
        #expect(
            errors.contains {
                // At the Arabic value's line and column, as compilers print.
                $0.range(
                    of: #"^\#(Self.folder)/Placeholders.xcstrings:\d+:\d+: error: "new_messages" \(ar\): "#
                        + #"%lld \(argument 1, an integer\) is missing"#, options: .regularExpression) != nil
            })
        #expect(errors.contains { $0.contains("\"followed_by_three_and_others\" (ru): %4$@ (argument 4") })
        #expect(
            errors.contains {
                $0.contains(
                    "\"members_count\" (ru): %a (a floating-point number) stands where the source has %#@members@ "
                        + "(an integer)")
                    && $0.contains("translation \"%a участника\"")
            })
        #expect(
            errors.contains {
                $0.contains("de.lproj/Localizable.strings:1:14: error: \"greeting\" (de): %d (an integer) stands where")
            })
        let json = try document(outcome)
        #expect(json["ok"] as? Bool == false && json["failing"] as? Int == 0)
        let problems = try #require(json["placeholders"] as? [[String: Any]])
        #expect(
            problems.compactMap { $0["key"] as? String }.sorted() == [
                "followed_by_three_and_others", "greeting", "members_count", "new_messages",
            ])
        let arabic = try #require(problems.first { $0["language"] as? String == "ar" })
        let difference = try #require((arabic["differences"] as? [[String: Any]])?.first)
        #expect(difference["problem"] as? String == "missing" && difference["argument"] as? Int == 1)
        #expect(difference["sourceKind"] as? String == "integer" && difference["translation"] is NSNull)
    }

    /// `--no-placeholder-check` turns it off (`placeholders` null); the
    /// rest of the run is unchanged.
    @Test func theCheckCanBeTurnedOff() throws {
        let outcome = run(["fit"] + Self.files + Self.common + ["--format", "json", "--no-placeholder-check"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let json = try document(outcome)
        #expect(json["placeholders"] is NSNull && json["ok"] as? Bool == true)
    }

    /// `--language` keeps that language's problems, still compared with
    /// the source language it filters out.
    @Test func oneLanguage() throws {
        let outcome = run(["fit"] + Self.files + Self.common + ["--format", "json", "--language", "DE"])
        #expect(outcome.status == .problemFound)
        let problems = try #require(try document(outcome)["placeholders"] as? [[String: Any]])
        #expect(problems.compactMap { $0["key"] as? String } == ["greeting"])
    }

    /// `.lproj` files without their development language are not compared,
    /// and the run says so instead of passing in silence.
    @Test func aTableWithoutItsSourceIsAWarning() {
        let outcome = run(
            ["fit", "--strings", Self.folder + "/de.lproj/Localizable.strings"] + Self.common + ["--format", "json"])
        #expect(outcome.status == .success)
        // Named with its bundle (the folder holding the .lproj folders).
        #expect(
            outcome.stderr.contains("warning: placeholders of '\(Self.folder)/Localizable' not compared"),
            "\(outcome.stderr)")
        #expect(
            run(["fit", "--strict", "--strings", Self.folder + "/de.lproj/Localizable.strings"] + Self.common)
                .status == .problemFound)
    }

    /// The review page lists them above the failing strings, and the run
    /// fails as fit does.
    @Test func theReviewPageListsThem() {
        let outcome = run(["review"] + Self.files + Self.common)
        #expect(outcome.status == .problemFound)
        #expect(outcome.stdout.contains("<section class=\"placeholders\" id=\"placeholders\">"))
        #expect(outcome.stdout.contains("<strong>4</strong> translations with placeholders that differ"))
        #expect(outcome.stdout.contains("لديك %لـ رسائل جديدة"))
    }

    /// `--strings Resources/*.lproj/Localizable.strings` unquoted leaves
    /// all files but the first as texts: a usage error that says what to
    /// do, not files measured as words.
    @Test func stringsFilesGivenAsTextAreAUsageError() {
        for command in ["measure", "fit"] {
            let files = ["--strings", Self.folder + "/de.lproj/Localizable.strings"]
            let stray = Self.folder + "/en.lproj/Localizable.strings"
            let outcome = run([command] + files + [stray] + (command == "fit" ? Self.common : Self.measuring))
            #expect(outcome.status == .usage, "\(command): \(outcome.stderr)")
            #expect(outcome.stderr.contains("en.lproj/Localizable.strings' name strings files, given as text"))
            #expect(outcome.stderr.contains("put '--strings' before each file, or quote a pattern"))
        }
    }

    /// A quoted pattern is expanded by typefit, each file's language from
    /// its folder; one matching nothing stops the run (exit 2).
    @Test func aQuotedPatternIsExpanded() throws {
        let outcome = run(
            ["fit", "--strings", Self.folder + "/*.lproj/Localizable.strings"] + Self.common + ["--format", "json"])
        #expect(outcome.status == .problemFound, "\(outcome.stderr)")
        let json = try document(outcome)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(Set(results.compactMap { $0["language"] as? String }) == ["de", "en"])
        let problems = try #require(json["placeholders"] as? [[String: Any]])
        #expect(problems.compactMap { $0["key"] as? String } == ["greeting"])
        let none = run(["measure", "--strings", Self.folder + "/*.lproj/Nothing.strings"] + Self.measuring)
        #expect(none.status == .cannotRun)
        #expect(none.stderr.contains("/*.lproj/Nothing.strings: matches no file"))
    }

    /// Each plural form is measured with a number of its own category in
    /// its language (ICU's rules): English `one` as 1, Russian `one` as
    /// 1,000,101 (its widest), `other` as 1,000,000; the JSON's
    /// substitutions say which.
    @Test func pluralFormsGetTheirOwnNumbers() throws {
        let outcome = run(
            ["fit", "--strings", Self.folder + "/Placeholders.xcstrings", "--no-placeholder-check"] + Self.common
                + ["--format", "json"])
        let results = try #require(try document(outcome)["results"] as? [[String: Any]])
        func sample(_ key: String, _ language: String) -> String? {
            results.first { $0["key"] as? String == key && $0["language"] as? String == language }?["sampleText"]
                as? String
        }
        #expect(sample("members_count|members.plural.one", "en") == "1 member")
        #expect(sample("members_count|members.plural.other", "en") == "1,000,000 members")
        #expect(sample("members_count|members.plural.one", "ru") == "1,000,101 участник")
        #expect(sample("members_count|members.plural.many", "ru") == "1,000,000 участников")
        #expect(sample("One item|plural.other", "de") == "1,000,000 Elemente")
        #expect(outcome.stderr.contains("plural forms measured with a number of their own category"))
        // --sample still decides for every form.
        let given = run(
            [
                "fit", "--strings", Self.folder + "/Placeholders.xcstrings", "--no-placeholder-check", "--sample",
                "%lld=7",
            ] + Self.common + ["--format", "json"])
        let rows = try #require(try document(given)["results"] as? [[String: Any]])
        #expect(
            rows.first {
                $0["key"] as? String == "members_count|members.plural.one" && $0["language"] as? String == "ru"
            }?["sampleText"] as? String == "7 участник")
    }

    /// A failure names the word wider than the line, and when it is a
    /// placeholder's sample says so: the translation is not to blame.
    @Test func anOverflowNamesItsWordAndItsPlaceholder() {
        let outcome = run(
            [
                "fit", "Hi %@", "--width", "60", "--style", "body", "--font", "TypefitSans-Regular", "--require",
                "large", "--fontconfig-file", Fixtures.fontconfigFile,
            ])
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                "Hi %@: does not fit at large: 'Maximilianus' is wider than the 60 pt line ('Maximilianus' is the "
                    + "sample for %@; choose another with --sample)"), "\(outcome.stderr)")
    }

    /// Characters no face has: one warning per language with what to
    /// install, each string under --verbose (a machine without the fonts
    /// would otherwise print a line per string).
    @Test func missingGlyphsAreSummarisedPerLanguage() {
        let arguments =
            ["fit", "--strings", Self.folder + "/Placeholders.xcstrings", "--no-placeholder-check"] + Self.common
        let outcome = run(arguments)
        let warnings = outcome.stderr.split(separator: "\n").filter { $0.contains("with no glyph in any face") }
        #expect(warnings.contains { $0.hasPrefix("typefit: warning: 5 strings in ru have ") })
        #expect(warnings.contains { $0.hasPrefix("typefit: warning: 1 string in ar has ") })
        #expect(warnings.allSatisfy { $0.contains("install a font that covers them") })
        #expect(!outcome.stderr.contains("character(s) of"))
        let verbose = run(arguments + ["--verbose"])
        #expect(verbose.stderr.contains("character(s) of \"Читают Maximilianus, Maximilianus, Maximilianus и другие\""))
    }

    /// An entry a language has no translation for is measured as iOS shows
    /// it: the catalog's source-language strings (every plural form, by
    /// the source's rules), else the key; a note counts them.
    @Test func untranslatedEntriesAreMeasuredInTheSourceLanguage() throws {
        let catalog = Fixtures.path("strings/Settings.xcstrings")
        let outcome = run(
            ["measure", "--strings", catalog, "--language", "de"] + Self.measuring + ["--format", "json"])
        let rows = try #require(try document(outcome)["measurements"] as? [[String: Any]])
        func text(_ key: String) -> String? { rows.first { $0["key"] as? String == key }?["text"] as? String }
        // The catalog's own English forms, and the key where there is none.
        let source = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: catalog))) as? [String: Any])
        let strings = try #require(source["strings"] as? [String: Any])
        let items = try #require(
            ((((strings["items.count"] as? [String: Any])?["localizations"] as? [String: Any])?["en"]
                as? [String: Any])?["variations"] as? [String: Any])?["plural"] as? [String: Any])
        let one = ((items["one"] as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String
        #expect(text("items.count|plural.one") == one)
        #expect(text("OK") == "OK")
        #expect(rows.allSatisfy { $0["language"] as? String == "de" })
        #expect(
            outcome.stderr.contains("2 entries have no translation and are measured as the app shows them, in en: de 2")
        )
    }

    /// Characters the face lacks fall back at its weight: ideographs in a
    /// bold Latin face are measured in the fallback family's bold, as
    /// `fc-match -s 'Typefit Sans:weight=200:lang=ja'` over the same fonts
    /// lists Typefit Gothic Bold (weight 80: Regular).
    @Test func fallbackFollowsTheFacesWeight() throws {
        let config = Fixtures.fontconfigFile(
            "fallback-weight", directories: [Fixtures.fonts, Fixtures.root.appendingPathComponent("fallback")])
        func fallback(_ font: String) throws -> String? {
            let outcome = run(
                [
                    "measure", "\u{65E5}\u{672C}", "--style", "body", "--category", "large", "--language", "ja",
                    "--font",
                    font, "--fontconfig-file", config, "--format", "json",
                ])
            let rows = try #require(try document(outcome)["measurements"] as? [[String: Any]], "\(outcome.stderr)")
            return (rows.first?["fallbacks"] as? [[String: Any]])?.first?["postscriptName"] as? String
        }
        #expect(try fallback("TypefitSans-Bold") == "TypefitGothic-Bold")
        #expect(try fallback("TypefitSans-Regular") == "TypefitGothic-Regular")
    }

    /// An app's own fonts (`--fonts-dir`) take part in fallback, as iOS's
    /// cascade takes an app's registered fonts; `--no-installed-fonts`
    /// keeps the installed ones out of it too.
    @Test func fontsDirTakesPartInFallback() throws {
        let fallbackFolder = Fixtures.root.appendingPathComponent("fallback").path
        func measure(_ arguments: [String]) throws -> [String: Any] {
            let outcome = run(["measure", "--style", "body", "--category", "large", "--format", "json"] + arguments)
            return try #require((try document(outcome)["measurements"] as? [[String: Any]])?.first, "\(outcome.stderr)")
        }
        func fallbacks(_ row: [String: Any]) -> [String] {
            (row["fallbacks"] as? [[String: Any]])?.compactMap { $0["postscriptName"] as? String } ?? []
        }
        // Installed: a Latin subset only; the folder's face draws the ideographs.
        let latin = Fixtures.fontconfigFile(
            "latin-only", directories: [Fixtures.root.appendingPathComponent("readme-fonts")])
        let cjk = try measure(
            ["\u{65E5}\u{672C}", "--font", "DejaVuSans", "--fonts-dir", fallbackFolder, "--fontconfig-file", latin])
        #expect(fallbacks(cjk) == ["TypefitGothic-Bold"] && cjk["missingGlyphs"] as? Int == 0)
        // Installed: Typefit World has U+0E07; without installed fonts no face does.
        let world = Fixtures.fontconfigFile("world", directories: [Fixtures.root.appendingPathComponent("text")])
        let thai = [
            "Hi \u{0E07}", "--font", "TypefitGothic-Bold", "--fonts-dir", fallbackFolder, "--fontconfig-file", world,
        ]
        #expect(fallbacks(try measure(thai)) == ["TypefitWorld-Regular"])
        let alone = try measure(thai + ["--no-installed-fonts"])
        #expect(fallbacks(alone).isEmpty && alone["missingGlyphs"] as? Int == 1)
    }

    /// A variable font's instance without a name of its own goes by the
    /// name Core Text makes (`TypefitFlex-Regular_Black`); FreeType's
    /// (`TypefitFlex-Black`, what font tools show) is refused as on iOS,
    /// pointing at it.
    @Test func instancesGoByCoreTextsNames() {
        let config = ["--fontconfig-file", Fixtures.fontconfigFile]
        let coreText = run(["measure", "x", "--style", "body", "--font", "TypefitFlex-Regular_Black"] + config)
        #expect(coreText.status == .success, "\(coreText.stderr)")
        let freeType = run(["measure", "x", "--style", "body", "--font", "TypefitFlex-Black"] + config)
        #expect(freeType.status == .cannotRun)
        #expect(freeType.stderr.contains("did you mean 'TypefitFlex-Regular_Black'"), "\(freeType.stderr)")
    }

    /// A text file holds no translations: no placeholder comparison, no
    /// warning that its "table" lacks a source, whatever `--language`.
    @Test func textFilesAreNotCompared() throws {
        let file = Fixtures.temporaryDirectory("placeholder-text").appendingPathComponent("lines.txt")
        try "Hallo %@\nTschüss %d\n".write(to: file, atomically: true, encoding: .utf8)
        let outcome = run(["fit", "--strings", file.path, "--language", "de"] + Self.common + ["--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("not compared"))
        #expect(try (document(outcome)["placeholders"] as? [Any])?.isEmpty == true)
    }

    /// A Polish plural without `few` is a warning naming it (an error under
    /// `--strict`), by ICU's rules through the run (CLDR: Polish integers
    /// are one, few, many); the JSON lists it under `pluralCoverage`.
    @Test func aPluralMissingACategoryIsAWarning() throws {
        let folder = Fixtures.temporaryDirectory("plural-coverage")
        func write(_ language: String, _ forms: String) throws {
            let dir = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>files</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>\(forms)</dict></dict></dict></plist>
                """
            try xml.write(to: dir.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        }
        try write(
            "en",
            "<key>zero</key><string>No files</string><key>one</key><string>%d file</string><key>other</key><string>%d files</string>"
        )
        try write(
            "pl",
            "<key>one</key><string>%d plik</string><key>many</key><string>%d plików</string><key>other</key><string>%d pliku</string>"
        )
        let files = ["en", "pl"].flatMap {
            ["--strings", folder.appendingPathComponent("\($0).lproj/Localizable.stringsdict").path]
        }
        let outcome = run(["fit"] + files + Self.common + ["--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("\"files\" (pl): the plural variable 'n' has no few form"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("(en): the plural"))
        let coverage = try #require(try document(outcome)["pluralCoverage"] as? [[String: Any]])
        #expect(coverage.count == 1 && coverage.first?["missing"] as? [String] == ["few"])
        #expect(run(["fit"] + files + Self.common + ["--strict"]).status == .problemFound)
        // French without `many` (ICU: 1,000,000 and up) is a note, not a
        // warning: --strict passes; a plural of `other` alone is none.
        try write("fr", "<key>one</key><string>%d fichier</string><key>other</key><string>%d fichiers</string>")
        try write("pl", "<key>other</key><string>%d pliku</string>")
        let french = ["en", "fr", "pl"].flatMap {
            ["--strings", folder.appendingPathComponent("\($0).lproj/Localizable.stringsdict").path]
        }
        let notes = run(["fit"] + french + Self.common + ["--strict"])
        #expect(notes.status == .success, "\(notes.stderr)")
        #expect(
            notes.stderr.contains(
                "\(folder.path)/fr.lproj/Localizable.stringsdict:5:70: note: \"files\" (fr): the plural "
                    + "variable 'n' has no many form: ICU's plural rules for fr put 1,000,000 in many"),
            "\(notes.stderr)")
    }

    /// A `.strings` key given twice with two values: a warning at the second
    /// naming the first line; the last value (Foundation's) is measured.
    @Test func aKeyGivenTwiceIsAWarning() throws {
        let file = Fixtures.temporaryDirectory("duplicate-key").appendingPathComponent("Localizable.strings")
        try "\"a\" = \"One\";\n\"b\" = \"B\";\n\"b\" = \"B\";\n\"a\" = \"Two\";\n".write(
            to: file, atomically: true, encoding: .utf8)
        let outcome = run(["fit", "--strings", file.path] + Self.common + ["--format", "json"])
        #expect(outcome.status == .success)
        let warnings = outcome.stderr.split(separator: "\n").filter { $0.contains("warning:") }.map(String.init)
        #expect(
            warnings == [
                "\(file.path):4:7: warning: \"a\" is given again with another value (first at line 1): "
                    + "Foundation keeps this last value, which is the one measured"
            ], "\(outcome.stderr)")
        let results = try #require(try document(outcome)["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["text"] as? String } == ["Two", "B"])
    }

    /// Past 100 problems stderr counts the rest (the JSON lists all).
    @Test func problemsPastAHundredAreCounted() throws {
        let entries = (0..<102).map { i in
            "\"k\(i)\":{\"localizations\":{\"en\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%@\"}},"
                + "\"de\":{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%d\"}}}}"
        }
        let file = Fixtures.temporaryDirectory("many-problems").appendingPathComponent("Many.xcstrings")
        try ("{\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{" + entries.joined(separator: ",") + "}}")
            .write(to: file, atomically: true, encoding: .utf8)
        let outcome = run(["fit", "--strings", file.path] + Self.common + ["--format", "json"])
        #expect(outcome.status == .problemFound)
        #expect(outcome.stderr.contains("error: 2 more strings with placeholders that are wrong or differ"))
        #expect(try (document(outcome)["placeholders"] as? [Any])?.count == 102)
    }

    /// `--require-translated`: each entry a language lacks, leaves empty,
    /// `new` or `needs_review` is an error naming key and language; `stale`
    /// a note; an `.lproj` language's file without a source key is
    /// `missing`. Without the flag none of them fails the run.
    @Test func requireTranslatedFailsForEachUntranslatedEntry() throws {
        let folder = Fixtures.temporaryDirectory("require-translated")
        let catalog = folder.appendingPathComponent("App.xcstrings")
        func unit(_ value: String, _ state: String) -> String {
            "{\"stringUnit\":{\"state\":\"\(state)\",\"value\":\"\(value)\"}}"
        }
        let json = """
            {"sourceLanguage":"en","version":"1.0","strings":{
            "done":{"localizations":{"en":\(unit("Done", "translated")),"de":\(unit("Fertig", "translated")),"fr":\(unit("Fini", "translated"))}},
            "gone":{"localizations":{"en":\(unit("Gone", "translated")),"de":\(unit("Weg", "translated"))}},
            "empty":{"localizations":{"en":\(unit("Empty", "translated")),"de":\(unit("", "translated")),"fr":\(unit("Vide", "translated"))}},
            "fresh":{"localizations":{"en":\(unit("Fresh", "translated")),"de":\(unit("Frisch", "new")),"fr":\(unit("Frais", "translated"))}},
            "check":{"localizations":{"en":\(unit("Check", "translated")),"de":\(unit("Prüfen", "needs_review")),"fr":\(unit("Vérifier", "translated"))}},
            "old":{"localizations":{"en":\(unit("Old", "translated")),"de":\(unit("Alt", "stale")),"fr":\(unit("Vieux", "translated"))}},
            "brand":{"shouldTranslate":false,"localizations":{"en":\(unit("Typefit", "translated"))}}
            }}
            """
        try json.write(to: catalog, atomically: true, encoding: .utf8)
        for (language, text) in [("en", "\"a\" = \"A\";\n\"b\" = \"B\";\n"), ("de", "\"a\" = \"A\";\n")] {
            let dir = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try text.write(to: dir.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        }
        let files = ["--strings", catalog.path, "--strings", folder.path + "/*.lproj/Localizable.strings"]
        let plain = run(["fit"] + files + Self.common + ["--format", "json"])
        #expect(plain.status == .success, "\(plain.stderr)")
        #expect(try document(plain)["untranslated"] is NSNull)
        let outcome = run(["fit"] + files + Self.common + ["--format", "json", "--require-translated"])
        #expect(outcome.status == .problemFound)
        // Each error from its key on (after "typefit: error: FILE: ").
        let errors = outcome.stderr.split(separator: "\n").filter { $0.contains("error:") }.map { line in
            String(line[(line.firstIndex(of: "\"") ?? line.startIndex)...])
        }
        #expect(
            errors.sorted() == [
                "\"b\" (de) has no translation (--require-translated)",
                "\"check\" (de) needs review (state 'needs_review') (--require-translated)",
                "\"empty\" (de) has an empty translation (--require-translated)",
                "\"fresh\" (de) is not translated (state 'new') (--require-translated)",
                "\"gone\" (fr) has no translation (--require-translated)",
            ], "\(outcome.stderr)")
        #expect(
            outcome.stderr.range(
                of: #"\#(catalog.path):\d+:\d+: note: "old" \(de\) is stale"#, options: .regularExpression) != nil)
        let document = try document(outcome)
        #expect(document["ok"] as? Bool == false)
        let listed = try #require(document["untranslated"] as? [[String: Any]])
        #expect(listed.count == 6)
        // The flag with the placeholder check off still lists them.
        let off = run(["fit"] + files + Self.common + ["--require-translated", "--no-placeholder-check"])
        #expect(off.status == .problemFound)
    }

    /// A stray `%` Foundation drops before a character that is no
    /// conversion shows the text meant (the toolchain's `String(format:)`
    /// of `%Βρέθηκε %d` is `Βρέθηκε 3`): a warning, not a failure. A `%`
    /// lost at the end (`うち%1$d%` prints `うち40`) stays an error.
    @Test func aStrayPercentBeforeALetterIsAWarning() throws {
        #expect(String(format: "%Βρέθηκε %d", 3) == "Βρέθηκε 3")
        #expect(String(format: "うち%1$d%", 40) == "うち40")
        let folder = Fixtures.temporaryDirectory("stray-percent")
        for (language, text) in [("en", "Found %d"), ("el", "%Βρέθηκε %d"), ("ja", "うち%1$d%")] {
            let dir = folder.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try "\"found\" = \"\(text)\";\n".write(
                to: dir.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        }
        let greek = run(
            ["fit", "--strings", folder.path + "/[ae][ln].lproj/Localizable.strings"] + Self.common + [
                "--format", "json",
            ])
        #expect(greek.status == .success, "\(greek.stderr)")
        #expect(greek.stderr.contains("warning: \"found\" (el): '%Β' is not a conversion"), "\(greek.stderr)")
        let document = try document(greek)
        #expect(document["ok"] as? Bool == true)
        #expect((document["placeholders"] as? [[String: Any]])?.first?["severity"] as? String == "warning")
        let japanese = run(["fit", "--strings", folder.path + "/*.lproj/Localizable.strings"] + Self.common)
        #expect(japanese.status == .problemFound)
        #expect(japanese.stderr.contains("error: \"found\" (ja)"), "\(japanese.stderr)")
    }

    /// A source's own problem is one error marked as the source's, and the
    /// review page tags it.
    @Test func aSourcesOwnProblemIsTheSources() throws {
        let dir = Fixtures.temporaryDirectory("source-problem").appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("Localizable.strings")
        try "\"a\" = \"%1$lld or %1$@\";\n".write(to: file, atomically: true, encoding: .utf8)
        let fit = run(["fit", "--strings", file.path] + Self.common)
        #expect(fit.status == .problemFound)
        #expect(
            fit.stderr.contains(
                "\"a\" (en, the source): argument 1 is read as an integer (%1$lld) and as an object (%1$@)"),
            "\(fit.stderr)")
        let review = run(["review", "--strings", file.path] + Self.common)
        #expect(review.status == .problemFound)
        #expect(review.stdout.contains("1</strong> string with wrong placeholders: 1 source, 0 translations"))
        #expect(review.stdout.contains("<span class=\"tag\">source</span>"))
    }
}

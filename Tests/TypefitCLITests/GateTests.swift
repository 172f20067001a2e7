import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// A CI gate must not pass having checked nothing, and must fail on what
/// `measure` fails on; what it prints stays one line per problem.
@Suite struct GateTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let catalog = Fixtures.path("strings/Settings.xcstrings")
    static let fit = ["fit", "--width", "800", "--style", "title1", "--font", "TypefitSans-Bold"]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    /// Past `--keys`, the run's notes are of the strings it keeps: the
    /// fixture's German lacks `items.count` (a plural) and no language has
    /// `OK`, so `--keys settings.title` has nothing to say of either.
    @Test func notesSpeakOfTheKeptKeysOnly() {
        let all = run(Self.fit + ["--strings", Self.catalog, "--format", "json"] + Self.config)
        #expect(all.stderr.contains("2 entries have no translation"), "\(all.stderr)")
        #expect(all.stderr.contains("plural forms measured with a number of their own category"))
        let title = run(
            Self.fit + ["--strings", Self.catalog, "--keys", "settings.title", "--format", "json"] + Self.config)
        #expect(title.status == .success)
        #expect(title.stderr.isEmpty, "\(title.stderr)")
        let items = run(Self.fit + ["--strings", Self.catalog, "--keys", "items.*", "--format", "json"] + Self.config)
        #expect(items.stderr.contains("1 entry has no translation and is measured as the app shows it, in en: de 1"))
        #expect(items.stderr.contains("plural forms measured with a number of their own category"))
    }

    @Test func aLanguageNoFileHasIsExit2NamingWhatTheFilesHave() {
        let outcome = run(
            Self.fit + ["--strings", Self.catalog, "--language", "fr-CA", "--require", "AX5"] + Self.config)
        #expect(outcome.status == .cannotRun)
        #expect(
            outcome.stderr.contains(
                "typefit: error: no strings in language 'fr-CA' in \(Self.catalog) (available: de, en)"),
            "\(outcome.stderr)")
        #expect(run(Self.fit + ["--strings", Self.catalog, "--language", "de"] + Self.config).status == .success)
    }

    /// BCP 47 tags compare case-insensitively, `_` as `-` (as `.lproj`
    /// folders spell them); a tag no file has gets a did-you-mean.
    @Test func languageTagsCompareAsBCP47Does() throws {
        for tag in ["DE", "de", "De"] {
            let outcome = run(
                Self.fit + ["--strings", Self.catalog, "--language", tag, "--format", "json"] + Self.config)
            #expect(outcome.status == .success, "\(tag): \(outcome.stderr)")
            #expect(outcome.stdout.contains("\"language\":\"de\"") && !outcome.stdout.contains("\"language\":\"en\""))
        }
        let mistyped = run(Self.fit + ["--strings", Self.catalog, "--language", "dee"] + Self.config)
        #expect(mistyped.status == .cannotRun && mistyped.stderr.contains("did you mean 'de'?"), "\(mistyped.stderr)")
        #expect(LanguageTag.matches("zh-Hans", "zh_hans") && LanguageTag.matches("pt-BR", "PT-br"))
        #expect(!LanguageTag.matches("zh-Hans", "zh-Hant") && !LanguageTag.matches("de", "de-CH"))
        // A .lproj folder's language.
        let folder = Fixtures.temporaryDirectory("gate-lproj").appendingPathComponent("zh_Hans.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let strings = folder.appendingPathComponent("Localizable.strings")
        try "\"title\" = \"设置\";\n".write(to: strings, atomically: true, encoding: .utf8)
        var diagnostics = Diagnostics()
        let read = try TextJob.strings(
            [], files: [strings.path], language: "zh-hans", samples: PlaceholderSamples(), diagnostics: &diagnostics)
        #expect(read.map(\.text) == ["设置"] && read.first?.language == "zh_Hans")
    }

    @Test func anEmptyStringsFileIsExit2() throws {
        let file = Fixtures.temporaryDirectory("gate-empty").appendingPathComponent("Localizable.strings")
        try "/* nothing yet */\n".write(to: file, atomically: true, encoding: .utf8)
        let outcome = run(Self.fit + ["--strings", file.path] + Self.config)
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("\(file.path): holds no strings: nothing to check"))
    }

    /// fit fails on characters no face has under --strict, as measure does.
    @Test func fitStrictFailsOnMissingGlyphs() {
        let base =
            ["fit", "Hi \u{0E01}", "--width", "800", "--style", "body", "--font", "TypefitSans-Regular"]
            + Self.config
        let lenient = run(base)
        #expect(lenient.status == .success)
        #expect(lenient.stderr.contains("1 string has 1 character with no glyph in any face (first: \"Hi \u{0E01}\")"))
        let strict = run(base + ["--strict"])
        #expect(strict.status == .problemFound)
        let measure = run(
            ["measure", "Hi \u{0E01}", "--style", "body", "--font", "TypefitSans-Regular", "--strict"] + Self.config)
        #expect(measure.status == strict.status)
    }

    /// fontconfig looks for a relative configuration in its own folder; the
    /// user meant the working folder.
    @Test func aRelativeFontconfigFileIsTheWorkingFolders() throws {
        let dir = Fixtures.temporaryDirectory("relative-config")
        try FileManager.default.copyItem(
            atPath: Fixtures.fontconfigFile, toPath: dir.appendingPathComponent("fonts.conf").path)
        let script =
            "cd '\(dir.path)' && '\(try #require(BinaryRunner.binary).path)' list-fonts --fontconfig-file fonts.conf "
            + "--format plain"
        let result = try #require(
            try BinaryRunner.runTool("sh", ["-c", script], environment: ["TYPEFIT_NO_CACHE": "1"]))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("TypefitSans-Regular"))
    }

    /// An unreadable configuration stops every command that takes one,
    /// not only list-fonts.
    @Test(arguments: [
        ["list-fonts"], ["measure", "x", "--style", "body", "--font", "TypefitSans-Regular"],
        Self.fit + ["x"], ["specimen", "--font", "TypefitSans-Regular"],
        ["scale", "--family", "Typefit Sans"], ["check", "--spec", Fixtures.path("specs/TypefitSans.json")],
    ])
    func anUnreadableConfigurationStopsEveryCommand(arguments: [String]) {
        let missing = Fixtures.temporaryDirectory("no-config").appendingPathComponent("fonts.conf").path
        let outcome = run(arguments + ["--fontconfig-file", missing])
        #expect(outcome.status == .cannotRun, "\(arguments[0]): \(outcome.stderr)")
        #expect(outcome.stderr.contains("\(missing): not a fontconfig configuration file fontconfig can read"))
    }

    /// A key or text with a line break is one diagnostic line and one row.
    @Test func oneLinePerProblemAndPerRow() throws {
        let file = Fixtures.temporaryDirectory("gate-lines").appendingPathComponent("Localizable.strings")
        try "\"two\\nlines\" = \"Eine sehr lange Zeile,\\ndie nicht passt\";\n".write(
            to: file, atomically: true, encoding: .utf8)
        let gate = run(
            ["fit", "--strings", file.path, "--width", "20", "--style", "body", "--font", "TypefitSans-Regular"]
                + ["--require", "large", "--format", "table"] + Self.config)
        #expect(gate.status == .problemFound)
        // At the value's line and column: `FILE:1:16: error: …`.
        let errors = gate.stderr.split(separator: "\n").filter { $0.hasPrefix(file.path + ":1:16: error: ") }
        #expect(errors.count == 1 && errors.first?.contains("two\\nlines") == true, "\(gate.stderr)")
        // The header and one row, then the footer that explains "N!" and
        // the summary line.
        let rows = gate.stdout.split(separator: "\n").filter { !$0.hasPrefix("(") }
        #expect(rows.count == 3 && rows[1].hasPrefix("two\\nlines "), "\(gate.stdout)")
        #expect(rows.last == "1 of 1 string does not fit at Large")
    }

    /// The table lists the strings that fail where required, then says how
    /// many rows it left out and the run in one line; `--all` lists every
    /// string. Under a CI report stderr is that line alone.
    @Test func theTableShowsFailuresAndASummary() throws {
        let file = Fixtures.temporaryDirectory("gate-summary").appendingPathComponent("Localizable.strings")
        try "\"a\" = \"OK\";\n\"b\" = \"A much longer string that cannot fit\";\n\"c\" = \"Yes\";\n".write(
            to: file, atomically: true, encoding: .utf8)
        let common =
            ["fit", "--strings", file.path, "--width", "60", "--style", "body", "--font", "TypefitSans-Regular"]
            + ["--require", "large", "--category", "large"] + Self.config
        let table = run(common + ["--format", "table"])
        #expect(table.status == .problemFound)
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("a ") || $0.hasPrefix("c ") }.isEmpty, "\(table.stdout)")
        #expect(lines.contains { $0.hasPrefix("b ") })
        #expect(lines.contains("(2 rows that fit where required not shown: --all lists them)"))
        #expect(lines.last == "1 of 3 strings does not fit at Large", "\(lines)")
        let all = run(common + ["--format", "table", "--all"])
        let allLines = all.stdout.split(separator: "\n").map(String.init)
        #expect(allLines.filter { $0.hasPrefix("a ") || $0.hasPrefix("b ") || $0.hasPrefix("c ") }.count == 3)
        #expect(!all.stdout.contains("not shown"))
        let github = run(common + ["--format", "github"])
        #expect(github.stderr == "typefit: " + (lines.last ?? "") + "\n", "\(github.stderr)")
        #expect(github.stdout.contains("::error file="))
    }

    /// Table columns by display width: a Japanese key takes two columns a
    /// character, a Thai vowel sign none.
    @Test func tableColumnsLineUpForWideAndCombiningText() {
        let table = TextTable.render([["key", "Z"], ["設定", "Z"], ["ที่", "Z"], ["ab", "Z"]])
        let lines = table.split(separator: "\n").map(String.init)
        // The second column starts at one display column on every row.
        let starts: [Int] = lines.map { TerminalText.displayWidth(String($0.dropLast())) }
        #expect(Set(starts).count == 1, "\(table)")
        #expect(TerminalText.displayWidth("設定") == 4 && TerminalText.displayWidth("ที่") == 1)
    }

    /// Widths in JSON to 1/1000 pt, not shaping's seventeen digits.
    @Test func measuredWidthsAreRoundedToAThousandthOfAPoint() throws {
        let outcome = run(
            ["measure", "Settings heading", "AVA fi", "--style", "body,caption2", "--font", "TypefitSans-Regular"]
                + ["--format", "json"] + Self.config)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let rows = try #require(object?["measurements"] as? [[String: Any]])
        #expect(rows.count == 2 * 2 * 12)
        for row in rows {
            let width = try #require(row["width"] as? Double)
            #expect(abs(width * 1000 - (width * 1000).rounded()) < 1e-6, "\(width)")
        }
        #expect(!outcome.stdout.contains("99999999"))
    }

    /// `--strings -`: standard input, its format sniffed.
    @Test func standardInput() throws {
        let binary = try #require(BinaryRunner.binary).path
        let script =
            "printf '\"a\" = \"Deeplink: \\\\(%%@)\";\\n' | '\(binary)' measure --strings - --style body "
            + "--category large --font TypefitSans-Regular --fontconfig-file '\(Fixtures.fontconfigFile)' "
            + "--format json"
        let result = try #require(
            try BinaryRunner.runTool("sh", ["-c", script], environment: ["TYPEFIT_NO_CACHE": "1"]))
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let row = try #require((document?["measurements"] as? [[String: Any]])?.first)
        #expect(row["key"] as? String == "a" && row["text"] as? String == "Deeplink: (%@)")
    }
}

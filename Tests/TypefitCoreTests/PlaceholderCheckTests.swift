import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Translations' placeholders against their sources': the verdicts of GNU
/// gettext's own Objective-C format check (Fixtures/placeholders/oracle.tsv,
/// written by make-oracle.py with msgfmt), the numbering Foundation uses,
/// and the grouping of a catalog's and `.lproj` files' forms.
@Suite struct PlaceholderCheckTests {
    static let oracle: [(source: String, translation: String, verdict: String)] = {
        let url = Fixtures.root.appendingPathComponent("placeholders/oracle.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            return (String(fields[0]), String(fields[1]), String(fields[2]))
        }
    }()

    /// Every pair judged as msgfmt judges it (26 pairs: the three real
    /// apps' mistakes, reordering, kinds, missing and extra arguments).
    @Test func verdictsAreGettexts() {
        #expect(Self.oracle.count == 26)
        #expect(Self.oracle.filter { $0.verdict == "error" }.count == 11)
        for pair in Self.oracle {
            let found = PlaceholderCheck.differences(source: [pair.source], translation: [pair.translation])
            #expect((found.isEmpty ? "ok" : "error") == pair.verdict, "\(pair.source) → \(pair.translation): \(found)")
        }
    }

    @Test func argumentsAreNumberedAsFoundationNumbersThem() {
        let numbered = { (text: String) in
            PlaceholderCheck.arguments(text).map { "\($0.number):\($0.kind.rawValue)" }
        }
        #expect(numbered("%@ has %lld, %.1f%%") == ["1:object", "2:integer", "3:float"])
        #expect(numbered("%2$lld von %1$@") == ["2:integer", "1:object"])
        // Positions past 127 are Foundation's overflow (it traps): no
        // argument, a finding of their own (FormatSpecifiersTests).
        #expect(numbered("%1000$@") == [])
        #expect(numbered("%10000$@ %@") == ["1:object"])
        #expect(numbered("%127$@ %@") == ["127:object", "1:object"])
        // A `*` width reads an integer first.
        #expect(numbered("%*d|%s") == ["1:integer", "2:integer", "3:cString"])
        // An unexpanded substitution variable is one argument of its own
        // (unknown) type, not an object placeholder followed by text.
        #expect(numbered("%#@count@ in %@") == ["1:variable", "2:object"])
        // The space flag makes `% o` an octal conversion (CFString.c L6593).
        #expect(numbered("50% off, 100%") == ["1:integer"])
    }

    /// A conversion made by the space flag that the source does not have
    /// is an error even of the same kind: `50% ohne` is `% o`, the count in
    /// octal, as the toolchain's `String(format:)` prints it. One the
    /// source has at that argument is the translator's to keep.
    @Test func aSpaceFlagConversionIsAnErrorWhateverItsKind() {
        let translation = "%1$d Dateien, 50% ohne Fehler"
        #expect(String(format: translation, 7) == "7 Dateien, 507hne Fehler")
        let found = PlaceholderCheck.differences(source: ["%1$d files saved"], translation: [translation])
        #expect(found.map(\.code) == ["space-flag"])
        #expect(found.first == .spaceFlag(.init(number: 1, kind: .integer, written: "% o", bySpaceFlag: true)))
        #expect(PlaceholderCheck.differences(source: ["% d items"], translation: ["% d Elemente"]).isEmpty)
        #expect(String(format: "% d Elemente", 7) == " 7 Elemente")
    }

    /// A plural variable of value type `@` is the source's own error: an
    /// object cannot choose a form (SwiftGen refuses it). A device
    /// variation by an object is no plural, and passes.
    @Test func aPluralChosenByAnObjectIsASourceError() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@count@</string>
            <key>count</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>@</string>
            <key>one</key><string>%@ file</string><key>other</key><string>%@ files</string></dict></dict>
            </dict></plist>
            """
        let strings = try StringsdictFormat().read(
            path: "en.lproj/Localizable.stringsdict", bytes: Array(plist.utf8), language: nil,
            budget: StringsBudget())
        let report = PlaceholderCheck.report(
            [PlaceholderCheck.File(path: "en.lproj/Localizable.stringsdict", strings: strings)], sourceLanguage: "en")
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.isSource == true)
        #expect(report.problems.first?.differences.map(\.code) == ["plural-object"])
        let fine = try StringsdictFormat().read(
            path: "en.lproj/Localizable.stringsdict",
            bytes: Array(
                plist.replacingOccurrences(of: "<string>@</string>", with: "<string>d</string>").replacingOccurrences(
                    of: "%@ file", with: "%d file"
                ).utf8),
            language: nil, budget: StringsBudget())
        #expect(
            PlaceholderCheck.report(
                [PlaceholderCheck.File(path: "en.lproj/Localizable.stringsdict", strings: fine)], sourceLanguage: "en"
            ).problems.isEmpty)
    }

    /// Plural forms compared as one: English `one` without the number is
    /// fine; a language none of whose forms reads it is not.
    @Test func pluralFormsAreComparedTogether() {
        let source = ["One item", "%lld items"]
        #expect(PlaceholderCheck.differences(source: source, translation: ["Ein Element", "%d Elemente"]).isEmpty)
        #expect(PlaceholderCheck.differences(source: source, translation: ["%lld элемент", "%lld элемента"]).isEmpty)
        let none = PlaceholderCheck.differences(source: source, translation: ["Element", "Elemente"])
        #expect(none == [.missing(.init(number: 1, kind: .integer, written: "%lld"))])
    }

    /// A catalog is compared with its own source language; `.lproj` files
    /// of one table with the development language given; untranslated
    /// entries (the source's own text) and unknown entries are not
    /// problems; a table without source strings is reported unchecked.
    @Test func reportGroupsTables() throws {
        func string(_ entry: String, _ language: String, _ text: String, catalog: Bool = false) -> LocalizedString {
            var string = LocalizedString(key: entry, language: language, text: text)
            if catalog { string.sourceLanguage = "en" }
            return string
        }
        var untranslated = string("b", "de", "%@ only", catalog: true)
        untranslated.isUntranslated = true
        let files = [
            PlaceholderCheck.File(
                path: "App.xcstrings",
                strings: [
                    string("a", "en", "%lld items", catalog: true), string("a", "de", "%@ Elemente", catalog: true),
                    string("b", "en", "%@ only", catalog: true), untranslated,
                    string("c", "de", "no source %@", catalog: true),
                ]),
            PlaceholderCheck.File(path: "en.lproj/Localizable.strings", strings: [string("x", "en", "Hi %@")]),
            PlaceholderCheck.File(path: "fr.lproj/Localizable.strings", strings: [string("x", "fr", "Salut")]),
            PlaceholderCheck.File(path: "fr.lproj/Other.strings", strings: [string("y", "fr", "%d")]),
        ]
        let report = PlaceholderCheck.report(files, sourceLanguage: "en")
        #expect(
            report.problems.map { "\($0.file) \($0.key) \($0.language)" } == [
                "App.xcstrings a de", "fr.lproj/Localizable.strings x fr",
            ])
        #expect(report.unchecked.map(\.table) == ["Other"])
        // Only the language asked for.
        #expect(PlaceholderCheck.report(files, sourceLanguage: "en", languages: "FR").problems.map(\.key) == ["x"])
    }

    /// Damus keeps its English in `en-US.lproj`: `en` finds it when it is
    /// the only English; two regions, or none, leave the table unchecked.
    @Test func theDevelopmentLanguageMayBeRegional() {
        #expect(PlaceholderCheck.developmentLanguage("en", among: ["de", "en-US", "en_US"]) == "en-US")
        #expect(PlaceholderCheck.developmentLanguage("en", among: ["en-GB", "en", "de"]) == "en")
        #expect(PlaceholderCheck.developmentLanguage("en", among: ["en-GB", "en-US"]) == nil)
        #expect(PlaceholderCheck.developmentLanguage("en", among: ["eng", "de"]) == nil)
    }
}

/// A string's syntax is asked through `PlaceholderSyntax`, never by
/// testing whether it is Foundation's: a fourth syntax was once sent down
/// Android's path (Java's check, aapt2's pseudolocales) by such a test.
/// A syntax the core has never seen (ICU-like `{name}` arguments, defined
/// here) is filled, checked and styled by its own type alone.
@Suite struct FormatSyntaxDecisionTests {
    @Test func noSourceAsksWhetherASyntaxIsFoundations() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n")
            where line.contains("Syntax == .foundation") || line.contains("Syntax != .foundation") {
                Issue.record("\(file) asks which syntax a string has: \(line)")
            }
        }
        #expect(FormatSyntax.java.markup == .resourceSpans && FormatSyntax.foundation.markup == .markdown)
        #expect(
            FormatSyntax.java != FormatSyntax.foundation && FormatSyntax.java == FormatSyntax(JavaPlaceholders.self))
    }

    /// `{name}` arguments: filled with `[name]`; a translation lacking one
    /// of its source's is a `missing` difference.
    enum BracePlaceholders: PlaceholderSyntax {
        static let identifier = "brace"
        static let markup = StringMarkup.resourceSpans

        static func names(_ text: String) -> [String] {
            text.split(separator: "{").dropFirst().compactMap { part in
                part.firstIndex(of: "}").map { String(part[..<$0]) }
            }
        }

        static func placeholderBytes(in text: String) -> [Range<Int>] { [] }

        static func filled(_ string: LocalizedString, with samples: PlaceholderSamples, numbers: [String: String])
            -> LocalizedString?
        {
            guard !names(string.text).isEmpty else { return nil }
            var copy = string
            copy.original = string.text
            copy.text = string.text.replacingOccurrences(of: "{", with: "[").replacingOccurrences(of: "}", with: "]")
            return copy
        }

        static func problems(in table: PlaceholderTable) -> [PlaceholderCheck.Problem] {
            var sources: [String: PlaceholderCheck.Entry] = [:]
            for entry in table.entries where entry.isSource { sources[entry.key] = entry }
            return table.entries.compactMap { entry in
                guard !entry.isSource, let source = sources[entry.key] else { return nil }
                let given = Set(entry.forms.flatMap { names($0.text) })
                let lost = source.forms.flatMap { names($0.text) }.filter { !given.contains($0) }
                guard let name = lost.first else { return nil }
                let argument = PlaceholderCheck.Argument(number: 1, kind: .object, written: "{\(name)}")
                return PlaceholderCheck.problem(
                    entry, source: source.written, differences: [.missing(argument)], first: .missing(argument))
            }
        }
    }

    @Test func aSyntaxTheCoreHasNotSeenIsItsTypeAlone() {
        let brace = FormatSyntax(BracePlaceholders.self)
        func string(_ language: String, _ text: String) -> LocalizedString {
            var string = LocalizedString(key: "greeting", language: language, text: text)
            string.formatSyntax = brace
            return string
        }
        // Filled by its own type; a string that is no format is left as is.
        #expect(string("en", "Hello {name}").substituting(PlaceholderSamples()).text == "Hello [name]")
        var unformatted = string("en", "Hello {name}")
        unformatted.isFormatted = false
        #expect(unformatted.substituted(PlaceholderSamples()) == nil)
        // Judged by its own type: Foundation's check would find nothing
        // here (no `%`), Java's neither.
        let files = [("en", "Hello {name}"), ("de", "Hallo"), ("fr", "Bonjour {name}")].map { language, text in
            PlaceholderCheck.File(path: "\(language).lproj/Localizable.strings", strings: [string(language, text)])
        }
        let report = PlaceholderCheck.report(files, sourceLanguage: "en")
        #expect(report.problems.map(\.language) == ["de"])
        #expect(report.problems.first?.differences.first?.number == 1)
        var foundation = files
        for i in foundation.indices { foundation[i].strings[0].formatSyntax = .foundation }
        #expect(PlaceholderCheck.report(foundation, sourceLanguage: "en").problems.isEmpty)
    }
}

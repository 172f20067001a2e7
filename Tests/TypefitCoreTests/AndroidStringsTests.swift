import Testing

@testable import TypefitCore

/// Android's strings as `--strings` reads them: keys, languages, roles and
/// styling from `AndroidStringsFormat`, Java formats filled with samples
/// as `java.util.Formatter` prints them, and translations compared with
/// their source as Java formats them. The printed forms are Java 17's
/// (`String.format(Locale.ROOT, …)`: `%d` of 1000000 is `1000000`, `%,d`
/// `1,000,000`, `%.2f` of 1000.0 `1000.00`, `%f` `1000.000000`, `%S` upper
/// case, `%n` a line feed).
@Suite struct AndroidStringsTests {
    static func read(_ xml: String, path: String, source: String = "en") throws -> [LocalizedString] {
        try AndroidStringsFormat().read(
            path: path, bytes: Array(xml.utf8), language: nil, sourceLanguage: source, budget: StringsBudget())
    }

    @Test func keysLanguagesAndRoles() throws {
        let xml = """
            <resources>
            <string name="a" translatable="false">A</string>
            <plurals name="p"><item quantity="one">One</item><item quantity="other">%d</item></plurals>
            <string-array name="s"><item>x</item><item>y</item></string-array>
            <string name="f" formatted="false">%d</string>
            </resources>
            """
        let source = try Self.read(xml, path: "app/src/main/res/values/strings.xml", source: "fr")
        #expect(source.map(\.key) == ["a", "p|plural.one", "p|plural.other", "s[0]", "s[1]", "f"])
        #expect(source.map(\.entry) == ["a", "p", "p", "s[0]", "s[1]", "f"])
        #expect(source.allSatisfy { $0.language == "fr" && $0.isSource == true && $0.table == "app/src/main/res" })
        #expect(source[0].isTranslatable == false && source[1].isTranslatable)
        #expect(source[2].pluralForms == [PluralForm(placeholder: "%d", category: "other")])
        #expect(source[5].formatSyntax == .literal && source[1].formatSyntax == .java)
        let night = try Self.read(xml, path: "res/values-pt-rBR-night/strings.xml")
        #expect(night.allSatisfy { $0.language == "pt-BR" && $0.isSource == false && $0.qualifiers == ["night"] })
        // A folder aapt2 refuses is an error, not a guess.
        #expect(throws: SourceError.self) { try Self.read(xml, path: "res/values-es-r419/strings.xml") }
    }

    /// Nested spans become runs apart, each with every trait over it, in
    /// UTF-8 (the value's spans are UTF-16 and inclusive).
    @Test func spansAsRuns() throws {
        let strings = try Self.read(
            "<resources><string name=\"a\">é<b>bo<i>th</i></b><u>u</u></string></resources>",
            path: "res/values/strings.xml")
        let spans = try #require(strings.first).spans
        #expect(
            spans == [
                InlineMarkdown.Span(range: 2..<4, traits: .bold),
                InlineMarkdown.Span(range: 4..<6, traits: [.bold, .italic]),
            ])
    }

    @Test func javaSamplesAsFormatterPrintsThem() throws {
        let samples = PlaceholderSamples()
        func filled(_ text: String, numbers: [String: String] = [:]) -> String? {
            samples.substituteJava(text, numbers: numbers)?.text
        }
        #expect(filled("%d files") == "1000000 files")
        #expect(filled("%,d files") == "1,000,000 files")
        #expect(filled("%.2f km") == "1000.00 km")
        #expect(filled("%f") == "1000.000000")
        #expect(filled("%S!") == "MAXIMILIANUS!")
        #expect(filled("%1$s%n%2$d%%") == "Maximilianus\n1000000%")
        #expect(filled("%d", numbers: ["%d": "1,000,101"]) == "1000101")
        // No argument: `getString(id)` shows it as written; Java throws:
        // measured as written too.
        #expect(filled("100%%") == nil)
        #expect(filled("%s % ms") == nil)
        // `--sample` values: by the specifier without its position, or by
        // its conversion.
        let given = PlaceholderSamples([("%s", "Bo"), ("%d", "7")])
        #expect(given.substituteJava("%2$s: %,d")?.text == "Bo: 7")
    }

    /// An `<xliff:g>` section's example replaces the section; spans after
    /// it move with the text.
    @Test func examplesAndSpansMove() throws {
        let strings = try Self.read(
            """
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2"><string name="a">Hi \
            <xliff:g id="n" example="Alexandra">%1$s</xliff:g>, tap <b>Save</b></string></resources>
            """, path: "res/values/strings.xml")
        let string = try #require(strings.first)
        let filled = try #require(string.substituted(PlaceholderSamples()))
        #expect(filled.text == "Hi Alexandra, tap Save")
        let bold = try #require(filled.spans.first)
        #expect(Array(filled.text.utf8)[bold.range].elementsEqual("Save".utf8))
        #expect(filled.substitutions.first?.value == "Alexandra" && filled.substitutions.first?.isDefault == false)
    }

    /// Translations against their source as Java formats them.
    @Test func javaDifferences() {
        func differences(_ source: [String], _ translation: [String]) -> [String] {
            JavaFormatAnalysis(forms: translation).differences(from: JavaFormatAnalysis(forms: source)).map(\.code)
        }
        #expect(differences(["%1$s and %2$d"], ["%2$d und %1$s"]) == [])
        #expect(differences(["%s ms"], ["% ms"]) == ["java-exception"])
        #expect(differences(["%d min"], ["%s min"]) == ["changed"])
        #expect(differences(["%1$d of %2$d"], ["%1$d"]) == ["missing"])
        #expect(differences(["%d"], ["%d %2$s"]) == ["extra"])
        // AnkiDroid's Bulgarian `widget_eta`: `one` reads %d, `other` %s.
        #expect(differences(["%d minute", "%d minutes"], ["%d минута", "%s минути"]) == ["changed"])
        // A plural's `one` may leave the number out.
        #expect(differences(["One", "%d files"], ["Eine", "%d Dateien"]) == [])
        // `%<s` before any other argument.
        #expect(differences(["%s"], ["%<s"]) == ["java-exception"])
        // A source is a format when it reads an argument, even past a
        // specifier Java throws on.
        #expect(JavaFormatAnalysis(forms: ["100% sure"]).isFormat == false)
        #expect(JavaFormatAnalysis(forms: ["Hi %s, 50% off"]).isFormat == true)
        #expect(JavaFormatAnalysis(forms: ["Hi %s, 50% off"]).ownDifferences.map(\.code) == ["java-exception"])
    }
}

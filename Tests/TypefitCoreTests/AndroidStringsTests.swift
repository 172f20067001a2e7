import Foundation
import Testing
import TypefitTestSupport

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

    /// Writes each folder's `strings.xml` (its body inside `<resources>`)
    /// under `res`, for aapt2, and reads it as typefit does.
    static func write(_ folders: [(String, String)], in res: URL) throws -> [LocalizedString] {
        var strings: [LocalizedString] = []
        for (folder, body) in folders {
            let directory = res.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let xml = "<resources>\n\(body)\n</resources>\n"
            try xml.write(to: directory.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
            strings += try read(xml, path: "res/\(folder)/strings.xml")
        }
        return strings
    }

    /// What no one file settles is the format's, once the run's files are
    /// read: a German reference resolved through German's table (a device
    /// resolves it in the configuration), a name no file defines reported
    /// where it is written, and a translation of a source that reads no
    /// argument shown as written. Other formats settle nothing.
    @Test func aRunIsSettledByItsFormat() throws {
        let source = try Self.read(
            """
            <resources>
            <string name="app">Notes</string>
            <string name="title">@string/app</string>
            <string name="lost">@string/gone</string>
            <string name="done">Saved</string>
            </resources>
            """, path: "res/values/strings.xml")
        let german = try Self.read(
            """
            <resources>
            <string name="app">Notizen</string>
            <string name="title">@string/app</string>
            <string name="done">%1$s gespeichert</string>
            </resources>
            """, path: "res/values-de/strings.xml")
        var strings = source + german
        for i in strings.indices { strings[i].file = strings[i].isSource == true ? "values" : "values-de" }
        var untouched = strings
        #expect(AppleStringsFormat().settle(&untouched, every: []).isEmpty && untouched == strings)
        let notes = AndroidStringsFormat().settle(&strings, every: [])
        let text = Dictionary(strings.map { ($0.key + "/" + ($0.language ?? ""), $0) }) { a, _ in a }
        #expect(text["title/en"]?.text == "Notes" && text["title/de"]?.text == "Notizen")
        #expect(text["done/de"]?.isFormatted == false && text["done/en"]?.isFormatted == true)
        #expect(notes.map(\.problem) == [.referenceUnresolved(key: "lost", reference: "@string/gone")])
        #expect(notes.first?.file == "values" && notes.first?.position?.line == 4)
    }

    /// A module's reference to a string another module of the run defines
    /// resolves there, in the device's configuration: Gradle merges every
    /// library module's resources into the app's (AntennaPod's
    /// `ui/preferences` arrays name `ui/i18n`'s strings); its own folder's
    /// value comes first.
    @Test func aReferenceResolvesAcrossTheRunsModules() throws {
        var strings =
            try Self.read(
                #"<resources><string-array name="modes"><item>@string/never</item><item>@string/own</item></string-array>"#
                    + #"<string name="own">Own</string></resources>"#, path: "preferences/res/values/arrays.xml")
            + Self.read(
                #"<resources><string name="never">Never</string><string name="own">Other</string></resources>"#,
                path: "i18n/res/values/strings.xml")
            + Self.read(
                #"<resources><string name="never">Nie</string></resources>"#, path: "i18n/res/values-de/strings.xml")
        let notes = AndroidStringsFormat().settle(&strings, every: [])
        #expect(notes.isEmpty)
        #expect(strings.filter { $0.key.hasPrefix("modes[") }.map(\.text) == ["Never", "Own"])
    }

    /// A typed `<array>`'s items that name a string are measured as that
    /// string, at their index (`obtainTypedArray(id).getString(2)`); its
    /// colours, numbers and drawables are not text.
    @Test func aTypedArraysStringItemsAreMeasured() throws {
        var strings = try Self.read(
            """
            <resources>
            <string name="low">Low battery</string>
            <array name="levels"><item>#ff0000</item><item>@drawable/icon</item><item>@string/low</item></array>
            <array name="colours"><item>#ff0000</item><item>16dp</item></array>
            </resources>
            """, path: "res/values/strings.xml")
        _ = AndroidStringsFormat().settle(&strings, every: [])
        #expect(strings.map(\.key) == ["low", "levels[2]"])
        #expect(strings.last?.text == "Low battery")
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
        #expect(source[2].pluralForms == [PluralForm(placeholder: "%d", category: "other", isPluralsItem: true)])
        #expect(!source[5].isFormatted && source[1].formatSyntax == .java && source[1].isFormatted)
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
        // Widths and precisions as Formatter fills them: a 12-letter name
        // in 30 places is 32 characters with its brackets (it was 14).
        #expect(filled("[%1$30s]") == "[" + String(repeating: " ", count: 18) + "Maximilianus]")
        #expect(filled("%-8.3s|") == "Max     |")
        #expect(filled("%+,012d") == "+001,000,000")
        // A width past a string's 20,000 characters pads to them (Java
        // would run out of memory at 2^31 - 1): the string is cut there.
        #expect(filled("%999999999s")?.count == LocalizedString.maximumLength)
        // A `--sample` is padded and cased too.
        #expect(PlaceholderSamples([("%S", "Bo")]).substituteJava("%5S|")?.text == "   BO|")
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

/// The strings model: tables by language, configuration and role, entries
/// of forms, flattened for layout in the file's order.
@Suite struct StringsTableTests {
    @Test func rolesByFormat() throws {
        let android = try AndroidStringsTests.read(
            "<resources><string name=\"a\">A</string></resources>", path: "res/values/strings.xml")
        let night = try AndroidStringsTests.read(
            "<resources><string name=\"a\">A</string></resources>", path: "res/values-night/strings.xml")
        let german = try AndroidStringsTests.read(
            "<resources><string name=\"a\">A</string></resources>", path: "res/values-de/strings.xml")
        #expect(StringsTable.tables(of: android, file: "f").map(\.role) == [.source])
        // The night configuration of the source language is compared with
        // `values/`, as a translation.
        #expect(StringsTable.tables(of: night, file: "f").map(\.role) == [.translation])
        #expect(StringsTable.tables(of: german, file: "f").map(\.group) == ["res"])

        var english = LocalizedString(key: "k", language: "en", text: "Hi")
        english.sourceLanguage = "en"
        var french = LocalizedString(key: "k", language: "fr", text: "Salut")
        french.sourceLanguage = "en"
        let catalog = StringsTable.tables(of: [english, french], file: "App.xcstrings")
        #expect(
            catalog.map(\.role) == [.source, .translation]
                && catalog.map(\.group) == ["App", "App"])

        let lproj = StringsTable.tables(
            of: [LocalizedString(key: "k", language: "de", text: "Hallo")], file: "de.lproj/Localizable.strings")
        #expect(lproj.map(\.role) == [.byLanguage] && lproj.map(\.group) == ["Localizable"])
        let text = StringsTable.tables(
            of: [
                LocalizedString(key: "t:1", language: nil, text: "a"),
                LocalizedString(key: "t:2", language: nil, text: "a"),
            ], file: "t")
        #expect(text.map(\.role) == [.none] && text.first?.entries.count == 2)
    }

    /// A catalog lists a key's languages together; its tables are by
    /// language, and flattening gives the file's order back.
    @Test func flatteningKeepsTheFilesOrder() {
        var strings: [LocalizedString] = []
        for key in ["a", "b"] {
            for language in ["en", "de"] {
                for category in ["one", "other"] {
                    var string = LocalizedString(
                        key: key + "|plural." + category, language: language, text: key + language + category,
                        entry: key)
                    string.sourceLanguage = "en"
                    strings.append(string)
                }
            }
        }
        let tables = StringsTable.tables(of: strings, file: "App.xcstrings")
        #expect(tables.map(\.language) == ["en", "de"])
        #expect(tables.first?.entries.map(\.key) == ["a", "b"])
        #expect(tables.first?.entries.first?.forms.map(\.key) == ["a|plural.one", "a|plural.other"])
        #expect(StringsTable.flattened(tables).map(\.text) == strings.map(\.text))
    }
}

/// A reference resolves as a device resolves it, whatever folder holds it
/// (`AssetManager2::ResolveReference`): in the referring folder's locale,
/// a regional folder falling back to its language's (`values-de` for
/// de-AT) but not across scripts (`values-zh` is not zh-TW's), folders of
/// other qualifiers (`night`, `sw600dp`) never mixed in, a version folder
/// (`v29`) over `values/` (the device is recent). Oracle: the label
/// `aapt2 dump badging` shows per locale for an app labelled
/// `@string/label`, which picks and follows as a device does.
@Suite(
    .enabled(if: Aapt2.canLink, "aapt2 or Android's framework is missing (apt-get install aapt android-framework-res)"))
struct AndroidReferenceResolutionTests {
    @Test func referencesResolveAsTheDeviceResolvesThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-badging-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let res = root.appendingPathComponent("res")
        // Read in this order: the old lookup kept the last folder read.
        let folders: [(String, String)] = [
            ("values", #"<string name="app_name">default</string><string name="label">@string/app_name</string>"#),
            ("values-de", #"<string name="app_name">de</string>"#),
            ("values-de-rAT", #"<string name="label">@string/app_name</string>"#),
            ("values-fr", #"<string name="label">@string/app_name</string>"#),
            ("values-zh", #"<string name="app_name">zh</string>"#),
            ("values-zh-rTW", #"<string name="label">@string/app_name</string>"#),
            ("values-v29", #"<string name="app_name">v29</string>"#),
            ("values-night", #"<string name="app_name">night</string>"#),
            ("values-sw600dp", #"<string name="app_name">tablet</string>"#),
        ]
        var strings = try AndroidStringsTests.write(folders, in: res)
        let device = try Aapt2.labels(resources: res, label: "@string/label", into: root)
        _ = AndroidStringsFormat().settle(&strings, every: [])
        var ours: [String: String] = [:]
        for string in strings where string.key == "label" {
            ours[string.isSource == true ? "" : string.language ?? "?"] = string.text
        }
        #expect(ours.count == 4)
        for (locale, text) in ours { #expect(device[locale] == text, "\(locale): aapt2 \(device[locale] ?? "-")") }
        // What the oracle says, for the reader of this test.
        #expect(ours == ["": "v29", "de-AT": "de", "fr": "v29", "zh-TW": "v29"])
    }
}

/// Which folder a device reads each value from (`values-de-rAT` falling
/// back to `values-de`, another region of the language's script before
/// `values/`, never another script's), which values no device of the
/// default configuration reads (`values-night`, `values-sw600dp`,
/// `values/` under `values-v29`), and which names a language lacks.
/// Oracle: `aapt2 dump badging`'s label per locale, for apps labelled
/// `@string/app_name` (the reference's §1.5 rows and §3's versions), and
/// for one labelled with a name some folders lack.
@Suite(
    .enabled(if: Aapt2.canLink, "aapt2 or Android's framework is missing (apt-get install aapt android-framework-res)"))
struct AndroidValueResolutionTests {
    /// Each row: the folders that give `app_name` (their name is their
    /// text); devices of `probes` are asked through folders holding only
    /// another name.
    static let rows: [[String]] = [
        ["values", "de", "de-rAT", "b+sr+Latn", "sr", "zh", "zh-rTW", "es", "es-rUS", "pa", "en-rGB", "night"],
        ["values", "de-rAT", "es-rMX", "zh-rCN"],
        ["values", "de-rAT", "de-rDE", "pt-rPT", "fil"],
        ["values", "zh-rTW", "zh-rHK", "es-rMX", "es-rUS"],
        ["values", "de", "de-v21", "v29", "night", "sw600dp", "land", "ar"],
    ]
    static let probes = [
        "de-rDE", "de-rCH", "zh-rHK", "zh-rMO", "b+zh+Hant", "zh-rSG", "b+es+419", "es-rMX", "es-rAR", "pa-rPK",
        "sr-rRS", "b+sr+Latn+RS", "en", "en-rUS", "en-rAU", "fr", "pt-rBR", "tl",
    ]

    static func folder(_ qualifiers: String) -> String { qualifiers == "values" ? "values" : "values-" + qualifiers }

    /// The row's strings as typefit reads them, and aapt2's label per
    /// locale.
    static func build(_ row: [String], extra: [String: String] = [:]) throws -> (
        strings: [LocalizedString], device: [String: String]
    ) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-values-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let res = root.appendingPathComponent("res")
        var bodies: [String: String] = [:]
        for qualifiers in row { bodies[folder(qualifiers)] = #"<string name="app_name">\#(qualifiers)</string>"# }
        bodies["values", default: ""] += #"<string name="probe">x</string>"#
        for probe in probes where bodies[folder(probe)] == nil {
            bodies[folder(probe)] = #"<string name="probe">x</string>"#
        }
        for (name, body) in extra { bodies[name, default: ""] += body }
        let strings = try AndroidStringsTests.write(bodies.map { ($0.key, $0.value) }, in: res)
        return (strings, try Aapt2.labels(resources: res, label: "@string/app_name", into: root))
    }

    /// Every locale aapt2 labels reads the folder Android's rules pick.
    @Test(arguments: rows.indices) func eachLocaleReadsTheFolderAndroidPicks(row: Int) throws {
        let (strings, device) = try Self.build(Self.rows[row])
        let candidates = strings.filter { $0.key == "app_name" }
        let folders = candidates.map(AndroidConfiguration.init)
        #expect(device.count > 10)
        for (locale, label) in device {
            let reader = AndroidConfiguration(device: .none, locale: locale.isEmpty ? nil : AndroidLocale(locale))
            let ours = reader.best(folders).map { candidates[$0].text }
            #expect(ours == label, "row \(row), \(locale.isEmpty ? "no locale" : locale): aapt2 \(label)")
        }
    }

    /// What the default device never reads is left out, and the rest is
    /// what some locale's device shows: for each folder's own locale (and
    /// none), the folder aapt2 shows.
    @Test(arguments: rows.indices) func unreadValuesAreLeftOut(row: Int) throws {
        let (strings, device) = try Self.build(Self.rows[row])
        let unshown = Set(AndroidRunPasses.unshown(strings))
        let kept = Set(
            strings.indices.filter { !unshown.contains($0) && strings[$0].key == "app_name" }.map { strings[$0].text })
        var shown = Set<String>()
        for string in strings where string.key == "app_name" {
            let locale = string.isSource == true ? "" : (string.language ?? "")
            if let label = device[locale] { shown.insert(label) }
        }
        #expect(kept == shown, "row \(row)")
    }

    /// A device sets its layout direction from its locale (AOSP
    /// `Configuration.setLocales` calls `setLayoutDirection(locale)`), so an
    /// Arabic one reads `values-ar-ldrtl`; aapt2's `dump badging` request
    /// sets no direction (it would show `values-ar`), hence not a row above.
    @Test func anArabicDeviceReadsRightToLeftFolders() throws {
        let folders = ["ar", "ar-ldrtl", "ldrtl", "ldltr"].map {
            AndroidConfiguration(
                language: $0.hasPrefix("ar") ? "ar" : nil,
                qualifiers: $0.hasPrefix("ar-") ? ["ldrtl"] : $0.hasPrefix("ar") ? [] : [$0])
        }
        let arabic = AndroidConfiguration(device: .none, locale: AndroidLocale("ar-EG"))
        #expect(arabic.best(folders) == 1)
        #expect(arabic.best([folders[2], folders[3]]) == 0)
        let german = AndroidConfiguration(device: .none, locale: AndroidLocale("de"))
        #expect(german.best([folders[2], folders[3]]) == 1)
        // Asked for: a left-to-right device whatever its locale.
        let forced = AndroidConfiguration(device: try AndroidDeviceQualifiers("ldltr"), locale: AndroidLocale("ar"))
        #expect(forced.best(folders) == 0)
    }

    /// `--require-translated`: a name a regional folder lacks is
    /// translated where the device reads it in another folder of the
    /// language (de-AT from `values-de`), not where it reads `values/`
    /// (zh-TW: `values-zh` is another script). Oracle: the label of a
    /// probe labelled with the lacking name.
    @Test func aNameIsMissingWhereTheDeviceReadsTheSource() throws {
        let extra = [
            "values": #"<string name="other">source</string>"#,
            "values-de": #"<string name="other">de</string>"#,
            "values-de-rAT": #"<string name="app_name">at</string>"#,
            "values-zh": #"<string name="other">zh</string>"#,
            "values-zh-rTW": #"<string name="app_name">tw</string>"#,
            "values-de-v21": #"<string name="app_name">de21</string>"#,
            "values-fr-night": #"<string name="other">fr night</string>"#,
            "values-fr": #"<string name="app_name">fr</string>"#,
        ]
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-missing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let res = root.appendingPathComponent("res")
        let strings = try AndroidStringsTests.write(
            extra.map { ($0.key, $0.value + ($0.key == "values" ? #"<string name="app_name">x</string>"# : "")) },
            in: res)
        let device = try Aapt2.labels(resources: res, label: "@string/other", into: root)
        let report = PlaceholderCheck.report(
            tables: StringsTable.tables(of: strings, file: "res"), sourceLanguage: "en", requireTranslated: true)
        let missing = Set(report.untranslated.filter { $0.key == "other" }.map(\.language))
        let shownSource = Set(device.filter { $0.key != "" && $0.value == "source" }.map(\.key))
        #expect(missing == shownSource)
        #expect(missing == ["zh-TW", "fr"])
    }
}

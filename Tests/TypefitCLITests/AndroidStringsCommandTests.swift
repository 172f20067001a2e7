import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Android's strings through `fit`: `--strings` takes a module root (its
/// `src/*/res`) or a `res` folder, reads every `values*/*.xml` as aapt2
/// values it (`AndroidValuesTests` holds aapt2's own verdicts), and checks
/// each translation's Java placeholders against `values/`'s. The fixture
/// module (`Fixtures/android/app`) copies three mistakes of AnkiDroid's
/// translations (Croatian `% ms`, Latvian `% MB`: Java's formatter throws
/// `UnknownFormatConversionException`, as `Fixtures/placeholders/
/// java-formatter.tsv` records of OpenJDK 17; Bulgarian `%s` for `%d`,
/// which Android lint's `StringFormatMatches` flags) and translators'
/// common ones.
@Suite struct AndroidStringsCommandTests {
    static let module = Fixtures.path("android/app")
    static let res = module + "/src/main/res"
    static let common =
        ["--platform", "android", "--style", "bodyLarge", "--font", "TypefitSans-Regular", "--width", "2000"]
        + ["--font-scale", "1.0", "--fontconfig-file", Fixtures.fontconfigFile]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    /// `text`'s advance in ems as hb-shape gives it in a fixture face
    /// (1,000 units per em); `nil` without hb-shape.
    static func ems(_ text: String, _ file: String) throws -> Double? {
        guard
            let shaped = try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", Fixtures.fonts.appendingPathComponent(file).path, text],
                environment: ["LC_ALL": "C.UTF-8"]),
            let glyphs = try JSONSerialization.jsonObject(with: Data(shaped.stdout.utf8)) as? [[String: Any]]
        else { return nil }
        return Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }) / 1000
    }

    func document(_ outcome: Outcome) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    /// Every values folder's strings, keyed as the README says, each with
    /// the language its folder names (`values/` in the source language).
    @Test func aModuleRootGivesEveryValuesFolder() throws {
        // The night folder is another configuration's: read at night.
        let byDay = run(["fit", "--strings", Self.module, "--no-placeholder-check", "--format", "json"] + Self.common)
        #expect(byDay.stderr.contains("1 Android value is not measured (values-night/ 1)"), "\(byDay.stderr)")
        let dayResults = try #require(try document(byDay)["results"] as? [[String: Any]])
        #expect(!dayResults.contains { ($0["file"] as? String ?? "").contains("/values-night/") })
        let outcome = run(
            ["fit", "--strings", Self.module, "--no-placeholder-check", "--format", "json", "--qualifiers", "night"]
                + Self.common)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("not measured"), "\(outcome.stderr)")
        let results = try #require(try document(outcome)["results"] as? [[String: Any]])
        #expect(results.count == dayResults.count + 1)
        let pairs = Set(results.map { "\($0["key"] as? String ?? "")@\($0["language"] as? String ?? "-")" })
        for expected in [
            "app_name@en", "greeting@en", "cards_due|plural.one@en", "cards_due|plural.other@en", "sizes[0]@en",
            "sizes[1]@en", "greeting@de", "greeting@pt-BR", "greeting@sr-Latn", "pref_milliseconds@hr",
            "progress@en",
        ] {
            #expect(pairs.contains(expected), "\(expected) not in \(pairs.sorted())")
        }
        // The drawable folder and the colours file give nothing.
        #expect(!pairs.contains { $0.hasPrefix("not_read") })
        // The night folder's string is its own row, from its own file.
        let night = results.filter { ($0["file"] as? String ?? "").contains("/values-night/") }
        #expect(night.count == 1 && night.first?["key"] as? String == "progress")
        #expect(night.first?["qualifiers"] as? [String] == ["night"])
        #expect(results.filter { $0["qualifiers"] != nil }.count == 1)
        // A second folder after one `--strings` (an unquoted glob's) is
        // refused, not measured as text.
        let stray = run(["fit", "--strings", Self.res, Self.res] + Self.common)
        #expect(stray.status == .usage && stray.stderr.contains("put '--strings' before each file"))
        // A quoted pattern naming folders reads them.
        let pattern = run(
            ["fit", "--strings", Self.module + "/src/*/res", "--no-placeholder-check", "--format", "json"]
                + Self.common)
        #expect((try document(pattern)["results"] as? [[String: Any]])?.count == dayResults.count, "\(pattern.stderr)")
        // The res folder itself gives the same strings.
        let fromRes = run(["fit", "--strings", Self.res, "--no-placeholder-check", "--format", "json"] + Self.common)
        #expect(try document(fromRes)["results"] as? [[String: Any]] != nil)
        #expect((try document(fromRes)["results"] as? [[String: Any]])?.count == dayResults.count)
    }

    /// Values as the device shows them: a reference is the string it names,
    /// `<xliff:g example>` stands in for its placeholder, Java prints `%d`
    /// without grouping, `formatted="false"` and a string without arguments
    /// are shown as written.
    @Test func valuesAreMeasuredAsShown() throws {
        let outcome = run(["fit", "--strings", Self.res, "--no-placeholder-check", "--format", "json"] + Self.common)
        let results = try #require(try document(outcome)["results"] as? [[String: Any]])
        func sample(_ key: String, _ language: String = "en") -> String? {
            results.first { $0["key"] as? String == key && $0["language"] as? String == language }?["sampleText"]
                as? String
        }
        #expect(sample("greeting") == "Hello, Alexandra!")
        // The translation dropped the section; the source's example
        // stands for the same argument.
        #expect(sample("greeting", "pt-BR") == "Olá, Alexandra!")
        #expect(sample("title_alias") == "Maximilianus ms")
        #expect(sample("widget_eta") == "1000000 min left")
        #expect(sample("discount") == "100% sure")
        #expect(sample("raw_format") == "%d and %s are shown as written")
        #expect(sample("tap_save") == "Tap Save to keep Maximilianus")
        // `one` of English plural rules measures 1; `other` a million.
        #expect(sample("cards_due|plural.other") == "1000000 cards due")
    }

    /// Each mistake is an error at its value's line naming file, key and
    /// language; what is fine (a reordered or same-class translation, a
    /// string not translated, `formatted="false"`, a source that takes no
    /// argument) is not.
    @Test func placeholdersAreCheckedAsJavaFormatsThem() throws {
        let outcome = run(["fit", "--strings", Self.module, "--format", "json"] + Self.common)
        #expect(outcome.status == .problemFound)
        let errors = outcome.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 6, "\(outcome.stderr)")
        let expected = [
            "values-hr/strings.xml:3:5: error: \"pref_milliseconds\" (hr): '% m' makes Java's formatter throw "
                + "UnknownFormatConversionException (Conversion = 'm')",
            "values-lv/strings.xml:3:5: error: \"save_dialog_content\" (lv): '% M' makes Java's formatter throw "
                + "UnknownFormatConversionException (Conversion = 'M')",
            "values-bg/strings.xml:3:5: error: \"widget_eta\" (bg): %s (a string) stands where the source has %d "
                + "(an integer), argument 1",
            "values-de/strings.xml:3:5: error: \"greeting\" (de): %1$d (an integer) stands where the source has "
                + "%1$s (a string), argument 1",
            "values-de/strings.xml:5:5: error: \"progress\" (de): %3$d (argument 3, an integer) is not in the source",
            "values-de/strings.xml:15:9: error: \"sizes[1]\" (de): %s (argument 1, a string) is missing",
        ]
        for line in expected {
            #expect(errors.contains { $0.contains(line) }, "\(line)\n\(outcome.stderr)")
        }
        let json = try document(outcome)
        let problems = try #require(json["placeholders"] as? [[String: Any]])
        let croatian = try #require(problems.first { $0["language"] as? String == "hr" })
        let difference = try #require((croatian["differences"] as? [[String: Any]])?.first)
        #expect(difference["problem"] as? String == "java-exception" && difference["translation"] as? String == "% m")
        let bulgarian = try #require(problems.first { $0["language"] as? String == "bg" })
        let changed = try #require((bulgarian["differences"] as? [[String: Any]])?.first)
        #expect(changed["sourceKind"] as? String == "integer" && changed["translationKind"] as? String == "string")
        // Croatian has `one`, `few` and `other`: the plural lacks two.
        let coverage = try #require(json["pluralCoverage"] as? [[String: Any]])
        #expect(coverage.count == 1)
        #expect(
            coverage.first?["language"] as? String == "hr" && coverage.first?["missing"] as? [String] == ["one", "few"])
    }

    /// `--language` keeps one language and still compares it with the
    /// source.
    @Test func oneLanguageIsStillCompared() throws {
        let outcome = run(["fit", "--strings", Self.module, "--language", "bg", "--format", "json"] + Self.common)
        #expect(outcome.status == .problemFound)
        let json = try document(outcome)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(Set(results.compactMap { $0["language"] as? String }) == ["bg"])
        #expect((json["placeholders"] as? [[String: Any]])?.count == 1)
    }

    /// A bold span is measured in the bold face, as the same text with the
    /// same run in Markdown is.
    @Test func boldSpansAreMeasuredInTheBoldFace() throws {
        let folder = Fixtures.temporaryDirectory("android-bold")
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try
            "<resources><string name=\"a\">Tap <b>Save</b> now</string><string name=\"b\">Tap Save now</string></resources>"
            .write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        let text = folder.appendingPathComponent("markdown.txt")
        try "Tap **Save** now".write(to: text, atomically: true, encoding: .utf8)
        let measuring =
            ["--style", "body", "--font", "TypefitSans-Regular", "--category", "large"]
            + ["--fontconfig-file", Fixtures.fontconfigFile, "--format", "json"]
        func widths(_ arguments: [String]) throws -> [String: Double] {
            let outcome = run(["measure"] + arguments + measuring)
            #expect(outcome.status == .success, "\(outcome.stderr)")
            let rows = try #require(try document(outcome)["measurements"] as? [[String: Any]])
            var found: [String: Double] = [:]
            for row in rows { found[row["key"] as? String ?? ""] = row["width"] as? Double }
            return found
        }
        let android = try widths(["--strings", folder.appendingPathComponent("res").path])
        let markdown = try widths(["--strings", text.path, "--markdown"])
        let bold = try #require(android["a"])
        let plain = try #require(android["b"])
        #expect(bold > plain)
        #expect(bold == markdown.values.first)
        // And against HarfBuzz: each run shaped in its face, body at Large
        // is 17 pt (the fixture faces have 1,000 units per em).
        if let before = try Self.ems("Tap ", "TypefitSans-Regular.ttf"),
            let run = try Self.ems("Save", "TypefitSans-Bold.ttf"),
            let after = try Self.ems(" now", "TypefitSans-Regular.ttf")
        {
            #expect(abs(bold - (before + run + after) * 17) < 0.01, "\(bold) against HarfBuzz")
        }
    }

    /// `--html`: a CDATA `<b>` and an escaped one are measured as
    /// `Html.fromHtml` renders them, the run in the bold face (against
    /// HarfBuzz, each run in its face), a `<br>` a line; without `--html`
    /// the tags are measured as written. A `<big>` is said not to be drawn
    /// at its size.
    @Test func htmlStringsAreMeasuredAsFromHtmlRendersThem() throws {
        let folder = Fixtures.temporaryDirectory("android-html")
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try """
        <resources>
          <string name="cdata"><![CDATA[Tap <b>Save</b> now]]></string>
          <string name="escaped">Tap &lt;b>Save&lt;/b> now</string>
          <string name="lines"><![CDATA[Tap<br>now]]></string>
          <string name="big"><![CDATA[<big>Tap</big>]]></string>
        </resources>
        """.write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        let measuring =
            ["measure", "--strings", folder.appendingPathComponent("res").path, "--style", "body", "--font"]
            + ["TypefitSans-Regular", "--category", "large", "--fontconfig-file", Fixtures.fontconfigFile]
            + ["--format", "json"]
        func rows(_ extra: [String]) throws -> (rows: [String: [String: Any]], stderr: String) {
            let outcome = run(measuring + extra)
            #expect(outcome.status == .success, "\(outcome.stderr)")
            var found: [String: [String: Any]] = [:]
            for row in try #require(try document(outcome)["measurements"] as? [[String: Any]]) {
                found[row["key"] as? String ?? ""] = row
            }
            return (found, outcome.stderr)
        }
        let (html, stderr) = try rows(["--html"])
        let (written, _) = try rows([])
        let cdata = try #require(html["cdata"]?["width"] as? Double)
        #expect(html["escaped"]?["width"] as? Double == cdata)
        #expect(try #require(written["cdata"]?["width"] as? Double) > cdata)
        #expect(html["lines"]?["lines"] as? Int == 2, "\(html["lines"] ?? [:])")
        #expect(stderr.contains("4 Android strings measured as Html.fromHtml renders them"), "\(stderr)")
        #expect(stderr.contains("warning: 1 Android string holds HTML typefit does not draw as a device does"))
        #expect(stderr.contains("relative sizes (<big>, <small>, <h1>–<h5>)"))
        // A rule asks for it for its keys alone.
        let rules = folder.appendingPathComponent("rules.json")
        try #"[{"keys": "cdata", "style": "bodyLarge", "width": 2000, "html": true}, "#
            .appending(#"{"keys": "*", "style": "bodyLarge", "width": 2000}]"#)
            .write(to: rules, atomically: true, encoding: .utf8)
        let ruled = run(
            ["fit", "--strings", folder.appendingPathComponent("res").path, "--rules", rules.path]
                + Self.common.filter { $0 != "--width" && $0 != "2000" && $0 != "--style" && $0 != "bodyLarge" })
        #expect(ruled.stderr.contains("1 Android string measured as Html.fromHtml renders it"), "\(ruled.stderr)")
        if let before = try Self.ems("Tap ", "TypefitSans-Regular.ttf"),
            let run = try Self.ems("Save", "TypefitSans-Bold.ttf"),
            let after = try Self.ems(" now", "TypefitSans-Regular.ttf")
        {
            #expect(abs(cdata - (before + run + after) * 17) < 0.01, "\(cdata) against HarfBuzz")
        }
    }

    /// A module root gives `src/main/res`, what every build ships; its
    /// debug source set is named in a note and read when given itself.
    @Test func aModuleRootReadsItsMainSourceSet() throws {
        let module = Fixtures.temporaryDirectory("android-source-sets")
        for (set, text) in [("main", "Hello"), ("debug", "Debug build")] {
            let values = module.appendingPathComponent("src/\(set)/res/values")
            try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
            try "<resources><string name=\"\(set)_text\">\(text)</string></resources>".write(
                to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        }
        let outcome = run(["fit", "--strings", module.path, "--format", "json"] + Self.common)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let keys = try #require(try document(outcome)["results"] as? [[String: Any]]).compactMap {
            $0["key"] as? String
        }
        #expect(keys == ["main_text"])
        #expect(
            outcome.stderr.contains("its src/main/res is read, not its other source sets' resources ("),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("src/debug/res): --source-set debug reads one over main's"))
        let debug = run(
            ["fit", "--strings", module.path + "/src/debug/res", "--format", "json"] + Self.common)
        let debugKeys = try #require(try document(debug)["results"] as? [[String: Any]]).compactMap {
            $0["key"] as? String
        }
        #expect(debugKeys == ["debug_text"])
    }

    /// `--source-set` reads a module's source sets over `main` as Gradle's
    /// resource merger does (a variant's value replaces main's resource of
    /// the name, type and configuration, a plurals whole; sets named later
    /// win): one value per resource, references resolved to the merged
    /// value, and a set's source compared with main's translations.
    @Test func sourceSetsOverlayMain() throws {
        let module = Fixtures.temporaryDirectory("android-overlay")
        let files = [
            "main/res/values": """
            <resources><string name="app_name">Example</string><string name="title">Settings</string>
            <string name="label">@string/app_name</string>
            <plurals name="items"><item quantity="one">%d item</item><item quantity="other">%d items</item></plurals>
            </resources>
            """,
            "main/res/values-de": """
            <resources><string name="app_name">Beispiel</string><string name="title">Einstellungen</string>
            <plurals name="items"><item quantity="one">%d Element</item><item quantity="other">%d Elemente</item></plurals>
            </resources>
            """,
            "debug/res/values": """
            <resources><string name="app_name">Example DEBUG</string><string name="title">Settings for %1$s</string>
            <plurals name="items"><item quantity="other">%d debug items</item></plurals></resources>
            """,
            "beta/res/values": "<resources><string name=\"app_name\">Example BETA</string></resources>",
            // Layouts alone: no strings to read, named nowhere.
            "userdebug/res/layout": "<LinearLayout/>",
        ]
        for (folder, text) in files {
            let values = module.appendingPathComponent("src/" + folder)
            try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
            try text.write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        }
        func texts(_ sets: [String]) throws -> (texts: [String: String], outcome: Outcome) {
            let outcome = run(
                ["fit", "--strings", module.path, "--format", "json"] + sets.flatMap { ["--source-set", $0] }
                    + Self.common)
            var texts: [String: String] = [:]
            for result in try #require(try document(outcome)["results"] as? [[String: Any]]) {
                let key = "\(result["key"] as? String ?? "") \(result["language"] as? String ?? "")"
                #expect(texts[key] == nil, "\(key) measured twice")
                texts[key] = result["text"] as? String
            }
            return (texts, outcome)
        }
        let main = try texts([])
        #expect(main.texts["app_name en"] == "Example" && main.texts["label en"] == "Example")
        let debug = try texts(["debug"])
        #expect(
            debug.texts == [
                "app_name en": "Example DEBUG", "label en": "Example DEBUG", "title en": "Settings for %1$s",
                "items|plural.other en": "%d debug items", "app_name de": "Beispiel", "title de": "Einstellungen",
                "items|plural.one de": "%d Element", "items|plural.other de": "%d Elemente",
            ])
        // debug's title is the source main's German translates: its
        // argument is missing there.
        #expect(debug.outcome.status == .problemFound)
        #expect(
            debug.outcome.stderr.contains("values-de/strings.xml:1:")
                && debug.outcome.stderr.contains("\"title\" (de)"),
            "\(debug.outcome.stderr)")
        #expect(debug.outcome.stderr.contains("(\(module.path)/src/beta/res): --source-set beta"))
        #expect(!debug.outcome.stderr.contains("userdebug"))
        // Named later, beta's app_name wins over debug's.
        let both = try texts(["debug", "beta"])
        #expect(both.texts["app_name en"] == "Example BETA" && both.texts["label en"] == "Example BETA")
        #expect(both.texts["title en"] == "Settings for %1$s")
        // A set no module has stops the run, with the near one.
        let typo = run(["fit", "--strings", module.path, "--source-set", "debgu"] + Self.common)
        #expect(typo.status == .cannotRun)
        #expect(
            typo.stderr.contains("--source-set debgu: no module given has values folders in src/debgu/res (")
                && typo.stderr.contains("did you mean 'debug'?")
                && typo.stderr.contains("(source sets with values: beta, debug)"), "\(typo.stderr)")
        #expect(run(["fit", "--strings", module.path, "--source-set", "userdebug"] + Self.common).status == .cannotRun)
    }

    /// A folder with no resources, and a link out of the repository a
    /// pull request's folder is in, stop the run (exit 2) naming them.
    @Test func foldersAreCheckedBeforeReading() throws {
        let empty = Fixtures.temporaryDirectory("android-empty")
        let none = run(["fit", "--strings", empty.path] + Self.common)
        #expect(none.status == .cannotRun)
        #expect(none.stderr.contains("no Android resources"), "\(none.stderr)")

        // A res folder of colours alone gives nothing; beside one of
        // strings it is no mistake (modules of a project are globbed
        // together), alone it is.
        let colours = Fixtures.temporaryDirectory("android-colours").appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: colours, withIntermediateDirectories: true)
        try "<resources><color name=\"a\">#fff</color></resources>"
            .write(to: colours.appendingPathComponent("colors.xml"), atomically: true, encoding: .utf8)
        let coloursRes = colours.deletingLastPathComponent().path
        let alone = run(["fit", "--strings", coloursRes] + Self.common)
        #expect(alone.status == .cannotRun && alone.stderr.contains("holds no strings"), "\(alone.stderr)")
        let beside = run(
            ["fit", "--strings", coloursRes, "--strings", Self.res, "--no-placeholder-check"] + Self.common)
        #expect(beside.status == .success, "\(beside.stderr)")

        let repository = Fixtures.temporaryDirectory("android-link")
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let res = repository.appendingPathComponent("res")
        try FileManager.default.createDirectory(at: res, withIntermediateDirectories: true)
        let outside = Fixtures.temporaryDirectory("android-outside")
        try "<resources><string name=\"secret\">outside</string></resources>"
            .write(to: outside.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: res.appendingPathComponent("values"), withDestinationURL: outside)
        let linked = run(["fit", "--strings", res.path] + Self.common)
        #expect(linked.status == .cannotRun)
        #expect(linked.stderr.contains("which leads outside the repository it is in"), "\(linked.stderr)")
        #expect(!linked.stdout.contains("secret"))
    }

    /// A reference to a string no file defines is a warning at its line,
    /// measured as written.
    @Test func anUnresolvedReferenceIsSaid() throws {
        let folder = Fixtures.temporaryDirectory("android-reference")
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try "<resources>\n<string name=\"a\">@string/nowhere</string>\n</resources>"
            .write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        let outcome = run(["fit", "--strings", folder.appendingPathComponent("res").path] + Self.common)
        #expect(outcome.status == .success)
        #expect(
            outcome.stderr.contains(
                "values/strings.xml:2:1: warning: \"a\" refers to @string/nowhere, which no file of the run's res folders "
                    + "defines"), "\(outcome.stderr)")
    }

    /// References are followed as a device follows them
    /// (`AssetManager2::ResolveReference`: the name referred to and at most
    /// 20 more): a chain of 21 ends in its text; a cycle is named with its
    /// members (it was "which no file defines"), a 22nd name is too deep,
    /// and a chain ending at a name nothing defines shows the chain. aapt2
    /// links all of them but the last (checked by hand with aapt2 link).
    @Test func referenceChainsAndCycles() throws {
        let folder = Fixtures.temporaryDirectory("android-reference-chains")
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        var lines = ["<string name=\"text\">Reached</string>"]
        // ok → c1 → … → c20 → text: 21 references in a row.
        lines.append("<string name=\"ok\">@string/c1</string>")
        for n in 1...20 { lines.append("<string name=\"c\(n)\">@string/\(n == 20 ? "text" : "c\(n + 1)")</string>") }
        // deep → d1 → … → d21 → text: 22.
        lines.append("<string name=\"deep\">@string/d1</string>")
        for n in 1...21 { lines.append("<string name=\"d\(n)\">@string/\(n == 21 ? "text" : "d\(n + 1)")</string>") }
        lines += [
            "<string name=\"x\">@string/y</string>", "<string name=\"y\">@string/z</string>",
            "<string name=\"z\">@string/x</string>", "<string name=\"me\">@string/me</string>",
            "<string name=\"via\">@string/y2</string>", "<string name=\"y2\">@string/gone</string>",
        ]
        try ("<resources>\n" + lines.joined(separator: "\n") + "\n</resources>")
            .write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        let outcome = run(
            ["fit", "--strings", folder.appendingPathComponent("res").path, "--format", "json"] + Self.common)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let results = try #require(try document(outcome)["results"] as? [[String: Any]])
        func text(_ key: String) -> String? {
            results.first { $0["key"] as? String == key }?["sampleText"] as? String
        }
        #expect(text("ok") == "Reached" && text("c1") == "Reached")
        #expect(text("deep") == "@string/d1" && text("d1") == "Reached")
        #expect(text("x") == "@string/y")
        let cycle = "refers to itself through a cycle of references"
        #expect(outcome.stderr.contains("\"x\" \(cycle) (x → y → z → x)"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("\"me\" \(cycle) (me → me)"))
        #expect(
            outcome.stderr.contains(
                "\"deep\" goes through more than 21 references in a row (deep → d1 → d2 → d3 → d4 → d5 → … → d20 → "
                    + "d21 → text): aapt2 builds it, and a device looks up at most 21 names in a row"))
        #expect(
            outcome.stderr.contains(
                "\"via\" refers to @string/y2 → @string/gone, which no file of the run's res folders defines"))
        // Each reported once per string, with its code.
        let sarif = run(
            ["fit", "--strings", folder.appendingPathComponent("res").path, "--format", "sarif"] + Self.common)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let rules = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            .compactMap { $0["ruleId"] as? String }
        #expect(rules.filter { $0 == "reference-cycle" }.count == 4)  // x, y, z, me
        #expect(rules.filter { $0 == "reference-too-deep" }.count == 1)
    }

    /// Past 20 such strings, the rest are counted, not dropped in silence.
    @Test func unresolvedReferencesPastTwentyAreCounted() throws {
        let folder = Fixtures.temporaryDirectory("android-reference-many")
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let lines = (0..<25).map { "<string name=\"r\($0)\">@string/none\($0)</string>" }
        try ("<resources>\n" + lines.joined(separator: "\n") + "\n</resources>")
            .write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        let outcome = run(["fit", "--strings", folder.appendingPathComponent("res").path] + Self.common)
        let unresolved = "which no file of the run's res folders defines"
        #expect(outcome.stderr.components(separatedBy: unresolved).count - 1 == 20)
        #expect(
            outcome.stderr.contains("warning: 5 more strings whose references lead to no text, measured as written"),
            "\(outcome.stderr)")
    }
}

/// `--pseudolocale` through `fit`: each source string's row in en-XA and
/// ar-XB holds the text aapt2 makes (`aapt2 compile --pseudo-localize`).
@Suite(.enabled(if: Aapt2.isInstalled, "aapt2 is not installed (apt-get install aapt)"))
struct AndroidPseudolocaleCommandTests {
    @Test func pseudolocalesAreAapt2s() throws {
        let file = AndroidStringsCommandTests.res + "/values/strings.xml"
        let out = Fixtures.temporaryDirectory("android-pseudo")
        let theirs = try Aapt2.pseudolocales(file, into: out)
        let styled = try Aapt2.styledPseudolocales(file, into: Fixtures.temporaryDirectory("android-pseudo"))
        let outcome = TypefitCommand.run(
            ["fit", "--strings", file, "--pseudolocale", "en-XA", "--pseudolocale", "ar-XB", "--format", "json"]
                + ["--no-placeholder-check"] + AndroidStringsCommandTests.common, context: RunContext())
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        var compared = 0
        for row in results {
            guard let language = row["language"] as? String, language == "en-XA" || language == "ar-XB",
                let key = row["key"] as? String, let text = row["text"] as? String
            else { continue }
            // Arrays are not pseudolocalized (aapt2 leaves them); plurals
            // are, item by item, as current aapt2 (AOSP's
            // PseudolocaleGenerator) does and Debian's 2.19 does not yet.
            #expect(!key.contains("["), "\(key)")
            guard !key.contains("|") else { continue }
            let configuration = language == "en-XA" ? "en-rXA" : "ar-rXB"
            // A reference is resolved before: aapt2 keeps `@string/…`.
            guard let printed = theirs["string/\(key)"]?[configuration] ?? styled["string/\(key)"]?[configuration]?.text
            else { continue }
            #expect(text == printed, "\(key) \(language)")
            compared += 1
        }
        // greeting, pref_milliseconds, save_dialog_content, widget_eta,
        // progress, discount, raw_format, tap_save (styled), in both.
        #expect(compared == 16, "\(compared)")
        #expect(
            results.contains {
                $0["key"] as? String == "cards_due|plural.other" && $0["language"] as? String == "en-XA"
            })
        #expect(!results.contains { $0["key"] as? String == "app_name" && $0["language"] as? String == "en-XA" })
    }

    /// A reference to a `translatable="false"` string (Tusky's
    /// `donottranslate.xml`) gets no pseudolocale: aapt2 makes none of the
    /// target (nor of the reference, which it keeps as `@string/…`), so
    /// en-XA resolves it to the default text. A reference to a translatable
    /// string takes that string's pseudolocale, as a device resolves it.
    @Test func aReferenceToAnUntranslatableStringHasNoPseudolocale() throws {
        let values = Fixtures.temporaryDirectory("pseudo-reference").appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let file = values.appendingPathComponent("strings.xml")
        try """
        <resources><string name="brand" translatable="false">Tusky</string>
        <string name="title">@string/brand</string><string name="save">Save</string>
        <string name="ok">@string/save</string></resources>
        """.write(to: file, atomically: true, encoding: .utf8)
        let theirs = try Aapt2.pseudolocales(file.path, into: Fixtures.temporaryDirectory("pseudo-reference-out"))
        #expect(theirs["string/brand"]?["en-rXA"] == nil)
        let accented = try #require(theirs["string/save"]?["en-rXA"])
        let outcome = TypefitCommand.run(
            ["fit", "--strings", file.path, "--pseudolocale", "en-XA", "--format", "json"]
                + AndroidStringsCommandTests.common, context: RunContext())
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["results"] as? [[String: Any]]).filter { $0["language"] as? String == "en-XA" }
        let texts = Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in
                (row["key"] as? String).map { ($0, row["text"] as? String ?? "") }
            })
        #expect(texts == ["save": accented, "ok": accented], "\(texts)")
    }

    /// `product=` variants: a build keeps the default product's (no
    /// attribute, or `default`) and stops where a resource with products
    /// has none or two; typefit measures what `aapt2 link` keeps, and stops
    /// where it stops.
    @Test func productsAsAapt2LinkKeepsThem() throws {
        let folder = Fixtures.temporaryDirectory("products")
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let file = values.appendingPathComponent("strings.xml")
        func write(_ body: String) throws {
            try "<resources>\(body)</resources>\n".write(to: file, atomically: true, encoding: .utf8)
        }
        func aapt2Keeps() throws -> (ok: Bool, dump: String) {
            let out = Fixtures.temporaryDirectory("products-out")
            let manifest = out.appendingPathComponent("AndroidManifest.xml")
            try "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"com.example.p\"/>"
                .write(to: manifest, atomically: true, encoding: .utf8)
            let compiled = try #require(
                try BinaryRunner.runTool("aapt2", ["compile", file.path, "-o", out.path + "/"]))
            #expect(compiled.status == 0, "\(compiled.stderr)")
            let apk = out.appendingPathComponent("app.apk").path
            let linked = try #require(
                try BinaryRunner.runTool(
                    "aapt2",
                    [
                        "link", "-o", apk, "--manifest", manifest.path,
                        out.appendingPathComponent("values_strings.arsc.flat").path,
                    ]))
            guard linked.status == 0 else { return (false, linked.stderr) }
            return (true, try #require(try BinaryRunner.runTool("aapt2", ["dump", "resources", apk])).stdout)
        }
        func typefit() -> Outcome {
            TypefitCommand.run(
                ["fit", "--strings", file.path, "--no-placeholder-check", "--format", "json"]
                    + AndroidStringsCommandTests.common, context: RunContext())
        }
        try write(
            "<string name=\"where\" product=\"tablet\">On this tablet</string>"
                + "<string name=\"where\" product=\"default\">On this phone</string>"
                + "<plurals name=\"n\" product=\"tablet\"><item quantity=\"other\">T</item></plurals>"
                + "<plurals name=\"n\"><item quantity=\"other\">P</item></plurals>"
                + "<string-array name=\"a\" product=\"tablet\"><item>T</item></string-array>"
                + "<string-array name=\"a\" product=\"default\"><item>D</item></string-array>")
        let theirs = try aapt2Keeps()
        #expect(theirs.ok && theirs.dump.contains("\"On this phone\"") && !theirs.dump.contains("tablet"))
        #expect(theirs.dump.contains("other=\"P\"") && theirs.dump.contains("[\"D\"]"))
        let ours = typefit()
        #expect(ours.status == .success, "\(ours.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ours.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["results"] as? [[String: Any]])
        let texts = rows.compactMap { $0["text"] as? String }.sorted()
        #expect(texts == ["D", "On this phone", "P"], "\(texts)")
        // No default, or two: aapt2 link stops, and so does typefit.
        for body in [
            "<string name=\"where\" product=\"tablet\">On this tablet</string>",
            "<string name=\"both\">No product</string><string name=\"both\" product=\"default\">Default</string>",
        ] {
            try write(body)
            #expect(try !aapt2Keeps().ok)
            let stopped = typefit()
            #expect(stopped.status == .cannotRun && stopped.stderr.contains("default product"), "\(stopped.stderr)")
        }
    }

    /// `measure --pseudolocale` shows and measures the same texts (the
    /// table's text column, the JSON's `text`), for a file's strings and
    /// for a text given as an argument, which is the source.
    @Test func measureShowsThePseudolocales() throws {
        let folder = Fixtures.temporaryDirectory("measure-pseudo")
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let file = values.appendingPathComponent("strings.xml")
        try "<resources><string name=\"title\">Save all settings</string></resources>".write(
            to: file, atomically: true, encoding: .utf8)
        let theirs = try Aapt2.pseudolocales(file.path, into: Fixtures.temporaryDirectory("measure-pseudo-out"))
        let accented = try #require(theirs["string/title"]?["en-rXA"])
        let bidi = try #require(theirs["string/title"]?["ar-rXB"])
        let measure =
            ["measure", "--pseudolocale", "en-XA", "--pseudolocale", "ar-XB"]
            + AndroidStringsCommandTests.common.filter { $0 != "--width" && $0 != "2000" }
        for input in [["--strings", file.path], ["Save all settings"]] {
            let outcome = TypefitCommand.run(measure + input + ["--format", "json"], context: RunContext())
            #expect(outcome.status == .success, "\(outcome.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            var texts: [String: String] = [:]
            for row in try #require(json["measurements"] as? [[String: Any]]) {
                texts[row["language"] as? String ?? "-"] = row["text"] as? String
            }
            #expect(texts["en-XA"] == accented && texts["ar-XB"] == bidi, "\(input): \(texts)")
            let table = TypefitCommand.run(measure + input + ["--format", "table"], context: RunContext())
            #expect(table.stdout.contains(accented), "\(table.stdout)")
        }
    }
}

/// `review --base` over Android folders: a string is the same string in
/// the base when its key, language and configuration are (values/'s
/// `progress` and values-night's are two strings).
@Suite struct AndroidReviewCommandTests {
    @Test func aChangeInOneConfigurationIsOneChange() throws {
        let copy = Fixtures.temporaryDirectory("android-review").appendingPathComponent("app")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: AndroidStringsCommandTests.module), to: copy)
        let night = copy.appendingPathComponent("src/main/res/values-night/strings.xml")
        let text = try String(contentsOf: night, encoding: .utf8)
        try text.replacingOccurrences(of: "(night)", with: "(at night)").write(
            to: night, atomically: true, encoding: .utf8)
        let page = copy.deletingLastPathComponent().appendingPathComponent("page.html")
        let outcome = TypefitCommand.run(
            ["review", "--strings", copy.path, "--base", AndroidStringsCommandTests.module, "--output", page.path]
                + ["--no-placeholder-check", "--qualifiers", "night"] + AndroidStringsCommandTests.common,
            context: RunContext())
        #expect(outcome.status == .success, "\(outcome.stderr)")
        // Keyed by key and language alone, values/'s `progress` was
        // compared with the night text and counted as changed too.
        #expect(outcome.stderr.contains("note: 1 of "), "\(outcome.stderr)")
        // The face is named with Android's letter spacing (bodyLarge's
        // 0.5 sp at 16 sp), not Core Text's trak tracking.
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("TypefitSans-Regular (TypefitSans-Regular.ttf; letter spacing 0.031 em)"))
        #expect(!html.contains("trak tracking"))
        // The base is read in the same configurations: with the night
        // text as it was and values/'s changed, one change, not the night
        // string counted as new.
        try text.write(to: night, atomically: true, encoding: .utf8)
        let day = copy.appendingPathComponent("src/main/res/values/strings.xml")
        let dayText = try String(contentsOf: day, encoding: .utf8)
        try dayText.replacingOccurrences(of: "%1$d of %2$d<", with: "%1$d out of %2$d<").write(
            to: day, atomically: true, encoding: .utf8)
        let again = TypefitCommand.run(
            ["review", "--strings", copy.path, "--base", AndroidStringsCommandTests.module, "--output", page.path]
                + ["--no-placeholder-check", "--qualifiers", "night"] + AndroidStringsCommandTests.common,
            context: RunContext())
        #expect(again.status == .success, "\(again.stderr)")
        #expect(again.stderr.contains("note: 1 of "), "\(again.stderr)")
    }
}

/// Hostile resource files: a string of many spans longer than typefit
/// measures (its spans past the cut once crashed the run, and finding the
/// runs of 100,000 spans took minutes), and many `<xliff:g>` sections, in
/// every pseudolocale.
@Suite struct AndroidHostileTests {
    @Test func manySpansPastTheCut() throws {
        let values = Fixtures.temporaryDirectory("android-hostile").appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        let spans = String(repeating: "<b>x</b><i>y</i>", count: 12_000)
        let sections = String(repeating: "<xliff:g id=\"n\" example=\"Bo\">%1$s</xliff:g> ", count: 12_000)
        try """
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
        <string name="spans">\(spans)</string>
        <string name="sections">\(sections)</string>
        </resources>
        """.write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            ["fit", "--strings", values.deletingLastPathComponent().path, "--pseudolocale", "en-XA"]
                + ["--pseudolocale", "ar-XB", "--format", "json"] + AndroidStringsCommandTests.common,
            context: RunContext())
        #expect(outcome.status == .success, "\(outcome.stderr.prefix(500))")
        #expect(outcome.stderr.contains("is longer than 20000 characters"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        #expect((json["results"] as? [[String: Any]])?.count == 6)
    }
}

/// `--platform android` breaks lines as Minikin does: a word wider than
/// the line is split between grapheme clusters (AOSP's greedy cases are
/// `MinikinGreedyTests`); iOS lets it overflow. The split is checked
/// against HarfBuzz's advances of the word's letters.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct AndroidLineBreakingTests {
    @Test func aLongWordIsSplitNotOverflowing() throws {
        let word = "Donaudampfschifffahrt"
        let font = Fixtures.fonts.appendingPathComponent("TypefitSans-Regular.ttf").path
        let shaped = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", "--no-glyph-names", font, word],
                environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(shaped.stdout.utf8)) as? [[String: Any]])
        #expect(glyphs.count == word.count)
        // bodyLarge at font scale 1 is 16 sp; the line 60 pt.
        var lines = 1
        var used = 0.0
        for glyph in glyphs {
            let advance = Double(glyph["ax"] as? Int ?? 0) / 1000 * 16
            if used > 0, used + advance > 60 + 1e-9 {
                lines += 1
                used = 0
            }
            used += advance
        }
        #expect(lines > 1)
        func fit(_ platform: [String]) throws -> (lines: Int?, overflows: Bool?) {
            let outcome = TypefitCommand.run(
                ["fit", word, "--font", "TypefitSans-Regular", "--width", "60", "--lines", "9", "--format", "json"]
                    + platform + ["--fontconfig-file", Fixtures.fontconfigFile], context: RunContext())
            let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let result = try #require((json["results"] as? [[String: Any]])?.first)
            return (
                (result["lines"] as? [String: Int])?.values.first,
                (result["overflows"] as? [String: Bool])?.values.first
            )
        }
        let android = try fit(["--platform", "android", "--style", "bodyLarge", "--font-scale", "1.0"])
        #expect(android.lines == lines && android.overflows == false)
        let ios = try fit(["--style", "body", "--category", "large"])
        #expect(ios.lines == 1 && ios.overflows == true)
    }
}

/// Paths a developer tries: a values folder itself, and a quoted pattern
/// over a values folder whose colours and dimensions sit beside its
/// strings (they are skipped, as a folder's are; a pattern that gives no
/// string at all stops the run, naming it).
@Suite struct AndroidPathsCommandTests {
    static func keys(_ arguments: [String]) throws -> (outcome: Outcome, rows: [(String, String)]) {
        let outcome = TypefitCommand.run(
            ["fit"] + arguments + ["--no-placeholder-check", "--format", "json"] + AndroidStringsCommandTests.common,
            context: RunContext())
        let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let results = json?["results"] as? [[String: Any]] ?? []
        return (
            outcome,
            results.compactMap { row in
                guard let key = row["key"] as? String, let language = row["language"] as? String else { return nil }
                return (key, language)
            }
        )
    }

    @Test func aValuesFolderItself() throws {
        let values = try Self.keys(["--strings", AndroidStringsCommandTests.res + "/values"])
        #expect(values.outcome.status == .success, "\(values.outcome.stderr)")
        // Its strings.xml's rows (colors.xml holds none), and not the
        // other folders' (values-night is English too).
        let file = try Self.keys(["--strings", AndroidStringsCommandTests.res + "/values/strings.xml"])
        #expect(values.rows.map(\.0) == file.rows.map(\.0) && !values.rows.isEmpty)
        #expect(values.rows.allSatisfy { $0.1 == "en" })
        let german = try Self.keys(["--strings", AndroidStringsCommandTests.res + "/values-de/"])
        #expect(german.outcome.status == .success, "\(german.outcome.stderr)")
        #expect(!german.rows.isEmpty && german.rows.allSatisfy { $0.1 == "de" })
    }

    /// A Gradle project's root: the modules its settings include, each a
    /// module root (`src/main/res`); a module without resources (a Kotlin
    /// library) or missing from the tree gives nothing.
    @Test func aGradleProjectRoot() throws {
        let root = Fixtures.temporaryDirectory("gradle-project")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write(
            "settings.gradle.kts",
            "rootProject.name = \"p\"\ninclude(\":app\", \":feature:ui\")\ninclude(\":lib\", \":gone\")\n")
        try write("app/src/main/res/values/strings.xml", "<resources><string name=\"a\">App</string></resources>")
        try write(
            "feature/ui/src/main/res/values/strings.xml", "<resources><string name=\"b\">Feature</string></resources>")
        try write("lib/src/main/kotlin/Lib.kt", "object Lib\n")
        // A module the settings do not include is not read.
        try write("old/src/main/res/values/strings.xml", "<resources><string name=\"c\">Old</string></resources>")
        let project = try Self.keys(["--strings", root.path])
        #expect(project.outcome.status == .success, "\(project.outcome.stderr)")
        #expect(project.rows.map(\.0) == ["a", "b"], "\(project.rows)")
        // Settings that include nothing with strings: nothing to check.
        try write("settings.gradle.kts", "include(\":lib\")\n")
        let empty = try Self.keys(["--strings", root.path])
        #expect(empty.outcome.status == .cannotRun, "\(empty.outcome.stderr)")
        // Settings too large to read stop the run naming them (read past,
        // the project was called a folder without strings).
        try write("settings.gradle.kts", "include(\":app\")\n" + String(repeating: "// padding\n", count: 100_000))
        let large = try Self.keys(["--strings", root.path])
        #expect(large.outcome.status == .cannotRun)
        #expect(large.outcome.stderr.contains("settings.gradle.kts"), "\(large.outcome.stderr)")
        #expect(!large.outcome.stderr.contains("no strings"), "\(large.outcome.stderr)")
    }

    @Test func aPatternOverAValuesFolder() throws {
        let values = AndroidStringsCommandTests.res + "/values"
        let pattern = try Self.keys(["--strings", values + "/*.xml"])
        #expect(pattern.outcome.status == .success, "\(pattern.outcome.stderr)")
        let file = try Self.keys(["--strings", values + "/strings.xml"])
        #expect(pattern.rows.map(\.0) == file.rows.map(\.0) && !file.rows.isEmpty)
        // colors.xml alone, by a pattern or by name: nothing to check.
        for path in [values + "/colo*.xml", values + "/colors.xml"] {
            let colours = try Self.keys(["--strings", path])
            #expect(colours.outcome.status == .cannotRun)
            #expect(
                colours.outcome.stderr.contains("\(path)\": holds no strings") || colours.outcome.stderr.contains(path))
        }
    }
}

/// `--require-translated` over Android folders: each language's missing
/// keys, never a `translatable="false"` string's, and none in a
/// configuration's folder (`values-night` overrides a few strings).
@Suite struct AndroidTranslatedCommandTests {
    @Test func missingTranslationsPerLanguage() throws {
        let outcome = TypefitCommand.run(
            ["fit", "--strings", AndroidStringsCommandTests.module, "--no-placeholder-check", "--require-translated"]
                + AndroidStringsCommandTests.common, context: RunContext())
        #expect(outcome.status == .problemFound)
        let missing = outcome.stderr.split(separator: "\n").filter { $0.contains("has no translation") }
        // 11 keys to translate (title_alias is a reference: each language
        // shows its own pref_milliseconds); de has 9 of them, pt-BR and hr
        // 2, lv, bg and sr-Latn 1.
        #expect(missing.count == 50, "\(missing.count)")
        #expect(!missing.contains { $0.contains("title_alias") })
        #expect(!missing.contains { $0.contains("app_name") || $0.contains("(en)") || $0.contains("values-night") })
    }

    /// A `<string-array>` whose items name strings (`@string/a`) is not
    /// the translators': `getStringArray` resolves each item in the
    /// device's configuration, so German shows German `a` though
    /// `values-de` has no array (Tusky's 2,052 false errors). An item
    /// written out in the array is still untranslated where a language
    /// lacks the array.
    @Test func arraysOfReferencesNeedNoTranslation() throws {
        let res = Fixtures.temporaryDirectory("untranslated-arrays").appendingPathComponent("res")
        func write(_ folder: String, _ file: String, _ body: String) throws {
            let dir = res.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try "<resources>\(body)</resources>\n".write(
                to: dir.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        try write("values", "strings.xml", "<string name=\"a\">Dark</string><string name=\"b\">Light</string>")
        try write(
            "values", "arrays.xml",
            "<string-array name=\"themes\"><item>@string/a</item><item>@string/b</item></string-array>"
                + "<string-array name=\"mixed\"><item>@string/a</item><item>Plain</item></string-array>")
        try write("values-de", "strings.xml", "<string name=\"a\">Dunkel</string><string name=\"b\">Hell</string>")
        let outcome = TypefitCommand.run(
            ["fit", "--strings", res.path, "--no-placeholder-check", "--require-translated", "--format", "json"]
                + AndroidStringsCommandTests.common, context: RunContext())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let listed = try #require(document["untranslated"] as? [[String: Any]])
        #expect(listed.compactMap { $0["key"] as? String } == ["mixed[1]"], "\(listed)")
        #expect(outcome.status == .problemFound)
    }

    /// A translation reading an argument where its source reads none
    /// (Etar's `cal_export_succ_msg`): the code calls `getString(id)`,
    /// which returns the text unformatted (`Resources.getString`), so the
    /// device shows `%1$s` itself: a warning (lint's `StringFormatCount`
    /// warns of counts that differ), and the text measured as written, no
    /// sample in the specifier's place. `100% sicher` reads no argument;
    /// `50% de remise` reads one by the space flag (`% d`), a percent sign
    /// meant as text and shown so: no warning.
    @Test func aTranslationFormattedWhereItsSourceIsNot() throws {
        let res = Fixtures.temporaryDirectory("source-takes-none").appendingPathComponent("res")
        for (folder, body) in [
            (
                "values",
                "<string name=\"done\">Export done</string><string name=\"pct\">100% sure</string>"
                    + "<string name=\"off\">50% off</string>"
            ),
            (
                "values-de",
                "<string name=\"done\">Export nach %1$s fertig</string><string name=\"pct\">100% sicher</string>"
                    + "<string name=\"off\">50% de remise</string>"
            ),
        ] {
            let dir = res.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try "<resources>\(body)</resources>\n".write(
                to: dir.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        }
        let outcome = TypefitCommand.run(
            ["fit", "--strings", res.path, "--format", "json"] + AndroidStringsCommandTests.common,
            context: RunContext())
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let problems = try #require(document["placeholders"] as? [[String: Any]])
        #expect(problems.count == 1 && problems.first?["key"] as? String == "done")
        #expect(problems.first?["severity"] as? String == "warning")
        let difference = try #require((problems.first?["differences"] as? [[String: Any]])?.first)
        #expect(
            difference["problem"] as? String == "source-takes-none" && difference["translation"] as? String == "%1$s")
        let results = try #require(document["results"] as? [[String: Any]])
        let german = try #require(results.first { $0["key"] as? String == "done" && $0["language"] as? String == "de" })
        #expect(german["sampleText"] as? String == "Export nach %1$s fertig")
        #expect(outcome.stderr.contains("warning: \"done\" (de): %1$s (argument 1, a string) is read where the source"))
        // The report names the code; --strict makes it fail.
        let sarif = TypefitCommand.run(
            ["fit", "--strings", res.path, "--format", "sarif", "--strict"] + AndroidStringsCommandTests.common,
            context: RunContext())
        #expect(sarif.status == .problemFound && sarif.stdout.contains("\"placeholder-source-takes-none\""))
    }

    /// Missing keys multiply (every source key by every language lacking
    /// it): a language's first 100 are listed and 10,000 in all, the rest
    /// counted per language, in the JSON and in the reports (one finding
    /// per language at its file), and the run still fails. 200 keys and
    /// 101 languages with one each: 20,099 missing, 10,000 listed.
    @Test func missingKeysAreListedUpToABoundAndCounted() throws {
        let res = Fixtures.temporaryDirectory("untranslated-bound").appendingPathComponent("res")
        func write(_ folder: String, _ keys: Range<Int>) throws {
            let dir = res.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let strings = keys.map { "<string name=\"k\($0)\">t</string>" }.joined()
            try "<resources>\(strings)</resources>\n".write(
                to: dir.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        }
        try write("values", 0..<200)
        // Private-use languages: qaa, qab, ... (aapt2 takes any 3-letter code).
        let languages = (0..<101).map {
            "q" + String(UnicodeScalar(97 + $0 / 26)!) + String(UnicodeScalar(97 + $0 % 26)!)
        }
        for language in languages { try write("values-\(language)", 0..<1) }
        let arguments = ["fit", "--strings", res.path, "--no-placeholder-check", "--require-translated"]
        let outcome = TypefitCommand.run(
            arguments + ["--format", "json"] + AndroidStringsCommandTests.common, context: RunContext())
        #expect(outcome.status == .problemFound)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let listed = try #require(document["untranslated"] as? [[String: Any]])
        let counts = try #require(document["untranslatedCounts"] as? [[String: Any]])
        #expect(listed.count == 10_000)
        #expect(counts.count == 101)
        #expect(counts.allSatisfy { $0["count"] as? Int == 199 && $0["errors"] as? Int == 199 })
        #expect(counts.prefix(100).allSatisfy { $0["listed"] as? Int == 100 })
        #expect(counts.last?["listed"] as? Int == 0)
        #expect(Set(counts.compactMap { $0["language"] as? String }) == Set(languages))
        #expect(document["ok"] as? Bool == false)
        #expect(
            outcome.stderr.contains(
                "error: 19999 more entries not translated (the JSON document lists 10000 of the 20099 "
                    + "and counts each language's)"), "\(outcome.stderr.suffix(300))")
        // The reports: 10,000 findings and one per language for the rest.
        let sarif = TypefitCommand.run(
            arguments + ["--format", "sarif"] + AndroidStringsCommandTests.common, context: RunContext())
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let untranslated = results.filter { $0["ruleId"] as? String == "untranslated" }
        #expect(untranslated.count == 10_000 + 101)
        let rest = untranslated.compactMap { ($0["message"] as? [String: Any])?["text"] as? String }
            .filter { $0.contains("more entries") }
        #expect(rest.count == 101)
        #expect(
            rest.contains(
                "99 more entries (qaa) are not translated: the first 100 of its 199 are listed (--require-translated)"),
            "\(rest.first ?? "")")
        #expect(
            rest.contains(
                "199 more entries (qdw) are not translated: the first 0 of its 199 are listed (--require-translated)"))
        // Key patterns choose what is counted: k1, k10..k19, k100..k199.
        let some = TypefitCommand.run(
            arguments + ["--keys", "k1*", "--format", "json"] + AndroidStringsCommandTests.common, context: RunContext()
        )
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(some.stdout.utf8)) as? [String: Any])
        let keptCounts = try #require(kept["untranslatedCounts"] as? [[String: Any]])
        #expect(keptCounts.count == 101 && keptCounts.allSatisfy { $0["count"] as? Int == 111 })
    }
}

/// A rules file under `--platform android`: Material 3 roles, widths in dp
/// and font scales, so an app-wide gate is one run. Each rule's strings get
/// the verdict a one-rule run of the same role, width, lines and scale
/// gives them (`--style`, `--width`, `--require`), which the line breaker's
/// own tests hold to Minikin's.
@Suite struct AndroidRulesTests {
    static let config = [
        "--platform", "android", "--font", "TypefitSans-Regular", "--font-scale", "1.0",
        "--fontconfig-file", Fixtures.fontconfigFile,
    ]

    static func res() throws -> URL {
        let root = Fixtures.temporaryDirectory("android-rules")
        let values = root.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try """
        <resources>
            <string name="settings_title">Notification preferences</string>
            <string name="about_title">About</string>
            <string name="welcome_body">Welcome back. Your cards are waiting for you.</string>
        </resources>
        """.write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        return root
    }

    static func json(_ outcome: Outcome) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    @Test func oneRunGatesEveryKeyGroup() throws {
        let root = try Self.res()
        let rules = root.appendingPathComponent("rules.json")
        try """
        {"rules": [
          {"keys": "*_title", "style": "titleLarge", "width": 120, "lines": 1, "require": 2.0},
          {"keys": "*", "style": "bodyLarge", "width": 328, "lines": 3, "require": "1.3"}
        ]}
        """.write(to: rules, atomically: true, encoding: .utf8)
        let res = root.appendingPathComponent("res").path
        let outcome = TypefitCommand.run(
            ["fit", "--strings", res, "--rules", rules.path, "--format", "json"] + Self.config,
            context: RunContext())
        let document = try Self.json(outcome)
        let results = try #require(document["results"] as? [[String: Any]])
        func result(_ key: String, in results: [[String: Any]]) -> [String: Any]? {
            results.first { $0["key"] as? String == key }
        }
        let title = try #require(result("settings_title", in: results))
        #expect(title["style"] as? String == "titleLarge" && title["width"] as? Double == 120)
        #expect((title["lines"] as? [String: Int])?.keys.sorted() == ["fontScale1", "fontScale2"])
        let body = try #require(result("welcome_body", in: results))
        #expect(body["style"] as? String == "bodyLarge")
        #expect((body["lines"] as? [String: Int])?.keys.sorted() == ["fontScale1", "fontScale1.3"])
        let listed = try #require(document["rules"] as? [[String: Any]])
        #expect(listed.map { $0["require"] as? String } == ["fontScale2", "fontScale1.3"])

        // Each group's verdict is a one-rule run's.
        for (keys, style, width, lines, require) in [
            ("*_title", "titleLarge", "120", "1", "2.0"), ("welcome_*", "bodyLarge", "328", "3", "1.3"),
        ] {
            let one = TypefitCommand.run(
                [
                    "fit", "--strings", res, "--keys", keys, "--style", style, "--width", width, "--lines", lines,
                    "--require", require, "--format", "json",
                ] + Self.config, context: RunContext())
            let alone = try #require(try Self.json(one)["results"] as? [[String: Any]])
            #expect(!alone.isEmpty)
            for single in alone {
                let key = try #require(single["key"] as? String)
                let inRules = try #require(result(key, in: results))
                #expect(inRules["lines"] as? [String: Int] == single["lines"] as? [String: Int], "\(key)")
                #expect(inRules["fits"] as? [String: Bool] == single["fits"] as? [String: Bool], "\(key)")
            }
        }
        // The long title does not fit at 2.0 on 120 dp: the run fails,
        // naming it, and the short one passes.
        #expect(outcome.status == .problemFound, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("settings_title"))
        #expect(!outcome.stderr.contains("about_title"))
    }

    @Test func iOSWordsAreRefusedAtTheirPlace() throws {
        let root = try Self.res()
        let rules = root.appendingPathComponent("rules.json")
        for (rule, message) in [
            (#"{"keys": "*", "style": "headline", "width": 300}"#, "android text style"),
            (#"{"keys": "*", "style": "bodyLarge", "width": 300, "require": "AX3"}"#, "an Android font scale"),
            (#"{"keys": "*", "style": "bodyLarge", "width": 300, "maximumCategory": "AX1"}"#, "no such bound"),
        ] {
            try "[\(rule)]".write(to: rules, atomically: true, encoding: .utf8)
            let outcome = TypefitCommand.run(
                ["fit", "--strings", root.appendingPathComponent("res").path, "--rules", rules.path] + Self.config,
                context: RunContext())
            #expect(outcome.status == .cannotRun)
            #expect(outcome.stderr.contains("rules.json:1:"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        }
    }
}

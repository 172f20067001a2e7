import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// `fit` over Flutter ARB files (`Fixtures/arb`): each message judged as
/// `flutter gen-l10n` and intl's `pluralLogic` treat it. The verdicts are
/// gen-l10n's (its words for what it refuses, flutter_tools' tests) and
/// CLDR's via intl (Russian `one` holds 1, 21, 31, so `=1{…}` without the
/// count is shown for 21 too).
@Suite struct ARBCommandTests {
    static func run(_ extra: [String] = []) -> Outcome {
        TypefitCommand.run(
            [
                "fit", "--strings", Fixtures.path("arb") + "/*.arb", "--style", "body", "--width", "300", "--font",
                "TypefitSans-Regular", "--category", "large", "--fontconfig-file", Fixtures.fontconfigFile,
                "--format", "json",
            ] + extra, context: RunContext())
    }

    /// Per key and language, the problems' codes and severity.
    static func problems(_ outcome: Outcome) throws -> [String: (severity: String, codes: [String])] {
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        var found: [String: (String, [String])] = [:]
        for problem in try #require(document["placeholders"] as? [[String: Any]]) {
            let key = "\(problem["key"] ?? "")/\(problem["language"] ?? "")"
            let codes = (problem["differences"] as? [[String: Any]] ?? []).compactMap { $0["problem"] as? String }
            found[key] = (problem["severity"] as? String ?? "", codes)
        }
        return found
    }

    @Test func theGateJudgesMessagesAsGenL10n() throws {
        let outcome = Self.run()
        #expect(outcome.status == .problemFound)
        let found = try Self.problems(outcome)
        // The template: an unclosed brace gen-l10n refuses; a plural's
        // count declared String (gen-l10n stops: it needs num or int)
        // and a case a later `one` overrides; a declared DateTime never
        // shown.
        #expect(found["hello/en"]?.codes == ["message-syntax"])
        #expect(found["votes/en"]?.codes == ["plural-case-overridden", "type"])
        #expect(found["votes/en"]?.severity == "error")
        #expect(found["gender/en"]?.codes == ["unused"])
        #expect(found["gender/en"]?.severity == "warning")
        // Russian: a misspelt placeholder (gen-l10n would add a parameter)
        // and the real one missing; an empty `other`; `=1` without the
        // count is intl's `one`, shown for 21 and 31 too.
        #expect(found["greeting/ru"]?.codes == ["extra", "missing"])
        #expect(found["markAsRead/ru"]?.codes == ["plural-count-implied", "plural-form-empty"])
        #expect(found["markAsRead/en"] == nil)
        #expect(found["gender/ru"] == nil)
        #expect(outcome.stderr.contains("flutter gen-l10n refuses the message, at character 13: ICU Syntax Error"))
        #expect(outcome.stderr.contains("arb/app_ru.arb:3:17: error: \"markAsRead\" (ru)"))
    }

    /// Forms measured as the app prints them: the count as Dart prints an
    /// int (no grouping), the metadata's example, a missing message as
    /// gen-l10n falls back (the template's text, untranslated).
    @Test func formsAreFilledAsTheAppPrintsThem() throws {
        let outcome = Self.run(["--all", "--require-translated"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        var texts: [String: String] = [:]
        for result in try #require(document["results"] as? [[String: Any]]) {
            texts["\(result["key"] ?? "")/\(result["language"] ?? "")"] = result["sampleText"] as? String
        }
        #expect(texts["greeting/en"] == "Hello Alexandra!")
        #expect(texts["markAsRead|num.plural.other/en"] == "Marked 1000000 messages as read.")
        #expect(texts["markAsRead|num.plural.one/en"] == "Marked 1 message as read.")
        #expect(texts["markAsRead|num.plural.few/ru"] == "1000104 сообщения отмечены как прочитанное.")
        #expect(texts["votes|n.plural.one/ru"] == "One vote")
        #expect(outcome.stderr.contains("\"votes\" (ru) has no translation"))
        // `app_hu.arb` is `{}` (as Zulip ships it): a locale gen-l10n
        // generates from the template, every message untranslated.
        #expect(texts["greeting/hu"] == "Hello Alexandra!")
        // `--sample '{name}=…'` comes first, plural counts included.
        let sampled = Self.run(["--all", "--sample", "{name}=Bob", "--sample", "{num}=7"])
        let sampledDocument = try #require(
            try JSONSerialization.jsonObject(with: Data(sampled.stdout.utf8)) as? [String: Any])
        let sampledTexts = (sampledDocument["results"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) {
            $0["\($1["key"] ?? "")/\($1["language"] ?? "")"] = $1["sampleText"] as? String
        }
        #expect(sampledTexts["greeting/en"] == "Hello Bob!")
        #expect(sampledTexts["markAsRead|num.plural.other/en"] == "Marked 7 messages as read.")
        let counts = try #require(document["untranslatedCounts"] as? [[String: Any]])
        #expect(counts.first { $0["language"] as? String == "hu" }?["count"] as? Int == 5)
    }
}

/// A Flutter project's `l10n.yaml` decides what gen-l10n reads: the
/// folder, the template, escaping, relaxed braces, required metadata.
@Suite struct GenL10nProjectTests {
    static func project(_ yaml: String, _ files: [String: String]) throws -> String {
        let root = Fixtures.temporaryDirectory("flutter-project")
        let folder = root.appendingPathComponent("res/l10n")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try yaml.write(to: root.appendingPathComponent("l10n.yaml"), atomically: true, encoding: .utf8)
        try "name: app\n".write(to: root.appendingPathComponent("pubspec.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        // An ARB file outside arb-dir is not the app's.
        try #"{"stray": "{"}"#.write(to: root.appendingPathComponent("stray_en.arb"), atomically: true, encoding: .utf8)
        return root.path
    }

    static func run(_ strings: String) -> Outcome {
        TypefitCommand.run(
            [
                "fit", "--strings", strings, "--style", "body", "--width", "300", "--font", "TypefitSans-Regular",
                "--category", "large", "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
    }

    @Test func theProjectsSettingsDecide() throws {
        let root = try Self.project(
            "arb-dir: res/l10n\ntemplate-arb-file: intl_de.arb\nuse-escaping: true\nrelax-syntax: true\n"
                + "required-resource-attributes: true\n",
            [
                "intl_de.arb": """
                {"quoted": "Es ist '{'schön'}' {name}", "@quoted": {"placeholders": {"name": {}}},
                 "braces": "{ kein Platzhalter }", "@braces": {},
                 "bare": "Ohne Metadaten"}
                """,
                "intl_en.arb": #"{"quoted": "It's {name}", "braces": "{ no placeholder }", "bare": "Bare"}"#,
            ])
        let outcome = Self.run(root)
        // German is the template: English is compared with it. English's
        // unpaired quote is an error under use-escaping; relaxed braces are
        // text; the template's message without `@bare` is refused.
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                "\"quoted\" (en): flutter gen-l10n refuses the message, at character 3: ICU Lexing Error: Unmatched "
                    + "single quotes. (source \"Es ist '{'schön'}' {name}\""))
        #expect(
            outcome.stderr.contains(
                "\"bare\" (de, the source): flutter gen-l10n refuses the message: Resource attribute \"@bare\" was not found."
            ))
        #expect(!outcome.stderr.contains("braces"))
        #expect(!outcome.stderr.contains("stray"))
        // The same files named by a pattern are still the project's
        // (its l10n.yaml is found above them) ...
        #expect(!Self.run(root + "/res/l10n/*.arb").stderr.contains("braces"))
        // ... and copied out of it, gen-l10n's defaults apply: English is
        // the template, braces are strict and quotes are text.
        let alone = Fixtures.temporaryDirectory("arb-alone")
        for name in ["intl_de.arb", "intl_en.arb"] {
            try FileManager.default.copyItem(
                atPath: root + "/res/l10n/" + name, toPath: alone.appendingPathComponent(name).path)
        }
        let defaults = Self.run(alone.path + "/*.arb")
        #expect(defaults.stderr.contains("\"braces\" (en, the source): flutter gen-l10n refuses the message"))
        #expect(defaults.stderr.contains("\"quoted\" (de): flutter gen-l10n refuses the message, at character 10"))
        #expect(!defaults.stderr.contains("\"bare\""))
    }
}

/// What gen-l10n refuses across a project's files and in its template's
/// keys, transcribed from flutter_tools' own tests
/// (`generate_localizations_test.dart` @ 79557800, "loadResources": "throws
/// when an empty string is used as a key", "throws when the same locale is
/// detected more than once", "throws when the base locale does not
/// exist", "AppResourceBundle throws if file contains non-string value";
/// "checks for method/getter formatting"; "NumberFormat tests"; "plural
/// messages" and "select messages" on placeholders), with their expected
/// words.
@Suite struct GenL10nBundleTests {
    static func run(_ files: [String: String], only: String? = nil) throws -> Outcome {
        let folder = Fixtures.temporaryDirectory("genl10n-bundles")
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return GenL10nProjectTests.run(only.map { folder.appendingPathComponent($0).path } ?? folder.path)
    }

    static let single = #"{"title": "Stocks", "@title": {"description": "Title for the Stocks application"}}"#

    @Test(arguments: [
        #"{"market": "MARKET", "": {"description": "This key is invalid"}}"#,
        #"{"title!!": "Stocks", "@title!!": {"description": "Title for the Stocks application"}}"#,
        #"{"Title": "Stocks", "@Title": {"description": "Title for the Stocks application"}}"#,
        #"{"123title": "Stocks", "@123title": {"description": "Title for the Stocks application"}}"#,
    ])
    func aTemplateKeyThatIsNoMethodNameIsRefused(_ template: String) throws {
        let outcome = try Self.run(["app_en.arb": template])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("Invalid ARB resource name"), "\(outcome.stderr)")
    }

    @Test func aDollarSignIsAMethodName() throws {
        let outcome = try Self.run(["app_en.arb": #"{"$title$": "Stocks", "@$title$": {"description": "T"}}"#])
        #expect(!outcome.stderr.contains("Invalid ARB resource name"), "\(outcome.stderr)")
        #expect(outcome.status == .success)
    }

    @Test func oneLocaleInTwoFilesIsRefused() throws {
        let outcome = try Self.run([
            "app_en.arb": Self.single,
            "app2_en.arb": #"{"market": "MARKET", "@market": {"description": "Label for the Market tab"}}"#,
        ])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("Multiple arb files with the same 'en' locale detected"), "\(outcome.stderr)")
    }

    /// The base locale's file is looked for where the whole folder is
    /// read; a file named alone is judged alone.
    @Test func aRegionWithoutItsLanguageIsRefused() throws {
        let outcome = try Self.run(["app_en_US.arb": Self.single])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("Arb file for a fallback, en, does not exist"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("the following locale(s) exist: en_US"))
        let alone = try Self.run(["app_en_US.arb": Self.single], only: "app_en_US.arb")
        #expect(alone.status == .success, "\(alone.stderr)")
        let withBase = try Self.run(["app_en_US.arb": Self.single, "app_en.arb": Self.single])
        #expect(withBase.status == .success, "\(withBase.stderr)")
    }

    /// "throws an exception when improperly formatted number is passed
    /// in"; a plural's count without a type is inferred `num` and held to
    /// the same formats.
    @Test func aNumberFormatIntlLacksIsRefused() throws {
        let outcome = try Self.run([
            "app_en.arb": #"{"courseCompletion": "You have completed {progress} of the course.", "#
                + #""@courseCompletion": {"description": "The amount of progress the student has made in their "#
                + #"class.", "placeholders": {"progress": {"type": "double", "format": "asdf"}}}, "#
                + #""items": "{n, plural, other{{n} items}}", "@items": {"placeholders": {"n": {"format": "nope"}}}}"#
        ])
        #expect(outcome.status == .problemFound)
        for expected in [
            #"For the message "courseCompletion" the number format asdf for the progress placeholder does not "#
                + #"have a corresponding NumberFormat constructor in locale "en""#,
            #"For the message "items" the number format nope for the n placeholder"#,
        ] {
            #expect(outcome.stderr.contains(expected), "\(outcome.stderr)")
        }
        let valid = try Self.run([
            "app_en.arb": #"{"p": "{a}", "@p": {"placeholders": {"a": {"type": "int", "format": "compactCurrency"}}}}"#
        ])
        #expect(valid.status == .success, "\(valid.stderr)")
    }

    /// "should throw attempting to generate a plural (a select) message
    /// with incorrect format for placeholders"; and "should automatically
    /// infer plural (select) placeholders that are not explicitly
    /// defined": no error.
    @Test func placeholdersThatAreNoMapAreRefused() throws {
        let plural =
            "{count,plural, =0{Hello}=1{Hello World}=2{Hello two worlds}few{Hello {count} worlds}"
            + "many{Hello all {count} worlds}other{Hello other {count} worlds}}"
        let select = "{gender, select, female {She} male {He} other {they} }"
        for (key, message) in [("helloWorlds", plural), ("genderSelect", select)] {
            let refused = try Self.run([
                "app_en.arb": #"{"\#(key)": "\#(message)", "@\#(key)": {"placeholders": "Incorrectly a string, "#
                    + #"should be a map."}}"#
            ])
            #expect(refused.status == .cannotRun)
            #expect(
                refused.stderr.contains(
                    #"The "placeholders" attribute for message "\#(key)", is not properly formatted. Ensure that "#
                        + "it is a map with string valued keys."), "\(refused.stderr)")
            let inferred = try Self.run([
                "app_en.arb": #"{"\#(key)": "\#(message)", "@\#(key)": {"description": "Improperly formatted "#
                    + #"since it has no placeholder attribute."}}"#
            ])
            #expect(inferred.status == .success, "\(inferred.stderr)")
        }
    }

    @Test func aMessageThatIsNoStringIsRefused() throws {
        let outcome = try Self.run([
            "app_en.arb": #"{ "helloWorld": "Hello World!" }"#, "app_es.arb": #"{ "helloWorld": {} }"#,
        ])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("app_es.arb"))
        #expect(outcome.stderr.contains("'helloWorld' is not a string"), "\(outcome.stderr)")
    }
}

/// A pull request's `l10n.yaml` is an input like any other: an `arb-dir`
/// that leads out of the project is refused, not read.
@Suite struct GenL10nProjectBoundsTests {
    @Test(arguments: ["../elsewhere", "lib/../../elsewhere", "/etc"])
    func anArbDirOutOfTheProjectIsRefused(_ folder: String) throws {
        let root = Fixtures.temporaryDirectory("flutter-escape")
        try "arb-dir: \(folder)\n".write(
            to: root.appendingPathComponent("l10n.yaml"), atomically: true, encoding: .utf8)
        let outcome = GenL10nProjectTests.run(root.path)
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("leads out of the project"), "\(outcome.stderr)")
    }
}

/// `generate_localizations_test.dart`, "should throw when the type of a
/// placeholder in a locale differs from the template": Japanese
/// re-declares `springStartDate` with a `format` and no `type`, which
/// gen-l10n types `Object`, against the template's `DateTime`.
@Suite struct ARBTypeTests {
    @Test func aTranslationsUntypedDeclarationIsObject() throws {
        let root = Fixtures.temporaryDirectory("arb-types")
        let files = [
            "app_en.arb": #"{"@@locale": "en", "springBegins": "Spring begins on {springStartDate}", "#
                + #""@springBegins": {"placeholders": {"springStartDate": {"type": "DateTime", "format": "MMMd"}}}}"#,
            "app_ja.arb": #"{"@@locale": "ja", "springBegins": "春が始まるのは{springStartDate}", "#
                + #""@springBegins": {"placeholders": {"springStartDate": {"format": "MMMMd"}}}}"#,
        ]
        for (name, text) in files {
            try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let outcome = TypefitCommand.run(
            [
                "fit", "--strings", root.path + "/*.arb", "--platform", "flutter-ios", "--style", "bodyLarge",
                "--width", "300", "--font", "TypefitSans-Regular", "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                "\"springBegins\" (ja): 'springStartDate' is declared as 'Object' but the template declares it "
                    + "'DateTime'"), "\(outcome.stderr)")
    }
}

/// A placeholder whose `format` names a `NumberFormat` is printed as
/// intl prints it in the message's locale. The oracle is intl's own data
/// (dart-lang/i18n @ 2fd9412c, intl 0.20.3): `number_symbols_data.dart`
/// (`GROUP_SEP` ',' in English, '.' in German, U+202F in French, U+066C
/// in Persian with `ZERO_DIGIT` U+06F0; Arabic's `ZERO_DIGIT` '0', its
/// `PERCENT` U+200E % U+200E; Hindi's `DECIMAL_PATTERN` '#,##,##0.###';
/// German's `PERCENT_PATTERN` '#,##0\u00A0%') and
/// `test/compact_number_test_data.dart` (English: "1M", "1 million").
@Suite struct ARBNumberFormatTests {
    static func texts(_ files: [String: String]) throws -> [String: String] {
        let root = Fixtures.temporaryDirectory("arb-numbers")
        for (name, text) in files {
            try text.write(to: root.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let outcome = TypefitCommand.run(
            [
                "fit", "--strings", root.path + "/*.arb", "--platform", "flutter-android", "--style", "bodyLarge",
                "--width", "300", "--font-scale", "1", "--font", "TypefitSans-Regular", "--fontconfig-file",
                Fixtures.fontconfigFile, "--format", "json", "--all",
            ], context: RunContext())
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome.stderr)")
        var texts: [String: String] = [:]
        for result in try #require(document["results"] as? [[String: Any]]) {
            texts["\(result["key"] ?? "")/\(result["language"] ?? "")"] = result["sampleText"] as? String
        }
        return texts
    }

    @Test func decimalPatternGroupsAsIntlDoes() throws {
        let meta = #""@photos": {"placeholders": {"count": {"type": "int", "format": "decimalPattern"}}}"#
        let texts = try Self.texts([
            "app_en.arb": #"{"photos": "{count, plural, =1{1 photo} other{{count} photos}}", "# + meta + "}",
            "app_de.arb": #"{"photos": "{count, plural, =1{1 Foto} other{{count} Fotos}}"}"#,
            "app_fr.arb": #"{"photos": "{count, plural, =1{1 photo} other{{count} photos}}"}"#,
            "app_hi.arb": #"{"photos": "{count, plural, =1{1 फ़ोटो} other{{count} फ़ोटो}}"}"#,
            "app_ar.arb": #"{"photos": "{count, plural, =1{صورة} other{{count} صورة}}"}"#,
            "app_fa.arb": #"{"photos": "{count, plural, =1{عکس} other{{count} عکس}}"}"#,
        ])
        // `other`'s number of each language (1,000,000 where it is of the
        // category), grouped.
        #expect(texts["photos|count.plural.other/en"] == "1,000,000 photos")
        #expect(texts["photos|count.plural.other/de"] == "1.000.000 Fotos")
        // French puts a million in `many`: `other` is shown with 1,000,110.
        #expect(texts["photos|count.plural.other/fr"] == "1\u{202F}000\u{202F}110 photos")
        #expect(texts["photos|count.plural.other/hi"] == "10,00,000 फ़ोटो")
        #expect(texts["photos|count.plural.other/ar"] == "1,000,000 صورة")
        #expect(texts["photos|count.plural.other/fa"] == "۱\u{066C}۰۰۰\u{066C}۰۰۰ عکس")
        #expect(texts["photos|count.plural.one/en"] == "1 photo")
    }

    @Test func percentAndCompactPatterns() throws {
        let meta =
            #""@n": {"placeholders": {"p": {"type": "int", "format": "percentPattern"}, "#
            + #""c": {"type": "int", "format": "compact"}, "l": {"type": "int", "format": "compactLong"}}}"#
        let texts = try Self.texts([
            "app_en.arb": #"{"n": "{p} {c} {l}", "# + meta + "}",
            "app_de.arb": #"{"n": "{p}"}"#,
            "app_ar.arb": #"{"n": "{p}"}"#,
        ])
        #expect(texts["n/en"] == "100,000,000% 1M 1 million")
        #expect(texts["n/de"] == "100.000.000\u{00A0}%")
        #expect(texts["n/ar"] == "100,000,000\u{200E}%\u{200E}")
    }

    /// Dates as the generated code prints the sample moment (Wednesday
    /// 30 September 2026, 21:45:30): `DateFormat.<format>(locale)` with
    /// intl's pattern, `+` joining constructors with a space, a custom
    /// pattern as written, a `{d, date, ::skeleton}` by its skeleton; the
    /// Gregorian calendar and intl's digits in Persian. What gen-l10n
    /// refuses is an error in its words (`gen_l10n.dart:149–182,1362–1377`).
    @Test func datesAreFormattedAsIntlDoes() throws {
        let meta =
            #""@seen": {"placeholders": {"d": {"type": "DateTime", "format": "yMMMMEEEEd"}, "#
            + #""t": {"type": "DateTime", "format": "yMd+Hm"}, "#
            + #""c": {"type": "DateTime", "format": "EEE, MMM d", "isCustomDateFormat": "true"}}}, "#
            + #""due": "Due {when, date, ::MMMd}", "@due": {"placeholders": {"when": {"type": "DateTime"}}}"#
        let texts = try Self.texts([
            "app_en.arb": #"{"seen": "{d} | {t} | {c}", "# + meta + "}",
            "app_de.arb": #"{"seen": "{d} | {t} | {c}", "due": "Fällig {when, date, ::MMMd}"}"#,
            "app_fa.arb": #"{"seen": "{d}"}"#,
        ])
        #expect(texts["seen/en"] == "Wednesday, September 30, 2026 | 9/30/2026 21:45 | Wed, Sep 30")
        #expect(texts["seen/de"] == "Mittwoch, 30. September 2026 | 30.9.2026 21:45 | Mi., Sept. 30")
        #expect(texts["due/en"] == "Due Sep 30")
        #expect(texts["due/de"] == "Fällig 30. Sept.")
        #expect(texts["seen/fa"] == "چهارشنبه ۳۰ سپتامبر ۲۰۲۶")

        let root = Fixtures.temporaryDirectory("arb-dates")
        try
            (#"{"a": "{d}", "@a": {"placeholders": {"d": {"type": "DateTime"}}}, "#
            + #""b": "{d}", "@b": {"placeholders": {"d": {"type": "DateTime", "format": "yMMMx"}}}, "#
            + #""c": "{d, date, ::yMMMx}"}"#).write(
                to: root.appendingPathComponent("app_en.arb"), atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            [
                "fit", "--strings", root.path + "/app_en.arb", "--platform", "flutter-android", "--style",
                "bodyLarge", "--width", "300", "--font-scale", "1", "--font", "TypefitSans-Regular",
                "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                #"the placeholder "d" has its "type" resource attribute set to the type "DateTime""#))
        #expect(outcome.stderr.contains(#"the date format "yMMMx" for placeholder d does not have a corresponding"#))
        #expect(outcome.stderr.contains(#"For message "c" the date format "yMMMx""#))
    }

    /// `currency` and `simpleCurrency` as intl prints a million: the
    /// locale's pattern and own code (`USD1,000,000.00`, `1.000.000,00 EUR`),
    /// the simple symbol, `decimalDigits`; intl's separators (Swiss German
    /// groups with `'`, where ICU has U+2019).
    @Test func currenciesAreFormattedAsIntlDoes() throws {
        let meta =
            #""@price": {"placeholders": {"a": {"type": "double", "format": "currency"}, "#
            + #""b": {"type": "double", "format": "simpleCurrency", "optionalParameters": {"name": "EUR"}}, "#
            + #""c": {"type": "int", "format": "decimalPatternDigits", "optionalParameters": {"decimalDigits": 1}}}}"#
        let texts = try Self.texts([
            "app_en.arb": #"{"price": "{a} {b} {c}", "# + meta + "}",
            "app_de.arb": #"{"price": "{a} {b} {c}"}"#,
            "app_de_CH.arb": #"{"price": "{a} {b} {c}"}"#,
        ])
        #expect(texts["price/en"] == "USD1,000,000.00 \u{20AC}1,000,000.00 1,000,000.0")
        #expect(texts["price/de"] == "1.000.000,00\u{A0}EUR 1.000.000,00\u{A0}\u{20AC} 1.000.000,0")
        #expect(texts["price/de-CH"] == "CHF\u{A0}1'000'000.00 \u{20AC}\u{A0}1'000'000.00 1'000'000.0")
        // Not a map: gen-l10n stops, in its words (`gen_l10n_types.dart:312–317`).
        let root = Fixtures.temporaryDirectory("arb-parameters")
        try
            (#"{"p": "{a}", "@p": {"placeholders": {"a": {"type": "double", "format": "currency", "#
            + #""optionalParameters": [2]}}}}"#).write(
                to: root.appendingPathComponent("app_en.arb"), atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            [
                "fit", "--strings", root.path + "/app_en.arb", "--style", "body", "--width", "300", "--font",
                "TypefitSans-Regular", "--fontconfig-file", Fixtures.fontconfigFile,
            ], context: RunContext())
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains(#"The "optionalParameters" value of the "a" placeholder in message p"#))
    }

    /// `compactCurrency` and `compactSimpleCurrency` as intl prints a
    /// million (`IntlCompactCurrency`); a plural's count with a format
    /// printed so in its cases, as gen-l10n writes `countString` there.
    @Test func compactCurrenciesAndFormattedCounts() throws {
        let meta =
            #""@balance": {"placeholders": {"a": {"type": "double", "format": "compactCurrency"}, "#
            + #""b": {"type": "int", "format": "compactSimpleCurrency", "optionalParameters": {"name": "EUR"}}}}, "#
            + #""@cost": {"placeholders": {"count": {"type": "int", "format": "simpleCurrency"}}}"#
        let cost = #""cost": "{count, plural, =1{one for {count}} other{all for {count}}}""#
        let texts = try Self.texts([
            "app_en.arb": #"{"balance": "{a} {b}", "# + cost + ", " + meta + "}",
            "app_de.arb": #"{"balance": "{a} {b}", "# + cost + "}",
        ])
        #expect(texts["balance/en"] == "USD1M \u{20AC}1M")
        #expect(texts["balance/de"] == "1\u{A0}Mio.\u{A0}EUR 1\u{A0}Mio.\u{A0}\u{20AC}")
        #expect(texts["cost|count.plural.one/en"] == "one for $1.00")
        #expect(texts["cost|count.plural.other/en"] == "all for $1,000,000.00")
        #expect(texts["cost|count.plural.other/de"] == "all for 1.000.000,00\u{A0}\u{20AC}")
        // A count under a thousand in the currency pattern with as many
        // digits as `decimalDigits` allows (20: a power of ten past an
        // Int once stopped the run).
        let many = try Self.texts([
            "app_en.arb": #"{"p": "{n, plural, one{{n} coin} other{{n} coins}}", "@p": {"placeholders": {"n": "#
                + #"{"type": "int", "format": "compactCurrency", "optionalParameters": {"decimalDigits": 20}}}}}"#
        ])
        #expect(many["p|n.plural.one/en"] == "USD1." + String(repeating: "0", count: 20) + " coin")
        #expect(many["p|n.plural.other/en"] == "USD1M coins")
    }
}

/// flutter_tools' own date tests (`generate_localizations_test.dart`
/// @ 79557800, "DateTime tests"), with their expectations: the generated
/// call, printed here as intl prints it at the sample moment, and the
/// exceptions' words.
@Suite struct GenL10nDateTests {
    static func run(_ format: String, custom: String? = nil) throws -> (text: String?, stderr: String) {
        let root = Fixtures.temporaryDirectory("genl10n-dates")
        let attribute = custom.map { #", "isCustomDateFormat": \#($0)"# } ?? ""
        let arb =
            #"{"@@locale": "en", "springBegins": "Spring begins on {d}", "@springBegins": {"placeholders": "#
            + #"{"d": {"type": "DateTime", "format": ""# + format + #"""# + attribute + "}}}}"
        try arb.write(to: root.appendingPathComponent("app_en.arb"), atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            [
                "fit", "--strings", root.path + "/app_en.arb", "--platform", "flutter-android", "--style",
                "bodyLarge", "--width", "3000", "--font-scale", "1", "--font", "TypefitSans-Regular",
                "--fontconfig-file", Fixtures.fontconfigFile, "--format", "json",
            ], context: RunContext())
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let text = (document?["results"] as? [[String: Any]])?.first?["sampleText"] as? String
        return (text, outcome.stderr)
    }

    @Test func generatedCallsPrintAsIntlDoes() throws {
        // "use standard date format whenever possible": DateFormat.yMd.
        #expect(try Self.run("yMd", custom: #""true""#).text == "Spring begins on 9/30/2026")
        // "handle arbitrary formatted date": DateFormat('asdf o\'clock');
        // intl writes nothing for f and o.
        #expect(try Self.run("asdf o'clock", custom: #""true""#).text == "Spring begins on PM3030 clock")
        #expect(try Self.run("asdf o'clock", custom: "true").text == "Spring begins on PM3030 clock")
        // "handles adding two (three) valid formats": .add_jms(), .add_QQQQ().add_Hm().
        #expect(try Self.run("yMd+jms").text == "Spring begins on 9/30/2026 9:45:30\u{202F}PM")
        #expect(
            try Self.run("yMMMMEEEEd+QQQQ+Hm").text
                == "Spring begins on Wednesday, September 30, 2026 3rd quarter 21:45")
    }

    @Test func refusedFormatsInGenL10nsWords() throws {
        for (format, words) in [
            ("asdf", "does not have a corresponding DateFormat"),
            ("foo+bar+baz", "contains at least one invalid date format"),
            ("yMd+Hm+", "contains at least one invalid date format"),
        ] {
            let stderr = try Self.run(format).stderr
            for part in [#"message "springBegins""#, #"locale "en""#, "\"\(format)\"", "placeholder d", words] {
                #expect(stderr.contains(part), "\(format): \(part)")
            }
        }
    }
}

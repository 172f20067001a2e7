import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// Each plural form judged for the numbers it is shown for, from minimal
/// `.stringsdict` files after the real apps of issue 60. The oracle is the
/// toolchain's `String(format:)` of the form the device picks for a number
/// of its category (CLDR's rules, stated in each case: Croatian `few` holds
/// 2–4 and 22–24; Turkish `one` holds 1; Vietnamese has only `other`;
/// Russian `one` holds 1, 21, 31 …): what it prints shows the verdict.
@Suite struct PluralFormTests {
    static func stringsdict(_ forms: [(String, String)], format: String = "%#@n@") -> String {
        // A form a line: a finding points at its form's line.
        let body = forms.map { "\n<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>sites</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
            <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
            <key>NSStringFormatValueTypeKey</key><string>d</string>\(body)</dict></dict></dict></plist>
            """
    }

    static let english = [("one", "%1$d site and %2$@"), ("other", "%1$d sites and %2$@")]

    /// Runs fit over English and one translation; stderr's findings
    /// (`json`: the JSON document on stdout).
    static func run(
        _ language: String, _ forms: [(String, String)], english: [(String, String)] = english,
        format: String = "%#@n@", json: Bool = false
    ) throws -> Outcome {
        let root = Fixtures.temporaryDirectory("plural-forms-\(language)")
        for (tag, table) in [("en", english), (language, forms)] {
            let dir = root.appendingPathComponent("\(tag).lproj")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try stringsdict(table, format: format).write(
                to: dir.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        }
        return TypefitCommand.run(
            [
                "fit", "--strings", root.path + "/*.lproj/Localizable.stringsdict", "--style", "body", "--width",
                "300", "--font", "TypefitSans-Regular", "--category", "large", "--fontconfig-file",
                Fixtures.fontconfigFile,
            ] + (json ? ["--format", "json"] : []), context: RunContext())
    }

    /// The JSON document's `key` → `field` of `results` in `language`.
    static func results(_ outcome: Outcome, _ language: String, _ field: String) throws -> [String: String] {
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        var found: [String: String] = [:]
        for result in results where result["language"] as? String == language {
            if let key = result["key"] as? String, let value = result[field] as? String { found[key] = value }
        }
        return found
    }

    @Test func anEmptyFormShowsNothing() throws {
        // Croatian few (2): the empty form prints nothing at all.
        #expect(String(format: "", 2, "x.org") == "")
        let outcome = try Self.run(
            "hr", [("one", "%1$d stranica i %2$@"), ("few", ""), ("other", "%1$d stranica i %2$@")])
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                "error: \"sites\" (hr): the few form of 'n' is empty: nothing is shown for 2, 3, 4, 22"),
            "\(outcome.stderr)")
    }

    @Test func aFormThatDropsAnArgument() throws {
        // Turkish one (1): the site is lost; zero keeps it, so the union
        // of the forms held it.
        #expect(String(format: "%1$d site", 1, "x.org") == "1 site")
        let outcome = try Self.run(
            "tr", [("zero", "Site yok %2$@"), ("one", "%1$d site"), ("other", "%1$d site")])
        #expect(outcome.status == .problemFound)
        #expect(outcome.stderr.contains("the one form of 'n' leaves out argument 2, which every form of the source"))
    }

    @Test func aCountNeverShown() throws {
        // Vietnamese other (every number): the count is never printed.
        // (The form names argument 2 alone: Linux's CoreFoundation traps
        // on the argument it skips, so its text is formatted with the one
        // argument it prints.)
        #expect(String(format: "Các trang %@", "x.org") == "Các trang x.org")
        let outcome = try Self.run("vi", [("other", "Các trang %2$@")])
        #expect(outcome.status == .problemFound)
        #expect(outcome.stderr.contains("no form of 'n' shows its count (argument 1), which the source shows"))
        #expect(!outcome.stderr.contains("ImpliedQuantity"))
    }

    @Test func aCountImpliedForSeveralNumbers() throws {
        // Russian one (21): "one more site" is shown for 21.
        #expect(String(format: "ещё один сайт и %@", "x.org") == "ещё один сайт и x.org")
        let outcome = try Self.run(
            "ru",
            [
                ("one", "ещё один сайт и %2$@"), ("few", "%1$d сайта и %2$@"), ("many", "%1$d сайтов и %2$@"),
                ("other", "%1$d сайта и %2$@"),
            ])
        // A warning: the run passes, --strict fails.
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "warning: \"sites\" (ru): the one form of 'n' does not show the count, and is shown for 1, 21, 31, 41"))
    }

    /// Polish one, few and many without other: a `%d` count never reaches
    /// other (CLDR gives Polish other to fractions only), so no warning; a
    /// missing few still is one. (138 such warnings in Element X.)
    @Test func otherIsNeededOnlyWhereAnIntegerReachesIt() throws {
        let outcome = try Self.run(
            "pl", [("one", "%1$d strona i %2$@"), ("few", "%1$d strony i %2$@"), ("many", "%1$d stron i %2$@")])
        #expect(outcome.status == .success)
        #expect(!outcome.stderr.contains("has no other form"), "\(outcome.stderr)")
        let missingFew = try Self.run("pl", [("one", "%1$d strona i %2$@"), ("many", "%1$d stron i %2$@")])
        #expect(missingFew.stderr.contains("has no few form"), "\(missingFew.stderr)")
        #expect(!missingFew.stderr.contains("few, other"))
    }

    /// The finding quotes the form at fault and points at its line, not
    /// the entry's first form (the Turkish zero form keeps the site).
    @Test func theFormAtFaultIsQuoted() throws {
        let outcome = try Self.run(
            "tr", [("zero", "Site yok %2$@"), ("one", "%1$d site"), ("other", "%1$d siteler")], json: true)
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let problem = try #require((document["placeholders"] as? [[String: Any]])?.first)
        #expect(problem["translation"] as? String == "%1$d site")
        #expect(problem["source"] as? String == "%1$d site and %2$@")
        // The one form's line: the plist's seventh (a form a line from the
        // sixth, zero first); the entry starts on the second.
        #expect(problem["line"] as? Int == 7, "\(problem)")
    }

    /// Mastodon's `%#@names@%#@count_mutual@`: `names` has two empty forms
    /// and only consumes the name (argument 1) as an integer; the name is
    /// printed by `count_mutual`'s forms as an object. What its argument
    /// selects is never seen, so reading it as another type is no error:
    /// the device prints the selected form of count_mutual alone.
    @Test func aVariableWhoseFormsAreAllTheSameReadsAnyType() throws {
        let mutual = [
            ("one", "Followed by %1$@, and another mutual"), ("other", "Followed by %1$@, and %ld mutuals"),
        ]
        // names' form (empty, whatever it selects) and count_mutual's,
        // whose `%ld` is formatted in a nested call from its own argument,
        // 2.
        #expect(
            String(format: "", 1) + String(format: "Followed by %1$@, and %2$ld mutuals", "Bo", 3)
                == "Followed by Bo, and 3 mutuals")
        let root = Fixtures.temporaryDirectory("plural-forms-all-same")
        for (tag, forms) in [
            ("en", mutual),
            ("de", [("one", "Gefolgt von %1$@ und einem weiteren"), ("other", "Gefolgt von %1$@ und %ld weiteren")]),
        ] {
            let dir = root.appendingPathComponent("\(tag).lproj")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let body = forms.map { "<key>\($0.0)</key><string>\($0.1)</string>" }.joined()
            let plist = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>followed</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%2$#@count_mutual@%1$#@names@</string>
                <key>names</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>ld</string>
                <key>one</key><string></string><key>other</key><string></string></dict>
                <key>count_mutual</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>ld</string>\(body)</dict></dict></dict></plist>
                """
            try plist.write(
                to: dir.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        }
        let outcome = TypefitCommand.run(
            [
                "fit", "--strings", root.path + "/*.lproj/Localizable.stringsdict", "--style", "body", "--width",
                "300", "--font", "TypefitSans-Regular", "--category", "large", "--fontconfig-file",
                Fixtures.fontconfigFile, "--format", "json",
            ], context: RunContext())
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("two-kinds") && !outcome.stderr.contains("prints garbage"))
        // The count is measured with count_mutual's number (English
        // other: 1,000,000), not names' (one: 1, set after it), whose
        // forms print none. (Written count first, names second: what is
        // shown is the same.)
        let texts = try Self.results(outcome, "en", "sampleText")
        #expect(
            texts["followed|count_mutual.plural.other|names.plural.one"]
                == "Followed by Maximilianus, and 1,000,000 mutuals", "\(texts)")

        // A variable whose forms differ still reads its argument by its
        // value type: an object read as an integer to pick a form is wrong.
        let wrong = try Self.run(
            "de", [("one", "%1$d Seite und %2$@"), ("other", "%1$d Seiten und %2$@")],
            english: [("one", "%1$@ site and %2$@"), ("other", "%1$@ sites and %2$@")])
        #expect(wrong.status == .problemFound)
        #expect(wrong.stderr.contains("prints garbage"), "\(wrong.stderr)")
    }

    /// A form whose count is numbered (`%1$d`, as Localazy writes every
    /// plural) is measured with its category's number, as the unnumbered
    /// `%d` is (Russian one: a number ICU puts in one, not the default
    /// 1,000,000, which is many).
    @Test func aNumberedCountIsMeasuredWithItsCategorysNumber() throws {
        let english = [("one", "%d site"), ("other", "%d sites")]
        let numbered = try Self.run(
            "ru", [("one", "%1$d сайт"), ("few", "%1$d сайта"), ("many", "%1$d сайтов")], english: english, json: true)
        let plain = try Self.run(
            "ru", [("one", "%d сайт"), ("few", "%d сайта"), ("many", "%d сайтов")], english: english, json: true)
        let numberedTexts = try Self.results(numbered, "ru", "sampleText")
        let plainTexts = try Self.results(plain, "ru", "sampleText")
        #expect(numberedTexts.count == 3)
        #expect(numberedTexts == plainTexts)
        let one = try #require(numberedTexts["sites|n.plural.one"])
        #expect(!one.contains("1,000,000"), "\(one)")
        #expect(numberedTexts["sites|n.plural.many"] == "1,000,000 сайтов")
    }

    /// `%1#@count@` (DuckDuckGo's onboarding): the digit is a width, which
    /// CoreFoundation reads before `#@` like any flag; the variable is
    /// expanded and judged like `%#@count@`.
    @Test func aWidthBeforeTheVariableIsStillTheVariable() throws {
        let outcome = try Self.run(
            "ru", [("one", "ещё один сайт и %2$@"), ("few", "%1$d сайта и %2$@"), ("many", "%1$d сайтов и %2$@")],
            format: "%1#@n@", json: true)
        let texts = try Self.results(outcome, "ru", "text")
        #expect(texts["sites|n.plural.few"] == "%1$d сайта и %2$@", "\(texts)")
        #expect(outcome.stderr.contains("the one form of 'n' does not show the count"), "\(outcome.stderr)")
    }

    @Test func everyFormRightPasses() throws {
        let outcome = try Self.run(
            "de", [("one", "%1$d Seite und %2$@"), ("other", "%1$d Seiten und %2$@")])
        #expect(outcome.status == .success)
        #expect(!outcome.stderr.contains("form of"))
    }
}

/// The same rules for Android `<plurals>` items: the count is the source's
/// first integer argument (else argument 1, which apps pass formatted:
/// NewPipe's `%s views`), and an item of a category the language does not
/// use is never shown. The oracle is what OpenJDK 17's `String.format`
/// prints for a number of the item's category (stated in each case).
@Suite struct AndroidPluralItemTests {
    static func plurals(_ name: String, _ items: [(String, String)]) -> String {
        "<plurals name=\"\(name)\">"
            + items.map { "\n<item quantity=\"\($0.0)\">\($0.1)</item>" }.joined() + "</plurals>\n"
    }

    /// fit over `values/` (English) and one translation's folder.
    static func run(_ folder: String, _ body: String, json: Bool = false) throws -> Outcome {
        let res = Fixtures.temporaryDirectory("android-plurals-\(folder)")
        let english =
            plurals("sites", [("one", "%1$d site and %2$s"), ("other", "%1$d sites and %2$s")])
            + plurals("views", [("one", "One view"), ("other", "%s views")])
        for (name, text) in [("values", english), (folder, body)] {
            let dir = res.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try "<resources>\n\(text)</resources>\n".write(
                to: dir.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        }
        return TypefitCommand.run(
            [
                "fit", "--strings", res.path, "--platform", "android", "--style", "bodyLarge", "--font",
                "TypefitSans-Regular", "--width", "2000", "--font-scale", "1.0", "--fontconfig-file",
                Fixtures.fontconfigFile,
            ] + (json ? ["--format", "json"] : []), context: RunContext())
    }

    @Test func anEmptyItemShowsNothing() throws {
        // Java prints "" for 2 with the empty few item.
        let outcome = try Self.run(
            "values-hr",
            Self.plurals("sites", [("one", "%1$d stranica i %2$s"), ("few", ""), ("other", "%1$d stranica i %2$s")]))
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                "error: \"sites\" (hr): the few item is empty: nothing is shown for 2, 3, 4, 22"),
            "\(outcome.stderr)")
    }

    @Test func anItemThatDropsAnArgument() throws {
        // Java prints "1 site" for 1: the site is lost, which zero keeps
        // (not a Turkish category: never shown, never judged).
        let outcome = try Self.run(
            "values-tr",
            Self.plurals("sites", [("zero", ""), ("one", "%1$d site"), ("other", "%1$d site ve %2$s")]),
            json: true)
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                "error: \"sites\" (tr): the one item leaves out argument 2, which every item of the source shows"),
            "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("zero item"))
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let problem = try #require((document["placeholders"] as? [[String: Any]])?.first)
        #expect(problem["translation"] as? String == "%1$d site")
        let difference = try #require((problem["differences"] as? [[String: Any]])?.first)
        #expect(difference["problem"] as? String == "plural-form-drops")
        #expect(difference["variable"] is NSNull)
    }

    @Test func aCountImpliedForSeveralNumbers() throws {
        // Russian one (21): Java prints "ещё один сайт и x.org" for 21.
        let outcome = try Self.run(
            "values-ru",
            Self.plurals(
                "sites",
                [
                    ("one", "ещё один сайт и %2$s"), ("few", "%1$d сайта и %2$s"), ("many", "%1$d сайтов и %2$s"),
                    ("other", "%1$d сайта и %2$s"),
                ]))
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "warning: \"sites\" (ru): the one item does not show the count, and is shown for 1, 21, 31, 41"),
            "\(outcome.stderr)")
    }

    /// NewPipe's `%s views`: the count is passed formatted, as argument 1;
    /// Hebrew one and two each hold one number and may leave it out,
    /// Vietnamese other must show it.
    @Test func aCountPassedFormatted() throws {
        let hebrew = try Self.run(
            "values-iw", Self.plurals("views", [("one", "צפייה אחת"), ("two", "שתי צפיות"), ("other", "%s צפיות")]))
        #expect(hebrew.status == .success, "\(hebrew.stderr)")
        #expect(!hebrew.stderr.contains("item"), "\(hebrew.stderr)")
        let vietnamese = try Self.run("values-vi", Self.plurals("views", [("other", "Lượt xem")]))
        #expect(vietnamese.status == .problemFound)
        #expect(vietnamese.stderr.contains("no item shows its count (argument 1), which the source shows"))
    }
}

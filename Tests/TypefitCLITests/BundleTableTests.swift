import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// `.lproj` tables as a bundle holds them (`shared` reference "Bundles and
/// plurals" §1, read from CoreFoundation's `CFBundle_Strings.c` and run
/// with the toolchain's CF): a `.stringsdict` key overrides the same
/// table's `.strings` value (L111–119); each bundle (the folder holding the
/// `.lproj` folders) keeps its own tables (L40–41, L152–158); an empty
/// table file (`<dict/>`) is a valid empty table. Minimal files after
/// DuckDuckGo (a shadowed "number.of.tabs" in 24 languages: 264 of 272
/// findings false), its extension and package bundles, and Delta Chat's
/// empty `ar` and `te` tables.
@Suite struct BundleTableTests {
    static let common = [
        "--style", "body", "--width", "300", "--font", "TypefitSans-Regular", "--category", "large", "--format",
        "json", "--fontconfig-file", Fixtures.fontconfigFile,
    ]

    static func plural(_ one: String, _ other: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>number.of.tabs</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@tabs@</string>
        <key>tabs</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>
        <key>one</key><string>\(one)</string><key>other</key><string>\(other)</string></dict></dict>
        </dict></plist>
        """
    }

    static func write(_ root: URL, _ files: [String: String]) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    static func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    static func keys(_ outcome: Outcome) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        return results.map { "\($0["key"] as? String ?? "") \($0["language"] as? String ?? "")" }
    }

    /// The `.strings` value a `.stringsdict` overrides is neither measured
    /// nor compared, in the language's own table and, where a language has
    /// no `.stringsdict` of the table, under the development language's
    /// (the file falls back whole, to the development region).
    @Test func aStringsdictKeyShadowsTheStringsValue() throws {
        let root = Fixtures.temporaryDirectory("bundle-shadow")
        let shadowed = "\"number.of.tabs\" = \"number.of.tabs\";\n\"ok\" = \"OK\";\n"
        try Self.write(
            root,
            [
                "en.lproj/Localizable.strings": shadowed,
                "en.lproj/Localizable.stringsdict": Self.plural("%d tab", "%d tabs"),
                "de.lproj/Localizable.strings": shadowed,
                "de.lproj/Localizable.stringsdict": Self.plural("%d Tab", "%d Tabs"),
                "fr.lproj/Localizable.strings": shadowed,
            ])
        let outcome = Self.run(["fit", "--strings", root.path + "/*.lproj/*"] + Self.common)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let keys = try Self.keys(outcome)
        #expect(!keys.contains("number.of.tabs de") && !keys.contains("number.of.tabs fr"))
        #expect(!keys.contains("number.of.tabs en"))
        #expect(keys.contains("number.of.tabs|tabs.plural.one de") && keys.contains("ok fr"))
        #expect(outcome.stderr.contains("note: 3 .strings entries are neither measured nor compared"))
        #expect(!outcome.stderr.contains("error:"))
    }

    /// Two bundles with one table name: never merged. The extension's
    /// bundle without its development language is not compared, and said
    /// (its `%d` against the app's `%@` was a false error).
    @Test func bundlesKeepTheirOwnTables() throws {
        let root = Fixtures.temporaryDirectory("bundle-two")
        try Self.write(
            root,
            [
                "App/en.lproj/Localizable.strings": "\"a\" = \"Save %@\";\n",
                "App/de.lproj/Localizable.strings": "\"a\" = \"%@ sichern\";\n",
                "Ext/de.lproj/Localizable.strings": "\"a\" = \"%d Dateien\";\n",
            ])
        let outcome = Self.run(["fit", "--strings", root.path + "/*/*.lproj/*"] + Self.common)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("error:"))
        #expect(outcome.stderr.contains("placeholders of '\(root.path)/Ext/Localizable' not compared"))
        // With its own source, the extension is compared with it alone.
        try Self.write(root, ["Ext/en.lproj/Localizable.strings": "\"a\" = \"%@ files\";\n"])
        let compared = Self.run(["fit", "--strings", root.path + "/*/*.lproj/*"] + Self.common)
        #expect(compared.status == .problemFound)
        #expect(compared.stderr.contains("Ext/de.lproj/Localizable.strings:1:7: error: \"a\" (de): %d"))
        #expect(!compared.stderr.contains("App/de.lproj"))
    }

    /// An empty `.stringsdict` is an empty table: a note beside tables
    /// that give strings; alone, nothing was checked (exit 2).
    @Test func anEmptyTableIsATable() throws {
        let root = Fixtures.temporaryDirectory("bundle-empty")
        try Self.write(
            root,
            [
                "en.lproj/Localizable.stringsdict": Self.plural("%d tab", "%d tabs"),
                "ar.lproj/Localizable.stringsdict":
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict/></plist>\n",
            ])
        let outcome = Self.run(["fit", "--strings", root.path + "/*.lproj/*"] + Self.common)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("ar.lproj/Localizable.stringsdict: holds no strings: an empty table"))
        let alone = Self.run(["fit", "--strings", root.path + "/ar.lproj/Localizable.stringsdict"] + Self.common)
        #expect(alone.status == .cannotRun)
        #expect(alone.stderr.contains("holds no strings: nothing to check"))
    }

    /// A String Catalog and `.lproj` tables of its name beside it are one
    /// table (Xcode compiles the catalog into those `.lproj` tables): the
    /// catalog's source is the source of the `.lproj` translations, which
    /// are compared with it and, with `--require-translated`, missing its
    /// keys; a catalog's other name is another table.
    @Test func aCatalogAndLprojTablesOfItsNameAreOneTable() throws {
        let root = Fixtures.temporaryDirectory("bundle-catalog")
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "save": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Save %@"}},
                "de": {"stringUnit": {"state": "translated", "value": "%@ sichern"}}}},
              "quit": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Quit"}},
                "de": {"stringUnit": {"state": "translated", "value": "Beenden"}}}}}}
            """
        try Self.write(
            root,
            [
                "App/Localizable.xcstrings": catalog,
                "App/fr.lproj/Localizable.strings": "\"save\" = \"Enregistrer %d\";\n",
                "App/fr.lproj/Other.strings": "\"save\" = \"Enregistrer %d\";\n",
            ])
        let outcome = Self.run(
            [
                "fit", "--strings", root.path + "/App/Localizable.xcstrings", "--strings",
                root.path + "/App/fr.lproj/*", "--require-translated",
            ] + Self.common)
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains(
                "fr.lproj/Localizable.strings:1:10: error: \"save\" (fr): %d (an integer) stands where the source has "
                    + "%@ (an object), argument 1"),
            "\(outcome.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let untranslated = try #require(json["untranslated"] as? [[String: Any]])
        #expect(untranslated.map { "\($0["key"] ?? "") \($0["language"] ?? "")" } == ["quit fr"])
        // Other.strings has no source of its own.
        #expect(outcome.stderr.contains("placeholders of '\(root.path)/App/Other' not compared"))
    }

    /// `--strings FOLDER` on Apple's platforms: the folder's `.lproj` tables
    /// and String Catalogs, and those of the folders below it (an
    /// extension's, a package's), not a build's copies; a folder with
    /// none is an error naming it.
    @Test func aFolderGivesItsTables() throws {
        let root = Fixtures.temporaryDirectory("bundle-folder")
        try Self.write(
            root,
            [
                "Supporting Files/en.lproj/Localizable.strings": "\"a\" = \"Save %@\";\n",
                "Supporting Files/de.lproj/Localizable.strings": "\"a\" = \"%d sichern\";\n",
                "Supporting Files/Ext/en.lproj/InfoPlist.strings": "\"b\" = \"Share\";\n",
                "Supporting Files/.build/en.lproj/Localizable.strings": "\"copy\" = \"Copy\";\n",
                "Supporting Files/notes.txt": "not a table\n",
            ])
        let outcome = Self.run(["fit", "--strings", root.path + "/Supporting Files"] + Self.common)
        #expect(outcome.status == .problemFound, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("de.lproj/Localizable.strings:1:7: error: \"a\" (de): %d"), "\(outcome.stderr)")
        #expect(try Self.keys(outcome).sorted() == ["a de", "a en", "b en"])
        let empty = Fixtures.temporaryDirectory("bundle-folder-empty")
        try Self.write(empty, ["notes/readme.txt": "nothing\n"])
        let none = Self.run(["fit", "--strings", empty.path] + Self.common)
        #expect(none.status == .cannotRun)
        #expect(none.stderr.contains("is a directory with no strings"), "\(none.stderr)")
    }
}

import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// The string files real apps ship, read as the device reads them: String
/// Catalog substitutions expanded, `.strings` as CoreFoundation parses them
/// (UTF-16, unknown escapes, binary property lists from a built app) and
/// `.stringsdict` plural rules. The property-list fixtures are written by
/// Python's plistlib (Fixtures/strings/make-plists.py), not by typefit.
@Suite struct StringsFormatsTests {
    func read(_ relative: String, language: String? = nil) throws -> [LocalizedString] {
        let path = Fixtures.path(relative)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try StringsFile.read(path: path, bytes: bytes, language: language)
    }

    func table(_ strings: [LocalizedString]) -> [String: String] {
        Dictionary(strings.map { ($0.key, $0.text) }) { first, _ in first }
    }

    @Test func catalogSubstitutionsAreExpanded() throws {
        let strings = try read("strings/Substitutions.xcstrings")
        let english = table(strings.filter { $0.language == "en" })
        #expect(
            english == [
                "%lld followers|followers.plural.one": "%1$lld follower",
                "%lld followers|followers.plural.other": "%1$lld followers",
            ])
        // Two variables: every combination, keyed in the order they appear.
        let german = table(strings.filter { $0.language == "de" })
        #expect(german.count == 4)
        #expect(
            german["%lld followers|followers.plural.one|people.plural.other"] == "%1$lld Follower von %2$lld Personen")
        #expect(
            german["%lld followers|followers.plural.other|people.plural.one"] == "%1$lld Followern von %2$lld Person")
        #expect(!strings.contains { $0.text.contains("%#@") || $0.text.contains("%arg") })
        // The sample values fill the substituted arguments like any other.
        let filled = strings.map { $0.substituting(PlaceholderSamples()) }
        #expect(filled.allSatisfy { !$0.text.contains("%") && !$0.text.contains("@") })
    }

    @Test func manyVariablesVaryOneAtATime() throws {
        var variables: [String: Substitutions.Variable] = [:]
        var text = ""
        for name in ["a", "b", "c", "d"] {
            text += "%#@\(name)@ "
            variables[name] = Substitutions.Variable(
                specifier: "d", argument: nil,
                variations: ["zero", "one", "two", "few", "many", "other"].map { ("plural.\($0)", "\(name)-\($0)") })
        }
        // 6^4 = 1,296 combinations is past the bound: 4 x 6, the others at "other".
        let expanded = try Substitutions.expand(LocalizedString(key: "k", language: nil, text: text), variables)
        #expect(expanded.count == 24)
        #expect(expanded.contains { $0.text == "a-few b-other c-other d-other " })
        #expect(expanded.first?.key == "k|a.plural.zero|b.plural.other|c.plural.other|d.plural.other")
    }

    @Test(arguments: ["strings/plists/Plurals.stringsdict", "strings/plists/PluralsBinary.stringsdict"])
    func stringsdictPluralRules(file: String) throws {
        let strings = table(try read(file))
        #expect(strings["files|files.plural.one"] == "%d file")
        #expect(strings["files|files.plural.other"] == "%d files")
        #expect(strings["summary|posts.plural.zero|people.plural.one"] == "No posts from %lld person")
        #expect(strings["summary|posts.plural.other|people.plural.other"] == "%lld posts from %lld people")
        #expect(strings.count == 2 + 3 * 2)
    }

    /// What a built app holds: a binary property list, in a `de.lproj`.
    @Test func binaryStringsFromABuiltApp() throws {
        let strings = try read("strings/plists/de.lproj/Localizable.strings")
        #expect(
            table(strings) == [
                "greeting": "Hello", "deeplink": "Deeplink: (%@)", "multi": "Zeile eins\nZeile zwei",
            ])
        #expect(strings.allSatisfy { $0.language == "de" })
        #expect(try read("strings/plists/de.lproj/Localizable.strings", language: "fr").isEmpty)
    }

    /// UTF-16 with a byte order mark; CoreFoundation's escapes: an unknown
    /// one is the character (`\(`), octal with one to three digits, `\U`
    /// with up to four hex digits, `\u` not an escape; single quotes;
    /// unquoted keys.
    @Test func escapesAsCoreFoundationReadsThem() throws {
        let strings = table(try read("strings/plists/Escapes.strings"))
        #expect(strings["deeplink"] == "Deeplink: (%@)")
        #expect(strings["octal"] == "AA\nB")
        #expect(strings["single"] == "quoted")
        #expect(strings["unquoted"] == "étu00e9")
    }

    @Test func aDamagedBinaryPropertyListIsAnErrorNotACrash() throws {
        let path = Fixtures.path("strings/plists/de.lproj/Localizable.strings")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        for cut in stride(from: 8, to: bytes.count, by: 7) {
            var damaged = Array(bytes.prefix(cut))
            damaged += [UInt8](repeating: 0xFF, count: max(0, 40 - damaged.count))
            #expect(throws: SourceError.self) { try BinaryPropertyList.parse(damaged) }
        }
        // Every byte flipped in turn: an error or a value, never a trap.
        for i in bytes.indices {
            var flipped = bytes
            flipped[i] ^= 0xA5
            _ = try? BinaryPropertyList.parse(flipped)
        }
    }

    @Test func standardInputIsSniffed() {
        #expect(
            StringsFile.format(sniffing: Array("{\n \"sourceLanguage\": \"en\", \"strings\": {}}".utf8)).id
                == "xcstrings")
        #expect(StringsFile.format(sniffing: Array("\"a\" = \"b\";".utf8)).id == "strings")
        #expect(StringsFile.format(sniffing: Array("/* c */\n\"a\" = \"b\";".utf8)).id == "strings")
        #expect(StringsFile.format(sniffing: Array("just a line\nanother".utf8)).id == "text")
        #expect(StringsFile.format(sniffing: Array("bplist00".utf8) + [UInt8](repeating: 0, count: 40)).id == "strings")
    }
}

import Testing
import TypefitTestSupport

@testable import TypefitCore

/// One budget for a run's strings, checked where they multiply: each
/// limit held alone, and together they did not (the shapes of the hostile
/// pull-request review, built here at a size that shows the product).
@Suite struct StringsBudgetTests {
    func read(_ path: String, _ text: String, _ budget: StringsBudget) throws(SourceError) -> [LocalizedString] {
        try StringsFile.read(path: path, bytes: Array(text.utf8), budget: budget)
    }

    /// The untranslated cap was per catalog: three catalogs of 60,000
    /// untranslated strings each gave 180,000. Now the run's 100,000.
    @Test func untranslatedStringsAreCappedAcrossFiles() throws {
        let budget = StringsBudget()
        let catalog = HostileInputs.untranslatedCatalog(languages: 20, empty: 3_000)
        var untranslated = 0
        var notes: [String] = []
        for i in 0..<3 {
            let strings = try read("C\(i).xcstrings", catalog, budget)
            untranslated += strings.filter(\.isUntranslated).count
            notes += strings.compactMap(\.capNote)
        }
        #expect(untranslated == StringsBudget.maximumUntranslated)
        #expect(budget.untranslatedCapped)
        // The note stands on the last string measured: in the second file.
        #expect(notes.count == 1 && notes.allSatisfy { $0.contains("measured in this run") })
    }

    /// Device × plural variations each had the 256 forms a substitution may
    /// make: 42 × 256 from one localization. They share the 256 now.
    @Test func variationsShareOneLocalizationsForms() throws {
        let strings = try read("V.xcstrings", HostileInputs.variationsCatalog(entries: 3), StringsBudget())
        #expect(strings.count == 3 * Substitutions.maximumForms)
        #expect(strings.allSatisfy { $0.capNote?.contains("more than 256 forms") == true })
    }

    /// A form cut to the longest string typefit measures says so, and only
    /// so: the localization's other forms are not called capped.
    @Test func aLongFormIsNotASubstitutionCap() throws {
        let long = String(repeating: "a", count: LocalizedString.maximumLength + 1)
        let json = """
            {"sourceLanguage":"en","strings":{"k":{"localizations":{"en":{"variations":{"plural":{\
            "one":{"stringUnit":{"state":"translated","value":"%#@n@ x"}},\
            "other":{"stringUnit":{"state":"translated","value":"%#@n@ \(long)"}}}},\
            "substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{\
            "one":{"stringUnit":{"state":"translated","value":"%arg"}},\
            "other":{"stringUnit":{"state":"translated","value":"%arg"}}}}}}}}}},"version":"1.0"}
            """
        let strings = try read("L.xcstrings", json, StringsBudget())
        #expect(strings.count == 4)
        #expect(strings.allSatisfy { $0.capNote != Substitutions.capNote })
        #expect(strings.filter { $0.capNote != nil }.count == 2)
    }

    /// A binary `.stringsdict` whose keys share one plural dictionary: each
    /// key made 256 forms (4,000 keys: a million strings, 116 MB of JSON).
    /// The run's budget stops it at the key that passes it.
    /// (A tenth of the run's limit, to keep the test quick; the command
    /// test in HostileRoundTwoTests meets the real one.)
    @Test func sharedPluralDictionariesStopAtTheRunsLimit() {
        let bytes = HostileInputs.sharedStringsdict(keys: 4_000)
        let budget = StringsBudget(maximumStrings: 20_000)
        do {
            let strings = try StringsFile.read(path: "Localizable.stringsdict", bytes: bytes, budget: budget)
            Issue.record("\(strings.count) strings were taken")
        } catch {
            #expect(error.message.hasPrefix("the strings files give more than 20000 strings to measure"))
        }
        #expect(budget.strings <= 20_000 && budget.strings > 20_000 - Substitutions.maximumForms)
    }

    /// Keys that share one rules dictionary are expanded once and given
    /// their own keys: the same forms as a file that writes each out.
    @Test func sharedRulesGiveEachKeyItsOwnForms() throws {
        let strings = try StringsFile.read(
            path: "de.lproj/Localizable.stringsdict", bytes: HostileInputs.sharedStringsdict(keys: 3))
        let byEntry = Dictionary(grouping: strings, by: \.entry)
        #expect(byEntry.keys.sorted() == ["key0", "key1", "key2"])
        let texts = byEntry.mapValues { $0.map(\.text) }
        #expect(texts["key0"] == texts["key1"] && texts["key1"] == texts["key2"])
        #expect(texts["key0"]?.count == Substitutions.maximumForms)
        for (entry, forms) in byEntry {
            #expect(forms.allSatisfy { $0.key.hasPrefix(entry + "|a.plural.") && $0.language == "de" })
            #expect(Set(forms.map(\.key)).count == forms.count)
        }
    }

    /// Every file of a run counts: lines of text files add up.
    @Test func stringsAddUpAcrossFiles() throws {
        let budget = StringsBudget()
        let lines = String(repeating: "word\n", count: 80_000)
        _ = try read("a.txt", lines, budget)
        _ = try read("b.txt", lines, budget)
        do {
            _ = try read("c.txt", lines, budget)
            Issue.record("240,000 lines were taken")
        } catch {
            #expect(error.position == SourcePosition(line: 40_001, column: 1))
        }
    }

    /// 20,000 languages took minutes (the walk was quadratic); past 1,000
    /// distinct languages a run stops, at the language that passes it.
    @Test func languagesAreBoundedPerRun() throws {
        let budget = StringsBudget()
        _ = try read("A.xcstrings", HostileInputs.untranslatedCatalog(languages: 600, empty: 1), budget)
        let more = HostileInputs.untranslatedCatalog(languages: 600, empty: 1) { "x-w\($0)" }
        do {
            _ = try read("B.xcstrings", more, budget)
            Issue.record("1,200 languages were taken")
        } catch {
            #expect(error.message == "the strings files name more than 1000 languages (typefit's limit per run)")
        }
        // The same languages again are no new ones.
        _ = try read("A2.xcstrings", HostileInputs.untranslatedCatalog(languages: 600, empty: 1), StringsBudget())
    }
}

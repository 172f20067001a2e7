import Testing

@testable import TypefitCore

/// The placeholder gate's verdicts on the cases that made it wrong: plural
/// forms numbered in their nested call, conversions made by the space flag,
/// variables compared by name, argument and type, sources judged alone,
/// plural categories against the language's rules. Expected values come
/// from CFString.c's rules (cited per test), the toolchain's
/// `String(format:)` (FormatSpecifiersTests), Apple's stringsdict
/// documentation and CLDR's plural rules.
@Suite struct FoundationPlaceholderTests {
    /// A `.stringsdict` of one key in `language`.
    static func stringsdict(
        _ language: String, key: String, format: String, variables: [String: (String, [String: String])]
    )
        -> String
    {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>\(key)</key><dict>
            <key>NSStringLocalizedFormatKey</key><string>\(format)</string>

            """
        for (name, (type, forms)) in variables.sorted(by: { $0.key < $1.key }) {
            xml += "<key>\(name)</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>"
            xml += "<key>NSStringFormatValueTypeKey</key><string>\(type)</string>"
            for category in ["zero", "one", "two", "few", "many", "other"] {
                if let text = forms[category] { xml += "<key>\(category)</key><string>\(text)</string>" }
            }
            xml += "</dict>\n"
        }
        return xml + "</dict></dict></plist>\n"
    }

    static func file(_ language: String, _ xml: String) throws -> PlaceholderCheck.File {
        let path = "\(language).lproj/Localizable.stringsdict"
        return PlaceholderCheck.File(path: path, strings: try StringsFile.read(path: path, bytes: Array(xml.utf8)))
    }

    static func report(_ files: [PlaceholderCheck.File], categories: [String: [String: Int]] = [:])
        -> PlaceholderCheck.Report
    {
        PlaceholderCheck.report(
            files, sourceLanguage: "en", categories: categories.isEmpty ? nil : { categories[$0] })
    }

    static func codes(_ report: PlaceholderCheck.Report) -> [String] {
        report.problems.flatMap { problem in
            problem.differences.map { "\(problem.language)\(problem.isSource ? " source" : ""): \($0.code)" }
        }
    }

    /// `%#@n@ in %@`: the variable is argument 1 and `%@` argument 2 in
    /// every language (CFString.c L6701–6705: `%#@…@` is one object spec;
    /// L7383–7392: the counter moves past it), so a German `one` form
    /// without the number ("Eine Person", as Apple's stringsdict
    /// documentation's "No file is") is right.
    @Test func aFormMayLeaveItsNumberOut() throws {
        let source = Self.stringsdict(
            "en", key: "people", format: "%#@n@ in %@",
            variables: ["n": ("d", ["one": "One person", "other": "%d people"])])
        let german = Self.stringsdict(
            "de", key: "people", format: "%#@n@ in %@",
            variables: ["n": ("d", ["one": "Eine Person", "other": "%d Personen"])])
        let arabic = Self.stringsdict(
            "ar", key: "people", format: "%#@n@ في %@",
            variables: ["n": ("d", ["zero": "لا أحد", "one": "شخص", "two": "شخصان", "other": "%d شخص"])])
        let report = Self.report([
            try Self.file("en", source), try Self.file("de", german), try Self.file("ar", arabic),
        ])
        #expect(report.problems.isEmpty, "\(report.problems)")
    }

    /// A real app's forms mix `%1$@` with a bare `%ld` under `%2$#@count@`:
    /// the form's unnumbered `%ld` starts at the variable's own argument
    /// (CFString.c L7358, `argNum = initialArgPosition`, kept "only for
    /// recursive calls when doing stringsDict formatting", L7146–7151), so
    /// it is argument 2, the count, as the variable's type says.
    @Test func aFormsUnnumberedSpecsStartAtItsVariable() throws {
        let format = "%1$@ %2$#@count@"
        let forms = ["one": "%1$@ has %ld follower", "other": "%1$@ has %ld followers"]
        let files = try ["en", "de", "Base"].map { language in
            try Self.file(
                language, Self.stringsdict(language, key: "f", format: format, variables: ["count": ("ld", forms)]))
        }
        #expect(Self.report(files).problems.isEmpty)
        // Read as a string of its own, `%ld` would be argument 1, an
        // integer where `%1$@` reads an object: a source problem.
        let own = PlaceholderCheck.differences(
            source: ["%1$@ has %ld follower"], translation: ["%1$@ has %ld follower"])
        #expect(own.map(\.code) == ["two-kinds"])
    }

    /// The space flag makes `% la` and `% d` conversions (CFString.c L6593;
    /// Foundation prints `50 0x0p+0 première année%` and `7 9e réduction`):
    /// in a formatted source's translation they are arguments the source
    /// never passes, and the message says why.
    @Test func spaceFlagConversionsInTranslations() {
        let french = PlaceholderCheck.differences(
            source: ["Save 50%% off the first year"], translation: ["50\u{a0}% la première année%%"])
        #expect(french.map(\.code) == ["extra"])
        guard case .extra(let stray)? = french.first else { return }
        #expect(stray.written == "% la" && stray.bySpaceFlag)
        let reduction = PlaceholderCheck.differences(source: ["%lld%% off"], translation: ["%lld % de réduction"])
        #expect(reduction.map(\.code) == ["extra"])
        #expect(reduction.first?.number == 2)
        // `%n` reads an argument; `%0$@` is no placeholder (Foundation
        // prints `0@`); `% 9d` is one.
        #expect(PlaceholderCheck.differences(source: ["%@"], translation: ["%@%n"]).map(\.code) == ["extra"])
        #expect(
            PlaceholderCheck.differences(source: ["%@ done"], translation: ["%0$@ fait"]).map(\.code) == [
                "missing", "not-a-conversion",
            ])
        #expect(PlaceholderCheck.differences(source: ["%d"], translation: ["% 9d"]).isEmpty)
        // A string that is no format (no conversion but by the space flag,
        // no `%%`) may be shown as written: "50% off" is text then.
        #expect(PlaceholderCheck.differences(source: ["50% off"], translation: ["50 % de réduction"]).isEmpty)
    }

    /// Variables compared: a name translated in the format but not in the
    /// definition (then Foundation formats the number as an object), a
    /// plural moved to another argument. A name translated in both works:
    /// each language's variables are its own.
    @Test func variablesAreCompared() throws {
        let source = Self.stringsdict(
            "en", key: "r", format: "%1$@ %2$@ %3$#@has_rating@",
            variables: ["has_rating": ("d", ["one": "%3$d rating", "other": "%3$d ratings"])])
        let renamedBoth = Self.stringsdict(
            "de", key: "r", format: "%1$@ %2$@ %3$#@hat_bewertung@",
            variables: ["hat_bewertung": ("d", ["one": "%3$d Bewertung", "other": "%3$d Bewertungen"])])
        let renamedFormat = Self.stringsdict(
            "fr", key: "r", format: "%1$@ %2$@ %3$#@avis@",
            variables: ["has_rating": ("d", ["one": "%3$d avis", "other": "%3$d avis"])])
        let moved = Self.stringsdict(
            "es", key: "r", format: "%1$@ %3$@ %2$#@has_rating@",
            variables: ["has_rating": ("d", ["one": "%2$d reseña", "other": "%2$d reseñas"])])
        let report = Self.report([
            try Self.file("en", source), try Self.file("de", renamedBoth), try Self.file("fr", renamedFormat),
            try Self.file("es", moved),
        ])
        let codes = Self.codes(report)
        #expect(!codes.contains { $0.hasPrefix("de") })
        #expect(codes.contains("fr: variable-undefined"))
        #expect(codes.contains("es: variable-moved"))
        // The moved plural also reads argument 2 as an integer where the
        // source passes an object.
        #expect(codes.contains("es: changed"))
        let fr = try #require(report.problems.first { $0.language == "fr" })
        #expect(fr.differences.contains(.undefinedVariable(name: "avis", written: "%3$#@avis@")))
    }

    /// A variable named twice in another's forms is used at two arguments
    /// (each place its own, in the nested call): a translation identical
    /// to its source has no moved variable.
    @Test func aVariableUsedAtSeveralArgumentsIsNotMoved() throws {
        let text = Self.stringsdict(
            "en", key: "k", format: "%#@a@",
            variables: ["a": ("d", ["one": "%#@b@ and %#@b@", "other": "%d"]), "b": ("d", ["other": "%d"])])
        let report = Self.report([try Self.file("en", text), try Self.file("de", text)])
        #expect(report.problems.isEmpty, "\(report.problems)")
    }

    /// A catalog substitution renamed by a translator (`%#@n@` → `%#@tage@`),
    /// in the definition too (works) and not (does not).
    @Test func catalogSubstitutionsAreCompared() throws {
        let json = """
            {"sourceLanguage":"en","version":"1.0","strings":{"days":{"localizations":{
            "en":{"stringUnit":{"state":"translated","value":"%#@n@ left"},
              "substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
                "one":{"stringUnit":{"state":"translated","value":"%arg day"}},
                "other":{"stringUnit":{"state":"translated","value":"%arg days"}}}}}}},
            "de":{"stringUnit":{"state":"translated","value":"noch %#@tage@"},
              "substitutions":{"tage":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
                "one":{"stringUnit":{"state":"translated","value":"%arg Tag"}},
                "other":{"stringUnit":{"state":"translated","value":"%arg Tage"}}}}}}},
            "fr":{"stringUnit":{"state":"translated","value":"%#@jours@ restants"},
              "substitutions":{"n":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{
                "one":{"stringUnit":{"state":"translated","value":"%arg jour"}},
                "other":{"stringUnit":{"state":"translated","value":"%arg jours"}}}}}}}
            }}}}
            """
        let strings = try StringsFile.read(path: "App.xcstrings", bytes: Array(json.utf8))
        let report = Self.report([PlaceholderCheck.File(path: "App.xcstrings", strings: strings)])
        // German renamed the variable in its format and its definition
        // (it works); French in the format only.
        #expect(Self.codes(report) == ["fr: variable-undefined"])
    }

    /// Sources judged alone (each CFString.c rule cited in REFERENCE): one
    /// argument read as two kinds (L7394: the slot takes the last spec's
    /// type), a skipped position (L7409–7452: only named slots are pulled,
    /// so later ones shift), an undefined variable, a nested undefined
    /// one, a `%` before a space that is no conversion (L7321: Foundation
    /// prints the space and drops the `(`). Their translations are not
    /// blamed.
    @Test func sourcesAreJudgedAlone() throws {
        func own(_ text: String) -> [String] {
            PlaceholderCheck.differences(source: [text], translation: [text]).map(\.code)
        }
        #expect(own("%1$lld or %1$@") == ["two-kinds"])
        #expect(own("%2$@, %3$@") == ["skipped"])
        #expect(own("%#@xyz@") == ["variable-undefined"])
        #expect(own("%@% (%@ minimum)") == ["not-a-conversion"])
        #expect(own("Save 50% off %@") == ["space-flag"])
        #expect(own("100% of %lld") == ["space-flag"])
        #expect(own("%lld%%") == [])
        let nested = Self.stringsdict(
            "en", key: "k", format: "%#@a@", variables: ["a": ("d", ["one": "%#@b@", "other": "%d"])])
        let translation = Self.stringsdict(
            "de", key: "k", format: "%#@a@", variables: ["a": ("d", ["one": "%@ eins", "other": "%d"])])
        let report = Self.report([try Self.file("en", nested), try Self.file("de", translation)])
        #expect(Self.codes(report) == ["en source: variable-undefined"])
        #expect(report.problems.first?.isSource == true)
    }

    /// A plural without a category the language's rules give integers
    /// (CLDR: Polish one 1, few 2–4 and 22–24…, many 0 and 5–21…) is
    /// reported; an extra `zero` is fine.
    @Test func pluralCategoriesAreCoveredAsCLDRSays() throws {
        let rules: [String: [String: Int]] = ["en": ["one": 1, "other": 0], "pl": ["one": 1, "few": 2, "many": 0]]
        let source = Self.stringsdict(
            "en", key: "files", format: "%#@n@",
            variables: ["n": ("d", ["zero": "No files", "one": "%d file", "other": "%d files"])])
        let polish = Self.stringsdict(
            "pl", key: "files", format: "%#@n@",
            variables: ["n": ("d", ["one": "%d plik", "many": "%d plików", "other": "%d pliku"])])
        let report = Self.report([try Self.file("en", source), try Self.file("pl", polish)], categories: rules)
        #expect(report.problems.isEmpty)
        #expect(
            report.coverage == [
                PlaceholderCheck.Coverage(
                    file: "pl.lproj/Localizable.stringsdict", key: "files", language: "pl", variable: "n",
                    missing: ["few"], numbers: [2], position: SourcePosition(line: 4, column: 163))
            ])
    }

    /// Two cases from a real catalog (IceCubesApp) that are right on the
    /// device: a key written as a format is what the code passes, so a
    /// translation may read the count the English value leaves out; and
    /// `argNum` says which argument a substitution is, whatever order the
    /// translation writes its variables in.
    @Test func aCatalogsKeyAndArgNumSayWhatTheCallPasses() throws {
        let json = """
            {"sourceLanguage":"en","version":"1.0","strings":{
            "favorite %lld":{"localizations":{
              "en":{"stringUnit":{"state":"translated","value":"starred"}},
              "de":{"stringUnit":{"state":"translated","value":"%#@count@"},
                "substitutions":{"count":{"formatSpecifier":"lld","variations":{"plural":{
                  "one":{"stringUnit":{"state":"translated","value":"hat favorisiert"}},
                  "other":{"stringUnit":{"state":"translated","value":"haben favorisiert"}}}}}}},
              "fr":{"stringUnit":{"state":"translated","value":"%@ aime"}}}},
            "posts %lld %lld":{"localizations":{
              "en":{"stringUnit":{"state":"translated","value":"%#@p@ posts from %#@q@"},
                "substitutions":{
                  "p":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg"}}}}},
                  "q":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%arg people"}}}}}}},
              "eu":{"stringUnit":{"state":"translated","value":"%#@q@ %#@p@"},
                "substitutions":{
                  "p":{"argNum":1,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%lld bidalketa"}}}}},
                  "q":{"argNum":2,"formatSpecifier":"lld","variations":{"plural":{"other":{"stringUnit":{"state":"translated","value":"%lld partaidek"}}}}}}}}}
            }}
            """
        let strings = try StringsFile.read(path: "App.xcstrings", bytes: Array(json.utf8))
        let report = Self.report([PlaceholderCheck.File(path: "App.xcstrings", strings: strings)])
        // Only French is wrong: it reads the count as an object.
        #expect(Self.codes(report) == ["fr: changed"])
    }

    /// A pull request's string of a million stray `%` is one problem that
    /// quotes its first 300 characters and lists at most 20 differences.
    @Test func hostileFormatsStayBounded() {
        let text = "%d " + String(repeating: "%'", count: 1_000_000)
        let files = ["en", "de"].map { (language: String) in
            PlaceholderCheck.File(
                path: "\(language).lproj/Localizable.strings",
                strings: [LocalizedString(key: "a", language: language, text: text)])
        }
        let report = PlaceholderCheck.report(files, sourceLanguage: "en")
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.source.unicodeScalars.count == PlaceholderCheck.maximumShown + 1)
        #expect((report.problems.first?.differences.count ?? 0) <= FormatAnalysis.maximumDifferences)
    }
}

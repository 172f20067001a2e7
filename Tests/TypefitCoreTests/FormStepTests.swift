import Testing

@testable import TypefitCore

/// A form's place in its entry is typed steps, and its key is written from
/// them: nothing reads a key back, so a key that itself holds `|plural.one`
/// (a String Catalog key is any text) is not taken for a variation.
@Suite struct FormStepTests {
    static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "Files|plural.other": {"localizations": {
            "en": {"variations": {"device": {"iphone": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld file"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld files"}}}}}}}},
            "de": {"variations": {"device": {"iphone": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld Datei"}},
              "other": {"stringUnit": {"state": "translated", "value": "Dateien"}}}}}}}}}},
          "Left|n.plural.other": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "%#@n@ left"},
              "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg item"}},
                "other": {"stringUnit": {"state": "translated", "value": "%arg items"}}}}}}},
            "de": {"stringUnit": {"state": "translated", "value": "Noch %#@n@"},
              "substitutions": {"n": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%arg Element"}},
                "other": {"stringUnit": {"state": "translated", "value": "viele"}}}}}}}}}}}
        """

    func strings() throws -> [LocalizedString] {
        try StringCatalogFormat().read(
            path: "Localizable.xcstrings", bytes: Array(Self.catalog.utf8), language: nil, budget: StringsBudget())
    }

    @Test func aKeyIsWrittenFromItsSteps() throws {
        let forms = try strings()
        let german = try #require(forms.first { $0.language == "de" && $0.text == "Dateien" })
        #expect(german.entry == "Files|plural.other")
        #expect(german.form == [FormStep(.device, "iphone"), FormStep(.plural, "other")])
        #expect(german.key == "Files|plural.other|device.iphone.plural.other")
        let item = try #require(forms.first { $0.text.hasSuffix(" item left") })
        // The step knows the placeholder its number fills.
        #expect(item.form == [FormStep(variable: "n", .plural, "one", count: "%1$lld")])
        #expect(item.pluralForms == [PluralForm(placeholder: "%1$lld", category: "one")])
        #expect(german.pluralForms == [PluralForm(placeholder: nil, category: "other")])
        #expect(item.key == "Left|n.plural.other|n.plural.one")
        #expect(FormStep(variable: "n", label: "plural.few") == FormStep(variable: "n", .plural, "few"))
        #expect(FormStep(variable: "n", label: "plural.few").pluralCategory(of: nil) == nil)
    }

    /// The German `other` leaves out the count: the problem shows that
    /// form, though the entry's own key names `n.plural.other` and the
    /// first form is `one`.
    @Test func theFormShownIsTheFormFound() throws {
        let report = PlaceholderCheck.report(
            [PlaceholderCheck.File(path: "Localizable.xcstrings", strings: try strings())], sourceLanguage: "en",
            pluralNumbers: { _ in ["one": [1], "other": [0, 2, 3]] })
        let problem = try #require(report.problems.first { $0.language == "de" })
        #expect(problem.translation == "Noch viele", "\(problem)")
        #expect(problem.source == "%1$lld items left", "\(problem)")
    }
}

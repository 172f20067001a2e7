import Testing

@testable import TypefitCore

/// A catalog from a pull request with an entry in hundreds of made-up
/// languages and hundreds of entries in none would make their product of
/// untranslated strings: capped, and said.
@Suite struct UntranslatedCapTests {
    @Test func untranslatedStringsAreCapped() throws {
        let languages = (0..<400).map { "x-v\($0)" }
        var json = #"{"sourceLanguage": "en", "strings": {"first": {"localizations": {"#
        json += languages.map { #""\#($0)": {"stringUnit": {"state": "translated", "value": "v"}}"# }
            .joined(separator: ", ")
        json += "}}"
        for i in 0..<300 { json += #", "k\#(i)": {}"# }
        json += "}}"
        let strings = try StringsFile.read(path: "Hostile.xcstrings", bytes: Array(json.utf8))
        let untranslated = strings.filter(\.isUntranslated)
        // 400 languages x 300 entries would be 120,000.
        #expect(untranslated.count == StringsBudget.maximumUntranslated)
        #expect(untranslated.last?.capNote?.contains("untranslated entries are not") == true)
        #expect(strings.count - untranslated.count == 1 + 300 + 400)
    }
}

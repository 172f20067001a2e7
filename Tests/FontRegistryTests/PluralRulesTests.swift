import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// The number each plural form is measured with: ICU's categories through
/// typefit's loader and `PluralSamples`, against ICU's own read through
/// PyICU (Fixtures/plurals/samples.tsv, make-plural-oracle.py).
@Suite struct PluralRulesTests {
    static let oracle: [String: [String: Int]] = {
        let url = Fixtures.root.appendingPathComponent("plurals/samples.tsv")
        var table: [String: [String: Int]] = [:]
        for line in ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n")
        where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let number = Int(fields[2]) else { continue }
            table[String(fields[0]), default: [:]][String(fields[1])] = number
        }
        return table
    }()

    @Test func samplesAreICUsCategories() throws {
        #expect(Self.oracle.count == 10)
        for (language, expected) in Self.oracle {
            let categories = try #require(PluralRules.categories(of: PluralSamples.candidates, language: language))
            #expect(PluralSamples.numbers(categories: categories) == expected, "\(language)")
        }
    }

    @Test func numbersAreWrittenAsTheDefaults() {
        #expect(PluralSamples.formatted(1) == "1")
        #expect(PluralSamples.formatted(1_000_101) == "1,000,101")
        #expect(PluralSamples.formatted(100) == "100")
        #expect(PluralSamples.formatted(1000) == "1,000")
    }
}

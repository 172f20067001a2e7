import Foundation
import Testing
import TypefitTestSupport

@testable import FontRegistry
@testable import TypefitCore

/// Minikin's choice of a family per character (AOSP `FontCollection.cpp`):
/// coverage, then the paragraph's locales (maximized by ICU's likely
/// subtags as `LocaleListCache` does), then the order. Oracles: AOSP's
/// `FontCollectionItemizeTest.itemize_LocaleScore` (60 cases) and
/// `itemize_LocaleAndCoverage` without variation selectors (134 cases),
/// in `Fixtures/android/minikin/locale-score.tsv` and `locale-coverage.tsv`.
@Suite struct MinikinFontSelectionTests {
    static func rows(_ name: String) throws -> [[String]] {
        try String(contentsOfFile: Fixtures.path("android/minikin/\(name)"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    static func locales(_ list: String) -> [MinikinFontSelection.Locale] {
        MinikinFontSelection.locales(list, maximize: LikelySubtags.maximize)
    }

    @Test func likelySubtagsAsMinikinAsksThem() {
        #expect(LikelySubtags.maximize("ja") == "ja-Jpan-JP")
        // ICU canonicalizes it to "_Arab", which Minikin keeps undetermined.
        #expect(LikelySubtags.maximize("und-Arab") == "und-Arab")
        #expect(LikelySubtags.maximize("ar") == "ar-Arab-EG")
        #expect(LikelySubtags.maximize("zh-Hant") == "zh-Hant-TW")
        #expect(LikelySubtags.maximize("") == "und")
        #expect(LikelySubtags.maximize("und-Latn") == "und-Latn")
        // Refused before ICU copies it into a fixed buffer.
        #expect(LikelySubtags.maximize(String(repeating: "a-", count: 200)) == nil)
        #expect(LikelySubtags.maximize("ja\u{0}x") == nil)
    }

    @Test func aospLocaleScoreCases() throws {
        let rows = try Self.rows("locale-score.tsv")
        #expect(rows.count == 60)
        for row in rows {
            let requested = Self.locales(row[0])
            // A first family without the character, then one per list.
            let families =
                [(locales: Self.locales("und"), variant: String?.none, covers: false)]
                + row[1].split(separator: "|", omittingEmptySubsequences: false).map {
                    (locales: Self.locales(String($0)), variant: String?.none, covers: true)
                }
            let chosen = MinikinFontSelection.family(among: families, requested: requested)
            #expect(chosen.map { $0 - 1 } == Int(row[2]), "\(row[0]) among \(row[1])")
        }
    }

    @Test func aospLocaleAndCoverageCases() throws {
        let rows = try Self.rows("locale-coverage.tsv")
        var families: [(name: String, locales: [MinikinFontSelection.Locale], covers: Set<String>)] = []
        var cases = 0
        for row in rows {
            if row[0] == "family" {
                let locales = row[2].hasPrefix("(") ? [] : Self.locales(row[2])
                let covers = Set(row.count > 3 ? row[3].split(separator: " ").map(String.init) : [])
                families.append((row[1], locales, covers))
                continue
            }
            cases += 1
            let character = row[1]
            let candidates = families.map {
                (locales: $0.locales, variant: String?.none, covers: $0.covers.contains(character))
            }
            let chosen = MinikinFontSelection.family(
                among: candidates, requested: Self.locales(row[2]), firstIsPrimary: true)
            #expect(chosen.map { families[$0].name } == row[3], "\(character) for '\(row[2])'")
        }
        #expect(families.count == 8 && cases == 134)
    }

    /// Elegant and compact: a family with none always matches; asked for
    /// none, compact matches (Minikin prefers the compact UI fonts then).
    @Test func variants() {
        let arabic = Self.locales("und-Arab")
        let families = [
            (locales: arabic, variant: String?("elegant"), covers: true),
            (locales: arabic, variant: String?("compact"), covers: true),
        ]
        let ar = Self.locales("ar")
        #expect(MinikinFontSelection.family(among: families, requested: ar, variant: "elegant") == 0)
        #expect(MinikinFontSelection.family(among: families, requested: ar, variant: "compact") == 1)
        #expect(MinikinFontSelection.family(among: families, requested: ar) == 1)
    }
}

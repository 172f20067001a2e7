import Testing

@testable import TypefitCore

@Suite struct NameParsingTests {
    /// Every spelling of the reference (§2.1): UIKit, SwiftUI DynamicTypeSize,
    /// SwiftUI ContentSizeCategory, raw value, HIG label, short forms.
    @Test(arguments: [
        ("extraSmall", ContentSizeCategory.extraSmall), ("xSmall", .extraSmall),
        ("UICTContentSizeCategoryXS", .extraSmall),
        ("xs", .extraSmall), ("small", .small), ("UICTContentSizeCategoryS", .small), ("medium", .medium),
        ("large", .large), ("L", .large), ("UICTContentSizeCategoryL", .large), ("extraLarge", .extraLarge),
        ("xLarge", .extraLarge), ("xl", .extraLarge), ("extraExtraLarge", .extraExtraLarge),
        ("xxLarge", .extraExtraLarge),
        ("xxl", .extraExtraLarge), ("extraExtraExtraLarge", .extraExtraExtraLarge), ("xxxLarge", .extraExtraExtraLarge),
        ("UICTContentSizeCategoryXXXL", .extraExtraExtraLarge),
        ("accessibilityMedium", .accessibilityMedium), ("accessibility1", .accessibilityMedium),
        ("AX1", .accessibilityMedium),
        ("UICTContentSizeCategoryAccessibilityM", .accessibilityMedium),
        ("accessibilityLarge", .accessibilityLarge), ("accessibility2", .accessibilityLarge),
        ("AX2", .accessibilityLarge),
        ("ax2", .accessibilityLarge), ("UICTContentSizeCategoryAccessibilityL", .accessibilityLarge),
        ("accessibilityExtraLarge", .accessibilityExtraLarge), ("accessibility3", .accessibilityExtraLarge),
        ("accessibilityExtraExtraLarge", .accessibilityExtraExtraLarge), ("AX4", .accessibilityExtraExtraLarge),
        ("accessibilityExtraExtraExtraLarge", .accessibilityExtraExtraExtraLarge),
        ("accessibility5", .accessibilityExtraExtraExtraLarge),
        ("UICTContentSizeCategoryAccessibilityXXXL", .accessibilityExtraExtraExtraLarge),
        ("ACCESSIBILITYLARGE", .accessibilityLarge),
    ])
    func categorySpellings(input: String, expected: ContentSizeCategory) throws {
        #expect(try ContentSizeCategory(parsing: input) == expected)
    }

    @Test(arguments: [
        ("largeTitle", TextStyle.largeTitle), ("Large Title", .largeTitle), ("UICTFontTextStyleTitle0", .largeTitle),
        ("title1", .title1), ("title", .title1), ("Title 1", .title1), ("UICTFontTextStyleTitle1", .title1),
        ("title2", .title2), ("title3", .title3), ("headline", .headline), ("UICTFontTextStyleHeadline", .headline),
        ("subheadline", .subheadline), ("Subhead", .subheadline), ("UICTFontTextStyleSubhead", .subheadline),
        ("body", .body), ("BODY", .body), ("UICTFontTextStyleBody", .body), ("callout", .callout),
        ("footnote", .footnote), ("caption1", .caption1), ("caption", .caption1), ("Caption 1", .caption1),
        ("caption2", .caption2), ("UICTFontTextStyleCaption2", .caption2),
    ])
    func styleSpellings(input: String, expected: TextStyle) throws {
        #expect(try TextStyle(parsing: input) == expected)
    }

    @Test func accessibilityCategories() {
        let accessible = ContentSizeCategory.allCases.filter(\.isAccessibilityCategory)
        #expect(accessible.map(\.higLabel) == ["AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(ContentSizeCategory.default == .large)
    }

    @Test func nearMissesGetSuggestions() {
        #expect(throws: NameError.self) { try ContentSizeCategory(parsing: "accesibilityLarge") }
        do {
            _ = try ContentSizeCategory(parsing: "accesibilityLarge")
        } catch {
            #expect(error.suggestions.first == "accessibilityLarge")
            #expect(error.message.contains("did you mean 'accessibilityLarge'"))
        }
        do {
            _ = try TextStyle(parsing: "headlin")
        } catch {
            #expect(error.suggestions.first == "headline")
        }
    }

    @Test func unrelatedInputGetsNoSuggestion() {
        do {
            _ = try TextStyle(parsing: "zzzzzzzz")
            Issue.record("parsed nonsense")
        } catch {
            #expect(error.suggestions.isEmpty)
        }
    }

    @Test func extraLargeTitleIsKnownButHasNoTable() {
        do {
            _ = try TextStyle(parsing: "extraLargeTitle")
            Issue.record("extraLargeTitle has no per-category table")
        } catch {
            #expect(error.message.contains("no per-category sizes"))
        }
    }
}

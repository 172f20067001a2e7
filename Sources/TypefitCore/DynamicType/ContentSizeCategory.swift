/// A Dynamic Type content size category, named as UIKit's
/// `UIContentSizeCategory` names it (the raw value is the UIKit case name).
///
/// `.large` is the default. The five accessibility categories follow
/// `.extraExtraExtraLarge`; note that AX1 is `.accessibilityMedium`.
public enum ContentSizeCategory: String, Spellable, Sendable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// The position in Apple's tables (smallest first).
    public var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Orders categories from smallest to largest text.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }

    /// The default category on iOS.
    public static let `default` = ContentSizeCategory.large

    /// UIKit's `isAccessibilityCategory`.
    public var isAccessibilityCategory: Bool { ordinal >= ContentSizeCategory.accessibilityMedium.ordinal }

    /// SwiftUI's `DynamicTypeSize` case.
    public var dynamicTypeSizeName: String {
        [
            "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
            "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5",
        ][ordinal]
    }

    /// The short label of Apple's Human Interface Guidelines (`xSmall` … `AX5`).
    public var higLabel: String {
        [
            "xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge",
            "AX1", "AX2", "AX3", "AX4", "AX5",
        ][ordinal]
    }

    /// The string value of the `UIContentSizeCategory` constant.
    public var constantValue: String {
        "UICTContentSizeCategory"
            + [
                "XS", "S", "M", "L", "XL", "XXL", "XXXL",
                "AccessibilityM", "AccessibilityL", "AccessibilityXL",
                "AccessibilityXXL", "AccessibilityXXXL",
            ][ordinal]
    }

    /// Short forms people type in scripts.
    var shortForms: [String] {
        [
            ["xs"], ["s", "sm"], ["m", "md"], ["l", "lg"], ["xl"], ["xxl"], ["xxxl"],
            ["ax1", "axm"], ["ax2", "axl"], ["ax3", "axxl"], ["ax4", "axxxl"], ["ax5", "axxxxl"],
        ][ordinal]
    }

    /// Every spelling typefit accepts for this category, before folding.
    public var spellings: [String] {
        [rawValue, dynamicTypeSizeName, higLabel, constantValue] + shortForms
    }

    /// The UIKit and SwiftUI names, for suggestions.
    public var suggestionSpellings: [String] { [rawValue, dynamicTypeSizeName] }

    private static let lookup = NameMatching.lookupTable(ContentSizeCategory.self)

    /// Parses any accepted spelling, case-insensitively.
    public init(parsing spelling: String) throws(NameError) {
        let key = NameMatching.key(spelling)
        if let category = Self.lookup[key] {
            self = category
            return
        }
        if key == "unspecified" || key == "uictcontentsizecategoryunspecified" {
            throw NameError(
                kind: "content size category", input: spelling, suggestions: [],
                note: "UIKit's .unspecified has no sizes; pick a category such as 'large'")
        }
        var error = NameMatching.unknown(spelling, kind: "content size category", table: Self.lookup)
        if let note = error.note {
            error.note = note + " (short: " + Self.allCases.map(\.higLabel).joined(separator: ", ") + ")"
        }
        throw error
    }
}

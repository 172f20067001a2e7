/// A Dynamic Type text style, named as UIKit's `UIFont.TextStyle` names it.
///
/// The raw value is the UIKit case name, which is what typefit prints.
public enum TextStyle: String, Spellable, Sendable, Comparable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The position in Apple's tables (largest style first).
    public var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Orders styles as Apple's tables do, largest first.
    public static func < (lhs: TextStyle, rhs: TextStyle) -> Bool { lhs.ordinal < rhs.ordinal }

    /// SwiftUI's `Font.TextStyle` case.
    public var swiftUIName: String {
        switch self {
        case .title1: return "title"
        case .caption1: return "caption"
        default: return rawValue
        }
    }

    /// The string value of UIKit's `UIFontTextStyle…` constant.
    public var constantValue: String {
        switch self {
        case .largeTitle: return "UICTFontTextStyleTitle0"
        case .title1: return "UICTFontTextStyleTitle1"
        case .title2: return "UICTFontTextStyleTitle2"
        case .title3: return "UICTFontTextStyleTitle3"
        case .headline: return "UICTFontTextStyleHeadline"
        case .body: return "UICTFontTextStyleBody"
        case .callout: return "UICTFontTextStyleCallout"
        case .subheadline: return "UICTFontTextStyleSubhead"
        case .footnote: return "UICTFontTextStyleFootnote"
        case .caption1: return "UICTFontTextStyleCaption1"
        case .caption2: return "UICTFontTextStyleCaption2"
        }
    }

    /// The name Apple's Human Interface Guidelines print.
    public var higLabel: String {
        switch self {
        case .largeTitle: return "Large Title"
        case .title1: return "Title 1"
        case .title2: return "Title 2"
        case .title3: return "Title 3"
        case .headline: return "Headline"
        case .body: return "Body"
        case .callout: return "Callout"
        case .subheadline: return "Subhead"
        case .footnote: return "Footnote"
        case .caption1: return "Caption 1"
        case .caption2: return "Caption 2"
        }
    }

    /// Every spelling typefit accepts for this style, before folding.
    public var spellings: [String] {
        var names = [rawValue, swiftUIName, constantValue, higLabel]
        switch self {
        case .largeTitle: names += ["title0", "UIFontTextStyleLargeTitle"]
        case .subheadline: names += ["subhead", "UIFontTextStyleSubheadline"]
        default: names.append("UIFontTextStyle" + rawValue.prefix(1).uppercased() + rawValue.dropFirst())
        }
        return names
    }

    /// Styles Apple names but publishes no per-category table for.
    static let knownWithoutTable: Set<String> = [
        "extralargetitle", "extralargetitle2",
        "uictfonttextstyleextralargetitle",
        "uictfonttextstyleextralargetitle2",
    ]

    /// The UIKit and SwiftUI names, for suggestions.
    public var suggestionSpellings: [String] { [rawValue, swiftUIName] }

    private static let lookup = NameMatching.lookupTable(TextStyle.self)

    /// Parses any accepted spelling, case-insensitively.
    public init(parsing spelling: String) throws(NameError) {
        let key = NameMatching.key(spelling)
        if let style = Self.lookup[key] {
            self = style
            return
        }
        if Self.knownWithoutTable.contains(key) {
            throw NameError(
                kind: "text style", input: spelling, suggestions: [],
                note: "Apple publishes no per-category sizes for '\(spelling)' (known only at Large)")
        }
        throw NameMatching.unknown(spelling, kind: "text style", table: Self.lookup)
    }
}

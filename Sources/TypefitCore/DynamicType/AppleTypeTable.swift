/// Apple's published Dynamic Type table for one platform: point size, leading
/// (line height, baseline to baseline) and weight of each text style at each
/// content size category.
public struct AppleTypeTable: Sendable {
    /// Where the numbers come from, printed with table output.
    public let source: String
    let sizes: [[Int]]
    let leadings: [[Int]]
    let weights: [FontWeight]
    let emphasizedWeights: [FontWeight]

    /// The point size of `style` at `category`.
    public func pointSize(_ style: TextStyle, _ category: ContentSizeCategory) -> Int {
        sizes[style.ordinal][category.ordinal]
    }

    /// The leading (line height) of `style` at `category`, in points.
    public func lineHeight(_ style: TextStyle, _ category: ContentSizeCategory) -> Int {
        leadings[style.ordinal][category.ordinal]
    }

    /// The weight `preferredFont(forTextStyle:)` uses for `style`.
    public func weight(_ style: TextStyle) -> FontWeight { weights[style.ordinal] }

    /// The weight of `style` when emphasized (`.bold()`, `traitBold`).
    public func emphasizedWeight(_ style: TextStyle) -> FontWeight { emphasizedWeights[style.ordinal] }
}

extension AppleTypeTable {
    /// iOS and iPadOS, from Apple's Human Interface Guidelines, Typography →
    /// Specifications (June 2023 and December 2025 revisions agree on every
    /// cell). Rows follow `TextStyle`, columns `ContentSizeCategory`.
    public static let iOS = AppleTypeTable(
        source: "Apple Human Interface Guidelines, Typography: Specifications (iOS, iPadOS)",
        sizes: [
            [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // largeTitle
            [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // title1
            [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // title2
            [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // title3
            [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // headline
            [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // body
            [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // callout
            [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // subheadline
            [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // footnote
            [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // caption1
            [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],  // caption2
        ],
        leadings: [
            [38, 39, 40, 41, 43, 46, 48, 52, 57, 61, 66, 70],  // largeTitle
            [31, 32, 33, 34, 37, 39, 41, 46, 51, 57, 62, 68],  // title1
            [24, 25, 26, 28, 30, 32, 34, 41, 47, 52, 59, 66],  // title2
            [22, 23, 24, 25, 28, 30, 32, 38, 44, 51, 58, 65],  // title3
            [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],  // headline
            [19, 20, 21, 22, 24, 26, 29, 34, 40, 48, 56, 62],  // body
            [18, 19, 20, 21, 23, 25, 28, 32, 39, 46, 52, 60],  // callout
            // Apple prints 28 at xxxLarge for both subheadline and callout.
            [16, 18, 19, 20, 22, 24, 28, 31, 37, 43, 50, 58],  // subheadline
            [16, 16, 16, 18, 20, 22, 24, 29, 33, 40, 46, 52],  // footnote
            [13, 13, 13, 16, 19, 21, 23, 28, 32, 39, 44, 51],  // caption1
            [13, 13, 13, 13, 18, 20, 22, 25, 30, 35, 41, 48],  // caption2
        ],
        weights: [
            .regular, .regular, .regular, .regular, .semibold, .regular, .regular,
            .regular, .regular, .regular, .regular,
        ],
        emphasizedWeights: [
            .bold, .bold, .bold, .semibold, .semibold, .semibold, .semibold,
            .semibold, .semibold, .semibold, .semibold,
        ]
    )
}

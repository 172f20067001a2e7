/// How `UIFontMetrics` turns a size at Large into a size at another
/// category: a multiplier per text style and category.
public struct ScalingCurve: Sendable, Equatable {
    /// A stable identifier printed in output (`ios27-measured`, `hig-leading`).
    public let name: String
    /// Where the multipliers come from.
    public let source: String
    private let factor: @Sendable (TextStyle, ContentSizeCategory) -> Double

    /// The multiplier for `style` at `category` (1 at Large).
    public func multiplier(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        factor(style, category)
    }

    /// Curves are known by their names.
    public static func == (lhs: ScalingCurve, rhs: ScalingCurve) -> Bool { lhs.name == rhs.name }

    /// Looks a curve up by the names `--curve` accepts.
    public static func named(_ name: String) -> ScalingCurve? {
        switch NameMatching.key(name) {
        case "measured", "ios27measured", "ios27", "device": return .measuredIOS27
        case "hig", "higleading", "leading": return .higLeading
        default: return nil
        }
    }

    /// The names `--curve` accepts, for help and suggestions (the default
    /// first).
    public static let acceptedNames = ["hig", "measured"]

    /// The curve used wherever a custom size is scaled and none is named:
    /// the HIG-leading model. Every revision of Apple's HIG prints the
    /// leadings it uses, and UIKit's code takes the ratio of the per-style
    /// line spacing; the measured table is a single unverified source that
    /// departs from it in 8 cells (see the reference, "How the numbers are
    /// made").
    public static let `default` = ScalingCurve.higLeading
}

extension ScalingCurve {
    /// The multipliers a single published table gives for `UIFontMetrics`
    /// applied to a custom font, said to be measured on iOS 27, in gewill's
    /// fork of ScaledFont (`Sources/ScaledFont/TextSizeScaling.swift`); no
    /// other public source confirms them, and their four decimals fit
    /// `scaledValue(for: 1000) / 1000`. They agree with the HIG-leading model
    /// in 124 of 132 cells; in the other 8 (title1 xLarge/xxLarge/AX4,
    /// headline AX4, subheadline xxxLarge/AX2, caption1 AX1, caption2 AX2)
    /// they imply line heights the HIG has never printed. An opt-in curve
    /// (`--curve measured`), labelled so in its output.
    public static let measuredIOS27: ScalingCurve = {
        let table: [[Double]] = [
            [0.9267, 0.9513, 0.9757, 1, 1.0487, 1.122, 1.1707, 1.2683, 1.3903, 1.4877, 1.6097, 1.7073],  // largeTitle
            [0.9117, 0.9413, 0.9707, 1, 1.0587, 1.1177, 1.206, 1.353, 1.5, 1.6763, 1.794, 2],  // title1
            [0.857, 0.893, 0.9287, 1, 1.0713, 1.143, 1.2143, 1.4643, 1.6787, 1.857, 2.107, 2.357],  // title2
            [0.88, 0.92, 0.96, 1, 1.12, 1.2, 1.28, 1.52, 1.76, 2.04, 2.32, 2.6],  // title3
            [0.8637, 0.909, 0.9547, 1, 1.091, 1.1817, 1.3183, 1.5453, 1.8183, 2.1817, 2.3183, 2.8183],  // headline
            [0.8637, 0.909, 0.9547, 1, 1.091, 1.1817, 1.3183, 1.5453, 1.8183, 2.1817, 2.5453, 2.8183],  // body
            [0.857, 0.9047, 0.9523, 1, 1.0953, 1.1903, 1.3333, 1.5237, 1.857, 2.1903, 2.4763, 2.857],  // callout
            [0.8, 0.9, 0.95, 1, 1.1, 1.2, 1.3, 1.55, 1.8, 2.15, 2.5, 2.9],  // subheadline
            [0.889, 0.889, 0.889, 1, 1.111, 1.2223, 1.3333, 1.611, 1.8333, 2.2223, 2.5557, 2.889],  // footnote
            [0.8127, 0.8127, 0.8127, 1, 1.1877, 1.3127, 1.4377, 1.6877, 2, 2.4377, 2.75, 3.1877],  // caption1
            [1, 1, 1, 1, 1.3847, 1.5383, 1.6923, 1.923, 2.2307, 2.6923, 3.154, 3.6923],  // caption2
        ]
        return ScalingCurve(
            name: "ios27-measured",
            source:
                "a single published table of UIFontMetrics multipliers, unverified (said to be measured on "
                + "iOS 27; gewill/ScaledFont, TextSizeScaling.swift)",
            factor: { style, category in table[style.ordinal][category.ordinal] }
        )
    }()

    /// The model behind UIKit's code: the ratio of the style's leading at the
    /// category to its leading at Large, with the leadings of Apple's HIG.
    public static let higLeading = ScalingCurve(
        name: "hig-leading",
        source: "leading(style, category) / leading(style, large), Apple HIG leading table",
        factor: { style, category in
            Double(AppleTypeTable.iOS.lineHeight(style, category))
                / Double(AppleTypeTable.iOS.lineHeight(style, .large))
        }
    )
}

/// How a custom font's design size becomes a size at another category.
public enum ScalingModel: Sendable {
    /// As `UIFontMetrics` does it: a multiplier per style and category from
    /// a curve; fonts round to whole points, values snap to the pixel grid.
    case uiFontMetrics(ScalingCurve)
    /// A ratio of the style's Apple point sizes (what Flutter's iOS engine and
    /// most hand-written helpers do); no rounding.
    case proportional

    /// The name printed in output and accepted by `--model`.
    public var name: String {
        switch self {
        case .uiFontMetrics: return "uifontmetrics"
        case .proportional: return "proportional"
        }
    }

    /// The curve, for the UIFontMetrics model.
    public var curve: ScalingCurve? {
        if case .uiFontMetrics(let curve) = self { return curve }
        return nil
    }

    /// The factor from Large to `category` for `style`, before any rounding.
    public func factor(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        switch self {
        case .uiFontMetrics(let curve):
            return curve.multiplier(style, category)
        case .proportional:
            let table = AppleTypeTable.iOS
            return Double(table.pointSize(style, category)) / Double(table.pointSize(style, .large))
        }
    }

    /// `UIFontMetrics.scaledFont(for:maximumPointSize:)`: the design size
    /// times the factor, rounded to a whole point (halves away from zero),
    /// then clamped to `maximumPointSize` when that is greater than 0.
    /// The proportional model does not round.
    public func scaledFontSize(
        _ designSize: Double, style: TextStyle, category: ContentSizeCategory,
        maximumPointSize: Double = 0
    ) -> Double {
        var size = designSize * factor(style, category)
        if case .uiFontMetrics = self { size = size.rounded(.toNearestOrAwayFromZero) }
        if maximumPointSize > 0 { size = min(size, maximumPointSize) }
        return size
    }

    /// The line height of a font whose design line height at `designSize`
    /// is `designLeading`, at the size actually used: where that is the
    /// model's own size, the design line height scaled as a value; where a
    /// maximum, a minimum or a hand-made table changed it, the design line
    /// height scaled by that size's own factor (`usedSize ÷ designSize`) —
    /// a font's line height follows its point size. Snapped to the pixel
    /// grid, as values are.
    public func lineHeight(
        designLeading: Double, designSize: Double, usedSize: Double, style: TextStyle,
        category: ContentSizeCategory, displayScale: Int = 3
    ) -> Double {
        if usedSize == scaledFontSize(designSize, style: style, category: category) {
            return scaledValue(designLeading, style: style, category: category, displayScale: displayScale)
        }
        let raw = designSize > 0 ? designLeading * usedSize / designSize : 0
        guard case .uiFontMetrics = self, displayScale > 0 else { return raw }
        let scale = Double(displayScale)
        return (raw * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    /// `UIFontMetrics.scaledValue(for:)`: the value times the factor, snapped
    /// to the device's pixel grid (1/`displayScale` pt, nearest). The
    /// proportional model does not snap.
    public func scaledValue(
        _ value: Double, style: TextStyle, category: ContentSizeCategory,
        displayScale: Int = 3
    ) -> Double {
        let raw = value * factor(style, category)
        guard case .uiFontMetrics = self, displayScale > 0 else { return raw }
        let scale = Double(displayScale)
        return (raw * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}

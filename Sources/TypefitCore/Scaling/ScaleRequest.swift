/// What `typefit scale` was asked to compute.
public struct ScaleRequest: Sendable {
    /// What is being scaled.
    public enum Subject: Sendable, Equatable {
        /// Apple's own sizes for the system font (`preferredFont(forTextStyle:)`).
        case systemFont
        /// A custom font with this design size at Large (`scaledFont(for:)`),
        /// clamped to `maximumPointSize` when that is greater than 0.
        case customFont(designSize: Double, maximumPointSize: Double)
        /// A custom font named without a design size (`--font`, `--family`):
        /// each style at its Large size (body 17 pt) scaled by
        /// `UIFontMetrics(forTextStyle:).scaledFont(for:)`, as
        /// `Font.custom(_:size:relativeTo:)` and `UIFontMetrics` scale it.
        case customFontAtStyleSizes
        /// A non-text length (`scaledValue(for:)`).
        case value(Double)
        /// A custom family described by a DynamicFont spec; `name` says
        /// where it came from (the file).
        case spec(DynamicFontSpec, name: String)
    }

    /// The styles, in the order they are printed.
    public var styles: [TextStyle]
    /// The categories, in the order they are printed.
    public var categories: [ContentSizeCategory]
    /// What is being scaled.
    public var subject: Subject
    /// The model for custom fonts and values (ignored for the system font).
    public var model: ScalingModel
    /// Points per pixel grid step for values and line heights: 1, 2 or 3.
    public var displayScale: Int
    /// With a spec: a non-text length also scaled in every cell, with the
    /// spec's curve (`scale --spec F --value N`).
    public var specValue: Double?
    /// `--family`: the family whose faces the cells use.
    public var family: String?
    /// `--weight`: the weight asked for every style (OpenType scale), in
    /// place of the style's own (`preferredFont(for:weight:)`).
    public var weight: Int?

    /// Creates a request; the defaults are every style, every category, the
    /// system font, the HIG-leading curve (`ScalingCurve.default`) and a @3x
    /// display.
    public init(
        styles: [TextStyle] = TextStyle.allCases,
        categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
        subject: Subject = .systemFont,
        model: ScalingModel = .uiFontMetrics(.default),
        displayScale: Int = 3
    ) {
        self.styles = styles
        self.categories = categories
        self.subject = subject
        self.model = model
        self.displayScale = displayScale
    }

    /// Computes every selected cell. `faces` gives each style's face and
    /// where it was found; a spec style it lacks is reported missing.
    public func resolve(faces: [TextStyle: FaceResolution] = [:]) -> ScaleReport {
        let table = AppleTypeTable.iOS
        var entries: [ScaleEntry] = []
        entries.reserveCapacity(styles.count * categories.count)
        for style in styles {
            for category in categories {
                var entry = ScaleEntry(style: style, category: category, weight: table.weight(style))
                if let weight {
                    entry.weight = FontWeight(nearest: weight)
                    entry.requestedWeight = weight
                }
                entry.face = faces[style]
                switch subject {
                case .systemFont:
                    entry.pointSize = Double(table.pointSize(style, category))
                    entry.lineHeight = Double(table.lineHeight(style, category))
                case .customFont(let designSize, let maximum):
                    entry.pointSize = model.scaledFontSize(
                        designSize, style: style, category: category,
                        maximumPointSize: maximum)
                    // The design size's share of Apple's leading at Large,
                    // scaled as a value (what @ScaledMetric would do with it).
                    let designLeading =
                        designSize * Double(table.lineHeight(style, .large))
                        / Double(table.pointSize(style, .large))
                    // At the size used: a clamped size has its own line height.
                    entry.lineHeight = model.lineHeight(
                        designLeading: designLeading, designSize: designSize, usedSize: entry.pointSize ?? designSize,
                        style: style, category: category, displayScale: displayScale)
                case .customFontAtStyleSizes:
                    let designSize = Double(table.pointSize(style, .large))
                    entry.pointSize = model.scaledFontSize(
                        designSize, style: style, category: category, maximumPointSize: 0)
                    entry.lineHeight = model.lineHeight(
                        designLeading: Double(table.lineHeight(style, .large)), designSize: designSize,
                        usedSize: entry.pointSize ?? designSize, style: style, category: category,
                        displayScale: displayScale)
                case .value(let value):
                    entry.value = model.scaledValue(
                        value, style: style, category: category,
                        displayScale: displayScale)
                case .spec(let spec, _):
                    guard let styleSpec = spec.styles.first(where: { $0.style == style }) else { continue }
                    entry.pointSize = styleSpec.pointSize(at: category, model: spec.model)
                    entry.lineHeight = styleSpec.lineHeight(at: category, model: spec.model, displayScale: displayScale)
                    if entry.face == nil {
                        entry.face = FaceResolution(
                            key: styleSpec.face, postscriptName: spec.postscriptName(ofFace: styleSpec.face))
                    }
                    if let value = specValue {
                        entry.value = spec.model.valueModel.scaledValue(
                            value, style: style, category: category, displayScale: displayScale)
                    }
                }
                entries.append(entry)
            }
        }
        return ScaleReport(request: self, entries: entries)
    }
}

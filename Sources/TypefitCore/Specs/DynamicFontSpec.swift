/// A custom font family described for Dynamic Type: its faces by PostScript
/// name, and per text style a design size at Large, a face, limits and an
/// optional hand-made table — the seeds' `DynamicFont` as a file.
public struct DynamicFontSpec: Sendable, Equatable {
    /// How sizes are derived where no explicit table names the category.
    public enum Model: Sendable, Equatable {
        /// As `UIFontMetrics.scaledFont(for:)`, on a named curve.
        case uiFontMetrics(curveName: String)
        /// A ratio of Apple's point sizes, unrounded.
        case proportional
        /// The style's own Apple size, ignoring the design size.
        case system

        /// How this model scales a non-text length: the spec's curve, the
        /// size ratio for proportional, and the default UIFontMetrics curve
        /// for the system model (whose text follows Apple's table).
        public var valueModel: ScalingModel {
            switch self {
            case .uiFontMetrics(let curveName): return .uiFontMetrics(ScalingCurve.named(curveName) ?? .default)
            case .proportional: return .proportional
            case .system: return .uiFontMetrics(.default)
            }
        }

        /// The name `model` takes in the file and in output.
        public var name: String {
            switch self {
            case .uiFontMetrics: return "uifontmetrics"
            case .proportional: return "proportional"
            case .system: return "system"
            }
        }
    }

    /// One text style of the family.
    public struct Style: Sendable, Equatable {
        /// The text style.
        public var style: TextStyle
        /// The design size at Large (`nil` only with the system model).
        public var designSize: Double?
        /// The key in `faces` this style uses.
        public var face: String
        /// `maxPointSize`: the clamp after rounding (UIFontMetrics').
        public var maximumPointSize: Double?
        /// `minPointSize`: the floor.
        public var minimumPointSize: Double?
        /// The explicit table: these categories use these sizes as written.
        public var sizes: [ContentSizeCategory: Double]

        /// Creates a style.
        public init(
            style: TextStyle, designSize: Double?, face: String = "regular", maximumPointSize: Double? = nil,
            minimumPointSize: Double? = nil, sizes: [ContentSizeCategory: Double] = [:]
        ) {
            self.style = style
            self.designSize = designSize
            self.face = face
            self.maximumPointSize = maximumPointSize
            self.minimumPointSize = minimumPointSize
            self.sizes = sizes
        }
    }

    /// The family name, when the file gives one.
    public var family: String?
    /// `width`: the CSS width (percentage) the family's faces are matched at
    /// when one is missing and fontconfig is asked for a fallback; normal
    /// (100) when the file gives none.
    public var width: Int?
    /// Face keys (`regular`, `bold`, …) and their PostScript names, in file order.
    public var faces: [(key: String, postscriptName: String)]
    /// The model.
    public var model: Model
    /// The styles, in Apple's order (largest first).
    public var styles: [Style]
    /// Where the app's text stops growing or shrinking
    /// (`maximumCategory`, `minimumCategory`): the text commands set text
    /// above the maximum at its size, as `maximumContentSizeCategory` does.
    public var clamp = SizeClamp()
    /// `opticalSize`: the optical size its faces are set to (`nil`: auto).
    public var opticalSize: OpticalSizeMode?

    /// Creates a spec.
    public init(family: String?, faces: [(key: String, postscriptName: String)], model: Model, styles: [Style]) {
        self.family = family
        self.faces = faces
        self.model = model
        self.styles = styles
    }

    /// The PostScript name of face `key`.
    public func postscriptName(ofFace key: String) -> String? {
        faces.first { $0.key == key }?.postscriptName
    }

    /// Specs are equal when every field is (faces compared in order).
    public static func == (a: DynamicFontSpec, b: DynamicFontSpec) -> Bool {
        a.family == b.family && a.width == b.width && a.model == b.model && a.styles == b.styles
            && a.opticalSize == b.opticalSize
            && a.faces.map(\.key) == b.faces.map(\.key)
            && a.faces.map(\.postscriptName) == b.faces.map(\.postscriptName)
    }
}

extension DynamicFontSpec.Style {
    /// The point size at `category`: the explicit table's value when it
    /// names the category, else the model's, rounded as UIFontMetrics does
    /// (uifontmetrics), then clamped to `maximumPointSize` and raised to
    /// `minimumPointSize`.
    public func pointSize(at category: ContentSizeCategory, model: DynamicFontSpec.Model) -> Double {
        if let explicit = sizes[category] { return explicit }
        var size: Double
        switch model {
        case .system:
            size = Double(AppleTypeTable.iOS.pointSize(style, category))
        case .proportional:
            size = ScalingModel.proportional.scaledFontSize(designSize ?? 0, style: style, category: category)
        case .uiFontMetrics(let curveName):
            let curve = ScalingCurve.named(curveName) ?? .default
            size = ScalingModel.uiFontMetrics(curve).scaledFontSize(designSize ?? 0, style: style, category: category)
        }
        if let maximum = maximumPointSize, maximum > 0 { size = min(size, maximum) }
        if let minimum = minimumPointSize { size = max(size, minimum) }
        return size
    }

    /// Whether the size at `category` is one `UIFontMetrics` does not give
    /// (its table's, a raised minimum, or another model's): an app must ask
    /// for it by size (`UIFont(name:size:)`), not through `scaledFont(for:)`.
    /// `maximumPointSize` is `UIFontMetrics`' own and does not count.
    public func isFixedSize(at category: ContentSizeCategory, model: DynamicFontSpec.Model) -> Bool {
        if sizes[category] != nil { return true }
        guard case .uiFontMetrics(let curveName) = model else { return true }
        guard let minimum = minimumPointSize else { return false }
        let curve = ScalingCurve.named(curveName) ?? .default
        var scaled = ScalingModel.uiFontMetrics(curve).scaledFontSize(designSize ?? 0, style: style, category: category)
        if let maximum = maximumPointSize, maximum > 0 { scaled = min(scaled, maximum) }
        return scaled < minimum
    }

    /// The line height at `category`, at the size actually used (see
    /// `ScalingModel.lineHeight`): Apple's leading for the system model's
    /// own sizes; otherwise the design size's share of Apple's leading at
    /// Large, scaled as a value by the model where the size is the model's,
    /// and by the size's own factor where `maximumPointSize`,
    /// `minimumPointSize` or the explicit table changed it. Snapped to the
    /// pixel grid of `displayScale`.
    public func lineHeight(at category: ContentSizeCategory, model: DynamicFontSpec.Model, displayScale: Int = 3)
        -> Double
    {
        let table = AppleTypeTable.iOS
        let used = pointSize(at: category, model: model)
        let scaling: ScalingModel
        let design: Double
        switch model {
        case .system:
            // The system font's own sizes keep Apple's leadings; a size the
            // spec changed scales Apple's leading at the category.
            let apple = Double(table.pointSize(style, category))
            let leading = Double(table.lineHeight(style, category))
            if used == apple { return leading }
            let grid = Double(max(1, displayScale))
            return (leading * used / apple * grid).rounded(.toNearestOrAwayFromZero) / grid
        case .proportional:
            scaling = .proportional
            design = designSize ?? Double(table.pointSize(style, .large))
        case .uiFontMetrics(let curveName):
            scaling = .uiFontMetrics(ScalingCurve.named(curveName) ?? .default)
            design = designSize ?? Double(table.pointSize(style, .large))
        }
        let designLeading = design * Double(table.lineHeight(style, .large)) / Double(table.pointSize(style, .large))
        if sizes[category] != nil {
            // A hand-made size is never the model's own, even where the
            // numbers agree: its line height is scaled by its own factor.
            let grid = Double(max(1, displayScale))
            return (designLeading * used / design * grid).rounded(.toNearestOrAwayFromZero) / grid
        }
        return scaling.lineHeight(
            designLeading: designLeading, designSize: design, usedSize: used, style: style, category: category,
            displayScale: displayScale)
    }
}

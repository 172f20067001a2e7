/// One (style, category) cell of a scale report.
public struct ScaleEntry: Sendable, Equatable {
    /// The text style.
    public var style: TextStyle
    /// The content size category.
    public var category: ContentSizeCategory
    /// The weight Apple uses for the style.
    public var weight: FontWeight
    /// The point size (system and custom fonts).
    public var pointSize: Double?
    /// The line height in points (system and custom fonts).
    public var lineHeight: Double?
    /// The scaled value (`--value`).
    public var value: Double?
    /// The style's face and where it was found (`--spec`, `--family`).
    public var face: FaceResolution?
    /// `--weight` as asked, on the OpenType scale.
    public var requestedWeight: Int?

    /// Creates an entry with no numbers yet.
    public init(
        style: TextStyle, category: ContentSizeCategory, weight: FontWeight,
        pointSize: Double? = nil, lineHeight: Double? = nil, value: Double? = nil
    ) {
        self.style = style
        self.category = category
        self.weight = weight
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        self.value = value
    }

    /// The number `--format value` prints: the value, else the point size.
    public var primaryNumber: Double { value ?? pointSize ?? 0 }
}

/// The computed cells and the request that produced them.
public struct ScaleReport: Sendable {
    /// The request.
    public var request: ScaleRequest
    /// One entry per selected (style, category), styles outermost.
    public var entries: [ScaleEntry]
}

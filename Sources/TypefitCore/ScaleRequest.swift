/// What `typefit scale` was asked to compute.
public struct ScaleRequest: Sendable {
    /// What is being scaled.
    public enum Subject: Sendable, Equatable {
        /// Apple's own sizes for the system font (`preferredFont(forTextStyle:)`).
        case systemFont
        /// A custom font with this design size at Large (`scaledFont(for:)`),
        /// clamped to `maximumPointSize` when that is greater than 0.
        case customFont(designSize: Double, maximumPointSize: Double)
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

    /// Creates a request; the defaults are every style, every category, the
    /// system font, the measured curve and a @3x display.
    public init(
        styles: [TextStyle] = TextStyle.allCases,
        categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
        subject: Subject = .systemFont,
        model: ScalingModel = .uiFontMetrics(.measuredIOS27),
        displayScale: Int = 3
    ) {
        self.styles = styles
        self.categories = categories
        self.subject = subject
        self.model = model
        self.displayScale = displayScale
    }

    /// Computes every selected cell. `faces` says where each PostScript name
    /// of a spec was found (a name it lacks is reported missing).
    public func resolve(faces: [String: FaceLocation] = [:]) -> ScaleReport {
        let table = AppleTypeTable.iOS
        var entries: [ScaleEntry] = []
        entries.reserveCapacity(styles.count * categories.count)
        for style in styles {
            for category in categories {
                var entry = ScaleEntry(style: style, category: category, weight: table.weight(style))
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
                    entry.lineHeight = model.scaledValue(
                        designLeading, style: style, category: category,
                        displayScale: displayScale)
                case .value(let value):
                    entry.value = model.scaledValue(
                        value, style: style, category: category,
                        displayScale: displayScale)
                case .spec(let spec, _):
                    guard let styleSpec = spec.styles.first(where: { $0.style == style }) else { continue }
                    entry.pointSize = styleSpec.pointSize(at: category, model: spec.model)
                    entry.lineHeight = styleSpec.lineHeight(at: category, model: spec.model, displayScale: displayScale)
                    let name = spec.postscriptName(ofFace: styleSpec.face) ?? ""
                    entry.face = FaceResolution(key: styleSpec.face, postscriptName: name, location: faces[name])
                }
                entries.append(entry)
            }
        }
        return ScaleReport(request: self, entries: entries)
    }
}

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
    /// The spec's face for this style and where it was found (`--spec`).
    public var face: FaceResolution?

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

/// Where a face was found: a font file and the face index inside it.
public struct FaceLocation: Sendable, Equatable {
    /// The font file.
    public var file: String
    /// The face index (as `list-fonts` reports it).
    public var index: Int

    /// Creates a location.
    public init(file: String, index: Int) {
        self.file = file
        self.index = index
    }
}

/// A spec face as one cell uses it: its key, PostScript name and location
/// (`nil` when neither installed nor in `--fonts-dir`).
public struct FaceResolution: Sendable, Equatable {
    /// The key in the spec's `faces` (`regular`, `bold`).
    public var key: String
    /// The PostScript name.
    public var postscriptName: String
    /// Where it was found; `nil` when missing.
    public var location: FaceLocation?
}

/// The computed cells and the request that produced them.
public struct ScaleReport: Sendable {
    /// The request.
    public var request: ScaleRequest
    /// One entry per selected (style, category), styles outermost.
    public var entries: [ScaleEntry]
}

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
    /// With a spec: a non-text length also scaled in every cell, with the
    /// spec's curve (`scale --spec F --value N`).
    public var specValue: Double?
    /// `--family`: the family whose faces the cells use.
    public var family: String?
    /// `--weight`: the weight asked for every style (OpenType scale), in
    /// place of the style's own (`preferredFont(for:weight:)`).
    public var weight: Int?

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

/// Where a face was found: a font file and the face index inside it, and
/// what the face is.
public struct FaceLocation: Sendable, Equatable {
    /// The font file.
    public var file: String
    /// The face index (as `list-fonts` reports it).
    public var index: Int
    /// The face's PostScript name, when it has one.
    public var postscriptName: String?
    /// The face's family.
    public var family: String?
    /// The face's weight on the OpenType scale (`nil`: a variable range).
    public var weight: Int?

    /// Creates a location.
    public init(file: String, index: Int, postscriptName: String? = nil, family: String? = nil, weight: Int? = nil) {
        self.file = file
        self.index = index
        self.postscriptName = postscriptName
        self.family = family
        self.weight = weight
    }

    /// Where `face` is, and what it is.
    public init(_ face: FontFace) {
        self.init(
            file: face.file, index: face.index, postscriptName: face.postscriptName, family: face.family,
            weight: face.weight)
    }
}

/// A style's face as one cell uses it.
public struct FaceResolution: Sendable, Equatable {
    /// The key in the spec's `faces` (`regular`, `bold`); `nil` for a face
    /// chosen by `--family`.
    public var key: String?
    /// The PostScript name the spec asks for, or of the face `--family`
    /// chose.
    public var postscriptName: String?
    /// Where it was found; `nil` when missing.
    public var location: FaceLocation?
    /// `--fallback`, for a missing face: what fontconfig would use instead.
    public var fallback: FaceLocation?
    /// `--bold-text`: the face Bold Text steps to, or why there is none.
    public var boldText: BoldTextStep?

    /// Creates a resolution.
    public init(
        key: String?, postscriptName: String?, location: FaceLocation? = nil, fallback: FaceLocation? = nil,
        boldText: BoldTextStep? = nil
    ) {
        self.key = key
        self.postscriptName = postscriptName
        self.location = location
        self.fallback = fallback
        self.boldText = boldText
    }
}

/// What iOS's Bold Text setting does to a face: the next heavier face of its
/// family, or the reason there is none.
public struct BoldTextStep: Sendable, Equatable {
    /// The heavier face; `nil` when none exists.
    public var face: FaceLocation?
    /// Why no heavier face is used.
    public var reason: String?

    /// Creates a step.
    public init(face: FaceLocation?, reason: String? = nil) {
        self.face = face
        self.reason = reason
    }
}

/// The computed cells and the request that produced them.
public struct ScaleReport: Sendable {
    /// The request.
    public var request: ScaleRequest
    /// One entry per selected (style, category), styles outermost.
    public var entries: [ScaleEntry]
}

import TypefitCore

/// Which face a run uses: a spec's, a PostScript name's, or a family's face
/// nearest a weight; and a custom font's design size.
public struct FaceChoice: Equatable, Sendable {
    /// `--spec`: a DynamicFont spec or ScaledFont plist.
    public var specPath: String?
    /// `--font`: a face by PostScript name.
    public var font: String?
    /// `--family`: the family's face nearest each style's weight.
    public var family: String?
    /// `--weight` (with a family), on the OpenType scale; each style's own
    /// weight when `nil`.
    public var weight: Int?
    /// `--size`: a custom design size at Large; Apple's sizes when `nil`.
    public var size: Double?

    /// Creates a choice of nothing.
    public init() {}
}

/// Whose text sizes: the platform and its own settings.
public struct PlatformChoice: Equatable, Sendable {
    /// `--platform` (default iOS).
    public var platform = Platform.ios
    /// `--style` on a platform other than iOS: its own style names.
    public var styles: [String]?
    /// `--watch-size`: the case size in millimetres (watchOS).
    public var watchSize: Int?
    /// `--font-scale` (Android).
    public var fontScales: [Double]?
    /// `--android-version` (default: the newest typefit knows).
    public var androidVersion = AndroidFontScaling.newestKnownVersion

    /// iOS with the defaults.
    public init() {}

    /// Large, or on watchOS the case size's default (Large without one).
    public var defaultCategory: ContentSizeCategory {
        guard platform == .watchos, let size = watchSize else { return .large }
        return WatchTypeTable.caseSizes.first { $0.millimetres == size }?.category ?? .large
    }

    /// The note for a watch case size whose default category Apple's HIG
    /// does not list (46 mm), or `nil`.
    public var watchSizeNote: String? {
        guard let size = watchSize, let entry = WatchTypeTable.caseSizes.first(where: { $0.millimetres == size }),
            !entry.documented
        else { return nil }
        return "\(size) mm (\(entry.models)) is not in Apple's HIG table of default text sizes; typefit uses "
            + "\(entry.category.higLabel), as for the larger case of every other generation"
    }
}

/// What `scale` sizes: styles, categories, the subject (the system font, a
/// custom font's design size, a length), the model, and the faces.
public struct ScaleSettings: Equatable, Sendable {
    /// The styles (default: all).
    public var styles: [TextStyle] = TextStyle.allCases
    /// The categories (default: all).
    public var categories: [ContentSizeCategory] = ContentSizeCategory.allCases
    /// `--size` and `--max-size`, or `--value`; `.systemFont` when neither.
    public var subject: ScaleRequest.Subject = .systemFont
    /// `--model` (`system` is a subject, not a model, here).
    public var model = SizeModel.uiFontMetrics
    /// `--curve` (for the UIFontMetrics model).
    public var curve = ScalingCurve.default
    /// `--display-scale`.
    public var displayScale = 3
    /// Whether `--style` was given (with `--spec`, the spec's styles are the
    /// default, and named styles must be among them).
    public var stylesGiven = false
    /// Whether `--category` was given.
    public var categoriesGiven = false
    /// `--category default` or `--category system`: the category found at
    /// run time (`nil` for a list).
    public var categoryKeyword: CategorySelection?
    /// `--spec`, `--family` and `--weight` (`--size` is the subject).
    public var face = FaceChoice()
    /// `--bold-text`: iOS's Bold Text setting; each face steps to the next
    /// heavier face of its family.
    public var boldText = false
    /// `--fallback`: for a missing face, report what fontconfig would use.
    public var fallback = false
    /// `--value` with `--spec`: a length scaled per cell with the spec's curve.
    public var specValue: Double?
    /// `--platform` and its settings.
    public var platform = PlatformChoice()

    /// Creates settings with the defaults.
    public init() {}

    /// The request these settings describe.
    public var request: ScaleRequest {
        let model: ScalingModel = self.model == .proportional ? .proportional : .uiFontMetrics(curve)
        var request = ScaleRequest(
            styles: styles, categories: categories, subject: subject, model: model,
            displayScale: displayScale)
        request.weight = face.weight
        request.family = face.family
        request.specValue = specValue
        return request
    }

    /// How many cells the selection holds.
    public var cellCount: Int { styles.count * categories.count }
}

/// What `measure`, `fit` and `specimen` share: the styles, the categories,
/// the face, the language and the sample values.
public struct TextSettings: Equatable, Sendable {
    /// `--style` (an empty list: a spec's own, or all).
    public var styles: [TextStyle] = []
    /// `--category` (default: all).
    public var categories: [ContentSizeCategory] = ContentSizeCategory.allCases
    /// Whether `--category` was given.
    public var categoriesGiven = false
    /// `--spec`, `--font`, `--family`, `--weight`, `--size`.
    public var face = FaceChoice()
    /// `--language`: for shaping and line breaking, and to pick one
    /// language of a catalog.
    public var language: String?
    /// `--sample SPEC=VALUE` (repeatable): values for format placeholders.
    public var samples = PlaceholderSamples()
    /// `--markdown` (true), `--no-markdown` (false), or neither (`nil`:
    /// String Catalogs as Markdown, everything else as written).
    public var markdown: Bool?
    /// `--platform` and its settings.
    public var platform = PlatformChoice()
    /// `--model`: how a custom font named without a spec scales
    /// (UIFontMetrics, the default; proportional; or Apple's table for the
    /// system font, as if the font were SF).
    public var model = SizeModel.uiFontMetrics

    /// Creates settings with the defaults.
    public init() {}

    /// How the text sizes are found, for the JSON's `model`: `system`
    /// (Apple's table for the system font), `uifontmetrics` (a custom font
    /// at each style's Large size or at `--size`, scaled as UIFontMetrics
    /// scales it), `proportional`, `spec` (the spec's own model), or the
    /// platform's name (its own tables).
    public var sizeModel: String {
        if platform.platform != .ios { return platform.platform.rawValue }
        if face.specPath != nil { return "spec" }
        if face.size == nil && face.font == nil && face.family == nil { return SizeModel.system.rawValue }
        return face.size == nil && model == .system ? SizeModel.system.rawValue : model.rawValue
    }

    /// The scale settings that find these faces and sizes on iOS. A font
    /// or family named without a spec or `--size` is a custom font: each
    /// style's Large size scaled as UIFontMetrics scales it, unless
    /// `--model system`.
    var scaleSettings: ScaleSettings {
        var settings = ScaleSettings()
        settings.styles = styles
        // No styles: a spec's own (specimen).
        settings.stylesGiven = !styles.isEmpty
        settings.categories = categories
        settings.face = face
        settings.face.font = nil
        settings.face.size = nil
        settings.model = model == .system ? .uiFontMetrics : model
        if let size = face.size {
            settings.subject = .customFont(designSize: size, maximumPointSize: 0)
        } else if face.specPath == nil, face.font != nil || face.family != nil, model != .system {
            settings.subject = .customFontAtStyleSizes
        }
        return settings
    }
}

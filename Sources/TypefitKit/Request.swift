import TypefitCore

/// What a run sizes and measures, for every command alike: whose sizes
/// (the platform and its settings), which styles and categories, which
/// face, and how custom sizes follow the text size. The command line fills
/// it once; `validate()` checks what its parts say of each other; the jobs
/// read it. Problems are values (`Request.Problem`) the command line words.
public struct Request: Equatable, Sendable {
    /// Which face the text is set in.
    public enum Face: Equatable, Sendable {
        /// The system font: Apple's table, no file.
        case systemFont
        /// A DynamicFont spec or ScaledFont plist at this path.
        case spec(String)
        /// A face by PostScript name, for every style.
        case font(String)
        /// Each style in this family's face nearest its weight.
        case family(String)
    }

    /// What a request says of itself that cannot be: each names the parts
    /// in the library's terms; the command line puts them in its own.
    public enum Problem: Error, Equatable, Sendable {
        /// The system model names Apple's table for a family's or font's
        /// faces: it needs one and no custom size or length.
        case systemModelNeedsFamily
        /// A curve is the UIFontMetrics model's; the proportional model
        /// has none.
        case curveWithProportionalModel
        /// A spec's styles are its own on another platform.
        case stylesWithSpec(Platform)
        /// Android and macOS have no content size categories.
        case categoriesOnPlatform(Platform)
        /// watchOS lacks this category.
        case categoryNotOnWatch(ContentSizeCategory)
        /// Android and macOS have no categories to clamp.
        case clampOnPlatform(Platform)
        /// A DynamicFont spec on Flutter, which has no UIFontMetrics.
        case specOnFlutter
        /// The minimum category is above the maximum.
        case clampInverted(SizeClamp)
        /// `--minimum-text-scale` is above `--maximum-text-scale`.
        case textScaleClampInverted(TextScaleClamp)
    }

    /// The platform (iOS by default).
    public var platform = Platform.ios
    /// watchOS: the case size in millimetres.
    public var watchSize: Int?
    /// Android: the font scales (default: the Settings steps).
    public var fontScales: [Double]?
    /// Android: the version whose scaling applies.
    public var androidVersion = AndroidFontScaling.newestKnownVersion
    /// Flutter on Android: the release, whose `Text` follows Android's
    /// non-linear scaling from 3.35.
    public var flutterVersion = FlutterVersion.newestKnown
    /// Flutter: `TextScaler.clamp`'s bounds.
    public var textScaleClamp = TextScaleClamp()
    /// Android: the API level the app targets (`--target-sdk`), which
    /// picks the elegant or compact fonts of Android's fallback chain.
    public var targetSdk = 35
    /// Android: a device's `/system/fonts` (`--android-fonts`), whose
    /// files are measured instead of installed stand-ins.
    public var androidFonts: String?
    /// Android: how lines are broken (`--break-strategy`,
    /// `--line-break-word-style`; TextView's by default).
    public var androidLineBreaking = AndroidLineBreaking()

    /// Flutter: whether lines wrap at the width (`--no-soft-wrap`:
    /// `Text.softWrap` false).
    public var softWrap = true

    /// How the platform draws text: its line breaking, fallback, letter
    /// spacing and optical sizes, decided here once.
    public var textRules: TextRules {
        var rules = platformTextRules
        rules.softWrap = softWrap
        return rules
    }

    private var platformTextRules: TextRules {
        let android = AndroidFallback(
            variant: AndroidFontFallback.variant(targetSdk: targetSdk), fromDevice: androidFonts != nil)
        switch platform {
        case .android: return .android(androidLineBreaking, fallback: android)
        // Flutter's engine picks fallback fonts with Skia's reader of the
        // same fonts file, not Minikin.
        case .flutterAndroid: return .flutter(fallback: .skia(android), unit: "dp", setsOpticalSize: false)
        // The engine applies neither `trak` nor an optical size of its own
        // ("the spacing should be handled by the app or the framework",
        // platform_mac.mm): faces are drawn at their own coordinates.
        case .flutterIOS: return .flutter(fallback: .appleCascade, unit: "pt", setsOpticalSize: false)
        default: return .apple
        }
    }
    /// How the platform breaks lines.
    public var lineBreaking: LineBreaking { textRules.breaking }
    /// iOS styles, as given (`nil`: every style, or a spec's own).
    public var styles: [TextStyle]?
    /// Another platform's styles, by its names (`nil`: all of them).
    public var platformStyles: [String]?
    /// The categories (`nil`: all of them).
    public var categories: CategorySelection?
    /// Where the app stops text growing or shrinking
    /// (`--maximum-category`, `--minimum-category`).
    public var clamp = SizeClamp()
    /// The face.
    public var face = Face.systemFont
    /// With a family: the weight every style asks for (else each style's).
    public var weight: Int?
    /// A custom font's design size at Large.
    public var designSize: Double?
    /// With a design size: the largest size (0 or `nil`: no limit).
    public var maximumPointSize: Double?
    /// A length scaled as UIFontMetrics.scaledValue(for:) scales it.
    public var length: Double?
    /// How a custom font follows the text size (`nil`: UIFontMetrics).
    public var model: SizeModel?
    /// The UIFontMetrics curve (`nil`: the default).
    public var curve: ScalingCurve?
    /// The pixel grid, pixels a point (`nil`: 3).
    public var displayScale: Int?
    /// iOS's Bold Text setting: each face steps to the next heavier one.
    public var boldText = false
    /// For a missing face, report what fontconfig would use.
    public var fallback = false
    /// The language for shaping and line breaking, and a catalog's one
    /// language.
    public var language: String?
    /// Values for format placeholders.
    public var samples = PlaceholderSamples()
    /// Whether strings are Markdown (`nil`: String Catalogs only).
    public var markdown: Bool?
    /// Whether Android strings are measured as `Html.fromHtml` renders them
    /// (`--html`).
    public var html = false
    /// `--optical-size` (`nil`: a spec's `"opticalSize"`, else `auto`).
    public var opticalSize: OpticalSizeMode?

    /// iOS, every style and category, the system font.
    public init() {}

    /// What the parts say of each other that cannot be.
    public func validate() throws(Problem) {
        if model == .system {
            guard family != nil || font != nil, designSize == nil, length == nil else { throw .systemModelNeedsFamily }
        }
        if curve != nil && model == .proportional { throw .curveWithProportionalModel }
        if platform != .ios, specPath != nil, platformStyles != nil { throw .stylesWithSpec(platform) }
        if platform.isFlutter, specPath != nil { throw .specOnFlutter }
        if let minimum = textScaleClamp.minimum, let maximum = textScaleClamp.maximum, minimum > maximum {
            throw .textScaleClampInverted(textScaleClamp)
        }
        if !clamp.isEmpty {
            if platform != .ios && platform != .watchos { throw .clampOnPlatform(platform) }
            if clamp.isInverted { throw .clampInverted(clamp) }
            for bound in [clamp.minimum, clamp.maximum].compactMap({ $0 }) { try Self.check(bound, on: platform) }
        }
        switch (platform, categories) {
        case (.android, .some(let selection)) where selection != .platformDefault,
            (.flutterAndroid, .some(let selection)) where selection != .platformDefault,
            (.macos, .some(let selection)) where selection != .platformDefault:
            throw .categoriesOnPlatform(platform)
        case (.watchos, .some(.categories(let list))):
            if let missing = list.first(where: { !WatchTypeTable.categories.contains($0) }) {
                throw .categoryNotOnWatch(missing)
            }
        default:
            break
        }
    }

    /// Whether a category is one `platform` has, as `validate()` checks the
    /// request's own (for a category named elsewhere, such as `--require`).
    public static func check(_ category: ContentSizeCategory, on platform: Platform) throws(Problem) {
        if platform == .watchos && !WatchTypeTable.categories.contains(category) {
            throw .categoryNotOnWatch(category)
        }
    }

    // MARK: What the parts mean

    /// The spec's path, with a spec.
    public var specPath: String? {
        if case .spec(let path) = face { return path }
        return nil
    }

    /// The family, with a family.
    public var family: String? {
        if case .family(let name) = face { return name }
        return nil
    }

    /// The PostScript name, with one face for every style.
    public var font: String? {
        if case .font(let name) = face { return name }
        return nil
    }

    /// The iOS styles sized: those given, else all.
    public var iosStyles: [TextStyle] { styles ?? TextStyle.allCases }

    /// The listed categories, else all (a keyword is resolved at run time).
    public var categoryList: [ContentSizeCategory] { categories?.list ?? ContentSizeCategory.allCases }

    /// Whether categories were named.
    public var categoriesGiven: Bool { categories != nil }

    /// What is sized: a length, a custom size, a font or family at each
    /// style's Large size (unless the system model), else the system font.
    public var subject: ScaleRequest.Subject {
        if let designSize { return .customFont(designSize: designSize, maximumPointSize: maximumPointSize ?? 0) }
        if let length, specPath == nil { return .value(length) }
        if font != nil || family != nil, model != .system { return .customFontAtStyleSizes }
        return .systemFont
    }

    /// The iOS scale request: styles, categories, subject, model, grid.
    public var scaleRequest: ScaleRequest {
        let scaling: ScalingModel = model == .proportional ? .proportional : .uiFontMetrics(curve ?? .default)
        var request = ScaleRequest(
            styles: iosStyles, categories: categoryList, subject: subject, model: scaling,
            displayScale: displayScale ?? 3)
        request.weight = weight
        request.family = family
        if specPath != nil { request.specValue = length }
        return request
    }

    /// How many iOS cells the selection holds.
    public var cellCount: Int { iosStyles.count * categoryList.count }

    /// How the text sizes are found, for the JSON's `model`: `system`
    /// (Apple's table for the system font), `uifontmetrics` (a custom font
    /// at each style's Large size or at a design size, scaled as
    /// UIFontMetrics scales it), `proportional`, `spec` (the spec's own
    /// model), or the platform's name (its own tables).
    public var sizeModel: String {
        if platform != .ios { return platform.rawValue }
        if specPath != nil { return "spec" }
        if designSize == nil && (face == .systemFont || model == .system) { return SizeModel.system.rawValue }
        return (model ?? .uiFontMetrics).rawValue
    }

    /// What stands for the system font, as the JSON's `systemFont` says:
    /// `apple` when no face is named (Apple's own files are measured,
    /// `SystemFont`), `stand-in` when a named face is measured at Apple's
    /// table for the system font (`--model system`), `nil` for a custom
    /// font at its own sizes. On Android with no face named: `android`
    /// for a device's Roboto (`--android-fonts`), `stand-in` for the
    /// installed one.
    public var systemFont: String? {
        if face == .systemFont && platform.host == .android {
            return androidFonts == nil ? "stand-in" : "android"
        }
        if face == .systemFont { return "apple" }
        if model == .system { return "stand-in" }
        return nil
    }

    /// Large, or on watchOS the case size's default (Large without one).
    public var defaultCategory: ContentSizeCategory {
        guard platform == .watchos, let size = watchSize else { return .large }
        return WatchTypeTable.caseSizes.first { $0.millimetres == size }?.category ?? .large
    }

    /// The note for a watch case size whose default category Apple's HIG
    /// does not list (46 mm), or `nil`.
    public var watchSizeNote: Finding? {
        guard let size = watchSize, let entry = WatchTypeTable.caseSizes.first(where: { $0.millimetres == size }),
            !entry.documented
        else { return nil }
        return .watchSizeUndocumented(millimetres: size, models: entry.models, category: entry.category)
    }

    /// Another platform's request: its styles, scales, version, categories
    /// (given, else the watch case size's default) and design size.
    var platformRequest: PlatformRequest {
        var request = PlatformRequest(platform: platform)
        request.styles = platformStyles
        request.androidVersion = androidVersion
        request.flutterVersion = flutterVersion
        request.textScaleClamp = textScaleClamp
        request.fontScales = categories == .platformDefault && platform.scalesByFontScale ? [1] : fontScales
        request.designSize = designSize
        if platform == .flutterIOS {
            // `default` is Large; `system` (a desktop's text size) is
            // resolved before the request is made.
            request.categories = categories == .platformDefault ? [.large] : categories?.list
        } else if platform == .watchos, let list = categories?.list {
            // Categories watchOS lacks were refused by validate().
            request.categories = list
        } else if platform == .watchos, watchSize != nil {
            request.categories = [defaultCategory]
        }
        return request
    }
}

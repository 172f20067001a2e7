/// Sizes on watchOS, macOS and Android, computed like iOS's but from each
/// platform's own tables and rules.
public struct PlatformRequest: Sendable {
    /// The platform (not iOS: `ScaleRequest` does iOS).
    public var platform: Platform
    /// Style names on the platform (`nil`: all).
    public var styles: [String]?
    /// watchOS categories (`nil`: all nine).
    public var categories: [ContentSizeCategory]?
    /// Android font scales (`nil`: the Settings steps of the version).
    public var fontScales: [Double]?
    /// Android's version: 14 and later scale non-linearly.
    public var androidVersion = AndroidFontScaling.newestKnownVersion
    /// Flutter's version (on Android, 3.35 and later follow Android's
    /// non-linear scaling).
    public var flutterVersion = FlutterVersion.newestKnown
    /// Flutter: `TextScaler.clamp`'s bounds on the text scale (as
    /// `MediaQuery.withClampedTextScaling` sets them).
    public var textScaleClamp = TextScaleClamp()
    /// A custom design size (`--size`), scaled as the platform scales text:
    /// on watchOS by the style's ratio to its Large size, on Android as sp.
    public var designSize: Double?
    /// A spec's styles, each scaled as `designSize` is, within its limits;
    /// on Android and macOS the rows keep the spec's style names.
    public var specStyles: [SpecStyle]?

    /// A spec's style as other platforms scale it.
    public struct SpecStyle: Sendable, Equatable {
        /// The iOS style name.
        public var style: String
        /// The design size at Large.
        public var size: Double
        /// The line height as a ratio of the size (Apple's at Large).
        public var lineHeightRatio: Double
        /// `maxPointSize`, in the platform's unit (pt, or dp on Android).
        public var maximum: Double?
        /// `minPointSize`, likewise.
        public var minimum: Double?
        /// The hand-made table, by iOS category.
        public var sizes: [ContentSizeCategory: Double]

        /// Creates a spec style.
        public init(
            style: String, size: Double, lineHeightRatio: Double, maximum: Double? = nil, minimum: Double? = nil,
            sizes: [ContentSizeCategory: Double] = [:]
        ) {
            self.style = style
            self.size = size
            self.lineHeightRatio = lineHeightRatio
            self.maximum = maximum
            self.minimum = minimum
            self.sizes = sizes
        }

        /// A spec's styles: design sizes (Apple's at Large for the system
        /// model), Apple's line height ratio at Large, limits and tables.
        public static func of(_ spec: DynamicFontSpec) -> [SpecStyle] {
            let table = AppleTypeTable.iOS
            return spec.styles.map { style in
                let large = Double(table.pointSize(style.style, .large))
                return SpecStyle(
                    style: style.style.rawValue, size: style.designSize ?? large,
                    lineHeightRatio: Double(table.lineHeight(style.style, .large)) / large,
                    maximum: style.maximumPointSize.flatMap { $0 > 0 ? $0 : nil }, minimum: style.minimumPointSize,
                    sizes: style.sizes)
            }
        }

        /// `size` within the limits; whether they changed it.
        func limited(_ size: Double) -> (size: Double, changed: Bool) {
            var result = size
            if let maximum { result = min(result, maximum) }
            if let minimum { result = max(result, minimum) }
            return (result, result != size)
        }
    }

    /// The spec styles a platform has no text style for (watchOS has no
    /// callout or subheadline); they are left out of its rows.
    public static func specStylesWithoutCounterpart(_ styles: [SpecStyle], on platform: Platform) -> [String] {
        guard platform == .watchos else { return [] }
        return styles.map(\.style).filter { (try? style($0, on: .watchos)) == nil }
    }

    /// The iOS category an Android font scale stands for, for a spec's
    /// hand-made table: the one whose Body size is nearest 17 × the scale.
    public static func category(forFontScale scale: Double) -> ContentSizeCategory {
        let table = AppleTypeTable.iOS
        let wanted = 17 * scale
        return ContentSizeCategory.allCases.min {
            abs(Double(table.pointSize(.body, $0)) - wanted) < abs(Double(table.pointSize(.body, $1)) - wanted)
        } ?? .large
    }

    /// Creates a request.
    public init(platform: Platform) {
        self.platform = platform
    }

    /// The styles the platform has, by the names it uses.
    public static func styleNames(_ platform: Platform) -> [String] {
        switch platform {
        case .ios: return TextStyle.allCases.map(\.rawValue)
        case .watchos: return WatchTypeTable.styles
        case .macos: return MacTypeTable.rows.map(\.style.rawValue)
        case .android: return AndroidTypeScale.roles.map(\.name)
        case .flutterIOS, .flutterAndroid: return FlutterTypeScale.styles.map(\.name)
        }
    }

    /// A style name as the platform spells it: its own names (any case),
    /// and iOS spellings of the styles it shares (`caption` → `caption1`,
    /// and on watchOS `footnote` → `footnote1`).
    public static func style(_ spelling: String, on platform: Platform) throws(NameError) -> String {
        let names = styleNames(platform)
        let key = NameMatching.key(spelling)
        if let name = names.first(where: { NameMatching.key($0) == key }) { return name }
        if platform.host != .android, !platform.isFlutter, let style = try? TextStyle(parsing: spelling) {
            if names.contains(style.rawValue) { return style.rawValue }
            if platform == .watchos && style == .footnote { return "footnote1" }
        }
        let suggestions = NameMatching.suggestions(for: spelling, among: names)
        throw NameError(
            kind: "\(platform.rawValue) text style", input: spelling, suggestions: suggestions,
            note: suggestions.isEmpty ? "\(platform.rawValue) has " + names.joined(separator: ", ") : nil)
    }

    /// Every selected cell.
    public func resolve() -> [PlatformCell] {
        if let specStyles { return resolveSpec(specStyles) }
        // Flutter's default set is Material 3's roles (what ThemeData
        // gives); Cupertino's styles are asked for by name.
        let names = styles ?? (platform.isFlutter ? FlutterTypeScale.roles.map(\.name) : Self.styleNames(platform))
        var cells: [PlatformCell] = []
        switch platform {
        case .ios:
            return []
        case .watchos:
            for name in names { cells += watchCells(label: name, style: name, designSize: designSize) }
        case .macos:
            for name in names {
                guard let row = MacTypeTable.rows.first(where: { $0.style.rawValue == name }) else { continue }
                var cell = PlatformCell(style: name, pointSize: designSize ?? row.size, lineHeight: row.lineHeight)
                if let design = designSize { cell.lineHeight = design * row.lineHeight / row.size }
                cell.weight = row.weight.rawValue
                cells.append(cell)
            }
        case .android:
            for name in names {
                guard let role = AndroidTypeScale.roles.first(where: { $0.name == name }) else { continue }
                let sp = designSize ?? role.size
                let lineSp = designSize.map { $0 * role.lineHeight / role.size } ?? role.lineHeight
                cells += androidCells(label: name, sp: sp, lineHeightSp: lineSp)
            }
        case .flutterIOS, .flutterAndroid:
            for name in names {
                guard let role = FlutterTypeScale.role(name) else { continue }
                cells += flutterCells(role: role, size: designSize ?? role.size)
            }
        }
        return cells
    }

    /// A watchOS style at each selected category; a design size keeps the
    /// style's own ratio to its Large size, rounded to whole points, and its
    /// leading's distance from the size.
    func watchCells(label: String, style name: String, designSize: Double?) -> [PlatformCell] {
        guard let large = WatchTypeTable.cell(name, .large) else { return [] }
        return (categories ?? WatchTypeTable.categories).compactMap { category in
            guard let (size, leading) = WatchTypeTable.cell(name, category) else { return nil }
            var cell = PlatformCell(style: label, pointSize: size, lineHeight: leading)
            cell.category = category
            if let design = designSize {
                cell.pointSize = (design * size / large.size).rounded(.toNearestOrAwayFromZero)
                cell.lineHeight = cell.pointSize + (leading - size)
            }
            return cell
        }
    }

    /// A Flutter style at each selected setting: its size × the text scale
    /// (on iOS the category's; on Android the font scale, through
    /// Android's curve from Flutter 3.35), held within the text scaler's
    /// clamp, its line height `height` × that size (or the font's, for a
    /// style with no height), its letter spacing unscaled.
    func flutterCells(role: FlutterTypeScale.Style, size: Double) -> [PlatformCell] {
        func cell(_ scaled: Double) -> PlatformCell {
            // `TextScaler.clamp` (`painting/text_scaler.dart:62–75,134–150`):
            // the scaled size held within minScale × size … maxScale × size.
            let scaled = min(
                max(scaled, (textScaleClamp.minimum ?? 0) * size), (textScaleClamp.maximum ?? .infinity) * size)
            var cell = PlatformCell(style: role.name, pointSize: scaled, lineHeight: scaled * (role.height ?? 0))
            cell.lineHeightFromFont = role.height == nil
            cell.letterSpacing = role.letterSpacing
            cell.weight = String(role.weight)
            return cell
        }
        if platform == .flutterIOS {
            return (categories ?? ContentSizeCategory.allCases).map { category in
                var c = cell(size * FlutterTypeScale.iosTextScale(category))
                c.category = category
                return c
            }
        }
        let scales = fontScales ?? AndroidTypeScale.settingsScales.filter { androidVersion >= 14 || $0 <= 1.3 }
        return scales.map { scale in
            var c = cell(
                FlutterTypeScale.androidSize(
                    size, fontScale: scale, androidVersion: androidVersion, flutterVersion: flutterVersion))
            c.fontScale = scale
            c.sp = size
            c.lineHeightSp = size * (role.height ?? 0)
            return c
        }
    }

    /// A size and line height in sp at each selected font scale, in dp.
    func androidCells(label: String, sp: Double, lineHeightSp: Double) -> [PlatformCell] {
        let scales = fontScales ?? AndroidTypeScale.settingsScales.filter { androidVersion >= 14 || $0 <= 1.3 }
        return scales.map { scale in
            var cell = PlatformCell(
                style: label, pointSize: AndroidTypeScale.dp(sp, fontScale: scale, androidVersion: androidVersion),
                lineHeight: AndroidTypeScale.dp(lineHeightSp, fontScale: scale, androidVersion: androidVersion))
            cell.fontScale = scale
            cell.sp = sp
            cell.lineHeightSp = lineHeightSp
            return cell
        }
    }
}

extension PlatformRequest {
    /// A spec's styles on the platform: each scaled as a design size is
    /// there, then its hand-made size for the category (on Android, the
    /// category nearest the font scale; on macOS, Large) or its limits. A
    /// size changed so has the line height of that size.
    func resolveSpec(_ specStyles: [SpecStyle]) -> [PlatformCell] {
        var cells: [PlatformCell] = []
        for entry in specStyles {
            switch platform {
            case .ios:
                return []
            case .watchos:
                // The watch style of the same name (footnote is footnote1).
                guard let name = try? Self.style(entry.style, on: .watchos) else { continue }
                for var cell in watchCells(label: entry.style, style: name, designSize: entry.size) {
                    let leadingOffset = cell.lineHeight - cell.pointSize
                    let explicit = cell.category.flatMap { entry.sizes[$0] }
                    let (size, changed) = explicit.map { ($0, true) } ?? entry.limited(cell.pointSize)
                    if changed {
                        cell.pointSize = size
                        cell.lineHeight = size + leadingOffset
                    }
                    cells.append(cell)
                }
            case .macos:
                let explicit = entry.sizes[.large]
                let (size, _) = explicit.map { ($0, true) } ?? entry.limited(entry.size)
                cells.append(
                    PlatformCell(style: entry.style, pointSize: size, lineHeight: size * entry.lineHeightRatio))
            case .flutterIOS, .flutterAndroid:
                // A spec is UIFontMetrics'; Flutter scales by its text
                // scaler (refused by the request).
                return []
            case .android:
                for var cell in androidCells(
                    label: entry.style, sp: entry.size, lineHeightSp: entry.size * entry.lineHeightRatio)
                {
                    let explicit = cell.fontScale.flatMap { entry.sizes[Self.category(forFontScale: $0)] }
                    let (size, changed) = explicit.map { ($0, true) } ?? entry.limited(cell.pointSize)
                    if changed {
                        cell.pointSize = size
                        cell.lineHeight = size * entry.lineHeightRatio
                    }
                    cells.append(cell)
                }
            }
        }
        return cells
    }
}

/// One style at one size setting on a platform other than iOS.
public struct PlatformCell: Sendable, Equatable {
    /// The style's name on its platform.
    public var style: String
    /// The watchOS category (`nil` on macOS and Android).
    public var category: ContentSizeCategory?
    /// The Android font scale (`nil` elsewhere).
    public var fontScale: Double?
    /// The size: points on Apple platforms, dp on Android.
    public var pointSize: Double
    /// The line height, in the same unit.
    public var lineHeight: Double
    /// The style's weight, when the platform fixes one (macOS).
    public var weight: String?
    /// Android: the size and line height in sp, before scaling.
    public var sp: Double?
    /// Android: the line height in sp.
    public var lineHeightSp: Double?
    /// Flutter: the letter spacing in logical pixels, which the text scale
    /// does not scale.
    public var letterSpacing: Double?
    /// Flutter: the style sets no line height; the font's ascent, descent
    /// and line gap make the line (`lineHeight` is then 0, not a size).
    public var lineHeightFromFont = false

    /// Creates a cell.
    public init(style: String, pointSize: Double, lineHeight: Double) {
        self.style = style
        self.pointSize = pointSize
        self.lineHeight = lineHeight
    }
}

extension PlatformRequest {
    /// The weight a platform gives a style, for picking a family's face:
    /// macOS's table, Material's medium for title and label roles, Apple's
    /// iOS weights for the styles the platforms share.
    public func weight(ofStyle name: String) -> Int {
        switch platform {
        case .macos:
            return MacTypeTable.rows.first { $0.style.rawValue == name }?.weight.openTypeValue ?? 400
        case .android:
            return name.hasPrefix("title") && name != "titleLarge" || name.hasPrefix("label") ? 500 : 400
        case .flutterIOS, .flutterAndroid:
            return FlutterTypeScale.role(name)?.weight ?? 400
        default:
            let shared = name.hasPrefix("footnote") ? TextStyle.footnote : TextStyle(rawValue: name)
            return shared.map { AppleTypeTable.iOS.weight($0).openTypeValue } ?? 400
        }
    }
}

/// `TextScaler.clamp`'s bounds (`minScaleFactor`, `maxScaleFactor`): a
/// scaled size is held within bound × the unscaled size.
public struct TextScaleClamp: Sendable, Equatable {
    /// The smallest scale (`nil`: 0).
    public var minimum: Double?
    /// The largest scale (`nil`: none).
    public var maximum: Double?

    /// Creates one.
    public init(minimum: Double? = nil, maximum: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Neither bound set.
    public var isEmpty: Bool { minimum == nil && maximum == nil }
}

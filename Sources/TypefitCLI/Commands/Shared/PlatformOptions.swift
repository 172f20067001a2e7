import TypefitCore
import TypefitKit

/// `--platform`, `--watch-size`, `--font-scale`, `--android-version`: whose
/// text sizes. The platform's own settings are read once the platform is
/// known (`choice`), so that an option for another platform is named as
/// such rather than misread.
struct PlatformOptions: Sendable, Equatable {
    var platform: Platform?
    var watchSize: String?
    var fontScale: String?
    var androidVersion: String?

    /// The watch case sizes `--watch-size` takes.
    static let watchSizes: [String] = WatchTypeTable.caseSizes.map { "\($0.millimetres)mm" }

    static let options: [Option<PlatformOptions>] = [
        .value(
            "--platform", "platform",
            help: "Whose text sizes: each platform's own styles, sizes and rules (default: ios).",
            values: Platform.allCases.map(\.rawValue), validatesValues: true, \.platform
        ) { text throws(UsageError) in
            guard let platform = Platform(rawValue: text.lowercased()) else {
                throw UsageError("unknown platform '\(text)'")
            }
            return platform
        },
        .string(
            "--watch-size", "mm", help: "watchOS: the case size, which sets the default category.",
            values: watchSizes, \.watchSize),
        .string(
            "--font-scale", "scales",
            help: "Android: font scales from 0.5 to 3, e.g. 1.3 or 0.85,1,2 (default: the Settings steps).",
            \.fontScale),
        .string(
            "--android-version", "n",
            help: "Android: 15 and later scale text with Android 15's tables, 14 with Android 14's, earlier "
                + "versions linearly (default: the newest known, 15).",
            \.androidVersion),
    ]

    /// The platform and its settings; `iosOnly` names the options the
    /// command takes only for iOS, with whether each was given.
    func choice(styles: StyleCategoryOptions, iosOnly: [(name: String, given: Bool)]) throws(UsageError)
        -> PlatformChoice
    {
        var choice = PlatformChoice()
        choice.platform = platform ?? .ios
        let platform = choice.platform
        func only(_ option: String, _ given: Bool, on wanted: Platform, _ why: String) throws(UsageError) {
            if given && platform != wanted {
                throw UsageError("'\(option)' applies to --platform \(wanted.rawValue) (\(why))")
            }
        }
        try only("--watch-size", watchSize != nil, on: .watchos, "it picks the watch's default category")
        try only("--font-scale", fontScale != nil, on: .android, "Android scales text by a font scale")
        try only("--android-version", androidVersion != nil, on: .android, "it picks linear or non-linear scaling")
        guard platform != .ios else { return choice }
        for option in iosOnly where option.given {
            throw UsageError(
                "'\(option.name)' is for iOS; with --platform \(platform.rawValue) give --style, --size or --spec "
                    + "and the platform's own options")
        }
        if let text = styles.style {
            var names: [String] = []
            for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
                let item = piece.trimmingSpaces
                if item.lowercased() == "all" {
                    names += PlatformRequest.styleNames(platform).filter { !names.contains($0) }
                    continue
                }
                do {
                    let name = try PlatformRequest.style(item, on: platform)
                    if !names.contains(name) { names.append(name) }
                } catch {
                    throw UsageError(error.message)
                }
            }
            choice.styles = names
        }
        if let size = watchSize {
            let digits = size.lowercased().hasSuffix("mm") ? String(size.dropLast(2)) : size
            let known = WatchTypeTable.caseSizes.map(\.millimetres)
            guard let mm = Int(digits.trimmingSpaces), known.contains(mm) else {
                throw UsageError(
                    "'--watch-size' takes a case size: " + known.map { "\($0)mm" }.joined(separator: ", ")
                        + " (got '\(size)')")
            }
            choice.watchSize = mm
        }
        if let scales = fontScale {
            var values: [Double] = []
            for piece in scales.split(separator: ",") {
                guard let value = Double(piece.trimmingSpaces), value >= 0.5, value <= 3 else {
                    throw UsageError(
                        "'--font-scale' takes font scales from 0.5 to 3, e.g. 1.3 or 0.85,1,2 (got '\(scales)')")
                }
                values.append(value)
            }
            choice.fontScales = values
        }
        if let version = androidVersion {
            guard let value = Int(version.trimmingSpaces), (1...99).contains(value) else {
                throw UsageError("'--android-version' takes a major version such as 13 or 14 (got '\(version)')")
            }
            choice.androidVersion = value
        }
        if let categories = styles.category {
            let keyword = categories.trimmingSpaces.lowercased()
            switch platform {
            case .android where keyword != "default":
                throw UsageError("Android has no content size categories: it scales text by --font-scale (e.g. 1.3)")
            case .macos where keyword != "default":
                throw UsageError(
                    "macOS does not scale text by content size category: its text styles have fixed sizes")
            default:
                break
            }
        }
        return choice
    }

    /// A category the platform does not have is a usage error (exit 64),
    /// on every platform alike.
    static func checkCategories(_ categories: [ContentSizeCategory], on platform: Platform) throws(UsageError) {
        guard platform == .watchos else { return }
        if let missing = categories.first(where: { !WatchTypeTable.categories.contains($0) }) {
            let names = WatchTypeTable.categories.map(\.rawValue).joined(separator: ", ")
            throw UsageError("watchOS has no category \(missing.rawValue) (it has \(names))")
        }
    }
}

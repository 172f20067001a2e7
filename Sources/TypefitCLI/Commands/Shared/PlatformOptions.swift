import TypefitCore
import TypefitKit

/// `--platform`, `--watch-size`, `--font-scale`, `--android-version`: whose
/// text sizes. The platform's own settings are read once the platform is
/// known (`choice`), so that an option for another platform is named as
/// such rather than misread.
struct PlatformOptions: Sendable, Equatable {
    var platform: Platform?
    var watchSize: WatchSize?
    var fontScale: FontScales?
    var androidVersion: AndroidVersion?

    static let options: [Option<PlatformOptions>] = [
        .value(
            "--platform", "platform",
            help: "Whose text sizes: each platform's own styles, sizes and rules (default: ios).", \.platform),
        .value("--watch-size", "mm", help: "watchOS: the case size, which sets the default category.", \.watchSize)
            .only(on: .watchos, because: "it picks the watch's default category"),
        .value(
            "--font-scale", "scales",
            help: "Android: font scales from 0.5 to 3, e.g. 1.3 or 0.85,1,2 (default: the Settings steps).",
            \.fontScale
        ).only(on: .android, because: "Android scales text by a font scale"),
        .value(
            "--android-version", "n",
            help: "Android: 15 and later scale text with Android 15's tables, 14 with Android 14's, earlier "
                + "versions linearly (default: the newest known, 15).",
            \.androidVersion
        ).only(on: .android, because: "it picks linear or non-linear scaling"),
    ]

    /// The platform and its settings (options for another platform were
    /// refused by their declarations' rules).
    func choice(styles: StyleCategoryOptions) throws(UsageError) -> PlatformChoice {
        var choice = PlatformChoice()
        choice.platform = platform ?? .ios
        let platform = choice.platform
        guard platform != .ios else { return choice }
        choice.styles = try styles.style?.names(on: platform)
        choice.watchSize = watchSize?.millimetres
        choice.fontScales = fontScale?.values
        if let version = androidVersion?.value { choice.androidVersion = version }
        switch (platform, styles.category) {
        case (.android, .some(let selection)) where selection != .platformDefault:
            throw UsageError("Android has no content size categories: it scales text by --font-scale (e.g. 1.3)")
        case (.macos, .some(let selection)) where selection != .platformDefault:
            throw UsageError("macOS does not scale text by content size category: its text styles have fixed sizes")
        default:
            break
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

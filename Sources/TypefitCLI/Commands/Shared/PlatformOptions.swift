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
    var flutterVersion: FlutterVersion?
    var minimumTextScale: TextScale?
    var maximumTextScale: TextScale?

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
        ).only(on: .android, .flutterAndroid, because: "Android scales text by a font scale"),
        .value(
            "--android-version", "n",
            help: "Android: 15 and later scale text with Android 15's tables, 14 with Android 14's, earlier "
                + "versions linearly (default: the newest known, 15).",
            \.androidVersion
        ).only(on: .android, .flutterAndroid, because: "it picks linear or non-linear scaling"),
        .value(
            "--flutter-version", "x.y",
            help: "Flutter on Android: 3.35 and later follow Android 14's non-linear font scaling, earlier "
                + "releases multiply by the font scale (default: 3.35).",
            \.flutterVersion
        ).only(on: .flutterAndroid, because: "it picks linear or non-linear scaling"),
        .value(
            "--minimum-text-scale", "x",
            help: "Flutter: hold every size at or above x × its unscaled size, as TextScaler.clamp's "
                + "minScaleFactor (MediaQuery.withClampedTextScaling) does.",
            \.minimumTextScale
        ).only(on: .flutterIOS, .flutterAndroid, because: "it clamps Flutter's text scaler"),
        .value(
            "--maximum-text-scale", "x",
            help: "Flutter: hold every size at or below x × its unscaled size, as TextScaler.clamp's "
                + "maxScaleFactor does (Cupertino's navigation bar titles: 1.235).",
            \.maximumTextScale
        ).only(on: .flutterIOS, .flutterAndroid, because: "it clamps Flutter's text scaler"),
    ]

    /// A request for the platform with its settings and the styles and
    /// categories named for it (options for another platform were refused
    /// by their declarations' rules).
    func request(styles: StyleCategoryOptions) throws(UsageError) -> Request {
        var request = Request()
        request.platform = platform ?? .ios
        request.watchSize = watchSize?.millimetres
        request.fontScales = fontScale?.values
        if let version = androidVersion?.value { request.androidVersion = version }
        if let flutterVersion { request.flutterVersion = flutterVersion }
        request.textScaleClamp = TextScaleClamp(minimum: minimumTextScale?.value, maximum: maximumTextScale?.value)
        if request.platform == .ios {
            request.styles = try styles.style?.iosStyles()
        } else {
            request.platformStyles = try styles.style?.names(on: request.platform)
        }
        request.categories = styles.category
        request.clamp = styles.clamp
        return request
    }
}

/// The platforms typefit knows the text sizes of.
///
/// A Flutter app is a platform of its own on each host (`flutter-ios`,
/// `flutter-android`): Flutter's engine draws its text (SkParagraph), its
/// framework sizes it (Material 3's 2021 roles, one text scale), and the
/// host gives the setting (a content size category, a font scale) and
/// the system fonts. A value names the whole set of rules, as the other
/// platforms do.
public enum Platform: String, CaseIterable, Sendable {
    case ios, watchos, macos, android
    case flutterIOS = "flutter-ios"
    case flutterAndroid = "flutter-android"

    /// The name as its maker writes it (`watchOS`).
    public var displayName: String {
        switch self {
        case .ios: return "iOS"
        case .watchos: return "watchOS"
        case .macos: return "macOS"
        case .android: return "Android"
        case .flutterIOS: return "Flutter on iOS"
        case .flutterAndroid: return "Flutter on Android"
        }
    }

    /// The operating system whose settings and fonts it uses (`ios` for
    /// `flutter-ios`).
    public var host: Platform {
        switch self {
        case .flutterIOS: return .ios
        case .flutterAndroid: return .android
        default: return self
        }
    }

    /// Whether Flutter draws its text.
    public var isFlutter: Bool { self == .flutterIOS || self == .flutterAndroid }

    /// Whether its sizes are set by a font scale (Android's hosts), not a
    /// content size category.
    public var scalesByFontScale: Bool { host == .android }
}

/// Flutter's text sizes: Material 3's type scale as Flutter's
/// `Typography.material2021` has it, and the text scale each host hands
/// the engine. Sources (flutter/flutter @ 79557800):
/// `packages/flutter/lib/src/material/typography.dart:2087–2152` (the
/// generated 2021 tokens: size, height as a multiple of the size, letter
/// spacing in logical pixels, weight); the iOS embedder's table in
/// `engine/src/flutter/shell/platform/darwin/ios/framework/Source/FlutterViewController.mm:1806–1863`;
/// Android's in `FlutterJNI.java:1509–1525` and the framework's
/// `PlatformDispatcher.scaleFontSize` (`lib/ui/platform_dispatcher.dart:1550–1609`),
/// wired to `Text` only from Flutter 3.35 (#159999).
public enum FlutterTypeScale {
    /// A text style as Flutter sets it: size and letter spacing in
    /// logical pixels (the text scale scales only the size:
    /// `TextStyle.getTextStyle`), `height` as a multiple of the size
    /// (`nil`: none set, the font's own ascent, descent and line gap make
    /// the line), weight, and whether iOS draws it in
    /// `CupertinoSystemDisplay` rather than `CupertinoSystemText`.
    public struct Style: Sendable, Equatable {
        /// The name: a `TextTheme` role or a `CupertinoTextThemeData` field.
        public var name: String
        /// The size before the text scale.
        public var size: Double
        /// The line height over the size, when the style sets one.
        public var height: Double?
        /// The letter spacing in logical pixels.
        public var letterSpacing: Double
        /// The weight (OpenType scale; 400 where the style sets none).
        public var weight: Int
        /// Whether iOS draws it in the Display family.
        public var isDisplay: Bool
    }

    /// Material 3's roles as Flutter draws them: size, `height` (line
    /// height over size), letter spacing in logical pixels (not scaled
    /// with the text: `TextStyle.getTextStyle` scales only the size) and
    /// weight. They differ from Compose's newer tokens (displayLarge
    /// -0.25, titleMedium 0.15, bodyMedium 0.25; lines of size × height).
    /// On iOS, `Typography.blackCupertino` gives display, headline and
    /// titleLarge `CupertinoSystemDisplay` (`material/typography.dart:995–1086`).
    public static let roles: [Style] = [
        ("displayLarge", 57, 1.12, -0.25, 400), ("displayMedium", 45, 1.16, 0, 400),
        ("displaySmall", 36, 1.22, 0, 400), ("headlineLarge", 32, 1.25, 0, 400),
        ("headlineMedium", 28, 1.29, 0, 400), ("headlineSmall", 24, 1.33, 0, 400),
        ("titleLarge", 22, 1.27, 0, 400), ("titleMedium", 16, 1.50, 0.15, 500),
        ("titleSmall", 14, 1.43, 0.1, 500), ("labelLarge", 14, 1.43, 0.1, 500),
        ("labelMedium", 12, 1.33, 0.5, 500), ("labelSmall", 11, 1.45, 0.5, 500),
        ("bodyLarge", 16, 1.50, 0.5, 400), ("bodyMedium", 14, 1.43, 0.25, 400),
        ("bodySmall", 12, 1.33, 0.4, 400),
    ].map { (name: String, size: Double, height: Double, spacing: Double, weight: Int) in
        Style(
            name: name, size: size, height: height, letterSpacing: spacing, weight: weight,
            isDisplay: name.hasPrefix("display") || name.hasPrefix("headline") || name == "titleLarge")
    }

    /// Cupertino's text theme (`CupertinoTextThemeData`'s defaults,
    /// `cupertino/text_theme.dart:19–123`, "derived from
    /// https://developer.apple.com/design/resources/"): no `height` (the
    /// font's metrics make the line); `textStyle` is what a `Text` in a
    /// `CupertinoApp` gets. A widget may clamp the text scale of its own
    /// (the navigation bar's titles: 1…1.235, `cupertino/nav_bar.dart:78,2206`).
    public static let cupertinoStyles: [Style] = [
        Style(name: "textStyle", size: 17, height: nil, letterSpacing: -0.41, weight: 400, isDisplay: false),
        Style(name: "actionTextStyle", size: 17, height: nil, letterSpacing: -0.41, weight: 400, isDisplay: false),
        Style(
            name: "actionSmallTextStyle", size: 15, height: nil, letterSpacing: -0.23, weight: 400, isDisplay: false),
        Style(name: "tabLabelTextStyle", size: 10, height: nil, letterSpacing: -0.24, weight: 500, isDisplay: false),
        Style(name: "navTitleTextStyle", size: 17, height: nil, letterSpacing: -0.41, weight: 600, isDisplay: false),
        Style(
            name: "navLargeTitleTextStyle", size: 34, height: nil, letterSpacing: 0.38, weight: 700, isDisplay: true),
        Style(name: "pickerTextStyle", size: 21, height: nil, letterSpacing: -0.6, weight: 400, isDisplay: true),
        Style(
            name: "dateTimePickerTextStyle", size: 21, height: nil, letterSpacing: 0.4, weight: 400, isDisplay: true),
    ]

    /// Every style typefit knows on Flutter: Material 3's roles, then
    /// Cupertino's.
    public static let styles: [Style] = roles + cupertinoStyles

    /// A style by name.
    public static func role(_ name: String) -> Style? {
        styles.first { $0.name == name }
    }

    /// Whether Flutter on iOS sets `style` in `CupertinoSystemDisplay`,
    /// else `CupertinoSystemText`.
    public static func usesDisplayFamily(_ style: String) -> Bool {
        role(style)?.isDisplay ?? false
    }

    /// The body size the iOS embedder gives each content size category
    /// (`-textScaleFactor`: "approximating Apple's typography
    /// guidelines"); the text scale is this over 17, Large's.
    public static let iosBodySizes: [ContentSizeCategory: Double] = [
        .extraSmall: 14, .small: 15, .medium: 16, .large: 17, .extraLarge: 19, .extraExtraLarge: 21,
        .extraExtraExtraLarge: 23, .accessibilityMedium: 28, .accessibilityLarge: 33,
        .accessibilityExtraLarge: 40, .accessibilityExtraExtraLarge: 47, .accessibilityExtraExtraExtraLarge: 53,
    ]

    /// The text scale a Flutter app gets on iOS at `category`: one factor
    /// for every style (UIKit's own table scales styles unevenly).
    public static func iosTextScale(_ category: ContentSizeCategory) -> Double {
        category == .large ? 1 : (iosBodySizes[category] ?? 17) / 17
    }

    /// The first Flutter release whose `Text` follows Android 14's
    /// non-linear font scaling (framework #159999 wired
    /// `SystemTextScaler`; earlier releases multiply by the font scale).
    public static let nonlinearSince = FlutterVersion(major: 3, minor: 35)

    /// `size` (logical pixels) at Android's `fontScale` as Flutter
    /// `version` scales it on Android `androidVersion`: Android's own
    /// converter from Flutter 3.35 on Android 14 and later
    /// (`getScaledFontSize` is `TypedValue.applyDimension`), else
    /// `size × fontScale`.
    public static func androidSize(
        _ size: Double, fontScale: Double, androidVersion: Int, flutterVersion: FlutterVersion
    ) -> Double {
        guard fontScale != 1 else { return size }
        guard flutterVersion >= nonlinearSince, androidVersion >= 14 else { return size * fontScale }
        let floor = size.rounded(.down)
        let scaled = { (s: Double) in AndroidFontScaling.dp(s, fontScale: fontScale, androidVersion: androidVersion) }
        // Integer sizes go to the embedder; fractional ones interpolate
        // between the scaled floor and ceiling (`scaleFontSize`).
        guard size != floor else { return scaled(size) }
        let low = scaled(floor)
        return low + (scaled(floor + 1) - low) * (size - floor)
    }
}

/// A Flutter release (`3.35`), compared by its numbers.
public struct FlutterVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major number.
    public var major: Int
    /// The minor number.
    public var minor: Int

    /// Creates one.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// `3`, `3.35`, `3.35.2` (the patch is not needed), or `nil`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count,
            numbers.allSatisfy({ $0 >= 0 && $0 < 10_000 })
        else { return nil }
        self.init(major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0)
    }

    /// The newest behaviour typefit knows (3.35's).
    public static let newestKnown = FlutterVersion(major: 3, minor: 35)

    /// `3.35`.
    public var description: String { "\(major).\(minor)" }

    /// By major, then minor.
    public static func < (a: FlutterVersion, b: FlutterVersion) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }
}

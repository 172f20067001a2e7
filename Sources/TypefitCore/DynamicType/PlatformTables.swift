/// watchOS: nine categories, ten styles, and a default category that
/// depends on the watch's case size (Apple HIG, Typography, watchOS).
public enum WatchTypeTable {
    /// The categories watchOS offers, smallest first.
    public static let categories: [ContentSizeCategory] = [
        .extraSmall, .small, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge,
    ]

    /// The styles, largest first, by their watchOS names.
    public static let styles = [
        "largeTitle", "title1", "title2", "title3", "headline", "body", "caption1", "caption2", "footnote1",
        "footnote2",
    ]

    /// Point sizes: a row per style, a column per category.
    static let sizes: [[Double]] = [
        [30, 32, 36, 40, 41, 42, 44, 45, 46],
        [28, 30, 34, 38, 39, 40, 42, 43, 44],
        [24, 26, 28, 30, 31, 32, 34, 35, 36],
        [17, 18, 19, 20, 21, 22, 24, 25, 26],
        [14, 15, 16, 17, 18, 19, 21, 22, 23],
        [14, 15, 16, 17, 18, 19, 21, 22, 23],
        [13, 14, 15, 16, 17, 18, 18, 19, 20],
        [12, 13, 14, 15, 16, 17, 17, 18, 19],
        [11, 12, 13, 14, 15, 16, 16, 17, 18],
        [10, 11, 12, 13, 14, 15, 15, 16, 17],
    ]

    /// Leading, as Apple prints it (usually size + 2.5, with outliers).
    static let leadings: [[Double]] = [
        [32.5, 34.5, 38.5, 42.5, 43.5, 44.5, 46.5, 47.5, 48.5],
        [30.5, 32.5, 36.5, 40.5, 41.5, 42.5, 44.5, 46, 47],
        [26.5, 28.5, 30.5, 32.5, 33.5, 34.5, 41, 37.5, 38.5],
        [19.5, 20.5, 21.5, 22.5, 23.5, 24.5, 26.5, 27.5, 28.5],
        [16.5, 17.5, 18.5, 19.5, 20.5, 21.5, 23.5, 24.5, 25.5],
        [16.5, 17.5, 18.5, 19.5, 20.5, 21.5, 23.5, 24.5, 25.5],
        [15.5, 16.5, 17.5, 18.5, 19.5, 20.5, 20.5, 21.5, 22.5],
        [14.5, 15.5, 16.5, 17.5, 18.5, 19.5, 19.5, 20.5, 21.5],
        [13.5, 14.5, 15.5, 16.5, 17.5, 18.5, 18.5, 19.5, 20.5],
        [12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 17.5, 17.5, 19.5],
    ]

    /// Every Apple Watch case size, the models that have it, and its
    /// default category. The categories are those of Apple's HIG
    /// (Typography → watchOS Dynamic Type sizes: "Small (default 38mm)",
    /// "Large (default 40mm/41mm/42mm)", "xLarge (default 44mm/45mm/49mm)");
    /// the sizes and models are those of Apple's "Supporting multiple watch
    /// sizes" (Series 4–6 and SE: 40/44 mm; Series 7–9: 41/45 mm; Series 10
    /// and 11: 42/46 mm; Ultra: 49 mm). The HIG does not yet list 46 mm: like
    /// the larger case of every other generation (44, 45) it is taken as
    /// xLarge, and `documented` says so.
    public static let caseSizes: [(millimetres: Int, category: ContentSizeCategory, models: String, documented: Bool)] =
        [
            (38, .small, "Series 1-3", true),
            (40, .large, "Series 4-6, SE", true),
            (41, .large, "Series 7-9", true),
            (42, .large, "Series 1-3, Series 10-11", true),
            (44, .extraLarge, "Series 4-6, SE", true),
            (45, .extraLarge, "Series 7-9", true),
            (46, .extraLarge, "Series 10-11", false),
            (49, .extraLarge, "Ultra", true),
        ]

    /// The size and leading of `style` (a watchOS name) at `category`, or
    /// `nil` when watchOS has no such style or category.
    public static func cell(_ style: String, _ category: ContentSizeCategory) -> (size: Double, leading: Double)? {
        guard let row = styles.firstIndex(of: style), let column = categories.firstIndex(of: category) else {
            return nil
        }
        return (sizes[row][column], leadings[row][column])
    }
}

/// macOS: fixed sizes; no Dynamic Type (Apple HIG, Typography, macOS).
public enum MacTypeTable {
    /// Style, weight, size and line height, largest first.
    public static let rows: [(style: TextStyle, weight: FontWeight, size: Double, lineHeight: Double)] = [
        (.largeTitle, .regular, 26, 32), (.title1, .regular, 22, 26), (.title2, .regular, 17, 22),
        (.title3, .regular, 15, 20), (.headline, .bold, 13, 16), (.body, .regular, 13, 16),
        (.callout, .regular, 12, 15), (.subheadline, .regular, 11, 14), (.footnote, .regular, 10, 13),
        (.caption1, .regular, 10, 13), (.caption2, .medium, 10, 13),
    ]
}

/// Android: Material 3's type scale roles, and the framework's font scaling
/// (`AndroidFontScaling`: linear up to Android 13; non-linear lookup tables from Android 14,
/// AOSP `FontScaleConverterFactory`).
public enum AndroidTypeScale {
    /// Material 3 roles: size, line height and tracking (letter spacing)
    /// in sp, as Jetpack Compose's Material 3 library has them (androidx
    /// `compose/material3/material3/src/commonMain/kotlin/androidx/compose/material3/tokens/TypeScaleTokens.kt`,
    /// generated tokens v0_103, commit 160825094a81825468a95b115bfb1b541e549856;
    /// earlier token versions had displayLarge -0.25, titleMedium 0.15 and
    /// bodyMedium 0.25).
    public static let roles: [(name: String, size: Double, lineHeight: Double, tracking: Double)] = [
        ("displayLarge", 57, 64, -0.2), ("displayMedium", 45, 52, 0), ("displaySmall", 36, 44, 0),
        ("headlineLarge", 32, 40, 0), ("headlineMedium", 28, 36, 0), ("headlineSmall", 24, 32, 0),
        ("titleLarge", 22, 28, 0), ("titleMedium", 16, 24, 0.2), ("titleSmall", 14, 20, 0.1),
        ("bodyLarge", 16, 24, 0.5), ("bodyMedium", 14, 20, 0.2), ("bodySmall", 12, 16, 0.4),
        ("labelLarge", 14, 20, 0.1), ("labelMedium", 12, 16, 0.5), ("labelSmall", 11, 16, 0.5),
    ]

    /// A role's letter spacing in ems: its tracking over its size, as a
    /// TextView's `android:letterSpacing` holds it (Compose converts the sp
    /// tracking at the font scale, within 0.005 em of this at 2.0).
    public static func letterSpacingEms(ofRole name: String) -> Double {
        guard let role = roles.first(where: { $0.name == name }), role.size > 0 else { return 0 }
        return role.tracking / role.size
    }

    /// The font scales Settings offers (Android 14 and later); up to
    /// Android 13 the last three are missing.
    public static let settingsScales: [Double] = [0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0]

    /// `sp` at `fontScale` in dp, as Android `version` converts it (see
    /// `AndroidFontScaling`).
    public static func dp(_ sp: Double, fontScale: Double, androidVersion: Int = AndroidFontScaling.newestKnownVersion)
        -> Double
    {
        AndroidFontScaling.dp(sp, fontScale: fontScale, androidVersion: androidVersion)
    }
}

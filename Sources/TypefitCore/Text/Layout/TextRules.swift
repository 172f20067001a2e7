/// How a platform draws text, decided once from the request and handed to
/// everything that measures or breaks it: how lines break, which fonts draw
/// what a face lacks, the letter spacing a style's paint adds, whether the
/// platform sets an optical size and the unit widths are in. A face's
/// address (`FaceLocation`) says where it is, never how it is drawn; a
/// new platform is a value of this type and its fallback policy.
public struct TextRules: Sendable, Hashable {
    /// How lines are broken.
    public var breaking: LineBreaking
    /// Which fonts draw what a face lacks.
    public var fallback: FallbackPolicy
    /// The letter spacing each style's text is drawn with.
    public var letterSpacing: LetterSpacingPolicy
    /// Whether the platform sets an optical size from the point size
    /// (Core Text does, `OpticalSizing`; Android draws a face at its own
    /// coordinates and ignores `trak`).
    public var setsOpticalSize: Bool
    /// The unit of sizes and widths (`pt`, `dp`).
    public var unit: String
    /// Whether lines wrap at the width (Flutter's `Text.softWrap`, true by
    /// default). Off, Flutter lays the text out at an unbounded width: a
    /// line ends only at a line feed, and one wider than the width
    /// overflows it (`paragraph.dart:874,949–950`).
    public var softWrap = true

    /// Apple's: UIKit's lines, iOS's cascade, no letter spacing, Core
    /// Text's optical sizes, points.
    public static let apple = TextRules(
        breaking: .apple, fallback: .appleCascade, letterSpacing: .none, setsOpticalSize: true, unit: "pt")

    /// Android's: Minikin's lines and font selection, Material 3's letter
    /// spacing per role, no optical size of its own, dp.
    public static func android(_ breaking: AndroidLineBreaking, fallback: AndroidFallback) -> TextRules {
        TextRules(
            breaking: .android(breaking), fallback: .minikin(fallback), letterSpacing: .materialRoles,
            setsOpticalSize: false, unit: "dp")
    }

    /// Flutter's: SkParagraph's lines, each role's letter spacing in
    /// logical pixels (unscaled), the host's fonts and fallback.
    public static func flutter(fallback: FallbackPolicy, unit: String, setsOpticalSize: Bool) -> TextRules {
        TextRules(
            breaking: .skParagraph, fallback: fallback, letterSpacing: .flutterMaterial,
            setsOpticalSize: setsOpticalSize, unit: unit)
    }

    /// Creates rules.
    public init(
        breaking: LineBreaking, fallback: FallbackPolicy, letterSpacing: LetterSpacingPolicy, setsOpticalSize: Bool,
        unit: String
    ) {
        self.breaking = breaking
        self.fallback = fallback
        self.letterSpacing = letterSpacing
        self.setsOpticalSize = setsOpticalSize
        self.unit = unit
    }

    /// The letter spacing, in ems, that text of `style` at `size` is
    /// drawn with (every face drawing it, fallbacks included).
    public func letterSpacingEms(ofStyle style: String, size: Double) -> Double {
        switch letterSpacing {
        case .none: 0
        case .materialRoles: AndroidTypeScale.letterSpacingEms(ofRole: style)
        case .flutterMaterial:
            // Logical pixels the text scale does not scale.
            size > 0 ? (FlutterTypeScale.role(style)?.letterSpacing ?? 0) / size : 0
        }
    }
}

/// Which fonts draw the characters a face lacks.
public enum FallbackPolicy: Sendable, Hashable {
    /// iOS's cascade: the system font's per-script faces, then
    /// fontconfig's order (`IOSCascade`).
    case appleCascade
    /// Minikin's selection over Android's `font_fallback.xml` chain
    /// (`AndroidFontFallback`).
    case minikin(AndroidFallback)
    /// Skia's selection over the same chain, as Flutter's engine makes it
    /// on Android (`AndroidFontFallback.skiaOrder`).
    case skia(AndroidFallback)

    /// Android's chain, where the policy is Minikin's or Skia's.
    public var android: AndroidFallback? {
        switch self {
        case .minikin(let chain), .skia(let chain): chain
        case .appleCascade: nil
        }
    }
}

/// The letter spacing a platform's styles are drawn with.
public enum LetterSpacingPolicy: Sendable, Hashable {
    /// None.
    case none
    /// Material 3's roles: each role's tracking over its size
    /// (`android:letterSpacing`, `Paint.setLetterSpacing`).
    case materialRoles
    /// Flutter's Material 3 (2021) roles: `TextStyle.letterSpacing` in
    /// logical pixels after each glyph, whatever the text scale.
    case flutterMaterial
}

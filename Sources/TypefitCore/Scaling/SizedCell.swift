/// A size setting on any platform: a content size category (iOS, watchOS),
/// an Android font scale, or macOS's one fixed size. Cells, `--require` and
/// rules compare these values; the JSON and the tables spell them through
/// `key` and `label`, as they always have.
public enum SizeSetting: Hashable, Sendable {
    /// A content size category.
    case category(ContentSizeCategory)
    /// An Android font scale (1.3 is 130 %).
    case fontScale(Double)
    /// macOS: each style has one size.
    case fixed

    /// The key in JSON and the last column of tables: `large`,
    /// `fontScale1.3`, `fixed`.
    public var key: String {
        switch self {
        case .category(let category): return category.rawValue
        case .fontScale(let scale): return "fontScale" + shortestNumber(scale)
        case .fixed: return "fixed"
        }
    }

    /// The setting for people: `Large`, `AX5`, `1.3x`, `fixed`.
    public var label: String {
        switch self {
        case .category(let category): return category.higLabel
        case .fontScale(let scale): return shortestNumber(scale) + "x"
        case .fixed: return "fixed"
        }
    }

    /// The setting in a sentence, by both names a user may have typed
    /// when they differ (`--require AX3` or `accessibilityExtraLarge`):
    /// `AX3 (accessibilityExtraLarge)`, `2x (fontScale2)`, `large`.
    public var spelled: String {
        label.lowercased() == key.lowercased() ? key : "\(label) (\(key))"
    }

    /// Whether it is an accessibility size (AX1–AX5 on Apple platforms).
    public var isAccessibility: Bool {
        if case .category(let category) = self { return category.isAccessibilityCategory }
        return false
    }
}

/// A (style, size setting) cell with its size and face, on any platform:
/// what `measure`, `fit` and `specimen` work from.
public struct SizedCell: Sendable {
    /// The style's name on its platform.
    public var style: String
    /// The size setting.
    public var size: SizeSetting
    /// The size in points (dp on Android).
    public var pointSize: Double
    /// The line height in the same unit.
    public var lineHeight: Double?
    /// The face and where it was found.
    public var face: FaceResolution?
    /// The setting whose size this one is set at, when a clamp holds it
    /// there (`SizeClamp`).
    public var clampedTo: SizeSetting?

    /// Creates a cell.
    public init(style: String, size: SizeSetting, pointSize: Double, lineHeight: Double?, face: FaceResolution?) {
        self.style = style
        self.size = size
        self.pointSize = pointSize
        self.lineHeight = lineHeight
        self.face = face
    }

    /// The setting for people, with the one it is set at when clamped:
    /// `AX3 (at xxLarge)`.
    public var label: String {
        size.label + (clampedTo.map { " (at \($0.label))" } ?? "")
    }

    /// An iOS cell.
    public init?(_ entry: ScaleEntry) {
        guard let size = entry.pointSize else { return nil }
        self.init(
            style: entry.style.rawValue, size: .category(entry.category), pointSize: size,
            lineHeight: entry.lineHeight, face: entry.face)
    }

    /// A cell of another platform, with its face.
    public init(_ cell: PlatformCell, face: FaceResolution?) {
        let size: SizeSetting =
            if let scale = cell.fontScale { .fontScale(scale) } else if let category = cell.category {
                .category(category)
            } else { .fixed }
        self.init(
            style: cell.style, size: size, pointSize: cell.pointSize,
            lineHeight: cell.lineHeightFromFont ? nil : cell.lineHeight, face: face)
    }
}

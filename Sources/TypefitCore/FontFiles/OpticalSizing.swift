/// What a face's widths do with the point size, as Core Text sets a font:
/// an `opsz` axis set to the point size and the `trak` table's tracking
/// for the point size, both only for a font Core Text treats as "modern".
///
/// The rule, decided here and not left to a HarfBuzz version's default
/// (HarfBuzz 6 applies `trak` whenever a size is set, 10.4 only with
/// `STAT`, and picks 12 pt when none is set):
///
/// - Core Text's `kCTFontOpticalSizeAttribute` "auto" requests "an
///   optical size matching the point size" (CTFontDescriptor.h, iOS 12),
///   and UIKit's font APIs "handle optical sizes automatically for system
///   fonts (as well as custom fonts with optical size access)" (WWDC20
///   "The details of UI typography").
/// - The same session: "Platforms now recognize different tracking for
///   custom fonts containing both `trak` and `STAT` tables"; HarfBuzz
///   follows it ("trak is applied by default for 'modern fonts', as
///   detected by presence of STAT table", hb-ot-shape.cc, after a Core
///   Text engineer; harfbuzz/harfbuzz#5052), and WebKit notes that the
///   optical-size attribute "enables the opsz variation axis, but also
///   enables the trak table" (WebKit/WebKit#10354).
///
/// So: a face with a `STAT` table (or the system font) gets `opsz` = the
/// point size, clamped to the axis, and its `trak` normal track at the
/// point size; any other face is measured at its own coordinates with no
/// tracking. Tracking is added to the advance of each grapheme's first
/// glyph, the last one included (HarfBuzz's `trak` code, and Core Text
/// puts it in the glyph advances: harfbuzz/harfbuzz#5049); between the
/// table's sizes it is linear, beyond them along the nearest two
/// (`TrakTable.tracking`), rounded to whole font units, halves up, as
/// HarfBuzz rounds it (`_hb_roundf`; the table's values are whole units;
/// how Core Text rounds is not published).
///
/// `mode` is the user's (`--optical-size`, a spec's `"opticalSize"`), as
/// Core Text's attribute takes it: `auto` the rule above; `none` neither
/// the `opsz` axis nor `trak` (WebKit reads the attribute as enabling
/// both); a number sets `opsz` to it in any face with the axis, the
/// tracking staying the rule's at the point size.
public struct OpticalSizing: Sendable, Equatable {
    /// The axes (for the coordinates a sized face is set to).
    public var axes: [FvarTable.Axis]
    /// The named instances' coordinates.
    public var instances: [[Double]]
    /// The `opsz` axis's index, when the face has one.
    public var opticalAxis: Int?
    /// The tracking table, when the face has one.
    public var tracking: TrakTable?
    /// Whether Core Text sizes the face: it has a `STAT` table, or it is
    /// the system font (and the mode is not `none`).
    public var applies: Bool
    /// The user's optical size.
    public var mode: OpticalSizeMode

    /// The rule for a face with these tables (`nil` where it has none).
    public init(
        fvar: FvarTable?, trak: TrakTable?, hasSTAT: Bool, isSystemFont: Bool = false, mode: OpticalSizeMode = .auto
    ) {
        axes = fvar?.axes ?? []
        instances = fvar?.instances.map(\.coordinates) ?? []
        opticalAxis = fvar?.axis(.opsz)?.index
        tracking = trak
        self.mode = mode
        applies = (hasSTAT || isSystemFont) && mode != .none
    }

    /// A face nothing sizes.
    public static let none = OpticalSizing(fvar: nil, trak: nil, hasSTAT: false)

    /// Whether the face's widths change with the point size (else a
    /// string is shaped once for every size).
    public var dependsOnPointSize: Bool {
        guard tracks else { return false }
        if opticalAxis != nil, mode == .auto { return true }
        guard let tracking, let normal = tracking.tracks.first(where: { $0.track == 0 }) else { return false }
        return normal.values.contains { $0 != 0 }
    }

    /// Whether the `trak` table's tracking is added (never with a pinned
    /// optical size).
    var tracks: Bool {
        if case .pinned = mode { return false }
        return applies
    }

    /// The `opsz` value at `pointSize`: the size clamped to the axis;
    /// `nil` where the rule does not set it.
    public func opticalSize(at pointSize: Double?) -> Double? {
        guard let index = opticalAxis else { return nil }
        let wanted: Double
        switch mode {
        case .none: return nil
        // A size asked for is the user's: set whatever the tables.
        case .points(let points), .pinned(let points): wanted = points
        case .auto:
            guard applies, let pointSize else { return nil }
            wanted = pointSize
        }
        let axis = axes[index]
        return min(max(wanted, axis.minimum), axis.maximum)
    }

    /// The coordinates (user units, one per axis) of the face's instance
    /// `instance` (0: the default location, k: named instance k − 1) at
    /// `pointSize`; `nil` where nothing is set (the instance's own
    /// coordinates stand).
    public func coordinates(instance: Int, at pointSize: Double?) -> [Double]? {
        guard let index = opticalAxis, let size = opticalSize(at: pointSize) else { return nil }
        var coordinates =
            instance > 0 && instance <= instances.count && instances[instance - 1].count == axes.count
            ? instances[instance - 1] : axes.map(\.defaultValue)
        coordinates[index] = size
        return coordinates
    }

    /// The tracking at `pointSize`, in font units per grapheme (0 where
    /// the rule does not apply it).
    public func trackingUnits(at pointSize: Double) -> Double {
        guard tracks, let tracking else { return 0 }
        return (tracking.tracking(atPointSize: pointSize) + 0.5).rounded(.down)
    }

    /// What measuring face `instance` at `pointSize` applies: each axis's
    /// coordinate (the instance's own where the rule sets none; a static
    /// face has none) and the tracking in ems.
    public func setting(instance: Int, unitsPerEm: Double, at pointSize: Double?) -> FaceSetting {
        let coordinates =
            coordinates(instance: instance, at: pointSize)
            ?? (instance > 0 && instance <= instances.count && instances[instance - 1].count == axes.count
                ? instances[instance - 1] : axes.map(\.defaultValue))
        var setting = FaceSetting(
            variations: zip(axes, coordinates).map { FaceSetting.Variation(tag: $0.tag.description, value: $1) },
            trackingEms: pointSize.map { trackingUnits(at: $0) / max(unitsPerEm, 1) } ?? 0,
            opticalSizeFromPointSize: mode == .auto && opticalSize(at: pointSize) != nil)
        // A size beyond the trak table's: its tracking extrapolated.
        if tracks, let pointSize, let sizes = tracking?.sizes, let low = sizes.first, let high = sizes.last,
            sizes.count > 1, pointSize < low || pointSize > high,
            tracking?.tracks.contains(where: { $0.track == 0 }) == true
        {
            setting.trackingTableSizes = low...high
        }
        return setting
    }
}

/// Core Text's `kCTFontOpticalSizeAttribute` as typefit takes it
/// (`--optical-size`): `auto`, `none`, or a size in points.
public enum OpticalSizeMode: Sendable, Hashable, CustomStringConvertible {
    /// An optical size matching the point size (Core Text's default).
    case auto
    /// No optical sizing: the face's own coordinates, no tracking.
    case none
    /// This optical size, whatever the point size.
    case points(Double)
    /// The optical size of the font a typeface was made from, kept at
    /// every size, and no tracking: Skia's `SkCTFontCreateExactCopy`
    /// (`src/utils/mac/SkCTFontCreateExactCopy.cpp`) copies a Core Text
    /// font to each size with the base font's `NSCTFontOpticalSizeAttribute`
    /// ("to keep glyph ids stable over size changes, preserve the optical
    /// size") and `NSCTFontUnscaledTrackingAttribute` 0. Flutter's
    /// `CupertinoSystemText` is the 14 pt system font, drawn so at every
    /// size; never asked for by a user.
    case pinned(Double)

    /// The largest optical size taken, in points (no font's opsz axis
    /// reaches it; it keeps the number a size).
    public static let maximumPoints = 10_000.0

    /// What it takes, for errors: every refusal names the range.
    public static let accepted = "auto, none or an optical size in points greater than 0 and at most 10,000"

    /// Parses `auto`, `none` or a positive number up to `maximumPoints`;
    /// `nil` for anything else.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "auto": self = .auto
        case "none": self = .none
        default:
            guard let value = Double(text), value.isFinite, value > 0, value <= Self.maximumPoints else { return nil }
            self = .points(value)
        }
    }

    /// `auto`, `none` or the number.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .none: "none"
        case .points(let value), .pinned(let value): humanNumber(value)
        }
    }
}

/// The setting a face was measured at: its variation coordinates and the
/// tracking added per grapheme.
public struct FaceSetting: Sendable, Hashable {
    /// An axis and its value (user units).
    public struct Variation: Sendable, Hashable {
        /// The axis tag (`opsz`, `wght`).
        public var tag: String
        /// Its value.
        public var value: Double

        /// Creates one.
        public init(tag: String, value: Double) {
            self.tag = tag
            self.value = value
        }
    }

    /// Each axis's coordinate, in the font's axis order (empty for a
    /// static face).
    public var variations: [Variation]
    /// Tracking added to each grapheme, in ems.
    public var trackingEms: Double
    /// Whether `opsz` was set from the point size (`auto`).
    public var opticalSizeFromPointSize: Bool
    /// When the point size lies beyond the `trak` table's sizes: their
    /// range (the tracking is extrapolated along the nearest two).
    public var trackingTableSizes: ClosedRange<Double>?

    /// Creates one.
    public init(variations: [Variation] = [], trackingEms: Double = 0, opticalSizeFromPointSize: Bool = false) {
        self.variations = variations
        self.trackingEms = trackingEms
        self.opticalSizeFromPointSize = opticalSizeFromPointSize
    }

    /// Nothing applied: a static face, untracked.
    public static let plain = FaceSetting()
}

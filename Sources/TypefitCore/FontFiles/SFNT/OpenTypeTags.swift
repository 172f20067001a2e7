/// A table's four-letter tag (`name`, `OS/2`), as the table directory
/// stores it: one big-endian `UInt32`, compared without making strings.
public struct TableTag: Hashable, Sendable, CustomStringConvertible {
    /// The four bytes, big-endian.
    public var rawValue: UInt32

    /// The tag stored as `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The tag spelled `text` (four ASCII characters; shorter ones are
    /// padded with spaces, as the specification pads them).
    public init(_ text: StaticString) {
        var value: UInt32 = 0
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for i in 0..<4 { value = value << 8 | UInt32(i < bytes.count ? bytes[i] : 0x20) }
        rawValue = value
    }

    /// The four characters.
    public var description: String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) }, as: UTF8.self)
    }

    /// Names: families, styles, full and PostScript names.
    public static let name = TableTag("name")
    /// Weight, width and style flags (`usWeightClass`, `fsSelection`).
    public static let os2 = TableTag("OS/2")
    /// The font header (units per em, `macStyle`).
    public static let head = TableTag("head")
    /// The character map.
    public static let cmap = TableTag("cmap")
    /// A variable font's axes and named instances.
    public static let fvar = TableTag("fvar")
    /// Style attributes: the design axes and how each position is named.
    public static let stat = TableTag("STAT")
    /// Axis variations: how a variable font maps user to normalized
    /// coordinates.
    public static let avar = TableTag("avar")
    /// Apple's tracking table: letter spacing by point size.
    public static let trak = TableTag("trak")

    // Axis tags share the four-byte form (fvar and STAT store them so).

    /// The optical-size axis.
    public static let opsz = TableTag("opsz")
}

/// A name record's meaning (name ID), with the IDs typefit reads named.
public struct NameID: Hashable, Sendable, Comparable {
    /// The ID as stored.
    public var rawValue: UInt16

    /// The ID `rawValue`.
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }

    /// Whether `lhs` comes first in number order.
    public static func < (lhs: NameID, rhs: NameID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// 1: the family (of at most four styles).
    public static let family = NameID(1)
    /// 2: the subfamily (Regular, Bold, Italic, Bold Italic).
    public static let subfamily = NameID(2)
    /// 4: the full name.
    public static let fullName = NameID(4)
    /// 6: the PostScript name.
    public static let postScriptName = NameID(6)
    /// 16: the typographic family.
    public static let typographicFamily = NameID(16)
    /// 17: the typographic subfamily.
    public static let typographicSubfamily = NameID(17)
    /// 21: the WWS family.
    public static let wwsFamily = NameID(21)
    /// 22: the WWS subfamily.
    public static let wwsSubfamily = NameID(22)
    /// 25: the prefix of a variable font's instance PostScript names.
    public static let variationsPostScriptNamePrefix = NameID(25)
}

// The tables typefit reads beyond names, each described once with its
// fields read by name, every offset checked against the table's bytes.
// Sources: the OpenType specification 1.9 (OS/2, head, fvar, STAT, avar)
// and Apple's TrueType Reference Manual (trak).

/// OS/2: the face's weight, width and style bits.
public struct OS2Table: Sendable, Equatable {
    /// `usWeightClass` (1–1000; some fonts use 1–9 for 100–900).
    public var weightClass: UInt16
    /// `usWidthClass` (1–9: ultra-condensed to ultra-expanded).
    public var widthClass: UInt16
    /// `fsSelection` (bit 0 italic, 9 oblique, …).
    public var selection: UInt16

    /// The table in `bytes`; `nil` when it is shorter than version 0's
    /// fields typefit reads or marked unusable (version 0xFFFF).
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 64, Bytes.u16(bytes, 0) != 0xFFFF else { return nil }
        weightClass = Bytes.u16(bytes, 4)
        widthClass = Bytes.u16(bytes, 6)
        selection = Bytes.u16(bytes, 62)
    }

    /// Whether `fsSelection` says italic or oblique.
    public var isItalicOrOblique: Bool { selection & 0x0201 != 0 }
}

/// head: the font header.
public struct HeadTable: Sendable, Equatable {
    /// `unitsPerEm`.
    public var unitsPerEm: UInt16
    /// `macStyle` (bit 0 bold, bit 1 italic).
    public var macStyle: UInt16

    /// The table in `bytes`; `nil` when it is shorter than `macStyle`.
    public init?(_ bytes: [UInt8]) {
        guard bytes.count >= 46 else { return nil }
        unitsPerEm = Bytes.u16(bytes, 18)
        macStyle = Bytes.u16(bytes, 44)
    }

    /// Whether `macStyle` says italic.
    public var isItalic: Bool { macStyle & 0x2 != 0 }
}

/// fvar: a variable font's axes and named instances.
public struct FvarTable: Sendable, Equatable {
    /// One axis of variation.
    public struct Axis: Sendable, Equatable {
        /// `wght`, `wdth`, `opsz`, `slnt`, `ital`, …
        public var tag: TableTag
        /// The range and the default, in user units.
        public var minimum: Double, defaultValue: Double, maximum: Double
        /// Bit 0: hidden from users.
        public var flags: UInt16
        /// The axis's name.
        public var nameID: NameID
    }

    /// A named instance: a name and a position on every axis.
    public struct Instance: Sendable, Equatable {
        /// The subfamily name (`Bold`, `SemiBold Italic`).
        public var subfamilyNameID: NameID
        /// The position, one coordinate per axis, in user units.
        public var coordinates: [Double]
        /// Its own PostScript name's ID, when the table has the field and
        /// it is set (not 0xFFFF).
        public var postScriptNameID: NameID?
    }

    /// The axes, in order.
    public var axes: [Axis]
    /// The named instances, in order.
    public var instances: [Instance]

    /// The table in `bytes`.
    public init(_ bytes: [UInt8]) throws(SFNTView.Failure) {
        guard bytes.count >= 16 else { throw .damaged("the fvar table is cut short") }
        let axesOffset = Int(Bytes.u16(bytes, 4))
        let axisCount = Int(Bytes.u16(bytes, 8))
        let axisSize = Int(Bytes.u16(bytes, 10))
        let instanceCount = Int(Bytes.u16(bytes, 12))
        let instanceSize = Int(Bytes.u16(bytes, 14))
        guard axisSize >= 20, instanceSize >= 4 + 4 * axisCount,
            axesOffset + axisCount * axisSize + instanceCount * instanceSize <= bytes.count
        else { throw .damaged("the fvar table's axes or instances lie outside it") }
        axes = (0..<axisCount).map { i in
            let at = axesOffset + i * axisSize
            return Axis(
                tag: TableTag(rawValue: Bytes.u32(bytes, at)), minimum: Bytes.fixed(bytes, at + 4),
                defaultValue: Bytes.fixed(bytes, at + 8), maximum: Bytes.fixed(bytes, at + 12),
                flags: Bytes.u16(bytes, at + 16), nameID: NameID(Bytes.u16(bytes, at + 18)))
        }
        let instancesOffset = axesOffset + axisCount * axisSize
        instances = (0..<instanceCount).map { i in
            let at = instancesOffset + i * instanceSize
            let coordinates = (0..<axisCount).map { Bytes.fixed(bytes, at + 4 + 4 * $0) }
            var postScriptNameID: NameID?
            if instanceSize >= 6 + 4 * axisCount {
                let id = Bytes.u16(bytes, at + 4 + 4 * axisCount)
                if id != 0xFFFF { postScriptNameID = NameID(id) }
            }
            return Instance(
                subfamilyNameID: NameID(Bytes.u16(bytes, at)), coordinates: coordinates,
                postScriptNameID: postScriptNameID)
        }
    }

    /// The axis tagged `tag`, with its index.
    public func axis(_ tag: TableTag) -> (index: Int, axis: Axis)? {
        axes.firstIndex { $0.tag == tag }.map { ($0, axes[$0]) }
    }
}

/// STAT: the design axes and how positions on them are named.
public struct STATTable: Sendable, Equatable {
    /// A design axis.
    public struct Axis: Sendable, Equatable {
        /// Its tag.
        public var tag: TableTag
        /// Its name.
        public var nameID: NameID
        /// Where its names go in a name made of several axes' names.
        public var ordering: UInt16
    }

    /// A named position (format 1), range (2), position with a linked
    /// value (3) or position on several axes (4).
    public struct AxisValue: Sendable, Equatable {
        /// 1–4.
        public var format: UInt16
        /// Bit 1: elidable (left out of names, as `Regular` is).
        public var flags: UInt16
        /// The name of the position.
        public var nameID: NameID
        /// The axis indices and values it names.
        public var locations: [(axis: Int, value: Double)]
        /// Format 2: the range it covers.
        public var range: ClosedRange<Double>?
        /// Format 3: the value it links to (Bold for Regular).
        public var linkedValue: Double?

        /// Whether two values are the same.
        public static func == (lhs: AxisValue, rhs: AxisValue) -> Bool {
            lhs.format == rhs.format && lhs.flags == rhs.flags && lhs.nameID == rhs.nameID
                && lhs.locations.elementsEqual(rhs.locations) { $0.axis == $1.axis && $0.value == $1.value }
                && lhs.range == rhs.range && lhs.linkedValue == rhs.linkedValue
        }
    }

    /// The design axes.
    public var axes: [Axis]
    /// The named positions.
    public var values: [AxisValue]
    /// The name of the default instance when every part of its name is
    /// elided (version 1.1 and later).
    public var elidedFallbackNameID: NameID?

    /// The table in `bytes`.
    public init(_ bytes: [UInt8]) throws(SFNTView.Failure) {
        guard bytes.count >= 18 else { throw .damaged("the STAT table is cut short") }
        let minor = Bytes.u16(bytes, 2)
        let axisSize = Int(Bytes.u16(bytes, 4))
        let axisCount = Int(Bytes.u16(bytes, 6))
        let axesOffset = Int(Bytes.u32(bytes, 8))
        let valueCount = Int(Bytes.u16(bytes, 12))
        let valuesOffset = Int(Bytes.u32(bytes, 14))
        guard axisCount == 0 || (axisSize >= 8 && axesOffset + axisCount * axisSize <= bytes.count),
            valueCount == 0 || valuesOffset + 2 * valueCount <= bytes.count
        else { throw .damaged("the STAT table's axes or values lie outside it") }
        elidedFallbackNameID = minor >= 1 && bytes.count >= 20 ? NameID(Bytes.u16(bytes, 18)) : nil
        axes = (0..<axisCount).map { i in
            let at = axesOffset + i * axisSize
            return Axis(
                tag: TableTag(rawValue: Bytes.u32(bytes, at)), nameID: NameID(Bytes.u16(bytes, at + 4)),
                ordering: Bytes.u16(bytes, at + 6))
        }
        values = []
        for i in 0..<valueCount {
            let at = valuesOffset + Int(Bytes.u16(bytes, valuesOffset + 2 * i))
            guard at + 12 <= bytes.count else { throw .damaged("a STAT axis value lies outside the table") }
            let format = Bytes.u16(bytes, at)
            var value = AxisValue(
                format: format, flags: Bytes.u16(bytes, at + 4), nameID: NameID(Bytes.u16(bytes, at + 6)),
                locations: [], range: nil, linkedValue: nil)
            switch format {
            case 1, 2, 3:
                let needed = format == 1 ? 12 : 20
                guard at + needed <= bytes.count else { throw .damaged("a STAT axis value is cut short") }
                value.locations = [(Int(Bytes.u16(bytes, at + 2)), Bytes.fixed(bytes, at + 8))]
                if format == 2 {
                    let low = Bytes.fixed(bytes, at + 12)
                    let high = Bytes.fixed(bytes, at + 16)
                    guard low <= high else { throw .damaged("a STAT axis value's range is reversed") }
                    value.range = low...high
                } else if format == 3 {
                    value.linkedValue = Bytes.fixed(bytes, at + 12)
                }
            case 4:
                let count = Int(Bytes.u16(bytes, at + 2))
                guard at + 8 + count * 6 <= bytes.count else { throw .damaged("a STAT axis value is cut short") }
                value.locations = (0..<count).map {
                    (Int(Bytes.u16(bytes, at + 8 + $0 * 6)), Bytes.fixed(bytes, at + 10 + $0 * 6))
                }
            default:
                // A later format: left out, as HarfBuzz leaves it.
                continue
            }
            values.append(value)
        }
    }
}

/// avar: per axis, a piecewise-linear map of normalized coordinates
/// (-1…1), applied after the default normalization.
public struct AvarTable: Sendable, Equatable {
    /// Per axis, its map's (from, to) pairs, in order.
    public var maps: [[Pair]]

    /// One point of a map.
    public struct Pair: Sendable, Equatable {
        /// The normalized coordinate before.
        public var from: Double
        /// After.
        public var to: Double
    }

    /// The table in `bytes` (version 1; version 2's extra data is not
    /// read).
    public init(_ bytes: [UInt8]) throws(SFNTView.Failure) {
        guard bytes.count >= 8 else { throw .damaged("the avar table is cut short") }
        let axisCount = Int(Bytes.u16(bytes, 6))
        var at = 8
        maps = []
        for _ in 0..<axisCount {
            guard at + 2 <= bytes.count else { throw .damaged("the avar table's maps are cut short") }
            let count = Int(Bytes.u16(bytes, at))
            guard at + 2 + count * 4 <= bytes.count else { throw .damaged("the avar table's maps are cut short") }
            maps.append(
                (0..<count).map {
                    Pair(from: Bytes.f2dot14(bytes, at + 2 + $0 * 4), to: Bytes.f2dot14(bytes, at + 4 + $0 * 4))
                })
            at += 2 + count * 4
        }
    }

    /// `coordinate` (normalized) on axis `axis` after the map: linear
    /// between the two pairs around it; unchanged without a map.
    public func map(axis: Int, _ coordinate: Double) -> Double {
        guard maps.indices.contains(axis) else { return coordinate }
        let pairs = maps[axis]
        guard let first = pairs.first, let last = pairs.last else { return coordinate }
        if coordinate <= first.from { return first.to + (coordinate - first.from) }
        if coordinate >= last.from { return last.to + (coordinate - last.from) }
        for (low, high) in zip(pairs, pairs.dropFirst()) where coordinate < high.from {
            guard high.from > low.from else { return low.to }
            return low.to + (high.to - low.to) * (coordinate - low.from) / (high.from - low.from)
        }
        return coordinate
    }
}

/// trak: Apple's tracking, letter spacing by point size.
public struct TrakTable: Sendable, Equatable {
    /// One track: a tracking setting (0 is normal) with a value per size.
    public struct Track: Sendable, Equatable {
        /// The setting (-1 tight, 0 normal, 1 loose).
        public var track: Double
        /// Its name.
        public var nameID: NameID
        /// Per size of `sizes`, the spacing in font units.
        public var values: [Int16]
    }

    /// Horizontal tracking: the point sizes, in increasing order, and the
    /// tracks.
    public var sizes: [Double]
    /// The tracks.
    public var tracks: [Track]

    /// The table in `bytes` (horizontal data; none: no tracks).
    public init(_ bytes: [UInt8]) throws(SFNTView.Failure) {
        guard bytes.count >= 12 else { throw .damaged("the trak table is cut short") }
        let horizontal = Int(Bytes.u16(bytes, 6))
        sizes = []
        tracks = []
        guard horizontal != 0 else { return }
        guard horizontal + 8 <= bytes.count else { throw .damaged("the trak table's data lies outside it") }
        let trackCount = Int(Bytes.u16(bytes, horizontal))
        let sizeCount = Int(Bytes.u16(bytes, horizontal + 2))
        let sizesOffset = Int(Bytes.u32(bytes, horizontal + 4))
        guard horizontal + 8 + trackCount * 8 <= bytes.count, sizesOffset + sizeCount * 4 <= bytes.count else {
            throw .damaged("the trak table's tracks lie outside it")
        }
        sizes = (0..<sizeCount).map { Bytes.fixed(bytes, sizesOffset + $0 * 4) }
        for i in 0..<trackCount {
            let at = horizontal + 8 + i * 8
            let valuesOffset = Int(Bytes.u16(bytes, at + 6))
            guard valuesOffset + sizeCount * 2 <= bytes.count else {
                throw .damaged("a trak track's values lie outside the table")
            }
            tracks.append(
                Track(
                    track: Bytes.fixed(bytes, at), nameID: NameID(Bytes.u16(bytes, at + 4)),
                    values: (0..<sizeCount).map { Int16(bitPattern: Bytes.u16(bytes, valuesOffset + $0 * 2)) }))
        }
    }

    /// The normal track's spacing at `pointSize`, in font units: linear
    /// between the two sizes around it, and beyond the first or last size
    /// along the line through the two nearest (as HarfBuzz's
    /// `hb-aat-layout-trak-table.hh` reads it, in single precision as it
    /// computes, so that a value on a half unit rounds alike); 0 without a
    /// normal track.
    public func tracking(atPointSize pointSize: Double) -> Double {
        guard let normal = tracks.first(where: { $0.track == 0 }), !sizes.isEmpty else { return 0 }
        guard sizes.count > 1 else { return Double(normal.values[0]) }
        var i = sizes.firstIndex { $0 >= pointSize } ?? sizes.count - 1
        i = min(max(i, 1), sizes.count - 1)
        let (low, high) = (Float(sizes[i - 1]), Float(sizes[i]))
        let (a, b) = (Float(normal.values[i - 1]), Float(normal.values[i]))
        let t = low == high ? 0 : (Float(pointSize) - low) / (high - low)
        return Double(t * b + (1 - t) * a)
    }
}

/// A face's colour glyphs, as the device draws emoji: COLR layers (each an
/// outline glyph filled with a palette colour; version 0 records), or a
/// bitmap strike's PNG image (CBLC/CBDT, Google's Noto Color Emoji; sbix,
/// Apple Color Emoji). Sources: the OpenType specification 1.9 (COLR,
/// CPAL, CBLC, CBDT) and Apple's TrueType Reference Manual (sbix). Every
/// offset is checked against its table: a hostile font gives no colour
/// glyph, never a read past a table's end.
public struct ColorGlyphs: Sendable {
    /// A colour, 8 bits per channel.
    public struct Color: Sendable, Equatable {
        /// Red, green, blue and alpha.
        public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8
    }

    /// How a glyph is drawn in colour.
    public enum Glyph: Sendable, Equatable {
        /// Outline glyphs, bottom first, each in a palette colour (`nil`:
        /// the text's colour).
        case layers([Layer])
        /// A PNG image placed in font units, y up: its left edge at `x`,
        /// its bottom at `y`.
        case image(png: [UInt8], x: Double, y: Double, width: Double, height: Double)
    }

    /// One COLR layer.
    public struct Layer: Sendable, Equatable {
        /// The outline glyph.
        public var glyph: UInt32
        /// Its colour (`nil`: the foreground).
        public var color: Color?
    }

    private let colr: [UInt8]
    private let palette: [Color]
    private let cblc: [UInt8]
    private let cbdt: [UInt8]
    private let sbix: [UInt8]
    private let unitsPerEm: Double
    private let glyphCount: Int

    /// The tables as the font holds them (`nil` or empty: absent).
    public init(
        colr: [UInt8]?, cpal: [UInt8]?, cblc: [UInt8]?, cbdt: [UInt8]?, sbix: [UInt8]?, unitsPerEm: Int,
        glyphCount: Int
    ) {
        self.colr = colr ?? []
        palette = Self.firstPalette(cpal ?? [])
        self.cblc = cblc ?? []
        self.cbdt = cbdt ?? []
        self.sbix = sbix ?? []
        self.unitsPerEm = Double(max(unitsPerEm, 1))
        self.glyphCount = glyphCount
    }

    /// Whether the face has colour glyphs typefit draws.
    public var isEmpty: Bool { colr.isEmpty && (cblc.isEmpty || cbdt.isEmpty) && sbix.isEmpty }

    /// Glyph `id` in colour; `nil` when the face draws it as an outline.
    public func glyph(_ id: UInt32) -> Glyph? {
        if let layers = colrLayers(id) { return .layers(layers) }
        if let image = sbixImage(id) { return image }
        return cbdtImage(id)
    }

    // MARK: Reading

    private static func u8(_ bytes: [UInt8], _ at: Int) -> Int? { at >= 0 && at < bytes.count ? Int(bytes[at]) : nil }
    private static func i8(_ bytes: [UInt8], _ at: Int) -> Int? {
        u8(bytes, at).map { Int(Int8(bitPattern: UInt8($0))) }
    }
    private static func u16(_ bytes: [UInt8], _ at: Int) -> Int? {
        at >= 0 && at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil
    }
    private static func i16(_ bytes: [UInt8], _ at: Int) -> Int? {
        u16(bytes, at).map { Int(Int16(truncatingIfNeeded: $0)) }
    }
    private static func u32(_ bytes: [UInt8], _ at: Int) -> Int? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    private static func slice(_ bytes: [UInt8], _ at: Int, _ length: Int) -> [UInt8]? {
        guard at >= 0, length > 0, at <= bytes.count - length else { return nil }
        return Array(bytes[at..<at + length])
    }

    /// CPAL: the first palette's colours (BGRA records).
    private static func firstPalette(_ cpal: [UInt8]) -> [Color] {
        guard let entries = u16(cpal, 2), let records = u32(cpal, 8), let first = u16(cpal, 12) else { return [] }
        return (0..<entries).compactMap { i in
            let at = records + (first + i) * 4
            guard let b = u8(cpal, at), let g = u8(cpal, at + 1), let r = u8(cpal, at + 2), let a = u8(cpal, at + 3)
            else { return nil }
            return Color(red: UInt8(r), green: UInt8(g), blue: UInt8(b), alpha: UInt8(a))
        }
    }

    /// COLR version 0: the base glyph record (sorted by glyph, searched by
    /// halves) and its layer records.
    private func colrLayers(_ id: UInt32) -> [Layer]? {
        let t = colr
        guard let count = Self.u16(t, 2), let bases = Self.u32(t, 4), let layers = Self.u32(t, 8),
            let layerCount = Self.u16(t, 12)
        else { return nil }
        var low = 0
        var high = count - 1
        while low <= high {
            let mid = (low + high) / 2
            let at = bases + mid * 6
            guard let glyph = Self.u16(t, at) else { return nil }
            if glyph < Int(id) {
                low = mid + 1
            } else if glyph > Int(id) {
                high = mid - 1
            } else {
                guard let first = Self.u16(t, at + 2), let number = Self.u16(t, at + 4), number > 0,
                    first + number <= layerCount
                else { return nil }
                var result: [Layer] = []
                for k in first..<first + number {
                    guard let layer = Self.u16(t, layers + k * 4), let index = Self.u16(t, layers + k * 4 + 2) else {
                        return nil
                    }
                    result.append(
                        Layer(glyph: UInt32(layer), color: index < palette.count ? palette[index] : nil))
                }
                return result
            }
        }
        return nil
    }

    /// sbix: the largest strike with a PNG for the glyph, placed by its
    /// origin offsets and its PNG's own size, scaled by the strike's ppem.
    private func sbixImage(_ id: UInt32) -> Glyph? {
        let t = sbix
        guard Int(id) < glyphCount, let strikes = Self.u32(t, 4), strikes < 4096 else { return nil }
        var best: (ppem: Int, glyph: Glyph)?
        for s in 0..<strikes {
            guard let strike = Self.u32(t, 8 + s * 4), let ppem = Self.u16(t, strike), ppem > 0,
                let start = Self.u32(t, strike + 4 + Int(id) * 4), let end = Self.u32(t, strike + 8 + Int(id) * 4),
                end - start > 8
            else { continue }
            let at = strike + start
            guard let x = Self.i16(t, at), let y = Self.i16(t, at + 2), Self.slice(t, at + 4, 4) == Array("png ".utf8),
                let png = Self.slice(t, at + 8, end - start - 8), let size = Self.pngSize(png)
            else { continue }
            let scale = unitsPerEm / Double(ppem)
            let glyph = Glyph.image(
                png: png, x: Double(x) * scale, y: Double(y) * scale, width: Double(size.width) * scale,
                height: Double(size.height) * scale)
            if best == nil || ppem > (best?.ppem ?? 0) { best = (ppem, glyph) }
        }
        return best?.glyph
    }

    /// CBLC/CBDT: the largest strike whose index covers the glyph, its
    /// image (formats 17, 18 and 19: PNG) placed by its metrics.
    private func cbdtImage(_ id: UInt32) -> Glyph? {
        let t = cblc
        guard !cbdt.isEmpty, let sizes = Self.u32(t, 4), sizes < 4096 else { return nil }
        let glyph = Int(id)
        var best: (ppem: Int, glyph: Glyph)?
        for s in 0..<sizes {
            let record = 8 + s * 48
            guard let arrayOffset = Self.u32(t, record), let tables = Self.u32(t, record + 8), tables < 65_536,
                let startGlyph = Self.u16(t, record + 40), let endGlyph = Self.u16(t, record + 42),
                let ppem = Self.u8(t, record + 45), ppem > 0, (startGlyph...max(startGlyph, endGlyph)).contains(glyph)
            else { continue }
            for k in 0..<tables {
                let entry = arrayOffset + k * 8
                guard let first = Self.u16(t, entry), let last = Self.u16(t, entry + 2), first <= glyph,
                    glyph <= last, let extra = Self.u32(t, entry + 4),
                    let image = cbdtImage(glyph, first: first, last: last, table: arrayOffset + extra, ppem: ppem)
                else { continue }
                if best == nil || ppem > (best?.ppem ?? 0) { best = (ppem, image) }
                break
            }
        }
        return best?.glyph
    }

    /// One index subtable's entry for `glyph`: where its data lies in CBDT
    /// and, for formats 2 and 5, the metrics every glyph shares.
    private func cbdtImage(_ glyph: Int, first: Int, last: Int, table: Int, ppem: Int) -> Glyph? {
        let t = cblc
        guard let indexFormat = Self.u16(t, table), let imageFormat = Self.u16(t, table + 2),
            let dataOffset = Self.u32(t, table + 4)
        else { return nil }
        var range: (start: Int, end: Int)?
        var shared: Int?  // offset in CBLC of BigGlyphMetrics
        switch indexFormat {
        case 1, 3:
            let width = indexFormat == 1 ? 4 : 2
            let at = table + 8 + (glyph - first) * width
            let read = { (at: Int) -> Int? in width == 4 ? Self.u32(t, at) : Self.u16(t, at) }
            if let start = read(at), let end = read(at + width) { range = (dataOffset + start, dataOffset + end) }
        case 2:
            if let size = Self.u32(t, table + 8) {
                let start = dataOffset + size * (glyph - first)
                range = (start, start + size)
                shared = table + 12
            }
        case 4:
            guard let count = Self.u32(t, table + 8), count < 65_536 else { return nil }
            for i in 0..<count {
                let at = table + 12 + i * 4
                guard let id = Self.u16(t, at), id == glyph, let start = Self.u16(t, at + 2),
                    let end = Self.u16(t, at + 6)
                else { continue }
                range = (dataOffset + start, dataOffset + end)
                break
            }
        case 5:
            guard let size = Self.u32(t, table + 8), let count = Self.u32(t, table + 20), count < 65_536 else {
                return nil
            }
            for i in 0..<count where Self.u16(t, table + 24 + i * 2) == glyph {
                let start = dataOffset + size * i
                range = (start, start + size)
                shared = table + 12
                break
            }
        default:
            return nil
        }
        guard let range, range.end > range.start, range.end <= cbdt.count else { return nil }
        let d = cbdt
        let at = range.start
        let metrics: (height: Int, width: Int, x: Int, y: Int)
        let pngAt: Int
        switch imageFormat {
        case 17, 18:
            // Small metrics (5 bytes) or big (8), both starting with height,
            // width and the horizontal bearings.
            guard let h = Self.u8(d, at), let w = Self.u8(d, at + 1), let x = Self.i8(d, at + 2),
                let y = Self.i8(d, at + 3)
            else { return nil }
            metrics = (h, w, x, y)
            pngAt = at + (imageFormat == 17 ? 5 : 8)
        case 19:
            guard let shared, let h = Self.u8(t, shared), let w = Self.u8(t, shared + 1),
                let x = Self.i8(t, shared + 2), let y = Self.i8(t, shared + 3)
            else { return nil }
            metrics = (h, w, x, y)
            pngAt = at
        default:
            return nil
        }
        guard let length = Self.u32(d, pngAt), pngAt + 4 + length <= range.end,
            let png = Self.slice(d, pngAt + 4, length), Self.pngSize(png) != nil
        else { return nil }
        let scale = unitsPerEm / Double(ppem)
        return .image(
            png: png, x: Double(metrics.x) * scale, y: Double(metrics.y - metrics.height) * scale,
            width: Double(metrics.width) * scale, height: Double(metrics.height) * scale)
    }

    /// A PNG's pixel size from its IHDR chunk; `nil` for what is not a PNG.
    static func pngSize(_ png: [UInt8]) -> (width: Int, height: Int)? {
        guard png.count >= 24, png.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            png[12..<16].elementsEqual(Array("IHDR".utf8)), let width = u32(png, 16), let height = u32(png, 20),
            width > 0, height > 0
        else { return nil }
        return (width, height)
    }
}

/// Base64 (RFC 4648, with padding), for images embedded in SVG.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` encoded.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63], alphabet[n >> 6 & 63], alphabet[n & 63]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = Int(bytes[i]) << 16
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63], alphabet[n >> 6 & 63], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension ColorGlyphs.Glyph {
    /// The glyph as an SVG fragment in font units, y up (as outline paths
    /// are defined): layers as filled paths of `path`'s outlines (the
    /// foreground layer takes the text's colour), an image as an embedded
    /// PNG flipped upright. `nil` when no layer has an outline.
    public func svg(path: (UInt32) -> String?) -> String? {
        switch self {
        case .layers(let layers):
            var out = ""
            for layer in layers {
                guard let d = path(layer.glyph) else { continue }
                out += "<path"
                if let color = layer.color {
                    out += " fill=\"#" + [color.red, color.green, color.blue].map(Self.hex).joined() + "\""
                    if color.alpha < 255 {
                        out += " fill-opacity=\"\(Specimen.coordinate(Double(color.alpha) / 255))\""
                    }
                }
                out += " d=\"\(d)\"/>"
            }
            return out.isEmpty ? nil : out
        case .image(let png, let x, let y, let width, let height):
            return "<image x=\"\(Specimen.coordinate(x))\" y=\"\(Specimen.coordinate(-(y + height)))\""
                + " width=\"\(Specimen.coordinate(width))\" height=\"\(Specimen.coordinate(height))\""
                + " transform=\"scale(1 -1)\" href=\"data:image/png;base64," + Base64.encode(png) + "\"/>"
        }
    }

    private static func hex(_ value: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
    }
}

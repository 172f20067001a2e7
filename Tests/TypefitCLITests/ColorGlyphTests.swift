import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import TypefitCLI

/// Colour emoji drawn as the device shows them, never a blank gap: COLR
/// layers as paths filled with their CPAL colour, sbix and CBDT images as
/// the font's own PNG, placed by the strike's metrics. Expectations come
/// from the fixture generator's definitions (make-fonts.py) and the PNG
/// files it wrote beside the fonts, not from typefit.
struct ColorGlyphTests {
    static let bitmap = Fixtures.root.appendingPathComponent("emoji-bitmap")

    func specimen(_ font: String, folder: URL, text: String) throws -> String {
        let output = Fixtures.temporaryDirectory("color-glyphs").appendingPathComponent("s.svg")
        let outcome = TypefitCommand.run(
            ["specimen", "--font", font, "--fonts-dir", folder.path, "--no-installed-fonts", "--style", "body"]
                + ["--category", "large", "--text", text, "--output", output.path])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        return try String(contentsOf: output, encoding: .utf8)
    }

    @Test func colrLayersAreFilledWithTheirPaletteColour() throws {
        // make-fonts.py: CPAL (1.0, 0.2, 0.2), every emoji one layer of itself.
        let svg = try specimen(
            "TypefitColorEmoji-Regular", folder: Fixtures.root.appendingPathComponent("emoji"), text: "\u{1F4F1}")
        #expect(svg.contains("><path fill=\"#ff3333\" d=\"M"), "\(svg.prefix(2000))")
        #expect(svg.range(of: ##"<g id="f0g\d+"><path fill="#ff3333""##, options: .regularExpression) != nil)
    }

    /// 20x30 px at 40 ppem and 1,000 units per em: 25 units a pixel; sbix
    /// origin (2, -4) px, CBDT bearing (2, 26) px: both 500x750 units, the
    /// left edge at 50 and the bottom at -100 (drawn flipped: y -650).
    @Test(arguments: [
        ("TypefitBitmapEmoji-Regular", "sbix-phone.png"), ("TypefitCbdtEmoji-Regular", "cbdt-phone.png"),
    ])
    func bitmapGlyphsEmbedTheFontsPNG(font: String, png: String) throws {
        let svg = try specimen(font, folder: Self.bitmap, text: "A\u{1F4F1}")
        let image = try Data(contentsOf: Self.bitmap.appendingPathComponent(png)).base64EncodedString()
        let expected =
            "<image x=\"50\" y=\"-650\" width=\"500\" height=\"750\" transform=\"scale(1 -1)\" "
            + "href=\"data:image/png;base64,\(image)\"/>"
        #expect(svg.contains(expected), "\(svg.prefix(3000))")
    }

    /// A COLR glyph may list 65,535 layers: built one by one before the
    /// outline cap was looked at, a ~100 KB font drew one emoji for minutes
    /// in gigabytes. The test rewrites the fixture's COLR table so that
    /// every base glyph has 65,535 layers of itself (its outline is a box of
    /// 4 points: 262,140 points in all, over the 10,000 a glyph is drawn
    /// with): the glyph is the crossed box, with the warning.
    @Test func aColourGlyphOfTooManyLayersIsABox() throws {
        let source = Fixtures.root.appendingPathComponent("emoji/TypefitColorEmoji-Regular.ttf")
        let font = try [UInt8](Data(contentsOf: source))
        let folder = Fixtures.temporaryDirectory("colr-layers")
        let patched = try #require(Self.replacingCOLR(in: font) { colr in Self.layered(colr, layers: 65_535) })
        try Data(patched).write(to: folder.appendingPathComponent("TypefitColorEmoji-Regular.ttf"))
        let output = folder.appendingPathComponent("s.svg")
        let outcome = TypefitCommand.run(
            ["specimen", "--font", "TypefitColorEmoji-Regular", "--fonts-dir", folder.path, "--no-installed-fonts"]
                + ["--style", "body", "--category", "large", "--text", "\u{1F4F1}", "--output", output.path])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("1 glyph has more than 10000 outline points: drawn as crossed boxes"),
            "\(outcome.stderr)")
        let svg = try String(contentsOf: output, encoding: .utf8)
        #expect(!svg.contains("fill=\"#ff3333\""))
        #expect(svg.utf8.count < 200_000)
    }

    /// `colr` (version 0) with each base glyph given `layers` layer
    /// records, all of its first layer's glyph in palette entry 0.
    static func layered(_ colr: [UInt8], layers: Int) -> [UInt8]? {
        func u16(_ at: Int) -> Int { Int(colr[at]) << 8 | Int(colr[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        guard colr.count >= 14, u16(0) == 0 else { return nil }
        let count = u16(2)
        let bases = u32(4)
        let layerRecords = u32(8)
        var out: [UInt8] = []
        func put16(_ value: Int) { out += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func put32(_ value: Int) { put16(value >> 16 & 0xFFFF); put16(value & 0xFFFF) }
        put16(0)
        put16(count)
        put32(14)
        put32(14 + count * 6)
        put16(layers)
        for i in 0..<count {
            put16(u16(bases + i * 6))
            put16(0)
            put16(layers)
        }
        let glyph = u16(layerRecords + u16(bases + 2) * 4)
        for _ in 0..<layers {
            put16(glyph)
            put16(0)
        }
        return out
    }

    /// `font` with its COLR table replaced by what `change` makes of it
    /// (appended, the directory's offset and length updated; FreeType does
    /// not check table checksums).
    static func replacingCOLR(in font: [UInt8], _ change: ([UInt8]) -> [UInt8]?) -> [UInt8]? {
        func u16(_ at: Int) -> Int { Int(font[at]) << 8 | Int(font[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let tables = u16(4)
        for i in 0..<tables {
            let record = 12 + i * 16
            guard String(decoding: font[record..<(record + 4)], as: UTF8.self) == "COLR" else { continue }
            let offset = u32(record + 8)
            let length = u32(record + 12)
            guard let colr = change(Array(font[offset..<(offset + length)])) else { return nil }
            var out = font
            while out.count % 4 != 0 { out.append(0) }
            let start = out.count
            out += colr
            for (k, value) in [start, colr.count].enumerated() {
                for b in 0..<4 { out[record + 8 + k * 4 + b] = UInt8(value >> (24 - 8 * b) & 0xFF) }
            }
            return out
        }
        return nil
    }
}

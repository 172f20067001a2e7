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
}

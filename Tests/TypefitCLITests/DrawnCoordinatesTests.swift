import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// `specimen` and `review` draw a variable face's outlines at the
/// coordinates its widths were measured at (the JSON's `variations`): the
/// drawn glyph's control box equals fontTools' for the glyph at those
/// coordinates (`getGlyphSet(location:)`, Debian's python3-fonttools), and
/// differs from the default coordinates' (Fixtures/outlines: outlines that
/// narrow as opsz grows, made by Fixtures/make-fonts.py).
struct DrawnCoordinatesTests {
    static let folder = Fixtures.path("outlines")
    static let file = Fixtures.path("outlines/TypefitOutline-VF.ttf")
    static let common = ["--font", "TypefitOutline-Regular", "--fonts-dir", folder, "--no-installed-fonts"]

    /// fontTools' control box of `A` at each location (`opsz` values;
    /// `nil`: the default coordinates), rounded to font units, and its
    /// glyph id.
    func fontToolsBoxes(_ locations: [Double?]) throws -> (glyph: Int, boxes: [[Int]]) {
        let script = """
            import json, sys
            from fontTools.ttLib import TTFont
            from fontTools.pens.boundsPen import ControlBoundsPen
            font = TTFont(sys.argv[1])
            boxes = []
            for arg in sys.argv[2:]:
                glyphs = font.getGlyphSet(location={} if arg == "-" else {"opsz": float(arg)})
                pen = ControlBoundsPen(glyphs)
                glyphs["uni0041"].draw(pen)
                boxes.append([round(v) for v in pen.bounds])
            print(json.dumps({"glyph": font.getGlyphID("uni0041"), "boxes": boxes}))
            """
        let arguments = ["-c", script, Self.file] + locations.map { $0.map { "\($0)" } ?? "-" }
        // Debian's python3, where `make test`'s set-up installs fontTools
        // (python3-fonttools): a PATH may put another Python first (pyenv).
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let result = try #require(try BinaryRunner.runTool(python, arguments), "python3 is missing")
        try #require(result.status == 0, "fontTools: \(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return (try #require(object["glyph"] as? Int), try #require(object["boxes"] as? [[Int]]))
    }

    /// The control boxes of the drawn paths of glyph `glyph` in an SVG or
    /// HTML document, one per distinct path.
    func drawnBoxes(_ document: String, glyph: Int) throws -> Set<[Int]> {
        let pattern = try Regex("<path id=\"f[0-9a-f]+g\(glyph)\" d=\"([^\"]*)\"")
        var boxes = Set<[Int]>()
        for match in document.matches(of: pattern) {
            guard let path = match.output[1].substring else { continue }
            let numbers = path.split(whereSeparator: { !"-0123456789.".contains($0) }).compactMap { Double($0) }
            let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
            let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { continue }
            boxes.insert([minX, minY, maxX, maxY].map { Int($0.rounded()) })
        }
        return boxes
    }

    /// The `opsz` each category's width was measured at, from `measure`.
    func measuredOpticalSizes(_ categories: String, _ extra: [String] = []) throws -> [Double?] {
        let outcome = TypefitCommand.run(
            ["measure", "A", "--style", "body", "--category", categories, "--format", "json"] + Self.common + extra)
        try #require(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let rows = try #require(object?["measurements"] as? [[String: Any]])
        return rows.map { ($0["variations"] as? [String: Double])?["opsz"] }
    }

    @Test(arguments: [[String](), ["--optical-size", "none"], ["--optical-size", "30"]])
    func specimenDrawsAtTheMeasuredCoordinates(extra: [String]) throws {
        let sizes = try measuredOpticalSizes("AX5", extra)
        let svg = Fixtures.temporaryDirectory("drawn-specimen").appendingPathComponent("s.svg")
        let outcome = TypefitCommand.run(
            ["specimen", "--text", "A", "--style", "body", "--category", "AX5", "--output", svg.path] + Self.common
                + extra)
        try #require(outcome.status == .success, "\(outcome.stderr)")
        let expected = try fontToolsBoxes(sizes)
        let drawn = try drawnBoxes(String(contentsOf: svg, encoding: .utf8), glyph: expected.glyph)
        #expect(drawn == Set(expected.boxes), "measured at opsz \(sizes)")
    }

    @Test func reviewDrawsEachSizeAtItsCoordinates() throws {
        let sizes = try measuredOpticalSizes("large,AX5")
        #expect(sizes.count == 2 && Set(sizes).count == 2, "\(sizes)")
        let page = Fixtures.temporaryDirectory("drawn-review").appendingPathComponent("r.html")
        let outcome = TypefitCommand.run(
            [
                "review", "AAAA AAAA AAAA", "--style", "body", "--category", "large,AX5", "--width", "50", "--output",
                page.path,
            ] + Self.common)
        try #require(outcome.status == .success, "\(outcome.stderr)")
        let expected = try fontToolsBoxes(sizes)
        let drawn = try drawnBoxes(String(contentsOf: page, encoding: .utf8), glyph: expected.glyph)
        #expect(drawn == Set(expected.boxes))
        // Not the default coordinates' outline.
        let defaults = try fontToolsBoxes([nil]).boxes
        #expect(!drawn.contains(defaults[0]), "\(drawn) \(defaults)")
    }
}

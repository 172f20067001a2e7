import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// `--optical-size` (and a spec's `"opticalSize"`) and what the JSON says
/// was applied: each width equals HarfBuzz's `hb-shape` with the
/// variations the JSON names (and `--font-ptem` where tracking applies),
/// run on this machine, and the axis values are the fixture's own
/// (Fixtures/make-fonts.py: opsz 8–72, default 14).
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct OpticalSizeOptionTests {
    static let optical = Fixtures.path("optical")
    static let stat = Fixtures.path("optical/TypefitOptical-VF.ttf")
    static let plain = Fixtures.path("optical/TypefitOpticalPlain-VF.ttf")
    static let text = "Settings and privacy"

    /// hb-shape's advance of `text` in `file`, in font units.
    func units(_ file: String, variations: String, ptem: Double?) throws -> Double {
        let arguments =
            ["--output-format=json", "--font-funcs=ot", "--variations=\(variations)"]
            + (ptem.map { ["--font-ptem=\($0)"] } ?? []) + [file, Self.text]
        let result = try #require(
            try BinaryRunner.runTool("hb-shape", arguments, environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) })
    }

    /// The one measurement of `face` at `size` points, with `extra`.
    func measure(_ face: String, _ size: Double, _ extra: [String]) throws -> [String: Any] {
        let outcome = TypefitCommand.run(
            ["measure", Self.text, "--style", "body", "--category", "large", "--size", humanSize(size)]
                + ["--font", face, "--fonts-dir", Self.optical, "--no-installed-fonts", "--format", "json"] + extra)
        try #require(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require((object?["measurements"] as? [[String: Any]])?.first)
    }

    func humanSize(_ size: Double) -> String { size == size.rounded() ? "\(Int(size))" : "\(size)" }

    @Test(arguments: [9.0, 17.0, 40.0, 80.0])
    func eachModeIsHarfBuzzAtTheVariationsItNames(size: Double) throws {
        // auto: opsz the size (clamped to the axis), trak at the size.
        let auto = try measure("TypefitOptical-Regular", size, [])
        let opsz = min(max(size, 8), 72)
        #expect(auto["variations"] as? [String: Double] == ["opsz": opsz, "wght": 400])
        let autoUnits = try units(Self.stat, variations: "wght=400,opsz=\(opsz)", ptem: size)
        #expect(abs((auto["width"] as? Double ?? 0) - autoUnits / 1000 * size) <= 0.0006)
        #expect(auto["file"] as? String == Self.stat)

        // none: the face's own coordinates (opsz 14), no tracking.
        let none = try measure("TypefitOptical-Regular", size, ["--optical-size", "none"])
        #expect(none["variations"] as? [String: Double] == ["opsz": 14, "wght": 400])
        #expect(none["tracking"] as? Double == 0)
        let noneUnits = try units(Self.stat, variations: "wght=400", ptem: nil)
        #expect(abs((none["width"] as? Double ?? 0) - noneUnits / 1000 * size) <= 0.0006)

        // A size: opsz 30 whatever the point size, trak at the point size.
        let fixed = try measure("TypefitOptical-Regular", size, ["--optical-size", "30"])
        #expect(fixed["variations"] as? [String: Double] == ["opsz": 30, "wght": 400])
        let fixedUnits = try units(Self.stat, variations: "wght=400,opsz=30", ptem: size)
        #expect(abs((fixed["width"] as? Double ?? 0) - fixedUnits / 1000 * size) <= 0.0006)

        // A face without STAT takes a size given (the user's), untracked.
        let plain = try measure("TypefitOpticalPlain-Regular", size, ["--optical-size", "30"])
        #expect(plain["variations"] as? [String: Double] == ["opsz": 30, "wght": 400])
        #expect(plain["tracking"] as? Double == 0)
        let plainUnits = try units(Self.plain, variations: "wght=400,opsz=30", ptem: nil)
        #expect(abs((plain["width"] as? Double ?? 0) - plainUnits / 1000 * size) <= 0.0006)
    }

    /// The modes differ where the test looks (so that the comparisons
    /// above cannot pass with the option ignored).
    @Test func theModesGiveDifferentWidths() throws {
        let widths = try [[], ["--optical-size", "none"], ["--optical-size", "30"]].map {
            try measure("TypefitOptical-Regular", 48, $0)["width"] as? Double ?? 0
        }
        #expect(Set(widths).count == 3, "\(widths)")
    }

    /// A spec's `"opticalSize"` applies; the command line overrides it.
    @Test func aSpecsOpticalSizeAndTheCommandLine() throws {
        let folder = Fixtures.temporaryDirectory("optical-spec")
        let spec = folder.appendingPathComponent("Optical.json")
        try Data(
            #"{"faces": {"regular": "TypefitOptical-Regular"}, "styles": {"body": 17}, "opticalSize": "none"}"#.utf8
        ).write(to: spec)
        func measured(_ extra: [String]) throws -> [String: Any]? {
            let outcome = TypefitCommand.run(
                ["measure", Self.text, "--spec", spec.path, "--style", "body", "--category", "AX5"]
                    + ["--fonts-dir", Self.optical, "--no-installed-fonts", "--format", "json"] + extra)
            try #require(outcome.status == .success, "\(outcome.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            return (object?["measurements"] as? [[String: Any]])?.first
        }
        #expect(try measured([])?["variations"] as? [String: Double] == ["opsz": 14, "wght": 400])
        // auto: opsz is the row's point size.
        let auto = try #require(try measured(["--optical-size", "auto"]))
        let size = try #require(auto["pointSize"] as? Double)
        #expect(size > 14 && auto["variations"] as? [String: Double] == ["opsz": min(size, 72), "wght": 400])
    }

    /// A value that is no optical size is a usage error; in a spec, an
    /// error at its place.
    @Test func badValues() throws {
        let zero = TypefitCommand.run(
            ["measure", "x", "--style", "body", "--font", "TypefitOptical-Regular", "--optical-size", "0"])
        #expect(zero.status == .usage && zero.stderr.contains("'--optical-size' takes auto, none"), "\(zero.stderr)")
        // Past the limit, the refusal names it (it said "greater than 0").
        let huge = TypefitCommand.run(
            ["measure", "x", "--style", "body", "--font", "TypefitOptical-Regular", "--optical-size", "20000"])
        #expect(
            huge.status == .usage
                && huge.stderr.contains(
                    "takes auto, none or an optical size in points greater than 0 and at most 10,000 (got '20000')"),
            "\(huge.stderr)")
        let folder = Fixtures.temporaryDirectory("optical-spec-bad")
        let spec = folder.appendingPathComponent("Bad.json")
        try Data(#"{"faces": {"regular": "X"}, "styles": {"body": 17}, "opticalSize": "big"}"#.utf8).write(to: spec)
        let bad = TypefitCommand.run(["scale", "--spec", spec.path])
        #expect(bad.status == .cannotRun)
        #expect(bad.stderr.contains("Bad.json:1:68: error: expected 'opticalSize' to be"), "\(bad.stderr)")
        try Data(#"{"faces": {"regular": "X"}, "styles": {"body": 17}, "opticalSize": 20000}"#.utf8).write(to: spec)
        let over = TypefitCommand.run(["scale", "--spec", spec.path])
        #expect(over.stderr.contains("at most 10,000, found 20000"), "\(over.stderr)")
    }

    /// fit's JSON names each cell's face, file and setting; `--verbose`
    /// says them.
    @Test func fitSaysWhatWasApplied() throws {
        let outcome = TypefitCommand.run(
            ["fit", Self.text, "--style", "body", "--category", "large,AX5", "--width", "300"]
                + ["--font", "TypefitOptical-Regular", "--fonts-dir", Self.optical, "--no-installed-fonts"]
                + ["--format", "json", "--verbose"])
        try #require(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let cells = try #require(object?["cells"] as? [[String: Any]])
        #expect(cells.count == 2)
        for cell in cells {
            // opsz is the cell's point size (within the axis's 8–72).
            let size = try #require(cell["pointSize"] as? Double)
            #expect(cell["variations"] as? [String: Double] == ["opsz": min(max(size, 8), 72), "wght": 400])
        }
        #expect(cells.allSatisfy { $0["file"] as? String == Self.stat && ($0["tracking"] as? Double ?? 0) < 0 })
        #expect(outcome.stderr.contains("body at large (17 pt): TypefitOptical-Regular measured at wght 400, opsz 17"))
    }

    /// specimen labels each sample with its axes and tracking; review's
    /// page says how each face was set where it names it.
    @Test func drawingsNameWhatWasApplied() throws {
        let folder = Fixtures.temporaryDirectory("optical-named")
        let svg = folder.appendingPathComponent("s.svg")
        let specimen = TypefitCommand.run(
            ["specimen", "--text", "AB", "--style", "body", "--category", "large", "--output", svg.path]
                + ["--font", "TypefitOptical-Regular", "--fonts-dir", Self.optical, "--no-installed-fonts"])
        try #require(specimen.status == .success, "\(specimen.stderr)")
        let drawn = try String(contentsOf: svg, encoding: .utf8)
        #expect(drawn.contains("wght 400, opsz 17 · tracking -0.102 pt"), "\(drawn.prefix(2000))")
        for (extra, named) in [
            ([String](), "TypefitOptical-VF.ttf; opsz = the point size, trak tracking)"),
            (["--optical-size", "none"], "TypefitOptical-VF.ttf; wght 400, opsz 14)"),
        ] {
            let page = folder.appendingPathComponent("r.html")
            let review = TypefitCommand.run(
                ["review", "AAAA AAAA AAAA", "--style", "body", "--category", "large", "--width", "50"]
                    + ["--output", page.path, "--font", "TypefitOptical-Regular", "--fonts-dir", Self.optical]
                    + ["--no-installed-fonts"] + extra)
            try #require(review.status == .success, "\(review.stderr)")
            #expect(try String(contentsOf: page, encoding: .utf8).contains(named), "\(extra)")
        }
    }

    /// Sizes beyond the trak table's (Fixtures/make-fonts.py: 8 to 72 pt)
    /// are said once per face, with the rule used; sizes within it are not.
    @Test func trackingBeyondTheTableIsSaid() throws {
        func note(_ sizes: String) -> String {
            let outcome = TypefitCommand.run(
                ["measure", "AB", "--style", "body", "--category", "large", "--font", "TypefitTracked-Regular"]
                    + ["--fonts-dir", Self.optical, "--no-installed-fonts", "--size", sizes])
            return outcome.stderr
        }
        let beyond = note("6")
        #expect(
            beyond.contains(
                "TypefitTracked-Regular's trak table gives tracking from 8 to 72 pt: at 6 pt it is extrapolated"),
            "\(beyond)")
        #expect(!note("17").contains("trak table"))
    }
}

import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import TypefitCLI

/// The system font: with no face named, the text commands measure in
/// Apple's files when the user gives them (Fixtures/system-font holds
/// stand-ins named as Apple names its files; typefit never ships Apple's
/// fonts), and stop with how to provide them when they are missing.
struct SystemFontTests {
    static let folder = Fixtures.path("system-font")

    /// A run with `arguments`, in JSON, with the machine's fonts left out.
    func run(_ arguments: [String], context: RunContext = RunContext()) -> Outcome {
        TypefitCommand.run(
            arguments + ["--fonts-dir", Fixtures.path("optical"), "--no-installed-fonts", "--format", "json"],
            context: context)
    }

    func rows(_ outcome: Outcome) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?["measurements"] as? [[String: Any]])
    }

    @Test func withoutApplesFilesTheRunStopsAndSaysHowToProvideThem() {
        let outcome = run(["measure", "AB", "--style", "body"])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("the system font (SF Pro) is not available"))
        #expect(outcome.stderr.contains("--system-fonts DIR (or TYPEFIT_SYSTEM_FONTS=DIR)"))
        #expect(outcome.stderr.contains("--family NAME --model system"))
        #expect(outcome.stdout.isEmpty || !outcome.stdout.contains("\"width\""))
    }

    /// Text below 20 pt, Display from 20 pt, each style at its iOS weight
    /// (headline semibold, found by name: the Bold stand-in has weight
    /// class 600 too, as Apple's has), and every width HarfBuzz 10's with
    /// the size set (tracking applied, though the files have no STAT).
    @Test func stylesAreMeasuredInTextOrDisplayAtTheirWeightTracked() throws {
        let outcome = run(
            ["measure", "AB", "Settings and privacy", "--style", "body,headline,largeTitle", "--category", "all"]
                + ["--system-fonts", Self.folder])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(object?["systemFont"] as? String == "apple")
        let rows = try rows(outcome)
        #expect(rows.count == 2 * 3 * 12)
        var sizes = Set<Double>()
        for row in rows {
            let size = try #require(row["pointSize"] as? Double)
            let style = try #require(row["style"] as? String)
            let name = try #require(row["postscriptName"] as? String)
            let design = size < 20 ? "Text" : "Display"
            let weight = style == "headline" ? "Semibold" : "Regular"
            #expect(name == "SFPro\(design)-\(weight)", "\(style) at \(size)")
            let file = "../system-font/SF-Pro-\(design)-\(weight).ttf"
            let text = try #require(row["text"] as? String)
            let oracle = try #require(
                OpticalSizingTests.allRows.first { $0.file == file && Double($0.size) == size && $0.text == text },
                "no oracle row for \(file) at \(size)")
            let width = try #require(row["width"] as? Double)
            #expect(abs(width - oracle.units / 1000 * size) <= 0.0006, "\(name) at \(size): \(width)")
            sizes.insert(size)
        }
        #expect(sizes.contains { $0 < 20 } && sizes.contains { $0 >= 20 })
        // Those widths came from one shaping per file (Text and Display,
        // regular and semibold), each size's tracking added to it.
        let verbose = run(
            ["measure", "AB", "--style", "body,headline,largeTitle", "--category", "all", "--verbose"]
                + ["--system-fonts", Self.folder])
        #expect(verbose.stderr.contains("each string shaped 4 times for 36 cells"), "\(verbose.stderr)")
    }

    @Test func theEnvironmentVariableGivesTheFolder() throws {
        var context = RunContext()
        context.systemFontDirectories = [Self.folder]
        let outcome = run(["measure", "AB", "--style", "body", "--category", "large"], context: context)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(try rows(outcome).first?["postscriptName"] as? String == "SFProText-Regular")
    }

    /// fit lays out one shaping per file at every size with that size's
    /// tracking (`LineFitter.Prepared.tracked`): each cell fits on one line
    /// exactly where HarfBuzz 10's tracked width at its size
    /// (Fixtures/optical/oracle.tsv) is within the width.
    @Test func fitsWhereHarfBuzzsTrackedWidthFits() throws {
        let text = "Settings and privacy"
        func oracle(_ size: Double) throws -> Double {
            let file = "../system-font/SF-Pro-\(size < 20 ? "Text" : "Display")-Regular.ttf"
            let row = try #require(
                OpticalSizingTests.allRows.first { $0.file == file && Double($0.size) == size && $0.text == text })
            return row.units / 1000 * size
        }
        // Between the 17 pt and 19 pt widths: some sizes fit, some do not.
        let width = (try oracle(17) + oracle(19)) / 2
        let outcome = run(
            ["fit", text, "--style", "body", "--category", "all", "--width", "\(width)", "--system-fonts", Self.folder])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let results = try #require(object?["results"] as? [[String: Any]])
        let lines = try #require(results.first?["lines"] as? [String: Int])
        let cells = try #require(object?["cells"] as? [[String: Any]])
        #expect(cells.count == 12)
        var verdicts = Set<Bool>()
        for cell in cells {
            let size = try #require(cell["pointSize"] as? Double)
            let category = try #require(cell["category"] as? String)
            let fits = try oracle(size) <= width
            verdicts.insert(fits)
            #expect((lines[category] == 1) == fits, "\(category) at \(size) pt: \(lines[category] ?? 0) lines")
        }
        #expect(verdicts == [true, false])
    }

    /// A folder without a face iOS uses is measured with what it has and
    /// says so, per face missing (Apple's rule: Text below 20 pt, Display
    /// from 20 pt; headline semibold, body regular, as the HIG's table has
    /// them); `--strict` makes it an error; `file` names the file used.
    @Test func anIncompleteFolderSaysWhatItLacks() throws {
        let folder = Fixtures.temporaryDirectory("sf-text-only")
        for name in ["SF-Pro-Text-Regular.ttf", "SF-Pro-Text-Semibold.ttf"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.path("system-font/\(name)"), toPath: folder.appendingPathComponent(name).path)
        }
        let arguments = [
            "measure", "AB", "--style", "body,headline", "--category", "large,AX3", "--system-fonts", folder.path,
        ]
        let outcome = run(arguments)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "typefit: warning: the system font's files have no SF Pro Display Regular: body at "
                    + "accessibilityExtraLarge (40 pt) measured in SFProText-Regular instead "
                    + "(\(folder.path)/SF-Pro-Text-Regular.ttf); add its file for iOS's widths",
                "typefit: warning: the system font's files have no SF Pro Display Semibold: headline at "
                    + "accessibilityExtraLarge (40 pt) measured in SFProText-Semibold instead "
                    + "(\(folder.path)/SF-Pro-Text-Semibold.ttf); add its file for iOS's widths",
            ], "\(outcome.stderr)")
        let files = try rows(outcome).map { $0["file"] as? String ?? "" }
        #expect(files.allSatisfy { $0.hasPrefix(folder.path + "/SF-Pro-Text-") }, "\(files)")
        #expect(run(arguments + ["--strict"]).status == .problemFound)
        // The whole fixture folder lacks nothing these cells use.
        let whole = run(
            ["measure", "AB", "--style", "body,headline", "--category", "large,AX3"] + ["--system-fonts", Self.folder])
        #expect(whole.status == .success && whole.stderr.isEmpty, "\(whole.stderr)")
    }

    /// A missing folder the variable names says the variable; a folder of
    /// other fonts says what it holds and which names typefit takes.
    @Test func aFolderThatIsNotTheSystemFontSaysWhy() throws {
        var context = RunContext()
        context.systemFontDirectories = ["/nonexistent/apple-fonts"]
        let missing = run(["measure", "AB", "--style", "body", "--category", "large"], context: context)
        #expect(missing.status == .cannotRun)
        #expect(
            missing.stderr.hasPrefix(
                "typefit: error: /nonexistent/apple-fonts: TYPEFIT_SYSTEM_FONTS names a folder that cannot be used"),
            "\(missing.stderr)")
        // The same folder given with --system-fonts is the option's.
        let option = run(
            ["measure", "AB", "--style", "body", "--category", "large", "--system-fonts", "/nonexistent/apple-fonts"])
        #expect(option.status == .cannotRun && !option.stderr.contains("TYPEFIT_SYSTEM_FONTS names"))
        let other = run(
            ["measure", "AB", "--style", "body", "--category", "large", "--system-fonts", Fixtures.path("optical")])
        #expect(other.status == .cannotRun)
        #expect(other.stderr.contains("holds TypefitOptical-Regular"), "\(other.stderr)")
        #expect(
            other.stderr.contains(
                "none of them SF Pro; typefit takes the faces whose PostScript names start with SFPro-"))
    }

    @Test func aNamedFaceAtApplesTableIsAStandInAndACustomFontIsNeither() throws {
        let standIn = run(
            ["measure", "AB", "--style", "body", "--category", "large", "--font", "TypefitTracked-Regular"]
                + ["--model", "system"])
        #expect(standIn.status == .success, "\(standIn.stderr)")
        let custom = run([
            "measure", "AB", "--style", "body", "--category", "large", "--font", "TypefitTracked-Regular",
        ])
        for (outcome, expected) in [(standIn, "stand-in" as String?), (custom, nil)] {
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            #expect(object?.keys.contains("systemFont") == true)
            #expect(object?["systemFont"] as? String == expected)
        }
    }

    @Test func fitSaysWhichSystemFontItMeasured() throws {
        let outcome = run(
            ["fit", "AB", "--style", "body", "--width", "300", "--system-fonts", Self.folder])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect(object?["systemFont"] as? String == "apple")
    }

    /// Android's system font is Roboto: without it (the fixture
    /// configuration has none) the run stops and says how to get it.
    @Test func androidsSystemFontIsRoboto() {
        let outcome = run(["measure", "AB", "--style", "bodyLarge", "--platform", "android"])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("Roboto") && outcome.stderr.contains("--android-fonts"))
    }
}

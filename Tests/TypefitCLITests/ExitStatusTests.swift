import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

/// The exit-status contract, end to end through the built binary: 0 done,
/// 1 done and found a problem, 2 could not be done, 64 a wrong command
/// line; the same for every subcommand. And JSON mode stays JSON.
@Suite(.enabled(if: BinaryRunner.binary != nil, "the typefit binary is not built (run swift build first)"))
struct ExitStatusTests {
    static let environment = ["FONTCONFIG_FILE": Fixtures.fontconfigFile]
    static let zen = Fixtures.path("specs/ZenOldMincho.json")
    static let sans = Fixtures.path("specs/TypefitSans.json")
    static let catalog = Fixtures.path("strings/Settings.xcstrings")

    /// A spec with a syntax error at 3:25.
    static let malformedSpec: String = {
        let file = Fixtures.temporaryDirectory("status-spec").appendingPathComponent("bad.json")
        try? "{\n  \"faces\": {\"regular\": \"F\"},\n  \"styles\": {\"body\": 17,}\n}".write(
            to: file, atomically: true, encoding: .utf8)
        return file.path
    }()

    /// A folder with one good font and one file that is not a font.
    static let mixedFolder: String = {
        let dir = Fixtures.temporaryDirectory("status-fonts")
        try? FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Regular.ttf"),
            to: dir.appendingPathComponent("Good.ttf"))
        _ = FileManager.default.createFile(atPath: dir.appendingPathComponent("Bad.ttf").path, contents: Data("x".utf8))
        return dir.path
    }()

    /// A folder that exists and holds no font (the app's root given by
    /// mistake): a README and an empty subfolder.
    static let fontlessFolder: String = {
        let dir = Fixtures.temporaryDirectory("status-fontless")
        try? FileManager.default.createDirectory(
            at: dir.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: dir.appendingPathComponent("README.md").path, contents: Data("# Fonts\n".utf8))
        return dir.path
    }()

    /// At Apple's sizes for title1 (`--model system`), where the catalog's
    /// German heading breaks at AX3.
    static let fitGate = [
        "fit", "--strings", catalog, "--width", "800", "--style", "title1", "--font", "TypefitSans-Bold",
        "--model", "system",
    ]

    static let cases: [(label: String, arguments: [String], status: Int32)] = [
        // 0: done, warnings allowed.
        ("a cell", ["scale", "--style", "body", "--category", "AX1"], 0),
        ("a folder with a bad file", ["list-fonts", "--dir", mixedFolder, "--format", "plain"], 0),
        ("a spec with a missing face", ["scale", "--spec", zen, "--style", "body", "--category", "AX5"], 0),
        ("text that fits", fitGate + ["--require", "AX2"], 0),
        // 1: done, and found a problem.
        ("text that does not fit", fitGate + ["--require", "AX3"], 1),
        ("check errors", ["check", "--spec", zen], 1),
        ("check on a malformed spec", ["check", "--spec", malformedSpec], 1),
        ("--strict warnings, list-fonts", ["list-fonts", "--dir", mixedFolder, "--strict"], 1),
        ("--strict warnings, scale", ["scale", "--spec", zen, "--strict"], 1),
        ("no family", ["list-fonts", "--family", "No Such Family"], 1),
        ("no PostScript name", ["list-fonts", "--postscript-name", "NoSuch-Regular"], 1),
        // 2: could not be done.
        ("scale on a malformed spec", ["scale", "--spec", malformedSpec], 2),
        ("scale on a missing spec", ["scale", "--spec", "/nonexistent/spec.json"], 2),
        ("check on a missing spec", ["check", "--spec", "/nonexistent/spec.json"], 2),
        // A mistyped --fonts-dir is a broken set-up, not a pass with the
        // machine's own copy of the font.
        (
            "fit --require with a missing --fonts-dir",
            fitGate + ["--require", "AX2", "--fonts-dir", "/nonexistent/Fonts"], 2
        ),
        (
            "fit --require with a --fonts-dir that holds no font",
            fitGate + ["--require", "AX2", "--fonts-dir", fontlessFolder], 2
        ),
        (
            "measure with a --fonts-dir that holds no font",
            [
                "measure", "x", "--style", "body", "--font",
                "TypefitSans-Bold", "--fonts-dir", fontlessFolder,
            ], 2
        ),
        ("scale with a --fonts-dir that holds no font", ["scale", "--spec", sans, "--fonts-dir", fontlessFolder], 2),
        ("check with a --fonts-dir that holds no font", ["check", "--spec", sans, "--fonts-dir", fontlessFolder], 2),
        (
            "fit --require with a missing strings file",
            [
                "fit", "--strings", "/nonexistent/x.strings", "--width", "100", "--style", "body", "--font",
                "TypefitSans-Bold", "--require", "AX3",
            ], 2
        ),
        (
            "fit --require with a face that is not installed",
            ["fit", "x", "--width", "100", "--style", "body", "--font", "NoSuch-Bold", "--require", "AX3"], 2
        ),
        ("measure with a face that is not installed", ["measure", "x", "--style", "body", "--font", "NoSuch"], 2),
        ("scale --family not installed", ["scale", "--family", "No Such", "--style", "body"], 2),
        ("a named file that is not a font", ["list-fonts", mixedFolder + "/Bad.ttf"], 2),
        ("fontconfig failing", ["list-fonts", "--fontconfig-file", "/nonexistent/fonts.conf"], 2),
        (
            "an output file that cannot be written",
            [
                "specimen", "--font", "TypefitSans-Bold", "--style", "body", "--output",
                Fixtures.temporaryDirectory("status-output").appendingPathComponent("missing/s.svg").path,
            ], 2
        ),
        // 64: the command line is wrong.
        ("an unknown option", ["scale", "--sise", "17"], 64),
        ("an unknown style", ["scale", "--style", "bodyy"], 64),
        ("a category watchOS lacks, scale", ["scale", "--platform", "watchos", "--category", "AX5"], 64),
        (
            "a category watchOS lacks, fit",
            [
                "fit", "x", "--platform", "watchos", "--category", "AX5", "--width", "9", "--style", "body", "--font",
                "TypefitSans-Bold",
            ], 64
        ),
        ("a category Android lacks", ["scale", "--platform", "android", "--category", "large"], 64),
        ("a style the spec lacks", ["scale", "--spec", sans, "--style", "footnote"], 64),
        ("no subcommand", [], 64),
        ("an unknown subcommand", ["scael"], 64),
    ]

    @Test(arguments: cases.map(\.label))
    func status(label: String) throws {
        let entry = try #require(Self.cases.first { $0.label == label })
        let result = try BinaryRunner.run(entry.arguments, environment: Self.environment)
        #expect(result.status == entry.status, "\(label): \(result.stderr)")
        // Every run that did not succeed says why on stderr, in one format.
        if entry.status != 0 && label != "check errors" {
            let lines = result.stderr.split(separator: "\n")
            #expect(
                lines.contains { $0.hasPrefix("typefit: error: ") || $0.contains(": error: ") },
                "\(label): \(result.stderr)")
        }
        #expect(!result.stderr.contains("Error: "), "one error prefix")
    }

    @Test func noSubcommandPrintsTheOverviewOnStderr() throws {
        let result = try BinaryRunner.run([])
        #expect(result.status == 64 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("OVERVIEW: ") && result.stderr.contains("SUBCOMMANDS:"))
    }

    @Test func aFullStdoutIsAWriteError() throws {
        let binary = try #require(BinaryRunner.binary?.path)
        let result = try #require(
            try BinaryRunner.runTool(
                "sh", ["-c", "\"$0\" scale --style body --category large > /dev/full", binary],
                environment: ["TYPEFIT_NO_CACHE": "1"]))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("typefit: error: cannot write to standard output: "))
    }

    // MARK: JSON mode

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func malformedSpecInJSONModeIsAJSONDocument() throws {
        let result = try BinaryRunner.run(["scale", "--spec", Self.malformedSpec, "--format", "json"])
        #expect(result.status == 2)
        let document = try object(result.stdout)
        #expect(document["schemaVersion"] as? Int == 1)
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors.first?["file"] as? String == Self.malformedSpec)
        #expect(errors.first?["line"] as? Int == 3 && errors.first?["column"] as? Int == 25)
        #expect((errors.first?["message"] as? String)?.hasPrefix("expected a member name") == true)
        // And the same line on stderr, in the compiler's format.
        #expect(result.stderr.hasPrefix("\(Self.malformedSpec):3:25: error: expected a member name"))
    }

    @Test func checkOnAMalformedSpecPrintsItsOwnDocument() throws {
        let result = try BinaryRunner.run(["check", "--spec", Self.malformedSpec, "--format", "json"])
        #expect(result.status == 1)
        let document = try object(result.stdout)
        #expect(document["ok"] as? Bool == false)
        #expect((document["problems"] as? [Any])?.isEmpty == true)
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.first?["line"] as? Int == 3)
        let missing = try BinaryRunner.run(["check", "--spec", "/nonexistent/spec.json", "--format", "json"])
        #expect(missing.status == 2)
        let missingErrors = try #require(try object(missing.stdout)["errors"] as? [[String: Any]])
        #expect(missingErrors.first?["file"] as? String == "/nonexistent/spec.json")
        #expect(missingErrors.first?["line"] is NSNull)
    }

    @Test func missingStringsFileInJSONMode() throws {
        let result = try BinaryRunner.run(
            [
                "fit", "--strings", "/nonexistent/x.strings", "--width", "100", "--style", "body", "--font", "F",
                "--format", "json",
            ],
            environment: Self.environment)
        #expect(result.status == 2)
        let errors = try #require(try object(result.stdout)["errors"] as? [[String: Any]])
        #expect(errors.first?["message"] as? String == "No such file or directory")
    }

    @Test func usageErrorInJSONMode() throws {
        let result = try BinaryRunner.run(["scale", "--style", "bodyy", "--format", "json"])
        #expect(result.status == 64)
        let errors = try #require(try object(result.stdout)["errors"] as? [[String: Any]])
        #expect((errors.first?["message"] as? String)?.contains("did you mean 'body'") == true)
        #expect(result.stderr.contains("Usage: typefit scale "))
    }

    /// Without `--format json`, an error leaves stdout empty.
    @Test func otherFormatsKeepStdoutEmpty() throws {
        let result = try BinaryRunner.run(["scale", "--spec", Self.malformedSpec, "--format", "table"])
        #expect(result.status == 2 && result.stdout.isEmpty)
    }

    /// More than 64 KiB on stderr does not hang the runner (it reads both
    /// pipes at once).
    @Test func largeStderrDoesNotBlockTheRunner() throws {
        let result = try #require(
            try BinaryRunner.runTool("sh", ["-c", "head -c 300000 /dev/zero | tr '\\0' x >&2; echo done"]))
        #expect(result.stdout == "done\n" && result.stderr.count == 300_000)
    }
}

import Foundation
import Testing
import TypefitCLI
import TypefitTestSupport

/// The small gaps a new user met: a font folder with no font listed as
/// nothing (exit 0, an empty UIAppFonts), `--font` suggestions that
/// preferred an installed face to the folder's own, a file's path given as
/// a name, and `check` silent about a name `scale --format swift` warns of.
@Suite struct FolderAndNameHintTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    /// `list-fonts --dir` on a folder without a font file is exit 2 naming
    /// it, as `--fonts-dir` on the same folder is; in every format.
    @Test func aFolderWithoutFontsIsAnError() throws {
        let folder = Fixtures.temporaryDirectory("no-fonts")
        try "not a font".write(to: folder.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        for format in ["json", "plain", "uiappfonts"] {
            let outcome = run(["list-fonts", "--dir", folder.path, "--format", format, "--strict"])
            #expect(outcome.status == .cannotRun, "\(format): \(outcome.stdout)")
            #expect(outcome.stderr.contains("\(folder.path): holds no font file"), "\(outcome.stderr)")
        }
        let fontsDir = run(["measure", "x", "--style", "body", "--fonts-dir", folder.path] + Self.config)
        #expect(fontsDir.status == .cannotRun)
        // A folder with fonts beside it still lists them.
        let both = run(["list-fonts", "--dir", Fixtures.path("fonts"), "--format", "plain"])
        #expect(both.status == .success)
    }

    /// A weight the folder's family lacks is answered with the folder's
    /// faces first, not an installed look-alike.
    @Test func suggestionsPreferTheFoldersFaces() throws {
        let folder = Fixtures.temporaryDirectory("gothic")
        try FileManager.default.copyItem(
            atPath: Fixtures.path("fonts/TypefitGothic-Regular.ttf"),
            toPath: folder.appendingPathComponent("TypefitGothic-Regular.ttf").path)
        let outcome = run(
            ["measure", "x", "--style", "body", "--font", "TypefitGothic-Bold", "--fonts-dir", folder.path]
                + Self.config)
        #expect(outcome.status == .cannotRun)
        let line = try #require(outcome.stderr.split(separator: "\n").first { $0.contains("did you mean") })
        let suggestions = line.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        // The query itself is quoted first; then the suggestions.
        #expect(Array(suggestions.dropFirst().prefix(2)) == ["Typefit Gothic", "TypefitGothic-Regular"], "\(line)")
    }

    /// `--font path/File.ttf` is a usage error saying how to give a file.
    @Test func aFilesPathIsNoName() {
        let outcome = run(["measure", "x", "--style", "body", "--font", "Fonts/DMSans-Bold.ttf"] + Self.config)
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr.contains("'Fonts/DMSans-Bold.ttf' is a file's path, not a face's PostScript name"))
        #expect(outcome.stderr.contains("--fonts-dir"))
    }

    /// `check` warns of a named instance's own name (its fvar
    /// postScriptNameID, `TypefitFlex-Light`: no Core Text output for one
    /// is published) as `scale --format swift` does; the name Core Text
    /// makes for an instance without one (`TypefitFlex-Regular_Black`,
    /// which iOS lists: docs/REFERENCE.md) is no warning in either.
    @Test func checkWarnsOfWhatTheSwiftExportWarnsOf() throws {
        let folder = Fixtures.temporaryDirectory("instance-spec")
        let spec = folder.appendingPathComponent("spec.json")
        try #"{"faces": {"regular": "TypefitFlex-Light"}, "styles": {"body": 17}}"#.write(
            to: spec, atomically: true, encoding: .utf8)
        let swift = run(["scale", "--spec", spec.path, "--format", "swift"] + Self.config)
        #expect(swift.stderr.contains("UIFont(name:) is not known to take it"))
        let check = run(["check", "--spec", spec.path] + Self.config)
        #expect(
            check.stdout.contains(
                "warning: face 'regular' (TypefitFlex-Light) is a variable font's named instance: "
                    + "UIFont(name:) is not known to take it"), "\(check.stdout)")
        #expect(check.stdout.contains("0 errors, 1 warning"), "\(check.stdout)")
        let json = run(["check", "--spec", spec.path, "--format", "json"] + Self.config)
        #expect(json.stdout.contains("\"code\":\"instance-name\""))
        let listed = folder.appendingPathComponent("listed.json")
        try #"{"faces": {"regular": "TypefitFlex-Regular_Black"}, "styles": {"body": 17}}"#.write(
            to: listed, atomically: true, encoding: .utf8)
        let coreText = run(["scale", "--spec", listed.path, "--format", "swift"] + Self.config)
        #expect(coreText.status == .success && !coreText.stderr.contains("not known to take it"), "\(coreText.stderr)")
        let checked = run(["check", "--spec", listed.path, "--format", "json"] + Self.config)
        #expect(!checked.stdout.contains("instance-name"), "\(checked.stdout)")
    }
}

import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// An app's fonts as the app ships them (Fixtures/app/Fonts: fonts in group
/// folders, one PostScript name in two files, a web page's WOFF), not as
/// the CI machine has them.
@Suite struct AppBundleTests {
    static let app = Fixtures.root.appendingPathComponent("app/Fonts")
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let bold = app.appendingPathComponent("Brand/TypefitBrand-Bold.ttf").path
    static let oldBold = app.appendingPathComponent("Extra/TypefitBrand-Bold-Old.ttf").path

    /// A spec naming the app's faces, one built into iOS, and optionally a
    /// face the app does not ship.
    func spec(_ extra: String = "") throws -> String {
        let file = Fixtures.temporaryDirectory("app-spec").appendingPathComponent("App.json")
        try """
        {"faces": {"regular": "TypefitBrand-Regular", "system": "Futura-Medium"\(extra)},
         "styles": {"body": {"face": "regular", "size": 17}, "caption1": {"face": "system", "size": 13}}}
        """.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func uiAppFontsAreFlatAndLeaveOutWebFonts() {
        let outcome = TypefitCommand.run(["list-fonts", "--dir", Self.app.path, "--format", "uiappfonts"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(
            outcome.stdout == """
                <key>UIAppFonts</key>
                <array>
                \t<string>TypefitBrand-Bold-Old.ttf</string>
                \t<string>TypefitBrand-Bold.ttf</string>
                \t<string>TypefitBrand-Regular.ttf</string>
                </array>

                """)
        #expect(outcome.stderr.contains("TypefitBrandWeb-Regular.woff: left out of UIAppFonts: a web font (WOFF)"))
    }

    @Test func twoFilesWithOneNameInAFlatBundleAreAnError() throws {
        let dir = Fixtures.temporaryDirectory("app-clash")
        for sub in ["A", "B"] {
            let folder = dir.appendingPathComponent(sub)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: Self.app.appendingPathComponent("Brand/TypefitBrand-Regular.ttf"),
                to: folder.appendingPathComponent("Brand.ttf"))
        }
        let flat = TypefitCommand.run(["list-fonts", "--dir", dir.path, "--format", "uiappfonts"])
        #expect(flat.status == .problemFound)
        #expect(flat.stdout.isEmpty)
        #expect(flat.stderr.contains("2 files would be copied into the bundle as 'Brand.ttf'"), "\(flat.stderr)")
        let folders = TypefitCommand.run(
            ["list-fonts", "--dir", dir.path, "--format", "uiappfonts", "--bundle-layout", "folders"])
        #expect(folders.stdout.contains("<string>A/Brand.ttf</string>") && folders.stdout.contains("B/Brand.ttf"))
    }

    @Test func duplicatePostScriptNamesAreWarnedAndFailStrictAndCheck() throws {
        let listing = TypefitCommand.run(["list-fonts", "--dir", Self.app.path, "--format", "json"])
        #expect(listing.status == .success)
        let line = "PostScript name 'TypefitBrand-Bold' is in 2 files (\(Self.bold), \(Self.oldBold))"
        #expect(listing.stderr.contains("warning: " + line), "\(listing.stderr)")
        let strict = TypefitCommand.run(["list-fonts", "--dir", Self.app.path, "--format", "json", "--strict"])
        #expect(strict.status == .problemFound)
        let check = TypefitCommand.run(["check", "--spec", try spec(), "--fonts-dir", Self.app.path] + Self.config)
        #expect(check.status == .problemFound)
        #expect(check.stderr.contains("error: " + line))
        // The summary counts what the run printed.
        #expect(check.stdout.hasSuffix(": 1 error, 0 warnings\n"), "\(check.stdout)")
    }

    /// A face the app's folder lacks but the CI machine has installed is
    /// not the app's; one built into iOS is (the device has it).
    @Test func facesTheAppDoesNotShipAreReported() throws {
        let path = try spec(", \"brand\": \"TypefitSans-Regular\"")
        let check = TypefitCommand.run(["check", "--spec", path, "--fonts-dir", Self.app.path] + Self.config)
        #expect(check.stdout.contains("(TypefitSans-Regular) is installed on this machine ("), "\(check.stdout)")
        #expect(check.stdout.contains("but not in --fonts-dir: the app does not ship it"))
        #expect(!check.stdout.contains("Futura"), "a built-in font is no problem")
        #expect(check.stderr.contains("Futura-Medium is built into iOS (family Futura"), "\(check.stderr)")
        let measure = TypefitCommand.run(
            ["measure", "Hi", "--font", "TypefitSans-Regular", "--fonts-dir", Self.app.path, "--style", "body"]
                + ["--category", "large", "--format", "json"] + Self.config)
        #expect(measure.status == .success)
        #expect(measure.stderr.contains("warning: TypefitSans-Regular is installed on this machine"))
        let folderOnly = TypefitCommand.run(
            ["measure", "Hi", "--font", "TypefitSans-Regular", "--fonts-dir", Self.app.path, "--no-installed-fonts"]
                + ["--style", "body", "--category", "large", "--format", "json"] + Self.config)
        #expect(folderOnly.status == .cannotRun)
        #expect(folderOnly.stderr.contains("in --fonts-dir (installed fonts not used)"), "\(folderOnly.stderr)")
    }

    @Test func aBuiltInFontIsNamedNotGuessed() throws {
        let scale = TypefitCommand.run(
            ["scale", "--spec", try spec(), "--fonts-dir", Self.app.path, "--format", "json"] + Self.config)
        #expect(scale.status == .success, "\(scale.stderr)")
        #expect(scale.stderr.contains("Futura-Medium is built into iOS (family Futura, iOS 14 list)"))
        #expect(!scale.stderr.contains("nearest"))
        let measure = TypefitCommand.run(
            ["measure", "Hi", "--font", "Futura-Medium", "--style", "body", "--category", "large"] + Self.config)
        #expect(measure.status == .cannotRun)
        #expect(measure.stderr.contains("Futura-Medium is built into iOS"), "\(measure.stderr)")
    }

    /// Warnings of one file are one line with the count and the first
    /// (--verbose lists each).
    @Test func oneFilesWarningsAreOneLine() {
        var diagnostics = Diagnostics()
        diagnostics.fileWarnings(
            (1...20).map { ("/fonts/Flex.ttf", .fontUnusable(reason: "instance \($0)'s name is too long")) })
        diagnostics.fileWarnings([("/fonts/Other.ttf", .fontUnusable(reason: "cannot be read"))])
        let lines = diagnostics.rendered(afterCommandLineError: { _ in "" }, spell: CommandInput.spelling)
            .split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "typefit: warning: /fonts/Flex.ttf: 20 problems, the first: instance 1's name is too long "
                    + "(--verbose lists each)",
                "typefit: warning: /fonts/Other.ttf: cannot be read",
            ])
        diagnostics.listsEachFile = true
        #expect(diagnostics.effective.count == 21)
    }
}

/// A custom font named without a spec or --size scales as UIFontMetrics
/// scales it (`Font.custom(_:size:relativeTo:)`): body is 17 pt at Large and
/// 48 pt at AX5 (Apple's table gives the system font 53); `--model system`
/// keeps Apple's table.
@Suite struct CustomFontScalingTests {
    func measured(_ extra: [String]) throws -> (size: Double, model: String?) {
        let outcome = TypefitCommand.run(
            ["measure", "Hi", "--font", "TypefitSans-Regular", "--style", "body", "--category", "AX5"]
                + ["--format", "json", "--fontconfig-file", Fixtures.fontconfigFile] + extra)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let row = try #require((object?["measurements"] as? [[String: Any]])?.first)
        return (try #require(row["pointSize"] as? Double), object?["model"] as? String)
    }

    @Test func aNamedFontScalesLikeUIFontMetrics() throws {
        let custom = try measured([])
        #expect(custom.size == 48 && custom.model == "uifontmetrics")
        let system = try measured(["--model", "system"])
        #expect(system.size == 53 && system.model == "system")
    }
}

/// list-fonts follows the contract of every command when a path fails, and
/// names web font formats it does not read instead of skipping them.
@Suite struct ListingContractTests {
    @Test func aMissingFolderIsTheErrorsDocument() throws {
        let missing = Fixtures.temporaryDirectory("listing-contract").appendingPathComponent("nothing").path
        let json = TypefitCommand.run(["list-fonts", "--dir", missing, "--format", "json"])
        #expect(json.status == .cannotRun)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["families"] == nil)
        let errors = try #require(object?["errors"] as? [[String: Any]])
        #expect(errors.first?["file"] as? String == missing)
        let plain = TypefitCommand.run(["list-fonts", "--dir", missing, "--format", "plain"])
        #expect(plain.status == .cannotRun && plain.stdout.isEmpty)
    }

    /// A named file that fails beside one that lists: the listing carries
    /// the error in `errors`.
    @Test func aPartialListingSaysWhatFailed() throws {
        let garbage = Fixtures.path("broken/garbage.ttf")
        let outcome = TypefitCommand.run(
            ["list-fonts", garbage, Fixtures.path("fonts/TypefitSerif.ttc"), "--format", "json"])
        #expect(outcome.status == .cannotRun)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect((object?["families"] as? [Any])?.count == 1)
        #expect((object?["errors"] as? [[String: Any]])?.first?["file"] as? String == garbage)
    }

    @Test func embeddedOpenTypeAndSVGFontsAreNoted() throws {
        let dir = Fixtures.temporaryDirectory("web-formats")
        try Data("not read".utf8).write(to: dir.appendingPathComponent("Brand.eot"))
        try #"<svg xmlns="http://www.w3.org/2000/svg"><defs><font id="b"/></defs></svg>"#
            .write(to: dir.appendingPathComponent("Brand.svg"), atomically: true, encoding: .utf8)
        try #"<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>"#
            .write(to: dir.appendingPathComponent("icon.svg"), atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(["list-fonts", "--dir", dir.path, "--format", "json"])
        #expect(outcome.status == .success)
        #expect(outcome.stderr.contains("Brand.eot: an Embedded OpenType (.eot) font"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("Brand.svg: an SVG font"))
        #expect(!outcome.stderr.contains("icon.svg"), "an SVG picture is not a font")
    }
}

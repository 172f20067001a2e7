import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Commands run in-process, compared with golden files where the output is
/// the contract (TYPEFIT_RECORD_GOLDEN=1 re-records them and fails).
@Suite struct RunnerTests {
    func run(_ arguments: [String], terminal: Bool = false) -> Outcome {
        TypefitCommand.run(arguments, context: RunContext(stdoutIsTerminal: terminal))
    }

    static let fixtureConfig = ["--fontconfig-file", Fixtures.fontconfigFile]

    static let goldenCases: [(String, [String])] = [
        ("scale-table.txt", ["scale", "--format", "table"]),
        ("scale-all.json", ["scale", "--format", "json"]),
        ("scale-body-17.json", ["scale", "--style", "body", "--size", "17", "--format", "json"]),
        (
            "scale-value-hig.json",
            [
                "scale", "--style", "body", "--value", "17", "--curve", "hig",
                "--category", "medium,large,AX5", "--display-scale", "2", "--format", "json",
            ]
        ),
        (
            "scale-proportional.txt",
            [
                "scale", "--size", "15", "--model", "proportional", "--style", "body,caption2",
                "--max-size", "40", "--format", "table",
            ]
        ),
        ("list-fonts.json", ["list-fonts", "--format", "json"] + fixtureConfig),
        ("list-fonts-table.txt", ["list-fonts", "--format", "table"] + fixtureConfig),
        ("list-fonts-plain.txt", ["list-fonts", "--format", "plain"] + fixtureConfig),
        (
            "scale-spec-zen.json",
            [
                "scale", "--spec", Fixtures.path("specs/ZenOldMincho.json"), "--format", "json", "--category",
                "large,AX5",
            ]
                + fixtureConfig
        ),
    ]

    /// Golden output as a person at a terminal sees it (JSON indented);
    /// `compactJSONMatchesIndented` covers what pipes get.
    @Test(arguments: goldenCases.map(\.0))
    func golden(name: String) throws {
        let arguments = try #require(Self.goldenCases.first { $0.0 == name }?.1)
        let outcome = run(arguments, terminal: true)
        #expect(outcome.status == .success)
        // The seed's fonts are not among the fixtures: the spec golden warns,
        // once per face, and says nothing else.
        if name == "scale-spec-zen.json" {
            let spec = Fixtures.path("specs/ZenOldMincho.json")
            #expect(
                outcome.stderr
                    == "typefit: warning: \(spec): face 'regular' (ZenOldMincho-Regular) is not installed\n"
                    + "typefit: warning: \(spec): face 'bold' (ZenOldMincho-Bold) is not installed\n")
        } else {
            #expect(outcome.stderr.isEmpty)
        }
        var actual = Golden.normalize(outcome.stdout)
        if name.hasPrefix("list-fonts") { actual = Self.maskingFontconfigNames(actual) }
        if Golden.isRecording {
            Golden.record(name, actual)
            Issue.record("recorded \(name); run again without TYPEFIT_RECORD_GOLDEN to compare")
            return
        }
        let expected = try #require(Golden.expected(name), "missing golden file \(name); record it")
        #expect(actual == expected)
    }

    /// The names fontconfig makes up (`fontconfigPostscriptName`) are
    /// fontconfig's behaviour, not typefit's, and differ between 2.14 and
    /// 2.15: the goldens keep a placeholder, and `InstalledFacesTests`
    /// checks every such name against fc-list at test time.
    static func maskingFontconfigNames(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let range = line.range(of: "\"fontconfigPostscriptName\": ") else { return String(line) }
            let comma = line.hasSuffix(",") ? "," : ""
            return line[..<range.upperBound] + "\"(fontconfig's, checked against fc-list)\"" + comma
        }.joined(separator: "\n")
    }

    @Test(arguments: [["scale", "--format", "json"], ["list-fonts", "--format", "json"] + fixtureConfig])
    func compactJSONMatchesIndented(arguments: [String]) throws {
        let piped = run(arguments, terminal: false).stdout
        let indented = run(arguments, terminal: true).stdout
        #expect(piped.split(separator: "\n").count == 1 && piped.hasPrefix("{\"") && piped.hasSuffix("}\n"))
        #expect(indented.contains("\n  \""))
        let a = try JSONSerialization.jsonObject(with: Data(piped.utf8)) as? NSDictionary
        let b = try JSONSerialization.jsonObject(with: Data(indented.utf8)) as? NSDictionary
        #expect(a != nil && a == b)
    }

    @Test func missionExample() {
        let outcome = run(["scale", "--style", "body", "--category", "accessibilityLarge"])
        #expect(outcome.stdout == "33\n" && outcome.status == .success)
    }

    @Test func defaultFormatFollowsTheTerminal() {
        #expect(run(["scale", "--style", "body"], terminal: true).stdout.hasPrefix("style "))
        #expect(run(["scale", "--style", "body"], terminal: false).stdout.hasPrefix("{"))
        #expect(run(["list-fonts"] + Self.fixtureConfig, terminal: true).stdout.hasPrefix("Family: "))
        #expect(run(["list-fonts"] + Self.fixtureConfig, terminal: false).stdout.hasPrefix("{"))
    }

    @Test func oraclesThroughTheCommandLine() {
        #expect(
            run(["scale", "--style", "body", "--value", "17", "--category", "medium"]).stdout == "16.333333333333332\n")
        #expect(run(["scale", "--style", "body", "--size", "17", "--category", "AX5"]).stdout == "48\n")
        #expect(
            run(["scale", "--style", "body", "--size", "17", "--category", "AX5", "--max-size", "44"]).stdout == "44\n")
    }

    @Test func everySystemCellIsInTheJSON() throws {
        let outcome = run(["scale", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let sizes = try #require(object?["sizes"] as? [[String: Any]])
        #expect(sizes.count == 132)
        #expect(object?["schemaVersion"] as? Int == 1)
        for size in sizes {
            let style = try TextStyle(parsing: try #require(size["style"] as? String))
            let category = try ContentSizeCategory(parsing: try #require(size["category"] as? String))
            #expect(size["pointSize"] as? Int == AppleTypeTable.iOS.pointSize(style, category))
            #expect(size["lineHeight"] as? Int == AppleTypeTable.iOS.lineHeight(style, category))
            #expect(size["isAccessibilityCategory"] as? Bool == category.isAccessibilityCategory)
        }
    }

    @Test func familyFilterAndSuggestions() {
        let found = run(["list-fonts", "--family", "typefit sans", "--format", "plain"] + Self.fixtureConfig)
        #expect(
            found.stdout
                == "Typefit Sans\tTypefitSans-Condensed\t75\nTypefit Sans\tTypefitSans-Regular\t100\n"
                + "Typefit Sans\tTypefitSans-Italic\t100\nTypefit Sans\tTypefitSans-SemiBoldCondensed\t75\n"
                + "Typefit Sans\tTypefitSans-Bold\t100\n"
        )
        let alias = run(["list-fonts", "--family", "タイプフィット ゴシック", "--format", "plain"] + Self.fixtureConfig)
        #expect(alias.stdout == "Typefit Gothic\tTypefitGothic-Regular\t100\n")

        let missing = run(["list-fonts", "--family", "Typefit San", "--format", "plain"] + Self.fixtureConfig)
        #expect(missing.status == .problemFound && missing.stdout.isEmpty)
        #expect(missing.stderr.contains("no family named 'Typefit San'") && missing.stderr.contains("'Typefit Sans'"))
    }

    @Test func postscriptNameIsExact() {
        let found = run(
            ["list-fonts", "--postscript-name", "TypefitSerif-Bold", "--format", "plain"] + Self.fixtureConfig)
        #expect(found.stdout == "Typefit Serif\tTypefitSerif-Bold\t100\n")
        let wrongCase = run(["list-fonts", "--postscript-name", "typefitserif-bold"] + Self.fixtureConfig)
        #expect(wrongCase.status == .problemFound)
        #expect(wrongCase.stderr.contains("did you mean 'TypefitSerif-Bold'"))
        // Unlike fc-match, a made-up name never comes back as some other font.
        let madeUp = run(["list-fonts", "--postscript-name", "Helvetica-Bold"] + Self.fixtureConfig)
        #expect(madeUp.status == .problemFound && madeUp.stdout.isEmpty)
    }

    @Test func fontFilesThatAreNotInstalled() {
        let outcome = run(["list-fonts", "--dir", Fixtures.fonts.path, "--format", "plain"])
        #expect(outcome.status == .success)
        let installed = run(["list-fonts", "--format", "plain"] + Self.fixtureConfig)
        #expect(outcome.stdout == installed.stdout)
    }

    /// Name ID 6 with spaces: listed as stored, flagged in JSON, and one
    /// warning line for the face in `--dir` (an error under --strict).
    @Test func aNameThatBreaksThePostScriptRulesIsListedAsStoredAndWarned() throws {
        let outcome = run(["list-fonts", "--dir", Fixtures.fonts.path, "--format", "json"])
        #expect(outcome.status == .success)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let faces = (object?["families"] as? [[String: Any]] ?? []).flatMap { $0["faces"] as? [[String: Any]] ?? [] }
        let icons = try #require(faces.first { $0["postscriptName"] as? String == "Typefit Icons" })
        #expect(icons["postscriptNameValid"] as? Bool == false && icons["postscriptNameSource"] as? String == "font")
        #expect(faces.filter { $0["postscriptNameValid"] as? Bool == false }.count == 1)
        let path = Fixtures.fonts.appendingPathComponent("TypefitIcons.ttf").path
        #expect(
            outcome.stderr.hasPrefix(
                "typefit: warning: \(path): PostScript name 'Typefit Icons' breaks the PostScript rules"))
        #expect(outcome.stderr.split(separator: "\n").count == 1)
        let strict = run(["list-fonts", "--dir", Fixtures.fonts.path, "--format", "json", "--strict"])
        #expect(strict.status == .problemFound)
    }

    @Test func brokenNamedFileFailsButGoodFilesStillList() {
        let outcome = run([
            "list-fonts", Fixtures.path("broken/garbage.ttf"), Fixtures.path("fonts/TypefitSerif.ttc"),
            "--format", "plain",
        ])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stdout == "Typefit Serif\tTypefitSerif-Regular\t100\nTypefit Serif\tTypefitSerif-Bold\t100\n")
        #expect(
            outcome.stderr
                == "typefit: error: \(Fixtures.path("broken/garbage.ttf")): not a font FreeType can read: unknown file format (FreeType error 0x2)\n"
        )
    }

    @Test func brokenFilesInADirectoryWarn() {
        let outcome = run(["list-fonts", "--dir", Fixtures.broken.path, "--format", "json"])
        #expect(outcome.status == .success)
        #expect(outcome.stderr.split(separator: "\n").count == 3)
        #expect(outcome.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("typefit: warning: ") })
    }

    @Test func anEmptyFontSetIsAnEmptyListing() throws {
        let dir = Fixtures.temporaryDirectory("empty-config")
        let config = dir.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <fontconfig><dir>\(dir.appendingPathComponent("none").path)</dir><cachedir>\(dir.path)/cache</cachedir></fontconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let outcome = run(["list-fonts", "--format", "json", "--fontconfig-file", config.path])
        #expect(outcome.status == .success)
        #expect(outcome.stdout == "{\"families\":[],\"schemaVersion\":1}\n")
    }
}

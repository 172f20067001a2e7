import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `scale` with faces: ScaledFont plists, `--family`/`--weight`,
/// `--bold-text`, `--fallback`, and `--value` beside a spec.
@Suite struct FaceOptionsTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let sans = Fixtures.path("specs/TypefitSans.json")
    static let zen = Fixtures.path("specs/ZenOldMincho.json")
    static let plist = Fixtures.path("specs/TypefitSans-ScaledFont.plist")

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    func cells(_ outcome: Outcome) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?["sizes"] as? [[String: Any]])
    }

    func cell(_ outcome: Outcome, _ style: String) throws -> [String: Any] {
        try #require(try cells(outcome).first { $0["style"] as? String == style })
    }

    /// What fc-match says for a pattern under the fixture configuration:
    /// the independent answer `--fallback` must agree with.
    func fcMatch(_ pattern: String) throws -> String {
        let result = try #require(
            try BinaryRunner.runTool(
                "fc-match", ["-f", "%{file}\t%{index}", pattern],
                environment: ["FONTCONFIG_FILE": Fixtures.fontconfigFile]), "fc-match is not on PATH")
        return result.stdout
    }

    @Test func scaledFontPlistResolvesItsFaces() throws {
        let outcome = run(["scale", "--spec", Self.plist, "--category", "AX5", "--format", "json"] + Self.config)
        #expect(outcome.status == .success)
        #expect(
            outcome.stderr
                == "\(Self.plist):75:2: warning: caption2 uses the system font (design rounded), not a custom face; its sizes are Apple's: typefit scale --style caption2\n"
        )
        let body = try cell(outcome, "body")
        #expect(body["face"] as? String == "TypefitSans-Regular")
        #expect(body["postscriptName"] as? String == "TypefitSans-Regular")
        #expect((body["file"] as? String)?.hasSuffix("TypefitSans-Regular.ttf") == true)
        #expect(body["faceWeight"] as? Int == 400)
        // 17.5 × 62/22 (body's AX5 multiplier) = 49.32 → 49.
        #expect(body["pointSize"] as? Int == 49)
        #expect(try cell(outcome, "subheadline")["postscriptName"] as? String == "TypefitSans-Italic")
        #expect(try cells(outcome).count == 10)
    }

    @Test func badPlistIsAnErrorAtItsPlace() throws {
        let dir = Fixtures.temporaryDirectory("plist")
        let file = dir.appendingPathComponent("Bad.plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>body</key>
        \t<dict>
        \t\t<key>fontName</key>
        \t\t<string>TypefitSans-Regular</string>
        \t\t<key>fontSize</key>
        \t\t<string>17</string>
        \t</dict>
        </dict>
        </plist>
        """.write(to: file, atomically: true, encoding: .utf8)
        let outcome = run(["scale", "--spec", file.path] + Self.config)
        #expect(outcome.status == .cannotRun && outcome.stdout.isEmpty)
        #expect(
            outcome.stderr
                == "\(file.path):9:3: error: expected body's 'fontSize' to be an <integer> or <real>, found a <string>\n"
        )
        let check = run(["check", "--spec", file.path] + Self.config)
        // For check, a spec that does not parse is a finding.
        #expect(check.status == .problemFound && check.stderr.contains(":9:3: error: "))
    }

    @Test func checkReadsPlistsToo() {
        let outcome = run(["check", "--spec", Self.plist] + Self.config)
        #expect(outcome.status == .success, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stderr.contains("caption2 uses the system font"))
        #expect(
            outcome.stdout.hasSuffix("\(Self.plist): 0 errors, 0 warnings\n") || outcome.stdout.contains("0 errors"))
    }

    @Test func familyPicksTheFaceNearestEachStylesWeight() throws {
        let outcome = run(
            [
                "scale", "--family", "typefit sans", "--category", "large", "--style", "body,headline", "--format",
                "json",
            ]
                + Self.config)
        #expect(outcome.status == .success && outcome.stderr.isEmpty, "\(outcome.stderr)")
        // body is regular (400): the Regular face; headline semibold (600):
        // CSS looks heavier first above 500, so Bold (700).
        #expect(try cell(outcome, "body")["postscriptName"] as? String == "TypefitSans-Regular")
        #expect(try cell(outcome, "headline")["postscriptName"] as? String == "TypefitSans-Bold")
        #expect(try cell(outcome, "headline")["family"] as? String == "Typefit Sans")
        #expect(try cell(outcome, "body")["pointSize"] as? Int == 17)
    }

    @Test(arguments: [
        ("bold", "TypefitSans-Bold", "Typefit Sans"),
        ("300", "TypefitSans-Regular", "Typefit Sans"),
        ("650", "TypefitFlex-Bold", "Typefit Flex"),
        ("light", "TypefitFlex-Light", "Typefit Flex"),
        ("heavy", "TypefitFlex-Regular_Black", "Typefit Flex"),
        ("medium", "TypefitFlex-Regular", "Typefit Flex"),  // 400–500: lighter before heavier
    ])
    func weightPicksAFace(weight: String, expected: String, family: String) throws {
        let outcome = run(
            [
                "scale", "--family", family, "--weight", weight, "--style", "body", "--category", "large", "--format",
                "json",
            ]
                + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let body = try cell(outcome, "body")
        #expect(body["postscriptName"] as? String == expected)
        #expect(body["requestedWeight"] as? Int == FontWeightValue.of(weight))
    }

    @Test func unknownFamilyFailsOrFallsBack() throws {
        let failed = run(["scale", "--family", "Typefit Sanz", "--style", "body"] + Self.config)
        #expect(failed.status == .cannotRun && failed.stdout.isEmpty)
        #expect(failed.stderr.contains("no family named 'Typefit Sanz' installed; did you mean 'Typefit Sans'"))
        let fallback = run(
            [
                "scale", "--family", "Typefit Sanz", "--fallback", "--style", "body", "--category", "large", "--format",
                "json",
            ]
                + Self.config)
        #expect(fallback.status == .success)
        let body = try cell(fallback, "body")
        #expect(body["missing"] as? Bool == true)
        let chosen = try #require(body["fallback"] as? [String: Any])
        let expected = try fcMatch("Typefit Sanz:weight=80:slant=0")
        #expect("\(chosen["file"] ?? "")\t\(chosen["index"] ?? "")" == expected)
        let strict = run(
            ["scale", "--family", "Typefit Sanz", "--fallback", "--strict", "--style", "body"] + Self.config)
        #expect(strict.status == .problemFound)
    }

    /// A missing spec face gets what fontconfig would really use for the
    /// spec's family at the face's weight: the same face as fc-match.
    @Test func fallbackAgreesWithFcMatch() throws {
        let outcome = run(
            [
                "scale", "--spec", Self.zen, "--fallback", "--style", "body,headline", "--category", "large",
                "--format", "json",
            ]
                + Self.config)
        #expect(outcome.status == .success)
        for (style, fontconfigWeight) in [("body", 80), ("headline", 200)] {
            let entry = try cell(outcome, style)
            #expect(entry["missing"] as? Bool == true)
            let chosen = try #require(entry["fallback"] as? [String: Any])
            let expected = try fcMatch("Zen Old Mincho:weight=\(fontconfigWeight):slant=0")
            #expect("\(chosen["file"] ?? "")\t\(chosen["index"] ?? "")" == expected, "\(style)")
        }
        #expect(
            outcome.stderr.contains("face 'bold' (ZenOldMincho-Bold) is not installed; fallback: fontconfig would use"))
        // Without --fallback the cells carry no fallback.
        let plain = run(
            ["scale", "--spec", Self.zen, "--style", "body", "--category", "large", "--format", "json"] + Self.config)
        #expect(try cell(plain, "body")["fallback"] == nil)
    }

    /// A spec's `width` is the width a missing face's fallback is chosen
    /// at; without one, normal width wins over the weight fontconfig ranks
    /// first (a condensed face of the asked weight loses to a normal one).
    @Test(arguments: [
        ("", "TypefitSans-Bold"), (#""width": "condensed","#, "TypefitSans-SemiBoldCondensed"),
        (#""width": 75,"#, "TypefitSans-SemiBoldCondensed"),
    ])
    func fallbackFollowsTheSpecWidth(width: String, expected: String) throws {
        let spec = Fixtures.temporaryDirectory("spec-width").appendingPathComponent("Wide.json")
        let text =
            #"{"family": "Typefit Sans", "# + width
            + #" "faces": {"semibold": "TypefitSans-Missing"}, "styles": {"body": {"size": 17, "face": "semibold"}}}"#
        try Data(text.utf8).write(to: spec)
        let outcome = run(
            ["scale", "--spec", spec.path, "--fallback", "--style", "body", "--category", "large", "--format", "json"]
                + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let fallback = try #require(try cell(outcome, "body")["fallback"] as? [String: Any], "\(outcome.stdout)")
        #expect(fallback["postscriptName"] as? String == expected, "\(outcome.stderr)")
    }

    @Test func boldTextStepsEachFaceOrSaysWhyNot() throws {
        let outcome = run(
            ["scale", "--spec", Self.sans, "--bold-text", "--category", "large", "--format", "json"] + Self.config)
        #expect(outcome.status == .success)
        let body = try #require(try cell(outcome, "body")["boldText"] as? [String: Any])
        #expect(body["applied"] as? Bool == true)
        #expect(body["postscriptName"] as? String == "TypefitSans-Bold" && body["weight"] as? Int == 700)
        let headline = try #require(try cell(outcome, "headline")["boldText"] as? [String: Any])
        #expect(headline["applied"] as? Bool == false)
        #expect(headline["reason"] as? String == "'Typefit Sans' has no face heavier than 700")
        let title = try #require(try cell(outcome, "title1")["boldText"] as? [String: Any])
        #expect(title["reason"] as? String == "'Typefit Flex' has no face heavier than 900")
        // The face the spec names stays the cell's postscriptName.
        #expect(try cell(outcome, "body")["postscriptName"] as? String == "TypefitSans-Regular")

        let family = run(
            [
                "scale", "--family", "Typefit Flex", "--bold-text", "--style", "body", "--category", "large",
                "--format", "json",
            ]
                + Self.config)
        let step = try #require(try cell(family, "body")["boldText"] as? [String: Any])
        #expect(step["postscriptName"] as? String == "TypefitFlex-Bold")

        let missing = run(
            ["scale", "--spec", Self.zen, "--bold-text", "--style", "body", "--format", "json"] + Self.config)
        let none = try #require(try cells(missing).first?["boldText"] as? [String: Any])
        #expect(none["applied"] as? Bool == false && none["reason"] as? String == "the face is missing")

        let swift = run(["scale", "--spec", Self.sans, "--bold-text", "--format", "swift"] + Self.config)
        #expect(swift.stdout.contains("public static let boldTextFontNames: [TextStyle: String] = ["))
        #expect(swift.stdout.contains("        .body: \"TypefitSans-Bold\",\n"))
    }

    /// `--value` beside a spec scales the length on the spec's curve: the
    /// same number `scale --value` gives alone.
    @Test func valueBesideASpec() throws {
        for category in ["xSmall", "large", "AX5"] {
            let alone = run(["scale", "--value", "20", "--style", "body", "--category", category])
            let beside = run(
                ["scale", "--spec", Self.sans, "--value", "20", "--style", "body", "--category", category] + Self.config
            )
            #expect(beside.status == .success && beside.stdout == alone.stdout, "\(category)")
        }
        let json = run(
            ["scale", "--spec", Self.sans, "--value", "20", "--category", "AX5", "--format", "json"] + Self.config)
        let body = try cell(json, "body")
        #expect(body["pointSize"] as? Int == 48 && body["value"] as? Double == 56.333333333333336)
    }

    @Test(arguments: [
        ["scale", "--weight", "bold"],
        ["scale", "--family", "X", "--weight", "fat"],
        ["scale", "--family", "X", "--weight", "1000"],
        ["scale", "--family", "X", "--spec", "s.json"],
        ["scale", "--family", "X", "--value", "3"],
        ["scale", "--bold-text"],
        ["scale", "--fallback"],
        ["scale", "--spec", "s.json", "--weight", "bold"],
    ])
    func faceOptionsNeedTheirContext(arguments: [String]) {
        let outcome = run(arguments)
        #expect(outcome.status == .usage, "\(arguments)")
        #expect(outcome.stderr.hasPrefix("typefit: error: '--"), "\(outcome.stderr)")
    }
}

/// The OpenType value a `--weight` argument stands for, written out here
/// rather than asking typefit.
enum FontWeightValue {
    static func of(_ text: String) -> Int {
        [
            "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
            "heavy": 800, "black": 900,
        ][text] ?? Int(text) ?? 0
    }
}

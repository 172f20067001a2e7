import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `fit --rules`: one run over a whole catalog, each string under the first
/// rule its key matches; `--keys` to pick strings from the command line.
@Suite struct FitRulesTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let catalog = Fixtures.path("strings/Settings.xcstrings")

    func rules(_ json: String) throws -> String {
        let file = Fixtures.temporaryDirectory("rules").appendingPathComponent("rules.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func fit(_ arguments: [String]) -> Outcome {
        TypefitCommand.run(
            ["fit", "--strings", Self.catalog, "--font", "TypefitSans-Bold", "--format", "json"] + arguments
                + Self.config)
    }

    func results(_ outcome: Outcome) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?["results"] as? [[String: Any]], "\(outcome.stderr)")
    }

    /// The rules' results agree with fit run once per rule with the same
    /// settings on the same strings.
    @Test func eachStringUnderTheFirstRuleItsKeyMatches() throws {
        let path = try rules(
            """
            {"rules": [
              {"keys": "settings.title", "style": "title1", "width": 800, "require": "AX3"},
              {"keys": ["settings.*"], "style": "body", "width": 200, "lines": 2}
            ]}
            """)
        let outcome = fit(["--rules", path])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let rows = try results(outcome)
        let title = try #require(rows.first { $0["key"] as? String == "settings.title" })
        #expect(title["rule"] as? Int == 0 && title["style"] as? String == "title1" && title["width"] as? Double == 800)
        let save = try #require(
            rows.first { $0["key"] as? String == "settings.save" && $0["language"] as? String == "de" })
        #expect(save["rule"] as? Int == 1 && save["maxLines"] as? Int == 2)
        // The same as fit with the second rule's settings on that key.
        let alone = try results(fit(["--keys", "settings.save", "--style", "body", "--width", "200", "--lines", "2"]))
        let aloneDE = try #require(alone.first { $0["language"] as? String == "de" })
        #expect((save["lines"] as? [String: Int]) == (aloneDE["lines"] as? [String: Int]))
        // Keys no rule matches are named, and fail under --strict.
        #expect(outcome.stderr.contains("match no rule, not checked: 'OK'"), "\(outcome.stderr)")
        #expect(fit(["--rules", path, "--strict"]).status == .problemFound)
    }

    /// hb-shape's advance of `text` in TypefitSans-Bold, in ems.
    func ems(_ text: String) throws -> Double {
        let font = Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf").path
        let result = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", font, text], environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }) / 1000
    }

    /// The line count the failure names comes from hb-shape's word widths,
    /// filled greedily here (trailing spaces hanging), at Apple's AX5 body
    /// size (53 pt), not from typefit.
    @Test(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
    func aRulesRequireFailsTheGate() throws {
        let pointSize = 53.0
        var lines = 1
        var used = 0.0
        for word in ["Alle", "Einstellungen", "sichern"] {
            let width = try ems(word) * pointSize
            let space = try ems(word + " ") * pointSize - width
            if used > 0 && used + width > 200 {
                lines += 1
                used = 0
            }
            used += width + space
        }
        #expect(lines > 2)
        let path = try rules(
            #"[{"keys": "settings.save", "style": "body", "width": 200, "lines": 2, "require": "AX5"}]"#)
        let outcome = fit(["--rules", path])
        #expect(outcome.status == .problemFound)
        #expect(
            outcome.stderr.contains("settings.save (de): does not fit at AX5 (accessibilityExtraExtraExtraLarge): "),
            "\(outcome.stderr)")
        #expect(outcome.stderr.contains("needs \(lines) lines, 2 allowed (rule 1)"), "\(outcome.stderr)")
    }

    @Test(arguments: [
        (#"{"rules": []}"#, ":1:11: error: no rules"),
        (#"[{"keys": "a", "style": "bodyy", "width": 1}]"#, "did you mean 'body'"),
        (#"[{"keys": "a", "style": "body"}]"#, ":1:2: error: the rule has no 'width'"),
        (#"[{"keys": "a", "style": "body", "width": 9, "colour": 1}]"#, "unknown key 'colour'"),
        (
            #"[{"keys": "a", "style": "body", "width": 9, "markdown": "yes"}]"#,
            "expected 'markdown' to be true or false"
        ),
        (#"[{"keys": "a", "style": "body", "width": 9, "html": 1}]"#, "expected 'html' to be true or false"),
    ])
    func malformedRulesNameTheirPlace(json: String, message: String) throws {
        let path = try rules(json)
        let outcome = fit(["--rules", path])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").contains { $0.hasPrefix(path + ":") }, "\(outcome.stderr)")
    }

    /// A catalog keyed by its English text tells a button from a paragraph
    /// only by its comment: rules match it (case-insensitively), with the
    /// key when both are given, the first match winning.
    @Test func rulesMatchTheCatalogsComment() throws {
        let path = try rules(
            #"[{"comment": "*BUTTON*", "style": "body", "width": 120}, "#
                + #"{"keys": "S*", "comment": "*title*", "style": "headline", "width": 300}, "#
                + #"{"keys": "*", "style": "body", "width": 358, "lines": 6}]"#)
        let outcome = TypefitCommand.run(
            [
                "fit", "--strings", Fixtures.path("strings/EnglishKeys.xcstrings"), "--font", "TypefitSans-Bold",
                "--format", "json", "--rules", path,
            ] + Self.config)
        let rows = try results(outcome)
        var ruleOf: [String: Int] = [:]
        for row in rows {
            if let key = row["key"] as? String, let rule = row["rule"] as? Int { ruleOf[key] = rule }
        }
        #expect(
            ruleOf == [
                "Delete account": 0, "Save": 0, "Settings": 1,
                "Your data stays on this device unless you turn on sync.": 2,
            ])
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let listed = try #require(object?["rules"] as? [[String: Any]])
        #expect(listed[0]["comment"] as? String == "*BUTTON*" && listed[0]["keys"] is NSNull)
        #expect(listed[2]["comment"] is NSNull)
    }

    @Test func aRuleNeedsKeysOrAComment() throws {
        let outcome = fit(["--rules", try rules(#"[{"style": "body", "width": 9}]"#)])
        #expect(outcome.status == .cannotRun && outcome.stderr.contains("the rule has no 'keys' (or 'comment')"))
        let wrong = fit(["--rules", try rules(#"[{"comment": 3, "style": "body", "width": 9}]"#)])
        #expect(wrong.status == .cannotRun && wrong.stderr.contains("expected 'comment' to be a pattern"))
    }

    @Test func rulesReplaceTheCommandLinesLayoutOptions() throws {
        let path = try rules(#"[{"keys": "*", "style": "body", "width": 100}]"#)
        let outcome = fit(["--rules", path, "--width", "100"])
        #expect(outcome.status == .usage && outcome.stderr.contains("'--width' cannot be combined with '--rules'"))
    }

    @Test func keysThatMatchNothingAreExit2() {
        let outcome = fit(["--keys", "nope.*", "--style", "body", "--width", "100"])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("no key matches --keys 'nope.*' (keys such as 'settings.title'"))
    }

    @Test func globs() {
        #expect(FitRules.glob("settings.*", matches: "settings.save"))
        #expect(FitRules.glob("*.title", matches: "settings.title"))
        #expect(FitRules.glob("a?c", matches: "abc") && !FitRules.glob("a?c", matches: "abbc"))
        #expect(!FitRules.glob("settings.*", matches: "onboarding.settings.x"))
        #expect(FitRules.matches("items.count|plural.one", entry: "items.count", any: ["items.count"]))
    }
}

extension FitRulesTests {
    /// fit's document says the gate's verdict: the required size, how many
    /// strings fail there, and `ok`, and agrees with the exit status and
    /// with its own per-string `fits`.
    @Test func theVerdictIsInTheDocument() throws {
        var counts: [Int] = []
        for require in ["AX2", "AX3", "AX5"] {
            let outcome = fit(["--width", "800", "--style", "title1", "--require", require])
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            let key = try ContentSizeCategory(parsing: require).rawValue
            let failing = try results(outcome).filter { ($0["fits"] as? [String: Bool])?[key] == false }.count
            #expect(object["require"] as? String == key)
            #expect(object["failing"] as? Int == failing)
            #expect(object["ok"] as? Bool == (failing == 0))
            #expect(outcome.status == (failing == 0 ? .success : .problemFound), "\(outcome.stderr)")
            counts.append(failing)
        }
        #expect(counts.contains(0) && counts.contains { $0 > 0 }, "\(counts)")
        let none = fit(["--width", "800", "--style", "title1"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [String: Any])
        #expect(plain["require"] is NSNull && plain["ok"] as? Bool == true && plain["failing"] as? Int == 0)
    }
}

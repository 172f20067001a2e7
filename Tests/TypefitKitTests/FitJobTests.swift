import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

/// `fit`'s work without the command line: strings kept by key, grouped by
/// rule, laid out, and the verdict as values.
@Suite struct FitJobTests {
    static let search = FontSearch(
        directories: [Fixtures.root.appendingPathComponent("text").path], fontconfigFile: Fixtures.fontconfigFile)

    /// A request for body in the oracle's face at Large and AX5.
    static var request: Request {
        var request = Request()
        request.styles = [.body]
        request.categories = .categories([.large, .accessibilityExtraExtraExtraLarge])
        request.face = .font("TypefitWorld-Regular")
        return request
    }

    /// A short string fits everywhere; a long one needs several lines at
    /// AX5 and fails there, named with its lines, size and allowance.
    @Test func oneRuleAndItsVerdict() throws {
        var job = FitJob(
            request: Self.request, search: Self.search,
            rules: .one(FitJob.Rule(width: 200, lines: 1, require: .category(.accessibilityExtraExtraExtraLarge))))
        job.texts = ["OK", "Save your changes before you leave this screen"]
        var diagnostics = Diagnostics()
        let result = try job.run(diagnostics: &diagnostics)
        #expect(!diagnostics.hasErrors, "\(diagnostics.items)")
        #expect(result.groups.count == 1 && result.rules == nil)
        #expect(
            result.groups[0].cells.map(\.size) == [.category(.large), .category(.accessibilityExtraExtraExtraLarge)])
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1 && !result.passed)
        #expect(failure.key == "Save your changes before you leave this screen")
        #expect(failure.size == .category(.accessibilityExtraExtraExtraLarge) && failure.allowed == 1)
        #expect(failure.lines > 1 && failure.rule == nil)
        let layout = try #require(result.groups[0].layouts.layout(1, 1))
        #expect(layout.lines == failure.lines)
        #expect(result.groups[0].layouts.layout(0, 1)?.lines == 1)
    }

    /// Without a required size nothing fails, whatever the lines.
    @Test func noRequiredSizeNoFailure() throws {
        var job = FitJob(request: Self.request, search: Self.search, rules: .one(FitJob.Rule(width: 40)))
        job.texts = ["Save your changes before you leave this screen"]
        var diagnostics = Diagnostics()
        let result = try job.run(diagnostics: &diagnostics)
        #expect(result.passed && (result.groups[0].layouts.layout(0, 0)?.lines ?? 0) > 1)
    }

    /// With a rules file each key goes to the first rule it matches; keys
    /// no rule matches are a note, or a warning when strict.
    @Test(arguments: [false, true])
    func rulesGroupKeys(strict: Bool) throws {
        let folder = Fixtures.temporaryDirectory("fitjob-rules")
        let rules = folder.appendingPathComponent("rules.json")
        try Data(
            #"""
            {"rules": [
              {"keys": "button.*", "style": "headline", "width": 60, "lines": 1, "require": "AX5"},
              {"keys": ["title.*", "button.save"], "style": "title1", "width": 400, "lines": 2}
            ]}
            """#.utf8
        ).write(to: rules)
        let strings = folder.appendingPathComponent("Localizable.strings")
        try Data(
            #"""
            "button.save" = "Save everything now";
            "title.main" = "Welcome";
            "other" = "Not checked";
            """#.utf8
        ).write(to: strings)
        var job = FitJob(request: Self.request, search: Self.search, rules: .file(rules.path))
        job.request.styles = nil
        job.stringsFiles = [strings.path]
        job.strict = strict
        var diagnostics = Diagnostics()
        let result = try job.run(diagnostics: &diagnostics)
        #expect(result.rules?.rules.count == 2)
        #expect(result.groups.map { $0.strings.map(\.key) } == [["button.save"], ["title.main"]])
        #expect(result.groups.map { $0.rule?.index } == [0, 1])
        #expect(result.groups[0].cells.allSatisfy { $0.style == "headline" })
        // The rule's required size joins the request's categories.
        #expect(result.groups[0].cells.contains { $0.size == .category(.accessibilityExtraExtraExtraLarge) })
        #expect(result.failures.map(\.key) == ["button.save"] && result.failures.first?.rule == 0)
        // Compared by value: the finding, its file and severity.
        let unmatched = try #require(
            diagnostics.items.first {
                if case .keysWithoutRule = $0.finding { true } else { false }
            })
        #expect(unmatched.finding == .keysWithoutRule(first: ["other"], count: 1) && unmatched.file == rules.path)
        #expect(unmatched.severity == (strict ? .warning : .note))
    }

    /// Key patterns keep the strings they match; matching none stops the
    /// run with an error naming keys that exist.
    @Test func keyPatterns() throws {
        var job = FitJob(request: Self.request, search: Self.search, rules: .one(FitJob.Rule(width: 300)))
        job.texts = ["One", "Two"]
        job.keyPatterns = ["T*"]
        var diagnostics = Diagnostics()
        #expect(try job.read(&diagnostics).strings.map(\.key) == ["Two"])
        job.keyPatterns = ["nothing*"]
        #expect(throws: Stopped.self) { try job.read(&diagnostics).strings }
        #expect(diagnostics.items.map(\.finding) == [.noKeyMatches(patterns: ["nothing*"], examples: ["One", "Two"])])
    }

    /// A rules file that is not one stops the run naming the file.
    @Test func aBrokenRulesFileStops() throws {
        let folder = Fixtures.temporaryDirectory("fitjob-broken")
        let rules = folder.appendingPathComponent("rules.json")
        try Data(#"{"rules": []}"#.utf8).write(to: rules)
        var job = FitJob(request: Self.request, search: Self.search, rules: .file(rules.path))
        job.texts = ["x"]
        var diagnostics = Diagnostics()
        #expect(throws: Stopped.self) { try job.run(diagnostics: &diagnostics) }
        #expect(
            diagnostics.items.contains {
                guard case .fileMalformed = $0.finding else { return false }
                return $0.file == rules.path && $0.status == .cannotRun
                    && $0.position != nil
            })
    }
}

/// The library reports findings as values and words none of them: the
/// front end does (`FindingWordingTests` in the CLI's tests).
@Suite struct FindingValueTests {
    /// A key that holds what an in-band token once was (U+0001 around an
    /// input's name) is a value in the finding, never part of its words.
    @Test func aKeyIsAValueInTheFinding() throws {
        var job = FitJob(request: FitJobTests.request, search: FitJobTests.search, rules: .one(FitJob.Rule(width: 300)))
        job.texts = ["a\u{1}verbose\u{1}b"]
        job.keyPatterns = ["nothing*"]
        var diagnostics = Diagnostics()
        #expect(throws: Stopped.self) { try job.read(&diagnostics).strings }
        #expect(
            diagnostics.items.map(\.finding) == [
                .noKeyMatches(patterns: ["nothing*"], examples: ["a\u{1}verbose\u{1}b"])
            ])
        #expect(diagnostics.exitStatus == .cannotRun)
    }

    /// No sentence is built in TypefitKit, nor in the core's text and
    /// specs (the placeholder check's differences, the spec check's
    /// problems): no `Message`, no input spelled or named, no finding
    /// worded by the library (`.worded` is the front end's).
    @Test func theLibraryWordsNothing() throws {
        let root = Fixtures.packageRoot.appendingPathComponent("Sources")
        var files: [String] = []
        for folder in ["TypefitKit", "TypefitCore/Text", "TypefitCore/Specs"] {
            let found = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            files += found.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
        }
        #expect(files.count > 60)
        let word = try Regex(#"\bMessage\b|\bCommandInput\b|\.worded\b"#)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // The front end's case: declared, and its code said.
                if file.hasSuffix("/Finding.swift"), line.contains("case worded(") || line.contains("case .worded(") {
                    continue
                }
                if line.firstMatch(of: word) != nil { Issue.record("\(file) words a finding: \(line)") }
            }
        }
    }

    @Test func noOptionIsSpelledInTheLibrary() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Sources/TypefitKit")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        let option = try Regex(#""[^"\n]*--[a-z]"#)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                if line.firstMatch(of: option) != nil { Issue.record("\(file) spells an option: \(line)") }
            }
        }
    }
}

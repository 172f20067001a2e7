import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A pull request's keys and texts that CI runners would run as commands
/// reach every output of a run; read back as Azure's agent and GitHub's
/// runner read a log (`CIRunners`), none is a command, and JSON read back
/// gives the values as written.
@Suite struct RunnerCommandTests {
    static let vso = "ok ##vso[task.setvariable variable=PATH]/tmp/evil"
    static let keys = [
        vso, "\u{A0}::error::forged", "\u{3000}::stop-commands::tok", "x ##[error]legacy", "dup ##vso[task.complete]",
    ]

    /// A `.strings` file of those keys, one duplicated (a warning on
    /// stderr quotes it), and texts that fail at the width given.
    static func folder() throws -> URL {
        let folder = Fixtures.temporaryDirectory("runner-commands")
        let lproj = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        var text = ""
        for key in keys {
            text += "\"\(key)\" = \"A long text ##vso[task.setvariable variable=X]y that cannot fit %@\";\n"
        }
        text += "\"dup ##vso[task.complete]\" = \"again\";\n"
        try text.write(to: lproj.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        return folder
    }

    static let fit = [
        "fit", "--fontconfig-file", Fixtures.fontconfigFile, "--width", "60", "--style", "body", "--font",
        "TypefitSans-Regular", "--require", "large",
    ]

    func run(_ arguments: [String], in folder: URL) -> Outcome {
        var context = RunContext()
        context.workingDirectory = folder.path
        return TypefitCommand.run(arguments, context: context)
    }

    func expectNoCommands(_ text: String, _ what: String, allowingOwn: Bool = false) {
        var found = CIRunners.commands(in: text)
        if allowingOwn {
            // The report's own annotations: `::error`/`::warning`/`::notice`
            // at the line's first byte, whose data holds no `##`.
            found.removeAll {
                $0.runner == "github"
                    && ($0.line.hasPrefix("::error ") || $0.line.hasPrefix("::warning ")
                        || $0.line.hasPrefix("::notice "))
            }
        }
        #expect(found.isEmpty, "\(what): \(found.map(\.line))")
    }

    @Test(arguments: ["table", "json", "github", "sarif", "junit"])
    func fitWritesNoCommandInAnyFormat(format: String) throws {
        let folder = try Self.folder()
        let strings = folder.appendingPathComponent("en.lproj/Localizable.strings").path
        let outcome = run(Self.fit + ["--strings", strings, "--format", format], in: folder)
        #expect(outcome.status != .success)
        // Stdout and stderr quote the keys (the duplicate-key warning);
        // under a CI report stderr is the summary line, the report (on
        // stdout) quotes them.
        let quoting = ["github", "sarif", "junit"].contains(format) ? outcome.stdout : outcome.stderr
        #expect(quoting.contains("dup \\u0023#vso[task.complete]"), "\(format)")
        expectNoCommands(outcome.stdout, "stdout of \(format)", allowingOwn: format == "github")
        expectNoCommands(outcome.stderr, "stderr of \(format)")
        if format == "json" || format == "sarif" {
            // JSON readers decode the escape: the keys are as written.
            let json = String(decoding: outcome.stdoutBytes, as: UTF8.self)
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
            let data = try JSONSerialization.data(withJSONObject: object)
            let decoded = String(decoding: data, as: UTF8.self)
            #expect(decoded.contains("##vso[task.setvariable variable=PATH]"), "\(format)")
        }
        if format == "junit" {
            #expect(XMLParser(data: Data(outcome.stdoutBytes)).parse())
        }
    }

    @Test func measureAndReviewAnnotationsWriteNoCommand() throws {
        let folder = try Self.folder()
        let strings = folder.appendingPathComponent("en.lproj/Localizable.strings").path
        let measure = run(
            [
                "measure", Self.vso + "\n\u{A0}::error::x", "--fontconfig-file", Fixtures.fontconfigFile, "--font",
                "TypefitSans-Regular", "--style", "body", "--format", "table",
            ], in: folder)
        #expect(measure.status == .success, "\(measure.stderr)")
        expectNoCommands(measure.stdout + measure.stderr, "measure")
        let page = folder.appendingPathComponent("review.html").path
        let annotations = folder.appendingPathComponent("annotations.txt").path
        let review = run(
            [
                "review", "--fontconfig-file", Fixtures.fontconfigFile, "--width", "60", "--style", "body", "--font",
                "TypefitSans-Regular", "--strings", strings, "--output", page, "--annotations", annotations,
            ], in: folder)
        expectNoCommands(review.stderr, "review's stderr")
        expectNoCommands(try String(contentsOfFile: annotations, encoding: .utf8), "annotations", allowingOwn: true)
        expectNoCommands(try String(contentsOfFile: page, encoding: .utf8), "review page")
    }

    /// A message quotes a bounded prefix of a long key: its first 120
    /// characters, `…` and its length, on stderr and in every report's
    /// message.
    @Test(arguments: ["table", "github", "sarif", "junit"])
    func messagesQuoteABoundedPrefix(format: String) throws {
        let folder = Fixtures.temporaryDirectory("long-key")
        let key = String(repeating: "k", count: 25_000)
        let file = folder.appendingPathComponent("Localizable.strings")
        try "\"\(key)\" = \"a\";\n\"\(key)\" = \"b\";\n".write(to: file, atomically: true, encoding: .utf8)
        let outcome = run(Self.fit + ["--strings", file.path, "--format", format], in: folder)
        let quoted = String(repeating: "k", count: 120) + "… (25000 characters)"
        // Under a CI report stderr is the summary line; the report quotes.
        let quoting = format == "table" ? outcome.stderr : outcome.stdout
        #expect(quoting.contains(quoted) && quoting.contains("is given again"), "\(format)")
        #expect(outcome.stderr.split(separator: "\n").allSatisfy { $0.count < 600 }, "\(outcome.stderr.count)")
        if format == "github" || format == "sarif" {
            #expect(outcome.stdout.contains(quoted) && !outcome.stdout.contains(String(repeating: "k", count: 121)))
        }
    }

    /// A run that stops reports the stop and nothing else: no passing
    /// JUnit case for the strings it had read, and in SARIF a tool
    /// execution notification, not a result.
    @Test func aStoppedRunReportsTheStopAlone() throws {
        var diagnostics = Diagnostics()
        diagnostics.warning(.fileReadOnce(firstPath: "a.strings"), file: "b.strings")
        diagnostics.error(.lineBreakerUnavailable(reason: "ICU is missing"), status: .cannotRun)
        let subjects = ["one", "two", "three"].map { ReportSubject(file: "a.strings", language: "en", key: $0) }
        let junit = String(
            decoding: try #require(
                FindingReports.render(
                    JUnitReport.format, diagnostics: diagnostics, subjects: subjects, command: "fit",
                    workingDirectory: nil)),
            as: UTF8.self)
        #expect(XMLParser(data: Data(junit.utf8)).parse())
        #expect(!junit.contains("name=\"one\"") && !junit.contains("read once"))
        #expect(junit.contains("<error") && junit.contains("ICU is missing"))
        let sarif = try #require(
            FindingReports.render(
                SARIFReport.format, diagnostics: diagnostics, subjects: subjects, command: "fit", workingDirectory: nil)
        )
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notes.count == 1 && (notes[0]["message"] as? [String: Any])?["text"] as? String == "ICU is missing")
    }
}

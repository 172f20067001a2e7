import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `--format github`, `sarif` and `junit`: each finding on its string's
/// line, read back by the rules of the tools that read them (GitHub's
/// runner, OASIS's schema, an XML parser), and each agreeing with the JSON
/// document's verdict.
@Suite struct FindingReportTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let fit = ["fit", "--width", "60", "--style", "body", "--font", "TypefitSans-Regular", "--require", "large"]

    /// A folder whose `.strings` file's name and keys hold every character
    /// GitHub's workflow commands escape: `%`, `,`, `:` and `::`, and a key
    /// with a line break.
    static func hostileFolder() throws -> URL {
        let folder = Fixtures.temporaryDirectory("reports")
        let lproj = folder.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = """
            "50% off, now" = "Fünfzig Prozent Rabatt auf alles";
            "a::b" = "Einstellungsübersicht";
            "two\\nlines" = "Zwei Zeilen, die nicht passen";
            "ok" = "Ja";

            """
        try strings.write(
            to: lproj.appendingPathComponent("Odd, name: 100%.strings"), atomically: true, encoding: .utf8)
        return folder
    }

    func run(_ arguments: [String], in folder: URL) -> Outcome {
        var context = RunContext()
        context.workingDirectory = folder.path
        return TypefitCommand.run(arguments, context: context)
    }

    /// One workflow command as GitHub's runner reads it (actions/runner,
    /// `ActionCommand.TryParseV2`): `::name props::data`, the data after the
    /// first `::` that follows the name, properties split at `,` and at the
    /// first `=`, each unescaped as the runner unescapes (`%0D`, `%0A`,
    /// `%3A`, `%2C`, then `%25`).
    struct Command {
        var name: String
        var properties: [String: String]
        var data: String

        init?(_ line: Substring) {
            guard line.hasPrefix("::") else { return nil }
            let rest = line.dropFirst(2)
            guard let end = rest.range(of: "::") else { return nil }
            let info = rest[..<end.lowerBound]
            data = Self.unescape(String(rest[end.upperBound...]), property: false)
            let parts = info.split(separator: " ", maxSplits: 1)
            name = String(parts.first ?? "")
            properties = [:]
            if parts.count == 2 {
                for pair in parts[1].split(separator: ",") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    guard kv.count == 2 else { return nil }
                    properties[String(kv[0])] = Self.unescape(String(kv[1]), property: true)
                }
            }
        }

        static func unescape(_ text: String, property: Bool) -> String {
            var out = text.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
            if property {
                out = out.replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
            }
            return out.replacingOccurrences(of: "%25", with: "%")
        }
    }

    /// stderr's `FILE:LINE:COLUMN: error: MESSAGE` lines, split.
    static func located(_ stderr: String) -> [(file: String, line: Int, column: Int, message: String)] {
        stderr.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: /^(.+):(\d+):(\d+): error: (.*)$/) else { return nil }
            return (String(match.1), Int(match.2) ?? 0, Int(match.3) ?? 0, String(match.4))
        }
    }

    @Test func githubAnnotationsReadBackAsTheRunnerReadsThem() throws {
        let folder = try Self.hostileFolder()
        let file = "de.lproj/Odd, name: 100%.strings"
        let arguments = Self.fit + ["--strings", folder.path + "/" + file] + Self.config
        let plain = run(arguments + ["--format", "table"], in: folder)
        let github = run(arguments + ["--format", "github"], in: folder)
        #expect(github.status == .problemFound && plain.status == .problemFound)
        let errors = Self.located(plain.stderr)
        #expect(errors.count == 3, "\(plain.stderr)")
        let lines = github.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let commands = lines.compactMap(Command.init)
        #expect(commands.count == lines.count, "every line is one command: \(github.stdout)")
        let annotations = commands.filter { $0.name == "error" }
        #expect(annotations.count == errors.count)
        for (annotation, error) in zip(annotations, errors) {
            // The path relative to the working folder, its ',' and ':' intact.
            #expect(annotation.properties["file"] == file && error.file == folder.path + "/" + file)
            #expect(annotation.properties["line"] == String(error.line))
            #expect(annotation.properties["col"] == String(error.column))
            #expect(annotation.properties["title"] == "typefit does-not-fit")
            #expect(annotation.data == error.message)
        }
        // The value of "a::b" is on line 2, at column 10.
        #expect(annotations.contains { $0.data.hasPrefix("a::b (de):") && $0.properties["line"] == "2" })
        #expect(annotations.contains { $0.properties["col"] == "10" && $0.properties["line"] == "2" })
        #expect(annotations.contains { $0.data.hasPrefix("50% off, now (de):") })
        // A key's line break is shown escaped, as on stderr: one command,
        // one line.
        #expect(annotations.contains { $0.data.hasPrefix("two\\nlines (de):") })
        #expect(!github.stdout.contains("\r"))
    }

    @Test func githubEscapesAsTheToolkitDoes() {
        // @actions/core's command.ts: escapeData and escapeProperty.
        #expect(GitHubAnnotations.escapeData("100% a\r\nb: c, d::") == "100%25 a%0D%0Ab: c, d::")
        #expect(GitHubAnnotations.escapeProperty("100% a\r\nb: c, d::") == "100%25 a%0D%0Ab%3A c%2C d%3A%3A")
    }

    @Test func sarifIsValidAgainstOASISsSchema() throws {
        let folder = try Self.hostileFolder()
        let file = "de.lproj/Odd, name: 100%.strings"
        let outcome = run(
            Self.fit + ["--strings", folder.path + "/" + file, "--format", "sarif"] + Self.config, in: folder)
        #expect(outcome.status == .problemFound)
        let log = folder.appendingPathComponent("typefit.sarif")
        try outcome.stdout.write(to: log, atomically: true, encoding: .utf8)
        let schema = Fixtures.packageRoot.appendingPathComponent(".build/test-tools/sarif-schema-2.1.0.json")
        #expect(
            FileManager.default.fileExists(atPath: schema.path),
            "no SARIF schema: run scripts/ensure-deps.sh --test (make test does)")
        try JSONSchemaValidator.expectValid(log.path, schema: schema.path)
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let runs = try #require(document["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        let errors = results.filter { $0["level"] as? String == "error" }
        #expect(errors.count == 3)
        let location = try #require(
            (errors.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = try #require(location["artifactLocation"] as? [String: Any])
        // A URI reference: the space, ',', ':' and '%' percent-encoded.
        #expect(artifact["uri"] as? String == "de.lproj/Odd%2C%20name%3A%20100%25.strings")
        #expect(artifact["uriBaseId"] as? String == "SRCROOT")
        let region = try #require(location["region"] as? [String: Any])
        #expect(region["startLine"] as? Int == 1)
        let rules = try #require(
            ((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == result["ruleId"] as? String)
        }
    }

    /// An app with a format placeholder and a plural: the run's notes
    /// (the samples used) name no file, so they are notifications, not
    /// results; the log passes OASIS's schema and code scanning's own
    /// rules (every result at a file, GitHub's limits).
    @Test func sarifAsCodeScanningIngestsIt() throws {
        let folder = Fixtures.temporaryDirectory("reports-notes")
        for (tag, strings, plural) in [
            ("en", "\"hello\" = \"Hello %@, welcome back\";\n", "%d file"),
            ("de", "\"hello\" = \"Hallo %@, willkommen zurück bei uns\";\n", "%d Datei"),
        ] {
            let lproj = folder.appendingPathComponent("\(tag).lproj")
            try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
            try strings.write(
                to: lproj.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
            let dictionary = """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>files</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
                <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>\(plural)</string><key>other</key><string>\(plural)s</string></dict></dict>
                </dict></plist>
                """
            try dictionary.write(
                to: lproj.appendingPathComponent("Localizable.stringsdict"), atomically: true, encoding: .utf8)
        }
        let outcome = run(
            Self.fit + ["--strings", folder.path + "/*.lproj/Localizable.strings*", "--format", "sarif"] + Self.config,
            in: folder)
        #expect(outcome.status == .problemFound, "\(outcome.stderr)")
        let log = folder.appendingPathComponent("typefit.sarif")
        try outcome.stdout.write(to: log, atomically: true, encoding: .utf8)
        #expect(CodeScanningRules.violations(Data(outcome.stdout.utf8)) == [])
        let schema = Fixtures.packageRoot.appendingPathComponent(".build/test-tools/sarif-schema-2.1.0.json")
        try JSONSchemaValidator.expectValid(log.path, schema: schema.path)
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        let ids = notifications.compactMap { ($0["descriptor"] as? [String: Any])?["id"] as? String }
        #expect(ids.contains("placeholder-samples") && ids.contains("plural-samples"), "\(ids)")
        // The missing glyph (the fixture face has no 'ü') is a warning about
        // the run, at no file: a notification too, with its level.
        #expect(ids.contains("missing-glyphs"))
        #expect(notifications.allSatisfy { $0["level"] is String && $0["message"] != nil })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.contains { $0["ruleId"] as? String == "does-not-fit" })
        #expect(!results.contains { $0["ruleId"] as? String == "placeholder-samples" })
    }

    /// Past code scanning's 25,000 results a run keeps the errors first and
    /// counts the rest in a notification, so the upload is not rejected.
    @Test func sarifKeepsWithinCodeScanningsLimit() throws {
        var findings: [ReportedFinding] = []
        for i in 0..<(SARIFReport.maximumResults + 2) {
            let diagnostic = Diagnostic(
                severity: .warning, finding: .fileUnreadable(reason: "warning \(i)"), file: "a.strings",
                position: SourcePosition(line: i + 1, column: 1))
            findings.append(ReportedFinding(diagnostic, workingDirectory: nil))
        }
        for i in 0..<3 {
            let diagnostic = Diagnostic(
                severity: .error, finding: .fileUnreadable(reason: "error \(i)"), file: "b.strings",
                position: SourcePosition(line: i + 1, column: 1), status: .problemFound)
            findings.append(ReportedFinding(diagnostic, workingDirectory: nil))
        }
        let bytes = SARIFReport.render(
            findings, run: ReportedRun(command: "fit", subjects: [], workingDirectory: nil, status: .problemFound))
        #expect(CodeScanningRules.violations(Data(bytes)) == [])
        let document = try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == SARIFReport.maximumResults)
        #expect(results.prefix(3).allSatisfy { $0["level"] as? String == "error" })
        let notifications = try #require(
            (run["invocations"] as? [[String: Any]])?.first?["toolExecutionNotifications"] as? [[String: Any]])
        let message = try #require((notifications.last?["message"] as? [String: Any])?["text"] as? String)
        #expect(message.hasPrefix("5 more results left out"), "\(message)")
    }

    @Test func junitHasACasePerKeyAndAFailurePerFinding() throws {
        let folder = try Self.hostileFolder()
        let file = "de.lproj/Odd, name: 100%.strings"
        let outcome = run(
            Self.fit + ["--strings", folder.path + "/" + file, "--format", "junit"] + Self.config, in: folder)
        #expect(outcome.status == .problemFound)
        let report = folder.appendingPathComponent("junit.xml")
        try outcome.stdout.write(to: report, atomically: true, encoding: .utf8)
        // xmllint: the document is well-formed XML.
        let lint = try #require(try BinaryRunner.runTool("xmllint", ["--noout", report.path]), "xmllint is missing")
        #expect(lint.status == 0, "\(lint.stderr)")
        // Read by xmllint's XPath, not by typefit's code.
        func xpath(_ expression: String) throws -> String {
            let result = try #require(try BinaryRunner.runTool("xmllint", ["--xpath", expression, report.path]))
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try xpath("count(//testsuite[1]/testcase)") == "4")
        // The run's own warnings (no glyph for 'ü' in the fixture face, no
        // source file) in a suite of their own.
        #expect(try xpath("string(//testsuite[2]/@name)") == "typefit")
        #expect(try xpath("count(//testcase/failure)") == "3")
        #expect(try xpath("string(/testsuites/@failures)") == "3")
        #expect(try xpath("string(//testsuite[1]/testcase[not(failure)]/@name)") == "ok")
        #expect(try xpath("string(//testsuite/@name)") == "\(file) (de)")
        let names = try xpath("//testcase/@name")
        // The line break as a character reference: the attribute keeps it.
        #expect(names.contains("name=\"two&#10;lines\"") && names.contains("name=\"50% off, now\""), "\(names)")
    }

    /// Every format gives the same verdict as the JSON document's `ok` and
    /// the same exit status, passing and failing.
    @Test func everyFormatAgreesWithTheJSONVerdict() throws {
        let catalog = Fixtures.path("strings/Settings.xcstrings")
        for width in ["60", "2000"] {
            let base =
                [
                    "fit", "--width", width, "--style", "body", "--font", "TypefitSans-Regular", "--require", "large",
                    "--strings", catalog,
                ] + Self.config
            let json = TypefitCommand.run(base + ["--format", "json"], context: RunContext())
            let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let ok = try #require(document["ok"] as? Bool)
            for format in ["github", "sarif", "junit"] {
                let outcome = TypefitCommand.run(base + ["--format", format], context: RunContext())
                #expect(outcome.status == json.status, "\(format) at \(width)")
                let failed: Bool
                switch format {
                case "github": failed = outcome.stdout.contains("::error ")
                case "sarif": failed = outcome.stdout.contains("\"level\": \"error\"")
                default:
                    failed =
                        outcome.stdout.range(
                            of: #"<testsuites [^>]*failures="0" errors="0">"#, options: .regularExpression) == nil
                }
                #expect(failed == !ok, "\(format) at \(width): \(outcome.stdout)")
            }
        }
    }

    /// `--strict` makes warnings errors in the report as on stderr.
    @Test func strictPromotesWarningsInReports() {
        let catalog = Fixtures.path("strings/App.xcstrings")
        let base =
            ["fit", "--width", "2000", "--style", "body", "--font", "TypefitSans-Regular", "--strings", catalog]
            + Self.config + ["--format", "github"]
        let lax = TypefitCommand.run(base, context: RunContext())
        let strict = TypefitCommand.run(base + ["--strict"], context: RunContext())
        #expect(lax.stdout.contains("::warning ") && !lax.stdout.contains("::error "))
        #expect(strict.stdout.contains("::error ") && !strict.stdout.contains("::warning "))
        #expect(strict.status == .problemFound && lax.status == .success)
    }

    /// `check`'s findings at the face's and style's keys in the spec.
    @Test func checkReportsAtTheSpecsKeys() throws {
        let zen = Fixtures.path("specs/ZenOldMincho.json")
        let outcome = TypefitCommand.run(
            ["check", "--spec", zen, "--format", "github"] + Self.config, context: RunContext())
        #expect(outcome.status == .problemFound)
        let commands = outcome.stdout.split(separator: "\n").compactMap(Command.init)
        let bold = try #require(commands.first { $0.data.hasPrefix("face 'bold'") })
        // `"bold": "ZenOldMincho-Bold"` is on line 3, its key at column 49.
        #expect(bold.name == "error" && bold.properties["line"] == "3" && bold.properties["col"] == "49")
        #expect(bold.properties["title"] == "typefit missing-face")
        let wcag = try #require(commands.first { $0.properties["title"] == "typefit wcag-resize" })
        #expect(wcag.name == "warning" && wcag.properties["line"] == "10")
        // The table report says the same, and what stdout reports is not
        // repeated on stderr.
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    }

    /// The registry of codes is the only source of them: each code is
    /// kebab-case and has its words; no source spells a code as a string
    /// literal (a typo there once made a rule SARIF did not describe); and
    /// every code is given somewhere (a code nothing reports is a rule
    /// documented for nothing).
    @Test func theRegistryIsTheOnlySourceOfCodes() throws {
        let codes = Finding.Code.allCases
        #expect(codes.count > 100)
        for code in codes {
            #expect(code.rawValue.wholeMatch(of: /[a-z][a-z0-9]*(-[a-z0-9]+)*/) != nil, "\(code.rawValue)")
            let words = code.help
            #expect(!words.summary.isEmpty && !words.help.isEmpty, "\(code.rawValue) has no words")
            #expect(!words.summary.hasSuffix("."), "\(code.rawValue)'s summary is a title, not a sentence")
        }
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var text = ""
        for file in files {
            let contents = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in contents.split(separator: "\n") where line.contains("code: \"") || line.contains("code = \"") {
                Issue.record("\(file) spells a code as a string: \(line)")
            }
            // The registry's own files name every case.
            if !file.hasSuffix("FindingCode.swift") && !file.hasSuffix("FindingCodes.swift") { text += contents }
        }
        for code in codes {
            let parts = code.rawValue.split(separator: "-")
            let name = parts[0] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            #expect(text.contains("." + name), "nothing reports \(code.rawValue) (.\(name))")
        }
    }

    /// docs/REFERENCE.md's table of codes is the registry's, row for row;
    /// `TYPEFIT_RECORD_GOLDEN=1` rewrites it.
    @Test func theReferenceTablesEveryCode() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/REFERENCE.md")
        var text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "<!-- finding codes "), "no marker for the codes")
        let open = try #require(text.range(of: "-->\n", range: start.upperBound..<text.endIndex))
        let close = try #require(
            text.range(of: "<!-- end of finding codes -->", range: open.upperBound..<text.endIndex))
        let range = open.upperBound..<close.lowerBound
        let generated = "\n" + FindingCodes.markdownTable() + "\n"
        if Golden.isRecording {
            text.replaceSubrange(range, with: generated)
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("rewrote the codes in docs/REFERENCE.md; run again to compare")
            return
        }
        #expect(String(text[range]) == generated, "docs/REFERENCE.md's codes differ from Finding.Code")
        // Every rule SARIF lists is one of them.
        for code in Finding.Code.allCases { #expect(text.contains("| `\(code.rawValue)` |")) }
    }

    /// An input that cannot be read is an error annotation too (exit 2).
    @Test func anUnreadableFileIsReported() {
        let outcome = TypefitCommand.run(
            Self.fit + ["--strings", "/nonexistent/Localizable.strings", "--format", "github"] + Self.config,
            context: RunContext())
        #expect(outcome.status == .cannotRun)
        #expect(
            outcome.stdout.hasPrefix("::error file=/nonexistent/Localizable.strings,title=typefit file-unreadable::"),
            "\(outcome.stdout)")
    }

    /// `review --annotations FILE`: fit's findings as GitHub annotations
    /// beside the page.
    @Test func reviewWritesAnnotationsBesideThePage() throws {
        let folder = Fixtures.temporaryDirectory("review-annotations")
        let catalog = Fixtures.path("strings/Settings.xcstrings")
        let annotations = folder.appendingPathComponent("annotations.txt")
        let common = Self.fit + ["--strings", catalog] + Self.config
        let review = TypefitCommand.run(
            ["review"] + common.dropFirst()
                + ["--output", folder.appendingPathComponent("page.html").path, "--annotations", annotations.path],
            context: RunContext())
        let fit = TypefitCommand.run(common + ["--format", "github"], context: RunContext())
        #expect(review.status == fit.status)
        let written = try String(contentsOf: annotations, encoding: .utf8)
        let errors = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("::error ") } }
        #expect(!errors(written).isEmpty && errors(written) == errors(fit.stdout))
    }
}

/// Validates a JSON file against a JSON Schema with Python's `jsonschema`
/// (Debian's python3-jsonschema), the schema's own draft applied.
enum JSONSchemaValidator {
    static func expectValid(_ path: String, schema: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            document = json.load(open(sys.argv[2]))
            cls = jsonschema.validators.validator_for(schema)
            cls.check_schema(schema)
            errors = sorted(cls(schema).iter_errors(document), key=lambda e: list(e.path))
            for e in errors[:10]:
                print("/".join(map(str, e.path)) + ": " + e.message[:300])
            sys.exit(1 if errors else 0)
            """
        let result = try #require(
            try BinaryRunner.runTool("python3", ["-c", script, schema, path]), "python3 is missing",
            sourceLocation: sourceLocation)
        #expect(
            result.status == 0, "\(path) against \(schema): \(result.stdout)\(result.stderr)",
            sourceLocation: sourceLocation)
    }
}

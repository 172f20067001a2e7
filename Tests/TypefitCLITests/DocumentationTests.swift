import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Contracts written in two places, held to one source: the synopses and
/// exit-status tables of README.md and docs/REFERENCE.md against the
/// declarations and `ExitStatus`, every option the documents name against
/// the declarations, every "see README/REFERENCE, …" pointer against the
/// headings, and the JSON field reference against real documents.
@Suite struct DocumentationTests {
    static let readme = Fixtures.packageRoot.appendingPathComponent("README.md")
    static let reference = Fixtures.packageRoot.appendingPathComponent("docs/REFERENCE.md")

    static func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    /// The first fenced block after `heading`, and where it sits.
    static func block(after heading: String, in text: String) -> Range<String.Index>? {
        guard let start = text.range(of: "\n" + heading + "\n"),
            let open = text.range(of: "```\n", range: start.upperBound..<text.endIndex),
            let close = text.range(of: "\n```", range: open.upperBound..<text.endIndex)
        else { return nil }
        return open.upperBound..<text.index(after: close.lowerBound)
    }

    /// The synopses are the declarations'; `TYPEFIT_RECORD_GOLDEN=1`
    /// rewrites them (and fails on purpose).
    @Test(arguments: [("README.md", "### Synopsis"), ("docs/REFERENCE.md", "## Synopsis")])
    func synopsesAreTheDeclarations(file: String, heading: String) throws {
        let url = Fixtures.packageRoot.appendingPathComponent(file)
        var text = Self.text(url)
        let range = try #require(Self.block(after: heading, in: text), "\(file) has no block under \(heading)")
        let generated = HelpFormatter.documentationSynopsis()
        if Golden.isRecording {
            text.replaceSubrange(range, with: generated)
            try text.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("rewrote the synopsis in \(file); run again without TYPEFIT_RECORD_GOLDEN to compare")
            return
        }
        #expect(String(text[range]) == generated, "\(file): run TYPEFIT_RECORD_GOLDEN=1 swift test to regenerate")
    }

    @Test(arguments: ["README.md", "docs/REFERENCE.md"])
    func exitStatusTablesAreExitStatus(file: String) {
        let text = Self.text(Fixtures.packageRoot.appendingPathComponent(file))
        #expect(text.contains(ExitStatus.markdownTable), "\(file)'s exit-status table differs from ExitStatus")
    }

    /// Options of other programs the documents name on purpose.
    static let othersOptions: Set<String> = [
        "--static-swift-stdlib",  // the release build's swift build flag
        "--fail-on",  // lintian's
        "--output-format", "--font-ptem", "--variations",  // hb-shape's
        "--opt",  // the placeholder in "--opt value or --opt=value"
        "--typefit-body-font-size",  // a CSS custom property --format css writes
        "--pseudo-localize", "--legacy",  // aapt2 compile's
    ]

    /// Every `--option` README.md and docs/REFERENCE.md name is one typefit
    /// declares (a renamed or removed option cannot linger there).
    @Test(arguments: ["README.md", "docs/REFERENCE.md"])
    func everyOptionTheDocumentsNameIsDeclared(file: String) throws {
        let text = Self.text(Fixtures.packageRoot.appendingPathComponent(file))
        var declared = Set(Typefit.options.map(\.name) + ["--help"])
        for command in Typefit.subcommands + Typefit.builtins {
            declared.formUnion(command.configuration.options.map(\.name))
        }
        let regex = try Regex("(?:^|[^A-Za-z0-9-])(--[a-z][a-z0-9-]*[a-z0-9])")
        let named = Set(text.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) })
        let unknown = named.subtracting(declared).subtracting(Self.othersOptions).sorted()
        #expect(unknown.isEmpty, "\(file) names options typefit does not declare: \(unknown)")
    }

    /// Each subcommand's section of the reference tables every option it
    /// declares, as the declarations say (between its markers);
    /// `TYPEFIT_RECORD_GOLDEN=1` rewrites the tables.
    @Test(arguments: Typefit.subcommandNames)
    func theReferenceTablesEveryOption(command: String) throws {
        var text = Self.text(Self.reference)
        let marker = "<!-- options of typefit \(command) "
        let start = try #require(text.range(of: marker), "no options marker for \(command)")
        let open = try #require(text.range(of: "-->\n", range: start.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "<!-- end of options -->", range: open.upperBound..<text.endIndex))
        let configuration = try #require(Typefit.subcommand(named: command)).configuration
        let generated = "\n" + HelpFormatter.markdownOptions(configuration) + "\n"
        let range = open.upperBound..<close.lowerBound
        if Golden.isRecording {
            text.replaceSubrange(range, with: generated)
            try text.write(to: Self.reference, atomically: true, encoding: .utf8)
            Issue.record("rewrote the options of \(command) in docs/REFERENCE.md; run again to compare")
            return
        }
        #expect(String(text[range]) == generated, "docs/REFERENCE.md: \(command)'s options differ from its declaration")
    }

    /// `(README, "Heading")`, `(docs/REFERENCE.md, "Heading")`: every such
    /// pointer in the sources names a heading that exists.
    @Test func pointersNameHeadingsThatExist() throws {
        let root = Fixtures.packageRoot
        var files = ["Makefile", "Package.swift"].map { root.appendingPathComponent($0) }
        for folder in ["Sources", "scripts"] {
            let base = root.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
            files += paths.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".sh") || $0.hasSuffix(".py") }
                .map { base.appendingPathComponent($0) }
        }
        let headings: [String: Set<String>] = [
            "README": Self.headings(Self.text(Self.readme)),
            "docs/REFERENCE.md": Self.headings(Self.text(Self.reference)),
        ]
        let regex = try Regex(#"(README(?:\.md)?|docs/REFERENCE\.md)\s*,\s*\\?"([^"\\]+)\\?""#)
        var checked = 0
        for file in files {
            let text = Self.text(file)
            for match in text.matches(of: regex) {
                guard let document = match.output[1].substring, let heading = match.output[2].substring else {
                    continue
                }
                let key = document.hasPrefix("README") ? "README" : "docs/REFERENCE.md"
                checked += 1
                #expect(
                    headings[key]?.contains(String(heading)) == true,
                    "\(file.lastPathComponent) points to \(document), \"\(heading)\", which has no such heading")
            }
        }
        #expect(checked >= 4, "the pointers themselves were not found (\(checked))")
    }

    /// A document's headings without their `#`s and backticks.
    static func headings(_ text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { line in
                String(line.drop { $0 == "#" || $0 == " " }.filter { $0 != "`" })
            })
    }

    /// Every key the JSON field reference (typefit(1), `Reference.jsonFields`)
    /// names is a key of a real document of that command.
    @Test func theJSONFieldReferenceNamesRealKeys() throws {
        let environment = ["--fontconfig-file", Fixtures.fontconfigFile]
        let text = Fixtures.root.appendingPathComponent("text").path
        let runs: [String: [[String]]] = [
            "list-fonts": [["list-fonts", "--format", "json"] + environment],
            "scale": [
                ["scale", "--format", "json"],
                ["scale", "--style", "body", "--value", "17", "--format", "json"],
                [
                    "scale", "--spec", Fixtures.path("specs/TypefitSans.json"), "--bold-text", "--fallback",
                    "--format", "json",
                ] + environment,
                ["scale", "--spec", Fixtures.path("specs/ZenOldMincho.json"), "--fallback", "--format", "json"]
                    + environment,
            ],
            "measure and fit": [
                ["measure", "AVA fi", "--style", "body", "--font", "TypefitScript-Regular", "--fonts-dir", text]
                    + ["--format", "json"] + environment,
                ["fit", "AVA fi", "--width", "50", "--style", "body", "--font", "TypefitScript-Regular"]
                    + ["--fonts-dir", text, "--format", "json"] + environment,
            ],
        ]
        for (name, fields) in Reference.jsonFields {
            var keys = Set<String>()
            for arguments in try #require(runs[name], "no documents for \(name)") {
                let outcome = TypefitCommand.run(arguments)
                let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
                Self.collectKeys(object, into: &keys)
            }
            for (field, _) in fields {
                // "faces[].style, .weight, .italic" names style, weight, italic.
                for part in field.split(separator: ",") {
                    let key = part.split(separator: ".").last.map { String($0).filter { $0 != " " } } ?? ""
                    let bare = key.hasSuffix("[]") ? String(key.dropLast(2)) : key
                    #expect(keys.contains(bare), "\(name): '\(bare)' (from '\(field)') is in no \(name) document")
                }
            }
        }
    }

    static func collectKeys(_ value: Any, into keys: inout Set<String>) {
        if let object = value as? [String: Any] {
            for (key, inner) in object {
                keys.insert(key)
                collectKeys(inner, into: &keys)
            }
        } else if let array = value as? [Any] {
            for inner in array { collectKeys(inner, into: &keys) }
        }
    }
}

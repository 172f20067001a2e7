import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Every JSON document typefit prints is valid against its schema in
/// `schema/` (the contract scripts read), checked by Python's `jsonschema`
/// (Debian's python3-jsonschema): the golden files and the documents of
/// each command's variants (rules, placeholders, platforms, clamps, errors).
/// The schemas refuse unknown and missing fields, so a renamed field fails
/// here before it reaches a script.
@Suite struct OutputSchemaTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let face = ["--font", "TypefitSans-Regular"]

    /// (schema, arguments) of the documents checked besides the goldens.
    static let runs: [(String, [String])] = {
        let settings = Fixtures.path("strings/Settings.xcstrings")
        let placeholders = Fixtures.path("placeholders")
        let zen = Fixtures.path("specs/ZenOldMincho.json")
        let sans = Fixtures.path("specs/TypefitSans.json")
        return [
            ("list-fonts", ["list-fonts", "--dir", Fixtures.path("fonts"), "--format", "json"]),
            ("list-fonts", ["list-fonts", "--dir", Fixtures.path("instances"), "--format", "json"]),
            ("scale", ["scale", "--spec", sans, "--format", "json"] + config),
            ("scale", ["scale", "--spec", zen, "--fallback", "--bold-text", "--format", "json"] + config),
            ("scale", ["scale", "--family", "Typefit Sans", "--weight", "bold", "--format", "json"] + config),
            ("scale", ["scale", "--platform", "android", "--format", "json"]),
            ("scale", ["scale", "--platform", "watchos", "--watch-size", "45mm", "--format", "json"]),
            ("scale", ["scale", "--platform", "macos", "--format", "json"]),
            ("scale", ["scale", "--platform", "flutter-ios", "--format", "json"]),
            (
                "scale",
                [
                    "scale", "--platform", "flutter-ios", "--style", "textStyle,bodyLarge", "--maximum-text-scale",
                    "1.235", "--format", "json",
                ]
            ),
            ("scale", ["scale", "--platform", "flutter-android", "--flutter-version", "3.32", "--format", "json"]),
            ("scale", ["scale", "--style", "body", "--value", "17", "--display-scale", "2", "--format", "json"]),
            ("check", ["check", "--spec", zen, "--format", "json"] + config),
            ("check", ["check", "--spec", sans, "--format", "json"] + config),
            (
                "measure",
                ["measure", "Einstellungen 日本語", "--style", "body,title1", "--format", "json"] + face + config
            ),
            ("measure", ["measure", "--strings", settings, "--style", "body", "--format", "json"] + face + config),
            (
                "measure",
                ["measure", "Hi **there**", "--platform", "android", "--style", "all", "--format", "json"] + face
                    + config
            ),
            (
                "measure",
                ["measure", "Hi", "--style", "body", "--maximum-category", "AX1", "--format", "json"] + face + config
            ),
            (
                "fit",
                [
                    "fit", "--strings", settings, "--width", "100", "--style", "body", "--require", "AX3", "--format",
                    "json",
                ] + face + config
            ),
            (
                "fit",
                [
                    "fit", "--strings", placeholders + "/Placeholders.xcstrings", "--strings",
                    placeholders + "/en.lproj/Localizable.strings", "--strings",
                    placeholders + "/de.lproj/Localizable.strings", "--width", "300", "--style", "body",
                    "--require-translated", "--format", "json",
                ] + face + config
            ),
            (
                "fit",
                [
                    "fit", "Hello world", "--platform", "android", "--style", "bodyLarge", "--width", "100", "--format",
                    "json",
                ] + face + config
            ),
            (
                "fit",
                ["fit", "Hello", "--platform", "macos", "--style", "body", "--width", "100", "--format", "json"] + face
                    + config
            ),
            (
                "fit",
                [
                    "fit", "--strings", Fixtures.path("arb") + "/*.arb", "--platform", "flutter-ios", "--style",
                    "bodyLarge", "--width", "300", "--format", "json",
                ] + face + config
            ),
            // A fallback face per string (the fixture configuration's CJK face).
            (
                "fit",
                ["fit", "日本語の設定", "Hello", "--style", "body", "--width", "100", "--format", "json"] + face + config
            ),
            // Android resources: Java placeholder problems (java-exception
            // among them), plural coverage, qualifiers, pseudolocales.
            (
                "fit",
                [
                    "fit", "--strings", Fixtures.path("android/app"), "--platform", "android", "--style", "bodyLarge",
                    "--width", "100", "--pseudolocale", "en-XA", "--format", "json",
                ] + face + config
            ),
            (
                "fit",
                [
                    "fit", "Hello", "--style", "body", "--width", "100", "--no-placeholder-check",
                    "--maximum-category", "AX2", "--require", "AX4", "--format", "json",
                ] + face + config
            ),
            // Rules: each rule's fields, `markdown` and `html` among them.
            (
                "fit",
                ["fit", "--strings", settings, "--rules", Fixtures.path("strings/rules.json"), "--format", "json"]
                    + face + config
            ),
            ("errors", ["measure", "--strings", settings, "--style", "body", "--language", "zz", "--format", "json"]),
            ("errors", ["scale", "--style", "bodyy", "--format", "json"]),
        ]
    }()

    /// Validates each (schema, document) pair in one Python process;
    /// returns its report (empty when all are valid).
    static func validate(_ pairs: [(schema: String, document: URL)]) throws -> String {
        let list = Fixtures.temporaryDirectory("schema-pairs").appendingPathComponent("pairs.tsv")
        try pairs.map { "\($0.schema)\t\($0.document.path)" }.joined(separator: "\n").write(
            to: list, atomically: true, encoding: .utf8)
        let script = """
            import json, sys, jsonschema
            report = []
            for line in open(sys.argv[1]):
                schema_path, document_path = line.rstrip("\\n").split("\\t")
                schema = json.load(open(schema_path))
                cls = jsonschema.validators.validator_for(schema)
                cls.check_schema(schema)
                document = json.load(open(document_path))
                for e in sorted(cls(schema).iter_errors(document), key=lambda e: list(e.path))[:5]:
                    report.append(document_path + ": /" + "/".join(map(str, e.path)) + ": " + e.message[:200])
            print("\\n".join(report))
            """
        let result = try #require(try BinaryRunner.runTool("python3", ["-c", script, list.path]), "python3 is missing")
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func schema(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("schema/\(name).schema.json").path
    }

    @Test func everyDocumentIsValidAgainstItsSchema() throws {
        let folder = Fixtures.temporaryDirectory("schema-documents")
        var pairs: [(schema: String, document: URL)] = []
        // The goldens (scale-*.json, list-fonts.json).
        let golden = Fixtures.root.appendingPathComponent("golden")
        for name in try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted()
        where name.hasSuffix(".json") {
            let command = name.hasPrefix("list-fonts") ? "list-fonts" : String(name.prefix { $0 != "-" })
            pairs.append((Self.schema(command), golden.appendingPathComponent(name)))
        }
        #expect(pairs.count >= 5)
        for (n, (schema, arguments)) in Self.runs.enumerated() {
            let outcome = TypefitCommand.run(arguments, context: RunContext())
            #expect(!outcome.stdout.isEmpty, "\(arguments): \(outcome.stderr)")
            let file = folder.appendingPathComponent("\(n)-\(schema).json")
            try outcome.stdout.write(to: file, atomically: true, encoding: .utf8)
            pairs.append((Self.schema(schema), file))
        }
        let report = try Self.validate(pairs)
        #expect(report.isEmpty, "\(report)")
    }

    /// The schemas are strict: a renamed field, a missing one, or a value
    /// of another type is refused (else the test above could not fail).
    @Test func theSchemasRefuseARenamedField() throws {
        let folder = Fixtures.temporaryDirectory("schema-negative")
        let outcome = TypefitCommand.run(
            ["fit", "Hello", "--style", "body", "--width", "100", "--format", "json"] + Self.face + Self.config,
            context: RunContext())
        let good = outcome.stdout
        let bad = [
            good.replacingOccurrences(of: "\"largestFittingCategory\"", with: "\"largestFitting\""),
            good.replacingOccurrences(of: "\"failing\":0,", with: ""),
            good.replacingOccurrences(of: "\"ok\":true", with: "\"ok\":\"true\""),
        ]
        #expect(bad.allSatisfy { $0 != good })
        var pairs: [(schema: String, document: URL)] = []
        for (n, text) in bad.enumerated() {
            let file = folder.appendingPathComponent("bad-\(n).json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            pairs.append((Self.schema("fit"), file))
        }
        let report = try Self.validate(pairs)
        for n in bad.indices { #expect(report.contains("bad-\(n).json"), "\(report)") }
    }

    /// Each command that prints JSON has a schema, and each schema file in
    /// `schema/` is valid JSON Schema with an `$id` of its file name.
    @Test func everyCommandHasASchema() throws {
        for name in ["list-fonts", "scale", "check", "measure", "fit", "errors", "fit-rules", "dynamic-font-spec"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: Self.schema(name)))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect((object["$id"] as? String)?.hasSuffix("/\(name).schema.json") == true, "\(name)")
        }
    }
}

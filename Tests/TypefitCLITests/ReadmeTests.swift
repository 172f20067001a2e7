import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

/// The README's examples run as shown: the first screen's commands print
/// exactly the output under them, and the CI job's commands pass over an
/// app laid out as the job expects (and its gate fails when it should).
@Suite(.enabled(if: BinaryRunner.binary != nil, "the typefit binary is not built (run swift build first)"))
struct ReadmeTests {
    static let readme: String =
        (try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// The lines of the first fenced block of `language`.
    static func block(_ language: String) -> [String] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "```" + language) else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { $0 != "```" })
    }

    /// Runs a shell command line with the built `typefit` first on PATH, in
    /// `directory`, against the fixture fonts only.
    static func shell(_ line: String, in directory: String) throws -> BinaryRunner.Result {
        let binary = try #require(BinaryRunner.binary)
        let path = binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        return try #require(
            try BinaryRunner.runTool(
                "sh", ["-c", "cd \"$0\" && " + line, directory],
                environment: ["PATH": path, "FONTCONFIG_FILE": Fixtures.fontconfigFile, "TYPEFIT_NO_CACHE": "1"]))
    }

    @Test func firstScreenCommandsPrintWhatTheReadmeShows() throws {
        let lines = Self.block("console")
        var examples: [(command: String, output: [String])] = []
        for line in lines {
            if line.hasPrefix("$ ") {
                examples.append((String(line.dropFirst(2)), []))
            } else if !examples.isEmpty {
                examples[examples.count - 1].output.append(line)
            }
        }
        #expect(examples.count == 5, "the five commands")
        for (command, output) in examples {
            let result = try Self.shell(command, in: Fixtures.packageRoot.path)
            let printed = (result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            #expect(printed.dropLast() == output[...], "\(command)")
        }
    }

    @Test func ciJobPassesAndItsGateFails() throws {
        let commands = Self.block("yaml").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("run: typefit ") ? String(trimmed.dropFirst(5)) : nil
        }
        #expect(commands.count == 2)
        #expect(commands.contains { $0.hasPrefix("typefit check ") })
        #expect(commands.contains { $0.hasPrefix("typefit fit ") && $0.contains("--require") })
        // The app repository the job runs in.
        let app = Fixtures.temporaryDirectory("ci-app")
        let fonts = app.appendingPathComponent("Fonts")
        let resources = app.appendingPathComponent("Resources")
        for dir in [fonts, resources] {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            try FileManager.default.copyItem(
                at: Fixtures.root.appendingPathComponent("readme-fonts/\(file)"), to: fonts.appendingPathComponent(file)
            )
        }
        try FileManager.default.copyItem(
            at: Fixtures.root.appendingPathComponent("specs/DejaVuSans.json"),
            to: fonts.appendingPathComponent("DejaVuSans.json"))
        try FileManager.default.copyItem(
            at: Fixtures.root.appendingPathComponent("strings/App.xcstrings"),
            to: resources.appendingPathComponent("Localizable.xcstrings"))
        for command in commands {
            let result = try Self.shell(command, in: app.path)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        // The gate is real: at AX5 the German title's one word outgrows the line.
        let gate = try #require(commands.first { $0.contains("--require") })
        let failing = try Self.shell(
            gate.replacingOccurrences(of: "--require AX3", with: "--require AX5"), in: app.path)
        #expect(failing.status == 1)
        #expect(failing.stderr.contains("settings.title (de)"))
    }

    /// The README's two rules files (iOS, then Android) follow the
    /// schema and gate an app of their platform in one run: the iOS file
    /// over the README's catalog, the Android one over a res folder.
    @Test func rulesFilesOfBothPlatformsGate() throws {
        let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var files: [String] = []
        for (i, line) in lines.enumerated() where line == "```json" {
            let body = lines[(i + 1)...].prefix { $0 != "```" }.joined(separator: "\n")
            if body.hasPrefix("{\"rules\"") { files.append(body) }
        }
        #expect(files.count == 2)
        let folder = Fixtures.temporaryDirectory("readme-rules")
        let schema = Fixtures.packageRoot.appendingPathComponent("schema/fit-rules.schema.json").path
        let values = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try
            "<resources><string name=\"settings_title\">Settings</string><string name=\"welcome\">Hi</string></resources>"
            .write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        for (index, (file, platform)) in zip(files, [["--platform", "ios"], ["--platform", "android"]]).enumerated() {
            let path = folder.appendingPathComponent("rules\(index).json")
            try file.write(to: path, atomically: true, encoding: .utf8)
            try JSONSchemaValidator.expectValid(path.path, schema: schema)
            let strings =
                index == 0
                ? Fixtures.root.appendingPathComponent("strings/App.xcstrings").path
                : values.deletingLastPathComponent().path
            let result = try Self.shell(
                "typefit fit --strings '\(strings)' --rules '\(path.path)' --font TypefitSans-Regular "
                    + platform.joined(separator: " ") + " --format json > /dev/null",
                in: folder.path)
            #expect(result.status == 0 || result.status == 1, "\(platform): \(result.stderr)")
        }
    }
}

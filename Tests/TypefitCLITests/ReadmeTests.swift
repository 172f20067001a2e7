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
}

import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `typefit scale --spec`: sizes for a DynamicFont spec, faces found or
/// reported missing, every kind of bad file an error naming it.
@Suite struct SpecCommandTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let sans = Fixtures.path("specs/TypefitSans.json")

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    func json(_ outcome: Outcome) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        return try #require(object?["sizes"] as? [[String: Any]])
    }

    @Test func installedFacesResolve() throws {
        let outcome = run(["scale", "--spec", Self.sans, "--format", "json", "--category", "AX5"] + Self.config)
        #expect(outcome.status == .success && outcome.stderr.isEmpty)
        let sizes = try json(outcome)
        #expect(sizes.map { $0["style"] as? String } == ["title1", "headline", "body", "caption2"])
        let body = try #require(sizes.first { $0["style"] as? String == "body" })
        #expect(body["pointSize"] as? Int == 48)
        #expect(body["postscriptName"] as? String == "TypefitSans-Regular")
        #expect((body["file"] as? String)?.hasSuffix("Fixtures/fonts/TypefitSans-Regular.ttf") == true)
        #expect(body["index"] as? Int == 0 && body["missing"] == nil)
        let headline = try #require(sizes.first { $0["style"] as? String == "headline" })
        #expect(headline["pointSize"] as? Int == 28)  // 17 × 2.8183 = 48, clamped to maxPointSize 28
        let title = try #require(sizes.first { $0["style"] as? String == "title1" })
        #expect(title["index"] as? Int == 4 << 16)  // a named instance of the variable font
        let caption = try #require(sizes.first { $0["style"] as? String == "caption2" })
        #expect(caption["pointSize"] as? Int == 40)  // the explicit table
    }

    @Test func missingFacesWarnAndStrictFails() throws {
        let zen = Fixtures.path("specs/ZenOldMincho.json")
        let lenient = run(["scale", "--spec", zen, "--style", "body", "--category", "AX5"] + Self.config)
        #expect(lenient.status == .success && lenient.stdout == "48\n")
        #expect(lenient.stderr == "typefit: warning: \(zen): face 'regular' (ZenOldMincho-Regular) is not installed\n")
        let strict = run(["scale", "--spec", zen, "--strict", "--format", "json"] + Self.config)
        #expect(strict.status == .problemFound)
        #expect(strict.stderr.contains("typefit: error: \(zen): face 'bold' (ZenOldMincho-Bold) is not installed"))
        #expect(try json(strict).allSatisfy { $0["missing"] as? Bool == true })
    }

    @Test func fontsDirectoryIsSearchedFirst() throws {
        let dir = Fixtures.temporaryDirectory("app-fonts")
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Regular.ttf"),
            to: dir.appendingPathComponent("R.ttf"))
        let empty = Fixtures.temporaryDirectory("no-fonts")
        let config = empty.appendingPathComponent("fonts.conf")
        try "<?xml version=\"1.0\"?><fontconfig><cachedir>\(empty.path)/c</cachedir></fontconfig>"
            .write(to: config, atomically: true, encoding: .utf8)
        let outcome = run([
            "scale", "--spec", Self.sans, "--style", "body", "--format", "json", "--fonts-dir", dir.path,
            "--fontconfig-file", config.path,
        ])
        let body = try #require(try json(outcome).first)
        #expect(body["file"] as? String == dir.appendingPathComponent("R.ttf").path)
        #expect(outcome.stderr.isEmpty)
    }

    @Test func unknownStyleForTheSpec() {
        let outcome = run(["scale", "--spec", Self.sans, "--style", "footnote"] + Self.config)
        // The command line asks for what the spec does not have.
        #expect(outcome.status == .usage)
        #expect(
            outcome.stderr
                == "typefit: error: \(Self.sans): defines no style 'footnote' (it has title1, headline, body, caption2)\n"
        )
    }

    @Test func malformedSpecNamesFileLineAndColumn() throws {
        let file = Fixtures.temporaryDirectory("bad-spec").appendingPathComponent("bad.json")
        try "{\n  \"faces\": {\"regular\": \"F\"},\n  \"styles\": {\"body\": 17,}\n}".write(
            to: file, atomically: true, encoding: .utf8)
        let outcome = run(["scale", "--spec", file.path])
        #expect(outcome.status == .cannotRun && outcome.stdout.isEmpty)
        #expect(
            outcome.stderr == "\(file.path):3:25: error: expected a member name in double quotes, found '}'\n")
    }

    @Test func unreadableFilesAreErrors() throws {
        let dir = Fixtures.temporaryDirectory("spec-files")
        let empty = dir.appendingPathComponent("empty.json")
        _ = FileManager.default.createFile(atPath: empty.path, contents: Data())
        let huge = dir.appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: huge.path, contents: Data())
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 10 << 20)  // a sparse 10 MB file
        try handle.close()
        let cases: [(String, String)] = [
            (empty.path, "\(empty.path):1:1: error: expected a JSON value, found an empty document"),
            (dir.path, "typefit: error: \(dir.path): is a directory, not a file"),
            (huge.path, "typefit: error: \(huge.path): 10485760 bytes is too large for a spec (at most 1 MiB)"),
            (
                dir.appendingPathComponent("none.json").path,
                "typefit: error: \(dir.path)/none.json: No such file or directory"
            ),
        ]
        for (path, message) in cases {
            let outcome = run(["scale", "--spec", path])
            #expect(outcome.status == .cannotRun)
            #expect(outcome.stderr == "\(message)\n")
        }
    }

    /// `PATH:LINE:COLUMN: message` as printed, with `error: ` after the
    /// position; other messages as they are.
    static func rendered(_ message: String) -> String {
        let parts = message.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, Int(parts[1]) != nil, Int(parts[2]) != nil else { return message }
        return "\(parts[0]):\(parts[1]):\(parts[2]): error:" + parts[3]
    }

    /// The hostile cases of font files, where they apply to a spec file.
    @Test func hostileSpecFilesAreErrors() throws {
        let dir = Fixtures.temporaryDirectory("hostile-spec")
        func file(_ name: String, _ bytes: [UInt8]) -> String {
            let path = dir.appendingPathComponent(name).path
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return path
        }
        let fifo = dir.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let loop = dir.appendingPathComponent("loop.json").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.json")
        let sparse = file("sparse.plist", [])
        #expect(truncate(sparse, 3 << 30) == 0)
        var generator = SystemRandomNumberGenerator()
        let random = file("random.json", (0..<4096).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) })
        let cases: [(String, String)] = [
            (fifo, "\(fifo): not a regular file"),
            (loop, "\(loop): a symbolic link loop (through \(loop))"),
            (sparse, "\(sparse): 3221225472 bytes is too large for a spec (at most 1 MiB)"),
            (random, "\(random):1:1: expected a value"),
            (
                file("latin1.json", Array("{\"family\": \"Caf".utf8) + [0xE9] + Array("\"}".utf8)),
                "1:12: error: the string is not valid UTF-8"
            ),
            (
                file("deep.json", Array((String(repeating: "[", count: 100_000)).utf8)),
                "nested more than 64 levels deep"
            ),
            (
                file("deep.plist", Array((String(repeating: "<array>", count: 100_000)).utf8)),
                "nested more than 64 levels deep"
            ),
            (file("truncated.plist", Array("<plist><dict><key>body</key><dict><key>fontN".utf8)), "is not closed"),
            (file("binary.plist", Array("bplist00".utf8) + [0xD1, 0x01, 0x02]), "a binary property list"),
        ]
        for (path, message) in cases {
            let outcome = run(["scale", "--spec", path])
            #expect(outcome.status == .cannotRun, "\(path)")
            // Positioned problems in the compiler's format, others after the prefix.
            #expect(
                outcome.stderr.hasPrefix("\(path):") || outcome.stderr.hasPrefix("typefit: error: \(path): "),
                "\(outcome.stderr)")
            #expect(outcome.stderr.contains(Self.rendered(message)), "\(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test(arguments: [
        (["scale", "--spec", "x.json", "--size", "17"], "cannot be combined with '--spec'"),
        (["scale", "--strict"], "'--strict' needs '--spec'"),
        (["scale", "--fonts-dir", "Fonts"], "'--fonts-dir' needs '--spec'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        let outcome = run(arguments)
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    @Test func checkFailsOnErrorsAndPassesOtherwise() throws {
        let zen = Fixtures.path("specs/ZenOldMincho.json")
        let failing = run(["check", "--spec", zen] + Self.config)
        #expect(failing.status == .problemFound)
        #expect(failing.stderr.isEmpty, "the findings are the report, on stdout")
        // At the face's key in the spec (line 3, column 49), as compilers
        // print a finding.
        #expect(failing.stdout.contains("\(zen):3:49: error: face 'bold' (ZenOldMincho-Bold) is not installed"))
        #expect(failing.stdout.hasSuffix("\(zen): 2 errors, 4 warnings\n"))
        let passing = run(["check", "--spec", Self.sans, "--format", "json"] + Self.config)
        #expect(passing.status == .success)
        let object = try JSONSerialization.jsonObject(with: Data(passing.stdout.utf8)) as? [String: Any]
        #expect(object?["ok"] as? Bool == true)
        let problems = try #require(object?["problems"] as? [[String: Any]])
        // Its black face is a named instance without a name of its own:
        // Core Text's name for it, which iOS lists, is no warning.
        #expect(problems.map { $0["code"] as? String } == ["wcag-resize"])
        #expect(run(["check"]).status == .usage)
    }
}

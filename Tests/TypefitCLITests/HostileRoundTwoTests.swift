import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// The second round of hostile pull requests: what a committed file could
/// still do to the machine that checks it. Each input is built here.
@Suite struct HostileRoundTwoTests {
    static let face = ["--fontconfig-file", Fixtures.fontconfigFile, "--font", "TypefitSans-Regular"]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    func fit(_ files: [String], _ extra: [String] = []) -> Outcome {
        run(
            ["fit", "--style", "body", "--width", "300", "--category", "large", "--format", "json"]
                + files.flatMap { ["--strings", $0] } + Self.face + extra)
    }

    /// The tag that overflowed ICU 72's stack buffer in `uplrules_open`
    /// (exit 134, "buffer overflow detected").
    static let longTag = "qaa" + String(repeating: "-abcdefgh", count: 20)

    // MARK: Language tags

    /// A catalog language, a `sourceLanguage` and an `.lproj` folder of 183
    /// characters: an error naming the file, exit 2, before ICU.
    @Test func longLanguageTagsStopBeforeICU() throws {
        let dir = Fixtures.temporaryDirectory("long-tags")
        let plural = """
            {"sourceLanguage":"en","strings":{"n":{"localizations":{"\(Self.longTag)":{"variations":{"plural":{\
            "one":{"stringUnit":{"state":"translated","value":"%lld item"}},\
            "other":{"stringUnit":{"state":"translated","value":"%lld items"}}}}}}}},"version":"1.0"}
            """
        let source = #"{"sourceLanguage":"\#(Self.longTag)","strings":{"k":{}},"version":"1.0"}"#
        let lproj = dir.appendingPathComponent("\(Self.longTag).lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let strings = lproj.appendingPathComponent("Localizable.strings")
        try Data(#""a" = "%d items";"#.utf8).write(to: strings)
        for (name, text) in [("Plural.xcstrings", plural), ("Source.xcstrings", source)] {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            let outcome = fit([url.path])
            #expect(outcome.status == .cannotRun, "\(name): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("\(url.path):1:"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("a language tag of 183 bytes (at most 64)"), "\(outcome.stderr)")
        }
        let outcome = fit([strings.path])
        #expect(outcome.status == .cannotRun, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("the folder's name does not give a language"), "\(outcome.stderr)")
        let option = fit([], ["--language", Self.longTag, "text"])
        #expect(option.status == .usage && option.stderr.contains("'--language' takes a BCP 47 language tag"))
        let sourceOption = fit([strings.path], ["--source-language", Self.longTag])
        #expect(sourceOption.status == .usage, "\(sourceOption.stderr)")
    }

    /// Under a memory limit ICU's 30 MB of data cannot be mapped: the
    /// message says the library failed to load and why, not that it is
    /// missing. The limit that gets the binary started but not ICU loaded
    /// depends on the build, so several are tried; at least one must reach
    /// the library.
    @Test func aLibraryThatFailsToLoadIsNotCalledMissing() throws {
        let binary = try #require(BinaryRunner.binary)
        var reached = 0
        for limit in stride(from: 120_000, through: 30_000, by: -10_000) {
            let result = try #require(
                try BinaryRunner.runTool(
                    "/bin/sh",
                    [
                        "-c", "ulimit -v \(limit) && exec \"$0\" \"$@\"", binary.path, "fit", "--style", "body",
                        "--width", "300", "--category", "large", "hello world",
                    ] + Self.face, environment: ["TYPEFIT_NO_CACHE": "1"]))
            #expect(!result.stderr.contains("is not installed"), "ulimit -v \(limit): \(result.stderr)")
            if result.stderr.contains("is installed but could not be loaded: ") {
                reached += 1
                #expect(result.status == 2)
            }
        }
        #expect(reached > 0)
    }

    // MARK: Budgets per run

    /// stdout stops at the run's limit, however the output was made (a
    /// stream of chunks or one buffer); the limit is a gigabyte, so the
    /// test gives a small one.
    @Test func outputStopsAtTheRunsLimit() {
        var streamed = Outcome()
        streamed.stream { write in
            for _ in 0..<100 where !write([UInt8](repeating: 0x61, count: 1_000)) { return false }
            return true
        }
        var received = 0
        let (written, overLimit) = TypefitCommand.writeBounded(streamed, limit: 10_500) { chunk in
            received += chunk.count
            return true
        }
        // Whole chunks up to the limit (less the few bytes of a line the
        // runner-command filter holds for the next chunk).
        #expect(!written && overLimit && received > 9_900 && received <= 10_500)
        let buffered = Outcome(stdout: String(repeating: "b", count: 20_000))
        #expect(TypefitCommand.writeBounded(buffered, limit: 10_000) { _ in true } == (false, true))
        #expect(TypefitCommand.writeBounded(buffered, limit: 20_000) { _ in true } == (true, false))
        #expect(TypefitCommand.maximumOutputBytes == 1 << 30)
    }

    /// A catalog in more languages than a run takes ends at once, with the
    /// file and place named (20,000 languages ran for minutes). The other
    /// shapes are StringsBudgetTests' and `make bench`'s, at full size.
    @Test func moreLanguagesThanARunTakesEndTheRun() throws {
        let dir = Fixtures.temporaryDirectory("budgets")
        let languages = dir.appendingPathComponent("Languages.xcstrings")
        try Data(HostileInputs.untranslatedCatalog(languages: 1_200, empty: 2).utf8).write(to: languages)
        let many = fit([languages.path])
        #expect(many.status == .cannotRun)
        #expect(many.stderr.hasPrefix("\(languages.path):1:"), "\(many.stderr)")
        #expect(many.stderr.contains("more than 1000 languages"), "\(many.stderr)")
    }
}

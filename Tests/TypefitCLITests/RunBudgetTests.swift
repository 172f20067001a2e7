import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// The text a run measures is bounded after every substitution: an
/// `<xliff:g example>` is no longer than a string measured, a string once
/// its samples are in is at most `maximumLength` characters, and the
/// whole run at most `TextJob.maximumCharacters`.
@Suite struct RunBudgetTests {
    static let fit = [
        "fit", "--fontconfig-file", Fixtures.fontconfigFile, "--platform", "android", "--width", "300", "--style",
        "bodyLarge", "--font", "TypefitSans-Regular", "--font-scale", "1", "--format", "json",
    ]

    static func res(_ values: String) throws -> String {
        let folder = Fixtures.temporaryDirectory("budget")
        let valuesFolder = folder.appendingPathComponent("res/values")
        try FileManager.default.createDirectory(at: valuesFolder, withIntermediateDirectories: true)
        try values.write(to: valuesFolder.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        return folder.appendingPathComponent("res").path
    }

    /// A 30,000-character example, copied into 20 references: each string
    /// measured is 20,000 characters at most (it was the whole example,
    /// 1 MB of it copied 300 times took 82 s and 471 MB).
    @Test func anExampleIsCutToAStringsLength() throws {
        let example = String(repeating: "e", count: 30_000)
        var values = "<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
        values += "<string name=\"a\">Hi <xliff:g id=\"n\" example=\"\(example)\">%1$s</xliff:g>!</string>\n"
        for i in 0..<20 { values += "<string name=\"r\(i)\">@string/a</string>\n" }
        values += "</resources>\n"
        let outcome = TypefitCommand.run(Self.fit + ["--strings", try Self.res(values)])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdoutBytes)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 21)
        for result in results {
            let text = try #require(result["sampleText"] as? String)
            #expect(text.unicodeScalars.count <= LocalizedString.maximumLength)
            #expect(text.hasPrefix("Hi eee"))
        }
    }

    /// 1,001 references to a 20,000-character string give more than the
    /// run's 20 million characters: the run stops before measuring, naming
    /// the limit.
    @Test func aRunMeasuresAtMostItsBudget() throws {
        var values = "<resources>\n<string name=\"a\">\(String(repeating: "w ", count: 10_000))</string>\n"
        for i in 0..<1_001 { values += "<string name=\"r\(i)\">@string/a</string>\n" }
        values += "</resources>\n"
        let outcome = TypefitCommand.run(Self.fit + ["--strings", try Self.res(values)])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("more than \(TextJob.maximumCharacters) characters to measure"))
    }
}

import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// The hostile catalogs of the pull-request review through `fit`, as a CI
/// gate meets them: each ends with a clear message and a documented exit
/// status, never a crash or an endless run.
@Suite struct HostileInputCommandTests {
    static let face = ["--fontconfig-file", Fixtures.fontconfigFile, "--font", "TypefitSans-Regular"]

    func fit(_ file: URL, _ extra: [String] = []) -> Outcome {
        TypefitCommand.run(
            [
                "fit", "--strings", file.path, "--style", "body", "--width", "300", "--category", "large", "--format",
                "json",
            ]
                + Self.face + extra, context: RunContext())
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> URL {
        let url = Fixtures.temporaryDirectory("hostile-input").appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// 25 substitution variables crashed fit (exit 132, SIGILL) on a 13 KB
    /// catalog.
    @Test func manyVariablesAreMeasured() throws {
        let file = try write(Array(HostileInputs.catalog(variables: 25).utf8), "Many.xcstrings")
        let outcome = fit(file)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        #expect((document?["results"] as? [Any])?.count == 150)
    }

    /// Nesting ran without end (a 2 KB catalog never finished): now capped,
    /// with one note naming the string and the cap.
    @Test func nestedVariablesAreCappedWithANote() throws {
        let file = try write(Array(HostileInputs.catalog(variables: 12, nesting: true).utf8), "Nested.xcstrings")
        let outcome = fit(file)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "typefit: note: counts (en) has more than 256 forms through its substitution variables; the first 256 "
                    + "are measured (typefit's cap)"), "\(outcome.stderr)")
    }

    @Test func aCycleIsAnErrorInTheFile() throws {
        let file = try write(Array(HostileInputs.catalog(variables: 2, cycle: true).utf8), "Cycle.xcstrings")
        let outcome = fit(file)
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.hasPrefix("\(file.path):"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("name each other in a cycle (v0 → v1 → v0)"))
    }

    /// A few hundred bytes of shared references took 9.7 GB.
    @Test func sharedReferencesAreAnError() throws {
        let file = try write(HostileInputs.sharedReferencesPlist(levels: 40), "Localizable.strings")
        let outcome = fit(file)
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("shared references expand to more than"), "\(outcome.stderr)")
    }
}

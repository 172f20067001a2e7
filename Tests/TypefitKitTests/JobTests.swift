import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

/// Every command's work in the one job shape, run from the library without
/// the command line: a value built from the request, `run(progress:diagnostics:)`,
/// a result (fit's own suite is `FitJobTests`).
@Suite struct JobTests {
    static let search = FontSearch(fontconfigFile: Fixtures.fontconfigFile)

    /// Runs any job the same way: the shape is the protocol's.
    func run<J: Job>(_ job: J) throws -> (J.Result, Diagnostics) {
        var diagnostics = Diagnostics()
        let result = try job.run(progress: nil, diagnostics: &diagnostics)
        return (result, diagnostics)
    }

    /// Apple's table (Human Interface Guidelines, Typography: iOS): body is
    /// 17 pt at Large and 33 pt at AX2 (accessibilityLarge).
    @Test func scaleGivesApplesTable() throws {
        var request = Request()
        request.styles = [.body]
        request.categories = .categories([.large, .accessibilityLarge])
        let (report, diagnostics) = try run(ScaleJob(request: request, search: Self.search))
        #expect(!diagnostics.hasErrors)
        guard case .ios(let table) = report else {
            Issue.record("not an iOS report")
            return
        }
        #expect(table.entries.map(\.pointSize) == [17, 33])
    }

    /// A spec's missing faces, each at its key in the file: the line and
    /// column where the file's own text has `"regular"` and `"bold"`.
    @Test func checkFindsAndPlacesASpecsProblems() throws {
        let path = Fixtures.path("specs/ZenOldMincho.json")
        let (problems, diagnostics) = try run(CheckJob(specPath: path, search: Self.search))
        #expect(diagnostics.reportHasProblems)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for face in ["regular", "bold"] {
            let problem = try #require(problems.first { $0.code == .missingFace && $0.face == face })
            let line = try #require(text.split(separator: "\n").firstIndex { $0.contains("\"\(face)\"") })
            let row = text.split(separator: "\n")[line]
            let column = row.distance(from: row.startIndex, to: try #require(row.range(of: "\"\(face)\"")).lowerBound)
            #expect(problem.position == SourcePosition(line: line + 1, column: column + 1))
        }
    }

    /// The faces of a folder of files, named as the fixture generator named
    /// them (Fixtures/make-fonts.py).
    @Test func listingReadsAFolder() throws {
        var query = ListingJob.Query()
        query.paths = [Fixtures.path("fonts")]
        let (listing, _) = try run(ListingJob(query: query, search: Self.search))
        let names = Set(listing.faces.compactMap(\.postscriptName))
        #expect(names.isSuperset(of: ["TypefitSans-Regular", "TypefitSans-Bold", "TypefitSerif-Regular"]))
        var missing = ListingJob.Query()
        missing.paths = ["/nonexistent/folder"]
        var diagnostics = Diagnostics()
        #expect(throws: Stopped.self) {
            try ListingJob(query: missing, search: Self.search).run(diagnostics: &diagnostics)
        }
        #expect(diagnostics.exitStatus == .cannotRun)
    }

    /// One drawing per (style, size), each a well-formed SVG group.
    @Test func specimenDrawsEveryCell() throws {
        var request = Request()
        request.styles = [.body, .title1]
        request.categories = .categories([.large, .accessibilityExtraExtraExtraLarge])
        request.face = .font("TypefitSans-Regular")
        let (svg, diagnostics) = try run(
            SpecimenJob(request: request, search: Self.search, sampleText: "Hello", width: nil))
        #expect(!diagnostics.hasErrors, "\(diagnostics.items)")
        #expect(svg.components(separatedBy: "<g data-style=").count - 1 == 4)
        let file = Fixtures.temporaryDirectory("specimen-job").appendingPathComponent("s.svg")
        try svg.write(to: file, atomically: true, encoding: .utf8)
        let lint = try #require(try BinaryRunner.runTool("xmllint", ["--noout", file.path]), "xmllint is missing")
        #expect(lint.status == 0, "\(lint.stderr)")
    }

    /// measure's document: one measurement per string and cell.
    @Test func measureMeasuresEveryCell() throws {
        var request = Request()
        request.styles = [.body]
        request.categories = .categories([.large, .accessibilityExtraExtraExtraLarge])
        request.face = .font("TypefitSans-Regular")
        var job = MeasureJob(request: request, search: Self.search)
        job.texts = ["OK", "Settings"]
        let (result, _) = try run(job)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.document)) as? [String: Any])
        #expect((document["measurements"] as? [Any])?.count == 4)
    }

    /// review with a base: only the changed strings are drawn, and fit's
    /// failures among them are the errors.
    @Test func reviewKeepsWhatChanged() throws {
        var request = Request()
        request.styles = [.title1]
        request.face = .font("TypefitSans-Bold")
        let catalog = Fixtures.path("strings/Settings.xcstrings")
        var fit = FitJob(
            request: request, search: Self.search,
            rules: .one(FitJob.Rule(width: 200, lines: 1, require: .category(.accessibilityExtraLarge))))
        fit.stringsFiles = [catalog]
        // The base: the same catalog with one German value changed.
        let old = try String(contentsOfFile: catalog, encoding: .utf8).replacingOccurrences(
            of: "\"Alle Einstellungen sichern\"", with: "\"Ja\"")
        let base = Fixtures.temporaryDirectory("review-job").appendingPathComponent("Settings.xcstrings")
        try old.write(to: base, atomically: true, encoding: .utf8)
        let (all, _) = try run(ReviewJob(fit: fit))
        let (changed, diagnostics) = try run(ReviewJob(fit: fit, baseFiles: [base.path]))
        #expect(all.requiredFailures.count > changed.requiredFailures.count)
        #expect(changed.requiredFailures.map { "\($0.key) \($0.language ?? "")" } == ["settings.save de"])
        let note = try #require(
            diagnostics.items.first {
                if case .baseChanged = $0.finding { true } else { false }
            })
        #expect(note.severity == .note)
        // One German value changed among the catalog's strings in every
        // language the page measures.
        guard case .baseChanged(let count, let total, let files) = note.finding else {
            Issue.record("\(note.finding)")
            return
        }
        #expect(count == 1 && total == all.page.summary.strings && files == [base.path], "\(note.finding)")
        #expect(changed.page.html(describing: { "\($0)" }).contains("settings.save"))
    }

    /// What the library found, compared as values: the family asked for,
    /// where it was looked for and the nearest names, nearest first.
    @Test func aFamilyNotFoundIsAValue() throws {
        var query = ListingJob.Query()
        query.family = "Typefit Sams"
        var diagnostics = Diagnostics()
        #expect(throws: Stopped.self) {
            try ListingJob(query: query, search: Self.search).run(diagnostics: &diagnostics)
        }
        guard case .familyNotFound(let family, let scope, let suggestions)? = diagnostics.items.first?.finding,
            diagnostics.items.count == 1
        else {
            Issue.record("\(diagnostics.items)")
            return
        }
        #expect(family == "Typefit Sams" && scope == .installed && suggestions.first == "Typefit Sans")
        #expect(diagnostics.exitStatus == .problemFound)
    }

    /// `--category system`: the desktop's factor applied to Body at Large
    /// (17 pt × 1.25 = 21.25 pt), nearest xxLarge's 21 pt (Apple's table).
    @Test func theDesktopScaleIsAValue() throws {
        var diagnostics = Diagnostics()
        let categories = try ScaleJob.categories(
            forKeyword: .desktopTextSize, request: Request(), desktopTextScale: { (1.25, "a test") },
            diagnostics: &diagnostics)
        #expect(categories == [.extraExtraLarge])
        #expect(
            diagnostics.items.map(\.finding) == [
                .desktopScale(factor: 1.25, source: "a test", body: 21.25, nearest: .extraExtraLarge)
            ])
        var without = Diagnostics()
        #expect(throws: Stopped.self) {
            try ScaleJob.categories(
                forKeyword: .desktopTextSize, request: Request(), desktopTextScale: { nil }, diagnostics: &without)
        }
        #expect(without.items.map(\.finding) == [.desktopScaleUnavailable] && without.exitStatus == .cannotRun)
    }
}

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

    // MARK: Fonts

    static let outlines = [
        "--fonts-dir", Fixtures.root.appendingPathComponent("hostile-outlines").path, "--no-installed-fonts",
    ]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    /// A glyph of 12,000 outline points is a crossed box and a warning (a
    /// CFF font of nested subroutines made a 274 MB page).
    @Test func aGlyphOverTheCapIsABoxAndAWarning() throws {
        let outcome = run(
            ["specimen", "--font", "TypefitDense-Regular", "--text", "AB", "--style", "body", "--category", "large"]
                + Self.outlines)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains(
                "TypefitDense-Regular.ttf: 1 glyph has more than 10000 outline points: drawn as crossed boxes"),
            "\(outcome.stderr)")
        #expect(outcome.stdout.utf8.count < 20_000)
        let review = run(
            [
                "review", "--font", "TypefitDense-Regular", "--style", "body", "--width", "1", "--category", "large",
                "AB",
            ]
                + Self.outlines)
        #expect(review.stderr.contains("1 glyph has more than 10000 outline points"), "\(review.stderr)")
        #expect(review.stdout.utf8.count < 100_000)
    }

    /// A face FreeType refuses (unitsPerEm 1) but HarfBuzz measures: the
    /// specimen says so and exits 2, as review does; it drew an empty
    /// picture with exit 0.
    @Test func aFaceFreeTypeRefusesIsAnErrorInTheSpecimen() throws {
        let outcome = run(
            ["specimen", "--font", "TypefitTinyEm-Regular", "--text", "AB", "--style", "body", "--category", "large"]
                + Self.outlines)
        #expect(outcome.status == .cannotRun)
        #expect(
            outcome.stderr.contains("TypefitTinyEm-Regular.ttf (face 0): FreeType cannot read its glyph outlines"),
            "\(outcome.stderr)")
        let review = run(
            [
                "review", "--font", "TypefitTinyEm-Regular", "--style", "body", "--width", "1", "--category", "large",
                "AB",
            ]
                + Self.outlines)
        #expect(review.status == .cannotRun)
    }

    // MARK: Well-formed documents

    /// Control characters in a sample and in a font file's name: the SVG and
    /// the UIAppFonts plist stay well-formed XML (xmllint parses them).
    @Test func xmlOutputsAreWellFormedWithControlCharacters() throws {
        let dir = Fixtures.temporaryDirectory("xml-controls")
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"),
            to: dir.appendingPathComponent("Bold\u{1B}[2J\u{07}.ttf"))
        let plist = run(["list-fonts", "--dir", dir.path, "--format", "uiappfonts"])
        #expect(plist.status == .success, "\(plist.stderr)")
        let specimen = run(
            [
                "specimen", "--font", "TypefitSans-Regular", "--fontconfig-file", Fixtures.fontconfigFile, "--text",
                "a\u{01}b\u{1B}c\u{FFFE}", "--style", "body", "--category", "large",
            ])
        #expect(specimen.status == .success, "\(specimen.stderr)")
        for (name, document) in [
            ("fonts.plist", "<?xml version=\"1.0\"?><plist><dict>" + plist.stdout + "</dict></plist>"),
            ("specimen.svg", specimen.stdout),
        ] {
            let file = dir.appendingPathComponent(name)
            try document.write(to: file, atomically: true, encoding: .utf8)
            let lint = try #require(
                try BinaryRunner.runTool("xmllint", ["--noout", file.path]), "xmllint is not installed")
            #expect(lint.status == 0 && lint.stderr.isEmpty, "\(name): \(lint.stderr)")
        }
        #expect(plist.stdout.contains("<string>Bold\\u{1B}[2J\\u{7}.ttf</string>"))
    }
}

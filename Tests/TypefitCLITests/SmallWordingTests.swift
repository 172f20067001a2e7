import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// What people read: no internal number where a name says it, errors that
/// name the command in use, no list that says nothing.
@Suite struct SmallWordingTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    /// fontconfig's index packs a named instance into its upper bits (the
    /// Black instance of TypefitFlex is 4 << 16): the table names the file
    /// (and a collection's face), the CSV splits the two.
    @Test func noPackedFaceIndexInTablesAndCSV() throws {
        let spec = Fixtures.path("specs/TypefitSans.json")
        let table = run(["scale", "--spec", spec, "--format", "table"] + Self.config)
        #expect(table.status == .success)
        #expect(!table.stdout.contains("#"), "\(table.stdout)")
        #expect(
            table.stdout.contains("(black: TypefitFlex-Regular_Black, \(Fixtures.path("fonts/TypefitFlex-VF.ttf")))"))
        let csv = run(
            ["scale", "--spec", spec, "--format", "csv", "--style", "title1", "--category", "large"] + Self.config)
        let lines = csv.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(lines.first).map(String.init)
        let row = try #require(lines.dropFirst().first).map(String.init)
        let field = { (name: String) in header.firstIndex(of: name).map { row[$0] } }
        #expect(field("face") == "black" && field("index") == "0" && field("namedInstance") == "4")
        let serif = run(
            [
                "scale", "--family", "Typefit Serif", "--weight", "bold", "--style", "body", "--category", "large",
                "--format", "table",
            ] + Self.config)
        #expect(serif.stdout.contains("TypefitSerif.ttc (face 1 of the collection))"), "\(serif.stdout)")
    }

    /// A list of font scales with nothing in it is no list.
    @Test func anEmptyFontScaleListIsAUsageError() {
        for value in [",", "1,", ",2", "1,,2"] {
            let outcome = run(
                [
                    "fit", "x", "--platform", "android", "--style", "bodyLarge", "--width", "100", "--font-scale",
                    value,
                    "--font", "TypefitSans-Regular",
                ] + Self.config)
            #expect(outcome.status == .usage, "\(value): \(outcome.stderr)")
            #expect(outcome.stderr.contains("'--font-scale' takes font scales from 0.5 to 3"))
        }
    }

    /// A `.strings` key holding what the library's in-band token once was
    /// (U+0001 around an input's name) printed as `a--verboseb`: now the
    /// key is printed as it is, its control characters escaped.
    @Test func aKeyCannotForgeAnOption() throws {
        let file = Fixtures.temporaryDirectory("forged").appendingPathComponent("Localizable.strings")
        try "\"a\\U0001verbose\\U0001b\" = \"Einstellungsuebersicht\";\n".write(
            to: file, atomically: true, encoding: .utf8)
        let outcome = run(
            [
                "fit", "--strings", file.path, "--width", "20", "--style", "body", "--require", "large", "--format",
                "table", "--font", "TypefitSans-Regular",
            ] + Self.config)
        #expect(outcome.status == .problemFound)
        #expect(outcome.stderr.contains(": error: a\\u{1}verbose\\u{1}b: does not fit"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("--verbose"))
    }

    /// review takes fit's options: their errors name review.
    @Test func fitsOptionErrorsNameTheCommandInUse() {
        let review = run(["review", "x", "--style", "body,title1", "--width", "100", "--font", "TypefitSans-Regular"])
        #expect(review.status == .usage)
        #expect(review.stderr.hasPrefix("typefit: error: 'review' takes one style"), "\(review.stderr)")
        #expect(review.stderr.contains("Usage: typefit review"))
        let fit = run(["fit", "x", "--style", "body,title1", "--width", "100", "--font", "TypefitSans-Regular"])
        #expect(fit.stderr.hasPrefix("typefit: error: 'fit' takes one style"), "\(fit.stderr)")
    }
}

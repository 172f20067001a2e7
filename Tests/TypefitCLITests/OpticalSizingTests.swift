import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// Optical size and tracking as Core Text applies them (`OpticalSizing`):
/// every width typefit gives the optical fixtures, from 6 to 80 pt, equals
/// HarfBuzz 10's `hb-shape --font-ptem=S --variations=opsz=S` for the faces
/// with a STAT table and plain `hb-shape` for those without
/// (Fixtures/optical/oracle.tsv, written by make-oracle.sh in the Debian 13
/// root, not by typefit).
struct OpticalSizingTests {
    struct Row {
        var file: String
        var weight: Int
        var size: Int
        var text: String
        var units: Double
    }

    /// Every oracle row (the system font's stand-ins' too).
    static let allRows: [Row] = {
        let text = (try? String(contentsOfFile: Fixtures.path("optical/oracle.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let weight = Int(fields[1]), let size = Int(fields[2]),
                let units = Double(fields[4])
            else { return nil }
            return Row(file: fields[0], weight: weight, size: size, text: fields[3], units: units)
        }
    }()

    /// The optical fixtures' rows.
    static let rows = allRows.filter { !$0.file.hasPrefix("../") }

    /// The face each oracle row names, by its Core Text name.
    static func face(_ row: Row) -> String {
        let family = row.file.hasPrefix("TypefitOpticalPlain") ? "TypefitOpticalPlain" : "TypefitOptical"
        if row.file.hasPrefix("TypefitTracked") { return String(row.file.dropLast(4)) }
        return row.weight == 700 ? "\(family)-Regular_Bold" : "\(family)-Regular"
    }

    @Test func theOracleCoversEveryFaceAndSize() {
        #expect(Self.rows.count == 900)
        #expect(Self.allRows.count == 1500)
        #expect(Set(Self.rows.map(Self.face)).count == 6)
    }

    @Test(arguments: [
        "TypefitOptical-Regular", "TypefitOptical-Regular_Bold", "TypefitOpticalPlain-Regular",
        "TypefitOpticalPlain-Regular_Bold", "TypefitTracked-Regular", "TypefitTrackedPlain-Regular",
    ])
    func widthsEqualHarfBuzzAtTheSize(face: String) throws {
        let rows = Self.rows.filter { Self.face($0) == face }
        #expect(rows.count == 150)
        for size in Set(rows.map(\.size)).sorted() {
            let expected = rows.filter { $0.size == size }
            let outcome = TypefitCommand.run(
                ["measure"] + expected.map(\.text)
                    + ["--style", "body", "--category", "large", "--size", "\(size)", "--font", face]
                    + ["--fonts-dir", Fixtures.path("optical"), "--no-installed-fonts", "--format", "json"])
            try #require(outcome.status == .success, "\(outcome.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
            let rows = try #require(object?["measurements"] as? [[String: Any]])
            for row in expected {
                let measured = try #require(rows.first { $0["text"] as? String == row.text })
                #expect(measured["pointSize"] as? Double == Double(size))
                let width = try #require(measured["width"] as? Double)
                // typefit rounds widths to 0.001 pt.
                #expect(
                    abs(width - row.units / 1000 * Double(size)) <= 0.0006,
                    "\(face) at \(size) pt: '\(row.text)' \(width) vs \(row.units / 1000 * Double(size))")
            }
        }
    }

    /// What the rule changes, so that the oracle comparison cannot pass
    /// with the rule off: the STAT face's widths differ from the plain
    /// face's at 48 pt and agree at 14 pt (opsz's default, zero tracking).
    @Test func theRuleChangesWidthsOnlyWithSTAT() throws {
        func units(_ file: String, _ size: Int) throws -> Double {
            try #require(
                Self.rows.first { $0.file == file && $0.weight != 700 && $0.size == size && $0.text == "AB" }?.units)
        }
        #expect(try units("TypefitOptical-VF.ttf", 14) == units("TypefitOpticalPlain-VF.ttf", 14))
        #expect(try units("TypefitOptical-VF.ttf", 48) < units("TypefitOpticalPlain-VF.ttf", 48) * 0.85)
        #expect(try units("TypefitTracked-Regular.ttf", 8) > units("TypefitTrackedPlain-Regular.ttf", 8))
    }
}

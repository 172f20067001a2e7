import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Families and styles as Core Text reports them (typographic family, else
/// family; typographic subfamily, else subfamily; English, Macintosh first),
/// for fonts read from a folder and for installed ones alike: against
/// Fixtures/names/expected-names.tsv (fontTools' reading of the records,
/// by the documented rule) and, for fontconfig's own names, fc-scan.
@Suite struct CoreTextNameTests {
    static let names = Fixtures.root.appendingPathComponent("names")

    /// file → (family, style, full name), as make-fonts.py wrote them.
    static let expected: [String: [String]] = {
        let text =
            (try? String(contentsOf: names.appendingPathComponent("expected-names.tsv"), encoding: .utf8)) ?? ""
        var rows: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 4 { rows[fields[0]] = Array(fields[1...]) }
        }
        return rows
    }()

    /// Per file name: family, style, fullName, fontconfigFamily,
    /// fontconfigStyle, hidden, from a list-fonts JSON document.
    func listed(_ arguments: [String]) throws -> [String: [String: Any]] {
        let outcome = TypefitCommand.run(["list-fonts", "--format", "json"] + arguments)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        var faces: [String: [String: Any]] = [:]
        for family in object?["families"] as? [[String: Any]] ?? [] {
            for face in family["faces"] as? [[String: Any]] ?? [] {
                var row = face
                row["family"] = family["name"]
                row["hidden"] = family["hidden"]
                faces[URL(fileURLWithPath: face["file"] as? String ?? "").lastPathComponent] = row
            }
        }
        return faces
    }

    static var sources: [[String]] {
        [
            ["--dir", names.path],
            ["--fontconfig-file", Fixtures.fontconfigFile("names", directories: [names]), "--no-cache"],
        ]
    }

    @Test(arguments: sources)
    func familyStyleAndFullNameAreCoreTexts(_ arguments: [String]) throws {
        #expect(Self.expected.count == 4)
        let faces = try listed(arguments)
        for (file, names) in Self.expected {
            let face = try #require(faces[file], "\(file) not listed")
            #expect(face["family"] as? String == names[0], "\(file)")
            #expect(face["style"] as? String == names[1], "\(file)")
            #expect(face["fullName"] as? String == names[2], "\(file)")
            #expect(face["hidden"] as? Bool == names[0].hasPrefix("."), "\(file)")
        }
    }

    /// fontconfig's own family and style stay available, as fc-scan gives
    /// them first.
    @Test(arguments: sources)
    func fontconfigsNamesAreKept(_ arguments: [String]) throws {
        let faces = try listed(arguments)
        for file in Self.expected.keys {
            let path = Self.names.appendingPathComponent(file).path
            let scan = try #require(
                try BinaryRunner.runTool("fc-scan", ["--format", "%{family[0]}|%{style[0]}", path]))
            let parts = scan.stdout.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            let face = try #require(faces[file])
            #expect(face["fontconfigFamily"] as? String == parts.first, "\(file)")
            #expect(face["fontconfigStyle"] as? String == parts.last, "\(file)")
        }
    }

    /// --family finds a face by Core Text's family and by fontconfig's.
    @Test(arguments: ["Typefit Wws", "Typefit Wws W04", ".Typefit NS Display", "Typefit System"])
    func familyMatchesAnyOfItsNames(_ name: String) throws {
        let outcome = TypefitCommand.run(
            ["list-fonts", "--dir", Self.names.path, "--family", name, "--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\"postscriptName\""), "\(outcome.stdout)")
    }
}

/// --font and --family as UIFont(name:) and a full name resolve them.
@Suite struct UIFontNameOptionTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]

    @Test func aFamilyNameGivesItsRegularFaceWithANote() throws {
        let outcome = TypefitCommand.run(
            ["measure", "AVA", "--font", "Typefit Sans", "--style", "body", "--category", "large", "--format", "json"]
                + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\"postscriptName\":\"TypefitSans-Regular\""), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("finds the family 'Typefit Sans'"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("fontName 'TypefitSans-Regular'"), "\(outcome.stderr)")
    }

    @Test func aFullNameGivesThatFace() throws {
        let names = ["--fonts-dir", CoreTextNameTests.names.path]
        let outcome = TypefitCommand.run(
            ["measure", "AVA", "--font", "Typefit Wws XBold", "--style", "body", "--category", "large"]
                + ["--format", "json"] + names + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("\"postscriptName\":\"TypefitWws-XBold\""), "\(outcome.stdout)")
        #expect(outcome.stderr.contains("whose full name is 'Typefit Wws XBold'"), "\(outcome.stderr)")
        let listed = TypefitCommand.run(
            [
                "list-fonts", "--dir", CoreTextNameTests.names.path, "--family", "Typefit Lingua Bold", "--format",
                "plain",
            ])
        #expect(listed.status == .success, "\(listed.stderr)")
        #expect(listed.stdout == "Typefit Lingua\tTypefitLingua-Bold\t100\n")
        #expect(listed.stderr.contains("is the full name of TypefitLingua-Bold"))
    }
}

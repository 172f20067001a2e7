import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Each string read points at its value in its own file (what a CI
/// annotation shows): checked against the file's text itself, not the
/// reader. At the line and column (in Unicode code points, as SARIF's
/// `columnKind` says) a `.strings` file and a String Catalog have the
/// value's opening quote, and the literal there decodes to the string as
/// written; a `.stringsdict` has the form's `<string>` element.
@Suite struct StringPositionTests {
    /// The file's text from `position` on.
    static func text(_ file: String, at position: SourcePosition) -> Substring? {
        let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
        guard position.line >= 1, position.line <= lines.count else { return nil }
        let line = lines[position.line - 1]
        let scalars = line.unicodeScalars
        guard position.column >= 1, position.column <= scalars.count else { return nil }
        let start = scalars.index(scalars.startIndex, offsetBy: position.column - 1)
        return Substring(line[start...])
    }

    /// The JSON or `.strings` string literal at the start of `text`,
    /// decoded by Foundation's JSON reader (a `.strings` literal of the
    /// fixtures' escapes reads the same).
    static func literal(_ text: Substring) -> String? {
        guard text.first == "\"" else { return nil }
        var escaped = false
        for index in text.indices.dropFirst() {
            let c = text[index]
            if escaped {
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                let json = "[" + text[...index] + "]"
                return (try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])?.first
            }
        }
        return nil
    }

    func read(_ path: String) throws -> (text: String, strings: [LocalizedString]) {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return (String(decoding: bytes, as: UTF8.self), try StringsFile.read(path: path, bytes: bytes))
    }

    @Test(arguments: ["strings/App.xcstrings", "strings/Settings.xcstrings", "strings/Substitutions.xcstrings"])
    func aCatalogsStringsPointAtTheirValues(_ name: String) throws {
        let (file, strings) = try read(Fixtures.path(name))
        #expect(!strings.isEmpty)
        var checked = 0
        for string in strings where !string.isUntranslated {
            let position = try #require(string.position, "\(string.key) (\(string.language ?? "-"))")
            let here = try #require(Self.text(file, at: position))
            // An entry with no value in its development language shows its
            // key: it points at the entry (or its empty localization).
            if here.first == "{" && string.written == string.entry { continue }
            let value = try #require(Self.literal(here), "\(string.key): \(here.prefix(40))")
            // A substitution's form points at its variation's text, which
            // the form holds expanded.
            if string.format == nil {
                #expect(value == string.written, "\(string.key) (\(string.language ?? "-"))")
            } else {
                #expect(!value.isEmpty)
            }
            checked += 1
        }
        #expect(checked > 0)
        // An untranslated copy points at its language's localization or
        // the entry: an object, not a value.
        for string in strings where string.isUntranslated {
            let position = try #require(string.position)
            #expect(Self.text(file, at: position)?.first == "{", "\(string.key) (\(string.language ?? "-"))")
        }
    }

    @Test func aStringsFilesValuesAreWhereTheLinesSay() throws {
        let folder = Fixtures.temporaryDirectory("positions")
        let path = folder.appendingPathComponent("Localizable.strings").path
        // Non-ASCII before the value: columns count code points.
        let text = """
            /* A comment */
            "Grüße" = "Hallo";
            "日本" =
                "Nihon";
            "plain" = "a \\"quoted\\" word";

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (file, strings) = try read(path)
        #expect(strings.map(\.key) == ["Grüße", "日本", "plain"])
        #expect(strings.map { $0.position.map { [$0.line, $0.column] } } == [[2, 11], [4, 5], [5, 11]])
        for string in strings {
            let position = try #require(string.position)
            let here = try #require(Self.text(file, at: position))
            #expect(Self.literal(here) == string.text)
        }
    }

    @Test func aStringsdictsFormsPointAtTheirStrings() throws {
        let (file, strings) = try read(Fixtures.path("strings/plists/Plurals.stringsdict"))
        #expect(!strings.isEmpty)
        for string in strings {
            let position = try #require(string.position)
            let here = try #require(Self.text(file, at: position))
            #expect(here.hasPrefix("<string>"), "\(string.key): \(here.prefix(40))")
            // The form's own text, as written in the element.
            let category = string.key.split(separator: ".").last.map(String.init) ?? ""
            if string.key.split(separator: "|").count == 2 {
                let element = here.dropFirst("<string>".count).prefix { $0 != "<" }
                #expect(string.written.contains(element), "\(string.key) (\(category)): \(element)")
            }
        }
    }

    @Test func aTextFilesLinesAreTheirLines() throws {
        let (_, strings) = try read(Fixtures.path("strings/headings.txt"))
        for string in strings {
            let number = Int(string.key.split(separator: ":").last ?? "") ?? 0
            #expect(string.position == SourcePosition(line: number, column: 1))
        }
    }

    /// Keys are the path and the line's number in decimal (written digit
    /// by digit, checked against Swift's own), blank lines skipped.
    @Test func aTextFilesKeysAreItsPathAndLineNumbers() throws {
        let lines = (1...1_005).map { $0 % 7 == 0 ? "" : "line \($0)" }
        let strings = try StringsFile.read(path: "dir/ü.txt", bytes: Array(lines.joined(separator: "\n").utf8))
        #expect(strings.map(\.key) == (1...1_005).filter { $0 % 7 != 0 }.map { "dir/ü.txt:\($0)" })
        #expect(strings.map(\.text) == lines.filter { !$0.isEmpty })
    }
}

import Foundation
import Testing

@testable import TypefitCore

/// fit's compact document writes each result as literal fragments; the
/// indented one member by member. They must be the same document: the
/// compact bytes equal the indented bytes without their indentation, for
/// results with and without a rule, with and without positions, files,
/// languages and substitutions, strings that need escaping, and cells where
/// a string was not laid out.
@Suite struct FitDocumentTests {
    static func document(pretty: Bool) -> [UInt8] {
        let cells = [
            SizedCell(style: "body", size: .category(.large), pointSize: 17, lineHeight: nil, face: nil),
            SizedCell(
                style: "body", size: .category(.accessibilityExtraExtraExtraLarge), pointSize: 53, lineHeight: nil,
                face: nil),
            SizedCell(style: "body", size: .category(.extraSmall), pointSize: 14, lineHeight: nil, face: nil),
        ]
        var first = LocalizedString(key: "greeting", language: "de", text: "Hallo \"Welt\"\n\tzwei")
        first.position = SourcePosition(line: 12, column: 7)
        first.file = "/app/Localizable.xcstrings"
        var second = LocalizedString(key: "count", language: nil, text: "3 items, café")
        second.original = "%lld items, café"
        second.substitutions = [
            PlaceholderSamples.Substitution(placeholder: "%lld", value: "3", isDefault: true),
            PlaceholderSamples.Substitution(placeholder: "%@", value: "a\\b", isDefault: false),
        ]
        var third = LocalizedString(key: "weird \u{1}key", language: "pt-BR", text: "")
        third.qualifiers = ["night", "sw600dp"]
        // Two more with the first's line counts, one with its overflows too:
        // the per-category objects written once and copied must be those of
        // their own string.
        var fourth = first
        fourth.key = "again"
        var fifth = first
        fifth.key = "again, not overflowing"
        let strings = [first, second, third, fourth, fifth]
        // Per (string, cell): lines (0: not laid out) and overflow.
        let layouts = FitLayouts(
            lines: [1, 3, 1, 2, 12, 0, 1, 1, 1, 1, 3, 1, 1, 3, 1],
            overflows: [
                false, true, false, false, true, false, false, false, false, false, true, false, false, false, false,
            ],
            cellCount: 3, failures: [])
        var header = FitLayouts.Header(width: 300, maxLines: 2, style: "body", platform: "ios", model: "system")
        header.failing = 2
        let groups = [
            FitLayouts.Group(layouts: layouts, strings: strings, cells: cells, maxLines: 2),
            FitLayouts.Group(
                layouts: layouts, strings: strings, cells: cells, maxLines: 1, rule: (1, "title1", 287.5)),
        ]
        var bytes: [UInt8] = []
        _ = FitLayouts.writeJSON(
            groups: groups, header: header, rules: nil, pretty: pretty, describing: { "\($0)" }
        ) {
            bytes += $0
            return true
        }
        return bytes
    }

    /// The indented document without its indentation: a newline and the
    /// spaces after it, and the space after a key's colon (no string here
    /// holds a raw newline or `": `).
    static func unindented(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var out = ""
        var inString = false
        var escaped = false
        var skippingIndent = false
        var previous: Character = " "
        for character in text {
            if skippingIndent {
                if character == " " { continue }
                skippingIndent = false
            }
            if inString {
                out.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\n" {
                skippingIndent = true
            } else if character == " " && previous == ":" {
                continue
            } else {
                if character == "\"" { inString = true }
                out.append(character)
            }
            previous = character
        }
        return out
    }

    @Test func compactResultsAreTheIndentedOnesWithoutIndentation() throws {
        let compact = Self.document(pretty: false)
        let indented = Self.document(pretty: true)
        #expect(String(decoding: compact, as: UTF8.self) == Self.unindented(indented) + "\n")
        // And it is JSON, with the values the layouts hold.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(compact)) as? [String: Any])
        let results = try #require(parsed["results"] as? [[String: Any]])
        #expect(results.count == 10)
        #expect((results[0]["lines"] as? [String: Int])?["accessibilityExtraExtraExtraLarge"] == 3)
        #expect((results[0]["overflows"] as? [String: Bool])?["accessibilityExtraExtraExtraLarge"] == true)
        #expect(results[0]["largestFittingCategory"] as? String == "large")
        #expect((results[1]["fits"] as? [String: Bool])?.count == 2)
        #expect(results[1]["column"] is NSNull)
        #expect((results[1]["substitutions"] as? [[String: Any]])?.count == 2)
        #expect((results[3]["overflows"] as? [String: Bool])?["accessibilityExtraExtraExtraLarge"] == true)
        #expect((results[4]["overflows"] as? [String: Bool])?["accessibilityExtraExtraExtraLarge"] == false)
        #expect((results[4]["fits"] as? [String: Bool])?["accessibilityExtraExtraExtraLarge"] == false)
        #expect((results[4]["lines"] as? [String: Int]) == (results[0]["lines"] as? [String: Int]))
        #expect(results[5]["rule"] as? Int == 1)
        #expect(results[5]["width"] as? Double == 287.5)
        #expect(results[7]["key"] as? String == "weird \u{1}key")
        // Two lines fit where two are allowed, not under the rule's one:
        // each group's objects are its own.
        #expect((results[1]["fits"] as? [String: Bool])?["large"] == true)
        #expect((results[6]["fits"] as? [String: Bool])?["large"] == false)
    }
}

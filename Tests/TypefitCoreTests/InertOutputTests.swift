import Testing

@testable import TypefitCore

/// Text from fonts and catalogs printed for people and for CI logs: control
/// characters escaped in every field, and no line a CI runner would read as
/// a workflow command.
@Suite struct InertOutputTests {
    static func face(_ family: String, _ postscriptName: String) -> FontFace {
        FontFace(
            family: family, postscriptName: postscriptName, style: "Regular", weight: 400, isItalic: false,
            file: "/fonts/a.ttf", index: 0)
    }

    @Test func plainListingEscapesControlsSoALineIsAFace() {
        let families = FontCatalog.families(from: [Self.face("New\n$(x)\u{1B}]0;title\u{07}", "PS\tName")])
        let plain = FontFamily.plain(families)
        #expect(plain == "New\\n$(x)\\u{1B}]0;title\\u{7}\tPS\\tName\t100\n")
    }

    @Test func tableHeaderEscapesTheFamilyAndItsAliases() {
        let table = FontFamily.table(FontCatalog.families(from: [Self.face("Evil\u{1B}[2J", "Evil")]))
        #expect(!table.contains("\u{1B}"))
        #expect(table.hasPrefix("Family: Evil\\u{1B}[2J\n"))
    }

    @Test(arguments: [
        ("::error title=x::forged", "\\u{3A}:error title=x::forged"),
        ("  ::stop-commands::tok", "  \\u{3A}:stop-commands::tok"),
        ("key ##[error]forged", "key \\u{23}#[error]forged"),
        ("settings.title  de  1", "settings.title  de  1"),
        ("a::b", "a::b"),
    ])
    func workflowCommandsAreMadeInert(line: String, expected: String) {
        #expect(TerminalText.inertLine(line) == expected)
    }

    @Test func tableRowsStartingWithAKeyAreInert() {
        let out = TextTable.render([["key", "lines"], ["::error::pwned", "1"], ["ok", "2"]])
        #expect(out == "key             lines\n\\u{3A}:error::pwned  1\nok              2\n")
        #expect(!out.split(separator: "\n").contains { $0.hasPrefix("::") })
    }
}

/// Bidirectional format controls in keys and font names: an override or
/// isolate left open reverses the rest of a terminal's line.
@Suite struct BidiControlEscapeTests {
    @Test(arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069])
    func eachControlIsEscaped(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let hex = String(value, radix: 16, uppercase: true)
        #expect(TerminalText.escapingControls("a\(Character(scalar))b") == "a\\u{\(hex)}b")
    }

    @Test func tableCellsAndListingsEscapeThem() {
        let table = TextTable.render([["key", "lines"], ["evil\u{202E}key", "1"], ["iso\u{2067}late", "2"]])
        #expect(!table.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x2067 })
        #expect(table.contains("evil\\u{202E}key") && table.contains("iso\\u{2067}late"))
        let plain = FontFamily.plain(
            FontCatalog.families(from: [InertOutputTests.face("Fam\u{202E}ily", "PS\u{2066}")]))
        #expect(plain == "Fam\\u{202E}ily\tPS\\u{2066}\t100\n")
    }

    /// Right-to-left text itself is not a control: Arabic and Hebrew stay
    /// as written.
    @Test func rightToLeftLettersStay() {
        #expect(TerminalText.escapingControls("مرحبا שלום") == "مرحبا שלום")
    }
}

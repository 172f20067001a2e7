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

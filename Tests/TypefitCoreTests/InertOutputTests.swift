import Foundation
import Testing
import TypefitTestSupport

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
        ("::error title=x::forged", "\\u003A:error title=x::forged"),
        ("  ::stop-commands::tok", "  \\u003A:stop-commands::tok"),
        ("\u{A0}::error::nbsp", "\u{A0}\\u003A:error::nbsp"),
        ("\u{3000}\u{2003}::stop-commands::x", "\u{3000}\u{2003}\\u003A:stop-commands::x"),
        ("key ##[error]forged", "key \\u0023#[error]forged"),
        (
            "ok ##vso[task.setvariable variable=PATH]/tmp/evil",
            "ok \\u0023#vso[task.setvariable variable=PATH]/tmp/evil"
        ),
        ("x ##VSO[task.complete]", "x \\u0023#VSO[task.complete]"),
        ("a\r::error::cr", "a\r\\u003A:error::cr"),
        ("settings.title  de  1", "settings.title  de  1"),
        ("a::b", "a::b"),
        ("#vso[ #x ## [", "#vso[ #x ## ["),
    ])
    func runnerCommandsAreMadeInert(line: String, expected: String) {
        #expect(RunnerCommands.inert(line) == expected)
        #expect(CIRunners.commands(in: RunnerCommands.inert(line)).isEmpty)
    }

    /// A command split between two chunks of a stream, at every place,
    /// is caught as in one piece; a line of white space alone waits for
    /// what follows it.
    @Test func aStreamCatchesCommandsAcrossChunks() {
        let text = "row 1\n\u{3000}  ::error::x ##vso[task.setvariable]y ##[group]z\r\n::ok\n"
        let bytes = Array(text.utf8)
        let whole = RunnerCommands.inert(bytes)
        #expect(CIRunners.commands(in: String(decoding: whole, as: UTF8.self)).isEmpty)
        for cut in 0...bytes.count {
            var filter = RunnerCommands.Filter()
            let out = filter.feed(Array(bytes[..<cut])) + filter.feed(Array(bytes[cut...])) + filter.finish()
            #expect(out == whole, "cut at \(cut)")
        }
        // Byte by byte.
        var filter = RunnerCommands.Filter()
        var out: [UInt8] = []
        for byte in bytes { out += filter.feed([byte]) }
        #expect(out + filter.finish() == whole)
    }

    /// Random text built from the pieces of commands, cut into random
    /// chunks: every way of cutting gives the bytes of one piece, no runner
    /// finds a command in them, and putting back each escaped character
    /// gives the text (the filter looks sixteen bytes at a time: a long
    /// run of letters puts the pieces at every offset of a block).
    @Test func randomTextInRandomChunksReadsBackAsWritten() {
        let pieces = [
            "#", "##", "vso[", "VSO[", "[", ":", "::", " ", "\u{3000}", "\u{A0}", "\n", "\r", "\r\n", "a", "é",
            String(repeating: "b", count: 23),
        ]
        var random = SeededGenerator(seed: 64)
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &random) { text += pieces.randomElement(using: &random)! }
            let bytes = Array(text.utf8)
            let whole = RunnerCommands.inert(bytes)
            let wholeText = String(decoding: whole, as: UTF8.self)
            #expect(CIRunners.commands(in: wholeText).isEmpty, "\(text.debugDescription)")
            let restored = wholeText.replacingOccurrences(of: "\\u0023", with: "#")
                .replacingOccurrences(of: "\\u003A", with: ":")
            #expect(restored == text)
            var filter = RunnerCommands.Filter()
            var out: [UInt8] = []
            var at = 0
            while at < bytes.count {
                let next = min(bytes.count, at + Int.random(in: 0...12, using: &random))
                out += filter.feed(Array(bytes[at..<next]))
                at = next
            }
            out += filter.finish()
            #expect(out == whole, "\(text.debugDescription)")
        }
    }

    /// `--format github` keeps its own commands (a line starting with
    /// `::` at its first byte), and nothing else.
    @Test func workflowCommandsOfTheReportStay() {
        let report = "::error file=a::msg ##vso[x]\n \u{A0}::error::forged\n"
        let out = RunnerCommands.inert(report, allowsOwnCommands: true)
        #expect(out == "::error file=a::msg \\u0023#vso[x]\n \u{A0}\\u003A:error::forged\n")
    }

    /// In JSON the escape is `\u0023`, which a JSON reader decodes to `#`:
    /// the value read back is the value written.
    @Test func jsonReadsBackTheSameValue() throws {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.key("k ##vso[x]")
        writer.string("\\##vso[task.setvariable variable=PATH]/tmp ##[error]")
        writer.endObject()
        let out = RunnerCommands.inert(writer.finish())
        #expect(CIRunners.commands(in: out).isEmpty)
        // Foundation's reader, not typefit's.
        let value = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: String])
        #expect(value == ["k ##vso[x]": "\\##vso[task.setvariable variable=PATH]/tmp ##[error]"])
    }

    @Test func tableRowsStartingWithAKeyAreInert() {
        let out = RunnerCommands.inert(TextTable.render([["key", "lines"], ["::error::pwned", "1"], ["ok", "2"]]))
        #expect(out == "key             lines\n\\u003A:error::pwned  1\nok              2\n")
        #expect(CIRunners.commands(in: out).isEmpty)
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

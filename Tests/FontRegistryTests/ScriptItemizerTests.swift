import CHarfBuzz
import Testing

@testable import FontRegistry

@Suite struct ScriptItemizerTests {
    /// The table read when HarfBuzz opens answers as HarfBuzz does, for
    /// every character it covers and past its end.
    @Test func lowScriptsAreHarfBuzzs() throws {
        let hb = try ShapingLibraries.shared.get()
        let funcs = try #require(hb.unicodeFuncsDefault())
        #expect(hb.lowScripts.count == 0x800)
        var differing: [UInt32] = []
        for value in UInt32(0)..<0x900 where ScriptItemizer.script(value, hb, funcs) != hb.unicodeScript(funcs, value) {
            differing.append(value)
        }
        #expect(differing.isEmpty, "characters whose script differs from HarfBuzz's: \(differing.prefix(10))")
    }

    /// Scripts of characters as Unicode's Scripts.txt gives them.
    @Test func scriptsOfKnownCharacters() throws {
        let hb = try ShapingLibraries.shared.get()
        let funcs = try #require(hb.unicodeFuncsDefault())
        let known: [(UInt32, hb_script_t)] = [
            (0x41, HB_SCRIPT_LATIN), (0x20, HB_SCRIPT_COMMON), (0xE9, HB_SCRIPT_LATIN),
            (0xD7, HB_SCRIPT_COMMON), (0x300, HB_SCRIPT_INHERITED), (0x3B1, HB_SCRIPT_GREEK),
            (0x430, HB_SCRIPT_CYRILLIC), (0x561, HB_SCRIPT_ARMENIAN), (0x5D0, HB_SCRIPT_HEBREW),
            (0x627, HB_SCRIPT_ARABIC), (0x7C0, HB_SCRIPT_NKO), (0x7FF, HB_SCRIPT_NKO),
            (0x800, HB_SCRIPT_SAMARITAN), (0x905, HB_SCRIPT_DEVANAGARI),
        ]
        for (value, script) in known {
            #expect(ScriptItemizer.script(value, hb, funcs) == script, "U+\(String(value, radix: 16))")
        }
    }

    /// A Greek word in a Latin sentence is a run of its own.
    @Test func runsSplitAtScripts() {
        let runs = ScriptItemizer.runs(Array("Hi αβγ ok".utf8))
        #expect(runs.map(\.script) == [HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_LATIN])
        #expect(runs.map(\.range) == [0..<3, 3..<10, 10..<12])
    }
}

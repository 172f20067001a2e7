import CHarfBuzz
import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// Shaping word by word (`HarfBuzzFace+Words`): the glyphs are those
/// HarfBuzz gives for the whole text, the first time a word is shaped and
/// every time it is found kept. Oracle: hb-shape on the same file.
@Suite(.enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"))
struct WordShapingTests {
    static let script = Fixtures.root.appendingPathComponent("text/TypefitScript-Regular.ttf").path
    static let spaced = Fixtures.root.appendingPathComponent("words/TypefitSpaced-Regular.ttf").path

    /// One script each (hb-shape shapes a text as one run): kerning and
    /// ligatures inside words, the same words again and in other places,
    /// spaces doubled, leading and trailing, Arabic joined across a word
    /// and set right to left, marks on a space and on letters, a joiner
    /// before a space.
    static let texts = [
        "AVA fi To", "To fi AVA AVA", "  To  fi ", "VAT To VA", "fi", "AV AV AV AV",
        "مرحبا حلم بيه", "بيه مرحبا بيه", "حلم  بيه ", "مرحبا",
        "שלום עולם שלום", "नमस्ते दुनिया नमस्ते", "A \u{301}V A\u{301} V", "A\u{200D} V",
    ]

    /// Face `file`, looking for words from its first run (a face
    /// otherwise shapes its first runs whole, `runsBeforeWords`).
    static func face(_ file: String) throws -> HarfBuzzFace {
        let face = try HarfBuzzFace(file: file, index: 0)
        face.runsBeforeWords = 0
        return face
    }

    /// hb-shape's glyphs of `text`: id, cluster (byte offset) and advance
    /// in font units, in its visual order.
    static func oracle(_ text: String, _ file: String, direction: String? = nil) throws -> [[Int]] {
        let result = try #require(
            try BinaryRunner.runTool(
                "hb-shape",
                [
                    "--output-format=json", "--no-glyph-names", "--utf8-clusters", "--cluster-level=1", "--language=en",
                ] + (direction.map { ["--direction=\($0)"] } ?? []) + [file, text],
                environment: ["LC_ALL": "C.UTF-8"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return glyphs.map { [($0["g"] as? Int) ?? -1, ($0["cl"] as? Int) ?? -1, ($0["ax"] as? Int) ?? 0] }
    }

    /// `face`'s glyphs of `text` as `fit` shapes it (captured as `review`
    /// keeps them), in the oracle's terms.
    static func shaped(_ text: String, _ face: HarfBuzzFace) -> [[Int]] {
        let utf8 = Array(text.utf8)
        var advances = [Double](filled: 0, count: utf8.count)
        var missing = [Bool](filled: false, count: utf8.count)
        let captured = ShapedRuns()
        face.shape(
            utf8, runs: ScriptItemizer.runs(utf8), language: "en", advances: &advances, missing: &missing,
            capturing: captured)
        return captured.glyphs.map { [Int($0.glyph), $0.cluster, Int(($0.advance * face.unitsPerEm).rounded())] }
    }

    @Test func theScriptFaceShapesWordsAlone() throws {
        let face = try Self.face(Self.script)
        #expect(face.wordsShapeAlone)
    }

    /// A face that kerns the space: its words are not shaped alone, and
    /// its widths are hb-shape's, which word-by-word shaping would miss
    /// (T's kerning before a space, the space's before A).
    @Test func aFaceThatKernsTheSpaceIsShapedWhole() throws {
        let face = try Self.face(Self.spaced)
        #expect(!face.wordsShapeAlone)
        for text in ["A T A", "T A T A", "A T A"] {
            let expected = try Self.oracle(text, Self.spaced)
            #expect(Self.shaped(text, face) == expected, "\(text)")
        }
        // The kerning is there to miss: T alone is wider than T before a space.
        let alone = try Self.oracle("T", Self.spaced)
        let before = try Self.oracle("T ", Self.spaced)
        #expect(alone[0][2] != before[0][2])
        #expect(face.words.isEmpty)
    }

    /// Every text, shaped twice by one face (the second time from the
    /// words kept), is hb-shape's, glyph for glyph.
    @Test func wordsShapedOnceAreHarfBuzzsWholeText() throws {
        let face = try Self.face(Self.script)
        for round in 0..<2 {
            for text in Self.texts {
                let expected = try Self.oracle(text, Self.script)
                #expect(Self.shaped(text, face) == expected, "round \(round): \(text)")
            }
        }
        // The words were kept and found, not shaped again each time.
        #expect(face.words.count > 10)
        #expect(face.words.found > face.words.count)
        // Known strings with a word new to them (shaped alone and put
        // among the kept ones), and one too long to keep, right to left.
        let long = String(repeating: "مرحبا", count: 7)
        let partly = [
            "AVA fi To Tofu", "To Vox fi AVA AVA", "مرحبا حلم بيه حلمي", "بيه " + long + " حلم",
            "A \u{301}V Ato A\u{301} V", "שלום עולם שלום שלומי", "AVA " + String(repeating: "V", count: 70) + " To",
        ]
        for text in partly {
            let expected = try Self.oracle(text, Self.script)
            #expect(Self.shaped(text, face) == expected, "partly known: \(text)")
        }
    }

    /// The drawing's own shaping of a stretch the measurement did not
    /// shape alike (`glyphs`, a direction given: a bidi run's) goes by
    /// words too, and is hb-shape's in that direction, glyph for glyph,
    /// the second time from the words kept; Latin set right to left (a
    /// line's level) keeps its words apart from Latin set left to right.
    @Test func drawnStretchesAreHarfBuzzsInTheirDirection() throws {
        let face = try Self.face(Self.script)
        let cases =
            Self.texts.map { ($0, $0.unicodeScalars.contains { $0.value >= 0x590 && $0.value < 0x900 }) }
            + [("AVA fi To", true), ("To fi AVA AVA", true)]
        for round in 0..<2 {
            for (text, rightToLeft) in cases {
                let utf8 = Array(text.utf8)
                let glyphs = face.glyphs(
                    utf8, runs: ScriptItemizer.runs(utf8), language: "en", rightToLeft: rightToLeft)
                let drawn = glyphs.map { [Int($0.glyph), $0.cluster, Int(($0.advance * face.unitsPerEm).rounded())] }
                let expected = try Self.oracle(text, Self.script, direction: rightToLeft ? "rtl" : "ltr")
                #expect(drawn == expected, "round \(round): \(text) \(rightToLeft ? "rtl" : "ltr")")
            }
        }
        #expect(face.words.found > 0)
    }

    /// Cuts fall where a stretch of spaces starts or ends, except after a
    /// space before a mark or joiner, and before a space after a joiner.
    @Test func cutsFallAtSpaces() {
        func cut(_ text: String) -> [String] {
            let utf8 = Array(text.utf8)
            var pieces: [Range<Int>] = []
            HarfBuzzFace.cut(utf8, 0..<utf8.count, into: &pieces)
            return pieces.map { String(decoding: utf8[$0], as: UTF8.self) }
        }
        #expect(cut("ab  cd e") == ["ab", "  ", "cd", " ", "e"])
        #expect(cut(" a ") == [" ", "a", " "])
        #expect(cut("a \u{301}b c") == ["a", " \u{301}b", " ", "c"])
        #expect(cut("a\u{200D} b") == ["a\u{200D} ", "b"])
        #expect(cut("a \u{FE0F}") == ["a", " \u{FE0F}"])
        #expect(cut("a \u{1F3FB}") == ["a", " \u{1F3FB}"])
        #expect(cut("مرحبا حلم") == ["مرحبا", " ", "حلم"])
    }

    /// A word is kept only where nothing but a space or the text's edge
    /// is on either side.
    @Test func wordsAreKeptOnlyBetweenSpaces() {
        func keepable(_ text: String, _ piece: Range<Int>) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { HarfBuzzFace.keepable($0, piece) }
        }
        #expect(keepable("ab cd", 0..<2))
        #expect(keepable("ab cd", 2..<3))
        #expect(keepable("ab cd", 3..<5))
        // At a script run's edge: "ab" before Greek letters.
        #expect(!keepable("abαβ", 0..<2))
        #expect(!keepable(String(repeating: "a", count: 65), 0..<65))
    }

    /// The words kept are bounded in number and glyphs (when full, they
    /// are forgotten and kept anew), and a long word is never kept.
    @Test func wordsKeptAreBounded() throws {
        let face = try Self.face(Self.script)
        var text = ""
        for i in 0..<(WordShapes.maximumWords + 100) { text += "A\(i) " }
        let long = String(repeating: "V", count: WordShapes.maximumWordBytes + 1)
        text += long
        let utf8 = Array(text.utf8)
        var advances = [Double](filled: 0, count: utf8.count)
        var missing = [Bool](filled: false, count: utf8.count)
        face.shape(utf8, runs: ScriptItemizer.runs(utf8), language: "en", advances: &advances, missing: &missing)
        // Forgotten once full (or sooner, when the budget the suite's
        // other faces share is spent), and kept anew.
        #expect(face.words.generation >= 1)
        #expect(face.words.count > 0 && face.words.count < WordShapes.maximumWords)
        // Every word still measured: the last words' widths are hb-shape's.
        let tail = "A\(WordShapes.maximumWords + 99) " + long
        let expected = try Self.oracle(tail, Self.script).reduce(0) { $0 + $1[2] }
        let start = utf8.count - tail.utf8.count
        let measured = advances[start...].reduce(0, +) * face.unitsPerEm
        #expect(Int(measured.rounded()) == expected)
    }

    /// Kept words take memory from the process's budget, and more than
    /// the budget is never granted. (That a closed face gives it back is
    /// not asserted: the suite's other faces take and give concurrently.)
    @Test func wordsTakeTheirMemoryFromTheBudget() throws {
        #expect(!WordBudget.take(WordBudget.total + 1))
        let face = try Self.face(Self.script)
        let utf8 = Array("To fi AVA".utf8)
        var advances = [Double](filled: 0, count: utf8.count)
        var missing = [Bool](filled: false, count: utf8.count)
        face.shape(utf8, runs: ScriptItemizer.runs(utf8), language: "en", advances: &advances, missing: &missing)
        let granted = face.words.granted
        #expect(granted >= WordBudget.grant)
        #expect(WordBudget.inUse >= granted)
    }

    /// A face that shapes a few runs keeps no words (its tables are not
    /// read for them): a one-string run pays nothing for words.
    @Test func aFewRunsAreShapedWhole() throws {
        let face = try HarfBuzzFace(file: Self.script, index: 0)
        let text = "To fi AVA"
        #expect(Self.shaped(text, face) == (try Self.oracle(text, Self.script)))
        #expect(face.words.isEmpty)
    }
}

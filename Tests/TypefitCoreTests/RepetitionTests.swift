import Testing

@testable import TypefitCore

/// Every reader passes over what an input can repeat (comments, processing
/// instructions, white space, siblings) in a loop: a million in a row
/// reads in bounded stack, never by a call per repetition (9,000
/// `<!---->` in a values file ended in SIGSEGV).
@Suite struct RepetitionTests {
    static let million = 1_000_000

    static func repeated(_ piece: String, _ count: Int = million) -> String {
        String(repeating: piece, count: count)
    }

    @Test(arguments: ["<!---->", "<?a?>", "<!----><?a?>\n"])
    func androidValuesReadPastAMillionCommentsOrInstructions(piece: String) throws {
        let text =
            "<resources>" + Self.repeated(piece) + "<string name=\"a\">A</string>" + Self.repeated(piece)
            + "</resources>"
        let strings = try StringsFile.read(path: "res/values/strings.xml", bytes: Array(text.utf8))
        #expect(strings.map(\.text) == ["A"])
    }

    @Test func aStringsdictReadsPastAMillionComments() throws {
        let text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>" + Self.repeated("<!---->")
            + "<key>k</key>" + Self.repeated("<!---->") + "<dict><key>NSStringLocalizedFormatKey</key>"
            + "<string>%#@n@</string><key>n</key><dict><key>NSStringFormatSpecTypeKey</key>"
            + "<string>NSStringPluralRuleType</string><key>NSStringFormatValueTypeKey</key><string>d</string>"
            + "<key>other</key><string>%d items</string></dict></dict></dict></plist>"
        let strings = try StringsFile.read(path: "en.lproj/Localizable.stringsdict", bytes: Array(text.utf8))
        #expect(strings.contains { $0.text == "%d items" })
    }

    @Test(arguments: ["/**/", "//\n", " \n"])
    func aStringsFileReadsPastAMillionComments(piece: String) throws {
        let text = Self.repeated(piece) + "\"k\" = \"v\";" + Self.repeated(piece)
        let strings = try StringsFile.read(path: "en.lproj/Localizable.strings", bytes: Array(text.utf8))
        #expect(strings.map(\.text) == ["v"])
    }

    @Test func aCatalogReadsPastAMillionSpaces() throws {
        let text =
            "{" + Self.repeated(" \n") + "\"sourceLanguage\":\"en\",\"version\":\"1.0\",\"strings\":{\"k\":"
            + Self.repeated(" ") + "{}}}"
        let strings = try StringsFile.read(path: "Localizable.xcstrings", bytes: Array(text.utf8))
        #expect(strings.map(\.key) == ["k"])
    }

    @Test(arguments: ["*", "**", "_", "`", "[", "[a](", "\\*", "*a", "~"])
    func markdownRendersAMillionMarks(piece: String) {
        let text = Self.repeated(piece, 200_000)
        let rendered = InlineMarkdown.render(text)
        #expect(rendered.text.unicodeScalars.count <= text.unicodeScalars.count)
    }

    /// One grapheme of 15,000 combining marks (HarfBuzz: 0.8 s each) is
    /// measured with at most 30 marks in a row, UAX #15's stream-safe
    /// limit, and says so; a string within the limit is unchanged.
    @Test func combiningMarksStopAtTheStreamSafeLimit() throws {
        let text = "a" + String(repeating: "\u{301}", count: 15_000) + "b\u{301}\u{302}"
        let string = LocalizedString(key: "k", language: "en", text: text)
        #expect(string.text == "a" + String(repeating: "\u{301}", count: 30) + "b\u{301}\u{302}")
        #expect(string.capNote?.contains("stream-safe") == true)
        let fine = LocalizedString(key: "k", language: "vi", text: "Tiếng Việt ở đây")
        #expect(fine.text == "Tiếng Việt ở đây" && fine.capNote == nil)
    }

    /// The limit holds for marks of every UTF-8 length and after any base
    /// (two-byte U+0301, three-byte Thai U+0E48, four-byte U+1D167), while a
    /// long run of starters outside ASCII (CJK, Cyrillic) is no run of
    /// marks: Unicode's own combining classes decide, not the bytes.
    @Test(arguments: ["\u{301}", "\u{E48}", "\u{1D167}"])
    func theLimitHoldsForMarksOfEveryLength(mark: String) {
        for base in ["a", "漢", "Я", "ก"] {
            let atLimit = base + String(repeating: mark, count: 30) + "."
            #expect(LocalizedString(key: "k", language: nil, text: atLimit).text == atLimit)
            let over = base + String(repeating: mark, count: 31) + "."
            let string = LocalizedString(key: "k", language: nil, text: over)
            #expect(string.text == atLimit, "\(base) + 31 × \(mark.unicodeScalars.first!.value)")
            #expect(string.capNote?.contains("stream-safe") == true)
        }
        let starters = String(repeating: "漢字", count: 40) + String(repeating: "Ж", count: 40)
        #expect(LocalizedString(key: "k", language: "ja", text: starters).text == starters)
    }
}

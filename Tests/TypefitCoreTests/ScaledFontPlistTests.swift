import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// ScaledFont style dictionaries (XML property lists): read as Xcode writes
/// them, and every mistake named at its line and column.
@Suite struct ScaledFontPlistTests {
    static func plist(_ body: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            \(body)
            </plist>

            """.utf8)
    }

    func problem(_ body: String) -> SourceError? {
        do {
            _ = try DynamicFontSpec.decode(file: Self.plist(body))
            return nil
        } catch {
            return error
        }
    }

    /// The fixture is laid out as Xcode saves a ScaledFont dictionary: tabs,
    /// the DOCTYPE, SwiftUI key spellings (`title`, `caption`), integers and
    /// a real, and a later ScaledFont's system-font entry.
    @Test func fixtureReadsAsAScaledFontDictionary() throws {
        let bytes = try [UInt8](
            Data(contentsOf: Fixtures.root.appendingPathComponent("specs/TypefitSans-ScaledFont.plist")))
        let decoded = try DynamicFontSpec.decode(file: bytes)
        let spec = decoded.spec
        #expect(spec.family == nil)
        #expect(spec.model == .uiFontMetrics(curveName: "hig-leading"))
        #expect(
            spec.faces.map(\.postscriptName) == ["TypefitSans-Bold", "TypefitSans-Regular", "TypefitSans-Italic"])
        #expect(spec.styles.count == 10)
        let title = try #require(spec.styles.first { $0.style == .title1 })
        #expect(title.designSize == 28 && title.face == "TypefitSans-Bold")
        let caption = try #require(spec.styles.first { $0.style == .caption1 })
        #expect(caption.designSize == 12 && caption.face == "TypefitSans-Italic")
        #expect(spec.styles.first { $0.style == .body }?.designSize == 17.5)
        #expect(!spec.styles.contains { $0.style == .caption2 })
        // caption2 names the system font: said, at its key, not dropped silently.
        #expect(decoded.warnings.count == 1)
        #expect(decoded.warnings.first?.position == SourcePosition(line: 75, column: 2))
        #expect(decoded.warnings.first?.message.contains("caption2 uses the system font (design rounded)") == true)
    }

    /// Sizes come from the reference leadings (the default curve), not from typefit's output:
    /// round(fontSize × multiplier), as UIFontMetrics does for every style.
    @Test func sizesFollowTheModel() throws {
        let bytes = try [UInt8](
            Data(contentsOf: Fixtures.root.appendingPathComponent("specs/TypefitSans-ScaledFont.plist")))
        let spec = try DynamicFontSpec.decode(file: bytes).spec
        let report = ScaleRequest(styles: spec.styles.map(\.style), subject: .spec(spec, name: "plist")).resolve()
        let multipliers = Fixtures.higLeadingMultipliers()
        let design: [String: Double] = [
            "largeTitle": 34, "title1": 28, "title2": 22, "title3": 20, "headline": 17, "subheadline": 15,
            "body": 17.5, "callout": 16, "footnote": 13, "caption1": 12,
        ]
        var checked = 0
        for row in multipliers.rows {
            guard let size = design[row[0]], let style = TextStyle(rawValue: row[0]) else { continue }
            for (column, category) in ContentSizeCategory.allCases.enumerated() {
                let entry = try #require(report.entries.first { $0.style == style && $0.category == category })
                let expected = (size * (Double(row[column + 1]) ?? .nan)).rounded(.toNearestOrAwayFromZero)
                #expect(entry.pointSize == expected, "\(style) \(category)")
                checked += 1
            }
        }
        #expect(checked == 120)
    }

    @Test func uikitAndRawKeysAndMarkupVariants() throws {
        let decoded = try DynamicFontSpec.decode(
            file: Self.plist(
                """
                <!-- a comment before the dictionary -->
                <dict>
                  <key>UICTFontTextStyleTitle0</key>
                  <dict><key>fontName</key><string><![CDATA[Brand-Black]]></string>
                        <key>fontSize</key><real>3.4e1</real></dict>
                  <key>caption1</key>
                  <dict><key>fontSize</key><integer>0xC</integer><key>fontName</key><string>Brand&#45;Regular</string></dict>
                  <key>UICTFontTextStyleSubhead</key>
                  <dict><key>fontName</key><string>Brand-Regular</string><key>fontSize</key><integer>+15</integer>
                        <key>weight</key><string>bold</string></dict>
                </dict>
                """))
        let spec = decoded.spec
        #expect(spec.styles.map(\.style) == [.largeTitle, .subheadline, .caption1])
        #expect(spec.styles.map(\.designSize) == [34, 15, 12])
        #expect(spec.faces.map(\.postscriptName) == ["Brand-Black", "Brand-Regular"])
        #expect(
            decoded.warnings.map(\.message) == [
                "subheadline's weight 'bold' is applied by ScaledFont at run time; typefit scales Brand-Regular as named"
            ])
    }

    /// A fontName with a space is what UIFont(name:) takes as a family or
    /// full name (`Phosphate Inline`, from a public project's test plist):
    /// read as JSON specs read it.
    @Test func fontNamesWithSpacesAreRead() throws {
        let bytes = Self.plist(
            "<dict><key>body</key><dict><key>fontName</key><string>Phosphate Inline</string>"
                + "<key>fontSize</key><real>17</real></dict></dict>")
        let spec = try DynamicFontSpec.decode(file: bytes).spec
        #expect(spec.faces.map(\.postscriptName) == ["Phosphate Inline"])
    }

    /// Lines count from the first line of `plist(_:)`: the body starts on
    /// line 4.
    @Test(arguments: [
        ("<dict><key>body</key><dict><key>fontName</key><string>F</string></dict></dict>", 4, 22, "no 'fontSize'"),
        ("<dict><key>body</key><dict><key>fontSize</key><integer>17</integer></dict></dict>", 4, 22, "no 'fontName'"),
        (
            "<dict><key>body</key><dict><key>fontName</key><string>F</string><key>fontSize</key><string>17</string></dict></dict>",
            4, 84, "to be an <integer> or <real>, found a <string>"
        ),
        (
            "<dict><key>body</key><dict><key>fontName</key><string>F</string><key>fontSize</key><real>nan</real></dict></dict>",
            4, 84, "greater than 0"
        ),
        (
            "<dict><key>body</key><dict><key>fontName</key><string>F</string><key>fontSize</key><integer>-3</integer></dict></dict>",
            4, 84, "greater than 0"
        ),
        (
            "<dict><key>body</key><dict><key>fontName</key><string>F</string><key>fontSize</key><real>1200</real></dict></dict>",
            4, 84, "at most 1000"
        ),
        (
            "<dict><key>body</key><dict><key>fontName</key><string>  </string><key>fontSize</key><real>17</real></dict></dict>",
            4, 47, "'fontName' is empty"
        ),
        ("<dict><key>body</key><dict><key>FontSize</key><real>17</real></dict></dict>", 4, 28, "unknown key"),
        (
            "<dict><key>body</key><dict><key>fontsize2</key><real>17</real></dict></dict>", 4, 28,
            "did you mean 'fontSize'?"
        ),
        ("<dict><key>bodyy</key><dict/></dict>", 4, 7, "did you mean 'body'?"),
        (
            "<dict><key>title</key><dict/><key>title1</key><dict/></dict>", 4, 30, "names title1 again"
        ),
        ("<dict><key>body</key><string>F</string></dict>", 4, 22, "expected body to be a <dict>"),
        ("<array/>", 4, 1, "expected a <dict> of text styles"),
        ("<dict/>", 4, 1, "empty"),
        (
            "<dict><key>body</key><dict><key>design</key><string>serif</string></dict></dict>", 4, 1,
            "no entry names a custom font"
        ),
        ("<dict><key>body</key><dict><key>design</key><true/></dict></dict>", 4, 45, "to be a <string>"),
        // Markup errors.
        ("<dict><key>body</key><dict><key>fontName</key><string>F</dict></dict>", 4, 56, "expected </string>"),
        ("<dict><key>body</key>", 5, 1, "expected a value after <key>body</key>, found </plist>"),
        ("<dict><key>body</key><dict/>", 5, 1, "expected <key> or </dict>, found </plist>"),
        ("<dict>text<key>body</key></dict>", 4, 7, "unexpected text 't' inside <dict>"),
        ("<dict><string>x</string></dict>", 4, 7, "expected <key> before each value"),
        ("<dict><key>a</key></dict>", 4, 19, "expected a value after <key>a</key>"),
        ("<dict><key>a</key><dict/><key>a</key><dict/></dict>", 4, 26, "duplicate key 'a'"),
        ("<dict><key>a</key><number>1</number></dict>", 4, 19, "unknown element <number>"),
        ("<dict><key>a</key><integer>1.5</integer></dict>", 4, 19, "a whole number"),
        ("<dict><key>a</key><real>x</real></dict>", 4, 19, "expected a number in <real>"),
        ("<dict><key>a &amp b</key><dict/></dict>", 4, 14, "starts no entity"),
        ("<dict><key>&bogus;</key><dict/></dict>", 4, 12, "unknown entity"),
        ("<key>a</key>", 4, 1, "<key> belongs inside a <dict>"),
    ])
    func badEntries(body: String, line: Int, column: Int, message: String) throws {
        let error = try #require(problem(body), "should be rejected: \(body)")
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.position == SourcePosition(line: line, column: column), "\(error.message)")
    }

    @Test func documentLevelProblems() {
        func problem(_ bytes: [UInt8]) -> SourceError? {
            do {
                _ = try DynamicFontSpec.decode(scaledFontPlist: bytes)
                return nil
            } catch {
                return error
            }
        }
        #expect(problem(Array("bplist00\u{0}\u{1}".utf8))?.message.contains("binary property list") == true)
        #expect(problem([0xFF, 0xFE, 0x3C, 0x00])?.message.contains("UTF-16") == true)
        #expect(
            problem(Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><dict/>".utf8))?.message.contains(
                "ISO-8859-1") == true)
        #expect(problem(Array("<plist version=\"1.0\"></plist>".utf8))?.message == "<plist> holds no value")
        #expect(problem(Array("<plist/>".utf8))?.message == "<plist/> holds no value")
        #expect(problem(Array("<plist><dict/><dict/></plist>".utf8))?.message.contains("expected </plist>") == true)
        #expect(problem(Array("<!-- never closed".utf8))?.message.contains("unterminated comment") == true)
        #expect(problem(Array("<dict><key>a</key><string>\u{FF}</string></dict>".utf8 + [0xFF]))?.message != nil)
        #expect(
            problem([
                0x3C, 0x64, 0x69, 0x63, 0x74, 0x3E, 0x3C, 0x6B, 0x65, 0x79, 0x3E, 0xC3, 0x3C, 0x2F, 0x6B, 0x65, 0x79,
                0x3E,
            ])?.message.contains("not valid UTF-8") == true)
        #expect(
            problem(Array("<dict><key>a</key><dict/>".utf8))?.message
                == "expected </dict>, found the end of the document")
        let deep = String(repeating: "<array>", count: 100) + String(repeating: "</array>", count: 100)
        #expect(problem(Array(deep.utf8))?.message.contains("nested more than 64") == true)
        #expect(
            problem(Array("<dict></dict> trailing".utf8))?.message.contains("expected the end of the document") == true)
    }

    /// A one-line document with a value every few bytes: positions are
    /// counted incrementally (this took quadratic time before).
    @Test func longSingleLineDocumentsParse() throws {
        let items = String(repeating: "<integer>1</integer>", count: 40_000)
        let value = try PropertyListParser.parse(Array("<array>\(items)</array>".utf8))
        guard case .array(let array) = value.value else { Issue.record("not an array"); return }
        #expect(array.count == 40_000)
        #expect(array.last?.position == SourcePosition(line: 1, column: 8 + 20 * 39_999))
        let json = "[" + Array(repeating: "1", count: 100_000).joined(separator: ",") + "]"
        let parsed = try JSONParser.parse(Array(json.utf8))
        guard case .array(let numbers) = parsed.value else { Issue.record("not an array"); return }
        #expect(numbers.last?.position == SourcePosition(line: 1, column: 2 + 2 * 99_999))
    }
}

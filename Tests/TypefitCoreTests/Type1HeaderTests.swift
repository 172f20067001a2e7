import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// A Type 1 font's /FontName from its clear text, against FreeType's answer
/// for the same files (Fixtures/type1/oracle.tsv, from fc-scan), and the
/// headers the reader must leave to FreeType.
@Suite struct Type1HeaderTests {
    func header(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func fixturesReadAsFreeTypeReadsThem() throws {
        let oracle = try String(contentsOfFile: Fixtures.path("type1/oracle.tsv"), encoding: .utf8)
        let rows = oracle.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t") }
        #expect(rows.count == 2)
        for row in rows {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("type1/\(row[0])")))
            // The comment's and the notice's /FontName are stepped over.
            #expect(Type1Header.fontName(Array(bytes.prefix(Type1Header.prefixLength))) == String(row[1]))
        }
    }

    @Test func onlyThePlainHeaderIsAnswered() {
        let plain = "%!FontType1-1.0: X\n/FontName /Plain-Bold def\ncurrentfile eexec\n"
        #expect(Type1Header.fontName(header(plain)) == "Plain-Bold")
        // Two /FontName keys, a string instead of a name, no eexec in the
        // bytes read, not a Type 1 header at all: FreeType decides.
        #expect(
            Type1Header.fontName(header(plain.replacingOccurrences(of: "def\n", with: "def /FontName /B def\n"))) == nil
        )
        #expect(Type1Header.fontName(header("%!FontType1\n/FontName (Plain) def\ncurrentfile eexec\n")) == nil)
        #expect(Type1Header.fontName(header("%!FontType1\n/FontName /Plain def\n")) == nil)
        #expect(Type1Header.fontName(header("OTTO/FontName /Plain def currentfile eexec")) == nil)
        #expect(Type1Header.fontName([]) == nil)
        // A name with bytes outside printable ASCII is not vouched for.
        #expect(
            Type1Header.fontName(
                [UInt8]("%!FontType1\n/FontName /Pl".utf8) + [0xC3, 0xA9] + [UInt8](" def currentfile eexec".utf8))
                == nil)
    }

    /// A word of other bytes just before the key does not swallow its slash.
    @Test func aWordOfOtherBytesBeforeTheKey() {
        let bytes: [UInt8] =
            Array("%!FontType1\n".utf8) + [0xC3, 0xA9] + Array("/FontName /AfterIt def currentfile eexec".utf8)
        #expect(Type1Header.fontName(bytes) == "AfterIt")
    }

    @Test func procedureStringsAndHexAreSteppedOver() {
        let text =
            "%!PS-AdobeFont-1.0: X\n/Proc { (/FontName /InProc) % /FontName /InComment\n } def\n"
            + "/Hex <2F466F6E744E616D65> def /Dict << /A 1 >> def\n/FontName /Real def currentfile eexec"
        #expect(Type1Header.fontName(header(text)) == "Real")
    }

    @Test func pfbSegmentsAreRead() {
        let text = Array("%!PS-AdobeFont-1.0: X\n/FontName /InPFB def\ncurrentfile eexec\n".utf8)
        let length = UInt32(text.count)
        let pfb: [UInt8] =
            [0x80, 0x01] + withUnsafeBytes(of: length.littleEndian, Array.init) + text + [
                0x80, 0x02, 4, 0, 0, 0, 1, 2, 3, 4,
            ]
        #expect(Type1Header.fontName(pfb) == "InPFB")
        // A segment that claims more than the file has: read what is there.
        var cut = Array(pfb.prefix(6 + text.count - 10))
        cut[2] = 0xFF
        #expect(Type1Header.fontName(cut) == nil)
    }
}

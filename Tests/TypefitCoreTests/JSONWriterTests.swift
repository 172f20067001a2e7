import Foundation
import Testing

@testable import TypefitCore

@Suite struct JSONWriterTests {
    @Test func escapesWhatJSONRequiresAndNothingElse() throws {
        let text = JSONValue.object(["s": .string("a\"b\\c\n\t\u{01}/é✓")]).serialized()
        #expect(text == "{\n  \"s\": \"a\\\"b\\\\c\\n\\t\\u0001/é✓\"\n}\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
        #expect(parsed?["s"] == "a\"b\\c\n\t\u{01}/é✓")
    }

    @Test func numbersAreShortestAndIntegralValuesHaveNoFraction() {
        #expect(
            JSONValue.array([.number(33), .number(16.333333333333332), .number(0.5), .number(.nan)]).serialized()
                == "[\n  33,\n  16.333333333333332,\n  0.5,\n  null\n]\n")
    }

    @Test func keysAreSortedAndEmptyContainersStayOnOneLine() {
        let text = JSONValue.object(["b": .array([]), "a": .object([:]), "c": .null]).serialized()
        #expect(text == "{\n  \"a\": {},\n  \"b\": [],\n  \"c\": null\n}\n")
    }

    /// The list-fonts writer spells its keys by hand; check they come out
    /// sorted at every level, as docs/REFERENCE.md promises.
    @Test func fontListingKeysAreSorted() throws {
        let face = FontFace(
            family: "A", familyAliases: ["B"], postscriptName: "A-Regular", style: "Regular",
            weight: 400, weightRange: 100...900, isItalic: false, file: "/f.ttf", index: 0)
        let bytes = FontFamily.json(FontCatalog.families(from: [face]))
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try JSONSerialization.jsonObject(with: Data(bytes))
        var keysPerDepth: [Int: [String]] = [:]
        for line in text.split(separator: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.dropFirst(indent)
            guard trimmed.hasPrefix("\""), let end = trimmed.dropFirst().firstIndex(of: "\""),
                trimmed[trimmed.index(after: end)...].hasPrefix(":")
            else {
                if trimmed.hasPrefix("}") || trimmed.hasPrefix("]") { keysPerDepth[indent + 2] = [] }
                continue
            }
            let key = String(trimmed[trimmed.index(after: trimmed.startIndex)..<end])
            if let previous = keysPerDepth[indent]?.last { #expect(previous < key, "\(previous) before \(key)") }
            keysPerDepth[indent, default: []].append(key)
        }
        #expect(text.contains("\"weightRange\": [\n"))
    }

    /// A listing streamed in small chunks is the same document as one
    /// written whole, and a writer that refuses stops the stream.
    @Test(arguments: [true, false])
    func streamedListingsAreTheWholeDocument(pretty: Bool) throws {
        let long = String(repeating: "/very-long-folder-name", count: 100)
        let faces = (0..<30).map { i in
            FontFace(
                family: "Big \(i % 7)", postscriptName: "Big-\(i)", style: "Regular", weight: 400, isItalic: false,
                file: long + "/Big\(i).ttf", index: 0, otherFiles: (0..<3).map { "\(long)/copy\(i)-\($0).ttf" })
        }
        let families = FontCatalog.families(from: faces)
        let whole = FontFamily.json(families, pretty: pretty)
        var chunks: [[UInt8]] = []
        #expect(
            FontFamily.writeJSON(families, pretty: pretty, chunkSize: 512) { chunk in
                chunks.append(chunk)
                return true
            })
        #expect(chunks.count > 5)
        #expect(chunks.flatMap { $0 } == whole)
        let object = try JSONSerialization.jsonObject(with: Data(whole)) as? [String: Any]
        #expect((object?["families"] as? [[String: Any]])?.count == 7)
        #expect(whole.last == 0x0A)
        var calls = 0
        #expect(
            !FontFamily.writeJSON(families, pretty: pretty, chunkSize: 512) { _ in
                calls += 1
                return false
            })
        #expect(calls == 1)
    }

    /// A compact face written as literal fragments is the object written
    /// member by member without indentation, byte for byte, for faces
    /// with every member null or set (ranges, other files, names that need
    /// escaping, a named instance, an invalid PostScript name), first in an
    /// array and after another value.
    @Test func compactFaceFragmentsAreTheMembersWritten() throws {
        let faces = [
            FontFace(
                family: "F", postscriptName: nil, style: nil, weight: nil, width: nil, isItalic: false, file: "/f",
                index: 0),
            FontFace(
                family: "Fam \"q\"", familyAliases: ["A"], postscriptName: "Bad Name\u{1}",
                postscriptNameSource: .synthesized, fontconfigPostscriptName: "Fam-q", style: "Bold\\Italic",
                weight: nil, weightRange: 100...900, width: nil, widthRange: 75...125, isItalic: true,
                file: "/fonts/é\n.ttf", index: (3 << 16) | 2, isVariable: true, format: "CFF2",
                otherFiles: ["/a.ttf", "/b\t.ttf"], fontconfigFamily: "Other", fontconfigStyle: "Gras",
                fullName: "Fam \"q\" Bold"),
            FontFace(
                family: "G", postscriptName: "G-Regular", postscriptNameSource: .font, style: "Regular", weight: 400,
                isItalic: false, file: "/g.otf", index: 1, otherFiles: ["/h.otf"]),
        ]
        var members = JSONWriter(pretty: false)
        var fragments = JSONWriter(pretty: false)
        for writer in [0, 1] {
            if writer == 0 { members.beginArray() } else { fragments.beginArray() }
            for face in faces {
                if writer == 0 { face.writeJSONMembers(to: &members) } else { face.writeCompactJSON(to: &fragments) }
            }
            if writer == 0 { members.endArray() } else { fragments.endArray() }
        }
        let expected = members.finishBytes()
        #expect(fragments.finishBytes() == expected)
        let parsed = try JSONSerialization.jsonObject(with: Data(expected)) as? [[String: Any]]
        #expect(parsed?.count == 3)
        #expect(parsed?[1]["otherFiles"] as? [String] == ["/a.ttf", "/b\t.ttf"])
        #expect(parsed?[1]["namedInstance"] as? Int == 3)
        #expect(parsed?[0]["postscriptName"] is NSNull)
    }

    /// The word-at-a-time test for bytes JSON escapes agrees with the byte
    /// at a time one on strings of every length and alignment, whichever
    /// byte (first, last, inside a word, in the overlapping last word) needs
    /// escaping.
    @Test func wordAtATimeEscapeTestAgreesWithTheByteTest() {
        var generator = SystemRandomNumberGenerator()
        let special: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x22, 0x5C, 0x7F]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x2F, 0x41, 0x5B, 0x5D, 0x7E, 0x80, 0xC3, 0xA9, 0xFF]
        for length in 0..<40 {
            for _ in 0..<60 {
                var bytes = (0..<length).map { _ in plain.randomElement(using: &generator)! }
                if length > 0, Bool.random(using: &generator) {
                    bytes[Int.random(in: 0..<length, using: &generator)] = special.randomElement(using: &generator)!
                }
                let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
                bytes.withUnsafeBufferPointer { #expect(JSONWriter.anyNeedsEscape($0) == expected, "\(bytes)") }
            }
        }
        // Every single byte value alone and in each position of strings
        // of the lengths the word steps divide differently.
        for length in [1, 7, 8, 9, 15, 16, 17, 31, 33] {
            for value in 0...255 {
                for position in 0..<length {
                    var bytes = [UInt8](repeating: 0x41, count: length)
                    bytes[position] = UInt8(value)
                    let expected = value < 0x20 || value == 0x22 || value == 0x5C || value == 0x7F
                    bytes.withUnsafeBufferPointer { #expect(JSONWriter.anyNeedsEscape($0) == expected) }
                }
            }
        }
    }

    #if DEBUG
        /// Debug builds trap on keys written out of order, so a document that
        /// breaks the sorted-keys promise fails the tests that write it.
        @Test func keysOutOfOrderTrapInDebugBuilds() async {
            await #expect(processExitsWith: .failure) {
                var writer = JSONWriter()
                writer.beginObject()
                writer.staticKey("schemaVersion")
                writer.int(1)
                writer.staticKey("errors")
                writer.null()
                writer.endObject()
            }
            // Nested objects keep their own order.
            var writer = JSONWriter()
            writer.beginObject()
            writer.staticKey("a")
            writer.beginObject()
            writer.staticKey("z")
            writer.null()
            writer.endObject()
            writer.staticKey("b")
            writer.null()
            writer.endObject()
            #expect(writer.finish().contains("\"z\": null"))
        }
    #endif
}

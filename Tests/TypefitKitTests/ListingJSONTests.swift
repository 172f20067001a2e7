import Testing
import TypefitCore
import TypefitKit

/// `list-fonts`' JSON written on two cores is the document one writer
/// makes, and a reader that goes away still stops it.
@Suite struct ListingJSONTests {
    func families(faces count: Int) -> [FontFamily] {
        let faces = (0..<count).map { i in
            FontFace(
                family: "Family \(i % 97)", familyAliases: i % 13 == 0 ? ["Alias \(i % 97)"] : [],
                postscriptName: "Family\(i % 97)-W\(i)", style: "Style \(i)", weight: 100 * (i % 9 + 1),
                isItalic: i % 3 == 0, file: "/fonts/\(i % 97)/F\(i).ttf", index: i % 4)
        }
        return FontCatalog.families(from: faces)
    }

    @Test(arguments: [(true, 600), (false, 600), (false, 100)])
    func twoCoresWriteTheDocumentOneWriterDoes(pretty: Bool, faceCount: Int) {
        let families = families(faces: faceCount)
        let errors = [(file: Optional("/x.ttf"), message: "no face")]
        var alone: [UInt8] = []
        _ = FontFamily.writeJSON(families, pretty: pretty, errors: errors) {
            alone += $0; return true
        }
        var chunks = 0
        var together: [UInt8] = []
        #expect(
            ListingJob.writeJSON(families, pretty: pretty, errors: errors) {
                together += $0; chunks += 1; return true
            })
        #expect(together == alone)
        // Above the threshold the rest arrives as a write of its own.
        #expect(chunks >= (faceCount >= 512 ? 3 : 1))
    }

    @Test func aRefusingReaderStopsTheListing() {
        var calls = 0
        #expect(
            !ListingJob.writeJSON(families(faces: 2_000), pretty: false, errors: []) { _ in
                calls += 1; return false
            })
        #expect(calls == 1)
    }
}

import Foundation
import Testing
import TypefitCore

@testable import FontRegistry

/// Opt-in: every font file under `TYPEFIT_AGREEMENT_DIR` (e.g.
/// /usr/share/fonts) read by typefit's scanner and by fontconfig, field for
/// field. Off by default: tests never depend on the machine's fonts; run it
/// to check the sfnt and bitmap readers on a real font collection
/// (`make agreement`).
@Suite struct SystemFontAgreementTests {
    static let directory = ProcessInfo.processInfo.environment["TYPEFIT_AGREEMENT_DIR"]

    @Test(.enabled(if: directory != nil, "set TYPEFIT_AGREEMENT_DIR to a folder of fonts"))
    func everyFileReadsAsFontconfigReadsIt() throws {
        let root = try #require(Self.directory)
        let enumerator = try #require(FileManager.default.enumerator(atPath: root))
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        var agreeing = 0
        let order: (FontFace, FontFace) -> Bool = {
            ($0.index, $0.isVariable ? 1 : 0) < ($1.index, $1.isVariable ? 1 : 0)
        }
        for path in files.sorted() {
            let ours = FontRegistry.scan([path]).faces.sorted(by: order)
            let reference = FontRegistry.fontconfigFaces(file: path).sorted(by: order)
            #expect(ours == reference, "\(path)")
            if ours == reference { agreeing += 1 }
        }
        print("agreement: \(agreeing) of \(files.count) files under \(root)")
    }
}

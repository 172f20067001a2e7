import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

@Suite struct SFNTNameProbeTests {
    func probe(_ relative: String, face: Int = 0) -> SFNTNameProbe.Answer {
        let data = (try? Data(contentsOf: Fixtures.root.appendingPathComponent(relative))) ?? Data()
        let bytes = [UInt8](data)
        return SFNTNameProbe.probe(faceIndex: face) { offset, count in
            guard offset >= 0, offset <= bytes.count else { return nil }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    @Test func facesWithAndWithoutNameID6() {
        #expect(probe("fonts/TypefitSans-Regular.ttf") == .postScriptName("TypefitSans-Regular"))
        #expect(probe("fonts/TypefitAnon-Regular.ttf") == .noPostScriptName)
        #expect(probe("fonts/TypefitSerif.ttc", face: 1) == .postScriptName("TypefitSerif-Bold"))
    }

    /// Name ID 6 as stored, spaces and all (fontconfig and FreeType refuse
    /// it; Core Text does not).
    @Test func aNameWithSpacesIsReadAsStored() {
        #expect(probe("fonts/TypefitIcons.ttf") == .postScriptName("Typefit Icons"))
    }

    @Test func brokenAndForeignInputIsUnknown() {
        #expect(probe("fonts/TypefitSerif.ttc", face: 7) == .unknown)
        #expect(probe("broken/garbage.ttf") == .unknown)
        #expect(probe("broken/empty.otf") == .unknown)
        #expect(probe("broken/truncated.ttf") == .unknown)
    }
}

import Testing

@testable import TypefitCore

/// Flutter on iOS draws the system font as Skia copies a Core Text font
/// to each size (`SkCTFontCreateExactCopy`): the optical size of the font
/// it was made from (14 pt for `CupertinoSystemText`), clamped to the
/// axis as Core Text clamps it, whatever the point size, and no `trak`
/// tracking (`NSCTFontUnscaledTrackingAttribute` 0). Core Text's own rule
/// (`auto`) follows the point size instead.
@Suite struct PinnedOpticalSizeTests {
    /// An `fvar` table of one `opsz` axis from `minimum` to `maximum`.
    static func fvar(minimum: Double, default value: Double, maximum: Double) throws -> FvarTable {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func fixed(_ v: Double) -> [UInt8] {
            let raw = UInt32(bitPattern: Int32(v * 65536))
            return [UInt8(raw >> 24), UInt8(raw >> 16 & 0xFF), UInt8(raw >> 8 & 0xFF), UInt8(raw & 0xFF)]
        }
        // Version 1.0, axes at 16, a reserved 2, one axis of 20 bytes, no
        // instances (of 8 bytes each).
        let header = u16(1) + u16(0) + u16(16) + u16(2) + u16(1) + u16(20) + u16(0) + u16(8)
        let axis = Array("opsz".utf8) + fixed(minimum) + fixed(value) + fixed(maximum) + u16(0) + u16(256)
        return try FvarTable(header + axis)
    }

    @Test func theBaseFontsOpticalSizeAtEverySize() throws {
        let table = try Self.fvar(minimum: 6, default: 28, maximum: 96)
        let pinned = OpticalSizing(fvar: table, trak: nil, hasSTAT: true, isSystemFont: true, mode: .pinned(14))
        let auto = OpticalSizing(fvar: table, trak: nil, hasSTAT: true, isSystemFont: true, mode: .auto)
        for size in [11.0, 17, 40, 53] {
            #expect(pinned.opticalSize(at: size) == 14)
            #expect(auto.opticalSize(at: size) == size)
        }
        #expect(!pinned.dependsOnPointSize && auto.dependsOnPointSize)
        #expect(pinned.setting(instance: 0, unitsPerEm: 2048, at: 40).variations.first?.value == 14)
        #expect(pinned.setting(instance: 0, unitsPerEm: 2048, at: 40).opticalSizeFromPointSize == false)
        // Clamped to the axis, as Core Text clamps the attribute.
        let narrow = OpticalSizing(
            fvar: try Self.fvar(minimum: 17, default: 28, maximum: 96), trak: nil, hasSTAT: true,
            isSystemFont: true, mode: .pinned(14))
        #expect(narrow.opticalSize(at: 40) == 17)
        #expect(OpticalSizeMode.pinned(29).description == "29")
    }
}

import Testing

@testable import TypefitCore

@Suite struct FaceListingCodecTests {
    static let faces = [
        FontFace(
            family: "Typefit Gothic", familyAliases: ["タイプフィット ゴシック", "Tab\there"], postscriptName: "TG-Regular",
            style: "Regular", weight: 400, isItalic: false, file: "/fonts/a b.ttf", index: 0,
            otherFiles: ["/link\\one.ttf", "/x\u{1F}y.ttf"]),
        FontFace(
            family: "Flex", postscriptName: nil, fontconfigPostscriptName: "Flex", style: nil, weight: nil,
            weightRange: 100...900, isItalic: true, file: "/f.ttf", index: 0, isVariable: true, format: "TrueType"),
        FontFace(
            family: "Flex", postscriptName: "Flex-Black", postscriptNameSource: .synthesized, style: "Black\nNew",
            weight: 900, isItalic: false, file: "/f.ttf", index: 4 << 16),
        FontFace(
            family: "\\N", postscriptName: "\\N", style: "", weight: 400, isItalic: false, file: "/n.ttf", index: 1),
    ]
    static let validators = [
        CacheValidator(path: "/usr/share/fonts", stamp: 1_700_000_000_123_456_789),
        CacheValidator(path: "/home/u/.fonts", stamp: nil),
    ]

    @Test func roundTripsEveryField() throws {
        let text = FaceListingCodec.encode(validators: Self.validators, faces: Self.faces)
        let decoded = try #require(FaceListingCodec.decode(text))
        #expect(decoded.validators == Self.validators)
        #expect(decoded.faces == Self.faces)
    }

    @Test func emptyListingRoundTrips() throws {
        let decoded = try #require(
            FaceListingCodec.decode(FaceListingCodec.encode(validators: Self.validators, faces: [])))
        #expect(decoded.faces.isEmpty && decoded.validators == Self.validators)
    }

    @Test(arguments: [
        "", "typefit-face-cache 0\n--\n", "typefit-face-cache 1\nv\tx\t/p\n--\n",
        "typefit-face-cache 1\n--\nonly\tthree\tfields\n", "typefit-face-cache 1\nv\t1\t/p\n",
    ])
    func damagedCachesAreMisses(text: String) {
        #expect(FaceListingCodec.decode(text) == nil)
    }

    /// Cut at every line boundary (the case that used to read as a shorter
    /// listing), a byte changed, or a line added: never a listing.
    @Test func aCacheCutAtAnyLineOrChangedIsAMissWithAReason() {
        let text = FaceListingCodec.encode(validators: Self.validators, faces: Self.faces)
        let bytes = Array(text.utf8)
        #expect(FaceListingCodec.damage(bytes) == nil)
        for end in bytes.indices where bytes[end] == 0x0A && end < bytes.count - 1 {
            let cut = Array(bytes[...end])
            #expect(FaceListingCodec.decode(cut) == nil, "cut after byte \(end)")
            #expect(FaceListingCodec.damage(cut) != nil)
        }
        var changed = bytes
        changed[bytes.count / 2] ^= 0x01
        #expect(FaceListingCodec.decode(changed) == nil)
        #expect(FaceListingCodec.damage(changed)?.contains("checksum") == true)
        let grown = Array((text + "Extra\tface\n").utf8)
        #expect(FaceListingCodec.decode(grown) == nil)
    }

    @Test func truncatedCacheIsAMiss() {
        let text = FaceListingCodec.encode(validators: Self.validators, faces: Self.faces)
        let cut = String(text.utf8.prefix(text.utf8.count - 10)) ?? ""
        #expect(FaceListingCodec.decode(cut) == nil)
    }
}

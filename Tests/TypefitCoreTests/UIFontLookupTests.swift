import Testing

@testable import TypefitCore

/// UIFont(name:) by Apple's documented order: PostScript name, then family
/// name (its regular face), then display (full) name.
@Suite struct UIFontLookupTests {
    static func face(_ family: String, _ name: String, weight: Int, italic: Bool = false, full: String) -> FontFace {
        FontFace(
            family: family, postscriptName: name, style: nil, weight: weight, isItalic: italic,
            file: "/f/\(name).ttf", index: 0, fullName: full)
    }

    static let faces = [
        face("Open Dyslexic", "OpenDyslexic-Bold", weight: 700, full: "Open Dyslexic Bold"),
        face("Open Dyslexic", "OpenDyslexic-Italic", weight: 400, italic: true, full: "Open Dyslexic Italic"),
        face("Open Dyslexic", "OpenDyslexic-Regular", weight: 400, full: "Open Dyslexic"),
        // A family whose name is another face's PostScript name.
        face("Brand", "Brand", weight: 700, full: "Brand Heavy"),
        face("Brand Text", "BrandText-Regular", weight: 400, full: "Brand"),
    ]

    @Test(arguments: [
        ("OpenDyslexic-Bold", "OpenDyslexic-Bold", UIFontLookup.Rule.postScriptName),
        ("Open Dyslexic", "OpenDyslexic-Regular", .familyName),
        ("Open Dyslexic Italic", "OpenDyslexic-Italic", .fullName),
        // PostScript name before family, family before full name.
        ("Brand", "Brand", .postScriptName),
    ])
    func resolves(name: String, expected: String, rule: UIFontLookup.Rule) throws {
        let match = try #require(UIFontLookup.resolve(name, among: Self.faces))
        #expect(match.face.postscriptName == expected)
        #expect(match.rule == rule)
        #expect((UIFontLookup.note(name, match) == nil) == (rule == .postScriptName))
    }

    @Test func namesCompareExactly() {
        #expect(UIFontLookup.resolve("open dyslexic", among: Self.faces) == nil)
        #expect(UIFontLookup.resolve("Nothing", among: Self.faces) == nil)
    }
}

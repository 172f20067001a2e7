import Testing

@testable import TypefitCore

/// CSS font matching by weight, and the Bold Text step.
@Suite struct FaceMatchingTests {
    static func face(_ weight: Int?, italic: Bool = false, name: String? = "auto", range: ClosedRange<Int>? = nil)
        -> FontFace
    {
        let postscriptName = name == "auto" ? "F-\(weight ?? 0)\(italic ? "Italic" : "")" : name
        return FontFace(
            family: "F", postscriptName: postscriptName, style: nil, weight: weight, weightRange: range,
            isItalic: italic, file: "/f/\(postscriptName ?? "variable").ttf", index: 0)
    }

    static func weights(_ values: [Int]) -> [FontFace] { values.map { face($0) } }

    static func face(width: Int, weight: Int = 400, italic: Bool = false) -> FontFace {
        FontFace(
            family: "F", postscriptName: "F-\(weight)-\(width)\(italic ? "Italic" : "")", style: nil, weight: weight,
            width: width, isItalic: italic, file: "/f/\(weight)-\(width).ttf", index: 0)
    }

    /// CSS Fonts 4 §5.2: width before style and weight. At or below 100%,
    /// narrower widths (nearest first) come before wider ones; above 100%,
    /// wider ones first.
    @Test(arguments: [
        (100, [75, 100, 125], 100),
        (100, [75, 125], 75),
        (100, [87, 63, 125], 87),
        (75, [63, 87, 100], 63),
        (75, [87, 100], 87),
        (125, [100, 150, 113], 150),
        (125, [100, 113], 113),
        (200, [50, 100], 100),
    ])
    func cssWidthMatching(asked: Int, available: [Int], expected: Int) {
        let faces = available.map { Self.face(width: $0) }
        #expect(FaceMatching.nearest(to: 400, width: asked, among: faces)?.width == expected)
    }

    /// A condensed face of the exact weight loses to a normal face of
    /// another weight and style: width is matched first (DejaVu Sans
    /// Condensed shares its family name with DejaVu Sans).
    @Test func widthComesBeforeStyleAndWeight() {
        let condensed = Self.face(width: 75, weight: 400)
        let normalBold = Self.face(width: 100, weight: 700)
        let normalItalic = Self.face(width: 100, weight: 400, italic: true)
        #expect(FaceMatching.nearest(to: 400, among: [condensed, normalBold]) == normalBold)
        #expect(FaceMatching.nearest(to: 400, among: [condensed, normalItalic]) == normalItalic)
        #expect(FaceMatching.nearest(to: 400, width: 75, among: [condensed, normalBold]) == condensed)
        // A variable face with a width range offers the asked width.
        let variable = FontFace(
            family: "F", postscriptName: "F-VF", style: nil, weight: 400, widthRange: 75...100, isItalic: false,
            file: "/f/vf.ttf", index: 0)
        #expect(FaceMatching.nearest(to: 400, width: 80, among: [Self.face(width: 100), variable]) == variable)
    }

    /// Bold Text keeps the width: from a normal face to the next heavier
    /// normal face, never to a heavier condensed one.
    @Test func boldTextKeepsTheWidth() {
        let regular = Self.face(width: 100, weight: 400)
        let semiboldCondensed = Self.face(width: 75, weight: 600)
        let bold = Self.face(width: 100, weight: 700)
        #expect(FaceMatching.nextHeavier(than: regular, among: [regular, semiboldCondensed, bold]) == bold)
        #expect(FaceMatching.nextHeavier(than: regular, among: [regular, semiboldCondensed]) == nil)
    }

    /// CSS Fonts 4 §5.2, one case per branch of the weight rule.
    @Test(arguments: [
        // 400–500 asked: up to 500 ascending, then lighter descending, then heavier.
        (400, [300, 400, 700], 400),
        (450, [300, 500, 700], 500),
        (450, [300, 600], 300),
        (400, [500, 300], 500),
        (500, [600, 900], 600),
        (400, [700, 800], 700),
        // Below 400: lighter or equal descending, then heavier ascending.
        (300, [200, 400], 200),
        (350, [400, 500], 400),
        (100, [300, 200], 200),
        // Above 500: heavier or equal ascending, then lighter descending.
        (600, [500, 800], 800),
        (600, [400, 500], 500),
        (650, [300, 400, 700, 900], 700),
        (900, [100, 700], 700),
    ])
    func cssWeightMatching(asked: Int, available: [Int], expected: Int) {
        #expect(FaceMatching.nearest(to: asked, among: Self.weights(available))?.weight == expected)
    }

    @Test func styleComesBeforeWeight() {
        let faces = [Self.face(400, italic: true), Self.face(700)]
        #expect(FaceMatching.nearest(to: 400, among: faces)?.postscriptName == "F-700")
        #expect(FaceMatching.nearest(to: 700, italic: true, among: faces)?.postscriptName == "F-400Italic")
        // No upright face at all: the italic one rather than nothing.
        #expect(FaceMatching.nearest(to: 400, among: [Self.face(400, italic: true)])?.isItalic == true)
        #expect(FaceMatching.nearest(to: 400, among: []) == nil)
    }

    /// A variable font's named instances are what an app names; its default
    /// face (no PostScript name, a weight range) counts only when alone.
    @Test func namedInstancesBeforeTheVariableDefaultFace() {
        let variable = Self.face(nil, name: nil, range: 100...900)
        let faces = [variable, Self.face(300), Self.face(700)]
        #expect(FaceMatching.nearest(to: 650, among: faces)?.postscriptName == "F-700")
        #expect(FaceMatching.nearest(to: 650, among: [variable]) === variable)
    }

    @Test func boldTextStepsToTheNextHeavierFace() {
        let faces = Self.weights([300, 400, 600, 700]) + [Self.face(400, italic: true), Self.face(800, italic: true)]
        func step(_ face: FontFace) -> String? { FaceMatching.nextHeavier(than: face, among: faces)?.postscriptName }
        #expect(step(Self.face(400)) == "F-600")
        #expect(step(Self.face(300)) == "F-400")
        #expect(step(Self.face(700)) == nil)
        #expect(step(Self.face(400, italic: true)) == "F-800Italic")
        let none = FaceMatching.boldTextStep(for: Self.face(700), in: faces)
        #expect(none.face == nil && none.reason == "'F' has no face heavier than 700")
        let stepped = FaceMatching.boldTextStep(for: Self.face(400), in: faces)
        #expect(stepped.face?.postscriptName == "F-600" && stepped.face?.weight == 600 && stepped.reason == nil)
        let variable = FaceMatching.boldTextStep(for: Self.face(nil, name: nil, range: 100...900), in: faces)
        #expect(variable.face == nil && variable.reason?.contains("variable face") == true)
    }

    @Test func weightNames() {
        #expect(FontWeight.parseOpenType("semibold") == 600)
        #expect(FontWeight.parseOpenType("ultraLight") == 100)
        #expect(FontWeight.parseOpenType("Black") == 900)
        #expect(FontWeight.parseOpenType("650") == 650)
        #expect(FontWeight.parseOpenType("950") == nil)
        #expect(FontWeight.parseOpenType("fat") == nil)
        #expect(FontWeight(nearest: 650) == .bold)
        #expect(FontWeight(nearest: 640) == .semibold)
        #expect(FontWeight(nearest: 40) == .ultraLight)
        #expect(FontWeight(nearest: 1000) == .black)
    }

    /// What a spec face stands for when fontconfig is asked for a fallback:
    /// the key, else the PostScript name's ending, else regular.
    @Test func impliedStyleOfSpecFaces() {
        let spec = DynamicFontSpec(
            family: nil,
            faces: [
                ("bold", "Brand-Bold"), ("heading", "Brand-SemiBoldItalic"), ("text", "Brand"),
                ("italic", "Brand-Italic"), ("x", "Brand-DemiBold"),
            ], model: .system, styles: [])
        #expect(spec.impliedStyle(ofFace: "bold") == (700, false))
        #expect(spec.impliedStyle(ofFace: "heading") == (600, true))
        #expect(spec.impliedStyle(ofFace: "text") == (400, false))
        #expect(spec.impliedStyle(ofFace: "italic") == (400, true))
        #expect(spec.impliedStyle(ofFace: "x") == (600, false))
        #expect(spec.familyForMatching(ofFace: "heading") == "Brand")
    }
}

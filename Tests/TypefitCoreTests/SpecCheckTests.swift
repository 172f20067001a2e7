import Testing

@testable import TypefitCore

@Suite struct SpecCheckTests {
    func findings(_ json: String, installed: [String] = ["F-Regular", "F-Bold"]) throws -> [SpecProblem] {
        let spec = try DynamicFontSpec.decode(json: Array(json.utf8))
        let faces = Dictionary(
            uniqueKeysWithValues: installed.map { ($0, FaceLocation(file: "/f/\($0).ttf", index: 0)) })
        return SpecCheck.run(spec, faces: faces) { _ in ["F-Regular"] }
    }

    @Test func aSoundSpecHasNoErrors() throws {
        let problems = try findings(#"{"faces": {"regular": "F-Regular"}, "styles": {"body": 17, "largeTitle": 34}}"#)
        #expect(problems.filter { $0.severity == .error }.isEmpty)
    }

    @Test func missingFacesAreErrorsWithSuggestions() throws {
        let problems = try findings(#"{"faces": {"regular": "F-Regualr"}, "styles": {"body": 17}}"#)
        let missing = try #require(problems.first { $0.code == "missing-face" })
        #expect(missing.severity == .error)
        #expect(missing.message == "face 'regular' (F-Regualr) is not installed; did you mean 'F-Regular'?")
    }

    @Test func shrinkingTablesAndTinySizesAreErrors() throws {
        let problems = try findings(
            #"""
            {"faces": {"regular": "F-Regular"},
             "styles": {"body": {"size": 17, "sizes": {"large": 17, "xLarge": 19, "xxLarge": 18, "xSmall": 9}},
                        "footnote": 10, "title1": {"size": 28, "maxPointSize": 20}}}
            """#)
        let codes = problems.filter { $0.severity == .error }.map(\.code)
        #expect(codes.contains("shrinking-table"))
        #expect(codes.filter { $0 == "below-minimum" }.count == 2)  // footnote's 10 pt, body's 9 pt at xSmall
        #expect(codes.contains("max-below-design"))
        let shrink = try #require(problems.first { $0.code == "shrinking-table" })
        #expect(shrink.style == .body && shrink.category == .extraExtraLarge)
    }

    @Test func warningsForSmallScaledSizesAndWCAG() throws {
        let problems = try findings(
            #"{"faces": {"regular": "F-Regular"}, "styles": {"caption1": 12, "body": {"size": 17, "maxPointSize": 30}}}"#
        )
        #expect(problems.allSatisfy { $0.severity == .warning })
        #expect(problems.contains { $0.code == "below-minimum" && $0.style == .caption1 && $0.category == .extraSmall })
        #expect(problems.contains { $0.code == "wcag-resize" && $0.style == .body })
        #expect(!problems.contains { $0.code == "wcag-resize" && $0.style == .caption1 })  // 12 → 38 pt
    }
}

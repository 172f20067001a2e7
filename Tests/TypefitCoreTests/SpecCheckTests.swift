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
        let missing = try #require(problems.first)
        #expect(missing.severity == .error && missing.face == "regular")
        #expect(missing.kind == .missingFace(postscriptName: "F-Regualr", nearest: ["F-Regular"]))
    }

    @Test func shrinkingTablesAndTinySizesAreErrors() throws {
        let problems = try findings(
            #"""
            {"faces": {"regular": "F-Regular"},
             "styles": {"body": {"size": 17, "sizes": {"large": 17, "xLarge": 19, "xxLarge": 18, "xSmall": 9}},
                        "footnote": 10, "title1": {"size": 28, "maxPointSize": 20}}}
            """#)
        let errors = problems.filter { $0.severity == .error }
        #expect(errors.contains { $0.kind == .maximumBelowDesign(maximum: 20, design: 28) && $0.style == .title1 })
        // footnote's 10 pt, body's 9 pt at xSmall
        #expect(errors.contains { $0.kind == .designSizeBelowMinimum(size: 10) && $0.style == .footnote })
        #expect(errors.contains { $0.kind == .tableSizeBelowMinimum(size: 9) && $0.category == .extraSmall })
        let shrink = try #require(
            problems.first { $0.kind == .tableShrinks(previous: .extraLarge, size: 19, to: 18) })
        #expect(shrink.style == .body && shrink.category == .extraExtraLarge && shrink.severity == .error)
    }

    @Test func warningsForSmallScaledSizesAndWCAG() throws {
        let problems = try findings(
            #"{"faces": {"regular": "F-Regular"}, "styles": {"caption1": 12, "body": {"size": 17, "maxPointSize": 30}}}"#
        )
        #expect(problems.allSatisfy { $0.severity == .warning })
        #expect(
            problems.contains {
                if case .scaledBelowMinimum = $0.kind {
                    $0.style == .caption1 && $0.category == .extraSmall
                } else {
                    false
                }
            })
        func wcag(_ problem: SpecProblem) -> Bool { if case .wcagResize = problem.kind { true } else { false } }
        #expect(problems.contains { wcag($0) && $0.style == .body })
        #expect(!problems.contains { wcag($0) && $0.style == .caption1 })  // 12 → 38 pt
    }
}

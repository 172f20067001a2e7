import Testing
import TypefitCore
import TypefitKit

/// The request alone: what its parts say of each other, and what they mean
/// (the subject, the model named in JSON, the platform's request), without
/// the command line.
@Suite struct RequestTests {
    func request(_ change: (inout Request) -> Void) -> Request {
        var request = Request()
        change(&request)
        return request
    }

    @Test func theDefaultsAreValid() throws {
        try Request().validate()
        #expect(Request().subject == .systemFont && Request().sizeModel == "system")
        #expect(Request().cellCount == TextStyle.allCases.count * ContentSizeCategory.allCases.count)
    }

    @Test(arguments: [
        (Request.Face.systemFont, nil as Double?, Request.Problem.systemModelNeedsFamily),
        (.family("F"), 17, .systemModelNeedsFamily),
        (.spec("s.json"), nil, .systemModelNeedsFamily),
    ])
    func theSystemModelNeedsAFamilyOrFontWithoutASize(face: Request.Face, size: Double?, problem: Request.Problem) {
        let request = request {
            $0.model = .system
            $0.face = face
            $0.designSize = size
        }
        #expect(throws: problem) { try request.validate() }
    }

    @Test func theSystemModelWithAFamilyOrFontIsAppleTable() throws {
        for face in [Request.Face.family("F"), .font("F-Regular")] {
            let request = request {
                $0.model = .system
                $0.face = face
            }
            try request.validate()
            #expect(request.subject == .systemFont && request.sizeModel == "system")
        }
    }

    @Test func aCurveIsNotTheProportionalModels() {
        let request = request {
            $0.designSize = 17
            $0.model = .proportional
            $0.curve = .default
        }
        #expect(throws: Request.Problem.curveWithProportionalModel) { try request.validate() }
    }

    @Test func categoriesEachPlatformLacks() {
        for platform in [Platform.android, .macos] {
            let listed = request {
                $0.platform = platform
                $0.categories = .categories([.large])
            }
            #expect(throws: Request.Problem.categoriesOnPlatform(platform)) { try listed.validate() }
            let keyword = request {
                $0.platform = platform
                $0.categories = .platformDefault
            }
            #expect(throws: Never.self) { try keyword.validate() }
        }
        let watch = request {
            $0.platform = .watchos
            $0.categories = .categories([.large, .accessibilityExtraExtraExtraLarge])
        }
        #expect(throws: Request.Problem.categoryNotOnWatch(.accessibilityExtraExtraExtraLarge)) {
            try watch.validate()
        }
        #expect(throws: Request.Problem.categoryNotOnWatch(.accessibilityExtraExtraLarge)) {
            try Request.check(.accessibilityExtraExtraLarge, on: .watchos)
        }
    }

    @Test func aSpecOnAnotherPlatformBringsItsOwnStyles() {
        let request = request {
            $0.platform = .watchos
            $0.face = .spec("s.json")
            $0.platformStyles = ["body"]
        }
        #expect(throws: Request.Problem.stylesWithSpec(.watchos)) { try request.validate() }
    }

    /// With no face named, every platform measures its system font:
    /// Apple's files, Android's Roboto (a device's, or the installed one).
    @Test func theSystemFontNeedsNoFace() {
        var android = Request()
        android.platform = .android
        #expect(throws: Never.self) { try android.validate() }
        #expect(android.systemFont == "stand-in")
        android.androidFonts = "/system/fonts"
        #expect(android.systemFont == "android")
        #expect(throws: Never.self) { try Request().validate() }
        #expect(Request().systemFont == "apple")
    }

    /// What is sized follows from the face, size and length alone (one rule
    /// for scale and the text commands).
    @Test func theSubject() {
        #expect(request { $0.face = .family("F") }.subject == .customFontAtStyleSizes)
        #expect(request { $0.face = .font("F-Bold") }.subject == .customFontAtStyleSizes)
        #expect(request { $0.designSize = 20 }.subject == .customFont(designSize: 20, maximumPointSize: 0))
        #expect(request { $0.length = 4 }.subject == .value(4))
        let specLength = request {
            $0.face = .spec("s.json")
            $0.length = 4
        }
        #expect(specLength.subject == .systemFont && specLength.scaleRequest.specValue == 4)
        #expect(request { $0.face = .spec("s.json") }.sizeModel == "spec")
        #expect(request { $0.platform = .android }.sizeModel == "android")
        #expect(request { $0.face = .font("F") }.sizeModel == "uifontmetrics")
        let proportional = request {
            $0.face = .font("F")
            $0.model = .proportional
        }
        #expect(proportional.sizeModel == "proportional")
    }

    @Test func watchCaseSizesSetTheDefaultCategory() {
        let watch = request {
            $0.platform = .watchos
            $0.watchSize = 45
        }
        #expect(watch.defaultCategory == .extraLarge && watch.watchSizeNote == nil)
        let undocumented = request {
            $0.platform = .watchos
            $0.watchSize = 46
        }
        guard case .watchSizeUndocumented(let millimetres, _, let category)? = undocumented.watchSizeNote else {
            Issue.record("no note for 46 mm: \(String(describing: undocumented.watchSizeNote))")
            return
        }
        #expect(millimetres == 46 && category == undocumented.defaultCategory)
    }

    @Test func addingARequiredCategory() {
        #expect(
            CategorySelection.categories([.large]).adding(.accessibilityLarge)
                == .categories([.large, .accessibilityLarge]))
        #expect(CategorySelection.categories([.large]).adding(.large) == .categories([.large]))
        #expect(CategorySelection.platformDefault.adding(.large) == .platformDefault)
    }
}

import Testing

@testable import TypefitCore

@Suite struct FontCatalogTests {
    func face(
        _ family: String, _ ps: String?, weight: Int = 400, italic: Bool = false, file: String = "/f.ttf",
        index: Int = 0, aliases: [String] = []
    ) -> FontFace {
        FontFace(
            family: family, familyAliases: aliases, postscriptName: ps, style: nil, weight: weight,
            isItalic: italic, file: file, index: index)
    }

    @Test func familiesSortCaseInsensitivelyWithATotalOrder() {
        let faces = [face("beta", "b"), face("Alpha", "a"), face("alpha", "a2"), face("Gamma", "g")]
        #expect(FontCatalog.families(from: faces).map(\.name) == ["Alpha", "alpha", "beta", "Gamma"])
    }

    @Test func facesSortByWeightThenItalic() {
        let faces = [
            face("F", "F-BoldItalic", weight: 700, italic: true), face("F", "F-Bold", weight: 700),
            face("F", "F-Regular"), face("F", "F-Light", weight: 300),
        ]
        let family = FontCatalog.families(from: faces)[0]
        #expect(family.faces.map(\.postscriptName) == ["F-Light", "F-Regular", "F-Bold", "F-BoldItalic"])
    }

    @Test func familyFilterMatchesAliasesCaseInsensitively() {
        let faces = [face("IPAGothic", "IPAGothic", aliases: ["IPAゴシック"]), face("Other", "O")]
        #expect(FontCatalog.faces(faces, inFamily: "ipagothic").count == 1)
        #expect(FontCatalog.faces(faces, inFamily: "IPAゴシック").count == 1)
        #expect(FontCatalog.families(from: faces)[0].aliases == ["IPAゴシック"])
    }

    @Test func primaryFamilyIsTheFirstEnglishName() {
        let naming = FamilyNaming.primary(names: ["IPAゴシック", "IPAGothic"], languages: ["ja", "en"])
        #expect(naming?.name == "IPAGothic")
        #expect(naming?.aliases == ["IPAゴシック"])
        #expect(FamilyNaming.primary(names: ["Só"], languages: [])?.name == "Só")
        #expect(FamilyNaming.primary(names: [], languages: []) == nil)
    }

    @Test func sameFileThroughTwoPathsIsOneFace() {
        let faces = [
            face("IPAGothic", "IPAGothic", file: "/a/link.ttf"), face("IPAGothic", "IPAGothic", file: "/b/real.ttf"),
            face("IPAGothic", "IPAGothic", file: "/c/copy.ttf"),
        ]
        let identity: (String) -> FileIdentity? = { path in
            path == "/c/copy.ttf" ? FileIdentity(device: 1, inode: 2) : FileIdentity(device: 1, inode: 1)
        }
        let merged = FontCatalog.mergingDuplicateFiles(
            faces, identity: identity, preferred: { a, _ in a == "/b/real.ttf" })
        #expect(merged.count == 2)
        #expect(merged.first { $0.file == "/b/real.ttf" }?.otherFiles == ["/a/link.ttf"])
        #expect(merged.contains { $0.file == "/c/copy.ttf" && $0.otherFiles.isEmpty })
    }

    /// The numbers the merge groups by only bring faces together: equal
    /// numbers for faces of other names (a hash collision, forced here)
    /// merge nothing, and keys given are the keys computed.
    @Test func mergeKeysOnlyGroupAndNamesDecide() {
        let faces = [
            face("A", "A-Regular", file: "/1/a.ttf"), face("B", "B-Regular", file: "/2/b.ttf"),
            face("A", "A-Regular", file: "/2/a.ttf"), face("A", "A-Regular", file: "/3/a.ttf", index: 1),
            face("B", "B-Regular", file: "/1/b.ttf"), face("C", nil, file: "/c.pcf"), face("C", nil, file: "/d.pcf"),
        ]
        let sameInode: (String) -> FileIdentity? = { _ in FileIdentity(device: 1, inode: 1) }
        let byFirstPath: (String, String) -> Bool = { $0 < $1 }
        let computed = FontCatalog.mergingDuplicateFiles(faces, identity: sameInode, preferred: byFirstPath)
        let given = FontCatalog.mergingDuplicateFiles(
            faces, keys: faces.map(FontCatalog.duplicateKey), identity: sameInode, preferred: byFirstPath)
        let collided = FontCatalog.mergingDuplicateFiles(
            faces, keys: Array(repeating: 7, count: faces.count), identity: sameInode, preferred: byFirstPath)
        let expected = [
            "/1/a.ttf": ["/2/a.ttf"], "/1/b.ttf": ["/2/b.ttf"], "/3/a.ttf": [], "/c.pcf": ["/d.pcf"],
        ]
        for merged in [computed, given, collided] {
            #expect(merged.count == 4)
            #expect(Dictionary(uniqueKeysWithValues: merged.map { ($0.file, $0.otherFiles) }) == expected)
        }
        // Faces kept in their order; nothing to merge gives the faces back.
        #expect(computed.map(\.file) == ["/1/a.ttf", "/3/a.ttf", "/1/b.ttf", "/c.pcf"])
        // In place, the same faces; the copying form left its list alone.
        var inPlace = faces
        FontCatalog.mergeDuplicateFiles(&inPlace, identity: sameInode, preferred: byFirstPath)
        #expect(inPlace == computed)
        #expect(faces.map(\.file) == ["/1/a.ttf", "/2/b.ttf", "/2/a.ttf", "/3/a.ttf", "/1/b.ttf", "/c.pcf", "/d.pcf"])
        #expect(
            FontCatalog.mergingDuplicateFiles(faces, identity: { _ in nil }, preferred: byFirstPath) == faces)
        #expect(FontCatalog.duplicateKey(faces[0]) != FontCatalog.duplicateKey(faces[3]))
        #expect(FontCatalog.duplicateKey(face("ab", "c")) != FontCatalog.duplicateKey(face("a", "bc")))
    }

    @Test func collectionAndInstanceIndicesSplit() {
        let instance = face("F", "F-Bold", index: (3 << 16) | 1)
        #expect(instance.collectionIndex == 1)
        #expect(instance.namedInstance == 3)
        #expect(face("F", "F").namedInstance == nil)
    }
}

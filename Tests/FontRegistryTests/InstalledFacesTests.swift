import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// The registry over the fixture fonts only, through a private fontconfig
/// configuration: never the fonts of the machine running the tests.
@Suite struct InstalledFacesTests {
    static let faces: [FontFace] = (try? FontRegistry(configFile: Fixtures.fontconfigFile).installedFaces()) ?? []

    func face(_ postscriptName: String) throws -> FontFace {
        try #require(Self.faces.first { $0.postscriptName == postscriptName }, "\(postscriptName) not listed")
    }

    @Test func listsEveryFixtureFaceAndNothingElse() {
        let names = Set(Self.faces.map { "\($0.family)|\($0.postscriptName ?? "-")|\($0.index)" })
        #expect(
            names == [
                "Typefit Anon|-|0",
                "Typefit Flex|-|0", "Typefit Flex|TypefitFlex-Regular|0", "Typefit Flex|TypefitFlex-Light|65536",
                "Typefit Flex|TypefitFlex-Bold|196608", "Typefit Flex|TypefitFlex-Regular_Black|262144",
                "Typefit Gothic|TypefitGothic-Regular|0", "Typefit Icons|Typefit Icons|0",
                "Typefit Sans|TypefitSans-Regular|0", "Typefit Sans|TypefitSans-Bold|0",
                "Typefit Sans|TypefitSans-Italic|0", "Typefit Sans|TypefitSans-Condensed|0",
                "Typefit Sans|TypefitSans-SemiBoldCondensed|0",
                "Typefit Serif|TypefitSerif-Regular|0", "Typefit Serif|TypefitSerif-Bold|1",
                "Typefit Wide|-|0", "Typefit Wide|TypefitWide-Regular|0", "Typefit Wide|TypefitWide-Condensed|131072",
                "Typefit Wide|TypefitWide-Regular_Bold-Expanded|196608",
            ])
        #expect(Self.faces.allSatisfy { $0.file.hasPrefix(Fixtures.fonts.path) })
    }

    /// Name ID 6 as stored, spaces and all: what Core Text reports and
    /// `UIFont(name:)` takes; flagged as breaking the PostScript rules, and
    /// fontconfig's own name (asked of fc-scan, not assumed) kept beside it.
    @Test func aNameWithSpacesIsReportedAsStored() throws {
        let icons = try face("Typefit Icons")
        #expect(icons.postscriptNameSource == .font && icons.postscriptNameValid == false)
        #expect(icons.knownToUIFont == true)
        let fcScan = try FontconfigTools.scan(Fixtures.fonts.appendingPathComponent("TypefitIcons.ttf").path)
        #expect(icons.fontconfigPostscriptName == fcScan.first?["postscriptname"])
        #expect(try face("TypefitSans-Regular").postscriptNameValid == true)
    }

    /// A name ID 6 holding a percent sign, a non-ASCII letter and a control
    /// character (Fixtures/odd-names): FreeType refuses it (2.12) or trims
    /// it (2.13) and fontconfig reports a name of its own, asked of fc-scan;
    /// typefit reports the name as stored, as fontTools read it back when
    /// the fixture was made, and as `list-fonts --dir` does.
    @Test func anOddNameIsReportedAsStored() throws {
        let folder = Fixtures.root.appendingPathComponent("odd-names")
        let expected = try String(contentsOf: folder.appendingPathComponent("expected-names.tsv"), encoding: .utf8)
        let fields = try #require(expected.split(separator: "\n").first?.split(separator: "\t"))
        let stored = try JSONDecoder().decode(String.self, from: Data(fields[1].utf8))
        let installed = try FontRegistry(configFile: Fixtures.fontconfigFile("odd-names", directories: [folder]))
            .installedFaces()
        let face = try #require(installed.first)
        #expect(installed.count == 1)
        #expect(face.postscriptName == stored && face.postscriptNameSource == .font)
        let fcScan = try FontconfigTools.scan(folder.appendingPathComponent(String(fields[0])).path)
        let fontconfigName = try #require(fcScan.first?["postscriptname"])
        #expect(fontconfigName != stored)
        #expect(face.fontconfigPostscriptName == fontconfigName)
        #expect(FontRegistry.scan([folder.path]).faces.map(\.postscriptName) == [stored])
    }

    /// Widths as fontconfig reads them (OS/2 usWidthClass), checked against
    /// fc-list on the same configuration.
    @Test func widthsAgreeWithFcList() throws {
        let listed = try FontconfigTools.list(config: Fixtures.fontconfigFile)
        for face in Self.faces where !face.isVariable {
            let row = listed.first {
                $0["file"] == face.file && $0["index"] == String(face.index) && $0["variable"] == "False"
            }
            let width = try #require(row?["width"], "\(face.file) \(face.index) not in fc-list")
            #expect(Double(width).map { Int($0.rounded()) } == face.width, "\(face.file)")
        }
        #expect(try face("TypefitSans-Condensed").width == 75)
    }

    /// A variable font with a width axis: the variable face spans the
    /// widths, each instance sits at its own (as fc-list says, above), and
    /// asking for condensed picks the condensed instance.
    @Test func widthAxis() throws {
        let wide = Self.faces.filter { $0.family == "Typefit Wide" }
        let variable = try #require(wide.first { $0.isVariable })
        #expect(variable.width == nil && variable.widthRange == 75...125)
        #expect(try face("TypefitWide-Condensed").width == 75 && face("TypefitWide-Regular_Bold-Expanded").width == 125)
        #expect(FaceMatching.nearest(to: 400, width: 75, among: wide)?.postscriptName == "TypefitWide-Condensed")
        #expect(FaceMatching.nearest(to: 400, among: wide)?.postscriptName == "TypefitWide-Regular")
        #expect(
            FaceMatching.nearest(to: 700, width: 125, among: wide)?.postscriptName
                == "TypefitWide-Regular_Bold-Expanded")
    }

    @Test func twoWeightFamily() throws {
        let regular = try face("TypefitSans-Regular"), bold = try face("TypefitSans-Bold")
        #expect(regular.weight == 400 && bold.weight == 700)
        #expect(regular.style == "Regular" && bold.style == "Bold")
        #expect(try face("TypefitSans-Italic").isItalic)
        #expect(!regular.isItalic && regular.postscriptNameSource == .font)
        #expect(regular.file.hasSuffix("/TypefitSans-Regular.ttf"))
    }

    @Test func collectionFacesHaveTheirIndices() throws {
        let regular = try face("TypefitSerif-Regular"), bold = try face("TypefitSerif-Bold")
        #expect(regular.file == bold.file && regular.file.hasSuffix("/TypefitSerif.ttc"))
        #expect(regular.index == 0 && bold.index == 1 && bold.collectionIndex == 1)
    }

    @Test func variableFontAndItsNamedInstances() throws {
        let flex = Self.faces.filter { $0.family == "Typefit Flex" }
        let variable = try #require(flex.first { $0.isVariable })
        #expect(variable.postscriptName == nil && variable.postscriptNameSource == nil)
        #expect(variable.weight == nil && variable.weightRange == 100...900)

        let light = try face("TypefitFlex-Light"), bold = try face("TypefitFlex-Bold")
        #expect(light.namedInstance == 1 && light.weight == 300 && light.postscriptNameSource == .font)
        #expect(bold.namedInstance == 3 && bold.weight == 700 && bold.postscriptNameSource == .font)
        // fontconfig names instances its own way (2.14: "Typefit-Flex";
        // other versions otherwise): typefit reports fc-scan's name aside.
        let scanned = try FontconfigTools.scan(light.file)
        #expect(
            light.fontconfigPostscriptName == scanned.first { $0["index"] == String(light.index) }?["postscriptname"])

        // Black has no postScriptNameID: its name is the one Core Text
        // makes (the font's name ID 6, `_`, the subfamily), and says so.
        let black = try face("TypefitFlex-Regular_Black")
        #expect(black.postscriptNameSource == .synthesized && black.namedInstance == 4 && black.weight == 900)
    }

    @Test func localizedFamilyNames() throws {
        let gothic = try face("TypefitGothic-Regular")
        #expect(gothic.family == "Typefit Gothic")
        #expect(gothic.familyAliases == ["タイプフィット ゴシック"])
    }

    @Test func faceWithoutAPostScriptName() throws {
        let anon = try #require(Self.faces.first { $0.family == "Typefit Anon" })
        #expect(anon.postscriptName == nil && anon.postscriptNameSource == nil)
        #expect(anon.fontconfigPostscriptName == (try FontconfigTools.scan(anon.file).first?["postscriptname"]))
        #expect(anon.fontconfigPostscriptName != nil)
    }

    @Test func unreadableConfigurationIsAnError() {
        #expect(throws: RegistryError.configurationUnreadable(path: "/nonexistent/fonts.conf")) {
            try FontRegistry(configFile: "/nonexistent/fonts.conf").installedFaces()
        }
    }

    /// Face for face, the listing agrees with fc-list on the same private
    /// configuration: file, index and fontconfig's PostScript name.
    @Test(.enabled(if: (try? BinaryRunner.runTool("fc-list", ["--version"])) != nil, "fc-list is not installed"))
    func agreesWithFcList() throws {
        let result = try #require(
            try BinaryRunner.runTool(
                "fc-list", [":", "-f", "%{file}\\t%{index}\\t%{postscriptname}\\n"],
                environment: ["FONTCONFIG_FILE": Fixtures.fontconfigFile]))
        let theirs = Set(result.stdout.split(separator: "\n").map(String.init))
        let ours = Set(
            Self.faces.flatMap { face in
                ([face.file] + face.otherFiles).map {
                    "\($0)\t\(face.index)\t\(face.fontconfigPostscriptName ?? face.postscriptName ?? "")"
                }
            })
        #expect(!theirs.isEmpty)
        #expect(ours == theirs)
    }
}

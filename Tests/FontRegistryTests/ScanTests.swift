import CFreeType
import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// Font files that are not installed: an app's Fonts/ folder.
@Suite struct ScanTests {
    @Test func directoryScanFindsTheSameFacesAsTheInstalledListing() throws {
        let scanned = FontRegistry.scan([Fixtures.fonts.path])
        let installed = try FontRegistry(configFile: Fixtures.fontconfigFile).installedFaces()
        #expect(scanned.problems.isEmpty)
        let key: (FontFace) -> String = { "\($0.file)|\($0.index)|\($0.postscriptName ?? "-")" }
        #expect(Set(scanned.faces.map(key)) == Set(installed.map(key)))
    }

    /// `--dir` gives, field for field, what fc-scan itself prints for every
    /// fixture: names, styles, weights, widths, slant, named instances, the
    /// variable face, the collection, the icon font's refused name.
    @Test func everyFixtureReadsAsFcScanReadsIt() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.fonts.path).sorted()
        #expect(files.count >= 10)
        for name in files {
            let path = Fixtures.fonts.appendingPathComponent(name).path
            let ours = FontRegistry.scan([path]).faces
            #expect(!ours.isEmpty)
            let differences = FcScanComparison.differences(
                file: path, ours: ours, theirs: try FontconfigTools.scan([path]))
            #expect(differences.isEmpty, "\(differences)")
        }
    }

    /// The comparison itself catches a difference, naming the field.
    @Test func comparisonNamesTheFieldThatDiffers() throws {
        let path = Fixtures.fonts.appendingPathComponent("TypefitSans-Condensed.ttf").path
        let ours = try #require(FontRegistry.scan([path]).faces.first)
        let altered = FontFace(
            family: ours.family, postscriptName: ours.postscriptName, style: ours.style, weight: ours.weight,
            width: 100, isItalic: ours.isItalic, file: ours.file, index: ours.index, format: ours.format)
        let differences = FcScanComparison.differences(
            file: path, ours: [altered], theirs: try FontconfigTools.scan([path]))
        #expect(differences.map(\.field) == ["width"])
        #expect(differences.first?.description == "\(path) face 0: width: typefit 100, fc-scan 75")
    }

    @Test func namedFilesAreReadWhateverTheirName() {
        let copy = Fixtures.temporaryDirectory("scan").appendingPathComponent("font.bin")
        try? FileManager.default.copyItem(at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"), to: copy)
        let scan = FontRegistry.scan([copy.path])
        #expect(scan.faces.map(\.postscriptName) == ["TypefitSans-Bold"])
    }

    @Test(arguments: [
        ("garbage.ttf", "not a font FreeType can read"), ("empty.otf", "empty file"),
        ("truncated.ttf", "damaged font: "),
    ])
    func brokenFilesAreProblemsNotCrashes(name: String, reason: String) {
        let path = Fixtures.broken.appendingPathComponent(name).path
        let scan = FontRegistry.scan([path, Fixtures.fonts.appendingPathComponent("TypefitSans-Regular.ttf").path])
        #expect(scan.faces.map(\.postscriptName) == ["TypefitSans-Regular"])
        #expect(scan.problems.count == 1)
        #expect(scan.problems.first?.path == path && scan.problems.first?.wasNamed == true)
        #expect(scan.problems.first?.message.hasPrefix("\(path): \(reason)") == true, "\(scan.problems)")
    }

    @Test func brokenFilesInADirectoryAreWarnings() {
        let scan = FontRegistry.scan([Fixtures.broken.path])
        #expect(scan.faces.isEmpty)
        #expect(scan.problems.count == 3 && scan.problems.allSatisfy { !$0.wasNamed })
    }

    /// Non-files of the test's own (never the machine's /dev/null, which
    /// something may have replaced): a FIFO, and a device node where the
    /// test may make one.
    @Test func missingPathsAndNonFilesAreReported() {
        let dir = Fixtures.temporaryDirectory("non-files")
        let fifo = dir.appendingPathComponent("pipe.ttf").path
        #expect(SpecialFiles.makeFIFO(at: fifo))
        var paths = [dir.appendingPathComponent("missing/x.ttf").path, fifo]
        if SpecialFiles.canMakeDeviceNodes {
            let node = dir.appendingPathComponent("null.ttf").path
            #expect(SpecialFiles.makeNullDevice(at: node))
            paths.append(node)
        }
        let scan = FontRegistry.scan(paths)
        let expected = ["No such file or directory"] + Array(repeating: "not a regular file", count: paths.count - 1)
        #expect(scan.problems.map(\.reason) == expected)
    }

    /// The same file through a symlink and through its real path is one face.
    @Test func sameFileReachedTwiceIsListedOnce() throws {
        let dir = Fixtures.temporaryDirectory("twice")
        let real = dir.appendingPathComponent("real/TypefitSans-Bold.ttf")
        let link = dir.appendingPathComponent("link/Alias.ttf")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"), to: real)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let scan = FontRegistry.scan([dir.path])
        #expect(scan.faces.count == 1)
        #expect(scan.faces.first?.file == real.path)
        #expect(scan.faces.first?.otherFiles == [link.path])
    }

    @Test func symlinkLoopsEnd() throws {
        let dir = Fixtures.temporaryDirectory("loop")
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("self"), withDestinationURL: dir)
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"),
            to: dir.appendingPathComponent("a.ttf"))
        let scan = FontRegistry.scan([dir.path])
        // The font once (not once per trip round the loop), from its real
        // path, and the loop reported at the link, as a warning.
        #expect(scan.faces.map(\.postscriptName) == ["TypefitSans-Bold"])
        #expect(scan.faces.first?.file == dir.appendingPathComponent("a.ttf").path)
        let loop = dir.appendingPathComponent("self").path
        #expect(scan.problems.map(\.path) == [loop])
        #expect(scan.problems.first?.reason == "already searched (a symbolic link loops back to it)")
        #expect(scan.problems.first?.wasNamed == false)
    }

    /// A FIFO named like a font, in a folder and named on the command line:
    /// reported, never opened (opening one for reading would block).
    @Test func fifosAreReportedNotOpened() throws {
        let dir = Fixtures.temporaryDirectory("fifo")
        let fifo = dir.appendingPathComponent("pipe.ttf").path
        #expect(mkfifo(fifo, 0o644) == 0)
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"),
            to: dir.appendingPathComponent("good.ttf"))
        let inFolder = FontRegistry.scan([dir.path])
        #expect(inFolder.faces.map(\.postscriptName) == ["TypefitSans-Bold"])
        #expect(inFolder.problems.map(\.reason) == ["not a regular file (a FIFO, socket or device)"])
        let named = FontRegistry.scan([fifo])
        #expect(named.faces.isEmpty && named.problems.first?.wasNamed == true)
    }

    /// Folders are searched to any depth, and a link is followed while
    /// where it leads stays in the tree: the git repository holding the
    /// folder given (an app's `Fonts/shared -> ../Shared`), else that
    /// folder. A committed `Fonts/root -> /` listed the machine's fonts as
    /// the app's (21-56 s, 4,336-6,499 faces); now it is one warning.
    @Test func nestedFoldersAreSearchedAndLinksStayInTheirTree() throws {
        let repository = Fixtures.temporaryDirectory("nested").resolvingSymlinksInPath()
        let fonts = repository.appendingPathComponent("Fonts")
        let deep = fonts.appendingPathComponent("a/b/c")
        let shared = repository.appendingPathComponent("Shared")
        for folder in [deep, shared, repository.appendingPathComponent(".git")] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSerif.ttc"), to: deep.appendingPathComponent("Serif.TTC"))
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Italic.ttf"),
            to: shared.appendingPathComponent("Italic.otf"))
        let outside = Fixtures.temporaryDirectory("outside").resolvingSymlinksInPath()
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"),
            to: outside.appendingPathComponent("Bold.ttf"))
        #expect(symlink("../Shared", fonts.appendingPathComponent("shared").path) == 0)
        #expect(symlink(outside.path, fonts.appendingPathComponent("elsewhere").path) == 0)
        #expect(symlink("/", fonts.appendingPathComponent("root").path) == 0)
        #expect(
            symlink(
                outside.appendingPathComponent("Bold.ttf").path, deep.appendingPathComponent("Linked.ttf").path) == 0)
        let scan = FontRegistry.scan([fonts.path])
        #expect(
            Set(scan.faces.compactMap(\.postscriptName)) == [
                "TypefitSerif-Regular", "TypefitSerif-Bold", "TypefitSans-Italic",
            ])
        let refused = { (target: String) in
            "a symbolic link leading outside the repository it is in (\(repository.path)) (to \(target)): not followed"
        }
        #expect(
            scan.problems.map { "\($0.path): \($0.reason)" } == [
                deep.appendingPathComponent("Linked.ttf").path + ": "
                    + refused(outside.appendingPathComponent("Bold.ttf").path),
                fonts.appendingPathComponent("elsewhere").path + ": " + refused(outside.path),
                fonts.appendingPathComponent("root").path + ": " + refused("/"),
            ])
        #expect(scan.problems.allSatisfy { !$0.wasNamed })
        // Outside a repository and the working folder (a system's font
        // folder: Debian links /usr/share/fonts/opentype/mathjax elsewhere),
        // a link of this user's or root's is followed, another user's not.
        try FileManager.default.removeItem(at: fonts.appendingPathComponent("root"))
        try FileManager.default.removeItem(at: repository.appendingPathComponent(".git"))
        let alone = FontRegistry.scan([fonts.path])
        #expect(alone.problems.isEmpty, "\(alone.problems)")
        // Serif's two faces, Italic through `shared`, Bold through
        // `elsewhere` and `Linked.ttf` (one file, one face).
        #expect(Set(alone.faces.compactMap(\.postscriptName)).count == 4 && alone.faces.count == 4)
        if geteuid() == 0 {
            #expect(lchown(fonts.appendingPathComponent("elsewhere").path, 12345, 12345) == 0)
            let foreign = FontRegistry.scan([fonts.path])
            #expect(
                foreign.problems.map(\.reason) == ["a symbolic link of another user (uid 12345): not followed"])
        }
        // The folder given may itself be a link: its target is the tree.
        let named = Fixtures.temporaryDirectory("named-link").appendingPathComponent("Fonts")
        #expect(symlink(fonts.path, named.path) == 0)
        #expect(FontRegistry.scan([named.path]).faces.count == 4)
    }
}

/// Files that change between being found and being read, and the order of
/// results whatever the number of workers.
@Suite struct ScanRaceTests {
    @Test func fileThatDisappearsOrTurnsIntoAFIFOIsAWarning() throws {
        let dir = Fixtures.temporaryDirectory("vanish")
        for name in ["good.ttf", "vanish.ttf", "fifo.ttf"] {
            try FileManager.default.copyItem(
                at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"),
                to: dir.appendingPathComponent(name))
        }
        let vanish = dir.appendingPathComponent("vanish.ttf").path
        let fifo = dir.appendingPathComponent("fifo.ttf").path
        let result = FontScanner.scan([dir.path]) { jobs in
            #expect(jobs.count == 3)
            try? FileManager.default.removeItem(atPath: vanish)
            try? FileManager.default.removeItem(atPath: fifo)
            #expect(mkfifo(fifo, 0o644) == 0)
        }
        #expect(result.faces.map(\.file) == [dir.appendingPathComponent("good.ttf").path])
        #expect(
            result.problems.map(\.message) == [
                "\(fifo): not a regular file", "\(vanish): cannot open: No such file or directory",
            ])
        #expect(result.problems.allSatisfy { !$0.wasNamed })
    }

    @Test func resultsDoNotDependOnTheNumberOfWorkers() {
        let paths = [Fixtures.fonts.path, Fixtures.broken.path, Fixtures.root.appendingPathComponent("hostile").path]
        let one = FontScanner.scan(paths, workers: 1)
        for workers in [2, 3, 8] {
            let many = FontScanner.scan(paths, workers: workers)
            #expect(many.faces == one.faces)
            #expect(many.problems == one.problems)
            #expect(many.files.map(\.path) == one.files.map(\.path))
        }
        #expect(one.faces.count >= 12)
    }
}

/// Formats besides OpenType/TrueType, recognised by content, each read as
/// fontconfig reads it.
@Suite struct FormatTests {
    static let formats = Fixtures.root.appendingPathComponent("formats")

    @Test func woffAndBitmapFontsAreListedAsFontconfigListsThem() throws {
        let scan = FontRegistry.scan([Self.formats.path])
        // typefit's own decisions: the names as stored (none for a bitmap
        // font); fontconfig's made-up names are checked against fc-scan below.
        let names = scan.faces.map { "\($0.family)|\($0.postscriptName ?? "-")" }
        #expect(
            names.sorted() == [
                "Typefit Icons|Typefit Icons", "Typefit Icons|Typefit Icons", "Typefit Pixel|-",
                "Typefit Sans|TypefitSans-Bold",
            ])
        #expect(scan.faces.first { $0.family == "Typefit Pixel" }?.weight == 700)
        #expect(scan.faces.first { $0.family == "Typefit Pixel" }?.format == "BDF")
        #expect(scan.problems.map(\.path) == [Self.formats.appendingPathComponent("TypefitPixel-Latin2.bdf").path])
        #expect(scan.problems.first?.reason.contains("legacy character set") == true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.formats.path) {
            let path = Self.formats.appendingPathComponent(name).path
            let faces = FontRegistry.scan([path]).faces
            let differences = FcScanComparison.differences(
                file: path, ours: faces, theirs: try FontconfigTools.scan([path]))
            #expect(differences.isEmpty, "\(name): \(differences)")
        }
    }

    /// Renamed without an extension, each font is still found in a folder.
    @Test func contentNotExtensionDecides() throws {
        let dir = Fixtures.temporaryDirectory("no-extensions")
        for name in ["TypefitSans-Bold.woff", "TypefitPixel-Bold.bdf"] {
            try FileManager.default.copyItem(
                at: Self.formats.appendingPathComponent(name),
                to: dir.appendingPathComponent(String(name.prefix { $0 != "." })))
        }
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSerif.ttc"), to: dir.appendingPathComponent("serif"))
        let scan = FontRegistry.scan([dir.path])
        #expect(scan.problems.isEmpty)
        #expect(scan.faces.count == 4)
    }
}

/// Web fonts' names read from the compressed name table alone (zlib for
/// WOFF, Brotli for WOFF2), agreeing with what FreeType reads after
/// decompressing the whole font.
@Suite struct WebFontNameTests {
    @Test(arguments: ["TypefitIcons.woff", "TypefitIcons.woff2", "TypefitSans-Bold.woff"])
    func nameTableAloneGivesTheStoredName(file: String) throws {
        let path = Fixtures.path("formats/" + file)
        let probed = NameVerifier.readNames(file: path, faceIndex: 0)?.postScriptName
        let library = try FreeTypeLibrary()
        guard case .success(let freeType) = library.postscriptName(file: path, index: 0) else {
            Issue.record("FreeType cannot open \(path)")
            return
        }
        #expect(probed != nil && probed == freeType.name)
        #expect(file.hasPrefix("TypefitSans") || probed == "Typefit Icons")
    }

    /// Cut short anywhere, a web font is `.unknown` (FreeType is asked),
    /// never a crash or a wrong name.
    @Test(arguments: ["TypefitIcons.woff", "TypefitIcons.woff2"])
    func truncatedWebFontsAreUnknown(file: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Fixtures.path("formats/" + file))))
        for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
            let prefix = Array(bytes[..<cut])
            let answer = SFNTNameProbe.probe(faceIndex: 0, decompressors: WebFontNames.decompressors) {
                offset, count in
                guard offset >= 0, offset <= prefix.count else { return nil }
                return Array(prefix[offset..<min(prefix.count, offset + count)])
            }
            #expect(answer == .unknown || answer == .postScriptName("Typefit Icons"), "cut at \(cut): \(answer)")
        }
    }
}

/// Mixed-direction text drawn in visual order (UAX #9 through ICU): the
/// Arabic right to left after the English; a number after Arabic letters
/// belongs to the Arabic (rule W2 makes it an Arabic number) and sits to its
/// left, its digits still left to right.
@Suite struct BidiDrawingTests {
    @Test func mixedDirectionLinesAreReordered() throws {
        let measurer = try TextMeasurer(
            file: Fixtures.root.appendingPathComponent("text/TypefitScript-Regular.ttf").path, index: 0,
            family: "Typefit Script", fallback: FallbackFonts(configFile: Fixtures.fontconfigFile))
        let text = "Save \u{0645}\u{0631}\u{062D}\u{0628}\u{0627} 12"
        let drawn = measurer.draw(text)
        #expect(drawn.glyphs.map(\.cluster) == [0, 1, 2, 3, 4, 16, 17, 15, 13, 11, 9, 7, 5])
        // Widths do not change: the drawn advances add up to the measured width.
        let total = drawn.measured.ems(0..<text.utf8.count)
        #expect(abs(drawn.glyphs.reduce(0) { $0 + $1.advance } - total) < 1e-9)
        #expect(BidiOrder.visualRuns(Array("plain".utf8)) == [BidiOrder.Run(range: 0..<5, rightToLeft: false)])
        // A right-to-left paragraph (first strong character Arabic) starts at the right.
        let runs = BidiOrder.visualRuns(Array("\u{0645}\u{0631} ok".utf8))
        #expect(runs.map(\.rightToLeft) == [false, true] && runs.first?.range == 5..<7)
    }
}

extension ScanTests {
    /// Type 1 fonts whose name a listing checks (their PostScript name is
    /// their family's) are named from their header without FreeType: the
    /// same name FreeType gives in this process, and the faces as fc-scan
    /// reads them.
    @Test func typeOneNamesAreFreeTypes() throws {
        let library = try FreeTypeLibrary()
        for name in ["TypefitTypeOne.pfa", "TypefitTypeOne.pfb"] {
            let path = Fixtures.path("type1/\(name)")
            guard case .success(let freeType) = library.postscriptName(file: path, index: 0) else {
                Issue.record("FreeType cannot open \(name)")
                continue
            }
            #expect(NameVerifier.readType1Name(file: path) == freeType.name)
            let ours = FontRegistry.scan([path]).faces
            #expect(ours.map(\.postscriptName) == [freeType.name])
            let differences = FcScanComparison.differences(
                file: path, ours: ours, theirs: try FontconfigTools.scan([path]))
            #expect(differences.isEmpty, "\(differences)")
        }
    }
}

extension ScanTests {
    /// The naming rule is read from a library started without drivers: the
    /// same version a started library reports.
    @Test func nameRuleIsTheRunningFreeTypes() throws {
        let library = try FreeTypeLibrary()
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library.handle, &major, &minor, &patch)
        #expect(FreeTypeLibrary.nameRule == FreeTypeNameRule(major: Int(major), minor: Int(minor)))
    }
}

/// Measurers sharing a memo of fallback runs (fit's faces for one string)
/// measure exactly as measurers on their own: strings of the same length
/// with other characters, in turn, and the same string in another
/// language, never take another string's widths.
@Suite struct FallbackMemoTests {
    @Test func sharedFallbackRunsAreTheStringsOwn() throws {
        let fonts = FallbackFonts(configFile: Fixtures.fontconfigFile)
        let files = ["fonts/TypefitSans-Regular.ttf", "fonts/TypefitSans-Bold.ttf"]
        func measurer(_ file: String) throws -> TextMeasurer {
            try TextMeasurer(
                file: Fixtures.root.appendingPathComponent(file).path, index: 0, family: "Typefit Sans",
                fallback: fonts)
        }
        let memo = FallbackMemo()
        let shared = try files.map(measurer)
        for measurer in shared { measurer.fallbackMemo = memo }
        let alone = try files.map(measurer)
        // Same byte length, other letters: the memo must not answer for them.
        let texts = ["Hi \u{65E5}\u{672C}", "Hi \u{672C}\u{65E5}", "Hi \u{672C}\u{672C}"]
        var fellBack = 0
        for round in 0..<3 {
            for language in [nil, "ar"] as [String?] {
                for text in texts {
                    let utf8 = Array(text.utf8)
                    for (one, other) in zip(shared, alone) {
                        let measured = one.measure(utf8: utf8, language: language)
                        let expected = other.measure(utf8: utf8, language: language)
                        #expect(measured.advances == expected.advances, "round \(round) \(text) \(language ?? "-")")
                        #expect(measured.fallbacks == expected.fallbacks)
                        fellBack += measured.fallbacks.isEmpty ? 0 : 1
                    }
                }
            }
        }
        // The strings did fall back (the memo was used, not skipped).
        #expect(fellBack == 36)
    }
}

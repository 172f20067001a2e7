import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `list-fonts --dir` over a folder of hostile files (Fixtures/hostile, from
/// Fixtures/make-hostile.py, plus what git cannot hold, made here): no crash,
/// no hang, one warning line per bad file naming it and the reason, the good
/// font beside them still listed, exit 0 — exit 1 under --strict.
@Suite struct HostileFilesTests {
    static let hostile = Fixtures.root.appendingPathComponent("hostile")

    /// Each bad entry of the folder and the words its warning must hold.
    static let expectations: [(name: String, reason: String)] = [
        ("bad-utf16-names.ttf", "not valid UTF-16 (name ID 1, 4)"),
        ("big.ttf", "not a font FreeType can read"),
        ("dir.ttf", "a directory named like a font file"),
        ("empty.ttf", "empty file"),
        ("loop.ttf", "a symbolic link loop"),
        ("million-faces.ttc", "claims 1000000 faces"),
        ("name-outside-file.ttf", "table 'name' lies outside the file"),
        ("pipe.ttf", "not a regular file"),
        ("random.otf", "not a font FreeType can read"),
        ("random.ttc", "not a font FreeType can read"),
        ("random.ttf", "not a font FreeType can read"),
        ("random.woff2", "not a font FreeType can read"),
        ("truncated-directory.ttf", "the table directory is cut short"),
        ("truncated-header.ttf", "shorter than a font header"),
        ("truncated-name.ttf", "table 'name' lies outside the file"),
        ("up", "already searched"),
    ]

    /// The hostile corpus, a good font, and the cases made at run time.
    static func folder() throws -> URL {
        let dir = Fixtures.temporaryDirectory("hostile")
        let files = try FileManager.default.contentsOfDirectory(atPath: hostile.path)
        for name in files {
            try FileManager.default.copyItem(
                at: hostile.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"),
            to: dir.appendingPathComponent("good.ttf"))
        #expect(mkfifo(dir.appendingPathComponent("pipe.ttf").path, 0o644) == 0)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("dir.ttf"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("loop.ttf").path, withDestinationPath: "loop.ttf")
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("up").path, withDestinationPath: ".")
        // A sparse 3 GiB file: no blocks on disk, and nothing may read it whole.
        let big = dir.appendingPathComponent("big.ttf").path
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        #expect(truncate(big, 3 << 30) == 0)
        return dir
    }

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    @Test func oneWarningPerBadFileAndTheGoodFontListed() throws {
        let dir = try Self.folder()
        let outcome = run(["list-fonts", "--dir", dir.path, "--format", "plain", "--verbose"])
        #expect(outcome.status == .success)
        #expect(outcome.stdout.contains("Typefit Sans\tTypefitSans-Bold\t100\n"))
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.expectations.count, "\(outcome.stderr)")
        for (name, reason) in Self.expectations {
            let prefix = "typefit: warning: \(dir.path)/\(name): "
            let matching = lines.filter { $0.hasPrefix(prefix) }
            #expect(matching.count == 1, "\(name): \(lines)")
            #expect(matching.first?.contains(reason) == true, "\(name): \(matching)")
        }
        // Without --verbose, files that share a reason are counted on one
        // line when more than three do; every file is still accounted for.
        let grouped = run(["list-fonts", "--dir", dir.path, "--format", "plain"])
        let groupedLines = grouped.stderr.split(separator: "\n").map(String.init)
        var accounted = 0
        for line in groupedLines {
            if line.hasPrefix("typefit: warning: \(dir.path)/") {
                accounted += 1
            } else {
                let count = line.dropFirst("typefit: warning: ".count).prefix { $0.isNumber }
                #expect(line.contains(" files: ") && line.hasSuffix("--verbose lists each)"), "\(line)")
                accounted += Int(count) ?? 0
            }
        }
        #expect(accounted == Self.expectations.count, "\(grouped.stderr)")
        #expect(groupedLines.count <= lines.count)
        let strict = run(["list-fonts", "--dir", dir.path, "--format", "plain", "--strict"])
        #expect(strict.status == .problemFound)
        #expect(strict.stdout == outcome.stdout)
        #expect(strict.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("typefit: error: ") })
    }

    /// Named one by one, a file that gives no face is an error (exit 2); one
    /// that fontconfig still lists is listed with its warning.
    @Test(arguments: expectations.map(\.name))
    func eachFileNamedAlone(name: String) throws {
        let dir = try Self.folder()
        let path = dir.appendingPathComponent(name).path
        let outcome = run(["list-fonts", path, "--format", "json"])
        let listed = ["bad-utf16-names.ttf", "name-outside-file.ttf", "truncated-name.ttf"].contains(name)
        if name == "dir.ttf" {
            // A folder named on the command line is searched; one holding
            // no font file is a wrong folder (exit 2), as --fonts-dir says.
            #expect(outcome.status == .cannotRun && outcome.stderr.contains("holds no font file"))
        } else if name == "up" {
            // A folder named on the command line is searched.
            #expect(outcome.status == .success)
        } else if listed {
            #expect(outcome.status == .success && outcome.stderr.hasPrefix("typefit: warning: \(path): "))
        } else {
            #expect(outcome.status == .cannotRun, "\(name)")
            #expect(outcome.stderr.hasPrefix("typefit: error: \(path): "), "\(outcome.stderr)")
        }
    }

    /// A chain of 41 links is not a loop: the warning says what it saw.
    @Test func aLongLinkChainIsNotCalledALoop() throws {
        let dir = Fixtures.temporaryDirectory("link-chain")
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"), to: dir.appendingPathComponent("0.ttf"))
        for i in 1...41 {
            #expect(symlink("\(i - 1).ttf", dir.appendingPathComponent("\(i).ttf").path) == 0)
        }
        let path = dir.appendingPathComponent("41.ttf").path
        let outcome = run(["list-fonts", path, "--format", "json"])
        #expect(outcome.status == .cannotRun)
        #expect(outcome.stderr.contains("more than 40 symbolic links in a row"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("loop"))
    }

    @Test func uiAppFontsListsOnlyTheFilesThatAreFonts() throws {
        let dir = try Self.folder()
        let nested = dir.appendingPathComponent("Fonts/Serif")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSerif.ttc"),
            to: nested.appendingPathComponent("Serif & Co.ttc"))
        // A font without an extension is found by its content; it and the
        // collection are not the .ttf/.otf files Apple documents for
        // UIAppFonts: left out, each with a note.
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Italic.ttf"),
            to: dir.appendingPathComponent("Italic"))
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Bold.ttf"),
            to: nested.appendingPathComponent("Bold & Co.ttf"))
        try "not a font".write(to: dir.appendingPathComponent("README"), atomically: true, encoding: .utf8)
        let outcome = run(["list-fonts", "--dir", dir.path, "--format", "uiappfonts"])
        #expect(outcome.status == .success)
        // Flat, as Xcode copies files in groups into the bundle's root.
        #expect(
            outcome.stdout == """
                <key>UIAppFonts</key>
                <array>
                \t<string>Bold &amp; Co.ttf</string>
                \t<string>bad-utf16-names.ttf</string>
                \t<string>good.ttf</string>
                \t<string>name-outside-file.ttf</string>
                \t<string>truncated-name.ttf</string>
                </array>

                """)
        #expect(outcome.stderr.contains("Serif & Co.ttc: left out of UIAppFonts: a font collection"))
        #expect(outcome.stderr.contains("Italic: left out of UIAppFonts: a font file without an extension"))
        #expect(!outcome.stderr.contains("README"))
        // Folder references keep the paths.
        let folders = run(["list-fonts", "--dir", dir.path, "--format", "uiappfonts", "--bundle-layout", "folders"])
        #expect(folders.stdout.contains("<string>Fonts/Serif/Bold &amp; Co.ttf</string>"))
        #expect(run(["list-fonts", "--dir", dir.path, "--bundle-layout", "folders"]).status == .usage)
        #expect(run(["list-fonts", "--format", "uiappfonts"]).status == .usage)
    }
}

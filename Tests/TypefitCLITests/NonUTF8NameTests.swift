import Foundation
import Testing
import TypefitTestSupport

@testable import FontRegistry
@testable import TypefitCLI

#if canImport(Glibc)
    import Glibc
#endif

/// File and folder names that are not UTF-8 (Latin-1 `café` is `caf\xE9`,
/// as old archives and Windows shares leave them): typefit cannot open them
/// through a Swift string, and they were passed over without a word. Each
/// kind of input says them, escaped, and a gate does not pass without them.
@Suite struct NonUTF8NameTests {
    /// Writes `contents` at `folder` + `name` (raw bytes), folders made.
    static func write(_ folder: URL, _ name: [UInt8], _ contents: Data) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fd = open(Self.cPath(Array(folder.path.utf8) + [UInt8(ascii: "/")] + name), O_WRONLY | O_CREAT, 0o644)
        try #require(fd >= 0)
        _ = contents.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// A path's bytes as C takes them (passed as a pointer to its first).
    static func cPath(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

    static let cafe: [UInt8] = Array("caf".utf8) + [0xE9]

    @Test func namesAreShownEscaped() {
        #expect(SystemCalls.shownName(Self.cafe + Array(".ttf".utf8)) == ("caf\\xE9.ttf", false))
        #expect(SystemCalls.shownName(Array("café".utf8)) == ("café", true))
        // A valid sequence after a bad byte is kept as it is.
        #expect(SystemCalls.shownName([0xFF] + Array("é".utf8) + [0xC3]) == ("\\xFFé\\xC3", false))
    }

    @Test func everyInputKindSaysThem() throws {
        let root = Fixtures.temporaryDirectory("non-utf8-names")
        // An Android values file.
        let values = root.appendingPathComponent("res/values")
        try Self.write(values, Self.cafe + Array(".xml".utf8), Data("<resources/>".utf8))
        let android = TypefitCommand.run(
            ["fit", "--platform", "android", "--style", "bodyLarge", "--width", "300", "--font-scale", "1"]
                + ["--strings", root.appendingPathComponent("res").path, "--fontconfig-file", Fixtures.fontconfigFile],
            context: RunContext())
        #expect(android.status == .cannotRun)
        #expect(android.stderr.contains("res/values/caf\\xE9.xml: its name is not UTF-8"), "\(android.stderr)")
        // A pattern's match: a language folder `d\xE9.lproj`.
        let resources = root.appendingPathComponent("Resources")
        try Self.write(
            resources.appendingPathComponent("en.lproj"), Array("Localizable.strings".utf8), Data("\"a\" = \"b\";".utf8)
        )
        let badFolder = Array(resources.path.utf8) + Array("/d".utf8) + [0xE9] + Array(".lproj".utf8)
        let made = mkdir(Self.cPath(badFolder), 0o755)
        try #require(made == 0)
        let fd = open(Self.cPath(badFolder + Array("/Localizable.strings".utf8)), O_WRONLY | O_CREAT, 0o644)
        try #require(fd >= 0)
        close(fd)
        let pattern = TypefitCommand.run(
            ["fit", "--style", "body", "--width", "300", "--font", "TypefitSans-Regular"]
                + ["--strings", root.appendingPathComponent("Resources").path + "/*.lproj/Localizable.strings"]
                + ["--fontconfig-file", Fixtures.fontconfigFile], context: RunContext())
        #expect(pattern.status == .cannotRun)
        #expect(pattern.stderr.contains("d\\xE9.lproj/Localizable.strings: its name is not UTF-8"), "\(pattern.stderr)")
        // A fonts folder: a warning beside the fonts read, the reason when
        // it is the only file.
        let fonts = root.appendingPathComponent("Fonts")
        try Self.write(
            fonts, Self.cafe + Array(".ttf".utf8),
            try Data(contentsOf: Fixtures.root.appendingPathComponent("fonts/TypefitSans-Regular.ttf")))
        let listed = TypefitCommand.run(["list-fonts", "--dir", fonts.path], context: RunContext())
        #expect(listed.stderr.contains("Fonts/caf\\xE9.ttf: its name is not UTF-8"), "\(listed.stderr)")
        let measured = TypefitCommand.run(
            ["measure", "x", "--style", "body", "--font", "TypefitSans-Regular", "--fonts-dir", fonts.path]
                + ["--no-installed-fonts"], context: RunContext())
        #expect(measured.status == .cannotRun)
        #expect(
            measured.stderr.contains("holds no font file typefit can open: " + fonts.path + "/caf\\xE9.ttf"),
            "\(measured.stderr)")
    }
}

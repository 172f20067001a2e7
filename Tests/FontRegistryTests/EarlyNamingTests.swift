import Foundation
import Synchronization
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// Faces named from fontconfig's caches while the configuration loads
/// (`EarlyNaming`): the listing must be the one named after loading, face
/// for face, whichever caches were read early.
@Suite struct EarlyNamingTests {
    /// A private configuration over `folders` whose cache folder fc-cache
    /// has filled (fontconfig itself writes no cache when it loads).
    static func cachedConfiguration(_ label: String, folders: [URL]) throws -> (config: String, cache: String) {
        let config = Fixtures.fontconfigFile(label, directories: folders)
        let cache = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("cache").path
        let result = try #require(
            try BinaryRunner.runTool("fc-cache", ["-f"], environment: ["FONTCONFIG_FILE": config]),
            "fc-cache is not installed (apt-get install fontconfig)")
        #expect(result.status == 0, "fc-cache: \(result.stderr)")
        return (config, cache)
    }

    /// The listing as JSON, every face and name in it.
    static func document(_ faces: [FontFace]) -> String {
        String(decoding: FontFamily.json(FontCatalog.families(from: faces), pretty: false), as: UTF8.self)
    }

    @Test func facesNamedEarlyAreTheFacesNamedAfter() throws {
        let (config, cache) = try Self.cachedConfiguration("early", folders: [Fixtures.fonts])
        let after = try FontRegistry(configFile: config).listFromFontconfig(dependencies: false)
        #expect(after.namedEarly == 0, "no early naming for a configuration file without sources")
        var registry = FontRegistry(configFile: config)
        registry.earlySources = EarlyNaming.Sources(cacheDirectories: [cache], folders: [Fixtures.fonts.path])
        registry.earlyNamingRunsToEnd = true
        let early = try registry.listFromFontconfig(dependencies: false)
        // Every outline face named early; bitmap faces are left to the
        // configuration's turn. How many there are, asked of fc-list.
        let scalable = try #require(
            try BinaryRunner.runTool(
                "fc-list", ["--format", "%{scalable}\\n"], environment: ["FONTCONFIG_FILE": config]),
            "fc-list is not installed (apt-get install fontconfig)")
        let expected = scalable.stdout.split(separator: "\n").filter { $0 == "True" }.count
        #expect(expected > 0)
        #expect(early.namedEarly == expected)
        #expect(early.0.count == after.0.count)
        #expect(Self.document(early.0) == Self.document(after.0))
    }

    /// Stopped whenever the configuration is ready (the listing's own
    /// race, several times over): however many faces were named early, the
    /// listing is the same.
    @Test func stoppedAnywhereTheListingIsTheSame() throws {
        let (config, cache) = try Self.cachedConfiguration("early-stop", folders: [Fixtures.fonts])
        let after = Self.document(try FontRegistry(configFile: config).listFromFontconfig(dependencies: false).0)
        var registry = FontRegistry(configFile: config)
        registry.earlySources = EarlyNaming.Sources(cacheDirectories: [cache], folders: [Fixtures.fonts.path])
        for _ in 0..<8 {
            let early = try registry.listFromFontconfig(dependencies: false)
            #expect(Self.document(early.0) == after, "\(early.namedEarly) named early")
        }
    }

    /// Stopped while it still runs, the early naming's thread is handed
    /// the rest of the naming and shares it with the listing's: the same
    /// listing, each face once.
    @Test func handedTheRestTheListingIsTheSame() throws {
        let (config, cache) = try Self.cachedConfiguration("early-handover", folders: [Fixtures.fonts])
        let after = try FontRegistry(configFile: config).listFromFontconfig(dependencies: false)
        var registry = FontRegistry(configFile: config)
        registry.earlySources = EarlyNaming.Sources(cacheDirectories: [cache], folders: [Fixtures.fonts.path])
        registry.earlyNamingWaitsForHandover = true
        for _ in 0..<4 {
            let early = try registry.listFromFontconfig(dependencies: false)
            #expect(early.0.count == after.0.count)
            #expect(Self.document(early.0) == Self.document(after.0), "\(early.namedEarly) named early")
        }
    }

    /// The hand-over itself: taken while the worker runs, refused once it
    /// has ended; work handed over runs once.
    @Test func handOverIsTakenWhileTheWorkerRuns() throws {
        let (_, cache) = try Self.cachedConfiguration("early-handover-unit", folders: [Fixtures.fonts])
        let sources = EarlyNaming.Sources(cacheDirectories: [cache], folders: [Fixtures.fonts.path])
        let running = try #require(EarlyNaming.start(sources, waitsForHandover: true))
        _ = running.stop()
        let ran = DispatchSemaphore(value: 0)
        let runs = Atomic<Int>(0)
        #expect(
            running.handOver {
                runs.add(1, ordering: .relaxed)
                ran.signal()
            })
        #expect(ran.wait(timeout: .now() + 10) == .success)
        #expect(runs.load(ordering: .relaxed) == 1)
        let ended = try #require(EarlyNaming.start(sources))
        _ = ended.stop(waitingForAll: true)
        #expect(!ended.handOver { runs.add(1, ordering: .relaxed) })
        #expect(runs.load(ordering: .relaxed) == 1)
    }

    /// Caches of other folders (another configuration's, a stale one) are
    /// read and named, and none of it is used: the configuration lists
    /// patterns of its own caches only.
    @Test func anotherConfigurationsCachesAreNeverUsed() throws {
        let (config, _) = try Self.cachedConfiguration("early-own", folders: [Fixtures.fonts])
        let other = Fixtures.root.appendingPathComponent("odd-names")
        let (_, otherCache) = try Self.cachedConfiguration("early-other", folders: [other, Fixtures.fonts])
        var registry = FontRegistry(configFile: config)
        registry.earlySources = EarlyNaming.Sources(
            cacheDirectories: [otherCache], folders: [other.path, Fixtures.fonts.path])
        registry.earlyNamingRunsToEnd = true
        let early = try registry.listFromFontconfig(dependencies: false)
        let after = try FontRegistry(configFile: config).listFromFontconfig(dependencies: false)
        // The other configuration's cache of the fixture folder is another
        // file, mapped elsewhere: not one address in common.
        #expect(early.namedEarly == 0)
        #expect(Self.document(early.0) == Self.document(after.0))
    }

    /// A folder that is its own subfolder (a link loop fc-cache followed)
    /// is read once; folders that do not exist are passed over.
    @Test func loopsAndMissingFoldersEnd() throws {
        let root = Fixtures.temporaryDirectory("early-loop")
        let fonts = root.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Regular.ttf"),
            to: fonts.appendingPathComponent("TypefitSans-Regular.ttf"))
        try FileManager.default.createSymbolicLink(
            at: fonts.appendingPathComponent("loop"), withDestinationURL: fonts)
        let (config, cache) = try Self.cachedConfiguration("early-loop", folders: [fonts])
        var registry = FontRegistry(configFile: config)
        registry.earlySources = EarlyNaming.Sources(
            cacheDirectories: [cache, root.appendingPathComponent("missing").path],
            folders: [root.appendingPathComponent("missing").path, fonts.path])
        registry.earlyNamingRunsToEnd = true
        let early = try registry.listFromFontconfig(dependencies: false)
        let after = try FontRegistry(configFile: config).listFromFontconfig(dependencies: false)
        #expect(early.namedEarly >= 1)
        #expect(Self.document(early.0) == Self.document(after.0))
    }

    /// The standard folders, and none when the environment names another
    /// configuration or root.
    @Test func standardSources() {
        let home = ["HOME": "/home/ada"]
        let sources = EarlyNaming.Sources.standard { home[$0] }
        #expect(
            sources?.cacheDirectories == [
                "/var/cache/fontconfig", "/home/ada/.cache/fontconfig", "/home/ada/.fontconfig",
            ])
        #expect(
            sources?.folders == [
                "/usr/share/fonts", "/usr/local/share/fonts", "/home/ada/.local/share/fonts", "/home/ada/.fonts",
            ])
        let xdg = ["HOME": "/home/ada", "XDG_CACHE_HOME": "/cache", "XDG_DATA_HOME": "relative"]
        #expect(EarlyNaming.Sources.standard { xdg[$0] }?.cacheDirectories.dropFirst().first == "/cache/fontconfig")
        #expect(EarlyNaming.Sources.standard { xdg[$0] }?.folders.dropFirst(2).first == "/home/ada/.local/share/fonts")
        for name in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"] {
            let environment = ["HOME": "/home/ada", name: "/etc/other"]
            #expect(EarlyNaming.Sources.standard { environment[$0] } == nil)
        }
        #expect(EarlyNaming.Sources.standard { [:][$0] }?.folders == ["/usr/share/fonts", "/usr/local/share/fonts"])
    }
}

import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// The listing cache: hits while nothing fontconfig reads has changed, misses
/// as soon as a font directory or a configuration file does.
@Suite struct ListingCacheTests {
    /// A private copy of the fixture fonts with its own configuration and
    /// cache directory, dated in the past (a cache is not written while a
    /// dependency changed in the last two seconds).
    struct Setup {
        let root: URL
        let fonts: URL
        let config: URL
        let cache: URL

        init() throws {
            root = Fixtures.temporaryDirectory("cache")
            fonts = root.appendingPathComponent("fonts")
            config = root.appendingPathComponent("fonts.conf")
            // Inside root, beside the configuration, as a user's may be.
            cache = root.appendingPathComponent("typefit-cache")
            try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
            // fontconfig's own cache directory exists before the first run, so
            // creating it does not change the configuration directory's mtime.
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent("fc-cache"),
                withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            for name in ["TypefitSans-Regular.ttf", "TypefitSans-Bold.ttf"] {
                try FileManager.default.copyItem(
                    at: Fixtures.fonts.appendingPathComponent(name),
                    to: fonts.appendingPathComponent(name))
            }
            try """
            <?xml version="1.0"?>
            <fontconfig><dir>\(fonts.path)</dir><cachedir>\(root.path)/fc-cache</cachedir></fontconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
            try age()
        }

        /// Moves every dependency's mtime a minute into the past.
        func age() throws {
            let past = Date(timeIntervalSinceNow: -60)
            for url in [fonts, config, root] {
                try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path)
            }
        }

        var registry: FontRegistry { FontRegistry(configFile: config.path, cacheDirectory: cache.path) }
    }

    @Test func secondListingComesFromTheCache() throws {
        let setup = try Setup()
        let first = try setup.registry.installedListing()
        let second = try setup.registry.installedListing()
        #expect(!first.fromCache && second.fromCache)
        #expect(first.faces == second.faces)
        #expect(first.faces.count == 2)
    }

    @Test func addingAFontInvalidates() throws {
        let setup = try Setup()
        _ = try setup.registry.installedListing()
        try FileManager.default.copyItem(
            at: Fixtures.fonts.appendingPathComponent("TypefitSans-Italic.ttf"),
            to: setup.fonts.appendingPathComponent("TypefitSans-Italic.ttf"))
        let after = try setup.registry.installedListing()
        #expect(!after.fromCache)
        #expect(after.faces.contains { $0.postscriptName == "TypefitSans-Italic" })
    }

    @Test func changingTheConfigurationInvalidates() throws {
        let setup = try Setup()
        _ = try setup.registry.installedListing()
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: setup.config.path)
        #expect(try !setup.registry.installedListing().fromCache)
    }

    @Test func recentChangesAreNotCached() throws {
        let setup = try Setup()
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: setup.fonts.path)
        _ = try setup.registry.installedListing()
        #expect(try !setup.registry.installedListing().fromCache)
    }

    @Test func aDamagedCacheIsAMiss() throws {
        let setup = try Setup()
        _ = try setup.registry.installedListing()
        let files = try FileManager.default.contentsOfDirectory(atPath: setup.cache.path)
        #expect(files.count == 1)
        try "typefit-face-cache 1\ngarbage".write(
            to: setup.cache.appendingPathComponent(files[0]),
            atomically: true, encoding: .utf8)
        let listing = try setup.registry.installedListing()
        #expect(!listing.fromCache && listing.faces.count == 2)
    }

    /// A cache cut at a line boundary used to read as a listing of the
    /// faces before the cut, exit 0.
    @Test func aCacheCutShortIsRebuiltWithAReason() throws {
        let setup = try Setup()
        _ = try setup.registry.installedListing()
        let file = setup.cache.appendingPathComponent(
            try #require(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path).first))
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Header, validators, separator and the first face only.
        let separator = try #require(lines.firstIndex(of: "--"))
        try (lines[...(separator + 1)].joined(separator: "\n") + "\n").write(
            to: file, atomically: true, encoding: .utf8)
        let listing = try setup.registry.installedListing()
        #expect(!listing.fromCache && listing.faces.count == 2)
        #expect(listing.cacheProblem?.contains("cut short") == true, "\(listing.cacheProblem ?? "")")
        #expect(try setup.registry.installedListing().fromCache)
    }

    /// A FIFO at the cache's name is neither read (which would wait for a
    /// writer forever) nor written; it is replaced by the rebuilt cache.
    @Test func aFIFOAtTheCachePathIsNeverOpened() throws {
        let setup = try Setup()
        _ = try setup.registry.installedListing()
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path).first)
        let file = setup.cache.appendingPathComponent(name)
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o644) == 0)
        let listing = try setup.registry.installedListing()
        #expect(!listing.fromCache && listing.faces.count == 2)
        #expect(listing.cacheProblem?.contains("not a regular file") == true)
        #expect(SpecialFiles.kind(file.path) == .regular)
        #expect(try setup.registry.installedListing().fromCache)
    }

    /// A link at the cache's name is not written through: its target keeps
    /// its contents, the link is replaced by the cache.
    @Test func aLinkAtTheCachePathIsNotFollowed() throws {
        let setup = try Setup()
        _ = try setup.registry.installedListing()
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path).first)
        let file = setup.cache.appendingPathComponent(name)
        try FileManager.default.removeItem(at: file)
        // Outside the configuration's folder, whose change would keep the
        // rebuilt listing from being cached.
        let victim = Fixtures.temporaryDirectory("cache-victim").appendingPathComponent("victim")
        try "precious\n".write(to: victim, atomically: true, encoding: .utf8)
        #expect(symlink(victim.path, file.path) == 0)
        let listing = try setup.registry.installedListing()
        #expect(!listing.fromCache && listing.faces.count == 2)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(SpecialFiles.kind(file.path) == .regular)
    }

    /// A cache folder others can write is not used (they could plant a
    /// listing); nothing is written there.
    @Test func aFolderOthersCanWriteIsNotUsed() throws {
        let setup = try Setup()
        #expect(chmod(setup.cache.path, 0o777) == 0)
        let listing = try setup.registry.installedListing()
        #expect(!listing.fromCache && listing.faces.count == 2)
        #expect(try !setup.registry.installedListing().fromCache)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path).isEmpty)
        #expect(try setup.registry.installedListing().cacheProblem?.contains("can be written by others") == true)
    }

    /// As root with `HOME` another user's: their `.cache` link is not
    /// followed (root created the cache folder and file where it pointed);
    /// a link of root's own is, and missing folders are created 0700.
    @Test(.enabled(if: geteuid() == 0, "giving a link to another user needs root"))
    func anotherUsersLinkOnTheCachePathIsNotFollowed() throws {
        let setup = try Setup()
        let home = Fixtures.temporaryDirectory("cache-home")
        let elsewhere = Fixtures.temporaryDirectory("cache-elsewhere")
        #expect(chown(home.path, 12345, 12345) == 0)
        let link = home.appendingPathComponent(".cache")
        #expect(symlink(elsewhere.path, link.path) == 0)
        #expect(lchown(link.path, 12345, 12345) == 0)
        let cache = link.appendingPathComponent("typefit").path
        let registry = FontRegistry(configFile: setup.config.path, cacheDirectory: cache)
        _ = try registry.installedListing()
        let listing = try registry.installedListing()
        #expect(!listing.fromCache && listing.faces.count == 2)
        #expect(
            listing.cacheProblem
                == "the cache folder \(cache) is reached through \(link.path), a symbolic link of another user "
                + "(uid 12345); not used")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // The same link as root's own is followed, and the folders it needs
        // are made (0700).
        #expect(lchown(link.path, 0, 0) == 0)
        let nested = link.appendingPathComponent("a/typefit").path
        let own = FontRegistry(configFile: setup.config.path, cacheDirectory: nested)
        _ = try own.installedListing()
        #expect(try own.installedListing().fromCache)
        #expect(SpecialFiles.status(elsewhere.appendingPathComponent("a").path)?.mode == 0o700)
    }

    @Test func noCacheDirectoryMeansNoCache() throws {
        let setup = try Setup()
        let registry = FontRegistry(configFile: setup.config.path)
        _ = try registry.installedListing()
        #expect(try !registry.installedListing().fromCache)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.cache.path).isEmpty)
    }
}

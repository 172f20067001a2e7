import Dispatch
import Synchronization
import TypefitCore

/// Installed faces named on a spare core while fontconfig loads its
/// configuration.
///
/// Loading the system's configuration (`FcInitLoadConfigAndFonts`: some
/// sixty XML files, then every font folder's cache) takes a cold listing's
/// first third on one core, and naming the faces (Core Text's names: a
/// name table read for one face in seven) could only start after it. The
/// caches themselves need none of that XML: read through a configuration
/// that names only the usual cache folders (`FontconfigCaches`), from the
/// usual font folders down, their faces are named while the configuration
/// loads. fontconfig maps each cache file once per process, so the
/// configuration then lists those very patterns, at the same addresses; a
/// face whose pattern address was named ahead is taken as named (the
/// naming reads nothing but the pattern and the font's file), every other
/// face is named as before. The caches are held until the addresses are
/// matched, so an address cannot be reused by another mapping meanwhile. A
/// folder or cache this guessed wrong (another configuration's folders, a
/// stale cache the configuration replaces) only costs the spare core's
/// time: nothing it named is used unless the configuration lists the same
/// pattern.
final class EarlyNaming: @unchecked Sendable {
    /// Where the caches of the installed fonts are looked for.
    struct Sources: Sendable {
        /// Cache folders, as fontconfig's `<cachedir>` elements.
        var cacheDirectories: [String]
        /// Font folders whose caches are read, each with the subfolders
        /// its cache records.
        var folders: [String]

        /// The folders of fontconfig's default configuration (upstream's
        /// and Debian's `fonts.conf`): `/var/cache/fontconfig` and the
        /// user's cache folders, `/usr/share/fonts`, `/usr/local/share/fonts`
        /// and the user's font folders. `nil` when the environment points
        /// fontconfig at another configuration or root, whose folders are
        /// unknown until it is parsed.
        static func standard(environment: (String) -> String? = SystemCalls.environment) -> Sources? {
            for name in ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"] {
                if let value = environment(name), !value.isEmpty { return nil }
            }
            let home = environment("HOME").flatMap { $0.hasPrefix("/") ? $0 : nil }
            func absolute(_ name: String) -> String? { environment(name).flatMap { $0.hasPrefix("/") ? $0 : nil } }
            var caches = ["/var/cache/fontconfig"]
            var folders = ["/usr/share/fonts", "/usr/local/share/fonts"]
            if let cacheHome = absolute("XDG_CACHE_HOME") ?? home.map({ $0 + "/.cache" }) {
                caches.append(cacheHome + "/fontconfig")
            }
            if let dataHome = absolute("XDG_DATA_HOME") ?? home.map({ $0 + "/.local/share" }) {
                folders.append(dataHome + "/fonts")
            }
            if let home {
                caches.append(home + "/.fontconfig")
                folders.append(home + "/.fonts")
            }
            return Sources(cacheDirectories: caches, folders: folders)
        }
    }

    /// Folders read at most, whatever the caches record (a link loop a
    /// cache followed, or a hostile tree of empty folders).
    static let folderLimit = 4096

    private let stopped = Atomic<Bool>(false)
    private let done = DispatchGroup()
    // Written by the worker only, read once `done` has been waited for.
    private var named: [UInt: NamedFace] = [:]
    private var caches: FontconfigCaches?

    private init() {}

    /// Starts reading and naming on another thread; `nil` on a single
    /// core, where it would only take the configuration's time.
    static func start(_ sources: Sources) -> EarlyNaming? {
        guard SystemCalls.processorCount > 1 else { return nil }
        let early = EarlyNaming()
        DispatchQueue.global().async(group: early.done) { early.run(sources) }
        return early
    }

    private func run(_ sources: Sources) {
        // Started late (a busy machine): the configuration is ready already.
        // Only the cache folders there are: fontconfig looks for each
        // font folder's cache in every one it is given (two failed opens
        // and a `.uuid` probe per folder for the user's usual two, which
        // a machine whose fonts came from packages does not have).
        guard !stopped.load(ordering: .relaxed),
            let caches = FontconfigCaches(
                cacheDirectories: sources.cacheDirectories.filter { SystemCalls.kind($0) == .directory })
        else { return }
        self.caches = caches
        var queue = sources.folders
        var seen = Set<String>()
        var next = 0
        // Faces slow to name (a WOFF2 font's Brotli stream, a Type 1
        // font's header) first: left for after the configuration, one of
        // them would hold the listing up while the other cores are done.
        var slow: [FontPattern] = []
        var others: [FontPattern] = []
        while next < queue.count, seen.count < Self.folderLimit, !stopped.load(ordering: .relaxed) {
            let folder = queue[next]
            next += 1
            guard seen.insert(folder).inserted, let found = caches.load(folder) else { continue }
            queue += found.subfolders.prefix(max(0, Self.folderLimit - queue.count))
            for pattern in found.patterns {
                if FileFormats.isSlowToName(pattern.file) { slow.append(pattern) } else { others.append(pattern) }
            }
        }
        var namer = NameVerifier()
        var objectNames = RawFace.ObjectNames()
        for pattern in [slow, others].joined() {
            if stopped.load(ordering: .relaxed) { return }
            // Bitmap faces are left to the configuration's turn: the usual
            // configuration rejects them (`70-no-bitmaps.conf`), and naming
            // one opens it with FreeType.
            guard pattern.isScalable else { continue }
            named[UInt(bitPattern: pattern.pointer)] = FontRegistry.name(
                pattern, namer: &namer, objectNames: &objectNames)
        }
    }

    /// Stops the naming (unless `stopping` is false: tests let it name
    /// every face it finds), waits for the face being named, and hands each
    /// face named so far to `body` with its pattern's address; the caches
    /// stay held until `body` returns.
    func finish<Result>(stopping: Bool = true, _ body: ([UInt: NamedFace]) -> Result) -> Result {
        if stopping { stopped.store(true, ordering: .relaxed) }
        done.wait()
        let named = self.named
        self.named = [:]
        // Then released: a cache the configuration maps too stays mapped
        // for it, a stale one is unmapped now.
        defer { caches = nil }
        return body(named)
    }
}

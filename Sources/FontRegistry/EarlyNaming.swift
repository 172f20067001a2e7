import Dispatch
import Glibc
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
/// face is named as before. The caches are held until the configuration
/// has loaded, so none of its patterns can be at an address a named face
/// had in a cache unmapped meanwhile. A
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

    /// What the worker has named, and whether it was told to stop: each
    /// face is added under the lock unless the naming has stopped, so the
    /// listing takes every face named so far without waiting for the one
    /// being named (a web font's can take a millisecond).
    private struct State {
        /// The worker has returned, or is about to run `handover`.
        var ended = false
        var named: [UInt: NamedFace] = [:]
        /// The caches, when every face was named before the naming was
        /// stopped: left to the listing (`Handoff`), which holds them
        /// until the configuration has loaded.
        var caches: FontconfigCaches?
        /// Work the listing hands the worker once it stops (`handOver`).
        var handover: (@Sendable () -> Void)?
    }
    private let state = Mutex(State())
    /// Set by `stop` before it takes the lock, so a face added under the
    /// lock after `stop` took the faces sees it; read without the lock
    /// before each face.
    private let stopping = Atomic<Bool>(false)
    private let done = DispatchGroup()

    /// Tests: the worker ends only once work is handed over (or ten
    /// seconds have passed), so that the listing's hand-over is made.
    private let waitsForHandover: Bool

    private init(waitsForHandover: Bool) {
        self.waitsForHandover = waitsForHandover
    }

    /// Starts reading and naming on another thread; `nil` on a single
    /// core, where it would only take the configuration's time.
    static func start(_ sources: Sources, waitsForHandover: Bool = false) -> EarlyNaming? {
        guard SystemCalls.processorCount > 1 else { return nil }
        let early = EarlyNaming(waitsForHandover: waitsForHandover)
        DispatchQueue.global().async(group: early.done) {
            early.name(sources)
            early.end()
        }
        return early
    }

    private func name(_ sources: Sources) {
        // Started late (a busy machine): the configuration is ready already.
        // Only the cache folders there are: fontconfig looks for each
        // font folder's cache in every one it is given (two failed opens
        // and a `.uuid` probe per folder for the user's usual two, which
        // a machine whose fonts came from packages does not have).
        // The caches stay held until the configuration has loaded (the
        // naming is stopped only then): no pattern it lists can be at an
        // address a face named here had in a cache since unmapped. Stopped
        // first, the worker releases them itself; done first, it leaves
        // them to the listing (`Handoff`).
        guard !isStopped,
            let caches = FontconfigCaches(
                cacheDirectories: sources.cacheDirectories.filter { SystemCalls.kind($0) == .directory })
        else { return }
        var queue = sources.folders
        var seen = Set<String>()
        var next = 0
        // Faces slow to name (a WOFF2 font's Brotli stream, a Type 1
        // font's header) first: left for after the configuration, one of
        // them would hold the listing up while the other cores are done.
        var slow: [FontPattern] = []
        var others: [FontPattern] = []
        while next < queue.count, seen.count < Self.folderLimit, !isStopped {
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
            // Bitmap faces are left to the configuration's turn: the usual
            // configuration rejects them (`70-no-bitmaps.conf`), and naming
            // one opens it with FreeType.
            guard pattern.isScalable else { continue }
            if isStopped { return }
            let face = FontRegistry.name(pattern, namer: &namer, objectNames: &objectNames)
            let kept = state.withLock { state in
                guard !isStopped else { return false }
                state.named[UInt(bitPattern: pattern.pointer)] = face
                return true
            }
            guard kept else { return }
        }
        state.withLock { state in
            if !isStopped { state.caches = caches }
        }
    }

    private var isStopped: Bool { stopping.load(ordering: .relaxed) }

    /// Marks the worker ended, then runs the work handed over, if any, on
    /// the same thread.
    private func end() {
        if waitsForHandover {
            let deadline = SystemCalls.monotonicSeconds() + 10
            while state.withLock({ $0.handover == nil }), SystemCalls.monotonicSeconds() < deadline {
                usleep(1000)
            }
        }
        let work = state.withLock { state -> (@Sendable () -> Void)? in
            state.ended = true
            defer { state.handover = nil }
            return state.handover
        }
        work?()
    }

    /// The faces named early, each under its pattern's address, and the
    /// caches their patterns are in when the worker finished before it was
    /// stopped: held until the configuration has loaded, then released
    /// (`release`, on any thread, once no one reads `named` from here).
    final class Handoff: @unchecked Sendable {
        private(set) var named: [UInt: NamedFace]
        private var caches: FontconfigCaches?

        init(named: [UInt: NamedFace], caches: FontconfigCaches?) {
            self.named = named
            self.caches = caches
        }

        func release() {
            named = [:]
            caches = nil
        }
    }

    /// Waits for the worker to name every face it finds (tests).
    func waitUntilEnded() { done.wait() }

    /// Stops the naming and takes every face named so far. With
    /// `waitingForAll` (tests) it first waits for the worker to name every
    /// face it finds. The face being named when the naming stops is left
    /// to the caller.
    func stop(waitingForAll: Bool = false) -> Handoff {
        if waitingForAll { done.wait() }
        stopping.store(true, ordering: .relaxed)
        return state.withLock { state in
            defer { (state.named, state.caches) = ([:], nil) }
            return Handoff(named: state.named, caches: state.caches)
        }
    }

    /// Hands `work` to the worker, which runs it once it has stopped: the
    /// listing's own naming, shared with the thread that is already there
    /// instead of a new one (with the pool's thread still busy with its
    /// last face, `concurrentPerform` started a third thread in half the
    /// runs, and a thread that allocates gets a heap of its own). `false`
    /// when the worker has ended already, and `work` is not run.
    func handOver(_ work: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.ended else { return false }
            state.handover = work
            return true
        }
    }
}

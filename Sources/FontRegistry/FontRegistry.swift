import Dispatch
import Synchronization
import TypefitCore

/// The fonts a machine has, and font files it has not installed, as plain
/// Swift values. This module is the only one that touches fontconfig and
/// FreeType.
public struct FontRegistry: Sendable {
    /// A fontconfig configuration file to use instead of the system's; `nil`
    /// uses the system configuration (which honours `FONTCONFIG_FILE`).
    public var configFile: String?
    /// Where to keep the listing cache; `nil` disables it.
    public var cacheDirectory: String?
    /// Where fontconfig's caches are read while the configuration loads
    /// (`EarlyNaming`); `nil` for the standard folders, which are read only
    /// for the system's configuration. Tests give a private one's.
    var earlySources: EarlyNaming.Sources?
    /// Whether the configuration loads only once every face found early is
    /// named (tests, which would otherwise race the configuration: two
    /// threads that load one cache file at once may both miss fontconfig's
    /// list of mapped caches and map it twice, and then no face named early
    /// is at the address the configuration lists: correct, but none is
    /// counted).
    var earlyNamingRunsToEnd = false
    /// Whether the early naming's thread waits to be handed the rest of
    /// the naming (tests of that hand-over, which would otherwise race).
    var earlyNamingWaitsForHandover = false

    /// Creates a registry. Nothing is loaded until a listing is asked for, so
    /// commands that need no fonts pay nothing for fontconfig.
    public init(configFile: String? = nil, cacheDirectory: String? = nil) {
        self.configFile = configFile
        self.cacheDirectory = cacheDirectory
    }

    /// Every installed face, the analogue of `UIFont.familyNames` with
    /// `fontNames(forFamilyName:)`. Unsorted: `FontCatalog` orders them.
    public func installedFaces() throws(RegistryError) -> [FontFace] {
        try installedListing().faces
    }

    /// The installed faces, whether they came from the listing cache (see
    /// `ListingCache`) rather than from fontconfig, and why a cache that
    /// was there could not be used (cut short, damaged, not a regular file:
    /// for a note under `--verbose`).
    public func installedListing() throws(RegistryError) -> (
        faces: [FontFace], fromCache: Bool, cacheProblem: String?
    ) {
        let cache = cacheDirectory.map { ListingCache(directory: $0, configFile: configFile) }
        var problem: String?
        if let cache {
            switch cache.load() {
            case .faces(let faces): return (faces, true, nil)
            case .miss(let found): problem = found
            }
        }
        let startedAt = SystemCalls.now()
        let (faces, dependencies, _) = try listFromFontconfig(dependencies: cache != nil)
        if let cache, let dependencies { cache.store(faces, dependencies: dependencies, startedAt: startedAt) }
        return (faces, false, problem)
    }

    /// The face fontconfig would use for `family` at `weight` (OpenType
    /// scale): the installed face a missing custom font falls back to, as
    /// `fc-match` reports it, then chosen within the family fontconfig
    /// picked by CSS's order (width first, then style, then weight; see
    /// `FaceMatching`), because fontconfig ranks weight above width and
    /// would take a condensed face of the right weight over a normal one
    /// of the next weight. `nil` when fontconfig matches nothing at all.
    public func fallback(family: String, weight: Int, italic: Bool, width: Int = 100) throws(RegistryError)
        -> FontFace?
    {
        let config = try configuration()
        guard let raw = config.match(family: family, weight: weight, italic: italic, width: width) else { return nil }
        var namer = NameVerifier()
        guard let matched = namer.face(from: raw) else { return nil }
        let familyFaces = FontCatalog.faces(try installedFaces(), inFamily: matched.family)
        return FaceMatching.nearest(to: weight, italic: italic, width: width, among: familyFaces) ?? matched
    }

    private func configuration() throws(RegistryError) -> FontconfigConfig {
        if let configFile { return try FontconfigConfig.load(path: configFile) }
        return try FontconfigConfig.system()
    }

    /// The installed faces, when asked what a cache of them depends on, and
    /// how many faces were named while the configuration loaded.
    func listFromFontconfig(dependencies wanted: Bool) throws(RegistryError) -> (
        [FontFace], FontconfigConfig.Dependencies?, namedEarly: Int
    ) {
        // Faces named from fontconfig's caches on the other core while the
        // configuration loads (a cold listing's first third, which keeps
        // one core busy and left the others idle).
        let early = (earlySources ?? (configFile == nil ? EarlyNaming.Sources.standard() : nil))
            .flatMap { EarlyNaming.start($0, waitsForHandover: earlyNamingWaitsForHandover) }
        if earlyNamingRunsToEnd { early?.waitUntilEnded() }
        let config: FontconfigConfig
        let patterns: [FontPattern]
        do {
            config = try configuration()
            patterns = try config.patterns()
        } catch {
            _ = early?.stop()
            throw error
        }
        // Each face named, with its number for the merge below (made on the
        // core that named it) and the instances fontconfig skipped beside a
        // variable face (`NameVerifier.mergedInstances`).
        let results = Slots<NamedFace?>(count: patterns.count, initial: nil)
        // The faces named early, found by their pattern's address as the
        // rest are named.
        let handoff = early?.stop(waitingForAll: earlyNamingRunsToEnd)
        // Read here once: the early naming's thread may release `handoff`
        // while this one still names its last chunk.
        let earlyNamed = handoff?.named ?? [:]
        // Reading patterns and naming faces is a third of a cold listing
        // after fontconfig's own work: shared out in chunks over every core
        // (the early naming's thread among them), each face stored at its
        // place in fontconfig's order. Faces slow to name (a WOFF2 font's
        // Brotli stream) are not sought out first: the early naming names
        // them first, and finding them beforehand took a millisecond on
        // one core (without early naming, as for another configuration,
        // one may come last: a millisecond at most, for a WOFF2 font).
        let chunkSize = 64
        let namedEarly = Atomic<Int>(0)
        let chunkCount = (patterns.count + chunkSize - 1) / chunkSize
        let chunks = ChunkQueue(count: chunkCount) { chunk in
            var namer = NameVerifier()
            var objectNames = RawFace.ObjectNames()
            var found = 0
            for index in chunk * chunkSize..<min(patterns.count, (chunk + 1) * chunkSize) {
                let pattern = patterns[index]
                if let face = earlyNamed[UInt(bitPattern: pattern.pointer)] {
                    results.store(face, at: index)
                    found += 1
                } else {
                    results.store(Self.name(pattern, namer: &namer, objectNames: &objectNames), at: index)
                }
            }
            namedEarly.add(found, ordering: .relaxed)
        }
        // What the early naming held (the caches it kept, when it named
        // every face before it was stopped: no address matched from here
        // on can be reused, the configuration's patterns all being there
        // already) is released by the early naming's thread once it has no
        // chunk left to take, else here once the chunks are done.
        // The listing waits for the chunks the other threads took, never
        // for a thread to come and take one: the early naming's thread may
        // still be naming a face the listing no longer needs (a WOFF2
        // font's Brotli stream, a millisecond), and a pool thread asked
        // for on a busy machine may start only after every chunk is done
        // (waiting for them, the listing lost 2-6 ms in one run of ten).
        let handedOver =
            early?.handOver {
                chunks.drain()
                handoff?.release()
            } == true
        if !handedOver {
            // A thread per core beside this one, but no more threads than
            // chunks: a configuration of a few dozen faces (a fresh
            // machine's, a private one) is one chunk, and a pool thread
            // started beside it would find nothing to take.
            for _ in 1..<max(1, min(SystemCalls.processorCount, chunkCount)) {
                DispatchQueue.global().async { chunks.drain() }
            }
        }
        chunks.drain()
        chunks.waitUntilFinished()
        if !handedOver { handoff?.release() }
        let dependencies = wanted ? config.dependencies() : nil
        var listed: [FontFace] = []
        var listedKeys: [UInt64] = []
        listed.reserveCapacity(patterns.count)
        listedKeys.reserveCapacity(patterns.count)
        // Each face moved, not copied, into the list (see `Slots.takeEach`).
        results.takeEach { result in
            guard let result else { return }
            if let face = result.face {
                listed.append(face)
                listedKeys.append(result.key)
            }
            if !result.instances.isEmpty {
                listed += result.instances
                listedKeys += result.instanceKeys
            }
        }
        // The faces hold copies of everything read from fontconfig, so its
        // configuration can go: left to the process's exit
        // (`leaveConfigurationsToExit`), else released (caches unmapped,
        // patterns freed: a millisecond and a half on a wide corpus) on
        // another core while this one merges the files reached by two paths
        // and the caller sorts the families; nothing waits for it. Run
        // beside the merge alone it was the longer of the two (1.5 ms
        // against 1.2 here) and slowed it: every unmapping interrupts the
        // other core to flush its view of the memory.
        // One is left at most: a run that lists twice releases the first.
        let released = Self.configurationLeftToExit.withLock { held -> FontconfigConfig? in
            guard case .some(let previous) = held else { return config }
            held = .some(config)
            return previous
        }
        if let released { DispatchQueue.global().async { released.destroy() } }
        FontCatalog.mergeDuplicateFiles(
            &listed, keys: listedKeys, identity: SystemCalls.identity, preferred: Self.preferredPath)
        return (listed, dependencies, namedEarly.load(ordering: .relaxed))
    }

    /// For a process that ends after its command (the `typefit`
    /// executable): the fontconfig configuration a listing loads is left
    /// to the process's exit instead of released once its faces are read.
    /// Releasing one unmaps fontconfig's caches one by one (on a wide
    /// corpus 59 unmappings, 1.5-2 ms of CPU, each also interrupting the
    /// other core to flush its view of the memory); the kernel takes the
    /// whole address space down at exit at once. A library (the tests,
    /// which list hundreds of times) releases them as before.
    public static func leaveConfigurationsToExit() {
        configurationLeftToExit.withLock { held in
            if case .none = held { held = .some(nil) }
        }
    }

    /// `nil` until `leaveConfigurationsToExit` asks for it; then the last
    /// listing's configuration, once there is one.
    private static let configurationLeftToExit = Mutex<FontconfigConfig??>(nil)

    /// One installed face named: its face (`nil` without a file), its
    /// number for the merge, and beside a variable face the instances
    /// fontconfig skipped with theirs. Reads only the pattern and the
    /// font's file, so a face named on another thread, or early, is the
    /// same.
    static func name(
        _ pattern: FontPattern, namer: inout NameVerifier, objectNames: inout RawFace.ObjectNames
    ) -> NamedFace {
        let face = namer.face(from: RawFace(pattern.pointer, names: &objectNames))
        guard let face else { return NamedFace(face: nil, key: 0, instances: [], instanceKeys: []) }
        let instances = face.isVariable ? namer.mergedInstances(of: face) : []
        return NamedFace(
            face: face, key: FontCatalog.duplicateKey(face), instances: instances,
            instanceKeys: instances.map(FontCatalog.duplicateKey))
    }

    /// The faces of font files and directories that need not be installed
    /// (an app's `Fonts/` folder). Directories are searched recursively and
    /// every file in them is recognised by content; named files are read
    /// whatever their name. Files that cannot be read as fonts come back as
    /// problems, never as a crash, a hang or a silent omission.
    public static func scan(_ paths: [String]) -> (faces: [FontFace], problems: [ScanProblem], notes: [ScanProblem]) {
        let result = FontScanner.scan(paths)
        return (result.faces, result.problems, result.notes)
    }

    /// Why the fontconfig configuration at `path` cannot be used (it is
    /// missing, not a regular file, or unreadable), or `nil` when it can be
    /// opened.
    public static func configurationProblem(_ path: String) -> String? {
        guard SystemCalls.kind(path) == .regular, SystemCalls.isReadable(path) else {
            return RegistryError.configurationUnreadable(path: path).message
        }
        return nil
    }

    /// Why a folder of font files (`--fonts-dir`) cannot be searched (it is
    /// missing, unreadable, neither a folder nor a file, or holds no file
    /// named or made like a font), or `nil`.
    public static func fontFolderProblem(_ path: String) -> String? {
        switch SystemCalls.classify(path) {
        case .missing(let reason): return reason
        case .other: return "not a folder of font files"
        case .regular, .directory:
            guard SystemCalls.isReadable(path) else { return "Permission denied" }
            // A wrong folder (the app's root, a typo'd subfolder that
            // exists) would measure with installed fonts in silence.
            guard !FontScanner.holdsFont(path) else { return nil }
            // Files typefit cannot open by name are said, not passed over.
            if let name = FontScanner.namesNotUTF8(path).first {
                return "holds no font file typefit can open: \(name): " + SystemCalls.notUTF8Reason()
            }
            return "holds no font file (.ttf, .otf, .ttc, .woff, .woff2 or another format fontconfig reads)"
        }
    }

    /// The files named or made like a font under `paths` (folders searched
    /// as `scan` searches them), each once, without reading their tables:
    /// what fallback adds to fontconfig, which reads them itself.
    public static func fontFiles(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.flatMap { FontScanner.fontFiles($0) }.filter { seen.insert($0).inserted }
    }

    /// `scan`, with the files that gave faces (for `UIAppFonts`).
    public static func scanFiles(_ paths: [String], workers: Int? = nil) -> ScanResult {
        FontScanner.scan(paths, workers: workers ?? FontScanner.workerCount)
    }

    static let fontExtensions: Set<String> = [
        "ttf", "otf", "ttc", "otc", "woff", "woff2", "pfb", "pfa",
        "pcf", "bdf", "dfont", "cff", "t1",
    ]

    static func hasFontExtension(_ name: String) -> Bool {
        var lower = name.lowercased()
        if lower.hasSuffix(".gz") { lower.removeLast(3) }
        guard let dot = lower.lastIndex(of: ".") else { return false }
        return fontExtensions.contains(String(lower[lower.index(after: dot)...]))
    }

    /// Which of two paths to the same file to show: a real file over a
    /// symlink, then the shorter path, then the first in byte order.
    static func preferredPath(_ a: String, _ b: String) -> Bool {
        let linkA = SystemCalls.isSymlink(a), linkB = SystemCalls.isSymlink(b)
        if linkA != linkB { return !linkA }
        if a.utf8.count != b.utf8.count { return a.utf8.count < b.utf8.count }
        return a < b
    }
}

/// Work in numbered chunks, each taken once by whichever thread running
/// `drain` asks first; `waitUntilFinished` waits for the chunks other
/// threads took, never for a thread that has not taken one.
final class ChunkQueue: Sendable {
    private let next = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)
    /// Signalled once, by whichever thread finishes the last chunk.
    private let lastFinished = DispatchSemaphore(value: 0)
    private let count: Int
    private let body: @Sendable (Int) -> Void

    init(count: Int, body: @escaping @Sendable (Int) -> Void) {
        self.count = count
        self.body = body
    }

    /// Runs chunks until none is left to take.
    func drain() {
        while true {
            let chunk = next.add(1, ordering: .relaxed).oldValue
            guard chunk < count else { return }
            body(chunk)
            // Releasing: what the chunk stored is seen by the thread that
            // reads the count (or is woken) after it.
            if finished.add(1, ordering: .acquiringAndReleasing).newValue == count { lastFinished.signal() }
        }
    }

    /// Returns once every chunk has run, on whichever thread took it.
    /// Called after `drain`, it waits only for chunks still running
    /// elsewhere.
    func waitUntilFinished() {
        guard finished.load(ordering: .acquiring) < count else { return }
        lastFinished.wait()
    }
}

/// A face as `FontRegistry.name` named it.
struct NamedFace: Sendable {
    var face: FontFace?
    var key: UInt64
    var instances: [FontFace]
    var instanceKeys: [UInt64]
}

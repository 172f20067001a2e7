import TypefitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A cache of the installed-font listing, so that a build script calling
/// `typefit list-fonts` many times pays for fontconfig's configuration
/// parsing once.
///
/// It is valid exactly as long as fontconfig's own view would be the same:
/// every font directory fontconfig scanned, every configuration file and
/// directory it read, and the usual user configuration places, each with its
/// modification time (a directory's mtime changes when a font is added or
/// removed, which is also what fontconfig's own cache checks). The file name
/// carries a hash of everything else that steers fontconfig (FONTCONFIG_FILE,
/// FONTCONFIG_PATH, FONTCONFIG_SYSROOT, HOME, XDG_* and the configuration
/// file typefit was given).
///
/// The file is read and written as one validated unit, in a folder only its
/// user can write (created 0700; one owned by someone else, or writable by
/// group or others, is not used), never through a link and never from a
/// FIFO or device: opened with `O_NOFOLLOW|O_NONBLOCK` relative to the
/// opened folder, and only a regular file is read. A file cut short,
/// damaged or of another version is rebuilt (`FaceListingCodec`'s trailer
/// says which), with a note under `--verbose`.
struct ListingCache {
    let directory: String
    let name: String
    var path: String { directory + "/" + name }

    init(directory: String, configFile: String?) {
        var key = "typefit-listing\u{0}\(configFile ?? "-")"
        for name in Self.environmentKeys {
            key += "\u{0}\(name)=\(SystemCalls.environment(name) ?? "-")"
        }
        self.directory = directory
        name = "fonts-" + Self.hash(key) + ".cache"
    }

    /// What loading found: the faces, or why they were not usable (`nil`
    /// for an ordinary miss: no cache yet, or fonts changed since).
    enum Loaded {
        case faces([FontFace])
        case miss(problem: String?)
    }

    /// The cache folder, opened, when only this user can write it; else
    /// why not. Its path is opened one folder at a time, each relative to
    /// the one before and created (0700) where missing: a link on the way
    /// is followed only when it belongs to this user or root. As root with
    /// `HOME` another user's, a `.cache` link of theirs would otherwise have
    /// root create the folder and the cache wherever it points.
    func openFolder(creating: Bool) -> Result<Int32, CacheProblem> {
        let absolute = directory.hasPrefix("/")
        var fd = SystemCalls.retryingInterrupts {
            open(absolute ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else {
            return .failure(CacheProblem(text: "the cache folder \(directory): \(SystemCalls.lastError())"))
        }
        let components = directory.split(separator: "/").map(String.init).filter { $0 != "." }
        var reached = absolute ? "" : "."
        for (index, name) in components.enumerated() {
            let isLast = index == components.count - 1
            reached += "/" + name
            func openNext(following: Bool) -> Int32 {
                SystemCalls.retryingInterrupts {
                    openat(fd, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (following ? 0 : O_NOFOLLOW))
                }
            }
            var next = openNext(following: false)
            if next < 0, errno == ENOENT, creating {
                _ = mkdirat(fd, name, 0o700)
                next = openNext(following: false)
            }
            if next < 0, errno == ELOOP || errno == ENOTDIR, !isLast {
                var info = stat()
                if fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFLNK {
                    guard info.st_uid == geteuid() || info.st_uid == 0 else {
                        close(fd)
                        return .failure(
                            CacheProblem(
                                text: "the cache folder \(directory) is reached through \(reached), a symbolic link "
                                    + "of another user (uid \(info.st_uid)); not used"))
                    }
                    next = openNext(following: true)
                }
            }
            let failure = errno
            close(fd)
            guard next >= 0 else {
                if failure == ENOENT { return .failure(CacheProblem(text: nil)) }
                if isLast, failure == ELOOP || failure == ENOTDIR {
                    return .failure(
                        CacheProblem(text: "the cache folder \(directory) is not a folder (a link?); not used"))
                }
                return .failure(
                    CacheProblem(text: "the cache folder \(directory): \(String(cString: strerror(failure)))"))
            }
            fd = next
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            close(fd)
            return .failure(
                CacheProblem(
                    text: "the cache folder \(directory) can be written by others than this user; not used"))
        }
        return .success(fd)
    }

    struct CacheProblem: Error { var text: String? }

    static let environmentKeys = [
        "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "HOME",
        "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CACHE_HOME",
    ]

    /// The cached faces when the file is whole and every validator still
    /// holds.
    func load() -> Loaded {
        let folder: Int32
        switch openFolder(creating: false) {
        case .success(let fd): folder = fd
        case .failure(let problem): return .miss(problem: problem.text)
        }
        defer { close(folder) }
        let fd = SystemCalls.retryingInterrupts {
            openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        guard fd >= 0 else {
            if errno == ENOENT { return .miss(problem: nil) }
            return .miss(problem: "the listing cache \(path) cannot be read (\(SystemCalls.lastError())); rebuilt")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 256 << 20 else {
            return .miss(problem: "the listing cache \(path) is not a regular file; rebuilt")
        }
        guard let bytes = SystemCalls.readAll(fd, size: Int(info.st_size)) else {
            return .miss(problem: "the listing cache \(path) cannot be read (\(SystemCalls.lastError())); rebuilt")
        }
        let validators: [CacheValidator]
        let faces: [FontFace]
        switch FaceListingCodec.decodeChecked(bytes) {
        case .success(let decoded):
            (validators, faces) = decoded
        case .failure(let damage):
            return .miss(problem: "the listing cache \(path) is \(damage.reason); rebuilt")
        }
        guard !validators.isEmpty else { return .miss(problem: "the listing cache \(path) names no inputs; rebuilt") }
        for validator in validators where SystemCalls.modificationStamp(validator.path) != validator.stamp {
            return .miss(problem: nil)
        }
        return .faces(faces)
    }

    /// Stores `faces` with what they depend on. Skipped when anything changed
    /// while fontconfig was reading (a stamp newer than `startedAt` less a
    /// margin): a font copied in during the scan must not be cached away.
    func store(
        _ faces: [FontFace], dependencies: (fontDirectories: [String], configuration: [String]),
        startedAt: Int64
    ) {
        // Create the cache's directory before taking stamps: creating it may
        // change the mtime of a directory the listing depends on.
        guard case .success(let folder) = openFolder(creating: true) else { return }
        defer { close(folder) }
        var paths = dependencies.fontDirectories + dependencies.configuration
        let home = SystemCalls.environment("HOME")
        let configHome = SystemCalls.environment("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        if let configHome { paths += [configHome + "/fontconfig/fonts.conf", configHome + "/fontconfig/conf.d"] }
        if let home { paths += [home + "/.fonts.conf", home + "/.fonts.conf.d"] }
        // A new file beside a configuration file (an include that was
        // missing) changes its directory's mtime. Font directories need no
        // such check: a missing one is recorded as missing.
        paths += dependencies.configuration.compactMap { path in path.lastIndex(of: "/").map { String(path[..<$0]) } }
        var seen = Set<String>()
        var validators: [CacheValidator] = []
        for path in paths where !path.isEmpty && seen.insert(path).inserted {
            let stamp = SystemCalls.modificationStamp(path)
            if let stamp, stamp > startedAt - 2_000_000_000 { return }
            validators.append(CacheValidator(path: path, stamp: stamp))
        }
        let text = FaceListingCodec.encode(validators: validators, faces: faces)
        // A temporary (O_EXCL, never a link) renamed over the name: whatever
        // was at the name, link or FIFO, is replaced, never opened.
        guard let (fd, temporary) = TemporaryFiles.create(in: folder) else { return }
        let written = SystemCalls.writeAll(Array(text.utf8), to: fd)
        if close(fd) == 0, written, renameat(folder, temporary, folder, name) == 0 {
            TemporaryFiles.forget(folder: folder, name: temporary)
        } else {
            TemporaryFiles.remove(folder: folder, name: temporary)
        }
    }

    /// FNV-1a, 64 bits, as hex: a stable file name, not a security measure.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

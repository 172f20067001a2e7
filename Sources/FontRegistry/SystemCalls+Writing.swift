#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way typefit writes a file (specimens, manual pages, the listing
/// cache). Every user of a build machine runs it as root in a container at
/// some point, so it must never turn a device, a FIFO or a symbolic link
/// into a regular file, never follow a name someone else could plant, and
/// never leave the old file half-replaced.
extension SystemCalls {
    /// Writes `bytes` to `path` as a shell's `>` would, without its hazards:
    /// - a symbolic link is followed and its target written (a dangling
    ///   link creates its target, as `>` does);
    /// - a device, FIFO or socket is opened and written in place, never
    ///   replaced (`/dev/null` stays the device; a FIFO's reader gets the
    ///   bytes);
    /// - a regular file (or a new one) is written whole to an unguessable
    ///   temporary in the same folder, created with `O_EXCL`, given the old
    ///   file's mode and owner (a new file 0666 less the umask), synced, then
    ///   renamed over the old one: a reader sees the old file or the new,
    ///   never half of one, and a failure leaves the old file as it was with
    ///   no temporary behind;
    /// - a directory is refused.
    /// `nil` on success, else why it failed, in words (`strerror`'s where
    /// the system said no).
    public static func writeFile(_ bytes: [UInt8], to path: String) -> String? {
        guard !path.isEmpty else { return "an empty path" }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? replaceAtomically(bytes, at: path, existing: nil) : lastError()
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return replaceAtomically(bytes, at: path, existing: info)
        case S_IFDIR:
            return "is a directory"
        case S_IFLNK:
            return writeThroughLink(bytes, at: path)
        default:
            return writeInPlace(bytes, at: path)
        }
    }

    /// A symbolic link: what it reaches decides. `/dev/stdout` and a shell's
    /// `>(…)` (`/dev/fd/63`) are links to pipes that only `open` can follow
    /// (their text, `pipe:[…]`, is no path), so a link that reaches
    /// something is classified with `stat`, and only a dangling one is
    /// walked by hand to find the name to create.
    private static func writeThroughLink(_ bytes: [UInt8], at path: String) -> String? {
        var target = stat()
        guard stat(path, &target) == 0 else {
            switch errno {
            case ENOENT:
                guard let end = danglingTarget(of: path) else { return lastError() }
                return replaceAtomically(bytes, at: end, existing: nil)
            case ELOOP: return "a symbolic link loop"
            default: return lastError()
            }
        }
        switch target.st_mode & S_IFMT {
        case S_IFREG:
            guard let resolved = realPath(path) else { return lastError() }
            return replaceAtomically(bytes, at: resolved, existing: target)
        case S_IFDIR:
            return "is a symbolic link to a directory"
        default:
            return writeInPlace(bytes, at: path)
        }
    }

    /// The name a dangling link chain ends at (the file `>` would create),
    /// or `nil` with `errno` set.
    private static func danglingTarget(of path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else { return errno == ENOENT ? current : nil }
            guard info.st_mode & S_IFMT == S_IFLNK else { return current }
            guard let text = readLink(current) else { return nil }
            current = text.hasPrefix("/") ? text : folder(of: current) + "/" + text
        }
        errno = ELOOP
        return nil
    }

    /// A device, FIFO or socket, or what a link reaches that is one: opened
    /// without creating or truncating anything, and written. A FIFO's open
    /// waits for its reader, as `>` does.
    private static func writeInPlace(_ bytes: [UInt8], at path: String) -> String? {
        let fd = retryingInterrupts { open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
        guard fd >= 0 else {
            if errno == ENXIO, kind(path) == .other, isSocket(path) {
                return "is a socket; typefit writes to files, devices and FIFOs"
            }
            return lastError()
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = lastError()
            close(fd)
            return reason
        }
        // A regular file put in its place since the look: writing it without
        // truncating would leave the old file's tail behind.
        guard info.st_mode & S_IFMT != S_IFREG else {
            close(fd)
            return "was replaced by a regular file while typefit wrote it; nothing was written"
        }
        let written = writeAll(bytes, to: fd)
        let reason = written ? nil : lastError()
        close(fd)
        return reason
    }

    /// Writes a new version of the regular file `path` (absent when
    /// `existing` is `nil`) beside it and renames it into place.
    private static func replaceAtomically(_ bytes: [UInt8], at path: String, existing: stat?) -> String? {
        let folder = folder(of: path)
        guard let (fd, temporary) = createTemporary(in: folder) else {
            if errno == ENOENT || errno == ENOTDIR { return "the folder \(folder) does not exist" }
            return lastError()
        }
        func fail() -> String {
            let reason = lastError()
            close(fd)
            unlink(temporary)
            return reason
        }
        if let existing {
            // Owner first: chown clears set-user-ID bits that fchmod then
            // restores. A user who cannot give a file away keeps it, as an
            // editor's save does.
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                if fchown(fd, existing.st_uid, existing.st_gid) != 0 { _ = fchown(fd, UInt32.max, existing.st_gid) }
            }
            guard fchmod(fd, existing.st_mode & 0o7777) == 0 else { return fail() }
        } else {
            guard fchmod(fd, 0o666 & ~currentUmask()) == 0 else { return fail() }
        }
        guard writeAll(bytes, to: fd), fsync(fd) == 0 else { return fail() }
        guard close(fd) == 0 else {
            let reason = lastError()
            unlink(temporary)
            return reason
        }
        guard rename(temporary, path) == 0 else {
            let reason = lastError()
            unlink(temporary)
            return reason
        }
        // The rename itself is durable once the folder is synced; a folder
        // that cannot be opened for that (rare) costs durability only.
        let directory = retryingInterrupts { open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
        return nil
    }

    /// The folder a path names a file in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates an empty file with an unguessable name in `folder`, as
    /// `mkstemp` does (`O_CREAT|O_EXCL`, mode 0600: a name planted in a
    /// shared folder is skipped, never followed), and close-on-exec, which
    /// Glibc's module offers no `mkostemp` for. `nil` with `errno` set.
    private static func createTemporary(in folder: String) -> (Int32, String)? {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 36)
            let path = folder + "/.typefit-" + suffix
            let fd = retryingInterrupts {
                open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
            if fd >= 0 { return (fd, path) }
            guard errno == EEXIST else { return nil }
        }
        return nil
    }

    /// The text of a symbolic link, or `nil` with `errno` set.
    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress.map { readlink(path, $0, raw.count - 1) } ?? -1
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canonical path `path` reaches, or `nil` with `errno` set.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    /// The process's umask, read without changing it: `umask(2)` can only
    /// set it, and setting it even for a moment races with other threads
    /// creating files. Linux has shown it in /proc/self/status since 4.7
    /// (a /proc file's size is 0, so it is read to its end, not by size).
    static func currentUmask() -> mode_t {
        let status = withOpenFile("/proc/self/status") { fd -> String in
            guard let fd else { return "" }
            var bytes: [UInt8] = []
            while bytes.count < 1 << 16, let chunk = read(fd, offset: bytes.count, count: 4096), !chunk.isEmpty {
                bytes += chunk
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        if let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = mode_t(String(line.dropFirst(6).filter { !$0.isWhitespace }), radix: 8)
        {
            return value
        }
        let old = umask(0o022)
        umask(old)
        return old
    }
}

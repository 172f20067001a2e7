import TypefitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system questions the registry asks, through libc.
enum FileSystem {
    enum Kind { case regular, directory, other, missing }

    /// What `path` is, following symlinks.
    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// What `path` is, following symlinks, with the reason when it cannot
    /// be reached (a dangling link, a link loop).
    enum Classification {
        case regular, directory, other
        case missing(String)
    }

    static func classify(_ path: String) -> Classification {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ELOOP: return .missing("a symbolic link loop")
            case ENOENT where isSymlink(path): return .missing("a symbolic link to nothing")
            case ENOENT: return .missing("no such file or directory")
            default: return .missing(lastError())
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The size of an open regular file, or `nil` when it is not one.
    static func regularFileSize(_ fd: Int32) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The device and inode `path` reaches, following symlinks.
    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether `path` itself is a symbolic link.
    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// Whether the process may read `path`.
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// The entries of a directory (without `.` and `..`), sorted, or `nil`
    /// when it cannot be opened.
    static func entries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Read the name in place up to its terminator: copying the
            // 256-byte d_name field would read bytes the kernel never wrote.
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Reads `count` bytes at `offset` of an open file (fewer at its end),
    /// or `nil` on error.
    static func read(_ fd: Int32, offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= 1 << 20 else { return nil }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
        guard n >= 0 else { return nil }
        buffer.removeLast(count - n)
        return buffer
    }

    /// Runs `body` with a read-only descriptor of `path` (`nil` when it
    /// cannot be opened; a FIFO or device never blocks the open).
    static func withOpenFile<T>(_ path: String, _ body: (Int32?) -> T) -> T {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        return body(fd >= 0 ? fd : nil)
    }

    /// The modification time of `path` in nanoseconds (following symlinks),
    /// or `nil` when it does not exist.
    static func modificationStamp(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// The current time in nanoseconds.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// The whole of a regular file, or `nil`.
    static func readFile(_ path: String, limit: Int = 64 << 20) -> [UInt8]? {
        withOpenFile(path) { fd -> [UInt8]? in
            guard let fd else { return nil }
            var info = stat()
            guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= limit else {
                return nil
            }
            return read(fd, offset: 0, count: Int(info.st_size))
        }
    }

    /// Writes `bytes` to `path` through a temporary file and a rename, so a
    /// reader never sees half a file; creates missing parent directories.
    /// Returns whether it worked.
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
        guard let slash = path.lastIndex(of: "/") else { return false }
        makeDirectories(String(path[..<slash]))
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                close(fd)
                unlink(temporary)
                return false
            }
            offset += n
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// `mkdir -p`.
    static func makeDirectories(_ path: String) {
        guard !path.isEmpty, kind(path) != .directory else { return }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            makeDirectories(String(path[..<slash]))
        }
        mkdir(path, 0o755)
    }

    /// An environment variable, or `nil` when unset.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The text of errno, for messages.
    static func lastError() -> String { String(cString: strerror(errno)) }
}

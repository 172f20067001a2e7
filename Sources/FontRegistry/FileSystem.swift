#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TypefitCore

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
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
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

    /// The text of errno, for messages.
    static func lastError() -> String { String(cString: strerror(errno)) }
}

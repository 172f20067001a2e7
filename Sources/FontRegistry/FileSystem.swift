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

    /// The text of errno, for messages.
    static func lastError() -> String { String(cString: strerror(errno)) }
}

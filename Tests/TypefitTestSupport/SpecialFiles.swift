import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Device nodes, FIFOs and sockets made in a test's own scratch folder, so
/// that no test ever points typefit at `/dev/null` or any other system path.
public enum SpecialFiles {
    /// What `lstat` says a path is.
    public enum Kind: Equatable, Sendable {
        case regular, directory, symlink, characterDevice, fifo, socket, other, missing
    }

    /// The kind of `path` itself (a link is a link).
    public static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        case S_IFCHR: return .characterDevice
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        default: return .other
        }
    }

    /// Mode bits, owner, group and inode of `path` (not following a link).
    public static func status(_ path: String) -> (
        mode: UInt32, uid: UInt32, gid: UInt32, inode: UInt64, device: UInt64
    )? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & 0o7777, info.st_uid, info.st_gid, UInt64(info.st_ino), UInt64(info.st_rdev))
    }

    /// Linux's encoding of a device number (glibc's `makedev`, which Swift
    /// does not import).
    static func deviceNumber(major: UInt64, minor: UInt64) -> UInt64 {
        ((major & 0xfff) << 8) | (minor & 0xff) | ((minor & ~0xff) << 12) | ((major & ~0xfff) << 32)
    }

    /// The device number of the null device, 1:3 on Linux.
    public static let nullDevice = deviceNumber(major: 1, minor: 3)

    /// Makes a character device node for the null device (1:3) at `path`;
    /// whether it could (it needs root's CAP_MKNOD).
    @discardableResult
    public static func makeNullDevice(at path: String) -> Bool {
        mknod(path, S_IFCHR | 0o666, dev_t(nullDevice)) == 0
    }

    /// Whether this process may make device nodes and open them: tried
    /// once in a scratch folder (root's CAP_MKNOD makes one anywhere, but a
    /// folder on a `nodev` mount, as a sandbox's /tmp often is, refuses
    /// to open it).
    public static let canMakeDeviceNodes: Bool = {
        let dir = Fixtures.temporaryDirectory("mknod-probe")
        defer { try? FileManager.default.removeItem(at: dir) }
        let node = dir.appendingPathComponent("null").path
        guard makeNullDevice(at: node) else { return false }
        let fd = open(node, O_WRONLY)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }()

    /// Makes a FIFO at `path`.
    public static func makeFIFO(at path: String) -> Bool { mkfifo(path, 0o644) == 0 }

    /// Makes a listening Unix socket at `path`; its descriptor (close it at
    /// the end) or `nil`.
    public static func makeSocket(at path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(fd, 1) == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// The umask as a shell reports it (an oracle that is not typefit's
    /// own reading of /proc).
    public static func shellUmask() throws -> UInt32? {
        guard let result = try BinaryRunner.runTool("sh", ["-c", "umask"]) else { return nil }
        return UInt32(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), radix: 8)
    }

    /// Names in `folder` other than `expected`: a temporary left behind.
    public static func leftovers(in folder: URL, expected: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !expected.contains($0) }.sorted()
    }

    /// Reads everything written to the FIFO at `path` on a thread of its
    /// own (the writer's open waits for it); `wait()` returns the bytes.
    public final class FIFOReader: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var data = Data()

        /// Starts reading `path`.
        public init(path: String) {
            Thread.detachNewThread { [self] in
                if let handle = FileHandle(forReadingAtPath: path) {
                    data = handle.readDataToEndOfFile()
                    try? handle.close()
                }
                done.signal()
            }
        }

        /// What the reader got once the writer closed, or `nil` after
        /// `seconds`.
        public func wait(seconds: Double = 30) -> String? {
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
    }
}

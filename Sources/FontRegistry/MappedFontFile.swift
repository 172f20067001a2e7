import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A font file mapped into memory once for every face opened from it: the
/// HarfBuzz faces that shape and the FreeType faces that draw, on every
/// worker, read the same pages.
///
/// Mapped by each of them (HarfBuzz's `hb_blob_create_from_file`,
/// FreeType's `FT_New_Face`), a file was mapped once per face per worker:
/// `review` of Pocket Casts' strings mapped Noto Sans CJK's 19 MB
/// collection twelve times (three of its faces, shaping and drawing, two
/// workers), and reading outlines made each mapping resident, 61 MB of the
/// run's 146 MB peak. Shared, the pages a run reads count once.
///
/// A mapping lives while a face holds it: the process-wide table holds
/// each weakly. A file is known again by its device, inode, size and
/// modification time, so a file replaced at the same path is mapped anew.
final class MappedFontFile: @unchecked Sendable {
    /// The file's bytes (read-only; the mapping is never written).
    let bytes: UnsafeRawBufferPointer

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    deinit {
        if let base = bytes.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }

    /// What identifies a file's contents while it is mapped.
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    /// A weak reference, so that the table keeps no mapping alive.
    private final class Entry: @unchecked Sendable {
        weak var file: MappedFontFile?
        init(_ file: MappedFontFile) { self.file = file }
    }

    private static let table = Mutex<[Identity: Entry]>([:])

    /// The most bytes a font file mapped here may have: HarfBuzz refuses
    /// a blob of 2 GiB or more (`hb_blob_create_or_fail`).
    static let maximumBytes = Int(Int32.max)

    /// `path`'s bytes, mapped or found mapped, or why not (a reason for a
    /// message: not a regular file, empty, too large, unreadable).
    static func mapped(_ path: String) -> Result<MappedFontFile, Failure> {
        // Non-blocking: a FIFO at a font's path opens at once and is then
        // refused, rather than waiting for a writer.
        let fd = SystemCalls.retryingInterrupts { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { return .failure(Failure(reason: SystemCalls.lastError())) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(Failure(reason: SystemCalls.lastError())) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Failure(reason: "not a regular file")) }
        let size = Int(info.st_size)
        guard size > 0 else { return .failure(Failure(reason: "the file is empty")) }
        guard size <= maximumBytes else { return .failure(Failure(reason: "the file is 2 GiB or more")) }
        let identity = Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        return table.withLock { table -> Result<MappedFontFile, Failure> in
            if let known = table[identity]?.file { return .success(known) }
            guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else {
                return .failure(Failure(reason: SystemCalls.lastError()))
            }
            let file = MappedFontFile(bytes: UnsafeRawBufferPointer(start: base, count: size))
            // Entries whose mapping is gone make room as new files come.
            if table.count >= 64 { table = table.filter { $0.value.file != nil } }
            table[identity] = Entry(file)
            return .success(file)
        }
    }

    /// Why a file could not be mapped.
    struct Failure: Error {
        var reason: String
    }
}

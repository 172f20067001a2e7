import TypefitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every libc call typefit makes (files, descriptors, the environment, a
/// child process), in one place, with one way to retry a call that a
/// signal interrupted. Only the dynamic loading of HarfBuzz, ICU and Brotli
/// (`DynamicLibrary`) and fontconfig/FreeType themselves are elsewhere.
public enum SystemCalls {
    /// Calls `call` again for as long as it fails with `EINTR` (a signal
    /// arrived before it did anything); its result otherwise.
    static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

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
            case ELOOP: return .missing(linkFailure(path))
            case ENOENT where isSymlink(path): return .missing("a symbolic link to nothing")
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

    /// The owner of the link at `path` (not of what it reaches), or `nil`.
    static func linkOwner(_ path: String) -> UInt32? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_uid : nil
    }

    /// Whether `path` itself is a symbolic link.
    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// `path` made absolute against the working folder (as typed: no link
    /// is resolved); `path` itself when the working folder is unknown.
    public static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return (folder.hasSuffix("/") ? folder : folder + "/") + relative
    }

    /// Whether the process may read `path`.
    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// A directory's entry: its name, and whether it is a symbolic link.
    struct Entry {
        /// The name; escaped (`caf\xE9.ttf`) when it is not UTF-8.
        var name: String
        var isLink: Bool
        /// Whether the name is UTF-8: a name that is not cannot be opened
        /// through a Swift string (it is shown escaped, and said, never
        /// skipped without a word).
        var isUTF8 = true
    }

    /// Why a file whose name is not UTF-8 is not read (`others`: how many
    /// more such names were met).
    public static func notUTF8Reason(others: Int = 0) -> String {
        "its name is not UTF-8 (shown with \\x escapes): typefit cannot open it by name; rename it"
            + (others > 0 ? " (and \(others) more such names)" : "")
    }

    /// A file name's bytes as a String: itself when they are UTF-8, else
    /// with each byte that is not shown as `\xNN` (`caf\xE9.ttf`), and
    /// `false`.
    public static func shownName<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (name: String, isUTF8: Bool) {
        if let name = String(validating: bytes, as: UTF8.self) { return (name, true) }
        var shown = ""
        var valid: [UInt8] = []
        var rest = Array(bytes)[...]
        while let first = rest.first {
            // The longest valid sequence at the front (1 to 4 bytes).
            var width = 0
            for candidate in 1...min(4, rest.count)
            where String(validating: rest.prefix(candidate), as: UTF8.self) != nil {
                width = candidate
                break
            }
            if width > 0 {
                valid += rest.prefix(width)
                rest = rest.dropFirst(width)
            } else {
                shown += String(decoding: valid, as: UTF8.self)
                valid.removeAll()
                let digits = String(first, radix: 16, uppercase: true)
                shown += "\\x" + (digits.count == 1 ? "0" : "") + digits
                rest = rest.dropFirst()
            }
        }
        return (shown + String(decoding: valid, as: UTF8.self), false)
    }

    /// The entries of a directory (without `.` and `..`), sorted by name,
    /// or `nil` when it cannot be opened. Whether each is a link comes
    /// from the entry's type (no call per file), or from `lstat` where the
    /// file system gives none.
    static func entries(_ path: String) -> [Entry]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var entries: [Entry] = []
        let base = path.hasSuffix("/") ? path : path + "/"
        while let entry = readdir(dir) {
            // Read the name in place up to its terminator: copying the
            // 256-byte d_name field would read bytes the kernel never wrote.
            let (name, isUTF8) = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) {
                    shownName(
                        UnsafeBufferPointer(
                            start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))))
                }
            }
            guard name != "." && name != ".." else { continue }
            let type = entry.pointee.d_type
            let isLink = type == UInt8(DT_LNK) || (type == UInt8(DT_UNKNOWN) && isUTF8 && isSymlink(base + name))
            entries.append(Entry(name: name, isLink: isLink, isUTF8: isUTF8))
        }
        return entries.sorted { $0.name < $1.name }
    }

    /// The canonical path `path` reaches, every link resolved (`realpath`),
    /// or `nil` when it reaches nothing.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads `count` bytes at `offset` of an open file (fewer at its end),
    /// or `nil` on error.
    static func read(_ fd: Int32, offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, count <= 1 << 20 else { return nil }
        // Not zeroed first: `pread` writes the bytes kept (zeroing was a
        // whole pass over a web font's 100 KiB stream for each WOFF2 face
        // a listing names).
        var failed = false
        let buffer = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            let n = retryingInterrupts { pread(fd, raw.baseAddress, count, off_t(offset)) }
            failed = n < 0
            initialized = max(0, n)
        }
        return failed ? nil : buffer
    }

    /// `read` for one open file, with the first `prefix` bytes read once
    /// and every read inside them served from that copy: a face's header
    /// and table directory (and a small font's name table) lie there, and
    /// were four `pread`s per face for the hundreds of faces a listing
    /// names. The reader must not outlive `fd`.
    static func prefixReader(_ fd: Int32, prefix: Int = 4096) -> (Int, Int) -> [UInt8]? {
        final class Head {
            var bytes: [UInt8]??
        }
        let head = Head()
        return { offset, count in
            guard offset >= 0, count >= 0, offset <= prefix, count <= prefix - offset else {
                return read(fd, offset: offset, count: count)
            }
            if head.bytes == nil { head.bytes = .some(read(fd, offset: 0, count: prefix)) }
            guard case .some(.some(let bytes)) = head.bytes else { return nil }
            // Fewer bytes at the file's end, as `pread` gives.
            let start = min(offset, bytes.count)
            return Array(bytes[start..<min(offset + count, bytes.count)])
        }
    }

    /// Runs `body` with a read-only descriptor of `path` (`nil` when it
    /// cannot be opened; a FIFO or device never blocks the open).
    static func withOpenFile<T>(_ path: String, _ body: (Int32?) -> T) -> T {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
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

    /// Seconds on a clock that never goes back (for rates and timeouts).
    public static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `size` bytes of an open file from its start, read in chunks (a
    /// short file gives what it has), or `nil` with `errno` set.
    static func readAll(_ fd: Int32, size: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        while bytes.count < size {
            guard let chunk = read(fd, offset: bytes.count, count: min(1 << 20, size - bytes.count)) else { return nil }
            if chunk.isEmpty { break }
            bytes += chunk
        }
        return bytes
    }

    /// Writes all of `bytes` to a descriptor, through short writes and
    /// interruptions; whether it worked (`errno` says why not).
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            var offset = 0
            while offset < raw.count {
                let n = retryingInterrupts { write(fd, base + offset, raw.count - offset) }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        }
    }

    /// Reads a small input file (a spec, a strings file) whole, with a
    /// reason for each way that can fail: missing, a directory, not a
    /// regular file, larger than `limit`, unreadable. `what` names the kind
    /// of file in the too-large message.
    public static func readInput(
        _ path: String, limit: Int, what: String, resolved: ResolvedInput? = nil
    ) -> Result<[UInt8], InputFileError> {
        func failure(_ reason: String) -> Result<[UInt8], InputFileError> {
            .failure(InputFileError(path: path, reason: reason))
        }
        // The path is judged by the one rule for inputs (`InputPaths`)
        // unless the caller has judged it, and the file opened is the one
        // judged.
        let judged: ResolvedInput
        if let resolved {
            judged = resolved
        } else {
            switch InputPaths.resolve(path) {
            case .success(let input): judged = input
            case .failure(let error): return .failure(error)
            }
        }
        let fd = retryingInterrupts { open(judged.canonical, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC) }
        guard fd >= 0 else { return failure(lastError()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return failure(lastError()) }
        guard FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) == judged.identity else {
            return failure("changed while typefit read it")
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return failure("is a directory, not a file")
        case S_IFREG: break
        default: return failure("not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            let unit = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
            return failure("\(size) bytes is too large for \(what) (at most \(unit))")
        }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = bytes.withUnsafeMutableBytes { raw in
                retryingInterrupts { Glibc.read(fd, raw.baseAddress.map { $0 + offset }, size - offset) }
            }
            guard n > 0 else { return failure(n == 0 ? "shrank while being read" : lastError()) }
            offset += n
        }
        return .success(bytes)
    }

    /// Standard input read to its end (`--strings -`), at most `limit`
    /// bytes; the error names it as `-`.
    public static func readStandardInput(limit: Int, what: String) -> Result<[UInt8], InputFileError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { raw in
                retryingInterrupts { Glibc.read(0, raw.baseAddress, raw.count) }
            }
            guard n >= 0 else { return .failure(InputFileError(path: "-", reason: "standard input: " + lastError())) }
            if n == 0 { return .success(bytes) }
            bytes += chunk.prefix(n)
            guard bytes.count <= limit else {
                return .failure(
                    InputFileError(
                        path: "-", reason: "standard input is too large for \(what) (at most \(limit >> 20) MiB)"))
            }
        }
    }

    /// The processors the `Cpus_allowed:` line of /proc/self/status
    /// allows (a hexadecimal mask in comma-separated words), or `nil`.
    static func allowedProcessors(in status: [UInt8]) -> Int? {
        let text = String(decoding: status, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else {
            return nil
        }
        var count = 0
        for character in line.dropFirst("Cpus_allowed:".count) where character != "," && character != "\t" {
            guard let digit = character.hexDigitValue else { continue }
            count += digit.nonzeroBitCount
        }
        return count
    }

    /// An environment variable, or `nil` when unset.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether a descriptor is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether `path` is a regular file (links followed).
    public static func isRegularFile(_ path: String) -> Bool {
        if case .regular = classify(path) { return true }
        return false
    }

    /// The paths a shell pattern (`Resources/*.lproj/Localizable.strings`)
    /// matches, sorted as the shell sorts them, and those whose names are
    /// not UTF-8 (escaped, `SystemCalls.shownName`: they cannot be opened
    /// through a Swift string); `nil` when the folders cannot be read. The
    /// corresponding C function is `glob`.
    public static func expand(pattern: String) -> (paths: [String], notUTF8: [String])? {
        var found = glob_t()
        defer { globfree(&found) }
        switch glob(pattern, 0, nil, &found) {
        case 0: break
        case GLOB_NOMATCH: return ([], [])
        default: return nil
        }
        var paths: [String] = []
        var notUTF8: [String] = []
        for i in 0..<Int(found.gl_pathc) {
            guard let path = found.gl_pathv[i] else { continue }
            let (name, isUTF8) = shownName(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(path).assumingMemoryBound(to: UInt8.self), count: strlen(path)))
            if isUTF8 { paths.append(name) } else { notUTF8.append(name) }
        }
        return (paths, notUTF8)
    }

    /// How many processors typefit may use (at least 1), read once: the
    /// workers of a run and the slots made for them must agree.
    public static let processorCount: Int = {
        // The processors this process may run on (taskset, a container's
        // cpuset), from /proc: on a runner that gives typefit one core, a
        // second worker only adds its own set-up and hand-offs.
        if case .success(let bytes) = readInput("/proc/self/status", limit: 1 << 16, what: "a status file"),
            let count = allowedProcessors(in: bytes), count > 0
        {
            return count
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }()

    /// The first line a shell command prints, if it exits 0 (its stderr is
    /// discarded).
    public static func firstLine(ofCommand command: String) -> String? {
        guard let pipe = popen(command + " 2>/dev/null", "r") else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        let line = fgets(&buffer, Int32(buffer.count), pipe).map { _ in
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return pclose(pipe) == 0 ? line : nil
    }

    /// Keeps freed memory in the process for the next allocation instead
    /// of handing it back at once: glibc unmaps a freed block over its
    /// dynamic threshold (128 KB at start) and trims the heap's top past
    /// 128 KB, and each page so returned faults again when next used
    /// (a `fit` of 10,000 strings took 3,050 page faults, 2,200 with
    /// these, at the same peak). Blocks of 4 MiB and more still have
    /// mappings of their own, returned when freed.
    public static func keepFreedMemory() {
        #if canImport(Glibc)
            // `<malloc.h>` is not part of Swift's Glibc module: glibc's
            // `mallopt` found by name, with its ABI's parameter numbers
            // (M_TRIM_THRESHOLD -1, M_MMAP_THRESHOLD -3).
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let address = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(address, to: Mallopt.self)
            _ = mallopt(-3, 4 << 20)
            _ = mallopt(-1, 32 << 20)
        #endif
    }

    /// Ends the process.
    public static func exitProcess(_ status: Int32) -> Never { exit(status) }

    /// The text of errno, for messages.
    /// Ignores SIGPIPE: a write to a pipe whose reader is gone then fails
    /// with `EPIPE`, which the caller reports.
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// `strerror(errno)`: the system's words for the last failure.
    public static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Why an input file could not be read.
public struct InputFileError: Error, Sendable {
    /// The file.
    public var path: String
    /// Why, in words.
    public var reason: String
    /// Whether the file is there but typefit's rule for inputs refuses it
    /// (a link leading out of its tree, a `.git` folder), rather than
    /// missing or unreadable.
    public var isRefusal = false

    /// An error.
    public init(path: String, reason: String, isRefusal: Bool = false) {
        self.path = path
        self.reason = reason
        self.isRefusal = isRefusal
    }
}

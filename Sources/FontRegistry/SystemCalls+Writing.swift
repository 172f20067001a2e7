import TypefitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an output could not be opened or written: the path as given and the
/// reason in words.
public struct OutputFileError: Error, Equatable, Sendable {
    /// The path as the user gave it.
    public var path: String
    /// Why, in words (`strerror`'s where the system said no).
    public var reason: Message
}

/// The one way typefit writes a file (`--output`, manual pages). typefit
/// runs as a CI gate over pull requests, often as root: the checkout, and
/// any symbolic link in it, is the pull request author's. So the
/// destination is looked at once, before any work, through descriptors (each
/// path component opened with `openPathOnly|O_NOFOLLOW` relative to the folder
/// opened before it; links read and walked here, never by the kernel
/// behind our back), and the file is later written through what was
/// checked:
/// - a symbolic link is followed only when where it leads stays inside the
///   tree it was found in (`LinkTree`): the git repository that holds it
///   (where a checkout's committed links live), whatever the working folder
///   and whoever owns the link; else the folder typefit runs in, when the
///   link is inside it; a link in neither is followed when it belongs to
///   this user or root (`/dev/stdout`, a shell's `>(…)`), never another
///   user's (one planted in `/tmp` and flipped between a check and a
///   write). Nothing is written into a `.git` folder through a link.
///   `--follow-symlinks` follows every link;
/// - a device, FIFO or pipe is opened and written in place, never replaced;
/// - a regular file is replaced only if the user could write it with `>`
///   (opening it for writing succeeds), through an unguessable `O_EXCL`
///   temporary in the same folder given the old mode and owner, synced and
///   renamed: a reader sees the old file or the new, and SIGINT or SIGTERM
///   during the write removes the temporary;
/// - a directory or socket is refused.
public final class OutputFile {
    /// The path as the user gave it, for messages.
    public let path: String
    private let target: OutputTarget
    private var written = false

    private init(path: String, target: OutputTarget) {
        self.path = path
        self.target = target
    }

    deinit {
        switch target {
        case .stream(let fd): close(fd)
        case .file(let folder, _, _): close(folder)
        }
    }

    /// Looks at `path` and opens what will be written (a FIFO's open waits
    /// for its reader, as a shell's `>` does). Call it before the work, so
    /// that a bad destination costs nothing.
    public static func open(_ path: String, followSymlinks: Bool = false) -> Result<OutputFile, OutputFileError> {
        var walk = PathWalk(followSymlinks: followSymlinks)
        switch walk.resolve(path) {
        case .success(let target): return .success(OutputFile(path: path, target: target))
        case .failure(let reason): return .failure(OutputFileError(path: path, reason: reason.text))
        }
    }

    /// Writes `bytes` to what `open` checked: `nil` on success, else why
    /// it failed. A file is written once; the old file stays whole on any
    /// failure, with no temporary left behind.
    public func write(_ bytes: [UInt8]) -> String? {
        write(streaming: { emit in emit(bytes) })
    }

    /// Writes what `produce` hands its `emit`, piece by piece (a document
    /// of megabytes is never whole in memory), as `write(_:)` writes one
    /// array: `nil` on success, else why it failed. `emit` answers false
    /// once a write failed; `produce` then stops, and answers false
    /// itself when it could not make the whole document (nothing is
    /// renamed into place).
    public func write(streaming produce: (_ emit: ([UInt8]) -> Bool) -> Bool) -> String? {
        guard !written else { return "was already written" }
        written = true
        switch target {
        case .stream(let fd):
            return Self.pour(produce, into: fd)
        case .file(let folder, let name, let existing):
            return Self.replace(produce, in: folder, name: name, existing: existing)
        }
    }

    /// Writes what `produce` hands its `emit` to `fd`: `nil` when all of
    /// it was made and written, else why not (the first failed write's
    /// error, after which `emit` answers false).
    private static func pour(_ produce: (_ emit: ([UInt8]) -> Bool) -> Bool, into fd: Int32) -> String? {
        var failure: String?
        let made = produce { chunk in
            guard failure == nil else { return false }
            if !SystemCalls.writeAll(chunk, to: fd) { failure = SystemCalls.lastError() }
            return failure == nil
        }
        return failure ?? (made ? nil : "the document could not be made")
    }

    /// Writes a new version of `name` in `folder` beside it and renames it
    /// into place.
    private static func replace(
        _ produce: (_ emit: ([UInt8]) -> Bool) -> Bool, in folder: Int32, name: String, existing: stat?
    ) -> String? {
        guard let (fd, temporary) = TemporaryFiles.create(in: folder) else { return SystemCalls.lastError() }
        func fail() -> String {
            let reason = SystemCalls.lastError()
            close(fd)
            TemporaryFiles.remove(folder: folder, name: temporary)
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
            guard fchmod(fd, 0o666 & ~SystemCalls.currentUmask()) == 0 else { return fail() }
        }
        if let reason = pour(produce, into: fd) {
            close(fd)
            TemporaryFiles.remove(folder: folder, name: temporary)
            return reason
        }
        guard fsync(fd) == 0 else { return fail() }
        guard close(fd) == 0 else {
            let reason = SystemCalls.lastError()
            TemporaryFiles.remove(folder: folder, name: temporary)
            return reason
        }
        // renameat replaces whatever is at `name` by then (a link put there
        // since the look is replaced, not followed).
        guard renameat(folder, temporary, folder, name) == 0 else {
            let reason = SystemCalls.lastError()
            TemporaryFiles.remove(folder: folder, name: temporary)
            return reason
        }
        TemporaryFiles.forget(folder: folder, name: temporary)
        // The rename itself is durable once the folder is synced; an openPathOnly
        // descriptor cannot be synced, so the folder is opened for it (a
        // failure costs durability only).
        let directory = SystemCalls.retryingInterrupts { openat(folder, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
        return nil
    }
}

extension SystemCalls {
    /// `OutputFile.open` then `write`: `nil` on success, else why not.
    public static func writeFile(_ bytes: [UInt8], to path: String, followSymlinks: Bool = false) -> Message? {
        switch OutputFile.open(path, followSymlinks: followSymlinks) {
        case .success(let file): return file.write(bytes).map { Message($0) }
        case .failure(let error): return error.reason
        }
    }

    /// The folder a path names a file in (`.` for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The text of the symbolic link `name` in `folder` (an empty name: the
    /// link an `openPathOnly|O_NOFOLLOW` descriptor holds), or `nil` with `errno`
    /// set.
    static func readLink(at folder: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.baseAddress.map { readlinkat(folder, name, $0, raw.count - 1) } ?? -1
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The canonical path of the working folder, or `nil`.
    public static func workingFolder() -> String? {
        guard let text = getcwd(nil, 0) else { return nil }
        defer { free(text) }
        return String(cString: text)
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

    /// Why a path that `stat` refused with `ELOOP` cannot be reached, as
    /// seen by walking its links (at most 41 of them): a loop names the
    /// link that comes back, a long chain says so.
    static func linkFailure(_ path: String) -> String {
        var seen = Set<String>()
        var current = path
        for _ in 0...40 {
            guard seen.insert(current).inserted else { return "a symbolic link loop (through \(current))" }
            guard let text = readLink(at: AT_FDCWD, current) else { break }
            current = text.hasPrefix("/") ? text : folder(of: current) + "/" + text
        }
        return "more than 40 symbolic links in a row (the system's limit)"
    }
}

/// `openPathOnly` (Linux 2.6.39): a descriptor that names a file without opening
/// it, for `*at` calls, `fstat` and reading a link it holds. Glibc's Swift
/// module leaves it out (it is behind `_GNU_SOURCE`); its value is the same
/// on every Linux architecture Swift runs on.
private let openPathOnly: Int32 = 0o10_000_000

/// Resolves an output path one component at a time through descriptors,
/// deciding at each symbolic link whether to follow it (see `OutputFile`).
private struct PathWalk {
    struct Failure: Error {
        var text: Message
        init(text: String) { self.text = Message(text) }
        init(message: Message) { text = message }
    }

    let followSymlinks: Bool
    /// The canonical working folder: the tree the links inside it may point
    /// within (when no repository holds them). `nil` when it cannot be
    /// named (deleted), and no tree at all when it is `/`, where every path
    /// would be "inside".
    let workingFolder: String?
    /// The folder reached so far (an `openPathOnly` descriptor) and its canonical
    /// path.
    var folder: Int32 = -1
    var canonical = "/"
    /// Links followed, and where each was (a loop comes back to one).
    var hops = 0
    var visited: [String: Int] = [:]
    /// The links that oblige the destination to stay inside a tree, with
    /// their text and tree, for the check and its message.
    var confining: [(link: String, text: String, tree: LinkTree)] = []

    init(followSymlinks: Bool) {
        self.followSymlinks = followSymlinks
        workingFolder = SystemCalls.workingFolder().flatMap { $0 == "/" ? nil : $0 }
    }

    /// The tree a link in the folder `folder` (canonical) must stay inside,
    /// or `nil` when it is in none (then its owner decides).
    func tree(ofLinkIn folder: String) -> LinkTree? { LinkTree.of(folder, workingFolder: workingFolder) }

    static func join(_ folder: String, _ name: String) -> String { folder == "/" ? "/" + name : folder + "/" + name }

    mutating func moveTo(_ fd: Int32, _ path: String) {
        if folder >= 0 { close(folder) }
        folder = fd
        canonical = path
    }

    mutating func start(at path: String) throws(Failure) {
        let absolute = path.hasPrefix("/")
        let fd = SystemCalls.retryingInterrupts {
            open(absolute ? "/" : ".", openPathOnly | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw Failure(text: SystemCalls.lastError()) }
        moveTo(fd, absolute ? "/" : SystemCalls.workingFolder() ?? ".")
    }

    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    mutating func resolve(_ path: String) -> Result<OutputTarget, Failure> {
        do throws(Failure) {
            guard !path.isEmpty else { throw Failure(text: "an empty path") }
            try start(at: path)
            var pending = Self.components(path)
            guard !pending.isEmpty else { throw Failure(text: "is a directory") }
            // A trailing slash names a folder: writing a file there is refused
            // as a directory would be.
            let wantsFolder = path.hasSuffix("/")
            // Whether the destination's name has been replaced by a link's
            // text (for the message when it ends at a folder).
            var throughLink = false
            var folderMessage: String { throughLink ? "is a symbolic link to a directory" : "is a directory" }
            while !pending.isEmpty {
                let name = pending.removeFirst()
                let isLast = pending.isEmpty
                if name == ".." {
                    let fd = SystemCalls.retryingInterrupts {
                        openat(folder, "..", openPathOnly | O_DIRECTORY | O_CLOEXEC)
                    }
                    guard fd >= 0 else { throw Failure(text: SystemCalls.lastError()) }
                    let parent = SystemCalls.folder(of: canonical)
                    moveTo(fd, parent == "." ? "/" : parent)
                    if isLast { throw Failure(text: folderMessage) }
                    continue
                }
                let fd = SystemCalls.retryingInterrupts { openat(folder, name, openPathOnly | O_NOFOLLOW | O_CLOEXEC) }
                if fd < 0 {
                    guard errno == ENOENT, isLast, !wantsFolder else {
                        if errno == ENOENT {
                            throw Failure(text: "the folder \(Self.join(canonical, name)) does not exist")
                        }
                        throw Failure(text: SystemCalls.lastError())
                    }
                    // A new file.
                    try checkConfinement(name)
                    return .success(.file(folder: take(), name: name, existing: nil))
                }
                var info = stat()
                guard fstat(fd, &info) == 0 else {
                    close(fd)
                    throw Failure(text: SystemCalls.lastError())
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    moveTo(fd, Self.join(canonical, name))
                    if isLast { throw Failure(text: folderMessage) }
                case S_IFLNK:
                    let location = Self.join(canonical, name)
                    let text = SystemCalls.readLink(at: fd, "")
                    close(fd)
                    guard let text else { throw Failure(text: SystemCalls.lastError()) }
                    hops += 1
                    visited[location, default: 0] += 1
                    // The kernel's limit; past it, a link met again is a
                    // loop, else the chain is just long (a path may pass one
                    // link twice, `a/../a/x`, without looping).
                    guard hops <= 40 else {
                        if let again = visited.filter({ $0.value > 1 }).keys.sorted().first {
                            throw Failure(text: "a symbolic link loop (through \(again))")
                        }
                        throw Failure(text: "more than 40 symbolic links in a row (the system's limit)")
                    }
                    var trusted = followSymlinks
                    if !followSymlinks {
                        if let tree = tree(ofLinkIn: canonical) {
                            confining.append((location, text, tree))
                        } else if LinkTree.trusts(owner: info.st_uid) {
                            trusted = true
                        } else {
                            confining.append((location, text, .owner(info.st_uid)))
                        }
                    }
                    // A trusted link the kernel reads differently from its
                    // text (`/proc/self/fd/1` → `pipe:[…]`): what it reaches
                    // decides. Anything but a file or folder is written in
                    // place.
                    if trusted, isLast, confining.isEmpty, let stream = try openStream(through: name) {
                        return .success(stream)
                    }
                    if text.hasPrefix("/") { try start(at: text) }
                    let more = Self.components(text)
                    if isLast { throughLink = true }
                    if more.isEmpty && isLast { throw Failure(text: folderMessage) }
                    pending = more + pending
                case S_IFREG:
                    guard isLast, !wantsFolder else {
                        close(fd)
                        throw Failure(text: "\(Self.join(canonical, name)) is not a folder")
                    }
                    close(fd)
                    try checkConfinement(name)
                    let existing = try checkWritable(name, expected: info)
                    return .success(.file(folder: take(), name: name, existing: existing))
                case S_IFSOCK:
                    close(fd)
                    throw Failure(text: "is a socket; typefit writes to files, devices and FIFOs")
                default:
                    // A device or FIFO.
                    close(fd)
                    guard isLast else { throw Failure(text: "\(Self.join(canonical, name)) is not a folder") }
                    try checkConfinement(name)
                    let out = SystemCalls.retryingInterrupts {
                        openat(folder, name, O_WRONLY | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
                    }
                    guard out >= 0 else { throw Failure(text: SystemCalls.lastError()) }
                    return .success(.stream(out))
                }
            }
            throw Failure(text: "is a directory")
        } catch {
            if folder >= 0 { close(folder) }
            folder = -1
            return .failure(error)
        }
    }

    /// The folder descriptor, handed over to the target.
    mutating func take() -> Int32 {
        let fd = folder
        folder = -1
        return fd
    }

    /// Refuses the destination `name` in the current folder when a link on
    /// the way obliges it to stay inside a tree and it does not.
    func checkConfinement(_ name: String) throws(Failure) {
        let destination = Self.join(canonical, name)
        guard !followSymlinks else { return }
        for link in confining {
            let through = Message("is reached through the symbolic link \(link.link) (→ \(link.text)), which ")
            switch link.tree {
            case .owner(let uid):
                throw Failure(
                    message: through
                        + "belongs to another user (uid \(uid)); typefit follows only its own user's and root's links outside a repository, or every link with \(CommandInput.followSymlinks)"
                )
            case .repository(let tree), .workingFolder(let tree):
                guard LinkTree.isInside(destination, tree) else {
                    throw Failure(
                        message: through
                            + "leads outside \(link.tree.name) to \(destination); typefit writes through links that stay inside the tree they are in, or everywhere with \(CommandInput.followSymlinks)"
                    )
                }
            }
        }
        // Inside the tree, a checkout's own git folder is no place for a
        // page: its config and hooks run code.
        if let link = confining.first, destination.split(separator: "/").contains(".git") {
            throw Failure(
                message:
                    "is reached through the symbolic link \(link.link) (→ \(link.text)), which leads into a .git folder (\(destination)); typefit writes there only with \(CommandInput.followSymlinks)"
            )
        }
    }

    /// The old file's status, once opening it for writing shows that a
    /// shell's `>` could write it (a read-only file, or another user's, is
    /// refused rather than replaced behind its owner's back).
    func checkWritable(_ name: String, expected: stat) throws(Failure) -> stat {
        let fd = SystemCalls.retryingInterrupts {
            openat(folder, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        }
        guard fd >= 0 else {
            if errno == EACCES || errno == EPERM {
                throw Failure(
                    text: "cannot be written by this user (mode \(String(expected.st_mode & 0o7777, radix: 8)), "
                        + "owner \(expected.st_uid)); typefit replaces only a file that '>' could write")
            }
            throw Failure(text: SystemCalls.lastError())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(text: SystemCalls.lastError()) }
        guard info.st_ino == expected.st_ino, info.st_dev == expected.st_dev else {
            throw Failure(text: "changed while typefit looked at it; nothing was written")
        }
        return info
    }

    /// Opens what the trusted link `name` reaches when that is a device,
    /// FIFO or pipe; `nil` when it is a file, a folder or nothing (walked by
    /// its text instead).
    mutating func openStream(through name: String) throws(Failure) -> OutputTarget? {
        let probe = SystemCalls.retryingInterrupts { openat(folder, name, openPathOnly | O_CLOEXEC) }
        guard probe >= 0 else { return nil }
        var info = stat()
        let ok = fstat(probe, &info) == 0
        close(probe)
        guard ok else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR, S_IFLNK: return nil
        case S_IFSOCK: throw Failure(text: "is a socket; typefit writes to files, devices and FIFOs")
        default:
            let out = SystemCalls.retryingInterrupts { openat(folder, name, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
            guard out >= 0 else { throw Failure(text: SystemCalls.lastError()) }
            var opened = stat()
            guard fstat(out, &opened) == 0, opened.st_mode & S_IFMT != S_IFREG else {
                close(out)
                throw Failure(text: "was replaced by a regular file while typefit looked at it; nothing was written")
            }
            if folder >= 0 { close(folder) }
            folder = -1
            return .stream(out)
        }
    }
}

/// The tree a symbolic link was found in, which where it leads must stay
/// inside (REFERENCE, "Symbolic links").
enum LinkTree {
    /// The git repository holding the link: its top folder.
    case repository(String)
    /// The folder typefit runs in (the link is inside it, in no repository).
    case workingFolder(String)
    /// No tree: the link, in neither, belongs to this other user.
    case owner(UInt32)

    /// How a message names it.
    var name: String {
        switch self {
        case .repository(let path): return "the repository it is in (\(path))"
        case .workingFolder(let path): return "the folder typefit runs in (\(path))"
        case .owner(let uid): return "uid \(uid)'s files"
        }
    }

    /// The tree of a link in `folder` (canonical): the repository holding
    /// it, else the working folder when it lies inside (`nil`, or `/`, is
    /// none); `nil` when neither, and the link's owner decides.
    static func of(_ folder: String, workingFolder: String?) -> LinkTree? {
        if let repository = repository(holding: folder) { return .repository(repository) }
        if let workingFolder, workingFolder != "/", isInside(folder, workingFolder) {
            return .workingFolder(workingFolder)
        }
        return nil
    }

    /// Whether the canonical `path` is `top` or lies below it.
    static func isInside(_ path: String, _ top: String) -> Bool {
        top == "/" || path == top || path.hasPrefix(top + "/")
    }

    /// Whether a link owned by `uid`, in no tree, is followed: this user's
    /// or root's (a system's links, `/dev/stdout`), never another user's.
    static func trusts(owner uid: UInt32) -> Bool { uid == geteuid() || uid == 0 }

    /// The top folder of the git repository that holds `folder` (canonical):
    /// the nearest folder from it upwards with a `.git` entry (a folder, or
    /// the file a worktree or submodule has), or `nil`.
    static func repository(holding folder: String) -> String? {
        var current = folder
        while true {
            var info = stat()
            let marker = (current == "/" ? "" : current) + "/.git"
            if lstat(marker, &info) == 0 { return current }
            guard current != "/" else { return nil }
            current = SystemCalls.folder(of: current)
            if current == "." { return nil }
        }
    }
}

/// What an output path leads to, opened.
private enum OutputTarget {
    /// A device, FIFO or pipe, opened for writing.
    case stream(Int32)
    /// A regular file to create or replace: `name` in the opened folder,
    /// and the old file's status when there is one.
    case file(folder: Int32, name: String, existing: stat?)
}

import TypefitCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What an input path reaches, once `InputPaths.resolve` has walked it.
public struct ResolvedInput: Sendable, Equatable {
    /// The path with every link resolved: no component of it is a link.
    public var canonical: String
    /// What it is.
    public var kind: Kind
    /// The file's device and inode: one file reached by two paths is read
    /// once.
    public var identity: FileIdentity

    /// What a path reaches.
    public enum Kind: Sendable, Equatable { case regular, directory, other }
}

/// The one rule for every file and folder typefit reads (REFERENCE,
/// "Symbolic links"): the path is walked **as written**, one component at
/// a time, and a symbolic link met anywhere on it (the path as given, a
/// folder on the way, the last component, each link a link's text leads
/// through) is followed only when where the path ends stays inside the
/// tree the link is in: its git repository, else the folder typefit runs
/// in; a link in neither is followed when it is this user's or root's
/// (`/dev/fd/63`, Debian's font folders). Nothing is read from a `.git`
/// folder, links or not (a checkout's `.git/config` holds its token).
///
/// The rule is the one `OutputFile` applies to writes; it is decided on
/// the canonical path before the file is opened, and the file opened is
/// the canonical path with `O_NOFOLLOW`, checked to be the file judged.
public enum InputPaths {
    /// The most links one path may pass through (the kernel's limit).
    static let maximumLinks = 40

    /// Where `path` leads, or why typefit does not read it.
    public static func resolve(_ path: String) -> Result<ResolvedInput, InputFileError> {
        func failure(_ reason: String) -> Result<ResolvedInput, InputFileError> {
            .failure(InputFileError(path: path, reason: reason))
        }
        func refusal(_ reason: String) -> Result<ResolvedInput, InputFileError> {
            .failure(InputFileError(path: path, reason: reason, isRefusal: true))
        }
        guard !path.isEmpty else { return failure("an empty path") }
        let workingFolder = SystemCalls.workingFolder()
        var current: String
        if path.hasPrefix("/") {
            current = "/"
        } else {
            guard let workingFolder else { return failure("the folder typefit runs in cannot be named") }
            current = workingFolder
        }
        let runFolder = workingFolder.flatMap { $0 == "/" ? nil : $0 }
        var pending = ArraySlice(components(path))
        var hops = 0
        var visited: [String: Int] = [:]
        // Links whose tree the end of the path must stay inside.
        var confining: [(link: String, text: String, tree: LinkTree)] = []
        while let name = pending.popFirst() {
            if name == ".." {
                current = parent(current)
                continue
            }
            let candidate = join(current, name)
            var info = stat()
            guard lstat(candidate, &info) == 0 else { return failure(SystemCalls.lastError()) }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                hops += 1
                visited[candidate, default: 0] += 1
                guard hops <= maximumLinks else {
                    if let again = visited.filter({ $0.value > 1 }).keys.sorted().first {
                        return failure("a symbolic link loop (through \(again))")
                    }
                    return failure("more than \(maximumLinks) symbolic links in a row (the system's limit)")
                }
                guard let text = SystemCalls.readLink(at: AT_FDCWD, candidate) else {
                    return failure(SystemCalls.lastError())
                }
                if let tree = LinkTree.of(current, workingFolder: runFolder) {
                    confining.append((candidate, text, tree))
                } else if !LinkTree.trusts(owner: info.st_uid) {
                    return refusal(
                        "is reached through the symbolic link \(candidate) (→ \(text)) of another user (uid "
                            + "\(info.st_uid)): not followed")
                }
                if text.hasPrefix("/") { current = "/" }
                pending = ArraySlice(components(text)) + pending
            case S_IFDIR:
                current = candidate
            default:
                guard pending.isEmpty else { return failure("\(candidate) is not a folder") }
                current = candidate
            }
        }
        for link in confining {
            switch link.tree {
            case .repository(let top), .workingFolder(let top):
                guard LinkTree.isInside(current, top) else { return refusal(outside(link, current)) }
            case .owner: continue
            }
        }
        if current.split(separator: "/").contains(".git") {
            return refusal("is inside a .git folder (\(current)), which typefit never reads")
        }
        var info = stat()
        guard stat(current, &info) == 0 else { return failure(SystemCalls.lastError()) }
        let kind: ResolvedInput.Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        return .success(
            ResolvedInput(
                canonical: current, kind: kind,
                identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))))
    }

    static func outside(_ link: (link: String, text: String, tree: LinkTree), _ end: String) -> String {
        "is reached through the symbolic link \(link.link) (→ \(link.text)), which leads outside "
            + "\(link.tree.name) to \(end): not followed"
    }

    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).filter { $0 != "." }
    }

    static func join(_ folder: String, _ name: String) -> String { folder == "/" ? "/" + name : folder + "/" + name }

    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), path != "/" else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

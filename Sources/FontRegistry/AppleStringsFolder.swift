import TypefitCore

/// The strings tables an Apple app's folder holds, for `--strings DIR`
/// (`--strings "Supporting Files"`): each `*.lproj` folder's `.strings` and
/// `.stringsdict` files and each `.xcstrings` String Catalog, in the folder
/// and the folders below it (an app's resources, its extensions', its Swift
/// packages'), at most `maximumDepth` deep. Folders a build makes or
/// fetches (`.build`, `build`, `DerivedData`, `Pods`, `Carthage`,
/// `node_modules`, hidden ones) are not entered: their tables are copies.
/// A Flutter app's `.arb` files are tables too (`lib/l10n/app_en.arb`):
/// `--strings .` on a Flutter repository reads them.
/// Links are judged by the one rule for inputs (`InputPaths`): one that
/// leads out of the tree stops the run, as for Android's folders.
public enum AppleStringsFolder {
    /// How deep below the folder tables are looked for.
    public static let maximumDepth = 8

    /// How many folders one walk looks through: a repository's whole tree
    /// is a few thousand.
    public static let maximumFolders = 100_000

    /// Folders never entered.
    static let skipped: Set<String> = ["build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// The tables of `path`, in name order (a folder's own before those
    /// below it); empty when it holds none; or why they cannot be read.
    public static func files(in path: String) -> Result<[String], InputFileError> {
        func failure(_ where: String, _ reason: String) -> Result<[String], InputFileError> {
            .failure(InputFileError(path: `where`, reason: reason))
        }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        var files: [String] = []
        var queue: [(path: String, depth: Int)] = [(base, 0)]
        var seen = Set<FileIdentity>()
        var next = 0
        while next < queue.count {
            guard next < maximumFolders else {
                return failure(path, "holds more than \(maximumFolders) folders to look through (typefit's limit)")
            }
            let (folder, depth) = queue[next]
            next += 1
            let resolved: ResolvedInput
            switch InputPaths.resolve(folder) {
            case .success(let input): resolved = input
            case .failure(let error) where error.isRefusal || depth == 0: return .failure(error)
            case .failure: continue
            }
            // A folder reached twice (a link to a sibling) is read once.
            guard resolved.kind == .directory, seen.insert(resolved.identity).inserted else { continue }
            guard let entries = SystemCalls.entries(resolved.canonical) else {
                return failure(folder, SystemCalls.lastError())
            }
            let isLproj = folder.split(separator: "/").last?.lowercased().hasSuffix(".lproj") ?? false
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let child = folder + "/" + entry.name
                let lowered = entry.name.lowercased()
                let isTable =
                    lowered.hasSuffix(".xcstrings") || lowered.hasSuffix(".arb")
                    || (isLproj && (lowered.hasSuffix(".strings") || lowered.hasSuffix(".stringsdict")))
                guard entry.isUTF8 else {
                    // A table whose name is not UTF-8 cannot be opened by
                    // name: a gate that left it out would pass unread.
                    if isTable || lowered.hasSuffix(".lproj") { return failure(child, SystemCalls.notUTF8Reason()) }
                    continue
                }
                if isTable {
                    switch InputPaths.resolve(child) {
                    case .failure(let error) where error.isRefusal: return .failure(error)
                    case .success(let found) where found.kind == .regular: files.append(child)
                    default: continue
                    }
                    guard files.count <= AndroidResourceTree.maximumFiles else {
                        return failure(
                            path,
                            "holds more than \(AndroidResourceTree.maximumFiles) strings files (typefit's limit per "
                                + "folder)")
                    }
                } else if depth < maximumDepth, !isLproj, !entry.name.hasPrefix("."), !skipped.contains(entry.name) {
                    if entry.isLink || SystemCalls.kind(resolved.canonical + "/" + entry.name) == .directory {
                        queue.append((child, depth + 1))
                    }
                }
            }
        }
        return .success(files)
    }
}

/// The resource files an Android folder holds, for `--strings DIR`: a `res`
/// folder's `values*/*.xml`, or those of a module root's `res` folder or
/// its `src/main/res` (what every build ships; another source set,
/// `src/debug/res` or a flavor's, is named to the caller, which says so,
/// and read when given itself). A symbolic
/// link is followed only where it stays inside the tree the folder is in
/// (its git repository, else the working folder: `FontScanner.tree`), as
/// for font folders; one that leads out stops the run, since a pull
/// request's `values-de -> /etc` would otherwise be read as strings.
public enum AndroidResourceTree {
    /// The most files one folder may give (Thunderbird for Android, with
    /// 90 languages and its modules' folders, has 2,539).
    public static let maximumFiles = 20_000

    /// The `values*/*.xml` files of `path`, in name order, and a module
    /// root's other source sets with resources (`src/debug/res`), not
    /// read; `nil` when `path` holds no Android resources; or why they
    /// cannot be read.
    public static func valuesFiles(in path: String) -> Result<
        (files: [String], otherSourceSets: [String])?, InputFileError
    > {
        func failure(_ where: String, _ reason: String) -> Result<
            (files: [String], otherSourceSets: [String])?, InputFileError
        > {
            .failure(InputFileError(path: `where`, reason: reason))
        }
        // Every path below is walked as written (`InputPaths`): a link on
        // the way (`app/src -> /outside`) is judged like the last one.
        func reach(_ path: String) -> Result<ResolvedInput?, InputFileError> {
            switch InputPaths.resolve(path) {
            case .success(let input): return .success(input)
            case .failure(let error) where error.isRefusal: return .failure(error)
            case .failure: return .success(nil)
            }
        }
        let root: ResolvedInput
        switch InputPaths.resolve(path) {
        case .success(let input): root = input
        case .failure(let error): return .failure(error)
        }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let top = SystemCalls.entries(root.canonical) else { return failure(path, SystemCalls.lastError()) }
        // The res folders: the folder itself, its `res`, its source sets'.
        var resFolders: [(path: String, canonical: String)] = []
        var otherSourceSets: [String] = []
        if top.contains(where: { isValuesName($0.name) }) {
            resFolders.append((base, root.canonical))
        } else {
            var candidates: [(path: String, isMain: Bool)] = []
            if top.contains(where: { $0.name == "res" }) { candidates.append((base + "/res", true)) }
            if top.contains(where: { $0.name == "src" }) {
                switch reach(base + "/src") {
                case .failure(let error): return .failure(error)
                case .success(let src?) where src.kind == .directory:
                    for set in (SystemCalls.entries(src.canonical) ?? []).sorted(by: { $0.name < $1.name }) {
                        candidates.append((base + "/src/" + set.name + "/res", set.name == "main"))
                    }
                case .success: break
                }
            }
            for candidate in candidates {
                switch reach(candidate.path) {
                case .failure(let error): return .failure(error)
                case .success(let res?) where res.kind == .directory:
                    if candidate.isMain {
                        resFolders.append((candidate.path, res.canonical))
                    } else {
                        otherSourceSets.append(candidate.path)
                    }
                case .success: break
                }
            }
            // A module with no `main` resources: its source sets are
            // what it has.
            if resFolders.isEmpty, !otherSourceSets.isEmpty {
                return failure(
                    path,
                    "holds no src/main/res, only other source sets (" + otherSourceSets.joined(separator: ", ")
                        + "): give the one to read")
            }
        }
        guard !resFolders.isEmpty else { return .success(nil) }
        var files: [String] = []
        for res in resFolders {
            guard let folders = SystemCalls.entries(res.canonical) else {
                return failure(res.path, SystemCalls.lastError())
            }
            for folder in folders where isValuesName(folder.name) {
                let folderPath = res.path + "/" + folder.name
                guard folder.isUTF8 else { return failure(folderPath, SystemCalls.notUTF8Reason()) }
                let values: ResolvedInput
                switch reach(folderPath) {
                case .failure(let error): return .failure(error)
                case .success(let found?) where found.kind == .directory: values = found
                case .success: continue
                }
                guard let entries = SystemCalls.entries(values.canonical) else {
                    return failure(folderPath, SystemCalls.lastError())
                }
                for entry in entries where entry.name.lowercased().hasSuffix(".xml") {
                    let file = folderPath + "/" + entry.name
                    guard entry.isUTF8 else { return failure(file, SystemCalls.notUTF8Reason()) }
                    if entry.isLink {
                        switch reach(file) {
                        case .failure(let error): return .failure(error)
                        case .success(let found?) where found.kind == .regular: break
                        case .success: continue
                        }
                    } else {
                        guard case .regular = SystemCalls.kind(values.canonical + "/" + entry.name) else { continue }
                    }
                    files.append(file)
                    guard files.count <= maximumFiles else {
                        return failure(
                            path, "holds more than \(maximumFiles) resource files (typefit's limit per folder)")
                    }
                }
            }
        }
        return .success((files, otherSourceSets))
    }

    /// Whether a folder named `name` holds values (`values`, `values-de`).
    static func isValuesName(_ name: String) -> Bool { name == "values" || name.hasPrefix("values-") }

    /// Whether `path` is a directory (links followed).
    public static func isDirectory(_ path: String) -> Bool {
        if case .directory = SystemCalls.kind(path) { return true }
        return false
    }
}

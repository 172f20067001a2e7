import TypefitCore

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

    /// What a folder gives.
    public struct Found: Sendable, Equatable {
        /// The `values*/*.xml` files, `main`'s first, then each source
        /// set's asked for, each in name order.
        public var files: [String]
        /// A module root's source sets with resources that were not asked
        /// for (`src/debug/res`): not read.
        public var otherSourceSets: [String]
        /// Per file of a source set asked for: its place in the order of
        /// overlays (1 the first set named; `main`'s files have none).
        public var layers: [String: Int] = [:]
        /// The `res` folder the source sets overlay (`app/src/main/res`).
        public var mainResources: String?
        /// The source sets asked for that the module has.
        public var sourceSetsRead: [String] = []
    }

    /// The `values*/*.xml` files of `path`, in name order, with those of
    /// the module root's source sets named in `sourceSets` (`debug`: its
    /// `src/debug/res`, overlaying `main`'s as Gradle merges them), and the
    /// other source sets with resources, not read; `nil` when `path` holds
    /// no Android resources; or why they cannot be read.
    public static func valuesFiles(in path: String, sourceSets: [String] = []) -> Result<
        Found?, InputFileError
    > {
        func failure(_ where: String, _ reason: String) -> Result<Found?, InputFileError> {
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
        // Each with its layer: 0 `main`, k the k-th source set asked for.
        var resFolders: [(path: String, canonical: String, layer: Int)] = []
        var otherSourceSets: [String] = []
        var setsFound: [String: (path: String, canonical: String)] = [:]
        // A values folder given itself (`res/values`, `res/values-de`):
        // its files alone, read as its res folder's would be.
        let name = lastPathComponent(base)
        var only: String?
        if isValuesName(name), !top.contains(where: { isValuesName($0.name) }),
            top.contains(where: { $0.name.lowercased().hasSuffix(".xml") })
        {
            // `/values`: the root's, written "" so that its folder is "/values".
            let parent = base.contains("/") ? InputPaths.parent(base) : "."
            resFolders.append((parent == "/" ? "" : parent, InputPaths.parent(root.canonical), 0))
            only = name
        } else if top.contains(where: { isValuesName($0.name) }) {
            resFolders.append((base, root.canonical, 0))
        } else {
            var candidates: [(path: String, set: String?)] = []
            if top.contains(where: { $0.name == "res" }) { candidates.append((base + "/res", nil)) }
            if top.contains(where: { $0.name == "src" }) {
                switch reach(base + "/src") {
                case .failure(let error): return .failure(error)
                case .success(let src?) where src.kind == .directory:
                    for set in (SystemCalls.entries(src.canonical) ?? []).sorted(by: { $0.name < $1.name }) {
                        candidates.append((base + "/src/" + set.name + "/res", set.name))
                    }
                case .success: break
                }
            }
            for candidate in candidates {
                switch reach(candidate.path) {
                case .failure(let error): return .failure(error)
                case .success(let res?) where res.kind == .directory:
                    if let set = candidate.set, set != "main" {
                        // A set of layouts or drawables alone has no
                        // strings to read (Gramophone's `userdebug`).
                        guard (SystemCalls.entries(res.canonical) ?? []).contains(where: { isValuesName($0.name) })
                        else { continue }
                        if sourceSets.contains(set) {
                            setsFound[set] = (candidate.path, res.canonical)
                        } else {
                            otherSourceSets.append(candidate.path)
                        }
                    } else {
                        resFolders.append((candidate.path, res.canonical, 0))
                    }
                case .success: break
                }
            }
            // A module with no `main` resources: its source sets are
            // what it has.
            if resFolders.isEmpty, !otherSourceSets.isEmpty || !setsFound.isEmpty {
                return failure(
                    path,
                    "holds no src/main/res, only other source sets ("
                        + (otherSourceSets + setsFound.values.map(\.path)).sorted().joined(separator: ", ")
                        + "): give the one to read")
            }
            // A set this module lacks may be another module's: the
            // caller judges the sets asked for over every folder.
            for (n, set) in sourceSets.enumerated() {
                if let found = setsFound[set] { resFolders.append((found.path, found.canonical, n + 1)) }
            }
        }
        guard !resFolders.isEmpty else { return .success(nil) }
        var files: [String] = []
        var layers: [String: Int] = [:]
        for res in resFolders {
            guard let folders = SystemCalls.entries(res.canonical) else {
                return failure(res.path, SystemCalls.lastError())
            }
            for folder in folders where isValuesName(folder.name) && (only == nil || folder.name == only) {
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
                    if res.layer > 0 { layers[file] = res.layer }
                    guard files.count <= maximumFiles else {
                        return failure(
                            path, "holds more than \(maximumFiles) resource files (typefit's limit per folder)")
                    }
                }
            }
        }
        return .success(
            Found(
                files: files, otherSourceSets: otherSourceSets, layers: layers,
                mainResources: resFolders.last { $0.layer == 0 }?.path,
                sourceSetsRead: sourceSets.filter { setsFound[$0] != nil }))
    }

    /// Whether a folder named `name` holds values (`values`, `values-de`).
    public static func isValuesName(_ name: String) -> Bool { name == "values" || name.hasPrefix("values-") }

    /// Whether `path` is a directory (links followed).
    public static func isDirectory(_ path: String) -> Bool {
        if case .directory = SystemCalls.kind(path) { return true }
        return false
    }
}

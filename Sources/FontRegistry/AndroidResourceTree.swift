/// The resource files an Android folder holds, for `--strings DIR`: a `res`
/// folder's `values*/*.xml`, or those of a module root's source sets
/// (`src/main/res`, `src/debug/res` …) or of its `res` folder. A symbolic
/// link is followed only where it stays inside the tree the folder is in
/// (its git repository, else the working folder: `FontScanner.tree`), as
/// for font folders; one that leads out stops the run, since a pull
/// request's `values-de -> /etc` would otherwise be read as strings.
public enum AndroidResourceTree {
    /// The most files one folder may give (Thunderbird for Android, with
    /// 90 languages and its modules' folders, has 2,539).
    public static let maximumFiles = 20_000

    /// The `values*/*.xml` files of `path`, in name order, or why there are
    /// none to read.
    public static func valuesFiles(in path: String) -> Result<[String], InputFileError> {
        func failure(_ where: String, _ reason: String) -> Result<[String], InputFileError> {
            .failure(InputFileError(path: `where`, reason: reason))
        }
        let tree = FontScanner.tree(of: path)
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let top = SystemCalls.entries(path) else { return failure(path, SystemCalls.lastError()) }
        // The res folders: the folder itself, its `res`, its source sets'.
        var resFolders: [String] = []
        if top.contains(where: { isValuesName($0.name) }) {
            resFolders.append(base)
        } else {
            if top.contains(where: { $0.name == "res" }) { resFolders.append(base + "/res") }
            if top.contains(where: { $0.name == "src" }), let sets = SystemCalls.entries(base + "/src") {
                for set in sets {
                    let res = base + "/src/" + set.name + "/res"
                    if case .directory = SystemCalls.kind(res) { resFolders.append(res) }
                }
            }
        }
        guard !resFolders.isEmpty else {
            return failure(
                path,
                "is a directory with no Android resources (no values* folder, res folder or src/*/res): give a res "
                    + "folder, a module root, or strings files")
        }
        var files: [String] = []
        for res in resFolders {
            if let refused = refusal(res, tree) { return failure(res, refused) }
            guard let folders = SystemCalls.entries(res) else { return failure(res, SystemCalls.lastError()) }
            for folder in folders where isValuesName(folder.name) {
                let folderPath = res + "/" + folder.name
                guard case .directory = SystemCalls.kind(folderPath) else { continue }
                if folder.isLink, let refused = FontScanner.refusal(ofLink: folderPath, in: tree) {
                    return failure(folderPath, refused)
                }
                guard let entries = SystemCalls.entries(folderPath) else {
                    return failure(folderPath, SystemCalls.lastError())
                }
                for entry in entries where entry.name.lowercased().hasSuffix(".xml") {
                    let file = folderPath + "/" + entry.name
                    if entry.isLink, let refused = FontScanner.refusal(ofLink: file, in: tree) {
                        return failure(file, refused)
                    }
                    guard case .regular = SystemCalls.kind(file) else { continue }
                    files.append(file)
                    guard files.count <= maximumFiles else {
                        return failure(
                            path, "holds more than \(maximumFiles) resource files (typefit's limit per folder)")
                    }
                }
            }
        }
        return .success(files)
    }

    /// Whether a folder named `name` holds values (`values`, `values-de`).
    static func isValuesName(_ name: String) -> Bool { name == "values" || name.hasPrefix("values-") }

    /// Why the folder `path` (reached through a link on the way) is not
    /// read, or `nil`.
    static func refusal(_ path: String, _ tree: LinkTree?) -> String? {
        guard SystemCalls.isSymlink(path) else { return nil }
        return FontScanner.refusal(ofLink: path, in: tree)
    }

    /// Whether `path` is a directory (links followed).
    public static func isDirectory(_ path: String) -> Bool {
        if case .directory = SystemCalls.kind(path) { return true }
        return false
    }
}

// libFuzzer target: Android folders as a pull request can shape them, read
// the way `--strings app` reads them (AndroidResourceTree, InputPaths,
// SystemCalls.readInput, AndroidStringsFormat). Each input builds a small
// repository on disk: a few folders, files and symbolic links from a fixed
// table of names and targets (links on the way, as the last component, to
// `..`, into `.git`, to an absolute folder outside, to `/`, loops), and one
// values file whose body is repeated (comments, processing instructions,
// siblings, the same string) up to 1 MB. Beside the repository, a folder
// outside holds a values file with a secret. Whatever the tree:
//
// - nothing read comes from outside the repository or from `.git`: no
//   bytes read hold the secret, every file listed resolves inside;
// - reading returns strings or an error naming the file, never a crash, a
//   hang (libFuzzer's -timeout) or unbounded memory (-rss_limit_mb).
//
// Built by `make fuzz` (`scripts/fuzz.sh android`) with TypefitCore's
// sources and the FontRegistry files that walk and read inputs.

#if canImport(Glibc)
    import Glibc
#endif

/// The folder every run builds its repository in, made once per process.
private let scratch: String = {
    var template = Array("/tmp/typefit-android-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: made)
}()

private let secret = "TYPEFIT-FUZZ-SECRET"

/// Folders of the repository a tree operation names (the first is the
/// root `--strings` is given).
private let folders = [
    "app", "app/src", "app/src/main", "app/src/main/res", "app/src/main/res/values",
    "app/src/main/res/values-de", "app/res", "app/res/values", "app/src/debug", "app/src/debug/res",
    "app/src/main/res/values-fr", "app/src/evil",
]

/// What a link may point to: relative and absolute, inside and out.
private let targets = [
    "../outside", "OUTSIDE", "..", ".", "values", "/", "../../..", "../.git", ".git", "res", "main",
    "values-de", "strings.xml", "../../../outside/values", "loop", "OUTSIDE/values/strings.xml",
]

private func write(_ path: String, _ bytes: [UInt8]) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return }
    bytes.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

/// Removes `path` and everything under it, links themselves (never what
/// they point to).
private func remove(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        if let dir = opendir(path) {
            var names: [String] = []
            while let entry = readdir(dir) {
                // d_name is NUL-terminated within its fixed array.
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names { remove(path + "/" + name) }
        }
        rmdir(path)
    } else {
        unlink(path)
    }
}

private func makeFolders(_ path: String) {
    var current = ""
    for part in path.split(separator: "/") {
        current += "/" + part
        mkdir(current, 0o755)
    }
}

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let run = scratch + "/run"
    remove(run)
    let repository = run + "/repo"
    let outside = run + "/outside"
    makeFolders(repository + "/.git")
    write(repository + "/.git/config", Array("[remote] token = \(secret)\n".utf8))
    makeFolders(outside + "/values")
    write(outside + "/values/strings.xml", Array("<resources><string name=\"s\">\(secret)</string></resources>".utf8))
    makeFolders(repository + "/app/src/main/res/values")

    // The tree: up to 8 operations of 3 bytes (kind, folder, target).
    var i = 0
    let operations = bytes.isEmpty ? 0 : Int(bytes[0] % 9)
    i = 1
    for _ in 0..<operations where i + 2 < bytes.count {
        let kind = bytes[i] % 3
        let folder = repository + "/" + folders[Int(bytes[i + 1]) % folders.count]
        var target = targets[Int(bytes[i + 2]) % targets.count]
        if target.hasPrefix("OUTSIDE") { target = outside + target.dropFirst(7) }
        i += 3
        switch kind {
        case 0:
            makeFolders(folder)
        case 1:
            // A link where the folder would be (loops: a link to itself).
            remove(folder)
            makeFolders(String(folder[..<(folder.lastIndex(of: "/") ?? folder.endIndex)]))
            symlink(target == "loop" ? folder : target, folder)
        default:
            // A link as a values file.
            makeFolders(folder)
            symlink(target, folder + "/linked.xml")
        }
    }
    // The values file: the rest, its body repeated (the next byte says how
    // often) up to 1 MB, inside <resources> unless it brings its own root.
    let times = i < bytes.count ? Int(bytes[i]) * 64 + 1 : 1
    let body = i + 1 < bytes.count ? Array(bytes[(i + 1)...]) : []
    var file: [UInt8] = []
    let own = body.starts(with: Array("<?xml".utf8)) || body.starts(with: Array("<resources".utf8))
    if !own { file += Array("<resources>".utf8) }
    for _ in 0..<times where file.count + body.count <= 1 << 20 { file += body }
    if !own { file += Array("</resources>".utf8) }
    write(repository + "/app/src/main/res/values/strings.xml", file)

    guard case .success(let found?) = AndroidResourceTree.valuesFiles(in: repository + "/app") else { return 0 }
    let budget = StringsBudget()
    for path in found.files {
        // Listed: inside the repository, never in `.git`.
        if case .success(let input) = InputPaths.resolve(path) {
            precondition(
                input.canonical.hasPrefix(repository + "/") && !input.canonical.contains("/.git"),
                "\(path) resolves to \(input.canonical)")
        }
        guard case .success(let read) = SystemCalls.readInput(path, limit: 4 << 20, what: "strings file") else {
            continue
        }
        precondition(!String(decoding: read, as: UTF8.self).contains(secret), "\(path) read the secret")
        let strings = try? AndroidStringsFormat().read(
            path: path, bytes: read, language: nil, sourceLanguage: "en", budget: budget)
        if let strings {
            precondition(strings.allSatisfy { $0.text.unicodeScalars.count <= LocalizedString.maximumLength })
        }
    }
    return 0
}

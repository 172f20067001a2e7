import Foundation
import Synchronization
import Testing
import TypefitTestSupport

@testable import FontRegistry

#if canImport(Glibc)
    import Glibc
#endif

/// `SystemCalls.writeFile`, the one way typefit writes a file: what it
/// must never destroy (devices, FIFOs, links, modes) and what it must never
/// follow (a name planted in a shared folder). Every special file is made in
/// a scratch folder; nothing here touches a system path.
@Suite struct FileWritingTests {
    let bytes = Array("new contents\n".utf8)

    func contents(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    @Test func aNewFileGetsTheUmasksMode() throws {
        let dir = Fixtures.temporaryDirectory("write-new")
        let file = dir.appendingPathComponent("out.svg")
        #expect(SystemCalls.writeFile(bytes, to: file.path) == nil)
        #expect(contents(file) == "new contents\n")
        let umask = try #require(try SpecialFiles.shellUmask())
        #expect(SpecialFiles.status(file.path)?.mode == 0o666 & ~umask)
        #expect(SpecialFiles.leftovers(in: dir, expected: ["out.svg"]).isEmpty)
    }

    /// The old file is replaced by a new inode (atomically: a reader sees
    /// one or the other), keeping its mode and, as root, its owner.
    @Test func aRegularFileKeepsItsModeAndOwner() throws {
        let dir = Fixtures.temporaryDirectory("write-mode")
        let file = dir.appendingPathComponent("out.svg")
        try "old\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(chmod(file.path, 0o640) == 0)
        let root = geteuid() == 0
        if root { #expect(chown(file.path, 65534, 65534) == 0) }
        let before = try #require(SpecialFiles.status(file.path))
        #expect(SystemCalls.writeFile(bytes, to: file.path) == nil)
        let after = try #require(SpecialFiles.status(file.path))
        #expect(contents(file) == "new contents\n")
        #expect(after.mode == 0o640)
        #expect(after.inode != before.inode)
        if root { #expect(after.uid == 65534 && after.gid == 65534) }
        #expect(SpecialFiles.leftovers(in: dir, expected: ["out.svg"]).isEmpty)
    }

    @Test func aSymlinkIsWrittenThroughAndStaysALink() throws {
        let dir = Fixtures.temporaryDirectory("write-link")
        let docs = dir.appendingPathComponent("docs")
        let assets = dir.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let target = assets.appendingPathComponent("specimen.svg")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        #expect(chmod(target.path, 0o600) == 0)
        // A relative link, reached through a second link: both stay links.
        let link = docs.appendingPathComponent("specimen.svg")
        #expect(symlink("../assets/specimen.svg", link.path) == 0)
        let outer = dir.appendingPathComponent("latest.svg")
        #expect(symlink("docs/specimen.svg", outer.path) == 0)
        #expect(SystemCalls.writeFile(bytes, to: outer.path) == nil)
        #expect(SpecialFiles.kind(outer.path) == .symlink && SpecialFiles.kind(link.path) == .symlink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../assets/specimen.svg")
        #expect(contents(target) == "new contents\n")
        #expect(SpecialFiles.status(target.path)?.mode == 0o600)
        #expect(SpecialFiles.leftovers(in: assets, expected: ["specimen.svg"]).isEmpty)
        #expect(SpecialFiles.leftovers(in: docs, expected: ["specimen.svg"]).isEmpty)
    }

    /// A dangling link creates its target, as a shell's `>` does.
    @Test func aDanglingSymlinkCreatesItsTarget() throws {
        let dir = Fixtures.temporaryDirectory("write-dangling")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let link = dir.appendingPathComponent("out.svg")
        #expect(symlink("sub/new.svg", link.path) == 0)
        #expect(SystemCalls.writeFile(bytes, to: link.path) == nil)
        #expect(SpecialFiles.kind(link.path) == .symlink)
        #expect(contents(dir.appendingPathComponent("sub/new.svg")) == "new contents\n")
    }

    @Test func aSymlinkLoopAndADirectoryAreErrors() throws {
        let dir = Fixtures.temporaryDirectory("write-loop")
        let a = dir.appendingPathComponent("a.svg").path
        let b = dir.appendingPathComponent("b.svg").path
        #expect(symlink("b.svg", a) == 0 && symlink("a.svg", b) == 0)
        #expect(SystemCalls.writeFile(bytes, to: a)?.hasPrefix("a symbolic link loop (through ") == true)
        #expect(SystemCalls.writeFile(bytes, to: dir.path) == "is a directory")
        let toDir = dir.appendingPathComponent("folder-link").path
        #expect(symlink(dir.path, toDir) == 0)
        #expect(SystemCalls.writeFile(bytes, to: toDir) == "is a symbolic link to a directory")
        #expect(SpecialFiles.leftovers(in: dir, expected: ["a.svg", "b.svg", "folder-link"]).isEmpty)
    }

    /// A device node made in a scratch folder (never /dev itself) is opened
    /// and written, and is still the same device afterwards.
    @Test(
        .enabled(
            if: SpecialFiles.canMakeDeviceNodes,
            "this process cannot make and open device nodes (root, on a mount without nodev)"))
    func aDeviceNodeIsWrittenInPlace() throws {
        let dir = Fixtures.temporaryDirectory("write-device")
        let node = dir.appendingPathComponent("null").path
        #expect(SpecialFiles.makeNullDevice(at: node))
        #expect(SystemCalls.writeFile(bytes, to: node) == nil)
        #expect(SpecialFiles.kind(node) == .characterDevice)
        #expect(SpecialFiles.status(node)?.device == SpecialFiles.nullDevice)
        // Through a link to it, likewise.
        let link = dir.appendingPathComponent("link").path
        #expect(symlink(node, link) == 0)
        #expect(SystemCalls.writeFile(bytes, to: link) == nil)
        #expect(SpecialFiles.kind(node) == .characterDevice && SpecialFiles.kind(link) == .symlink)
        #expect(SpecialFiles.leftovers(in: dir, expected: ["null", "link"]).isEmpty)
    }

    @Test func aFIFOIsWrittenIntoAndItsReaderGetsTheBytes() throws {
        let dir = Fixtures.temporaryDirectory("write-fifo")
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(SpecialFiles.makeFIFO(at: fifo))
        let reader = SpecialFiles.FIFOReader(path: fifo)
        #expect(SystemCalls.writeFile(bytes, to: fifo) == nil)
        #expect(reader.wait() == "new contents\n")
        #expect(SpecialFiles.kind(fifo) == .fifo)
        #expect(SpecialFiles.leftovers(in: dir, expected: ["pipe"]).isEmpty)
    }

    /// A document written in pieces (`review`'s page) is the pieces
    /// joined; one its maker cannot finish, or whose write fails, leaves
    /// the old file whole and no temporary.
    @Test func aStreamedDocumentIsItsPiecesOrNothing() throws {
        let dir = Fixtures.temporaryDirectory("write-stream")
        let file = dir.appendingPathComponent("page.html")
        try "old\n".write(to: file, atomically: false, encoding: .utf8)
        let pieces = (0..<50).map { Array("piece \($0)\n".utf8) }
        let output = try OutputFile.open(file.path).get()
        #expect(output.write(streaming: { emit in pieces.allSatisfy(emit) }) == nil)
        #expect(contents(file) == pieces.map { String(decoding: $0, as: UTF8.self) }.joined())
        #expect(output.write(streaming: { emit in emit(bytes) }) == "was already written")
        // The maker gives up half way: the file as it was.
        let unfinished = try OutputFile.open(file.path).get()
        let reason = unfinished.write(streaming: { emit in
            _ = emit(pieces[0])
            return false
        })
        #expect(reason != nil)
        #expect(contents(file) == pieces.map { String(decoding: $0, as: UTF8.self) }.joined())
        #expect(SpecialFiles.leftovers(in: dir, expected: ["page.html"]).isEmpty)
        // A FIFO gets the pieces as they come.
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(SpecialFiles.makeFIFO(at: fifo))
        let reader = SpecialFiles.FIFOReader(path: fifo)
        do {
            // Closed when let go: the reader's end of file.
            let pipe = try OutputFile.open(fifo).get()
            #expect(pipe.write(streaming: { emit in pieces.prefix(3).allSatisfy(emit) }) == nil)
        }
        #expect(reader.wait() == "piece 0\npiece 1\npiece 2\n")
    }

    @Test func aSocketIsRefusedAndKept() throws {
        // sun_path holds 108 bytes: a short folder of its own.
        let dir = "/tmp/tf-sock-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(dir, 0o700) == 0)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s"
        let fd = try #require(SpecialFiles.makeSocket(at: path))
        defer { close(fd) }
        #expect(SystemCalls.writeFile(bytes, to: path) == "is a socket; typefit writes to files, devices and FIFOs")
        #expect(SpecialFiles.kind(path) == .socket)
    }

    /// The old scheme wrote to `PATH.typefit-PID` with O_CREAT|O_TRUNC: a
    /// link planted there made typefit truncate whatever it pointed to. The
    /// temporary is now created with O_EXCL under a random name, so the
    /// victim is untouched whatever names are planted.
    @Test func aPlantedSymlinkIsNeverFollowed() throws {
        let dir = Fixtures.temporaryDirectory("write-planted")
        let victim = dir.appendingPathComponent("victim.txt")
        try "precious\n".write(to: victim, atomically: false, encoding: .utf8)
        let out = dir.appendingPathComponent("out.svg").path
        var planted = ["out.svg.typefit-\(getpid())"]
        for pid in 1...64 { planted.append("out.svg.typefit-\(pid)") }
        for name in planted { #expect(symlink(victim.path, dir.appendingPathComponent(name).path) == 0) }
        #expect(SystemCalls.writeFile(bytes, to: out) == nil)
        #expect(SystemCalls.writeFile(bytes, to: out) == nil)  // replacing, too
        #expect(contents(victim) == "precious\n")
        #expect(contents(URL(fileURLWithPath: out)) == "new contents\n")
        #expect(SpecialFiles.leftovers(in: dir, expected: Set(planted + ["victim.txt", "out.svg"])).isEmpty)
    }

    /// Temporaries made by several threads at once each get a slot of
    /// their own in the table the signal handler removes them from.
    @Test func temporariesMadeAtOnceAreEachRegistered() throws {
        let dir = Fixtures.temporaryDirectory("write-at-once")
        let folder = open(dir.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(folder >= 0)
        defer { close(folder) }
        let made = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let temporary = TemporaryFiles.create(in: folder) else { return }
            close(temporary.fd)
            made.withLock { $0.append(temporary.name) }
        }
        let names = made.withLock { $0 }
        #expect(names.count == 8)
        #expect(Set(TemporaryFiles.registered(in: folder)) == Set(names))
        for name in names { TemporaryFiles.remove(folder: folder, name: name) }
        #expect(TemporaryFiles.registered(in: folder).isEmpty)
        #expect(SpecialFiles.leftovers(in: dir, expected: []).isEmpty)
    }

    @Test func aMissingFolderIsNamed() {
        let dir = Fixtures.temporaryDirectory("write-missing")
        let path = dir.appendingPathComponent("nope/out.svg").path
        #expect(SystemCalls.writeFile(bytes, to: path) == "the folder \(dir.path)/nope does not exist")
        #expect(SpecialFiles.kind(dir.appendingPathComponent("nope").path) == .missing)
    }

    /// Written where a write fails: the old file stays as it was and no
    /// temporary is left. (As root a folder's mode does not stop a write;
    /// the end-to-end suite covers that case as an unprivileged user.)
    @Test(.enabled(if: geteuid() != 0, "root writes into read-only folders; see OutputFileTests"))
    func aReadOnlyFolderLeavesTheOldFile() throws {
        let dir = Fixtures.temporaryDirectory("write-readonly")
        let file = dir.appendingPathComponent("out.svg")
        try "old\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(chmod(dir.path, 0o555) == 0)
        defer { chmod(dir.path, 0o755) }
        #expect(SystemCalls.writeFile(bytes, to: file.path) == "Permission denied")
        #expect(contents(file) == "old\n")
        #expect(SpecialFiles.leftovers(in: dir, expected: ["out.svg"]).isEmpty)
    }

    /// A path that passes one link twice is no loop; 41 links in a row is
    /// a long chain, not a loop; a real loop names a link in it.
    @Test func linkChainsAreNamedForWhatTheyAre() throws {
        let dir = Fixtures.temporaryDirectory("write-chains")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("real"), withIntermediateDirectories: true)
        #expect(symlink("real", dir.appendingPathComponent("via").path) == 0)
        #expect(SystemCalls.writeFile(bytes, to: dir.path + "/via/../via/twice.svg") == nil)
        #expect(contents(dir.appendingPathComponent("real/twice.svg")) == "new contents\n")
        try "old\n".write(to: dir.appendingPathComponent("0.svg"), atomically: false, encoding: .utf8)
        for i in 1...41 { #expect(symlink("\(i - 1).svg", dir.appendingPathComponent("\(i).svg").path) == 0) }
        #expect(
            SystemCalls.writeFile(bytes, to: dir.appendingPathComponent("41.svg").path)
                == "more than 40 symbolic links in a row (the system's limit)")
        #expect(SystemCalls.writeFile(bytes, to: dir.appendingPathComponent("40.svg").path) == nil)
        #expect(contents(dir.appendingPathComponent("0.svg")) == "new contents\n")
    }
}

/// How many workers typefit starts: the processors it may run on
/// (`taskset`, a container's cpuset), not every one the machine has.
@Suite struct ProcessorCountTests {
    @Test func theAllowedMaskIsCounted() {
        #expect(SystemCalls.allowedProcessors(in: Array("Name:\tx\nCpus_allowed:\tff,00000001\n".utf8)) == 9)
        #expect(SystemCalls.allowedProcessors(in: Array("Cpus_allowed:\t1\nCpus_allowed_list:\t0\n".utf8)) == 1)
        #expect(SystemCalls.allowedProcessors(in: Array("Name:\tx\n".utf8)) == nil)
    }

    /// This process's own count is its status file's.
    @Test func thisProcessCountsItsOwnMask() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let mask = try #require(status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed:") })
        let expected = mask.dropFirst("Cpus_allowed:".count).compactMap(\.hexDigitValue).reduce(0) {
            $0 + $1.nonzeroBitCount
        }
        #expect(SystemCalls.processorCount == expected)
    }
}

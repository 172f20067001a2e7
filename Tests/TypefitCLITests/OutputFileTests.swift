import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `--output` and `--generate-manual --output-directory`, end to end
/// through the built binary, as root in a container runs them: a device, a
/// FIFO, a shell's `>(…)`, a link, a file's mode, a planted link and a
/// folder that cannot be written. Every special file lives in the test's
/// own scratch folder; no test writes to /dev/null or any system path.
@Suite(.enabled(if: BinaryRunner.binary != nil, "the typefit binary is not built (run swift build first)"))
struct OutputFileTests {
    static let environment = ["FONTCONFIG_FILE": Fixtures.fontconfigFile]
    static let specimen = ["specimen", "--font", "TypefitSans-Regular", "--style", "body", "--category", "large"]

    func specimen(to output: String) throws -> BinaryRunner.Result {
        try BinaryRunner.run(Self.specimen + ["--output", output], environment: Self.environment)
    }

    func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    @Test(
        .enabled(
            if: SpecialFiles.canMakeDeviceNodes,
            "this process cannot make and open device nodes (root, on a mount without nodev)"))
    func aDeviceNodeStaysADevice() throws {
        let dir = Fixtures.temporaryDirectory("out-device")
        let node = dir.appendingPathComponent("null").path
        #expect(SpecialFiles.makeNullDevice(at: node))
        let result = try specimen(to: node)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(SpecialFiles.kind(node) == .characterDevice)
        #expect(SpecialFiles.status(node)?.device == SpecialFiles.nullDevice)
        #expect(SpecialFiles.leftovers(in: dir, expected: ["null"]).isEmpty)
    }

    @Test func aFIFOsReaderGetsTheSpecimen() throws {
        let dir = Fixtures.temporaryDirectory("out-fifo")
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(SpecialFiles.makeFIFO(at: fifo))
        let reader = SpecialFiles.FIFOReader(path: fifo)
        let result = try specimen(to: fifo)
        #expect(result.status == 0, "\(result.stderr)")
        let received = try #require(reader.wait())
        #expect(received.hasPrefix("<svg ") && received.hasSuffix("</svg>\n"))
        #expect(SpecialFiles.kind(fifo) == .fifo)
    }

    /// `--output >(gzip > out.svgz)`: the path is /dev/fd/63, a link whose
    /// text (`pipe:[…]`) is no path; the bytes must reach the pipe.
    @Test func aShellsProcessSubstitutionGetsTheSpecimen() throws {
        let dir = Fixtures.temporaryDirectory("out-procsub")
        let binary = try #require(BinaryRunner.binary).path
        let received = dir.appendingPathComponent("received.svg").path
        let arguments = (Self.specimen.map { "'\($0)'" }).joined(separator: " ")
        let script = "'\(binary)' \(arguments) --output >(cat > '\(received)'); status=$?; wait; exit $status"
        let result = try #require(try BinaryRunner.runTool("bash", ["-c", script], environment: Self.environment))
        #expect(result.status == 0, "\(result.stderr)")
        // bash does not wait for a process substitution; give cat a moment.
        var text = contents(received) ?? ""
        for _ in 0..<100 where !text.hasSuffix("</svg>\n") {
            usleep(50_000)
            text = contents(received) ?? ""
        }
        #expect(text.hasPrefix("<svg ") && text.hasSuffix("</svg>\n"))
    }

    @Test func aSymlinkIsKeptAndItsTargetWritten() throws {
        let dir = Fixtures.temporaryDirectory("out-link")
        let target = dir.appendingPathComponent("real.svg").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        let link = dir.appendingPathComponent("docs-specimen.svg").path
        #expect(symlink("real.svg", link) == 0)
        let result = try specimen(to: link)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(SpecialFiles.kind(link) == .symlink)
        #expect(contents(target)?.hasPrefix("<svg ") == true)
    }

    @Test func aFilesModeIsKept() throws {
        let dir = Fixtures.temporaryDirectory("out-mode")
        let file = dir.appendingPathComponent("out.svg").path
        try "old".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chmod(file, 0o640) == 0)
        let result = try specimen(to: file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(SpecialFiles.status(file)?.mode == 0o640)
        #expect(contents(file)?.hasPrefix("<svg ") == true)
        #expect(SpecialFiles.leftovers(in: dir, expected: ["out.svg"]).isEmpty)
    }

    /// The name the old scheme wrote first, `PATH.typefit-<pid>`, planted as
    /// a link to a victim by a shell that then becomes typefit (`exec`
    /// keeps the pid), so the planted name is exactly the one it would use.
    @Test func theOldTemporaryNameCannotBePlanted() throws {
        let dir = Fixtures.temporaryDirectory("out-planted")
        let victim = dir.appendingPathComponent("victim.txt").path
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let out = dir.appendingPathComponent("out.svg").path
        let binary = try #require(BinaryRunner.binary).path
        let arguments = (Self.specimen + ["--output", out]).map { "'\($0)'" }.joined(separator: " ")
        for existing in [false, true] {
            let script = "ln -sf '\(victim)' '\(out).typefit-'$$ && exec '\(binary)' \(arguments)"
            let result = try #require(try BinaryRunner.runTool("sh", ["-c", script], environment: Self.environment))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(contents(victim) == "precious\n", "existing output: \(existing)")
            #expect(contents(out)?.hasPrefix("<svg ") == true)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        #expect(names.filter { $0.hasPrefix(".typefit-") }.isEmpty)
    }

    /// A folder the user may not write: exit 2, a message naming the path
    /// and the system's reason, the old file as it was, no temporary. Root
    /// writes anywhere, so as root the run drops to `nobody` with setpriv.
    @Test func aReadOnlyFolderIsAnErrorAndLeavesTheOldFile() throws {
        let dir = Fixtures.temporaryDirectory("out-readonly")
        let binary = try #require(BinaryRunner.binary)
        // A copy the unprivileged user can reach wherever the checkout is;
        // its libraries are found by absolute RUNPATH.
        let copy = dir.appendingPathComponent("typefit").path
        try FileManager.default.copyItem(atPath: binary.path, toPath: copy)
        let folder = dir.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("specimen.svg").path
        try "old\n".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chmod(file, 0o666) == 0 && chmod(folder.path, 0o555) == 0)
        #expect(chmod(dir.path, 0o755) == 0 && chmod(copy, 0o755) == 0)
        defer { chmod(folder.path, 0o755) }
        let command = [copy] + Self.specimen + ["--output", file]
        let result: BinaryRunner.Result
        if geteuid() == 0 {
            let config = try Self.configForNobody(in: dir)
            let dropped = ["--reuid=65534", "--regid=65534", "--clear-groups", "--"] + command
            result = try #require(
                try BinaryRunner.runTool("setpriv", dropped, environment: ["FONTCONFIG_FILE": config, "HOME": "/"]))
        } else {
            result = try #require(
                try BinaryRunner.runTool(copy, Array(command.dropFirst()), environment: Self.environment))
        }
        #expect(result.status == 2)
        #expect(result.stderr.contains("typefit: error: \(file): Permission denied"), "\(result.stderr)")
        #expect(contents(file) == "old\n")
        #expect(SpecialFiles.leftovers(in: folder, expected: ["specimen.svg"]).isEmpty)
    }

    /// A fontconfig configuration and the one fixture font the runs as
    /// `nobody` draw with, in `dir` (made 0755): `nobody` may not be able to
    /// read the checkout itself (a clone in root's home or a private
    /// `mktemp -d` folder).
    static func configForNobody(in dir: URL) throws -> String {
        #expect(chmod(dir.path, 0o755) == 0)
        let fonts = dir.appendingPathComponent("nobody-fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        let font = fonts.appendingPathComponent("TypefitSans-Regular.ttf")
        try FileManager.default.copyItem(at: Fixtures.fonts.appendingPathComponent("TypefitSans-Regular.ttf"), to: font)
        // fontconfig's cache, which nobody must be able to write.
        let cache = dir.appendingPathComponent("nobody-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        #expect(chmod(cache.path, 0o777) == 0)
        let config = dir.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <fontconfig><dir>\(fonts.path)</dir><cachedir>\(cache.path)</cachedir></fontconfig>
        """.write(to: config, atomically: false, encoding: .utf8)
        #expect(chmod(fonts.path, 0o755) == 0 && chmod(font.path, 0o644) == 0 && chmod(config.path, 0o644) == 0)
        return config.path
    }

    @Test func aMissingFolderIsNamed() throws {
        let dir = Fixtures.temporaryDirectory("out-missing")
        let path = dir.appendingPathComponent("nope/s.svg").path
        let result = try specimen(to: path)
        #expect(result.status == 2)
        #expect(result.stderr == "typefit: error: \(path): the folder \(dir.path)/nope does not exist\n")
        #expect(SpecialFiles.kind(dir.appendingPathComponent("nope").path) == .missing)
    }

    /// Manual pages go through the same writer: a page that is a link is
    /// written through; a missing folder is one error, not seven.
    @Test func manualPagesAreWrittenTheSameWay() throws {
        let dir = Fixtures.temporaryDirectory("out-manual")
        let target = dir.appendingPathComponent("kept.1").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        #expect(symlink("kept.1", dir.appendingPathComponent("typefit.1").path) == 0)
        let written = try BinaryRunner.run(["--generate-manual", "--output-directory", dir.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(SpecialFiles.kind(dir.appendingPathComponent("typefit.1").path) == .symlink)
        #expect(contents(target)?.contains(".TH \"TYPEFIT\" \"1\"") == true)
        let missing = dir.appendingPathComponent("none").path
        let failed = try BinaryRunner.run(["--generate-manual", "--output-directory", missing])
        #expect(failed.status == 2)
        #expect(failed.stderr.components(separatedBy: "error:").count == 2, "\(failed.stderr)")
        #expect(failed.stderr.contains("the folder \(missing) does not exist"))
    }

    // MARK: Hostile checkouts (a pull request's files and links)

    /// Runs the built binary with `folder` as its working folder (the
    /// checkout a CI gate runs in).
    func run(in folder: URL, _ arguments: [String], environment: [String: String] = environment) throws
        -> BinaryRunner.Result
    {
        let binary = try #require(BinaryRunner.binary).path
        return try #require(
            try BinaryRunner.runTool(
                "sh", ["-c", "cd \"$1\" && shift && exec \"$@\"", "sh", folder.path, binary] + arguments,
                environment: environment.merging(["TYPEFIT_NO_CACHE": "1"]) { $1 }))
    }

    /// A checkout commits `review.svg` as a link to a file outside it (a
    /// stand-in for `~/.ssh/authorized_keys`): the output is refused before
    /// any work, the file it points at untouched; `--follow-symlinks` is the
    /// user's way to say the link is theirs.
    @Test func aCommittedLinkLeadingOutOfTheCheckoutIsRefused() throws {
        let dir = Fixtures.temporaryDirectory("out-committed-link")
        let checkout = dir.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
        let victim = dir.appendingPathComponent("authorized_keys")
        try "ssh-ed25519 AAAA owner@host\n".write(to: victim, atomically: false, encoding: .utf8)
        #expect(symlink("../authorized_keys", checkout.appendingPathComponent("review.svg").path) == 0)
        // Also through a committed folder link, and an absolute link.
        #expect(symlink(dir.path, checkout.appendingPathComponent("docs").path) == 0)
        #expect(symlink(victim.path, checkout.appendingPathComponent("abs.svg").path) == 0)
        for output in ["review.svg", "docs/authorized_keys", "abs.svg"] {
            let result = try run(in: checkout, Self.specimen + ["--output", output])
            #expect(result.status == 2, "\(output): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("typefit: error: \(output): is reached through the symbolic link ")
                    && result.stderr.contains("--follow-symlinks"), "\(result.stderr)")
            #expect(contents(victim.path) == "ssh-ed25519 AAAA owner@host\n")
        }
        #expect(SpecialFiles.leftovers(in: dir, expected: ["authorized_keys", "checkout"]).isEmpty)
        let followed = try run(in: checkout, Self.specimen + ["--output", "review.svg", "--follow-symlinks"])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(contents(victim.path)?.hasPrefix("<svg ") == true)
        #expect(SpecialFiles.kind(checkout.appendingPathComponent("review.svg").path) == .symlink)
    }

    /// The attack this guards against, wherever typefit runs: a checkout (a
    /// git repository) commits `review.html` as a link to a stand-in for
    /// `~/.ssh/authorized_keys`, and a catalog value with an ssh key between
    /// newlines. From the checkout, from a subfolder (a monorepo's
    /// `working-directory:`) and from `/` (a container's default), the link
    /// is refused: it leads out of the repository it is in, and neither the
    /// working folder nor the link's owner (root, as every checkout's links
    /// are here) changes that.
    @Test func aCommittedLinkIsJudgedWhereverTypefitRuns() throws {
        let dir = Fixtures.temporaryDirectory("out-anywhere").resolvingSymlinksInPath()
        let checkout = dir.appendingPathComponent("checkout")
        let build = checkout.appendingPathComponent("build")
        for folder in [checkout.appendingPathComponent(".git"), build] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let victim = dir.appendingPathComponent("authorized_keys").path
        let original = "ssh-ed25519 AAAA owner@host\n"
        try original.write(toFile: victim, atomically: false, encoding: .utf8)
        #expect(symlink("../authorized_keys", checkout.appendingPathComponent("review.html").path) == 0)
        let strings = checkout.appendingPathComponent("Localizable.strings")
        try #""k" = "Hello\nssh-ed25519 AAAA attacker@evil\nworld";"#.write(
            to: strings, atomically: false, encoding: .utf8)
        let review = [
            "review", "--strings", strings.path, "--font", "TypefitSans-Regular", "--style", "body", "--width", "300",
            "--category", "large",
        ]
        let page = checkout.appendingPathComponent("review.html").path
        for (folder, output) in [
            (checkout, "review.html"), (build, "../review.html"), (URL(fileURLWithPath: "/"), page),
        ] {
            let result = try run(in: folder, review + ["--output", output])
            #expect(result.status == 2, "\(folder.path) \(output): \(result.stderr)")
            #expect(
                result.stderr.contains("which leads outside the repository it is in (\(checkout.path)) to \(victim)"),
                "\(result.stderr)")
            #expect(contents(victim) == original)
        }
        // Written where it may be, the value's lines are not lines of the
        // page: its newlines are character references.
        let safe = build.appendingPathComponent("page.html").path
        let written = try run(in: URL(fileURLWithPath: "/"), review + ["--output", safe])
        #expect(written.status == 0, "\(written.stderr)")
        let lines = (contents(safe) ?? "").split(separator: "\n")
        #expect(lines.contains { $0.contains("attacker@evil") })
        #expect(!lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("ssh-ed25519") })
    }

    /// A link that stays inside the checkout is followed, as before; one
    /// into the checkout's .git folder (config, hooks) is not.
    @Test func aLinkInsideTheCheckoutIsFollowed() throws {
        let checkout = Fixtures.temporaryDirectory("out-inside-link")
        let assets = checkout.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
        let git = checkout.appendingPathComponent(".git")
        try FileManager.default.createDirectory(at: git, withIntermediateDirectories: true)
        try "[core]\n".write(to: git.appendingPathComponent("config"), atomically: false, encoding: .utf8)
        #expect(symlink(".git/config", checkout.appendingPathComponent("page.svg").path) == 0)
        let refused = try run(in: checkout, Self.specimen + ["--output", "page.svg"])
        #expect(refused.status == 2 && refused.stderr.contains("into a .git folder"), "\(refused.stderr)")
        #expect(contents(git.appendingPathComponent("config").path) == "[core]\n")
        try "old\n".write(to: assets.appendingPathComponent("s.svg"), atomically: false, encoding: .utf8)
        #expect(symlink("assets/s.svg", checkout.appendingPathComponent("latest.svg").path) == 0)
        let result = try run(in: checkout, Self.specimen + ["--output", "latest.svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(contents(assets.appendingPathComponent("s.svg").path)?.hasPrefix("<svg ") == true)
        #expect(SpecialFiles.kind(checkout.appendingPathComponent("latest.svg").path) == .symlink)
    }

    /// Outside the checkout, a link that another user owns (planted in a
    /// folder they can write, as in `/tmp`, and flipped between a check and
    /// a write in the attack this replaces) is never followed.
    @Test(.enabled(if: geteuid() == 0, "giving a link to another user needs root"))
    func anotherUsersLinkIsNotFollowed() throws {
        let dir = Fixtures.temporaryDirectory("out-foreign-link")
        let shared = dir.appendingPathComponent("shared")
        let checkout = dir.appendingPathComponent("checkout")
        for folder in [shared, checkout] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        #expect(chmod(shared.path, 0o1777) == 0)
        let victim = dir.appendingPathComponent("root-only")
        try "root's\n".write(to: victim, atomically: false, encoding: .utf8)
        let link = shared.appendingPathComponent("out.svg")
        #expect(symlink(victim.path, link.path) == 0)
        #expect(lchown(link.path, 12345, 12345) == 0)
        let result = try run(in: checkout, Self.specimen + ["--output", link.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is reached through the symbolic link \(link.path)"), "\(result.stderr)")
        #expect(contents(victim.path) == "root's\n")
    }

    /// A file the user could not write with `>` (here root's file in a
    /// folder `nobody` may write) is refused, not replaced by a rename.
    @Test(.enabled(if: geteuid() == 0, "needs root to set up another user's file"))
    func aFileTheUserCannotWriteIsNotReplaced() throws {
        let dir = Fixtures.temporaryDirectory("out-not-writable")
        #expect(chmod(dir.path, 0o755) == 0)
        let binary = try #require(BinaryRunner.binary)
        let copy = dir.appendingPathComponent("typefit").path
        try FileManager.default.copyItem(atPath: binary.path, toPath: copy)
        #expect(chmod(copy, 0o755) == 0)
        let folder = dir.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o777) == 0)
        let file = folder.appendingPathComponent("specimen.svg").path
        try "root's\n".write(toFile: file, atomically: false, encoding: .utf8)
        #expect(chmod(file, 0o644) == 0)
        let config = try Self.configForNobody(in: dir)
        let command =
            ["--reuid=65534", "--regid=65534", "--clear-groups", "--", copy] + Self.specimen + ["--output", file]
        let result = try #require(
            try BinaryRunner.runTool("setpriv", command, environment: ["FONTCONFIG_FILE": config, "HOME": "/"]))
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("\(file): cannot be written by this user (mode 644, owner 0)"), "\(result.stderr)")
        #expect(contents(file) == "root's\n")
        #expect(SpecialFiles.status(file)?.uid == 0)
        #expect(SpecialFiles.leftovers(in: folder, expected: ["specimen.svg"]).isEmpty)
    }

    /// The destination is looked at before any work: a folder given as the
    /// page is the only error, before the missing catalog is even read.
    @Test func theDestinationIsCheckedBeforeTheWork() throws {
        let dir = Fixtures.temporaryDirectory("out-before-work")
        let result = try BinaryRunner.run(
            [
                "review", "--strings", dir.appendingPathComponent("missing.xcstrings").path, "--font",
                "TypefitSans-Regular", "--style", "body", "--width", "300", "--output", dir.path,
            ], environment: Self.environment)
        #expect(result.status == 2)
        #expect(result.stderr == "typefit: error: \(dir.path): is a directory\n")
    }

    /// SIGTERM while the temporary is being written (strace holds the
    /// write's fsync for three seconds) removes the temporary; the old file
    /// stays, and typefit dies of the signal.
    @Test func aSignalDuringTheWriteLeavesNoTemporary() throws {
        let dir = Fixtures.temporaryDirectory("out-signal")
        let binary = try #require(BinaryRunner.binary).path
        let out = dir.appendingPathComponent("out.svg").path
        try "old\n".write(toFile: out, atomically: false, encoding: .utf8)
        let arguments = (Self.specimen + ["--output", out]).map { "'\($0)'" }.joined(separator: " ")
        let script = """
            strace -f -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=3s '\(binary)' \(arguments) &
            tracer=$!
            # Wait for the temporary to appear, then signal typefit itself.
            for i in $(seq 100); do ls -A '\(dir.path)' | grep -q '^\\.typefit-' && break; sleep 0.05; done
            ls -A '\(dir.path)' | grep -c '^\\.typefit-'
            kill -TERM "$(pgrep -P "$tracer")"
            wait "$tracer"; echo "status $?"
            """
        let result = try #require(
            try BinaryRunner.runTool("bash", ["-c", script], environment: Self.environment),
            "bash is not installed")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["1", "status 143"], "\(result.stdout)\(result.stderr)")
        #expect(SpecialFiles.leftovers(in: dir, expected: ["out.svg"]).isEmpty)
        #expect(contents(out) == "old\n")
    }

    /// A reader that went away (`typefit … | head -1`) is an unwritable
    /// stdout: exit 2 with a line saying so, as the README's exit statuses
    /// say, not death by SIGPIPE (141).
    @Test func aClosedPipeOnStdoutIsExit2() throws {
        let binary = try #require(BinaryRunner.binary)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["scale", "--format", "json"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try out.fileHandleForReading.close()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 2, "\(stderr)")
        #expect(stderr == "typefit: error: cannot write to standard output: Broken pipe\n")
    }
}

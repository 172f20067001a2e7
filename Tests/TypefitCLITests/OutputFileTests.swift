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
        let fontconfig = Fixtures.fontconfigFile
        let result: BinaryRunner.Result
        if geteuid() == 0 {
            // The fixture configuration must be readable by nobody too.
            let config = dir.appendingPathComponent("fonts.conf").path
            try FileManager.default.copyItem(atPath: fontconfig, toPath: config)
            #expect(chmod(config, 0o644) == 0)
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
}

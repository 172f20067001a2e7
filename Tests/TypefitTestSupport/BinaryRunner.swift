import Foundation

/// Runs the built `typefit` binary as a child process, for end-to-end tests.
public enum BinaryRunner {
    /// What a run printed and how it exited.
    public struct Result: Sendable {
        /// What the run wrote to stdout.
        public var stdout: String
        /// What the run wrote to stderr.
        public var stderr: String
        /// The exit status.
        public var status: Int32
    }

    /// The binary beside the test bundle in the build directory.
    public static let binary: URL? = {
        let candidates = [
            Bundle.main.executableURL?.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent(),
        ].compactMap { $0 }
        for dir in candidates {
            var url = dir
            // The test runner may sit inside a .xctest bundle.
            for _ in 0..<4 {
                let binary = url.appendingPathComponent("typefit")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                url = url.deletingLastPathComponent()
            }
        }
        let fallback = Fixtures.packageRoot.appendingPathComponent(".build/debug/typefit")
        return FileManager.default.isExecutableFile(atPath: fallback.path) ? fallback : nil
    }()

    /// Runs the binary with `arguments`; `environment` entries are added to
    /// the child's environment only (tests run in parallel, so the test
    /// process's own environment is never changed). The listing cache is off
    /// unless the test sets TYPEFIT_CACHE_DIR, so no run writes to the home
    /// directory.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        guard let binary else { throw RunnerError.binaryMissing }
        var environment = environment
        if environment["TYPEFIT_CACHE_DIR"] == nil { environment["TYPEFIT_NO_CACHE"] = "1" }
        return try launch(binary, arguments, environment: environment)
    }

    /// Runs a program by path, or found on PATH (for peers such as
    /// `fc-list`); `nil` when it is not there.
    public static func runTool(
        _ name: String, _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> Result? {
        if name.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: name) else { return nil }
            return try launch(URL(fileURLWithPath: name), arguments, environment: environment)
        }
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let dir = paths.first(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }) else {
            return nil
        }
        return try launch(URL(fileURLWithPath: "\(dir)/\(name)"), arguments, environment: environment)
    }

    private static func launch(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both pipes are read at once, stderr on another thread: read one
        // after the other, a child that fills the other pipe (64 KiB) would
        // block forever while this side waits for the first one's end.
        let errorBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread {
            errorBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errorBox.data
        process.waitUntilExit()
        return Result(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }

    /// The bytes a reader thread hands back (written before `leave`, read
    /// after `wait`, so never at the same time).
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    /// Why a run could not start.
    public enum RunnerError: Error {
        case binaryMissing
    }
}

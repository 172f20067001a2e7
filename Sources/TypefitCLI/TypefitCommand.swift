#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process entry point: arguments in, stdout and stderr out, exit.
public enum TypefitCommand {
    /// Runs typefit with the process's arguments and exits.
    public static func main() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let outcome = Runner.run(arguments, context: RunContext(stdoutIsTerminal: isatty(1) == 1))
        var status = outcome.status.rawValue
        var stderrText = outcome.stderr
        if !write(outcome.stdoutBytes, to: 1) {
            stderrText += "typefit: error: cannot write to standard output: \(String(cString: strerror(errno)))\n"
            status = ExitStatus.failure.rawValue
        }
        _ = write(Array(stderrText.utf8), to: 2)
        exit(status)
    }

    /// Writes all of `text` to a file descriptor (one output, one write in
    /// the common case), retrying short writes and interruptions.
    private static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, base + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}

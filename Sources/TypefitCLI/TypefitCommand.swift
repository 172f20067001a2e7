import FontRegistry

/// The process entry point: arguments in, stdout and stderr out, exit.
public enum TypefitCommand {
    /// Runs typefit with the process's arguments and exits.
    public static func main() -> Never {
        // Everything the run allocated is released when `run()` returns, so
        // leak checkers see nothing left behind by `exit`.
        SystemCalls.exitProcess(run())
    }

    private static func run() -> Int32 {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let context = RunContext(
            stdoutIsTerminal: SystemCalls.isTerminal(1), cacheDirectory: cacheDirectory(),
            desktopTextScale: { Runner.readDesktopTextScale() })
        var outcome = Runner.run(arguments, context: context)
        let written =
            outcome.stdoutStream.map { produce in produce { SystemCalls.writeAll($0, to: 1) } }
            ?? SystemCalls.writeAll(outcome.stdoutBytes, to: 1)
        if !written {
            outcome.diagnostics.error(
                "cannot write to standard output: \(SystemCalls.lastError())", status: .cannotRun)
        }
        _ = SystemCalls.writeAll(Array(outcome.stderr.utf8), to: 2)
        return outcome.status.rawValue
    }

    /// `TYPEFIT_CACHE_DIR`, else `$XDG_CACHE_HOME/typefit`, else
    /// `$HOME/.cache/typefit`; `nil` when `TYPEFIT_NO_CACHE` is set (to
    /// anything but 0) or no place is known.
    static func cacheDirectory() -> String? {
        func env(_ name: String) -> String? {
            guard let value = SystemCalls.environment(name), !value.isEmpty else { return nil }
            return value
        }
        if let off = env("TYPEFIT_NO_CACHE"), off != "0" { return nil }
        if let dir = env("TYPEFIT_CACHE_DIR") { return dir }
        if let dir = env("XDG_CACHE_HOME") { return dir + "/typefit" }
        return env("HOME").map { $0 + "/.cache/typefit" }
    }
}

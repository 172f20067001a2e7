import FontRegistry
import TypefitCore
import TypefitKit

/// The entry point: arguments in, an `Outcome` out (in-process, as the
/// tests run it), or stdout, stderr and the exit status (the process).
public enum TypefitCommand {
    /// Runs typefit with the process's arguments and exits.
    public static func main() -> Never {
        runProcess()
    }

    private static func runProcess() -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A reader that goes away (`typefit list-fonts | head -1`) is an
        // unwritable stdout, exit 2 as the README says, not death by SIGPIPE.
        SystemCalls.ignoreBrokenPipe()
        SystemCalls.keepFreedMemory()
        TemporaryFiles.unblockTerminationSignals()
        // This process ends after the command: what fontconfig mapped is
        // the kernel's to unmap (releasing it took a cold listing 1.5 ms).
        FontRegistry.leaveConfigurationsToExit()
        var context = RunContext(
            stdoutIsTerminal: SystemCalls.isTerminal(1), cacheDirectory: cacheDirectory(),
            desktopTextScale: { ScaleJob.readDesktopTextScale() })
        context.stderrIsTerminal = SystemCalls.isTerminal(2)
        context.workingDirectory = SystemCalls.workingFolder()
        context.systemFontDirectories = (SystemCalls.environment("TYPEFIT_SYSTEM_FONTS") ?? "")
            .split(separator: ":").map(String.init)
        var outcome = run(arguments, context: context)
        let (written, overLimit) = writeBounded(outcome, limit: maximumOutputBytes) { SystemCalls.writeAll($0, to: 1) }
        if overLimit {
            outcome.diagnostics.error(
                "the output reached typefit's limit of \(maximumOutputBytes >> 20) MiB per run and was cut there: "
                    + "check fewer strings at a time", status: .cannotRun)
        } else if !written {
            outcome.diagnostics.error(
                "cannot write to standard output: \(SystemCalls.lastError())", status: .cannotRun)
        }
        _ = SystemCalls.writeAll(Array(outcome.stderr.utf8), to: 2)
        // Exits with the outcome still held: releasing a listing's thousands
        // of faces one by one only to hand the memory back to the kernel
        // cost a cold listing a millisecond. Leak checkers see it reachable.
        SystemCalls.exitProcess(outcome.status.rawValue)
    }

    /// The most bytes one run writes to stdout: about five times the JSON
    /// of a `fit` at the strings limit (`StringsBudget`, 200,000 strings:
    /// ~220 MB). The inputs' budgets bound the output already; this bounds
    /// what they did not foresee.
    static let maximumOutputBytes = 1 << 30

    /// Hands `outcome`'s stdout to `write` until `limit` bytes: whether
    /// everything was written, and whether the limit stopped it.
    static func writeBounded(_ outcome: Outcome, limit: Int, _ write: ([UInt8]) -> Bool) -> (
        written: Bool, overLimit: Bool
    ) {
        var total = 0
        var overLimit = false
        return withoutActuallyEscaping(write) { write in
            let bounded = { (bytes: [UInt8]) -> Bool in
                total += bytes.count
                guard total <= limit else {
                    overLimit = true
                    return false
                }
                return write(bytes)
            }
            let written = outcome.stdoutStream.map { produce in produce(bounded) } ?? bounded(outcome.stdoutBytes)
            return (written, overLimit)
        }
    }

    /// Parses and runs the arguments after the program name.
    public static func run(_ arguments: [String], context: RunContext = RunContext()) -> Outcome {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            var outcome = Outcome()
            // `typefit` alone: the overview, on stderr, with the error.
            if arguments.isEmpty { outcome.stderrText = HelpFormatter.overview() + "\n" }
            outcome.diagnostics.usageError(error)
            if CommandLineParser.asksForJSON(arguments) {
                outcome.stdout = outcome.diagnostics.errorDocument(spell: CommandInput.spelling).serialized(
                    pretty: context.stdoutIsTerminal)
            }
            outcome.makeInertForRunners()
            return outcome
        }
        return run(command, context: context)
    }

    /// Runs a parsed command, applying what every command shares:
    /// `--strict` (warnings are errors), `--verbose` (one line per file),
    /// and in JSON mode a JSON document even when an error ends the run, so
    /// `| jq` never reads an empty stdout.
    /// Every byte of the outcome's stdout is made inert for CI runners
    /// (`RunnerCommands`), as stderr is.
    public static func run(_ command: Command, context: RunContext) -> Outcome {
        var outcome = outcome(of: command, context: context)
        outcome.makeInertForRunners()
        return outcome
    }

    static func outcome(of command: Command, context: RunContext) -> Outcome {
        switch command {
        case .help(let topic):
            return Help(topic: topic).run(context: context)
        case .version:
            return Outcome(stdout: "typefit \(Typefit.version)\n")
        case .completionScript(let shell):
            return Completions(shell: shell).run(context: context)
        case .manual(let topic):
            return Outcome(stdout: Manual.page(topic))
        case .manualPages(let directory):
            var outcome = Outcome()
            for (file, topic) in Manual.pages {
                let path = directory + "/" + file
                // The first page that cannot be written stops the run: a
                // missing or read-only folder would fail every page alike.
                if let error = SystemCalls.writeFile(Array(Manual.page(topic).utf8), to: path) {
                    outcome.diagnostics.error(error, status: .cannotRun, file: path)
                    break
                }
            }
            return outcome
        case .run(let parsed):
            var outcome = parsed.command.run(context: context)
            outcome.diagnostics.warningsAreErrors = parsed.output.strict
            outcome.diagnostics.listsEachFile = parsed.output.verbose
            if !outcome.hasStdout, outcome.diagnostics.hasErrors, parsed.output.json {
                outcome.stdout = outcome.diagnostics.errorDocument(spell: CommandInput.spelling).serialized(
                    pretty: context.stdoutIsTerminal)
            }
            if let format = parsed.output.report,
                let report = FindingReports.render(
                    format, diagnostics: outcome.diagnostics, subjects: outcome.reportSubjects,
                    command: type(of: parsed.command).commandName,
                    workingDirectory: context.workingDirectory)
            {
                outcome.stdoutBytes = report
                outcome.writesWorkflowCommands = format == GitHubAnnotations.format
            }
            return outcome
        }
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

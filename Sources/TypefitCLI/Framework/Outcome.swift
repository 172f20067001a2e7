import TypefitCore
import TypefitKit

/// What a run printed and how it ended; the caller writes it out.
public struct Outcome: Sendable {
    /// Data for stdout, made as it is written: the producer hands each
    /// chunk to the writer it is given and returns false when a write
    /// failed (or the writer said stop). Long documents use it, so they
    /// never sit in memory whole.
    public typealias Stream = @Sendable (_ write: ([UInt8]) -> Bool) -> Bool

    /// A stream that finds things while it writes (`measure` learns which
    /// texts lack glyphs as it measures them): its findings join the
    /// diagnostics once it has run.
    public typealias FindingStream = @Sendable (_ write: ([UInt8]) -> Bool, _ found: inout Diagnostics) -> Bool

    /// What a finding stream found, and (read in process) what it wrote.
    /// `@unchecked Sendable`: an outcome is written out by one thread.
    private final class Findings: @unchecked Sendable {
        var diagnostics = Diagnostics()
        var ran = false
        var bytes: [UInt8]?
    }

    private var buffered: [UInt8] = []
    private var findings: Findings?
    /// The producer of a streamed stdout, as the command made it.
    private var producer: Stream?

    /// Whether stdout is `--format github`'s workflow commands, whose
    /// lines start with `::` by design (`RunnerCommands.Filter`).
    public var writesWorkflowCommands = false

    /// Whether stdout is made inert for CI runners as it is read: set once,
    /// on the outcome a run hands out (`TypefitCommand.run`), so that the
    /// outcomes renderers pass to each other are not filtered again.
    public private(set) var isInertForRunners = false

    /// Makes every byte of stdout pass `RunnerCommands.Filter` when read.
    public mutating func makeInertForRunners() { isInertForRunners = true }

    /// Data for stdout made while it is written, when the run streams it:
    /// the command's stream, made inert for CI runners as it passes once
    /// the run hands the outcome out (`makeInertForRunners`).
    public var stdoutStream: Stream? {
        guard let producer else { return nil }
        guard isInertForRunners else { return producer }
        let own = writesWorkflowCommands
        return { write in
            var filter = RunnerCommands.Filter(allowsOwnCommands: own)
            let written = producer { chunk in write(filter.feed(chunk)) }
            return written && write(filter.finish())
        }
    }

    /// Data for stdout, as bytes (large JSON documents are written as they
    /// were built, without a round trip through `String`). A streamed
    /// output is made in full when read here (tests read it so); a finding
    /// stream once, its bytes kept.
    public var stdoutBytes: [UInt8] {
        get {
            guard let stdoutStream else {
                guard isInertForRunners else { return buffered }
                return RunnerCommands.inert(buffered, allowsOwnCommands: writesWorkflowCommands)
            }
            if let bytes = findings?.bytes { return bytes }
            var all: [UInt8] = []
            _ = stdoutStream { chunk in
                all += chunk
                return true
            }
            findings?.bytes = all
            return all
        }
        set {
            buffered = newValue
            producer = nil
            findings = nil
        }
    }

    /// The diagnostics with a finding stream's (the stream is run first,
    /// in process, when it has not been).
    private var allDiagnostics: Diagnostics {
        guard let findings else { return diagnostics }
        if !findings.ran { _ = stdoutBytes }
        var all = diagnostics
        all.append(findings.diagnostics)
        return all
    }

    /// Whether the run has anything for stdout (a stream counts, unmade).
    public var hasStdout: Bool { producer != nil || !buffered.isEmpty }

    /// Streams stdout instead of buffering it.
    public mutating func stream(_ producer: @escaping Stream) {
        buffered = []
        findings = nil
        self.producer = producer
    }

    /// Streams stdout from a producer that finds problems as it goes; they
    /// are on stderr and in the status after the document.
    public mutating func stream(finding producer: @escaping FindingStream) {
        let findings = Findings()
        buffered = []
        self.findings = findings
        self.producer = { write in
            var found = Diagnostics()
            let written = producer(write, &found)
            findings.diagnostics = found
            findings.ran = true
            return written
        }
    }
    /// Errors, warnings and notes for stderr; the exit status comes from
    /// them.
    public var diagnostics = Diagnostics()

    /// Data for stdout, as text.
    public var stdout: String {
        get { String(decoding: stdoutBytes, as: UTF8.self) }
        set { stdoutBytes = Array(newValue.utf8) }
    }

    /// Text for stderr before the diagnostics (the overview, when no
    /// subcommand is given).
    public var stderrText = ""

    /// The strings the run checked, for a report's test cases
    /// (`--format junit`).
    public var reportSubjects: [ReportSubject] = []

    /// Everything printed on stderr.
    public var stderr: String {
        RunnerCommands.inert(
            stderrText + allDiagnostics.rendered(afterCommandLineError: Self.usageLines, spell: CommandInput.spelling))
    }

    /// The exit status.
    public var status: ExitStatus { allDiagnostics.exitStatus }

    /// Creates an outcome.
    public init(stdout: String = "", diagnostics: Diagnostics = Diagnostics()) {
        self.buffered = Array(stdout.utf8)
        self.diagnostics = diagnostics
    }

    /// The outcome of library work: its diagnostics, and its result
    /// rendered by `render` when it did not stop.
    static func reporting(_ work: (inout Diagnostics) throws(Stopped) -> Outcome) -> Outcome {
        var diagnostics = Diagnostics()
        do {
            var outcome = try work(&diagnostics)
            diagnostics.append(outcome.diagnostics)
            outcome.diagnostics = diagnostics
            return outcome
        } catch {
            return Outcome(diagnostics: diagnostics)
        }
    }
}

extension UsageError {
    /// The lines printed on stderr: the error, the usage line, where to
    /// read more.
    public var rendered: String {
        var diagnostics = Diagnostics()
        diagnostics.usageError(self)
        return diagnostics.rendered(afterCommandLineError: Outcome.usageLines, spell: CommandInput.spelling)
    }
}

/// What a run may know about where it runs.
public struct RunContext: Sendable {
    /// Whether stdout is a terminal (people get tables, pipes get JSON).
    public var stdoutIsTerminal: Bool
    /// Where `list-fonts` may cache the installed listing; `nil` disables
    /// the cache (the default, so in-process runs never touch a user's home).
    public var cacheDirectory: String?
    /// Whether stderr is a terminal, where long runs show a progress line
    /// (never in pipes or CI logs unless `--progress`).
    public var stderrIsTerminal = false

    /// The desktop's text scale and where it was read (`--category
    /// system`); `nil` when the desktop has none. In-process runs have none
    /// unless given one.
    public var desktopTextScale: @Sendable () -> (factor: Double, source: String)?
    /// The working folder (canonical), which CI reports make paths
    /// relative to; `nil`: paths as given.
    public var workingDirectory: String?
    /// `TYPEFIT_SYSTEM_FONTS`: folders of Apple's system font files, for
    /// runs without `--system-fonts` (a CI machine's secret store). In-process
    /// runs have none unless given.
    public var systemFontDirectories: [String] = []

    /// Creates a context.
    public init(
        stdoutIsTerminal: Bool = false, cacheDirectory: String? = nil,
        desktopTextScale: @escaping @Sendable () -> (factor: Double, source: String)? = { nil }
    ) {
        self.stdoutIsTerminal = stdoutIsTerminal
        self.cacheDirectory = cacheDirectory
        self.desktopTextScale = desktopTextScale
    }
}

extension RunContext {
    /// What the context says of where a text command looks for faces: the
    /// listing cache, and the system font folders unless `--system-fonts`
    /// named some.
    func configure(_ search: inout FontSearch) {
        search.cacheDirectory = cacheDirectory
        if search.systemFontDirectories.isEmpty, !systemFontDirectories.isEmpty {
            search.systemFontDirectories = systemFontDirectories
            search.systemFontsFromEnvironment = true
        }
    }
}

extension Outcome {
    /// What follows a command-line error: the usage of the subcommand it
    /// concerns (`""`: typefit's) and where to read more.
    static func usageLines(_ topic: String) -> String {
        "Usage: " + HelpFormatter.usage(commandNamed: topic) + "\n"
            + "  See 'typefit help" + (topic.isEmpty ? "" : " " + topic) + "' for more information.\n"
    }
}

extension Diagnostics {
    /// A command line that cannot be run: exit 64, with the usage line.
    mutating func usageError(_ error: UsageError) {
        commandLineError(error.message, subcommand: error.subcommand ?? "")
    }
}

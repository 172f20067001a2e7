import TypefitCore
import TypefitKit

/// A subcommand in one place: its declaration, its options bound to the
/// fields of its `Options`, the step that checks how they combine, and its
/// `run`, which calls the library and renders. Adding a subcommand is one
/// file conforming to this and one line in `Typefit.subcommands`.
public protocol ParsableCommand: Sendable {
    /// The struct the parser fills through `options`.
    associatedtype Options: CommandOptions
    /// Its name on the command line (`configuration.commandName`), known
    /// without building the configuration.
    static var commandName: String { get }
    /// The declaration: name, help, arguments, examples; its options are
    /// `options`' declarations.
    static var configuration: CommandConfiguration { get }
    /// Every option, in the order help lists them, bound to its field.
    static var options: [Option<Options>] { get }
    /// Checks how the options combine (the `validate()` step) and keeps
    /// what `run` needs.
    init(options: Options, arguments: [String]) throws(UsageError)
    /// Runs the command in-process: the library's work, rendered. The
    /// framework applies `--strict`, `--verbose` and `--format json` (see
    /// `CommandOptions.output`) to what it returns.
    func run(context: RunContext) -> Outcome
}

/// What every command's options tell the framework.
public protocol CommandOptions: Sendable {
    /// The defaults, before the command line is read.
    init()
    /// `--strict`, `--verbose` and whether `--format json` was asked for.
    var output: OutputSettings { get }
    /// `--platform`, which options declared for one platform are checked
    /// against (iOS when the command has none).
    var chosenPlatform: Platform { get }
}

extension CommandOptions {
    /// iOS: a command without `--platform`.
    public var chosenPlatform: Platform { .ios }
}

/// What the framework applies to every command's outcome.
public struct OutputSettings: Sendable, Equatable {
    /// `--strict`: warnings are errors (exit 1).
    public var strict = false
    /// `--verbose`: one warning line per file.
    public var verbose = false
    /// `--format json` was given, so that an error ending the run still
    /// prints a JSON document on stdout. (JSON chosen by default for a pipe
    /// does not count: there an error leaves stdout empty.)
    public var json = false
    /// `--format github|sarif|junit`: stdout is the report of the run's
    /// findings, made once it is over (`FindingReports`).
    public var report: OutputFormat?

    /// Creates settings.
    public init(strict: Bool = false, verbose: Bool = false, json: Bool = false, report: OutputFormat? = nil) {
        self.strict = strict
        self.verbose = verbose
        self.json = json
        self.report = report
    }
}

extension ParsableCommand {
    /// Parses the arguments after the subcommand's name into the command.
    static func parse(_ arguments: [String]) throws(UsageError) -> (command: Self, output: OutputSettings) {
        assert(configuration.declarationProblems.isEmpty, "\(configuration.declarationProblems)")
        let (options, positionals, given) = try ArgumentScanner.scan(
            arguments, options: Self.options, acceptsArguments: !configuration.arguments.isEmpty)
        try OptionConstraint.check(configuration.options, given: given, platform: options.chosenPlatform)
        return (try Self(options: options, arguments: positionals), options.output)
    }

    /// The declaration with the options' declarations (what a command's
    /// `configuration` is made from).
    static func declared(
        _ name: String, abstract: String, discussion: String = "", arguments: [ArgumentDeclaration] = [],
        examples: [Example] = []
    ) -> CommandConfiguration {
        CommandConfiguration(
            commandName: name, abstract: abstract, discussion: discussion, arguments: arguments,
            options: options.map(\.declaration), examples: examples)
    }
}

/// A parsed subcommand, ready to run, with what the framework applies.
public struct ParsedCommand: Sendable {
    /// The command.
    public var command: any ParsableCommand
    /// `--strict`, `--verbose`, `--format json`.
    public var output: OutputSettings
}

/// A parsed command line: what to run.
public enum Command: Sendable {
    /// Print help: the overview (`nil`) or a subcommand's.
    case help(String?)
    /// Print the version.
    case version
    /// Print a shell completion script.
    case completionScript(CompletionShell)
    /// Print a manual page: typefit(1) (`nil`) or a subcommand's.
    case manual(String?)
    /// Write every manual page into a folder.
    case manualPages(directory: String)
    /// Run a subcommand.
    case run(ParsedCommand)
}

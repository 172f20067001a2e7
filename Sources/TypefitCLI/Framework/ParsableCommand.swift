/// A subcommand: its declaration, how its options are read from the
/// declared arguments (the `validate()` step: cross-option checks), and how
/// it runs. Adding a subcommand is one file conforming to this and one line
/// in `Typefit.subcommands`.
public protocol ParsableCommand: Sendable {
    /// The declaration: name, help, options, examples.
    static var configuration: CommandConfiguration { get }
    /// Reads the options from arguments the declaration already accepted.
    init(parsing arguments: ParsedArguments) throws(UsageError)
    /// Runs the command in-process.
    func run(context: RunContext) -> Outcome
    /// Whether `--format json` was given, so that an error ending the run
    /// still prints a JSON document on stdout. (JSON chosen by default for a
    /// pipe does not count: there an error leaves stdout empty.)
    func writesJSON(context: RunContext) -> Bool
}

/// typefit itself: the overview, the version, and its subcommands.
public enum Typefit {
    /// The version `--version` prints.
    public static let version = "0.1.0"

    /// One line: what typefit is.
    static let abstract = "Font registry and Dynamic Type scaler for Linux."

    /// The licence, as typefit(1) states it (LICENSE at the top of the
    /// sources holds the full text; the Debian package's copyright file
    /// names it too).
    static let licence = """
        typefit is licensed under the Apache License, Version 2.0: see the LICENSE file \
        that comes with its sources, or /usr/share/doc/typefit/copyright where it was \
        installed from its Debian package. The fixture fonts in its sources keep their \
        own licences, listed in Fixtures/LICENSES.md.
        """

    /// The overview's paragraph.
    static let discussion = """
        Lists the fonts a machine has with their PostScript names (what \
        UIFont.familyNames and fontNames(forFamilyName:) answer on iOS), prints the point \
        size of every Dynamic Type text style at every content size category, and \
        measures, fits and draws text at those sizes.
        """

    /// Every subcommand, in the order help lists them.
    public static let subcommands: [any ParsableCommand.Type] = [
        ListFonts.self, Scale.self, Check.self, Measure.self, Fit.self, Specimen.self,
    ]

    /// The subcommand named `name`.
    static func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        subcommands.first { $0.configuration.commandName == name }
    }

    /// The names of the subcommands.
    public static var subcommandNames: [String] { subcommands.map { $0.configuration.commandName } }
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
    case run(any ParsableCommand)
}

import TypefitCore
import TypefitKit

/// typefit itself, declared like its subcommands: its options, its
/// subcommands, and the two built in (`help`, `completions`). The overview
/// help, typefit(1) and the completion scripts are generated from this.
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

    /// typefit's own options (before any subcommand).
    static let options: [OptionDeclaration] = [
        .flag("--version", help: "Show the version."),
        .option(
            "--generate-completion-script", "shell",
            help: "Print a completion script for bash, zsh or fish ('typefit completions <shell>' too).",
            completion: .values(CompletionShell.allCases.map(\.rawValue))),
        .option(
            "--generate-manual", "subcommand",
            help:
                "Print the manual page typefit(1), or a subcommand's; with --output-directory <path>, write them all.",
            completion: .values(subcommandNames)
        ).optionalValue(),
        .option(
            "--output-directory", "path",
            help: "With --generate-manual: write typefit(1) and every subcommand's page into this folder.",
            completion: .directory
        ).hidden(modifying: "--generate-manual"),
    ]

    /// Every subcommand, in the order help lists them.
    public static let subcommands: [any ParsableCommand.Type] = [
        ListFonts.self, Scale.self, Check.self, Measure.self, Fit.self, Specimen.self, Review.self,
    ]

    /// The subcommands typefit has about itself, which the overview's
    /// SUBCOMMANDS list leaves out (it names `help` in its last line).
    static let builtins: [any ParsableCommand.Type] = [Help.self, Completions.self]

    /// The subcommand named `name`, built-ins included.
    static func subcommand(named name: String) -> (any ParsableCommand.Type)? {
        // By `commandName`, not `configuration`: a configuration lists its
        // options, whose key paths and generic types the runtime makes on
        // first use, and the commands before the one asked for made theirs
        // for nothing (a tenth of a short run's start).
        (subcommands + builtins).first { $0.commandName == name }
    }

    /// The names of the subcommands (without the built-ins).
    public static var subcommandNames: [String] { subcommands.map { $0.commandName } }

    /// The names of the built-in subcommands (their declarations name
    /// them too; `help`'s own declaration lists these, so they cannot be
    /// read from the declarations without a cycle).
    static let builtinNames = [Help.name, Completions.name]
}

/// `typefit help [SUBCOMMAND]`.
struct Help: ParsableCommand {
    static let name = "help"
    static let commandName = name

    struct Options: CommandOptions {
        var output: OutputSettings { OutputSettings() }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] = []

    static let configuration = declared(
        name, abstract: "Show the overview, or a subcommand's help.",
        arguments: [
            ArgumentDeclaration(
                "subcommand", help: "The subcommand whose help to show.", repeatable: false,
                completion: .values(Typefit.subcommandNames + Typefit.builtinNames))
        ])

    /// The subcommand, or `nil` for the overview.
    var topic: String?

    /// Help on `topic` (`typefit -h`, `typefit CMD --help`).
    init(topic: String?) { self.topic = topic }

    init(options: Options, arguments: [String]) throws(UsageError) {
        if arguments.count > 1 {
            throw UsageError("unexpected argument '\(arguments[1])' after 'help \(arguments[0])'")
        }
        if let topic = arguments.first, Typefit.subcommand(named: topic) == nil {
            throw CommandLineParser.unknownSubcommand(topic)
        }
        topic = arguments.first
    }

    func run(context: RunContext) -> Outcome {
        guard let topic, let type = Typefit.subcommand(named: topic) else {
            return Outcome(stdout: HelpFormatter.overview())
        }
        return Outcome(stdout: HelpFormatter.help(for: type.configuration))
    }
}

/// `typefit completions SHELL`, the same as `--generate-completion-script`.
struct Completions: ParsableCommand {
    static let name = "completions"
    static let commandName = name

    struct Options: CommandOptions {
        var output: OutputSettings { OutputSettings() }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] = []

    static let configuration = declared(
        name, abstract: "Print a completion script (the same as --generate-completion-script).",
        arguments: [
            ArgumentDeclaration(
                "shell", help: "bash, zsh or fish.", repeatable: false, isRequired: true,
                completion: .values(CompletionShell.allCases.map(\.rawValue)))
        ],
        examples: [Example("source <(typefit completions bash)")])

    /// The shell.
    var shell: CompletionShell

    /// The script for `shell` (`--generate-completion-script`).
    init(shell: CompletionShell) { self.shell = shell }

    init(options: Options, arguments: [String]) throws(UsageError) {
        guard let name = arguments.first else {
            throw UsageError("missing a shell for 'completions': \(CompletionShell.names)")
        }
        shell = try CommandLineParser.shell(name, after: "completions", rest: arguments)
    }

    func run(context: RunContext) -> Outcome { Outcome(stdout: shell.script) }
}

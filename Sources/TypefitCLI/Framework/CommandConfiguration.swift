/// What a subcommand is and what it accepts, declared once: parsing, help,
/// shell completions and the man page are all made from it (the shape of
/// swift-argument-parser's `CommandConfiguration`, which cannot be fetched
/// here).
public struct CommandConfiguration: Sendable {
    /// The name typed after `typefit`.
    public var commandName: String
    /// One line: what the command does (OVERVIEW, the SUBCOMMANDS list).
    public var abstract: String
    /// Paragraphs after the overview, wrapped when printed.
    public var discussion: String
    /// Positional arguments, in order.
    public var arguments: [ArgumentDeclaration]
    /// Every option, in the order help lists them.
    public var options: [OptionDeclaration]
    /// Command lines that run as shown, with what they print.
    public var examples: [Example]

    /// Creates a configuration.
    public init(
        commandName: String, abstract: String, discussion: String = "", arguments: [ArgumentDeclaration] = [],
        options: [OptionDeclaration], examples: [Example] = []
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
    }

    /// What is wrong with the declarations, if anything: a name declared
    /// twice (the parser would only ever bind the first), a name without
    /// `--`, `--help`/`-h` (the framework's own), a value set checked but
    /// empty, a value declared twice (values match case-insensitively).
    /// The tests require none for every command; debug builds trap on one
    /// when the command line is parsed.
    public var declarationProblems: [String] {
        var problems: [String] = []
        var seen = Set<String>()
        for option in options {
            if !seen.insert(option.name).inserted { problems.append("'\(option.name)' is declared twice") }
            if !option.name.hasPrefix("--") { problems.append("'\(option.name)' does not start with '--'") }
            if option.name == "--help" || option.name == "-h" { problems.append("'\(option.name)' is typefit's own") }
            if option.validatesValues && option.values.isEmpty {
                problems.append("'\(option.name)' checks its values but declares none")
            }
            var values = Set<String>()
            for value in option.values where !values.insert(value.lowercased()).inserted {
                problems.append("'\(option.name)' declares '\(value)' twice (values are case-insensitive)")
            }
        }
        return problems
    }

    /// The declaration of option `name`.
    public func option(_ name: String) -> OptionDeclaration? {
        options.first { $0.name == name }
    }
}

/// One example command line in help and the man page.
public struct Example: Sendable {
    /// The command, as typed (without a prompt).
    public var command: String
    /// What it shows, or `nil`.
    public var comment: String?

    /// Creates an example.
    public init(_ command: String, _ comment: String? = nil) {
        self.command = command
        self.comment = comment
    }
}

/// A positional argument.
public struct ArgumentDeclaration: Sendable {
    /// The name shown in USAGE (`<text>`), without angle brackets.
    public var valueName: String
    /// What it is.
    public var help: String
    /// Whether it may be given many times.
    public var repeatable: Bool
    /// Whether the command needs at least one (else it is optional).
    public var isRequired: Bool
    /// How a shell completes it.
    public var completion: Completion

    /// Creates a positional argument.
    public init(
        _ valueName: String, help: String, repeatable: Bool = true, isRequired: Bool = false,
        completion: Completion = .none
    ) {
        self.valueName = valueName
        self.help = help
        self.repeatable = repeatable
        self.isRequired = isRequired
        self.completion = completion
    }
}

/// How a shell completes a value.
public enum Completion: Sendable, Equatable {
    /// Nothing to offer.
    case none
    /// One of these words.
    case values([String])
    /// One of these words, or under `--platform P` on the line P's own
    /// where it has them (`--style`: Material 3's roles on Android).
    case platformValues([String], byPlatform: [String: [String]])
    /// A file, preferably with one of these extensions (none: any file).
    case file(extensions: [String])
    /// A directory.
    case directory
    /// A family name of the installed fonts.
    case families
    /// A PostScript name of the installed fonts.
    case postscriptNames
}

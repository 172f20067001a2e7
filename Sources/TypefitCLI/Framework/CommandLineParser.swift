import TypefitCore
import TypefitKit

/// Turns arguments into a `Command`. Pure: no globals, no environment, no I/O.
public enum CommandLineParser {
    /// The usage error for `typefit` with no arguments (its overview goes to
    /// stderr with it, and the run exits 64, as for any missing argument).
    static let missingSubcommand = UsageError(
        "missing a subcommand: " + Typefit.subcommandNames.joined(separator: ", "))

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { throw missingSubcommand }
        let rest = Array(arguments.dropFirst())
        // typefit's own options (declared in `Typefit.options`).
        switch first {
        case "-h", "--help":
            return .help(nil)
        case "--version":
            return .version
        case "--generate-completion-script":
            guard let name = rest.first else {
                throw UsageError("missing a shell for '\(first)': \(CompletionShell.names)")
            }
            return .completionScript(try shell(name, after: first, rest: rest))
        case let option where option.hasPrefix("--generate-completion-script="):
            let name = String(option.dropFirst("--generate-completion-script=".count))
            return .completionScript(try shell(name, after: "--generate-completion-script", rest: [name] + rest))
        case "--generate-manual":
            return try manual(rest)
        case let option where option == "--output-directory" || option.hasPrefix("--output-directory="):
            // The options in either order: `--output-directory DIR
            // --generate-manual` is the same request.
            let valueCount = option.contains("=") ? 0 : 1
            if valueCount == 1, rest.first == "--generate-manual" {
                throw UsageError("missing value for '--output-directory <path>'")
            }
            guard rest.count > valueCount, rest[valueCount] == "--generate-manual" else {
                throw UsageError("'--output-directory' goes with '--generate-manual'")
            }
            var reordered = rest
            reordered.remove(at: valueCount)
            return try manual([option] + reordered)
        case let option where option.hasPrefix("--version=") || option.hasPrefix("--help="):
            throw UsageError("'\(option.prefix { $0 != "=" })' takes no value")
        default:
            break
        }
        guard let type = Typefit.subcommand(named: first) else {
            if first.hasPrefix("-") {
                throw UsageError("unknown option '\(first)'; options follow a subcommand")
            }
            throw unknownSubcommand(first)
        }
        let name = type.commandName
        // -h/--help anywhere before a `--` asks for this subcommand's help.
        let beforeDashes = rest.prefix { $0 != "--" }
        if beforeDashes.contains("-h") || beforeDashes.contains("--help") { return .help(name) }
        do {
            let parsed = try type.parse(rest)
            // The built-ins are what the overview's options are.
            if let help = parsed.command as? Help { return .help(help.topic) }
            if let completions = parsed.command as? Completions { return .completionScript(completions.shell) }
            return .run(ParsedCommand(command: parsed.command, output: parsed.output))
        } catch {
            var located = error
            if located.subcommand == nil { located.subcommand = name }
            throw located
        }
    }

    /// `--generate-manual [SUBCOMMAND]` or `--generate-manual
    /// --output-directory DIR`.
    private static func manual(_ rest: [String]) throws(UsageError) -> Command {
        guard let topic = rest.first else { return .manual(nil) }
        if topic == "--output-directory" || topic.hasPrefix("--output-directory=") {
            let inline = topic.hasPrefix("--output-directory=") ? String(topic.dropFirst(19)) : nil
            guard let directory = inline ?? rest.dropFirst().first, !directory.isEmpty else {
                throw UsageError("missing value for '--output-directory <path>'")
            }
            if let extra = rest.dropFirst(inline == nil ? 2 : 1).first {
                throw UsageError("unexpected argument '\(extra)'")
            }
            return .manualPages(directory: directory)
        }
        guard Typefit.subcommandNames.contains(topic) else { throw unknownSubcommand(topic) }
        if let extra = rest.dropFirst().first { throw UsageError("unexpected argument '\(extra)'") }
        return .manual(topic)
    }

    /// The shell named after `--generate-completion-script`/`completions`.
    static func shell(_ name: String, after option: String, rest: [String]) throws(UsageError) -> CompletionShell {
        guard let shell = CompletionShell(rawValue: name.lowercased()) else {
            throw UsageError(
                NameMatching.choiceMessage("'\(option)'", name, CompletionShell.allCases.map(\.rawValue)))
        }
        if let extra = rest.dropFirst().first { throw UsageError("unexpected argument '\(extra)'") }
        return shell
    }

    static func unknownSubcommand(_ name: String) -> UsageError {
        let names = Typefit.subcommandNames + Typefit.builtinNames
        var message = "unknown subcommand '\(name)'"
        if let best = NameMatching.suggestions(for: name, among: names, limit: 1).first {
            message += "; did you mean '\(best)'?"
        }
        return UsageError(message)
    }

    /// Whether a command line that failed to parse asked for JSON
    /// (`--format json`), so that its usage error is printed as JSON too.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        let options = arguments.dropFirst().prefix { $0 != "--" }
        var previous: String?
        for argument in options {
            if argument.lowercased() == "--format=json" { return true }
            if previous == "--format" && OutputFormat(argument.lowercased()) == .json { return true }
            previous = argument
        }
        return false
    }
}

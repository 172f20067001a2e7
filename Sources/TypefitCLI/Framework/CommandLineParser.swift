import TypefitCore

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
        switch first {
        case "-h", "--help":
            return .help(nil)
        case "--version":
            return .version
        case "--generate-completion-script", "completions":
            guard let name = rest.first else {
                throw UsageError("missing a shell for '\(first)': \(CompletionShell.names)")
            }
            return .completionScript(try shell(name, after: first, rest: rest))
        case let option where option.hasPrefix("--generate-completion-script="):
            let name = String(option.dropFirst("--generate-completion-script=".count))
            return .completionScript(try shell(name, after: "--generate-completion-script", rest: [name] + rest))
        case "--generate-manual":
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
            guard Typefit.subcommand(named: topic) != nil else { throw unknownSubcommand(topic) }
            if let extra = rest.dropFirst().first { throw UsageError("unexpected argument '\(extra)'") }
            return .manual(topic)
        case "help":
            guard let topic = rest.first else { return .help(nil) }
            guard Typefit.subcommand(named: topic) != nil else { throw unknownSubcommand(topic) }
            if let extra = rest.dropFirst().first {
                throw UsageError("unexpected argument '\(extra)' after 'help \(topic)'")
            }
            return .help(topic)
        default:
            break
        }
        guard let type = Typefit.subcommand(named: first) else {
            if first.hasPrefix("-") {
                throw UsageError("unknown option '\(first)'; options follow a subcommand")
            }
            throw unknownSubcommand(first)
        }
        let name = type.configuration.commandName
        // -h/--help anywhere before a `--` asks for this subcommand's help.
        let beforeDashes = rest.prefix { $0 != "--" }
        if beforeDashes.contains("-h") || beforeDashes.contains("--help") { return .help(name) }
        do {
            let parsed = try ParsedArguments.scan(rest, for: type.configuration)
            return .run(try type.init(parsing: parsed))
        } catch {
            var located = error
            if located.subcommand == nil { located.subcommand = name }
            throw located
        }
    }

    /// The shell named after `--generate-completion-script`/`completions`.
    private static func shell(_ name: String, after option: String, rest: [String]) throws(UsageError)
        -> CompletionShell
    {
        guard let shell = CompletionShell(rawValue: name.lowercased()) else {
            throw UsageError(
                NameMatching.choiceMessage("'\(option)'", name, CompletionShell.allCases.map(\.rawValue)))
        }
        if let extra = rest.dropFirst().first { throw UsageError("unexpected argument '\(extra)'") }
        return shell
    }

    private static func unknownSubcommand(_ name: String) -> UsageError {
        let names = Typefit.subcommandNames + ["help"]
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
            if previous == "--format" && argument.lowercased() == "json" { return true }
            previous = argument
        }
        return false
    }
}

// MARK: Value readers the commands share

extension ParsedArguments {
    /// A comma list of names (`all` adds every value), duplicates dropped,
    /// order kept.
    func list<T: Equatable>(
        _ option: String, all: [T], parse: (String) throws(NameError) -> T
    ) throws(UsageError) -> [T]? {
        guard let text = last(option) else { return nil }
        var result: [T] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = piece.trimmingSpaces
            guard !item.isEmpty else { throw UsageError("'\(option)' has an empty item in '\(text)'") }
            if item.lowercased() == "all" {
                for value in all where !result.contains(value) { result.append(value) }
                continue
            }
            do {
                let value = try parse(item)
                if !result.contains(value) { result.append(value) }
            } catch {
                throw UsageError(error.message)
            }
        }
        return result
    }

    /// A number of points in `range` (0 allowed when `allowZero`).
    func points(_ option: String, range: ClosedRange<Double>, allowZero: Bool) throws(UsageError) -> Double? {
        guard let text = last(option) else { return nil }
        guard let value = Double(text.trimmingSpaces), value.isFinite else {
            throw UsageError("'\(option)' takes a number of points (got '\(text)')")
        }
        guard range.contains(value), allowZero || value > 0 else {
            let low = allowZero ? "from 0" : "greater than 0"
            throw UsageError("'\(option)' must be \(low) and at most \(humanNumber(range.upperBound)) (got '\(text)')")
        }
        return value
    }

    /// `--format`, already one of the declared values.
    func format(_ option: String = "--format") -> OutputFormat? {
        last(option).flatMap { OutputFormat(rawValue: $0.lowercased()) }
    }

    /// `--weight`: a name or 100-900.
    func weight() throws(UsageError) -> Int? {
        guard let text = last("--weight") else { return nil }
        guard let value = FontWeight.parseOpenType(text.trimmingSpaces) else {
            let names = FontWeight.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("'--weight' takes a weight name (\(names)) or a number from 100 to 900 (got '\(text)')")
        }
        return value
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

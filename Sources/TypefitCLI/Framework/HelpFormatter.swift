import TypefitCore
import TypefitKit

/// Help text generated from the declarations, in swift-argument-parser's
/// layout (OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS) and its rules:
/// 80 columns, option help in a column at 26 with a hanging indent, and
/// `[<options>]` in USAGE when a command has more than 12 options.
public enum HelpFormatter {
    /// The width every line fits in.
    static let screenWidth = 80
    /// Where option help starts.
    static let labelColumn = 26
    /// Past this many options USAGE shows `[<options>]` (argument-parser's
    /// rule) and only what is required.
    static let maximumListedOptions = 12

    /// The exit statuses, as every help page states them.
    static var exitStatuses: [(String, String)] {
        ExitStatus.allCases.map { (String($0.rawValue), $0.summary) }
    }

    /// The overview, `typefit --help`, from typefit's own declaration:
    /// its options (hidden ones left out) and its subcommands (the
    /// built-ins are named in the last line).
    public static func overview() -> String {
        var out = "OVERVIEW: \(Typefit.abstract)\n\n"
        out += wrap(Typefit.discussion, indent: 0).joined(separator: "\n") + "\n\n"
        out += "USAGE: typefit <subcommand>\n\n"
        out += "OPTIONS:\n"
        for option in Typefit.options where !option.isHidden {
            out += row(option.label, option.help)
        }
        out += row("-h, --help", "Show help information.")
        out += "\nSUBCOMMANDS:\n"
        for command in Typefit.subcommands {
            out += row(command.configuration.commandName, command.configuration.abstract)
        }
        out += "\n  See 'typefit help <subcommand>' for detailed help.\n"
        out += exitStatusSection()
        return out
    }

    /// A subcommand's help page.
    public static func help(for configuration: CommandConfiguration) -> String {
        var out = "OVERVIEW: \(configuration.abstract)\n"
        if !configuration.discussion.isEmpty {
            out += "\n"
            for paragraph in configuration.discussion.split(separator: "\n\n", omittingEmptySubsequences: true) {
                out += wrap(String(paragraph), indent: 0).joined(separator: "\n") + "\n"
            }
        }
        out += "\n" + wrapUsage("USAGE: ", synopsis(configuration)) + "\n"
        if !configuration.arguments.isEmpty {
            out += "\nARGUMENTS:\n"
            for argument in configuration.arguments {
                out += row("<\(argument.valueName)>", argument.help)
            }
        }
        out += "\nOPTIONS:\n"
        for option in configuration.options where !option.isHidden {
            out += row(option.label, optionHelp(option))
        }
        out += row("-h, --help", "Show help information.")
        if !configuration.examples.isEmpty {
            out += "\nEXAMPLES:\n"
            for example in configuration.examples {
                if let comment = example.comment { out += "  # \(comment)\n" }
                out += wrapCommand(example.command)
            }
        }
        out += exitStatusSection()
        return out
    }

    /// An option's help with what help always adds: the values it takes,
    /// whether it repeats.
    static func optionHelp(_ option: OptionDeclaration) -> String {
        var text = option.help
        if option.validatesValues || (!option.values.isEmpty && option.values.count <= 10) {
            text += " (values: " + option.values.joined(separator: ", ") + ")"
        }
        if option.repeatable { text += " (repeatable)" }
        // The rules the parser checks, so that help never hides one.
        var excluded: [String] = []
        for rule in option.constraints {
            if case .excludes(let other) = rule.kind {
                excluded.append(other)
            } else {
                text += " " + rule.helpText
            }
        }
        if !excluded.isEmpty { text += " Not with " + OptionConstraint.alternatives(excluded, quoted: false) + "." }
        return text
    }

    /// The one-line usage of the subcommand named `name` (`""`: typefit).
    public static func usage(commandNamed name: String) -> String {
        guard let command = Typefit.subcommand(named: name) else { return "typefit <subcommand>" }
        return synopsis(command.configuration)
    }

    /// `typefit NAME …`: every option, or `[<options>]` and what is required
    /// when there are more than twelve; then the positional arguments.
    public static func synopsis(_ configuration: CommandConfiguration) -> String {
        synopsisUnits(configuration).joined(separator: " ")
    }

    /// The synopsis as units that are never split across lines.
    static func synopsisUnits(_ configuration: CommandConfiguration, everyOption: Bool = false) -> [String] {
        var units = ["typefit", configuration.commandName]
        let options = configuration.options
        if options.count > maximumListedOptions && !everyOption {
            units.append("[<options>]")
            for option in options where option.isRequired { units.append(unit(option)) }
        } else {
            for option in options { units.append(unit(option)) }
        }
        for argument in configuration.arguments {
            let dots = argument.repeatable ? " ..." : ""
            units.append(
                argument.isRequired ? "<\(argument.valueName)>\(dots)" : "[<\(argument.valueName)>\(dots)]")
        }
        return units
    }

    /// The synopsis README.md and docs/REFERENCE.md show: every command
    /// with every option (values in angle brackets, as help writes them),
    /// the built-ins, and typefit's own options, wrapped at 100 columns
    /// under the command's name. A test keeps both files equal to it.
    public static func documentationSynopsis() -> String {
        var lines: [String] = []
        for command in Typefit.subcommands + Typefit.builtins {
            let units = synopsisUnits(command.configuration, everyOption: true)
            let indent = String(repeating: " ", count: units[0].count + 1 + units[1].count + 1)
            var line = units[0] + " " + units[1]
            for unit in units.dropFirst(2) {
                if line.count + 1 + unit.count > 100 {
                    lines.append(line)
                    line = indent + unit
                } else {
                    line += " " + unit
                }
            }
            lines.append(line)
        }
        for option in Typefit.options {
            var line = "typefit " + option.label
            for modifier in Typefit.options where modifier.requires == option.name {
                line = "typefit " + option.label + " | " + option.name + " " + modifier.label
            }
            if option.requires == nil { lines.append(line) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A subcommand's options as the reference tables them (Markdown): each
    /// option with its value, what it does, the values it takes, whether
    /// it repeats or is required; then -h/--help.
    public static func markdownOptions(_ configuration: CommandConfiguration) -> String {
        var out = "| option | what it does |\n|---|---|\n"
        for option in configuration.options where !option.isHidden {
            let help =
                optionHelp(option) + (option.isRequired && !option.help.contains("(required)") ? " (required)" : "")
            out += "| `\(option.label)` | \(help.replacingPipes) |\n"
        }
        out += "| `-h`, `--help` | Show help information. |\n"
        return out
    }

    private static func unit(_ option: OptionDeclaration) -> String {
        let core = option.label + (option.repeatable ? " ..." : "")
        return option.isRequired ? core : "[\(core)]"
    }

    // MARK: Layout

    /// `  label                   help`, the help wrapped at the label
    /// column; a label too long for the column puts the help on the next
    /// line.
    static func row(_ label: String, _ help: String) -> String {
        let lines = wrap(help, indent: labelColumn)
        let lead = "  " + label
        guard let first = lines.first else { return lead + "\n" }
        var out: String
        if lead.count <= labelColumn - 2 {
            out = lead + String(repeating: " ", count: labelColumn - lead.count) + first.dropFirst(labelColumn) + "\n"
        } else {
            out = lead + "\n" + first + "\n"
        }
        for line in lines.dropFirst() { out += line + "\n" }
        return out
    }

    /// Words of `text` in lines of at most 80 columns, each indented by
    /// `indent` spaces. A word longer than a line stands alone.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if line.isEmpty {
                line = pad + word
            } else if line.count + 1 + word.count <= screenWidth {
                line += " " + word
            } else {
                lines.append(line)
                line = pad + word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `USAGE: typefit …` wrapped by units, continued under the first
    /// option.
    static func wrapUsage(_ prefix: String, _ synopsis: String) -> String {
        // Units: bracketed groups stay whole.
        var units: [String] = []
        var depth = 0
        var current = ""
        for character in synopsis {
            if character == " " && depth == 0 {
                if !current.isEmpty { units.append(current) }
                current = ""
                continue
            }
            if character == "[" || character == "(" { depth += 1 }
            if character == "]" || character == ")" { depth -= 1 }
            current.append(character)
        }
        if !current.isEmpty { units.append(current) }
        let indent = String(repeating: " ", count: prefix.count + 2)
        var lines: [String] = []
        var line = prefix
        for unit in units {
            if line == prefix || line == indent {
                line += unit
            } else if line.count + 1 + unit.count <= screenWidth {
                line += " " + unit
            } else {
                lines.append(line)
                line = indent + unit
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// An example command, continued with ` \` past 80 columns.
    static func wrapCommand(_ command: String) -> String {
        var lines: [String] = []
        var line = "  "
        // An option and its value stay on one line.
        var units: [String] = []
        for word in splitKeepingQuotes(command) {
            if let last = units.last, last.hasPrefix("--"), !last.contains(" "), !word.hasPrefix("-"),
                word != "|", word != ">"
            {
                units[units.count - 1] += " " + word
            } else {
                units.append(word)
            }
        }
        for word in units {
            if line == "  " || line == "      " {
                line += word
            } else if line.count + 1 + word.count <= screenWidth - 2 {
                line += " " + word
            } else {
                lines.append(line + " \\")
                line = "      " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Shell words, a quoted string kept whole.
    static func splitKeepingQuotes(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        for character in command {
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
                current.append(character)
            } else if character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func exitStatusSection() -> String {
        var out = "\nEXIT STATUS:\n"
        for (status, meaning) in exitStatuses {
            let lines = wrap(meaning, indent: 8)
            for (i, line) in lines.enumerated() {
                out += i == 0 ? "  " + status.padding(5) + " " + line.dropFirst(8) + "\n" : line + "\n"
            }
        }
        return out
    }
}

extension String {
    /// With `|` escaped, for a Markdown table cell.
    fileprivate var replacingPipes: String {
        var out = ""
        for character in self { out += character == "|" ? "\\|" : String(character) }
        return out
    }

    fileprivate func padding(_ width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}

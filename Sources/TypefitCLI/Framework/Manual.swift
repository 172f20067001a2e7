import TypefitKit

/// Manual pages in roff (the `man` macros) generated from the command
/// declarations, plus the reference sections help has no room for: exit
/// statuses, diagnostics, JSON, environment, files. `typefit.1` is the
/// overview; `typefit-SUBCOMMAND.1` each subcommand's page.
public enum Manual {
    /// The date the pages carry (the version's release date), so that the
    /// output is the same on every run.
    static let date = "2026-11-30"

    /// The page for `topic` (`nil`: typefit(1)).
    public static func page(_ topic: String?) -> String {
        guard let topic, let command = Typefit.subcommand(named: topic) else { return overview() }
        return subcommandPage(command.configuration)
    }

    /// The file names `make install` writes, with their topics.
    public static var pages: [(file: String, topic: String?)] {
        [("typefit.1", nil)] + Typefit.subcommandNames.map { ("typefit-\($0).1", $0) }
    }

    // MARK: Pages

    static func overview() -> String {
        var out = header("TYPEFIT")
        out += ".SH NAME\ntypefit \\- \(text(Typefit.abstract.lowercasedFirst.droppingPeriod))\n"
        out += ".SH SYNOPSIS\n"
        for command in Typefit.subcommands {
            out += synopsis(command.configuration)
        }
        out += rootSynopsis()
        out += ".SH DESCRIPTION\n" + paragraphs(Typefit.discussion)
        out += paragraphs(Reference.description)
        out += ".SH SUBCOMMANDS\n"
        for command in Typefit.subcommands {
            let configuration = command.configuration
            out += ".TP\n.B \(configuration.commandName)\n"
            out += text(configuration.abstract) + " See\n.BR typefit\\-\(code(configuration.commandName)) (1).\n"
        }
        for command in Typefit.builtins {
            let configuration = command.configuration
            out += ".TP\n.B \(code(configuration.commandName))"
            for argument in configuration.arguments {
                let item = "\\fI\(code(argument.valueName))\\fR"
                out += argument.isRequired ? " \(item)" : " \\fR[\(item)]"
            }
            out += "\n\(text(configuration.abstract))\n"
        }
        out += exitStatus()
        out += ".SH DIAGNOSTICS\n" + paragraphs(Reference.diagnostics)
        out += ".SH JSON OUTPUT\n" + paragraphs(Reference.json)
        for (name, fields) in Reference.jsonFields {
            out += ".SS \"\(text(name))\"\n"
            for (field, meaning) in fields {
                out += ".TP\n.B \(code(field))\n\(text(meaning))\n"
            }
        }
        out += ".SH ENVIRONMENT\n"
        for (variable, meaning) in Reference.environment {
            out += ".TP\n.B \(code(variable))\n\(text(meaning))\n"
        }
        out += ".SH FILES\n"
        for (file, meaning) in Reference.files {
            out += ".TP\n.I \(code(file))\n\(text(meaning))\n"
        }
        out += ".SH EXAMPLES\n"
        for command in Typefit.subcommands {
            out += examples(command.configuration.examples.prefix(2))
        }
        out += ".SH COPYRIGHT\n" + paragraphs(Typefit.licence)
        out += seeAlso(["fc\\-list (1)", "fc\\-match (1)", "fc\\-scan (1)", "hb\\-shape (1)", "fonts\\-conf (5)"])
        return out
    }

    static func subcommandPage(_ configuration: CommandConfiguration) -> String {
        let name = configuration.commandName
        var out = header("TYPEFIT-\(name.uppercased())")
        out += ".SH NAME\ntypefit\\-\(code(name)) \\- \(text(configuration.abstract.lowercasedFirst.droppingPeriod))\n"
        out += ".SH SYNOPSIS\n" + synopsis(configuration)
        out += ".SH DESCRIPTION\n" + paragraphs(configuration.discussion)
        if !configuration.arguments.isEmpty {
            out += ".SH ARGUMENTS\n"
            for argument in configuration.arguments {
                out += ".TP\n.I \(code(argument.valueName))\n\(text(argument.help))\n"
            }
        }
        out += ".SH OPTIONS\n"
        for option in configuration.options {
            out += ".TP\n\\fB\(code(option.name))\\fR"
            if let valueName = option.valueName { out += " \\fI\(code(valueName))\\fR" }
            out += "\n\(text(HelpFormatter.optionHelp(option)))\n"
        }
        out += ".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow help information.\n"
        out += exitStatus()
        if !configuration.examples.isEmpty {
            out += ".SH EXAMPLES\n" + examples(configuration.examples[...])
        }
        out += seeAlso(["typefit (1)"])
        return out
    }

    // MARK: Pieces

    static func header(_ title: String) -> String {
        ".\\\" \(CompletionScript.header)\n"
            + ".TH \"\(title)\" \"1\" \"\(date)\" \"typefit \(Typefit.version)\" \"User Commands\"\n"
            // Option names and Swift API names must not be hyphenated.
            + ".nh\n.ad l\n"
    }

    /// typefit's own options, one synopsis line each (an option that
    /// modifies another, such as `--output-directory`, on that one's line),
    /// from `Typefit.options`.
    static func rootSynopsis() -> String {
        var lines: [String] = []
        for option in Typefit.options where option.requires == nil {
            var line = ".B typefit\n" + item(option)
            for modifier in Typefit.options where modifier.requires == option.name {
                // The modifier stands in for the optional value.
                line += "\n.br\n.B typefit\n\\fB\(code(option.name))\\fR " + item(modifier)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n.br\n") + "\n"
    }

    /// An option as a synopsis writes it: its name in bold, its value in
    /// italics (in brackets when optional).
    private static func item(_ option: OptionDeclaration) -> String {
        var item = "\\fB\(code(option.name))\\fR"
        if let valueName = option.valueName {
            let value = "\\fI\(code(valueName))\\fR"
            item += option.valueIsOptional ? " [\(value)]" : " \(value)"
        }
        return item
    }

    /// The synopsis as man pages write it: the command in bold, values in
    /// italics, every option.
    static func synopsis(_ configuration: CommandConfiguration) -> String {
        var out = ".B typefit \(code(configuration.commandName))\n"
        for option in configuration.options {
            var item = "\\fB\(code(option.name))\\fR"
            if let valueName = option.valueName { item += " \\fI\(code(valueName))\\fR" }
            if option.repeatable { item += " ..." }
            out += (option.isRequired ? item : "[\(item)]") + "\n"
        }
        for argument in configuration.arguments {
            let item = "\\fI\(code(argument.valueName))\\fR" + (argument.repeatable ? " ..." : "")
            out += (argument.isRequired ? item : "[\(item)]") + "\n"
        }
        return out + ".br\n"
    }

    static func exitStatus() -> String {
        var out = ".SH EXIT STATUS\n"
        for (status, meaning) in HelpFormatter.exitStatuses {
            out += ".TP\n.B \(status)\n\(text(meaning))\n"
        }
        return out
    }

    static func examples(_ examples: ArraySlice<Example>) -> String {
        var out = ""
        for example in examples {
            if let comment = example.comment { out += ".PP\n\(text(comment.capitalizedFirst)):\n" }
            out += ".PP\n.RS 4\n.nf\n"
            for line in HelpFormatter.wrapCommand(example.command).split(separator: "\n") {
                out += code(String(line.dropFirst(2))) + "\n"
            }
            out += ".fi\n.RE\n"
        }
        return out
    }

    static func seeAlso(_ pages: [String]) -> String {
        ".SH SEE ALSO\n" + pages.map { ".BR \($0)" }.joined(separator: ",\n") + "\n"
    }

    static func paragraphs(_ prose: String) -> String {
        prose.split(separator: "\n\n", omittingEmptySubsequences: true).map { ".PP\n" + text(String($0)) + "\n" }
            .joined()
    }

    // MARK: Escaping

    /// Prose for roff: backslashes escaped, no line starting with a control
    /// character, non-ASCII characters as `\[uXXXX]` (so groff reads the
    /// page without a preprocessor), one sentence-wrapped line.
    static func text(_ prose: String) -> String {
        var out = ""
        for scalar in prose.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "\n": out += " "
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// Literal text (commands, options): as `text`, with every hyphen a
    /// hyphen-minus, so that what is copied from the page can be typed.
    static func code(_ literal: String) -> String {
        text(literal).replacingHyphens
    }
}

extension String {
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
    fileprivate var droppingPeriod: String { hasSuffix(".") ? String(dropLast()) : self }
    fileprivate var replacingHyphens: String {
        var out = ""
        for character in self { out += character == "-" ? "\\-" : String(character) }
        return out
    }
}

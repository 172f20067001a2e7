/// One `--option` a subcommand accepts.
public struct OptionDeclaration: Sendable {
    /// The name with its dashes (`--style`).
    public var name: String
    /// The value's name without angle brackets (`styles`); `nil` for a flag.
    public var valueName: String?
    /// What it does, in one or two sentences (wrapped when printed).
    public var help: String
    /// The values it takes, for help and completion; empty when free.
    public var values: [String]
    /// Whether the parser refuses a value not in `values` (compared
    /// case-insensitively). Options with many accepted spellings (styles,
    /// categories) check their values themselves.
    public var validatesValues: Bool
    /// Whether it may be given many times.
    public var repeatable: Bool
    /// Whether the command cannot run without it.
    public var isRequired: Bool
    /// How a shell completes its value.
    public var completion: Completion
    /// Whether the value may be left out (`--generate-manual [<subcommand>]`).
    public var valueIsOptional = false
    /// Whether the value is a comma list (`--style body,title1`): shells
    /// complete the word after the last comma.
    public var takesCommaList: Bool { ["styles", "categories", "scales"].contains(valueName ?? "") }
    /// Whether help leaves it out (the manual and completions still show
    /// it): an option that only modifies another.
    public var isHidden = false
    /// The option this one only modifies (`--output-directory` modifies
    /// `--generate-manual`), or `nil`.
    public var requires: String?

    /// Whether it is a flag (takes no value).
    public var isFlag: Bool { valueName == nil }

    /// `--name <value>`, or `--name` for a flag.
    public var label: String {
        name + (valueName.map { valueIsOptional ? " [<\($0)>]" : " <\($0)>" } ?? "")
    }

    /// An option that takes a value.
    public static func option(
        _ name: String, _ valueName: String, help: String, values: [String] = [], validatesValues: Bool = false,
        repeatable: Bool = false, isRequired: Bool = false, completion: Completion? = nil
    ) -> OptionDeclaration {
        OptionDeclaration(
            name: name, valueName: valueName, help: help, values: values, validatesValues: validatesValues,
            repeatable: repeatable, isRequired: isRequired,
            completion: completion ?? (values.isEmpty ? .none : .values(values)))
    }

    /// A flag.
    public static func flag(_ name: String, help: String) -> OptionDeclaration {
        OptionDeclaration(
            name: name, valueName: nil, help: help, values: [], validatesValues: false, repeatable: false,
            isRequired: false, completion: .none)
    }

    /// The same option, its value optional.
    public func optionalValue() -> OptionDeclaration {
        var copy = self
        copy.valueIsOptional = true
        return copy
    }

    /// The same option, left out of help, modifying `option`.
    public func hidden(modifying option: String) -> OptionDeclaration {
        var copy = self
        copy.isHidden = true
        copy.requires = option
        return copy
    }

    /// The same option with another help text (a group's option whose
    /// meaning narrows in one command).
    public func withHelp(_ help: String) -> OptionDeclaration {
        var copy = self
        copy.help = help
        return copy
    }

    /// The same option, marked as needed.
    public func required() -> OptionDeclaration {
        var copy = self
        copy.isRequired = true
        return copy
    }
}

import TypefitCore
import TypefitKit

/// One `--option` of a command, bound to the field of the command's options
/// struct its value goes to: the declaration (what help, completions and the
/// manual show) and how a value is parsed and stored, in one value. The
/// parser fills the options struct through the bindings, so no command reads
/// an option by its name, and a group shared by several commands is declared
/// once on its own struct and lifted into each command's (`lifted(_:)`).
public struct Option<Options>: Sendable {
    /// What the option is, for help, completions and the manual.
    public var declaration: OptionDeclaration
    /// Stores one occurrence's value (`""` for a flag); throws a usage
    /// error for a value it cannot parse.
    let bind: @Sendable (inout Options, String) throws(UsageError) -> Void

    /// The option's name with its dashes.
    public var name: String { declaration.name }

    /// A flag that sets `field`.
    static func flag(_ name: String, help: String, _ field: WritableKeyPath<Options, Bool> & Sendable) -> Option {
        Option(declaration: .flag(name, help: help)) { options, _ throws(UsageError) in options[keyPath: field] = true }
    }

    /// An option whose value is stored as given (checked against
    /// `values` when `validatesValues`, by the parser).
    static func string(
        _ name: String, _ valueName: String, help: String, values: [String] = [], validatesValues: Bool = false,
        isRequired: Bool = false, completion: Completion? = nil,
        _ field: WritableKeyPath<Options, String?> & Sendable
    ) -> Option {
        Option(
            declaration: .option(
                name, valueName, help: help, values: values, validatesValues: validatesValues,
                isRequired: isRequired, completion: completion)
        ) { options, value throws(UsageError) in options[keyPath: field] = value }
    }

    /// An option whose value is a language tag, checked as a catalog's
    /// languages are (`LanguageTag.problem`): it goes on to ICU, fontconfig
    /// and HarfBuzz.
    static func language(
        _ name: String, _ valueName: String, help: String, _ field: WritableKeyPath<Options, String?> & Sendable
    ) -> Option {
        Option(declaration: .option(name, valueName, help: help)) { options, value throws(UsageError) in
            if let problem = LanguageTag.problem(value) {
                throw UsageError("'\(name)' takes a BCP 47 language tag: \(problem)")
            }
            options[keyPath: field] = value
        }
    }

    /// An option whose value `parse` turns into a `Value` (its usage error
    /// names the option and the value).
    static func value<Value>(
        _ name: String, _ valueName: String, help: String, values: [String] = [], validatesValues: Bool = false,
        isRequired: Bool = false, completion: Completion? = nil,
        _ field: WritableKeyPath<Options, Value?> & Sendable,
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) -> Option {
        Option(
            declaration: .option(
                name, valueName, help: help, values: values, validatesValues: validatesValues,
                isRequired: isRequired, completion: completion)
        ) { options, text throws(UsageError) in options[keyPath: field] = try parse(text) }
    }

    /// An option of a type that parses itself: its spellings are what help
    /// lists and shells offer (`spellings` narrows a closed set to the ones
    /// this command takes, as `--format` does), its parse what binds.
    static func value<Value: ArgumentValue>(
        _ name: String, _ valueName: String, help: String, spellings: [String]? = nil, isRequired: Bool = false,
        _ field: WritableKeyPath<Options, Value?> & Sendable
    ) -> Option {
        var completion = Value.completion
        if let spellings { completion = .values(spellings) }
        return Option(
            declaration: .option(
                name, valueName, help: help, values: spellings ?? Value.spellings, validatesValues: Value.isClosedSet,
                isRequired: isRequired, completion: completion)
        ) { options, text throws(UsageError) in options[keyPath: field] = try Value(argument: text, option: name) }
    }

    /// A repeatable option whose values are appended, in order.
    static func list(
        _ name: String, _ valueName: String, help: String, completion: Completion? = nil,
        _ field: WritableKeyPath<Options, [String]> & Sendable
    ) -> Option {
        Option(
            declaration: .option(name, valueName, help: help, repeatable: true, completion: completion)
        ) { options, value throws(UsageError) in options[keyPath: field].append(value) }
    }

    /// The same option on a struct that holds this one's at `path`: how a
    /// shared group joins a command's options.
    func lifted<Outer>(_ path: WritableKeyPath<Outer, Options> & Sendable) -> Option<Outer> {
        let bind = self.bind
        return Option<Outer>(declaration: declaration) { outer, value throws(UsageError) in
            try bind(&outer[keyPath: path], value)
        }
    }

    /// The same option with another help text (a group's option whose
    /// meaning narrows in one command).
    func withHelp(_ help: String) -> Option {
        var copy = self
        copy.declaration.help = help
        return copy
    }

    /// The same option, needing one of `names` too.
    func needs(_ names: String..., because reason: String) -> Option {
        constrained(.needsOneOf(names), reason)
    }

    /// The same option, refused beside `other`.
    func excludes(_ other: String, because reason: String) -> Option {
        constrained(.excludes(other), reason)
    }

    /// The same option, only with `--platform platform`.
    func only(on platforms: Platform..., because reason: String = "") -> Option {
        constrained(.onlyOn(platforms), reason)
    }

    private func constrained(_ kind: OptionConstraint.Kind, _ reason: String) -> Option {
        var copy = self
        copy.declaration.constraints.append(OptionConstraint(kind: kind, reason: reason))
        return copy
    }

    /// The same option, marked as needed.
    func required() -> Option {
        var copy = self
        copy.declaration.isRequired = true
        return copy
    }
}

extension Array {
    /// These options less the named ones.
    func without<Options>(_ names: String...) -> [Option<Options>] where Element == Option<Options> {
        filter { !names.contains($0.name) }
    }

    /// These options with the named one's help replaced.
    func replacingHelp<Options>(of name: String, with help: String) -> [Option<Options>]
    where Element == Option<Options> {
        map { $0.name == name ? $0.withHelp(help) : $0 }
    }

    /// These options, each named one constrained by `change`.
    func constraining<Options>(_ names: [String], _ change: (Option<Options>) -> Option<Options>) -> [Option<Options>]
    where Element == Option<Options> {
        map { names.contains($0.name) ? change($0) : $0 }
    }

    /// These options lifted onto the struct that holds theirs at `path`.
    func lifted<Options, Outer>(_ path: WritableKeyPath<Outer, Options> & Sendable) -> [Option<Outer>]
    where Element == Option<Options> {
        map { $0.lifted(path) }
    }
}

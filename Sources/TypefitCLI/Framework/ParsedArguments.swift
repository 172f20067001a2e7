import TypefitCore

/// A command line after the declaration's grammar was checked (known
/// options, values present, no option repeated unless declared so, values
/// from a fixed set among them) and before each command reads the values.
public struct ParsedArguments: Sendable {
    /// Each option's values, in the order given.
    var values: [String: [String]] = [:]
    /// The positional arguments.
    public internal(set) var positionals: [String] = []

    /// The last value of `name`, if given.
    public func last(_ name: String) -> String? { values[name]?.last }
    /// Every value of `name`.
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether `name` was given.
    public func has(_ name: String) -> Bool { values[name] != nil }

    /// Checks `arguments` against `configuration`: `--opt value`,
    /// `--opt=value`, flags, `--`.
    static func scan(_ arguments: [String], for configuration: CommandConfiguration) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        let options = configuration.options
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if argument == "--" {
                parsed.positionals += arguments[i...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                parsed.positionals.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                var message = "unknown option '\(name)'"
                if let best = NameMatching.suggestions(for: name, among: options.map(\.name), limit: 1).first {
                    message += "; did you mean '\(best)'?"
                }
                throw UsageError(message)
            }
            var value = ""
            if option.isFlag {
                if inline != nil { throw UsageError("'\(name)' takes no value") }
            } else if let inline {
                value = inline
            } else if i < arguments.count {
                value = arguments[i]
                i += 1
            } else {
                throw UsageError("missing value for '\(name) <\(option.valueName ?? "value")>'")
            }
            if !option.isFlag && value.isEmpty {
                throw UsageError("'\(name)' needs a value (<\(option.valueName ?? "value")>)")
            }
            if option.validatesValues {
                guard let known = option.values.first(where: { $0.lowercased() == value.lowercased() }) else {
                    throw UsageError(NameMatching.choiceMessage("'\(name)'", value, option.values))
                }
                value = known
            }
            if !option.repeatable, parsed.has(name) {
                throw UsageError("'\(name)' given more than once")
            }
            parsed.values[name, default: []].append(value)
        }
        if configuration.arguments.isEmpty, let stray = parsed.positionals.first {
            throw UsageError("unexpected argument '\(stray)'")
        }
        return parsed
    }
}

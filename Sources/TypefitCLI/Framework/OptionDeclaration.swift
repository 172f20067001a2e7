import TypefitCore
import TypefitKit

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

    /// How it combines with the others: what it needs, what it excludes,
    /// the platforms it applies to. Checked by the framework before the
    /// command's own `init` and listed in help.
    public var constraints: [OptionConstraint] = []

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

/// One rule of how an option combines with the others, declared with it
/// (the data behind the "needs", "cannot be combined" and "is for iOS"
/// errors, so that help shows what the parser checks).
public struct OptionConstraint: Sendable, Equatable {
    /// What the rule asks.
    public enum Kind: Sendable, Equatable {
        /// At least one of these options must be given too.
        case needsOneOf([String])
        /// This option must not be given too.
        case excludes(String)
        /// Only with `--platform` one of these platforms.
        case onlyOn([Platform])
    }

    /// What the rule asks.
    public var kind: Kind
    /// Why, in a few words (in the error, in parentheses).
    public var reason: String

    /// The usage error for `option` breaking the rule, given `platform`.
    func message(for option: String, platform: Platform) -> String {
        switch kind {
        case .needsOneOf(let names):
            return "'\(option)' needs " + Self.alternatives(names) + " (\(reason))"
        case .excludes(let other):
            return "'\(option)' cannot be combined with '\(other)' (\(reason))"
        case .onlyOn([.ios]):
            return "'\(option)' is for iOS; with --platform \(platform.rawValue) give --style, --size or --spec "
                + "and the platform's own options"
        case .onlyOn(let wanted):
            return "'\(option)' applies to --platform \(Self.names(wanted)) (\(reason))"
        }
    }

    /// The rule for help: "Needs --size.", "Not with --spec.", "Only with
    /// --platform android."
    var helpText: String {
        switch kind {
        case .needsOneOf(let names): return "Needs " + Self.alternatives(names, quoted: false) + "."
        case .excludes(let other): return "Not with \(other)."
        case .onlyOn(let platforms): return "Only with --platform \(Self.names(platforms))."
        }
    }

    /// `android`, `android or flutter-android`.
    static func names(_ platforms: [Platform]) -> String {
        alternatives(platforms.map(\.rawValue), quoted: false)
    }

    /// `'--a'`, `'--a' or '--b'`, `'--a', '--b' or '--c'`.
    static func alternatives(_ names: [String], quoted: Bool = true) -> String {
        let shown = names.map { quoted ? "'\($0)'" : $0 }
        guard let last = shown.last, shown.count > 1 else { return shown.first ?? "" }
        return shown.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Whether a command line breaks the rule: `given` holds the options
    /// given, `platform` the platform chosen.
    func isBroken(given: Set<String>, platform: Platform) -> Bool {
        switch kind {
        case .needsOneOf(let names): return !names.contains(where: given.contains)
        case .excludes(let other): return given.contains(other)
        case .onlyOn(let wanted): return !wanted.contains(platform)
        }
    }

    /// The first rule a command line breaks, as a usage error: every
    /// platform rule first (the platform decides what else makes sense),
    /// then the others in the order the options are declared.
    static func check(_ declarations: [OptionDeclaration], given: Set<String>, platform: Platform)
        throws(UsageError)
    {
        let present = declarations.filter { given.contains($0.name) }
        for pass in [true, false] {
            for option in present {
                for rule in option.constraints {
                    guard case .onlyOn = rule.kind else {
                        if !pass, rule.isBroken(given: given, platform: platform) {
                            throw UsageError(rule.message(for: option.name, platform: platform))
                        }
                        continue
                    }
                    if pass, rule.isBroken(given: given, platform: platform) {
                        throw UsageError(rule.message(for: option.name, platform: platform))
                    }
                }
            }
        }
    }
}

import TypefitCore
import TypefitKit

/// Reads a subcommand's arguments into its options through the bindings:
/// `--opt value`, `--opt=value`, flags, `--`; unknown options (with a
/// did-you-mean), missing values, values outside a declared set and
/// options given twice that may not be are usage errors.
enum ArgumentScanner {
    /// The options, the positional arguments and the names of the options
    /// given.
    static func scan<Options: CommandOptions>(
        _ arguments: [String], options declared: [Option<Options>], acceptsArguments: Bool
    ) throws(UsageError) -> (options: Options, positionals: [String], given: Set<String>) {
        var options = Options()
        var positionals: [String] = []
        var given = Set<String>()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if argument == "--" {
                positionals += arguments[i...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                positionals.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            guard let option = declared.first(where: { $0.name == name }) else {
                var message = "unknown option '\(name)'"
                if let best = NameMatching.suggestions(for: name, among: declared.map(\.name), limit: 1).first {
                    message += "; did you mean '\(best)'?"
                }
                throw UsageError(message)
            }
            let declaration = option.declaration
            var value = ""
            if declaration.isFlag {
                if inline != nil { throw UsageError("'\(name)' takes no value") }
            } else if let inline {
                value = inline
            } else if i < arguments.count {
                value = arguments[i]
                i += 1
            } else {
                throw UsageError("missing value for '\(name) <\(declaration.valueName ?? "value")>'")
            }
            if !declaration.isFlag && value.isEmpty {
                throw UsageError("'\(name)' needs a value (<\(declaration.valueName ?? "value")>)")
            }
            if declaration.validatesValues {
                guard let known = declaration.values.first(where: { $0.lowercased() == value.lowercased() }) else {
                    throw UsageError(NameMatching.choiceMessage("'\(name)'", value, declaration.values))
                }
                value = known
            }
            if !given.insert(name).inserted, !declaration.repeatable {
                throw UsageError("'\(name)' given more than once")
            }
            try option.bind(&options, value)
        }
        if !acceptsArguments, let stray = positionals.first {
            throw UsageError("unexpected argument '\(stray)'")
        }
        return (options, positionals, given)
    }
}

// MARK: Value parsers the options share

/// The value readers bindings use: each names its option in its error.
enum ValueParsers {
    /// A number of points in `range` (0 allowed when `allowZero`).
    static func points(_ option: String, range: ClosedRange<Double>, allowZero: Bool)
        -> @Sendable (String) throws(UsageError) -> Double
    {
        { text throws(UsageError) in
            guard let value = Double(text.trimmingSpaces), value.isFinite else {
                throw UsageError("'\(option)' takes a number of points (got '\(text)')")
            }
            guard range.contains(value), allowZero || value > 0 else {
                let low = allowZero ? "from 0" : "greater than 0"
                throw UsageError(
                    "'\(option)' must be \(low) and at most \(humanNumber(range.upperBound)) (got '\(text)')")
            }
            return value
        }
    }

    /// `--width`: a number, or one with its unit (`328dp`, `320pt`).
    static func width(_ text: String) throws(UsageError) -> LineWidth {
        var number = text.trimmingSpaces.lowercased()
        var unit: LineWidth.Unit?
        for candidate in LineWidth.Unit.allCases where number.hasSuffix(candidate.rawValue) {
            unit = candidate
            number = String(number.dropLast(candidate.rawValue.count)).trimmingSpaces
        }
        guard let value = Double(number), value.isFinite, value > 0, value <= 100_000 else {
            throw UsageError(
                "'--width' must be a width greater than 0 and at most 100,000: a number, in points (dp with "
                    + "--platform android), or with its unit, as 320pt or 328dp (got '\(text)')")
        }
        return LineWidth(value: value, unit: unit)
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// `--width`: a line width as written, its unit checked against the
/// platform once the platform is known (`value(on:)`).
struct LineWidth: Sendable, Equatable {
    /// Points on Apple's platforms, density-independent pixels on Android:
    /// each is the unit its layouts are written in, and the unit typefit
    /// sizes text in on that platform.
    enum Unit: String, CaseIterable, Sendable {
        case pt, dp
    }

    var value: Double
    var unit: Unit?

    /// The width in the platform's unit; a unit another platform's is
    /// refused rather than converted (a dp is not a point).
    func value(on platform: Platform) throws(UsageError) -> Double {
        let own: Unit = platform.host == .android ? .dp : .pt
        if let unit, unit != own {
            throw UsageError(
                "'--width \(humanNumber(value))\(unit.rawValue)': \(platform.displayName) lays text out in "
                    + "\(own == .dp ? "dp" : "points"); write \(humanNumber(value))\(own.rawValue) or a bare number")
        }
        return value
    }
}

import TypefitCore

// A placeholder problem's words: the check (TypefitCore) reports what
// differs as values, and the front end says it, here, for stderr, the CI
// reports, fit's JSON (`message`) and the review page.

extension PlaceholderCheck.Kind {
    /// The kind in words ("an integer").
    var words: String {
        switch self {
        case .object: return "an object"
        case .integer: return "an integer"
        case .float: return "a floating-point number"
        case .character: return "a character"
        case .cString: return "a C string"
        case .pointer: return "a pointer"
        case .variable: return "a substitution variable"
        case .string: return "a string"
        case .boolean: return "a Boolean"
        case .hashCode: return "a hash code"
        case .dateTime: return "a date or time"
        }
    }
}

extension PlaceholderCheck.Difference {
    /// In words: "%lld (argument 1, an integer) is missing", "%a (a
    /// floating-point number) stands where the source has %lld (an
    /// integer), argument 1", "%3$@ (argument 3) is not in the source".
    var sentence: String {
        func spaceHint(_ argument: PlaceholderCheck.Argument) -> String {
            argument.bySpaceFlag
                ? " ('\(argument.written)' is a conversion: a '%' before a space is the space flag; write %% for a "
                    + "percent sign)" : ""
        }
        switch self {
        case .missing(let argument):
            return "\(argument.written) (argument \(argument.number), \(argument.kind.words)) is missing"
        case .extra(let argument):
            return "\(argument.written) (argument \(argument.number), \(argument.kind.words)) "
                + "is not in the source" + spaceHint(argument)
        case .changed(let source, let translation):
            return "\(translation.written) (\(translation.kind.words)) stands where the source has "
                + "\(source.written) (\(source.kind.words)), argument \(source.number)" + spaceHint(translation)
        case .twoKinds(let first, let second):
            return "argument \(first.number) is read as \(first.kind.words) (\(first.written)) and as "
                + "\(second.kind.words) (\(second.written)): one of them prints garbage"
        case .skipped(let number):
            return "argument \(number) is never read while later ones are: Foundation then reads every later "
                + "argument one place early"
        case .emptyForm(let variable, let category, let numbers):
            return "the \(Self.form(category, of: variable)) is empty: nothing is shown for "
                + Self.shownFor(numbers, category)
        case .formDrops(let variable, let category, let number):
            return "the \(Self.form(category, of: variable)) leaves out argument \(number), which every "
                + (variable.isEmpty ? "item" : "form") + " of the source shows"
        case .countNeverShown(let variable, let argument):
            return (variable.isEmpty ? "no item" : "no form of '\(variable)'")
                + " shows its count (argument \(argument.number)), which the source shows"
        case .countImplied(let variable, let category, let numbers):
            return "the \(Self.form(category, of: variable)) does not show the count, and is shown for "
                + Self.shownFor(numbers, category) + " (lint's ImpliedQuantity)"
        case .sourceTakesNone(let argument):
            return "\(argument.written) (argument \(argument.number), \(argument.kind.words)) is read where the "
                + "source reads no argument: getString(id) shows it as written (lint's StringFormatCount)"
        case .pluralByObject(let name, let written):
            return "\(written) chooses a plural form by an object: the plural variable '\(name)' has value type "
                + "'@' (NSStringFormatValueTypeKey), and only a number can choose one; give its count's specifier (d, "
                + "lld)"
        case .undefinedVariable(let name, let written):
            return "\(written) names no variable '\(name)' of this language: Foundation formats it as an object"
        case .movedVariable(let name, let source, let translation):
            return "the variable '\(name)' chooses its form by argument \(translation); the source's by "
                + "argument \(source)"
        case .notAConversion(let written, let printed):
            return "'\(written)' is not a conversion: Foundation prints "
                + (printed.map { "'\($0)'" } ?? "nothing") + " in its place (write %% for a percent sign)"
        case .spaceFlag(let argument):
            return "'\(argument.written)' reads argument \(argument.number) as \(argument.kind.words): a '%' "
                + "before a space is the space flag (write %% for a percent sign)"
        case .javaException(let written, let exception, let detail):
            let hint =
                written.hasPrefix("% ") || written == "%"
                ? " (a '%' before a space or at the end starts a conversion in Java: write %% for a percent sign)"
                : ""
            return "'\(written)' makes Java's formatter throw \(exception) (\(detail)): getString(id, args) "
                + "crashes" + hint
        case .unformattable(let written, let position):
            return position == 0
                ? "\(written) has a width or precision past 2,147,483,647: Foundation cannot format the string "
                    + "(String(format:) traps)"
                : position > 127
                    ? "\(written) names argument \(position): past 127 Foundation cannot format the string "
                        + "(String(format:) traps)"
                    : "\(written) names argument \(position), more than the string can hold: Foundation returns an "
                        + "empty string"
        case .messageSyntax(let error, let offset):
            // gen-l10n's own words (a plural-case error spans two lines).
            let words = error.split(separator: "\n").map { $0.drop { $0 == " " } }
                .joined(separator: " ")
            // A bound of typefit's own is typefit's refusal, not gen-l10n's.
            return
                (error.hasSuffix("(typefit's limit).")
                ? "typefit cannot read the message" : "flutter gen-l10n refuses the message")
                + (offset >= 0 ? ", at character \(offset + 1)" : "") + ": \(words)"
        case .caseOverridden(let label, let category, _):
            return "the case \(label) is never shown: a later case of the plural is also '\(category)', and "
                + "gen-l10n keeps the later one"
        case .undeclared(let name):
            return "'{\(name)}' is read but not among the declared placeholders: gen-l10n makes it an Object "
                + "parameter"
        case .unused(let name):
            return "the placeholder '\(name)' is declared but no form of the message shows it"
        case .placeholderType(let name, let type, let expected, let use):
            return "'\(name)' is declared as '\(type)' but \(use): gen-l10n stops (it needs \(expected))"
        case .namedMissing(let name):
            return "'{\(name)}' is missing: the template's message shows it"
        case .caseWithoutCount(let variable, let label, let category, let numbers):
            return "the case \(label) of '\(variable)' does not show the count, and intl shows it for "
                + Self.shownFor(numbers, category)
                + (label.hasPrefix("=") ? ": gen-l10n files \(label) under '\(category)', not as an exact match" : "")
        case .namedExtra(let name):
            return "'{\(name)}' is neither declared nor read by the template's message: gen-l10n adds it to the "
                + "method's parameters, and the app's calls no longer compile"
        }
    }

    /// The numbers a category is shown for, as a message says them.
    /// "one form of 'n'" for a variable's form, "one item" for an Android
    /// `<plurals>`'s (whose variable is unnamed: the whole string).
    private static func form(_ category: String, of variable: String) -> String {
        variable.isEmpty ? "\(category) item" : "\(category) form of '\(variable)'"
    }

    private static func shownFor(_ numbers: [Int], _ category: String) -> String {
        guard !numbers.isEmpty else { return "the numbers of \(category)" }
        // Four numbers are the most given (`TextJob.PluralNumbers`): then
        // there are more.
        let list = numbers.map(String.init).joined(separator: ", ")
        return list + (numbers.count >= 4 ? " …" : "") + " (\(category), by ICU's plural rules)"
    }
}

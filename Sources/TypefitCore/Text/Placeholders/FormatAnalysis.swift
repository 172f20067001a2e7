/// A string's format as written, before its variables are expanded: the
/// text (`NSStringLocalizedFormatKey`, a String Catalog value) and the
/// variables its `%#@name@` may name.
public struct FormatSource: Sendable, Equatable {
    /// The format string.
    public var text: String
    /// Its language's variables by name.
    public var variables: [String: Substitutions.Variable]

    /// Creates one.
    public init(text: String, variables: [String: Substitutions.Variable] = [:]) {
        self.text = text
        self.variables = variables
    }
}

/// What one entry's forms in one language read, as CoreFoundation formats
/// them: every argument (variables' forms numbered in their nested calls),
/// every variable named, and every `%` that is no conversion.
struct FormatAnalysis {
    /// A `%#@name@`.
    struct Use {
        var name: String
        var number: Int
        var written: String
        var defined: Bool
    }

    /// Every argument read, in order: top level, then each variable's forms.
    var reads: [PlaceholderCheck.Argument] = []
    /// Every variable named.
    var uses: [Use] = []
    /// `notAConversion` and `unformattable` findings.
    var flaws: [PlaceholderCheck.Difference] = []
    /// Whether the forms are certainly formatted: they hold a conversion
    /// not made by the space flag, a variable or `%%`. A string with none
    /// may be shown as it is (`Text("50% off")` formats nothing), so its
    /// space-flag conversions and stray `%` are text.
    var isFormat = false
    /// The variables whose forms were analysed, at which argument: each
    /// once (a variable named twice at one argument reads the same).
    private var analyzed: Set<String> = []

    /// The most arguments and flaws collected for one entry's language:
    /// a hostile file of a million `%d`, or naming a variable thousands of
    /// times at as many arguments, stays bounded in time and memory (UI
    /// strings read a handful).
    static let maximumReads = 20_000

    /// Analyses `forms` (each formatted on its own, from argument 1).
    init(forms: [FormatSource]) {
        var seen = Set<String>()
        for form in forms where seen.insert(form.text).inserted {
            let utf8 = Array(form.text.utf8)
            var visiting: Set<String> = []
            analyze(
                utf8, initial: 0, slots: FormatSpecifiers.slots(utf8), variables: form.variables,
                visiting: &visiting)
        }
    }

    private mutating func analyze(
        _ utf8: [UInt8], initial: Int, slots: Int, variables: [String: Substitutions.Variable],
        visiting: inout Set<String>
    ) {
        guard reads.count < Self.maximumReads else { return }
        let specs = FormatSpecifiers.parse(utf8)
        for spec in specs where flaws.count < Self.maximumReads {
            let written = String(decoding: utf8[spec.range], as: UTF8.self)
            switch spec.form {
            case .literal where spec.isPercent: isFormat = true
            case .literal(let printed): flaws.append(.notAConversion(written: written, printed: printed))
            case .incomplete: flaws.append(.notAConversion(written: written, printed: nil))
            case .overflow: flaws.append(.unformattable(written: written, position: spec.position ?? 0))
            case .conversion: if !spec.spaceFlag { isFormat = true }
            case .variable: isFormat = true
            }
        }
        for read in FormatSpecifiers.reads(specs, in: utf8, initial: initial) {
            guard reads.count < Self.maximumReads else { return }
            // Past the call's slots Foundation prints nothing; certain only
            // for the top-level call (a nested one's count is Apple's).
            if initial == 0, read.number - 1 > slots {
                flaws.append(.unformattable(written: read.written, position: read.number))
            }
            guard case .variable(let name) = read.spec.form, !read.isStar else {
                reads.append(read.argument)
                continue
            }
            guard let variable = variables[name] else {
                uses.append(Use(name: name, number: read.number, written: read.written, defined: false))
                reads.append(read.argument)
                continue
            }
            // A String Catalog's `argNum` says which argument the variable
            // is (what Xcode's editor sets when arguments are reordered).
            let number = variable.argument ?? read.number
            uses.append(Use(name: name, number: number, written: read.written, defined: true))
            // A plural rule (its variations are `plural.<category>`, a
            // stringsdict's or a catalog's) by an object's value type.
            if variable.specifier.hasSuffix("@"), !variable.variations.isEmpty,
                variable.variations.allSatisfy({ $0.label.hasPrefix("plural.") })
            {
                flaws.append(.pluralByObject(name: name, written: read.written))
            }
            var argument = read.argument
            argument.number = number
            // A variable whose forms are all the same shows nothing its
            // argument selects (Mastodon's `names`, both forms empty, only
            // consumes the name): it may read the argument as any type.
            let selects = variable.variations.contains { $0.text != variable.variations.first?.text }
            argument.kind = selects ? PlaceholderCheck.Kind(specifier: variable.specifier) ?? .variable : .variable
            reads.append(argument)
            // Each form in its nested call, from the variable's argument.
            guard analyzed.insert(name + "\u{0}\(number)").inserted, visiting.insert(name).inserted else { continue }
            var texts = Set<String>()
            for variation in variable.variations where texts.insert(variation.text).inserted {
                let inner = Array(Self.resolving(variation.text, variable, number: number).utf8)
                analyze(inner, initial: number - 1, slots: slots, variables: variables, visiting: &visiting)
            }
            visiting.remove(name)
        }
    }

    /// A catalog variation's `%arg` as the variable's own conversion: its
    /// `argNum`, else the variable's argument.
    static func resolving(_ text: String, _ variable: Substitutions.Variable, number: Int) -> String {
        guard text.contains("%arg") else { return text }
        let placeholder = "%\(variable.argument ?? number)$" + variable.specifier
        return text.split(separator: "%arg", omittingEmptySubsequences: false).joined(separator: placeholder)
    }

    /// The reads that count: a space-flag conversion only in a string that
    /// is formatted.
    func counted(formatted: Bool) -> [PlaceholderCheck.Argument] {
        formatted ? reads : reads.filter { !$0.bySpaceFlag }
    }

    /// What is wrong with these forms on their own (a source's): one
    /// argument read as two kinds, a skipped argument, a variable named and
    /// not defined, and (when formatted) each `%` that is no conversion or a
    /// conversion only by the space flag.
    func ownDifferences(isFormat formatted: Bool) -> [PlaceholderCheck.Difference] {
        var found: [PlaceholderCheck.Difference] = []
        var firstRead: [Int: PlaceholderCheck.Argument] = [:]
        var twice = Set<Int>()
        let counted = counted(formatted: formatted)
        for read in counted {
            guard let first = firstRead[read.number] else {
                firstRead[read.number] = read
                continue
            }
            if !read.kind.matches(first.kind), twice.insert(read.number).inserted {
                found.append(.twoKinds(first, read))
            }
        }
        if let last = firstRead.keys.max(), last <= 127 {
            for number in 1..<last where firstRead[number] == nil { found.append(.skipped(number)) }
        }
        var named = Set<String>()
        for use in uses where !use.defined && named.insert(use.name).inserted {
            found.append(.undefinedVariable(name: use.name, written: use.written))
        }
        if formatted {
            found += flaws
            for read in counted where read.bySpaceFlag { found.append(.spaceFlag(read)) }
        }
        return Self.unique(found)
    }

    /// How these forms (a translation's) differ from `source`'s. `call`,
    /// when known, is what the code passes (a String Catalog key written
    /// as a format, as Xcode extracts `Text("… \(count)")`): a translation
    /// may read an argument the call passes that the source leaves out
    /// (English "starred", German "%#@count@").
    func differences(from source: FormatAnalysis, call: FormatAnalysis? = nil) -> [PlaceholderCheck.Difference] {
        let formatted = source.isFormat || (call?.isFormat ?? false)
        var sourceArguments: [Int: PlaceholderCheck.Argument] = [:]
        for argument in source.counted(formatted: formatted) where sourceArguments[argument.number] == nil {
            sourceArguments[argument.number] = argument
        }
        var passed = sourceArguments
        for argument in call?.counted(formatted: false) ?? [] where passed[argument.number] == nil {
            passed[argument.number] = argument
        }
        // The arguments the source itself reads by the space flag (`% d`
        // on purpose): a translation may too.
        let sourceSpaced = Set(source.counted(formatted: formatted).filter(\.bySpaceFlag).map(\.number))
        var differences: [PlaceholderCheck.Difference] = []
        var used = Set<Int>()
        var reported = Set<Int>()
        for argument in counted(formatted: formatted) {
            used.insert(argument.number)
            guard !reported.contains(argument.number) else { continue }
            if let expected = passed[argument.number] {
                if argument.kind.matches(expected.kind) {
                    // Of the same kind, a conversion made by the space flag
                    // the source does not have still prints the argument
                    // where the translator wrote a percent sign: "50% ohne"
                    // is `% o`, the count in octal ("507hne").
                    // A width or precision (`% 9d`) says the flag was meant.
                    let afterSpaces = argument.written.dropFirst().drop { $0 == " " }
                    guard argument.bySpaceFlag, afterSpaces.first?.isLetter == true,
                        !sourceSpaced.contains(argument.number)
                    else { continue }
                    differences.append(.spaceFlag(argument))
                    reported.insert(argument.number)
                    continue
                }
                differences.append(.changed(source: expected, translation: argument))
            } else {
                differences.append(.extra(argument))
            }
            reported.insert(argument.number)
        }
        let last = used.max() ?? 0
        for number in sourceArguments.keys.sorted() where !used.contains(number) {
            guard let argument = sourceArguments[number] else { continue }
            differences.append(.missing(argument))
            // Foundation pulls only the arguments a string reads, in order:
            // every later one is then read one place early.
            if number < last { differences.append(.skipped(number)) }
        }
        differences.sort { $0.number < $1.number }
        // Variables: defined in their own language (each language's are
        // its own: a name translated in both the format and the definition
        // works), and one the source has by name choosing by the same
        // argument.
        // (A variable named inside another's forms is used at several
        // arguments, one per place: a translation's use is moved only when
        // the source never uses that name there.)
        var sourceNumbers: [String: Set<Int>] = [:]
        for use in source.uses where use.defined { sourceNumbers[use.name, default: []].insert(use.number) }
        for use in uses {
            if !use.defined {
                differences.append(.undefinedVariable(name: use.name, written: use.written))
            } else if let numbers = sourceNumbers[use.name], !numbers.contains(use.number),
                let number = numbers.min()
            {
                differences.append(.movedVariable(name: use.name, source: number, translation: use.number))
            }
        }
        if formatted { differences += flaws }
        return Self.unique(differences)
    }

    /// The most differences one string reports: a string of ten thousand
    /// stray `%` is one problem, not ten thousand lines.
    static let maximumDifferences = 20

    /// `found` without repeats, in order, at most `maximumDifferences`.
    private static func unique(_ found: [PlaceholderCheck.Difference]) -> [PlaceholderCheck.Difference] {
        var result: [PlaceholderCheck.Difference] = []
        for difference in found where !result.contains(difference) {
            result.append(difference)
            if result.count == maximumDifferences { break }
        }
        return result
    }
}

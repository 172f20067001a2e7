/// The `%#@name@` placeholders of String Catalogs and `.stringsdict` files,
/// expanded the way the device picks one variation per variable: every
/// combination of the variables' variations becomes its own string, keyed
/// `KEY|name.plural.one` (several variables: `KEY|a.plural.one|b.plural.other`,
/// in the order they appear). A variation's `%arg` (String Catalogs write the
/// substituted argument so) becomes the variable's own format specifier
/// (`%lld`, `%2$lld` with an `argNum`), which the sample values then fill like
/// any placeholder. Past `maximumCombinations` a string's variables vary one
/// at a time, the others at their `other` form (else their last), so a
/// phrase with many counted parts stays a bounded number of strings; a
/// variation that names another variable is expanded in turn, every string
/// becomes at most `maximumForms`, and variables naming each other in a
/// cycle are an error (`Cycle`). Catalogs come from pull requests: no
/// count may overflow, no expansion may run without end.
public enum Substitutions {
    /// One variable: its format specifier, its argument number, and its
    /// variations (`plural.one` → text).
    public struct Variable: Sendable, Equatable {
        /// The format specifier without `%` (`lld`, `d`, `@`).
        public var specifier: String
        /// The argument number (`argNum`), when given.
        public var argument: Int?
        /// The variations, in the file's order.
        public var variations: [(label: String, text: String)]
        /// Where each variation's text is in its file, by label: a form
        /// points at its innermost variation's text.
        public var positions: [String: SourcePosition] = [:]

        /// Creates a variable.
        public init(specifier: String, argument: Int?, variations: [(label: String, text: String)]) {
            self.specifier = specifier
            self.argument = argument
            self.variations = variations
        }

        /// The same specifier, argument and variations (tuples are not
        /// Equatable, so this is written out).
        public static func == (a: Variable, b: Variable) -> Bool {
            a.specifier == b.specifier && a.argument == b.argument
                && a.variations.elementsEqual(b.variations) { $0.label == $1.label && $0.text == $1.text }
        }

        /// The variable's own placeholder (`%lld`, `%2$lld`).
        var placeholder: String { "%" + (argument.map { "\($0)$" } ?? "") + specifier }

        /// `%arg` as this variable's own placeholder.
        func resolving(_ text: String) -> String {
            guard text.contains("%arg") else { return text }
            return text.split(separator: "%arg", omittingEmptySubsequences: false).joined(separator: placeholder)
        }

        /// The variation a variable takes while another one varies.
        var standing: (label: String, text: String)? {
            variations.first { $0.label.hasSuffix(".other") } ?? variations.last
        }
    }

    /// How many strings one string may become before its variables vary one
    /// at a time.
    public static let maximumCombinations = 64

    /// How many strings one string may become in all, nested variables
    /// included: past it the rest is not measured, and the strings carry a
    /// note saying so (`LocalizedString.capNote`).
    public static let maximumForms = 256

    /// How many bytes of text one expansion may replace variables in: a
    /// chain of variables each naming the next, hundreds deep, would
    /// otherwise take minutes (300 levels × 256 strings of 20,000
    /// characters); real nesting (a few levels of short forms) uses a
    /// thousandth of it.
    public static let maximumWork = 8 << 20

    /// Variables whose variations name each other in a circle: `%#@a@`
    /// whose variation holds `%#@b@` whose variation holds `%#@a@` (or a
    /// variable naming itself) would expand without end.
    public struct Cycle: Error, Equatable, Sendable {
        /// The variables in the order they name each other, the first
        /// repeated last (`["a", "b", "a"]`).
        public var names: [String]

        /// `a → b → a`.
        public var description: String { names.joined(separator: " → ") }
    }

    /// `string` with every `%#@name@` replaced, one string per combination
    /// (see the type's summary); nested variables (a variation naming
    /// another variable) are expanded in turn, all under `limit` (at most
    /// `maximumForms`; less where a localization's other variations took
    /// some)
    /// and with each text under `LocalizedString.maximumLength`. A name
    /// with no variable stays as written; variables that name each other in
    /// a cycle are an error.
    public static func expand(
        _ string: LocalizedString, _ variables: [String: Variable], limit: Int = maximumForms
    ) throws(Cycle) -> [LocalizedString] {
        try checkCycles(from: string.text, variables)
        var done: [LocalizedString] = []
        var queue = [string]
        var next = 0
        var capped = false
        var work = 0
        while next < queue.count {
            let current = queue[next]
            next += 1
            // Variables nested hundreds deep (each form naming the next)
            // keep the queue full at every level: past the work's cap the
            // strings left stand as they are, their variables unexpanded.
            guard work < maximumWork else {
                var left = current
                left.capNote = [current.capNote, roundsNote].compactMap { $0 }.joined(separator: "; ")
                done.append(left)
                capped = true
                continue
            }
            var distinct: [String] = []
            for token in placeholders(in: current.text) where variables[token.name] != nil {
                if !distinct.contains(token.name) { distinct.append(token.name) }
            }
            guard !distinct.isEmpty else {
                done.append(current)
                continue
            }
            work += current.text.utf8.count
            // Room left for the strings this one becomes.
            let room = limit - done.count - (queue.count - next)
            var children: [LocalizedString] = []
            for child in forms(of: current, distinct, variables) {
                guard children.count < room else {
                    capped = true
                    break
                }
                children.append(child)
            }
            queue += children
        }
        guard capped else { return done }
        return done.map { form in
            var copy = form
            copy.capNote = copy.capNote ?? capNote
            return copy
        }
    }

    /// The note on strings left with variables unexpanded at
    /// `maximumWork`.
    static let roundsNote =
        "has variables nested deeper than typefit expands (\(maximumWork >> 20) MB of text replaced); its forms "
        + "past them are measured with their variables as written"

    /// The note on strings whose forms passed `maximumForms`.
    static let capNote =
        "has more than \(maximumForms) forms through its substitution variables; the first \(maximumForms) "
        + "are measured (typefit's cap)"

    /// The strings `string` becomes by one round of replacing `names`: every
    /// combination while there are at most `maximumCombinations` (counted
    /// without overflow), else each variable varying alone, the others at
    /// their standing variation. Made lazily, so a caller that has enough
    /// stops the making.
    static func forms(of string: LocalizedString, _ names: [String], _ variables: [String: Variable])
        -> AnySequence<LocalizedString>
    {
        let chosen = names.compactMap { name in variables[name].map { (name, $0) } }
            .filter { !$0.1.variations.isEmpty }
        guard !chosen.isEmpty else { return AnySequence([]) }
        let numbers = argumentNumbers(in: string.text)
        var combinations = 1
        for (_, variable) in chosen {
            let (product, overflow) = combinations.multipliedReportingOverflow(by: variable.variations.count)
            combinations = overflow ? Int.max : product
        }
        if combinations <= maximumCombinations {
            // An odometer over the variations, the first variable slowest
            // (keys extended in the order the variables appear).
            return AnySequence(
                sequence(state: [Int](repeating: 0, count: chosen.count) as [Int]?) { state -> LocalizedString? in
                    guard let digits = state else { return nil }
                    var form = string
                    for (i, (name, variable)) in chosen.enumerated() {
                        form = replacing(
                            name, by: variable.variations[digits[i]], of: variable, in: form,
                            number: numbers[name])
                    }
                    var advanced = digits
                    var position = chosen.count - 1
                    while position >= 0 {
                        advanced[position] += 1
                        if advanced[position] < chosen[position].1.variations.count { break }
                        advanced[position] = 0
                        position -= 1
                    }
                    state = position < 0 ? nil : advanced
                    return form
                })
        }
        return AnySequence(
            chosen.lazy.flatMap { name, variable in
                variable.variations.lazy.map { variation -> LocalizedString in
                    var form = replacing(name, by: variation, of: variable, in: string, number: numbers[name])
                    for (other, otherVariable) in chosen where other != name {
                        if let standing = otherVariable.standing {
                            form = replacing(other, by: standing, of: otherVariable, in: form, number: numbers[other])
                        }
                    }
                    return form
                }
            })
    }

    /// Throws the first cycle among the variables `text` reaches, by depth-
    /// first search without recursion (a hostile file can chain thousands).
    static func checkCycles(from text: String, _ variables: [String: Variable]) throws(Cycle) {
        var references: [String: [String]] = [:]
        func named(by name: String) -> [String] {
            if let known = references[name] { return known }
            var found: [String] = []
            for variation in variables[name]?.variations ?? [] {
                for token in placeholders(in: variation.text) where variables[token.name] != nil {
                    if !found.contains(token.name) { found.append(token.name) }
                }
            }
            references[name] = found
            return found
        }
        var finished = Set<String>()
        for root in placeholders(in: text).map(\.name) where variables[root] != nil && !finished.contains(root) {
            // The path from the root, each with the next child to visit.
            var path: [(name: String, next: Int)] = [(root, 0)]
            var onPath: Set<String> = [root]
            while let top = path.last {
                let children = named(by: top.name)
                guard top.next < children.count else {
                    finished.insert(top.name)
                    onPath.remove(top.name)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let child = children[top.next]
                if onPath.contains(child) {
                    let start = path.firstIndex { $0.name == child } ?? 0
                    throw Cycle(names: path[start...].map(\.name) + [child])
                }
                if finished.contains(child) { continue }
                path.append((child, 0))
                onPath.insert(child)
            }
        }
    }

    /// The argument each `%#@name@` of `text` stands at, as CoreFoundation
    /// numbers them (the first use of a name).
    static func argumentNumbers(in text: String) -> [String: Int] {
        guard text.contains("#@") else { return [:] }
        let utf8 = Array(text.utf8)
        var numbers: [String: Int] = [:]
        for read in FormatSpecifiers.reads(FormatSpecifiers.parse(utf8), in: utf8) where !read.isStar {
            if case .variable(let name) = read.spec.form, numbers[name] == nil { numbers[name] = read.number }
        }
        return numbers
    }

    /// The placeholder of `text` (a plural form of `variable`, standing at
    /// argument `number`) that prints the count: the form's read of that
    /// argument, numbered or not (`%1$d` in a Localazy form whose variable
    /// is `%d`); `nil` when the form does not print it (Mastodon's empty
    /// `names` forms: their number must not fill another variable's `%ld`).
    static func countPlaceholder(in text: String, of variable: Variable, number: Int?) -> String? {
        guard let number = variable.argument ?? number else { return variable.placeholder }
        let utf8 = Array(text.utf8)
        let read = FormatSpecifiers.reads(FormatSpecifiers.parse(utf8), in: utf8, initial: number - 1).first {
            $0.number == number && !$0.isStar && !$0.spec.spaceFlag && ($0.kind == .integer || $0.kind == .float)
        }
        return read?.written
    }

    /// The string with every `%#@name@` (and `%N$#@name@`) replaced by the
    /// variation, its key extended by `|name.label`; `number`, the argument
    /// the variable stands at, finds the placeholder its count fills.
    static func replacing(
        _ name: String, by variation: (label: String, text: String), of variable: Variable, in string: LocalizedString,
        number: Int? = nil
    ) -> LocalizedString {
        let scalars = Array(string.text.unicodeScalars)
        let replacement = variable.resolving(variation.text)
        var text = ""
        var next = 0
        for token in placeholders(in: string.text) where token.name == name {
            text.unicodeScalars.append(contentsOf: scalars[next..<token.range.lowerBound])
            text += replacement
            next = token.range.upperBound
        }
        text.unicodeScalars.append(contentsOf: scalars[next...])
        var copy = string
        let count =
            variation.label.hasPrefix("plural.") ? countPlaceholder(in: replacement, of: variable, number: number) : nil
        copy.vary(FormStep(variable: name, label: variation.label, count: count))
        copy.text = text
        if let position = variable.positions[variation.label] { copy.position = position }
        copy.capLength()
        return copy
    }

    /// The `%#@name@` placeholders of `text`, in order, with where each
    /// stands (in Unicode scalars).
    static func placeholders(in text: String) -> [(name: String, range: Range<Int>)] {
        var result: [(name: String, range: Range<Int>)] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            guard scalars[i] == "%" else {
                i += 1
                continue
            }
            var j = i + 1
            while j < scalars.count, ("0"..."9").contains(scalars[j]) { j += 1 }
            // `%N$#@name@`, or digits that are a width (`%1#@count@`,
            // DuckDuckGo's: CoreFoundation reads flags and width in any
            // order before `#@`, as `FormatSpecifiers` does).
            if j > i + 1, j < scalars.count, scalars[j] == "$" { j += 1 }
            guard j + 1 < scalars.count, scalars[j] == "#", scalars[j + 1] == "@" else {
                i += 1
                continue
            }
            var k = j + 2
            var name = ""
            while k < scalars.count, scalars[k] != "@" {
                name.unicodeScalars.append(scalars[k])
                k += 1
            }
            guard k < scalars.count, !name.isEmpty else {
                i += 1
                continue
            }
            result.append((name, i..<(k + 1)))
            i = k + 1
        }
        return result
    }
}

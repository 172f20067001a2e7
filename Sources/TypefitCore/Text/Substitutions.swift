/// The `%#@name@` placeholders of String Catalogs and `.stringsdict` files,
/// expanded the way the device picks one variation per variable: every
/// combination of the variables' variations becomes its own string, keyed
/// `KEY|name.plural.one` (several variables: `KEY|a.plural.one|b.plural.other`,
/// in the order they appear). A variation's `%arg` (String Catalogs write the
/// substituted argument so) becomes the variable's own format specifier
/// (`%lld`, `%2$lld` with an `argNum`), which the sample values then fill like
/// any placeholder. Past `maximumCombinations` a string's variables vary one
/// at a time, the others at their `other` form (else their last), so a
/// phrase with many counted parts stays a bounded number of strings.
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

        /// `%arg` as this variable's own placeholder.
        func resolving(_ text: String) -> String {
            let placeholder = "%" + (argument.map { "\($0)$" } ?? "") + specifier
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

    /// `string` with every `%#@name@` replaced, one string per combination.
    /// A name with no variable stays as written.
    public static func expand(_ string: LocalizedString, _ variables: [String: Variable]) -> [LocalizedString] {
        expand(string, variables, depth: 0)
    }

    private static func expand(_ string: LocalizedString, _ variables: [String: Variable], depth: Int)
        -> [LocalizedString]
    {
        let names = placeholders(in: string.text).filter { variables[$0.name] != nil }
        guard let first = names.first, depth < 8 else { return [string] }
        var distinct: [String] = []
        for name in names.map(\.name) where !distinct.contains(name) { distinct.append(name) }
        let combinations = distinct.reduce(1) { $0 * max(1, variables[$1]?.variations.count ?? 1) }
        if combinations <= maximumCombinations {
            // Every variation of the first variable; the rest recursively.
            guard let variable = variables[first.name], !variable.variations.isEmpty else { return [string] }
            return variable.variations.flatMap { variation in
                expand(replacing(first.name, by: variation, of: variable, in: string), variables, depth: depth + 1)
            }
        }
        // Too many: each variable varies alone, the others standing.
        var result: [LocalizedString] = []
        for name in distinct {
            guard let variable = variables[name] else { continue }
            for variation in variable.variations {
                var text = replacing(name, by: variation, of: variable, in: string)
                for other in distinct where other != name {
                    if let otherVariable = variables[other], let standing = otherVariable.standing {
                        text = replacing(other, by: standing, of: otherVariable, in: text)
                    }
                }
                result += expand(text, variables, depth: depth + 1)
            }
        }
        return result
    }

    /// The string with every `%#@name@` (and `%N$#@name@`) replaced by the
    /// variation, its key extended by `|name.label`.
    static func replacing(
        _ name: String, by variation: (label: String, text: String), of variable: Variable, in string: LocalizedString
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
        copy.key = string.key + "|" + name + "." + variation.label
        copy.text = text
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
            if j > i + 1, j < scalars.count, scalars[j] == "$" { j += 1 } else { j = i + 1 }
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

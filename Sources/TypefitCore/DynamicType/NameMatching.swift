/// Helpers for matching the many spellings people type for the same name.
public enum NameMatching {
    /// Folds a spelling to a lookup key: lowercase, without spaces, hyphens,
    /// underscores or dots, so `Large Title`, `large-title` and `largeTitle`
    /// meet.
    public static func key(_ spelling: String) -> String {
        var out = ""
        out.reserveCapacity(spelling.utf8.count)
        for ch in spelling.lowercased() where ch != " " && ch != "-" && ch != "_" && ch != "." {
            out.append(ch)
        }
        return out
    }

    /// Edit distance (insertions, deletions, substitutions, two neighbours
    /// swapped) between two
    /// strings, compared by Unicode scalars.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        // Two letters swapped are one typo (`--widht` is `--width`, not
        // `--weight`): the optimal string alignment distance.
        var before = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[y.count]
    }

    /// The candidates closest to `input` (case-insensitively), best first.
    ///
    /// A candidate qualifies when its edit distance is at most a third of the
    /// longer string (at least 2), or when one contains the other; this keeps
    /// "did you mean" useful without suggesting unrelated names.
    public static func suggestions(for input: String, among candidates: [String], limit: Int = 3) -> [String] {
        let needle = input.lowercased()
        guard !needle.isEmpty else { return [] }
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates {
            let hay = candidate.lowercased()
            let distance = editDistance(needle, hay)
            let allowed = max(2, max(needle.count, hay.count) / 3)
            if distance <= allowed {
                scored.append((distance, candidate))
            } else if needle.count >= 3 && hay.contains(needle) {
                scored.append((allowed + 1 + hay.count - needle.count, candidate))
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        var seen = Set<String>()
        var result: [String] = []
        for entry in scored where seen.insert(entry.name).inserted {
            result.append(entry.name)
            if result.count == limit { break }
        }
        return result
    }

    /// "`what` takes 'a', 'b' (got 'x'); did you mean 'a'?" — for a value
    /// that must be one of a few words.
    public static func choiceMessage(_ what: String, _ given: String, _ choices: [String]) -> String {
        var message = "\(what) takes " + choices.map { "'\($0)'" }.joined(separator: ", ") + " (got '\(given)')"
        if let best = suggestions(for: given, among: choices, limit: 1).first {
            message += "; did you mean '\(best)'?"
        }
        return message
    }

    /// A regular expression (ECMA-262, as JSON Schema takes it) that
    /// matches exactly the spellings `key` folds to one of `type`'s:
    /// letters in either case, with spaces, hyphens, underscores and dots
    /// anywhere — so an editor flags in a spec what typefit would refuse.
    public static func schemaPattern<T: Spellable>(for type: T.Type) -> String {
        let separators = "[ ._-]*"
        var keys: [String] = []
        for value in T.allCases {
            for spelling in value.spellings {
                let folded = key(spelling)
                if !folded.isEmpty && !keys.contains(folded) { keys.append(folded) }
            }
        }
        // Longer keys first, so that an alternative never stops early.
        keys.sort { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
        let alternatives = keys.map { folded in
            folded.map { character -> String in
                if character.isLetter {
                    return "[\(character)\(character.uppercased())]"
                }
                if character.isNumber { return String(character) }
                return "\\" + String(character)
            }.joined(separator: separators)
        }
        return "^" + separators + "(?:" + alternatives.joined(separator: "|") + ")" + separators + "$"
    }

    /// Every folded spelling of every case of `type`, mapped to the case.
    static func lookupTable<T: Spellable>(_ type: T.Type) -> [String: T] {
        var table: [String: T] = [:]
        for value in T.allCases {
            for spelling in value.spellings { table[key(spelling)] = value }
        }
        return table
    }

    /// The error for a spelling `table` does not know, with the UIKit names
    /// of the cases whose UIKit or SwiftUI names are closest.
    static func unknown<T: Spellable>(_ spelling: String, kind: String, table: [String: T]) -> NameError {
        let candidates = T.allCases.flatMap(\.suggestionSpellings)
        var names: [String] = []
        for candidate in suggestions(for: spelling, among: candidates) {
            if let name = table[key(candidate)]?.rawValue, !names.contains(name) { names.append(name) }
        }
        // Nothing near: the valid values, so the next try is not a guess.
        let note = names.isEmpty ? "one of " + T.allCases.map(\.rawValue).joined(separator: ", ") : nil
        return NameError(kind: kind, input: spelling, suggestions: names, note: note)
    }
}

/// A name people spell many ways (text styles, content size categories);
/// the raw value is the UIKit case name typefit prints.
public protocol Spellable: CaseIterable, Hashable, RawRepresentable where RawValue == String {
    /// Every spelling accepted for this value, before folding.
    var spellings: [String] { get }
    /// The spellings a near miss is compared with for "did you mean".
    var suggestionSpellings: [String] { get }
}

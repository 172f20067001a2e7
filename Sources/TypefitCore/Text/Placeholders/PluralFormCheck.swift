/// Each plural form of a translation judged for the numbers it is shown
/// for, against the source's forms (`shared` reference "Bundles and
/// plurals" §2–3: the device shows one form per number, by CLDR's rules
/// through ICU; Android lint's `ImpliedQuantity`). The argument comparison
/// (`FormatAnalysis.differences`) takes a variable's forms together, so it
/// misses what one form does alone:
///
/// - an empty form (Element X Croatian `few` = ""): nothing is shown for
///   its numbers;
/// - a form that drops an argument every source form prints (DuckDuckGo
///   Turkish `one`/`other` without the site its `zero` keeps);
/// - a count the source shows and no translation form shows (Delta Chat
///   Vietnamese `other` only, without the number);
/// - a count left out of a category that holds several numbers (Russian
///   `one` is shown for 1, 21, 31 …): a warning naming them.
enum PluralFormCheck {
    /// A plural variable as one language's format uses it: its argument,
    /// the arguments printed outside it, and per category what its form
    /// prints.
    struct Use {
        var name: String
        var number: Int
        var specifier: String
        /// Arguments the format prints outside the variable.
        var outside: Set<Int>
        /// Per category (`one`, `other` …): the arguments the form prints,
        /// and whether it is empty.
        var forms: [(category: String, prints: Set<Int>, isEmpty: Bool)]
    }

    /// The plural variables `forms` use at their top level (each once).
    static func uses(_ forms: [FormatSource]) -> [Use] {
        var found: [Use] = []
        for form in forms {
            let utf8 = Array(form.text.utf8)
            let reads = FormatSpecifiers.reads(FormatSpecifiers.parse(utf8), in: utf8)
            let outside = Set(reads.filter { !$0.argument.bySpaceFlag && !isVariable($0) }.map(\.number))
            for read in reads {
                guard case .variable(let name) = read.spec.form, !read.isStar, let variable = form.variables[name],
                    !found.contains(where: { $0.name == name })
                else { continue }
                let plurals = variable.variations.filter { $0.label.hasPrefix("plural.") }
                guard !plurals.isEmpty else { continue }
                let number = variable.argument ?? read.number
                var use = Use(
                    name: name, number: number, specifier: variable.specifier, outside: outside, forms: [])
                for variation in plurals {
                    // A catalog's `%arg` is the variable's own conversion.
                    let text = FormatAnalysis.resolving(variation.text, variable, number: number)
                    let inner = Array(text.utf8)
                    let prints = FormatSpecifiers.reads(FormatSpecifiers.parse(inner), in: inner, initial: number - 1)
                        .filter { !$0.argument.bySpaceFlag }.map(\.number)
                    use.forms.append((String(variation.label.dropFirst(7)), Set(prints), text.isEmpty))
                }
                found.append(use)
            }
        }
        return found
    }

    /// An Android `<plurals>`'s items as one use (its `name` empty: the
    /// whole string is the plural): the count is `count`, the argument
    /// `getQuantityString(id, n, n)` passes as the number (the source's
    /// first integer argument), or 0 when the source reads none.
    static func use(items: [(category: String, text: String)], count: Int) -> Use {
        var use = Use(name: "", number: count, specifier: "d", outside: [], forms: [])
        for item in items {
            let specifiers = JavaFormatAnalysis.read(item.text)?.specifiers ?? []
            let prints = specifiers.compactMap(\.argument).filter { $0 >= 0 && $0 < Int.max }.map { $0 + 1 }
            use.forms.append((item.category, Set(prints), item.text.isEmpty))
        }
        return use
    }

    /// Android's count among the source items' arguments (from 1): the
    /// first integer one, the `other` item's first; else argument 1 when
    /// an item reads it, since apps pass the count formatted
    /// (`getQuantityString(id, n, shortCount(n))` under `%s views`,
    /// NewPipe's); 0 when none.
    static func javaCount(_ items: [(category: String, text: String)]) -> Int {
        let ordered = items.filter { $0.category == "other" } + items.filter { $0.category != "other" }
        var readsFirst = false
        for item in ordered {
            for specifier in JavaFormatAnalysis.read(item.text)?.specifiers ?? [] {
                guard let argument = specifier.argument, argument >= 0, argument < Int.max else { continue }
                if JavaFormatAnalysis.kind(specifier.kind) == .integer { return argument + 1 }
                if argument == 0 { readsFirst = true }
            }
        }
        return readsFirst ? 1 : 0
    }

    /// What an Android `<plurals>`'s translated items get wrong against
    /// the source's: the same rules as a `.stringsdict` variable's forms,
    /// and an item of a category the language does not use is never
    /// shown (Android selects by the language's own categories).
    static func differences(
        sourceItems: [(category: String, text: String)], translationItems: [(category: String, text: String)],
        numbers: [String: [Int]]?
    ) -> [PlaceholderCheck.Difference] {
        let count = javaCount(sourceItems)
        let used = translationItems.filter { numbers?[$0.category] != nil || numbers == nil || $0.category == "other" }
        return differences(
            sourceUses: [use(items: sourceItems, count: count)], translationUses: [use(items: used, count: count)],
            numbers: numbers)
    }

    private static func isVariable(_ read: FormatSpecifiers.Read) -> Bool {
        if case .variable = read.spec.form { return true }
        return false
    }

    /// What `translation`'s plural forms get wrong against `source`'s;
    /// `numbers`, the translation language's first integers per category
    /// (ICU's rules), names what a form is shown for.
    static func differences(
        source: [FormatSource], translation: [FormatSource], numbers: [String: [Int]]?
    ) -> [PlaceholderCheck.Difference] {
        differences(sourceUses: uses(source), translationUses: uses(translation), numbers: numbers)
    }

    /// The differences of each translation use against the source's of
    /// the same name (else at the same argument).
    static func differences(sourceUses: [Use], translationUses: [Use], numbers: [String: [Int]]?)
        -> [PlaceholderCheck.Difference]
    {
        guard !sourceUses.isEmpty else { return [] }
        var found: [PlaceholderCheck.Difference] = []
        for use in translationUses {
            guard
                let original = sourceUses.first(where: { $0.name == use.name })
                    ?? sourceUses.first(where: { $0.number == use.number })
            else { continue }
            let count = PlaceholderCheck.Argument(
                number: use.number, kind: PlaceholderCheck.Kind(specifier: use.specifier) ?? .integer,
                written: "%\(use.number)$" + use.specifier)
            // What every source form prints, outside or in it: each
            // translation form must print it too.
            let sourcePrinted = original.forms.map { $0.prints.union(original.outside) }
            let always = sourcePrinted.dropFirst().reduce(sourcePrinted.first ?? []) { $0.intersection($1) }
            let sourceShowsCount = sourcePrinted.contains { $0.contains(original.number) }
            let sourceAllEmpty = original.forms.allSatisfy(\.isEmpty)
            var countShown = use.outside.contains(use.number)
            var implied: [PlaceholderCheck.Difference] = []
            for form in use.forms {
                let printed = form.prints.union(use.outside)
                if printed.contains(use.number) { countShown = true }
                let shownFor = numbers?[form.category] ?? []
                if form.isEmpty {
                    // A variable whose forms are all empty in the source
                    // only consumes its argument (Mastodon's `names`).
                    if !sourceAllEmpty {
                        found.append(.emptyForm(variable: use.name, category: form.category, numbers: shownFor))
                    }
                    continue
                }
                for number in always.sorted() where number != original.number && !printed.contains(number) {
                    // The argument by its number in the translation: a
                    // source's other argument keeps its number.
                    found.append(.formDrops(variable: use.name, category: form.category, number: number))
                }
                if sourceShowsCount, !printed.contains(use.number), shownFor.count > 1 {
                    implied.append(.countImplied(variable: use.name, category: form.category, numbers: shownFor))
                }
            }
            // A count no form shows is one error, not a warning per form.
            if sourceShowsCount, !countShown, use.forms.contains(where: { !$0.isEmpty }) {
                found.append(.countNeverShown(variable: use.name, argument: count))
            } else {
                found += implied
            }
        }
        return found
    }
}

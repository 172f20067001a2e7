/// Android's passes over a whole run, once every file is read: what no
/// one file settles (`AndroidStringsFormat.settle`).
enum AndroidRunPasses {
    /// Android's references (`<string name="a">@string/b</string>`) given
    /// the text of the string they name, in the same table and language,
    /// else the source's (as a device falls back to `values/`), followed
    /// through references as a device follows them; a name no file defines,
    /// a cycle (named with its members) and a chain longer than a device
    /// follows are problems (`notes`), and the reference is measured as
    /// written. `every` holds every language's tables where the run keeps
    /// one.
    static func resolveReferences(
        _ strings: inout [LocalizedString], every tables: [StringsTable], into notes: inout [StringsRunNote]
    ) {
        guard strings.contains(where: { $0.reference != nil }) else { return }
        let every = tables.flatMap(\.strings)
        var byName: [String: LocalizedString] = [:]
        func id(_ table: String?, _ language: String?, _ name: String) -> String {
            (table ?? "") + "\u{0}" + (language.map(LanguageTag.key) ?? "") + "\u{0}" + name
        }
        // References too: a chain is followed through them.
        for string in every + strings where string.table != nil {
            let source = string.isSource == true ? nil : string.language
            byName[id(string.table, source, string.key)] = string
        }
        func warn(_ problem: StringsRunNote.Problem, _ string: LocalizedString) {
            notes.append(StringsRunNote(problem, file: string.file, position: string.position))
        }
        for i in strings.indices {
            guard let reference = strings[i].reference, reference.hasPrefix("@string/") else { continue }
            let own = strings[i].isSource == true ? nil : strings[i].language
            let table = strings[i].table
            func lookup(_ name: String) -> LocalizedString? {
                byName[id(table, own, name)] ?? byName[id(table, nil, name)]
            }
            // `AssetManager2::ResolveReference` looks up the name referred
            // to and then at most 20 more (it stops at kMaxIterations = 20
            // holding a reference); a name that refers to itself stops it
            // at once.
            let maximumLookups = 21
            var chain = [strings[i].entry]
            var seen: Set<String> = [strings[i].entry]
            var name = String(reference.dropFirst(8))
            var target: LocalizedString?
            var failure: StringsRunNote.Problem?
            // What the string refers to, for a name no file defines: its
            // reference, and the chain when there is one.
            func referred() -> String { chain.dropFirst().map { "@string/" + $0 }.joined(separator: " → ") }
            while true {
                chain.append(name)
                if seen.contains(name) {
                    failure = .referenceCycle(key: strings[i].key, chain: chain, isCycle: true)
                    break
                }
                if chain.count - 1 > maximumLookups {
                    failure = .referenceCycle(key: strings[i].key, chain: chain, isCycle: false)
                    break
                }
                guard let found = lookup(name) else {
                    failure = .referenceUnresolved(key: strings[i].key, reference: referred())
                    break
                }
                guard let next = found.reference else {
                    target = found
                    break
                }
                // A framework string (`@android:string/ok`) or another
                // type: not in the app's files.
                guard next.hasPrefix("@string/") else {
                    failure = .referenceUnresolved(key: strings[i].key, reference: referred() + " → " + next)
                    break
                }
                seen.insert(name)
                name = String(next.dropFirst(8))
            }
            guard let target else {
                if let failure { warn(failure, strings[i]) }
                continue
            }
            strings[i].text = target.text
            strings[i].spans = target.spans
            strings[i].resourceSpans = target.resourceSpans
            strings[i].placeholderExamples = target.placeholderExamples
            strings[i].formatSyntax = target.formatSyntax
            strings[i].isFormatted = target.isFormatted
            // A name for an untranslatable string (`donottranslate.xml`)
            // has no pseudolocale of its own: aapt2 makes none of the
            // target, so en-XA shows the default text.
            if !target.isTranslatable { strings[i].isTranslatable = false }
            strings[i].reference = nil
        }
    }

    /// An Android translation whose source reads no argument, measured as
    /// written: the code calls `getString(id)` (it passes nothing), which
    /// shows `%1$s` itself, not a sample in its place (the placeholder
    /// check warns of it: `placeholder-source-takes-none`).
    static func unformattedLikeTheirSource(_ strings: inout [LocalizedString], every tables: [StringsTable]) {
        guard strings.contains(where: { $0.formatSyntax == .java && $0.isFormatted && $0.isSource == false }) else {
            return
        }
        // Per table and entry of a Java source: its forms; then the
        // entries that read no argument, each judged once.
        var sources: [String: [String]] = [:]
        for string in tables.flatMap(\.strings) + strings
        where string.isSource == true && string.formatSyntax == .java && string.isFormatted {
            sources[(string.table ?? "") + "\u{0}" + string.entry, default: []].append(string.text)
        }
        let unformatted = Set(sources.filter { !PlaceholderCheck.isJavaFormat($0.value) }.keys)
        guard !unformatted.isEmpty else { return }
        for i in strings.indices
        where strings[i].isSource == false && strings[i].formatSyntax == .java && strings[i].isFormatted {
            guard unformatted.contains((strings[i].table ?? "") + "\u{0}" + strings[i].entry) else { continue }
            strings[i].isFormatted = false
        }
    }

    /// A translation measured with its source's `<xliff:g example="…">`
    /// where it has none of its own (translators often drop the section
    /// and keep the `%1$s`): per argument the source's example stands for,
    /// the translation's first specifier of that argument takes it.
    static func shareExamples(_ strings: inout [LocalizedString], every tables: [StringsTable]) {
        guard strings.contains(where: { !$0.placeholderExamples.isEmpty }) else { return }
        let every = tables.flatMap(\.strings)
        // Per table and entry of a source: argument (0-based) → example.
        var examples: [String: [Int: String]] = [:]
        for string in every + strings where string.isSource == true && !string.placeholderExamples.isEmpty {
            guard case .success(let specifiers) = JavaFormatSpecifiers.parse(string.text) else { continue }
            let id = (string.table ?? "") + "\u{0}" + string.entry
            for section in string.placeholderExamples {
                guard let example = section.example else { continue }
                let inside = specifiers.filter { $0.argument != nil && section.bytes.contains($0.bytes.lowerBound) }
                // A section of one argument alone: its example is that
                // argument's.
                guard inside.count == 1, let argument = inside[0].argument,
                    inside[0].bytes == section.bytes
                else { continue }
                if examples[id]?[argument] == nil { examples[id, default: [:]][argument] = example }
            }
        }
        guard !examples.isEmpty else { return }
        for i in strings.indices where strings[i].isSource == false && strings[i].placeholderExamples.isEmpty {
            guard strings[i].formatSyntax == .java, strings[i].isFormatted,
                let known = examples[(strings[i].table ?? "") + "\u{0}" + strings[i].entry],
                case .success(let specifiers) = JavaFormatSpecifiers.parse(strings[i].text)
            else { continue }
            var taken = Set<Int>()
            for specifier in specifiers {
                guard let argument = specifier.argument, let example = known[argument],
                    taken.insert(argument).inserted
                else { continue }
                strings[i].placeholderExamples.append(
                    AndroidResourceText.Placeholder(bytes: specifier.bytes, id: nil, example: example))
            }
        }
    }

}

/// Android's passes over a whole run, once every file is read: what no
/// one file settles (`AndroidStringsFormat.settle`).
public enum AndroidRunPasses {
    /// Android's references (`<string name="a">@string/b</string>`) given
    /// the text of the string they name as a device resolves it
    /// (`AssetManager2::ResolveReference`: the name looked up again in the
    /// device's configuration, whatever folder holds the reference):
    /// `AndroidConfiguration` picks among the folders that define it;
    /// followed through references as a device follows them; a name no
    /// file defines, a cycle (named with its members) and a chain longer
    /// than a device follows are problems (`notes`), and the reference is
    /// measured as written. `every` holds every language's tables where
    /// the run keeps one. A name the referring string's `res` folder lacks
    /// is looked up in the run's other `res` folders, in the order read:
    /// Gradle merges every library module's resources into the app's, so a
    /// feature module's array may name a string of the module that holds
    /// the translations (AntennaPod's `ui/preferences` and `ui/i18n`).
    static func resolveReferences(
        _ strings: inout [LocalizedString], every tables: [StringsTable], into notes: inout [StringsRunNote]
    ) {
        guard strings.contains(where: { $0.reference != nil }) else { return }
        let every = tables.flatMap(\.strings)
        // Per table and name, every folder's value (references too: a
        // chain is followed through them).
        var byName: [String: (folders: [AndroidConfiguration], strings: [LocalizedString])] = [:]
        func id(_ table: String?, _ name: String) -> String { (table ?? "") + "\u{0}" + name }
        // The res folders, in the order read, for names a folder lacks.
        var tableOrder: [String] = []
        for string in every + strings where string.table != nil {
            if byName[id(string.table, string.key)] == nil, let table = string.table, !tableOrder.contains(table) {
                tableOrder.append(table)
            }
            byName[id(string.table, string.key), default: ([], [])].folders.append(AndroidConfiguration(string))
            byName[id(string.table, string.key)]?.strings.append(string)
        }
        func warn(_ problem: StringsRunNote.Problem, _ string: LocalizedString) {
            notes.append(StringsRunNote(problem, file: string.file, position: string.position))
        }
        for i in strings.indices {
            guard let reference = strings[i].reference, reference.hasPrefix("@string/") else { continue }
            // The device's configuration is the referring string's
            // folder's: its locale and qualifiers.
            let device = AndroidConfiguration(reading: AndroidConfiguration(strings[i]))
            let table = strings[i].table
            func lookup(_ name: String) -> LocalizedString? {
                guard
                    let candidates = byName[id(table, name)]
                        ?? tableOrder.lazy.compactMap({ byName[id($0, name)] }).first
                else { return nil }
                return device.best(candidates.folders).map { candidates.strings[$0] }
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

extension AndroidRunPasses {
    /// The indices of the Android strings of `strings` that no device the
    /// run measures reads: a value of a folder that either does not match
    /// such a device (`values-night` by day, `values-sw600dp` on a phone)
    /// or that a better folder of the same name overrides (`values/` under
    /// `values-v29` on a recent device). The devices: for each folder's
    /// locale (and none, for `values/`), the default device and, when asked,
    /// each configuration of `configurations`. A `<plurals>` or array
    /// moves whole, as `GetBag` takes it from one folder.
    public static func unshown(
        _ strings: [LocalizedString], configurations: [AndroidDeviceQualifiers] = []
    ) -> [Int] {
        // Every distinct folder configuration, once.
        var folderIndex: [String: Int] = [:]
        var folders: [AndroidConfiguration] = []
        var folderOf = [Int](repeating: -1, count: strings.count)
        var groups: [String: [Int]] = [:]
        for (i, string) in strings.enumerated() where string.isSource != nil {
            let name =
                (string.isSource == true ? "" : string.language ?? "") + "\u{0}"
                + string.qualifiers.joined(separator: "-")
            let f: Int
            if let known = folderIndex[name] {
                f = known
            } else {
                f = folders.count
                folderIndex[name] = f
                folders.append(AndroidConfiguration(string))
            }
            folderOf[i] = f
            let entry = string.entry.split(separator: "[", maxSplits: 1).first.map(String.init) ?? string.entry
            groups[(string.table ?? "") + "\u{0}" + entry, default: []].append(i)
        }
        guard folders.count > 1 || folders.first.map({ !$0.qualifiers.isEmpty }) == true else { return [] }
        // Per device (a folder's locale in a configuration): each folder's
        // place in its order of preference, `Int.max` when not read.
        let devices = [AndroidDeviceQualifiers.none] + configurations.filter { $0 != .none }
        var ranks: [[[Int]]] = []
        for device in devices {
            var perFolder: [[Int]] = []
            for folder in folders {
                let reader = AndroidConfiguration(device: device, locale: folder.locale)
                let read = folders.indices.filter { reader.reads(folders[$0]) }
                // `prefers` is Android's strict order: a sort by it.
                let ordered = read.sorted { reader.prefers(folders[$0], over: folders[$1]) }
                var rank = [Int](repeating: .max, count: folders.count)
                for (place, g) in ordered.enumerated() { rank[g] = place }
                perFolder.append(rank)
            }
            ranks.append(perFolder)
        }
        var unshown: [Int] = []
        for members in groups.values {
            let present = Set(members.map { folderOf[$0] })
            guard present.count > 1 || folders[folderOf[members[0]]].qualifiers.count > 0 else { continue }
            var shown = Set<Int>()
            for f in present {
                for rank in ranks {
                    // The device of f's locale: which folder of the name it
                    // reads.
                    if let best = present.min(by: { rank[f][$0] < rank[f][$1] }), rank[f][best] != .max {
                        shown.insert(best)
                    }
                }
            }
            unshown += members.filter { !shown.contains(folderOf[$0]) }
        }
        return unshown.sorted()
    }
}

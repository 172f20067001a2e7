/// Android's passes over a whole run, once every file is read: what no
/// one file settles (`AndroidStringsFormat.settle`).
enum AndroidRunPasses {
    /// Android's references (`<string name="a">@string/b</string>`) given
    /// the text of the string they name as a device resolves it
    /// (`AssetManager2::ResolveReference`: the name looked up again in the
    /// device's configuration, whatever folder holds the reference):
    /// `ConfigurationMatch` picks among the folders that define it;
    /// followed through references as a device follows them; a name no
    /// file defines, a cycle (named with its members) and a chain longer
    /// than a device follows are problems (`notes`), and the reference is
    /// measured as written. `every` holds every language's tables where
    /// the run keeps one.
    static func resolveReferences(
        _ strings: inout [LocalizedString], every tables: [StringsTable], into notes: inout [StringsRunNote]
    ) {
        guard strings.contains(where: { $0.reference != nil }) else { return }
        let every = tables.flatMap(\.strings)
        // Per table and name, every folder's value (references too: a
        // chain is followed through them).
        var byName: [String: [(folder: ConfigurationMatch.Folder, string: LocalizedString)]] = [:]
        func id(_ table: String?, _ name: String) -> String { (table ?? "") + "\u{0}" + name }
        for string in every + strings where string.table != nil {
            byName[id(string.table, string.key), default: []].append((ConfigurationMatch.Folder(string), string))
        }
        func warn(_ problem: StringsRunNote.Problem, _ string: LocalizedString) {
            notes.append(StringsRunNote(problem, file: string.file, position: string.position))
        }
        for i in strings.indices {
            guard let reference = strings[i].reference, reference.hasPrefix("@string/") else { continue }
            // The device's configuration is the referring string's
            // folder's: its locale and qualifiers.
            let device = ConfigurationMatch.Folder(strings[i])
            let table = strings[i].table
            func lookup(_ name: String) -> LocalizedString? {
                guard let candidates = byName[id(table, name)] else { return nil }
                return ConfigurationMatch.best(candidates.map(\.folder), for: device).map { candidates[$0].string }
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

/// Which folder's value a device with a folder's configuration reads
/// (`android-resource-resolution` §1–§3, AOSP `ResTable_config::match` and
/// `isBetterThan`), for the cases a res tree holds: a folder matches when
/// its locale is the device's, or its language alone where the device's
/// region leaves the language's script as it is (`values-de` for de-AT,
/// not `values-zh` for zh-TW), or none; and when each of its other
/// qualifiers is the device's (`values-night` only at night,
/// `values-sw600dp` only on a tablet), a version (`v29`) always (the
/// device is recent). The best: the locale first (the device's own, then
/// its language, then none), then the more of the device's qualifiers,
/// then the higher version. Not modelled: a folder of another region of
/// the language (Android ranks them by its region tree), MCC/MNC, and the
/// ranking among several non-locale qualifiers (by count here).
enum ConfigurationMatch {
    /// A folder's configuration.
    struct Folder: Equatable {
        /// Its locale (`LanguageTag.key`), `nil` for none.
        var locale: String?
        /// Its other qualifiers but the version.
        var qualifiers: [String]
        /// Its platform version (`v29`), 0 for none.
        var version: Int

        init(locale: String?, qualifiers: [String]) {
            self.locale = locale.map(LanguageTag.key)
            var others: [String] = []
            var version = 0
            for qualifier in qualifiers {
                if qualifier.count > 1, qualifier.first == "v", let number = Int(qualifier.dropFirst()) {
                    version = max(version, number)
                } else {
                    others.append(qualifier.lowercased())
                }
            }
            (self.qualifiers, self.version) = (others, version)
        }

        /// A string's folder: its language unless it is the source
        /// (`values/` names no locale).
        init(_ string: LocalizedString) {
            self.init(locale: string.isSource == true ? nil : string.language, qualifiers: string.qualifiers)
        }
    }

    /// Regions whose likely script is not their language's (CLDR likely
    /// subtags, as AOSP's `LIKELY_SCRIPTS`): a device there does not read
    /// the language's folder.
    static let otherScript: Set<String> = [
        "zh-tw", "zh-hk", "zh-mo", "sr-me", "pa-pk", "uz-af", "az-ir", "mn-cn", "sd-in", "ha-sd", "ms-cc",
    ]

    /// How well `folder`'s locale serves `device`'s: 2 its own, 1 its
    /// language, 0 none; `nil` when it does not match.
    static func localeRank(_ folder: String?, for device: String?) -> Int? {
        guard let folder else { return 0 }
        guard let device else { return nil }
        if folder == device { return 2 }
        // The device's language with its script (`sr-latn`), its region
        // dropped: the last subtag when it is a region.
        let parts = device.split(separator: "-")
        guard parts.count >= 2, let last = parts.last,
            last.count == 2 || (last.count == 3 && last.allSatisfy(\.isNumber)),
            !otherScript.contains(device)
        else { return nil }
        return folder == parts.dropLast().joined(separator: "-") ? 1 : nil
    }

    /// The index of the best of `folders` for `device`, `nil` when none
    /// matches.
    static func best(_ folders: [Folder], for device: Folder) -> Int? {
        var best: (index: Int, rank: (Int, Int, Int))?
        for (index, folder) in folders.enumerated() {
            guard let locale = localeRank(folder.locale, for: device.locale),
                folder.qualifiers.allSatisfy(device.qualifiers.contains)
            else { continue }
            let rank = (locale, folder.qualifiers.count, folder.version)
            if best.map({ rank > $0.rank }) ?? true { best = (index, rank) }
        }
        return best?.index
    }
}

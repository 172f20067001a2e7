/// What a strings file holds, as the placeholder check and the reports see
/// it: tables (one file's strings in one language and configuration, with
/// its role), entries (a key, its comment) and forms (each a
/// `LocalizedString`: a plural category's, an array item's, a device
/// variation's text, with its spans and position). Layout takes the forms
/// flattened (`strings`), in the file's order; comparisons take tables by
/// role.
///
/// A format gives `LocalizedString`s with what it knows (`table`,
/// `isSource`, `sourceLanguage`, `qualifiers`, `entry`); `tables(of:file:)`
/// groups them here, in one place, so a new format is its reader and a line
/// in `StringsFile.formats`.
public struct StringsTable: Sendable {
    /// What a table is to the placeholder check.
    public enum Role: Sendable, Hashable {
        /// The strings translations are compared with: Android's `values/`,
        /// a String Catalog's source language.
        case source
        /// A translation of the source table of its group.
        case translation
        /// Source or translation by its language: an `.lproj` table is the
        /// source when it is in the run's development language
        /// (`--source-language`), or its one regional form.
        case byLanguage
        /// Not compared: strings without a language (text files,
        /// arguments).
        case none
    }

    /// One key's forms.
    public struct Entry: Sendable {
        /// The entry's key (`name` for Android's `name|plural.one`).
        public var key: String
        /// The translator's comment, when the format has one.
        public var comment: String?
        /// Each form's place among the file's strings, in order.
        var order: [Int]
        /// The file's strings (shared by its tables and entries: a table is
        /// a view of the file, not a copy of its strings).
        let all: [LocalizedString]

        /// Its forms, in the file's order.
        public var forms: [LocalizedString] { order.map { all[$0] } }
    }

    /// The file.
    public var file: String
    /// The tables compared together: an Android `res` folder, a String
    /// Catalog, an `.lproj` table's name (`Localizable` for `.strings` and
    /// `.stringsdict` alike).
    public var group: String
    /// The language, when the file says.
    public var language: String?
    /// The configuration's other qualifiers (Android's `night`).
    public var qualifiers: [String]
    /// Its role.
    public var role: Role
    /// The group's development language, when the file says (a catalog's
    /// `sourceLanguage`, Android's `--source-language`).
    public var sourceLanguage: String?
    /// Its entries, in the file's order.
    public var entries: [Entry]

    /// Its forms.
    public var strings: [LocalizedString] { entries.flatMap(\.forms) }

    /// The forms of a file's tables (all of them, or those a language
    /// keeps) in the file's order (a catalog lists a key's languages
    /// together): what layout measures, made here and nowhere else. Every
    /// table of the file gives the file's own array back, uncopied.
    public static func flattened(_ tables: [StringsTable]) -> [LocalizedString] {
        guard let all = tables.first?.entries.first?.all else { return [] }
        var count = 0
        for table in tables { for entry in table.entries { count += entry.order.count } }
        if count == all.count { return all }
        var orders: [Int] = []
        orders.reserveCapacity(count)
        for table in tables { for entry in table.entries { orders += entry.order } }
        orders.sort()
        return orders.map { all[$0] }
    }

    /// The tables of strings read from `file`: one per language,
    /// configuration and role, in order of first appearance, each with its
    /// entries in order.
    public static func tables(of strings: [LocalizedString], file: String) -> [StringsTable] {
        // What makes a table: compared as written (a file spells its
        // languages one way), without building a string per form.
        struct Key: Hashable {
            var group: String?
            var language: String?
            var sourceLanguage: String?
            var isSource: Bool?
            var qualifiers: [String]
        }
        var tables: [StringsTable] = []
        var tableIndex: [Key: Int] = [:]
        var entryIndex: [[String: Int]] = []
        let fileTable = bundleTable(file)
        // The last form's table: a file's forms mostly come in runs.
        var last: (key: Key, index: Int)?
        for (order, string) in strings.enumerated() {
            let key = Key(
                group: string.table, language: string.language, sourceLanguage: string.sourceLanguage,
                isSource: string.isSource, qualifiers: string.qualifiers)
            let t: Int
            if let last, last.key == key {
                t = last.index
            } else if let known = tableIndex[key] {
                t = known
            } else {
                let role: Role
                if string.language == nil {
                    role = .none
                } else if let isSource = string.isSource {
                    role = isSource && string.qualifiers.isEmpty ? .source : .translation
                } else if let source = string.sourceLanguage, let language = string.language {
                    role = LanguageTag.matches(language, source) ? .source : .translation
                } else {
                    role = .byLanguage
                }
                // A String Catalog is the table of its name in its folder,
                // as the `.lproj` tables beside it are (`catalogTable`).
                let group = string.table ?? (string.sourceLanguage != nil ? catalogTable(file) : fileTable)
                t = tables.count
                tableIndex[key] = t
                tables.append(
                    StringsTable(
                        file: file, group: group, language: string.language, qualifiers: string.qualifiers,
                        role: role, sourceLanguage: string.sourceLanguage, entries: []))
                entryIndex.append([:])
            }
            last = (key, t)
            // Strings without a language are each their own entry (a text
            // file's lines).
            let grouped = tables[t].role != .none
            if grouped, let e = entryIndex[t][string.entry] {
                tables[t].entries[e].order.append(order)
            } else {
                if grouped { entryIndex[t][string.entry] = tables[t].entries.count }
                tables[t].entries.append(
                    Entry(key: string.entry, comment: string.comment, order: [order], all: strings))
            }
        }
        return tables
    }

    /// `Localizable` for `…/de.lproj/Localizable.strings` and
    /// `Localizable.stringsdict`: the table both files add to.
    static func tableName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    /// The table a file of an `.lproj` folder adds to, in its bundle:
    /// `iOS/DuckDuckGo/Localizable` for `iOS/DuckDuckGo/de.lproj/
    /// Localizable.strings`. Each bundle (the app, an extension, a Swift
    /// package's resources: the folder holding the `.lproj` folders) keeps
    /// its own tables, never merged with another's (CFBundle caches a
    /// table per bundle and finds its files under the bundle's own path,
    /// `CFBundle_Strings.c` L40–41, L152–158). A file in no `.lproj`
    /// folder: its table name.
    static func bundleTable(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[parts.count - 2].lowercased().hasSuffix(".lproj") else { return tableName(path) }
        // `./App` and `App` are one bundle.
        let bundle = parts.dropLast(2).filter { $0 != "." }.joined(separator: "/")
        let table = tableName(path)
        return bundle.isEmpty ? table : bundle + "/" + table
    }

    /// A String Catalog's table: `App/Localizable` for `App/Localizable.
    /// xcstrings`, the group of `App/*.lproj/Localizable.strings` too.
    /// Xcode compiles a catalog into those very `.lproj` tables of its
    /// target (a `.strings` and a `.stringsdict` per language), so `.lproj`
    /// files of the same name beside it add languages to one table, the
    /// catalog's `sourceLanguage` their source.
    static func catalogTable(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let folder = parts.dropLast().filter { $0 != "." }.joined(separator: "/")
        let table = tableName(path)
        return folder.isEmpty ? table : folder + "/" + table
    }

    /// Which of `strings` (each with its file and language) a device never
    /// shows: a `.strings` entry whose key the same bundle table's
    /// `.stringsdict` gives in that language, since CFBundle sets every
    /// `.stringsdict` key over the `.strings` table ("any entry in the
    /// stringsDictTable must override the content from stringsTable",
    /// `CFBundle_Strings.c` L111–119). A language whose `.stringsdict` of
    /// the table is not among the files takes the development language's
    /// (`sourceLanguage`, as the placeholder check finds it): the file
    /// falls back whole to the next language of the bundle's list, which
    /// ends with the development region.
    public static func shadowed(
        _ strings: [(file: String, language: String?, entry: String)], sourceLanguage: String
    ) -> Set<Int> {
        // Per bundle table: per language (folded), the .stringsdict keys.
        var dictionaries: [String: [String: Set<String>]] = [:]
        for string in strings where string.language != nil && string.file.hasSuffix(".stringsdict") {
            dictionaries[bundleTable(string.file), default: [:]][LanguageTag.key(string.language ?? ""), default: []]
                .insert(string.entry)
        }
        guard !dictionaries.isEmpty else { return [] }
        // Each string's table, once; the languages of the tables that
        // have a .stringsdict (to find their development language).
        let tables = strings.map { bundleTable($0.file) }
        var languages: [String: [String]] = [:]
        for (string, table) in zip(strings, tables) {
            guard let language = string.language, dictionaries[table] != nil,
                !(languages[table]?.contains(language) ?? false)
            else { continue }
            languages[table, default: []].append(language)
        }
        var shadowed = Set<Int>()
        for (i, string) in strings.enumerated() {
            guard let language = string.language, string.file.hasSuffix(".strings"),
                let dictionary = dictionaries[tables[i]]
            else { continue }
            var keys = dictionary[LanguageTag.key(language)]
            if keys == nil,
                let development = PlaceholderCheck.developmentLanguage(
                    sourceLanguage, among: languages[tables[i]] ?? [])
            {
                keys = dictionary[LanguageTag.key(development)]
            }
            if keys?.contains(string.entry) == true { shadowed.insert(i) }
        }
        return shadowed
    }
}

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
    public enum Role: Sendable, Equatable {
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
        /// Its forms, in the file's order.
        public var forms: [LocalizedString]
        /// Each form's place among the file's strings.
        var order: [Int]
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

    /// The forms of a file's tables flattened in the file's order (a
    /// catalog lists a key's languages together): what layout measures,
    /// made here and nowhere else.
    public static func flattened(_ tables: [StringsTable]) -> [LocalizedString] {
        if tables.count == 1, let only = tables.first {
            // Forms are appended to their entry in file order; one table
            // of single-form entries (text, most .strings) is in order.
            if only.entries.allSatisfy({ $0.forms.count == 1 }) { return only.entries.map { $0.forms[0] } }
        }
        var placed: [(order: Int, string: LocalizedString)] = []
        for table in tables {
            for entry in table.entries {
                for (form, order) in zip(entry.forms, entry.order) { placed.append((order, form)) }
            }
        }
        placed.sort { $0.order < $1.order }
        return placed.map(\.string)
    }

    /// The tables of strings read from `file`: one per language,
    /// configuration and role, in order of first appearance, each with its
    /// entries in order.
    public static func tables(of strings: [LocalizedString], file: String) -> [StringsTable] {
        var tables: [StringsTable] = []
        var tableIndex: [String: Int] = [:]
        var entryIndex: [[String: Int]] = []
        let fileTable = tableName(file)
        // Strings without a language (a text file's lines) go to one table,
        // looked up without building its key.
        var noneTable: Int?
        for (order, string) in strings.enumerated() {
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
            let group = string.table ?? (string.sourceLanguage != nil ? file : fileTable)
            let id =
                role == .none
                ? ""
                : group + "\u{0}" + (string.language.map(LanguageTag.key) ?? "") + "\u{0}"
                    + string.qualifiers.joined(separator: "-") + "\u{0}" + "\(role)"
            let t: Int
            if role == .none, let known = noneTable {
                t = known
            } else if role != .none, let known = tableIndex[id] {
                t = known
            } else {
                if role == .none { noneTable = tables.count }
                t = tables.count
                tableIndex[id] = t
                tables.append(
                    StringsTable(
                        file: file, group: group, language: string.language, qualifiers: string.qualifiers,
                        role: role, sourceLanguage: string.sourceLanguage, entries: []))
                entryIndex.append([:])
            }
            // Strings without a language are each their own entry (a text
            // file's lines).
            if role != .none, let e = entryIndex[t][string.entry] {
                tables[t].entries[e].forms.append(string)
                tables[t].entries[e].order.append(order)
            } else {
                if role != .none { entryIndex[t][string.entry] = tables[t].entries.count }
                tables[t].entries.append(
                    Entry(key: string.entry, comment: string.comment, forms: [string], order: [order]))
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
}

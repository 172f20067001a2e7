/// Whether a translation takes the same format arguments as its source,
/// and whether the source itself is a format Foundation reads as meant:
/// `String(format:)` reads each argument by the type its placeholder says,
/// so a translation whose `%lld` became `%لـ` shows the wrong text, one
/// whose `%@` became `%d` prints garbage, and one with a placeholder the
/// source never passes reads memory that is not an argument (and may
/// crash).
///
/// Specs are read as CoreFoundation reads them (`FormatSpecifiers`):
/// `% la` is a conversion, `%'d` and `%0$@` are not, `%n` reads an
/// argument. A positional placeholder (`%2$@`) is argument 2, the others
/// count from 1 in order (a `*` width takes one too). A `%#@name@`
/// variable is one argument, the number its plural rule chooses by (of its
/// value type, `NSStringFormatValueTypeKey` or `formatSpecifier`); each of
/// its forms is formatted in a nested call whose unnumbered specs start at
/// the variable's own argument (CFString.c keeps `initialArgPosition` and
/// the outer values "only for recursive calls when doing stringsDict
/// formatting"), so a form may leave its number out ("Eine Person") and
/// `%1$@ … %ld` under `%2$#@n@` reads arguments 1 and 2. Placeholders of
/// one kind are equivalent whatever their length, flags, width or
/// precision (`%d`, `%lld`, `%5ld`; `%f`, `%.1f`). A language's forms are
/// compared as one: an argument no form of the translation reads, or one
/// only the translation reads, is a difference.
public enum PlaceholderCheck {
    /// What `String(format:)` reads an argument as.
    public enum Kind: String, Sendable, Equatable {
        /// `%@`: an object.
        case object
        /// `%d %i %u %x %o` (any length): an integer.
        case integer
        /// `%f %e %g %a` (any length): a floating-point number.
        case float
        /// `%c %C`: a character.
        case character
        /// `%s %S %P`: a C string.
        case cString
        /// `%p`, and `%n` (which reads one and prints nothing): a pointer.
        case pointer
        /// `%#@name@` naming no variable: an argument of a type the string
        /// does not say.
        case variable
        /// Java's `%s`: any object, printed as its string (Android).
        case string
        /// Java's `%b`: a Boolean.
        case boolean
        /// Java's `%h`: any object's hash code.
        case hashCode = "hash-code"
        /// Java's `%t…`: a date or time.
        case dateTime = "date-time"

        /// Whether an argument of this kind can stand where `other` stood.
        func matches(_ other: Kind) -> Bool {
            self == other || self == .variable || other == .variable
        }

        /// The kind a conversion character reads (CFString.c's
        /// `__CFParseFormatSpec`); `nil` for a character that is none.
        init?(conversion: UInt8) {
            switch conversion {
            case UInt8(ascii: "@"): self = .object
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
                UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
                self = .float
            case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
            case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "P"): self = .cString
            case UInt8(ascii: "p"), UInt8(ascii: "n"): self = .pointer
            case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
                UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "x"), UInt8(ascii: "X"):
                self = .integer
            default: return nil
            }
        }

        /// The kind a variable's value type reads (`lld`, `d`, `@`): its
        /// last character's.
        init?(specifier: String) {
            guard let last = specifier.utf8.last else { return nil }
            self.init(conversion: last)
        }
    }

    /// One argument a string reads.
    public struct Argument: Sendable, Equatable {
        /// Its number, from 1.
        public var number: Int
        /// What it is read as.
        public var kind: Kind
        /// The placeholder as written (`%2$lld`).
        public var written: String
        /// Whether it is a conversion only by the space flag (`% d`, `50%
        /// off`'s `% o`): most likely a percent sign meant as text.
        public var bySpaceFlag = false

        /// Creates one.
        public init(number: Int, kind: Kind, written: String, bySpaceFlag: Bool = false) {
            self.number = number
            self.kind = kind
            self.written = written
            self.bySpaceFlag = bySpaceFlag
        }
    }

    /// The arguments `text` reads at its top level, in the order written
    /// (an argument read twice appears twice; a `%#@name@` is one of kind
    /// `variable`).
    public static func arguments(_ text: String) -> [Argument] {
        let utf8 = Array(text.utf8)
        return FormatSpecifiers.reads(FormatSpecifiers.parse(utf8), in: utf8).map(\.argument)
    }

    /// How a string's placeholders go wrong: a translation's against its
    /// source's, or a source's on its own.
    public enum Difference: Sendable, Equatable {
        /// The source reads this argument; no form of the translation does.
        case missing(Argument)
        /// The translation reads an argument the source never passes.
        case extra(Argument)
        /// Both read the argument, as different kinds.
        case changed(source: Argument, translation: Argument)
        /// The source reads one argument as two kinds: one of them is
        /// garbage in every language.
        case twoKinds(Argument, Argument)
        /// The source reads arguments after this one but not this one:
        /// Foundation takes each argument it reads from the next place in
        /// the call, so every later one is read one place early.
        case skipped(Int)
        /// `%#@name@` names no variable of its language (a name translated
        /// in the format and not in the definition): Foundation formats it
        /// as an object, from an argument that is a number.
        case undefinedVariable(name: String, written: String)
        /// The translation's variable chooses by another argument than the
        /// source's.
        case movedVariable(name: String, source: Int, translation: Int)
        /// A `%` Foundation does not read as a conversion: it prints
        /// `printed` (nothing when `nil`) and drops the rest of the spec.
        case notAConversion(written: String, printed: String?)
        /// A conversion made by the space flag in a source (`50% off`):
        /// Foundation reads an argument for it.
        case spaceFlag(Argument)
        /// A Java format `java.util.Formatter` throws on (Android's
        /// `getString(id, args)` crashes): the exception and its detail.
        case javaException(written: String, exception: String, detail: String)
        /// A position Foundation cannot format: past 127 it fails
        /// (`String(format:)` traps); past the call's slots (three per `%`,
        /// and one) it returns an empty string.
        case unformattable(written: String, position: Int)
        /// A plural variable whose value is an object (value type `@`): an
        /// object cannot choose a plural form (SwiftGen refuses it).
        case pluralByObject(name: String, written: String)
        /// A translation's plural form that is empty where the source's
        /// are not: nothing is shown for `numbers` (its category's first
        /// integers, by ICU's rules).
        case emptyForm(variable: String, category: String, numbers: [Int])
        /// A translation's plural form that leaves out argument `number`,
        /// which every source form prints.
        case formDrops(variable: String, category: String, number: Int)
        /// A count the source shows that no form of the translation shows.
        case countNeverShown(variable: String, argument: Argument)
        /// A form without the count in a category that holds several
        /// numbers (lint's `ImpliedQuantity`): a warning.
        case countImplied(variable: String, category: String, numbers: [Int])
        /// A translation that reads an argument where its Android source
        /// reads none: the code calls `getString(id)`, which shows the
        /// specifier as written (lint's `StringFormatCount`): a warning.
        case sourceTakesNone(Argument)
        /// An ARB message `flutter gen-l10n` refuses (`ICU Syntax Error: …`,
        /// `ICU Lexing Error: …`, a plural case it does not know), in its
        /// words and at its character (UTF-16 offset in the message).
        case messageSyntax(error: String, offset: Int)
        /// A plural case of an ARB message that a later case for the same
        /// category overrides (`=1{…} one{…}`): the app never shows it
        /// (gen-l10n's warning).
        case caseOverridden(label: String, category: String, offset: Int)
        /// A placeholder the template's message reads that its declared
        /// `placeholders` leave out: gen-l10n makes it an `Object`
        /// parameter (a warning).
        case undeclared(name: String)
        /// A placeholder the template declares and no form of its message
        /// shows (a warning).
        case unused(name: String)
        /// A placeholder whose declared type does not allow its use
        /// (`type` `String` for a plural's count), or a translation's that
        /// declares another type than the template: gen-l10n stops.
        case placeholderType(name: String, type: String, expected: String, use: String)
        /// A placeholder the template's message reads that a translation
        /// never shows.
        case namedMissing(name: String)
        /// A placeholder a translation reads that the template neither
        /// declares nor reads: gen-l10n adds it to the method's
        /// parameters, and the app's calls no longer compile.
        case namedExtra(name: String)
        /// An ARB plural case that does not show the count, which intl
        /// shows for every number of its category (`=1` is filed under
        /// `one`: Russian 1, 21, 31 …) while the template shows the count:
        /// a warning, as `countImplied`.
        case caseWithoutCount(variable: String, label: String, category: String, numbers: [Int])
    }

    /// Whether an Android entry's forms are a Java format: some form reads
    /// an argument (`JavaFormatAnalysis`); one that reads none is shown by
    /// `getString(id)` as written.
    public static func isJavaFormat(_ forms: [String]) -> Bool {
        JavaFormatAnalysis(forms: forms).isFormat
    }

    /// The verdict of comparing one translation with its source's forms
    /// (one string each, or one per plural variation).
    public static func differences(source: [String], translation: [String]) -> [Difference] {
        let sourceAnalysis = FormatAnalysis(forms: source.map { FormatSource(text: $0) })
        let translationAnalysis = FormatAnalysis(forms: translation.map { FormatSource(text: $0) })
        let own = sourceAnalysis.ownDifferences(isFormat: sourceAnalysis.isFormat)
        guard own.isEmpty else { return own }
        return translationAnalysis.differences(from: sourceAnalysis)
    }
}

extension FormatSpecifiers.Read {
    /// As a `PlaceholderCheck.Argument`.
    var argument: PlaceholderCheck.Argument {
        PlaceholderCheck.Argument(
            number: number, kind: kind, written: written, bySpaceFlag: spec.spaceFlag && !isStar)
    }
}

extension PlaceholderCheck.Difference {
    /// Whether it is a warning only: a harmless stray `%`, or a count left
    /// out of a category that holds several numbers.
    public var isWarningOnly: Bool {
        if case .countImplied = self { return true }
        if case .sourceTakesNone = self { return true }
        switch self {
        case .caseOverridden, .undeclared, .unused, .caseWithoutCount: return true
        default: break
        }
        return isHarmless
    }

    /// Whether the device shows what was meant all the same: a `%` before
    /// one character outside ASCII that starts no conversion, which
    /// Foundation drops and prints the character (`String(format:)` of
    /// `します%、` is `します、`). A `%` lost at the end, or one before
    /// an ASCII letter (a length modifier, a conversion), is not.
    public var isHarmless: Bool {
        guard case .notAConversion(let written, let printed?) = self, written.count == 2, written.hasPrefix("%"),
            let character = written.last, !character.isASCII
        else { return false }
        return printed == String(character)
    }

    /// The argument number it concerns (0 when none).
    public var number: Int {
        switch self {
        case .missing(let argument), .extra(let argument), .spaceFlag(let argument), .sourceTakesNone(let argument):
            return argument.number
        case .changed(let source, _), .twoKinds(let source, _): return source.number
        case .skipped(let number): return number
        case .movedVariable(_, let source, _): return source
        case .unformattable(_, let position): return position
        case .undefinedVariable, .notAConversion, .javaException, .pluralByObject, .emptyForm, .countImplied: return 0
        case .formDrops(_, _, let number): return number
        case .countNeverShown(_, let argument): return argument.number
        case .messageSyntax, .caseOverridden, .undeclared, .unused, .placeholderType, .namedMissing, .namedExtra,
            .caseWithoutCount:
            return 0
        }
    }

    /// Its name in JSON (`missing`, `variable-undefined` …).
    public var code: String {
        switch self {
        case .missing: return "missing"
        case .extra: return "extra"
        case .changed: return "changed"
        case .twoKinds: return "two-kinds"
        case .skipped: return "skipped"
        case .undefinedVariable: return "variable-undefined"
        case .movedVariable: return "variable-moved"
        case .notAConversion: return "not-a-conversion"
        case .spaceFlag: return "space-flag"
        case .pluralByObject: return "plural-object"
        case .emptyForm: return "plural-form-empty"
        case .formDrops: return "plural-form-drops"
        case .countNeverShown: return "plural-count-never-shown"
        case .countImplied: return "plural-count-implied"
        case .sourceTakesNone: return "source-takes-none"
        case .unformattable: return "unformattable"
        case .javaException: return "java-exception"
        case .messageSyntax: return "message-syntax"
        case .caseOverridden: return "plural-case-overridden"
        case .undeclared: return "undeclared"
        case .unused: return "unused"
        case .placeholderType: return "type"
        case .namedMissing: return "missing"
        case .namedExtra: return "extra"
        case .caseWithoutCount: return "plural-count-implied"
        }
    }

}

extension PlaceholderCheck {
    /// A translation whose arguments differ from its source's, or a source
    /// whose own placeholders are wrong (`isSource`).
    public struct Problem: Sendable, Equatable {
        /// The file the translation is in.
        public var file: String
        /// The entry's key.
        public var key: String
        /// The translation's language (the source's, for a source's own).
        public var language: String
        /// The source's text (its first form that reads the argument in
        /// question, else its first form).
        public var source: String
        /// The translation's text (its first form; the source's, for a
        /// source's own).
        public var translation: String
        /// What differs, by argument number.
        public var differences: [Difference]
        /// Whether the problem is the source's own: every language shows
        /// it, and its translations are not compared until it is fixed.
        public var isSource = false
        /// Where the translation (the source, for its own) is in `file`:
        /// its first form's value.
        public var position: SourcePosition?

        /// Whether every difference is a stray `%` Foundation drops in
        /// front of a character that is no conversion (`%Βρέθηκε` prints
        /// `Βρέθηκε`, the text meant): a warning, not a wrong string.
        public var isWarning: Bool { differences.allSatisfy(\.isWarningOnly) }
    }

    /// A plural without a category its language's rules give integers: the
    /// device shows `other`'s text for those numbers (a Polish noun for 2–4
    /// in its form for 5).
    public struct Coverage: Sendable, Equatable {
        /// The file.
        public var file: String
        /// The entry's key.
        public var key: String
        /// The language.
        public var language: String
        /// The variable (`nil`: a String Catalog's plural variation of the
        /// whole string).
        public var variable: String?
        /// The categories missing, in CLDR's order.
        public var missing: [String]
        /// For each, the smallest integer ICU's rules put in it (-1 for an
        /// `other` no integer falls in: it is the fallback).
        public var numbers: [Int] = []
        /// Where the plural is in `file` (its first form's value).
        public var position: SourcePosition?

        /// Whether only numbers of a million and more fall in the missing
        /// categories (French, Spanish, Italian `many`): a nuance, said as
        /// a note, not a noun wrong for 2–4.
        public var concernsOnlyMillions: Bool { numbers.allSatisfy { $0 >= 1_000_000 } }
    }

    /// An entry a language does not translate (`--require-translated`).
    public struct Untranslated: Sendable, Equatable {
        /// The file.
        public var file: String
        /// The key.
        public var key: String
        /// The language.
        public var language: String
        /// Why: `missing` (no translation in that language), `empty`,
        /// `new`, `needs_review` (errors) or `stale` (a note: Xcode no
        /// longer finds the key in the code).
        public var state: String
        /// Where in `file`: the localization, else the entry (`nil` for a
        /// key an `.lproj` file lacks).
        public var position: SourcePosition?

        /// Whether it fails `--require-translated` (`stale` does not).
        public var isError: Bool { state != "stale" }
    }

    /// How many entries one language does not translate, and how many of
    /// them `Report.untranslated` lists.
    public struct UntranslatedCount: Sendable, Equatable {
        /// The language.
        public var language: String
        /// Its entries not translated, listed or not.
        public var count = 0
        /// How many of them fail `--require-translated` (all but `stale`).
        public var errors = 0
        /// How many of them are listed.
        public var listed = 0
        /// The file of the first one not listed (where a report points the
        /// rest; `nil` while all are listed).
        public var fileOfRest: String?
    }

    /// The untranslated entries a run lists, and each language's count.
    /// Missing keys multiply (every source key by every language that
    /// lacks it: 8,000 keys in 200 empty languages were 1.6 million
    /// findings, 1.9 GB and 200 MB of JSON), so the first
    /// `listedPerLanguage` of a language and `listedInAll` of a run are
    /// listed, the rest counted.
    struct UntranslatedTally {
        static let listedPerLanguage = 100
        static let listedInAll = 10_000
        private(set) var listed: [Untranslated] = []
        private(set) var counts: [UntranslatedCount] = []
        private var index: [String: Int] = [:]
        /// Which entries count (the run's key patterns); all when `nil`.
        let keeps: ((String) -> Bool)?

        init(keeps: ((String) -> Bool)?) { self.keeps = keeps }

        mutating func add(_ item: Untranslated) {
            if let keeps, !keeps(item.key) { return }
            let i: Int
            if let known = index[item.language] {
                i = known
            } else {
                i = counts.count
                index[item.language] = i
                counts.append(UntranslatedCount(language: item.language))
            }
            counts[i].count += 1
            if item.isError { counts[i].errors += 1 }
            if counts[i].listed < Self.listedPerLanguage && listed.count < Self.listedInAll {
                listed.append(item)
                counts[i].listed += 1
            } else if counts[i].fileOfRest == nil {
                counts[i].fileOfRest = item.file
            }
        }
    }

    /// Strings read from one file, for `problems`.
    public struct File: Sendable {
        /// Its path.
        public var path: String
        /// Its strings, every language (a file's translations are compared
        /// with the source language's strings of the same table).
        public var strings: [LocalizedString]

        /// Creates one.
        public init(path: String, strings: [LocalizedString]) {
            self.path = path
            self.strings = strings
        }
    }

    /// The result of comparing files: the problems, and the tables left
    /// unchecked because no file holds their development language.
    public struct Report: Sendable, Equatable {
        /// Sources with wrong placeholders and translations whose arguments
        /// differ, in file order.
        public var problems: [Problem] = []
        /// Per table without source strings: its name and the files.
        public var unchecked: [(table: String, files: [String])] = []
        /// Plurals missing categories their language uses.
        public var coverage: [Coverage] = []
        /// Entries a language does not translate (when asked): the first
        /// 100 of each language, 10,000 in all (`UntranslatedTally`).
        public var untranslated: [Untranslated] = []
        /// Per language with an entry not translated (when asked), in the
        /// order met: how many, and how many `untranslated` lists.
        public var untranslatedCounts: [UntranslatedCount] = []

        /// Whether `untranslated` lists every entry counted.
        public var listsAllUntranslated: Bool { untranslatedCounts.allSatisfy { $0.listed == $0.count } }

        /// Only what concerns `entries` (the keys a run keeps). Entries
        /// counted, not listed, are counted as they were (the run's key
        /// patterns were applied when they were counted, `report`'s
        /// `keepsEntry`).
        public mutating func keep(entries: Set<String>) {
            problems.removeAll { !entries.contains($0.key) }
            coverage.removeAll { !entries.contains($0.key) }
            var dropped: [String: (count: Int, errors: Int)] = [:]
            untranslated.removeAll { item in
                guard !entries.contains(item.key) else { return false }
                dropped[item.language, default: (0, 0)].count += 1
                if item.isError { dropped[item.language, default: (0, 0)].errors += 1 }
                return true
            }
            for i in untranslatedCounts.indices {
                guard let gone = dropped[untranslatedCounts[i].language] else { continue }
                untranslatedCounts[i].count -= gone.count
                untranslatedCounts[i].listed -= gone.count
                untranslatedCounts[i].errors -= gone.errors
            }
            untranslatedCounts.removeAll { $0.count == 0 }
        }

        /// The same problems and unchecked tables (tuples are not
        /// Equatable, so this is written out).
        public static func == (a: Report, b: Report) -> Bool {
            a.problems == b.problems
                && a.unchecked.elementsEqual(b.unchecked) { $0.table == $1.table && $0.files == $1.files }
                && a.coverage == b.coverage && a.untranslated == b.untranslated
                && a.untranslatedCounts == b.untranslatedCounts
        }
    }

    /// The CLDR categories in their order.
    static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    /// Every translation in `files` compared with its source. A String
    /// Catalog is its own table and says its development language; other
    /// files (`xx.lproj/Table.strings`, `.stringsdict`) form tables by
    /// name across their folders, with `sourceLanguage` (a BCP 47 tag) as
    /// the development language. Strings without a language (text files,
    /// arguments) and untranslated entries (the source's own text) are not
    /// compared; `languages`, when given, limits which translations are.
    /// With `categories` (a language's CLDR plural categories for integers,
    /// from ICU's rules), plurals are checked for the ones they lack; with
    /// `requireTranslated`, every entry a language does not translate is
    /// listed (as `UntranslatedTally` bounds the list), of the entries
    /// `keepsEntry` keeps (all when `nil`); `checksPlaceholders` false
    /// leaves the placeholders alone.
    public static func report(
        _ files: [File], sourceLanguage: String, languages: String? = nil,
        categories: ((String) -> [String: Int]?)? = nil, requireTranslated: Bool = false,
        keepsEntry: ((String) -> Bool)? = nil, checksPlaceholders: Bool = true,
        pluralNumbers: ((String) -> [String: [Int]]?)? = nil
    ) -> Report {
        report(
            tables: files.flatMap { StringsTable.tables(of: $0.strings, file: $0.path) },
            sourceLanguage: sourceLanguage,
            languages: languages, categories: categories, requireTranslated: requireTranslated,
            keepsEntry: keepsEntry, checksPlaceholders: checksPlaceholders, pluralNumbers: pluralNumbers)
    }

    /// `report` of files' tables (`StringsTable`), compared by group and
    /// role: a group's `source` table (Android's `values/`, a catalog's
    /// source language) or, for `byLanguage` tables (`.lproj`), the one in
    /// `sourceLanguage` (or its one regional form).
    public static func report(
        tables given: [StringsTable], sourceLanguage: String, languages: String? = nil,
        categories: ((String) -> [String: Int]?)? = nil, requireTranslated: Bool = false,
        keepsEntry: ((String) -> Bool)? = nil, checksPlaceholders: Bool = true,
        pluralNumbers: ((String) -> [String: [Int]]?)? = nil
    ) -> Report {
        struct Table {
            var name: String
            var files: [String] = []
            /// The group's own development language (a catalog's, Android's).
            var development: String?
            /// Its strings' placeholder syntax, which judges them.
            var syntax: FormatSyntax
            var strings: [(file: String, string: LocalizedString, role: StringsTable.Role)] = []
        }
        var tables: [Table] = []
        var tableIndex: [String: Int] = [:]
        var report = Report()
        var untranslated = UntranslatedTally(keeps: keepsEntry)
        if requireTranslated { Self.untranslated(given, languages: languages, into: &untranslated) }
        for table in given where table.role != .none {
            for entry in table.entries {
                // By index into the file's strings: `forms` would copy each.
                for index in entry.order {
                    let string = entry.all[index]
                    // What is not to be translated is measured, not compared.
                    guard !string.isUntranslated, string.isTranslatable else { continue }
                    let t: Int
                    if let known = tableIndex[table.group] {
                        t = known
                    } else {
                        t = tables.count
                        tableIndex[table.group] = t
                        tables.append(
                            Table(
                                name: table.group, development: table.sourceLanguage,
                                syntax: string.formatSyntax))
                    }
                    if !tables[t].files.contains(table.file) { tables[t].files.append(table.file) }
                    // `.lproj` files read before the catalog of their table.
                    if tables[t].development == nil { tables[t].development = table.sourceLanguage }
                    tables[t].strings.append((table.file, string, table.role))
                }
            }
        }
        var requiredCache: [String: [String: Int]?] = [:]
        func required(_ language: String) -> [String: Int]? {
            guard let categories else { return nil }
            if let known = requiredCache[language] { return known }
            let found = categories(language)
            requiredCache[language] = found
            return found
        }
        for table in tables {
            let present = table.strings.compactMap(\.string.language)
            guard let development = table.development ?? developmentLanguage(sourceLanguage, among: present) else {
                let asked = present.contains { language in
                    languages.map { LanguageTag.matches($0, language) } ?? true
                }
                if asked, checksPlaceholders || requireTranslated {
                    report.unchecked.append((table.name, table.files))
                }
                continue
            }
            var entries: [Entry] = []
            var index: [String: Int] = [:]
            // A `.strings` value the same table's `.stringsdict` overrides
            // is never shown: neither a source nor a translation.
            let shadowed = StringsTable.shadowed(
                table.strings.map { ($0.file, $0.string.language, $0.string.entry) }, sourceLanguage: development)
            for (s, (file, string, role)) in table.strings.enumerated() where !shadowed.contains(s) {
                guard let language = string.language else { continue }
                // Android's `values-night/`, in the source's language, is a
                // translation of `values/` (`StringsTable.tables`).
                let isSource = role == .source || (role == .byLanguage && LanguageTag.matches(language, development))
                guard isSource || languages.map({ LanguageTag.matches($0, language) }) ?? true else { continue }
                // The source's forms are one entry across the table's files
                // (a key's .strings and .stringsdict are one table).
                let id = (isSource ? "" : file) + "\u{0}" + string.entry + "\u{0}" + (isSource ? "" : language)
                let e: Int
                if let known = index[id] {
                    e = known
                } else {
                    e = entries.count
                    index[id] = e
                    entries.append(Entry(file: file, key: string.entry, language: language, isSource: isSource))
                }
                entries[e].add(string)
            }
            if requireTranslated {
                missingKeys(entries, into: &untranslated)
            }
            guard checksPlaceholders else { continue }
            if categories != nil {
                for entry in entries {
                    guard let required = required(entry.language) else { continue }
                    report.coverage += entry.coverage(required: required)
                }
            }
            report.problems += table.syntax.syntax.problems(
                in: PlaceholderTable(entries: entries, development: table.development, pluralNumbers: pluralNumbers))
        }
        report.untranslated = untranslated.listed
        report.untranslatedCounts = untranslated.counts
        return report
    }

    /// An Android table's problems: each source whose own format Java
    /// throws on, and each translation of a format source whose arguments
    /// differ from it (`JavaFormatAnalysis`). A string with
    /// `formatted="false"`, or whose source takes no argument, is never
    /// formatted: not compared.
    static func javaProblems(_ entries: [Entry], pluralNumbers: ((String) -> [String: [Int]]?)? = nil) -> [Problem] {
        var problems: [Problem] = []
        var sources: [String: JavaFormatAnalysis] = [:]
        var sourceEntries: [String: Entry] = [:]
        // Sources that take no argument: shown by `getString(id)`.
        var unformatted: [String: Entry] = [:]
        for entry in entries where entry.isSource && !entry.isLiteral {
            let analysis = JavaFormatAnalysis(forms: entry.forms.map(\.text))
            guard analysis.isFormat else {
                unformatted[entry.key] = entry
                continue
            }
            let own = analysis.ownDifferences
            guard own.isEmpty else {
                problems.append(sourceProblem(entry, own))
                continue
            }
            sources[entry.key] = analysis
            sourceEntries[entry.key] = entry
        }
        for entry in entries where !entry.isSource && !entry.isLiteral {
            if let sourceEntry = unformatted[entry.key] {
                // Each argument the translation reads, shown as written
                // (most read none: a text without '%' is not parsed).
                guard entry.forms.contains(where: { $0.text.utf8.contains(0x25) }) else { continue }
                let read = JavaFormatAnalysis(forms: entry.forms.map(\.text)).arguments
                // A specifier by the space flag (`50% de réduction`'s
                // `% d`) is a percent sign meant as text, and shown so.
                let found = read.keys.sorted().compactMap { read[$0] }.filter { !$0.written.hasPrefix("% ") }
                    .map { Difference.sourceTakesNone($0) }
                guard let first = found.first else { continue }
                problems.append(
                    problem(
                        entry, source: sourceEntry.written, sourceForms: sourceEntry.writtenForms,
                        differences: Array(found.prefix(FormatAnalysis.maximumDifferences)), first: first))
                continue
            }
            guard let source = sources[entry.key], let sourceEntry = sourceEntries[entry.key] else { continue }
            // A `<plurals>`'s items each for the numbers they are shown for.
            var perItem: [Difference] = []
            if entry.isPluralsElement, sourceEntry.isPluralsElement {
                perItem = PluralFormCheck.differences(
                    sourceItems: sourceEntry.items, translationItems: entry.items,
                    numbers: pluralNumbers?(entry.language))
            }
            let found = merged(JavaFormatAnalysis(forms: entry.forms.map(\.text)).differences(from: source), perItem)
            guard let first = found.first else { continue }
            problems.append(
                problem(
                    entry, source: sourceEntry.written, sourceForms: sourceEntry.writtenForms, differences: found,
                    first: first))
        }
        return problems
    }

    /// A translation's differences taken whole, then those of each plural
    /// form: a form leaving out an argument no form prints is told once,
    /// as `missing`; at most `maximumDifferences`.
    static func merged(_ whole: [Difference], _ perForm: [Difference]) -> [Difference] {
        let missing = Set(
            whole.compactMap { difference -> Int? in
                if case .missing(let argument) = difference { return argument.number }
                return nil
            })
        let kept = perForm.filter { difference in
            if case .formDrops(_, _, let number) = difference { return !missing.contains(number) }
            return true
        }
        return Array((whole + kept).prefix(FormatAnalysis.maximumDifferences))
    }

    /// A String Catalog's entries a language does not translate: the
    /// copies of the source iOS shows (`missing`, `empty`, `new`) and the
    /// localizations marked `needs_review` or `stale`.
    static func untranslated(_ tables: [StringsTable], languages: String?, into found: inout UntranslatedTally) {
        var seen = Set<String>()
        for table in tables {
            for string in table.strings {
                guard let language = string.language, let source = string.sourceLanguage,
                    !LanguageTag.matches(language, source),
                    languages.map({ LanguageTag.matches($0, language) }) ?? true
                else { continue }
                let state: String
                if string.isUntranslated {
                    state = string.state ?? "missing"
                } else if string.state == "needs_review" || string.state == "stale" {
                    state = string.state ?? ""
                } else {
                    continue
                }
                guard seen.insert(table.file + "\u{0}" + string.entry + "\u{0}" + language).inserted else { continue }
                var item = Untranslated(file: table.file, key: string.entry, language: language, state: state)
                item.position = string.position
                found.add(item)
            }
        }
    }

    /// The source keys a language's `.lproj` or Android files lack (a
    /// catalog's languages are `untranslated`'s: it holds a copy of every
    /// key, marked).
    static func missingKeys(_ entries: [Entry], into found: inout UntranslatedTally) {
        var keysByLanguage: [String: (file: String, keys: Set<String>)] = [:]
        // Android's keys per language, with the qualified folders a
        // default device reads.
        var resourceKeys: [String: Set<String>] = [:]
        var order: [String] = []
        var sourceKeys: [String] = []
        for entry in entries {
            if entry.isSource {
                // `getStringArray` of `<item>@string/a</item>` in German
                // shows German `a`: the array is not the translators' (their
                // string is, and is judged as its own entry).
                if !entry.isReference { sourceKeys.append(entry.key) }
                continue
            }
            guard !entry.isCatalog else { continue }
            // A configuration's folder (`values-night`) overrides a few
            // strings of its language, by design: none is missing there.
            // Its keys count for the language where the default device
            // reads it (`values-de-v21`), not otherwise (`values-de-night`).
            if entry.isQualified {
                guard entry.isReadByDefault else { continue }
                resourceKeys[entry.language, default: []].insert(entry.key)
                continue
            }
            if keysByLanguage[entry.language] == nil {
                order.append(entry.language)
                keysByLanguage[entry.language] = (entry.file, [])
            }
            keysByLanguage[entry.language]?.keys.insert(entry.key)
            if entry.isResource { resourceKeys[entry.language, default: []].insert(entry.key) }
        }
        // An Android device reads a name missing from its locale's folder
        // in the best other folder of its language and script
        // (`values-de` for de-AT, `values-es-rMX` for es-US; not
        // `values-zh` for zh-TW): translated there.
        let locales = resourceKeys.keys.map { ($0, AndroidLocale($0)) }
        for language in order {
            guard var known = keysByLanguage[language] else { continue }
            if resourceKeys[language] != nil, let device = AndroidLocale(language) {
                for (other, locale) in locales where locale?.serves(device) == true {
                    known.keys.formUnion(resourceKeys[other] ?? [])
                }
            }
            for key in sourceKeys where !known.keys.contains(key) {
                found.add(Untranslated(file: known.file, key: key, language: language, state: "missing"))
            }
        }
    }

    /// One entry's forms in one language.
    struct Entry {
        var file: String
        var key: String
        var language: String
        var isSource: Bool
        /// Whether it is not a format (Android's `formatted="false"`).
        var isLiteral = false
        /// Whether its folder has qualifiers besides the language
        /// (Android's `values-night`).
        var isQualified = false
        /// Whether it is an Android resource's.
        var isResource = false
        /// Whether the default device reads its folder, qualifiers and
        /// all (`values-de-v21`, not `values-de-night`).
        var isReadByDefault = true
        /// Whether it is a String Catalog's (which says its source language
        /// and, unlike Android's resources, names no table).
        var isCatalog = false
        /// Whether it is an Android `<plurals>`: a plural even with `other`
        /// alone (Android lint's `MissingQuantity`).
        var isPluralsElement = false
        /// Whether every form is a reference (`@string/name`, a
        /// `<string-array>`'s item that names a string): a device resolves
        /// it in each language, so no language need translate it.
        var isReference = true
        /// Where its first form is.
        var position: SourcePosition?
        /// Its formats as written (each once).
        var forms: [FormatSource] = []
        /// Its forms as measured (variables expanded), for showing the one
        /// a difference is in.
        var written: [String] = []
        /// Which form each of `written` is (`LocalizedString.form`).
        var writtenForms: [[FormStep]] = []
        /// Where each of `written` is in its file (a variation's text).
        var writtenPositions: [SourcePosition?] = []
        /// Per plural variation of the whole string (its path without the
        /// category), the categories it has.
        var wholeStringPlurals: [String: Set<String>] = [:]
        /// Per variable whose forms are steps of the string (an ARB
        /// message's `{count, plural, …}`), the categories it has.
        var variablePlurals: [String: Set<String>] = [:]
        /// What its ARB file says beyond the text (metadata, settings).
        var arb: ARBDetails?
        /// The placeholders its ARB metadata declares.
        var messagePlaceholders: [MessagePlaceholder]? { arb?.placeholders }

        mutating func add(_ string: LocalizedString) {
            if position == nil { position = string.position }
            if arb == nil { arb = string.arbDetails }
            if string.reference == nil { isReference = false }
            if !string.isFormatted { isLiteral = true }
            if string.sourceLanguage != nil, string.table == nil { isCatalog = true }
            if string.isSource != nil { isResource = true }
            if !string.qualifiers.isEmpty, !isQualified {
                isQualified = true
                isReadByDefault = AndroidConfiguration(device: .none, locale: nil).reads(
                    AndroidConfiguration(language: nil, qualifiers: string.qualifiers))
            }
            if string.form.contains(where: \.isPluralsItem) { isPluralsElement = true }
            let form = string.format ?? FormatSource(text: string.written)
            if !forms.contains(where: { $0.text == form.text }) { forms.append(form) }
            if written.count < 64 {
                written.append(string.written)
                writtenForms.append(string.form)
                writtenPositions.append(string.position)
            }
            // A catalog's plural variation and an Android `<plurals>` are
            // plurals of the whole string, whatever argument holds the number.
            for step in string.form where step.kind == .plural {
                if let variable = step.variable {
                    if string.format?.variables[variable] == nil {
                        variablePlurals[variable, default: []].insert(step.value)
                    }
                } else {
                    wholeStringPlurals[Self.variationPath(string.form), default: []].insert(step.value)
                }
            }
        }

        /// An Android `<plurals>`'s items: (category, text as written).
        var items: [(category: String, text: String)] {
            zip(writtenForms, written).compactMap { form, text in
                form.lazy.compactMap { $0.pluralCategory(of: nil) }.first.map { ($0, text) }
            }
        }

        /// The whole string's variation a form is in, whatever its plural
        /// category: `device.iphone.plural.*` for
        /// `KEY|device.iphone.plural.one|n.plural.other`.
        static func variationPath(_ form: [FormStep]) -> String {
            form.lazy.filter { $0.variable == nil }.map { $0.kind.name + "." + ($0.kind == .plural ? "*" : $0.value) }
                .joined(separator: ".")
        }

        /// The plurals lacking categories of `required` (with their
        /// smallest numbers; `other` too, unless the count is an integer and
        /// no integer falls in it).
        func coverage(required: [String: Int]) -> [Coverage] {
            var found: [Coverage] = []
            func check(_ present: Set<String>, variable: String?, integers: Bool = false) {
                // A "plural" of `other` alone varies by nothing: a format
                // device (`%d/%#@total@`), not a plural to cover.
                guard present != ["other"] || isPluralsElement else { return }
                // `other` is needed where a number can reach it; for a
                // count read as an integer only when an integer does
                // (Polish, Russian, Ukrainian, Belarusian: only fractions
                // fall in other, and a `%d` count is never one).
                let missing = PlaceholderCheck.categoryOrder.filter {
                    (required[$0] != nil || ($0 == "other" && !integers)) && !present.contains($0)
                }
                guard !missing.isEmpty else { return }
                var coverage = Coverage(file: file, key: key, language: language, variable: variable, missing: missing)
                coverage.numbers = missing.map { required[$0] ?? -1 }
                coverage.position = position
                found.append(coverage)
            }
            for path in wholeStringPlurals.keys.sorted() { check(wholeStringPlurals[path] ?? [], variable: nil) }
            var checked = Set<String>()
            for form in forms {
                for name in form.variables.keys.sorted() where checked.insert(name).inserted {
                    guard let variable = form.variables[name] else { continue }
                    let present = Set(
                        variable.variations.compactMap { variation -> String? in
                            variation.label.hasPrefix("plural.") ? String(variation.label.dropFirst(7)) : nil
                        })
                    guard !present.isEmpty else { continue }
                    check(
                        present, variable: name,
                        integers: PlaceholderCheck.Kind(specifier: variable.specifier) == .integer)
                }
            }
            for name in variablePlurals.keys.sorted() where !checked.contains(name) {
                check(variablePlurals[name] ?? [], variable: name)
            }
            return found
        }
    }

    /// The development language of `.lproj` tables among the languages
    /// present: `tag` itself, else its one regional form (`en-US.lproj`
    /// when `en` is asked and no `en.lproj` is there); `nil` when neither.
    static func developmentLanguage(_ tag: String, among present: [String]) -> String? {
        if let exact = present.first(where: { LanguageTag.matches($0, tag) }) { return exact }
        let prefix = LanguageTag.key(tag) + "-"
        var regional: [String] = []
        for language in present where LanguageTag.key(language).hasPrefix(prefix) {
            if !regional.contains(where: { LanguageTag.matches($0, language) }) { regional.append(language) }
        }
        return regional.count == 1 ? regional[0] : nil
    }

    /// A source's own problem (its format is not one the platform reads):
    /// its first form shown as source and translation.
    static func sourceProblem(_ entry: Entry, _ differences: [Difference]) -> Problem {
        let text = shown(entry.forms.first?.text ?? "")
        var problem = Problem(
            file: entry.file, key: entry.key, language: entry.language, source: text, translation: text,
            differences: differences)
        problem.isSource = true
        problem.position = entry.position
        return problem
    }

    /// A translation's problem: the forms that show the first difference
    /// (the source's form reading that argument, the translation's form
    /// with the placeholder in question).
    /// A plural form's difference shows that form: the translation's of
    /// its category, and the source's of the same category (else its
    /// `other`).
    static func problem(
        _ entry: Entry, source: [String], sourceForms: [[FormStep]] = [], differences: [Difference], first: Difference
    ) -> Problem {
        let texts = entry.written
        var shownSource = source.first { text in arguments(text).contains { $0.number == first.number } } ?? source[0]
        var shownTranslation = texts.first ?? ""
        var position = entry.position
        switch first {
        case .changed(_, let argument), .extra(let argument):
            shownTranslation =
                texts.first { arguments($0).contains { $0.written == argument.written } } ?? shownTranslation
        case .emptyForm(let variable, let category, _), .formDrops(let variable, let category, _),
            .countImplied(let variable, let category, _):
            if let i = formIndex(entry.writtenForms, variable: variable, category: category) {
                shownTranslation = texts[i]
                position = entry.writtenPositions[i] ?? position
            }
            if let i = formIndex(sourceForms, variable: variable, category: category)
                ?? formIndex(sourceForms, variable: variable, category: "other"), i < source.count
            {
                shownSource = source[i]
            }
        default:
            break
        }
        var problem = Problem(
            file: entry.file, key: entry.key, language: entry.language, source: shown(shownSource),
            translation: shown(shownTranslation), differences: differences)
        problem.position = position
        return problem
    }

    /// The first of `forms` that is `variable`'s `category` form (an
    /// empty `variable`: the whole string's, an Android item's).
    static func formIndex(_ forms: [[FormStep]], variable: String, category: String) -> Int? {
        let variable = variable.isEmpty ? nil : variable
        return forms.firstIndex { $0.contains { $0.pluralCategory(of: variable) == category } }
    }

    /// The most characters of a string a problem quotes: a message names
    /// the string, it need not hold a pull request's megabyte of it.
    static let maximumShown = 300

    /// `text`, cut to `maximumShown` characters with an ellipsis.
    static func shown(_ text: String) -> String {
        guard text.utf8.count > maximumShown else { return text }
        let scalars = text.unicodeScalars
        guard scalars.count > maximumShown else { return text }
        return String(scalars.prefix(maximumShown)) + "…"
    }

}

/// Whether a translation takes the same format arguments as its source:
/// `String(format:)` reads each argument by the type its placeholder says,
/// so a translation whose `%lld` became `%لـ` shows the wrong text, one
/// whose `%@` became `%d` prints garbage, and one with a placeholder the
/// source never passes reads memory that is not an argument (and may
/// crash).
///
/// A string's arguments are numbered as Foundation numbers them: a
/// positional placeholder (`%2$@`) is argument 2, the others count from 1
/// in order (a `*` width takes one too). Placeholders of one kind are
/// equivalent whatever their length, flags, width or precision (`%d`,
/// `%lld`, `%5ld`; `%f`, `%.1f`), so `%1$@ %2$@` matches `%@ %@` and `%d`
/// matches `%lld`. Plural forms are compared as one string: a form may
/// leave out an argument (English `one` is often "One message"), but an
/// argument no form of the translation uses, or one only the translation
/// uses, is a difference.
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
        /// `%s %S`: a C string.
        case cString
        /// `%p`: a pointer.
        case pointer
        /// `%#@name@` left unexpanded (no substitution of that name): an
        /// argument of the variable's type, which the string does not say.
        case variable

        /// The kind in words, for messages ("an integer").
        public var description: String {
            switch self {
            case .object: return "an object"
            case .integer: return "an integer"
            case .float: return "a floating-point number"
            case .character: return "a character"
            case .cString: return "a C string"
            case .pointer: return "a pointer"
            case .variable: return "a substitution variable"
            }
        }

        /// Whether an argument of this kind can stand where `other` stood.
        func matches(_ other: Kind) -> Bool {
            self == other || self == .variable || other == .variable
        }

        init?(conversion: UInt8) {
            switch conversion {
            case UInt8(ascii: "@"): self = .object
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "g"),
                UInt8(ascii: "G"), UInt8(ascii: "a"), UInt8(ascii: "A"):
                self = .float
            case UInt8(ascii: "c"), UInt8(ascii: "C"): self = .character
            case UInt8(ascii: "s"), UInt8(ascii: "S"): self = .cString
            case UInt8(ascii: "p"): self = .pointer
            case UInt8(ascii: "d"), UInt8(ascii: "D"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "U"),
                UInt8(ascii: "o"), UInt8(ascii: "O"), UInt8(ascii: "x"), UInt8(ascii: "X"):
                self = .integer
            default: return nil
            }
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
    }

    /// The arguments `text` reads, in the order written (an argument read
    /// twice appears twice).
    public static func arguments(_ text: String) -> [Argument] {
        let utf8 = Array(text.utf8)
        var arguments: [Argument] = []
        var next = 1
        for found in PlaceholderSamples.scan(utf8) where !found.isPercent {
            let bytes = utf8[found.range]
            let written = String(decoding: bytes, as: UTF8.self)
            // `%N$…`: the position.
            var i = bytes.startIndex + 1
            var position = 0
            // Every digit is read, as Foundation reads them (`%10000$@` is
            // argument 10,000, not a width); the value saturates rather than
            // overflow.
            while i < bytes.endIndex, (0x30...0x39).contains(bytes[i]) {
                position = min(position * 10 + Int(bytes[i] - 0x30), 1_000_000_000)
                i += 1
            }
            let positional = i < bytes.endIndex && bytes[i] == UInt8(ascii: "$") && position > 0
            // `%#@name@` unexpanded is one argument of the variable's type;
            // the scanner reads its `%#@` as an object placeholder.
            if found.conversion == UInt8(ascii: "@"), found.range.upperBound < utf8.count,
                bytes.contains(UInt8(ascii: "#")), isVariableName(utf8, from: found.range.upperBound)
            {
                arguments.append(Argument(number: positional ? position : next, kind: .variable, written: written))
                if !positional { next += 1 }
                continue
            }
            // A `*` width or precision reads an integer argument first.
            if !positional {
                for byte in bytes where byte == UInt8(ascii: "*") {
                    arguments.append(Argument(number: next, kind: .integer, written: written))
                    next += 1
                }
            }
            guard let kind = Kind(conversion: found.conversion) else { continue }
            arguments.append(Argument(number: positional ? position : next, kind: kind, written: written))
            if !positional { next += 1 }
        }
        return arguments
    }

    /// Whether `name@` follows at `start` (a variable's name: letters,
    /// digits, `_`, `-`, `.`).
    private static func isVariableName(_ utf8: [UInt8], from start: Int) -> Bool {
        var i = start
        while i < utf8.count {
            let byte = utf8[i]
            if byte == UInt8(ascii: "@") { return i > start }
            guard
                byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                    || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            else { return false }
            i += 1
        }
        return false
    }

    /// How a translation's arguments differ from its source's.
    public enum Difference: Sendable, Equatable {
        /// The source reads this argument; no form of the translation does.
        case missing(Argument)
        /// The translation reads an argument the source never passes.
        case extra(Argument)
        /// Both read the argument, as different kinds.
        case changed(source: Argument, translation: Argument)
    }

    /// The differences between the forms of a translation and the forms
    /// of its source (one string each, or one per plural variation), by
    /// argument number; none when they read the same arguments.
    public static func differences(source: [String], translation: [String]) -> [Difference] {
        var sourceArguments: [Int: Argument] = [:]
        for text in source {
            for argument in arguments(text) where sourceArguments[argument.number] == nil {
                sourceArguments[argument.number] = argument
            }
        }
        var differences: [Difference] = []
        var used = Set<Int>()
        var reported = Set<Int>()
        for text in translation {
            for argument in arguments(text) {
                used.insert(argument.number)
                guard !reported.contains(argument.number) else { continue }
                if let expected = sourceArguments[argument.number] {
                    guard !argument.kind.matches(expected.kind) else { continue }
                    differences.append(.changed(source: expected, translation: argument))
                } else {
                    differences.append(.extra(argument))
                }
                reported.insert(argument.number)
            }
        }
        for number in sourceArguments.keys.sorted() where !used.contains(number) {
            if let argument = sourceArguments[number] { differences.append(.missing(argument)) }
        }
        return differences.sorted { $0.number < $1.number }
    }
}

extension PlaceholderCheck.Difference {
    /// The argument number it concerns.
    public var number: Int {
        switch self {
        case .missing(let argument), .extra(let argument): return argument.number
        case .changed(let source, _): return source.number
        }
    }

    /// In words: "%lld (argument 1, an integer) is missing", "%a (a
    /// floating-point number) stands where the source has %lld (an
    /// integer), argument 1", "%3$@ (argument 3) is not in the source".
    public var description: String {
        switch self {
        case .missing(let argument):
            return "\(argument.written) (argument \(argument.number), \(argument.kind.description)) is missing"
        case .extra(let argument):
            return "\(argument.written) (argument \(argument.number), \(argument.kind.description)) "
                + "is not in the source"
        case .changed(let source, let translation):
            return "\(translation.written) (\(translation.kind.description)) stands where the source has "
                + "\(source.written) (\(source.kind.description)), argument \(source.number)"
        }
    }
}

extension PlaceholderCheck {
    /// A translation whose arguments differ from its source's.
    public struct Problem: Sendable, Equatable {
        /// The file the translation is in.
        public var file: String
        /// The entry's key.
        public var key: String
        /// The translation's language.
        public var language: String
        /// The source's text (its first form that reads the argument in
        /// question, else its first form).
        public var source: String
        /// The translation's text (its first form).
        public var translation: String
        /// What differs, by argument number.
        public var differences: [Difference]
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
        /// Translations whose arguments differ, in file order.
        public var problems: [Problem] = []
        /// Per table without source strings: its name and the files.
        public var unchecked: [(table: String, files: [String])] = []

        /// The same problems and unchecked tables (tuples are not
        /// Equatable, so this is written out).
        public static func == (a: Report, b: Report) -> Bool {
            a.problems == b.problems
                && a.unchecked.elementsEqual(b.unchecked) { $0.table == $1.table && $0.files == $1.files }
        }
    }

    /// Every translation in `files` compared with its source. A String
    /// Catalog is its own table and says its development language; other
    /// files (`xx.lproj/Table.strings`, `.stringsdict`) form tables by
    /// name across their folders, with `sourceLanguage` (a BCP 47 tag) as
    /// the development language. Strings without a language (text files,
    /// arguments) and untranslated entries (the source's own text) are not
    /// compared; `languages`, when given, limits which translations are.
    public static func report(_ files: [File], sourceLanguage: String, languages: String? = nil) -> Report {
        struct Table {
            var name: String
            var files: [String] = []
            /// A String Catalog's own development language.
            var development: String?
            var strings: [(file: String, string: LocalizedString)] = []
        }
        var tables: [Table] = []
        var tableIndex: [String: Int] = [:]
        for file in files {
            for string in file.strings {
                guard string.language != nil, !string.isUntranslated else { continue }
                let name = string.sourceLanguage != nil ? file.path : tableName(file.path)
                let t: Int
                if let known = tableIndex[name] {
                    t = known
                } else {
                    t = tables.count
                    tableIndex[name] = t
                    tables.append(Table(name: name, development: string.sourceLanguage))
                }
                if !tables[t].files.contains(file.path) { tables[t].files.append(file.path) }
                tables[t].strings.append((file.path, string))
            }
        }
        var report = Report()
        for table in tables {
            let present = table.strings.compactMap(\.string.language)
            guard let development = table.development ?? developmentLanguage(sourceLanguage, among: present) else {
                let asked = present.contains { language in
                    languages.map { LanguageTag.matches($0, language) } ?? true
                }
                if asked {
                    report.unchecked.append((table.name, table.files))
                }
                continue
            }
            var source: [String: [String]] = [:]
            var translations: [(file: String, entry: String, language: String, forms: [String])] = []
            var index: [String: Int] = [:]
            for (file, string) in table.strings {
                guard let language = string.language else { continue }
                if LanguageTag.matches(language, development) {
                    source[string.entry, default: []].append(string.written)
                    continue
                }
                guard languages.map({ LanguageTag.matches($0, language) }) ?? true else { continue }
                let id = file + "\u{0}" + string.entry + "\u{0}" + language
                if let i = index[id] {
                    translations[i].forms.append(string.written)
                } else {
                    index[id] = translations.count
                    translations.append((file, string.entry, language, [string.written]))
                }
            }
            for translation in translations {
                // An entry the source lacks is not a placeholder question.
                guard let source = source[translation.entry],
                    let problem = problem(translation, source: source)
                else { continue }
                report.problems.append(problem)
            }
        }
        return report
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

    /// One translation compared with its source's forms, or `nil` when
    /// they read the same arguments.
    static func problem(
        _ translation: (file: String, entry: String, language: String, forms: [String]), source: [String]
    ) -> Problem? {
        let found = differences(source: source, translation: translation.forms)
        guard let first = found.first else { return nil }
        // The forms that show the first difference: the source's form
        // reading that argument, the translation's form with the
        // placeholder in question.
        let shownSource = source.first { text in arguments(text).contains { $0.number == first.number } } ?? source[0]
        var shownTranslation = translation.forms[0]
        switch first {
        case .changed(_, let argument), .extra(let argument):
            shownTranslation = translation.forms.first { arguments($0).contains(argument) } ?? shownTranslation
        case .missing:
            break
        }
        return Problem(
            file: translation.file, key: translation.entry, language: translation.language, source: shownSource,
            translation: shownTranslation, differences: found)
    }

    /// `Localizable` for `…/de.lproj/Localizable.strings` and
    /// `Localizable.stringsdict`: the table both files add to.
    static func tableName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }
}

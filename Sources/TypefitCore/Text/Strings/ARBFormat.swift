/// Flutter's `.arb` files as `flutter gen-l10n` reads them (flutter_tools'
/// `gen_l10n_types.dart`): one locale per file (`@@locale`, else the file
/// name's first `_`-suffix that is a locale of an ISO 639-1 language, the
/// two agreeing), each key not starting with `@` a message, `@key` its
/// metadata (`description`, `placeholders` with `type`, `format`,
/// `example`). A message is read by gen-l10n's own grammar
/// (`GenL10nMessage`); each plural and select case is a form
/// (`greeting|count.plural.one`, `gender|gender.select.male`), plural
/// cases under the intl category gen-l10n files them under (`=1` is
/// `one`), a case a later one overrides left out as the app never shows
/// it. Placeholders are kept as written (`{name}`) and filled by
/// `GenL10nPlaceholders`.
///
/// The file in the run's source language (`--source-language`, `en`) is
/// the template the others are compared with, as `template-arb-file:
/// app_en.arb` makes it by default.
public struct ARBFormat: StringsFormat {
    /// The short name.
    public let id = "arb"
    /// The extensions it is known by.
    public let extensions = ["arb"]
    /// How help names it.
    public let summary = "a Flutter .arb file"

    /// The project's `l10n.yaml`, when one was found for the file.
    public var settings: GenL10nSettings?

    /// Creates the format (`settings`: the project's `l10n.yaml`).
    public init(settings: GenL10nSettings? = nil) {
        self.settings = settings
    }

    /// ARB is JSON like a String Catalog; only a file name tells them
    /// apart, so standard input is never taken for ARB.
    public func claims(head: Substring, bytes: [UInt8]) -> Bool { false }

    /// The messages of the file, the template's language `en`.
    public func read(path: String, bytes: [UInt8], language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    {
        try read(path: path, bytes: bytes, language: language, sourceLanguage: "en", budget: budget)
    }

    /// The messages of the file; the file in `sourceLanguage` is the
    /// template.
    public func read(
        path: String, bytes: [UInt8], language: String?, sourceLanguage: String, budget: StringsBudget
    ) throws(SourceError) -> [LocalizedString] {
        let start = SourcePosition(line: 1, column: 1)
        let text = try StringsFile.decodeText(bytes)
        // gen-l10n trims the file and reads an empty one as no messages.
        var members: [(key: String, keyPosition: SourcePosition, value: ParsedJSON)] = []
        if text.contains(where: { !$0.isWhitespace }) {
            let document = try JSONParser.parse(Array(text.utf8), lastKeyWins: true)
            guard case .object(let object) = document.value else {
                throw SourceError(document.position, "expected an ARB object, found \(document.kindDescription)")
            }
            members = object
        }
        let named = Self.fileLocale(path)
        var locale = named
        if let member = members.first(where: { $0.key == "@@locale" }) {
            guard case .string(let written) = member.value.value else {
                throw SourceError(
                    member.value.position, "expected '@@locale' to be a string, found \(member.value.kindDescription)")
            }
            if let named, named != written {
                throw SourceError(
                    member.value.position,
                    "'@@locale' is '\(written)' but the file name says '\(named)' (gen-l10n refuses the file)")
            }
            locale = written
        }
        guard let locale else {
            throw SourceError(
                start,
                "the file's locale cannot be told: give '@@locale' or name the file as gen-l10n expects "
                    + "(app_de.arb, app_pt_BR.arb)")
        }
        let tag = String(locale.map { $0 == "_" ? "-" : $0 })
        if let problem = LanguageTag.problem(tag) {
            throw SourceError(start, "the file's locale '\(locale)' is no language: \(problem)")
        }
        if let language, !LanguageTag.matches(tag, language) { return [] }
        try budget.admitLanguage(tag, at: start)
        // The template: `template-arb-file` where a `l10n.yaml` says, else
        // the file in the run's source language (gen-l10n's default
        // `app_en.arb`).
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let isTemplate =
            settings.map { fileName == ($0.templateFile.split(separator: "/").last.map(String.init) ?? "") }
            ?? (tag.lowercased() == String(sourceLanguage.map { $0 == "_" ? "-" : $0 }).lowercased())
        let table = Self.table(path)
        // Each message's `@key`, found once (a scan per message made a
        // file of many keys quadratic).
        var attributesOf: [String: ParsedJSON] = [:]
        for member in members where member.key.hasPrefix("@") && !member.key.hasPrefix("@@") {
            attributesOf[String(member.key.dropFirst())] = member.value
        }
        // The template's keys name the generated getters and methods:
        // gen-l10n refuses one that is not a public Dart method name
        // before it reads any message (`_isValidGetterAndMethodName`).
        if isTemplate, let member = members.first(where: { !$0.key.hasPrefix("@") && !Self.isMethodName($0.key) }) {
            throw SourceError(
                member.keyPosition,
                "Invalid ARB resource name \"\(member.key)\" in \(fileName): resources names must be valid Dart "
                    + "method names: they have to be camel case, cannot start with a number or underscore, and "
                    + "cannot contain non-alphanumeric characters (gen-l10n refuses the file)")
        }
        var strings: [LocalizedString] = []
        for member in members where !member.key.hasPrefix("@") {
            guard case .string(let message) = member.value.value else {
                throw SourceError(
                    member.value.position,
                    "the value of '\(member.key)' is not a string but \(member.value.kindDescription)")
            }
            let metadata = try Self.metadata(of: member.key, in: attributesOf[member.key])
            var base = LocalizedString(key: member.key, language: tag, text: message)
            base.file = path
            base.position = member.value.position
            base.comment = metadata.description
            base.formatSyntax = FormatSyntax.genL10n
            base.format = FormatSource(text: message)
            base.sourceLanguage = sourceLanguage
            var details = ResourceDetails()
            details.table = table
            details.isSource = isTemplate
            let attributes = attributesOf[member.key] != nil
            details.arb = ARBDetails(placeholders: metadata.placeholders, hasAttributes: attributes, settings: settings)
            if message.contains("date") || message.contains("time") {
                details.arb?.dateSkeletons = Self.dateSkeletons(
                    of: message, options: Self.options(settings, names: metadata.placeholders))
            }
            base.setDetails(details)
            // A translation under relax-syntax is split into its forms
            // once the template's placeholders are known (`settle`).
            let relaxed = settings?.relaxSyntax == true
            let forms =
                relaxed && !isTemplate
                ? [(steps: [FormStep](), text: message)]
                : Self.forms(of: message, options: Self.options(settings, names: metadata.placeholders))
            try budget.take(forms.count, at: member.value.position)
            for form in forms {
                var string = base
                string.text = form.text
                if !form.steps.isEmpty { string.vary(form.steps) }
                string.capLength()
                strings.append(string)
            }
        }
        // A translation of no messages is still a locale gen-l10n
        // generates, every message the template's: a mark of it, which
        // the run's check sees (every key missing there) and `settle`
        // turns into the messages shown.
        if strings.isEmpty, !isTemplate {
            var mark = LocalizedString(key: "", language: tag, text: "")
            mark.file = path
            mark.position = start
            mark.formatSyntax = FormatSyntax.genL10n
            mark.sourceLanguage = sourceLanguage
            var details = ResourceDetails()
            details.table = table
            details.isSource = false
            details.arb = ARBDetails(placeholders: nil, hasAttributes: false, settings: settings, marksLocale: true)
            mark.setDetails(details)
            return [mark]
        }
        return strings
    }

    /// What one file cannot say: a translation's placeholders are the
    /// template's (gen-l10n generates one method per template message,
    /// each locale's own declarations over the template's), and a message
    /// a locale lacks is shown there as gen-l10n falls back: the base
    /// language's (`pt` for `pt_PT`), else the template's, measured in
    /// that locale and marked untranslated (`missing`). At most
    /// `StringsBudget.maximumUntranslated` such copies in a run.
    public func settle(_ strings: inout [LocalizedString], every tables: [StringsTable]) -> [StringsRunNote] {
        struct Seen {
            var placeholders: [MessagePlaceholder]?
            var forms: [LocalizedString] = []
        }
        // Per table, per language, per entry: its forms (in file order).
        var byTable: [String: [String: [String: Seen]]] = [:]
        var templates: [String: (language: String, order: [String])] = [:]
        for string in strings where string.formatSyntax == .genL10n {
            guard let table = string.table, let language = string.language else { continue }
            if string.arbDetails?.marksLocale == true {
                if byTable[table]?[language] == nil { byTable[table, default: [:]][language] = [:] }
                continue
            }
            if byTable[table, default: [:]][language, default: [:]][string.entry] == nil {
                byTable[table, default: [:]][language, default: [:]][string.entry] = Seen(
                    placeholders: string.messagePlaceholders)
                if string.isSource == true { templates[table, default: (language, [])].order.append(string.entry) }
            }
            byTable[table, default: [:]][language, default: [:]][string.entry]?.forms.append(string)
        }
        for i in strings.indices where strings[i].formatSyntax == .genL10n && strings[i].isSource != true {
            guard let table = strings[i].table, let template = templates[table],
                let declared = byTable[table]?[template.language]?[strings[i].entry]?.placeholders
            else { continue }
            var merged = declared
            for own in strings[i].messagePlaceholders ?? [] {
                if let k = merged.firstIndex(where: { $0.name == own.name }) { merged[k] = own }
            }
            strings[i].messagePlaceholders = merged
        }
        // Relaxed translations split now, by the template's names.
        if strings.contains(where: { $0.arbDetails?.settings?.relaxSyntax == true && $0.isSource != true }) {
            var split: [LocalizedString] = []
            split.reserveCapacity(strings.count)
            for string in strings {
                guard string.arbDetails?.settings?.relaxSyntax == true, string.isSource != true, string.form.isEmpty,
                    let table = string.table, let template = templates[table]
                else {
                    split.append(string)
                    continue
                }
                let names = byTable[table]?[template.language]?[string.entry]?.placeholders
                for form in Self.forms(
                    of: string.written, options: Self.options(string.arbDetails?.settings, names: names))
                {
                    var copy = string
                    copy.text = form.text
                    if !form.steps.isEmpty { copy.vary(form.steps) }
                    copy.capLength()
                    split.append(copy)
                }
            }
            strings = split
        }
        strings.removeAll { $0.arbDetails?.marksLocale == true }
        var copies = 0
        for table in byTable.keys.sorted() {
            guard let template = templates[table], let languages = byTable[table] else { continue }
            for language in languages.keys.sorted() where language != template.language {
                let base = language.split(separator: "-").first.map(String.init) ?? language
                for entry in template.order where languages[language]?[entry] == nil {
                    let shown =
                        (base != language ? languages[base]?[entry] : nil) ?? languages[template.language]?[entry]
                    for form in shown?.forms ?? [] {
                        guard copies < StringsBudget.maximumUntranslated else { return [] }
                        var copy = form
                        copy.language = language
                        copy.isUntranslated = true
                        copy.state = "missing"
                        copy.isSource = false
                        strings.append(copy)
                        copies += 1
                    }
                }
            }
        }
        return []
    }

    /// The most forms one message is measured in: every combination of
    /// its plurals' and selects' cases, nested ones included, up to this.
    public static let maximumForms = 64

    /// A message's forms: each combination of its cases, with its text
    /// (placeholders as `{name}`) and the steps that pick it. A message
    /// gen-l10n cannot parse is one form, as written.
    static func forms(of message: String, options: GenL10nMessage.Options = .init()) -> [(
        steps: [FormStep], text: String
    )] {
        guard case .success(let parts) = GenL10nMessage.parse(message, options: options) else {
            return [([], message)]
        }
        var out: [(steps: [FormStep], text: String)] = [([], "")]
        func append(_ parts: [GenL10nMessage.Part], to prefix: [(steps: [FormStep], text: String)])
            -> [(steps: [FormStep], text: String)]
        {
            var current = prefix
            for part in parts {
                switch part {
                case .text(let text):
                    for i in current.indices { current[i].text += text }
                case .placeholder(let name, _), .dateTime(let name, _, _, _):
                    for i in current.indices { current[i].text += "{" + name + "}" }
                case .plural(let name, _, let cases), .select(let name, _, let cases):
                    let isPlural = if case .plural = part { true } else { false }
                    var next: [(steps: [FormStep], text: String)] = []
                    for c in shownCases(cases, isPlural: isPlural) {
                        let step =
                            isPlural
                            ? FormStep(variable: name, .plural, c.value, count: name)
                            : FormStep(variable: name, .other("select"), c.value)
                        let branch = current.map { (steps: $0.steps + [step], text: $0.text) }
                        next += append(c.case.message, to: branch)
                        if next.count >= maximumForms { break }
                    }
                    current = Array(next.prefix(maximumForms))
                }
            }
            return current
        }
        out = append(parts, to: out)
        return out
    }

    /// Each `{name, date|time, ::skeleton}` argument's skeleton, by name.
    static func dateSkeletons(of message: String, options: GenL10nMessage.Options) -> [String: String] {
        guard case .success(let parts) = GenL10nMessage.parse(message, options: options) else { return [:] }
        var found: [String: String] = [:]
        var stack = [parts]
        while let next = stack.popLast() {
            for part in next {
                switch part {
                case .dateTime(let name, _, _, let skeleton):
                    if found[name] == nil { found[name] = skeleton }
                case .plural(_, _, let cases), .select(_, _, let cases):
                    stack.append(contentsOf: cases.map(\.message))
                default:
                    break
                }
            }
        }
        return found
    }

    /// How gen-l10n parses a message of a project with `settings`, whose
    /// template declares `names`.
    public static func options(_ settings: GenL10nSettings?, names: [MessagePlaceholder]?) -> GenL10nMessage.Options {
        GenL10nMessage.Options(
            useEscaping: settings?.useEscaping ?? false,
            relaxedPlaceholders: settings?.relaxSyntax == true ? (names ?? []).map(\.name) : nil)
    }

    /// The cases an app can show, in the order written, each with the
    /// value its form is named by: a plural's by intl category (a later
    /// case for the same category wins, as gen-l10n keeps it; a `=n`
    /// gen-l10n refuses is left out), a select's by label.
    static func shownCases(_ cases: [GenL10nMessage.Case], isPlural: Bool) -> [(
        value: String, case: GenL10nMessage.Case
    )] {
        guard isPlural else { return cases.map { ($0.label, $0) } }
        var last: [String: Int] = [:]
        for (i, c) in cases.enumerated() {
            if let category = GenL10nMessage.pluralCategory(ofLabel: c.label) { last[category] = i }
        }
        return cases.enumerated().compactMap { i, c in
            guard let category = GenL10nMessage.pluralCategory(ofLabel: c.label), last[category] == i else {
                return nil
            }
            return (category, c)
        }
    }

    /// A message's metadata (`@key`), as gen-l10n requires it to be.
    static func metadata(of key: String, in json: ParsedJSON?) throws(SourceError) -> (
        description: String?, placeholders: [MessagePlaceholder]?
    ) {
        guard let json else { return (nil, nil) }
        guard case .object(let fields) = json.value else {
            throw SourceError(json.position, "'@\(key)' is not an object (gen-l10n needs a map)")
        }
        var description: String?
        var placeholders: [MessagePlaceholder]?
        for field in fields {
            switch field.key {
            case "description":
                guard case .string(let text) = field.value.value else {
                    throw SourceError(field.value.position, "the description of '@\(key)' is not a string")
                }
                description = text
            case "placeholders":
                // gen-l10n reads `null` as none, anything else not a map
                // as a refusal (`gen_l10n_types.dart:501–519`), in its words.
                if case .null = field.value.value { continue }
                guard case .object(let entries) = field.value.value else {
                    throw SourceError(
                        field.value.position,
                        "The \"placeholders\" attribute for message \"\(key)\", is not properly formatted. Ensure "
                            + "that it is a map with string valued keys.")
                }
                placeholders = []
                for entry in entries {
                    guard case .object(let attributes) = entry.value.value else {
                        throw SourceError(
                            entry.value.position,
                            "The value of the \"\(entry.key)\" placeholder attribute for message \"\(key)\", is not "
                                + "properly formatted. Ensure that it is a map with string valued keys.")
                    }
                    var placeholder = MessagePlaceholder(name: entry.key)
                    placeholder.position = entry.keyPosition
                    for attribute in attributes {
                        switch attribute.key {
                        case "type", "format", "example":
                            guard case .string(let value) = attribute.value.value, !value.isEmpty else {
                                throw SourceError(
                                    attribute.value.position,
                                    "the '\(attribute.key)' of placeholder '\(entry.key)' in '\(key)' must be a "
                                        + "non-empty string")
                            }
                            if attribute.key == "type" { placeholder.type = value }
                            if attribute.key == "format" { placeholder.format = value }
                            if attribute.key == "example" { placeholder.example = value }
                        case "optionalParameters":
                            // The named arguments of the `NumberFormat`
                            // constructor (`decimalDigits`, `name`,
                            // `symbol`, `customPattern`), kept as written.
                            if case .null = attribute.value.value { break }
                            guard case .object(let parameters) = attribute.value.value else {
                                throw SourceError(
                                    attribute.value.position,
                                    "The \"optionalParameters\" value of the \"\(entry.key)\" placeholder in message "
                                        + "\(key) is not a properly formatted Map. Ensure that it is a map with keys "
                                        + "that are strings.")
                            }
                            for parameter in parameters {
                                switch parameter.value.value {
                                case .string(let text): placeholder.optionalParameters[parameter.key] = text
                                case .number(let number) where number == number.rounded() && abs(number) < 1e9:
                                    placeholder.optionalParameters[parameter.key] = String(Int(number))
                                case .bool(let value): placeholder.optionalParameters[parameter.key] = String(value)
                                default: break
                                }
                            }
                        case "isCustomDateFormat":
                            // A boolean, or "true"/"false" (gen-l10n's
                            // `_boolAttribute`).
                            switch attribute.value.value {
                            case .bool(let value): placeholder.isCustomDateFormat = value
                            case .string("true"): placeholder.isCustomDateFormat = true
                            case .string("false"): placeholder.isCustomDateFormat = false
                            default:
                                throw SourceError(
                                    attribute.value.position,
                                    "The \"isCustomDateFormat\" value of the \"\(entry.key)\" placeholder in "
                                        + "message \(key) must be a boolean value.")
                            }
                        default:
                            break
                        }
                    }
                    placeholders?.append(placeholder)
                }
            default:
                break
            }
        }
        return (description, placeholders)
    }

    /// The group a file's locales share: its folder and the name before
    /// the locale (`lib/l10n/app` for `lib/l10n/app_de.arb`).
    static func table(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lowercased().hasSuffix(".arb") ? String(name.dropLast(4)) : name
        let folder = path.dropLast(name.count)
        let prefix = stem.firstIndex(of: "_").map { String(stem[..<$0]) } ?? stem
        return folder + prefix
    }

    /// gen-l10n's `_isValidGetterAndMethodName`: not empty, ASCII letters,
    /// digits, `_` and `$` only, not starting with `_`, an upper-case
    /// letter or a digit.
    static func isMethodName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "_", !("A"..."Z").contains(first),
            !("0"..."9").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
        }
    }

    /// The locale a file's name gives, as gen-l10n finds it: the whole
    /// name, else what follows each `_` in turn, that parses as a locale
    /// whose language is ISO 639-1's (`app_pt_BR.arb` → `pt_BR`).
    static func fileLocale(_ path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lowercased().hasSuffix(".arb") ? Substring(name.dropLast(4)) : Substring(name)
        if let whole = locale(stem) { return whole }
        var i = stem.startIndex
        while i < stem.endIndex {
            if stem[i] == "_", let found = locale(stem[stem.index(after: i)...]) { return found }
            i = stem.index(after: i)
        }
        return nil
    }

    /// `text` as a locale (`language[_Script][_REGION]`, `-` or `_`) of an
    /// ISO 639-1 language, written with `_` in canonical case.
    static func locale(_ text: Substring) -> String? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            iso639Languages.contains(first.lowercased()), parts.count <= 3
        else { return nil }
        var out = first.lowercased()
        var rest = parts.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            out += "_" + script.prefix(1).uppercased() + script.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        if let region = rest.first {
            guard
                (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter })
                    || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber })
            else { return nil }
            out += "_" + region.uppercased()
            rest = rest.dropFirst()
        }
        return rest.isEmpty ? out : nil
    }

    /// gen-l10n's `_iso639Languages` (with its three-letter `fil` and
    /// `gsw`).
    static let iso639Languages: Set<String> = [
        "aa", "ab", "ae", "af", "ak", "am", "an", "ar", "as", "av", "ay", "az", "ba", "be", "bg", "bh", "bi", "bm",
        "bn", "bo", "br", "bs", "ca", "ce", "ch", "co", "cr", "cs", "cu", "cv", "cy", "da", "de", "dv", "dz", "ee",
        "el", "en", "eo", "es", "et", "eu", "fa", "ff", "fi", "fil", "fj", "fo", "fr", "fy", "ga", "gd", "gl", "gn",
        "gsw", "gu", "gv", "ha", "he", "hi", "ho", "hr", "ht", "hu", "hy", "hz", "ia", "id", "ie", "ig", "ii", "ik",
        "io", "is", "it", "iu", "ja", "jv", "ka", "kg", "ki", "kj", "kk", "kl", "km", "kn", "ko", "kr", "ks", "ku",
        "kv", "kw", "ky", "la", "lb", "lg", "li", "ln", "lo", "lt", "lu", "lv", "mg", "mh", "mi", "mk", "ml", "mn",
        "mr", "ms", "mt", "my", "na", "nb", "nd", "ne", "ng", "nl", "nn", "no", "nr", "nv", "ny", "oc", "oj", "om",
        "or", "os", "pa", "pi", "pl", "ps", "pt", "qu", "rm", "rn", "ro", "ru", "rw", "sa", "sc", "sd", "se", "sg",
        "si", "sk", "sl", "sm", "sn", "so", "sq", "sr", "ss", "st", "su", "sv", "sw", "ta", "te", "tg", "th", "ti",
        "tk", "tl", "tn", "to", "tr", "ts", "tt", "tw", "ty", "ug", "uk", "ur", "uz", "ve", "vi", "vo", "wa", "wo",
        "xh", "yi", "yo", "za", "zh", "zu",
    ]
}

/// What an ARB message's file says beyond its text.
public struct ARBDetails: Sendable, Equatable {
    /// The placeholders its metadata declares (`nil`: no `placeholders`).
    public var placeholders: [MessagePlaceholder]?
    /// Whether the file has its `@key`.
    public var hasAttributes: Bool
    /// The project's `l10n.yaml` (`nil`: none found, defaults).
    public var settings: GenL10nSettings?
    /// Whether it only marks a locale whose file has no message.
    public var marksLocale = false
    /// The skeleton of each `{name, date, ::skeleton}` argument, by name
    /// (the first, where a name has several).
    public var dateSkeletons: [String: String] = [:]
}

/// A placeholder an ARB message's metadata declares (`@key.placeholders`).
public struct MessagePlaceholder: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Its Dart type as written (`int`, `String`, `DateTime`), if given.
    public var type: String?
    /// Its `NumberFormat` or `DateFormat` name, if given.
    public var format: String?
    /// The example the author gives.
    public var example: String?
    /// `isCustomDateFormat`: `format` is a `DateFormat` pattern of its own.
    public var isCustomDateFormat: Bool?
    /// `optionalParameters`: the `NumberFormat` constructor's named
    /// arguments, as written (numbers as their digits).
    public var optionalParameters: [String: String] = [:]
    /// Where its name is in the file.
    public var position: SourcePosition?

    /// Creates one.
    public init(name: String, type: String? = nil, format: String? = nil, example: String? = nil) {
        (self.name, self.type, self.format, self.example) = (name, type, format, example)
    }
}

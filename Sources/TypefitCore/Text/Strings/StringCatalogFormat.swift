/// `.xcstrings` String Catalogs (JSON): every language in one file. Xcode
/// fills them from SwiftUI's `LocalizedStringKey`s, which `Text` draws as
/// Markdown.
public struct StringCatalogFormat: StringsFormat {
    /// The short name.
    public let id = "xcstrings"
    /// The extensions it is known by.
    public let extensions = ["xcstrings"]
    /// How help names it.
    public let summary = "a .xcstrings String Catalog"
    /// Catalogs are SwiftUI's, drawn as Markdown.
    public var isMarkdownByDefault: Bool { true }

    /// Creates the format.
    public init() {}

    /// Whether standard input holds this format.
    public func claims(head: Substring, bytes: [UInt8]) -> Bool {
        head.hasPrefix("{") && head.contains("\"strings\"")
    }

    /// The strings of the file.
    public func read(path: String, bytes: [UInt8], language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    {
        try StringsFile.catalog(bytes, language: language, budget: budget)
    }
}

extension StringsFile {
    /// A String Catalog (JSON): every localization of every key, plural and
    /// device variations included (`key|plural.one`); a key without a
    /// source-language localization stands for itself. A language the
    /// catalog has that an entry lacks (no localization, an empty value,
    /// `state: "new"`) gets what iOS shows there: the source language's
    /// strings (else the key), marked `isUntranslated`.
    /// Untranslated copies (what iOS shows in each language an entry lacks)
    /// are taken from `budget`'s run-wide allowance: far above real
    /// catalogs (IceCubesApp: 1,098), but an entry in thousands of made-up
    /// languages and thousands of entries in none would otherwise add their
    /// product (a 234 KB file: 9 million strings, 3 GB), in every file.
    static func catalog(_ bytes: [UInt8], language: String?, budget: StringsBudget = StringsBudget())
        throws(SourceError) -> [LocalizedString]
    {
        let document = try JSONParser.parse(bytes)
        guard case .object(let top) = document.value else {
            throw SourceError(document.position, "expected a String Catalog object, found \(document.kindDescription)")
        }
        let value = { (key: String) in top.first { $0.key == key }?.value }
        var source = "en"
        if let json = value("sourceLanguage") {
            guard case .string(let text) = json.value else {
                throw SourceError(
                    json.position, "expected 'sourceLanguage' to be a string, found \(json.kindDescription)")
            }
            if let problem = LanguageTag.problem(text) {
                throw SourceError(json.position, "'sourceLanguage' is not a language: \(problem)")
            }
            try budget.admitLanguage(text, at: json.position)
            source = text
        }
        guard let stringsJSON = value("strings") else {
            throw SourceError(document.position, "missing 'strings': a String Catalog holds its keys there")
        }
        guard case .object(let entries) = stringsJSON.value else {
            throw SourceError(
                stringsJSON.position, "expected 'strings' to be an object, found \(stringsJSON.kindDescription)")
        }
        // Every entry's localizations, and every language the catalog has
        // (in the order first met).
        var parsed:
            [(
                key: String, comment: String?, translates: Bool, localized: [(String, ParsedJSON)],
                position: SourcePosition
            )] = []
        var languages: [String] = []
        var seen = Set<String>()
        for entry in entries {
            guard case .object(let fields) = entry.value.value else {
                throw SourceError(
                    entry.value.position,
                    "expected \"\(entry.key)\" to be an object, found \(entry.value.kindDescription)")
            }
            var localized: [(String, ParsedJSON)] = []
            if let json = fields.first(where: { $0.key == "localizations" })?.value {
                guard case .object(let languages) = json.value else {
                    throw SourceError(
                        json.position,
                        "expected 'localizations' of \"\(entry.key)\" to be an object, found \(json.kindDescription)")
                }
                for language in languages {
                    if let problem = LanguageTag.problem(language.key) {
                        throw SourceError(
                            language.value.position,
                            "a localization of \"\(entry.key)\" is not in a language: \(problem)")
                    }
                    try budget.admitLanguage(language.key, at: language.value.position)
                }
                localized = languages.map { ($0.key, $0.value) }
            }
            var comment: String?
            if case .string(let text)? = fields.first(where: { $0.key == "comment" })?.value.value { comment = text }
            // `shouldTranslate: false` (a brand name, a format string):
            // the source text in every language, by design.
            var translates = true
            if case .bool(false)? = fields.first(where: { $0.key == "shouldTranslate" })?.value.value {
                translates = false
            }
            for (lang, _) in localized where lang != source && seen.insert(lang).inserted { languages.append(lang) }
            parsed.append((entry.key, comment, translates, localized, entry.value.position))
        }
        let wanted = { (lang: String) in language.map { LanguageTag.matches($0, lang) } ?? true }
        var result: [LocalizedString] = []
        var capped = false
        for entry in parsed {
            func marked(_ strings: [LocalizedString]) -> [LocalizedString] {
                strings.map {
                    var string = $0
                    string.entry = entry.key
                    string.sourceLanguage = source
                    string.comment = entry.comment
                    return string
                }
            }
            // What the development language shows: its localization, else
            // the key.
            let sourceJSON = entry.localized.first { $0.0 == source }?.1
            var sourceStrings: [LocalizedString]?
            func sourceForms() throws(SourceError) -> [LocalizedString] {
                if let sourceStrings { return sourceStrings }
                var forms = try sourceJSON.map { json throws(SourceError) in
                    let forms = try units(json, key: entry.key, language: source)
                    try budget.take(forms.count, at: json.position)
                    return forms
                }
                // The source's own `state` says nothing of its text (Xcode
                // marks extracted strings `new`); only an empty value is
                // none.
                if forms == nil || forms?.isEmpty == true || forms?.allSatisfy({ $0.text.isEmpty }) == true {
                    var key = LocalizedString(key: entry.key, language: source, text: entry.key)
                    key.position = sourceJSON?.position ?? entry.position
                    forms = [key]
                    try budget.take(1, at: document.position)
                }
                let marked = marked(forms ?? [])
                sourceStrings = marked
                return marked
            }
            // An untranslated copy points at its language's localization,
            // else (none) at the entry.
            func untranslated(in lang: String, why: String, at position: SourcePosition) throws(SourceError)
                -> [LocalizedString]
            {
                let forms = try sourceForms()
                guard budget.takeUntranslated(forms.count) else {
                    capped = true
                    return []
                }
                try budget.take(forms.count, at: document.position)
                return forms.map {
                    var string = $0
                    string.language = lang
                    string.isUntranslated = true
                    string.state = why
                    string.position = position
                    return string
                }
            }
            if sourceJSON == nil && wanted(source) { result += try sourceForms() }
            // A set, not a search of the list per language: an entry in
            // 20,000 languages made the walk below quadratic.
            let localizedLanguages = Set(entry.localized.map(\.0))
            for (lang, json) in entry.localized where wanted(lang) {
                if lang != source && Self.isUntranslated(json) {
                    result += try untranslated(
                        in: lang, why: Self.stateOf(json) == "new" ? "new" : "empty", at: json.position)
                } else if lang == source {
                    result += try sourceForms()
                } else {
                    let forms = try units(json, key: entry.key, language: lang)
                    try budget.take(forms.count, at: json.position)
                    result += marked(forms)
                }
            }
            for lang in languages where entry.translates && wanted(lang) && !localizedLanguages.contains(lang) {
                result += try untranslated(in: lang, why: "missing", at: entry.position)
            }
        }
        if capped, let last = result.lastIndex(where: \.isUntranslated) {
            result[last].capNote =
                "is the last of \(budget.untranslated) untranslated strings measured in this run "
                + "(typefit's cap); the other untranslated entries are not"
        }
        return result
    }

    /// A localization's `stringUnit` state, when it has one.
    static func stateOf(_ json: ParsedJSON) -> String? {
        guard case .object(let fields) = json.value,
            case .object(let unit)? = fields.first(where: { $0.key == "stringUnit" })?.value.value,
            case .string(let state)? = unit.first(where: { $0.key == "state" })?.value.value
        else { return nil }
        return state
    }

    /// Whether a localization holds no translation: a `stringUnit` whose
    /// value is empty or whose state is `new`, and no variations or
    /// substitutions.
    static func isUntranslated(_ json: ParsedJSON) -> Bool {
        guard case .object(let fields) = json.value else { return false }
        guard !fields.contains(where: { $0.key == "variations" || $0.key == "substitutions" }),
            case .object(let unit)? = fields.first(where: { $0.key == "stringUnit" })?.value.value
        else { return false }
        if case .string(let state)? = unit.first(where: { $0.key == "state" })?.value.value, state == "new" {
            return true
        }
        if case .string(let text)? = unit.first(where: { $0.key == "value" })?.value.value, text.isEmpty {
            return true
        }
        return false
    }

    /// The `stringUnit` of a localization, and those of its variations.
    private static func units(
        _ json: ParsedJSON, key: String, language: String, path: [FormStep] = []
    ) throws(SourceError)
        -> [LocalizedString]
    {
        guard case .object(let fields) = json.value else {
            throw SourceError(
                json.position,
                "expected the \(language) localization of \"\(key)\" to be an object, found \(json.kindDescription)")
        }
        var result: [LocalizedString] = []
        var variables: [String: Substitutions.Variable] = [:]
        for field in fields {
            switch field.key {
            case "substitutions":
                variables = try substitutionVariables(field.value, key: key, language: language)
            case "stringUnit":
                guard case .object(let unit) = field.value.value,
                    let valueJSON = unit.first(where: { $0.key == "value" })?.value
                else {
                    throw SourceError(
                        field.value.position, "expected a 'stringUnit' with a 'value' in \"\(key)\" (\(language))")
                }
                guard case .string(let text) = valueJSON.value else {
                    throw SourceError(
                        valueJSON.position,
                        "expected the value of \"\(key)\" (\(language)) to be a string, found \(valueJSON.kindDescription)"
                    )
                }
                var string = LocalizedString(key: key, language: language, text: text)
                string.vary(path)
                string.position = valueJSON.position
                if case .string(let state)? = unit.first(where: { $0.key == "state" })?.value.value {
                    string.state = state
                }
                result.append(string)
            case "variations":
                guard case .object(let kinds) = field.value.value else {
                    throw SourceError(field.value.position, "expected 'variations' of \"\(key)\" to be an object")
                }
                for kind in kinds {
                    guard case .object(let cases) = kind.value.value else {
                        throw SourceError(
                            kind.value.position, "expected the \(kind.key) variations of \"\(key)\" to be an object")
                    }
                    for variation in cases {
                        let subpath = path + [FormStep(FormStep.Kind(kind.key), variation.key)]
                        result += try units(variation.value, key: key, language: language, path: subpath)
                    }
                }
            default:
                continue
            }
        }
        // `%#@name@`: every variation of the localization's substitutions,
        // all its variations (device x plural) sharing one allowance of
        // `Substitutions.maximumForms`: each variation with its own made a
        // 77 KB catalog 191 MB of JSON.
        guard !variables.isEmpty else { return result }
        var expanded: [LocalizedString] = []
        var capped = false
        for var string in result {
            string.format = FormatSource(text: string.text, variables: variables)
            let room = Substitutions.maximumForms - expanded.count
            guard room > 0 else {
                capped = true
                break
            }
            do {
                let forms = try Substitutions.expand(string, variables, limit: room)
                capped = capped || forms.contains { $0.capNote == Substitutions.capNote }
                expanded += forms
            } catch {
                throw SourceError(
                    json.position,
                    "the substitutions of \"\(key)\" (\(language)) name each other in a cycle (\(error.description))")
            }
        }
        if capped {
            for i in expanded.indices { expanded[i].capNote = expanded[i].capNote ?? Substitutions.capNote }
        }
        return expanded
    }

    /// A localization's `substitutions`: each one's `formatSpecifier`,
    /// `argNum` and the `stringUnit` of each of its variations.
    private static func substitutionVariables(_ json: ParsedJSON, key: String, language: String) throws(SourceError)
        -> [String: Substitutions.Variable]
    {
        guard case .object(let entries) = json.value else {
            throw SourceError(json.position, "expected 'substitutions' of \"\(key)\" to be an object")
        }
        var variables: [String: Substitutions.Variable] = [:]
        for entry in entries {
            guard case .object(let fields) = entry.value.value else {
                throw SourceError(
                    entry.value.position, "expected the substitution '\(entry.key)' of \"\(key)\" to be an object")
            }
            var specifier = "@"
            var argument: Int?
            var variations: [(label: String, text: String)] = []
            var positions: [String: SourcePosition] = [:]
            for field in fields {
                switch (field.key, field.value.value) {
                case ("formatSpecifier", .string(let text)): specifier = text
                case ("argNum", .number(let n)) where n >= 1 && n <= 99 && n == n.rounded(): argument = Int(n)
                case ("variations", .object(let kinds)):
                    for kind in kinds {
                        guard case .object(let cases) = kind.value.value else { continue }
                        for variation in cases {
                            for unit in try units(variation.value, key: key, language: language) {
                                variations.append((kind.key + "." + variation.key, unit.text))
                                positions[kind.key + "." + variation.key] = unit.position
                            }
                        }
                    }
                default:
                    continue
                }
            }
            variables[entry.key] = Substitutions.Variable(
                specifier: specifier, argument: argument, variations: variations)
            variables[entry.key]?.positions = positions
        }
        return variables
    }
}

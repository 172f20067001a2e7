/// Flutter's ARB messages as `flutter gen-l10n` reads and prints them:
/// `{name}` placeholders, `plural`, `select` and `date`/`time` arguments
/// (`GenL10nMessage`); strings drawn as written (no markup).
public enum GenL10nPlaceholders: PlaceholderSyntax {
    /// Its name.
    public static let identifier = "gen-l10n"
    /// A Flutter `Text` draws the string as it is; spans would be a
    /// `TextSpan` tree, not the message.
    public static let markup = StringMarkup.resourceSpans

    /// Each `{name}` of a form's text (UTF-8 offsets).
    public static func placeholderBytes(in text: String) -> [Range<Int>] {
        names(in: text).map(\.bytes)
    }

    /// The form's `{name}`s replaced as the generated Dart code prints
    /// them: `--sample '{name}=value'` first, a plural's count by its form's
    /// number (`'$count'`: digits, no grouping), else the metadata's
    /// `example`, else a sample of its declared type (`int` and `num`
    /// 1000000, `double` 1000000.0, anything else a name). Numbers come
    /// printed for the locale (`TextJob`: `decimalPattern`, `compact` …
    /// as intl prints them, dates as `DateFormat` prints the sample
    /// moment, `currency` and `simpleCurrency` with intl's tables); the
    /// compact currency formats are not applied: an `example` is the way
    /// to measure what they print.
    public static func filled(
        _ string: LocalizedString, with samples: PlaceholderSamples, numbers: [String: String]
    ) -> LocalizedString? {
        let found = names(in: string.text)
        guard !found.isEmpty else { return nil }
        let declared = string.messagePlaceholders ?? []
        var utf8 = Array(string.text.utf8)
        var substitutions: [PlaceholderSamples.Substitution] = []
        for use in found.reversed() {
            let placeholder = declared.first { $0.name == use.name }
            var value: String
            var isDefault = false
            var isPluralNumber = false
            let plural = string.form.first { $0.variable == use.name && $0.kind == .plural }?.value
            if let sample = samples.values["{" + use.name + "}"] {
                // `--sample` first, as for every syntax.
                value = sample
            } else if let number = numbers[use.name] {
                // As printed for the message's locale (`TextJob`).
                value = number
                isPluralNumber = plural != nil
            } else if let plural, let exact = ["zero": "0", "one": "1", "two": "2"][plural] {
                // A category the language's rules give no number (`one`
                // in Japanese) is shown for its exact number alone.
                value = exact
                isPluralNumber = true
            } else if plural != nil {
                // No integer falls in the category (Russian `other`): a
                // fraction is what shows it, as Dart prints a `num`.
                value = "1.5"
                isPluralNumber = true
            } else if let example = placeholder?.example {
                value = example
            } else {
                isDefault = true
                switch placeholder?.type {
                case "int", "num": value = "1000000"
                case "double": value = "1000000.0"
                default: value = PlaceholderSamples.defaultName
                }
            }
            utf8.replaceSubrange(use.bytes, with: Array(value.utf8))
            var substitution = PlaceholderSamples.Substitution(
                placeholder: "{" + use.name + "}", value: value, isDefault: isDefault)
            substitution.isPluralNumber = isPluralNumber
            if !substitutions.contains(substitution) { substitutions.insert(substitution, at: 0) }
        }
        var copy = string
        copy.original = string.original ?? string.text
        copy.text = String(decoding: utf8, as: UTF8.self)
        copy.substitutions = substitutions
        copy.capLength()
        return copy
    }

    /// Whether intl's `NumberFormat` writes `language`'s numbers in its own
    /// digits: the locales whose `ZERO_DIGIT` is not '0' in intl's
    /// `number_symbols_data.dart` (dart-lang/i18n @ 2fd9412c, intl
    /// 0.20.3), a region falling back to its language as intl's
    /// `verifiedLocale` does. Every other locale is written in Western
    /// digits, Arabic included (only `ar_EG` is not).
    public static func intlUsesNativeDigits(_ language: String) -> Bool {
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let base = parts.first?.lowercased() else { return false }
        if base == "ar" { return parts.count > 1 && parts.last?.uppercased() == "EG" }
        return ["as", "bn", "fa", "mr", "my", "ne", "ps"].contains(base)
    }

    /// Each message gen-l10n refuses (the template's and the
    /// translations'), each case it never shows; the template's
    /// placeholders declared and not shown, shown and not declared, or
    /// declared with a type their use does not allow; each translation
    /// that drops one of the template's placeholders, reads one the
    /// template does not know, or declares another type.
    public static func problems(in table: PlaceholderTable) -> [PlaceholderCheck.Problem] {
        var problems: [PlaceholderCheck.Problem] = []
        var sources: [String: (entry: PlaceholderCheck.Entry, parts: [GenL10nMessage.Part])?] = [:]
        func message(_ entry: PlaceholderCheck.Entry) -> String { entry.forms.first?.text ?? "" }
        // The template's declared names, for relax-syntax.
        var templateNames: [String: [MessagePlaceholder]] = [:]
        var templateMessages: [String: String] = [:]
        for entry in table.entries where entry.isSource && templateNames[entry.key] == nil {
            templateNames[entry.key] = entry.messagePlaceholders ?? []
            templateMessages[entry.key] = message(entry)
        }
        func parsed(_ entry: PlaceholderCheck.Entry) -> (
            parts: [GenL10nMessage.Part]?, found: [PlaceholderCheck.Difference]
        ) {
            let settings = entry.arb?.settings
            let options = ARBFormat.options(settings, names: templateNames[entry.key])
            var found: [PlaceholderCheck.Difference] = []
            if entry.isSource, settings?.requiresAttributes == true, entry.arb?.hasAttributes == false {
                found.append(
                    .messageSyntax(
                        error: "Resource attribute \"@\(entry.key)\" was not found. Please ensure that each resource "
                            + "has a corresponding @resource.", offset: -1))
            }
            switch GenL10nMessage.parse(message(entry), options: options) {
            case .failure(let error):
                return (nil, found + [.messageSyntax(error: error.message, offset: error.offset)])
            case .success(let parts):
                let generation = GenL10nMessage.generationProblems(parts).filter {
                    !($0.isWarning && settings?.suppressWarnings == true)
                }
                found += generation.map { problem -> PlaceholderCheck.Difference in
                    guard problem.isWarning else {
                        return .messageSyntax(error: problem.error.message, offset: problem.error.offset)
                    }
                    let label = caseLabel(in: parts, at: problem.error.offset) ?? "?"
                    return .caseOverridden(
                        label: label, category: GenL10nMessage.pluralCategory(ofLabel: label) ?? label,
                        offset: problem.error.offset)
                }
                return (parts, found)
            }
        }
        func report(_ entry: PlaceholderCheck.Entry, _ found: [PlaceholderCheck.Difference], source: String) {
            guard !found.isEmpty else { return }
            var problem = PlaceholderCheck.Problem(
                file: entry.file, key: entry.key, language: entry.language, source: PlaceholderCheck.shown(source),
                translation: PlaceholderCheck.shown(message(entry)), differences: found)
            problem.isSource = entry.isSource
            problem.position = entry.position
            problems.append(problem)
        }
        for entry in table.entries where entry.isSource {
            var (parts, found) = parsed(entry)
            if let parts {
                let uses = GenL10nMessage.uses(parts)
                found += typeProblems(uses, declared: entry.messagePlaceholders ?? [])
                found += dateProblems(parts, uses, declared: entry.messagePlaceholders ?? [], entry: entry)
                found += numberProblems(uses, declared: entry.messagePlaceholders ?? [], entry: entry)
                if let declared = entry.messagePlaceholders {
                    let used = uses.map(\.name)
                    var named = Set<String>()
                    for name in used where !declared.contains(where: { $0.name == name }) && named.insert(name).inserted
                    {
                        found.append(.undeclared(name: name))
                    }
                    for placeholder in declared where !used.contains(placeholder.name) {
                        found.append(.unused(name: placeholder.name))
                    }
                }
            }
            report(entry, found, source: message(entry))
            if sources[entry.key] == nil {
                let faulty = found.contains { !$0.isWarningOnly }
                sources[entry.key] = parts.flatMap { faulty ? nil : (entry, $0) }
            }
        }
        for entry in table.entries where !entry.isSource {
            var (parts, found) = parsed(entry)
            // A key the template lacks is not generated: gen-l10n reads
            // messages by the template's keys only.
            guard let known = sources[entry.key] else { continue }
            if let parts, let (source, sourceParts) = known {
                let declared = source.messagePlaceholders ?? []
                let uses = GenL10nMessage.uses(parts)
                let sourceUsed = GenL10nMessage.uses(sourceParts).map(\.name)
                let sourceNames = Set(sourceUsed)
                let names = uses.map(\.name)
                var seen = Set<String>()
                for name in names
                where seen.insert(name).inserted && !sourceNames.contains(name)
                    && !declared.contains(where: { $0.name == name })
                {
                    found.append(.namedExtra(name: name))
                }
                for name in sourceUsed where !names.contains(name) {
                    if !found.contains(.namedMissing(name: name)) { found.append(.namedMissing(name: name)) }
                }
                // The translation's own declarations, merged over the
                // template's as gen-l10n merges them, typed as it types
                // them (`_inferPlaceholders`: by their use, else `Object`)
                // and compared with the template's (G:123).
                var merged = declared
                for own in entry.messagePlaceholders ?? [] {
                    if let i = merged.firstIndex(where: { $0.name == own.name }) {
                        let use = uses.first { $0.name == own.name && $0.use != "placeholder" }?.use
                        let type =
                            own.type ?? ["plural": "num", "select": "String", "dateTime": "DateTime"][use ?? ""]
                            ?? "Object"
                        if let expected = merged[i].type, type != expected {
                            found.append(
                                .placeholderType(
                                    name: own.name, type: type, expected: "'\(expected)', the template's type",
                                    use: "the template declares it '\(expected)'"))
                        }
                        merged[i] = own
                    }
                }
                found += typeProblems(uses, declared: merged)
                found += dateProblems(parts, uses, declared: merged, entry: entry)
                found += numberProblems(uses, declared: merged, entry: entry)
                found += pluralProblems(
                    parts, source: sourceParts, numbers: table.pluralNumbers?(entry.language) ?? [:])
                report(entry, found, source: message(source))
            } else {
                report(entry, found, source: templateMessages[entry.key] ?? "")
            }
        }
        return problems
    }

    /// The dates gen-l10n cannot generate, in its words: a `DateTime`
    /// placeholder shown as `{name}` with no `format`, or one no
    /// `DateFormat` constructor has (without `isCustomDateFormat`)
    /// (`gen_l10n.dart:149–182`); a `{name, date, ::skeleton}` whose
    /// skeleton is none (`gen_l10n.dart:1362–1377`).
    static func dateProblems(
        _ parts: [GenL10nMessage.Part], _ uses: [(name: String, use: String, offset: Int)],
        declared: [MessagePlaceholder], entry: PlaceholderCheck.Entry
    ) -> [PlaceholderCheck.Difference] {
        var found: [PlaceholderCheck.Difference] = []
        let locale = entry.language
        let check = "Check the intl library's DateFormat class constructors for allowed date formats"
        var named = Set<String>()
        for use in uses where use.use == "placeholder" && named.insert(use.name).inserted {
            guard let placeholder = declared.first(where: { $0.name == use.name }), placeholder.type == "DateTime"
            else { continue }
            guard let format = placeholder.format else {
                found.append(
                    .messageSyntax(
                        error: "For the message \"\(entry.key)\" the placeholder \"\(use.name)\" has its \"type\" "
                            + "resource attribute set to the type \"DateTime\" in locale \"\(locale)\". To properly "
                            + "resolve for the right DateTime format, the \"format\" attribute needs to be set to "
                            + "determine which DateFormat to use. \n\(check).", offset: -1))
                continue
            }
            guard !IntlDateFormat.isValid(format, isCustom: placeholder.isCustomDateFormat == true) else { continue }
            let error =
                format.contains("+")
                ? "For the message \"\(entry.key)\" the date format \"\(format)\" for placeholder \(use.name) "
                    + "contains at least one invalid date format in locale \"\(locale)\". Ensure all date formats "
                    + "joined by a \"+\" character have a corresponding DateFormat constructor.\n \(check)."
                : "For the message \"\(entry.key)\" the date format \"\(format)\" for placeholder \(use.name) does "
                    + "not have a corresponding DateFormat constructor in locale \"\(locale)\". \(check), or set "
                    + "\"isCustomDateFormat\" attribute to \"true\"."
            found.append(.messageSyntax(error: error, offset: -1))
        }
        var stack = [parts]
        while let next = stack.popLast() {
            for part in next {
                switch part {
                case .dateTime(let name, let offset, _, let skeleton)
                where !IntlDateFormat.constructors.contains(skeleton):
                    found.append(
                        .messageSyntax(
                            error: "For message \"\(entry.key)\" the date format \"\(skeleton)\" for placeholder "
                                + "\(name) does not have a corresponding DateFormat constructor in locale "
                                + "\"\(locale)\"\n. \(check), or set \"isCustomDateFormat\" attribute to \"true\".",
                            offset: offset))
                case .plural(_, _, let cases), .select(_, _, let cases):
                    stack.append(contentsOf: cases.map(\.message))
                default:
                    break
                }
            }
        }
        return found
    }

    /// The number formats gen-l10n cannot generate, in its words
    /// (`generateNumberFormattingLogic`, `gen_l10n.dart:205–245`): a
    /// placeholder of type `int`, `num` or `double` (a plural's count
    /// without a type is inferred `num`) whose `format` is none of intl's
    /// `NumberFormat` constructors gen-l10n knows (`_validNumberFormats`,
    /// `gen_l10n_types.dart:93–105`), used in the message or not.
    static func numberProblems(
        _ uses: [(name: String, use: String, offset: Int)], declared: [MessagePlaceholder],
        entry: PlaceholderCheck.Entry
    ) -> [PlaceholderCheck.Difference] {
        var found: [PlaceholderCheck.Difference] = []
        for placeholder in declared {
            let inferred = uses.contains { $0.name == placeholder.name && $0.use == "plural" } ? "num" : nil
            guard let type = placeholder.type ?? inferred, ["int", "num", "double"].contains(type),
                let format = placeholder.format, !validNumberFormats.contains(format)
            else { continue }
            found.append(
                .messageSyntax(
                    error: "For the message \"\(entry.key)\" the number format \(format) for the \(placeholder.name) "
                        + "placeholder does not have a corresponding NumberFormat constructor in locale "
                        + "\"\(entry.language)\".\nCheck the intl library's NumberFormat class constructors for "
                        + "allowed number formats.", offset: -1))
        }
        return found
    }

    /// gen-l10n's `_validNumberFormats`.
    static let validNumberFormats: Set<String> = [
        "compact", "compactCurrency", "compactSimpleCurrency", "compactLong", "currency", "decimalPattern",
        "decimalPatternDigits", "decimalPercentPattern", "percentPattern", "scientificPattern", "simpleCurrency",
    ]

    /// Each use a declared type does not allow (gen-l10n's
    /// `_inferPlaceholders`): a plural's count not `num`/`int`, a select's
    /// value not `String`, a date's not `DateTime`.
    static func typeProblems(
        _ uses: [(name: String, use: String, offset: Int)], declared: [MessagePlaceholder]
    ) -> [PlaceholderCheck.Difference] {
        var found: [PlaceholderCheck.Difference] = []
        for use in uses {
            guard let type = declared.first(where: { $0.name == use.name })?.type else { continue }
            let allowed: (types: [String], words: String, use: String)? =
                switch use.use {
                case "plural": (["num", "int"], "'num' or 'int'", "chooses a plural form")
                case "select": (["String"], "'String'", "chooses a select case")
                case "dateTime": (["DateTime"], "'DateTime'", "is formatted as a date")
                default: nil
                }
            guard let allowed, !allowed.types.contains(type) else { continue }
            let difference = PlaceholderCheck.Difference.placeholderType(
                name: use.name, type: type, expected: allowed.words, use: allowed.use)
            if !found.contains(difference) { found.append(difference) }
        }
        return found
    }

    /// A translation's plural cases as intl shows them (`pluralLogic`):
    /// an empty case where the template's plural of that count has none
    /// (an error: nothing is shown for its numbers), and a case without
    /// the count that its language's rules show for several numbers where
    /// the template shows the count (a warning: `=1{файла}` is Russian
    /// `one`, shown for 21 and 31 too, without saying how many).
    static func pluralProblems(
        _ parts: [GenL10nMessage.Part], source: [GenL10nMessage.Part], numbers: [String: [Int]]
    ) -> [PlaceholderCheck.Difference] {
        var sourcePlurals: [String: [GenL10nMessage.Case]] = [:]
        func collect(_ parts: [GenL10nMessage.Part], into plurals: inout [String: [GenL10nMessage.Case]]) {
            for part in parts {
                switch part {
                case .plural(let name, _, let cases):
                    plurals[name, default: []] += cases
                    for c in cases { collect(c.message, into: &plurals) }
                case .select(_, _, let cases):
                    for c in cases { collect(c.message, into: &plurals) }
                default: continue
                }
            }
        }
        collect(source, into: &sourcePlurals)
        var translated: [String: [GenL10nMessage.Case]] = [:]
        collect(parts, into: &translated)
        // Whether a name is read outside its own plurals (the count shown
        // beside them, or by another message part).
        func readsOutside(_ parts: [GenL10nMessage.Part], _ name: String) -> Bool {
            parts.contains { part in
                switch part {
                case .text: false
                case .placeholder(let n, _), .dateTime(let n, _, _, _): n == name
                case .plural(let n, _, let cases): n != name && cases.contains { readsOutside($0.message, name) }
                case .select(_, _, let cases): cases.contains { readsOutside($0.message, name) }
                }
            }
        }
        var found: [PlaceholderCheck.Difference] = []
        for name in translated.keys.sorted() {
            guard let original = sourcePlurals[name], let cases = translated[name] else { continue }
            let sourceShowsCount = original.contains { GenL10nMessage.uses($0.message).contains { $0.name == name } }
            let sourceHasEmpty = original.contains { $0.message.allSatisfy { $0 == .text("") } }
            let outside = readsOutside(parts, name)
            let shown = ARBFormat.shownCases(cases, isPlural: true)
            // Per category, whether some case of it (in any plural of the
            // count) shows the count.
            var showsCount: [String: Bool] = [:]
            for (category, c) in shown {
                showsCount[category] =
                    (showsCount[category] ?? false) || GenL10nMessage.uses(c.message).contains { $0.name == name }
            }
            var said = Set<String>()
            for (category, c) in shown where said.insert(category).inserted || c.message.allSatisfy({ $0 == .text("") })
            {
                let shownFor = numbers[category] ?? []
                if c.message.allSatisfy({ $0 == .text("") }) {
                    if !sourceHasEmpty {
                        found.append(.emptyForm(variable: name, category: category, numbers: shownFor))
                    }
                } else if sourceShowsCount, !outside, shownFor.count > 1, showsCount[category] != true {
                    found.append(
                        .caseWithoutCount(variable: name, label: c.label, category: category, numbers: shownFor))
                }
            }
        }
        return found
    }

    /// The label of the plural case that starts at `offset`.
    static func caseLabel(in parts: [GenL10nMessage.Part], at offset: Int) -> String? {
        for part in parts {
            switch part {
            case .plural(_, _, let cases), .select(_, _, let cases):
                for c in cases {
                    if c.offset == offset { return c.label }
                    if let inner = caseLabel(in: c.message, at: offset) { return inner }
                }
            default: continue
            }
        }
        return nil
    }

    /// Each `{name}` in `text` (name: `[A-Za-z0-9_|]+`), with its UTF-8
    /// bytes.
    static func names(in text: String) -> [(name: String, bytes: Range<Int>)] {
        var out: [(String, Range<Int>)] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "{") else {
                i += 1
                continue
            }
            var j = i + 1
            while j < bytes.count, GenL10nMessage.Parser.isWord(UInt16(bytes[j])) { j += 1 }
            if j > i + 1, j < bytes.count, bytes[j] == UInt8(ascii: "}") {
                out.append((String(decoding: bytes[(i + 1)..<j], as: UTF8.self), i..<(j + 1)))
                i = j + 1
            } else {
                i += 1
            }
        }
        return out
    }
}

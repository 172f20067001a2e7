/// `.stringsdict` files: plural rules per key, a property list.
public struct StringsdictFormat: StringsFormat {
    /// The short name.
    public let id = "stringsdict"
    /// The extensions it is known by.
    public let extensions = ["stringsdict"]
    /// How help names it.
    public let summary = "a .stringsdict file"

    /// Creates the format.
    public init() {}

    /// Whether standard input holds this format.
    public func claims(head: Substring, bytes: [UInt8]) -> Bool {
        StringsFile.isPropertyList(head, bytes)
            && (head.contains("NSStringLocalizedFormatKey") || Self.binaryHasFormatKey(bytes))
    }

    private static func binaryHasFormatKey(_ bytes: [UInt8]) -> Bool {
        let needle = Array("NSStringLocalizedFormatKey".utf8)
        guard BinaryPropertyList.isBinary(bytes), bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// The strings of the file.
    public func read(path: String, bytes: [UInt8], language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    {
        let fileLanguage = try StringsFile.lprojLanguage(path, budget: budget)
        if let language, let fileLanguage, !LanguageTag.matches(fileLanguage, language) { return [] }
        guard let plist = try StringsFile.propertyList(bytes) else {
            throw SourceError(SourcePosition(line: 1, column: 1), "a .stringsdict is a property list (XML or binary)")
        }
        return try StringsFile.stringsdict(plist, language: fileLanguage, budget: budget)
    }
}

extension StringsFile {
    /// A `.stringsdict`: per key, `NSStringLocalizedFormatKey` and the
    /// variables its `%#@name@` placeholders name, each a plural rule
    /// (`NSStringPluralRuleType`: zero, one, two, few, many, other) with
    /// its value type (`NSStringFormatValueTypeKey`); every variation
    /// measured, keyed `KEY|name.plural.one` (see `Substitutions`).
    static func stringsdict(_ plist: ParsedPlist, language: String?, budget: StringsBudget = StringsBudget())
        throws(SourceError) -> [LocalizedString]
    {
        guard case .dictionary(let entries) = plist.value else {
            throw SourceError(plist.position, "expected a dictionary of plural rules, found \(plist.kindDescription)")
        }
        var result: [LocalizedString] = []
        // Keys whose rules are the same (a binary plist's keys may all
        // reference one dictionary object) are expanded once: the forms are
        // the same but for the key.
        var expanded: [String: [LocalizedString]] = [:]
        for entry in entries {
            guard case .dictionary(let fields) = entry.value.value else {
                throw SourceError(
                    entry.value.position,
                    "expected \"\(entry.key)\" to be a dictionary, found \(entry.value.kindDescription)")
            }
            guard let format = fields.first(where: { $0.key == "NSStringLocalizedFormatKey" })?.value else {
                throw SourceError(entry.keyPosition, "\"\(entry.key)\" has no NSStringLocalizedFormatKey")
            }
            guard let formatText = format.string else {
                throw SourceError(
                    format.position,
                    "expected NSStringLocalizedFormatKey to be a string, found \(format.kindDescription)")
            }
            var variables: [String: Substitutions.Variable] = [:]
            for field in fields where field.key != "NSStringLocalizedFormatKey" {
                guard case .dictionary(let rule) = field.value.value else { continue }
                let type = rule.first { $0.key == "NSStringFormatSpecTypeKey" }?.value.string
                guard type == nil || type == "NSStringPluralRuleType" else {
                    throw SourceError(
                        field.value.position,
                        "\"\(field.key)\" of \"\(entry.key)\" is a \(type ?? "") rule; typefit reads NSStringPluralRuleType"
                    )
                }
                let specifier = rule.first { $0.key == "NSStringFormatValueTypeKey" }?.value.string ?? "d"
                var variations: [(label: String, text: String)] = []
                var positions: [String: SourcePosition] = [:]
                for category in ["zero", "one", "two", "few", "many", "other"] {
                    if let value = rule.first(where: { $0.key == category })?.value, let text = value.string {
                        variations.append(("plural." + category, text))
                        positions["plural." + category] = value.position
                    }
                }
                variables[field.key] = Substitutions.Variable(
                    specifier: specifier, argument: nil, variations: variations)
                variables[field.key]?.positions = positions
            }
            var base = LocalizedString(key: entry.key, language: language, text: formatText)
            base.format = FormatSource(text: formatText, variables: variables)
            base.position = format.position
            // Where the format is belongs to the signature: forms point into
            // their own entry (a binary plist's shared object has one place).
            var signature = "\(format.position.line):\(format.position.column)\u{3}" + formatText
            for name in variables.keys.sorted() {
                guard let variable = variables[name] else { continue }
                signature += "\u{0}" + name + "\u{1}" + variable.specifier
                for variation in variable.variations {
                    signature += "\u{1}" + variation.label + "\u{2}" + variation.text
                }
            }
            let forms: [LocalizedString]
            do {
                if let known = expanded[signature] {
                    forms = known.map { form in
                        var copy = form
                        copy.move(toEntry: entry.key)
                        return copy
                    }
                } else {
                    forms = try Substitutions.expand(base, variables)
                    expanded[signature] = forms
                }
            } catch {
                throw SourceError(
                    entry.keyPosition,
                    "the variables of \"\(entry.key)\" name each other in a cycle (\(error.description))")
            }
            // Keys may share one plural dictionary (a binary plist's
            // references): each key's forms are taken from the run's budget
            // as they are made.
            try budget.take(forms.count, at: entry.keyPosition)
            result += forms
        }
        return result
    }
}

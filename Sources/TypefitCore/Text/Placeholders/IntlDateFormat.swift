/// intl's `DateFormat` as `flutter gen-l10n`'s generated code calls it: a
/// placeholder's `format` names one of `DateFormat`'s constructors
/// (`yMMMd`), several joined by `+` (`yMd+Hm`: `DateFormat.yMd(locale).add_Hm()`,
/// the patterns joined by a space), or with `isCustomDateFormat` a
/// pattern of its own (`DateFormat('EEE, MMM d', locale)`). Sources:
/// flutter_tools `gen_l10n_types.dart:31–76` (the constructors gen-l10n
/// accepts), `gen_l10n.dart:141–203`; intl's `date_time_patterns.dart`
/// (`IntlDatePatterns`) and `date_format_field.dart:350–390` (the fields
/// it writes).
public enum IntlDateFormat {
    /// The `DateFormat` constructors gen-l10n accepts as a `format`.
    public static let constructors: Set<String> = [
        "d", "E", "EEEE", "LLL", "LLLL", "M", "Md", "MEd", "MMM", "MMMd", "MMMEd", "MMMM", "MMMMd", "MMMMEEEEd",
        "QQQ", "QQQQ", "y", "yM", "yMd", "yMEd", "yMMM", "yMMMd", "yMMMEd", "yMMMM", "yMMMMd", "yMMMMEEEEd", "yQQQ",
        "yQQQQ", "H", "Hm", "Hms", "j", "jm", "jms", "jmv", "jmz", "jv", "jz", "m", "ms", "s",
    ]

    /// Whether gen-l10n accepts `format` as a date format: every part
    /// between `+` a constructor, or any text with `isCustomDateFormat`.
    public static func isValid(_ format: String, isCustom: Bool) -> Bool {
        isCustom
            || format.split(separator: "+", omittingEmptySubsequences: false).allSatisfy {
                constructors.contains(String($0))
            }
    }

    /// intl's skeleton table, unpacked once.
    static let table: [String: [String: String]] = IntlDatePatterns.packed.mapValues { packed in
        var out: [String: String] = [:]
        for pair in packed.split(separator: "\u{1E}") {
            let parts = pair.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    /// The locale intl's date data has for `language` (`IntlLocale`), or
    /// `nil`: intl then throws "Invalid locale" and the app's `DateFormat`
    /// fails.
    public static func locale(for language: String) -> String? {
        IntlLocale.verified(language) { table[$0] != nil }
    }

    /// The pattern the generated code formats with in `language`, with
    /// only the fields intl writes (`nil`: not a format gen-l10n accepts,
    /// or a locale intl lacks).
    public static func pattern(_ format: String, isCustom: Bool, language: String) -> String? {
        guard isValid(format, isCustom: isCustom) else { return nil }
        let written: String
        // Constructors whenever every part names one, custom or not
        // (gen-l10n's "use standard date format whenever possible").
        if format.split(separator: "+", omittingEmptySubsequences: false).allSatisfy({
            constructors.contains(String($0))
        }) {
            guard let locale = locale(for: language), let patterns = table[locale] else { return nil }
            var joined: [String] = []
            for part in format.split(separator: "+") {
                guard let pattern = patterns[String(part)] else { return nil }
                joined.append(pattern)
            }
            written = joined.joined(separator: " ")
        } else {
            guard locale(for: language) != nil else { return nil }
            written = format
        }
        return intlFields(written)
    }

    /// The letters intl's `DateFormat` writes a field for; any other
    /// (`z`, `v`, `Z`, `e` …) it writes as nothing (`formatField`'s
    /// default), so `jmz` prints "9:45 PM " in English.
    static let writtenFields: Set<Character> = [
        "a", "c", "d", "D", "E", "G", "h", "H", "K", "k", "L", "M", "m", "Q", "S", "s", "y",
    ]

    /// `pattern` with the fields intl does not write removed (quoted
    /// text kept as it is).
    static func intlFields(_ pattern: String) -> String {
        var out = ""
        var quoted = false
        for character in pattern {
            if character == "'" {
                quoted.toggle()
                out.append(character)
            } else if !quoted, character.isASCII, character.isLetter, !writtenFields.contains(character) {
                continue
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The moment dates are shown at: Wednesday 30 September 2026,
    /// 21:45:30 UTC (long names: September, Wednesday; an evening hour, a
    /// two-digit day), in milliseconds since 1970.
    public static let sampleMilliseconds = 1_790_804_730_000.0
}

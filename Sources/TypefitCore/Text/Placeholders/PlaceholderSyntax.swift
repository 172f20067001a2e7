import Synchronization

/// How a family of strings writes its placeholders: how samples fill a
/// form, how a translation is compared with its source, and how the
/// strings' markup is drawn. One conformer per syntax, named once in
/// `FormatSyntax`; the gate, the samples, the styling and the pseudolocales
/// call the protocol and never ask which syntax a string has (a test of
/// "is it Foundation's" once sent a new syntax silently down Java's path).
///
/// Whether a string is a format at all is the string's, not its syntax's
/// (`LocalizedString.isFormatted`): Android's `formatted="false"` and the
/// strings `getString(id)` shows as written sit in Java's tables and are
/// judged by Java's check (`placeholder-source-takes-none`).
public protocol PlaceholderSyntax: Sendable {
    /// Its name (`foundation`, `java`).
    static var identifier: String { get }
    /// How its strings' markup is drawn, and so how pseudolocales are made
    /// of them.
    static var markup: StringMarkup { get }
    /// Where `text`'s placeholders are (UTF-8 offsets): kept whole when a
    /// pseudolocale is made of the text.
    static func placeholderBytes(in text: String) -> [Range<Int>]
    /// `string` with its placeholders replaced by `samples`' values (and
    /// the `numbers` of its plural forms), `nil` where nothing is replaced.
    static func filled(_ string: LocalizedString, with samples: PlaceholderSamples, numbers: [String: String])
        -> LocalizedString?
    /// A table's placeholder problems: each source that is no valid format,
    /// and each translation whose placeholders differ from its source's.
    static func problems(in table: PlaceholderTable) -> [PlaceholderCheck.Problem]
}

/// How a syntax's strings carry their markup.
public enum StringMarkup: Sendable, Equatable {
    /// In the text, as SwiftUI's `LocalizedStringKey` reads it: Markdown
    /// rendered after the samples are in (unless asked not to);
    /// pseudolocales made of the text, its placeholders guarded.
    case markdown
    /// As spans the reader took from the file's markup (Android's `<b>`),
    /// never Markdown; pseudolocales made as aapt2 makes them, spans kept
    /// and arrays left out.
    case resourceSpans
}

/// A string's placeholder syntax: one of the conformers of
/// `PlaceholderSyntax`, compared by type. A new syntax is its type and one
/// line here.
///
/// Held as a byte (its place among the syntaxes made so far): every string
/// carries one, and a conformer's type as an existential is 16 bytes,
/// which grew an Android run's memory by 7 %.
public struct FormatSyntax: Sendable, Equatable, CustomStringConvertible {
    /// Its place in `registered`.
    private let index: UInt8

    /// Foundation's `String(format:)` (`%@`, `%lld`).
    public static let foundation = FormatSyntax(FoundationPlaceholders.self)
    /// Java's `java.util.Formatter` (`%1$s`, `%,d`), as Android formats.
    public static let java = FormatSyntax(JavaPlaceholders.self)
    /// Flutter's ARB messages as `flutter gen-l10n` reads them (`{name}`,
    /// `{count, plural, …}`).
    public static let genL10n = FormatSyntax(GenL10nPlaceholders.self)

    /// The syntaxes made so far, in order: a few, never removed.
    private static let registered = Mutex<[any PlaceholderSyntax.Type]>([])

    /// The syntax `syntax` conforms.
    public init(_ syntax: any PlaceholderSyntax.Type) {
        index = Self.registered.withLock { list in
            if let known = list.firstIndex(where: { ObjectIdentifier($0) == ObjectIdentifier(syntax) }) {
                return UInt8(known)
            }
            precondition(list.count < Int(UInt8.max), "too many placeholder syntaxes")
            list.append(syntax)
            return UInt8(list.count - 1)
        }
    }

    /// The conformer.
    public var syntax: any PlaceholderSyntax.Type { Self.registered.withLock { $0[Int(index)] } }

    /// Its strings' markup.
    public var markup: StringMarkup { syntax.markup }

    /// The syntax's identifier.
    public var description: String { syntax.identifier }
}

/// One table's entries as the placeholder check groups them (each entry's
/// forms in one language), for a syntax to judge.
public struct PlaceholderTable {
    /// The entries, sources and translations.
    var entries: [PlaceholderCheck.Entry]
    /// The table's own development language (a String Catalog's), `nil`
    /// for `.lproj` tables.
    var development: String?
    /// Per language, per CLDR category, the numbers its forms are shown for.
    var pluralNumbers: ((String) -> [String: [Int]]?)?
}

/// Foundation's `String(format:)`: `%@`, `%lld`, `%1$@`, stringsdict
/// variables (`%#@count@`); strings styled by Markdown.
public enum FoundationPlaceholders: PlaceholderSyntax {
    /// Its name.
    public static let identifier = "foundation"
    /// SwiftUI reads Markdown in a `LocalizedStringKey`.
    public static let markup = StringMarkup.markdown

    /// Each `%` specifier as `String(format:)` scans it.
    public static func placeholderBytes(in text: String) -> [Range<Int>] {
        PlaceholderSamples.placeholders(in: text)
    }

    /// Samples as `String(format:)` prints them, plural variables expanded.
    public static func filled(
        _ string: LocalizedString, with samples: PlaceholderSamples, numbers: [String: String]
    ) -> LocalizedString? {
        let (replaced, substitutions) = samples.substitute(string.text, numbers: numbers)
        guard replaced != string.text || !substitutions.isEmpty else { return nil }
        var copy = string
        copy.original = string.original ?? string.text
        copy.text = replaced
        copy.substitutions = substitutions
        copy.capLength()
        return copy
    }

    /// Each source whose own format is faulty; each translation whose
    /// arguments or plural forms differ from its source (GNU gettext's
    /// Objective-C check, per form for the numbers it is shown for).
    public static func problems(in table: PlaceholderTable) -> [PlaceholderCheck.Problem] {
        let entries = table.entries
        var problems: [PlaceholderCheck.Problem] = []
        var analyses: [Int: FormatAnalysis] = [:]
        var faulty = Set<Int>()
        var sourceIndex: [String: Int] = [:]
        for e in entries.indices where entries[e].isSource {
            if sourceIndex[entries[e].key] == nil { sourceIndex[entries[e].key] = e }
            let analysis = FormatAnalysis(forms: entries[e].forms)
            analyses[e] = analysis
            let own = analysis.ownDifferences(isFormat: analysis.isFormat)
            guard !own.isEmpty else { continue }
            faulty.insert(e)
            problems.append(PlaceholderCheck.sourceProblem(entries[e], own))
        }
        for entry in entries where !entry.isSource {
            // A key the source's files lack is no placeholder question
            // (and not a stale one: code often passes the English text
            // as the key, which no English file then holds).
            guard let s = sourceIndex[entry.key], !faulty.contains(s), let source = analyses[s] else { continue }
            // A catalog's key written as a format is what the code
            // passes (Xcode extracts `Text("… \(count)")` so).
            let call =
                table.development != nil && entry.key.utf8.contains(UInt8(ascii: "%"))
                ? FormatAnalysis(forms: [FormatSource(text: entry.key)]) : nil
            // Each plural form for the numbers it is shown for.
            let found = PlaceholderCheck.merged(
                FormatAnalysis(forms: entry.forms).differences(from: source, call: call),
                PluralFormCheck.differences(
                    source: entries[s].forms, translation: entry.forms,
                    numbers: table.pluralNumbers?(entry.language)))
            guard let first = found.first else { continue }
            problems.append(
                PlaceholderCheck.problem(
                    entry, source: entries[s].written, sourceForms: entries[s].writtenForms, differences: found,
                    first: first))
        }
        return problems
    }
}

/// Java's `java.util.Formatter` as Android's `getString(id, args…)` formats:
/// `%1$s`, `%,d`; strings styled by their resource's spans.
public enum JavaPlaceholders: PlaceholderSyntax {
    /// Its name.
    public static let identifier = "java"
    /// A resource's markup (`<b>`) is read as spans.
    public static let markup = StringMarkup.resourceSpans

    /// Each specifier as `java.util.Formatter` parses it (none when it throws).
    public static func placeholderBytes(in text: String) -> [Range<Int>] {
        guard case .success(let specifiers) = JavaFormatSpecifiers.parse(text) else { return [] }
        return specifiers.map(\.bytes)
    }

    /// Samples as `java.util.Formatter` prints them, a section's
    /// `<xliff:g example>` first; spans moved with the text.
    public static func filled(
        _ string: LocalizedString, with samples: PlaceholderSamples, numbers: [String: String]
    ) -> LocalizedString? {
        guard
            let java = samples.substituteJava(
                string.text, numbers: numbers, examples: string.placeholderExamples, spans: string.spans)
        else { return nil }
        var copy = string
        copy.original = string.original ?? string.text
        copy.text = java.text
        copy.substitutions = java.substitutions
        copy.spans = java.spans
        copy.placeholderExamples = []
        // A string measured is at most `maximumLength` characters once
        // its samples are in.
        copy.capLength()
        return copy
    }

    /// Each source Java throws on; each translation whose arguments differ
    /// from its source's, or that reads arguments its source never takes.
    public static func problems(in table: PlaceholderTable) -> [PlaceholderCheck.Problem] {
        PlaceholderCheck.javaProblems(table.entries, pluralNumbers: table.pluralNumbers)
    }
}

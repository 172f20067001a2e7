/// One string to measure or fit, and where it came from.
///
/// `@unchecked Sendable`: its one stored property is the box of its
/// fields (`Fields`, which is `Sendable`), changed only when this string
/// alone holds it (copy on write).
public struct LocalizedString: @unchecked Sendable, Equatable {
    /// Its key (a `.strings` or String Catalog key; `FILE:LINE` for a text
    /// file; the text itself for an argument).
    public var key: String {
        get { box.fields.pointee.key }
        set { unique.key = newValue }
        _modify { yield &unique.key }
    }
    /// Its language, when known (`de` from `de.lproj`, a catalog's
    /// localization).
    public var language: String? {
        get { box.fields.pointee.language }
        set { unique.language = newValue }
        _modify { yield &unique.language }
    }
    /// The text measured: the string with its format placeholders replaced
    /// by sample values (see `substituting`).
    public var text: String {
        get { box.fields.pointee.text }
        set { unique.text = newValue }
        _modify { yield &unique.text }
    }
    /// The string as written, when placeholders were replaced in `text`.
    public var original: String? {
        get { box.fields.pointee.original }
        set { unique.original = newValue }
        _modify { yield &unique.original }
    }
    /// The placeholders replaced, and by what.
    public var substitutions: [PlaceholderSamples.Substitution] {
        get { box.fields.pointee.substitutions }
        set { unique.substitutions = newValue }
        _modify { yield &unique.substitutions }
    }
    /// Whether SwiftUI draws it as Markdown unless told otherwise: the
    /// strings of a format that says so (String Catalogs).
    public var isMarkdownByDefault: Bool {
        get { box.fields.pointee.isMarkdownByDefault }
        set { unique.isMarkdownByDefault = newValue }
        _modify { yield &unique.isMarkdownByDefault }
    }
    /// When `text` is Markdown as drawn (`renderingMarkdown`): its bold,
    /// italic and monospaced runs.
    public var spans: [InlineMarkdown.Span] {
        get { box.fields.pointee.spans }
        set { unique.spans = newValue }
        _modify { yield &unique.spans }
    }
    /// A limit typefit applied to this string (cut to `maximumLength`, one
    /// of a capped set of substitution forms), in words for a note.
    public var capNote: String? {
        get { box.fields.pointee.capNote }
        set { unique.capNote = newValue }
        _modify { yield &unique.capNote }
    }
    /// The entry it is a form of: its key without a variation's suffix
    /// (`KEY` for `KEY|plural.one`); the forms of one entry share it.
    public var entry: String {
        get { box.fields.pointee.entry }
        set { unique.entry = newValue }
        _modify { yield &unique.entry }
    }
    /// Which of its entry's forms it is, step by step (`vary`); `key` is
    /// `entry` and these steps written out.
    public internal(set) var form: [FormStep] {
        get { box.fields.pointee.form }
        set { unique.form = newValue }
        _modify { yield &unique.form }
    }
    /// The development language of the file it came from, when the file
    /// says (a String Catalog's `sourceLanguage`).
    public var sourceLanguage: String? {
        get { box.fields.pointee.sourceLanguage }
        set { unique.sourceLanguage = newValue }
        _modify { yield &unique.sourceLanguage }
    }
    /// The translator's comment (a String Catalog's `comment`).
    public var comment: String? {
        get { box.fields.pointee.comment }
        set { unique.comment = newValue }
        _modify { yield &unique.comment }
    }
    /// The format as written, before its `%#@name@` variables were
    /// expanded (`nil`: `written` is the format, with no variables), for
    /// the placeholder check.
    public var format: FormatSource? {
        get { box.fields.pointee.format }
        set { unique.format = newValue }
        _modify { yield &unique.format }
    }
    /// Where the string is in its file, when the format says: its value
    /// (a `.strings` value, a catalog localization's `"value"`, a
    /// `.stringsdict` form's `<string>`, a text file's line), else its key.
    /// Findings point there: CI shows them on that line.
    public var position: SourcePosition? {
        get { box.fields.pointee.position }
        set { unique.position = newValue }
        _modify { yield &unique.position }
    }
    /// The file it was read from (`-` for standard input; `nil` for an
    /// argument).
    public var file: String? {
        get { box.fields.pointee.file }
        set { unique.file = newValue }
        _modify { yield &unique.file }
    }
    /// Earlier places in the same file that gave the same key another
    /// value: Foundation keeps the last (CFOldStylePList.c's
    /// `parsePlistDictContent` sets each pair into one dictionary).
    public var replaced: [SourcePosition] {
        get { box.fields.pointee.replaced }
        set { unique.replaced = newValue }
        _modify { yield &unique.replaced }
    }
    /// A String Catalog localization's `state` (`translated`,
    /// `needs_review`, `stale`, `new`); for an untranslated copy, why:
    /// `new`, `empty` or `missing` (no localization in that language).
    public var state: String? {
        get { box.fields.pointee.state }
        set { unique.state = newValue }
        _modify { yield &unique.state }
    }
    /// Whether the entry has no translation in `language` (none, an empty
    /// value, or `state: "new"`): `text` is then what iOS shows instead,
    /// the development language's value (else the key).
    public var isUntranslated: Bool {
        get { box.fields.pointee.isUntranslated }
        set { unique.isUntranslated = newValue }
        _modify { yield &unique.isUntranslated }
    }

    /// The table it is compared within, when its format says (an Android
    /// `res` folder: every `values*` file of it is one table); else a
    /// String Catalog's file, or an `.lproj` table's name.
    public var table: String? {
        get { details?.value.table }
        set { update { $0.table = newValue } }
    }
    /// Whether its file is its table's source, when the format says
    /// (Android's `values/` folder, which names no language); else by
    /// language.
    public var isSource: Bool? {
        get { details?.value.isSource }
        set { update { $0.isSource = newValue } }
    }
    /// Whether it is to be translated (Android's `translatable="false"`):
    /// measured, never compared with a source.
    public var isTranslatable: Bool {
        get { details?.value.isTranslatable ?? true }
        set { update { $0.isTranslatable = newValue } }
    }
    /// The configuration qualifiers of its folder other than the language
    /// (Android's `night`, `sw600dp`, `v21`), as written.
    public var qualifiers: [String] {
        get { details?.value.qualifiers ?? [] }
        set { update { $0.qualifiers = newValue } }
    }
    /// How its placeholders are read: Foundation's `String(format:)` or
    /// Java's `java.util.Formatter` (Android).
    public var formatSyntax: FormatSyntax {
        get { box.fields.pointee.formatSyntax }
        set { unique.formatSyntax = newValue }
        _modify { yield &unique.formatSyntax }
    }
    /// Whether it is formatted at all: `false` for Android's
    /// `formatted="false"` and for a translation whose source reads no
    /// argument (`getString(id)` shows it as written).
    public var isFormatted: Bool {
        get { box.fields.pointee.isFormatted }
        set { unique.isFormatted = newValue }
        _modify { yield &unique.isFormatted }
    }
    /// Android's `@string/name` when the value is a reference to another
    /// string: resolved once every file is read (`text` is then that
    /// string's).
    public var reference: String? {
        get { details?.value.reference }
        set { update { $0.reference = newValue } }
    }
    /// Android's spans as aapt2 records them (UTF-16, last unit
    /// inclusive), for the pseudolocales (`spans` are what is measured).
    public var resourceSpans: [AndroidResourceText.Span] {
        get { details?.value.resourceSpans ?? [] }
        set { update { $0.resourceSpans = newValue } }
    }
    /// Android's `<xliff:g>` sections: their UTF-8 bytes in `text` and
    /// `example`, the sample a placeholder inside one is measured with.
    public var placeholderExamples: [AndroidResourceText.Placeholder] {
        get { details?.value.placeholderExamples ?? [] }
        set { update { $0.placeholderExamples = newValue } }
    }

    /// The placeholders an ARB message's metadata declares (`nil`: its
    /// metadata has no `placeholders`, or there is none).
    public var messagePlaceholders: [MessagePlaceholder]? {
        get { details?.value.arb?.placeholders }
        set {
            update {
                // The file's other details stay (whether it marks a locale,
                // its arguments' skeletons).
                var arb = $0.arb ?? ARBDetails(placeholders: nil, hasAttributes: false, settings: nil)
                arb.placeholders = newValue
                $0.arb = arb
            }
        }
    }
    /// What an ARB message's file says beyond its text: whether it has
    /// its `@key`, and the project's `l10n.yaml` (`nil`: defaults).
    public var arbDetails: ARBDetails? {
        get { details?.value.arb }
        set { update { $0.arb = newValue } }
    }

    /// What an Android resource says beyond the other formats (the table,
    /// role, qualifiers, references, raw spans and `<xliff:g>` sections
    /// above), boxed: most strings have none, and a catalog's 55,000 were
    /// 12 MB larger with them inline. The box is never changed in place
    /// (`update` makes a new one), so copies stay values.
    private var details: ResourceDetailsBox? {
        get { box.fields.pointee.details }
        set { unique.details = newValue }
    }

    /// Every field, in one box shared by copies until one of them changes
    /// (copy on write, as `Array` does): a string is copied from pass to
    /// pass (read, grouped, substituted, rendered, laid out, written), and
    /// a copy of twenty fields inline retained seventeen references each
    /// time (boxed, `fit` over 10,000 strings ran 4% fewer instructions).
    private var box: Box

    /// The fields, made this string's own before a change.
    private var unique: Fields {
        get { box.fields.pointee }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box.make(box.fields.pointee) }
            yield &box.fields.pointee
        }
    }

    /// Compares the fields (`==` of the struct they were before the box).
    public static func == (a: LocalizedString, b: LocalizedString) -> Bool {
        a.box === b.box || a.box.fields.pointee == b.box.fields.pointee
    }

    /// The stored fields (see the properties of the same names).
    struct Fields: Sendable, Equatable {
        var key: String
        var language: String?
        var text: String
        var original: String?
        var substitutions: [PlaceholderSamples.Substitution] = []
        var isMarkdownByDefault: Bool = false
        var spans: [InlineMarkdown.Span] = []
        var capNote: String?
        var entry: String
        var form: [FormStep] = []
        var sourceLanguage: String?
        var comment: String?
        var format: FormatSource?
        var position: SourcePosition?
        var file: String?
        var replaced: [SourcePosition] = []
        var state: String?
        var isUntranslated: Bool = false
        var formatSyntax: FormatSyntax = .foundation
        var isFormatted: Bool = true
        var details: ResourceDetailsBox?
    }

    /// The box: a `ManagedBuffer`, whose header is read and changed
    /// through a pointer, without the dynamic exclusivity check that a
    /// class's `var` (and `header`) costs on every access (a string's
    /// fields are read a few dozen times a run).
    final class Box: ManagedBuffer<Fields, UInt8> {
        static func make(_ fields: Fields) -> Box {
            unsafeDowncast(Box.create(minimumCapacity: 0) { _ in fields }, to: Box.self)
        }

        /// The fields, valid while the box lives (a string holds it while
        /// it reads or changes them).
        var fields: UnsafeMutablePointer<Fields> { withUnsafeMutablePointerToHeader { $0 } }
    }

    /// Sets every boxed detail at once (one box per string read).
    mutating func setDetails(_ value: ResourceDetails) {
        details = value == ResourceDetails() ? nil : ResourceDetailsBox(value)
    }

    /// Changes the boxed details.
    private mutating func update(_ change: (inout ResourceDetails) -> Void) {
        var value = details?.value ?? ResourceDetails()
        change(&value)
        details = value == ResourceDetails() ? nil : ResourceDetailsBox(value)
    }

    /// The most Unicode scalars of one string typefit measures: UI strings
    /// are far shorter, and a catalog from a pull request may hold a
    /// string of megabytes that would make a page no browser loads.
    public static let maximumLength = 20_000

    /// Creates a string (cut to `maximumLength`, with a `capNote`), a form
    /// of `entry` (by default the key itself).
    public init(key: String, language: String?, text: String, entry: String? = nil) {
        box = Box.make(Fields(key: key, language: language, text: text, entry: entry ?? key))
        capLength()
    }

    /// Cuts `text` to `maximumLength` scalars, noting it.
    mutating func capLength() {
        if let cut = Self.capped(text) {
            text = cut
            capNote =
                capNote
                ?? "is longer than \(Self.maximumLength) characters; its first \(Self.maximumLength) are measured"
        }
        if let safe = Self.streamSafe(text) {
            text = safe
            capNote =
                capNote
                ?? "has more than \(Self.maximumNonStarters) combining marks in a row (Unicode's stream-safe limit); "
                + "the marks past it are not measured"
        }
    }

    /// The most non-starters (combining marks, canonical combining class
    /// other than 0) in a row a string measured holds: UAX #15's
    /// Stream-Safe Text Format. HarfBuzz's work grows with the square of
    /// such a run (one grapheme of 20,000 marks: 0.8 s).
    public static let maximumNonStarters = 30

    /// `text` without the non-starters past `maximumNonStarters` in a row,
    /// or `nil` when it has no such run.
    public static func streamSafe(_ text: String) -> String? {
        // A non-starter takes two bytes or more: a text of fewer bytes than
        // a run too long would take has none (most UI strings).
        guard text.utf8.count > 2 * maximumNonStarters + 1 else { return nil }
        // Every non-starter is at U+0300 or above (a UTF-8 lead byte from
        // 0xCC): a string with no run of more than `maximumNonStarters` such
        // characters in a row has none too long, and most strings (words
        // between ASCII spaces) end here without a look at Unicode's
        // properties, which cost a third of reading a text file.
        let longRun =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var run = 0
                for byte in bytes where byte < 0x80 || byte >= 0xC0 {
                    run = byte >= 0xCC ? run + 1 : 0
                    if run > maximumNonStarters { return true }
                }
                return false
            } ?? true
        guard longRun else { return nil }
        var run = 0
        var tooLong = false
        for scalar in text.unicodeScalars {
            run = scalar.properties.canonicalCombiningClass.rawValue == 0 ? 0 : run + 1
            if run > maximumNonStarters {
                tooLong = true
                break
            }
        }
        guard tooLong else { return nil }
        var kept = String.UnicodeScalarView()
        run = 0
        for scalar in text.unicodeScalars {
            run = scalar.properties.canonicalCombiningClass.rawValue == 0 ? 0 : run + 1
            if run <= maximumNonStarters { kept.append(scalar) }
        }
        return String(kept)
    }

    /// `text`'s first `maximumLength` scalars, or `nil` when it has no
    /// more.
    public static func capped(_ text: String) -> String? {
        guard text.utf8.count > maximumLength else { return nil }
        var scalars = text.unicodeScalars
        guard scalars.count > maximumLength else { return nil }
        scalars.removeSubrange(scalars.index(scalars.startIndex, offsetBy: maximumLength)...)
        return String(scalars)
    }

    /// The string with its placeholders replaced by `samples`' values, and
    /// those `numbers` names (as written: a plural form's number) by
    /// theirs unless `samples` gives one.
    public func substituting(_ samples: PlaceholderSamples, numbers: [String: String] = [:]) -> LocalizedString {
        substituted(samples, numbers: numbers) ?? self
    }

    /// `substituting`, or `nil` where nothing is replaced (most strings:
    /// the caller then keeps the string it has, not a copy).
    public func substituted(_ samples: PlaceholderSamples, numbers: [String: String] = [:]) -> LocalizedString? {
        guard isFormatted else { return nil }
        return formatSyntax.syntax.filled(self, with: samples, numbers: numbers)
    }

    /// The string as written.
    public var written: String { original ?? text }

    /// The string as SwiftUI draws a `LocalizedStringKey`: Markdown markup
    /// removed, its runs in `spans`. Applied after the placeholders are
    /// replaced (sample values hold no markup, so the order does not
    /// change what is drawn). `nil` when it has no markup.
    public func renderingMarkdown() -> LocalizedString? {
        guard InlineMarkdown.hasMarkup(text) else { return nil }
        let rendered = InlineMarkdown.render(text)
        var copy = self
        copy.original = original ?? text
        copy.text = rendered.text
        copy.spans = rendered.spans
        return copy
    }
}

/// `LocalizedString`'s Android details (see its properties of the same
/// names).
struct ResourceDetails: Sendable, Equatable {
    var table: String?
    var isSource: Bool?
    var isTranslatable = true
    var qualifiers: [String] = []
    var reference: String?
    var resourceSpans: [AndroidResourceText.Span] = []
    var placeholderExamples: [AndroidResourceText.Placeholder] = []
    var arb: ARBDetails?
}

/// An immutable box for `ResourceDetails`, compared by value.
final class ResourceDetailsBox: Sendable, Equatable {
    let value: ResourceDetails

    init(_ value: ResourceDetails) { self.value = value }

    static func == (a: ResourceDetailsBox, b: ResourceDetailsBox) -> Bool { a === b || a.value == b.value }
}

/// A plural variation a string form is (`LocalizedString.pluralForms`).
public struct PluralForm: Sendable, Equatable {
    /// The placeholder the variable's number fills, as written (`%lld`,
    /// `%2$lld`); `nil` for the first integer placeholder.
    public var placeholder: String?
    /// The CLDR category (`one`, `few`, `other` …).
    public var category: String
    /// Whether it is an item of Android's `<plurals>`: a plural of the
    /// whole string, whatever argument holds its number, and a plural
    /// even with `other` alone (Android lint's `MissingQuantity`).
    public var isPluralsItem: Bool

    /// Creates one.
    public init(placeholder: String?, category: String, isPluralsItem: Bool = false) {
        self.placeholder = placeholder
        self.category = category
        self.isPluralsItem = isPluralsItem
    }
}

/// The numbers plural forms are measured with: per CLDR category of a
/// language, a number ICU's rules put in it, the widest that is (a gate
/// should fail on the longest form iOS can show): 1,000,000 when it is of
/// the category, else the largest candidate (English `one` → 1, Russian
/// `one` → 1,000,101, `few` → 1,000,104, Arabic `zero` → 0).
public enum PluralSamples {
    /// The numbers tried: 0–110 and 1,000,000–1,000,110 (every CLDR rule
    /// looks at the last two digits, the number's size or its zero-ness).
    public static let candidates: [Int] = Array(0...110) + Array(1_000_000...1_000_110)

    /// Per category, its number, given each candidate's category (in
    /// `candidates`' order).
    public static func numbers(categories: [String]) -> [String: Int] {
        var numbers: [String: Int] = [:]
        for (number, category) in zip(candidates, categories) {
            if numbers[category] == 1_000_000 { continue }
            if number == 1_000_000 || numbers[category].map({ number > $0 }) ?? true { numbers[category] = number }
        }
        return numbers
    }

    /// `number` as the default samples write integers (`1,000,101`).
    public static func formatted(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}

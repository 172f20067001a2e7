/// An Android resource file (`res/values*/*.xml`, root `<resources>`) as
/// strings: each `<string>`, each `<plurals>` item (keyed `name|plural.one`,
/// measured with a number of its category) and each `<string-array>` item
/// (keyed `name[0]`), valued as aapt2 values them (`AndroidValuesFile`).
///
/// The folder gives the language (`values-pt-rBR` is `pt-BR`) and the other
/// qualifiers; `values/` names none: it is the source, in the run's source
/// language (`--source-language`, default `en`). Every `values*` folder of
/// one `res` folder is one table (Android merges a configuration's files
/// into one set of names). Placeholders are Java's (`formatted="false"`, or
/// a string that takes no argument, is shown as written); `<b>`, `<i>`,
/// `<tt>` spans are measured in the bold, italic and monospaced faces.
public struct AndroidStringsFormat: StringsFormat {
    /// The short name.
    public let id = "android"
    /// The extensions it is known by.
    public let extensions = ["xml"]
    /// How help names it.
    public let summary = "an Android resource file (res/values*/*.xml, a values folder, a res folder or a project root)"

    /// Creates the format.
    public init() {}

    /// Whether standard input holds this format: XML whose first element
    /// is `<resources>` (a property list's is `<plist>`).
    public func claims(head: Substring, bytes: [UInt8]) -> Bool {
        head.hasPrefix("<") && AndroidValuesFile.isResourceFile(bytes)
    }

    /// Across the run's files: references resolved through the tables, a
    /// source's `<xliff:g example>` shared with translations that dropped
    /// the section, and translations of a source that reads no argument
    /// shown as written (`AndroidRunPasses`).
    public func settle(_ strings: inout [LocalizedString], every tables: [StringsTable]) -> [StringsRunNote] {
        var notes: [StringsRunNote] = []
        AndroidRunPasses.resolveReferences(&strings, every: tables, into: &notes)
        AndroidRunPasses.shareExamples(&strings, every: tables)
        AndroidRunPasses.unformattedLikeTheirSource(&strings, every: tables)
        return notes
    }

    /// The strings of the file, `values/`'s in English.
    public func read(path: String, bytes: [UInt8], language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    {
        try read(path: path, bytes: bytes, language: language, sourceLanguage: "en", budget: budget)
    }

    /// The strings of the file; `values/`'s (and a file in no `values`
    /// folder's) are in `sourceLanguage`.
    public func read(
        path: String, bytes: [UInt8], language: String?, sourceLanguage: String, budget: StringsBudget
    ) throws(SourceError) -> [LocalizedString] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let fileName = parts.last ?? path
        let folderName = parts.count >= 2 ? parts[parts.count - 2] : ""
        let folder = try AndroidResourceFolder.parse(folderName)
        let resources = parts.count >= 3 ? parts.dropLast(2).joined(separator: "/") : "."
        let isSource = folder?.language == nil
        let tag = folder?.language ?? sourceLanguage
        if let problem = LanguageTag.problem(tag) {
            throw SourceError(SourcePosition(line: 1, column: 1), "the source language gives no language: \(problem)")
        }
        let entries = try AndroidValuesFile.read(bytes, fileName: fileName)
        if let language, !LanguageTag.matches(language, tag) { return [] }
        guard !entries.isEmpty else { return [] }
        try budget.admitLanguage(tag, at: SourcePosition(line: 1, column: 1))
        var strings: [LocalizedString] = []
        for entry in entries {
            try budget.take(entry.forms.count, at: entry.position)
            for form in entry.forms {
                // An array's item is an entry of its own, named as the
                // item: a device reads each by its index alone.
                let key =
                    entry.kind == .string || entry.kind == .plurals ? entry.name : entry.name + "[\(form.index ?? 0)]"
                var string = LocalizedString(key: key, language: tag, text: form.value.text)
                // A `<plurals>` item always has its quantity (the reader
                // requires it).
                if let quantity = form.quantity {
                    // `getQuantityString(id, n, n)`: the first integer
                    // argument is the number.
                    let number =
                        (try? JavaFormatSpecifiers.parse(form.value.text).get())?.first { $0.kind == .integer }?.text
                    string.vary(FormStep(.plural, quantity, count: number, isPluralsItem: true))
                }
                string.position = form.position
                string.sourceLanguage = sourceLanguage
                string.setDetails(
                    ResourceDetails(
                        table: resources, isSource: isSource, isTranslatable: entry.isTranslatable,
                        qualifiers: folder?.qualifiers ?? [], reference: form.value.reference,
                        resourceSpans: form.value.spans, placeholderExamples: form.value.placeholders))
                string.formatSyntax = .java
                string.isFormatted = entry.isFormatted
                string.spans = Self.spans(of: form.value)
                if string.capNote != nil { Self.keepWithin(&string) }
                strings.append(string)
            }
        }
        return strings
    }

    /// A string cut to `LocalizedString.maximumLength`: its spans and
    /// sections kept to the text that is left (past it they point at
    /// nothing).
    static func keepWithin(_ string: inout LocalizedString) {
        let bytes = string.text.utf8.count
        let units = string.text.utf16.count
        string.spans = string.spans.compactMap { span in
            let end = min(span.range.upperBound, bytes)
            return end > span.range.lowerBound
                ? InlineMarkdown.Span(range: span.range.lowerBound..<end, traits: span.traits) : nil
        }
        string.resourceSpans = string.resourceSpans.compactMap { span in
            guard span.first < units else { return nil }
            return AndroidResourceText.Span(name: span.name, first: span.first, last: min(span.last, units - 1))
        }
        string.placeholderExamples.removeAll { $0.bytes.upperBound > bytes }
    }

    /// The spans that change how text is drawn, as UTF-8 ranges: `<b>`
    /// bold, `<i>` italic, `<tt>` monospaced, `<strike>` struck through,
    /// `<a>` a link (Android's `Resources.getText` makes these of them;
    /// `<u>`, colours and annotations change no width; `<big>` and
    /// `<small>` change the size, which typefit does not measure yet).
    static func spans(of value: AndroidResourceText) -> [InlineMarkdown.Span] {
        spans(value.spans, in: value.text)
    }

    /// `spans` of `text` (UTF-16, inclusive) as measured runs.
    public static func spans(_ spans: [AndroidResourceText.Span], in text: String) -> [InlineMarkdown.Span] {
        let value = (text: text, spans: spans)
        guard !value.spans.isEmpty else { return [] }
        // UTF-16 offsets to UTF-8 ones.
        var utf8Offsets: [Int] = []
        utf8Offsets.reserveCapacity(value.text.utf16.count + 1)
        var offset = 0
        for scalar in value.text.unicodeScalars {
            let units = scalar.utf16.count
            let bytes = scalar.utf8.count
            for _ in 0..<units { utf8Offsets.append(offset) }
            offset += bytes
        }
        utf8Offsets.append(offset)
        var found: [InlineMarkdown.Span] = []
        for span in value.spans {
            let name = span.name.prefix { $0 != ";" }
            let traits: InlineMarkdown.Traits
            switch name {
            case "b": traits = .bold
            case "i": traits = .italic
            case "tt": traits = .code
            case "strike": traits = .strikethrough
            case "a": traits = .link
            default: continue
            }
            let first = max(0, span.first)
            let end = min(span.last + 1, utf8Offsets.count - 1)
            guard end > first else { continue }
            found.append(InlineMarkdown.Span(range: utf8Offsets[first]..<utf8Offsets[end], traits: traits))
        }
        return runs(found)
    }

    /// Spans that may nest or overlap (`<b><i>…</i></b>`) as runs apart,
    /// each with the traits of every span over it, as Markdown's are.
    static func runs(_ spans: [InlineMarkdown.Span]) -> [InlineMarkdown.Span] {
        guard spans.count > 1 else { return spans }
        // A sweep over the spans' ends, counting the spans open per trait
        // (asking every span at every bound was quadratic: a string of
        // 100,000 spans took minutes).
        var events: [(position: Int, traits: InlineMarkdown.Traits, delta: Int)] = []
        events.reserveCapacity(spans.count * 2)
        for span in spans {
            events.append((span.range.lowerBound, span.traits, 1))
            events.append((span.range.upperBound, span.traits, -1))
        }
        events.sort { $0.position < $1.position }
        var open = [Int](repeating: 0, count: 8)
        var runs: [InlineMarkdown.Span] = []
        var e = 0
        while e < events.count {
            let start = events[e].position
            while e < events.count, events[e].position == start {
                for bit in 0..<8 where events[e].traits.rawValue & (1 << bit) != 0 { open[bit] += events[e].delta }
                e += 1
            }
            guard e < events.count else { break }
            let end = events[e].position
            var traits: InlineMarkdown.Traits = []
            for bit in 0..<8 where open[bit] > 0 { traits.insert(InlineMarkdown.Traits(rawValue: 1 << bit)) }
            guard !traits.isEmpty else { continue }
            if let last = runs.last, last.traits == traits, last.range.upperBound == start {
                runs[runs.count - 1].range = last.range.lowerBound..<end
            } else {
                runs.append(InlineMarkdown.Span(range: start..<end, traits: traits))
            }
        }
        return runs
    }
}

/// Every string laid out in every cell: a line count and an overflow flag
/// per (string, cell), in compact arrays in input order, and the `fit`
/// renderers (JSON streamed in chunks, the table for people).
public struct FitLayouts: Sendable {
    /// Per (string, cell): the line count, 0 where the cell's face could
    /// not be opened.
    public var lines: [Int32]
    /// Per (string, cell): whether a word is wider than the line.
    public var overflows: [Bool]
    /// How many cells each string was laid out in.
    public var cellCount: Int
    /// Why faces could not be opened, or the line breaker could not be had.
    public var failures: [String]
    /// Per string: the characters that have no glyph in any face (0 for
    /// none), as `measure` counts them.
    public var missingGlyphs: [Int32]
    /// Per string, at the one cell asked for (`FitEngine`'s `wordsAt`, the
    /// required size): the bytes of the first piece wider than the line,
    /// or `nil` (empty when no cell was asked for).
    public var overflowingPieces: [Range<Int>?] = []
    /// Per cell: the coordinates and tracking its face was measured at
    /// (`nil` where it could not be opened).
    public var settings: [FaceSetting?] = []
    /// How many shapings each string took (`Measurements`).
    public var shapingsPerString = 0
    /// Per string: the faces that drew characters its face lacks (empty
    /// for none; a face's sizes share their fallbacks).
    public var fallbacks: [[FallbackUse]] = []
    /// Per string: the index of the first string of the same text and
    /// language, laid out once for both (itself when none came before;
    /// empty when not told).
    public var firstOfSame: [Int] = []

    /// Creates layouts.
    public init(lines: [Int32], overflows: [Bool], cellCount: Int, failures: [String], missingGlyphs: [Int32] = []) {
        self.lines = lines
        self.overflows = overflows
        self.cellCount = cellCount
        self.failures = failures
        self.missingGlyphs = missingGlyphs
    }

    /// String `string` in cell `cell`, or `nil` where it was not laid out.
    public func layout(_ string: Int, _ cell: Int) -> LineFitter.Layout? {
        let n = lines[string * cellCount + cell]
        return n == 0 ? nil : LineFitter.Layout(lines: Int(n), overflows: overflows[string * cellCount + cell])
    }

    /// The largest cell (by point size) at which the string fits.
    public func largestFitting(_ string: Int, cells: [SizedCell], maxLines: Int) -> SizedCell? {
        largestFittingIndex(string, cells: cells, maxLines: maxLines).map { cells[$0] }
    }

    /// The index of the largest cell (by point size) at which the string
    /// fits, the last of equal sizes. By index: the document asks it of
    /// every string, and a cell is a few hundred bytes to copy.
    public func largestFittingIndex(_ string: Int, cells: [SizedCell], maxLines: Int) -> Int? {
        var largest: Int?
        var largestSize = -Double.infinity
        let base = string * cellCount
        cells.withUnsafeBufferPointer { cells in
            for c in cells.indices {
                let n = lines[base + c]
                guard n != 0, Int(n) <= maxLines, !overflows[base + c] else { continue }
                let size = cells[c].pointSize
                if size >= largestSize {
                    largest = c
                    largestSize = size
                }
            }
        }
        return largest
    }

    /// What the `fit` document says about the run besides its results.
    public struct Header: Sendable {
        /// `--width`.
        public var width: Double
        /// `--lines`.
        public var maxLines: Int
        /// The style's name on its platform.
        public var style: String?
        /// The platform's name.
        public var platform: String
        /// How the sizes were found (`Request.sizeModel`).
        public var model: String?
        /// What stands for the system font (`Request.systemFont`).
        public var systemFont: String?
        /// The size setting's key where strings must fit (`--require`),
        /// or `nil` (with rules: each rule's `require`).
        public var require: String?
        /// How many strings do not fit where required.
        public var failing = 0
        /// Translations whose placeholders differ from their sources'
        /// (`nil`: not compared, `--no-placeholder-check`).
        public var placeholders: [PlaceholderCheck.Problem]?
        /// Plurals missing categories their language uses (`nil`: not
        /// checked).
        public var pluralCoverage: [PlaceholderCheck.Coverage]?
        /// Where text stops growing or shrinking (`--maximum-category`,
        /// `--minimum-category`).
        public var clamp = SizeClamp()
        /// Entries a language does not translate (`nil`: not asked,
        /// `--require-translated`).
        public var untranslated: [PlaceholderCheck.Untranslated]?
        /// Per language, its untranslated entries counted and listed
        /// (`nil` with `untranslated`).
        public var untranslatedCounts: [PlaceholderCheck.UntranslatedCount]?
        /// How lines were broken (`lineBreaking` in the document: Android's
        /// settings, `null` for Apple's greedy filling).
        public var lineBreaking = LineBreaking.apple
        /// Whether lines wrapped at the width (`softWrap`: false with
        /// Flutter's `--no-soft-wrap`).
        public var softWrap = true

        /// Creates a header.
        public init(width: Double, maxLines: Int, style: String?, platform: String, model: String? = nil) {
            (self.width, self.maxLines, self.style) = (width, maxLines, style)
            (self.platform, self.model) = (platform, model)
        }
    }

    /// One result of a compact document, byte for byte what the member by
    /// member writing of `writeJSON` makes indented (without the
    /// indentation), as literal fragments between the values: the
    /// bookkeeping per member was a third of the document's instructions,
    /// and fit writes a result per string. The keys stay in sorted order.
    private static func writeCompactResult(
        _ writer: inout JSONWriter, _ string: LocalizedString, _ s: Int, group: Group, keys: JSONWriter.MemberKeys,
        order: [Int], layouts: FitLayouts, written: inout [CellRow: CellObjects]
    ) {
        let lineCounts = layouts.lines, overflowFlags = layouts.overflows, cellCount = layouts.cellCount
        let maxLines = group.maxLines
        // The three per-category objects follow from the string's line
        // counts and overflows alone, and a catalog has a few hundred
        // different ones among thousands of strings: each is written once
        // and copied after.
        let row = CellRow(lineCounts, overflowFlags, string: s, cellCount: cellCount)
        let known = row.flatMap { written[$0] }
        var made = CellObjects()
        func perCell(
            _ object: WritableKeyPath<CellObjects, [UInt8]>,
            _ value: (_ lines: Int32, _ overflows: Bool) -> JSONWriter.MemberValue
        ) {
            if let known {
                writer.fragmentBytes(known[keyPath: object])
                return
            }
            made[keyPath: object] = writer.fragmentObjectBytes(keys, order: order) { c in
                let n = lineCounts[s * cellCount + c]
                return n == 0 ? nil : value(n, overflowFlags[s * cellCount + c])
            }
        }
        // Kept to a few thousand rows (a megabyte or two): strings of all
        // different rows gain nothing from more.
        defer { if known == nil, let row, written.count < 4096 { written[row] = made } }
        writer.beginFragments()
        writer.fragment("{\"column\":")
        writer.fragmentInt(string.position?.column)
        writer.fragment(",\"fallbacks\":")
        if s < layouts.fallbacks.count, !layouts.fallbacks[s].isEmpty {
            writer.fragmentKeyWritten()
            writer.fallbackUses(layouts.fallbacks[s])
        } else {
            writer.fragment("[]")
        }
        writer.fragment(",\"file\":")
        writer.fragmentString(string.file)
        writer.fragment(",\"fits\":")
        perCell(\.fits) { .bool(Int($0) <= maxLines && !$1) }
        writer.fragment(",\"key\":")
        writer.fragmentString(string.key)
        writer.fragment(",\"language\":")
        writer.fragmentString(string.language)
        writer.fragment(",\"largestFittingCategory\":")
        writer.fragmentString(
            layouts.largestFittingIndex(s, cells: group.cells, maxLines: maxLines).map { group.cells[$0].size.key })
        writer.fragment(",\"line\":")
        writer.fragmentInt(string.position?.line)
        writer.fragment(",\"lines\":")
        perCell(\.lines) { n, _ in .int(Int(n)) }
        if group.rule != nil {
            writer.fragment(",\"maxLines\":")
            writer.fragmentInt(maxLines)
        }
        writer.fragment(",\"overflows\":")
        perCell(\.overflows) { .bool($1) }
        if !string.qualifiers.isEmpty {
            writer.fragment(",\"qualifiers\":[")
            for (i, qualifier) in string.qualifiers.enumerated() {
                if i > 0 { writer.fragment(",") }
                writer.fragmentString(qualifier)
            }
            writer.fragment("]")
        }
        if let rule = group.rule {
            writer.fragment(",\"rule\":")
            writer.fragmentInt(rule.index)
        }
        writer.fragment(",\"sampleText\":")
        writer.fragmentString(string.text)
        if let rule = group.rule {
            writer.fragment(",\"style\":")
            writer.fragmentString(rule.style)
        }
        writer.fragment(",\"substitutions\":")
        if string.substitutions.isEmpty {
            writer.fragment("[]")
        } else {
            writer.fragmentKeyWritten()
            writer.substitutions(string.substitutions)
        }
        writer.fragment(",\"text\":")
        writer.fragmentString(string.written)
        if let rule = group.rule {
            writer.fragment(",\"width\":")
            writer.fragmentKeyWritten()
            writer.number(rule.width)
        }
        writer.fragment("}")
        writer.endFragments()
    }

    /// A string's line counts and overflows in up to 16 cells, as a
    /// dictionary key (`nil` past 16 cells or 32,767 lines).
    struct CellRow: Hashable {
        /// Four cells a word, 16 bits each: the line count, then the
        /// overflow bit.
        var words = SIMD4<UInt64>(repeating: 0)

        init?(_ lines: [Int32], _ overflows: [Bool], string s: Int, cellCount: Int) {
            guard cellCount <= 16 else { return nil }
            for c in 0..<cellCount {
                let n = lines[s * cellCount + c]
                guard n >= 0, n < 0x8000 else { return nil }
                let value = UInt64(n) << 1 | (overflows[s * cellCount + c] ? 1 : 0)
                words[c / 4] |= value << UInt64(c % 4 * 16)
            }
        }
    }

    /// The bytes of a result's `fits`, `lines` and `overflows` objects.
    struct CellObjects {
        var fits: [UInt8] = []
        var lines: [UInt8] = []
        var overflows: [UInt8] = []
    }

    /// Strings laid out under one rule (or the command line's settings).
    public struct Group: Sendable {
        /// The layouts of `strings` in `cells`.
        public var layouts: FitLayouts
        /// The strings.
        public var strings: [LocalizedString]
        /// The cells (one style at every size setting).
        public var cells: [SizedCell]
        /// The lines the strings may take.
        public var maxLines: Int
        /// With `--rules`: the rule's index, style and width.
        public var rule: (index: Int, style: String, width: Double)?

        /// Creates a group.
        public init(
            layouts: FitLayouts, strings: [LocalizedString], cells: [SizedCell], maxLines: Int,
            rule: (index: Int, style: String, width: Double)? = nil
        ) {
            (self.layouts, self.strings, self.cells) = (layouts, strings, cells)
            (self.maxLines, self.rule) = (maxLines, rule)
        }
    }

    /// The `fit` document for groups of strings. With `rules` (`--rules`),
    /// the top-level `maxLines`, `style` and `width` are null, `rules` lists
    /// the rules, and each result says its `rule` (from 0), `style`,
    /// `width` and `maxLines`. A placeholder difference's `message` is
    /// `describing`'s: its words are the front end's.
    public static func writeJSON(
        groups: [Group], header: Header, rules: FitRules?, pretty: Bool,
        describing: (PlaceholderCheck.Difference) -> String, to write: ([UInt8]) -> Bool
    ) -> Bool {
        var writer = JSONWriter(capacity: 1 << 17, pretty: pretty)
        writer.beginObject()
        // Each group's cells: the face, file and setting measured in.
        writer.staticKey("cells")
        writer.beginArray()
        for group in groups {
            for (c, cell) in group.cells.enumerated() {
                writer.beginObject()
                writer.staticKey("category")
                writer.string(cell.size.key)
                let location = cell.face?.location
                writer.staticKey("file")
                writer.string(location?.file)
                writer.staticKey("pointSize")
                writer.number(cell.pointSize)
                writer.staticKey("postscriptName")
                writer.string(location?.postscriptName ?? cell.face?.postscriptName)
                writer.staticKey("rule")
                if let rule = group.rule { writer.int(rule.index) } else { writer.null() }
                writer.staticKey("style")
                writer.string(cell.style)
                let setting = c < group.layouts.settings.count ? group.layouts.settings[c] : nil
                writer.faceSetting(setting ?? .plain, pointSize: cell.pointSize)
                writer.endObject()
            }
        }
        writer.endArray()
        writer.staticKey("failing")
        writer.int(header.failing)
        // Android's line breaking (null: Apple's greedy filling, a word
        // wider than the line overflowing it).
        writer.staticKey("lineBreaking")
        if case .android(let android) = header.lineBreaking {
            writer.beginObject()
            writer.staticKey("hyphenation")
            writer.string("none")
            writer.staticKey("strategy")
            writer.string(android.strategy.rawValue)
            writer.staticKey("wordStyle")
            writer.string(android.wordStyle.rawValue)
            writer.endObject()
        } else {
            writer.null()
        }
        writer.staticKey("maxLines")
        if rules == nil { writer.int(header.maxLines) } else { writer.null() }
        // The command's clamp (`--maximum-category`, `--minimum-category`).
        writer.staticKey("maximumCategory")
        writer.string(header.clamp.maximum?.rawValue)
        writer.staticKey("minimumCategory")
        writer.string(header.clamp.minimum?.rawValue)
        writer.staticKey("model")
        writer.string(header.model)
        // The gate's verdict, as check's document has it.
        writer.staticKey("ok")
        writer.bool(
            header.failing == 0 && (header.placeholders?.allSatisfy(\.isWarning) ?? true)
                && !(header.untranslated?.contains(where: \.isError) ?? false))
        writer.staticKey("placeholders")
        if let problems = header.placeholders {
            writer.beginArray()
            for problem in problems { writer.placeholderProblem(problem, describing: describing) }
            writer.endArray()
        } else {
            writer.null()
        }
        writer.staticKey("platform")
        writer.string(header.platform)
        // Plurals without a category ICU's rules give the language.
        writer.staticKey("pluralCoverage")
        if let coverage = header.pluralCoverage {
            writer.beginArray()
            for item in coverage {
                writer.beginObject()
                writer.entryPlace(file: item.file, key: item.key, language: item.language, position: item.position)
                writer.staticKey("missing")
                writer.beginArray()
                for category in item.missing { writer.string(category) }
                writer.endArray()
                // Per missing category, its smallest integer (null: `other`
                // where no integer falls).
                writer.staticKey("numbers")
                writer.beginArray()
                for number in item.numbers { if number < 0 { writer.null() } else { writer.int(number) } }
                writer.endArray()
                writer.staticKey("variable")
                writer.string(item.variable)
                writer.endObject()
            }
            writer.endArray()
        } else {
            writer.null()
        }
        writer.staticKey("require")
        writer.string(header.require)
        writer.staticKey("results")
        writer.beginArray()
        for group in groups {
            let cells = group.cells
            // The per-category objects' keys in sorted order.
            let order = cells.indices.sorted { cells[$0].size.key < cells[$1].size.key }
            let keys = JSONWriter.MemberKeys(cells.map { $0.size.key })
            // Read through locals: a closure over `group` copied it (and
            // retained its arrays) for every object written.
            // The layouts' two arrays, not the struct: a closure over it
            // copied it (and retained its six arrays) per object.
            let layouts = group.layouts, strings = group.strings
            let lineCounts = layouts.lines, overflowFlags = layouts.overflows, cellCount = layouts.cellCount
            var written: [CellRow: CellObjects] = [:]
            for s in strings.indices {
                func perCell(_ value: (LineFitter.Layout) -> JSONWriter.MemberValue) {
                    writer.object(keys, order: order) { c in
                        let n = lineCounts[s * cellCount + c]
                        return n == 0
                            ? nil : value(LineFitter.Layout(lines: Int(n), overflows: overflowFlags[s * cellCount + c]))
                    }
                }
                if !pretty {
                    writeCompactResult(
                        &writer, strings[s], s, group: group, keys: keys, order: order, layouts: layouts,
                        written: &written)
                    if writer.pendingCount >= 1 << 16, !write(writer.drain()) { return false }
                    continue
                }
                let string = strings[s]
                writer.beginObject()
                // Where the string is: CI shows a finding on that line.
                writer.staticKey("column")
                if let position = string.position { writer.int(position.column) } else { writer.null() }
                // What drew the characters its face lacks.
                writer.staticKey("fallbacks")
                writer.fallbackUses(s < layouts.fallbacks.count ? layouts.fallbacks[s] : [])
                writer.staticKey("file")
                writer.string(string.file)
                writer.staticKey("fits")
                perCell { .bool($0.lines <= group.maxLines && !$0.overflows) }
                writer.staticKey("key")
                writer.string(string.key)
                writer.staticKey("language")
                writer.string(string.language)
                writer.staticKey("largestFittingCategory")
                writer.string(
                    layouts.largestFittingIndex(s, cells: cells, maxLines: group.maxLines).map { cells[$0].size.key })
                writer.staticKey("line")
                if let position = string.position { writer.int(position.line) } else { writer.null() }
                writer.staticKey("lines")
                perCell { .int($0.lines) }
                if group.rule != nil {
                    writer.staticKey("maxLines")
                    writer.int(group.maxLines)
                }
                writer.staticKey("overflows")
                perCell { .bool($0.overflows) }
                // Android's configuration qualifiers besides the language
                // (`night`, `sw600dp`), where the folder has any.
                if !string.qualifiers.isEmpty {
                    writer.staticKey("qualifiers")
                    writer.beginArray()
                    for qualifier in string.qualifiers { writer.string(qualifier) }
                    writer.endArray()
                }
                if let rule = group.rule {
                    writer.staticKey("rule")
                    writer.int(rule.index)
                }
                writer.staticKey("sampleText")
                writer.string(string.text)
                if let rule = group.rule {
                    writer.staticKey("style")
                    writer.string(rule.style)
                }
                writer.staticKey("substitutions")
                writer.substitutions(string.substitutions)
                writer.staticKey("text")
                writer.string(string.written)
                if let rule = group.rule {
                    writer.staticKey("width")
                    writer.number(rule.width)
                }
                writer.endObject()
                if writer.pendingCount >= 1 << 16, !write(writer.drain()) { return false }
            }
        }
        writer.endArray()
        if let rules {
            writer.staticKey("rules")
            writer.beginArray()
            for rule in rules.rules {
                writer.beginObject()
                writer.staticKey("comment")
                writer.string(rule.comment)
                writer.staticKey("html")
                if let html = rule.html { writer.bool(html) } else { writer.null() }
                writer.staticKey("keys")
                if let keys = rule.keys {
                    writer.beginArray()
                    for pattern in keys { writer.string(pattern) }
                    writer.endArray()
                } else {
                    writer.null()
                }
                writer.staticKey("lines")
                writer.int(rule.lines)
                writer.staticKey("markdown")
                if let markdown = rule.markdown { writer.bool(markdown) } else { writer.null() }
                writer.staticKey("maximumCategory")
                writer.string(rule.clamp.maximum?.rawValue)
                writer.staticKey("minimumCategory")
                writer.string(rule.clamp.minimum?.rawValue)
                writer.staticKey("require")
                writer.string(rule.require?.key)
                writer.staticKey("style")
                writer.string(rule.style)
                writer.staticKey("width")
                writer.number(rule.width)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.staticKey("schemaVersion")
        writer.int(jsonSchemaVersion)
        writer.staticKey("softWrap")
        writer.bool(header.softWrap)
        writer.staticKey("style")
        if rules == nil { writer.string(header.style) } else { writer.null() }
        writer.staticKey("systemFont")
        writer.string(header.systemFont)
        // Entries not translated, with `--require-translated`.
        writer.staticKey("untranslated")
        if let untranslated = header.untranslated {
            writer.beginArray()
            for item in untranslated {
                writer.beginObject()
                writer.entryPlace(file: item.file, key: item.key, language: item.language, position: item.position)
                writer.staticKey("state")
                writer.string(item.state)
                writer.endObject()
            }
            writer.endArray()
        } else {
            writer.null()
        }
        // Each language's count: `untranslated` lists the first 100 of a
        // language and 10,000 in all.
        writer.staticKey("untranslatedCounts")
        if let counts = header.untranslatedCounts {
            writer.beginArray()
            for count in counts {
                writer.beginObject()
                writer.staticKey("count")
                writer.int(count.count)
                writer.staticKey("errors")
                writer.int(count.errors)
                writer.staticKey("language")
                writer.string(count.language)
                writer.staticKey("listed")
                writer.int(count.listed)
                writer.endObject()
            }
            writer.endArray()
        } else {
            writer.null()
        }
        writer.staticKey("width")
        if rules == nil { writer.number(header.width) } else { writer.null() }
        writer.endObject()
        return write(writer.finishBytes())
    }

    /// The table for people: a row per string, a column per size setting
    /// (`N!` where a word overflows), and the largest that fits.
    /// `keeping`, when given, says which strings have a row.
    public func table(
        strings: [LocalizedString], cells: [SizedCell], maxLines: Int, keeping: ((Int) -> Bool)? = nil
    ) -> String {
        var table: [[String]] = [["key", "language"] + cells.map(\.label) + ["largest fitting"]]
        var marked = false
        for (s, string) in strings.enumerated() where keeping?(s) ?? true {
            var row = [string.key, string.language ?? "-"]
            for c in cells.indices {
                guard let layout = layout(s, c) else { continue }
                row.append("\(layout.lines)\(layout.overflows ? "!" : "")")
                marked = marked || layout.overflows
            }
            // The table's own names (`AX5`), as its header has them.
            row.append(largestFitting(s, cells: cells, maxLines: maxLines)?.size.label ?? "none")
            table.append(row)
        }
        var out = TextTable.render(table)
        if marked { out += "(N! = N lines, and a word wider than the line overflows it)\n" }
        return out
    }
}

extension JSONWriter {
    /// `[{"cascade":…,"characters":…,"family":…,"file":…,"postscriptName":…,
    /// "standsInFor":…}]`: the faces that drew what a string's face lacks,
    /// and who chose each (iOS's cascade, a stand-in, fontconfig, Android).
    public mutating func fallbackUses(_ uses: [FallbackUse]) {
        beginArray()
        for use in uses {
            beginObject()
            staticKey("cascade")
            string(use.role.rawValue)
            staticKey("characters")
            int(use.characters)
            staticKey("family")
            string(use.family)
            staticKey("file")
            string(use.file)
            staticKey("postscriptName")
            string(use.postscriptName)
            staticKey("standsInFor")
            string(use.standsInFor)
            endObject()
        }
        endArray()
    }

    /// `[{"default":…,"placeholder":…,"value":…}]`.
    public mutating func substitutions(_ substitutions: [PlaceholderSamples.Substitution]) {
        beginArray()
        for substitution in substitutions {
            beginObject()
            staticKey("default")
            bool(substitution.isDefault)
            staticKey("placeholder")
            string(substitution.placeholder)
            staticKey("value")
            string(substitution.value)
            endObject()
        }
        endArray()
    }
}

extension JSONWriter {
    /// `"file"`, `"key"` and `"language"` of an entry's finding, in the
    /// sorted order the objects they begin keep.
    /// `"column"` and `"line"` (of the string's value in its file, `null`
    /// where unknown) are written before and after them, for the same
    /// order.
    mutating func entryPlace(file: String, key: String, language: String, position: SourcePosition?) {
        staticKey("column")
        if let position { int(position.column) } else { null() }
        staticKey("file")
        string(file)
        staticKey("key")
        string(key)
        staticKey("language")
        string(language)
        staticKey("line")
        if let position { int(position.line) } else { null() }
    }

    /// A placeholder problem: `differences` (each with the `argument`
    /// number, `null` where none, the `problem` — `missing`, `extra`,
    /// `changed`, `two-kinds`, `skipped`, `variable-undefined`,
    /// `variable-moved`, `not-a-conversion`,
    /// `space-flag`, `unformattable` — the placeholders as written in the
    /// `source` and the `translation` (`null` where absent), their
    /// `sourceKind` and `translationKind`, the `variable` it is about, and a
    /// `message`), `file`, `key`, `language`, `source`, `translation` and
    /// `inSource` (the source's own problem).
    mutating func placeholderProblem(
        _ problem: PlaceholderCheck.Problem, describing: (PlaceholderCheck.Difference) -> String
    ) {
        beginObject()
        staticKey("column")
        if let position = problem.position { int(position.column) } else { null() }
        staticKey("differences")
        beginArray()
        for difference in problem.differences {
            var source: PlaceholderCheck.Argument?
            var translation: PlaceholderCheck.Argument?
            var written: String?
            var variable: String?
            // An ARB placeholder named on one side (`{name}`).
            var named: (source: String?, translation: String?) = (nil, nil)
            switch difference {
            case .missing(let argument): source = argument
            case .extra(let argument), .sourceTakesNone(let argument): translation = argument
            case .changed(let from, let to): (source, translation) = (from, to)
            case .twoKinds(let first, let second): (source, translation) = (first, second)
            case .spaceFlag(let argument): source = argument
            case .skipped: break
            case .undefinedVariable(let name, let text), .pluralByObject(let name, let text):
                (variable, written) = (name, text)
            case .emptyForm(let name, _, _), .formDrops(let name, _, _), .countImplied(let name, _, _),
                .caseWithoutCount(let name, _, _, _):
                variable = name
            case .countNeverShown(let name, let argument): (variable, source) = (name, argument)
            case .movedVariable(let name, _, _): variable = name
            case .notAConversion(let text, _), .unformattable(let text, _), .javaException(let text, _, _):
                written = text
            case .messageSyntax: break
            case .caseOverridden(let label, _, _): written = label
            case .undeclared(let name), .unused(let name), .placeholderType(let name, _, _, _): written = "{\(name)}"
            case .namedMissing(let name): named.source = "{\(name)}"
            case .namedExtra(let name): named.translation = "{\(name)}"
            }
            beginObject()
            staticKey("argument")
            if difference.number > 0 { int(difference.number) } else { null() }
            staticKey("message")
            string(describing(difference))
            staticKey("problem")
            string(difference.code)
            staticKey("source")
            string(source?.written ?? named.source ?? (problem.isSource ? written : nil))
            staticKey("sourceKind")
            string(source?.kind.rawValue)
            staticKey("translation")
            string(translation?.written ?? named.translation ?? (problem.isSource ? nil : written))
            staticKey("translationKind")
            string(translation?.kind.rawValue)
            staticKey("variable")
            // An Android `<plurals>`'s items have no variable (`""`).
            string(variable?.isEmpty == true ? nil : variable)
            endObject()
        }
        endArray()
        staticKey("file")
        string(problem.file)
        staticKey("inSource")
        bool(problem.isSource)
        staticKey("key")
        string(problem.key)
        staticKey("language")
        string(problem.language)
        staticKey("line")
        if let position = problem.position { int(position.line) } else { null() }
        staticKey("severity")
        string(problem.isWarning ? "warning" : "error")
        staticKey("source")
        string(problem.source)
        staticKey("translation")
        string(problem.translation)
        endObject()
    }
}

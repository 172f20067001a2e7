import Dispatch
import FontRegistry
import Synchronization
import TypefitCore

/// `review`'s work: `fit`'s layout of every string, then each failing (key,
/// language) drawn as iOS lays it out at every size where it fails and at
/// the largest size where it fits, for one self-contained HTML page.
public enum ReviewJob {
    /// Strings laid out under one rule (the command line's, or one of a
    /// rules file's).
    public struct Group: Sendable {
        /// The strings.
        public var strings: [LocalizedString]
        /// The cells they are laid out in.
        public var cells: [SizedCell]
        /// The text style's name.
        public var style: String
        /// The line width in points.
        public var width: Double
        /// The lines allowed.
        public var maxLines: Int
        /// The category key a failure at which fails the run (`--require`).
        public var require: String?
        /// The rule's number with `--rules`.
        public var rule: Int?
        /// The faces of Markdown runs (measured in them; drawn in the
        /// regular face).
        public var styled: StyledFaces

        /// Creates a group.
        public init(
            strings: [LocalizedString], cells: [SizedCell], style: String, width: Double, maxLines: Int,
            require: String?, rule: Int?, styled: StyledFaces = StyledFaces()
        ) {
            self.strings = strings
            self.cells = cells
            self.style = style
            self.width = width
            self.maxLines = maxLines
            self.require = require
            self.rule = rule
            self.styled = styled
        }
    }

    /// The result: the page, the failures a `--require` makes errors, and
    /// the layouts' own failures (faces that could not be opened).
    public struct Result {
        /// The page.
        public var page: ReviewPage
        /// One line per string failing at a required category, as fit
        /// says it.
        public var requiredFailures: [String]
        /// Why faces could not be opened or drawn.
        public var failures: [String]
        /// Texts with characters no face has, and how many.
        public var missingGlyphs: [(text: String, count: Int)]
    }

    /// Lays out and draws. `base` maps `key|language` to the text before
    /// the change (`--base`): rows say whether a string is new and show the
    /// old text beside a changed one. `progress` is told how many strings
    /// are done.
    public static func review(
        _ groups: [Group], source: String, base: (texts: [String: String], name: String)?, configFile: String?,
        progress: ProgressLine? = nil
    ) -> Result {
        var categories: [(key: String, label: String)] = []
        var languages: [String] = []
        var counts: [String: [String: Int]] = [:]
        var required: [String] = []
        var failures: [String] = []
        var missing: [(text: String, count: Int)] = []
        var total = 0
        for group in groups {
            for cell in group.cells where !categories.contains(where: { $0.key == cell.category }) {
                categories.append((cell.category, cell.categoryLabel))
            }
            for string in group.strings {
                let language = string.language ?? "-"
                if !languages.contains(language) { languages.append(language) }
            }
            total += group.strings.count
        }
        progress?.start(total: total)
        // Lay every string out (fit's engine, on every core), and note the
        // failing ones with the sizes to draw.
        struct Task: Sendable {
            var group: Int
            var string: Int
            var failing: [Int]
            var drawn: [Int]
            var layouts: [Int: LineFitter.Layout]
        }
        var found: [Task] = []
        var done = 0
        for (g, group) in groups.enumerated() {
            let before = done
            let laidOut = FitEngine.layOut(
                strings: group.strings, cells: group.cells, width: group.width, configFile: configFile,
                styled: group.styled
            ) { count in progress?.advance(to: before + count) }
            done += group.strings.count
            for failure in laidOut.failures where !failures.contains(failure) { failures.append(failure) }
            for (s, string) in group.strings.enumerated() {
                if s < laidOut.missingGlyphs.count, laidOut.missingGlyphs[s] > 0 {
                    missing.append((string.text, Int(laidOut.missingGlyphs[s])))
                }
                var failing: [Int] = []
                var lastFitting: Int?
                var layouts: [Int: LineFitter.Layout] = [:]
                for c in group.cells.indices {
                    guard let layout = laidOut.layout(s, c) else { continue }
                    layouts[c] = layout
                    if layout.lines > group.maxLines || layout.overflows {
                        failing.append(c)
                    } else {
                        lastFitting = c
                    }
                }
                guard !failing.isEmpty else { continue }
                let language = string.language ?? "-"
                for c in failing { counts[language, default: [:]][group.cells[c].category, default: 0] += 1 }
                if let require = group.require, let c = failing.first(where: { group.cells[$0].category == require }),
                    let layout = layouts[c]
                {
                    // As fit says it.
                    required.append(
                        "\(string.key)" + (string.language.map { " (\($0))" } ?? "") + ": needs \(layout.lines) line"
                            + (layout.lines == 1 ? "" : "s") + (layout.overflows ? ", a word overflows," : "")
                            + " at \(require) (allowed \(group.maxLines)"
                            + (group.rule.map { "; rule \($0 + 1)" } ?? "")
                            + ")")
                }
                // Each failing size, and the largest that still fits.
                let drawn = (failing + (lastFitting.map { [$0] } ?? [])).sorted()
                found.append(Task(group: g, string: s, failing: failing, drawn: drawn, layouts: layouts))
            }
        }
        progress?.finish()
        let tasks = found
        // Draw and render the failing rows on every core: each worker with
        // its own faces, keys prefixed by the worker, rows in order.
        let workers = min(SystemCalls.processorCount, max(tasks.count, 1))
        let rowSlots = Slots<ReviewPage.Row?>(count: tasks.count, initial: nil)
        let htmlSlots = Slots<String>(count: tasks.count, initial: "")
        let faceSlots = Slots<[String: Specimen.Face]>(count: workers, initial: [:])
        let problemSlots = Slots<[String]>(count: workers, initial: [])
        let next = Atomic<Int>(0)
        let chunk = 32
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var canvas = SpecimenJob.Canvas(configFile: configFile, language: nil, prefix: "w\(worker)")
            var diagnostics = Diagnostics()
            // One ICU line breaker per worker, as fit's engine keeps one:
            // opening one loads its rules.
            let breaker = try? LineBreaker()
            while true {
                let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard k * chunk < tasks.count else { break }
                for t in (k * chunk)..<min(tasks.count, (k + 1) * chunk) {
                    let task = tasks[t]
                    let group = groups[task.group]
                    let string = group.strings[task.string]
                    let breaks = breaker?.opportunities(Array(string.text.utf8), language: string.language) ?? []
                    var samples: [ReviewPage.Sample] = []
                    for c in task.drawn {
                        let cell = group.cells[c]
                        guard let location = cell.face?.location, let layout = task.layouts[c],
                            let face = canvas.face(location, diagnostics: &diagnostics)
                        else { continue }
                        let measured = face.measured(string.text, language: string.language)
                        let ranges = LineFitter.Prepared(measured, breaks: breaks).lines(
                            width: group.width / cell.pointSize,
                            tabInterval: MeasuredText.tabInterval / cell.pointSize)
                        let key = canvas.drawing(
                            string.text, face: face, ranges: ranges, maxLines: nil, width: nil,
                            language: string.language)
                        samples.append(
                            ReviewPage.Sample(
                                category: cell.category, label: cell.categoryLabel, pointSize: cell.pointSize,
                                lineHeight: cell.lineHeight ?? cell.pointSize * 1.2, lines: layout.lines,
                                overflows: layout.overflows, fits: !task.failing.contains(c), drawing: key))
                    }
                    let language = string.language ?? "-"
                    let old = base?.texts[string.key + "|" + language]
                    let row = ReviewPage.Row(
                        key: string.key, language: string.language, text: string.written,
                        oldText: old.flatMap { $0 == string.written ? nil : $0 }, isNew: base != nil && old == nil,
                        style: group.style, width: group.width, maxLines: group.maxLines, rule: group.rule,
                        failing: task.failing.map { group.cells[$0].category }, samples: samples)
                    rowSlots.store(row, at: t)
                    htmlSlots.store(ReviewPage.rowHTML(row, drawings: canvas.drawings), at: t)
                    // The drawings are in the row's HTML now (their keys go
                    // with them: a later string with the same text draws anew).
                    canvas.drawings.removeAll(keepingCapacity: true)
                    canvas.drawingKeys.removeAll(keepingCapacity: true)
                }
            }
            faceSlots.store(canvas.outlinesUsed(), at: worker)
            problemSlots.store(diagnostics.items.filter { $0.severity != .note }.map(\.message), at: worker)
        }
        for problem in problemSlots.take().flatMap({ $0 }) where !failures.contains(problem) {
            failures.append(problem)
        }
        var faces: [String: Specimen.Face] = [:]
        for workerFaces in faceSlots.take() { faces.merge(workerFaces) { first, _ in first } }
        let summary = ReviewPage.Summary(
            strings: total, languages: languages, categories: categories, failures: counts, base: base?.name,
            source: source)
        let page = ReviewPage(
            summary: summary, rows: rowSlots.take().compactMap { $0 }, rowsHTML: htmlSlots.take(), faces: faces)
        return Result(page: page, requiredFailures: required, failures: failures, missingGlyphs: missing)
    }

    /// `--base`: the strings before the change, by `key|language`, their
    /// text as written.
    public static func baseTexts(_ strings: [LocalizedString]) -> [String: String] {
        var texts: [String: String] = [:]
        for string in strings { texts[string.key + "|" + (string.language ?? "-")] = string.written }
        return texts
    }

    /// Only the strings added or changed since the base.
    public static func changed(_ strings: [LocalizedString], since base: [String: String]) -> [LocalizedString] {
        strings.filter { base[$0.key + "|" + ($0.language ?? "-")] != $0.written }
    }
}

import FontRegistry
import Synchronization
import TypefitCore

/// Lays every string out in every cell, on every core: each worker with its
/// own faces and ICU line breaker, taking the next chunk of strings as it
/// finishes; the results in input order.
public enum FitEngine {
    /// How many strings a worker takes at a time.
    static let chunk = 128

    /// The line counts of `strings` at `width` points in each of `cells`.
    /// `progress` is told how many strings are done, from the workers, as
    /// each chunk finishes.
    ///
    /// `visitor`, when given, makes one visitor per worker, told of each
    /// string on the worker that laid it out with the measurement it was
    /// laid out from (`review` draws its failing strings there: the text
    /// is shaped once for measuring and drawing).
    public static func layOut(
        strings: [LocalizedString], cells: [SizedCell], width: Double, fonts: FallbackFonts,
        styled: StyledFaces = StyledFaces(), progress: (@Sendable (Int) -> Void)? = nil,
        visitor: (@Sendable (_ worker: Int) -> any LayoutVisitor)? = nil, wordsAt: Int? = nil,
        rules: TextRules
    ) -> FitLayouts {
        let cellCount = cells.count
        // Per cell: its lines and whether a word overflows, in two slots
        // as `FitLayouts` holds them (a slot of both, taken, was 960 KB
        // for 10,000 strings copied and then split in two).
        let lineCounts = Slots<Int32>(count: strings.count * cellCount, initial: 0)
        let overflowing = Slots<Bool>(count: strings.count * cellCount, initial: false)
        let missing = Slots<Int32>(count: strings.count, initial: 0)
        // Per string: the faces that drew what its face lacks (a script
        // measured in a machine's fallback, not the device's face).
        let fallbacks = Slots<[FallbackUse]>(count: strings.count, initial: [])
        // The word that overflows where the run requires a fit, for the
        // message: looked for only there, and only where one overflows.
        let pieces = Slots<Range<Int>?>(count: wordsAt == nil ? 0 : strings.count, initial: nil)
        let failures = Slots<[String]>(count: SystemCalls.processorCount, initial: [])
        // Every worker opens the same faces: the first says their settings.
        let settings = Slots<[FaceSetting?]>(count: 1, initial: [])
        let shapings = Slots<Int>(count: 1, initial: 0)
        // A text met again (untranslated copies in the source's text, the
        // keys of a .stringsdict sharing one plural dictionary, "OK" in
        // every table) is laid out once and its results copied: per
        // string, the index of the first with the same text and language
        // (strings in several faces, Markdown or Android spans, each
        // their own). A visitor is handed the first (`review` writes the
        // others' rows from its drawing: `FitLayouts.firstOfSame`).
        let first = firstOfSameText(strings)
        let chunks = (strings.count + chunk - 1) / chunk
        let next = Atomic<Int>(0)
        let finished = Atomic<Int>(0)
        let workers = min(SystemCalls.processorCount, max(chunks, 1))
        // Opened before the workers ask: see `ShapingPreload`.
        ShapingPreload.open()
        WorkerThreads.run(count: workers) { worker in
            let measurements = Measurements(cells: cells, fonts: fonts, styled: styled, rules: rules)
            let breaker: LineBreaker
            do throws(RegistryError) {
                breaker = try LineBreaker()
            } catch {
                // No ICU: no string is laid out, and the run says why.
                failures.store(measurements.failures + [error.message], at: worker)
                return
            }
            failures.store(measurements.failures, at: worker)
            if worker == 0 {
                settings.store(measurements.settings, at: 0)
                shapings.store(measurements.shapingsPerString, at: 0)
            }
            let visiting = visitor?(worker)
            let faceSlots = measurements.faceSlots
            var cellsOfSlot = [[Int]](filled: [], count: measurements.slotCount)
            for (c, slot) in faceSlots.enumerated() { cellsOfSlot[slot].append(c) }
            // For the visitor, per cell of the string being laid out: its
            // lines, a range of `cellLines` (`nil`: not kept), kept from
            // string to string.
            var cellLines: [LineFitter.LineRange] = []
            var cellLineSpans: [Range<Int>?] = []
            // Cell `c` of string `s` laid out from its face's prepared text;
            // with `trackedBy`, a shared shaping at the cell's tracking.
            func record(_ line: LineFitter.Prepared, trackedBy tracking: Double?, cell c: Int, string s: Int)
                -> LineFitter.Layout
            {
                let pointSize = cells[c].pointSize
                let lineWidth = width / pointSize
                let tabInterval = MeasuredText.tabInterval / pointSize
                // With a visitor, the lines drawn kept (the layout at the
                // width, or unbounded without soft wrapping).
                func laidOut(_ width: Double, kept: Bool) -> LineFitter.Layout {
                    if let tracking {
                        return line.layout(
                            width: width, tabInterval: tabInterval, trackedBy: tracking, pointSize: pointSize)
                    }
                    guard kept, visiting != nil else {
                        return line.layout(width: width, tabInterval: tabInterval, pointSize: pointSize)
                    }
                    let start = cellLines.count
                    let layout = line.layout(
                        width: width, tabInterval: tabInterval, pointSize: pointSize, appendingTo: &cellLines)
                    cellLineSpans[c] = start..<cellLines.count
                    return layout
                }
                var layout = laidOut(lineWidth, kept: rules.softWrap)
                if !rules.softWrap {
                    // Broken only at line feeds (`breaks` below): the
                    // lines at an unbounded width, overflowing where one of
                    // them needs more than a line at the width.
                    let unbounded = laidOut(.greatestFiniteMagnitude, kept: true)
                    layout = LineFitter.Layout(
                        lines: unbounded.lines, overflows: layout.overflows || layout.lines > unbounded.lines)
                }
                lineCounts.store(Int32(layout.lines), at: s * cellCount + c)
                overflowing.store(layout.overflows, at: s * cellCount + c)
                if layout.overflows, c == wordsAt {
                    let piece =
                        tracking.map {
                            line.overflowingPiece(
                                width: lineWidth, tabInterval: tabInterval, trackedBy: $0, pointSize: pointSize)
                        } ?? line.overflowingPiece(width: lineWidth, tabInterval: tabInterval, pointSize: pointSize)
                    pieces.store(piece, at: s)
                }
                return layout
            }
            // The fallback faces of a string's faces, each once (a face's
            // sizes share their fallbacks: the first count stands).
            func noteFallbacks(_ uses: [[FallbackUse]], at s: Int) {
                var joined: [FallbackUse] = []
                for list in uses {
                    for use in list where !joined.contains(where: { $0.file == use.file && $0.family == use.family }) {
                        joined.append(use)
                    }
                }
                if !joined.isEmpty { fallbacks.store(joined, at: s) }
            }
            // Each string's prepared faces, in one array the worker reuses.
            var prepared: [Measurements.PreparedSlot?] = []
            while true {
                let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard k < chunks else { break }
                let range = (k * chunk)..<min(strings.count, (k + 1) * chunk)
                defer {
                    let done = finished.wrappingAdd(range.count, ordering: .relaxed).newValue
                    progress?(done)
                }
                for s in range {
                    if !first.isEmpty, first[s] != s { continue }
                    let string = strings[s]
                    let utf8 = Array(string.text.utf8)
                    var breaks = breaker.opportunities(utf8, language: string.language, breaking: rules.breaking)
                    if !rules.softWrap {
                        // `softWrap: false`: no line ends but at a line feed.
                        for i in breaks.indices where breaks[i] != .mandatory && breaks[i] != .insideCharacter {
                            breaks[i] = .none
                        }
                    }
                    // Each face measured and made ready to break once (and
                    // sizes that differ only in tracking from one shaping),
                    // then laid out at each of its cells' widths: no
                    // measurement copied per cell (their arrays' retains
                    // were a tenth of fit's instructions). For `review`,
                    // each face's text analysed for drawing, measured from
                    // that analysis (shaped once for measuring and drawing),
                    // each size its own.
                    var sessions: [TextMeasurer.DrawSession?]?
                    if visiting != nil {
                        sessions = measurements.sessions(string, utf8: utf8)
                    }
                    if let sessions {
                        measurements.prepare(sessions: sessions, breaks: breaks, into: &prepared)
                    } else {
                        // fit's, and review's Markdown strings (no session:
                        // run by run in each slot's faces, none shared).
                        measurements.prepare(string, utf8: utf8, breaks: breaks, into: &prepared)
                    }
                    // Characters no face has, as measure counts them: the
                    // first face that lacks any.
                    var lacking: Int32 = 0
                    for slot in prepared.indices where lacking == 0 {
                        let count =
                            prepared[slot]?.measured.missingGlyphs
                            ?? measurements.sharing(ofSlot: slot).map { measurements.sharedMissingGlyphs($0.shaper) }
                            ?? 0
                        lacking = Int32(count)
                    }
                    if lacking > 0 { missing.store(lacking, at: s) }
                    // Most strings need no fallback: no array made for them.
                    var anyFallback = false
                    for slot in prepared.indices where !anyFallback {
                        anyFallback =
                            !(prepared[slot]?.measured.fallbacks.isEmpty
                            ?? measurements.sharing(ofSlot: slot).map {
                                measurements.sharedFallbacks($0.shaper).isEmpty
                            }
                            ?? true)
                    }
                    if anyFallback {
                        noteFallbacks(
                            prepared.indices.map { slot in
                                prepared[slot]?.measured.fallbacks
                                    ?? measurements.sharing(ofSlot: slot).map {
                                        measurements.sharedFallbacks($0.shaper)
                                    }
                                    ?? []
                            }, at: s)
                    }
                    // Per cell, for the visitor: its layout and the text it
                    // was laid out from.
                    var layouts: [LineFitter.Layout?] = []
                    var preparedCells: [LineFitter.Prepared?] = []
                    if visiting != nil {
                        layouts = Array(filled: nil, count: cellCount)
                        preparedCells = Array(filled: nil, count: cellCount)
                        cellLines.removeAll(keepingCapacity: true)
                        cellLineSpans.removeAll(keepingCapacity: true)
                        cellLineSpans.append(contentsOf: repeatElement(nil, count: cellCount))
                    }
                    for slot in prepared.indices {
                        // A slot's own text, or the shaping it shares laid
                        // out at its tracking (not from a tracked copy).
                        let line: LineFitter.Prepared
                        var tracking: Double?
                        if let own = prepared[slot]?.line {
                            line = own
                        } else if let share = measurements.sharing(ofSlot: slot),
                            let shared = measurements.sharedLine(share.shaper)
                        {
                            (line, tracking) = (shared, share.trackingEms)
                        } else {
                            continue
                        }
                        for c in cellsOfSlot[slot] {
                            let layout = record(line, trackedBy: tracking, cell: c, string: s)
                            if visiting != nil { (layouts[c], preparedCells[c]) = (layout, line) }
                        }
                    }
                    visiting?.visit(
                        LaidOutString(
                            index: s, layouts: layouts, prepared: preparedCells,
                            sessions: sessions ?? Array(filled: nil, count: cellCount), lines: cellLines,
                            lineSpans: cellLineSpans))
                }
            }
        }
        var seen = Set<String>()
        let messages = failures.take().flatMap { $0 }.filter { seen.insert($0).inserted }
        var lines = lineCounts.take()
        var overflows = overflowing.take()
        var missingGlyphs = missing.take()
        var overflowingPieces = pieces.take()
        var fallbackUses = fallbacks.take()
        for (s, f) in first.enumerated() where f != s {
            for c in 0..<cellCount {
                lines[s * cellCount + c] = lines[f * cellCount + c]
                overflows[s * cellCount + c] = overflows[f * cellCount + c]
            }
            missingGlyphs[s] = missingGlyphs[f]
            fallbackUses[s] = fallbackUses[f]
            if !overflowingPieces.isEmpty { overflowingPieces[s] = overflowingPieces[f] }
        }
        var layouts = FitLayouts(
            lines: lines, overflows: overflows, cellCount: cellCount,
            failures: messages, missingGlyphs: missingGlyphs)
        layouts.overflowingPieces = overflowingPieces
        layouts.fallbacks = fallbackUses
        layouts.settings = settings.take().first ?? []
        layouts.shapingsPerString = shapings.take().first ?? 0
        layouts.firstOfSame = first
        return layouts
    }
}

extension FitEngine {
    /// Per string: the index of the first of `strings` with the same text
    /// and language, itself when none comes before it or when it has
    /// spans (their faces are part of what is measured).
    static func firstOfSameText(_ strings: [LocalizedString]) -> [Int] {
        /// Texts are the same when their bytes are: canonically equivalent
        /// texts in other bytes may shape differently, and `String`'s own
        /// hashing normalizes every text it hashes (a third of this pass).
        struct Key: Hashable {
            var text: String
            var language: String?

            func hash(into hasher: inout Hasher) {
                if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) })
                    == nil
                {
                    for byte in text.utf8 { hasher.combine(byte) }
                }
                hasher.combine(language)
            }

            static func == (a: Key, b: Key) -> Bool {
                a.language == b.language && TextBytes.sameBytes(a.text, b.text)
            }
        }
        var seen: [Key: Int] = [:]
        seen.reserveCapacity(strings.count)
        /// The value found, or the one just put in: one hashing either way
        /// (a lookup and then an insertion hashed each new text twice).
        func firstOrInserted(_ value: inout Int) -> Int { value }
        return strings.indices.map { s in
            // Fields, not the string: a copy of a string retains a dozen.
            guard strings[s].spans.isEmpty else { return s }
            return firstOrInserted(&seen[Key(text: strings[s].text, language: strings[s].language), default: s])
        }
    }
}

/// A string as a worker laid it out (`FitEngine.layOut`'s visitor).
public struct LaidOutString {
    /// Its index in the strings laid out.
    public let index: Int
    /// Per cell: its lines and whether a word overflows (`nil`: the cell's
    /// face could not be opened).
    public let layouts: [LineFitter.Layout?]
    /// Per cell: the text measured in the cell's face, ready to break.
    public let prepared: [LineFitter.Prepared?]
    /// Per cell: the text analysed for drawing in the cell's face, the
    /// measurement it was laid out from (`nil` for a Markdown string,
    /// measured run by run).
    public let sessions: [TextMeasurer.DrawSession?]
    /// The lines the layouts counted, cell by cell (`lineSpans`).
    public let lines: [LineFitter.LineRange]
    /// Per cell: its lines, a range of `lines`, as `prepared`'s
    /// `lines(width:tabInterval:pointSize:)` gives them at the cell's size
    /// and width (unbounded without soft wrapping); `nil` where not kept (a
    /// size laid out from a shaping shared at its tracking).
    public let lineSpans: [Range<Int>?]
}

/// Told of each string by the worker that laid it out: one visitor per
/// worker, never shared between threads.
public protocol LayoutVisitor: AnyObject {
    /// One string laid out.
    func visit(_ string: LaidOutString)
}

/// Android's greedy line breaking: AOSP Minikin's `GreedyLineBreaker`
/// (`frameworks/minikin` `libs/minikin/GreedyLineBreaker.cpp`,
/// Apache-2.0), hyphenation off, as `BREAK_STRATEGY_SIMPLE` and every
/// paragraph with a tab break. Its steps, by its names: `processLineBreak`
/// at each word end (while the line is too wide, break at the last word
/// end that fitted, `tryLineBreakWithWordBreak`; else inside a phrase where
/// plain words end, `doLineBreakWithFallback`; else between grapheme
/// clusters, `doLineBreakWithGraphemeBounds`), then remember this end as
/// the candidate, unless it is inside an e-mail address or URL and the one
/// remembered is not (`breakBadness`). A line's trailing spaces are not
/// counted (`isLineEndSpace`), nor its letter spacing at its edges.
extension LineFitter.Prepared {
    /// The lines at `width` ems, each told to `line(start, end,
    /// visibleEnd)` in order; returns the first piece wider than the line
    /// (a grapheme cluster wider than it alone).
    func greedyLines(
        width: Double, tabInterval: Double?, trackingEms: Double,
        line: (_ start: Int, _ end: Int, _ visibleEnd: Int) -> Void
    ) -> Range<Int>? {
        let storage = self.storage
        let count = storage.count, ends = storage.ends, trimmed = storage.trimmed
        let mandatory = storage.mandatory, discouraged = storage.discouraged
        let plain = storage.tabs.isEmpty || tabInterval == nil
        // Allow for rounding in the sums: a line exactly as wide fits.
        let limit = width + storage.letterSpacingEms + 1e-9
        func measure(_ from: Int, _ to: Int) -> Double {
            plain
                ? Self.plainWidth(
                    from, to, prefix: storage.prefix, trackingEms: trackingEms, trackPrefix: storage.trackPrefix)
                : lineWidth(from, to, tabInterval: tabInterval ?? 1, trackingEms: trackingEms)
        }
        var overflow: Range<Int>?
        // Where the line being filled starts (`getPrevLineBreakOffset`).
        var start = 0
        // The last word end that fitted (`mPrevWordBoundsOffset`), where its
        // line's drawn text ends, and whether it is inside an address.
        var candidate: (end: Int, visible: Int, inEmailOrUrl: Bool)?

        func breakLineAt(_ end: Int, visible: Int) {
            line(start, end, visible)
            start = end
            candidate = nil
        }
        func tryLineBreakWithWordBreak() -> Bool {
            guard let candidate else { return false }
            breakLineAt(candidate.end, visible: candidate.visible)
            return true
        }
        // A phrase wider than the line, broken where plain words end, as
        // many as fit.
        func doLineBreakWithFallback(before end: Int) -> Bool {
            guard !storage.fallbackEnds.isEmpty,
                let fallback = phraseFallback(from: start, before: end, limit: limit, width: measure)
            else { return false }
            breakLineAt(fallback.end, visible: fallback.visible)
            return true
        }
        // As many clusters as fit (at least one), the rest of the piece
        // from the next line; a cluster wider than the line alone
        // overflows it.
        func doLineBreakWithGraphemeBounds(before stop: Int) -> Bool {
            guard let split = split(from: start, before: stop, limit: limit, width: measure) else { return false }
            if split.overflows, overflow == nil { overflow = start..<split.end }
            breakLineAt(split.end, visible: split.end)
            return true
        }

        var k = 0
        while k < ends.count {
            let end = ends[k]
            let stop = max(start, trimmed[k])
            // processLineBreak: the line to this word end is too wide.
            if measure(start, stop) > limit {
                // The word on the new line is looked at again.
                if tryLineBreakWithWordBreak() || doLineBreakWithFallback(before: end)
                    || doLineBreakWithGraphemeBounds(before: stop)
                {
                    continue
                }
                // One cluster wider than the line: it overflows on its own line.
                if overflow == nil { overflow = start..<stop }
                if end < count { breakLineAt(end, visible: stop) } else { candidate = (end, stop, false) }
                k += 1
                continue
            }
            let inEmailOrUrl = !discouraged.isEmpty && discouraged[k]
            if candidate == nil || candidate?.inEmailOrUrl == true || !inEmailOrUrl {
                candidate = (end, stop, inEmailOrUrl)
            }
            if mandatory[k] && end < count { breakLineAt(end, visible: stop) }
            k += 1
        }
        line(start, count, candidate?.visible ?? trimmedEnd(from: start))
        return overflow
    }

    /// SkParagraph's lines (Skia's `TextWrapper::lookAhead` and
    /// `moveForward`): words added while the line to the end of the next
    /// one fits, by `LineBreakerWithLittleRounding` (a width within 0.25
    /// px of the line's is rounded to 0.01 px before it is compared); a
    /// word wider than the line is cut between clusters, and when at least
    /// two of its clusters fit after the words already on the line, the
    /// cut is made there (Minikin would start it on a new line); a cluster
    /// wider than the line takes a line alone and overflows it.
    func skParagraphLines(
        width: Double, tabInterval: Double?, trackingEms: Double, pointSize: Double,
        line: (_ start: Int, _ end: Int, _ visibleEnd: Int) -> Void
    ) -> Range<Int>? {
        let storage = self.storage
        let count = storage.count, ends = storage.ends, trimmed = storage.trimmed, mandatory = storage.mandatory
        let plain = storage.tabs.isEmpty || tabInterval == nil
        func measure(_ from: Int, _ to: Int) -> Double {
            plain
                ? Self.plainWidth(
                    from, to, prefix: storage.prefix, trackingEms: trackingEms, trackPrefix: storage.trackPrefix)
                : lineWidth(from, to, tabInterval: tabInterval ?? 1, trackingEms: trackingEms)
        }
        let scale = pointSize > 0 ? pointSize : 1
        let maxWidth = Float(width * scale)
        // Skia compares 32-bit floats in pixels.
        func breaks(_ used: Double) -> Bool {
            let w = Float(used * scale)
            if w < maxWidth - 0.25 { return false }
            if w > maxWidth + 0.25 { return true }
            let magnitude = abs(w)
            let rounded =
                magnitude < 10_000
                ? (w * 100).rounded() / 100 : magnitude < 100_000 ? (w * 10).rounded() / 10 : w.rounded(.down)
            return rounded > maxWidth
        }
        // A limit in ems for the cluster split: anything `breaks` accepts.
        func fitsLimit(_ from: Int, _ to: Int) -> Bool { !breaks(measure(from, to)) }
        var overflow: Range<Int>?
        var start = 0
        // The end of the last word on the line, and where its text ends.
        var words: (end: Int, visible: Int)?
        func emit(_ end: Int, _ visible: Int) {
            line(start, end, visible)
            start = end
            words = nil
        }
        var k = 0
        while k < ends.count {
            let end = ends[k]
            let stop = max(start, trimmed[k])
            if !breaks(measure(start, stop)) {
                words = (end, stop)
                if mandatory[k] && end < count { emit(end, stop) }
                k += 1
                continue
            }
            // The word from where the words on the line end.
            let wordStart = words?.end ?? start
            // Skia's "is the word too long" (`lookAhead`'s walk): its
            // length stops before a cluster that ends at a break, so a word
            // that ends at one with no space (at a hyphen, between CJK or
            // dictionary words, at the text's end) is measured without its
            // last cluster, and compared with no rounding.
            let measuredStop = stop < end ? stop : lastClusterStart(in: wordStart..<stop)
            if words == nil || Float(measure(wordStart, measuredStop) * scale) > maxWidth {
                // A word wider than the line: as many clusters as fit,
                // after the words on the line when two or more of its
                // clusters fit there, else from a new line.
                let cut = clusterCut(from: start, wordStart: wordStart, before: stop, fits: fitsLimit)
                if let words, cut.clusters < 2 {
                    emit(words.end, words.visible)
                    continue
                }
                if cut.end <= start || cut.end >= stop {
                    // Not one cluster fits: it takes the line alone.
                    let alone = cut.end > start ? cut.end : nextClusterEnd(after: start, before: stop)
                    if overflow == nil { overflow = start..<alone }
                    if alone >= stop {
                        if end < count { emit(end, stop) } else { words = (end, stop) }
                        k += 1
                    } else {
                        emit(alone, alone)
                    }
                    continue
                }
                emit(cut.end, cut.end)
                continue
            }
            if let words {
                emit(words.end, words.visible)
            } else {
                // Unreachable: the word alone fits from the line's start.
                words = (end, stop)
                k += 1
            }
        }
        line(start, count, words?.visible ?? trimmedEnd(from: start))
        return overflow
    }

    /// The last grapheme cluster end in `wordStart..<stop` up to which the
    /// line from `start` fits, and how many of the word's clusters that
    /// takes (0: none fits).
    private func clusterCut(
        from start: Int, wordStart: Int, before stop: Int, fits: (Int, Int) -> Bool
    ) -> (end: Int, clusters: Int) {
        let graphemeEnds = storage.graphemeEnds
        var i = Self.firstEnd(after: wordStart, in: graphemeEnds)
        var end = wordStart
        var clusters = 0
        let glyphs = storage.clusterGlyphs
        while i < graphemeEnds.count, graphemeEnds[i] < stop, fits(start, graphemeEnds[i]) {
            // Skia counts the glyphs of what fits (`fClusters`' positions):
            // a cluster of two glyphs counts as two.
            clusters += glyphs.isEmpty ? 1 : (end..<graphemeEnds[i]).reduce(0) { $0 + Int(glyphs[$1]) }
            end = graphemeEnds[i]
            i += 1
        }
        return (end, clusters)
    }

    /// Where the last cluster of `range` starts (its lower bound when it
    /// holds one cluster or none).
    private func lastClusterStart(in range: Range<Int>) -> Int {
        let ends = storage.graphemeEnds
        var i = Self.firstEnd(after: range.lowerBound, in: ends)
        var last = range.lowerBound
        while i < ends.count, ends[i] < range.upperBound {
            last = ends[i]
            i += 1
        }
        return last
    }

    /// The end of the grapheme cluster that starts at `start` (`stop` at
    /// the latest).
    private func nextClusterEnd(after start: Int, before stop: Int) -> Int {
        let graphemeEnds = storage.graphemeEnds
        let i = Self.firstEnd(after: start, in: graphemeEnds)
        return i < graphemeEnds.count ? min(graphemeEnds[i], stop) : stop
    }

    /// Where to split a piece `start..<stop` wider than the line: after
    /// the last grapheme cluster that fits (`width` of a range, in ems,
    /// within `limit`), or after the first when none does (it then
    /// overflows); `nil` when no cluster ends inside the piece.
    private func split(
        from start: Int, before stop: Int, limit: Double, width: (Int, Int) -> Double
    ) -> (end: Int, overflows: Bool)? {
        let graphemeEnds = storage.graphemeEnds
        let low = Self.firstEnd(after: start, in: graphemeEnds)
        guard low < graphemeEnds.count, graphemeEnds[low] < stop else { return nil }
        var end = graphemeEnds[low]
        if width(start, end) > limit { return (end, true) }
        var i = low + 1
        while i < graphemeEnds.count, graphemeEnds[i] < stop, width(start, graphemeEnds[i]) <= limit {
            end = graphemeEnds[i]
            i += 1
        }
        return (end, false)
    }

    /// Where a phrase `start..<end` wider than the line breaks instead
    /// (`doLineBreakWithFallback`): at the last plain word end inside it
    /// whose line fits, the ends tried in order until one does not; `nil`
    /// when none is inside it or the first does not fit (the phrase is
    /// then split between clusters).
    private func phraseFallback(
        from start: Int, before end: Int, limit: Double, width: (Int, Int) -> Double
    ) -> (end: Int, visible: Int)? {
        let ends = storage.fallbackEnds
        var found: (end: Int, visible: Int)?
        var i = Self.firstEnd(after: start, in: ends)
        while i < ends.count, ends[i] < end, width(start, ends[i]) <= limit {
            found = (ends[i], max(start, storage.fallbackVisible[i]))
            i += 1
        }
        return found
    }

    /// The index of the first of `ends` (ascending) past `start`, by
    /// binary search; `ends.count` when none is.
    private static func firstEnd(after start: Int, in ends: [Int]) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] <= start { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

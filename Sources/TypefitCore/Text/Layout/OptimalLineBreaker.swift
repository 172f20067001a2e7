/// Android's high-quality and balanced line breaking: AOSP Minikin's
/// `OptimalLineBreaker` (`frameworks/minikin` `libs/minikin/OptimalLineBreaker.cpp`,
/// Apache-2.0), hyphenation off and text not justified, as TextView does
/// by default. Every way to break a paragraph is scored at once: each
/// line's slack squared, a penalty per line (to keep lines few), a huge
/// one per break inside a word (a word wider than the line is split there
/// only when nothing else fits); the last line's slack is not scored in
/// high quality, it is in balanced. Minikin scores in pixels with 32-bit
/// floats, whose rounding decides where a long word is split (a split's
/// penalty, 1e10, swallows the slack of the lines after it); so do these
/// scores, in pixels at `AndroidLineBreaking.pixelsPerDp`.
extension LineFitter.Prepared {
    // Minikin's constants.
    private static let scoreInfinity = Float.greatestFiniteMagnitude
    private static let scoreOverfull: Float = 1e12
    private static let scoreDesperate: Float = 1e10
    /// A break inside a phrase where plain words end (`SCORE_FALLBACK`).
    private static let scoreFallback: Float = 1e6
    private static let lastLinePenaltyMultiplier: Float = 4
    private static let linePenaltyMultiplier: Float = 2

    /// A place a line may end.
    private struct Candidate {
        /// Its byte offset.
        var offset: Int
        /// The width from the paragraph's start if the line goes on past it
        /// (the next line's start), and if the line ends here (without the
        /// spaces that vanish at a line's end), in pixels.
        var preBreak: Float
        var postBreak: Float
        var penalty: Float
        /// Where the line ending here stops being drawn.
        var visibleEnd: Int
    }

    /// The lines at `width` ems of text `pointSize` dp large, each paragraph
    /// broken on its own (Android lays a paragraph out up to its line feed);
    /// returns the first line wider than `width` (one grapheme cluster
    /// wider than the line).
    func optimalLines(width: Double, pointSize: Double, line: (_ start: Int, _ end: Int, _ visibleEnd: Int) -> Void)
        -> Range<Int>?
    {
        let storage = self.storage
        let ends = storage.ends, mandatory = storage.mandatory, trimmed = storage.trimmed
        let prefix = storage.prefix
        let limit = width + storage.letterSpacingEms + 1e-9
        var overflow: Range<Int>?
        var start = 0
        var first = 0
        while first < ends.count {
            var last = first
            while !mandatory[last] && last < ends.count - 1 { last += 1 }
            let stop = max(start, trimmed[last])
            if prefix[stop] - prefix[start] <= limit {
                // The whole paragraph fits: one line scores best (any other
                // has more lines and no less slack).
                line(start, ends[last], stop)
            } else {
                paragraph(
                    from: start, ends: first...last, width: width, pointSize: pointSize, overflow: &overflow,
                    line: line)
            }
            start = ends[last]
            first = last + 1
        }
        return overflow
    }

    /// One paragraph: `start` to `ends[range.upperBound]`.
    private func paragraph(
        from start: Int, ends range: ClosedRange<Int>, width: Double, pointSize: Double, overflow: inout Range<Int>?,
        line: (_ start: Int, _ end: Int, _ visibleEnd: Int) -> Void
    ) {
        let storage = self.storage
        let ends = storage.ends, trimmed = storage.trimmed, advances = storage.advances
        let graphemeEnds = storage.graphemeEnds, discouraged = storage.discouraged
        let end = ends[range.upperBound]
        var pixelsPerDp = 1.0
        if case .android(let android) = storage.breaking { pixelsPerDp = android.pixelsPerDp }
        let scale = Float(pointSize * pixelsPerDp)
        let lineWidth = Float(width * pointSize * pixelsPerDp)
        // `computePenalties`: half the text size times the line width (both
        // in pixels); a line costs twice that, a break inside an address
        // once (its `breakBadness`, 1).
        let hyphenPenalty = 0.5 * scale * lineWidth
        let linePenalty = hyphenPenalty * Self.linePenaltyMultiplier
        // Each byte's advance in pixels summed as Minikin sums its units'
        // (a cluster's advance on its first).
        var sums = [Float](filled: 0, count: end - start + 1)
        var sum: Float = 0
        for i in start..<end {
            sum += Float(advances[i]) * scale
            sums[i - start + 1] = sum
        }
        func at(_ offset: Int) -> Float { sums[offset - start] }
        // `pushBreakCandidate`: half the letter spacing added before each
        // break and taken after, so that a line counts one less.
        let halfSpacing = Float(storage.letterSpacingEms) * scale * 0.5
        var candidates = [
            Candidate(offset: start, preBreak: halfSpacing, postBreak: -halfSpacing, penalty: 0, visibleEnd: start)
        ]
        candidates.reserveCapacity(range.count + 1)
        // The first grapheme end past the word's start (a binary search
        // once, then walked).
        var low = 0
        var high = graphemeEnds.count
        while low < high {
            let mid = (low + high) / 2
            if graphemeEnds[mid] <= start { low = mid + 1 } else { high = mid }
        }
        var g = low
        let fallbackEnds = storage.fallbackEnds
        var f = 0
        var wordStart = start
        for k in range {
            let wordEnd = ends[k]
            let visible = max(start, trimmed[k])
            let effective = at(visible)
            if effective - at(wordStart) > lineWidth {
                // `populateDesperatePoints`: every grapheme boundary inside
                // the word, its width summed from the word's start.
                // With phrases, where plain words end inside it costs less
                // (`SCORE_FALLBACK`), and no boundary past the last of
                // them is a candidate.
                var wordWidth = Float(0)
                var i = wordStart
                while g < graphemeEnds.count, graphemeEnds[g] <= wordStart { g += 1 }
                while f < fallbackEnds.count, fallbackEnds[f] <= wordStart { f += 1 }
                let hasFallback = f < fallbackEnds.count && fallbackEnds[f] < wordEnd
                while g < graphemeEnds.count, graphemeEnds[g] < wordEnd {
                    let boundary = graphemeEnds[g]
                    while i < boundary {
                        wordWidth += Float(advances[i]) * scale
                        i += 1
                    }
                    let offset = at(wordStart) + wordWidth
                    let isFallback = hasFallback && f < fallbackEnds.count && fallbackEnds[f] == boundary
                    candidates.append(
                        Candidate(
                            offset: boundary, preBreak: offset + halfSpacing, postBreak: offset - halfSpacing,
                            penalty: isFallback ? Self.scoreFallback : Self.scoreDesperate,
                            visibleEnd: boundary))
                    g += 1
                    if isFallback {
                        f += 1
                        if f >= fallbackEnds.count || fallbackEnds[f] >= wordEnd { break }
                    }
                }
            }
            let isDiscouraged = !discouraged.isEmpty && discouraged[k]
            candidates.append(
                Candidate(
                    offset: wordEnd, preBreak: at(wordEnd) + halfSpacing, postBreak: effective - halfSpacing,
                    penalty: isDiscouraged ? hyphenPenalty : 0, visibleEnd: visible))
            wordStart = wordEnd
        }
        // `LineBreakOptimizer::computeBreaks`, one line width, not justified.
        let balanced = storage.breaking.strategy == .balanced
        var scores = [Float](filled: 0, count: candidates.count)
        var previous = [Int](filled: 0, count: candidates.count)
        var active = 0
        for i in 1..<candidates.count {
            let atEnd = i == candidates.count - 1
            var best = Self.scoreInfinity
            var bestPrevious = 0
            let leftEdge = candidates[i].postBreak - lineWidth
            var bestHope: Float = 0
            var j = active
            while j < i {
                defer { j += 1 }
                let jScore = scores[j]
                if jScore + bestHope >= best { continue }
                let delta = candidates[j].preBreak - leftEdge
                var widthScore: Float = 0
                var additionalPenalty: Float = 0
                if delta < 0 {
                    widthScore = Self.scoreOverfull
                } else if atEnd && !balanced {
                    additionalPenalty = Self.lastLinePenaltyMultiplier * candidates[j].penalty
                } else {
                    widthScore = delta * delta
                }
                if delta < 0 { active = j + 1 } else { bestHope = widthScore }
                let score = jScore + widthScore + additionalPenalty
                if score <= best {
                    best = score
                    bestPrevious = j
                }
            }
            scores[i] = best + candidates[i].penalty + linePenalty
            previous[i] = bestPrevious
        }
        // The chosen breaks, from the last back.
        var chosen: [Int] = []
        var i = candidates.count - 1
        while i > 0 {
            chosen.append(i)
            i = previous[i]
        }
        let prefix = storage.prefix
        let limit = width + storage.letterSpacingEms + 1e-9
        var from = 0
        for i in chosen.reversed() {
            let lineStart = candidates[from].offset
            let lineEnd = candidates[i].offset
            let visibleEnd = max(lineStart, candidates[i].visibleEnd)
            if overflow == nil, prefix[visibleEnd] - prefix[lineStart] > limit {
                overflow = lineStart..<visibleEnd
            }
            line(lineStart, lineEnd, visibleEnd)
            from = i
        }
    }
}

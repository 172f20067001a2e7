/// Where a line may or must end, per UTF-8 byte (UAX #14, as a line
/// breaking library reports it): the break is after the character that ends
/// at that byte.
public enum LineBreak: UInt8, Sendable {
    case mandatory = 0
    case allowed = 1
    case none = 2
    case insideCharacter = 3
    /// A break inside an e-mail address or URL (Android's Minikin): taken
    /// only where no other break on the line fits.
    case discouraged = 4
    /// A break the phrase word style does not take but the plain one does
    /// (Android's Minikin with `LINE_BREAK_WORD_STYLE_PHRASE`): taken only
    /// inside a phrase wider than the line, before splitting it between
    /// grapheme clusters (`GreedyLineBreaker::doLineBreakWithFallback`,
    /// the optimal breaker's `SCORE_FALLBACK`), so that 「なり。」 still
    /// never puts 。 at a line's start.
    case phraseFallback = 5
}

/// Greedy line filling: as many break-separated pieces on each line as fit,
/// trailing white space hanging past the edge (it is not drawn).
public enum LineFitter {
    /// How a string lays out at one width.
    public struct Layout: Sendable, Equatable {
        /// Lines needed.
        public var lines: Int
        /// Whether some piece between break opportunities (a long word) is
        /// wider than the line on its own and overflows it.
        public var overflows: Bool

        /// Creates a layout.
        public init(lines: Int, overflows: Bool) {
            self.lines = lines
            self.overflows = overflows
        }
    }

    /// The lines `text` needs at `width` ems (the width in points divided
    /// by the point size), breaking only where `breaks` allows.
    public static func layout(
        _ text: MeasuredText, breaks: [LineBreak], width: Double, tabInterval: Double? = nil
    ) -> Layout {
        Prepared(text, breaks: breaks).layout(width: width, tabInterval: tabInterval)
    }

    /// A string ready to be laid out at many widths: its break positions,
    /// where each line would end without its trailing white space, and the
    /// running sum of its advances, so a line's width is one subtraction
    /// (`fit` lays every string out at twelve sizes).
    public struct Prepared: Sendable {
        /// The arrays, in one object: a prepared text is copied per size
        /// and per string (fit's slots, review's cells), and one reference
        /// is retained where nine arrays were.
        final class Storage: Sendable {
            let count: Int
            let ends: [Int]
            let mandatory: [Bool]
            let trimmed: [Int]
            let prefix: [Double]
            /// With tabs: each byte's advance and whether it is a tab (a
            /// tab's width depends on where it stands on its line).
            let advances: [Double]
            let tabs: [Bool]
            /// With `trackedAt`: how many tracked bytes come before each
            /// byte (and, with tabs, which they are): one shaping laid out
            /// at every size that differs from it only in tracking.
            let trackPrefix: [Int32]
            let trackMarks: [Bool]
            /// When the text splits words (Android): where each grapheme
            /// cluster ends, in order (a piece wider than the line is split
            /// there).
            let graphemeEnds: [Int]
            /// SkParagraph (Flutter): each HarfBuzz cluster's glyph count at
            /// its first byte (`MeasuredText.clusterGlyphs`), whose clusters
            /// `graphemeEnds` then are; empty otherwise.
            let clusterGlyphs: [UInt8]
            /// Per line end, whether it is a break inside an e-mail address
            /// or URL (`LineBreak.discouraged`); empty when none is.
            let discouraged: [Bool]
            /// With phrases (Android): the breaks a phrase wider than the
            /// line falls back to (`LineBreak.phraseFallback`), in order,
            /// each with where its line's drawn text ends; empty otherwise.
            let fallbackEnds: [Int]
            let fallbackVisible: [Int]
            /// The platform's rules.
            let breaking: LineBreaking
            /// Android's letter spacing in ems, which the advances include
            /// at every character: Minikin takes one off each line, the
            /// half before its first character and after its last.
            let letterSpacingEms: Double
            /// UIKit's filling without tracking or tabs: the widest the
            /// text's first line gets at any break before the text's end,
            /// when no line feed ends a line before it (`nil` otherwise).
            /// At a width as wide, the greedy filling's every step fits,
            /// so the text is one line that overflows nowhere: most UI
            /// strings at most sizes, laid out without a walk over their
            /// breaks at each size.
            let widestAsOneLine: Double?

            init(
                count: Int, ends: [Int], mandatory: [Bool], trimmed: [Int], prefix: [Double], advances: [Double],
                tabs: [Bool], trackPrefix: [Int32], trackMarks: [Bool], graphemeEnds: [Int], discouraged: [Bool],
                fallbackEnds: [Int], fallbackVisible: [Int], breaking: LineBreaking, letterSpacingEms: Double,
                clusterGlyphs: [UInt8] = []
            ) {
                self.clusterGlyphs = clusterGlyphs
                self.fallbackEnds = fallbackEnds
                self.fallbackVisible = fallbackVisible
                self.letterSpacingEms = letterSpacingEms
                self.graphemeEnds = graphemeEnds
                self.discouraged = discouraged
                self.breaking = breaking
                self.count = count
                self.ends = ends
                self.mandatory = mandatory
                self.trimmed = trimmed
                self.prefix = prefix
                self.advances = advances
                self.tabs = tabs
                self.trackPrefix = trackPrefix
                self.trackMarks = trackMarks
                var widest: Double? = 0
                if breaking == .apple {
                    for k in ends.indices {
                        if mandatory[k] && ends[k] < count {
                            widest = nil
                            break
                        }
                        // The width `filledLines` compares at this break
                        // from the text's start: `prefix[stop] - prefix[0]`.
                        let used = prefix[max(0, trimmed[k])] - prefix[0]
                        if let known = widest, used > known { widest = used }
                    }
                } else {
                    widest = nil
                }
                widestAsOneLine = widest
            }
        }
        let storage: Storage
        /// The tracking in ems added at each tracked byte (`tracked(by:)`).
        private var trackingEms = 0.0

        /// Prepares `text` with its break opportunities; `trackedAt`, the
        /// bytes where a size's tracking goes (`TextMeasurer.measureForTracking`),
        /// for `tracked(by:)`. With Android's `breaking` (Minikin), a piece
        /// wider than the line is split between grapheme clusters instead
        /// of overflowing it (only a cluster wider than the line
        /// overflows), the spaces that vanish at a line's end are Minikin's,
        /// and the lines are chosen by its strategy.
        /// `letterSpacingEms`: Android's letter spacing, in the measured
        /// advances (`HarfBuzzFace`), one of which a line does not count.
        public init(
            _ text: MeasuredText, breaks: [LineBreak], trackedAt: [Bool]? = nil, breaking: LineBreaking = .apple,
            letterSpacingEms: Double = 0
        ) {
            let count = text.utf8.count
            let minikin = breaking != .apple
            var advances: [Double] = []
            var tabs: [Bool] = []
            var trackMarks: [Bool] = []
            var trackPrefix: [Int32] = []
            let hasTabs = text.utf8.contains(0x09)
            // Minikin's optimal breaker sums each character's advance
            // (`Prepared.optimalLines`); with a tab it breaks greedily.
            if hasTabs || breaking.strategy != .simple {
                advances = text.advances
            }
            if hasTabs {
                tabs = text.utf8.map { $0 == 0x09 }
                if let trackedAt { trackMarks = trackedAt }
            }
            if let trackedAt {
                trackPrefix = [Int32](filled: 0, count: count + 1)
                var n: Int32 = 0
                for i in 0..<count {
                    if i < trackedAt.count, trackedAt[i] { n += 1 }
                    trackPrefix[i + 1] = n
                }
            }
            var prefix = [Double](filled: 0, count: count + 1)
            var sum = 0.0
            for i in 0..<count {
                sum += text.advances[i]
                prefix[i + 1] = sum
            }
            // Room for every line end at once: grown one append at a time,
            // the three arrays were reallocated several times per string.
            var endCount = 1
            var anyDiscouraged = false
            for i in 0..<min(count, breaks.count) {
                switch breaks[i] {
                case .allowed, .mandatory: endCount += 1
                case .discouraged: endCount += 1; anyDiscouraged = true
                default: break
                }
            }
            var ends: [Int] = []
            var mandatory: [Bool] = []
            var trimmed: [Int] = []
            var discouraged: [Bool] = []
            if anyDiscouraged { discouraged.reserveCapacity(endCount) }
            ends.reserveCapacity(endCount)
            mandatory.reserveCapacity(endCount)
            trimmed.reserveCapacity(endCount)
            func append(_ end: Int, _ isMandatory: Bool, isDiscouraged: Bool = false) {
                ends.append(end)
                mandatory.append(isMandatory)
                if anyDiscouraged { discouraged.append(isDiscouraged) }
                trimmed.append(minikin ? Self.minikinTrimmed(text.utf8, end) : Self.trimmed(text.utf8, end))
            }
            // SkParagraph looks for breaks at its clusters' ends only.
            let insideCluster: (Int) -> Bool =
                breaking == .skParagraph && text.clusterGlyphs.count == count
                ? { $0 < count && text.clusterGlyphs[$0] == 0 } : { _ in false }
            for i in 0..<min(count, breaks.count) where !insideCluster(i + 1) {
                switch breaks[i] {
                case .mandatory: append(i + 1, true)
                case .allowed: append(i + 1, false)
                case .discouraged: append(i + 1, false, isDiscouraged: true)
                default: break
                }
            }
            if ends.last != count { append(count, true) }
            var fallbackEnds: [Int] = []
            var fallbackVisible: [Int] = []
            if minikin {
                for i in 0..<min(count, breaks.count) where breaks[i] == .phraseFallback {
                    fallbackEnds.append(i + 1)
                    fallbackVisible.append(Self.minikinTrimmed(text.utf8, i + 1))
                }
            }
            var graphemeEnds: [Int] = []
            let skiaClusters = breaking == .skParagraph && text.clusterGlyphs.count == count
            if skiaClusters {
                // SkParagraph cuts between HarfBuzz's clusters (SkShaper
                // asks for monotone graphemes): a Khmer conjunct is one,
                // where Unicode's graphemes make two.
                for i in 1..<max(count, 1) where text.clusterGlyphs[i] > 0 { graphemeEnds.append(i) }
                if count > 0 { graphemeEnds.append(count) }
            } else if minikin {
                // Swift's Characters are Unicode's extended grapheme
                // clusters (UAX #29), as ICU's character break iterator
                // that Minikin's desperate breaks use.
                var offset = 0
                for character in String(decoding: text.utf8, as: UTF8.self) {
                    offset += character.utf8.count
                    graphemeEnds.append(offset)
                }
            }
            storage = Storage(
                count: count, ends: ends, mandatory: mandatory, trimmed: trimmed, prefix: prefix, advances: advances,
                tabs: tabs, trackPrefix: trackPrefix, trackMarks: trackMarks, graphemeEnds: graphemeEnds,
                discouraged: discouraged, fallbackEnds: fallbackEnds, fallbackVisible: fallbackVisible,
                breaking: breaking,
                // Skia adds the spacing after every glyph, the line's last
                // one's counted; Minikin's line leaves one out.
                letterSpacingEms: breaking == .apple || breaking == .skParagraph ? 0 : letterSpacingEms,
                clusterGlyphs: skiaClusters ? text.clusterGlyphs : [])
        }

        /// Where the text before `end` stops being the white space that
        /// hangs past a line's edge in UIKit: spaces, tabs and line ends.
        static func trimmed(_ utf8: [UInt8], _ end: Int) -> Int {
            var e = end
            while e > 0 {
                let byte = utf8[e - 1]
                guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
                e -= 1
            }
            return e
        }

        /// As `trimmed`, with Minikin's spaces (`isLineEndSpace`: line feed,
        /// space, U+1680, U+2000–U+200A but U+2007, U+205F, U+3000; not a
        /// tab, whose width depends on its place, nor a no-break space), and
        /// a carriage return before a line feed (Android's paragraph ends at
        /// the line feed).
        static func minikinTrimmed(_ utf8: [UInt8], _ end: Int) -> Int {
            var e = end
            while e > 0 {
                let byte = utf8[e - 1]
                if byte == 0x20 || byte == 0x0A || (byte == 0x0D && e < utf8.count && utf8[e] == 0x0A) {
                    e -= 1
                    continue
                }
                guard byte >= 0x80 else { break }
                let scalar = MinikinWordBreaker.scalar(endingAt: e, in: utf8)
                let vanishes =
                    scalar == 0x1680 || (0x2000...0x200A).contains(scalar) && scalar != 0x2007 || scalar == 0x205F
                    || scalar == 0x3000
                guard vanishes else { break }
                e -= UTF8.width(Unicode.Scalar(scalar) ?? " ")
            }
            return e
        }

        /// The text at a size whose tracking is `trackingEms` per tracked
        /// byte (prepared with `trackedAt`; the arrays are shared).
        public func tracked(by trackingEms: Double) -> Prepared {
            var copy = self
            copy.trackingEms = storage.trackPrefix.isEmpty ? 0 : trackingEms
            return copy
        }

        /// The width in ems of the bytes `start..<end` as one line, each tab
        /// advancing to the next multiple of `tabInterval` ems.
        func lineWidth(_ start: Int, _ end: Int, tabInterval: Double, trackingEms: Double) -> Double {
            let advances = storage.advances, trackMarks = storage.trackMarks, tabs = storage.tabs
            var width = 0.0
            for i in start..<end {
                let advance = advances[i] + (trackingEms != 0 && trackMarks[i] ? trackingEms : 0)
                width = tabs[i] ? ((width / tabInterval).rounded(.down) + 1) * tabInterval : width + advance
            }
            return width
        }

        /// The width in ems of the bytes `start..<end` without tabs.
        static func plainWidth(
            _ start: Int, _ end: Int, prefix: [Double], trackingEms: Double, trackPrefix: [Int32]
        ) -> Double {
            let width = prefix[end] - prefix[start]
            guard trackingEms != 0 else { return width }
            return width + trackingEms * Double(trackPrefix[end] - trackPrefix[start])
        }

        /// The lines needed at `width` ems: greedy filling, white space at
        /// a line's end hanging past the edge; with `tabInterval` (ems: 28
        /// points over the point size) tabs advance to tab stops.
        /// `pointSize` is the text's size, in Android's dp: Minikin's
        /// high-quality strategy scores lines in pixels (`optimalLines`, at
        /// `AndroidLineBreaking.pixelsPerDp`).
        public func layout(width: Double, tabInterval: Double? = nil, pointSize: Double = 1) -> Layout {
            layout(width: width, tabInterval: tabInterval, trackedBy: trackingEms, pointSize: pointSize)
        }

        /// `layout` as `tracked(by: trackingEms).layout`, without the copy:
        /// fit lays out a shaping shared by a tracked face's sizes at each
        /// size's tracking, and a copy (nine arrays retained and released)
        /// per size was a third of its time in the system font.
        public func layout(
            width: Double, tabInterval: Double? = nil, trackedBy trackingEms: Double, pointSize: Double = 1
        ) -> Layout {
            var lines = 0
            let overflow = fill(width: width, tabInterval: tabInterval, trackingEms: trackingEms, pointSize: pointSize)
            {
                _, _, _ in
                lines += 1
            }
            return Layout(lines: max(lines, 1), overflows: overflow != nil)
        }

        /// `layout`, its lines added to `lines` as `lines(width:tabInterval:
        /// pointSize:)` gives them (as many as it counts): review draws the
        /// lines fit counted, not broken again for each size it draws.
        public func layout(
            width: Double, tabInterval: Double? = nil, pointSize: Double = 1,
            appendingTo lines: inout [LineRange]
        ) -> Layout {
            let start = lines.count
            let overflow = fill(width: width, tabInterval: tabInterval, trackingEms: trackingEms, pointSize: pointSize)
            {
                start, end, visibleEnd in
                lines.append(LineRange(bytes: start..<end, visible: start..<max(start, visibleEnd)))
            }
            if lines.count == start { lines.append(LineRange(bytes: 0..<0, visible: 0..<0)) }
            return Layout(lines: lines.count - start, overflows: overflow != nil)
        }

        /// The bytes of the first piece (a word, or what lies between two
        /// break opportunities) wider than the line on its own, without
        /// its trailing white space; `nil` when none is.
        public func overflowingPiece(width: Double, tabInterval: Double? = nil, pointSize: Double = 1) -> Range<Int>? {
            overflowingPiece(width: width, tabInterval: tabInterval, trackedBy: trackingEms, pointSize: pointSize)
        }

        /// `overflowingPiece` at a tracking (`layout(width:tabInterval:trackedBy:)`).
        public func overflowingPiece(
            width: Double, tabInterval: Double? = nil, trackedBy trackingEms: Double, pointSize: Double = 1
        ) -> Range<Int>? {
            fill(width: width, tabInterval: tabInterval, trackingEms: trackingEms, pointSize: pointSize) { _, _, _ in }
        }

        /// The lines themselves, as `layout` counts them: each line's bytes
        /// (its trailing white space and line break included), the bytes
        /// drawn (without them), and whether it ends at a line break or the
        /// text's end.
        public func lines(width: Double, tabInterval: Double? = nil, pointSize: Double = 1) -> [LineRange] {
            var lines: [LineRange] = []
            // Room for a few lines at once, not grown line by line.
            lines.reserveCapacity(8)
            self.lines(width: width, tabInterval: tabInterval, pointSize: pointSize, into: &lines)
            return lines
        }

        /// `lines(width:tabInterval:pointSize:)` in `lines`, which is
        /// emptied first and keeps its room: review lays a string out at a
        /// dozen sizes, an array each.
        public func lines(
            width: Double, tabInterval: Double? = nil, pointSize: Double = 1, into lines: inout [LineRange]
        ) {
            lines.removeAll(keepingCapacity: true)
            _ = layout(width: width, tabInterval: tabInterval, pointSize: pointSize, appendingTo: &lines)
        }

        /// The lines, calling `line(start, end, visibleEnd)` for each
        /// line in order; returns the first piece that overflowed. UIKit
        /// fills lines; Minikin breaks them by its strategy, greedily in a
        /// paragraph with a tab (`breakIntoLines`).
        private func fill(
            width: Double, tabInterval: Double?, trackingEms requested: Double, pointSize: Double,
            line: (_ start: Int, _ end: Int, _ visibleEnd: Int) -> Void
        ) -> Range<Int>? {
            guard storage.count > 0 else { return nil }
            // Text prepared without tracking marks takes none (`tracked(by:)`).
            let trackingEms = storage.trackPrefix.isEmpty ? 0 : requested
            switch storage.breaking {
            case .apple:
                return filledLines(width: width, tabInterval: tabInterval, trackingEms: trackingEms, line: line)
            case .android(let android) where android.strategy == .simple || !storage.tabs.isEmpty:
                return greedyLines(width: width, tabInterval: tabInterval, trackingEms: trackingEms, line: line)
            case .android:
                return optimalLines(width: width, pointSize: pointSize, line: line)
            case .skParagraph:
                return skParagraphLines(
                    width: width, tabInterval: tabInterval, trackingEms: trackingEms, pointSize: pointSize, line: line)
            }
        }

        /// UIKit's greedy filling: as many pieces between break
        /// opportunities on a line as fit, the line's trailing white space
        /// hanging past the edge; a piece wider than the line alone
        /// overflows it, on a line of its own.
        private func filledLines(
            width: Double, tabInterval: Double?, trackingEms: Double,
            line: (_ start: Int, _ end: Int, _ visibleEnd: Int) -> Void
        ) -> Range<Int>? {
            // The arrays read once (locals: no access through the object
            // per step).
            let count = storage.count, ends = storage.ends, trimmed = storage.trimmed
            let mandatory = storage.mandatory, prefix = storage.prefix, trackPrefix = storage.trackPrefix
            let plain = storage.tabs.isEmpty || tabInterval == nil
            // Allow for rounding in the sums: a line exactly as wide fits.
            let limit = width + 1e-9
            if plain, trackingEms == 0, let widest = storage.widestAsOneLine, widest <= limit, let last = trimmed.last {
                // Every step below would fit: one line, to the text's end.
                line(0, count, max(0, last))
                return nil
            }
            var overflow: Range<Int>?
            var start = 0
            // The last place that fitted: its end and its drawn end.
            var lastFit: (end: Int, visible: Int)?
            var k = 0
            while k < ends.count {
                let end = ends[k]
                let stop = max(start, trimmed[k])
                // Written out, not a function: the hot path of fit.
                let used =
                    plain
                    ? Self.plainWidth(start, stop, prefix: prefix, trackingEms: trackingEms, trackPrefix: trackPrefix)
                    : lineWidth(start, stop, tabInterval: tabInterval ?? 1, trackingEms: trackingEms)
                if used <= limit {
                    lastFit = (end, stop)
                    if mandatory[k] && end < count {
                        line(start, end, stop)
                        start = end
                        lastFit = nil
                    }
                    k += 1
                } else if let fit = lastFit {
                    // Break at the last place that fitted; look at this piece again.
                    line(start, fit.end, fit.visible)
                    start = fit.end
                    lastFit = nil
                } else {
                    // One piece wider than the line: it overflows on its own line.
                    if overflow == nil { overflow = start..<stop }
                    if end < count {
                        line(start, end, stop)
                        start = end
                    } else {
                        lastFit = (end, stop)
                    }
                    k += 1
                }
            }
            line(start, count, lastFit?.visible ?? trimmedEnd(from: start))
            return overflow
        }

        /// Where the text from `start` to its end stops being white space.
        func trimmedEnd(from start: Int) -> Int {
            storage.trimmed.last.map { max(start, $0) } ?? storage.count
        }
    }

    /// One line of a layout.
    public struct LineRange: Sendable, Equatable {
        /// Its bytes, trailing white space and line break included.
        public var bytes: Range<Int>
        /// The bytes drawn: without the white space and line break that
        /// hang past the edge.
        public var visible: Range<Int>

        /// Creates a line.
        public init(bytes: Range<Int>, visible: Range<Int>) {
            self.bytes = bytes
            self.visible = visible
        }
    }
}

/// Where a line may or must end, per UTF-8 byte (UAX #14, as a line
/// breaking library reports it): the break is after the character that ends
/// at that byte.
public enum LineBreak: UInt8, Sendable {
    case mandatory = 0
    case allowed = 1
    case none = 2
    case insideCharacter = 3
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
    }

    /// The lines `text` needs at `width` ems (the width in points divided
    /// by the point size), breaking only where `breaks` allows.
    public static func layout(_ text: MeasuredText, breaks: [LineBreak], width: Double) -> Layout {
        let count = text.utf8.count
        guard count > 0 else { return Layout(lines: 1, overflows: false) }
        // Break positions: offsets after which a line may end.
        var ends: [(offset: Int, mandatory: Bool)] = []
        for i in 0..<min(count, breaks.count) {
            switch breaks[i] {
            case .mandatory: ends.append((i + 1, true))
            case .allowed: ends.append((i + 1, false))
            default: break
            }
        }
        if ends.last?.offset != count { ends.append((count, true)) }
        // Allow for rounding in the sums: a line exactly as wide fits.
        let limit = width + 1e-9
        var lines = 1
        var overflows = false
        var start = 0
        var lastFit: Int?
        var k = 0
        while k < ends.count {
            let end = ends[k]
            let used = text.ems(start..<visibleEnd(text, start, end.offset))
            if used <= limit {
                lastFit = end.offset
                if end.mandatory && end.offset < count {
                    lines += 1
                    start = end.offset
                    lastFit = nil
                }
                k += 1
                continue
            }
            if let fit = lastFit {
                // Break at the last place that fitted; look at this piece again.
                lines += 1
                start = fit
                lastFit = nil
            } else {
                // One piece wider than the line: it overflows on its own line.
                overflows = true
                if end.offset < count {
                    lines += 1
                    start = end.offset
                }
                k += 1
            }
        }
        return Layout(lines: lines, overflows: overflows)
    }

    /// `end`, moved back over white space at the end of the line.
    static func visibleEnd(_ text: MeasuredText, _ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start {
            let byte = text.utf8[e - 1]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { break }
            e -= 1
        }
        return e
    }
}

/// How a platform breaks text into lines: where a line may end, how the
/// lines are chosen, and what happens to a word wider than the line.
public enum LineBreaking: Sendable, Hashable {
    /// UIKit's and Core Text's: greedy filling; a word wider than the line
    /// overflows it; no break between Hangul characters.
    case apple
    /// Android's Minikin with a strategy, never letting a word overflow.
    case android(AndroidLineBreaking)
    /// Flutter's SkParagraph (`TextWrapper`): greedy, at ICU's line break
    /// opportunities for no locale, trailing white space left out of a
    /// line's width, a word wider than the line cut between clusters, and
    /// widths within 0.25 of the line's rounded to 0.01 before they are
    /// compared (`LineBreakerWithLittleRounding`).
    case skParagraph

    /// Whether a word wider than the line is split between grapheme
    /// clusters rather than overflowing it.
    public var splitsWords: Bool { self != .apple }

    /// The strategy that chooses the lines (`simple` is greedy filling).
    public var strategy: BreakStrategy {
        if case .android(let android) = self { return android.strategy }
        return .simple
    }
}

/// Android's line breaking settings (`TextView`/`LineBreakConfig`, Compose's
/// `LineBreak`).
public struct AndroidLineBreaking: Sendable, Hashable {
    /// How lines are chosen.
    public var strategy: BreakStrategy
    /// Where lines may end in Japanese and Korean.
    public var wordStyle: LineBreakWordStyle
    /// Pixels per dp of the screen laid out for. Minikin scores lines in
    /// pixels with 32-bit floats, against constants that do not scale (a
    /// split inside a word costs 1e10): where a word wider than the line is
    /// split can depend on the density. By default 2.625 (420 dpi, the
    /// Pixel phones' and the emulator's default profile's).
    public var pixelsPerDp: Double

    /// Settings; by default TextView's (high quality, no phrases).
    public init(
        strategy: BreakStrategy = .highQuality, wordStyle: LineBreakWordStyle = .none, pixelsPerDp: Double = 2.625
    ) {
        self.strategy = strategy
        self.wordStyle = wordStyle
        self.pixelsPerDp = pixelsPerDp
    }
}

/// Minikin's break strategies (`Layout.BREAK_STRATEGY_*`).
public enum BreakStrategy: String, Sendable, Hashable, CaseIterable {
    /// Greedy: as much on each line as fits (EditText's default, and every
    /// Compose `Text` that sets no `LineBreak`).
    case simple
    /// The whole paragraph's breaks chosen together to even out the lines'
    /// slack, the last line's not counted (TextView's default).
    case highQuality = "high-quality"
    /// As `highQuality`, the last line's slack counted too.
    case balanced
}

/// Where Japanese (and Korean) lines may end (`LineBreakConfig`'s word style).
public enum LineBreakWordStyle: String, Sendable, Hashable, CaseIterable {
    /// Between any two characters the language's rules allow.
    case none
    /// Only between phrases (ICU's `lw=phrase`: Japanese by its phrase
    /// dictionary, Korean at spaces).
    case phrase
}

/// Minikin's changes to ICU's line break opportunities (AOSP
/// `frameworks/minikin` `libs/minikin/WordBreaker.cpp`): no break after a
/// hyphen ("handled by automatic hyphenation", which is off by default since
/// Android 10) or a Myanmar virama, and e-mail addresses and URLs broken as
/// the Chicago Manual of Style advises, such breaks taken only where nothing
/// else on the line fits (`LineBreak.discouraged`).
public enum MinikinWordBreaker {
    /// The hyphens Minikin never breaks after (`Hyphenator::isLineBreakingHyphen`),
    /// and the soft hyphen.
    static func isHyphen(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2D, 0xAD, 0x58A, 0x5BE, 0x1400, 0x2010, 0x2013, 0x2027, 0x2E17, 0x2E40: return true
        default: return false
        }
    }

    /// `breaks` (ICU's, per UTF-8 byte of `utf8`) as Minikin's word breaker
    /// gives them.
    public static func adjust(_ utf8: [UInt8], _ breaks: inout [LineBreak]) {
        let count = min(utf8.count, breaks.count)
        guard count > 1 else { return }
        let raw = breaks
        // ICU's breaks Minikin keeps (`isValidBreak`); the text's end is
        // always a break.
        for i in 0..<(count - 1) where raw[i] == .allowed {
            let scalar = Self.scalar(endingAt: i + 1, in: utf8)
            if isHyphen(scalar) || scalar == 0x1039 { breaks[i] = .none }
        }
        // An address or URL holds '@' or "://": text without '@' or ':'
        // has none.
        guard utf8.contains(0x40) || utf8.contains(0x3A) else { return }
        let valid = breaks
        var result = [LineBreak](filled: .none, count: breaks.count)
        // WordBreaker::next, position by position.
        func rawBoundary(_ p: Int) -> Bool { p >= count || p == 0 || raw[p - 1] != .none }
        func following(_ p: Int, in array: [LineBreak]) -> Int {
            var q = p + 1
            while q < count, array[q - 1] == .none { q += 1 }
            return min(q, count)
        }
        var current = 0
        var scanOffset = 0
        var inAddress = false
        while current < count {
            let last = current
            if last >= scanOffset {
                (inAddress, scanOffset) = scanAddress(utf8, from: last, count: count)
                if inAddress, !rawBoundary(scanOffset) { scanOffset = following(scanOffset, in: raw) }
            }
            let next =
                inAddress ? nextBreakInAddress(utf8, from: last, before: scanOffset) : following(current, in: valid)
            if next < count {
                // Inside an address a break is bad (`breakBadness`); at its
                // end it is not.
                result[next - 1] =
                    inAddress && next < scanOffset
                    ? .discouraged : valid[next - 1] == .mandatory ? .mandatory : .allowed
            }
            current = next
        }
        result[count - 1] = raw[count - 1]
        breaks = result
    }

    /// Whether the printable ASCII run from `start` is an e-mail address or
    /// URL (`WordBreaker::detectEmailOrUrl`), and where the run ends.
    static func scanAddress(_ utf8: [UInt8], from start: Int, count: Int) -> (Bool, Int) {
        // 0 start, 1 saw '@', 2 saw ':', 3 saw ":/", 4 saw "://".
        var state = 0
        var i = start
        while i < count {
            let c = utf8[i]
            guard c > 0x20 && c <= 0x7E else { break }
            if state == 0 && c == 0x40 {
                state = 1
            } else if state == 0 && c == 0x3A {
                state = 2
            } else if state == 2 || state == 3 {
                state = c == 0x2F ? state + 1 : 0
            }
            i += 1
        }
        return (state == 1 || state == 4, i)
    }

    /// The next break inside an address (`findNextBreakInEmailOrUrl`): after
    /// `:` `=` `&` and `//`, before `~ . , - _ ? # % = &` and a single `/`,
    /// never after `-`.
    static func nextBreakInAddress(_ utf8: [UInt8], from last: Int, before end: Int) -> Int {
        func breakAfter(_ c: UInt8) -> Bool { c == 0x3A || c == 0x3D || c == 0x26 }
        func breakBefore(_ c: UInt8) -> Bool {
            switch c {
            case 0x7E, 0x2E, 0x2C, 0x2D, 0x5F, 0x3F, 0x23, 0x25, 0x3D, 0x26: return true
            default: return false
            }
        }
        var lastChar = utf8[last]
        var i = last + 1
        while i < end {
            if breakAfter(lastChar) { break }
            if lastChar == 0x2F && i >= last + 2 && utf8[i - 2] == 0x2F { break }
            let thisChar = utf8[i]
            if lastChar != 0x2D {
                if breakBefore(thisChar) { break }
                if thisChar == 0x2F && lastChar != 0x2F && !(i + 1 < end && utf8[i + 1] == 0x2F) { break }
            }
            lastChar = thisChar
            i += 1
        }
        return i
    }

    /// The scalar whose last byte is at `end - 1`.
    static func scalar(endingAt end: Int, in utf8: [UInt8]) -> UInt32 {
        var start = end - 1
        while start > 0, utf8[start] & 0xC0 == 0x80, end - start < 4 { start -= 1 }
        return TextBytes.scalar(utf8, at: start).value
    }
}

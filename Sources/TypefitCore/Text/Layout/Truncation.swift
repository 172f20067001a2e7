/// How UILabel cuts text that needs more lines than `numberOfLines` allows
/// with `lineBreakMode = .byTruncatingTail`: the last line shown holds the
/// rest of its paragraph, cut so that it and an ellipsis fit. Apple's
/// `NSLineBreakMode.byTruncatingTail`: "The line is displayed so that the
/// beginning fits in the container and the missing text at the end of the
/// line is indicated by an ellipsis glyph." UIKit draws U+2026 in the
/// label's font, after the last whole character (grapheme cluster) that
/// fits, not the last whole word (Core Text's `CTLineCreateTruncatedLine`
/// with `kCTLineTruncationEnd` cuts at glyph boundaries); white space
/// before the ellipsis is dropped.
public enum Truncation {
    /// The text of the last line shown: from byte `start` of `measured` to
    /// the end of its paragraph, cut so that it and an ellipsis `ellipsis`
    /// ems wide fit in `width` ems (no width: the whole paragraph), then
    /// "…". The cut text is shaped anew (a letter cut from its word takes
    /// another form, an Arabic letter its isolated one): `width(of:)` gives
    /// a candidate's real width in ems, and the cut moves back a character
    /// at a time until it fits.
    public static func tail(
        _ measured: MeasuredText, from start: Int, width: Double?, ellipsis: Double,
        widthOf: (String) -> Double
    ) -> String {
        var end = start
        while end < measured.utf8.count, MeasuredText.hardBreakLength(measured.utf8, at: end) == 0 { end += 1 }
        let paragraph = String(decoding: measured.utf8[start..<end], as: UTF8.self)
        guard let width else { return text(measured, start..<end) }
        // Where each character ends, and the cut the measured advances give.
        var cuts: [Int] = [start]
        var offset = start
        var used = 0.0
        var estimate = 0
        for cluster in paragraph {
            let next = offset + cluster.utf8.count
            used += measured.ems(offset..<next)
            cuts.append(next)
            if used + ellipsis <= width + 1e-9 { estimate = cuts.count - 1 }
            offset = next
        }
        var k = estimate
        var candidate = text(measured, start..<cuts[k])
        while k > 0, widthOf(candidate) > width + 1e-9 {
            k -= 1
            candidate = text(measured, start..<cuts[k])
        }
        return candidate
    }

    /// The bytes `range`, white space at the end dropped, and "…".
    static func text(_ measured: MeasuredText, _ range: Range<Int>) -> String {
        var text = String(decoding: measured.utf8[range], as: UTF8.self)
        while let last = text.unicodeScalars.last, last == " " || last == "\t" { text.unicodeScalars.removeLast() }
        return text + "\u{2026}"
    }
}

/// A font of the fallback cascade as the segmenter sees it: whether it has
/// characters, and whether it draws in colour (emoji presentation goes to a
/// colour font first). FontRegistry's conformer asks fontconfig's charset.
public protocol FallbackCandidate {
    /// Whether the font is a colour font.
    var isColor: Bool { get }
    /// Whether it has every one of `characters` (Unicode scalar values).
    func covers(_ characters: [UInt32]) -> Bool
}

/// Which cascade font draws the characters a face lacks, as Core Text's
/// cascade list substitutes per grapheme cluster: each cluster the face
/// lacks goes to the first font of the cascade that has the whole cluster,
/// a colour font first for emoji presentation (an emoji, or U+FE0F).
/// Variation selectors and joiners are not asked of a charset (fonts map
/// them through other tables). Pure: the cascade is given; choices are
/// remembered per cluster of up to three characters, so that a repeated
/// letter asks no charset again.
public struct FallbackSegmenter: Sendable {
    /// Bytes drawn by one cascade font (`font`, an index into the
    /// cascade), or by none (`nil`).
    public struct Segment: Equatable, Sendable {
        /// The bytes.
        public var bytes: Range<Int>
        /// The cascade font, or `nil` when none has them.
        public var font: Int?

        /// Creates one.
        @inlinable
        public init(bytes: Range<Int>, font: Int?) {
            self.bytes = bytes
            self.font = font
        }
    }

    /// Per cluster of up to three characters (21 bits each): the font
    /// chosen.
    @usableFromInline var chosen: [UInt64: Int?] = [:]

    /// Whether a cluster stays in the font of the cluster just before it,
    /// in the same run of missing text, when that font has it (Skia's
    /// `OneLineShaper::matchResolvedFonts`: the typeface found for a run's
    /// first character shapes the whole run, and only what it lacks looks
    /// further, so a Bengali danda after Bengali letters stays in Noto
    /// Sans Bengali though Noto Sans Devanagari comes first in the file).
    public var keepsRunFont = false

    /// A segmenter for one cascade (one language).
    public init(keepsRunFont: Bool = false) { self.keepsRunFont = keepsRunFont }

    /// The missing bytes of `utf8` (`missing` per byte, as shaping marks
    /// them) in stretches drawn by one cascade font each, neighbouring
    /// clusters of one font joined.
    ///
    /// `preferred` gives, for a cluster (its first character, and whether
    /// it is shown as an emoji), the cascade fonts to try before the
    /// cascade's own order: iOS's face for its script (`IOSCascade`). It
    /// must answer alike for alike clusters (choices are remembered).
    ///
    /// Inlinable, so that the caller's cascade type is known where each
    /// candidate is asked (generic, every font of a cascade of a thousand
    /// was copied to ask it: a tenth of a many-language Android run).
    @inlinable
    public mutating func segments<Candidate: FallbackCandidate>(
        _ utf8: [UInt8], missing: [Bool], cascade: [Candidate],
        preferred: (Unicode.Scalar, Bool) -> [Int] = { _, _ in [] }
    ) -> [Segment] {
        let missingRanges = TextBytes.missingRanges(missing, utf8)
        guard !missingRanges.isEmpty else { return [] }
        var segments: [Segment] = []
        // Whole grapheme clusters, walked once: shaping marks a cluster's
        // base as missing, not the U+FE0F after it, which decides its
        // presentation.
        var r = 0
        var offset = 0
        for cluster in String(decoding: utf8, as: UTF8.self) {
            let bytes = offset..<min(utf8.count, offset + cluster.utf8.count)
            offset = bytes.upperBound
            while r < missingRanges.count && missingRanges[r].upperBound <= bytes.lowerBound { r += 1 }
            guard r < missingRanges.count else { break }
            guard missingRanges[r].lowerBound < bytes.upperBound else { continue }
            let scalars = cluster.unicodeScalars
            var packed: UInt64? = 0
            for (n, scalar) in scalars.enumerated() {
                guard n < 3, let value = packed else {
                    packed = nil
                    break
                }
                packed = value << 21 | UInt64(scalar.value)
            }
            let choice: Int?
            // (An emoji looks for its colour font whatever precedes it:
            // Skia's `defaultEmojiFallback`.)
            if keepsRunFont, let last = segments.last, last.bytes.upperBound == bytes.lowerBound,
                let font = last.font, cascade.indices.contains(font),
                !scalars.contains(where: { $0.value == 0xFE0F }),
                !(scalars.first?.properties.isEmojiPresentation ?? false),
                cascade[font].covers(Self.charsetCharacters(scalars))
            {
                choice = font
            } else if let packed, let known = chosen[packed] {
                choice = known
            } else {
                choice = Self.choose(scalars, in: cascade, preferred: preferred)
                if let packed { chosen[packed] = .some(choice) }
            }
            if let last = segments.last, last.font == choice, last.bytes.upperBound == bytes.lowerBound {
                segments[segments.count - 1].bytes = last.bytes.lowerBound..<bytes.upperBound
            } else {
                segments.append(Segment(bytes: bytes, font: choice))
            }
        }
        return segments
    }

    /// A cluster's characters a charset is asked for (not variation
    /// selectors or joiners).
    @inlinable
    public static func charsetCharacters(_ scalars: String.UnicodeScalarView) -> [UInt32] {
        scalars.map(\.value).filter {
            !(0xFE00...0xFE0F).contains($0) && !(0xE0100...0xE01EF).contains($0) && $0 != 0x200D && $0 != 0x200C
        }
    }

    /// The cascade font that draws a cluster: the first of `preferred`'s
    /// that has all of it, else the first of the cascade, a colour font
    /// first for emoji presentation.
    @inlinable
    public static func choose<Candidate: FallbackCandidate>(
        _ scalars: String.UnicodeScalarView, in cascade: [Candidate],
        preferred: (Unicode.Scalar, Bool) -> [Int] = { _, _ in [] }
    ) -> Int? {
        let needed = charsetCharacters(scalars)
        let emoji = scalars.contains { $0.value == 0xFE0F } || (scalars.first?.properties.isEmojiPresentation ?? false)
        if let first = scalars.first {
            for index in preferred(first, emoji) where cascade.indices.contains(index) {
                if cascade[index].covers(needed) && (!emoji || cascade[index].isColor) { return index }
            }
        }
        if emoji, let colour = cascade.firstIndex(where: { $0.isColor && $0.covers(needed) }) { return colour }
        return cascade.firstIndex { $0.covers(needed) }
    }
}

/// Byte-level facts about UTF-8 text that layout needs.
public enum TextBytes {
    /// Whether a byte of `text`'s UTF-8 satisfies `predicate`, read from
    /// the string's own storage: through `String.UTF8View`'s indices, a
    /// scan cost some 30 instructions a byte, and `fit` scans every string
    /// for markup and for placeholders.
    @inlinable
    public static func contains(_ text: String, where predicate: (UInt8) -> Bool) -> Bool {
        if let found = text.utf8.withContiguousStorageIfAvailable({ bytes in
            for byte in bytes where predicate(byte) { return true }
            return false
        }) {
            return found
        }
        return text.utf8.contains(where: predicate)
    }

    /// Whether two strings have the same UTF-8 bytes (not `==`, which
    /// holds for canonically equivalent texts in other bytes), compared in
    /// their own storage.
    public static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let same = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                guard let left = x.baseAddress, let right = y.baseAddress else { return true }
                return equal(UnsafeRawPointer(left), UnsafeRawPointer(right), count: x.count)
            }
        }
        return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
    }

    /// Whether the `count` bytes at `a` and at `b` are the same, compared
    /// eight at a time (TypefitCore has no C library's `memcmp`).
    public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var i = 0
        while i + 8 <= count {
            guard
                a.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            else { return false }
            i += 8
        }
        while i < count {
            guard a.load(fromByteOffset: i, as: UInt8.self) == b.load(fromByteOffset: i, as: UInt8.self) else {
                return false
            }
            i += 1
        }
        return true
    }

    /// The character whose UTF-8 starts at byte `i` of `utf8`, and its
    /// length in bytes: a decoder for text that came from a Swift string
    /// (valid UTF-8), without making a `String` of it; a byte that starts
    /// no character in full is U+FFFD of one byte.
    @inline(__always)
    public static func scalar(_ utf8: [UInt8], at i: Int) -> (value: UInt32, width: Int) {
        let lead = UInt32(utf8[i])
        if lead < 0x80 { return (lead, 1) }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard lead >= 0xC2, i + width <= utf8.count else { return (0xFFFD, 1) }
        var value = lead & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
        for k in 1..<width {
            let byte = UInt32(utf8[i + k])
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | byte & 0x3F
        }
        return (value, width)
    }

    /// The byte ranges of grapheme clusters shown as emoji: with U+FE0F,
    /// or starting with a character of emoji presentation (📱) and not
    /// asking for text presentation (U+FE0E). Text without such a
    /// character's bytes is not walked: the characters of emoji
    /// presentation lie in U+2300–U+2BFF (UTF-8 `E2 8C`…`E2 AF`) and beyond
    /// the BMP (`F0`…), the selector is `EF B8 8F` (so `…` and `’`, which
    /// UI strings are full of, cost one look at their bytes).
    public static func emojiPresentationRanges(_ utf8: [UInt8]) -> [Range<Int>] {
        var i = 0
        var found = false
        while i < utf8.count {
            let byte = utf8[i]
            if byte >= 0xF0 || (byte == 0xE2 && i + 1 < utf8.count && (0x8C...0xAF).contains(utf8[i + 1]))
                || (byte == 0xEF && i + 2 < utf8.count && utf8[i + 1] == 0xB8 && utf8[i + 2] == 0x8F)
            {
                found = true
                break
            }
            i += 1
        }
        guard found else { return [] }
        var ranges: [Range<Int>] = []
        var offset = 0
        for cluster in String(decoding: utf8, as: UTF8.self) {
            let length = cluster.utf8.count
            defer { offset += length }
            let scalars = cluster.unicodeScalars
            guard let first = scalars.first, first.value >= 0x80 else { continue }
            let selector = scalars.contains { $0.value == 0xFE0F }
            let text = scalars.contains { $0.value == 0xFE0E }
            if selector || (first.properties.isEmojiPresentation && !text) {
                ranges.append(offset..<min(offset + length, utf8.count))
            }
        }
        return ranges
    }

    /// The byte ranges of control characters: C0 and C1 controls (line
    /// breaks and tabs among them), U+2028 and U+2029. They are layout, not
    /// glyphs: no advance of their own, never a missing glyph.
    public static func controlRanges(_ utf8: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            var length = byte < 0x20 || byte == 0x7F ? 1 : 0
            if byte == 0xC2, i + 1 < utf8.count, (0x80...0x9F).contains(utf8[i + 1]) { length = 2 }
            if byte == 0xE2 { length = MeasuredText.hardBreakLength(utf8, at: i) }
            if length > 0 {
                ranges.append(i..<min(utf8.count, i + length))
                i += length
            } else {
                i += 1
            }
        }
        return ranges
    }

    /// The missing clusters' bytes: each byte marked missing, to the next
    /// cluster start (a byte that starts a character and is not marked).
    public static func missingRanges(_ missing: [Bool], _ utf8: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        while i < missing.count {
            guard missing[i] else {
                i += 1
                continue
            }
            var end = i + 1
            while end < missing.count && (missing[end] || utf8[end] & 0xC0 == 0x80) { end += 1 }
            ranges.append(i..<end)
            i = end
        }
        return ranges
    }

    /// How many characters the bytes `range` hold.
    public static func scalarCount(_ utf8: [UInt8], _ range: Range<Int>) -> Int {
        var count = 0
        for i in range where utf8[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// How many Unicode scalars `text` holds: its UTF-8 bytes that are not
    /// continuation bytes (`unicodeScalars.count` decodes each one).
    public static func scalarCount(_ text: String) -> Int {
        func count<C: Sequence<UInt8>>(_ bytes: C) -> Int {
            var count = 0
            for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
            return count
        }
        return text.utf8.withContiguousStorageIfAvailable { count($0) } ?? count(text.utf8)
    }

    /// Whether `utf8` holds a character of a right-to-left block (Hebrew,
    /// Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, their presentation
    /// forms, and the right-to-left blocks beyond the BMP) or an explicit
    /// directional mark or embedding: only then can the bidirectional
    /// algorithm reorder anything.
    public static func mayHoldRightToLeft(_ utf8: [UInt8]) -> Bool {
        guard utf8.contains(where: { $0 >= 0xD6 }) else { return false }
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
                0x200F, 0x202B, 0x202E, 0x2067:
                return true
            default:
                continue
            }
        }
        return false
    }
}

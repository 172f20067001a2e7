/// Where tracking goes: once per grapheme, on its first glyph. A character
/// continues the grapheme before it, and takes no tracking, when it is a
/// mark (Mn, Mc, Me: combining accents, vowel signs, variation
/// selectors), an emoji skin-tone modifier, a zero-width joiner or
/// non-joiner, the pictograph a joiner joins, the second of a pair of
/// regional indicators (a flag), a halfwidth kana voicing mark or a tag
/// character: the subset of Unicode's grapheme rules (UAX #29) HarfBuzz
/// marks as continuations (`hb_set_unicode_props`), so that typefit's
/// tracked widths equal `hb-shape --font-ptem`'s.
public enum TrackedGraphemes {
    /// Per byte of `utf8`: whether it is the first byte of a character
    /// that starts a grapheme (every other byte is `false`).
    public static func starts(_ utf8: [UInt8]) -> [Bool] {
        // ASCII (most UI strings): no character continues a grapheme.
        if utf8.allSatisfy({ $0 < 0x80 }) { return [Bool](filled: true, count: utf8.count) }
        var starts = [Bool](filled: false, count: utf8.count)
        var offset = 0
        var afterJoiner = false
        var openFlag = false
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            var continues: Bool
            // Below U+0300 no character is a mark (the first, U+0300, is
            // the combining grave): no property lookup.
            if value < 0x300 {
                continues = false
            } else {
                switch scalar.properties.generalCategory {
                case .nonspacingMark, .spacingMark, .enclosingMark: continues = true
                default: continues = false
                }
            }
            if (0x1F3FB...0x1F3FF).contains(value) || value == 0x200C || value == 0x200D
                || (0xFF9E...0xFF9F).contains(value) || (0xE0020...0xE007F).contains(value)
            {
                continues = true
            } else if afterJoiner && scalar.properties.isEmoji && value > 0xFF {
                continues = true
            }
            let isRegional = (0x1F1E6...0x1F1FF).contains(value)
            if isRegional {
                if openFlag {
                    continues = true
                    openFlag = false
                } else {
                    openFlag = true
                }
            } else {
                openFlag = false
            }
            afterJoiner = value == 0x200D
            if !continues && offset < starts.count { starts[offset] = true }
            offset += UTF8.width(scalar)
        }
        return starts
    }
}

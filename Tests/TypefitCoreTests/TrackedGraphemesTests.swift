import Testing
import TypefitCore

/// Where tracking goes: the characters that start a grapheme, by the
/// subset of UAX #29 HarfBuzz applies (marks, joiners, modifiers and flag
/// pairs continue a grapheme).
struct TrackedGraphemesTests {
    /// The characters of `text` that start a grapheme.
    func starts(_ text: String) -> [String] {
        let utf8 = Array(text.utf8)
        let starts = TrackedGraphemes.starts(utf8)
        var offset = 0
        var result: [String] = []
        for scalar in text.unicodeScalars {
            if starts[offset] { result.append(String(scalar)) }
            offset += UTF8.width(scalar)
        }
        return result
    }

    @Test func everyLetterAndSpaceStartsOne() {
        #expect(starts("Go on") == ["G", "o", " ", "o", "n"])
    }

    @Test func combiningMarksAndVowelSignsContinue() {
        // e + combining acute; Devanagari न + virama + म + vowel sign e.
        #expect(starts("e\u{301}t") == ["e", "t"])
        #expect(starts("न्मे") == ["न", "म"])
    }

    @Test func emojiSequencesAreOne() {
        // A skin tone, a ZWJ family, a variation selector, a flag pair and a third indicator.
        #expect(starts("👍🏽") == ["👍"])
        #expect(starts("👩‍👩‍👧") == ["👩"])
        #expect(starts("❤️") == ["❤"])
        #expect(starts("🇫🇷🇩") == ["🇫", "🇩"])
    }
}

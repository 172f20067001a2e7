import Testing
import TypefitCore

/// Which clusters are shown as emoji (and so leave a face without colour
/// glyphs): the byte pre-check never misses one that Unicode's own
/// properties (Swift's `isEmojiPresentation`, U+FE0F) find.
struct EmojiPresentationTests {
    /// The clusters a plain walk over every character finds.
    func expected(_ text: String) -> [String] {
        text.filter { cluster in
            let scalars = cluster.unicodeScalars
            guard let first = scalars.first, first.value >= 0x80 else { return false }
            return scalars.contains { $0.value == 0xFE0F }
                || (first.properties.isEmojiPresentation && !scalars.contains { $0.value == 0xFE0E })
        }.map(String.init)
    }

    func found(_ text: String) -> [String] {
        let utf8 = Array(text.utf8)
        return TextBytes.emojiPresentationRanges(utf8).map { String(decoding: utf8[$0], as: UTF8.self) }
    }

    @Test(arguments: [
        "Hi 📱 ok", "❤️ and ❤", "⌚ ☕ ⭐ ✅ ❌", "☕︎ text", "Settings…", "日本語の「設定」", "👍🏽 👩‍👩‍👧 🇫🇷", "#️⃣ 1️⃣",
        "plain ASCII", "",
    ])
    func findsWhatUnicodeSays(text: String) {
        #expect(found(text) == expected(text))
    }

    @Test func everyEmojiPresentationCharacterOfTheBMPIsFound() {
        for value in UInt32(0x80)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmojiPresentation else { continue }
            #expect(found(String(scalar)) == [String(scalar)], "U+\(String(value, radix: 16))")
        }
    }
}

/// The UTF-8 decoder text layout walks bytes with: every character of
/// valid text as Swift decodes it, at the same offsets.
struct TextBytesDecodingTests {
    @Test(arguments: [
        "plain", "Größe", "Ελληνικά", "日本語", "👩‍👩‍👧 🇫🇷", "a\u{0}b", "\u{10FFFF}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
    ])
    func decodesAsSwiftDoes(text: String) {
        let utf8 = Array(text.utf8)
        var offset = 0
        var decoded: [UInt32] = []
        while offset < utf8.count {
            let (value, width) = TextBytes.scalar(utf8, at: offset)
            decoded.append(value)
            offset += width
        }
        #expect(offset == utf8.count)
        #expect(decoded == text.unicodeScalars.map(\.value))
    }

    @Test func aCutCharacterIsOneReplacementByte() {
        let utf8: [UInt8] = [0x61, 0xE6, 0x97]
        #expect(TextBytes.scalar(utf8, at: 1) == (0xFFFD, 1))
        #expect(TextBytes.scalar(utf8, at: 2) == (0xFFFD, 1))
    }
}

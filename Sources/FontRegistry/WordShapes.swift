import CHarfBuzz

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The words one face has shaped, each kept once, as Minikin's
/// `LayoutCache` keeps them: a catalog's strings repeat their words (the
/// bench's 10,000 UI strings use 51 words, a real app's 114,440 words are
/// 2,262 distinct ones), and shaping was 60% of `fit`'s instructions.
/// Only a face whose words shape alike whatever surrounds them uses it
/// (`HarfBuzzFace.wordsShapeAlone`).
///
/// A word is found by its bytes, script, direction and language. Its
/// glyphs are HarfBuzz's, in HarfBuzz's order, clusters counted from the
/// word's first byte. Kept in flat arrays and an open-addressed table, so
/// finding a word allocates nothing. Bounded: words over
/// `maximumWordBytes` are not kept, and once `maximumGlyphs` glyphs or
/// `maximumWords` words are kept, all are forgotten (at most 7 MB a face).
/// One face's, so one worker's.
final class WordShapes {
    static let maximumWordBytes = 64
    static let maximumWords = 16_384
    static let maximumGlyphs = 131_072

    private struct Entry {
        var hash: UInt64
        var key: Range<Int>
        var glyphs: Range<Int>
        var script: UInt32
        var rightToLeft: Bool
        var language: UInt
    }

    /// Per slot: an index into `entries`, or -1. A power of two, at most
    /// half full.
    private var slots = [Int32](filled: -1, count: 64)
    private var entries: [Entry] = []
    private var keys: [UInt8] = []
    private(set) var infos: [hb_glyph_info_t] = []
    private(set) var positions: [hb_glyph_position_t] = []

    /// How many words are kept.
    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    /// How many times a kept word was found (what the cache saved).
    private(set) var found = 0

    /// Whether more words can be kept.
    var isFull: Bool { entries.count >= Self.maximumWords || infos.count >= Self.maximumGlyphs }

    private static func hash(
        _ word: UnsafeBufferPointer<UInt8>, script: UInt32, rightToLeft: Bool, language: UInt
    ) -> UInt64 {
        // FNV-1a: words are short, and the table is the face's own.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash = (hash ^ UInt64(script)) &* 0x0000_0100_0000_01B3
        hash = (hash ^ UInt64(language)) &* 0x0000_0100_0000_01B3
        return rightToLeft ? ~hash : hash
    }

    /// The glyphs kept for `word` (indices into `infos` and `positions`),
    /// or `nil`.
    func find(_ word: UnsafeBufferPointer<UInt8>, script: UInt32, rightToLeft: Bool, language: UInt) -> Range<Int>? {
        let hash = Self.hash(word, script: script, rightToLeft: rightToLeft, language: language)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.hash == hash, entry.script == script, entry.rightToLeft == rightToLeft,
                entry.language == language, entry.key.count == word.count,
                keys.withUnsafeBufferPointer({ kept in
                    guard let kept = kept.baseAddress, let word = word.baseAddress else { return true }
                    return memcmp(kept + entry.key.lowerBound, word, entry.key.count) == 0
                })
            {
                found += 1
                return entry.glyphs
            }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps `count` glyphs of HarfBuzz's buffer as `word`'s (their
    /// clusters less `start`, the word's first byte in the text); the
    /// glyphs' indices, or `nil` when the word is not kept.
    func add(
        _ word: UnsafeBufferPointer<UInt8>, script: UInt32, rightToLeft: Bool, language: UInt, start: Int,
        infos newInfos: UnsafePointer<hb_glyph_info_t>, positions newPositions: UnsafePointer<hb_glyph_position_t>,
        count: Int
    ) -> Range<Int>? {
        guard word.count <= Self.maximumWordBytes else { return nil }
        // Full: forgotten, not frozen (a catalog read language by language
        // wants the words of the language at hand).
        if isFull { forget() }
        let glyphs = infos.count..<(infos.count + count)
        for i in 0..<count {
            var info = newInfos[i]
            info.cluster -= UInt32(start)
            infos.append(info)
            positions.append(newPositions[i])
        }
        let key = keys.count..<(keys.count + word.count)
        keys.append(contentsOf: word)
        let hash = Self.hash(word, script: script, rightToLeft: rightToLeft, language: language)
        entries.append(
            Entry(hash: hash, key: key, glyphs: glyphs, script: script, rightToLeft: rightToLeft, language: language))
        if entries.count * 2 > slots.count {
            slots = [Int32](filled: -1, count: slots.count * 2)
            for index in entries.indices { place(index) }
        } else {
            place(entries.count - 1)
        }
        return glyphs
    }

    /// Forgets every word, keeping the memory.
    private func forget() {
        entries.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        infos.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = -1 }
    }

    private func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }
}

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
/// word's first byte, each glyph the five numbers layout reads (20 bytes,
/// half of HarfBuzz's pair of records). Kept in flat arrays and an
/// open-addressed table, so finding a word allocates nothing. Bounded:
/// words over `maximumWordBytes` are not kept, and once `maximumGlyphs`
/// glyphs or `maximumWords` words are kept, all are forgotten (at most
/// about 5 MB a face). A value: the face moves it out while it shapes a
/// run, so that its arrays are reached without a run-time exclusivity
/// check per access (a class's stored properties have one).
struct WordShapes {
    static let maximumWordBytes = 64
    static let maximumWords = 16_384
    static let maximumGlyphs = 131_072

    /// A kept glyph: what `HarfBuzzFace.shape` and the drawing read of
    /// HarfBuzz's info and position records.
    struct Glyph {
        var glyph: UInt32
        var cluster: UInt32
        var xAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    private struct Entry {
        var hash: UInt64
        var keyStart: Int32
        var keyCount: Int32
        var glyphStart: Int32
        var glyphCount: Int32
        var script: UInt32
        var rightToLeft: Bool
        var language: UInt
    }

    /// Per slot: an index into `entries`, or -1. A power of two, at most
    /// half full; empty until the first word is kept (an empty value costs
    /// no allocation).
    private var slots: [Int32] = []
    private var entries: [Entry] = []
    private var keys: [UInt8] = []
    private(set) var glyphs: [Glyph] = []

    /// How many words are kept.
    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }
    /// How many times a kept word was found (what the words saved).
    private(set) var found = 0

    /// Whether as many words or glyphs are kept as may be.
    var isFull: Bool { entries.count >= Self.maximumWords || glyphs.count >= Self.maximumGlyphs }

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

    /// The glyphs kept for `word` (indices into `glyphs`), or `nil`.
    mutating func find(_ word: UnsafeBufferPointer<UInt8>, script: UInt32, rightToLeft: Bool, language: UInt)
        -> Range<Int>?
    {
        let hash = Self.hash(word, script: script, rightToLeft: rightToLeft, language: language)
        guard let index = entry(word, hash: hash, script: script, rightToLeft: rightToLeft, language: language)
        else { return nil }
        found += 1
        let entry = entries[index]
        return Int(entry.glyphStart)..<Int(entry.glyphStart + entry.glyphCount)
    }

    /// The index in `entries` of `word`'s entry, or `nil`.
    private func entry(
        _ word: UnsafeBufferPointer<UInt8>, hash: UInt64, script: UInt32, rightToLeft: Bool, language: UInt
    ) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.hash == hash, entry.script == script, entry.rightToLeft == rightToLeft,
                entry.language == language, Int(entry.keyCount) == word.count,
                keys.withUnsafeBufferPointer({ kept in
                    guard let kept = kept.baseAddress, let word = word.baseAddress else { return true }
                    return memcmp(kept + Int(entry.keyStart), word, Int(entry.keyCount)) == 0
                })
            {
                return index
            }
            slot = (slot + 1) & mask
        }
    }

    /// Keeps `count` glyphs of HarfBuzz's buffer as `word`'s (their
    /// clusters less `start`, the word's first byte in the text). A word
    /// too long is not kept; when the words are full, they are forgotten
    /// first (a catalog read language by language wants the words of the
    /// language at hand).
    mutating func add(
        _ word: UnsafeBufferPointer<UInt8>, script: UInt32, rightToLeft: Bool, language: UInt, start: Int,
        infos: UnsafePointer<hb_glyph_info_t>, positions: UnsafePointer<hb_glyph_position_t>, count: Int
    ) {
        guard word.count <= Self.maximumWordBytes, count <= Self.maximumGlyphs else { return }
        let hash = Self.hash(word, script: script, rightToLeft: rightToLeft, language: language)
        // A run's repeated word (its spaces) is kept once.
        guard entry(word, hash: hash, script: script, rightToLeft: rightToLeft, language: language) == nil else {
            return
        }
        if isFull { forget() }
        if slots.isEmpty { slots = [Int32](filled: -1, count: 64) }
        let glyphStart = glyphs.count
        for i in 0..<count {
            glyphs.append(
                Glyph(
                    glyph: infos[i].codepoint, cluster: infos[i].cluster &- UInt32(start),
                    xAdvance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset))
        }
        let keyStart = keys.count
        keys.append(contentsOf: word)
        entries.append(
            Entry(
                hash: hash, keyStart: Int32(keyStart), keyCount: Int32(word.count), glyphStart: Int32(glyphStart),
                glyphCount: Int32(count), script: script, rightToLeft: rightToLeft, language: language))
        if entries.count * 2 > slots.count {
            slots = [Int32](filled: -1, count: slots.count * 2)
            for index in entries.indices { place(index) }
        } else {
            place(entries.count - 1)
        }
    }

    /// Forgets every word, keeping the memory.
    private mutating func forget() {
        entries.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = -1 }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: entries[index].hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index)
    }
}

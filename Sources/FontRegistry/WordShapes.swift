import CHarfBuzz
import Synchronization

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
/// words over `maximumWordBytes` are not kept; a face keeps at most
/// `maximumWords` words and `maximumGlyphs` glyphs, and every face of
/// the process together what `WordBudget` grants (a face with an optical
/// size is opened at each of twelve sizes, per worker: 24 faces kept
/// Pocket Casts' words in 52 MB more than `fit` used without them). A
/// face that can keep no more forgets all its words and keeps anew in the
/// same memory. A value: the face moves it out while it shapes a
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
    /// The bytes the words take (`WordBudget.bytes`), and those granted.
    private var used = 0
    private(set) var granted = 0
    /// How many times the words were forgotten.
    private(set) var generation = 0

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
    /// clusters less `start`, the word's first byte in the text); the
    /// word's glyphs (`nil`: not kept). A word too long is not kept; when
    /// the words are full, they are forgotten first (a catalog read
    /// language by language wants the words of the language at hand), and
    /// `generation` counts it: glyphs found before are then gone.
    mutating func add(
        _ word: UnsafeBufferPointer<UInt8>, script: UInt32, rightToLeft: Bool, language: UInt, start: Int,
        infos: UnsafePointer<hb_glyph_info_t>, positions: UnsafePointer<hb_glyph_position_t>, count: Int
    ) -> Range<Int>? {
        guard word.count <= Self.maximumWordBytes, count <= Self.maximumGlyphs else { return nil }
        let hash = Self.hash(word, script: script, rightToLeft: rightToLeft, language: language)
        // A run's repeated word (its spaces) is kept once.
        if let index = entry(word, hash: hash, script: script, rightToLeft: rightToLeft, language: language) {
            return Int(entries[index].glyphStart)..<Int(entries[index].glyphStart + entries[index].glyphCount)
        }
        if isFull { forget() }
        let bytes = WordBudget.bytes(glyphs: count, wordBytes: word.count)
        if used + bytes > granted {
            // More memory, doubling what the face has, while the budget
            // lasts; else the words are forgotten and the memory reused.
            let more = max(WordBudget.grant, granted, bytes)
            if WordBudget.take(more) {
                granted += more
                // Glyphs are most of it: room for them as granted, not
                // doubled past it by appending.
                glyphs.reserveCapacity(granted / 25)
            } else {
                forget()
                guard bytes <= granted else { return nil }
            }
        }
        used += bytes
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
        return glyphStart..<glyphs.count
    }

    /// Gives the memory granted back to the budget (the face's deinit).
    func release() {
        WordBudget.give(granted)
    }

    /// Forgets every word, keeping the memory.
    private mutating func forget() {
        generation += 1
        used = 0
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

/// The memory every face's kept words may take together, granted to the
/// faces as they keep words and given back as they close: 4 MB, in
/// bytes as `bytes` counts them (the arrays' spare capacity comes on top).
/// Enough for the words of a catalog of 18 languages in two workers' faces
/// (IceCubesApp's: 11,600 words, 72,000 glyphs each).
enum WordBudget {
    static let total = 4 << 20
    /// What a face is granted at a time, at least (doubling what it has).
    static let grant = 64 << 10
    private static let taken = Atomic<Int>(0)

    /// The bytes a word of `wordBytes` bytes and `glyphs` glyphs takes:
    /// 20 a glyph, its bytes, 48 for its entry and slot.
    static func bytes(glyphs: Int, wordBytes: Int) -> Int { 20 * glyphs + wordBytes + 48 }

    /// Takes `bytes` of the budget; `false`, taking nothing, when so much
    /// is not left.
    static func take(_ bytes: Int) -> Bool {
        var current = taken.load(ordering: .relaxed)
        while current + bytes <= total {
            let (exchanged, original) = taken.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives `bytes` back.
    static func give(_ bytes: Int) {
        if bytes > 0 { taken.subtract(bytes, ordering: .relaxed) }
    }

    /// What is taken now (tests).
    static var inUse: Int { taken.load(ordering: .relaxed) }
}

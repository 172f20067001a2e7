import CHarfBuzz
import TypefitCore

/// Shaping word by word: a run cut at its spaces, each word shaped once
/// per face and kept (`WordShapes`), the run's glyphs put together from
/// its words in HarfBuzz's order. Exact where the face shapes a word alike
/// whatever surrounds it (`spaceIsolated`), and the cut falls where
/// HarfBuzz's shaping of the whole run would not look across: the glyphs
/// are those of shaping the run whole, glyph for glyph.
extension HarfBuzzFace {
    /// Whether no lookup of the face reads, moves or skips the space, so
    /// that a word's glyphs do not depend on the words around it:
    /// - the space has a glyph, which GDEF does not class as a mark or
    ///   ligature (a lookup that skips those would skip it);
    /// - no GSUB or GPOS lookup's collected glyphs (before, input, after,
    ///   output: `hb_ot_layout_lookup_collect_glyphs`) hold it, and no
    ///   class-based rule or pair, nor a lookup that skips base glyphs,
    ///   reaches it (`LayoutReach`, what the sets leave out);
    /// - no AAT table (`morx`, `mort`, `kerx`) or `kern` table, which
    ///   HarfBuzz applies by machinery of their own.
    ///
    /// Arabic joining reads past a word's edge, but a space joins nothing
    /// (joining type U, as the start of the text is), and a word is cut
    /// only between it and a space.
    func spaceIsolated() -> Bool {
        for tag in [TableTag("morx"), TableTag("mort"), TableTag("kerx"), TableTag("kern")]
        where Self.table(tag, of: face, hb, copy: false) != nil {
            return false
        }
        var space: UInt32 = 0
        guard hb.nominalGlyph(font, 0x20, &space) != 0, space != 0, space <= UInt32(UInt16.max) else { return false }
        let kind = hb.glyphClass(face, space)
        guard kind == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || kind == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else {
            return false
        }
        // Before, input, after and output.
        let sets = (0..<4).compactMap { _ in hb.setCreate() }
        defer { for set in sets { hb.setDestroy(set) } }
        guard sets.count == 4 else { return false }
        for (table, positioning) in [(TableTag("GSUB"), false), (TableTag("GPOS"), true)] {
            let tag = table.rawValue
            for lookup in 0..<hb.lookupCount(face, tag) {
                for set in sets { hb.setClear(set) }
                hb.lookupCollectGlyphs(face, tag, lookup, sets[0], sets[1], sets[2], sets[3])
                if sets.contains(where: { hb.setHas($0, space) != 0 }) { return false }
            }
            if let bytes = Self.table(table, of: face, hb),
                LayoutReach.mayReachAcross(glyph: UInt16(space), table: bytes, positioning: positioning)
            {
                return false
            }
        }
        return true
    }

    /// The words kept (for tests: how many, how often found).
    var words: WordShapes { wordShaping.words }

    /// `shapeRun` of `range`, its words found kept where the face allows
    /// (`wordsShapeAlone`): the same glyphs, in the same order, with
    /// clusters as HarfBuzz numbers them (byte offsets in `text`). A run
    /// whose words are all kept is put together from them; one with at
    /// most half its pieces not kept shapes those alone and puts the run
    /// together; any other is shaped whole, once, and its words kept from
    /// HarfBuzz's glyphs (a word's glyphs are the run's whose clusters
    /// fall in it: shaped alone it gives the same). The pointers are valid
    /// until the face shapes again.
    /// `utf8` is the text, `text` its bytes (HarfBuzz's, and the words'
    /// keys).
    func shapeRunByWords(
        _ buffer: OpaquePointer, _ utf8: [UInt8], _ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
        _ script: hb_script_t, _ hbLanguage: hb_language_t?, direction: hb_direction_t
    ) -> (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int)? {
        let base = text.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
        // A face that shapes a few strings (one `measure`, a build
        // script's check) never reads its tables for words: that cost a
        // one-string run 8% of its instructions.
        if runsBeforeWords > 0 {
            runsBeforeWords -= 1
            return shapeRun(buffer, base, text.count, range, script, hbLanguage, direction: direction)
        }
        guard wordsShapeAlone else {
            return shapeRun(buffer, base, text.count, range, script, hbLanguage, direction: direction)
        }
        // Moved out while the run is shaped, and back (`WordShapes`).
        var state = WordShaping()
        swap(&state, &wordShaping)
        defer { swap(&state, &wordShaping) }
        let rightToLeft = direction == HB_DIRECTION_RTL
        let language = UInt(bitPattern: hbLanguage)
        state.pieces.removeAll(keepingCapacity: true)
        Self.cut(utf8, range, into: &state.pieces)
        state.kept.removeAll(keepingCapacity: true)
        var missing = 0
        // Whether a word not kept yet may be (else, as in a run of CJK
        // text without spaces, the glyphs are not walked for words).
        var toKeep = false
        for piece in state.pieces {
            var kept: Range<Int>?
            if Self.keepable(text, piece) {
                kept = state.words.find(
                    UnsafeBufferPointer(rebasing: text[piece]), script: script.rawValue, rightToLeft: rightToLeft,
                    language: language)
                if kept == nil { toKeep = true }
            }
            if kept == nil { missing += 1 }
            state.kept.append(kept)
        }
        state.clearLoose()
        if missing == 0 { return state.assemble(rightToLeft: rightToLeft) }
        // A few pieces missing (a known string's new word): each shaped
        // alone, as exact as the whole run, and kept where it may be.
        if missing * 2 <= state.pieces.count {
            let generation = state.words.generation
            var shaped = true
            for index in state.pieces.indices where state.kept[index] == nil {
                let piece = state.pieces[index]
                guard
                    let (infos, positions, count) = shapeRun(
                        buffer, base, text.count, piece, script, hbLanguage, direction: direction)
                else {
                    shaped = false
                    break
                }
                if Self.keepable(text, piece),
                    let kept = state.words.add(
                        UnsafeBufferPointer(rebasing: text[piece]), script: script.rawValue,
                        rightToLeft: rightToLeft, language: language, start: piece.lowerBound, infos: infos,
                        positions: positions, count: count)
                {
                    state.kept[index] = kept
                } else {
                    state.keepLoose(index, infos, positions, count, start: piece.lowerBound)
                }
            }
            // Words forgotten meanwhile took the glyphs found before.
            if shaped && state.words.generation == generation { return state.assemble(rightToLeft: rightToLeft) }
            state.clearLoose()
        }
        guard
            let (infos, positions, count) = shapeRun(
                buffer, base, text.count, range, script, hbLanguage, direction: direction)
        else { return nil }
        if toKeep {
            state.keep(
                text, infos, positions, count, script: script.rawValue, rightToLeft: rightToLeft, language: language)
        }
        return (infos, positions, count)
    }

    /// Cuts `range` of `text` where a stretch of spaces (U+0020) starts or
    /// ends, into `pieces` in text order: words and the spaces between
    /// them. Not before a space that follows a zero-width joiner (HarfBuzz
    /// joins what follows one to it), nor after a space before a character
    /// that belongs to it (a mark, a joiner, a variation selector, an
    /// emoji modifier: a cluster HarfBuzz forms with the space).
    static func cut(_ text: [UInt8], _ range: Range<Int>, into pieces: inout [Range<Int>]) {
        var start = range.lowerBound
        var i = range.lowerBound + 1
        while i < range.upperBound {
            let isSpace = text[i] == 0x20
            if isSpace != (text[i - 1] == 0x20) {
                let cuts =
                    isSpace
                    ? !(i >= 3 && text[i - 3] == 0xE2 && text[i - 2] == 0x80 && text[i - 1] == 0x8D)
                    : startsOwnCluster(text, at: i)
                if cuts {
                    pieces.append(start..<i)
                    start = i
                }
            }
            i += 1
        }
        pieces.append(start..<range.upperBound)
    }

    /// Whether the character at byte `i` (after a space) starts a cluster
    /// of its own: not a mark, a format or control character, a grapheme
    /// extender, a variation selector or an emoji modifier (nor an
    /// unassigned code point, which a later Unicode may make one).
    static func startsOwnCluster(_ text: [UInt8], at i: Int) -> Bool {
        guard text[i] >= 0x80 else { return true }
        guard let scalar = Unicode.Scalar(TextBytes.scalar(text, at: i).value) else { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .surrogate, .unassigned:
            return false
        default:
            return !properties.isGraphemeExtend && !properties.isEmojiModifier && !properties.isVariationSelector
        }
    }

    /// Whether piece `piece` of `text` may be kept: its shaping the same
    /// wherever it stands, because at each end there is a space (its own
    /// or the next piece's) or the text's edge, and HarfBuzz reads no
    /// context past a space. Not at a script run's or a fallback's edge
    /// between two letters (the context read is another word's), nor
    /// longer than `WordShapes.maximumWordBytes`.
    static func keepable(_ text: UnsafeBufferPointer<UInt8>, _ piece: Range<Int>) -> Bool {
        guard !piece.isEmpty, piece.count <= WordShapes.maximumWordBytes else { return false }
        let lower = piece.lowerBound
        let upper = piece.upperBound
        let before = lower == 0 || text[lower - 1] == 0x20 || text[lower] == 0x20
        let after = upper == text.count || text[upper] == 0x20 || text[upper - 1] == 0x20
        return before && after
    }
}

/// What shaping word by word keeps between runs, one face's: the words,
/// and buffers used again for each run (the run's pieces, the words found
/// for them, their glyphs put together).
struct WordShaping {
    var words = WordShapes()
    var pieces: [Range<Int>] = []
    /// Per piece, its kept glyphs (`nil`: not kept).
    var kept: [Range<Int>?] = []
    /// Pieces shaped for this run and not kept: each piece's index and
    /// glyphs (in `looseGlyphs`).
    var loose: [(piece: Int, glyphs: Range<Int>)] = []
    private var looseGlyphs: [WordShapes.Glyph] = []
    /// Per piece, its glyphs in a run shaped whole.
    private var spans: [Range<Int>] = []
    private var infos: UnsafeMutablePointer<hb_glyph_info_t>?
    private var positions: UnsafeMutablePointer<hb_glyph_position_t>?
    private var capacity = 0

    /// Frees the buffers and gives the words' memory back (the face's
    /// deinit).
    func release() {
        freeBuffers()
        words.release()
    }

    private func freeBuffers() {
        infos?.deallocate()
        positions?.deallocate()
    }

    /// The run's glyphs from its pieces' kept ones, in HarfBuzz's order:
    /// a right-to-left run's last piece first.
    mutating func assemble(rightToLeft: Bool)
        -> (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int)?
    {
        let total = kept.reduce(0) { $0 + ($1?.count ?? 0) } + loose.reduce(0) { $0 + $1.glyphs.count }
        if total > capacity || infos == nil {
            freeBuffers()
            capacity = max(64, total * 2)
            infos = .allocate(capacity: capacity)
            positions = .allocate(capacity: capacity)
        }
        guard let infos, let positions else { return nil }
        var count = 0
        // Loose pieces in text order (kept so), found by a cursor.
        var looseAt = rightToLeft ? loose.count - 1 : 0
        words.glyphs.withUnsafeBufferPointer { keptGlyphs in
            looseGlyphs.withUnsafeBufferPointer { looseGlyphs in
                for k in 0..<pieces.count {
                    let index = rightToLeft ? pieces.count - 1 - k : k
                    let glyphs: Slice<UnsafeBufferPointer<WordShapes.Glyph>>
                    if let range = kept[index] {
                        glyphs = keptGlyphs[range]
                    } else if looseAt >= 0 && looseAt < loose.count && loose[looseAt].piece == index {
                        glyphs = looseGlyphs[loose[looseAt].glyphs]
                        looseAt += rightToLeft ? -1 : 1
                    } else {
                        continue
                    }
                    let start = UInt32(pieces[index].lowerBound)
                    for glyph in glyphs {
                        var info = hb_glyph_info_t()
                        info.codepoint = glyph.glyph
                        info.cluster = glyph.cluster &+ start
                        var position = hb_glyph_position_t()
                        position.x_advance = glyph.xAdvance
                        position.x_offset = glyph.xOffset
                        position.y_offset = glyph.yOffset
                        (infos + count).initialize(to: info)
                        (positions + count).initialize(to: position)
                        count += 1
                    }
                }
            }
        }
        return (infos, positions, count)
    }

    /// Keeps a piece shaped for this run alone, not among the words.
    mutating func keepLoose(
        _ index: Int, _ infos: UnsafePointer<hb_glyph_info_t>, _ positions: UnsafePointer<hb_glyph_position_t>,
        _ count: Int, start: Int
    ) {
        let first = looseGlyphs.count
        for i in 0..<count {
            looseGlyphs.append(
                WordShapes.Glyph(
                    glyph: infos[i].codepoint, cluster: infos[i].cluster &- UInt32(start),
                    xAdvance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset))
        }
        loose.append((index, first..<looseGlyphs.count))
    }

    /// Forgets the loose pieces of the last run.
    mutating func clearLoose() {
        loose.removeAll(keepingCapacity: true)
        looseGlyphs.removeAll(keepingCapacity: true)
    }

    /// Keeps the words not kept yet of a run shaped whole (`count`
    /// glyphs): each piece's glyphs are those whose clusters fall in it,
    /// one stretch of the run's in HarfBuzz's order. Clusters out of that
    /// order (never, in a face whose words shape alone) keep nothing.
    mutating func keep(
        _ text: UnsafeBufferPointer<UInt8>, _ infos: UnsafePointer<hb_glyph_info_t>,
        _ positions: UnsafePointer<hb_glyph_position_t>, _ count: Int, script: UInt32, rightToLeft: Bool,
        language: UInt
    ) {
        spans.removeAll(keepingCapacity: true)
        spans.append(contentsOf: repeatElement(0..<0, count: pieces.count))
        let step = rightToLeft ? -1 : 1
        var k = rightToLeft ? pieces.count - 1 : 0
        var first = 0
        for i in 0..<count {
            let cluster = Int(infos[i].cluster)
            while !pieces[k].contains(cluster) {
                spans[k] = first..<i
                first = i
                k += step
                guard k >= 0 && k < pieces.count else { return }
            }
        }
        spans[k] = first..<count
        for (index, piece) in pieces.enumerated()
        where kept[index] == nil && HarfBuzzFace.keepable(text, piece) {
            let span = spans[index]
            _ = words.add(
                UnsafeBufferPointer(rebasing: text[piece]), script: script, rightToLeft: rightToLeft,
                language: language, start: piece.lowerBound, infos: infos + span.lowerBound,
                positions: positions + span.lowerBound, count: span.count)
        }
    }
}

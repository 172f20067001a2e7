/// Whether a GSUB or GPOS table's lookups can join one glyph (the space)
/// to its neighbours in ways that the glyph sets HarfBuzz collects
/// (`hb_ot_layout_lookup_collect_glyphs`) do not show. Together they
/// tell whether a face shapes each word alike whatever words surround it
/// (`HarfBuzzFace`'s word cache, as Minikin's `LayoutCache` shapes and
/// keeps words): a lookup that reads or moves the space reaches across it.
///
/// The collected sets name the glyphs of coverage tables and glyph
/// sequences; three things they leave out are read here:
/// - a class-based context (GSUB 5 and 6, GPOS 7 and 8, format 2) matches
///   a glyph by its class, and class 0 is every glyph its class table does
///   not list: the space, unlisted, matches a rule position of class 0;
/// - a class-based pair (GPOS 2, format 2) kerns a glyph with every glyph
///   of its second class 0, the space among them;
/// - a lookup that skips base glyphs (`IgnoreBaseGlyphs`) skips the space,
///   and a sequence of marks or ligatures matched across it (not mark
///   attachment, GPOS 4 to 6, whose own search stops at a base).
///
/// The table is untrusted: an offset outside it, or more work than a
/// budget allows (a hostile table points 65,535 rule sets at one set of
/// 65,535 rules), answers that the lookups may reach across, which only
/// costs the cache.
public enum LayoutReach {
    /// Whether the lookups of `table` (a GSUB table, or GPOS when
    /// `positioning`) may involve `glyph` beyond the sets HarfBuzz
    /// collects, or the table cannot be read to tell.
    public static func mayReachAcross(glyph: UInt16, table: [UInt8], positioning: Bool) -> Bool {
        var reader = Reader(bytes: table, glyph: glyph, positioning: positioning)
        return (try? reader.lookupList()) ?? true
    }

    /// The work a table may cost before it is taken to reach across.
    static let budget = 1_000_000

    private struct Reader {
        let bytes: [UInt8]
        let glyph: UInt16
        let positioning: Bool
        var steps = 0

        init(bytes: [UInt8], glyph: UInt16, positioning: Bool) {
            self.bytes = bytes
            self.glyph = glyph
            self.positioning = positioning
        }

        struct Unreadable: Error {}

        func u16(_ at: Int) throws(Unreadable) -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw Unreadable() }
            return Int(Bytes.u16(bytes, at))
        }

        func u32(_ at: Int) throws(Unreadable) -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw Unreadable() }
            return Int(Bytes.u32(bytes, at))
        }

        /// The table `base` points to with the offset stored at `field`
        /// (0: a null offset, no table).
        func offset(_ base: Int, _ field: Int) throws(Unreadable) -> Int {
            let value = try u16(field)
            return value == 0 ? 0 : base + value
        }

        mutating func step(_ count: Int = 1) throws(Unreadable) {
            steps += count
            if steps > LayoutReach.budget { throw Unreadable() }
        }

        /// Whether any lookup may reach across the glyph.
        mutating func lookupList() throws(Unreadable) -> Bool {
            // Version (4 bytes), ScriptList, FeatureList, LookupList.
            let list = try u16(8)
            guard list != 0 else { return false }
            let count = try u16(list)
            for i in 0..<count {
                try step()
                let lookup = list + (try u16(list + 2 + 2 * i))
                let type = try u16(lookup)
                let flag = try u16(lookup + 2)
                let subtables = try u16(lookup + 4)
                for j in 0..<subtables {
                    try step()
                    var subtable = lookup + (try u16(lookup + 6 + 2 * j))
                    var kind = type
                    // An extension (GSUB 7, GPOS 9) holds the real type
                    // and a 32-bit offset to the subtable.
                    if kind == (positioning ? 9 : 7) {
                        kind = try u16(subtable + 2)
                        subtable += try u32(subtable + 4)
                    }
                    if try reaches(kind: kind, flag: flag, subtable: subtable) { return true }
                }
            }
            return false
        }

        mutating func reaches(kind: Int, flag: Int, subtable: Int) throws(Unreadable) -> Bool {
            let ignoresBases = flag & 0x0002 != 0
            let attachesMarks = positioning && (4...6).contains(kind)
            if ignoresBases && !attachesMarks { return true }
            let format = try u16(subtable)
            switch (positioning, kind, format) {
            case (false, 5, 2), (true, 7, 2): return try contextByClass(subtable)
            case (false, 6, 2), (true, 8, 2): return try chainContextByClass(subtable)
            case (true, 2, 2): return try pairByClass(subtable)
            default: return false
            }
        }

        /// The glyph's class in the class table at `offset` (0: a null
        /// offset, or the glyph not listed).
        mutating func classOf(_ offset: Int) throws(Unreadable) -> Int {
            guard offset != 0 else { return 0 }
            let format = try u16(offset)
            let glyph = Int(self.glyph)
            switch format {
            case 1:
                let start = try u16(offset + 2)
                let count = try u16(offset + 4)
                guard glyph >= start, glyph < start + count else { return 0 }
                return try u16(offset + 6 + 2 * (glyph - start))
            case 2:
                let ranges = try u16(offset + 2)
                try step(ranges)
                for r in 0..<ranges {
                    let at = offset + 4 + 6 * r
                    let first = try u16(at)
                    let last = try u16(at + 2)
                    if glyph >= first && glyph <= last { return try u16(at + 4) }
                }
                return 0
            default:
                // HarfBuzz reads an unknown format as no classes: class 0.
                return 0
            }
        }

        /// Whether `count` classes at `at` hold `value`.
        mutating func holds(_ value: Int, count: Int, at: Int) throws(Unreadable) -> Bool {
            try step(count)
            for k in 0..<count where try u16(at + 2 * k) == value { return true }
            return false
        }

        /// Where a subtable's rules are read from: its class sets, counted
        /// at `field` and listed after it, and the next set and rule.
        struct Rules {
            let subtable: Int
            let field: Int
            var set = 0
            var rule = 0
        }

        /// The offset of the next rule of `rules` (each set's rules in
        /// turn), or `nil` after the last.
        mutating func nextRule(_ rules: inout Rules) throws(Unreadable) -> Int? {
            let at = rules.subtable
            while rules.set < (try u16(rules.field)) {
                let set = try u16(rules.field + 2 + 2 * rules.set)
                if set != 0, rules.rule < (try u16(at + set)) {
                    try step()
                    rules.rule += 1
                    return at + set + (try u16(at + set + 2 * rules.rule))
                }
                try step()
                rules.set += 1
                rules.rule = 0
            }
            return nil
        }

        /// GSUB 5 / GPOS 7, format 2: coverage, class table, class sets;
        /// each rule a glyph count, a lookup count, the input classes
        /// after the first (the first glyph is matched by the coverage).
        mutating func contextByClass(_ at: Int) throws(Unreadable) -> Bool {
            let inputClass = try classOf(try offset(at, at + 4))
            var rules = Rules(subtable: at, field: at + 6)
            while let rule = try nextRule(&rules) {
                let glyphs = try u16(rule)
                if glyphs > 1, try holds(inputClass, count: glyphs - 1, at: rule + 4) { return true }
            }
            return false
        }

        /// GSUB 6 / GPOS 8, format 2: coverage, backtrack, input and
        /// lookahead class tables, class sets; each rule its backtrack
        /// classes, its input classes after the first, its lookahead.
        mutating func chainContextByClass(_ at: Int) throws(Unreadable) -> Bool {
            let backtrackClass = try classOf(try offset(at, at + 4))
            let inputClass = try classOf(try offset(at, at + 6))
            let lookaheadClass = try classOf(try offset(at, at + 8))
            var rules = Rules(subtable: at, field: at + 10)
            while var cursor = try nextRule(&rules) {
                let backtrack = try u16(cursor)
                if try holds(backtrackClass, count: backtrack, at: cursor + 2) { return true }
                cursor += 2 + 2 * backtrack
                let input = try u16(cursor)
                if input > 1, try holds(inputClass, count: input - 1, at: cursor + 2) { return true }
                cursor += 2 + 2 * max(input - 1, 0)
                let lookahead = try u16(cursor)
                if try holds(lookaheadClass, count: lookahead, at: cursor + 2) { return true }
            }
            return false
        }

        /// GPOS 2, format 2: whether any first class moves a pair whose
        /// second glyph is in the glyph's second class.
        mutating func pairByClass(_ at: Int) throws(Unreadable) -> Bool {
            let format1 = try u16(at + 4)
            let format2 = try u16(at + 6)
            let second = try classOf(try offset(at, at + 10))
            let class1Count = try u16(at + 12)
            let class2Count = try u16(at + 14)
            // HarfBuzz applies nothing for a class past the counts.
            guard second < class2Count else { return false }
            let size1 = 2 * (format1 & 0xFF).nonzeroBitCount
            let size2 = 2 * (format2 & 0xFF).nonzeroBitCount
            let record = size1 + size2
            guard record > 0 else { return false }
            try step(class1Count)
            for c in 0..<class1Count {
                let start = at + 16 + (c * class2Count + second) * record
                guard start >= 0, start + record <= bytes.count else { throw Unreadable() }
                if bytes[start..<start + record].contains(where: { $0 != 0 }) { return true }
            }
            return false
        }
    }
}

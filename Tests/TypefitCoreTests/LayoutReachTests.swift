import Testing

@testable import TypefitCore

/// `LayoutReach` on GSUB and GPOS tables built byte by byte from the
/// OpenType specification's layouts (one lookup each, the space glyph 1):
/// what HarfBuzz's collected glyph sets leave out.
@Suite struct LayoutReachTests {
    static let space: UInt16 = 1

    static func u16(_ values: Int...) -> [UInt8] { values.flatMap { [UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] } }

    /// A table with one lookup of `type` and `flag` whose one subtable
    /// is `subtable`.
    static func table(type: Int, flag: Int = 0, _ subtable: [UInt8]) -> [UInt8] {
        // Header: version 1.0, no scripts or features, lookup list at 10;
        // the list: one lookup at 4; the lookup: its subtable at 8.
        u16(1, 0, 0, 0, 10) + u16(1, 4) + u16(type, flag, 1, 8) + subtable
    }

    /// A chained context by class whose one rule has `backtrack` classes;
    /// the backtrack class table lists glyph 5 (class 1) only.
    static func chainByClass(backtrack: [Int]) -> [UInt8] {
        let classes = u16(1, 5, 1, 1)
        let header = u16(2, 0, 14, 0, 0, 1, 14 + classes.count)
        let rule = u16(backtrack.count) + backtrack.flatMap { u16($0) } + u16(1, 0, 0)
        return header + classes + u16(1, 4) + rule
    }

    /// A context by class whose one rule matches `input` after its first.
    static func contextByClass(input: [Int]) -> [UInt8] {
        u16(2, 0, 0, 1, 10) + u16(1, 4) + u16(input.count + 1, 0) + input.flatMap { u16($0) }
    }

    /// Pairs by class, two second classes (none listed: every glyph is
    /// class 0), the first class's pair with class 0 moved by `value`.
    static func pairByClass(value: Int) -> [UInt8] {
        u16(2, 0, 0x0004, 0, 0, 0, 1, 2) + u16(value, 0)
    }

    @Test func noLookupsReachNothing() {
        #expect(!LayoutReach.mayReachAcross(glyph: Self.space, table: Self.u16(1, 0, 0, 0, 0), positioning: false))
    }

    /// A backtrack of class 0 matches the space, which its class table
    /// does not list; one of class 1 does not.
    @Test func aContextOfClassZeroReachesTheSpace() {
        let zero = Self.table(type: 6, Self.chainByClass(backtrack: [0]))
        let one = Self.table(type: 6, Self.chainByClass(backtrack: [1]))
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: zero, positioning: false))
        #expect(!LayoutReach.mayReachAcross(glyph: Self.space, table: one, positioning: false))
        // Glyph 5 is class 1: the class-1 backtrack reaches it.
        #expect(LayoutReach.mayReachAcross(glyph: 5, table: one, positioning: false))
        // The same subtable in GPOS is a chained context there too (8).
        let positioning = Self.table(type: 8, Self.chainByClass(backtrack: [0]))
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: positioning, positioning: true))
    }

    @Test func anInputOfClassZeroReachesTheSpace() {
        #expect(
            LayoutReach.mayReachAcross(
                glyph: Self.space, table: Self.table(type: 5, Self.contextByClass(input: [0])), positioning: false))
        #expect(
            !LayoutReach.mayReachAcross(
                glyph: Self.space, table: Self.table(type: 5, Self.contextByClass(input: [2])), positioning: false))
    }

    /// A class pair that moves second class 0 kerns before the space.
    @Test func aPairWithClassZeroReachesTheSpace() {
        let kerned = Self.table(type: 2, Self.pairByClass(value: 0xFFB0))
        let still = Self.table(type: 2, Self.pairByClass(value: 0))
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: kerned, positioning: true))
        #expect(!LayoutReach.mayReachAcross(glyph: Self.space, table: still, positioning: true))
    }

    /// A lookup that skips base glyphs skips the space, except mark
    /// attachment, whose own search stops at a base.
    @Test func skippingBasesReachesAcross() {
        let single = Self.u16(1, 0, 0)
        #expect(
            LayoutReach.mayReachAcross(
                glyph: Self.space, table: Self.table(type: 1, flag: 2, single), positioning: false))
        #expect(
            !LayoutReach.mayReachAcross(
                glyph: Self.space, table: Self.table(type: 1, flag: 8, single), positioning: false))
        #expect(
            !LayoutReach.mayReachAcross(
                glyph: Self.space, table: Self.table(type: 6, flag: 2, single), positioning: true))
    }

    /// An extension's subtable is read as its own type.
    @Test func anExtensionIsReadThrough() {
        let inner = Self.chainByClass(backtrack: [0])
        let extended = Self.table(type: 7, Self.u16(1, 6) + Self.u16(0, 8) + inner)
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: extended, positioning: false))
    }

    /// Offsets outside the table, or one cut short, answer that it may.
    @Test func anUnreadableTableMayReach() {
        var cut = Self.table(type: 6, Self.chainByClass(backtrack: [1]))
        cut.removeLast(4)
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: cut, positioning: false))
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: Self.u16(1, 0, 0, 0, 400), positioning: false))
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: [0, 1], positioning: false))
    }

    /// A table that would cost more than the budget (20,000 rule sets,
    /// all one set of 20,000 rules, none reaching the space: 400 million
    /// rules read) answers that it may, at the budget.
    @Test func aCostlyTableMayReach() {
        let sets = 20_000
        let rules = 20_000
        let setAt = 12 + 2 * sets
        let ruleAt = 2 + 2 * rules
        // Null class tables: the space is class 0, the rule's backtrack 1.
        var subtable = Self.u16(2, 0, 0, 0, 0, sets)
        subtable += (0..<sets).flatMap { _ in Self.u16(setAt) }
        subtable += Self.u16(rules) + (0..<rules).flatMap { _ in Self.u16(ruleAt) }
        subtable += Self.u16(1, 1, 1, 0, 0)
        let table = Self.table(type: 6, subtable)
        #expect(LayoutReach.mayReachAcross(glyph: Self.space, table: table, positioning: false))
        // One set of the same rules is read to the end: nothing reaches.
        var small = Self.u16(2, 0, 0, 0, 0, 1, 14)
        small += Self.u16(rules) + (0..<rules).flatMap { _ in Self.u16(ruleAt) } + Self.u16(1, 1, 1, 0, 0)
        #expect(!LayoutReach.mayReachAcross(glyph: Self.space, table: Self.table(type: 6, small), positioning: false))
    }
}

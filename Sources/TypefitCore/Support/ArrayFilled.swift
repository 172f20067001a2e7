extension Array {
    /// `count` copies of `value`, as `Array(repeating:count:)` makes them,
    /// allocated where the compiler specializes the allocation. The
    /// standard library's `init(repeating:count:)` allocates through a
    /// function it keeps out of line (`_allocateBufferUninitialized`),
    /// which looks up the storage class's generic metadata at run time:
    /// about 350 instructions more per array, and the measuring loop makes
    /// several arrays per string and face (50,000 of them over 10,000
    /// strings, 3 % of `fit`'s instructions).
    @inlinable
    public init(filled value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}

/// A growable byte buffer with unchecked appends inside its capacity: the
/// JSON writer appends a few bytes at a time, tens of thousands of times per
/// listing, and `Array.append`'s uniqueness and capacity checks were most of
/// its cost. Long documents are taken out in chunks as they are written
/// (`take`), so the buffer stays the size of a chunk.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func appendRepeating(_ byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        if count + repeats > capacity { grow(to: count + repeats) }
        (base + count).update(repeating: byte, count: repeats)
        count += repeats
    }

    /// Room for `bound` more bytes, which `body` writes from the pointer
    /// it is given, returning how many it wrote (at most `bound`): one
    /// capacity check for a run of small writes.
    @inline(__always)
    func write(upTo bound: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + bound > capacity { grow(to: count + bound) }
        let written = body(base + count)
        precondition(written <= bound, "wrote past the room asked for")
        count += written
    }

    /// Makes room for `needed` bytes.
    private func grow(to needed: Int) {
        var newCapacity = max(64, capacity * 2)
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Forgets the bytes from `count` on (their memory kept).
    func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "truncated past the bytes written")
        count = newCount
    }

    /// The bytes written, copied out.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The bytes written so far, copied out; the buffer is then empty (its
    /// memory kept for what follows).
    func take() -> [UInt8] {
        defer { count = 0 }
        return array
    }
}

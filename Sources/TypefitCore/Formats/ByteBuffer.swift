/// A growable byte buffer with unchecked appends inside its capacity: the
/// JSON writer appends a few bytes at a time, tens of thousands of times per
/// listing, and `Array.append`'s uniqueness and capacity checks were most of
/// its cost.
///
/// It can also write into memory it does not own (an array's uninitialized
/// storage, so the finished document needs no copy); that memory cannot
/// grow, so writing past it sets `overflowed` and drops the rest.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    private let owned: Bool
    /// Whether a write did not fit into memory the buffer does not own.
    private(set) var overflowed = false

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
        owned = true
    }

    /// A buffer over `memory`, which must outlive it.
    init(writingInto memory: UnsafeMutableBufferPointer<UInt8>) {
        base = memory.baseAddress ?? .allocate(capacity: 0)
        capacity = memory.baseAddress == nil ? 0 : memory.count
        owned = memory.baseAddress == nil
    }

    deinit { if owned { base.deallocate() } }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity {
            guard grow(to: count + 1) else { return }
        }
        base[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity {
            guard grow(to: count + bytes.count) else { return }
        }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func appendRepeating(_ byte: UInt8, count repeats: Int) {
        guard repeats > 0 else { return }
        if count + repeats > capacity {
            guard grow(to: count + repeats) else { return }
        }
        (base + count).update(repeating: byte, count: repeats)
        count += repeats
    }

    /// Makes room for `needed` bytes; false (and `overflowed`) when the
    /// memory is not the buffer's to grow.
    private func grow(to needed: Int) -> Bool {
        guard owned else {
            overflowed = true
            return false
        }
        var newCapacity = max(64, capacity * 2)
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
        return true
    }

    /// The bytes written, copied out.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }
}

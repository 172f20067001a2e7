/// One slot per job, each written by exactly one worker, read after all
/// have finished (`concurrentPerform` returns only then): results in job
/// order whatever the scheduling.
public final class Slots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value>
    private let initial: Value

    /// `count` slots, each holding `initial`.
    public init(count: Int, initial: Value) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
        self.initial = initial
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Stores a value; each slot is written by one worker only.
    public func store(_ value: Value, at index: Int) { slots[index] = value }

    /// The values, once every worker has finished, moved out (each slot
    /// holds `initial` again): copied, every object in them was retained
    /// and later released, an atomic operation each on memory another
    /// core wrote.
    public func take() -> [Value] {
        let values = [Value](unsafeUninitializedCapacity: slots.count) { buffer, count in
            _ = buffer.moveInitialize(fromContentsOf: slots)
            count = slots.count
        }
        slots.initialize(repeating: initial)
        return values
    }

    /// Hands each value to `body` in order, moved out as `take` moves them
    /// but without first copying every slot into a new array.
    public func takeEach(_ body: (Value) -> Void) {
        for index in slots.indices {
            let value = slots.moveElement(from: index)
            slots.initializeElement(at: index, to: initial)
            body(value)
        }
    }
}

/// One slot per job, each written by exactly one worker, read after all
/// have finished (`WorkerThreads.run` and `concurrentPerform` return only
/// then): results in job order whatever the scheduling.
///
/// Inlinable, so that each client's element type is specialized: through
/// the generic entry points every slot was initialized and every store
/// assigned by the value witnesses of its type (fit's 120,000 result cells:
/// about 2% of its instructions).
public final class Slots<Value>: @unchecked Sendable {
    @usableFromInline let slots: UnsafeMutableBufferPointer<Value>
    @usableFromInline let initial: Value

    /// `count` slots, each holding `initial`.
    @inlinable public init(count: Int, initial: Value) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
        self.initial = initial
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    /// Stores a value; each slot is written by one worker only.
    @inlinable public func store(_ value: Value, at index: Int) { slots[index] = value }

    /// The values, once every worker has finished, moved out (each slot
    /// holds `initial` again): copied, every object in them was retained
    /// and later released, an atomic operation each on memory another
    /// core wrote.
    @inlinable public func take() -> [Value] {
        let values = [Value](unsafeUninitializedCapacity: slots.count) { buffer, count in
            _ = buffer.moveInitialize(fromContentsOf: slots)
            count = slots.count
        }
        slots.initialize(repeating: initial)
        return values
    }

    /// Hands each value to `body` in order, moved out as `take` moves them
    /// but without first copying every slot into a new array.
    @inlinable public func takeEach(_ body: (Value) -> Void) {
        for index in slots.indices {
            let value = slots.moveElement(from: index)
            slots.initializeElement(at: index, to: initial)
            body(value)
        }
    }
}

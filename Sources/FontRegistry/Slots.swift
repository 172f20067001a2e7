/// One slot per job, each written by exactly one worker, read after all
/// have finished (`concurrentPerform` returns only then): results in job
/// order whatever the scheduling.
final class Slots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value>

    init(count: Int, initial: Value) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: initial)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) { slots[index] = value }

    func take() -> [Value] { Array(slots) }
}

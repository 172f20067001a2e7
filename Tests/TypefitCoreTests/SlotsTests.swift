import Testing
import TypefitCore

/// `Slots.take` moves the workers' values out: every object comes back
/// once, none is released twice or kept alive by the slots.
@Suite struct SlotsTests {
    final class Tracked: @unchecked Sendable {
        let number: Int
        let onDeinit: @Sendable () -> Void
        init(_ number: Int, onDeinit: @escaping @Sendable () -> Void) {
            self.number = number
            self.onDeinit = onDeinit
        }
        deinit { onDeinit() }
    }

    final class Counter: @unchecked Sendable {
        var count = 0
    }

    @Test func takenValuesAreTheStoredOnesAndEachIsReleasedOnce() {
        let released = Counter()
        var taken: [Tracked?] = []
        do {
            let slots = Slots<Tracked?>(count: 5, initial: nil)
            for i in [0, 2, 4] { slots.store(Tracked(i) { released.count += 1 }, at: i) }
            taken = slots.take()
            // The slots hold their initial value again.
            #expect(slots.take().allSatisfy { $0 == nil })
        }
        // The slots are gone; the values live on in what was taken.
        #expect(released.count == 0)
        #expect(taken.map { $0?.number } == [0, nil, 2, nil, 4])
        taken = []
        #expect(released.count == 3)
    }

    @Test func eachTakenValueIsHandedOverInOrderAndReleasedOnce() {
        let released = Counter()
        var taken: [Tracked?] = []
        do {
            let slots = Slots<Tracked?>(count: 4, initial: nil)
            for i in [1, 3] { slots.store(Tracked(i) { released.count += 1 }, at: i) }
            slots.takeEach { taken.append($0) }
            #expect(slots.take().allSatisfy { $0 == nil })
        }
        #expect(released.count == 0)
        #expect(taken.map { $0?.number } == [nil, 1, nil, 3])
        taken = []
        #expect(released.count == 2)
    }

    @Test func arraysInSlotsMoveWhole() {
        let slots = Slots<[String]>(count: 3, initial: [])
        slots.store(["a", "b"], at: 1)
        #expect(slots.take() == [[], ["a", "b"], []])
    }
}

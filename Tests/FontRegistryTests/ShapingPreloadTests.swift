import Synchronization
import Testing

@testable import FontRegistry

@Suite struct ShapingPreloadTests {
    /// Opened (however often it is asked), both libraries are there, and a
    /// breaker made then breaks as ICU does.
    @Test func openOpensBothLibraries() throws {
        ShapingPreload.open()
        ShapingPreload.open()
        _ = try ShapingLibraries.shared.get()
        _ = try ICU.shared.get()
        let breaks = try FontRegistry.lineBreaks("one two")
        #expect(breaks[3] == .allowed)
    }

    /// Every worker runs once, the caller's first among them, and the run
    /// returns only when all have.
    @Test func everyWorkerRunsOnce() {
        for count in [1, 2, 5] {
            let runs = Mutex<[Int]>([])
            WorkerThreads.run(count: count) { worker in
                runs.withLock { $0.append(worker) }
            }
            #expect(runs.withLock { $0.sorted() } == Array(0..<count))
        }
    }

    /// The workers share a queue of pieces: every piece is taken once.
    @Test func workersShareAQueue() {
        let next = Atomic<Int>(0)
        let taken = Mutex<[Int]>([])
        WorkerThreads.run(count: 3) { _ in
            while true {
                let piece = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard piece < 1_000 else { break }
                taken.withLock { $0.append(piece) }
            }
        }
        #expect(taken.withLock { $0.sorted() } == Array(0..<1_000))
    }
}

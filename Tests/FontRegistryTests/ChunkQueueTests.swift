import Dispatch
import Synchronization
import Testing

@testable import FontRegistry

/// The listing's share-out of naming (`ChunkQueue`): every chunk runs
/// once, and the listing waits for the chunks other threads took, never
/// for a thread that has taken none.
@Suite struct ChunkQueueTests {
    @Test func everyChunkRunsOnceWhicheverThreadTakesIt() {
        let count = 500
        let runs = Mutex([Int](repeating: 0, count: count))
        let queue = ChunkQueue(count: count) { chunk in runs.withLock { $0[chunk] += 1 } }
        let helpers = DispatchGroup()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: helpers) { queue.drain() }
        }
        queue.drain()
        queue.waitUntilFinished()
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count))
        helpers.wait()
        #expect(runs.withLock { $0 } == [Int](repeating: 1, count: count), "a chunk ran after the wait")
    }

    /// A chunk another thread is still running is waited for: what it
    /// stores is there once `waitUntilFinished` returns.
    @Test func waitsForAChunkAnotherThreadIsRunning() {
        let taken = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = Atomic<Bool>(false)
        let queue = ChunkQueue(count: 3) { chunk in
            guard chunk == 0 else { return }
            taken.signal()
            release.wait()
            finished.store(true, ordering: .relaxed)
        }
        DispatchQueue.global().async { queue.drain() }
        taken.wait()
        queue.drain()
        // Let the chunk go only after the listing's thread is waiting
        // (or about to): returning before it finished fails below.
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { release.signal() }
        queue.waitUntilFinished()
        let done = finished.load(ordering: .relaxed)
        #expect(done)
    }

    /// A helper that has not started (a pool thread on a busy machine, the
    /// early naming's thread still on a face of its own) is not waited
    /// for: it may start only after the listing is done.
    @Test func doesNotWaitForAThreadThatTookNoChunk() {
        let queue = ChunkQueue(count: 4) { _ in }
        let waited = DispatchSemaphore(value: 0)
        let helperMayStart = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            helperMayStart.wait()
            queue.drain()
        }
        DispatchQueue.global().async {
            queue.drain()
            queue.waitUntilFinished()
            waited.signal()
        }
        // Bounded, so that a queue that waits for its helpers fails here
        // instead of hanging the suite.
        #expect(waited.wait(timeout: .now() + 10) == .success)
        helperMayStart.signal()
    }

    @Test func noChunksNoWait() {
        let queue = ChunkQueue(count: 0) { _ in Issue.record("a chunk ran in an empty queue") }
        queue.drain()
        queue.waitUntilFinished()
    }
}

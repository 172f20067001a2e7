#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body(0)` on the calling thread and `body(1)` … `body(count - 1)`
/// on threads of their own, returning once every one has returned: the
/// workers of a layout, each taking the next piece of a shared queue until
/// it is empty.
///
/// In place of `DispatchQueue.concurrentPerform`, which on Linux, when a
/// thread could not be started (an address-space limit, `ulimit -v`),
/// slept and tried again for ever: `fit` under such a limit hung. Here a
/// thread that cannot be started is a worker less; the calling thread's
/// worker empties the queue alone if it must.
public enum WorkerThreads {
    /// What one started thread runs: the run's body and the worker it is,
    /// handed to the thread retained and released by it when the body
    /// returns (before `run` joins it).
    private final class Work: @unchecked Sendable {
        let body: (Int) -> Void
        let worker: Int
        init(_ body: @escaping (Int) -> Void, worker: Int) {
            self.body = body
            self.worker = worker
        }
    }

    /// `body` once per worker, `count` workers (at least the caller's).
    public static func run(count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            body(0)
            return
        }
        withoutActuallyEscaping(body) { body in
            var started: [pthread_t] = []
            for worker in 1..<count {
                let work = Unmanaged.passRetained(Work(body, worker: worker))
                var handle = pthread_t()
                let status = pthread_create(
                    &handle, nil,
                    { context in
                        guard let context else { return nil }
                        let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
                        work.body(work.worker)
                        return nil
                    }, work.toOpaque())
                guard status == 0 else {
                    // No thread, no worker: the others take its share.
                    work.release()
                    break
                }
                started.append(handle)
            }
            body(0)
            for handle in started { pthread_join(handle, nil) }
        }
    }
}

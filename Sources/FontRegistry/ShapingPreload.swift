/// HarfBuzz and ICU opened by the thread that starts the workers, before
/// it starts them.
///
/// Each library is opened under a Swift `static let`, whose lock on Linux
/// is a priority-inheriting futex: a second worker that asked while the
/// first was opening ICU spun in the kernel for as long as the opening
/// took (about 2 ms of CPU a run of `fit`, `perf`'s
/// `rt_mutex_slowlock_block`). Opened before the workers start, no worker
/// meets the lock while it is held. (Opened on a thread of its own while
/// the strings are read, the opening would also leave the run's wall
/// time; under an address-space limit that thread moved where the run
/// failed, and a run must fail the same way however its threads fare.)
public enum ShapingPreload {
    /// Returns once both libraries are open or have failed to open (the
    /// first face or line breaker then says why).
    public static func open() {
        _ = ShapingLibraries.shared
        _ = ICU.shared
    }
}

import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporaries typefit is writing (`.typefit-XXXX` beside an output),
/// so that SIGINT, SIGTERM or SIGHUP in the middle of a write removes them
/// before the process dies, as the reference promises: no partial file is
/// ever left beside an output.
///
/// The signal handler may only make async-signal-safe calls and touch
/// memory that is never reallocated, so the registry is a fixed table in
/// memory allocated once: a folder descriptor and a file name per slot
/// (the name written before the descriptor, the descriptor cleared before
/// the name, so the handler never reads half a slot it would act on).
public enum TemporaryFiles {
    static let slots = 16
    static let nameSize = 64

    nonisolated(unsafe) static let folders: UnsafeMutablePointer<Int32> = {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: slots)
        table.initialize(repeating: -1, count: slots)
        return table
    }()

    nonisolated(unsafe) static let names: UnsafeMutablePointer<CChar> = {
        let table = UnsafeMutablePointer<CChar>.allocate(capacity: slots * nameSize)
        table.initialize(repeating: 0, count: slots * nameSize)
        return table
    }()

    /// Installs the handlers once (a signal the process was started with
    /// ignored, as under `nohup`, stays ignored).
    static let handlersInstalled: Bool = {
        _ = folders
        _ = names
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var old = sigaction()
            sigaction(signal, nil, &old)
            // SIG_IGN is the handler address 1; C function pointers are not
            // Equatable in Swift.
            if let handler = old.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == 1 { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = removeAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        return true
    }()

    /// The handler: removes every registered temporary, then dies of the
    /// signal as it would have (the parent sees the same status).
    static let removeAndDie: @convention(c) (Int32) -> Void = { signal in
        for slot in 0..<TemporaryFiles.slots {
            let folder = TemporaryFiles.folders[slot]
            if folder >= 0 { unlinkat(folder, TemporaryFiles.names + slot * TemporaryFiles.nameSize, 0) }
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
    }

    /// Unblocks SIGINT, SIGTERM and SIGHUP in the calling thread (and the
    /// threads it starts later). A process inherits its parent's signal
    /// mask: one started from a thread that blocks them (Foundation's
    /// `Process` passes its thread's mask on) would otherwise never see a
    /// CI job's cancellation or Ctrl-C, and so never remove its temporary.
    /// Ignored signals (`nohup`) stay ignored.
    public static func unblockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back, so that a
    /// temporary is never created without being registered.
    static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var blocked = sigset_t()
        var old = sigset_t()
        sigemptyset(&blocked)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return body()
    }

    /// Creates an empty file with an unguessable name in `folder`, as
    /// `mkstemp` does (`O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600: a name
    /// planted in a shared folder is skipped, never followed), registered
    /// for removal on a signal. `nil` with `errno` set.
    static func create(in folder: Int32) -> (fd: Int32, name: String)? {
        _ = handlersInstalled
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let name = ".typefit-" + String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 36)
            let fd = withSignalsBlocked { () -> Int32 in
                let fd = SystemCalls.retryingInterrupts {
                    openat(folder, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                }
                if fd >= 0 { register(folder: folder, name: name) }
                return fd
            }
            if fd >= 0 { return (fd, name) }
            guard errno == EEXIST else { return nil }
        }
        return nil
    }

    /// Serializes registering and forgetting: two writes at once (threads
    /// of one process) could otherwise take the same free slot, and one
    /// temporary would go unremoved on a signal. Both run with the
    /// signals blocked, and the handler never takes the lock, so it cannot
    /// deadlock on it.
    private static let slotsLock = Mutex(())

    private static func register(folder: Int32, name: String) {
        slotsLock.withLock { _ in claimSlot(folder: folder, name: name) }
    }

    private static func claimSlot(folder: Int32, name: String) {
        for slot in 0..<slots where folders[slot] < 0 {
            let start = names + slot * nameSize
            var i = 0
            for byte in name.utf8.prefix(nameSize - 1) {
                start[i] = CChar(bitPattern: byte)
                i += 1
            }
            start[i] = 0
            folders[slot] = folder
            return
        }
        // More writes at once than slots: this one is still written and
        // renamed; only a signal in the middle could leave it behind.
    }

    /// The temporaries registered in `folder` (tests).
    static func registered(in folder: Int32) -> [String] {
        slotsLock.withLock { _ in
            (0..<slots).filter { folders[$0] == folder }.map { String(cString: names + $0 * nameSize) }
        }
    }

    /// Removes a temporary (a write that failed) and forgets it.
    static func remove(folder: Int32, name: String) {
        withSignalsBlocked {
            unlinkat(folder, name, 0)
            forgetSlot(folder: folder, name: name)
        }
    }

    /// Forgets a temporary that was renamed into place.
    static func forget(folder: Int32, name: String) {
        withSignalsBlocked { forgetSlot(folder: folder, name: name) }
    }

    private static func forgetSlot(folder: Int32, name: String) {
        slotsLock.withLock { _ in clearSlot(folder: folder, name: name) }
    }

    private static func clearSlot(folder: Int32, name: String) {
        for slot in 0..<slots where folders[slot] == folder {
            if String(cString: names + slot * nameSize) == name {
                folders[slot] = -1
                return
            }
        }
    }
}

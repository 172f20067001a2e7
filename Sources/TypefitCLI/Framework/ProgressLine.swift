import FontRegistry
import Synchronization
import TypefitKit

/// The progress of a long run on stderr: strings done of the total, the
/// rate and the time left. On a terminal one line rewritten in place
/// (carriage return, erase to the end of the line: no colour, so
/// `NO_COLOR` has nothing to turn off); with `--progress` elsewhere (a CI
/// log) a plain line every few seconds. Nothing for a run under a second.
public final class ProgressLine: ProgressReporting {
    /// Where it writes (2, stderr), and how.
    let fd: Int32
    let inPlace: Bool
    private struct State {
        var total = 0
        var done = 0
        var started = 0.0
        var lastShown = 0.0
        var shown = false
    }
    private let state = Mutex(State())
    private let clock: @Sendable () -> Double

    /// A progress line on `fd`; `inPlace` on a terminal.
    public init(fd: Int32 = 2, inPlace: Bool, clock: @escaping @Sendable () -> Double = SystemCalls.monotonicSeconds) {
        self.fd = fd
        self.inPlace = inPlace
        self.clock = clock
    }

    /// The work begins: `total` strings.
    public func start(total: Int) {
        let now = clock()
        state.withLock {
            $0.total = total
            $0.done = 0
            $0.started = now
            // The first line as soon as a second has passed.
            $0.lastShown = -.infinity
        }
    }

    /// `done` strings are done (from any thread).
    public func advance(to done: Int) {
        let now = clock()
        let line: String? = state.withLock { state in
            state.done = max(state.done, done)
            let elapsed = now - state.started
            // Quiet for the first second; then every 0.2 s on a terminal,
            // every 5 s in a log.
            guard elapsed >= 1, now - state.lastShown >= (inPlace ? 0.2 : 5) else { return nil }
            state.lastShown = now
            state.shown = true
            return Self.describe(done: state.done, total: state.total, elapsed: elapsed)
        }
        if let line { write(line) }
    }

    /// The work is done: the line is erased (terminal) or a last one says so.
    public func finish() {
        let now = clock()
        let (shown, line) = state.withLock { state in
            (state.shown, Self.describe(done: state.total, total: state.total, elapsed: now - state.started))
        }
        guard shown else { return }
        if inPlace {
            _ = SystemCalls.writeAll(Array("\r\u{1B}[K".utf8), to: fd)
        } else {
            _ = SystemCalls.writeAll(Array((line + "\n").utf8), to: fd)
        }
    }

    private func write(_ line: String) {
        let text = inPlace ? "\r\u{1B}[K" + line : line + "\n"
        _ = SystemCalls.writeAll(Array(text.utf8), to: fd)
    }

    /// "typefit: 4,000 of 13,000 strings (31%), 2,510/s, about 4 s left".
    static func describe(done: Int, total: Int, elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let percent = total > 0 ? done * 100 / total : 100
        var line = "typefit: \(grouped(done)) of \(grouped(total)) strings (\(percent)%)"
        if rate > 0 {
            line += ", \(grouped(Int(rate.rounded())))/s"
            if done < total { line += ", about \(Int((Double(total - done) / rate).rounded(.up))) s left" }
        }
        return line
    }

    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return out
    }
}

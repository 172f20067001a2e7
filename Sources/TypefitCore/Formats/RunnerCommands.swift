/// Output no CI runner reads as a command (REFERENCE, "Reports for CI").
///
/// Two runners read a job's log for commands, stdout and stderr alike,
/// line by line (lines end at CR, LF or CR LF, as .NET's `ReadLine` ends
/// them):
///
/// - Azure Pipelines' agent runs `##vso[…]` found **anywhere** in a line
///   (microsoft/azure-pipelines-agent, `Command.TryParse`: `IndexOf`), and
///   shows `##[error]`-style formatting found anywhere too.
/// - GitHub's runner runs a line that starts with `::` once .NET's
///   `TrimStart()` has removed every Unicode white space before it
///   (`ActionCommand.TryParseV2`: U+00A0 and U+3000 included), and the
///   older `##[command]` found anywhere in a line (`ActionCommand.TryParse`).
///
/// Keys, paths, font names and texts from a pull request reach typefit's
/// output, so every byte typefit writes passes through one `Filter`: where
/// a runner would see a command, its first character is written as the
/// six characters `\u0023` (`#`) or `\u003A` (`:`). In JSON (and SARIF)
/// that is an escape every reader decodes to the same value (a `#` stands
/// only inside strings there, and a JSON line never starts with `:`); in
/// text, JUnit's XML and pages it is a visible change that the reader
/// still reads. The only lines left starting with `::` are the workflow
/// commands `--format github` writes itself, at the start of the line
/// (`allowsOwnCommands`): a value from an input can never start one of
/// those lines, since their data is escaped (`%0A`).
public enum RunnerCommands {
    /// The escape written for a `#` that starts `##vso[` or `##[`.
    public static let hashEscape = Array("\\u0023".utf8)
    /// The escape written for the `:` that starts a line's `::`.
    public static let colonEscape = Array("\\u003A".utf8)

    /// `text` as `Filter` writes it.
    public static func inert(_ text: String, allowsOwnCommands: Bool = false) -> String {
        var bytes = Array(text.utf8)
        guard needsLook(bytes) else { return text }
        var filter = Filter(allowsOwnCommands: allowsOwnCommands)
        bytes = filter.feed(bytes) + filter.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` as `Filter` writes them.
    public static func inert(_ bytes: [UInt8], allowsOwnCommands: Bool = false) -> [UInt8] {
        guard needsLook(bytes) else { return bytes }
        var filter = Filter(allowsOwnCommands: allowsOwnCommands)
        return filter.feed(bytes) + filter.finish()
    }

    /// Whether bytes can hold anything a runner reads: a `#` or a `:`.
    static func needsLook(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ":") }
    }

    /// .NET's `char.IsWhiteSpace` (what `TrimStart()` removes): Unicode's
    /// White_Space characters; with U+180E, U+200B and U+FEFF, which older
    /// .NET trimmed, so that no runner's version starts a command there.
    public static func isTrimmedSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x180E, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }

    static let azure = Array("##vso[".utf8)
    static let oldCommand = Array("##[".utf8)

    /// A stream's bytes made inert as they pass, chunk by chunk: a command
    /// split between two chunks is caught (a line's last five bytes wait
    /// for the next chunk), and a line's start is judged once its first
    /// characters other than white space are known. `finish()` gives what
    /// still waits.
    public struct Filter: Sendable {
        /// Whether a line starting with `::` at its first byte is left as
        /// it is (`--format github` writes its own commands so).
        public let allowsOwnCommands: Bool
        /// Bytes of the current line not yet written.
        var pending: [UInt8] = []
        /// Whether the current line's start has been judged (then only
        /// commands anywhere in it remain to look for).
        var startJudged = false

        /// A filter; `allowsOwnCommands` for `--format github`'s stream.
        public init(allowsOwnCommands: Bool = false) {
            self.allowsOwnCommands = allowsOwnCommands
        }

        /// The bytes of `chunk` that can be written now, made inert.
        public mutating func feed(_ chunk: [UInt8]) -> [UInt8] {
            if pending.isEmpty { return process(chunk, final: false) }
            return process(pending + chunk, final: false)
        }

        /// What still waits, made inert (the end of the stream).
        public mutating func finish() -> [UInt8] { process(pending, final: true) }

        /// `data` made inert up to where it can be judged; the rest waits
        /// in `pending`. Most of a document is one long line with no
        /// command in it: then the chunk itself is handed back, uncopied
        /// (a copy and a byte-by-byte walk were 7% of `fit`'s time).
        mutating func process(_ data: [UInt8], final: Bool) -> [UInt8] {
            pending = []
            // Filled only once something is escaped (`copying`); until
            // then the bytes written are `data[..<written]`.
            var out: [UInt8] = []
            var copying = false
            var written = 0
            data.withUnsafeBufferPointer { bytes in
                let n = bytes.count
                /// Writes `bytes[written..<end]`, then `escape` in place of
                /// the byte at `end` when given.
                func emit(to end: Int, escaping escape: [UInt8]? = nil) {
                    if escape != nil, !copying {
                        copying = true
                        out.reserveCapacity(n + 16)
                        out.append(contentsOf: bytes[0..<written])
                    }
                    if copying { out.append(contentsOf: bytes[written..<end]) }
                    written = end
                    if let escape {
                        out += escape
                        written += 1
                    }
                }
                var start = 0
                while start < n {
                    // The line's end and its first `#` in one pass: most
                    // lines (a compact document is one) hold no `#`, and are
                    // then read once.
                    var end = Self.firstIndex(in: bytes, from: start, to: n, of: 0x0A, 0x0D, 0x23)
                    let firstHash = end
                    if end < n, bytes[end] == 0x23 {
                        end = Self.firstIndex(in: bytes, from: end, to: n, of: 0x0A, 0x0D, 0x0D)
                    }
                    let complete = end < n || final
                    var colon: Int?
                    if !startJudged {
                        switch judgeStart(bytes, from: start, to: end, complete: complete) {
                        case .undecided:
                            pending = Array(bytes[start..<n])
                            return
                        case .command(let at): colon = at
                        case .plain: break
                        }
                        startJudged = true
                    }
                    // An unfinished line keeps back from a `#` among its
                    // last bytes (`##vso[` less one) for the next chunk: a
                    // command may start there.
                    var safe = end
                    if !complete {
                        let tail = max(start, end - (RunnerCommands.azure.count - 1))
                        safe = Self.firstIndex(in: bytes, from: max(tail, firstHash), to: end, of: 0x23, 0x23, 0x23)
                    }
                    if let at = colon, at >= safe {
                        // The `::` is not written yet: the line waits whole
                        // and is judged again with what follows.
                        safe = start
                        startJudged = false
                    }
                    if let at = colon, at < safe {
                        emit(to: at, escaping: RunnerCommands.colonEscape)
                    }
                    var i = Self.firstIndex(in: bytes, from: max(firstHash, written), to: safe, of: 0x23, 0x23, 0x23)
                    while i < safe {
                        if Self.startsCommand(bytes, at: i) { emit(to: i, escaping: RunnerCommands.hashEscape) }
                        i = Self.firstIndex(in: bytes, from: i + 1, to: safe, of: 0x23, 0x23, 0x23)
                    }
                    emit(to: safe)
                    guard complete else {
                        pending = Array(bytes[safe..<n])
                        return
                    }
                    // The line's end: CR, LF or CR LF.
                    var next = end
                    if next < n { next += bytes[next] == 0x0D && next + 1 < n && bytes[next + 1] == 0x0A ? 2 : 1 }
                    emit(to: next)
                    startJudged = false
                    start = next
                }
            }
            if copying { return out }
            return written == data.count ? data : Array(data[..<written])
        }

        /// The first index in `from..<to` whose byte is `a`, `b` or `c`,
        /// else `to`: sixteen bytes at a time, compared as vectors (a
        /// quarter of the instructions of eight at a time in a word, which
        /// were 3.6% of `fit`'s). A byte looked for once is given three
        /// times.
        @inline(__always)
        static func firstIndex(
            in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, of a: UInt8, _ b: UInt8, _ c: UInt8
        ) -> Int {
            var i = from
            if let base = bytes.baseAddress {
                let (va, vb, vc) = (SIMD16(repeating: a), SIMD16(repeating: b), SIMD16<UInt8>(repeating: c))
                while i + 16 <= end {
                    let block = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    // The block holds a match: the byte loop below finds it.
                    if any((block .== va) .| (block .== vb) .| (block .== vc)) { break }
                    i += 16
                }
            }
            while i < end, bytes[i] != a, bytes[i] != b, bytes[i] != c { i += 1 }
            return i
        }

        /// Whether `##vso[` (any case) or `##[` starts at `i`.
        static func startsCommand(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
            guard i + 2 < bytes.count, bytes[i + 1] == 0x23 else { return false }
            if bytes[i + 2] == UInt8(ascii: "[") { return true }
            guard i + 5 < bytes.count else { return false }
            return bytes[i + 2] | 0x20 == UInt8(ascii: "v") && bytes[i + 3] | 0x20 == UInt8(ascii: "s")
                && bytes[i + 4] | 0x20 == UInt8(ascii: "o") && bytes[i + 5] == UInt8(ascii: "[")
        }

        enum Start { case undecided, plain, command(colon: Int) }

        /// How the line `bytes[from..<to]` starts: white space only so far
        /// (undecided while the line may go on), `::` after white space
        /// (the index of its first `:`), or anything else.
        func judgeStart(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, complete: Bool) -> Start {
            var i = from
            while i < end {
                let (scalar, length) = Self.decode(bytes, at: i, end: end)
                guard let scalar else { return i + length > end && !complete ? .undecided : .plain }
                guard RunnerCommands.isTrimmedSpace(scalar) else { break }
                i += length
            }
            guard i + 1 < end else {
                // Nothing, or one `:`, after the white space so far.
                return !complete && (i == end || bytes[i] == UInt8(ascii: ":")) ? .undecided : .plain
            }
            guard bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: ":") else { return .plain }
            if allowsOwnCommands && i == from { return .plain }
            return .command(colon: i)
        }

        /// The scalar whose UTF-8 starts at `i` and its length; `nil` when
        /// the bytes there are not one (cut short: the length it needs).
        static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (Unicode.Scalar?, Int) {
            let lead = bytes[i]
            let length: Int
            switch lead {
            case 0..<0x80: return (Unicode.Scalar(lead), 1)
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return (nil, 1)
            }
            guard i + length <= end else { return (nil, length) }
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for k in 1..<length {
                let byte = bytes[i + k]
                guard byte & 0xC0 == 0x80 else { return (nil, 1) }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            return (Unicode.Scalar(value), length)
        }
    }
}

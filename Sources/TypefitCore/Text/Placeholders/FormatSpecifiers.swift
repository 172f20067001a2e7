/// Format specifiers read as CoreFoundation reads them, for the placeholder
/// check: which `%…` is a conversion, which argument it reads and as what,
/// and what Foundation prints for the ones that are not conversions.
///
/// The rules are `__CFParseFormatSpec` and the numbering of
/// `__CFStringAppendFormatCore` in swift-corelibs-foundation's `CFString.c`
/// at commit e55e1d8 (line numbers in
/// docs/REFERENCE.md, "Placeholders as Foundation reads them"):
///
/// - One loop takes flags (` ` `-` `+` `0` `#`), `N$`, width, `.precision`
///   and length modifiers in any order until a conversion character ends the
///   spec. The space flag is a flag: `50% off` is `% o` (an octal) followed by
///   `ff`, and `50 % la` reads a hexadecimal float.
/// - Any other character (`'`, `$` after `%0`, `(`, a letter that is no
///   conversion) makes the spec a literal: Foundation prints the one
///   character after the `%` and drops everything up to and including the
///   character that ended the spec (`%'d` prints `'`, `%0$@` prints `0`
///   then `@`). `%%` is that rule printing `%`. A `%` at the end prints
///   nothing.
/// - `%#@name@` is one object conversion with its own argument (the next,
///   or `%N$#@name@`'s); the name is letters, digits and `_` (any other
///   character ends it, and the spec goes on as an ordinary one). typefit
///   also takes `.`, which Xcode writes in String Catalog substitution
///   names and Apple's closed Foundation must therefore read.
/// - `%n` reads an argument and prints nothing.
/// - `N$` above 127, or a width or precision above 2^31 − 1, makes the whole
///   format fail (Swift's `String(format:)` traps).
/// - Unnumbered specs take arguments in order from a counter that numbered
///   ones never move; a `*` width and a `.*` precision take theirs first.
public enum FormatSpecifiers {
    /// Where a width or precision comes from.
    public enum Star: Sendable, Equatable {
        /// Written in the spec, or none.
        case none
        /// `*`: the next argument.
        case next
        /// `*N$`: argument N.
        case argument(Int)
    }

    /// What a spec is.
    public enum Form: Sendable, Equatable {
        /// A conversion that reads an argument of this kind.
        case conversion(PlaceholderCheck.Kind)
        /// `%#@name@`: a substitution variable.
        case variable(String)
        /// Not a conversion: Foundation prints `printed` in its place
        /// (`%` for `%%`).
        case literal(printed: String)
        /// A `%` (with flags) at the end of the string: nothing is printed.
        case incomplete
        /// A position or width Foundation cannot hold: formatting fails.
        case overflow
    }

    /// One `%…` of a string.
    public struct Spec: Sendable, Equatable {
        /// Where it stands, in UTF-8 bytes.
        public var range: Range<Int>
        /// What it is.
        public var form: Form
        /// `N$`, from 1.
        public var position: Int?
        /// A width taken from an argument.
        public var width: Star = .none
        /// A precision taken from an argument.
        public var precision: Star = .none
        /// Whether the space flag is set (and `+` is not).
        public var spaceFlag = false

        /// Whether it is `%%`.
        public var isPercent: Bool { form == .literal(printed: "%") && range.count == 2 }
    }

    /// The specs of `utf8`, in order.
    public static func parse(_ utf8: [UInt8]) -> [Spec] {
        var specs: [Spec] = []
        var i = 0
        while i < utf8.count {
            guard utf8[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            let (spec, end) = parseSpec(utf8, from: i)
            specs.append(spec)
            i = end
        }
        return specs
    }

    /// Whether a character may stand in a variable's name (CF's
    /// `[0-9A-Za-z_]`, and `.`).
    static func isNameByte(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
            || c == UInt8(ascii: "_") || c == UInt8(ascii: ".")
    }

    /// The spec starting at `start` (a `%`) and the index after it.
    private static func parseSpec(_ utf8: [UInt8], from start: Int) -> (Spec, Int) {
        var spec = Spec(range: start..<start, form: .incomplete)
        var i = start + 1
        var seenSharp = false
        var seenOpenBracket = false
        var keyStart: Int?
        var plusFlag = false
        /// Which of `*` width / `.*` precision waits for its `N$`.
        var pendingPrecision = false
        var pendingWidth = false
        func finish(_ form: Form) -> (Spec, Int) {
            // A spec ends on a whole character (CF reads UTF-16 units; a
            // scalar's continuation bytes belong to the one that ended it).
            while i < utf8.count, utf8[i] & 0xC0 == 0x80 { i += 1 }
            spec.form = form
            spec.range = start..<i
            return (spec, i)
        }
        func literal() -> (Spec, Int) {
            // The character after the `%` (whole, where it is not ASCII).
            var end = start + 2
            while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
            let printed = String(decoding: utf8[(start + 1)..<min(end, utf8.count)], as: UTF8.self)
            return finish(.literal(printed: printed))
        }
        while true {
            guard i < utf8.count else { return finish(.incomplete) }
            var c = utf8[i]
            i += 1
            if let key = keyStart {
                if isNameByte(c) { continue }
                // The end of an entity marker's key (`%[key]@`): the key goes
                // on to its `@`.
                if c == UInt8(ascii: "]") { continue }
                if c == UInt8(ascii: "@") {
                    let name = String(decoding: utf8[key..<(i - 1)], as: UTF8.self)
                    if seenOpenBracket || name.isEmpty { return finish(.conversion(.object)) }
                    return finish(.variable(name))
                }
                // Any other character ends the name and is itself skipped.
                keyStart = nil
                continue
            }
            while true {
                switch c {
                case UInt8(ascii: "#"): seenSharp = true
                case UInt8(ascii: "["):
                    if !seenOpenBracket {
                        seenOpenBracket = true
                        keyStart = i
                    }
                case UInt8(ascii: " "): if !plusFlag { spec.spaceFlag = true }
                case UInt8(ascii: "+"):
                    plusFlag = true
                    spec.spaceFlag = false
                case UInt8(ascii: "-"), UInt8(ascii: "0"): break
                case UInt8(ascii: "h"), UInt8(ascii: "l"):
                    if i < utf8.count, utf8[i] == c { i += 1 }
                case UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "z"), UInt8(ascii: "j"), UInt8(ascii: "L"):
                    break
                case UInt8(ascii: "@"):
                    if seenSharp {
                        seenSharp = false
                        keyStart = i
                    } else {
                        return finish(.conversion(.object))
                    }
                case UInt8(ascii: "*"):
                    pendingWidth = true
                    spec.width = .next
                case UInt8(ascii: "."):
                    // CF reads the next character without a bound: the
                    // string's terminator then makes the spec a literal.
                    guard i < utf8.count else { return literal() }
                    c = utf8[i]
                    i += 1
                    if c == UInt8(ascii: "*") {
                        pendingPrecision = true
                        spec.precision = .next
                        break
                    }
                    continue
                case UInt8(ascii: "1")...UInt8(ascii: "9"):
                    var number = 0
                    var overflow = false
                    while true {
                        number = number * 10 + Int(c - 0x30)
                        if number > Int(Int32.max) { overflow = true }
                        number = min(number, 1 << 40)
                        guard i < utf8.count else { return literal() }
                        c = utf8[i]
                        i += 1
                        guard (0x30...0x39).contains(c) else { break }
                    }
                    if c == UInt8(ascii: "$") {
                        guard number <= 127 else {
                            spec.position = min(number, 1_000_000_000)
                            return finish(.overflow)
                        }
                        if pendingPrecision {
                            spec.precision = .argument(number)
                            pendingPrecision = false
                        } else if pendingWidth {
                            spec.width = .argument(number)
                            pendingWidth = false
                        } else {
                            spec.position = number
                        }
                        break
                    }
                    if overflow { return finish(.overflow) }
                    continue
                default:
                    if let kind = PlaceholderCheck.Kind(conversion: c) {
                        return finish(.conversion(kind))
                    }
                    return literal()
                }
                break
            }
        }
    }
}

extension FormatSpecifiers {
    /// One argument a string reads.
    public struct Read: Sendable, Equatable {
        /// Its number, from 1.
        public var number: Int
        /// What it is read as.
        public var kind: PlaceholderCheck.Kind
        /// The spec as written.
        public var written: String
        /// The spec it is read by.
        public var spec: Spec
        /// Whether it is the spec's width or precision (`*`), not its value.
        public var isStar = false
    }

    /// The arguments `specs` read, in the order written, numbered from
    /// `initial` + 1 for the unnumbered ones (a plural form is formatted in
    /// a nested call that starts at its variable's own argument).
    public static func reads(_ specs: [Spec], in utf8: [UInt8], initial: Int = 0) -> [Read] {
        var reads: [Read] = []
        var next = initial + 1
        for spec in specs {
            let kind: PlaceholderCheck.Kind
            switch spec.form {
            case .conversion(let k): kind = k
            case .variable: kind = .variable
            default: continue
            }
            let written = String(decoding: utf8[spec.range], as: UTF8.self)
            for star in [spec.width, spec.precision] {
                switch star {
                case .none: continue
                case .next:
                    reads.append(Read(number: next, kind: .integer, written: written, spec: spec, isStar: true))
                    next += 1
                case .argument(let n):
                    reads.append(Read(number: n, kind: .integer, written: written, spec: spec, isStar: true))
                }
            }
            if let position = spec.position {
                reads.append(Read(number: position, kind: kind, written: written, spec: spec))
            } else {
                reads.append(Read(number: next, kind: kind, written: written, spec: spec))
                next += 1
            }
        }
        return reads
    }

    /// The most argument numbers a format's call holds: three per `%`, and
    /// one (`3 × sizeSpecs + 1`); a position past it makes Foundation return
    /// an empty string.
    public static func slots(_ utf8: [UInt8]) -> Int {
        3 * utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "%") ? 1 : 0) } + 1
    }
}

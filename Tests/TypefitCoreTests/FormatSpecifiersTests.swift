import Foundation
import Testing

@testable import TypefitCore

/// Format specifiers read as CoreFoundation reads them. The oracle is the
/// toolchain's own Foundation: for every format below, the output typefit's
/// reading predicts (text kept, each conversion formatted on its own with
/// the argument typefit says it reads, each non-conversion as the character
/// typefit says Foundation prints) must be what `String(format:)` prints
/// for the whole format with those arguments. A wrong boundary, a wrong
/// argument number or a wrong kind prints something else (or crashes).
@Suite struct FormatSpecifiersTests {
    /// Formats from shared/reference's probes (run on this toolchain),
    /// the issue's real apps' strings, and edge cases of CFString.c's
    /// `__CFParseFormatSpec` loop. None reads one argument as two kinds or
    /// a C string (those cannot be passed safely from Swift).
    static let corpus: [String] = [
        "% d", "% 9d", "%+ d", "%-5d|", "%05d", "50% la", "50% off", "100%", "100% ", "%y|", "[%5y]", "%'d",
        "%lld %%", "%%d", "%*d|", "%-*d|", "%.*f", "%1$*2$d|", "%1$@ %@", "%@ %1$@", "%2$@ %@", "%2$@ %1$@",
        "%1$@ %1$@", "%2$@", "%2$d", "%1$d %3$d", "%0$@", "a%nb", "a%nb%d", "%10@|%-10@|",
        "%hhd %hd", "%ld %qd %zd %td %jd", "%u", "%i %o %x %X", "%#x %#o", "%f %F %e %E %g %G", "%a %A",
        "%.f|%.0f|%5.1f", "%#@count@", "%1$#@count@", "%#@", "%#@a b@", "%#d", "[%5%]", "[% %]", "[%-%]",
        "%2$#@n@ %1$@", "%[x]@", "%-#@n@|", "50\u{a0}% la première année%%", "%lld % de réduction",
        "%@% (%@ minimum)", "Save 50%% off %lld", "%1$@ of %2$@ done (%3$.0f%%)", "%3$@ %2$@ %1$@",
        "% 5.2f%%", "%#@has_rating@ und %@", "%é|", "%ل", "x%5", "x%.", "%1$.*2$f|", "%.3d|", "%+.1e",
        "%C", "%c", "%p", "%1$lu/%2$lu", "%-+5d|", "%0-5d|", "%-05d|",
    ]

    /// The whole format's output as typefit's reading predicts it.
    static func predicted(_ format: String) -> (output: String, arguments: [any CVarArg]) {
        let utf8 = Array(format.utf8)
        let specs = FormatSpecifiers.parse(utf8)
        let reads = FormatSpecifiers.reads(specs, in: utf8)
        // One value per argument named, of the kind its last reader says
        // (CF types a slot by the last spec naming it and pulls only named
        // slots from the call, in order).
        var kinds: [Int: PlaceholderCheck.Kind] = [:]
        for read in reads { kinds[read.number] = read.kind }
        func value(_ number: Int) -> any CVarArg {
            switch kinds[number] ?? .integer {
            // Java's classes never come from Foundation's reading.
            case .object, .variable, .string, .boolean, .hashCode, .dateTime: return "o\(number)"
            case .float: return Double(number) + 0.25
            case .character: return 64 + number
            case .pointer: return 0x1000 * number
            case .integer, .cString: return 11 * number
            }
        }
        let arguments = kinds.keys.sorted().map(value)
        var output = ""
        var cursor = 0
        var readIndex = 0
        for spec in specs {
            output += String(decoding: utf8[cursor..<spec.range.lowerBound], as: UTF8.self)
            cursor = spec.range.upperBound
            switch spec.form {
            case .literal(let printed): output += printed
            case .incomplete, .overflow: break
            case .conversion, .variable:
                // This spec's reads: its stars, then its value.
                var own: [FormatSpecifiers.Read] = []
                while readIndex < reads.count, reads[readIndex].spec == spec {
                    own.append(reads[readIndex])
                    readIndex += 1
                }
                var text = String(decoding: utf8[spec.range], as: UTF8.self)
                text = text.replacingOccurrences(of: "[0-9]+\\$", with: "", options: .regularExpression)
                if case .variable = spec.form { text = "%@" }
                if text.hasPrefix("%[") { text = "%@" }
                if spec.form == .conversion(.pointer), text.hasSuffix("n") {
                    continue
                }
                output += String(format: text, arguments: own.map { value($0.number) })
            }
        }
        output += String(decoding: utf8[cursor...], as: UTF8.self)
        return (output, arguments)
    }

    /// Foundation prints what typefit's reading predicts, format by format.
    @Test(arguments: corpus)
    func foundationPrintsWhatTheReadingPredicts(format: String) {
        let (expected, arguments) = Self.predicted(format)
        let printed = String(format: format, arguments: arguments)
        #expect(printed == expected, "\(format.debugDescription): Foundation \(printed.debugDescription)")
    }

    /// A position past the call's slots (three per `%`, and one) makes
    /// Foundation print nothing: `%6$@` (1 `%`: 4 slots) is empty, `%5$@`
    /// is not.
    @Test func positionsPastTheSlotsPrintNothing() {
        #expect(String(format: "%6$@", "a") == "")
        #expect(FormatSpecifiers.slots(Array("%6$@".utf8)) == 4)
        let analysis = FormatAnalysis(forms: [FormatSource(text: "%6$@")])
        #expect(analysis.flaws == [.unformattable(written: "%6$@", position: 6)])
        #expect(FormatAnalysis(forms: [FormatSource(text: "%5$@")]).flaws.isEmpty)
    }

    /// What each spec is, by CF's rules (CFString.c L6535–6765): the space
    /// flag makes conversions, `'` and `$` after `%0` end a spec as a
    /// literal, `%n` reads an argument, positions past 127 overflow.
    @Test func specsAreReadAsCoreFoundationReadsThem() {
        func forms(_ text: String) -> [String] {
            FormatSpecifiers.parse(Array(text.utf8)).map { spec in
                switch spec.form {
                case .conversion(let kind): return kind.rawValue
                case .variable(let name): return "variable " + name
                case .literal(let printed): return "literal " + printed
                case .incomplete: return "incomplete"
                case .overflow: return "overflow"
                }
            }
        }
        #expect(forms("50% off") == ["integer"])
        #expect(forms("50\u{a0}% la") == ["float"])
        #expect(forms("%'d %0$@ %%") == ["literal '", "literal 0", "literal %"])
        #expect(forms("a%nb") == ["pointer"])
        #expect(forms("%128$@ %127$@") == ["overflow", "object"])
        #expect(forms("%#@total.strings@ %#@a b@ %#@x-y@") == ["variable total.strings", "literal #", "literal #"])
        #expect(forms("100%") == ["incomplete"])
        #expect(PlaceholderCheck.arguments("%@ has %lld, %.1f%%").map(\.number) == [1, 2, 3])
        #expect(PlaceholderCheck.arguments("%#@count@ in %@").map(\.kind) == [.variable, .object])
    }

    /// Random strings over the characters specs are made of (and a
    /// multi-byte one): every spec starts at a `%`, specs do not overlap,
    /// end on a whole character, and the analysis of any of them stays
    /// within its caps. A fixed seed, so a failure repeats.
    @Test func anyStringParsesIntoWholeSpecs() {
        let alphabet = Array("%%%$#@@.*0123456789 -+'[]ldfsnpcqhz\u{e9}\u{a0}abc")
        var generator = SeededGenerator(seed: 46)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "%" })
            let utf8 = Array(text.utf8)
            var previous = 0
            for spec in FormatSpecifiers.parse(utf8) {
                #expect(utf8[spec.range.lowerBound] == UInt8(ascii: "%"), "\(text.debugDescription)")
                #expect(spec.range.lowerBound >= previous && spec.range.upperBound <= utf8.count)
                #expect(spec.range.upperBound == utf8.count || utf8[spec.range.upperBound] & 0xC0 != 0x80)
                previous = spec.range.upperBound
            }
            let analysis = FormatAnalysis(forms: [FormatSource(text: text)])
            #expect(analysis.ownDifferences(isFormat: true).count <= FormatAnalysis.maximumDifferences)
        }
    }
}

/// A small deterministic generator (SplitMix64) for repeatable random cases.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// An Android entry's forms read as Java formats, for `PlaceholderCheck`:
/// the arguments they read (by position, with their conversion class, as
/// Android lint's `StringFormatMatches` compares them) and the first
/// specifier `java.util.Formatter` throws on.
///
/// A form is a format when it takes an argument, or would once the
/// specifiers Java throws on were percent signs (`Hello %s, 50% off`): a
/// string that takes none (`100%`) is shown by `getString(id)` as written
/// and never formatted. An entry's forms (a plural's quantities) are read
/// as one: `one` may leave its number out ("One file"), so an argument
/// is missing only when no form reads it.
struct JavaFormatAnalysis {
    /// Per argument (0-based), the first specifier that reads it.
    var arguments: [Int: PlaceholderCheck.Argument] = [:]
    /// Every specifier that reads an argument, in the forms' order (a
    /// plural's `other` may read as a string what `one` reads as an
    /// integer).
    var readings: [PlaceholderCheck.Argument] = []
    /// The first specifier Java throws on, with the exception.
    var failure: PlaceholderCheck.Difference?
    /// Whether any form is a format.
    var isFormat = false

    init(forms: [String]) {
        for form in forms {
            guard let read = Self.read(form) else { continue }
            if read.takesArguments { isFormat = true }
            if failure == nil { failure = read.failure }
            for specifier in read.specifiers {
                guard let index = specifier.argument else { continue }
                if index >= 0 {
                    readings.append(
                        PlaceholderCheck.Argument(
                            number: index == Int.max ? Int.max : index + 1, kind: Self.kind(specifier.kind),
                            written: specifier.text))
                }
                guard arguments[index] == nil else { continue }
                guard index >= 0 else {
                    // `%<s` before any other: Java has no previous argument.
                    if failure == nil {
                        failure = .javaException(
                            written: specifier.text, exception: "MissingFormatArgumentException",
                            detail: "Format specifier '\(specifier.text)'")
                    }
                    continue
                }
                arguments[index] = PlaceholderCheck.Argument(
                    number: index == Int.max ? Int.max : index + 1, kind: Self.kind(specifier.kind),
                    written: specifier.text)
            }
        }
    }

    /// The source's own problem: a specifier Java throws on.
    var ownDifferences: [PlaceholderCheck.Difference] { failure.map { [$0] } ?? [] }

    /// How a translation's forms differ from the source's: what Java
    /// throws on first (the rest follows once it is fixed), else each
    /// argument missing, extra or of another class, by position.
    func differences(from source: JavaFormatAnalysis) -> [PlaceholderCheck.Difference] {
        if let failure { return [failure] }
        var found: [PlaceholderCheck.Difference] = []
        for index in Set(source.arguments.keys).union(arguments.keys).sorted() {
            switch (source.arguments[index], arguments[index]) {
            case (let from?, nil): found.append(.missing(from))
            case (nil, let to?): found.append(.extra(to))
            case (let from?, _?):
                // Any form's reading of another class than the source's.
                if let to = readings.first(where: { $0.number == from.number && $0.kind != from.kind }) {
                    found.append(.changed(source: from, translation: to))
                }
            default: break
            }
        }
        return found
    }

    /// A form's specifiers, what Java throws on, and whether it takes an
    /// argument; `nil` without a `%`. The specifiers Java throws on are
    /// taken out one by one (at most 16) to see whether the rest takes an
    /// argument.
    static func read(_ text: String) -> (
        specifiers: [JavaFormatSpecifiers.Specifier], failure: PlaceholderCheck.Difference?, takesArguments: Bool
    )? {
        guard TextBytes.contains(text, where: { $0 == UInt8(ascii: "%") }) else { return nil }
        var bytes = Array(text.utf8)
        var failure: PlaceholderCheck.Difference?
        for _ in 0..<16 {
            switch JavaFormatSpecifiers.parse(String(decoding: bytes, as: UTF8.self)) {
            case .success(let specifiers):
                return (specifiers, failure, specifiers.contains { $0.argument != nil })
            case .failure(let thrown):
                let written = String(decoding: bytes[thrown.bytes], as: UTF8.self)
                if failure == nil {
                    failure = .javaException(written: written, exception: thrown.exception, detail: thrown.detail)
                }
                // The `%` alone goes: what follows it is text again.
                bytes.remove(at: thrown.bytes.lowerBound)
            }
        }
        return ([], failure, false)
    }

    /// A Java conversion class as the check's kind.
    static func kind(_ kind: JavaFormatSpecifiers.Kind) -> PlaceholderCheck.Kind {
        switch kind {
        case .string: return .string
        case .character: return .character
        case .integer: return .integer
        case .float: return .float
        case .boolean: return .boolean
        case .hash: return .hashCode
        case .dateTime: return .dateTime
        case .none: return .variable
        }
    }
}

/// A `res/values*` folder's name read as aapt2 2.19 reads its qualifiers:
/// the language as a BCP 47 tag, the other qualifiers kept as written.
///
/// - `values`: the default configuration, the source strings (no language).
/// - `values-de`, `values-pt-rBR` (`r` and two letters: the region),
///   `values-b+sr+Latn`, `values-b+es+419` (`b+` and BCP 47's subtags
///   joined with `+`): `de`, `pt-BR`, `sr-Latn`, `es-419`. A language is
///   two or three letters in any case, except `car` (a UI mode).
/// - `iw`, `in`, `ji` are `he`, `id`, `yi`: Android's resources map a
///   locale back to these before looking it up (`ResourcesImpl`).
/// - An `mcc`/`mnc` code may come first; every qualifier after the
///   language (`night`, `sw600dp`, `land`, `v21`, `ldrtl`) is kept, none
///   taken for a language.
/// - What aapt2 calls an invalid configuration here is an error: a region
///   not of two letters after `r` (`es-r419`, `zh-rHant`), a bare number
///   (`es-419`), a private-use or malformed `b+` tag.
public struct AndroidResourceFolder: Equatable, Sendable {
    /// The language (BCP 47), or `nil` for the default configuration.
    public var language: String?
    /// The other qualifiers, as written, in order.
    public var qualifiers: [String]

    /// Reads a folder name (`values-de-rAT-night`); `nil` for a folder
    /// that is not a `values` folder (`drawable-hdpi`, `values2`).
    public static func parse(_ name: String) throws(SourceError) -> AndroidResourceFolder? {
        guard name == "values" || name.hasPrefix("values-") else { return nil }
        var parts = name.split(separator: "-", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard !parts.contains(where: \.isEmpty) else { throw invalid(name) }
        var qualifiers: [String] = []
        // Mobile country and network codes come before the locale.
        while let first = parts.first, first.lowercased().hasPrefix("mcc") || first.lowercased().hasPrefix("mnc") {
            qualifiers.append(parts.removeFirst())
        }
        var language: String?
        if let first = parts.first {
            if first.hasPrefix("b+") {
                language = try bcp47(first, folder: name)
                parts.removeFirst()
            } else if (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter), first.lowercased() != "car" {
                var tag = first.lowercased()
                tag = legacy[tag] ?? tag
                parts.removeFirst()
                // `r` and a region; `round` (a round screen) is the one
                // other qualifier that starts with an `r`.
                if let region = parts.first, region.first == "r" || region.first == "R", region.count >= 2,
                    region.lowercased() != "round"
                {
                    let code = region.dropFirst()
                    guard code.count == 2, code.allSatisfy(\.isASCIILetter) else { throw invalid(name) }
                    tag += "-" + code.uppercased()
                    parts.removeFirst()
                }
                language = tag
            }
        }
        for part in parts {
            // A language or a region anywhere else (every other qualifier
            // of three letters or fewer holds a digit, but `car`), or a
            // bare number.
            let localeLike =
                (2...3).contains(part.count) && part.allSatisfy(\.isASCIILetter) && part.lowercased() != "car"
            if localeLike || part.allSatisfy(\.isASCIIDigit) || part.hasPrefix("b+") { throw invalid(name) }
            qualifiers.append(part)
        }
        if let language, let problem = LanguageTag.problem(language) {
            throw SourceError(SourcePosition(line: 1, column: 1), "the folder '\(name)' gives no language: \(problem)")
        }
        return AndroidResourceFolder(language: language, qualifiers: qualifiers)
    }

    /// The codes Android keeps for Hebrew, Indonesian and Yiddish.
    private static let legacy = ["iw": "he", "in": "id", "ji": "yi"]

    private static func invalid(_ name: String) -> SourceError {
        SourceError(SourcePosition(line: 1, column: 1), "invalid configuration '\(name.dropFirst(7))'.")
    }

    /// `b+sr+Latn` as `sr-Latn`: a language of two or three letters, then
    /// optionally a script (four letters), a region (two letters or three
    /// digits) and variants (five to eight letters or digits, or four
    /// starting with a digit).
    private static func bcp47(_ part: String, folder: String) throws(SourceError) -> String {
        let subtags = part.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(\.isASCIILetter) else {
            throw invalid(folder)
        }
        var tag = [legacy[first.lowercased()] ?? first.lowercased()]
        var rest = subtags.dropFirst()
        if let script = rest.first, script.count == 4, script.allSatisfy(\.isASCIILetter) {
            tag.append(script.prefix(1).uppercased() + script.dropFirst().lowercased())
            rest = rest.dropFirst()
        }
        if let region = rest.first,
            (region.count == 2 && region.allSatisfy(\.isASCIILetter))
                || (region.count == 3 && region.allSatisfy(\.isASCIIDigit))
        {
            tag.append(region.uppercased())
            rest = rest.dropFirst()
        }
        for variant in rest {
            let alphanumeric = variant.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit }
            guard alphanumeric,
                (5...8).contains(variant.count) || (variant.count == 4 && variant.first?.isASCIIDigit == true)
            else { throw invalid(folder) }
            tag.append(variant.lowercased())
        }
        return tag.joined(separator: "-")
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

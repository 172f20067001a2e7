// libFuzzer target: the run-wide strings budget where the multipliers
// meet — one input read as several files of a run (catalogs, `.lproj`
// .strings and .stringsdict files in several languages), each file's
// variations × substitutions × languages × untranslated copies taken from
// one `StringsBudget`. Whatever the input, the run never holds more
// strings, untranslated copies or languages than the budget allows, and
// it ends (libFuzzer's -timeout catches one that does not). Built with
// TypefitCore's sources by `make fuzz`.

/// libFuzzer's entry point: the first byte says how many files of each
/// kind the rest is read as (1-8); returns 0, as libFuzzer requires.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBudget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let copies = Int(data[0] % 8) + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    // Small limits, so that the fuzzer reaches them in microseconds.
    let limits = (strings: 4_000, untranslated: 1_500, languages: 12)
    let budget = StringsBudget(
        maximumStrings: limits.strings, maximumUntranslated: limits.untranslated, maximumLanguages: limits.languages)
    let languages = ["de", "fr", "ja", "pt-BR", "zh-Hans", "ar", "ru", "ko"]
    var strings = 0
    var untranslated = 0
    var read = Set<String>()
    for copy in 0..<copies {
        let language = languages[copy % languages.count]
        for path in [
            "App\(copy).xcstrings", "\(language).lproj/Plurals\(copy).stringsdict",
            "\(language).lproj/Localizable\(copy).strings", "lines\(copy).txt",
        ] {
            guard let found = try? StringsFile.read(path: path, bytes: bytes, budget: budget) else { continue }
            strings += found.count
            untranslated += found.filter(\.isUntranslated).count
            for string in found { if let tag = string.language { read.insert(tag.lowercased()) } }
        }
    }
    precondition(strings <= budget.strings && budget.strings <= limits.strings)
    precondition(untranslated <= limits.untranslated)
    precondition(read.count <= limits.languages)
    return 0
}

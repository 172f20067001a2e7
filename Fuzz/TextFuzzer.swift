// libFuzzer target: the hand-written readers of what a pull request brings
// besides fonts and specs — inline Markdown (InlineMarkdown, linear and
// without recursion), Android's Html.fromHtml (AndroidHtml), the fit rules file, `.stringsdict` files and binary
// property lists (shared references, cycles), Android resource files
// (the XML reader and aapt2's value rules), substitution expansion
// through String Catalogs, in every registered strings format, and the
// placeholder comparison of what they hold, Android's line breaking, and Flutter's gen-l10n messages and
// l10n.yaml. Built with TypefitCore's sources by
// `make fuzz`.

/// libFuzzer's entry point: one input, `size` bytes at `data`; returns 0,
/// as libFuzzer requires (-1 would keep the input out of the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    // Markdown: what is drawn is never longer than what was written, and
    // every run lies inside it.
    let rendered = InlineMarkdown.render(text)
    precondition(rendered.text.unicodeScalars.count <= text.unicodeScalars.count)
    precondition(rendered.spans.allSatisfy { $0.range.upperBound <= rendered.text.utf8.count })
    // Html.fromHtml: runs inside the text, offsets for every source byte,
    // monotonic and inside the text.
    for separators in [false, true] {
        let html = AndroidHtml.render(text, separatorLineBreaks: separators)
        let units = html.text.utf16.count
        precondition(html.runs.allSatisfy { $0.range.lowerBound < $0.range.upperBound && $0.range.upperBound <= units })
        precondition(html.spans.allSatisfy { $0.range.upperBound <= html.text.utf8.count })
        precondition(html.offsets.count == text.utf8.count + 1)
        precondition(zip(html.offsets, html.offsets.dropFirst()).allSatisfy { $0 <= $1 })
        precondition(html.offsets.last.map { $0 <= html.text.utf8.count } ?? false)
    }
    _ = try? FitRules.decode(bytes)
    _ = try? BinaryPropertyList.parse(bytes)
    // Flutter: gen-l10n's message grammar (its offsets inside the message,
    // or one past its end), its generator's checks, the forms a message
    // makes (capped), and l10n.yaml.
    for escaping in [false, true] {
        let options = GenL10nMessage.Options(useEscaping: escaping, relaxedPlaceholders: escaping ? ["a"] : nil)
        switch GenL10nMessage.parse(text, options: options) {
        case .success(let parts): _ = GenL10nMessage.generationProblems(parts)
        case .failure(let error): precondition(error.offset >= 0 && error.offset <= text.utf16.count + 1)
        }
        precondition(ARBFormat.forms(of: text, options: options).count <= ARBFormat.maximumForms)
    }
    _ = try? GenL10nSettings.parse(text)
    // Every registered strings format, so that a new one is fuzzed from
    // the day it is registered; and the sniffing of standard input.
    for format in StringsFile.formats {
        for path in [
            "Fuzz." + (format.extensions.first ?? "txt"), "de.lproj/Fuzz." + (format.extensions.first ?? "txt"),
        ] {
            if let strings = try? format.read(path: path, bytes: bytes, language: nil, budget: StringsBudget()) {
                // Substitutions expand under their cap, and the run's.
                precondition(strings.count <= StringsBudget.maximumStrings)
                // The placeholder comparison of what a catalog holds:
                // every difference about an argument names one, and a
                // problem lists at most its cap of them.
                let report = PlaceholderCheck.report(
                    [PlaceholderCheck.File(path: path, strings: strings)], sourceLanguage: "en")
                let unnumbered: Set<String> = [
                    "variable-undefined", "not-a-conversion", "unformattable", "java-exception",
                ]
                precondition(
                    report.problems.allSatisfy { problem in
                        problem.differences.count <= 20
                            && problem.differences.allSatisfy {
                                // ARB names its placeholders: no numbers.
                                unnumbered.contains($0.code) || $0.number >= 1 || path.hasSuffix(".arb")
                            }
                    })
            }
        }
    }
    _ = try? StringsFile.read(path: "-", bytes: bytes)
    // Android resource files (XMLReader, aapt2's value rules): an error or
    // entries whose spans lie inside their values (UTF-16, last inclusive).
    if let entries = try? AndroidValuesFile.read(bytes, fileName: "strings.xml") {
        for form in entries.flatMap(\.forms) {
            let units = form.value.text.utf16.count
            precondition(form.value.spans.allSatisfy { $0.first >= 0 && $0.last < units && $0.last >= $0.first - 1 })
            precondition(form.value.placeholders.allSatisfy { $0.bytes.upperBound <= form.value.text.utf8.count })
            // Styled pseudolocales: spans inside the text made, in order of
            // their starts as aapt2 keeps them.
            for pseudolocale in AndroidPseudolocale.allCases {
                let made = pseudolocale.generate(
                    form.value.text, spans: form.value.spans, keeping: form.value.placeholders.map(\.bytes))
                let madeUnits = made.text.utf16.count
                precondition(made.spans.count == form.value.spans.count)
                precondition(made.spans.allSatisfy { $0.first >= 0 && $0.last < madeUnits && $0.last >= $0.first - 1 })
            }
        }
    }
    // The same bytes as an Android file in a folder: its tables flatten
    // back to its strings, in order, and a Java format filled with samples
    // keeps its spans inside the text.
    if let strings = try? StringsFile.read(path: "res/values-de/strings.xml", bytes: bytes) {
        let tables = StringsTable.tables(of: strings, file: "f")
        precondition(StringsTable.flattened(tables).map(\.key) == strings.map(\.key))
        for string in strings {
            if let filled = string.substituted(PlaceholderSamples()) {
                let count = filled.text.utf8.count
                precondition(filled.spans.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= count })
            }
        }
    }
    _ = JavaFormatAnalysis(forms: [text]).differences(from: JavaFormatAnalysis(forms: [text, text + "%s"]))
    // Android's pseudolocales of any text: the accented one opens with its
    // bracket (an unbalanced ICU argument may leave it open, as in aapt2),
    // the bidirectional one only adds marks (a trailing backslash aside,
    // and text after an apostrophe, which ICU's quoting makes aapt2 drop:
    // `ab'0` gives nothing, as aapt2 2.19 gives it; and an ICU argument
    // left open at the end: aapt2 2.19 writes `x{}{` as RLM x RLM RLM {} RLM,
    // the last brace gone, found by the fuzzer and checked with aapt2).
    // By scalar: a text opening with a combining mark joins the bracket's
    // grapheme (`hasPrefix("[")` compares Characters and said no).
    precondition(AndroidPseudolocale.accented.generate(text).unicodeScalars.first == "[")
    let marks: Set<Unicode.Scalar> = ["\u{200F}", "\u{202E}", "\u{202C}"]
    let bidi = AndroidPseudolocale.bidi.generate(text)
    let opened = text.utf8.filter { $0 == UInt8(ascii: "{") }.count
    let closed = text.utf8.filter { $0 == UInt8(ascii: "}") }.count
    if !text.unicodeScalars.contains(where: marks.contains), !text.contains("\\"), !text.contains("'"),
        opened <= closed
    {
        precondition(String(String.UnicodeScalarView(bidi.unicodeScalars.filter { !marks.contains($0) })) == text)
    }
    // Java format strings: specifiers in order, inside the text; an
    // argument never below -1 (a relative one before any other).
    if case .success(let specifiers) = JavaFormatSpecifiers.parse(text) {
        precondition(zip(specifiers, specifiers.dropFirst()).allSatisfy { $0.bytes.upperBound <= $1.bytes.lowerBound })
        precondition(specifiers.allSatisfy { $0.bytes.upperBound <= text.utf8.count && ($0.argument ?? 0) >= -1 })
    }
    // Placeholders of arbitrary text against themselves: only what is
    // wrong with the text itself, never a difference between the two.
    let sourceOnly: Set<String> = [
        "two-kinds", "skipped", "variable-undefined", "not-a-conversion", "space-flag", "unformattable",
    ]
    precondition(
        PlaceholderCheck.differences(source: [text], translation: [text]).allSatisfy { sourceOnly.contains($0.code) })
    _ = PlaceholderCheck.differences(source: [text], translation: [String(text.reversed())])
    fuzzAndroidLines(text)
    return 0
}

/// Android's line breaking of any text (break opportunities from its
/// bytes, as ICU is not linked here: after spaces, a line feed's
/// mandatory, every fifth byte allowed; advances from its bytes): Minikin's
/// word-breaker changes keep a break array of the text's length, and in
/// every strategy the lines cover the text in order, a line feed ends its
/// line, and `layout` counts the lines `lines` gives.
func fuzzAndroidLines(_ text: String) {
    let utf8 = Array(text.utf8)
    guard !utf8.isEmpty else { return }
    var breaks = utf8.indices.map { i -> LineBreak in
        utf8[i] == 0x0A ? .mandatory : (utf8[i] == 0x20 || i % 5 == 4) ? .allowed : i % 3 == 1 ? .phraseFallback : .none
    }
    MinikinWordBreaker.adjust(utf8, &breaks)
    precondition(breaks.count == utf8.count)
    var advances = [Double](repeating: 0, count: utf8.count)
    for i in utf8.indices where utf8[i] & 0xC0 != 0x80 { advances[i] = Double(utf8[i] % 7) * 0.25 }
    let width = 0.3 + Double(utf8[0] % 16) * 0.5
    for strategy in BreakStrategy.allCases {
        let prepared = LineFitter.Prepared(
            MeasuredText(utf8: utf8, advances: advances), breaks: breaks,
            breaking: .android(AndroidLineBreaking(strategy: strategy)), letterSpacingEms: Double(utf8[0] % 3) * 0.02)
        let lines = prepared.lines(width: width, pointSize: 16)
        var end = 0
        for line in lines {
            precondition(line.bytes.lowerBound == end && line.visible.upperBound <= line.bytes.upperBound)
            end = line.bytes.upperBound
            if let feed = utf8[line.bytes].firstIndex(of: 0x0A) { precondition(feed == line.bytes.upperBound - 1) }
        }
        precondition(end == utf8.count)
        precondition(prepared.layout(width: width, pointSize: 16).lines == lines.count)
    }
}

import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Android resource files read as aapt2 reads them. The oracle is Debian's
/// aapt2 itself (package `aapt`, 2.19, installed by `make test`): every
/// fixture compiled with `aapt2 compile` and printed with `aapt2 dump apc`,
/// each `<string>`, plural item and array item compared with typefit's
/// value, spans and reference; each file aapt2 refuses refused with
/// aapt2's reason at aapt2's line. The inputs are AOSP's
/// `ResourceParser_test.cpp` and `ResourceUtils_test.cpp` cases
/// (`Fixtures/android/aapt2`, restated in shared reference data) and edge
/// cases of our own (`edges.xml`).
@Suite(
    .enabled(
        if: (try? BinaryRunner.runTool("aapt2", ["version"])) != nil, "aapt2 is not installed (apt-get install aapt)"))
struct AndroidValuesTests {
    /// One resource as `aapt2 dump apc` prints it.
    struct Dumped: Equatable, CustomStringConvertible {
        var text: String?
        var reference: String?
        var spans: [String] = []
        var isStyled = false
        var description: String {
            (reference ?? "\"\(text ?? "")\"") + (isStyled ? " styled " + spans.joined(separator: " ") : "")
        }
    }

    /// typefit's value in the dump's terms.
    static func dumped(_ value: AndroidResourceText) -> Dumped {
        if let reference = value.reference { return Dumped(text: nil, reference: reference) }
        return Dumped(
            text: value.text, reference: nil, spans: value.spans.map { "\($0.name):\($0.first),\($0.last)" },
            isStyled: value.isStyled)
    }

    /// Parses one printed value: `@ref`, `"text"`, or `(styled string)
    /// "text" b:0,3 i:1,2` (the text printed raw: the spans are what
    /// follows its last quote).
    static func value(_ printed: Substring) -> Dumped? {
        if printed.hasPrefix("@") { return Dumped(text: nil, reference: String(printed)) }
        var rest = printed
        var styled = false
        if rest.hasPrefix("(styled string) ") {
            styled = true
            rest = rest.dropFirst("(styled string) ".count)
        }
        guard rest.hasPrefix("\""), let close = rest.lastIndex(of: "\""), close > rest.startIndex else { return nil }
        let text = String(rest[rest.index(after: rest.startIndex)..<close])
        let spans = rest[rest.index(after: close)...].split(whereSeparator: \.isWhitespace).map(String.init)
        return Dumped(text: text, reference: nil, spans: spans, isStyled: styled)
    }

    /// `type/name` (an array's and a plural's items as `name[i]`,
    /// `name:quantity`) → what aapt2 made, for one compiled file.
    static func aapt2(_ file: String) throws -> (values: [String: Dumped], error: String?) {
        let (values, error, _) = try aapt2(file, legacy: false)
        return (values, error)
    }

    /// With `legacy` (`aapt2 compile --legacy`, as the Android Gradle Plugin
    /// runs it), also the first warning: `LINE: REASON`.
    static func aapt2(_ file: String, legacy: Bool) throws -> (
        values: [String: Dumped], error: String?, warning: String?
    ) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-aapt2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        // aapt2 compiles a file in a `values` folder only (a refused
        // fixture is kept elsewhere): compiled as `values/strings.xml`.
        var input = file
        if !((file as NSString).deletingLastPathComponent as NSString).lastPathComponent.hasPrefix("values") {
            let folder = out.appendingPathComponent("in/values")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            input = folder.appendingPathComponent("strings.xml").path
            try FileManager.default.copyItem(atPath: file, toPath: input)
        }
        let output = out.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let compiled = try #require(
            try BinaryRunner.runTool(
                "aapt2", ["compile"] + (legacy ? ["--legacy"] : []) + [input, "-o", output.path + "/"]))
        guard compiled.status == 0 else { return ([:], compiled.stderr, nil) }
        // `PATH:LINE: warn: REASON`
        let warning = compiled.stderr.split(separator: "\n").first { $0.contains(": warn: ") }.map { line in
            let parts = line.components(separatedBy: ": warn: ")
            return "\(parts[0].split(separator: ":").last ?? ""): \(parts.count > 1 ? parts[1] : "")"
        }
        let flat = try #require(try FileManager.default.contentsOfDirectory(atPath: output.path).first)
        let dump = try #require(
            try BinaryRunner.runTool("aapt2", ["dump", "apc", output.appendingPathComponent(flat).path]))
        var records: [(key: String, body: [String])] = []
        for line in dump.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("      resource 0x") {
                let key = line.split(separator: " ").last.map(String.init) ?? ""
                records.append((key, []))
            } else if line.hasPrefix("    type ") || line.hasPrefix("  Package") {
                continue
            } else if !records.isEmpty {
                // An empty line is a value's empty line (the printer does
                // not indent it), or the dump's end.
                records[records.count - 1].body.append(String(line))
            }
        }
        var values: [String: Dumped] = [:]
        let source = try NSRegularExpression(pattern: " src=\\S+:\\d+$")
        func strip(_ text: String) -> String {
            let range = NSRange(text.startIndex..., in: text)
            return source.stringByReplacingMatches(in: text, range: range, withTemplate: "")
        }
        // `dump apc` indents a value's every line: a line break inside a
        // value is followed by the record's indentation (8 spaces; 10 in
        // a plural's items), taken off here.
        func unindented(_ line: String, _ indentation: Int) -> String {
            line.hasPrefix(String(repeating: " ", count: indentation)) ? String(line.dropFirst(indentation)) : line
        }
        for (key, lines) in records {
            var body = lines
            while body.last?.isEmpty == true { body.removeLast() }
            let joined = ([body.first ?? ""] + body.dropFirst().map { unindented($0, 8) }).joined(separator: "\n")
            guard let open = joined.range(of: ") ") else { continue }
            let printed = Substring(strip(String(joined[open.upperBound...])))
            if key.hasPrefix("string/") {
                values[key] = value(printed)
            } else if key.hasPrefix("plurals/") {
                // `(plurals) size=N` then an item a line (10 spaces,
                // quantity, `=`), a value's line breaks continuing it.
                var current: (String, String)?
                func flush() {
                    if let (quantity, text) = current { values["\(key):\(quantity)"] = value(Substring(text)) }
                }
                for line in body.dropFirst() {
                    if line.hasPrefix("          "), let equals = line.firstIndex(of: "="),
                        AndroidValuesFile.quantities.contains(String(line.dropFirst(10)[..<equals]))
                    {
                        flush()
                        current = (String(line.dropFirst(10)[..<equals]), String(line[line.index(after: equals)...]))
                    } else if let (quantity, text) = current {
                        current = (quantity, text + "\n" + unindented(line, 10))
                    }
                }
                flush()
            } else if key.hasPrefix("array/") {
                // `["a", "b", @string/c, (styled string) "d" i:0,1]`; the
                // fixtures' items hold no `", `.
                guard let list = body.dropFirst().first?.trimmingCharacters(in: .whitespaces),
                    list.hasPrefix("["), list.hasSuffix("]")
                else { continue }
                var items: [Substring] = []
                var rest = Substring(list.dropFirst().dropLast())
                while !rest.isEmpty {
                    // A quoted item ends at `", `; a reference or a typed
                    // array's colour or dimension (`#ffff0000`, `16.0dp`)
                    // at `, `.
                    let quoted = rest.hasPrefix("\"") || rest.hasPrefix("(")
                    if let comma = quoted ? rest.range(of: "\", ") : rest.range(of: ", ") {
                        let end = quoted ? rest.index(after: comma.lowerBound) : comma.lowerBound
                        items.append(rest[..<end])
                        rest = rest[comma.upperBound...]
                    } else {
                        items.append(rest)
                        rest = ""
                    }
                }
                for (i, item) in items.enumerated() { values["\(key)[\(i)]"] = value(item) }
            }
        }
        return (values, nil, warning)
    }

    /// typefit's values of one file, keyed as `aapt2(_:)` keys them.
    static func ours(_ entries: [AndroidValuesFile.Entry]) -> [String: Dumped] {
        var values: [String: Dumped] = [:]
        for entry in entries {
            switch entry.kind {
            case .string: values["string/\(entry.name)"] = dumped(entry.forms[0].value)
            case .plurals:
                for form in entry.forms { values["plurals/\(entry.name):\(form.quantity ?? "")"] = dumped(form.value) }
            case .stringArray, .array:
                for form in entry.forms { values["array/\(entry.name)[\(form.index ?? -1)]"] = dumped(form.value) }
            }
        }
        return values
    }

    static var valuesFiles: [String] {
        let root = Fixtures.path("android/aapt2/res")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return folders.sorted().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted().map {
                "\(root)/\(folder)/\($0)"
            }
        }
    }

    @Test func everyValueIsAapt2s() throws {
        var compared = 0
        for file in Self.valuesFiles {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            let (expected, error) = try Self.aapt2(file)
            #expect(error == nil, "\(file): aapt2 refused it: \(error ?? "")")
            let entries = try AndroidValuesFile.read(bytes, fileName: (file as NSString).lastPathComponent)
            let ours = Self.ours(entries)
            // Every text resource aapt2 printed (typed `<array>`s are not
            // text resources), and nothing more.
            let textKeys = expected.keys.filter { $0.hasPrefix("string/") || $0.hasPrefix("plurals/") }
            #expect(Set(textKeys).isSubset(of: Set(ours.keys)), "\(file): \(Set(textKeys).subtracting(ours.keys))")
            for (key, value) in ours {
                guard let theirs = expected[key] else {
                    Issue.record("\(file): aapt2 has no \(key)")
                    continue
                }
                #expect(value == theirs, "\(file) \(key): ours \(value), aapt2 \(theirs)")
                compared += 1
            }
        }
        // The fixtures' 29 AOSP strings, our edge cases, plurals and arrays
        // (4 of them with text between their items, which aapt2 skips), and
        // the one item of a typed `<array>` that names a string (`mixed[2]`:
        // its text, number and colour are not text resources).
        #expect(compared == 87, "\(compared) values compared")
    }

    /// Styled values' pseudolocales, text and spans, byte for byte as
    /// aapt2 makes them (`PseudolocalizeStyledString`: spans and `<xliff:g>`
    /// sections cut the text, which one localizer makes piece by piece;
    /// text after a section stays as written until a span ends, as in
    /// aapt2).
    @Test func styledPseudolocalesAreAapt2s() throws {
        let file = Fixtures.path("android/aapt2/pseudo-styled/values/strings.xml")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-pseudo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let theirs = try Aapt2.styledPseudolocales(file, into: out)
        let entries = try AndroidValuesFile.read(
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))), fileName: "strings.xml")
        var compared = 0
        for entry in entries {
            let value = entry.forms[0].value
            for pseudolocale in AndroidPseudolocale.allCases {
                let configuration = pseudolocale == .accented ? "en-rXA" : "ar-rXB"
                let made = pseudolocale.generate(
                    value.text, spans: value.spans, keeping: value.placeholders.map(\.bytes))
                let ours = Aapt2.Styled(
                    text: made.text, spans: made.spans.map { "\($0.name):\($0.first),\($0.last)" })
                #expect(ours == theirs["string/\(entry.name)"]?[configuration], "\(entry.name) \(configuration)")
                compared += 1
            }
        }
        #expect(compared == 24, "\(compared)")
    }

    /// The pseudolocales of every translatable plain string, byte for byte
    /// as `aapt2 compile --pseudo-localize` makes them (ICU arguments,
    /// placeholders, markup and entities in the text, a broken entity's
    /// NUL, escapes).
    @Test func pseudolocalesAreAapt2s() throws {
        let file = Fixtures.path("android/aapt2/pseudo/values/strings.xml")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("typefit-pseudo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let theirs = try Aapt2.pseudolocales(file, into: out)
        let entries = try AndroidValuesFile.read(
            try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))), fileName: "strings.xml")
        var compared = 0
        for entry in entries {
            let printed = theirs["string/\(entry.name)"] ?? [:]
            guard entry.isTranslatable else {
                #expect(printed["en-rXA"] == nil && printed["ar-rXB"] == nil, "\(entry.name)")
                continue
            }
            let text = entry.forms[0].value.text
            for pseudolocale in AndroidPseudolocale.allCases {
                let configuration = pseudolocale == .accented ? "en-rXA" : "ar-rXB"
                #expect(
                    pseudolocale.generate(text) == printed[configuration], "\(entry.name) \(configuration)")
                compared += 1
            }
        }
        #expect(compared == 52, "\(compared)")
    }

    /// Each file aapt2 refuses is refused with aapt2's reason, at its line.
    @Test func refusedFilesAreRefusedAsAapt2RefusesThem() throws {
        let folder = Fixtures.path("android/aapt2/bad")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files.count == 8)
        for name in files {
            let file = folder + "/" + name
            let (_, error) = try Self.aapt2(file)
            let message = try #require(error, "\(name): aapt2 compiled it")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            // What a build (`--legacy`) only warns of: read, with the warning.
            if let legacy = try Self.aapt2(file, legacy: true).warning {
                let entries = try AndroidValuesFile.read(bytes, fileName: name)
                let warning = try #require(entries.flatMap(\.warnings).first, "\(name): no warning; aapt2: \(legacy)")
                #expect(legacy == "\(warning.position.line): \(warning.message)", "\(name)")
                continue
            }
            // `PATH:LINE: error: REASON` (a reason may quote the string on
            // the next line).
            let first = try #require(message.split(separator: "\n").first.map(String.init))
            let parts = first.components(separatedBy: ": error: ")
            let line = Int(parts[0].split(separator: ":").last ?? "")
            let reason = parts.count > 1 ? parts[1] : ""
            do throws(SourceError) {
                _ = try AndroidValuesFile.read(bytes, fileName: name)
                Issue.record("\(name): read without an error; aapt2: \(first)")
            } catch {
                #expect(error.position.line == line, "\(name): line \(error.position.line), aapt2 \(first)")
                // aapt2 ends some reasons with a period; a reason quoting
                // the string goes on after a line break.
                let ours = error.message
                #expect(
                    reason == ours || reason == ours + "." || reason.hasPrefix(ours),
                    "\(name): ours '\(ours)', aapt2 '\(reason)'")
            }
        }
    }
}

/// Resource files in the encodings aapt2's parser (expat) reads, and the
/// bytes it refuses: `Fixtures/android/aapt2/encodings` (written by hand
/// in Python). A file aapt2 compiles is read to aapt2's values (UTF-16 in
/// either order, with or without a byte order mark, ISO-8859-1, UTF-8
/// with a mark); one aapt2 refuses ("xml parser error: not well-formed
/// (invalid token)" at line 0, as aapt2 counts it) is refused at the
/// line of the bad byte, and an encoding expat does not know is refused
/// naming it (aapt2: "unknown encoding").
@Suite(.enabled(if: Aapt2.isInstalled, "aapt2 is not installed (apt-get install aapt)"))
struct AndroidEncodingTests {
    static let folder = Fixtures.path("android/aapt2/encodings")

    @Test func encodingsAsAapt2ReadsThem() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).sorted()
        #expect(files.count == 10)
        var read = 0
        var refused = 0
        for name in files {
            let file = Self.folder + "/" + name
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            let (expected, error) = try AndroidValuesTests.aapt2(file)
            if name.hasPrefix("bad-") {
                let message = try #require(error, "\(name): aapt2 compiled it")
                do throws(SourceError) {
                    _ = try AndroidValuesFile.read(bytes, fileName: "strings.xml")
                    Issue.record("\(name): read without an error; aapt2: \(message)")
                } catch {
                    if name == "bad-unknown-encoding.xml" {
                        #expect(message.contains("unknown encoding"), "\(message)")
                        #expect(error.message.hasPrefix("encoding 'windows-1252': aapt2 reads UTF-8, UTF-16"))
                    } else {
                        #expect(message.contains("not well-formed (invalid token)"), "\(name): \(message)")
                        #expect(error.message.contains("not well-formed (invalid token)"), "\(error.message)")
                        // The bad byte is on the third line (the first
                        // string) or the fourth (the second).
                        #expect([3, 4].contains(error.position.line), "\(name): \(error.position)")
                    }
                    refused += 1
                }
                continue
            }
            #expect(error == nil, "\(name): aapt2 refused it: \(error ?? "")")
            let ours = AndroidValuesTests.ours(try AndroidValuesFile.read(bytes, fileName: "strings.xml"))
            #expect(ours == expected, "\(name): ours \(ours), aapt2 \(expected)")
            #expect(ours["string/greeting"] != nil)
            read += 1
        }
        #expect(read == 5 && refused == 5)
    }

    /// Where a refused byte is, exactly: line and column (characters).
    @Test func refusalsNameTheirPlace() throws {
        let cases: [([UInt8], Int, Int, String)] = [
            (
                Array("<resources>\n<string name=\"a\">Gr".utf8) + [0xFC] + Array("e</string></resources>".utf8), 2, 20,
                "bytes that are not UTF-8 (0xFC 0x65 0x3C 0x2F)"
            ),
            (
                Array("<resources><string name=\"a\">é\u{0}</string></resources>".utf8), 1, 30,
                "the control character U+0000, which XML does not allow"
            ),
            (
                Array("<resources><string name=\"a\">\u{FFFF}</string></resources>".utf8), 1, 29,
                "the character U+FFFF, which XML does not allow"
            ),
            (
                [0xFF, 0xFE] + Array("<r>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } + [
                    0x00, 0xD8, 0x41, 0x00,
                ],
                1, 4, "an unpaired UTF-16 surrogate (U+D800)"
            ),
        ]
        for (bytes, line, column, what) in cases {
            do throws(SourceError) {
                _ = try XMLText.utf8(bytes)
                Issue.record("read: \(what)")
            } catch {
                #expect(error.position == SourcePosition(line: line, column: column), "\(what): \(error.position)")
                #expect(error.message.hasPrefix(what + ": aapt2 stops the build here"), "\(error.message)")
            }
        }
        // Valid UTF-8 is handed back as it is.
        let plain = Array("<resources>Grüße</resources>".utf8)
        #expect(try XMLText.utf8(plain) == plain)
        #expect(try XMLText.utf8([0xEF, 0xBB, 0xBF] + plain) == plain)
    }
}

/// `values*` folder names as aapt2 2.19 reads them: each case's printed
/// configuration was taken from `aapt2 compile` + `aapt2 dump apc` on a
/// folder of that name (the invalid ones are aapt2's "invalid
/// configuration"); the language as a BCP 47 tag, Android's legacy codes
/// as the languages they stand for.
@Suite struct AndroidResourceFolderTests {
    @Test(
        arguments: [
            ("values", nil, []),
            ("values-de", "de", []),
            ("values-DE", "de", []),
            ("values-pt-rBR", "pt-BR", []),
            ("values-de-rus", "de-US", []),
            ("values-b+sr+Latn", "sr-Latn", []),
            ("values-b+zh+Hant+TW", "zh-Hant-TW", []),
            ("values-b+es+419", "es-419", []),
            ("values-b+en+001", "en-001", []),
            ("values-b+ca+ES+valencia", "ca-ES-valencia", []),
            ("values-iw", "he", []),
            ("values-in", "id", []),
            ("values-ji", "yi", []),
            ("values-fil", "fil", []),
            ("values-en-rXA", "en-XA", []),
            ("values-car", nil, ["car"]),
            ("values-de-car", "de", ["car"]),
            ("values-night", nil, ["night"]),
            ("values-sw600dp", nil, ["sw600dp"]),
            ("values-ldrtl-v17", nil, ["ldrtl", "v17"]),
            ("values-de-sw600dp-land", "de", ["sw600dp", "land"]),
            ("values-mcc310-en-rUS", "en-US", ["mcc310"]),
            ("values-en-round", "en", ["round"]),
        ] as [(String, String?, [String])])
    func folders(name: String, language: String?, qualifiers: [String]) throws {
        let folder = try #require(try AndroidResourceFolder.parse(name))
        #expect(folder.language == language, "\(name)")
        #expect(folder.qualifiers == qualifiers, "\(name)")
    }

    @Test(arguments: [
        "values-es-r419", "values-zh-rHant", "values-sr-rLatn", "values-es-419", "values-sw600dp-de",
        "values-b+be+x+old", "values-", "values-de--night",
    ])
    func invalidConfigurations(name: String) {
        #expect(throws: SourceError.self, "\(name)") { try AndroidResourceFolder.parse(name) }
    }

    @Test func otherFoldersAreNotValuesFolders() throws {
        #expect(try AndroidResourceFolder.parse("drawable-hdpi") == nil)
        #expect(try AndroidResourceFolder.parse("values2") == nil)
        #expect(try AndroidResourceFolder.parse("layout") == nil)
    }
}

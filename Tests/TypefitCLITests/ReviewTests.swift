import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `typefit review`: the page holds exactly the (key, language) pairs fit
/// finds failing, each drawn at fit's line counts; self-contained; --base
/// keeps what changed.
@Suite struct ReviewTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let catalog = Fixtures.path("strings/Settings.xcstrings")
    static let layout = ["--width", "200", "--style", "title1", "--font", "TypefitSans-Bold"]

    /// fit's verdicts: `key|language` → category → (lines, fits).
    func fitVerdicts(_ extra: [String] = []) throws -> [String: [String: (Int, Bool)]] {
        let outcome = TypefitCommand.run(
            ["fit", "--strings", Self.catalog, "--format", "json"] + Self.layout + extra + Self.config)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        var verdicts: [String: [String: (Int, Bool)]] = [:]
        for result in object?["results"] as? [[String: Any]] ?? [] {
            let key = "\(result["key"] as? String ?? "")|\(result["language"] as? String ?? "-")"
            let lines = result["lines"] as? [String: Int] ?? [:]
            let fits = result["fits"] as? [String: Bool] ?? [:]
            for (category, n) in lines { verdicts[key, default: [:]][category] = (n, fits[category] ?? false) }
        }
        return verdicts
    }

    /// One size of a row as the page gives it to its script.
    struct PageSample {
        var category: String
        var lines: Int
        var fails: Bool
        /// The lines drawn: flags (`r`, `o`) and glyph index ranges.
        var layout: [(flags: String, slices: [Range<Int>])]
        var stream: Int
    }

    /// One failing string's section.
    struct PageRow {
        var key: String
        var language: String
        /// The text as written (`p.text`).
        var text: String
        /// Per stream: the face keys and the glyphs (`-` placed, not drawn;
        /// `?` no face has the character), advances in 1/1000 em.
        var streams: [(faces: [String], glyphs: [(glyph: String, advance: Double, face: Int)])]
        var samples: [PageSample]
        /// `breaks`, `beyond` or `before` where a size is required.
        var gate: String?
    }

    /// The page's sizes table: `[category, label, point size, line height]`.
    static func cells(_ html: String) throws -> [[Any]] {
        try json(html, id: "cells")
    }

    /// A `<script type="application/json" id="ID">`'s value.
    static func json<T>(_ html: String, id: String) throws -> T {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"\(id)\">"))
        let json = html[start.upperBound...].prefix { $0 != "<" }
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? T)
    }

    /// Base-64 VLQs (source maps' digits, five bits each, lowest first).
    static func vlqs(_ text: Substring) -> [Int] {
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out: [Int] = []
        var value = 0
        var shift = 0
        for character in text {
            let digit = digits.firstIndex(of: character) ?? 0
            value |= (digit & 31) << shift
            if digit & 32 != 0 {
                shift += 5
            } else {
                out.append(value)
                (value, shift) = (0, 0)
            }
        }
        return out
    }

    /// A length in font units as the page writes it: `2n` or `2q + 1` 64ths.
    static func units(_ m: Int) -> Double {
        m & 1 == 0 ? Double(m / 2) : Double((m - 1) / 2) / 64
    }

    /// The page's rows, read from their data attributes.
    static func pageRows(_ html: String) throws -> [PageRow] {
        let cells = try cells(html)
        let pageFaces: [String] = try json(html, id: "faces")
        let owned: [String: [Double]] = try json(html, id: "advances")
        let defined = Set(html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        func attribute(_ name: String, in text: Substring) -> String? {
            guard let start = text.range(of: " " + name + "=\"") else { return nil }
            return String(text[start.upperBound...].prefix { $0 != "\"" })
        }
        var rows: [PageRow] = []
        for section in html.components(separatedBy: "<section class=\"failure\"").dropFirst() {
            let head = section.prefix { $0 != ">" }
            let faces = (attribute("data-faces", in: head) ?? "").split(separator: " ").map {
                pageFaces[Int($0) ?? 0]
            }
            let runs = (attribute("data-glyphs", in: head) ?? "").split(
                separator: " ", omittingEmptySubsequences: false)
            let specs = (attribute("data-advances", in: head) ?? "").split(separator: " ")
            var streams: [(faces: [String], glyphs: [(glyph: String, advance: Double, face: Int)])] = []
            var changesBefore: Substring = ""
            for spec in specs {
                let parts = spec.split(separator: ":", omittingEmptySubsequences: false)
                let slots = parts[1].split(separator: ",").map { faces[Int($0) ?? 0] }
                var glyphs: [(glyph: String, advance: Double, face: Int)] = []
                var units: [(own: Double, perEm: Double, change: Double)] = []
                var slot = 0
                for token in vlqs(runs[Int(parts[0]) ?? 0]) {
                    if token & 1 == 1 {
                        slot = token / 2
                        continue
                    }
                    let g = token / 2
                    let face = owned[slots[slot]] ?? [1000]
                    var own = 0.0
                    var i = 1
                    while i + 1 < face.count {
                        if Int(face[i]) == g { own = face[i + 1] }
                        i += 2
                    }
                    let name = g == 0 ? "?" : defined.contains("\(slots[slot])g\(g)") ? String(g) : "-"
                    glyphs.append((name, 0, slot))
                    units.append((own, face[0], 0))
                }
                let changes = parts[3] == "=" ? changesBefore : parts[3]
                changesBefore = changes
                let values = vlqs(changes)
                var at = -1
                var i = 0
                while i + 1 < values.count {
                    at += values[i] + 1
                    let v = values[i + 1] & 1 == 1 ? -(values[i + 1] >> 1) : values[i + 1] >> 1
                    let moved = v & 1
                    units[at].change = Self.units((v - moved) / 2)
                    i += moved == 1 ? 4 : 2
                }
                let spacing = Double(parts[2]) ?? 0
                for n in glyphs.indices {
                    glyphs[n].advance = (units[n].own + units[n].change) * 1000 / units[n].perEm + spacing
                }
                streams.append((slots, glyphs))
            }
            var lastLayout = ""
            let samples = (attribute("data-samples", in: head) ?? "").split(separator: " ").map { text in
                let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                let cell = Int(fields[0]) ?? -1
                if fields[3] != "=" { lastLayout = fields[3] }
                let layout = lastLayout.split(separator: "|", omittingEmptySubsequences: false).map { line in
                    let flags = String(line.prefix { $0 == "r" || $0 == "o" })
                    let slices = line.dropFirst(flags.count).split(separator: ",").map { part -> Range<Int> in
                        let ends = part.split(separator: "-").compactMap { Int($0) }
                        return ends[0]..<(ends.count > 1 ? ends[1] : ends[0] + 1)
                    }
                    return (flags, slices)
                }
                return PageSample(
                    category: cells.indices.contains(cell) ? cells[cell][0] as? String ?? "" : "",
                    lines: Int(fields[1]) ?? -1, fails: fields[2].contains("f"), layout: layout,
                    stream: fields.count > 4 ? Int(fields[4]) ?? -1 : 0)
            }
            let text = section.components(separatedBy: "<p class=\"text\">").dropFirst().first?.components(
                separatedBy: "</p>"
            ).first
            rows.append(
                PageRow(
                    key: attribute("data-key", in: head) ?? "", language: attribute("data-language", in: head) ?? "",
                    text: text ?? "", streams: streams, samples: samples, gate: attribute("data-gate", in: head)))
        }
        return rows
    }

    /// The page's rows: `key|language` → per size drawn, its lines (fit's
    /// count, checked to be the lines drawn).
    func rows(_ html: String) throws -> [String: [String: Int]] {
        var rows: [String: [String: Int]] = [:]
        for row in try Self.pageRows(html) {
            for sample in row.samples {
                #expect(sample.layout.count == sample.lines, "\(row.key) \(row.language) at \(sample.category)")
                rows["\(row.key)|\(row.language)", default: [:]][sample.category] = sample.lines
            }
        }
        return rows
    }

    @Test func thePageHoldsFitsFailuresAtFitsLineCounts() throws {
        let outcome = TypefitCommand.run(["review", "--strings", Self.catalog] + Self.layout + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let html = outcome.stdout
        let verdicts = try fitVerdicts()
        let failing = verdicts.filter { $0.value.values.contains { !$0.1 } }
        let rows = try rows(html)
        #expect(!failing.isEmpty)
        #expect(Set(rows.keys) == Set(failing.keys))
        #expect(html.contains("data-failures=\"\(failing.count)\""))
        for (key, sizes) in rows {
            for (category, lines) in sizes {
                #expect(verdicts[key]?[category]?.0 == lines, "\(key) at \(category)")
            }
            // Every failing size is drawn, and the largest that fits.
            let failingSizes = verdicts[key]?.filter { !$0.value.1 }.keys.sorted() ?? []
            #expect(failingSizes.allSatisfy { sizes[$0] != nil }, "\(key)")
        }
    }

    /// The page says which fonts its verdicts are of: each measured face
    /// (a stand-in marked), and the faces drawn for characters it lacks
    /// (the fixture configuration falls back to Typefit Gothic for CJK).
    @Test func thePageNamesTheFacesItMeasuredIn() throws {
        let folder = Fixtures.temporaryDirectory("review-faces")
        let page = folder.appendingPathComponent("page.html")
        for (extra, expected) in [
            ([String](), "Measured in <code>TypefitSans-Bold (TypefitSans-Bold.ttf)</code>"),
            (["--model", "system"], "Measured in <code>TypefitSans-Bold (TypefitSans-Bold.ttf), stand-in</code>"),
        ] {
            let outcome = TypefitCommand.run(
                [
                    "review", "日本語の設定画面", "--width", "20", "--style", "title1", "--font", "TypefitSans-Bold",
                    "--output", page.path,
                ] + extra + Self.config)
            #expect(outcome.status == .success, "\(outcome.stderr)")
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(html.contains(expected + "; characters they lack drawn from <code>"), "\(html.prefix(4000))")
            #expect(html.contains("TypefitGothic-"), "the CJK fallback is named")
        }
    }

    /// A text under two keys is laid out and drawn once (as fit lays it
    /// out once) and shown under each: both sections, each with its own
    /// key, and the drawing the text has alone.
    @Test func aRepeatedTextIsShownUnderEachKey() throws {
        let strings = Fixtures.temporaryDirectory("review-repeated").appendingPathComponent("Localizable.strings")
        let text = "Storage and data usage settings"
        try "\"first\" = \"\(text)\";\n\"other\" = \"Downloaded episodes\";\n\"second\" = \"\(text)\";\n".write(
            to: strings, atomically: true, encoding: .utf8)
        let layout = ["--width", "60", "--style", "body", "--font", "TypefitSans-Regular"]
        let both = TypefitCommand.run(["review", "--strings", strings.path] + layout + Self.config)
        let alone = TypefitCommand.run(["review", text] + layout + Self.config)
        #expect(both.status == .success, "\(both.stderr)")
        // Each section's key, and its drawing: from its glyphs to the end
        // of its samples.
        func drawings(_ html: String) -> [(key: String, drawing: String)] {
            html.components(separatedBy: "<section class=\"failure\" data-key=\"").dropFirst().map { section in
                let key = String(section.prefix { $0 != "\"" })
                let tag = section.prefix { $0 != ">" }
                let drawing = tag.range(of: " data-glyphs=").map { String(tag[$0.lowerBound...]) } ?? ""
                return (key, drawing)
            }
        }
        let rows = drawings(both.stdout)
        #expect(rows.map(\.key) == ["first", "other", "second"])
        let single = try #require(drawings(alone.stdout).first)
        #expect(!single.drawing.isEmpty)
        #expect(rows.first { $0.key == "first" }?.drawing == single.drawing)
        #expect(rows.first { $0.key == "second" }?.drawing == single.drawing)
        #expect(rows.first { $0.key == "other" }?.drawing != single.drawing)
    }

    @Test func requireFailsTheRunAsFitDoes() {
        let review = TypefitCommand.run(
            ["review", "--strings", Self.catalog, "--require", "AX3"] + Self.layout + Self.config)
        let fit = TypefitCommand.run(
            ["fit", "--strings", Self.catalog, "--require", "AX3", "--format", "json"] + Self.layout + Self.config)
        #expect(review.status == fit.status)
        let errors = { (text: String) in text.split(separator: "\n").filter { $0.contains("error:") }.sorted() }
        #expect(errors(review.stderr) == errors(fit.stderr))
    }

    /// With a required size the page leads with the gate's verdict: the
    /// strings fit finds failing there come first, each marked, and those
    /// failing only above it follow under their own heading, counted apart.
    @Test func stringsThatBreakTheGateComeFirst() throws {
        let layout = ["--width", "300", "--style", "title1", "--font", "TypefitSans-Bold"]
        let page = Fixtures.temporaryDirectory("review-gate").appendingPathComponent("page.html")
        let outcome = TypefitCommand.run(
            ["review", "--strings", Self.catalog, "--require", "AX1", "--output", page.path] + layout + Self.config)
        #expect(outcome.status == .problemFound, "\(outcome.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let fit = TypefitCommand.run(
            ["fit", "--strings", Self.catalog, "--format", "json"] + layout + Self.config)
        let object = try JSONSerialization.jsonObject(with: Data(fit.stdout.utf8)) as? [String: Any]
        var breaking: Set<String> = []
        var failing: Set<String> = []
        for result in object?["results"] as? [[String: Any]] ?? [] {
            let key = "\(result["key"] as? String ?? "")|\(result["language"] as? String ?? "-")"
            let fits = result["fits"] as? [String: Bool] ?? [:]
            if fits.values.contains(false) { failing.insert(key) }
            if fits["accessibilityMedium"] == false { breaking.insert(key) }
        }
        // Both kinds occur, or the test shows nothing.
        #expect(!breaking.isEmpty && breaking.count < failing.count)
        let rows = try Self.pageRows(html)
        let verdicts = rows.map { $0.gate }
        #expect(Set(rows.map { "\($0.key)|\($0.language)" }) == failing)
        #expect(Set(rows.prefix(breaking.count).map { "\($0.key)|\($0.language)" }) == breaking)
        #expect(
            verdicts == Array(repeating: "breaks", count: breaking.count)
                + Array(repeating: "beyond", count: failing.count - breaking.count))
        #expect(
            html.contains(
                "<strong id=\"gate-count\">\(breaking.count)</strong> of 10 strings (key and language) checked "
                    + "break the gate: they fail at AX1"))
        #expect(html.contains("\(failing.count - breaking.count) fail only above the required size"))
        #expect(html.contains("<h2 class=\"divider\" id=\"beyond\">\(failing.count - breaking.count) strings"))
        // The tag the script writes from them: `breaks the gate: fails at AX1`.
        #expect(
            html.components(separatedBy: "data-gate=\"breaks\" data-required=\"AX1\"").count == breaking.count + 1)
        #expect(html.contains("<th class=\"required\">AX1<br><small>required</small></th>"))
        // The gate's errors are the page's first rows.
        let errors = outcome.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == breaking.count)
    }

    /// A page of HTML is refused on a terminal (exit 64, saying how to
    /// write it); written to a file, the run names it and what it holds.
    @Test func thePageGoesToAFileAndSaysSo() throws {
        var terminal = RunContext()
        terminal.stdoutIsTerminal = true
        let refused = TypefitCommand.run(
            ["review", "--strings", Self.catalog] + Self.layout + Self.config, context: terminal)
        #expect(refused.status == .usage)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("'review' writes an HTML page: give --output review.html"))
        let page = Fixtures.temporaryDirectory("review-output").appendingPathComponent("review.html")
        let written = TypefitCommand.run(
            ["review", "--strings", Self.catalog, "--require", "AX5", "--output", page.path] + Self.layout
                + Self.config, context: terminal)
        #expect(written.stdout.isEmpty)
        #expect(FileManager.default.fileExists(atPath: page.path))
        let failing = try fitVerdicts(["--require", "AX5"]).values.filter {
            $0["accessibilityExtraExtraExtraLarge"]?.1 == false
        }
        #expect(
            written.stderr.contains("note: wrote \(page.path) (")
                && written.stderr.contains("KB): \(failing.count) string"), "\(written.stderr)")
    }

    /// `--base` files are the old side: their own warnings (a duplicate
    /// key the change removed) are not the change's and are not said.
    @Test func baseFilesAreReadQuietly() throws {
        let folder = Fixtures.temporaryDirectory("review-quiet-base")
        let old = folder.appendingPathComponent("old.strings")
        let new = folder.appendingPathComponent("new.strings")
        try "\"a\" = \"One\";\n\"a\" = \"Two\";\n".write(to: old, atomically: true, encoding: .utf8)
        try "\"a\" = \"Three\";\n".write(to: new, atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            ["review", "--strings", new.path, "--base", old.path] + Self.layout + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("given again"), "\(outcome.stderr)")
        let direct = TypefitCommand.run(["fit", "--strings", old.path, "--format", "json"] + Self.layout + Self.config)
        #expect(direct.stderr.contains("given again"), "the base file has the warning when read itself")
    }

    @Test func thePageIsSelfContained() throws {
        let html = TypefitCommand.run(["review", "--strings", Self.catalog] + Self.layout + Self.config).stdout
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // The SVG namespace is the only address, and nothing is loaded.
        let addresses = html.components(separatedBy: "http").count - 1
        let namespaces = html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1
        #expect(addresses == namespaces)
        #expect(!html.contains("<link") && !html.contains(" src=") && !html.contains("@import"))
        // Each outline defined once.
        let ids = html.components(separatedBy: "<path id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == Set(ids).count && !ids.isEmpty)
        // Every glyph a row draws has its outline defined: a glyph whose
        // outline is not is placed, not drawn (`-`), which only spaces are
        // (one glyph a character in these texts).
        var drawn = 0
        for row in try Self.pageRows(html) {
            for stream in row.streams {
                let blanks = stream.glyphs.filter { $0.glyph == "-" }.count
                drawn += stream.glyphs.count - blanks
                #expect(blanks <= row.text.filter(\.isWhitespace).count, "\(row.key): \(blanks) glyphs undrawn")
            }
        }
        #expect(drawn > 0)
    }

    @Test func baseKeepsWhatChangedWithTheOldText() throws {
        let dir = Fixtures.temporaryDirectory("review-base")
        let old = dir.appendingPathComponent("Old.xcstrings")
        var catalog = try String(contentsOfFile: Self.catalog, encoding: .utf8)
        // The base's German title differs; everything else is the same.
        let object = try JSONSerialization.jsonObject(with: Data(catalog.utf8)) as? [String: Any]
        var strings = try #require(object?["strings"] as? [String: Any])
        var title = try #require(strings["settings.title"] as? [String: Any])
        var localizations = try #require(title["localizations"] as? [String: Any])
        localizations["de"] = ["stringUnit": ["state": "translated", "value": "Alt"]]
        title["localizations"] = localizations
        strings["settings.title"] = title
        var changed = object ?? [:]
        changed["strings"] = strings
        catalog = String(decoding: try JSONSerialization.data(withJSONObject: changed), as: UTF8.self)
        try catalog.write(to: old, atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            ["review", "--strings", Self.catalog, "--base", old.path] + Self.layout + Self.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let rows = try rows(outcome.stdout)
        #expect(Set(rows.keys) == ["settings.title|de"], "\(rows.keys)")
        #expect(outcome.stdout.contains("<p class=\"old\"><span>before</span> Alt</p>"))
        #expect(outcome.stderr.contains("1 of "), "\(outcome.stderr)")
    }

    /// `--base` judges what a change broke: a string that fails where its
    /// old text fit (or a new string) fails the gate; one that fails where
    /// the old text failed too is a note; one that fits at more sizes is
    /// listed as improved; the page shows the old verdict beside the new.
    /// ("Hello there" is 135 pt at xxLarge and 250 pt at AX3 in
    /// TypefitSans-Regular: it fails a 200 pt line at AX3; "Hi" fits.)
    @Test func baseJudgesRegressions() throws {
        let dir = Fixtures.temporaryDirectory("review-regressions")
        let old = dir.appendingPathComponent("old/Localizable.strings")
        let new = dir.appendingPathComponent("new/Localizable.strings")
        for url in [old, new] {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try "\"regressed\" = \"Hi\";\n\"improved\" = \"Hello there\";\n\"standing\" = \"Hello there\";\n".write(
            to: old, atomically: true, encoding: .utf8)
        try
            "\"regressed\" = \"Hello there\";\n\"improved\" = \"Hi\";\n\"standing\" = \"Hello there!\";\n\"fresh\" = \"Hello there\";\n"
            .write(to: new, atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            [
                "review", "--strings", new.path, "--base", old.path, "--width", "200", "--require", "AX3",
                "--style", "body", "--font", "TypefitSans-Regular", "--category", "xxLarge,AX3",
            ] + Self.config)
        #expect(outcome.status == .problemFound)
        let errors = outcome.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 2, "\(outcome.stderr)")
        #expect(errors.contains { $0.contains("regressed: does not fit") })
        #expect(errors.contains { $0.contains("fresh: does not fit") })
        #expect(outcome.stderr.contains("1 changed string still fails where the old text failed too"))
        #expect(outcome.stderr.contains("fit at more sizes than before (improved): improved"))
        #expect(outcome.stdout.contains("<section class=\"improved\""))
        #expect(outcome.stdout.contains("before, it fit at every size"))
        #expect(outcome.stdout.contains("before, it failed at 1 (accessibilityExtraLarge)"))
        // The page marks them as the gate does: two break it, first; the
        // standing one failed there before and comes after.
        let gates = try Self.pageRows(outcome.stdout).map { "\($0.key):\($0.gate ?? "-")" }
        #expect(Set(gates.prefix(2)) == ["regressed:breaks", "fresh:breaks"])
        #expect(Array(gates.dropFirst(2)) == ["standing:before"])
        #expect(outcome.stdout.contains("1 fails where its old text failed too"))
        // Without a base, all three that fail are errors.
        let plain = TypefitCommand.run(
            [
                "review", "--strings", new.path, "--width", "200", "--require", "AX3", "--style", "body",
                "--font", "TypefitSans-Regular", "--category", "xxLarge,AX3",
            ] + Self.config)
        #expect(plain.stderr.split(separator: "\n").filter { $0.contains("error:") }.count == 3)
    }

    /// The progress line: quiet for a second, then strings done, rate and
    /// time left; erased at the end on a terminal.
    @Test func progressLine() throws {
        let dir = Fixtures.temporaryDirectory("progress")
        let file = dir.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        let clock = Clock()
        let line = ProgressLine(fd: handle.fileDescriptor, inPlace: false) { clock.now }
        line.start(total: 1000)
        line.advance(to: 100)
        clock.now = 2
        line.advance(to: 500)
        clock.now = 4
        line.finish()
        try handle.close()
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == "typefit: 500 of 1,000 strings (50%), 250/s, about 2 s left\n"
                + "typefit: 1,000 of 1,000 strings (100%), 250/s\n", "\(text)")
    }

    final class Clock: @unchecked Sendable {
        var now = 0.0
    }
}

/// The page in a real browser: Debian's chromium, headless, loads it from a
/// file with no console errors, runs its script (the DOM shows the filter's
/// count, which only the script writes) and draws it (a screenshot).
@Suite(
    .enabled(
        if: (try? BinaryRunner.runTool("chromium", ["--version"])) != nil,
        "chromium is not installed (apt-get install chromium)"))
struct ReviewBrowserTests {
    static let arguments = [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--hide-scrollbars",
    ]

    @Test func chromiumLoadsThePageWithoutErrors() throws {
        let dir = Fixtures.temporaryDirectory("review-browser")
        let page = dir.appendingPathComponent("review.html")
        let outcome = TypefitCommand.run(
            ["review", "--strings", ReviewTests.catalog, "--output", page.path] + ReviewTests.layout
                + ReviewTests.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let failures = html.components(separatedBy: "<section class=\"failure\"").count - 1
        #expect(failures > 0)
        let profile = dir.appendingPathComponent("profile").path
        let environment = ["HOME": dir.path]
        let dom = try #require(
            try BinaryRunner.runTool(
                "chromium",
                Self.arguments + ["--user-data-dir=\(profile)", "--enable-logging=stderr", "--v=0", "--dump-dom"]
                    + ["file://\(page.path)"], environment: environment))
        #expect(dom.status == 0, "\(dom.stderr)")
        // The script ran: the count it writes is in the DOM.
        #expect(dom.stdout.contains(">\(failures) of \(failures) shown<"), "\(dom.stdout.prefix(400))")
        // It drew the first failure: each size a figure whose SVG has the
        // lines fit counts, one group each.
        let first = try #require(
            dom.stdout.components(separatedBy: "<section class=\"failure\"").dropFirst().first)
        let figures = first.components(separatedBy: "<figure ").dropFirst()
        #expect(figures.count == (try ReviewTests.pageRows(html).first?.samples.count))
        for figure in figures {
            let lines = figure.components(separatedBy: "data-lines=\"").dropFirst().first.flatMap {
                Int($0.prefix { $0 != "\"" })
            }
            let drawn = figure.components(separatedBy: "</figure>")[0]
            #expect(lines != nil && drawn.components(separatedBy: " data-line=\"").count - 1 == lines)
            #expect(drawn.contains("<use href=\"#f"))
        }
        #expect(dom.stdout.contains("data-failures=\"\(failures)\""))
        // No console error: chromium logs console messages as CONSOLE lines.
        let console = dom.stderr.split(separator: "\n").filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to")
        }
        #expect(console.isEmpty, "\(console)")
        try sectionsFarDownWaitToBeDrawn(dir: dir, environment: environment)
        let screenshot = dir.appendingPathComponent("review.png")
        let shot = try #require(
            try BinaryRunner.runTool(
                "chromium",
                Self.arguments + ["--user-data-dir=\(profile)", "--window-size=1100,900"]
                    + ["--screenshot=\(screenshot.path)", "file://\(page.path)"], environment: environment))
        #expect(shot.status == 0, "\(shot.stderr)")
        let png = [UInt8](try Data(contentsOf: screenshot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
    }

    /// The page draws each line as wide as typefit measured it: every size
    /// of a string drawn on one line is, in Chromium, as wide (the pen
    /// after its last glyph, the script's `data-width`) as `measure`'s JSON
    /// says at that size — in a face with kerning, a ligature and Arabic
    /// forms, and in one set at each size's optical size with tracking,
    /// where every size is its own stream of advances, and in one whose
    /// optical size stops at 28 pt, where the larger sizes share one.
    @Test(arguments: [
        ("TypefitScript-Regular", "text", "en", ["AVATAR To fi", "VATAVATAVATAVATAR", "To AVA"], ["--style", "body"]),
        ("TypefitScript-Regular", "text", "ar", ["مرحبا بالحب لهم", "مرحبابالحبلهممرحبا"], ["--style", "body"]),
        ("TypefitOptical-Regular", "optical", "en", ["Settings and more", "Notifications"], ["--style", "body"]),
        // opsz ends at 28 and no trak: AX2 to AX5 set alike, drawn from one session.
        (
            "TypefitShortOptical-Regular", "optical-short", "en", ["Settings and more", "Notifications"],
            ["--style", "body"]
        ),
        // Android's letter spacing (0.1 sp at 14 sp): a spacing of 7.142857… thousandths.
        (
            "TypefitScript-Regular", "text", "en", ["AVATAR To", "VATAVATAVA"],
            ["--platform", "android", "--style", "labelLarge"]
        ),
    ])
    func theDrawnLinesAreMeasuresWidths(
        _ c: (font: String, folder: String, language: String, texts: [String], options: [String])
    ) throws {
        let dir = Fixtures.temporaryDirectory("review-widths")
        let fonts = ["--font", c.font, "--fonts-dir", Fixtures.path(c.folder), "--language", c.language] + c.options
        let outcome = TypefitCommand.run(
            ["review"] + c.texts + ["--width", "90", "--lines", "1"] + fonts + ReviewTests.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let page = outcome.stdout
        // All drawn, as before printing.
        let file = dir.appendingPathComponent("widths.html")
        try page.replacingOccurrences(
            of: "</body>", with: "<script>window.dispatchEvent(new Event('beforeprint'));</script></body>"
        ).write(to: file, atomically: true, encoding: .utf8)
        let dom = try #require(
            try BinaryRunner.runTool(
                "chromium",
                Self.arguments + [
                    "--user-data-dir=\(dir.appendingPathComponent("profile").path)", "--dump-dom",
                    "file://\(file.path)",
                ], environment: ["HOME": dir.path]))
        #expect(dom.status == 0, "\(dom.stderr)")
        let rows = try ReviewTests.pageRows(page)
        if c.folder == "optical" {
            // A stream per size, each with the size's tracking.
            #expect(rows.contains { $0.streams.count > 3 })
            #expect(
                page.components(separatedBy: " data-advances=\"").dropFirst().contains {
                    $0.prefix { $0 != "\"" }.split(separator: " ").contains {
                        $0.split(separator: ":", omittingEmptySubsequences: false)[2] != ""
                    }
                })
        } else if c.folder == "optical-short" {
            // The sizes set alike (AX1 to AX5, opsz clamped at 28) draw as one stream.
            #expect(rows.contains { $0.samples.count >= 12 && $0.streams.count <= 8 })
        } else if c.options.contains("android") {
            // The spacing every glyph gets, a decimal.
            #expect(
                page.components(separatedBy: " data-advances=\"").dropFirst().contains {
                    $0.prefix { $0 != "\"" }.split(separator: " ").contains {
                        $0.split(separator: ":", omittingEmptySubsequences: false)[2].contains(".")
                    }
                })
        } else if c.language == "en" {
            // Kerning: some glyph's advance is not its own.
            #expect(
                page.components(separatedBy: " data-advances=\"").dropFirst().contains {
                    $0.prefix { $0 != "\"" }.split(separator: " ").contains {
                        $0.split(separator: ":", omittingEmptySubsequences: false)[3] != ""
                    }
                })
        }
        var compared = 0
        for section in dom.stdout.components(separatedBy: "<section class=\"failure\"").dropFirst() {
            let key = try #require(section.components(separatedBy: "data-key=\"").dropFirst().first).prefix {
                $0 != "\""
            }
            let text = String(key).replacingOccurrences(of: "&amp;", with: "&")
            let measured = TypefitCommand.run(
                ["measure", text, "--format", "json"] + fonts + ReviewTests.config)
            let object = try JSONSerialization.jsonObject(with: Data(measured.stdout.utf8)) as? [String: Any]
            var widths: [String: Double] = [:]
            for m in object?["measurements"] as? [[String: Any]] ?? [] {
                widths[m["category"] as? String ?? ""] = m["width"] as? Double
            }
            for figure in section.components(separatedBy: "<figure ").dropFirst() {
                let size = String(
                    try #require(figure.components(separatedBy: "data-size=\"").dropFirst().first).prefix { $0 != "\"" }
                )
                let lines = figure.components(separatedBy: " data-line=\"").dropFirst().map { line in
                    Double(line.components(separatedBy: "data-width=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "")
                }
                guard lines.count == 1, let drawn = lines[0] else { continue }
                let expected = try #require(widths[size], "\(text) at \(size)")
                #expect(abs(drawn - expected) <= 0.0015, "\(text) at \(size): drawn \(drawn), measured \(expected)")
                compared += 1
            }
        }
        #expect(compared >= c.texts.count, "one-line sizes compared: \(compared)")
    }

    /// Sixty failing strings: when the page opens, the first sections are
    /// made from the block's text and the first screens drawn; the last
    /// section is not made yet, and the block is gone from the DOM (the
    /// script holds its text). Before printing, every section is made and
    /// drawn. (That sections are made and drawn as the end of the list
    /// nears the window was checked by hand, scrolled by a script under
    /// `--virtual-time-budget`: 8 sections made at first, 16 to 32 after;
    /// but not on every load, as headless Chromium makes its frames on no
    /// schedule a test can wait for.)
    func sectionsFarDownWaitToBeDrawn(dir: URL, environment: [String: String]) throws {
        let outcome = TypefitCommand.run(["review"] + Self.sixty + ReviewTests.layout + ReviewTests.config)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("data-failures=\"60\""))
        let opened = try Self.dom(outcome.stdout, named: "long", dir: dir, environment: environment)
        let made = Self.sections(opened)
        #expect(made.count > 1 && made.count < 60, "\(made.count) sections made")
        #expect(made.first?.contains(" data-line=\"1\"") == true)
        #expect(made.last?.contains("<figure") == false)
        #expect(!opened.contains("Nummer 60 verwalten"))
        #expect(!opened.contains("<script type=\"text/html\""))
        let printed = Self.sections(
            try Self.dom(
                outcome.stdout, named: "printed", script: "window.dispatchEvent(new Event('beforeprint'));", dir: dir,
                environment: environment))
        #expect(printed.count == 60 && printed.allSatisfy { $0.contains(" data-line=\"1\"") })
        // A browser without IntersectionObserver makes and draws every
        // section shown, when the page opens and when the search changes.
        let plain = Self.sections(
            try Self.dom(
                outcome.stdout.replacingOccurrences(
                    of: "<head>", with: "<head><script>delete window.IntersectionObserver;</script>"),
                named: "plain",
                script: "var s = document.getElementById('search'); s.value = 'NUMMER'; "
                    + "s.dispatchEvent(new Event('input'));", dir: dir, environment: environment))
        #expect(plain.count == 60 && plain.allSatisfy { $0.contains(" data-line=\"1\"") })
    }

    static let sixty = (1...60).map { "Benachrichtigungseinstellungen Nummer \($0) verwalten" }

    /// The DOM Chromium holds once `page` is loaded, `script` run after
    /// the page's own.
    static func dom(
        _ page: String, named name: String, script: String = "", dir: URL, environment: [String: String]
    ) throws -> String {
        let file = dir.appendingPathComponent("\(name).html")
        try
            (script.isEmpty
            ? page : page.replacingOccurrences(of: "</body>", with: "<script>\(script)</script></body>"))
            .write(to: file, atomically: true, encoding: .utf8)
        let dom = try #require(
            try BinaryRunner.runTool(
                "chromium",
                arguments + [
                    "--user-data-dir=\(dir.appendingPathComponent("profile").path)", "--window-size=1100,900",
                    "--enable-logging=stderr", "--v=0", "--dump-dom", "file://\(file.path)",
                ], environment: environment))
        #expect(dom.status == 0, "\(dom.stderr)")
        let console = dom.stderr.split(separator: "\n").filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to")
        }
        #expect(console.isEmpty, "\(console)")
        return dom.stdout
    }

    /// The sections shown in a DOM (made, not hidden by a filter), each to
    /// its end.
    static func sections(_ dom: String) -> [Substring] {
        dom.components(separatedBy: "<section class=\"failure\"").dropFirst().map {
            $0.components(separatedBy: "</section>")[0][...]
        }
    }

    /// The search box and the filters read every section's text, made or
    /// not: a key far down the list is found, made and drawn, and only it
    /// is shown; the size filter counts the rows it passes. A text that
    /// tries to end the block (`</script>`, `<!--`) stays text: its key is
    /// found as written, and the script it holds never runs.
    @Test func theSearchFindsSectionsNotYetMade() throws {
        let dir = Fixtures.temporaryDirectory("review-search")
        let hostile = "</script><script>document.title='owned'</script><!-- <script> Benachrichtigungseinstellungen"
        let outcome = TypefitCommand.run(
            ["review"] + Self.sixty + [hostile, "Ton an"] + ReviewTests.layout + ["--require", "AX5"]
                + ReviewTests.config)
        #expect(outcome.status == .problemFound, "\(outcome.stderr)")
        // "Ton an" fails only at the two largest sizes.
        let rows = try ReviewTests.pageRows(outcome.stdout)
        let total = rows.count
        #expect(total >= 61 && outcome.stdout.contains("data-failures=\"\(total)\""))
        let environment = ["HOME": dir.path]
        // `query` as a script's string literal (`<\/script>` for `</script>`).
        func search(_ query: String) -> String {
            "var s = document.getElementById('search'); s.value = '\(query)'; s.dispatchEvent(new Event('input'));"
        }
        let found = try Self.dom(
            outcome.stdout, named: "found", script: search("NUMMER 57"), dir: dir,
            environment: environment)
        #expect(found.contains(">1 of \(total) shown<"))
        let shown = Self.sections(found)
        #expect(
            shown.count == 1
                && shown.first?.contains("data-key=\"Benachrichtigungseinstellungen Nummer 57 verwalten\"") == true)
        #expect(shown.first?.contains(" data-line=\"1\"") == true)
        // Its heading and rule, which the script writes from its data.
        #expect(
            shown.first?.contains(
                "<h2><code>Benachrichtigungseinstellungen Nummer 57 verwalten</code> <span class=\"lang\">-</span> "
                    + "<span class=\"tag gate\">breaks the gate: fails at AX5</span></h2>") == true)
        #expect(shown.first?.contains("<p class=\"rule\">title1, 200 pt wide, 1 line allowed; fails at ") == true)
        let script = try Self.dom(
            outcome.stdout, named: "script", script: search("<\\/script>"), dir: dir,
            environment: environment)
        #expect(script.contains(">1 of \(total) shown<"))
        #expect(Self.sections(script).first?.contains("data-key=\"&lt;/script&gt;&lt;script&gt;document.title") == true)
        #expect(Self.sections(script).first?.contains("<h2><code>&lt;/script&gt;&lt;script&gt;document.title") == true)
        #expect(script.contains("<title>typefit review"))
        #expect(!script.contains("owned</title>"))
        // The size filter: a size where some rows fail and others do not,
        // from the page's own samples.
        var failing: [String: Int] = [:]
        for row in rows {
            for sample in row.samples where sample.fails { failing[sample.category, default: 0] += 1 }
        }
        let (category, count) = try #require(failing.first { $0.value > 0 && $0.value < total }, "\(failing)")
        let sized = try Self.dom(
            outcome.stdout, named: "size",
            script: "var z = document.getElementById('size'); z.value = '\(category)'; "
                + "z.dispatchEvent(new Event('change'));", dir: dir, environment: environment)
        #expect(sized.contains(">\(count) of \(total) shown<"))
        #expect(
            Self.sections(sized).allSatisfy { section in
                section.components(separatedBy: "data-sizes=\"").dropFirst().first?.prefix { $0 != "\"" }.split(
                    separator: " "
                ).contains(Substring(category)) == true
            })
    }
}

/// Each size's lines in the page are fit's, cut from the string's glyphs
/// as shaped once: every glyph with ink drawn exactly once per size, the
/// glyphs hb-shape gives for the text, right-to-left lines marked.
@Suite struct ReviewLayoutTests {
    static let textFonts = ["--fonts-dir", Fixtures.root.appendingPathComponent("text").path]

    func review(_ c: (font: String, language: String, text: String)) throws -> ReviewTests.PageRow {
        let outcome = TypefitCommand.run(
            ["review", c.text, "--width", "150", "--style", "title1", "--lines", "1", "--category"]
                + [SpecimenLayoutTests.categories, "--font", c.font, "--language", c.language]
                + ReviewTests.config + Self.textFonts)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let rows = try ReviewTests.pageRows(outcome.stdout)
        #expect(rows.count == 1)
        return try #require(rows.first)
    }

    @Test(arguments: SpecimenLayoutTests.cases.indices)
    func everySizeDrawsFitsLinesWithEveryGlyphOnce(_ index: Int) throws {
        let c = SpecimenLayoutTests.cases[index]
        let row = try review(c)
        let fit = try SpecimenLayoutTests().fitLines(c, style: "title1", width: 150)
        #expect(row.samples.count == 3)
        var sawWrapping = false
        for sample in row.samples {
            #expect(sample.layout.count == fit[sample.category], "\(c.language) at \(sample.category)")
            sawWrapping = sawWrapping || sample.layout.count > 1
            let stream = try #require(row.streams.indices.contains(sample.stream) ? row.streams[sample.stream] : nil)
            let drawn = sample.layout.flatMap { $0.slices.flatMap { Array($0) } }
            #expect(Set(drawn).count == drawn.count, "a glyph drawn twice: \(c.language) \(sample.category)")
            #expect(drawn.allSatisfy { stream.glyphs.indices.contains($0) })
            let inked = stream.glyphs.indices.filter { stream.glyphs[$0].glyph != "-" }
            #expect(Set(inked).isSubset(of: Set(drawn)), "a glyph not drawn: \(c.language) \(sample.category)")
            if c.language == "ar" {
                #expect(sample.layout.allSatisfy { $0.flags.contains("r") })
            } else {
                #expect(sample.layout.allSatisfy { !$0.flags.contains("r") })
            }
        }
        #expect(sawWrapping)
    }

    /// The stream is the paragraph as hb-shape shapes it (both fixtures
    /// have 1000 units per em: advances are exact).
    @Test(
        .enabled(if: (try? BinaryRunner.runTool("hb-shape", ["--version"])) != nil, "hb-shape is not installed"),
        arguments: [0, 5])
    func theGlyphsAreHBShapes(_ index: Int) throws {
        let c = SpecimenLayoutTests.cases[index]
        let row = try review(c)
        let font = Fixtures.root.appendingPathComponent("text/\(c.font).ttf").path
        let result = try #require(
            try BinaryRunner.runTool(
                "hb-shape", ["--output-format=json", "--no-glyph-names", "--language=\(c.language)", font, c.text],
                environment: ["LC_ALL": "C.UTF-8"]))
        let oracle = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let stream = try #require(row.streams.first)
        #expect(stream.glyphs.count == oracle.count)
        for (ours, theirs) in zip(stream.glyphs, oracle) {
            #expect(abs(ours.advance - Double(theirs["ax"] as? Int ?? -1)) < 1e-9)
            if ours.glyph != "-" { #expect(Int(ours.glyph) == theirs["g"] as? Int) }
        }
    }
}

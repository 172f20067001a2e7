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

    /// The page's rows: `key|language` → the figures' (size, lines).
    func rows(_ html: String) -> [String: [String: Int]] {
        var rows: [String: [String: Int]] = [:]
        for section in html.components(separatedBy: "<section class=\"failure\"").dropFirst() {
            func attribute(_ name: String, in text: Substring) -> String? {
                guard let start = text.range(of: name + "=\"") else { return nil }
                return String(text[start.upperBound...].prefix { $0 != "\"" })
            }
            let head = section.prefix { $0 != ">" }
            let key = "\(attribute("data-key", in: head) ?? "")|\(attribute("data-language", in: head) ?? "")"
            for figure in section.components(separatedBy: "<figure ").dropFirst() {
                let tag = figure.prefix { $0 != ">" }
                if let size = attribute("data-size", in: tag),
                    let lines = attribute("data-lines", in: tag).flatMap(Int.init)
                {
                    rows[key, default: [:]][size] = lines
                }
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
        let rows = rows(html)
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

    @Test func requireFailsTheRunAsFitDoes() {
        let review = TypefitCommand.run(
            ["review", "--strings", Self.catalog, "--require", "AX3"] + Self.layout + Self.config)
        let fit = TypefitCommand.run(
            ["fit", "--strings", Self.catalog, "--require", "AX3", "--format", "json"] + Self.layout + Self.config)
        #expect(review.status == fit.status)
        let errors = { (text: String) in text.split(separator: "\n").filter { $0.contains("error:") }.sorted() }
        #expect(errors(review.stderr) == errors(fit.stderr))
    }

    @Test func thePageIsSelfContained() {
        let html = TypefitCommand.run(["review", "--strings", Self.catalog] + Self.layout + Self.config).stdout
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // The SVG namespace is the only address, and nothing is loaded.
        let addresses = html.components(separatedBy: "http").count - 1
        let namespaces = html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1
        #expect(addresses == namespaces)
        #expect(!html.contains("<link") && !html.contains(" src=") && !html.contains("@import"))
        // Each outline defined once, used by <use>.
        let ids = html.components(separatedBy: "<path id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(ids.count == Set(ids).count && !ids.isEmpty)
        // Every glyph placed has its outline defined.
        let used = Set(
            html.components(separatedBy: "<use href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        #expect(!used.isEmpty && used.isSubset(of: Set(ids)), "\(used.subtracting(ids).prefix(5))")
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
        let rows = rows(outcome.stdout)
        #expect(Set(rows.keys) == ["settings.title|de"], "\(rows.keys)")
        #expect(outcome.stdout.contains("<p class=\"old\"><span>before</span> Alt</p>"))
        #expect(outcome.stderr.contains("1 of "), "\(outcome.stderr)")
    }

    /// The progress line: quiet for a second, then strings done, rate and
    /// time left; erased at the end on a terminal.
    @Test func progressLine() throws {
        let dir = Fixtures.temporaryDirectory("progress")
        let file = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: file.path, contents: nil)
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
        #expect(dom.stdout.contains("data-failures=\"\(failures)\""))
        // No console error: chromium logs console messages as CONSOLE lines.
        let console = dom.stderr.split(separator: "\n").filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to")
        }
        #expect(console.isEmpty, "\(console)")
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
}

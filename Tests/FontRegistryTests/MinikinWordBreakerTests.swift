import Foundation
import Testing
import TypefitTestSupport

@testable import FontRegistry
@testable import TypefitCore

/// Android's break opportunities: ICU's line breaks with Minikin's vetoes
/// and its e-mail/URL rules, against AOSP's `WordBreakerTests` (transcribed
/// in `Fixtures/android/minikin/word-breaker.tsv`); and the lines Minikin's
/// greedy and optimal breakers make of text with an address in it
/// (`GreedyLineBreakerTest`/`OptimalLineBreakerTest.testEmailOrUrl`).
@Suite struct MinikinWordBreakerTests {
    static let android = LineBreaking.android(AndroidLineBreaking())

    /// `\uXXXX` and `\U{X…}` escapes of the fixture.
    static func unescape(_ text: String) -> String {
        func scalar(_ hex: Substring) -> Unicode.Scalar { UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "?" }
        var out = ""
        var rest = Substring(text)
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            let after = rest[rest.index(after: slash)...]
            if after.hasPrefix("u") {
                let hex = after.dropFirst().prefix(4)
                out.unicodeScalars.append(scalar(hex))
                rest = after.dropFirst(5)
            } else if after.hasPrefix("U{"), let close = after.firstIndex(of: "}") {
                let hex = after[after.index(after.startIndex, offsetBy: 2)..<close]
                out.unicodeScalars.append(scalar(hex))
                rest = after[after.index(after: close)...]
            } else if after.hasPrefix("t") {
                out += "\t"
                rest = after.dropFirst()
            } else {
                out += "\\"
                rest = after
            }
        }
        return out + rest
    }

    /// The breaks of `text` as the fixture writes them: UTF-16 offsets,
    /// `*` inside an address.
    static func breaks(_ text: String, language: String = "en-US") throws -> [String] {
        let utf8 = Array(text.utf8)
        let breaks = try LineBreaker().opportunities(utf8, language: language, breaking: android)
        var written: [String] = []
        var units = 0
        var offset = 0
        for scalar in text.unicodeScalars {
            offset += UTF8.width(scalar)
            units += UTF16.width(scalar)
            switch breaks[offset - 1] {
            case .allowed, .mandatory: written.append("\(units)")
            case .discouraged: written.append("\(units)*")
            default: break
            }
        }
        // The text's end is always a break.
        if written.last?.trimmingCharacters(in: ["*"]) != "\(units)" { written.append("\(units)") }
        return written
    }

    @Test func aospWordBreakerCases() throws {
        let rows = try String(contentsOfFile: Fixtures.path("android/minikin/word-breaker.tsv"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count == 25)
        for row in rows {
            let ours = try Self.breaks(Self.unescape(row[1]))
            let expected = row[2].split(separator: " ").map(String.init)
            if row[3] == "yes" {
                #expect(ours == expected, "\(row[0])")
            } else {
                #expect(ours.map { $0.trimmingCharacters(in: ["*"]) } == expected, "\(row[0])")
            }
        }
    }

    /// Apple's breaks of the same texts keep ICU's: a break after the
    /// hyphen of "sugar-free", none of Minikin's inside addresses.
    @Test func appleKeepsIcusBreaks() throws {
        let utf8 = Array("sugar-free".utf8)
        let apple = try LineBreaker().opportunities(utf8, language: "en-US")
        #expect(apple[5] == .allowed)
        let android = try LineBreaker().opportunities(utf8, language: "en-US", breaking: Self.android)
        #expect(android[5] == .none)
        let url = try LineBreaker().opportunities(Array("see http://a.b".utf8), language: "en-US")
        #expect(!url.contains(.discouraged))
    }

    /// Lines of `text`, every character one em (10 px) wide, at `width`
    /// characters, written as AOSP's tests write them.
    static func lines(_ text: String, width: Double, strategy: BreakStrategy) throws -> [String] {
        let utf8 = Array(text.utf8)
        let breaking = LineBreaking.android(AndroidLineBreaking(strategy: strategy))
        let breaks = try LineBreaker().opportunities(utf8, language: "en-US", breaking: breaking)
        let prepared = LineFitter.Prepared(
            MeasuredText(utf8: utf8, advances: Array(repeating: 1, count: utf8.count)), breaks: breaks,
            breaking: breaking)
        return prepared.lines(width: width, pointSize: 10).map { String(decoding: utf8[$0.bytes], as: UTF8.self) }
    }

    @Test func addressesAsMinikinBreaksThem() throws {
        let url = "This is an url: http://a.b"
        let email = "This is an email: a@example.com"
        // GreedyLineBreakerTest.testEmailOrUrl: a break inside the address
        // only where nothing else fits.
        #expect(try Self.lines(url, width: 24, strategy: .simple) == ["This is an url: ", "http://a.b"])
        #expect(try Self.lines(email, width: 24, strategy: .simple) == ["This is an email: ", "a@example.com"])
        // OptimalLineBreakerTest.testEmailOrUrl, its "TODO: Fix this.
        // Prefer not to break inside URL." included.
        #expect(try Self.lines(url, width: 24, strategy: .highQuality) == ["This is an url: http://a", ".b"])
        #expect(try Self.lines(url, width: 24, strategy: .balanced) == ["This is an url: ", "http://a.b"])
        for strategy in [BreakStrategy.highQuality, .balanced] {
            #expect(try Self.lines(email, width: 24, strategy: strategy) == ["This is an email: ", "a@example.com"])
        }
    }
}

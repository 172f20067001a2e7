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
        let breaking = LineBreaking.android(AndroidLineBreaking(strategy: strategy, pixelsPerDp: 1))
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

/// `--line-break-word-style phrase`: ICU's `lw=phrase` for Japanese.
@Suite struct PhraseBreakingTests {
    static func pieces(_ text: String, phrase: Bool) throws -> [String] {
        let utf8 = Array(text.utf8)
        let breaking = LineBreaking.android(AndroidLineBreaking(wordStyle: phrase ? .phrase : .none))
        let breaks = try LineBreaker().opportunities(utf8, language: "ja", breaking: breaking)
        var pieces: [String] = []
        var start = 0
        for i in utf8.indices where breaks[i] == .allowed || breaks[i] == .mandatory || breaks[i] == .discouraged {
            pieces.append(String(decoding: utf8[start...i], as: UTF8.self))
            start = i + 1
        }
        if start < utf8.count { pieces.append(String(decoding: utf8[start...], as: UTF8.self)) }
        return pieces
    }

    @Test func japanesePhrases() throws {
        // OptimalLineBreakerTest's JP_TEXT ("Today is a sunny day."): its
        // expected phrase and non-phrase breaks.
        let sunny = "\u{672C}\u{65E5}\u{306F}\u{6674}\u{5929}\u{306A}\u{308A}\u{3002}"
        #expect(try Self.pieces(sunny, phrase: true) == ["本日は", "晴天なり。"])
        #expect(try Self.pieces(sunny, phrase: false) == ["本", "日", "は", "晴", "天", "な", "り。"])
        // ICU 72's phrases of a longer sentence (shared reference, §5.1).
        #expect(try Self.pieces("今日は自由が丘で焼き鳥を食べます。", phrase: true) == ["今日は", "自由が丘で", "焼き鳥を", "食べます。"])
    }
}

/// Korean on Android: breaks between syllables (no `hangulWordPriority`,
/// iOS's rule), and only at spaces with phrases. Expected lines: AOSP
/// `GreedyLineBreakerTest.testPhraseBreak_Korean` (each character 10 px,
/// the line 100 px).
@Suite struct KoreanPhraseTests {
    static func lines(phrase: Bool) throws -> [String] {
        let text = "\u{C544}\u{CE68}\u{BC25}\u{C744} \u{BA39}\u{ACE0} \u{C2F6}\u{C2B5}\u{B2C8}\u{B2E4}."
        let utf8 = Array(text.utf8)
        let breaking = LineBreaking.android(
            AndroidLineBreaking(strategy: .simple, wordStyle: phrase ? .phrase : .none, pixelsPerDp: 1))
        let breaks = try LineBreaker().opportunities(utf8, language: "ko-KR", breaking: breaking)
        // One em per character: on the first byte of each.
        let advances = utf8.map { $0 & 0xC0 == 0x80 ? 0.0 : 1.0 }
        let prepared = LineFitter.Prepared(
            MeasuredText(utf8: utf8, advances: advances), breaks: breaks, breaking: breaking)
        return prepared.lines(width: 10, pointSize: 10).map { String(decoding: utf8[$0.bytes], as: UTF8.self) }
    }

    @Test func syllablesOrSpaces() throws {
        #expect(
            try Self.lines(phrase: false) == [
                "\u{C544}\u{CE68}\u{BC25}\u{C744} \u{BA39}\u{ACE0} \u{C2F6}\u{C2B5}", "\u{B2C8}\u{B2E4}.",
            ])
        #expect(
            try Self.lines(phrase: true) == [
                "\u{C544}\u{CE68}\u{BC25}\u{C744} \u{BA39}\u{ACE0} ", "\u{C2F6}\u{C2B5}\u{B2C8}\u{B2E4}.",
            ])
    }
}

/// A phrase wider than the line (`--line-break-word-style phrase`) is broken
/// where plain words end before it is split between grapheme clusters, as
/// Minikin does (`GreedyLineBreaker::doLineBreakWithFallback`, the optimal
/// breaker's `SCORE_FALLBACK`); ICU gives both kinds of breaks.
@Suite struct PhraseFallbackTests {
    static func lines(_ text: String, width: Double, strategy: BreakStrategy) throws -> [String] {
        let utf8 = Array(text.utf8)
        let breaking = LineBreaking.android(
            AndroidLineBreaking(strategy: strategy, wordStyle: .phrase, pixelsPerDp: 1))
        let breaks = try LineBreaker().opportunities(utf8, language: "ja-JP", breaking: breaking)
        // One em (10 px at 10 dp) per character, on its first byte.
        let advances = utf8.map { $0 & 0xC0 == 0x80 ? 0.0 : 1.0 }
        let prepared = LineFitter.Prepared(
            MeasuredText(utf8: utf8, advances: advances), breaks: breaks, breaking: breaking)
        return prepared.lines(width: width, pointSize: 10).map { String(decoding: utf8[$0.bytes], as: UTF8.self) }
    }

    /// The optimal breaker too: a break where a plain word ends inside a
    /// phrase costs `SCORE_FALLBACK` (1e6) where a split between clusters
    /// costs 1e10, and no split past the phrase's last word end is a
    /// candidate: 「晴天なり。」 on a line of four is 「晴天な」「り。」 (split
    /// anywhere, 「晴天なり」「。」 leaves less room unused, and 。 would
    /// start a line). AOSP's own case (`testPhraseBreakAuto_Fallback`,
    /// 「本日_A_B_C_D」) cannot be used here: Android's ICU ends a phrase
    /// between 日 and _, Debian's ICU 72 does not.
    @Test func optimalFallsBackToWordsInsideAPhrase() throws {
        let sunny = "\u{6674}\u{5929}\u{306A}\u{308A}\u{3002}"
        #expect(try Self.lines(sunny, width: 4, strategy: .highQuality) == ["晴天な", "り。"])
        #expect(try Self.lines(sunny, width: 4, strategy: .simple) == ["晴天な", "り。"])
    }

    /// JP_TEXT of AOSP's tests ("本日は晴天なり。"), whose plain breaks are
    /// 本|日|は|晴|天|な|り。 (the tests' comment; ICU's here), on a line of
    /// two characters: greedy breaking falls back to them inside each
    /// phrase, so 。 never starts a line (split between clusters, the
    /// last line would be 「。」 alone, after 「なり」).
    @Test func greedyFallsBackToWordsInsideAPhrase() throws {
        let sunny = "\u{672C}\u{65E5}\u{306F}\u{6674}\u{5929}\u{306A}\u{308A}\u{3002}"
        #expect(try Self.lines(sunny, width: 2, strategy: .simple) == ["本日", "は", "晴天", "な", "り。"])
        // A phrase that fits is not broken.
        #expect(try Self.lines(sunny, width: 5, strategy: .simple) == ["本日は", "晴天なり。"])
    }
}

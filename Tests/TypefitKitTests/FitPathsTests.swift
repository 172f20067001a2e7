import FontRegistry
import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

/// The fit engine lays a string out one way, from its faces measured in
/// one of two ways that must agree: fit's (each face shaped once per
/// string, sizes that differ only in tracking laid out from one shaping,
/// repeated texts copied) and review's (each face's text analysed for
/// drawing by its own measurer, every string laid out). Compared
/// cell for cell on the faces where they part most: Apple's system font
/// (Text and Display, tracked at every size), a variable optical-size face,
/// and Android's Roboto with its roles' letter spacing and Minikin's
/// fallback chain.
@Suite struct FitPathsTests {
    /// Hands each string on and keeps nothing: its presence alone makes
    /// `layOut` measure as review does.
    final class Plain: LayoutVisitor, @unchecked Sendable {
        func visit(_ string: LaidOutString) {}
    }

    static let texts = [
        "Settings and privacy", "Settings and privacy", "A much longer sentence that wraps over several lines here",
        "Unsubscribe from all notifications?", "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627} 123 hello",
        "\u{65E5}\u{672C}\u{8A9E}\u{306E}\u{30C6}\u{30AD}\u{30B9}\u{30C8}\u{3067}\u{3059}", "OK", "",
        "Tab\tand\nnew line", String(repeating: "word ", count: 40),
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var request: @Sendable () -> Request
        var directories: [String]
        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "system font, every category",
            request: {
                var request = Request()
                request.styles = [.body, .headline, .largeTitle]
                return request
            }, directories: [Fixtures.path("system-font")]),
        Case(
            name: "optical-size axis",
            request: {
                var request = Request()
                request.styles = [.body, .largeTitle]
                request.face = .family("Typefit Optical")
                return request
            }, directories: [Fixtures.path("optical")]),
        Case(
            name: "Android, letter spacing and Minikin's chain",
            request: {
                var request = Request()
                request.platform = .android
                request.platformStyles = ["labelSmall", "bodyLarge", "displayLarge"]
                request.androidFonts = Fixtures.path("android/fonts")
                return request
            }, directories: [Fixtures.path("android/fonts")]),
    ]

    @Test(arguments: cases) func theFastPathLaysOutAsThePlainOne(_ test: Case) throws {
        var search = FontSearch(directories: test.directories, fontconfigFile: Fixtures.fontconfigFile)
        if test.name.hasPrefix("system") { search.systemFontDirectories = test.directories }
        let request = test.request()
        var diagnostics = Diagnostics()
        let cells = try TextJob.cells(request, search: search, diagnostics: &diagnostics)
        #expect(!diagnostics.hasErrors, "\(diagnostics.items)")
        #expect(cells.count >= 14)
        let strings = Self.texts.map { LocalizedString(key: $0, language: "en", text: $0) }
        for width in [40.0, 150, 320] {
            let fast = FitEngine.layOut(
                strings: strings, cells: cells, width: width, fonts: search.fallbackFonts(), rules: request.textRules)
            let plain = FitEngine.layOut(
                strings: strings, cells: cells, width: width, fonts: search.fallbackFonts(),
                visitor: { _ in Plain() }, rules: request.textRules)
            #expect(fast.failures.isEmpty && plain.failures.isEmpty, "\(fast.failures)")
            var compared = 0
            for s in strings.indices {
                for c in cells.indices {
                    let a = fast.layout(s, c)
                    let b = plain.layout(s, c)
                    #expect(
                        a?.lines == b?.lines && a?.overflows == b?.overflows,
                        "\(test.name): '\(strings[s].text)' in \(cells[c].style) at \(cells[c].pointSize), \(width) wide"
                    )
                    if a != nil { compared += 1 }
                }
            }
            #expect(compared == strings.count * cells.count)
            // Lines differ across the cells: the comparison is not of
            // strings that fit everywhere.
            #expect(
                Set(strings.indices.flatMap { s in cells.indices.compactMap { fast.layout(s, $0)?.lines } }).count > 2)
        }
    }

    /// A face whose sizes differ only in tracking is shaped once for all of
    /// them whatever letter spacing a platform's role adds (the spacing
    /// was in a text key cut at its first '|', and Android's spaced roles
    /// were shaped once per size).
    @Test func spacedSizesShareOneShaping() throws {
        let search = FontSearch(directories: [Fixtures.path("optical")], fontconfigFile: Fixtures.fontconfigFile)
        var request = Request()
        request.platform = .android
        request.platformStyles = ["labelSmall"]
        request.face = .font("TypefitTracked-Regular")
        request.opticalSize = .auto
        var diagnostics = Diagnostics()
        let cells = try TextJob.cells(request, search: search, diagnostics: &diagnostics)
        #expect(cells.count == 7 && request.textRules.letterSpacingEms(ofStyle: "labelSmall", size: 11) > 0)
        let strings = Self.texts.map { LocalizedString(key: $0, language: "en", text: $0) }
        let fast = FitEngine.layOut(
            strings: strings, cells: cells, width: 100, fonts: search.fallbackFonts(), rules: request.textRules)
        #expect(fast.shapingsPerString == 1)
        let plain = FitEngine.layOut(
            strings: strings, cells: cells, width: 100, fonts: search.fallbackFonts(), visitor: { _ in Plain() },
            rules: request.textRules)
        for s in strings.indices {
            for c in cells.indices { #expect(fast.layout(s, c)?.lines == plain.layout(s, c)?.lines) }
        }
    }
}

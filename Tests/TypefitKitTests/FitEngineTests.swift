import FontRegistry
import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

/// The fit engine without the command line: the committed line-break
/// oracle (Fixtures/text/line-breaks.tsv: ICU through PyICU, widths from
/// hb-shape, greedy filling written apart from typefit's) laid out through
/// `TextJob` and `FitEngine` directly, many strings at once so that several
/// workers take chunks and the results must come back in input order.
@Suite struct FitEngineTests {
    static let cases = LineBreakCase.all

    static let search = FontSearch(
        directories: [Fixtures.root.appendingPathComponent("text").path], fontconfigFile: Fixtures.fontconfigFile)

    /// Body at Large in the oracle's face, found as the commands find it.
    func cells() throws -> [SizedCell] {
        var settings = Request()
        settings.styles = [.body]
        settings.categories = .categories([.large])
        settings.face = .font("TypefitWorld-Regular")
        var diagnostics = Diagnostics()
        let cells = try TextJob.cells(settings, search: Self.search, diagnostics: &diagnostics)
        #expect(!diagnostics.hasErrors, "\(diagnostics.items)")
        return cells
    }

    @Test func everyOracleCaseInOneParallelRunPerWidth() throws {
        #expect(Self.cases.count == 40)
        let cells = try cells()
        #expect(cells.map(\.pointSize) == [17])
        for width in Set(Self.cases.map(\.width)).sorted() {
            let group = Self.cases.filter { $0.width == width }
            // Ten rounds of the group: more strings than one chunk (128) when
            // the group is large enough, and the order must hold.
            let repeated = (0..<10).flatMap { _ in group }
            let strings = repeated.map { LocalizedString(key: $0.text, language: $0.language, text: $0.text) }
            let laidOut = FitEngine.layOut(
                strings: strings, cells: cells, width: Double(width),
                fonts: FallbackFonts(configFile: Fixtures.fontconfigFile), rules: .apple)
            #expect(laidOut.failures.isEmpty, "\(laidOut.failures)")
            for (s, oracle) in repeated.enumerated() {
                let layout = try #require(laidOut.layout(s, 0))
                #expect(layout.lines == oracle.lines, "\(oracle.language) at \(width) pt")
                #expect(layout.overflows == oracle.overflows, "\(oracle.language) at \(width) pt")
            }
        }
    }

    /// Over a thousand strings: every chunk taken once, none twice, the
    /// results in input order (each string's own line count at its place).
    @Test func manyChunksKeepInputOrder() throws {
        let cells = try cells()
        let words = (1...1_500).map { n in String(repeating: "word ", count: n % 7 + 1) }
        let strings = words.map { LocalizedString(key: $0, language: "en", text: $0) }
        let laidOut = FitEngine.layOut(
            strings: strings, cells: cells, width: 10_000, fonts: FallbackFonts(), rules: .apple)
        let narrow = FitEngine.layOut(strings: strings, cells: cells, width: 60, fonts: FallbackFonts(), rules: .apple)
        for (s, text) in words.enumerated() {
            #expect(laidOut.layout(s, 0)?.lines == 1)
            // At 60 pt each "word" needs a line of its own (about 42 pt at 17 pt
            // in this face, two do not fit): as many lines as words.
            #expect(narrow.layout(s, 0)?.lines == text.split(separator: " ").count, "string \(s)")
        }
    }
}

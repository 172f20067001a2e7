import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// Mistakes on the command line get a message that leads to the fix: a
/// swapped pair of letters is one typo (`--widht` is `--width`), and a value
/// nothing resembles is answered with the values there are.
@Suite struct UsageMessageTests {
    @Test func aSwappedPairIsOneTypo() {
        let outcome = TypefitCommand.run(["fit", "x", "--widht", "3"], context: RunContext())
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.contains("unknown option '--widht'; did you mean '--width'?"), "\(outcome.stderr)")
    }

    @Test func anUnknownCategoryListsTheCategories() {
        let outcome = TypefitCommand.run(["scale", "--category", "AX9"], context: RunContext())
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.contains("unknown content size category 'AX9': one of extraSmall, small"))
        #expect(outcome.stderr.contains("(short: xSmall, Small, Medium, Large, xLarge, xxLarge, xxxLarge, AX1"))
        // A near miss still gets its suggestion, not the list.
        let near = TypefitCommand.run(["scale", "--category", "larg"], context: RunContext())
        #expect(near.stderr.contains("did you mean 'large'"), "\(near.stderr)")
        #expect(!near.stderr.contains("one of"))
    }
}

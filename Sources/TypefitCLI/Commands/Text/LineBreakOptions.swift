import TypefitCore
import TypefitKit

/// `--break-strategy`, `--line-break-word-style`, `--hyphenation`: how
/// Android breaks lines, for the commands that break them (fit, review,
/// specimen).
struct LineBreakOptions: Sendable, Equatable {
    var strategy: BreakStrategy?
    var wordStyle: LineBreakWordStyle?
    var hyphenation: Hyphenation?

    /// Android's hyphenation frequencies (`Layout.HYPHENATION_FREQUENCY_*`).
    enum Hyphenation: String, ClosedArgumentValue {
        case none, normal, full
    }

    static let options: [Option<LineBreakOptions>] = [
        .value(
            "--break-strategy", "strategy",
            help: "Android: how lines are chosen: high-quality (the whole paragraph at once, evening out the "
                + "lines; TextView's default), balanced (also the last line), or simple (as much on each line as "
                + "fits; EditText's default, and every Compose Text that sets no LineBreak).",
            \.strategy
        ).only(on: .android, because: "Apple's platforms fill lines greedily"),
        .value(
            "--line-break-word-style", "style",
            help: "Android: none (the default), or phrase: Japanese lines end only between phrases, Korean lines "
                + "only at spaces (LineBreakConfig's LINE_BREAK_WORD_STYLE_PHRASE, ICU's lw=phrase).",
            \.wordStyle
        ).only(on: .android, because: "it is Android's LineBreakConfig setting"),
        .value(
            "--hyphenation", "frequency",
            help: "Android: none, the default of TextView and Compose since Android 10 (no break inside a word, "
                + "nor after a hyphen). normal and full need hyphenation patterns, which typefit does not have yet.",
            \.hyphenation
        ).only(on: .android, because: "it is Android's hyphenation frequency"),
    ]

    /// Android's line breaking as the options set it; hyphenation other
    /// than none is refused, never approximated.
    func apply(to request: inout Request) throws(UsageError) {
        if let hyphenation, hyphenation != .none {
            throw UsageError(
                "'--hyphenation \(hyphenation.rawValue)' needs Android's hyphenation patterns, which typefit does "
                    + "not have yet: without them lines would break where the device does not (the default, none, "
                    + "is Android's)")
        }
        if let strategy { request.androidLineBreaking.strategy = strategy }
        if let wordStyle { request.androidLineBreaking.wordStyle = wordStyle }
    }
}

extension BreakStrategy: ClosedArgumentValue {}
extension LineBreakWordStyle: ClosedArgumentValue {}

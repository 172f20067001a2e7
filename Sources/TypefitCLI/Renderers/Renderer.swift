import TypefitCore
import TypefitKit

/// One output format of one kind of result: the seam between a job's
/// result and what the command prints. Each command keeps one list of the
/// renderers of its result (`ScaleRenderers.all`, `ListingRenderers.all`…);
/// its `--format` values and their help are that list's, and a new format
/// is one type (with its `OutputFormat`) and one line in the list. CI reports of
/// findings are the other seam (`FindingReport`), made by the framework
/// once a run is over.
protocol Renderer<Subject>: Sendable {
    /// The result it renders.
    associatedtype Subject

    /// The `--format` value that picks it.
    static var format: OutputFormat { get }
    /// What it writes, for `--format`'s help.
    static var summary: String { get }

    /// The output: stdout (bytes or a stream) and what rendering found.
    static func render(_ subject: Subject, _ context: RenderContext) -> Outcome
}

/// What a renderer may know besides the result.
struct RenderContext: Sendable {
    /// Whether stdout is a terminal (JSON is indented for people).
    var pretty: Bool
}

extension Array {
    /// The renderer of `format` among these, if any.
    func renderer<Subject>(for format: OutputFormat) -> (any Renderer<Subject>.Type)?
    where Element == any Renderer<Subject>.Type {
        first { $0.format == format }
    }

    /// The formats these renderers give, in order, with their words (for
    /// `--format`).
    func formats<Subject>() -> [FormatChoice] where Element == any Renderer<Subject>.Type {
        map { FormatChoice(format: $0.format, summary: $0.summary) }
    }
}

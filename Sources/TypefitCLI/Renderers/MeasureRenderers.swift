import TypefitCore
import TypefitKit

/// What `measure` renders: its strings and cells made ready (faces
/// opened), measured while they are rendered, and the progress line.
struct MeasureOutput: Sendable {
    /// The strings and cells.
    var prepared: MeasureJob.Prepared
    /// `--progress`'s line, when asked for.
    var progress: (any ProgressReporting)?
}

/// `measure`'s formats.
enum MeasureRenderers {
    /// Every format, in the order `--format` lists them.
    static let all: [any Renderer<MeasureOutput>.Type] = [MeasureJSON.self, MeasureTable.self]
}

/// The JSON document (`schema/measure.schema.json`), measured as it is
/// written: every style and category of a big catalog is gigabytes, never
/// held whole.
enum MeasureJSON: Renderer {
    static let format = OutputFormat.json
    static let summary = "the widths as JSON (schema/measure.schema.json)"
    static func render(_ output: MeasureOutput, _ context: RenderContext) -> Outcome {
        var outcome = Outcome()
        let (prepared, progress, pretty) = (output.prepared, output.progress, context.pretty)
        outcome.stream { write, found in
            let written = MeasureJob.writeJSON(prepared, pretty: pretty, progress: progress, to: write)
            found.missingGlyphs(written.missingGlyphs)
            return written.ok
        }
        return outcome
    }
}

/// A row per string and cell, the columns sized to every row.
enum MeasureTable: Renderer {
    static let format = OutputFormat.table
    static let summary = "a table for people"
    static func render(_ output: MeasureOutput, _ context: RenderContext) -> Outcome {
        let table = MeasureJob.table(output.prepared, pretty: context.pretty, progress: output.progress)
        var outcome = Outcome()
        outcome.stdoutBytes = table.bytes
        outcome.diagnostics.missingGlyphs(table.missingGlyphs)
        return outcome
    }
}

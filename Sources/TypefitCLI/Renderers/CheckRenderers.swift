import TypefitCore
import TypefitKit

/// What `check` renders: the spec's problems and the run's own
/// diagnostics so far (counted in the table, listed in the JSON).
struct CheckOutput: Sendable {
    /// The spec file.
    var specPath: String
    /// Its problems.
    var problems: [SpecProblem]
    /// The run's diagnostics (a parse error, unusable font files).
    var diagnostics: Diagnostics
}

/// `check`'s formats besides the CI reports (`FindingReports`).
enum CheckRenderers {
    /// Every format, in the order `--format` lists them.
    static let all: [any Renderer<CheckOutput>.Type] = [CheckTable.self, CheckJSON.self]
}

/// A line per problem (`FILE:LINE:COLUMN: error: …`) and a count.
enum CheckTable: Renderer {
    static let format = OutputFormat.table
    static func render(_ output: CheckOutput, _ context: RenderContext) -> Outcome {
        let printed = output.diagnostics.effective
        return Outcome(
            stdout: SpecCheck.text(
                specPath: output.specPath, findings: output.problems,
                otherErrors: printed.filter { $0.severity == .error }.count,
                otherWarnings: printed.filter { $0.severity == .warning }.count))
    }
}

/// The JSON document (`schema/check.schema.json`).
enum CheckJSON: Renderer {
    static let format = OutputFormat.json
    static func render(_ output: CheckOutput, _ context: RenderContext) -> Outcome {
        Outcome(
            stdout: SpecCheck.document(
                specPath: output.specPath, ok: output.diagnostics.exitStatus == .success,
                errors: output.diagnostics.errorsJSON(spell: CommandInput.spelling), findings: output.problems
            ).serialized(pretty: context.pretty))
    }
}

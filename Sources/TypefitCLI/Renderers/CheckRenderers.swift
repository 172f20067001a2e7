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
    static let summary = "a line per problem at its place in the spec, and a count"
    static func render(_ output: CheckOutput, _ context: RenderContext) -> Outcome {
        let printed = output.diagnostics.effective
        return Outcome(
            stdout: text(
                specPath: output.specPath, findings: output.problems,
                otherErrors: printed.filter { $0.severity == .error }.count,
                otherWarnings: printed.filter { $0.severity == .warning }.count))
    }

    /// `check`'s report for people: one line per finding and a count;
    /// `otherErrors` and `otherWarnings` are the run's own diagnostics on
    /// stderr (a parse error in the spec, unusable or duplicate font
    /// files), counted too: the total says everything the run printed.
    static func text(specPath: String, findings: [SpecProblem], otherErrors: Int, otherWarnings: Int) -> String {
        var text = ""
        for problem in findings {
            // `FILE:LINE:COLUMN:` where the key is known: the compiler's
            // format, which editors and CI logs link to the line.
            let place = problem.position.map { "\(specPath):\($0.line):\($0.column)" } ?? specPath
            text += "\(place): \(problem.severity.rawValue): \(problem.message)\n"
        }
        let errors = findings.filter { $0.severity == .error }.count + otherErrors
        let warnings = findings.count - findings.filter { $0.severity == .error }.count + otherWarnings
        func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        text += "\(specPath): \(plural(errors, "error")), \(plural(warnings, "warning"))\n"
        return text
    }
}

/// The JSON document (`schema/check.schema.json`).
enum CheckJSON: Renderer {
    static let format = OutputFormat.json
    static let summary = "the problems as JSON (schema/check.schema.json)"
    static func render(_ output: CheckOutput, _ context: RenderContext) -> Outcome {
        Outcome(
            stdout: document(
                specPath: output.specPath, ok: output.diagnostics.exitStatus == .success,
                errors: output.diagnostics.errorsJSON(spell: CommandInput.spelling), findings: output.problems
            ).serialized(pretty: context.pretty))
    }

    /// `check --format json`: the spec, whether it passed, the errors that
    /// ended or failed the run (`errors`, as every JSON-mode error document
    /// has them) and the findings.
    static func document(specPath: String, ok: Bool, errors: JSONValue, findings: [SpecProblem]) -> JSONValue {
        .object([
            "schemaVersion": .int(jsonSchemaVersion),
            "spec": .string(specPath),
            "ok": .bool(ok),
            "errors": errors,
            "problems": .array(
                findings.map { problem in
                    .object([
                        "severity": .string(problem.severity.rawValue), "code": .string(problem.code.rawValue),
                        "style": .string(problem.style?.rawValue), "category": .string(problem.category?.rawValue),
                        "message": .string(problem.message),
                        "line": problem.position.map { .int($0.line) } ?? .null,
                        "column": problem.position.map { .int($0.column) } ?? .null,
                    ])
                }),
        ])
    }
}

extension SpecCheck {
    /// `check --format json`: the spec, whether it passed, the errors that
    /// ended or failed the run (`errors`, as every JSON-mode error document
    /// has them) and the findings.
    public static func document(specPath: String, ok: Bool, errors: JSONValue, findings: [SpecProblem]) -> JSONValue {
        .object([
            "schemaVersion": .int(jsonSchemaVersion),
            "spec": .string(specPath),
            "ok": .bool(ok),
            "errors": errors,
            "problems": .array(
                findings.map { problem in
                    .object([
                        "severity": .string(problem.severity.rawValue), "code": .string(problem.code),
                        "style": .string(problem.style?.rawValue), "category": .string(problem.category?.rawValue),
                        "message": .string(problem.message),
                        "line": problem.position.map { .int($0.line) } ?? .null,
                        "column": problem.position.map { .int($0.column) } ?? .null,
                    ])
                }),
        ])
    }

    /// `check`'s report for people: one line per finding and a count;
    /// `otherErrors` and `otherWarnings` are the run's own diagnostics on
    /// stderr (a parse error in the spec, unusable or duplicate font
    /// files), counted too: the total says everything the run printed.
    public static func text(
        specPath: String, findings: [SpecProblem], otherErrors: Int, otherWarnings: Int = 0
    ) -> String {
        var text = ""
        for problem in findings {
            // `FILE:LINE:COLUMN:` where the key is known: the compiler's
            // format, which editors and CI logs link to the line.
            let place = problem.position.map { "\(specPath):\($0.line):\($0.column)" } ?? specPath
            text += "\(place): \(problem.severity.rawValue): \(problem.message)\n"
        }
        let errors = findings.filter { $0.severity == .error }.count + otherErrors
        let warnings = findings.count - findings.filter { $0.severity == .error }.count + otherWarnings
        text += "\(specPath): \(plural(errors, "error")), \(plural(warnings, "warning"))\n"
        return text
    }
}

/// "1 error", "2 errors".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

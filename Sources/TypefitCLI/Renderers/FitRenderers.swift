import TypefitCore
import TypefitKit

/// What `fit` renders: the job's result and the job (whose rules and
/// request the document's header says).
struct FitOutput: Sendable {
    /// The result.
    var result: FitJob.Result
    /// The job it is of.
    var job: FitJob
    /// `--all`: the table lists every string, not only those that fail
    /// where required.
    var showsAll = false
    /// The run in one line (`FitJob.Result.summary`), ending the table.
    var summary = ""
}

/// `fit`'s formats besides the CI reports (`FindingReports`).
enum FitRenderers {
    /// Every format, in the order `--format` lists them.
    static let all: [any Renderer<FitOutput>.Type] = [FitJSON.self, FitTable.self]
}

/// The JSON document (`schema/fit.schema.json`), streamed: ten thousand
/// strings are ten megabytes, written as they are made.
enum FitJSON: Renderer {
    static let format = OutputFormat.json
    static let summary = "every string at every size as JSON (schema/fit.schema.json)"
    static func render(_ output: FitOutput, _ context: RenderContext) -> Outcome {
        let (result, job) = (output.result, output.job)
        let request = job.request
        var header = FitLayouts.Header(
            width: 0, maxLines: 0, style: nil, platform: request.platform.rawValue, model: request.sizeModel)
        header.systemFont = request.systemFont
        header.clamp = request.clamp
        header.lineBreaking = request.lineBreaking
        header.softWrap = request.softWrap
        header.failing = result.failures.count
        header.placeholders = job.checksPlaceholders ? result.placeholders?.problems : nil
        header.pluralCoverage = job.checksPlaceholders ? result.placeholders?.coverage : nil
        header.untranslated = job.requiresTranslations ? result.placeholders?.untranslated : nil
        header.untranslatedCounts = job.requiresTranslations ? result.placeholders?.untranslatedCounts : nil
        if case .one(let rule) = job.rules {
            (header.width, header.maxLines, header.require) = (rule.width, rule.lines, rule.require?.key)
            header.style = request.platformStyles?.first ?? request.styles?.first?.rawValue
        }
        let fixed = header
        let pretty = context.pretty
        var outcome = Outcome()
        outcome.stream { write in
            FitLayouts.writeJSON(
                groups: result.groups, header: fixed, rules: result.rules, pretty: pretty, describing: \.sentence,
                to: write)
        }
        return outcome
    }
}

/// The table for people: with rules, one per rule under a line saying it.
enum FitTable: Renderer {
    static let format = OutputFormat.table
    static let summary = "the strings failing where a size is required and a summary line (--all: every string)"
    static func render(_ output: FitOutput, _ context: RenderContext) -> Outcome {
        let result = output.result
        // Where a size is required, the strings that fail there (all with
        // `--all`): a catalog's 13,000 passing rows bury its failures.
        let failing = Set(result.failures.map { FitJob.Result.identity($0.file, $0.language, $0.key) })
        var hidden = 0
        func keeping(_ group: FitLayouts.Group, required: Bool) -> ((Int) -> Bool)? {
            guard required, !output.showsAll else { return nil }
            let keep = group.strings.map { failing.contains(FitJob.Result.identity($0.file, $0.language, $0.key)) }
            hidden += keep.filter { !$0 }.count
            return { keep[$0] }
        }
        func ending() -> String {
            (hidden > 0 ? "(\(hidden) rows that fit where required not shown: --all lists them)\n" : "")
                + output.summary + "\n"
        }
        guard let rules = result.rules else {
            guard let group = result.groups.first else { return Outcome(stdout: output.summary + "\n") }
            var required = false
            if case .one(let rule) = output.job.rules { required = rule.require != nil }
            let table = group.layouts.table(
                strings: group.strings, cells: group.cells, maxLines: group.maxLines,
                keeping: keeping(group, required: required))
            return Outcome(stdout: table + ending())
        }
        var table = ""
        for group in result.groups {
            guard let r = group.rule?.index else { continue }
            let rule = rules.rules[r]
            table +=
                "rule \(r + 1) ("
                + ((rule.keys ?? []) + (rule.comment.map { ["comment \($0)"] } ?? [])).joined(separator: ", ")
                + "): \(rule.style), "
                + "\(humanNumber(rule.width)) \(output.job.request.platform.host == .android ? "dp" : "pt"), "
                + "\(rule.lines) line\(rule.lines == 1 ? "" : "s")"
                + (rule.require.map { ", required at \($0.label)" } ?? "") + "\n"
                + group.layouts.table(
                    strings: group.strings, cells: group.cells, maxLines: rule.lines,
                    keeping: keeping(group, required: rule.require != nil)) + "\n"
        }
        return Outcome(stdout: table + ending())
    }
}

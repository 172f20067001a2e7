import TypefitCore
import TypefitKit

/// The options `fit` and `review` share: the width, lines and required
/// size (or a rules file), which strings, and the text options. Each
/// command makes its `FitJob` from them.
struct FitOptions: Sendable, Equatable {
    var width: Double?
    var lines: LineCount?
    var require: RequiredSize?
    var rules: String?
    var keys: [String] = []
    var strings: [String] = []
    var text = TextOptions()
    var markdown: Bool?
    var progress = false
    var skipsPlaceholderCheck = false
    var sourceLanguage: String?

    private static let eachRuleGivesIt = "each rule gives it"

    /// The declarations, in the order help lists them.
    static let options: [Option<FitOptions>] =
        [
            .value(
                "--width", "points", help: "The line width in points (required without --rules).", \.width,
                parse: ValueParsers.width
            ).excludes("--rules", because: eachRuleGivesIt),
            .value("--lines", "n", help: "How many lines the text may take (default: 1).", \.lines)
                .excludes("--rules", because: eachRuleGivesIt),
            .value(
                "--require", "category",
                help: "Exit 1 when any string needs more lines at this category (on Android a font scale).",
                \.require
            ).excludes("--rules", because: eachRuleGivesIt),
            .string(
                "--rules", "file",
                help: "A rules file (JSON): per key pattern or catalog comment the style, width, lines and "
                    + "required category; the first matching rule applies to each string (in place of --width, "
                    + "--style, --lines, --require).",
                completion: .file(extensions: ["json"]), \.rules),
            .list(
                "--keys", "pattern",
                help: "Only strings whose key matches this pattern ('*' any run, '?' one character).", \.keys),
            TextOptions.stringsOption(\FitOptions.strings),
        ]
        + TextOptions.options(style: "The text style (required without --rules).").lifted(\FitOptions.text)
        .constraining(["--style"]) { $0.excludes("--rules", because: eachRuleGivesIt) }
        + TextOptions.markdownOptions(\FitOptions.markdown)
        + [
            .flag(
                "--no-placeholder-check",
                help: "Do not compare each translation's format placeholders with its source's (by default a "
                    + "missing, extra or retyped placeholder is an error, exit 1).", \.skipsPlaceholderCheck),
            .string(
                "--source-language", "tag",
                help: "The development language .lproj files are translated from, whose placeholders the "
                    + "translations must keep (default: en; a String Catalog names its own).", \.sourceLanguage),
            TextOptions.progressOption(\FitOptions.progress),
        ]

    /// The job the options describe, validated; `arguments` are strings.
    func job(arguments: [String]) throws(UsageError) -> FitJob {
        var request = try text.request(styleRequired: rules == nil)
        request.markdown = markdown
        let rule: FitJob.Either
        if let rules {
            guard request.platform == .ios else {
                throw UsageError("'--rules' names iOS text styles; it does not go with --platform")
            }
            rule = .file(rules)
        } else {
            guard (request.platformStyles?.count ?? request.styles?.count ?? 0) == 1 else {
                throw UsageError("'fit' takes one style")
            }
            guard let width else { throw UsageError("missing '--width <points>': the line width") }
            var one = FitJob.Rule(width: width, lines: lines?.value ?? 1)
            one.require = try require?.setting(on: request.platform)
            switch one.require {
            case .fontScale(let scale):
                if let scales = request.fontScales, !scales.contains(scale) { request.fontScales = scales + [scale] }
            case .category(let category):
                do {
                    try Request.check(category, on: request.platform)
                } catch {
                    throw UsageError(error.commandLineMessage)
                }
                request.categories = request.categories?.adding(category)
            case .fixed, nil:
                break
            }
            rule = .one(one)
        }
        guard !arguments.isEmpty || !strings.isEmpty else {
            throw UsageError("nothing to fit: give strings as arguments or files with '--strings'")
        }
        try TextOptions.refuseStringsFileArguments(arguments)
        var job = FitJob(request: request, search: text.sources.search, rules: rule)
        (job.texts, job.stringsFiles, job.keyPatterns, job.strict) = (arguments, strings, keys, text.sources.strict)
        job.checksPlaceholders = !skipsPlaceholderCheck
        if let sourceLanguage { job.sourceLanguage = sourceLanguage }
        return job
    }
}

extension FitJob.Failure {
    /// The error line: `key (language): needs 3 lines at AX5 (allowed 2; rule 1)`.
    var sentence: String {
        key + (language.map { " (\($0))" } ?? "") + ": needs \(lines) line" + (lines == 1 ? "" : "s")
            + (overflows ? ", a word overflows," : "") + " at \(size.key) (allowed \(allowed)"
            + (rule.map { "; rule \($0 + 1)" } ?? "") + ")"
    }
}

extension Diagnostics {
    /// The warning for a text with characters no face has.
    mutating func missingGlyphs(_ count: Int, in text: String) {
        warning("\(count) character(s) of \"\(text)\" have no glyph in any face")
    }
}

extension TextOptions {
    /// The most placeholder problems written to stderr one by one (a
    /// catalog from a bad import can hold thousands; the JSON document
    /// and the review page list them all).
    static let placeholderLinesShown = 100

    /// Each placeholder problem an error (exit 1) naming the file, key and
    /// language; a table no file gave source strings for, a warning.
    static func reportPlaceholders(
        _ report: PlaceholderCheck.Report?, problems: [PlaceholderCheck.Problem], into diagnostics: inout Diagnostics
    ) {
        guard let report else { return }
        for (table, files) in report.unchecked {
            diagnostics.warning(
                "placeholders of '\(table)' not compared: no strings in its development language among "
                    + files.joined(separator: ", ") + " (give its .lproj file too, or --source-language)")
        }
        for problem in problems.prefix(placeholderLinesShown) {
            diagnostics.error(
                "\"\(problem.key)\" (\(problem.language)): "
                    + problem.differences.map(\.description).joined(separator: "; ")
                    + " (source \"\(problem.source)\", translation \"\(problem.translation)\")",
                status: .problemFound, file: problem.file)
        }
        if problems.count > placeholderLinesShown {
            diagnostics.error(
                "\(problems.count - placeholderLinesShown) more translations with placeholders that differ from "
                    + "their source (the JSON document lists all \(problems.count))",
                status: .problemFound)
        }
    }
}

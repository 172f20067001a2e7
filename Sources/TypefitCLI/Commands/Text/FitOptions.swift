import TypefitCore
import TypefitKit

/// The options `fit` and `review` share: the width, lines and required
/// size (or a rules file), which strings, and the text options. Each
/// command makes its `FitJob` from them.
struct FitOptions: Sendable, Equatable {
    var width: LineWidth?
    var lines: LineCount?
    var require: RequiredSize?
    var rules: String?
    var keys: [String] = []
    var strings: [String] = []
    var sourceSets: [String] = []
    var text = TextOptions()
    var markdown: Bool?
    var progress = false
    var skipsPlaceholderCheck = false
    var requireTranslated = false
    var sourceLanguage: String?
    var pseudolocales: [String] = []
    var lineBreaks = LineBreakOptions()

    private static let eachRuleGivesIt = "each rule gives it"

    /// The declarations, in the order help lists them.
    static let options: [Option<FitOptions>] =
        [
            .value(
                "--width", "width",
                help: "The line width (required without --rules): a number of points, of dp with --platform android "
                    + "(Android's layouts are written in dp), or with its unit: 320pt, 328dp.", \.width,
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
            TextOptions.sourceSetOption(\FitOptions.sourceSets),
        ]
        + TextOptions.options(style: "The text style (required without --rules).").lifted(\FitOptions.text)
        .constraining(["--style"]) { $0.excludes("--rules", because: eachRuleGivesIt) }
        + LineBreakOptions.options.lifted(\FitOptions.lineBreaks)
        + TextOptions.markdownOptions(\FitOptions.markdown)
        + [
            .flag(
                "--no-placeholder-check",
                help: "Do not compare each translation's format placeholders with its source's (by default a "
                    + "missing, extra or retyped placeholder is an error, exit 1).", \.skipsPlaceholderCheck),
            .flag(
                "--require-translated",
                help: "Fail (exit 1) for each entry a language does not translate: missing, empty, 'new' or "
                    + "'needs_review' in a String Catalog (a 'stale' one is a note).", \.requireTranslated),
            .language(
                "--source-language", "tag",
                help: "The development language .lproj files are translated from, whose placeholders the "
                    + "translations must keep (default: en; a String Catalog names its own).", \.sourceLanguage),
            TextOptions.pseudolocaleOption(\FitOptions.pseudolocales),
            TextOptions.progressOption(\FitOptions.progress),
        ]

    /// The job the options describe, validated; `arguments` are strings.
    /// `command` is the subcommand in use (fit's options are review's
    /// too), which its errors name.
    func job(arguments: [String], command: String = "fit") throws(UsageError) -> FitJob {
        var request = try text.request(styleRequired: rules == nil)
        request.markdown = markdown
        try lineBreaks.apply(to: &request)
        let rule: FitJob.Either
        if let rules {
            guard request.platform == .ios || request.platform == .android else {
                throw UsageError(
                    "'--rules' names iOS or Android text styles; it does not go with --platform "
                        + request.platform.rawValue)
            }
            rule = .file(rules)
        } else {
            guard (request.platformStyles?.count ?? request.styles?.count ?? 0) == 1 else {
                throw UsageError("'\(command)' takes one style (or --rules)")
            }
            guard let width else { throw UsageError("missing '--width <width>': the line width") }
            var one = FitJob.Rule(width: try width.value(on: request.platform), lines: lines?.value ?? 1)
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
        job.requiresTranslations = requireTranslated
        job.sourceSets = sourceSets
        if let sourceLanguage { job.sourceLanguage = sourceLanguage }
        job.pseudolocales = TextOptions.pseudolocales(pseudolocales)
        return job
    }
}

extension FitJob.Failure {
    /// The error line, worded so that it never reads like a pass: `key
    /// (language): does not fit at AX3 (accessibilityExtraLarge): needs 3 lines,
    /// 2 allowed (rule 1)`, or for a word wider than the line `…: 'Einstellungsübersicht'
    /// is wider than the 358 pt line` (and when the word is a
    /// placeholder's sample value, which one: the translation is not to
    /// blame).
    var sentence: String {
        var reasons: [String] = []
        if overflows {
            if let word {
                var reason = "'\(word)' is wider than the \(humanNumber(width)) \(widthUnit) line"
                if let sampleOf {
                    reason += " ('\(word)' is the sample for \(sampleOf); choose another with --sample)"
                }
                reasons.append(reason)
            } else {
                reasons.append("a word is wider than the \(humanNumber(width)) \(widthUnit) line")
            }
        }
        if lines > allowed { reasons.append("needs \(lines) lines, \(allowed) allowed") }
        return key + (language.map { " (\($0))" } ?? "") + ": does not fit at \(size.spelled)"
            + (clampedTo.map { " (set at \($0.label)'s size: the clamp)" } ?? "") + ": "
            + reasons.joined(separator: "; ") + (rule.map { " (rule \($0 + 1))" } ?? "")
    }
}

extension FitJob.Failure {
    /// The finding: `does-not-fit` at the string's value in its file.
    var finding: Diagnostic {
        var item = Diagnostic(
            severity: .error, message: Message(sentence), file: file, position: position, status: .problemFound,
            code: "does-not-fit")
        (item.key, item.language, item.category) = (key, language, size.key)
        return item
    }
}

extension Diagnostics {
    /// Texts with characters no face has: one warning per language, with
    /// the first text and what to install (a machine without CJK fonts
    /// would otherwise print a line per string), and each text under
    /// `--verbose`.
    mutating func missingGlyphs(_ found: [MissingGlyphs]) {
        var languages: [String?] = []
        var byLanguage: [String: [MissingGlyphs]] = [:]
        for item in found {
            let key = item.language ?? ""
            if byLanguage[key] == nil { languages.append(item.language) }
            byLanguage[key, default: []].append(item)
        }
        for language in languages {
            let items = byLanguage[language ?? ""] ?? []
            guard let first = items.first else { continue }
            let characters = items.reduce(0) { $0 + $1.count }
            let line: String =
                "\(items.count) string\(items.count == 1 ? "" : "s")" + (language.map { " in \($0)" } ?? "")
                + " \(items.count == 1 ? "has" : "have") \(characters) character\(characters == 1 ? "" : "s") with no "
                + "glyph in any face (first: \"\(first.text)\"), measured as blank: "
                + Self.fontHint(language) + (items.count > 1 ? " (--verbose lists each string)" : "")
            add(Diagnostic(severity: .warning, message: Message(line), code: "missing-glyphs"))
        }
        for item in found {
            verboseNote("\(item.count) character(s) of \"\(item.text)\" have no glyph in any face")
        }
    }

    /// What to install for a language's characters.
    static func fontHint(_ language: String?) -> String {
        let lower = (language ?? "").lowercased()
        let cjk = ["ja", "zh", "ko"].contains { lower == $0 || lower.hasPrefix($0 + "-") || lower.hasPrefix($0 + "_") }
        return "install a font that covers them (Debian, Ubuntu: "
            + (cjk ? "fonts-noto-cjk" : "fonts-noto-core, or fonts-noto for every script")
            + ") or give one with --fonts-dir"
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
            diagnostics.add(
                Diagnostic(
                    severity: .warning,
                    message: Message(
                        "placeholders of '\(table)' not compared: no strings in its development language among "
                            + files.joined(separator: ", ") + " (give its .lproj file too, or --source-language)"),
                    code: "placeholders-not-compared"))
        }
        for (p, problem) in problems.enumerated() {
            let message =
                problem.isSource
                ? "\"\(problem.key)\" (\(problem.language), the source): "
                    + problem.differences.map(\.description).joined(separator: "; ")
                    + " (\"\(problem.source)\"; its translations are compared once it is fixed)"
                : "\"\(problem.key)\" (\(problem.language)): "
                    + problem.differences.map(\.description).joined(separator: "; ")
                    + " (source \"\(problem.source)\", translation \"\(problem.translation)\")"
            var item = Diagnostic(
                severity: problem.isWarning ? .warning : .error, message: Message(message), file: problem.file,
                position: problem.position, status: problem.isWarning ? .success : .problemFound,
                code: "placeholder-" + (problem.differences.first?.code ?? "missing"))
            (item.key, item.language) = (problem.key, problem.language)
            if p >= placeholderLinesShown { item.shown = .reportsOnly }
            diagnostics.add(item)
        }
        if problems.count > placeholderLinesShown {
            let isError = problems.dropFirst(placeholderLinesShown).contains { !$0.isWarning }
            var item = Diagnostic(
                severity: isError ? .error : .warning,
                message: "\(problems.count - placeholderLinesShown) more strings with placeholders that are wrong or "
                    + "differ from their source (the JSON document lists all \(problems.count))",
                file: nil, position: nil, status: isError ? .problemFound : .success)
            item.shown = .stderrOnly
            diagnostics.add(item)
        }
        let coverage = report.coverage
        for (n, item) in coverage.enumerated() {
            let message =
                "\"\(item.key)\" (\(item.language)): "
                + (item.variable.map { "the plural variable '\($0)'" } ?? "the plural variation")
                + " has no " + item.missing.joined(separator: ", ") + " form"
                + (item.missing.count == 1 ? "" : "s") + ": ICU's plural rules for \(item.language) put "
                + zip(item.missing, item.numbers).map {
                    $1 < 0
                        ? "numbers without a form of their own in other" : "\(PluralSamples.formatted($1)) in \($0)"
                }
                .joined(separator: ", ")
                + ", and the device shows the 'other' form for such numbers"
            var found = Diagnostic(
                severity: item.concernsOnlyMillions ? .note : .warning, message: Message(message), file: item.file,
                position: item.position, status: .success, code: "plural-coverage")
            (found.key, found.language) = (item.key, item.language)
            if n >= placeholderLinesShown { found.shown = .reportsOnly }
            diagnostics.add(found)
        }
        let untranslated = report.untranslated
        for (n, item) in untranslated.enumerated() {
            let why =
                switch item.state {
                case "missing": "has no translation"
                case "empty": "has an empty translation"
                case "new": "is not translated (state 'new')"
                case "needs_review": "needs review (state 'needs_review')"
                case "stale": "is stale (state 'stale': Xcode no longer finds the key in the code)"
                default: "is not translated (state '\(item.state)')"
                }
            let message = "\"\(item.key)\" (\(item.language)) \(why)"
            var found = Diagnostic(
                severity: item.isError ? .error : .note,
                message: Message(message + (item.isError ? " (--require-translated)" : "")),
                file: item.file, position: item.position, status: item.isError ? .problemFound : .success,
                code: "untranslated")
            (found.key, found.language) = (item.key, item.language)
            if n >= placeholderLinesShown { found.shown = .reportsOnly }
            diagnostics.add(found)
        }
        // A language's entries past those listed: one finding each, at
        // the file of the first not listed, with the count.
        var listedErrors: [String: Int] = [:]
        for item in untranslated where item.isError { listedErrors[item.language, default: 0] += 1 }
        for count in report.untranslatedCounts where count.count > count.listed {
            let rest = count.count - count.listed
            let errors = count.errors - listedErrors[count.language, default: 0]
            let message =
                "\(rest) more entries (\(count.language)) are not translated: the first \(count.listed) of its "
                + "\(count.count) are listed" + (errors > 0 ? " (--require-translated)" : "")
            var found = Diagnostic(
                severity: errors > 0 ? .error : .note, message: Message(message), file: count.fileOfRest,
                position: nil, status: errors > 0 ? .problemFound : .success, code: "untranslated")
            found.language = count.language
            found.shown = .reportsOnly
            diagnostics.add(found)
        }
        let total = report.untranslatedCounts.reduce(0) { $0 + $1.count }
        if total > placeholderLinesShown {
            let message =
                "\(total - placeholderLinesShown) more entries not translated "
                + (report.listsAllUntranslated
                    ? "(the JSON document lists all \(total))"
                    : "(the JSON document lists \(untranslated.count) of the \(total) and counts each language's)")
            let isError =
                untranslated.dropFirst(placeholderLinesShown).contains(where: \.isError)
                || report.untranslatedCounts.contains { $0.errors > listedErrors[$0.language, default: 0] }
            var item = Diagnostic(
                severity: isError ? .error : .note, message: Message(message), file: nil, position: nil,
                status: isError ? .problemFound : .success)
            item.shown = .stderrOnly
            diagnostics.add(item)
        }
        if coverage.count > placeholderLinesShown {
            let message =
                "\(coverage.count - placeholderLinesShown) more plurals missing categories (the JSON document "
                + "lists all \(coverage.count))"
            let isNote = coverage.dropFirst(placeholderLinesShown).allSatisfy(\.concernsOnlyMillions)
            var item = Diagnostic(
                severity: isNote ? .note : .warning, message: Message(message), file: nil, position: nil,
                status: .success)
            item.shown = .stderrOnly
            diagnostics.add(item)
        }
    }
}

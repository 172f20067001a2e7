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
    /// `--html`.
    var html = false
    var progress = false
    var skipsPlaceholderCheck = false
    var requireTranslated = false
    var sourceLanguage: String?
    var pseudolocales: [String] = []
    /// `--qualifiers`, one configuration each.
    var qualifiers: [String] = []
    var lineBreaks = LineBreakOptions()
    /// `--no-soft-wrap`.
    var noSoftWrap = false

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
        + TextOptions.markdownOptions(\FitOptions.markdown) + [TextOptions.htmlOption(\FitOptions.html)]
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
            TextOptions.qualifiersOption(\FitOptions.qualifiers),
            TextOptions.progressOption(\FitOptions.progress),
            Option<FitOptions>.flag(
                "--no-soft-wrap",
                help: "Flutter: lay text out as a Text with softWrap: false (lines end only at line feeds; one "
                    + "wider than the width overflows it and fails).", \.noSoftWrap
            ).only(on: .flutterIOS, .flutterAndroid, because: "it is Flutter's Text.softWrap"),
        ]

    /// The job the options describe, validated; `arguments` are strings.
    /// `command` is the subcommand in use (fit's options are review's
    /// too), which its errors name.
    func job(arguments: [String], command: String = "fit") throws(UsageError) -> FitJob {
        var request = try text.request(styleRequired: rules == nil)
        request.markdown = markdown
        request.html = html
        try lineBreaks.apply(to: &request)
        request.softWrap = !noSoftWrap
        let rule: FitJob.Either
        if let rules {
            guard [.ios, .android, .flutterIOS, .flutterAndroid].contains(request.platform) else {
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
        job.configurations = TextOptions.qualifiers(qualifiers)
        return job
    }
}

extension FitJob.Failure {
    /// The finding: `does-not-fit` at the string's value in its file.
    var finding: Diagnostic {
        var item = Diagnostic(
            severity: .error, finding: .doesNotFit(self), file: file, position: position, status: .problemFound)
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
            warning(
                .missingGlyphs(language: language, strings: items.count, characters: characters, first: first.text))
        }
        for item in found {
            verboseNote(.missingGlyphsInString(text: item.text, characters: item.count))
        }
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
            diagnostics.warning(.placeholdersNotCompared(table: table, files: files))
        }
        for (p, problem) in problems.enumerated() {
            var item = Diagnostic(
                severity: problem.isWarning ? .warning : .error, finding: .placeholderProblem(problem),
                file: problem.file, position: problem.position, status: problem.isWarning ? .success : .problemFound)
            (item.key, item.language) = (problem.key, problem.language)
            if p >= placeholderLinesShown { item.shown = .reportsOnly }
            diagnostics.add(item)
        }
        if problems.count > placeholderLinesShown {
            let isError = problems.dropFirst(placeholderLinesShown).contains { !$0.isWarning }
            var item = Diagnostic(
                severity: isError ? .error : .warning,
                finding: .morePlaceholderProblems(count: problems.count - placeholderLinesShown, total: problems.count),
                status: isError ? .problemFound : .success)
            item.shown = .stderrOnly
            diagnostics.add(item)
        }
        let coverage = report.coverage
        for (n, item) in coverage.enumerated() {
            var found = Diagnostic(
                severity: item.concernsOnlyMillions ? .note : .warning, finding: .pluralCoverage(item), file: item.file,
                position: item.position, status: .success)
            (found.key, found.language) = (item.key, item.language)
            if n >= placeholderLinesShown { found.shown = .reportsOnly }
            diagnostics.add(found)
        }
        let untranslated = report.untranslated
        for (n, item) in untranslated.enumerated() {
            var found = Diagnostic(
                severity: item.isError ? .error : .note, finding: .untranslated(item), file: item.file,
                position: item.position, status: item.isError ? .problemFound : .success)
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
            var found = Diagnostic(
                severity: errors > 0 ? .error : .note,
                finding: .untranslatedRest(
                    language: count.language, rest: rest, listed: count.listed, count: count.count,
                    required: errors > 0),
                file: count.fileOfRest, status: errors > 0 ? .problemFound : .success)
            found.language = count.language
            found.shown = .reportsOnly
            diagnostics.add(found)
        }
        let total = report.untranslatedCounts.reduce(0) { $0 + $1.count }
        if total > placeholderLinesShown {
            let isError =
                untranslated.dropFirst(placeholderLinesShown).contains(where: \.isError)
                || report.untranslatedCounts.contains { $0.errors > listedErrors[$0.language, default: 0] }
            var item = Diagnostic(
                severity: isError ? .error : .note,
                finding: .moreUntranslated(
                    count: total - placeholderLinesShown, total: total,
                    listed: report.listsAllUntranslated ? nil : untranslated.count),
                status: isError ? .problemFound : .success)
            item.shown = .stderrOnly
            diagnostics.add(item)
        }
        if coverage.count > placeholderLinesShown {
            let isNote = coverage.dropFirst(placeholderLinesShown).allSatisfy(\.concernsOnlyMillions)
            var item = Diagnostic(
                severity: isNote ? .note : .warning,
                finding: .morePluralCoverage(count: coverage.count - placeholderLinesShown, total: coverage.count),
                status: .success)
            item.shown = .stderrOnly
            diagnostics.add(item)
        }
    }
}

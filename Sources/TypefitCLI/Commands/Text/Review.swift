import TypefitCore
import TypefitKit

/// `typefit review`: fit's check of a catalog as a page a reviewer reads —
/// every failing string drawn as iOS lays it out.
public struct Review: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var fit = FitOptions()
        var base: [String] = []
        var outputFile: String?
        var annotationsFile: String?
        var followSymlinks = false

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`; HTML, never JSON.
        public var output: OutputSettings {
            OutputSettings(strict: fit.text.sources.strict, verbose: fit.text.sources.verbose)
        }

        /// `--platform`.
        public var chosenPlatform: Platform { fit.text.chosenPlatform }
    }

    /// Every option, bound to its field, in the order help lists them:
    /// fit's (but `--format`), then the base and the output file.
    public static let options: [Option<Options>] =
        FitOptions.options.lifted(\Options.fit)
        + [
            .list(
                "--base", "file",
                help: "The strings before the change (the base branch's catalog or .strings): only strings "
                    + "added or changed since are reviewed, the old text beside the new.",
                completion: .file(extensions: StringsFile.extensions), \.base),
            .string(
                "--output", "file.html", help: "Write the page here (default: stdout).",
                completion: .file(extensions: ["html"]), \.outputFile),
            .string(
                "--annotations", "file",
                help: "Also write the findings as GitHub Actions annotations (fit's --format github) to this file "
                    + "(cat it in a later step: each shows on its string's line).", \.annotationsFile),
            TextOptions.followSymlinksOption(\.followSymlinks),
        ]

    /// The name the command line gives it.
    public static let commandName = "review"

    /// The declaration.
    public static let configuration = declared(
        commandName,
        abstract: "A page of every string that does not fit, drawn as iOS lays it out.",
        discussion: """
            Lays the strings out as fit does (the same options, --rules included), then writes one \
            self-contained HTML page: a summary of failures by language and size, and for each \
            failing key and language its text drawn from the font's own outlines at every size \
            where it fails and at the largest size where it still fits, the line width as a guide \
            and overflow in red, with filters by language, style and size and a search box. With \
            --base only strings added or changed since the base are reviewed. Exit statuses as \
            fit's: 1 when a string fails at a --require (or rule's) category.
            """,
        arguments: [ArgumentDeclaration("text", help: "A string to review (or give files with --strings).")],
        examples: [
            Example(
                "typefit review --strings Localizable.xcstrings --rules fit-rules.json --spec Fonts/MyFont.json "
                    + "--base main/Localizable.xcstrings --output review.html")
        ])

    /// fit's job: the strings, rules and request.
    public var job: FitJob
    /// `--progress`.
    public var showsProgress: Bool
    /// `--base` files.
    public var base: [String]
    /// `--output`: the page (stdout when `nil`).
    public var output: String?
    /// `--follow-symlinks`: write through any link at `--output`.
    public var followSymlinks: Bool
    /// `--annotations`: the findings as GitHub annotations, to this file.
    public var annotations: String?
    /// `--strict`, which the annotations apply as stderr does.
    var strict: Bool

    /// The job as fit makes it, and where the page goes.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        job = try options.fit.job(arguments: arguments, command: "review")
        (showsProgress, base, output, followSymlinks) =
            (options.fit.progress, options.base, options.outputFile, options.followSymlinks)
        (annotations, strict) = (options.annotationsFile, options.fit.text.sources.strict)
    }

    /// Lays out, draws and writes the page.
    public func run(context: RunContext) -> Outcome {
        var job = job
        context.configure(&job.search)
        return Outcome.reporting { diagnostics throws(Stopped) in
            try job.search.validate(&diagnostics)
            // A page of HTML is no terminal's reading.
            if output == nil, context.stdoutIsTerminal {
                diagnostics.commandLineError(
                    "'review' writes an HTML page: give --output review.html (or redirect stdout to a file)",
                    subcommand: "review")
                throw Stopped()
            }
            // The destination first: a bad one must cost no layout.
            let file = try TextOptions.openOutput(output, followSymlinks: followSymlinks, &diagnostics)
            let annotationsFile = try TextOptions.openOutput(annotations, followSymlinks: followSymlinks, &diagnostics)
            let review = ReviewJob(fit: job, baseFiles: base)
            let result = try review.run(
                progress: TextOptions.progressLine(showsProgress, context), diagnostics: &diagnostics)
            var outcome = Outcome()
            let page = result.page
            let report = result.placeholders
            let problems = report?.problems ?? []
            TextOptions.reportPlaceholders(report, problems: problems, into: &outcome.diagnostics)
            for failure in result.failures { outcome.diagnostics.error(failure, status: .cannotRun) }
            outcome.diagnostics.missingGlyphs(result.missingGlyphs)
            for warning in result.warnings { outcome.diagnostics.warning(warning) }
            for failure in result.requiredFailures { outcome.diagnostics.add(failure.finding) }
            if !result.standing.isEmpty {
                let line: String =
                    "\(result.standing.count) changed string\(result.standing.count == 1 ? "" : "s") still fail"
                    + "\(result.standing.count == 1 ? "s" : "") where the old text failed too (not counted "
                    + "against this change): "
                    + result.standing.prefix(5).map { Message.quoted($0.key) + ($0.language.map { " (\($0))" } ?? "") }
                    .joined(separator: ", ") + (result.standing.count > 5 ? " …" : "")
                outcome.diagnostics.note(Message(line))
            }
            if !result.improved.isEmpty {
                let line: String =
                    "\(result.improved.count) changed string\(result.improved.count == 1 ? "" : "s") fit at more "
                    + "sizes than before (improved): "
                    + result.improved.prefix(5).map(Message.quoted).joined(separator: ", ")
                    + (result.improved.count > 5 ? " …" : "")
                outcome.diagnostics.note(Message(line))
            }
            let written = TextOptions.deliver(
                streaming: { emit in page.write(describing: \.sentence, to: emit) }, to: file, &outcome)
            // Written to a file, the run says where and what it holds.
            if let file, outcome.diagnostics.exitStatus != .cannotRun {
                let failing = Set(result.requiredFailures.map { ($0.language ?? "") + "\u{0}" + $0.key }).count
                let all = page.rowsHTML.count + page.omittedRows
                let above = page.gateCounts[ReviewPage.Gate.Verdict.beyond.rawValue] ?? 0
                let errors = problems.filter { !$0.isWarning }.count
                // Where no size is required, every failure is the page's
                // news; where one is, the gate's count comes first.
                let strings =
                    page.summary.required.isEmpty
                    ? "\(all) string\(all == 1 ? "" : "s") failing at some size (none required)"
                    : "\(failing) string\(failing == 1 ? "" : "s") failing where required"
                        + (above > 0 ? " (\(above) more above it)" : "")
                outcome.diagnostics.note(
                    Message(
                        "wrote \(file.path) (\(written / 1024) KB): \(strings), \(errors) placeholder error"
                            + (errors == 1 ? "" : "s")))
            }
            if let annotationsFile {
                // The run's findings so far, `--strict` applied as stderr
                // applies it.
                var all = diagnostics
                all.append(outcome.diagnostics)
                all.warningsAreErrors = strict
                let report =
                    FindingReports.render(
                        GitHubAnnotations.format, diagnostics: all, subjects: [], command: "review",
                        workingDirectory: context.workingDirectory) ?? []
                if let error = annotationsFile.write(RunnerCommands.inert(report, allowsOwnCommands: true)) {
                    outcome.diagnostics.error(
                        Message(error), status: .cannotRun, file: annotationsFile.path, code: .outputUnwritable)
                }
            }
            return outcome
        }
    }
}

import FontRegistry
import TypefitCore
import TypefitKit

/// `typefit fit`: the lines text needs at a width, at every text size.
public struct Fit: ParsableCommand {
    /// What the command line gives, bound by the parser.
    public struct Options: CommandOptions {
        var width: Double?
        var lines: LineCount?
        var require: RequiredSize?
        var rules: String?
        var keys: [String] = []
        var strings: [String] = []
        var text = TextOptions()
        var markdown: Bool?
        var progress = false
        var format: OutputFormat?

        /// The defaults.
        public init() {}

        /// `--strict`, `--verbose`, `--format json`.
        public var output: OutputSettings {
            OutputSettings(strict: text.sources.strict, verbose: text.sources.verbose, json: format == .json)
        }

        /// `--platform`.
        public var chosenPlatform: Platform { text.chosenPlatform }
    }

    /// Every option, bound to its field, in the order help lists them.
    public static let options: [Option<Options>] =
        [
            .value(
                "--width", "points", help: "The line width in points (required without --rules).", \.width,
                parse: ValueParsers.width
            ).excludes("--rules", because: "each rule gives it"),
            .value("--lines", "n", help: "How many lines the text may take (default: 1).", \.lines)
                .excludes("--rules", because: "each rule gives it"),
            .value(
                "--require", "category",
                help: "Exit 1 when any string needs more lines at this category (on Android a font scale).",
                \.require
            ).excludes("--rules", because: "each rule gives it"),
            .string(
                "--rules", "file",
                help: "A rules file (JSON): per key pattern the style, width, lines and required category; the "
                    + "first matching rule applies to each string (in place of --width, --style, --lines, --require).",
                completion: .file(extensions: ["json"]), \.rules),
            .list(
                "--keys", "pattern",
                help: "Only strings whose key matches this pattern ('*' any run, '?' one character).", \.keys),
            TextOptions.stringsOption(\Options.strings),
        ]
        + TextOptions.options(style: "The text style (required without --rules).").lifted(\Options.text)
        .constraining(["--style"]) { $0.excludes("--rules", because: "each rule gives it") }
        + TextOptions.markdownOptions(\Options.markdown)
        + [TextOptions.progressOption(\Options.progress)]
        + [formatOption([.json, .table], help: "Default: table on a terminal, else json.", \.format)]

    /// The declaration.
    public static let configuration = declared(
        "fit",
        abstract: "The lines text needs at a width, at every text size (a CI gate).",
        discussion: """
            Lines are filled greedily at Unicode (UAX #14) break opportunities; a word wider \
            than the line overflows and is reported ('!' after the line count in the table). \
            With --require, exit 1 when any string needs more than --lines lines at that \
            category; a font, spec or strings file that cannot be used exits 2, so a broken \
            set-up never looks like a failing check.
            """,
        arguments: [ArgumentDeclaration("text", help: "A string to fit (or give files with --strings).")],
        examples: [
            Example(
                "typefit fit --width 320 --style title1 --spec Fonts/MyFont.json --strings Localizable.xcstrings "
                    + "--require AX3"),
            Example(
                "typefit fit \"Einstellungen speichern\" --width 200 --lines 2 --style headline "
                    + "--family \"DejaVu Sans\""),
        ])

    /// Styles, categories, face, language, samples, platform.
    public var settings: Request
    /// `--fonts-dir`, `--fontconfig-file`.
    public var search: FontSearch
    /// `--rules`: the rules file, in place of width, style, lines and
    /// require.
    public var rulesPath: String?
    /// `--keys`: only strings whose key matches one of these patterns.
    public var keyPatterns: [String] = []
    /// `--strict`: a key no rule matches fails the run.
    public var strict = false
    /// `--width`: the line width in points.
    public var width: Double
    /// `--lines`: how many lines the text may take (default 1).
    public var lines = 1
    /// `--require`: the key of the size setting at which every string must
    /// fit (a category, or on Android `fontScale2`).
    public var requireKey: SizeSetting?
    /// The strings given as arguments.
    public var texts: [String]
    /// `--strings` files (repeatable): `.strings`, `.xcstrings`, text.
    public var stringsFiles: [String]
    /// `--format`.
    public var format: OutputFormat?
    /// `--progress`.
    public var showsProgress = false

    /// Checks how the options combine.
    public init(options: Options, arguments: [String]) throws(UsageError) {
        rulesPath = options.rules
        keyPatterns = options.keys
        showsProgress = options.progress
        strict = options.text.sources.strict
        var settings = try options.text.request(styleRequired: rulesPath == nil)
        settings.markdown = options.markdown
        if rulesPath != nil {
            guard settings.platform == .ios else {
                throw UsageError("'--rules' names iOS text styles; it does not go with --platform")
            }
            self.width = 0
        } else {
            guard (settings.platformStyles?.count ?? settings.styles?.count ?? 0) == 1 else {
                throw UsageError("'fit' takes one style")
            }
            guard let width = options.width else {
                throw UsageError("missing '--width <points>': the line width")
            }
            self.width = width
        }
        if let lines = options.lines { self.lines = lines.value }
        switch try options.require?.setting(on: settings.platform) {
        case .fontScale(let scale):
            requireKey = .fontScale(scale)
            if let scales = settings.fontScales, !scales.contains(scale) {
                settings.fontScales = scales + [scale]
            }
        case .category(let category):
            do {
                try Request.check(category, on: settings.platform)
            } catch {
                throw UsageError(error.commandLineMessage)
            }
            requireKey = .category(category)
            settings.categories = settings.categories?.adding(category)
        case .fixed, nil:
            break
        }
        self.settings = settings
        search = options.text.sources.search
        format = options.format
        texts = arguments
        stringsFiles = options.strings
        guard !texts.isEmpty || !stringsFiles.isEmpty else {
            throw UsageError("nothing to fit: give strings as arguments or files with '--strings'")
        }
    }

    /// Fits the strings: `--require` failures are errors (exit 1).
    public func run(context: RunContext) -> Outcome {
        var search = search
        search.cacheDirectory = context.cacheDirectory
        return Outcome.reporting { diagnostics throws(Stopped) in
            try search.validate(&diagnostics)
            let written = try strings(&diagnostics)
            let (groups, rules) = try layoutGroups(written, search: search, &diagnostics)
            if let rules { return runRules(rules, groups, search: search, context) }
            guard let group = groups.first else { return Outcome() }
            let progress = TextOptions.progressLine(showsProgress, context)
            progress?.start(total: group.strings.count)
            let (strings, cells) = (group.strings, group.cells)
            var report: (@Sendable (Int) -> Void)?
            if let progress { report = { done in progress.advance(to: done) } }
            let laidOut = FitEngine.layOut(
                strings: strings, cells: cells, width: width, configFile: search.fontconfigFile, styled: group.styled,
                progress: report)
            progress?.finish()
            var outcome = Outcome()
            Self.report(laidOut, strings, cells, maxLines: lines, requireKey: requireKey, rule: nil, &outcome)
            switch TextOptions.effectiveFormat(format, context) {
            case .table:
                outcome.stdout = laidOut.table(strings: strings, cells: cells, maxLines: lines)
            default:
                // Streamed: ten thousand strings are ten megabytes of JSON,
                // written as they are made.
                let pretty = context.stdoutIsTerminal
                let header = FitLayouts.Header(
                    width: width, maxLines: lines,
                    style: settings.platformStyles?.first ?? settings.styles?.first?.rawValue,
                    platform: settings.platform.rawValue, model: settings.sizeModel)
                outcome.stream { write in
                    laidOut.writeJSON(strings: strings, cells: cells, header: header, pretty: pretty, to: write)
                }
            }
            return outcome
        }
    }

    /// The strings of the arguments and `--strings` files, placeholders
    /// replaced, kept by `--keys` (fit's and review's input).
    func strings(_ diagnostics: inout Diagnostics) throws(Stopped) -> [LocalizedString] {
        try filtered(
            try TextJob.strings(
                texts, files: stringsFiles, language: settings.language, samples: settings.samples,
                diagnostics: &diagnostics), &diagnostics)
    }

    /// `--keys`: the strings whose key matches a pattern; none is exit 2.
    private func filtered(_ strings: [LocalizedString], _ diagnostics: inout Diagnostics) throws(Stopped)
        -> [LocalizedString]
    {
        guard !keyPatterns.isEmpty else { return strings }
        let kept = strings.filter { FitRules.matches($0.key, any: keyPatterns) }
        guard kept.isEmpty else { return kept }
        var keys: [String] = []
        for string in strings where !keys.contains(string.key) && keys.count < 3 { keys.append(string.key) }
        diagnostics.error(
            "no key matches --keys " + keyPatterns.map { "'\($0)'" }.joined(separator: ", ")
                + (keys.isEmpty ? "" : " (keys such as " + keys.map { "'\($0)'" }.joined(separator: ", ") + ")"),
            status: .cannotRun)
        throw Stopped()
    }

    /// Errors and warnings for one group of strings: faces that could not
    /// be opened, characters no face has (as measure says them, failing
    /// --strict), and `--require` (or a rule's) failures.
    static func report(
        _ laidOut: FitLayouts, _ strings: [LocalizedString], _ cells: [SizedCell], maxLines: Int,
        requireKey: SizeSetting?, rule: Int?, _ outcome: inout Outcome
    ) {
        for failure in laidOut.failures { outcome.diagnostics.error(failure, status: .cannotRun) }
        for (s, string) in strings.enumerated() where s < laidOut.missingGlyphs.count {
            let count = laidOut.missingGlyphs[s]
            guard count > 0 else { continue }
            outcome.diagnostics.warning("\(count) character(s) of \"\(string.text)\" have no glyph in any face")
        }
        let required = requireKey.flatMap { key in cells.firstIndex { $0.size == key } }
        for (s, string) in strings.enumerated() {
            guard let c = required, let layout = laidOut.layout(s, c) else { continue }
            guard layout.lines > maxLines || layout.overflows else { continue }
            outcome.diagnostics.error(
                "\(string.key)" + (string.language.map { " (\($0))" } ?? "") + ": needs \(layout.lines) line"
                    + (layout.lines == 1 ? "" : "s") + (layout.overflows ? ", a word overflows," : "")
                    + " at \(cells[c].size.key) (allowed \(maxLines)" + (rule.map { "; rule \($0 + 1)" } ?? "") + ")",
                status: .problemFound)
        }
    }

    /// The strings laid out under one rule: the command line's, or one of a
    /// rules file's.
    struct LayoutGroup {
        var strings: [LocalizedString]
        var cells: [SizedCell]
        var styled: StyledFaces
        var style: String
        var width: Double
        var lines: Int
        var requireKey: SizeSetting?
        var rule: Int?
    }

    /// The groups to lay out: with `--rules`, each string under the first
    /// rule its key matches (keys no rule matches noted, or warned about
    /// with `--strict`); else one group of every string. Markdown is
    /// rendered where it applies and placeholders noted.
    func layoutGroups(_ strings: [LocalizedString], search: FontSearch, _ diagnostics: inout Diagnostics)
        throws(Stopped) -> (groups: [LayoutGroup], rules: FitRules?)
    {
        var counts = MarkdownText.Counts()
        defer { MarkdownText.note(counts, into: &diagnostics) }
        guard let path = rulesPath else {
            let cells = try TextJob.cells(settings, search: search, diagnostics: &diagnostics)
            TextJob.notePlaceholderDefaults(strings, into: &diagnostics)
            let rendered = MarkdownText.render(strings, mode: settings.markdown, counts: &counts)
            let styled = StyledFaces.find(for: rendered, cells: cells, search: search, diagnostics: &diagnostics)
            let style = settings.platformStyles?.first ?? settings.styles?.first?.rawValue ?? ""
            return (
                [
                    LayoutGroup(
                        strings: rendered, cells: cells, styled: styled, style: style, width: width, lines: lines,
                        requireKey: requireKey, rule: nil)
                ], nil
            )
        }
        let rules: FitRules
        switch SystemCalls.readInput(path, limit: 1 << 20, what: "a rules file") {
        case .failure(let error):
            diagnostics.error(error.reason, status: .cannotRun, file: error.path)
            throw Stopped()
        case .success(let bytes):
            do {
                rules = try FitRules.decode(bytes)
            } catch {
                diagnostics.cannotRead(error, in: path)
                throw Stopped()
            }
        }
        var members = [[Int]](repeating: [], count: rules.rules.count)
        var unmatched: [String] = []
        for (s, string) in strings.enumerated() {
            if let r = rules.rule(for: string.key) {
                members[r].append(s)
            } else if !unmatched.contains(string.key) {
                unmatched.append(string.key)
            }
        }
        guard members.contains(where: { !$0.isEmpty }) else {
            diagnostics.error("no string's key matches a rule of \(path)", status: .cannotRun)
            throw Stopped()
        }
        if !unmatched.isEmpty {
            let shown = unmatched.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            let line =
                "\(unmatched.count) key\(unmatched.count == 1 ? "" : "s") match no rule, not checked: \(shown)"
                + (unmatched.count > 5 ? ", and \(unmatched.count - 5) more" : "")
            if strict { diagnostics.warning(line, file: path) } else { diagnostics.note(line, file: path) }
        }
        TextJob.notePlaceholderDefaults(strings, into: &diagnostics)
        var groups: [LayoutGroup] = []
        for (r, rule) in rules.rules.enumerated() where !members[r].isEmpty {
            var ruleSettings = settings
            ruleSettings.styles = [rule.style]
            if let require = rule.require { ruleSettings.categories = ruleSettings.categories?.adding(require) }
            let cells = try TextJob.cells(ruleSettings, search: search, diagnostics: &diagnostics)
            let group = MarkdownText.render(
                members[r].map { strings[$0] }, mode: rule.markdown ?? settings.markdown, counts: &counts)
            let styled = StyledFaces.find(for: group, cells: cells, search: search, diagnostics: &diagnostics)
            groups.append(
                LayoutGroup(
                    strings: group, cells: cells, styled: styled, style: rule.style.rawValue, width: rule.width,
                    lines: rule.lines, requireKey: rule.require.map(SizeSetting.category), rule: r))
        }
        return (groups, rules)
    }

    /// `--rules`: each rule's strings laid out at its style, width and
    /// lines.
    private func runRules(_ rules: FitRules, _ ruleGroups: [LayoutGroup], search: FontSearch, _ context: RunContext)
        -> Outcome
    {
        var outcome = Outcome()
        var groups: [FitLayouts.Group] = []
        var table = ""
        for group in ruleGroups {
            guard let r = group.rule else { continue }
            let rule = rules.rules[r]
            let laidOut = FitEngine.layOut(
                strings: group.strings, cells: group.cells, width: rule.width, configFile: search.fontconfigFile,
                styled: group.styled)
            Self.report(
                laidOut, group.strings, group.cells, maxLines: rule.lines,
                requireKey: rule.require.map(SizeSetting.category),
                rule: r, &outcome)
            groups.append(
                FitLayouts.Group(
                    layouts: laidOut, strings: group.strings, cells: group.cells, maxLines: rule.lines,
                    rule: (r, rule.style.rawValue, rule.width)))
            table +=
                "rule \(r + 1) (" + rule.keys.joined(separator: ", ") + "): \(rule.style.rawValue), "
                + "\(humanNumber(rule.width)) pt, \(rule.lines) line\(rule.lines == 1 ? "" : "s")"
                + (rule.require.map { ", required at \($0.rawValue)" } ?? "") + "\n"
                + laidOut.table(strings: group.strings, cells: group.cells, maxLines: rule.lines) + "\n"
        }
        switch TextOptions.effectiveFormat(format, context) {
        case .table:
            outcome.stdout = table
        default:
            let pretty = context.stdoutIsTerminal
            let header = FitLayouts.Header(
                width: 0, maxLines: 0, style: nil, platform: "ios", model: settings.sizeModel)
            let groups = groups
            outcome.stream { write in
                FitLayouts.writeJSON(groups: groups, header: header, rules: rules, pretty: pretty, to: write)
            }
        }
        return outcome
    }
}

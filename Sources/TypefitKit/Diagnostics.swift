import TypefitCore

/// One error, warning or note.
public struct Diagnostic: Equatable, Sendable {
    /// How serious it is.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// How serious it is.
    public var severity: Severity
    /// What is wrong, in one line (no prefix, no file name), the inputs it
    /// points to worded by the front end.
    public var message: Message
    /// The file it is about, if any.
    public var file: String?
    /// Where in `file`, if known.
    public var position: SourcePosition?
    /// For an error, the status it ends the run with; `.success` otherwise.
    public var status: ExitStatus
    /// For a usage error: the subcommand whose usage line follows (`""`
    /// for typefit itself).
    public var usageOf: String?
    /// For a warning about a file: its reason, which files sharing it are
    /// grouped by (see `Diagnostics.fileWarnings`).
    public var sharedReason: String?
    /// Printed only under `--verbose` (a cache rebuilt, say).
    public var verboseOnly = false
    /// What kind of finding it is, a stable name for scripts and CI
    /// reports (`does-not-fit`, `placeholder-missing`); `nil` for one not
    /// yet given a code of its own (reports name it by severity and
    /// status: `input-error`, `warning`, `note`).
    public var code: String?
    /// The string it is about: its key, language and the size setting
    /// (`key`, `language`, `category`), where it is about one.
    public var key: String?
    /// The string's language.
    public var language: String?
    /// The size setting's key (`AX3`'s `accessibilityExtraExtraExtraLarge`).
    public var category: String?
    /// Where it is printed: on stderr and in CI reports (the default),
    /// or in one of them only (stderr lists the first 100 placeholder
    /// problems and a count; a SARIF report lists each).
    public var shown: Shown = .everywhere

    /// Where a diagnostic is printed.
    public enum Shown: Sendable, Equatable {
        /// On stderr and in reports.
        case everywhere
        /// In CI reports only (one of many stderr counts).
        case reportsOnly
        /// On stderr only (a count of what reports list one by one).
        case stderrOnly
    }

    /// Creates a diagnostic.
    public init(
        severity: Severity, message: Message, file: String? = nil, position: SourcePosition? = nil,
        status: ExitStatus = .success, code: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.position = position
        self.status = status
        self.code = code
    }

    /// `code`, else a name from the severity and status.
    public var reportCode: String {
        if let code { return code }
        switch (severity, status) {
        case (.error, .usage): return "usage-error"
        case (.error, .problemFound): return "problem"
        case (.error, _): return "input-error"
        case (.warning, _): return "warning"
        case (.note, _): return "note"
        }
    }

    /// The line printed on stderr: `FILE:LINE:COLUMN: error: …` for a
    /// position in a file (the compiler's format, which editors and CI
    /// annotations read), else `typefit: error: [FILE: ]…`.
    /// Keys and texts inside a message (a catalog key with a line break)
    /// are shown with their control characters escaped: one diagnostic is
    /// one line, for people and for tools that read stderr by line.
    public func rendered(spell: (CommandInput) -> String) -> String {
        let message = TerminalText.escapingControls(message.worded(spell))
        let file = file.map(TerminalText.escapingControls)
        if let file, let position {
            // The line starts with a path from the input: never a CI command.
            return TerminalText.inertLine(
                "\(file):\(position.line):\(position.column): \(severity.rawValue): \(message)")
        }
        return "typefit: \(severity.rawValue): " + (file.map { "\($0): " } ?? "") + message
    }
}

/// Everything a run reports besides its data: collected as the run goes,
/// printed on stderr in order, and the one source of the exit status
/// (modelled on swift-format's diagnostics engine).
public struct Diagnostics: Equatable, Sendable {
    /// What was reported, in order.
    public private(set) var items: [Diagnostic] = []
    /// Whether warnings count as errors (`--strict`): each ends the run
    /// with status 1 and prints as an error.
    public var warningsAreErrors = false

    /// Whether a warning shared by many files is printed once per file
    /// (`--verbose`) rather than once with a count (see `fileWarnings`).
    public var listsEachFile = false

    /// Whether the run's own report (on stdout) holds problems, as `check`'s
    /// does: the run ends with status 1 without a line on stderr.
    public var reportHasProblems = false

    /// Creates an empty collection.
    public init() {}

    /// An error that ends the run with `status`.
    public mutating func error(
        _ message: Message, status: ExitStatus, file: String? = nil, at position: SourcePosition? = nil,
        code: String? = nil
    ) {
        items.append(
            Diagnostic(severity: .error, message: message, file: file, position: position, status: status, code: code))
    }

    /// A problem the run went on after; an error under `--strict`.
    public mutating func warning(
        _ message: Message, file: String? = nil, at position: SourcePosition? = nil, code: String? = nil
    ) {
        items.append(
            Diagnostic(
                severity: .warning, message: message, file: file, position: position, status: .success, code: code))
    }

    /// Warnings about files, in order. The files that share a reason, when
    /// more than `groupAbove` do, are printed as one line with their count
    /// and the first few paths (a folder of X11 bitmap fonts in legacy
    /// encodings is hundreds of them), unless `listsEachFile`. Grouping
    /// happens when the diagnostics are printed, so `--verbose` applies
    /// whenever it is set. Under `--strict` each line is an error, as any
    /// warning.
    public mutating func fileWarnings(_ problems: [(path: String, reason: String)], code: String = "font-unusable") {
        for problem in problems {
            var item = Diagnostic(
                severity: .warning, message: Message(problem.reason), file: problem.path, position: nil,
                status: .success, code: code)
            item.sharedReason = problem.reason
            items.append(item)
        }
    }

    /// How many files must share a reason for their warnings to be one line.
    public static let groupAbove = 3

    /// Information about how a result was made.
    public mutating func note(_ message: Message, file: String? = nil, code: String? = nil) {
        items.append(
            Diagnostic(severity: .note, message: message, file: file, position: nil, status: .success, code: code))
    }

    /// A note printed only under `--verbose`.
    public mutating func verboseNote(_ message: Message, file: String? = nil, code: String? = nil) {
        var item = Diagnostic(
            severity: .note, message: message, file: file, position: nil, status: .success, code: code)
        item.verboseOnly = true
        items.append(item)
    }

    /// A command line that cannot be run (exit 64) as it concerns the
    /// subcommand `subcommand` (`""`: typefit itself); the front end says
    /// how it is used.
    public mutating func commandLineError(_ message: String, subcommand: String) {
        var item = Diagnostic(severity: .error, message: Message(message), status: .usage)
        item.usageOf = subcommand
        items.append(item)
    }

    /// A file that could not be read or parsed (exit 2), at a position when
    /// known.
    public mutating func cannotRead(_ error: SourceError, in file: String) {
        self.error(Message(error.message), status: .cannotRun, file: file, at: error.position, code: "file-malformed")
    }

    /// Appends another run's diagnostics.
    public mutating func append(_ other: Diagnostics) {
        items += other.items
    }

    /// Appends a finding: a diagnostic with its code and place.
    public mutating func add(_ item: Diagnostic) {
        items.append(item)
    }

    /// The diagnostics as printed on stderr: file warnings grouped
    /// (unless `listsEachFile`), warnings promoted under `--strict`.
    public var effective: [Diagnostic] {
        promoted(grouped.filter { $0.shown != .reportsOnly })
    }

    /// The diagnostics as CI reports list them: every finding, none
    /// grouped (a report is read by tools), warnings promoted under
    /// `--strict`; notes printed only under `--verbose` left out.
    public var reported: [Diagnostic] {
        promoted(items.filter { $0.shown != .stderrOnly && !$0.verboseOnly })
    }

    private func promoted(_ items: [Diagnostic]) -> [Diagnostic] {
        guard warningsAreErrors else { return items }
        return items.map { item in
            guard item.severity == .warning else { return item }
            var promoted = item
            promoted.severity = .error
            promoted.status = .problemFound
            return promoted
        }
    }

    private var grouped: [Diagnostic] {
        var grouped: [Diagnostic] = []
        if listsEachFile {
            grouped = items
        } else {
            let items = self.items.filter { !$0.verboseOnly }
            // One line per file first: a variable font with twenty
            // over-long instance names is one warning, with the count and
            // the first.
            var perFile: [String: Int] = [:]
            for item in items where item.sharedReason != nil {
                if let file = item.file { perFile[file, default: 0] += 1 }
            }
            var collapsedItems: [Diagnostic] = []
            var collapsed = Set<String>()
            for item in items {
                guard item.sharedReason != nil, let file = item.file, let count = perFile[file], count > 1 else {
                    collapsedItems.append(item)
                    continue
                }
                guard collapsed.insert(file).inserted else { continue }
                var line = item
                line.message =
                    "\(count) problems, the first: \(item.message) (\(CommandInput.verbose) lists each)"
                line.sharedReason = nil
                collapsedItems.append(line)
            }
            var byReason: [String: [String]] = [:]
            for item in collapsedItems {
                if let reason = item.sharedReason, let file = item.file { byReason[reason, default: []].append(file) }
            }
            var printed = Set<String>()
            for item in collapsedItems {
                guard let reason = item.sharedReason, let paths = byReason[reason], paths.count > Self.groupAbove
                else {
                    grouped.append(item)
                    continue
                }
                guard printed.insert(reason).inserted else { continue }
                let shown = paths.prefix(Self.groupAbove).joined(separator: ", ")
                grouped.append(
                    Diagnostic(
                        severity: .warning,
                        message:
                            "\(paths.count) files: \(reason) (\(shown), and \(paths.count - Self.groupAbove) more; \(CommandInput.verbose) lists each)",
                        file: nil, position: nil, status: .success))
            }
        }
        return grouped
    }

    /// The errors, as printed.
    public var errors: [Diagnostic] { effective.filter { $0.severity == .error } }

    /// Whether any error was reported.
    public var hasErrors: Bool { !errors.isEmpty }

    /// The exit status: the most serious an error asked for, else success.
    public var exitStatus: ExitStatus {
        max(effective.map(\.status).max() ?? .success, reportHasProblems ? .problemFound : .success)
    }

    /// Everything for stderr, one line each; a command-line error is
    /// followed by `afterCommandLineError` of the subcommand it concerns
    /// (the front end's usage line and where to read more).
    public func rendered(afterCommandLineError: (String) -> String, spell: (CommandInput) -> String) -> String {
        var out = ""
        for item in effective {
            out += item.rendered(spell: spell) + "\n"
            if let topic = item.usageOf { out += afterCommandLineError(topic) }
        }
        return out
    }

    /// The JSON document a run in JSON mode prints when an error ends it:
    /// `{"errors": [{"code", "column", "file", "line", "message"}], "schemaVersion": 1}`.
    public func errorDocument(spell: (CommandInput) -> String) -> JSONValue {
        .object(["schemaVersion": .int(jsonSchemaVersion), "errors": errorsJSON(spell: spell)])
    }

    /// The errors as a JSON array, for a command's own document.
    public func errorsJSON(spell: (CommandInput) -> String) -> JSONValue {
        .array(
            errors.map { item in
                .object([
                    "code": .string(item.reportCode),
                    "file": .string(item.file), "line": item.position.map { .int($0.line) } ?? .null,
                    "column": item.position.map { .int($0.column) } ?? .null,
                    "message": .string(item.message.worded(spell)),
                ])
            })
    }
}

/// A text some characters of which have no glyph in any face (the face
/// asked for, nor any fontconfig falls back to).
public struct MissingGlyphs: Sendable, Equatable {
    /// The text as measured.
    public var text: String
    /// How many of its characters have no glyph.
    public var count: Int
    /// Its language, when known.
    public var language: String?

    /// Creates one.
    public init(text: String, count: Int, language: String?) {
        self.text = text
        self.count = count
        self.language = language
    }
}

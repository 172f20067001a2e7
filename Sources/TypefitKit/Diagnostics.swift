import TypefitCore

/// One error, warning or note: a finding (what, as values), how serious,
/// and where. The front end words and prints it.
public struct Diagnostic: Equatable, Sendable {
    /// How serious it is.
    public enum Severity: String, Sendable {
        case error, warning, note
    }

    /// How serious it is.
    public var severity: Severity
    /// What it is about, as values.
    public var finding: Finding
    /// The file it is about, if any.
    public var file: String?
    /// Where in `file`, if known.
    public var position: SourcePosition?
    /// For an error, the status it ends the run with; `.success` otherwise.
    public var status: ExitStatus
    /// For a usage error: the subcommand whose usage line follows (`""`
    /// for typefit itself).
    public var usageOf: String?
    /// A warning about a font file: the front end may print the files
    /// that share one finding as one line (see `Diagnostics.fileWarnings`).
    public var isFileWarning = false
    /// Printed only under `--verbose` (a cache rebuilt, say).
    public var verboseOnly = false
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
        severity: Severity, finding: Finding, file: String? = nil, position: SourcePosition? = nil,
        status: ExitStatus = .success
    ) {
        (self.severity, self.finding, self.status) = (severity, finding, status)
        (self.file, self.position) = (file, position)
    }
}

/// Everything a run reports besides its data: collected as the run goes,
/// in order, and the one source of the exit status (modelled on
/// swift-format's diagnostics engine; the front end groups, words and
/// prints them).
public struct Diagnostics: Equatable, Sendable {
    /// What was reported, in order.
    public private(set) var items: [Diagnostic] = []
    /// Whether warnings count as errors (`--strict`): each ends the run
    /// with status 1 and prints as an error.
    public var warningsAreErrors = false

    /// Whether a warning shared by many files is printed once per file
    /// (`--verbose`) rather than once with a count (see `fileWarnings`).
    public var listsEachFile = false

    /// The run in one line (`fit` under a CI report): with it, stderr
    /// shows this line and what stopped the run, not each finding, which
    /// the report on stdout holds.
    public var summary: String?

    /// Whether the run's own report (on stdout) holds problems, as `check`'s
    /// does: the run ends with status 1 without a line on stderr.
    public var reportHasProblems = false

    /// Creates an empty collection.
    public init() {}

    /// An error that ends the run with `status`.
    public mutating func error(
        _ finding: Finding, status: ExitStatus, file: String? = nil, at position: SourcePosition? = nil
    ) {
        items.append(Diagnostic(severity: .error, finding: finding, file: file, position: position, status: status))
    }

    /// A problem the run went on after; an error under `--strict`.
    public mutating func warning(_ finding: Finding, file: String? = nil, at position: SourcePosition? = nil) {
        items.append(Diagnostic(severity: .warning, finding: finding, file: file, position: position))
    }

    /// Warnings about font files, in order. The front end prints the
    /// files that share a finding, when more than `groupAbove` do, as one
    /// line with their count and the first few paths (a folder of X11
    /// bitmap fonts in legacy encodings is hundreds of them), unless
    /// `listsEachFile`. Under `--strict` each is an error, as any warning.
    public mutating func fileWarnings(_ problems: [(path: String, finding: Finding)]) {
        for problem in problems {
            var item = Diagnostic(severity: .warning, finding: problem.finding, file: problem.path)
            item.isFileWarning = true
            items.append(item)
        }
    }

    /// How many files must share a finding for their warnings to be one
    /// line.
    public static let groupAbove = 3

    /// Information about how a result was made.
    public mutating func note(_ finding: Finding, file: String? = nil, at position: SourcePosition? = nil) {
        items.append(Diagnostic(severity: .note, finding: finding, file: file, position: position))
    }

    /// A note printed only under `--verbose`.
    public mutating func verboseNote(_ finding: Finding, file: String? = nil) {
        var item = Diagnostic(severity: .note, finding: finding, file: file)
        item.verboseOnly = true
        items.append(item)
    }

    /// A file that could not be read or parsed (exit 2), at a position when
    /// known.
    public mutating func cannotRead(_ error: SourceError, in file: String) {
        self.error(.fileMalformed(reason: error.message), status: .cannotRun, file: file, at: error.position)
    }

    /// Appends another run's diagnostics.
    public mutating func append(_ other: Diagnostics) {
        items += other.items
        summary = other.summary ?? summary
    }

    /// Appends a finding: a diagnostic with its place.
    public mutating func add(_ item: Diagnostic) {
        items.append(item)
    }

    /// `items` with warnings made errors under `--strict`.
    public func promoted(_ items: [Diagnostic]) -> [Diagnostic] {
        guard warningsAreErrors else { return items }
        return items.map { item in
            guard item.severity == .warning else { return item }
            var promoted = item
            promoted.severity = .error
            promoted.status = .problemFound
            return promoted
        }
    }

    /// The diagnostics as CI reports list them: every finding, none
    /// grouped (a report is read by tools), warnings promoted under
    /// `--strict`; notes printed only under `--verbose` left out.
    public var reported: [Diagnostic] {
        promoted(items.filter { $0.shown != .stderrOnly && !$0.verboseOnly })
    }

    /// The diagnostics that count for the exit status: those stderr
    /// prints, warnings promoted under `--strict`. (Grouping file
    /// warnings into one line changes no status.)
    private var counted: [Diagnostic] {
        promoted(items.filter { $0.shown != .reportsOnly })
    }

    /// Whether any error was reported.
    public var hasErrors: Bool { counted.contains { $0.severity == .error } }

    /// The exit status: the most serious an error asked for, else success.
    public var exitStatus: ExitStatus {
        max(counted.map(\.status).max() ?? .success, reportHasProblems ? .problemFound : .success)
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

import TypefitCore
import TypefitKit

/// A report of a run's findings for a CI system (`--format github`,
/// `sarif`, `junit`): made from the run's diagnostics once it is over, so
/// it says what stderr says (`--strict` applied) and agrees with the JSON
/// document's verdict. A new report is one type here and one line in
/// `FindingReports.all`; commands offer every report their `--format`
/// lists.
protocol FindingReport: Sendable {
    /// The `--format` value that asks for it.
    static var format: OutputFormat { get }
    /// What it writes, for `--format`'s help.
    static var summary: String { get }
    /// The report of `findings` (every finding, none grouped or capped).
    static func render(_ findings: [ReportedFinding], run: ReportedRun) -> [UInt8]
}

/// The reports, one per format.
enum FindingReports {
    /// Every report.
    static let all: [any FindingReport.Type] = [GitHubAnnotations.self, SARIFReport.self, JUnitReport.self]

    /// Their `--format` values.
    static var formats: [FormatChoice] { all.map { FormatChoice(format: $0.format, summary: $0.summary) } }

    /// The report `format` asks for, if it is one.
    static func report(for format: OutputFormat) -> (any FindingReport.Type)? {
        all.first { $0.format == format }
    }

    /// The report of a run's diagnostics in `format`.
    static func render(
        _ format: OutputFormat, diagnostics: Diagnostics, subjects: [ReportSubject], command: String,
        workingDirectory: String?
    ) -> [UInt8]? {
        guard let report = report(for: format) else { return nil }
        var findings = diagnostics.reported.map { ReportedFinding($0, workingDirectory: workingDirectory) }
        let status = diagnostics.exitStatus
        let stopped = status == .cannotRun || status == .usage
        // A run that stopped checked nothing: the report is the stop alone
        // (a JUnit file listing every string as passing beside "ICU is
        // missing" read as a green run).
        if stopped { findings.removeAll { !$0.isStop } }
        let run = ReportedRun(
            command: command, subjects: stopped ? [] : subjects, workingDirectory: workingDirectory,
            status: status)
        return report.render(findings, run: run)
    }
}

/// A string a run checked: a JUnit report has a test case for it whether
/// or not anything was found.
public struct ReportSubject: Sendable, Equatable {
    /// Its file (`nil`: an argument).
    public var file: String?
    /// Its language.
    public var language: String?
    /// Its key.
    public var key: String

    /// Creates one.
    public init(file: String?, language: String?, key: String) {
        (self.file, self.language, self.key) = (file, language, key)
    }
}

/// What a report says of the run besides its findings.
struct ReportedRun {
    /// The subcommand (`fit`, `check`).
    var command: String
    /// The strings checked.
    var subjects: [ReportSubject]
    /// The working folder, which relative paths are relative to.
    var workingDirectory: String?
    /// The run's exit status.
    var status: ExitStatus
}

/// A diagnostic as a report shows it: its message worded as on stderr
/// (options spelled, control characters escaped: a key's line break is
/// `\n`, never a line of its own), its path relative to the working
/// folder where it is inside it.
struct ReportedFinding {
    /// The diagnostic.
    var item: Diagnostic
    /// Its message, one line.
    var message: String
    /// Its file, relative to the working folder where it is in it; `nil`
    /// for none or standard input.
    var path: String?

    init(_ item: Diagnostic, workingDirectory: String?) {
        self.item = item
        message = Message.bounded(TerminalText.escapingControls(item.message.worded(CommandInput.spelling)))
        if let file = item.file, file != "-" {
            path = Self.relative(file, to: workingDirectory)
        }
    }

    /// Whether it stopped the run (an error of exit 2 or 64): a tool
    /// execution notification in SARIF, not a result about the code.
    var isStop: Bool { item.severity == .error && (item.status == .cannotRun || item.status == .usage) }

    /// `path` without the working folder's prefix when it is inside it.
    static func relative(_ path: String, to folder: String?) -> String {
        guard let folder, path.hasPrefix("/") else { return path }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix), path.count > prefix.count else { return path }
        return String(path.dropFirst(prefix.count))
    }

    /// The rule it is a result of.
    var code: String { item.reportCode.rawValue }
}

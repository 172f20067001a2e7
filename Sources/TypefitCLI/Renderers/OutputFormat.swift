import TypefitCore

/// A `--format` value: the name a renderer or CI report is picked by.
/// Not a closed enum: a format is declared beside its renderer (`static
/// let css = OutputFormat("css")` in its own file) and offered by the
/// command lists that hold the renderer, so a new format is one file and
/// one line in a list. Each command accepts only its lists' formats: the
/// option's spellings are those lists', and the parser refuses any other.
public struct OutputFormat: Hashable, Sendable, CustomStringConvertible {
    /// Its name on the command line and in help, lower case.
    public let rawValue: String

    /// The format named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Its name.
    public var description: String { rawValue }

    /// JSON for scripts (each command's document has a schema in `schema/`).
    public static let json = OutputFormat("json")
    /// A readable table for people.
    public static let table = OutputFormat("table")

    /// Whether a CI report of the run's findings is made in it, from its
    /// diagnostics once the run is over (`--strict` applied).
    public var isFindingReport: Bool { FindingReports.report(for: self) != nil }
}

/// A format a command offers, and what it writes there (help's words).
struct FormatChoice: Sendable {
    /// The format.
    var format: OutputFormat
    /// What it writes, for help.
    var summary: String
}

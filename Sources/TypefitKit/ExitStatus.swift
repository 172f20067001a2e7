/// typefit's exit statuses, the same for every subcommand. A run's status is
/// computed in one place, `Diagnostics.exitStatus`, from what it reported.
/// What each means is the command line's to say (TypefitCLI's
/// `ExitStatus+Words.swift`).
public enum ExitStatus: Int32, Sendable, Comparable, CaseIterable {
    /// Done; warnings may have been printed.
    case success = 0
    /// The work was done and found a problem.
    case problemFound = 1
    /// The work could not be done.
    case cannotRun = 2
    /// The command line is wrong (EX_USAGE).
    case usage = 64

    /// The more serious status wins: usage, then cannot-run, then a found
    /// problem.
    public static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.rawValue < b.rawValue }
}

/// typefit's exit statuses, the same for every subcommand. A run's status is
/// computed in one place, `Diagnostics.exitStatus`, from what it reported.
public enum ExitStatus: Int32, Sendable, Comparable {
    /// Done; warnings may have been printed.
    case success = 0
    /// The work was done and found a problem: text that does not fit
    /// (`fit --require`), `check` errors, warnings under `--strict`, no face
    /// matching `list-fonts --family`/`--postscript-name`.
    case problemFound = 1
    /// The work could not be done: an input (font, spec, strings file) that
    /// cannot be found, read or parsed, a library failing, a write error.
    case cannotRun = 2
    /// The command line is wrong (EX_USAGE), including a style or category
    /// the chosen platform does not have.
    case usage = 64

    /// The more serious status wins: usage, then cannot-run, then a found
    /// problem.
    public static func < (a: ExitStatus, b: ExitStatus) -> Bool { a.rawValue < b.rawValue }
}

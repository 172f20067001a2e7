/// typefit's exit statuses, the same for every subcommand. A run's status is
/// computed in one place, `Diagnostics.exitStatus`, from what it reported.
/// What each means is said here once: help, typefit(1) and the tables in
/// README.md and docs/REFERENCE.md are made from (or tested against)
/// `summary` and `details`.
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

    /// One sentence, as help and the manual page state it.
    public var summary: String {
        switch self {
        case .success: return "Done; warnings may have been printed."
        case .problemFound:
            return "Done, and found a problem: text that does not fit (fit --require), check errors, "
                + "warnings under --strict, no face matching list-fonts --family/--postscript-name."
        case .cannotRun:
            return "Could not be done: a font, spec or strings file missing or unreadable, a library failing."
        case .usage: return "The command line is wrong (EX_USAGE)."
        }
    }

    /// The full statement, as README.md and docs/REFERENCE.md table it
    /// (Markdown).
    public var details: String {
        switch self {
        case .success:
            return "Done. Warnings (a broken font file inside a `--dir`, a spec face that is not installed) may be "
                + "on stderr."
        case .problemFound:
            return "Done, and found a problem: `fit --require` text that does not fit; `check` errors (for "
                + "`check`, whose job is judging the spec, a spec that does not parse is a finding too); any "
                + "warning under `--strict`; no face matching `list-fonts --family`/`--postscript-name`."
        case .cannotRun:
            return "Could not be done: a font, spec or strings file that cannot be found, read or parsed by a "
                + "command that needs it (`scale --spec` with a malformed spec, `fit --strings` with a missing "
                + "file, `measure --font` with a face that is not installed, `scale --family` with a family that "
                + "is not), `check --spec` on a file that does not exist, a font file named on the command line "
                + "that is not a font, fontconfig/FreeType/HarfBuzz failing, an output file or stdout that cannot "
                + "be written."
        case .usage:
            return "The command line is wrong: unknown subcommand, option, style or category; a bad value; "
                + "options that do not go together; a style or category the chosen platform (or spec) does not "
                + "have; `typefit` with no subcommand (the overview goes to stderr)."
        }
    }

    /// The Markdown table README.md and docs/REFERENCE.md hold.
    public static var markdownTable: String {
        "| status | meaning |\n|---|---|\n"
            + allCases.map { "| \($0.rawValue) | \($0.details) |\n" }.joined()
    }
}

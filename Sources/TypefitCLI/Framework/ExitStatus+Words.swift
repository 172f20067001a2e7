import TypefitCore
import TypefitKit

/// What each status means, in the command line's words, said once: help,
/// typefit(1) and the tables in README.md and docs/REFERENCE.md are made
/// from (or tested against) `summary` and `details`.
extension ExitStatus {
    /// One sentence, as help and the manual page state it.
    public var summary: String {
        switch self {
        case .success: return "Done; warnings may have been printed."
        case .problemFound:
            return "Done, and found a problem: text that does not fit (fit --require), placeholders that differ "
                + "from the source (fit, review), check errors, "
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
            return "Done, and found a problem: `fit --require` text that does not fit; a translation whose "
                + "placeholders differ from its source's, or a source whose own are wrong (`fit`, `review`); with "
                + "`--require-translated`, an entry a language does not translate; `check` errors (for `check`, whose job "
                + "is judging the spec, a spec that does not parse is a finding too); any warning under `--strict`; no face matching `list-fonts --family`/`--postscript-name`."
        case .cannotRun:
            return "Could not be done: a font, spec or strings file that cannot be found, read or parsed by a "
                + "command that needs it (`scale --spec` with a malformed spec, `fit --strings` with a missing "
                + "file, `measure --font` with a face that is not installed, `scale --family` with a family that "
                + "is not), `check --spec` on a file that does not exist, a `--fonts-dir` or `list-fonts --dir` "
                + "folder that does not exist, cannot be read or holds no font, a font file named on the command line "
                + "that is not a font, fontconfig/FreeType/HarfBuzz/ICU failing, an output file or stdout that "
                + "cannot be written; an input whose path leads through a symbolic link out of its tree, or into "
                + "a .git folder; strings files past one of a run's limits (more than 200,000 strings, 20 million "
                + "characters to measure once every substitution is made, or 1,000 languages in all, a language "
                + "tag that is not BCP 47, stdout past 1 GiB)."
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

extension CommandInput {
    /// The input as typed on typefit's command line.
    static func spelling(_ input: CommandInput) -> String {
        switch input {
        case .fontsDirectory: return "--fonts-dir"
        case .noInstalledFonts: return "--no-installed-fonts"
        case .stringsFiles: return "--strings"
        case .keyPatterns: return "--keys"
        case .sample: return "--sample"
        case .markdown: return "--markdown"
        case .noMarkdown: return "--no-markdown"
        case .verbose: return "--verbose"
        case .fitDocument: return "fit --format json"
        case .followSymlinks: return "--follow-symlinks"
        case .systemFonts: return "--system-fonts DIR (or TYPEFIT_SYSTEM_FONTS=DIR)"
        case .standIn: return "--family NAME --model system"
        }
    }
}

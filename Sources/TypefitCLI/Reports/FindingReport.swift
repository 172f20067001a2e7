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
    /// The report of `findings` (every finding, none grouped or capped).
    static func render(_ findings: [ReportedFinding], run: ReportedRun) -> [UInt8]
}

/// The reports, one per format.
enum FindingReports {
    /// Every report.
    static let all: [any FindingReport.Type] = [GitHubAnnotations.self, SARIFReport.self, JUnitReport.self]

    /// Their `--format` values.
    static var formats: [OutputFormat] { all.map { $0.format } }

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
    var code: String { item.reportCode }
}

/// What each finding code means, for SARIF's rules and help.
enum FindingCodes {
    /// Per code: a short description and what to do.
    static let catalog: [(code: String, summary: String, help: String)] = [
        (
            "does-not-fit", "A string does not fit where it is required to",
            "It needs more lines than the rule allows, or a word is wider than the line, at the required text "
                + "size. Shorten the translation, allow more lines, or widen the layout."
        ),
        (
            "placeholder-missing", "A translation lacks an argument its source reads",
            "The device prints the wrong value or none. Add the placeholder to the translation."
        ),
        (
            "placeholder-extra", "A translation reads an argument its source does not",
            "String(format:) reads past its arguments: garbage or a crash. Remove the placeholder."
        ),
        (
            "placeholder-changed", "A translation reads an argument as another type",
            "%@ where the source has %d makes Foundation read an integer as an object: a crash. Use the "
                + "source's conversion."
        ),
        (
            "placeholder-two-kinds", "A format reads one argument as two types",
            "Foundation reads the argument once per conversion; two types for one argument read garbage."
        ),
        (
            "placeholder-skipped", "A format skips an argument",
            "Positional arguments must be read without gaps, or the arguments after the gap are read wrong."
        ),
        (
            "placeholder-variable-undefined", "A format names a plural variable that is not defined",
            "The device prints the format as written. Define the variable or use the source's name."
        ),
        (
            "placeholder-variable-moved", "A plural variable reads another argument than in the source",
            "The variable's number is taken from another argument. Keep the source's argument."
        ),
        (
            "placeholder-not-a-conversion", "A '%' starts no conversion Foundation knows",
            "Foundation prints it differently than written; write %% for a percent sign."
        ),
        (
            "placeholder-space-flag", "A '% ' is read as a conversion with the space flag",
            "\"50% off\" is % o, an octal conversion: write %% for a percent sign."
        ),
        (
            "placeholder-plural-object", "A plural variable chooses its form by an object",
            "Its value type is '@'; only a number chooses a plural form. Give the count's specifier (d, lld)."
        ),
        (
            "placeholder-plural-form-empty", "A translation's plural form is empty",
            "Nothing is shown for the numbers of its category. Translate the form."
        ),
        (
            "placeholder-plural-form-drops", "A translation's plural form leaves out an argument the source shows",
            "Every form of the source shows it; the numbers of this form lose it. Add it to the form."
        ),
        (
            "placeholder-plural-count-never-shown", "No form of a translation's plural shows the count",
            "The source shows the number; the translation never does. Add the count."
        ),
        (
            "placeholder-plural-count-implied", "A plural form without the count is shown for several numbers",
            "A warning (lint's ImpliedQuantity): Russian one is also shown for 21, 31 … Show the count."
        ),
        (
            "placeholder-unformattable", "A format Foundation cannot format",
            "Foundation stops at it (a position over 127, say)."
        ),
        (
            "placeholder-java-exception", "A Java format java.util.Formatter throws on",
            "Android's getString(id, args) crashes on it (a '% ' meant as a percent sign, %lld, %@): write %% for "
                + "a percent sign and Java's conversions."
        ),
        (
            "placeholders-not-compared", "Placeholders not compared: no source strings",
            "Give the development language's file too, or --source-language."
        ),
        (
            "plural-coverage", "A plural lacks a category its language uses",
            "The device shows the 'other' form for such numbers. Add the missing forms."
        ),
        (
            "untranslated", "An entry is not translated",
            "The device shows the development language's text (with --require-translated, an error)."
        ),
        (
            "missing-glyphs", "Characters with no glyph in any face",
            "They are measured as blank. Install a font that covers them or give one with --fonts-dir."
        ),
        (
            "face-not-opened", "A face could not be opened",
            "Its strings were not measured. Give a readable font file."
        ),
        (
            "missing-face", "A spec's face is not installed nor in --fonts-dir",
            "UIFont(name:) returns nil on the device and the system font is used."
        ),
        (
            "not-shipped", "A spec's face is installed here but not in the app's folder",
            "The app does not ship it. Add its file to the app."
        ),
        (
            "instance-name", "A variable font's named instance as a face",
            "UIFont(name:) is not known to take it; use the default face's name with a 'wght' variation."
        ),
        (
            "below-minimum", "A size below Apple's 11 pt minimum",
            "Text below 11 pt is hard to read; raise the size or the table."
        ),
        (
            "max-below-design", "maxPointSize below the design size",
            "The style never reaches its own design size."
        ),
        (
            "shrinking-table", "A size table shrinks as the category grows",
            "Text gets smaller as the user asks for larger text."
        ),
        (
            "shrinking-size", "A style shrinks as the category grows",
            "After the table and limits, text gets smaller as the user asks for larger text."
        ),
        (
            "wcag-resize", "Running text does not reach 200% by AX5",
            "WCAG 1.4.4 wants text resizable to 200%."
        ),
        (
            "file-unreadable", "A file that cannot be read",
            "It does not exist or cannot be opened; the run exits 2."
        ),
        (
            "file-read-once", "A file reached by a second path",
            "A link or a second name leads to a file already read; it is read once."
        ),
        (
            "shadowed-by-stringsdict", ".strings entries a .stringsdict of the same table overrides",
            "A note: CFBundle sets each .stringsdict key over the .strings table, so the device never shows them."
        ),
        (
            "text-budget-exceeded", "More text than one run measures",
            "Once every substitution is made the strings exceed typefit's limit per run; the run exits 2."
        ),
        (
            "file-malformed", "A strings file that does not parse",
            "Fix the file at the line and column named; the run exits 2."
        ),
        (
            "strings-empty", "A strings file that holds no strings",
            "A gate over it would check nothing; the run exits 2."
        ),
        (
            "source-sets-not-read", "A module's other source sets, not read",
            "A module root gives src/main/res, what every build ships; --source-set NAME reads src/NAME/res over "
                + "it, as Gradle merges a variant's resources."
        ),
        (
            "source-set-not-found", "A source set no module given has",
            "--source-set names a folder under a module root's src/ with a res folder; the run exits 2."
        ),
        (
            "language-not-found", "No strings in the language asked for",
            "The files hold other languages; the message names them."
        ),
        (
            "pattern-failed", "A file pattern that could not be searched",
            "The run exits 2."
        ),
        (
            "pattern-matches-nothing", "A file pattern that matches no file",
            "The run exits 2."
        ),
        (
            "duplicate-key", "A .strings key given twice with different values",
            "Foundation keeps the last value, which is the one measured; remove the other."
        ),
        (
            "pseudolocales", "Source strings also measured in pseudolocales",
            "A note: --pseudolocale made them, as aapt2 --pseudo-localize does."
        ),
        (
            "reference-unresolved", "An Android string referring to a string no file defines",
            "aapt2 stops the build at it; the reference is measured as written. Define the string or fix the name."
        ),
        (
            "reference-cycle", "An Android string whose references come back to a name in their chain",
            "aapt2 builds it; a device looks up 21 names in a row and finds no text. Make one of them a string."
        ),
        (
            "reference-too-deep", "An Android string going through more than 21 references in a row",
            "A device looks up at most 21 names in a row (AssetManager2) and finds no text. Shorten the chain."
        ),
        (
            "no-key-matches", "No string's key matches the key patterns",
            "Nothing would be checked; the run exits 2."
        ),
        (
            "no-rule-matches", "No string's key matches a rule",
            "Nothing would be checked; the run exits 2."
        ),
        (
            "keys-without-rule", "Keys no rule matches",
            "They are not checked (a warning under --strict)."
        ),
        (
            "rule-clamp-inverted", "A rule's minimum category above its maximum",
            "The rule cannot be applied; the run exits 2."
        ),
        (
            "spec-malformed", "A spec that does not parse",
            "Fix it at the line and column named."
        ),
        (
            "spec-field-ignored", "A spec field typefit does not apply",
            "ScaledFont applies it at run time; the sizes are computed without it."
        ),
        (
            "style-not-in-spec", "A style the spec does not define",
            "Ask for one of its styles, or add it to the spec."
        ),
        (
            "style-without-counterpart", "A spec style with no counterpart on the platform",
            "Those styles are left out."
        ),
        (
            "face-missing", "A face that is not installed nor in --fonts-dir",
            "Its text cannot be measured or is drawn as boxes; give its file."
        ),
        (
            "face-not-found", "No face with the name given",
            "Give a PostScript, family or full name the fonts have (the message suggests some)."
        ),
        (
            "family-not-found", "No family with the name given",
            "Give a family the fonts have (the message suggests some)."
        ),
        (
            "family-is-full-name", "A family name that is a face's full name",
            "The face is listed by its full name."
        ),
        (
            "path-not-name", "A font file's path where a face's name belongs",
            "Give its folder with --fonts-dir and name one of its faces."
        ),
        (
            "built-in-face", "A face built into iOS",
            "The app rightly does not ship it; this machine's copy is measured where there is one."
        ),
        (
            "face-provenance", "A face built into iOS, measured with this machine's copy",
            "It is not in the app's folder, rightly: iOS has it."
        ),
        (
            "face-not-shipped", "A face found among the installed fonts, not the app's folder",
            "The app does not ship it: add its file to the app, or name a face it ships (--no-installed-fonts "
                + "uses the folder alone)."
        ),
        (
            "uifont-lookup", "How UIFont(name:) finds the face",
            "The name is not the face's PostScript name; UIFont(name:) takes it as the message says."
        ),
        (
            "weight-stand-in", "A weight the family lacks",
            "The nearest face is used, as CSS font matching chooses."
        ),
        (
            "system-font-unavailable", "The system font is not available",
            "Give Apple's files with --system-fonts, Android's with --android-fonts (or install Roboto), or name a face."
        ),
        (
            "font-unusable", "A font file typefit cannot use",
            "It is skipped; the message says why."
        ),
        (
            "font-folder-unusable", "A font folder that cannot be used",
            "It does not exist, cannot be read or holds no font; the run exits 2."
        ),
        (
            "postscript-name-rules", "A PostScript name that breaks the PostScript rules",
            "UIFont(name:) takes it as stored; other tools do not."
        ),
        (
            "duplicate-postscript-name", "Two font files with one PostScript name",
            "Which one iOS uses is not defined; remove one."
        ),
        (
            "fontconfig-unusable", "A fontconfig configuration that cannot be read",
            "The run exits 2."
        ),
        (
            "fontconfig-failed", "fontconfig failed",
            "The run exits 2."
        ),
        (
            "listing-cache", "The listing cache was not used",
            "It was rebuilt or could not be written; nothing else changes."
        ),
        (
            "line-breaker-unavailable", "ICU's line breaker could not be loaded",
            "Lines cannot be broken; the run exits 2."
        ),
        (
            "plural-rules-unavailable", "ICU's plural rules could not be loaded",
            "Plural forms are measured with the default samples."
        ),
        (
            "plural-samples", "The numbers plural forms are measured with",
            "A note: each category's number by ICU's rules."
        ),
        (
            "machine-fallback", "Characters measured in a face this machine chose",
            "A note: no face of the device's fallbacks is installed for them; install the script's Noto face or "
                + "give the app's with --fonts-dir. fit's JSON names the faces per string ('fallbacks')."
        ),
        (
            "placeholder-samples", "The values placeholders are measured with",
            "Choose others with --sample."
        ),
        (
            "untranslated-measured", "Entries measured as iOS shows them untranslated",
            "A note: the development language's text is measured."
        ),
        (
            "cap", "A limit typefit applied",
            "A string cut to its maximum length, or forms left out; the note says which."
        ),
        (
            "markdown-rendered", "Strings measured as SwiftUI draws Markdown",
            "--no-markdown measures them as written."
        ),
        (
            "markdown-literal", "Markdown measured as written",
            "Give --markdown to measure it as SwiftUI's Text draws it."
        ),
        (
            "markdown-faces", "The faces of Markdown runs",
            "A note."
        ),
        (
            "markdown-synthetic", "Markdown runs with no face of their own",
            "They are measured at the regular face's widths."
        ),
        (
            "specimen-fallback", "Characters drawn with a fallback face",
            "The face measured lacks them."
        ),
        (
            "outline-cap", "Glyph outlines past typefit's cap",
            "They are drawn as boxes."
        ),
        (
            "system-font-incomplete", "The system font's files lack a face iOS uses",
            "A weight, or SF Pro Text or Display for a size, is missing from --system-fonts: those cells are "
                + "measured in another face. Add the file (Apple's download has every weight and cut)."
        ),
        (
            "measured-setting", "The coordinates and tracking a face was measured at",
            "A --verbose note: a variable face's axis values (opsz from the point size unless --optical-size "
                + "says otherwise) and the tracking Core Text's trak table adds."
        ),
        (
            "tracking-extrapolated", "Sizes beyond a face's trak table",
            "A note: the tracking there is extrapolated along the table's nearest two sizes (Apple's trak "
                + "description); HarfBuzz holds the end value, and Core Text's rule is not published."
        ),
        (
            "shapings", "How many shapings a string took",
            "A --verbose note: once per face and variation coordinates; sizes that differ only in tracking share one."
        ),
        (
            "page-cap", "The review page reached its size cap",
            "The failing strings past it are counted but not drawn; `fit --format json` lists all."
        ),
        (
            "desktop-scale", "The desktop's text size",
            "A note: the category whose Body size is nearest."
        ),
        (
            "desktop-scale-unavailable", "No desktop text size",
            "--category system needs GNOME's setting or GDK_DPI_SCALE."
        ),
        (
            "watch-size", "A watch size's default category",
            "A note."
        ),
        (
            "fixed-sizes", "macOS has no Dynamic Type",
            "Its text styles have fixed sizes."
        ),
        (
            "base-changed", "The strings added or changed since --base",
            "A note."
        ),
        (
            "output-refused", "An output path typefit will not write",
            "A link leading out of its tree, a folder or a read-only file; the run exits 2."
        ),
        (
            "output-unwritable", "An output that could not be written",
            "The run exits 2."
        ),
        (
            "uiappfonts-left-out", "A file left out of UIAppFonts",
            "A note: the message says why."
        ),
        (
            "uiappfonts-clash", "Files Xcode would copy to one bundle name",
            "Xcode refuses them (\"Multiple commands produce\"); rename one."
        ),
        ("input-error", "A file or font typefit could not use", "Nothing was checked in it; the run exits 2."),
        ("usage-error", "A command line typefit cannot run", "See typefit help."),
        ("problem", "A problem found", "See the message."),
        ("warning", "A warning", "See the message."),
        ("note", "A note", "See the message."),
    ]
}

/// A part of the command line a finding points its reader to ("give its
/// file with …"). The library names it by this value, never by its
/// spelling: a finding's text holds the input's `token`, and the front end
/// words it (`worded(_:)`) when it prints or writes the finding (the CLI
/// spells `fontsDirectory` as `--fonts-dir`).
public enum CommandInput: String, Sendable, CaseIterable {
    /// The folders of font files an app ships.
    case fontsDirectory
    /// Those folders alone, never the machine's installed fonts.
    case noInstalledFonts
    /// The strings files given.
    case stringsFiles
    /// The key patterns that keep strings.
    case keyPatterns
    /// A placeholder's sample value.
    case sample
    /// Measuring strings as Markdown.
    case markdown
    /// Measuring strings as written.
    case noMarkdown
    /// One line per file.
    case verbose
    /// fit's JSON document, which lists every failure.
    case fitDocument
    /// Writing through any symbolic link.
    case followSymlinks
    /// Folders holding Apple's system font files.
    case systemFonts
    /// A family measured at Apple's table in place of the system font.
    case standIn

    /// What stands for the input in a finding's text until it is worded.
    public var token: String { "\u{1}" + rawValue + "\u{1}" }
}

extension String {
    /// The text with each command input's token replaced by `spell` of it.
    public func worded(_ spell: (CommandInput) -> String) -> String {
        guard contains("\u{1}") else { return self }
        var result = ""
        for (i, part) in split(separator: "\u{1}", omittingEmptySubsequences: false).enumerated() {
            if i % 2 == 1, let input = CommandInput(rawValue: String(part)) {
                result += spell(input)
            } else {
                result += part
            }
        }
        return result
    }
}

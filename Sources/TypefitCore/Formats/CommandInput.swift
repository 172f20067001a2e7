/// A part of the command line a finding points its reader to ("give its
/// file with …"). The library names it by this value, never by its
/// spelling: a `Message` holds it as a value beside its text, and the front
/// end words it (`Message.worded(_:)`) when it prints or writes the
/// finding (the CLI spells `fontsDirectory` as `--fonts-dir`).
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

}

/// A finding's words: text, and the command inputs it points its reader to
/// ("give its file with …") kept apart from it. The library writes a
/// message; the front end words it (`worded(_:)`), spelling each input as
/// it spells it (the CLI spells `fontsDirectory` as `--fonts-dir`). The
/// inputs are values, never characters in the text, so a key or path from
/// a strings file cannot pass for one.
public struct Message: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A piece of a message.
    public enum Part: Sendable, Hashable {
        /// Words as they are printed.
        case text(String)
        /// A command input, spelled by the front end.
        case input(CommandInput)
    }

    /// The pieces, in order.
    public private(set) var parts: [Part]

    /// Text alone, printed as it is.
    public init(_ text: String) {
        parts = text.isEmpty ? [] : [.text(text)]
    }

    /// A literal: text alone.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// An interpolated literal: `"give it with \(CommandInput.fontsDirectory)"`.
    public init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// Builds a message from a literal's pieces.
    public struct StringInterpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        /// Creates an empty one.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Literal text.
        public mutating func appendLiteral(_ literal: String) {
            append(.text(literal))
        }

        /// A command input, kept as one.
        public mutating func appendInterpolation(_ input: CommandInput) {
            parts.append(.input(input))
        }

        /// Another message, its inputs kept.
        public mutating func appendInterpolation(_ message: Message) {
            for part in message.parts { append(part) }
        }

        /// Any other value, as text; a long one (a string of a catalog, a
        /// key) quoted by its first characters (`Message.quoted`).
        public mutating func appendInterpolation<T>(_ value: T) {
            append(.text(Message.quoted(String(describing: value))))
        }

        mutating func append(_ part: Part) {
            if case .text(let text) = part, text.isEmpty { return }
            if case .text(let text) = part, case .text(let last)? = parts.last {
                parts[parts.count - 1] = .text(last + text)
            } else {
                parts.append(part)
            }
        }
    }

    /// Past this many characters a text a message quotes is cut
    /// (`quoted`): a 25,000-character string made a 25,076-character line.
    /// Paths and names stay whole far beyond any real one.
    public static let longestQuote = 512
    /// How many characters of a cut text a message shows.
    public static let quotedPrefix = 120

    /// `text` as a message quotes it: whole up to `longestQuote`
    /// characters, else its first `quotedPrefix`, `…` and its length
    /// (`xxx… (25000 characters)`). Values in JSON stay whole.
    public static func quoted(_ text: String) -> String {
        guard text.utf8.count > longestQuote else { return text }
        // Counted in scalars: one grapheme of 20,000 combining marks is one
        // `Character`.
        let count = text.unicodeScalars.count
        guard count > longestQuote else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(quotedPrefix))) + "… (\(count) characters)"
    }

    /// The most characters one worded message keeps (`bounded`).
    public static let longestMessage = 2_000

    /// A worded message cut to its first `longestMessage` characters with
    /// its length said, for whatever quoted a text whole: a diagnostic is
    /// one line a person reads, on stderr and in every report.
    public static func bounded(_ worded: String) -> String {
        guard worded.utf8.count > longestMessage else { return worded }
        let count = worded.unicodeScalars.count
        guard count > longestMessage else { return worded }
        return String(String.UnicodeScalarView(worded.unicodeScalars.prefix(longestMessage)))
            + "… (cut: \(count) characters in all)"
    }

    /// The message with each input spelled by `spell`.
    public func worded(_ spell: (CommandInput) -> String) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let text): out += text
            case .input(let input): out += spell(input)
            }
        }
        return out
    }

    /// The message as the library's own tests read it: each input as
    /// `<name>` (`<fontsDirectory>`).
    public var description: String { worded { "<" + $0.rawValue + ">" } }

    /// Whether the words (inputs as `<name>`) contain `text`.
    public func contains(_ text: String) -> Bool { description.contains(text) }

    /// Whether the words start with `text`.
    public func hasPrefix(_ text: String) -> Bool { description.hasPrefix(text) }

    /// The inputs it names.
    public var inputs: [CommandInput] {
        parts.compactMap { if case .input(let input) = $0 { input } else { nil } }
    }

    /// Two messages, one after the other. (No `+` takes a `String`: a
    /// literal beside a message is a message, so an input interpolated in
    /// it stays one.)
    public static func + (a: Message, b: Message) -> Message {
        var joined = StringInterpolation(literalCapacity: 0, interpolationCount: 0)
        for part in a.parts + b.parts { joined.append(part) }
        return Message(stringInterpolation: joined)
    }
}

// A command input or a message interpolated into a `String` would lose its
// input to text (`<fontsDirectory>` where `--fonts-dir` belongs): the
// build warns, and the project builds without warnings.
extension DefaultStringInterpolation {
    /// Deprecated: put a command input in a `Message`.
    @available(*, deprecated, message: "a command input is worded by the front end: put it in a Message, not a String")
    public mutating func appendInterpolation(_ input: CommandInput) {
        appendLiteral("<" + input.rawValue + ">")
    }

    /// Deprecated: join messages as messages.
    @available(*, deprecated, message: "a Message's inputs are worded by the front end: join Messages, not Strings")
    public mutating func appendInterpolation(_ message: Message) {
        appendLiteral(message.description)
    }
}

/// An unknown name: what was typed, what kind of thing it should have named,
/// and the nearest valid names.
public struct NameError: Error, Equatable, Sendable {
    /// What was being named ("text style", "content size category", …).
    public var kind: String
    /// What the user typed.
    public var input: String
    /// Valid names close to the input, best first.
    public var suggestions: [String]
    /// Extra explanation, when there is one.
    public var note: String?

    /// Creates a name error.
    public init(kind: String, input: String, suggestions: [String], note: String? = nil) {
        self.kind = kind
        self.input = input
        self.suggestions = suggestions
        self.note = note
    }

    /// One line for stderr.
    public var message: String {
        var text = "unknown \(kind) '\(input)'"
        if let note { text += ": \(note)" }
        if !suggestions.isEmpty {
            text += "; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        return text
    }
}

import TypefitCore
import TypefitKit

/// A value an option takes, parsed where it is bound (the shape of
/// swift-argument-parser's `ExpressibleByArgument`): the spellings help
/// lists and shells offer, and the parse that turns typed-in text into the
/// value or a usage error naming the option. An option declared with
/// `Option.value(_:_:help:_:)` takes all three from its field's type, so
/// help, completion and parsing cannot disagree.
protocol ArgumentValue: Sendable {
    /// What help lists and shells offer (empty: a free value such as a
    /// number).
    static var spellings: [String] { get }
    /// Whether `spellings` are all there is: the parser then refuses any
    /// other value with a did-you-mean before `init` sees it, and help
    /// lists them in full.
    static var isClosedSet: Bool { get }
    /// How a shell completes the value.
    static var completion: Completion { get }
    /// The value `text` stands for, or a usage error naming `option`.
    init(argument text: String, option: String) throws(UsageError)
}

extension ArgumentValue {
    static var isClosedSet: Bool { false }
    static var completion: Completion { spellings.isEmpty ? .none : .values(spellings) }
}

/// A value whose spellings are its cases' raw values, compared
/// case-insensitively: formats, platforms, layouts, models.
protocol ClosedArgumentValue: ArgumentValue, CaseIterable, RawRepresentable where RawValue == String {}

extension ClosedArgumentValue {
    static var spellings: [String] { allCases.map(\.rawValue) }
    static var isClosedSet: Bool { true }

    init(argument text: String, option: String) throws(UsageError) {
        guard let value = Self.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
            throw UsageError(NameMatching.choiceMessage("'\(option)'", text, Self.spellings))
        }
        self = value
    }
}

/// A comma list's items, trimmed; an empty item is a usage error.
func commaItems(_ text: String, option: String) throws(UsageError) -> [String] {
    var items: [String] = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
        let item = piece.trimmingSpaces
        guard !item.isEmpty else { throw UsageError("'\(option)' has an empty item in '\(text)'") }
        items.append(item)
    }
    return items
}

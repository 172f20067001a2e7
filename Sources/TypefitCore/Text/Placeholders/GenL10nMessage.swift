/// A Flutter ARB message as `flutter gen-l10n` reads it: flutter_tools'
/// `message_parser.dart` (lexer, table-driven LL(1) parser, `compress`,
/// `checkExtraRules`) ported step for step, quirks included, so that a
/// message is wrong here exactly when gen-l10n says so, with its words and
/// at its character. Its grammar is not ICU's: no `#`, `offset:`,
/// `selectordinal` or `number` arguments; apostrophes quote only with
/// `use-escaping`; a `}` that closes nothing ends the message, and what
/// follows is dropped unread (gen-l10n never checks for the end).
///
/// Offsets are in UTF-16 code units, as Dart's strings count them and as
/// gen-l10n's caret points.
public enum GenL10nMessage {
    /// One piece of a message.
    public indirect enum Part: Sendable, Equatable {
        /// Text shown as it is (quotes already resolved).
        case text(String)
        /// `{name}`.
        case placeholder(name: String, offset: Int)
        /// `{name, plural, …}`: its cases in the order written.
        case plural(name: String, offset: Int, cases: [Case])
        /// `{name, select, …}`.
        case select(name: String, offset: Int, cases: [Case])
        /// `{name, date, ::skeleton}` or `time`.
        case dateTime(name: String, offset: Int, kind: String, skeleton: String)
    }

    /// One case of a plural or select: its label as written (`one`,
    /// `other`, `=1`, `male`, `0`), where it starts, and its message.
    public struct Case: Sendable, Equatable {
        /// The label (`=1` for an exact plural case).
        public var label: String
        /// Where the case starts.
        public var offset: Int
        /// Its message.
        public var message: [Part]
    }

    /// A message gen-l10n refuses: its words (`ICU Syntax Error: …`) and
    /// the UTF-16 offset its caret points at.
    public struct SyntaxError: Error, Sendable, Equatable {
        /// gen-l10n's message, without the file and id it prefixes.
        public var message: String
        /// Where its caret points, in UTF-16 code units (the end plus one
        /// when a message ends too soon, as gen-l10n has it).
        public var offset: Int

        /// Creates one.
        public init(_ message: String, offset: Int) {
            self.message = message
            self.offset = offset
        }
    }

    /// How gen-l10n is set to read messages (`l10n.yaml`).
    public struct Options: Sendable, Equatable, Hashable {
        /// `use-escaping`: `'…'` quotes, `''` is a quote.
        public var useEscaping = false
        /// `relax-syntax`: the template's declared placeholder names; a
        /// `{` not followed by one of them, or a `}` closing nothing, is
        /// text. `nil`: strict.
        public var relaxedPlaceholders: [String]?

        /// Creates options.
        public init(useEscaping: Bool = false, relaxedPlaceholders: [String]? = nil) {
            self.useEscaping = useEscaping
            self.relaxedPlaceholders = relaxedPlaceholders
        }
    }

    /// The plural labels gen-l10n files under intl's categories
    /// (`gen_l10n.dart`'s `pluralCases`): `=0`, `=1`, `=2` become `zero`,
    /// `one`, `two`; any other `=n` is an error.
    public static func pluralCategory(ofLabel label: String) -> String? {
        switch label {
        case "=0", "zero": "zero"
        case "=1", "one": "one"
        case "=2", "two": "two"
        case "few", "many", "other": label
        default: nil
        }
    }

    /// The deepest a message's braces may nest: what reads a parsed
    /// message walks it recursively, and no real message comes near.
    public static let maximumNesting = 100

    /// `text` parsed, or the first error gen-l10n's parser reports. The
    /// checks gen-l10n makes while generating code (`=3{…}`, a case a
    /// later one overrides) are `generationProblems`'.
    public static func parse(_ text: String, options: Options = Options()) -> Result<[Part], SyntaxError> {
        var parser = Parser(units: Array(text.utf16), options: options)
        do throws(SyntaxError) {
            let tree = try parser.parseIntoTree()
            compress(tree)
            try checkExtraRules(tree)
            return .success(parts(ofMessage: tree))
        } catch {
            return .failure(error)
        }
    }

    /// What gen-l10n says of a parsed message while generating its code,
    /// in the order it says it (each plural's cases last to first, as
    /// `generateVariables` visits them): errors (a `=n` other than `=0`,
    /// `=1`, `=2`) and warnings (a case a later one overrides, which the
    /// app never shows).
    public static func generationProblems(_ parts: [Part]) -> [(error: SyntaxError, isWarning: Bool)] {
        var found: [(SyntaxError, Bool)] = []
        func visit(_ parts: [Part]) throws(SyntaxError) {
            for part in parts {
                switch part {
                case .plural(_, _, let cases):
                    var seen = Set<String>()
                    for c in cases.reversed() {
                        let label = c.label.hasPrefix("=") ? String(c.label.dropFirst()) : c.label
                        let category = pluralCategory(ofLabel: c.label)
                        if let category, seen.contains(category) {
                            found.append(
                                (
                                    SyntaxError(
                                        "ICU Syntax Warning: The plural part specified below is overridden by a "
                                            + "later plural part.", offset: c.offset), true
                                ))
                            continue
                        }
                        try visit(c.message)
                        guard let category else {
                            // gen-l10n stops generating this message here.
                            throw SyntaxError(
                                "The plural cases must be one of \"=0\", \"=1\", \"=2\", \"zero\", \"one\", \"two\", "
                                    + "\"few\", \"many\", or \"other.\n    \(label) is not a valid plural case.",
                                offset: c.offset)
                        }
                        seen.insert(category)
                    }
                case .select(_, _, let cases):
                    for c in cases { try visit(c.message) }
                case .text, .placeholder, .dateTime:
                    break
                }
            }
        }
        do throws(SyntaxError) {
            try visit(parts)
        } catch {
            found.append((error, false))
        }
        return found
    }

    /// Every placeholder name a message reads, with how (`placeholder`,
    /// `plural`, `select`, `dateTime`), in the order met.
    public static func uses(_ parts: [Part]) -> [(name: String, use: String, offset: Int)] {
        var out: [(String, String, Int)] = []
        func visit(_ parts: [Part]) {
            for part in parts {
                switch part {
                case .text: break
                case .placeholder(let name, let offset): out.append((name, "placeholder", offset))
                case .plural(let name, let offset, let cases):
                    out.append((name, "plural", offset))
                    for c in cases { visit(c.message) }
                case .select(let name, let offset, let cases):
                    out.append((name, "select", offset))
                    for c in cases { visit(c.message) }
                case .dateTime(let name, let offset, _, _): out.append((name, "dateTime", offset))
                }
            }
        }
        visit(parts)
        return out
    }

    // MARK: - The port

    /// The parser's symbols (`ST`): terminals, then nonterminals.
    enum Symbol: Equatable {
        case openBrace, closeBrace, comma, equalSign, other, plural, select, string, number, identifier, empty
        case colon, date, time
        case message, placeholderExpr, argumentExpr, pluralExpr, pluralParts, pluralPart
        case selectExpr, selectParts, selectPart, argType

        /// How an error names a terminal (`terminalTypeToString`); Dart
        /// prints the ones it lacks as `null`.
        var written: String {
            switch self {
            case .openBrace: "{"
            case .closeBrace: "}"
            case .comma: ","
            case .empty: ""
            case .identifier: "identifier"
            case .number: "number"
            case .plural: "plural"
            case .select: "select"
            case .equalSign: "="
            case .other: "other"
            default: "null"
            }
        }
    }

    /// The grammar's rules, in `message_parser.dart`'s order (a rule is
    /// chosen by its index there).
    static func rule(_ symbol: Symbol, _ index: Int) -> [Symbol] {
        switch symbol {
        case .message:
            [
                [.string, .message], [.placeholderExpr, .message], [.pluralExpr, .message],
                [.selectExpr, .message], [.argumentExpr, .message], [.empty],
            ][index]
        case .placeholderExpr: [.openBrace, .identifier, .closeBrace]
        case .pluralExpr: [.openBrace, .identifier, .comma, .plural, .comma, .pluralParts, .closeBrace]
        case .pluralParts: [[.pluralPart, .pluralParts], [.empty]][index]
        case .pluralPart:
            [
                [.identifier, .openBrace, .message, .closeBrace],
                [.equalSign, .number, .openBrace, .message, .closeBrace],
                [.other, .openBrace, .message, .closeBrace],
            ][index]
        case .selectExpr: [.openBrace, .identifier, .comma, .select, .comma, .selectParts, .closeBrace]
        case .selectParts: [[.selectPart, .selectParts], [.empty]][index]
        case .selectPart:
            [
                [.identifier, .openBrace, .message, .closeBrace], [.number, .openBrace, .message, .closeBrace],
                [.other, .openBrace, .message, .closeBrace],
            ][index]
        case .argumentExpr:
            [.openBrace, .identifier, .comma, .argType, .comma, .colon, .colon, .identifier, .closeBrace]
        case .argType: [[.date], [.time]][index]
        default: []
        }
    }

    /// A token or a tree node (`Node`).
    final class Node {
        let symbol: Symbol
        let offset: Int
        let value: String?
        var children: [Node] = []
        var expected: Int

        init(_ symbol: Symbol, _ offset: Int, value: String? = nil, expected: Int = 0) {
            self.symbol = symbol
            self.offset = offset
            self.value = value
            self.expected = expected
        }

        var isFull: Bool { children.count >= expected }
    }

    struct Parser {
        let units: [UInt16]
        let options: Options

        static let quote = UInt16(UInt8(ascii: "'"))
        static let open = UInt16(UInt8(ascii: "{"))
        static let close = UInt16(UInt8(ascii: "}"))

        /// A `{` or `}` token (`Node.brace`).
        static func brace(_ unit: UInt16, at offset: Int) -> Node {
            unit == open ? Node(.openBrace, offset, value: "{") : Node(.closeBrace, offset, value: "}")
        }

        /// Dart's (ECMAScript's) `\s`.
        static func isSpace(_ u: UInt16) -> Bool {
            switch u {
            case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
                true
            default: false
            }
        }

        static func isDigit(_ u: UInt16) -> Bool { u >= 0x30 && u <= 0x39 }

        /// `[a-zA-Z0-9|_]`.
        static func isWord(_ u: UInt16) -> Bool {
            isDigit(u) || (u >= 0x41 && u <= 0x5A) || (u >= 0x61 && u <= 0x7A) || u == 0x7C || u == 0x5F
        }

        func text(_ range: Range<Int>) -> String { String(decoding: units[range], as: UTF16.self) }

        /// The end of the longest run from `start` whose units satisfy
        /// `test` (`start` itself when none does).
        func run(from start: Int, _ test: (UInt16) -> Bool) -> Int {
            var end = start
            while end < units.count && test(units[end]) { end += 1 }
            return end
        }

        /// `lexIntoTokens`.
        func tokens() throws(SyntaxError) -> [Node] {
            let relaxed = options.relaxedPlaceholders
            var tokens: [Node] = []
            var isString = true
            var start = 0
            var depth = 0
            while start < units.count {
                if isString {
                    if options.useEscaping {
                        // `'[^']*'`: a quoted run, `''` a quote.
                        if units[start] == Self.quote,
                            let closing = units[(start + 1)...].firstIndex(of: Self.quote)
                        {
                            let end = closing + 1
                            if end - start == 2 {
                                tokens.append(Node(.string, start, value: "'"))
                            } else if start > 1 && units[start - 1] == Self.quote {
                                tokens.append(Node(.string, start, value: text(start..<(end - 1))))
                            } else {
                                tokens.append(Node(.string, start, value: text((start + 1)..<(end - 1))))
                            }
                            start = end
                            continue
                        }
                        let end = run(from: start) { $0 != Self.open && $0 != Self.close && $0 != Self.quote }
                        if end > start {
                            tokens.append(Node(.string, start, value: text(start..<end)))
                            start = end
                            continue
                        }
                    } else {
                        let end = run(from: start) { $0 != Self.open && $0 != Self.close }
                        if end > start {
                            tokens.append(Node(.string, start, value: text(start..<end)))
                            start = end
                            continue
                        }
                    }
                    let unit = units[start]
                    if unit == Self.open || unit == Self.close {
                        if let relaxed {
                            let afterSpace = run(from: start + 1, Self.isSpace)
                            let nameEnd = run(from: afterSpace, Self.isWord)
                            if unit == Self.close && depth == 0 {
                                tokens.append(Node(.string, start, value: "}"))
                                start += 1
                                continue
                            }
                            if unit == Self.open
                                && (nameEnd == afterSpace || !relaxed.contains(text(afterSpace..<nameEnd)))
                            {
                                tokens.append(Node(.string, start, value: "{"))
                                start += 1
                                continue
                            }
                        }
                        tokens.append(Self.brace(unit, at: start))
                        isString = false
                        start += 1
                        depth += 1
                        continue
                    }
                    throw SyntaxError("ICU Lexing Error: Unmatched single quotes.", offset: start)
                } else {
                    let unit = units[start]
                    // The matchers in their order: white space, number,
                    // comma, equals sign, colon, identifier.
                    var matched: (Symbol, Int)?
                    if Self.isSpace(unit) {
                        matched = (.empty, run(from: start, Self.isSpace))
                    } else if Self.isDigit(unit) {
                        matched = (.number, run(from: start, Self.isDigit))
                    } else if unit == UInt16(UInt8(ascii: ",")) {
                        matched = (.comma, start + 1)
                    } else if unit == UInt16(UInt8(ascii: "=")) {
                        matched = (.equalSign, start + 1)
                    } else if unit == UInt16(UInt8(ascii: ":")) {
                        matched = (.colon, start + 1)
                    } else if Self.isWord(unit) {
                        matched = (.identifier, run(from: start, Self.isWord))
                    }
                    guard case (var symbol, let end)? = matched else {
                        if unit == Self.open || unit == Self.close {
                            tokens.append(Self.brace(unit, at: start))
                            isString = true
                            start += 1
                            depth += unit == Self.open ? 1 : -1
                            continue
                        }
                        throw SyntaxError("ICU Lexing Error: Unexpected character.", offset: start)
                    }
                    if symbol == .empty {
                        start = end
                        continue
                    }
                    let value = text(start..<end)
                    if symbol == .identifier, tokens.last?.symbol == .openBrace {
                        // Any word right after `{` is a name, keyword or not.
                        tokens.append(Node(.identifier, start, value: value))
                        start = end
                        continue
                    }
                    switch value {
                    case "plural": symbol = .plural
                    case "select": symbol = .select
                    case "other": symbol = .other
                    case "date": symbol = .date
                    case "time": symbol = .time
                    default: break
                    }
                    tokens.append(Node(symbol, start, value: value))
                    start = end
                }
            }
            return tokens
        }

        /// `parseIntoTree`.
        mutating func parseIntoTree() throws(SyntaxError) -> Node {
            let all = try self.tokens()
            // typefit's bound, before anything walks the tree.
            var nesting = 0
            for token in all {
                if token.symbol == .openBrace { nesting += 1 } else if token.symbol == .closeBrace { nesting -= 1 }
                if nesting > GenL10nMessage.maximumNesting {
                    throw SyntaxError(
                        "The message nests braces more than \(GenL10nMessage.maximumNesting) deep (typefit's limit).",
                        offset: token.offset)
                }
            }
            var tokens = all[...]
            var stack: [Symbol] = [.message]
            let root = Node(.empty, 0, expected: 1)
            var path: [Node] = [root]

            func construct(_ nonterminal: Symbol, _ index: Int) {
                let parent = path[path.count - 1]
                let grammar = GenL10nMessage.rule(nonterminal, index)
                let node = Node(nonterminal, tokens.first?.offset ?? -1, expected: grammar.count)
                stack.append(contentsOf: grammar.reversed())
                parent.children.append(node)
                if parent.isFull { path.removeLast() }
                path.append(node)
            }
            func first(_ symbol: Symbol) -> Bool { tokens.first?.symbol == symbol }
            func fourth(_ symbol: Symbol) -> Bool {
                tokens.count > 3 && tokens[tokens.startIndex + 3].symbol == symbol
            }

            while let symbol = stack.popLast() {
                switch symbol {
                case .message:
                    if tokens.isEmpty || first(.closeBrace) {
                        construct(.message, 5)
                    } else if first(.string) {
                        construct(.message, 0)
                    } else if first(.openBrace) {
                        if fourth(.plural) {
                            construct(.message, 2)
                        } else if fourth(.select) {
                            construct(.message, 3)
                        } else if fourth(.date) || fourth(.time) {
                            construct(.message, 4)
                        } else {
                            construct(.message, 1)
                        }
                    } else {
                        // Unreachable in gen-l10n too: the lexer makes
                        // nothing else at a message's start.
                        throw SyntaxError("ICU Syntax Error.", offset: tokens.first?.offset ?? 0)
                    }
                case .placeholderExpr, .argumentExpr, .pluralExpr, .selectExpr:
                    construct(symbol, 0)
                case .argType:
                    guard first(.date) || first(.time) else {
                        throw SyntaxError("ICU Syntax Error. Found unknown argument type.", offset: 0)
                    }
                    construct(.argType, first(.date) ? 0 : 1)
                case .pluralParts:
                    construct(.pluralParts, first(.identifier) || first(.other) || first(.equalSign) ? 0 : 1)
                case .pluralPart:
                    construct(.pluralPart, first(.identifier) ? 0 : first(.equalSign) ? 1 : 2)
                case .selectParts:
                    construct(.selectParts, first(.identifier) || first(.number) || first(.other) ? 0 : 1)
                case .selectPart:
                    construct(.selectPart, first(.identifier) ? 0 : first(.number) ? 1 : 2)
                default:
                    let parent = path[path.count - 1]
                    if symbol == .empty {
                        parent.children.append(Node(.empty, -1, value: ""))
                    } else if let token = tokens.first {
                        guard token.symbol == symbol else {
                            throw SyntaxError(
                                "ICU Syntax Error: Expected \"\(symbol.written)\" but found \"\(token.value ?? "null")\".",
                                offset: token.offset)
                        }
                        tokens.removeFirst()
                        parent.children.append(token)
                    } else {
                        throw SyntaxError(
                            "ICU Syntax Error: Expected \"\(symbol.written)\" but found no tokens.",
                            offset: units.count + 1)
                    }
                    if parent.isFull { path.removeLast() }
                }
            }
            return root.children[0]
        }
    }

    /// `compress`: a message's and a part list's right-nested pairs made
    /// one list of children.
    static func compress(_ tree: Node) {
        switch tree.symbol {
        case .message, .pluralParts, .selectParts:
            var node = tree
            var children: [Node] = []
            while node.children.count == 2 {
                children.append(node.children[0])
                compress(node.children[0])
                node = node.children[1]
            }
            tree.children = children
        default:
            for child in tree.children { compress(child) }
        }
    }

    /// `checkExtraRules`: a plural's and a select's `other`, a plural's
    /// categories; a node before its children.
    static func checkExtraRules(_ tree: Node) throws(SyntaxError) {
        switch tree.symbol {
        case .pluralParts:
            if tree.children.allSatisfy({ $0.children[0].symbol != .other }) {
                throw SyntaxError(
                    "ICU Syntax Error: Plural expressions must have an \"other\" case.", offset: tree.offset)
            }
            for part in tree.children
            where part.children[0].symbol == .identifier
                && !["zero", "one", "two", "few", "many"].contains(part.children[0].value ?? "")
            {
                throw SyntaxError(
                    "ICU Syntax Error: Plural expressions case must be one of \"zero\", \"one\", \"two\", \"few\", "
                        + "\"many\", or \"other\".", offset: part.offset)
            }
        case .selectParts:
            if tree.children.allSatisfy({ $0.children[0].symbol != .other }) {
                throw SyntaxError(
                    "ICU Syntax Error: Select expressions must have an \"other\" case.", offset: tree.offset)
            }
        default:
            break
        }
        for child in tree.children { try checkExtraRules(child) }
    }

    /// A compressed message node as parts, adjacent text joined.
    static func parts(ofMessage node: Node) -> [Part] {
        var out: [Part] = []
        for child in node.children {
            let name = child.children.count > 1 ? child.children[1].value ?? "" : ""
            switch child.symbol {
            case .string:
                if case .text(let before)? = out.last {
                    out[out.count - 1] = .text(before + (child.value ?? ""))
                } else {
                    out.append(.text(child.value ?? ""))
                }
            case .placeholderExpr:
                out.append(.placeholder(name: name, offset: child.offset))
            case .pluralExpr, .selectExpr:
                let cases = child.children[5].children.map { part in
                    let isExact = part.children[0].symbol == .equalSign
                    let label = isExact ? "=" + (part.children[1].value ?? "") : part.children[0].value ?? ""
                    return Case(
                        label: label, offset: part.offset, message: parts(ofMessage: part.children[isExact ? 3 : 2]))
                }
                out.append(
                    child.symbol == .pluralExpr
                        ? .plural(name: name, offset: child.offset, cases: cases)
                        : .select(name: name, offset: child.offset, cases: cases))
            case .argumentExpr:
                out.append(
                    .dateTime(
                        name: name, offset: child.offset, kind: child.children[3].children.first?.value ?? "",
                        skeleton: child.children[7].value ?? ""))
            default:
                break
            }
        }
        return out
    }
}

/// SwiftUI's `Text` renders a `LocalizedStringKey` (a literal or a catalog
/// string) as inline Markdown: Foundation's
/// `AttributedString(markdown:options:)` with
/// `.inlineOnlyPreservingWhitespace`, a CommonMark parser with GitHub's
/// strikethrough. What is drawn is the text with the markup removed, some
/// of it bold, italic or monospaced. This reads the inline part of
/// CommonMark 0.31 that changes what is drawn:
///
/// - backslash escapes of ASCII punctuation, and entity references
///   (`&amp;`, `&#233;`, `&#xE9;`, the common named ones);
/// - code spans (`` `x` ``, ``` `` a ` b `` ```), one space stripped from
///   each end when both ends have one;
/// - emphasis and strong emphasis with `*` and `_` by the specification's
///   delimiter-run rules (left- and right-flanking runs, the rule of three,
///   `_` not inside words), strikethrough with `~~` (a single `~`, common
///   as "about", stays text);
/// - inline links `[title](destination "title")` and images (their text is
///   drawn, the destination is not); autolinks `<https://…>` (drawn as the
///   address).
///
/// Block syntax, raw HTML and reference links are not parsed (inline-only
/// parsing leaves them as text); whitespace and line breaks are kept as
/// written (the option preserves them), a backslash before a line end
/// dropped (a hard break).
/// Checked against markdown-it-py, a CommonMark-conformant parser
/// (Fixtures/text/make-markdown-cases.py).
public enum InlineMarkdown {
    /// How a run of text is drawn.
    public struct Traits: OptionSet, Sendable, Hashable {
        /// The bits.
        public let rawValue: UInt8
        /// Traits from their bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `**strong**`: the family's bold face.
        public static let bold = Traits(rawValue: 1)
        /// `*emphasis*`: the family's italic face.
        public static let italic = Traits(rawValue: 2)
        /// `` `code` ``: a monospaced face.
        public static let code = Traits(rawValue: 4)
        /// `~~strikethrough~~` (drawn over; the width is the text's).
        public static let strikethrough = Traits(rawValue: 8)
        /// A link's or autolink's text.
        public static let link = Traits(rawValue: 16)

        /// Traits that change the face (strikethrough and links do not
        /// change widths).
        public var face: Traits { intersection([.bold, .italic, .code]) }
    }

    /// A run of the rendered text: its UTF-8 byte range and traits.
    public struct Span: Sendable, Equatable {
        /// Its UTF-8 bytes in the rendered text.
        public var range: Range<Int>
        /// How it is drawn.
        public var traits: Traits
        /// Creates a run.
        public init(range: Range<Int>, traits: Traits) {
            self.range = range
            self.traits = traits
        }
    }

    /// The text as drawn, and its styled runs (runs without traits are left
    /// out; adjacent runs with the same traits are merged).
    public struct Rendered: Sendable, Equatable {
        /// The text drawn.
        public var text: String
        /// Its styled runs, in order.
        public var spans: [Span]
    }

    /// Whether `text` contains anything Markdown would change: a cheap test
    /// for the characters markup starts with, then a parse.
    public static func hasMarkup(_ text: String) -> Bool {
        guard TextBytes.contains(text, where: isMarkupByte) else { return false }
        let rendered = render(text)
        return rendered.text != text || !rendered.spans.isEmpty
    }

    /// Whether markup can start at `byte` (asterisk, underscore, backtick,
    /// tilde, bracket, exclamation mark, angle bracket, ampersand,
    /// backslash): a switch, where a set's hashing per byte cost fit 3 %
    /// of its time over plain text files.
    private static func isMarkupByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x2A, 0x5F, 0x60, 0x7E, 0x5B, 0x21, 0x3C, 0x26, 0x5C: return true
        default: return false
        }
    }

    /// `text` as SwiftUI draws it.
    public static func render(_ text: String) -> Rendered {
        var pieces: [(String, Traits)] = []
        for piece in Parser(Array(text.unicodeScalars)).parse() { pieces.append((piece.text, piece.traits)) }
        var out = ""
        var spans: [Span] = []
        var offset = 0
        for (piece, traits) in pieces where !piece.isEmpty {
            let length = piece.utf8.count
            out += piece
            if !traits.isEmpty {
                if let last = spans.last, last.traits == traits, last.range.upperBound == offset {
                    spans[spans.count - 1].range = last.range.lowerBound..<(offset + length)
                } else {
                    spans.append(Span(range: offset..<(offset + length), traits: traits))
                }
            }
            offset += length
        }
        return Rendered(text: out, spans: spans)
    }

    /// A piece of output.
    struct Piece {
        var text: String
        var traits: Traits
    }

    /// One parse of a run of inline text, in one pass from left to right
    /// and without recursion, as cmark parses (a catalog string comes from
    /// a pull request: CommonMark's pathological inputs, nested brackets or
    /// thousands of unclosed code spans, must cost time linear in their
    /// length and no stack). Brackets are matched on a stack as they close
    /// (a link's text is the tokens since its opener, emphasis resolved
    /// within it); code spans find their closer among the backtick runs
    /// indexed once; emphasis pairs through a linked list of delimiters
    /// (each removed once) and is applied as ranges, summed in one sweep.
    struct Parser {
        let s: [Unicode.Scalar]
        /// The start of every maximal run of backticks, by its length.
        let backtickRuns: [Int: [Int]]

        init(_ scalars: [Unicode.Scalar]) {
            s = scalars
            var runs: [Int: [Int]] = [:]
            var i = 0
            while i < scalars.count {
                guard scalars[i] == "`" else {
                    i += 1
                    continue
                }
                var j = i
                while j < scalars.count && scalars[j] == "`" { j += 1 }
                runs[j - i, default: []].append(i)
                i = j
            }
            backtickRuns = runs
        }

        /// A token: text, or a delimiter run of `*`, `_` or `~`.
        struct Token {
            var text: String
            var traits: Traits = []
            /// The delimiter character, for a run.
            var delimiter: Unicode.Scalar?
            /// Characters of the run not yet used.
            var count = 0
            var originalCount = 0
            var canOpen = false
            var canClose = false
            /// A link's or image's text, resolved.
            var inner: [Piece]?
        }

        /// A `[` or `![` waiting for its `]`.
        struct Bracket {
            /// Its token (the literal `[` or `![` if no link is made).
            var token: Int
            var isImage: Bool
        }

        func parse() -> [Piece] {
            var tokens = tokenize()
            return Self.pieces(&tokens)
        }

        /// Emphasis resolved over `tokens`, then the pieces they draw.
        static func pieces(_ tokens: inout [Token]) -> [Piece] {
            processEmphasis(&tokens)
            var pieces: [Piece] = []
            for token in tokens {
                if let inner = token.inner {
                    pieces += inner.map { Piece(text: $0.text, traits: $0.traits.union(token.traits)) }
                } else if let d = token.delimiter {
                    pieces.append(Piece(text: String(repeating: String(d), count: token.count), traits: token.traits))
                } else {
                    pieces.append(Piece(text: token.text, traits: token.traits))
                }
            }
            return pieces
        }

        // MARK: Tokens

        func tokenize() -> [Token] {
            var tokens: [Token] = []
            var brackets: [Bracket] = []
            // Link openers below this place on the stack are inactive: a
            // link formed after them (links hold no links). A watermark,
            // not a flag on each, so that a link costs nothing however many
            // unclosed `![` lie below it.
            var inactiveBelow = 0
            func push(_ bracket: Bracket) {
                inactiveBelow = min(inactiveBelow, brackets.count)
                brackets.append(bracket)
            }
            // Title scans that reached the end unclosed, by their closing
            // character: a later scan for the same closer fails at once.
            var unclosedTitles: [Unicode.Scalar: Int] = [:]
            var text = ""
            func flush() {
                if !text.isEmpty { tokens.append(Token(text: text)) }
                text = ""
            }
            var i = 0
            while i < s.count {
                let c = s[i]
                switch c {
                case "\\":
                    if i + 1 < s.count, isASCIIPunctuation(s[i + 1]) {
                        text.unicodeScalars.append(s[i + 1])
                        i += 2
                    } else {
                        // Before a line end it is a hard break: the break
                        // stays, the backslash goes.
                        if i + 1 < s.count, s[i + 1] == "\n" {
                            i += 1
                            continue
                        }
                        text.unicodeScalars.append(c)
                        i += 1
                    }
                case "`":
                    let run = runLength(at: i, of: "`")
                    if let (content, end) = codeSpan(at: i, ticks: run) {
                        flush()
                        tokens.append(Token(text: content, traits: .code))
                        i = end
                    } else {
                        text += String(repeating: "`", count: run)
                        i += run
                    }
                case "*", "_", "~":
                    let run = runLength(at: i, of: c)
                    if c == "~" && run != 2 {
                        text += String(repeating: "~", count: run)
                        i += run
                        continue
                    }
                    flush()
                    var token = Token(text: "", delimiter: c, count: run, originalCount: run)
                    let before: Unicode.Scalar? = i > 0 ? s[i - 1] : nil
                    let after: Unicode.Scalar? = i + run < s.count ? s[i + run] : nil
                    let (left, right) = flanking(before: before, after: after)
                    switch c {
                    case "_":
                        token.canOpen = left && (!right || before.map(isPunctuation) == true)
                        token.canClose = right && (!left || after.map(isPunctuation) == true)
                    default:
                        token.canOpen = left
                        token.canClose = right
                    }
                    tokens.append(token)
                    i += run
                case "[":
                    flush()
                    push(Bracket(token: tokens.count, isImage: false))
                    tokens.append(Token(text: "["))
                    i += 1
                case "!" where i + 1 < s.count && s[i + 1] == "[":
                    flush()
                    push(Bracket(token: tokens.count, isImage: true))
                    tokens.append(Token(text: "!["))
                    i += 2
                case "]":
                    guard let opener = brackets.popLast() else {
                        text.unicodeScalars.append(c)
                        i += 1
                        continue
                    }
                    let active = opener.isImage || brackets.count >= inactiveBelow
                    guard active, let end = linkTail(at: i + 1, unclosedTitles: &unclosedTitles) else {
                        // The opener stays the literal `[` it is.
                        text.unicodeScalars.append(c)
                        i += 1
                        continue
                    }
                    flush()
                    var inside = Array(tokens[(opener.token + 1)...])
                    tokens.removeSubrange(opener.token...)
                    var token = Token(text: "", traits: opener.isImage ? [] : .link)
                    let pieces = Self.pieces(&inside)
                    // An image draws its description as plain text, as
                    // CommonMark renders alt text.
                    token.inner = opener.isImage ? pieces.map { Piece(text: $0.text, traits: []) } : pieces
                    tokens.append(token)
                    if !opener.isImage { inactiveBelow = brackets.count }
                    i = end
                case "<":
                    if let (address, end) = autolink(at: i) {
                        flush()
                        tokens.append(Token(text: address, traits: .link))
                        i = end
                    } else {
                        text.unicodeScalars.append(c)
                        i += 1
                    }
                case "&":
                    if let (decoded, end) = entity(at: i) {
                        text += decoded
                        i = end
                    } else {
                        text.unicodeScalars.append(c)
                        i += 1
                    }
                default:
                    text.unicodeScalars.append(c)
                    i += 1
                }
            }
            flush()
            return tokens
        }

        func runLength(at i: Int, of c: Unicode.Scalar) -> Int {
            var j = i
            while j < s.count && s[j] == c { j += 1 }
            return j - i
        }

        /// A code span opened by `ticks` backticks at `i`: its content and
        /// where it ends, or `nil` when no run of as many backticks closes
        /// it. The closer is the first indexed run of that length after
        /// the opener (a binary search, not a scan).
        func codeSpan(at i: Int, ticks: Int) -> (String, Int)? {
            guard let starts = backtickRuns[ticks] else { return nil }
            var low = 0
            var high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] < i + ticks { low = mid + 1 } else { high = mid }
            }
            guard low < starts.count else { return nil }
            let j = starts[low]
            var content = s[(i + ticks)..<j].map { $0 == "\n" ? " " : $0 }
            if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                content = Array(content.dropFirst().dropLast())
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: content)
            return (text, j + ticks)
        }

        /// The `(destination "title")` after a link's `]` (at `k`): where
        /// the link ends, or `nil`. A destination nests at most 32
        /// parentheses (as cmark); a title that no closer ends is
        /// remembered, so the next one fails at once.
        func linkTail(at start: Int, unclosedTitles: inout [Unicode.Scalar: Int]) -> Int? {
            guard start < s.count, s[start] == "(" else { return nil }
            var k = start + 1
            skipSpaces(&k)
            if k < s.count, s[k] == "<" {
                k += 1
                while k < s.count, s[k] != ">" {
                    if s[k] == "\n" || s[k] == "<" { return nil }
                    k += s[k] == "\\" ? 2 : 1
                }
                guard k < s.count else { return nil }
                k += 1
            } else {
                var parens = 0
                while k < s.count {
                    let c = s[k]
                    if c == "\\" {
                        k += 2
                        continue
                    }
                    if c == " " || c == "\n" || c == "\t" || c.value < 0x20 { break }
                    if c == "(" {
                        parens += 1
                        if parens > 32 { return nil }
                    }
                    if c == ")" {
                        if parens == 0 { break }
                        parens -= 1
                    }
                    k += 1
                }
                if parens != 0 { return nil }
            }
            let afterDestination = k
            skipSpaces(&k)
            if k < s.count, k > afterDestination || s[k] == ")" {
                if s[k] == "\"" || s[k] == "'" || s[k] == "(" {
                    let closer: Unicode.Scalar = s[k] == "(" ? ")" : s[k]
                    if let unclosed = unclosedTitles[closer], unclosed <= k { return nil }
                    let opening = k
                    k += 1
                    while k < s.count, s[k] != closer { k += s[k] == "\\" ? 2 : 1 }
                    guard k < s.count else {
                        unclosedTitles[closer] = opening
                        return nil
                    }
                    k += 1
                    skipSpaces(&k)
                }
            }
            guard k < s.count, s[k] == ")" else { return nil }
            return k + 1
        }

        func skipSpaces(_ k: inout Int) {
            while k < s.count, s[k] == " " || s[k] == "\t" || s[k] == "\n" { k += 1 }
        }

        /// `<scheme:…>` or `<name@host>` at `i`: the address and the end.
        func autolink(at i: Int) -> (String, Int)? {
            var j = i + 1
            while j < s.count, s[j] != ">" {
                if s[j] == " " || s[j] == "<" || s[j].value < 0x20 { return nil }
                j += 1
            }
            guard j < s.count else { return nil }
            var body = ""
            body.unicodeScalars.append(contentsOf: s[(i + 1)..<j])
            let isURI: Bool = {
                guard let colon = body.firstIndex(of: ":") else { return false }
                let scheme = body[..<colon]
                guard let first = scheme.first else { return false }
                return (2...32).contains(scheme.count) && first.isASCII && first.isLetter
                    && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
            }()
            let isEmail: Bool = {
                let parts = body.split(separator: "@", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
                let local = parts[0].allSatisfy {
                    $0.isASCII && ($0.isLetter || $0.isNumber || ".!#$%&'*+/=?^_`{|}~-".contains($0))
                }
                let host = parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
                    !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                        && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                }
                return local && host
            }()
            guard isURI || isEmail else { return nil }
            return (body, j + 1)
        }

        /// An entity reference at `i`: the characters and the end.
        func entity(at i: Int) -> (String, Int)? {
            var j = i + 1
            while j < s.count, j - i <= 32, s[j] != ";" {
                guard s[j].isASCII, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "#" else {
                    return nil
                }
                j += 1
            }
            guard j < s.count, s[j] == ";", j > i + 1 else { return nil }
            var name = ""
            name.unicodeScalars.append(contentsOf: s[(i + 1)..<j])
            if name.hasPrefix("#") {
                let digits = name.dropFirst()
                let value: UInt32?
                if digits.first == "x" || digits.first == "X" {
                    value = (2...7).contains(digits.count) ? UInt32(digits.dropFirst(), radix: 16) : nil
                } else {
                    value = (1...7).contains(digits.count) ? UInt32(digits, radix: 10) : nil
                }
                guard let value else { return nil }
                let scalar = value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
                return (String(scalar), j + 1)
            }
            guard let decoded = Self.entities[name] else { return nil }
            return (decoded, j + 1)
        }

        /// The named entities real strings use (HTML has 2,000; these are
        /// the ones seen in catalogs and typography).
        static let entities: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©",
            "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’",
            "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "euro": "€", "pound": "£", "yen": "¥",
            "cent": "¢", "deg": "°", "middot": "·", "bull": "•", "times": "×", "divide": "÷", "shy": "\u{AD}",
            "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
        ]

        /// CommonMark's left- and right-flanking tests (start and end of
        /// the text count as whitespace).
        func flanking(before: Unicode.Scalar?, after: Unicode.Scalar?) -> (Bool, Bool) {
            let beforeSpace = before.map(isWhitespace) ?? true
            let afterSpace = after.map(isWhitespace) ?? true
            let beforePunct = before.map(isPunctuation) ?? false
            let afterPunct = after.map(isPunctuation) ?? false
            let left = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
            let right = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
            return (left, right)
        }

        // MARK: Emphasis

        /// CommonMark's "process emphasis": each closer, from the first,
        /// matched with the nearest opener of the same character before
        /// it; the tokens between take the trait. The delimiters form a
        /// linked list from which those between a matched pair are
        /// removed (each once), and traits are kept as ranges and summed in
        /// one sweep: linear however deeply emphasis nests.
        static func processEmphasis(_ tokens: inout [Token]) {
            let delimiters = tokens.indices.filter { tokens[$0].delimiter != nil }
            guard !delimiters.isEmpty else { return }
            // Linked list over positions in `delimiters`.
            var previous = Array(-1..<(delimiters.count - 1))
            var next = Array(1...delimiters.count)
            next[delimiters.count - 1] = -1
            func remove(_ d: Int) {
                if previous[d] >= 0 { next[previous[d]] = next[d] }
                if next[d] >= 0 { previous[next[d]] = previous[d] }
            }
            // Per (character, closer can open, length % 3): the list
            // position at or below which no opener is looked for again.
            var bottoms: [Int: Int] = [:]
            // Trait ranges: +1 at a token, -1 past the range, per trait bit.
            var changes = [[Int]](repeating: [], count: 8)
            var c = 0
            while c >= 0 {
                let closer = delimiters[c]
                guard let d = tokens[closer].delimiter, tokens[closer].canClose, tokens[closer].count > 0 else {
                    c = next[c]
                    continue
                }
                let bottomKey =
                    Int(d.value) * 8 + (tokens[closer].canOpen ? 4 : 0) + tokens[closer].originalCount % 3
                let bottom = bottoms[bottomKey] ?? -1
                var o = previous[c]
                var found: Int?
                while o >= 0 && o > bottom {
                    let opener = tokens[delimiters[o]]
                    if opener.delimiter == d, opener.canOpen, opener.count > 0 {
                        if d == "~" {
                            if opener.originalCount == tokens[closer].originalCount {
                                found = o
                                break
                            }
                        } else {
                            let oddMatch =
                                (opener.canClose || tokens[closer].canOpen)
                                && (opener.originalCount + tokens[closer].originalCount) % 3 == 0
                                && !(opener.originalCount % 3 == 0 && tokens[closer].originalCount % 3 == 0)
                            if !oddMatch {
                                found = o
                                break
                            }
                        }
                    }
                    o = previous[o]
                }
                guard let o = found else {
                    bottoms[bottomKey] = previous[c]
                    let following = next[c]
                    // A closer that cannot open is done with.
                    if !tokens[closer].canOpen {
                        tokens[closer].canClose = false
                        remove(c)
                    }
                    c = following
                    continue
                }
                let openerIndex = delimiters[o]
                let used: Int
                let trait: Traits
                if d == "~" {
                    used = tokens[closer].count
                    trait = .strikethrough
                } else {
                    used = tokens[openerIndex].count >= 2 && tokens[closer].count >= 2 ? 2 : 1
                    trait = used == 2 ? .bold : .italic
                }
                let bit = trait.rawValue.trailingZeroBitCount
                if changes[bit].isEmpty { changes[bit] = [Int](repeating: 0, count: tokens.count + 1) }
                changes[bit][openerIndex + 1] += 1
                changes[bit][closer] -= 1
                // Delimiters between the pair can no longer match.
                var between = next[o]
                while between >= 0 && between != c {
                    let following = next[between]
                    remove(between)
                    between = following
                }
                next[o] = c
                previous[c] = o
                tokens[openerIndex].count -= used
                tokens[closer].count -= used
                if tokens[openerIndex].count == 0 { remove(o) }
                if tokens[closer].count == 0 {
                    let following = next[c]
                    remove(c)
                    c = following
                }
            }
            for bit in 0..<8 where !changes[bit].isEmpty {
                let trait = Traits(rawValue: 1 << bit)
                var depth = 0
                for k in tokens.indices {
                    depth += changes[bit][k]
                    if depth > 0 { tokens[k].traits.insert(trait) }
                }
            }
        }

        // MARK: Characters

        func isASCIIPunctuation(_ c: Unicode.Scalar) -> Bool {
            c.isASCII && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(c)
        }

        func isWhitespace(_ c: Unicode.Scalar) -> Bool {
            c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}"
                || c.properties.generalCategory == .spaceSeparator
        }

        /// Unicode punctuation as CommonMark 0.31 has it: P* and S*.
        func isPunctuation(_ c: Unicode.Scalar) -> Bool {
            switch c.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
                .modifierSymbol, .otherSymbol:
                return true
            default:
                return false
            }
        }
    }
}

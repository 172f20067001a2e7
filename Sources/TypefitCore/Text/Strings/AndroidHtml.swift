/// A string as Android's `Html.fromHtml(source, FROM_HTML_MODE_LEGACY)`
/// renders it: TagSoup parses the HTML (repairing it as browsers do) and
/// `HtmlToSpannedConverter` builds the text (AOSP frameworks/base
/// `core/java/android/text/Html.java`). What changes widths is kept:
///
/// - text: runs of spaces and line feeds collapse to one space, dropped at
///   the start and after a line feed (`characters`); tabs stay;
/// - entities, as TagSoup decodes them (its 2,111 names, case-sensitive,
///   `;` optional; `&#65;`, `&#x41;`; anything else stays as written);
/// - line feeds: `<br>` gives one at its end; `<p>`, `<div>`, `<ul>`,
///   `<li>`, `<blockquote>` and `<h1>`–`<h6>` make sure of two before and
///   after (one with `separatorLineBreaks`, the `FROM_HTML_SEPARATOR_LINE_
///   BREAK_*` flags of `FROM_HTML_MODE_COMPACT`);
/// - faces: `<b>`, `<strong>` and headings bold; `<i>`, `<em>`, `<cite>`,
///   `<dfn>` italic; `<tt>` monospaced;
/// - `<img>` is U+FFFC.
///
/// Other tags are dropped with their text kept (`<u>`, `<s>`, `<a>`,
/// `<font>`, `<span>`, unknown ones). What changes widths and is not
/// modelled is named in `approximations`: relative sizes (`<big>` 1.25,
/// `<small>` 0.8, `<h1>`–`<h5>` 1.5…1.1), an image's own width, and the
/// leading margin of a bullet or quote. TagSoup's repairs are modelled for
/// what real strings hold: an inline element closed by a block's start or
/// end, or by closing an element it is in, is restarted after it; `<p>`
/// and `<li>` close an open one; an unclosed tag runs to the end.
/// Checked against TagSoup itself with AOSP's converter
/// (`Fixtures/android/html`).
public enum AndroidHtml {
    /// What changes widths on a device and is not measured.
    public enum Approximation: String, Sendable, Hashable, CaseIterable {
        /// `<big>`, `<small>`, `<h1>`–`<h5>`: a relative size.
        case relativeSize = "relative sizes (<big>, <small>, <h1>–<h5>)"
        /// `<img>`: the image's width (measured as U+FFFC).
        case image = "images (<img>)"
        /// `<li>`, `<blockquote>`: a bullet's or quote stripe's margin.
        case leadingMargin = "bullet and quote margins (<li>, <blockquote>)"
    }

    /// A span as the converter sets it: its kind (`bold`, `italic`,
    /// `monospace`, `size1.25`, `image`, `bullet`, `quote`, …) and its
    /// UTF-16 offsets, as Java's `Spanned` gives them.
    public struct StyleRun: Sendable, Equatable {
        /// The kind.
        public var kind: String
        /// Its UTF-16 offsets.
        public var range: Range<Int>
        /// Its UTF-8 offsets.
        var bytes: Range<Int>
    }

    /// The rendered string.
    public struct Rendered: Sendable, Equatable {
        /// The text.
        public var text: String
        /// Its bold, italic and monospaced runs.
        public var spans: [InlineMarkdown.Span]
        /// Every span the converter sets, in the order set.
        public var runs: [StyleRun]
        /// What is not measured as a device draws it.
        public var approximations: Set<Approximation>
        /// Where each UTF-8 offset of the source lands in the text (for the
        /// spans the source already had), the source's length included.
        var offsets: [Int]
    }

    /// Whether `text` holds anything `fromHtml` changes: a tag, an entity,
    /// or white space it collapses.
    public static func hasMarkup(_ text: String) -> Bool {
        var previous: UInt8 = 0x0A
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "&"): return true
            case UInt8(ascii: " "), 0x0A:
                if previous == UInt8(ascii: " ") || previous == 0x0A { return true }
            default: break
            }
            previous = byte
        }
        return previous == 0x0A && !text.isEmpty
    }

    /// Elements TagSoup closes as soon as they open.
    static let empty: Set<String> = [
        "br", "img", "hr", "meta", "link", "input", "area", "base", "col", "param", "wbr", "basefont", "isindex",
        "frame", "embed", "keygen", "source", "track",
    ]
    /// Blocks: they close the inline elements open around them (restarted
    /// inside) and an open `<p>`.
    static let blocks: Set<String> = [
        "p", "div", "ul", "ol", "li", "dl", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre",
        "table", "tr", "td", "th", "form", "hr", "center", "address", "fieldset", "menu", "dir",
    ]
    /// The converter's mark for each element it styles, and the span it
    /// sets at the end (elements sharing a mark close each other's, as
    /// `getLast(text, Bold.class)` finds the latest).
    static let marks: [String: (mark: String, span: String)] = [
        "b": ("bold", "bold"), "strong": ("bold", "bold"), "i": ("italic", "italic"), "em": ("italic", "italic"),
        "cite": ("italic", "italic"), "dfn": ("italic", "italic"), "big": ("big", "size1.25"),
        "small": ("small", "size0.8"), "tt": ("monospace", "monospace"), "u": ("underline", "underline"),
        "del": ("strikethrough", "strikethrough"), "s": ("strikethrough", "strikethrough"),
        "strike": ("strikethrough", "strikethrough"), "sup": ("super", "super"), "sub": ("sub", "sub"),
    ]
    static let headingSizes = ["1.5", "1.4", "1.3", "1.2", "1.1", "1"]

    /// `text` as `fromHtml` renders it; spans `text` already has (an
    /// Android resource's own `<b>`) are the caller's to move with
    /// `offsets`.
    public static func render(_ text: String, separatorLineBreaks: Bool = false) -> Rendered {
        var converter = Converter(margin: separatorLineBreaks ? 1 : 2)
        var tree = Tree()
        let source = Array(text.unicodeScalars)
        var utf8Offsets: [Int] = []
        utf8Offsets.reserveCapacity(text.utf8.count + 1)
        var i = 0
        // Every source scalar's first byte maps to the text's length when it
        // is read (text from it starts there).
        func mark(upTo end: Int) {
            while utf8Offsets.count < end { utf8Offsets.append(converter.bytes) }
        }
        var sourceBytes = 0
        var byteAt: [Int] = []
        byteAt.reserveCapacity(source.count + 1)
        for scalar in source {
            byteAt.append(sourceBytes)
            sourceBytes += UTF8.width(scalar)
        }
        byteAt.append(sourceBytes)
        while i < source.count {
            mark(upTo: byteAt[i])
            let c = source[i]
            if c == "<", i + 1 < source.count {
                let next = source[i + 1]
                if next.properties.isAlphabetic && next.isASCII {
                    let (name, end, selfClosing) = readTag(source, from: i + 1)
                    tree.open(name, selfClosing: selfClosing, converter: &converter)
                    i = end
                    continue
                }
                if next == "/", i + 2 < source.count, source[i + 2].isASCII, source[i + 2].properties.isAlphabetic {
                    let (name, end, _) = readTag(source, from: i + 2)
                    tree.close(name, converter: &converter)
                    i = end
                    continue
                }
                if next == "!" || next == "?" {
                    let isComment = i + 3 < source.count && source[i + 2] == "-" && source[i + 3] == "-"
                    i = skipDeclaration(source, from: i + 2, comment: isComment)
                    continue
                }
            }
            if c == "&", let (decoded, end) = entity(source, from: i + 1) {
                converter.characters(decoded)
                i = end
                continue
            }
            converter.characters([c])
            i += 1
        }
        mark(upTo: byteAt[source.count])
        tree.closeAll(converter: &converter)
        utf8Offsets.append(converter.bytes)
        return converter.rendered(offsets: utf8Offsets)
    }

    /// A tag's lower-case name from `start` and where it ends (past `>`, or
    /// the end: an unclosed tag runs to the end, as TagSoup reads it).
    static func readTag(_ source: [Unicode.Scalar], from start: Int) -> (String, Int, Bool) {
        var i = start
        var name = ""
        while i < source.count, source[i].isASCII,
            source[i].properties.isAlphabetic || source[i].properties.numericType != nil || source[i] == ":"
                || source[i] == "_" || source[i] == "-"
        {
            name.unicodeScalars.append(source[i])
            i += 1
        }
        // `<br/>`: the last character before `>` outside quotes is `/`.
        var quote: Unicode.Scalar?
        var lastMark: Unicode.Scalar = " "
        while i < source.count {
            let c = source[i]
            i += 1
            if let q = quote {
                if c == q { quote = nil }
                lastMark = c
            } else if c == "\"" || c == "'" {
                quote = c
                lastMark = c
            } else if c == ">" {
                return (name.lowercased(), i, lastMark == "/")
            } else if !(c == " " || c == "\n" || c == "\t") {
                lastMark = c
            }
        }
        return (name.lowercased(), i, false)
    }

    /// Past a comment (`<!-- … -->`) or declaration (`<!DOCTYPE …>`, `<?…?>`).
    static func skipDeclaration(_ source: [Unicode.Scalar], from start: Int, comment: Bool) -> Int {
        var i = comment ? start + 2 : start
        while i < source.count {
            if comment {
                if source[i] == "-", i + 2 < source.count, source[i + 1] == "-", source[i + 2] == ">" { return i + 3 }
            } else if source[i] == ">" {
                return i + 1
            }
            i += 1
        }
        return i
    }

    /// An entity from `start` (past `&`): its scalars and where it ends, or
    /// `nil` when TagSoup keeps it as written. The name is the run of ASCII
    /// letters, digits and `#`, ended by `;` (taken) or anything else.
    static func entity(_ source: [Unicode.Scalar], from start: Int) -> ([Unicode.Scalar], Int)? {
        var i = start
        var name = ""
        while i < source.count, source[i].isASCII,
            source[i].properties.isAlphabetic || ("0"..."9").contains(source[i]) || source[i] == "#",
            name.unicodeScalars.count < 40
        {
            name.unicodeScalars.append(source[i])
            i += 1
        }
        guard !name.isEmpty else { return nil }
        if i < source.count, source[i] == ";" { i += 1 }
        var value: UInt32?
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            value = UInt32(name.dropFirst(2), radix: 16)
        } else if name.hasPrefix("#") {
            value = UInt32(name.dropFirst(), radix: 10)
        } else {
            value = entities[name]
        }
        guard let value, value != 0 else { return nil }
        return ([Unicode.Scalar(value) ?? "\u{FFFD}"], i)
    }

    static let entities: [String: UInt32] = {
        var table: [String: UInt32] = [:]
        let words = entityData.split(whereSeparator: \.isWhitespace)
        var i = 0
        while i + 1 < words.count {
            if let value = UInt32(words[i + 1], radix: 16) { table[String(words[i])] = value }
            i += 2
        }
        return table
    }()

    /// TagSoup's open elements, as far as its repairs reach real strings.
    struct Tree {
        var open: [String] = []

        mutating func open(_ name: String, selfClosing: Bool, converter: inout Converter) {
            if AndroidHtml.blocks.contains(name) {
                // Inline elements around a block close, and restart in it.
                var restart: [String] = []
                while let last = open.last, !AndroidHtml.blocks.contains(last) {
                    converter.end(last)
                    restart.insert(last, at: 0)
                    open.removeLast()
                }
                // A paragraph (or list item, for an item) ends where a
                // block starts.
                if let last = open.last, last == "p" || (name == "li" && last == "li") {
                    converter.end(last)
                    open.removeLast()
                }
                converter.start(name)
                open.append(name)
                for element in restart {
                    converter.start(element)
                    open.append(element)
                }
            } else {
                converter.start(name)
                open.append(name)
            }
            if selfClosing || AndroidHtml.empty.contains(name) { close(name, converter: &converter) }
        }

        mutating func close(_ name: String, converter: inout Converter) {
            guard let index = open.lastIndex(of: name) else { return }
            // Inline elements inside it close with it and restart after.
            var restart: [String] = []
            while open.count > index + 1 {
                let last = open.removeLast()
                converter.end(last)
                if !AndroidHtml.blocks.contains(last) { restart.insert(last, at: 0) }
            }
            converter.end(name)
            open.removeLast()
            for element in restart {
                converter.start(element)
                open.append(element)
            }
        }

        mutating func closeAll(converter: inout Converter) {
            while let last = open.popLast() { converter.end(last) }
        }
    }

    /// `HtmlToSpannedConverter`'s text and marks.
    struct Converter {
        let margin: Int
        var text = ""
        var bytes = 0
        var units = 0
        var marks: [(kind: String, units: Int, bytes: Int, level: Int)] = []
        var runs: [StyleRun] = []
        var approximations = Set<Approximation>()

        init(margin: Int) { self.margin = margin }

        mutating func append(_ scalar: Unicode.Scalar) {
            text.unicodeScalars.append(scalar)
            bytes += UTF8.width(scalar)
            units += UTF16.width(scalar)
        }

        var last: Unicode.Scalar? { text.unicodeScalars.last }

        /// `characters`: spaces and line feeds after a space, a line feed
        /// or the start are dropped; the rest become one space.
        mutating func characters(_ scalars: [Unicode.Scalar]) {
            for c in scalars {
                if c == " " || c == "\n" {
                    let previous = last ?? "\n"
                    if previous != " " && previous != "\n" { append(" ") }
                } else {
                    append(c)
                }
            }
        }

        mutating func appendNewlines(_ minimum: Int) {
            guard !text.isEmpty else { return }
            var existing = 0
            for scalar in text.unicodeScalars.reversed() {
                guard scalar == "\n" else { break }
                existing += 1
                if existing >= minimum { return }
            }
            for _ in existing..<minimum { append("\n") }
        }

        mutating func setMark(_ kind: String, level: Int = 0) { marks.append((kind, units, bytes, level)) }

        mutating func finish(_ kind: String, as spans: [String]) {
            guard let index = marks.lastIndex(where: { $0.kind == kind }) else { return }
            let mark = marks.remove(at: index)
            guard mark.units != units else { return }
            for span in spans {
                runs.append(StyleRun(kind: span, range: mark.units..<units, bytes: mark.bytes..<bytes))
            }
        }

        mutating func start(_ tag: String) {
            switch tag {
            case "p", "ul", "div":
                appendNewlines(margin)
                setMark("newline", level: margin)
            case "li", "blockquote":
                appendNewlines(margin)
                setMark("newline", level: margin)
                setMark(tag == "li" ? "bullet" : "quote")
            case "img":
                let start = (units, bytes)
                append("\u{FFFC}")
                runs.append(StyleRun(kind: "image", range: start.0..<units, bytes: start.1..<bytes))
            case _ where tag.count == 2 && tag.first == "h" && ("1"..."6").contains(tag.last ?? " "):
                appendNewlines(margin)
                setMark("newline", level: margin)
                setMark("heading", level: Int(String(tag.last ?? "1")) ?? 1)
            default:
                if let mark = AndroidHtml.marks[tag] { setMark(mark.mark) }
            }
        }

        mutating func endBlock() {
            guard let index = marks.lastIndex(where: { $0.kind == "newline" }) else { return }
            let level = marks[index].level
            marks.remove(at: index)
            appendNewlines(level)
        }

        mutating func end(_ tag: String) {
            switch tag {
            case "br": append("\n")
            case "p", "ul", "div": endBlock()
            case "li":
                endBlock()
                finish("bullet", as: ["bullet"])
            case "blockquote":
                endBlock()
                finish("quote", as: ["quote"])
            case _ where tag.count == 2 && tag.first == "h" && ("1"..."6").contains(tag.last ?? " "):
                if let index = marks.lastIndex(where: { $0.kind == "heading" }) {
                    let level = marks[index].level
                    finish("heading", as: ["size" + AndroidHtml.headingSizes[max(0, min(5, level - 1))], "bold"])
                }
                endBlock()
            default:
                if let mark = AndroidHtml.marks[tag] { finish(mark.mark, as: [mark.span]) }
            }
        }

        func rendered(offsets: [Int]) -> Rendered {
            var approximations = Set<Approximation>()
            // Each byte's face traits, then runs of equal traits.
            var traits = [InlineMarkdown.Traits](repeating: [], count: bytes)
            for run in runs {
                let trait: InlineMarkdown.Traits
                switch run.kind {
                case "bold": trait = .bold
                case "italic": trait = .italic
                case "monospace": trait = .code
                case "strikethrough": trait = .strikethrough
                case "size1": continue
                case "image":
                    approximations.insert(.image)
                    continue
                case "bullet", "quote":
                    approximations.insert(.leadingMargin)
                    continue
                case _ where run.kind.hasPrefix("size"):
                    approximations.insert(.relativeSize)
                    continue
                default: continue
                }
                for b in run.bytes { traits[b].formUnion(trait) }
            }
            return Rendered(
                text: text, spans: InlineMarkdown.Span.runs(of: traits), runs: runs, approximations: approximations,
                offsets: offsets)
        }
    }
}

extension LocalizedString {
    /// The string as `Html.fromHtml` renders it (`AndroidHtml`), with what
    /// is not measured as a device draws it; `nil` when nothing changes.
    /// Its placeholders are already filled: `fromHtml` parses the formatted
    /// string. Spans it had (a resource's own `<b>`) move with the text.
    public func renderingHTML(separatorLineBreaks: Bool = false) -> (
        string: LocalizedString, approximations: Set<AndroidHtml.Approximation>
    )? {
        guard AndroidHtml.hasMarkup(text) else { return nil }
        let rendered = AndroidHtml.render(text, separatorLineBreaks: separatorLineBreaks)
        var copy = self
        copy.original = original ?? text
        copy.text = rendered.text
        if spans.isEmpty {
            copy.spans = rendered.spans
        } else {
            var traits = [InlineMarkdown.Traits](repeating: [], count: rendered.text.utf8.count)
            for span in spans where span.range.upperBound < rendered.offsets.count {
                for b in rendered.offsets[span.range.lowerBound]..<rendered.offsets[span.range.upperBound] {
                    traits[b].formUnion(span.traits)
                }
            }
            for span in rendered.spans { for b in span.range { traits[b].formUnion(span.traits) } }
            copy.spans = InlineMarkdown.Span.runs(of: traits)
        }
        // A resource's spans and sections were of the written text.
        copy.resourceSpans = []
        copy.placeholderExamples = []
        return (copy, rendered.approximations)
    }
}

extension InlineMarkdown.Span {
    /// The runs of equal, non-empty traits of per-byte `traits`.
    static func runs(of traits: [InlineMarkdown.Traits]) -> [InlineMarkdown.Span] {
        var spans: [InlineMarkdown.Span] = []
        var b = 0
        while b < traits.count {
            var end = b + 1
            while end < traits.count, traits[end] == traits[b] { end += 1 }
            if !traits[b].isEmpty { spans.append(InlineMarkdown.Span(range: b..<end, traits: traits[b])) }
            b = end
        }
        return spans
    }
}

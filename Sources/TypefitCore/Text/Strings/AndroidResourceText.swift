/// A text resource's value as aapt2 makes it from the element's content
/// (`<string>`, an `<item>` of `<plurals>` or `<string-array>`): the rules
/// of AOSP's `tools/aapt2/ResourceParser.cpp` (`FlattenXmlSubtree`) and
/// `ResourceUtils.cpp` (`StringBuilder`), checked against Debian's aapt2
/// 2.19 in the tests.
///
/// - Text and CDATA sections join into segments, split where an element
///   starts or ends. A string without spans loses the ASCII white space
///   before its first segment and after its last; a styled one keeps it.
/// - Outside double quotes, a run of ASCII white space is one space; a `"`
///   starts or ends a quoted run (white space kept, the quote dropped); an
///   apostrophe outside quotes is an error. A quoted run and a run of
///   spaces end where a span starts or ends, not at `<xliff:g>`.
/// - `\t` `\n` give a tab and a line feed, `\uXXXX` (four hex digits, else
///   an error) its character, a backslash before anything else that thing.
/// - An element without a namespace is a span (`b`, `font;color=#ff0000`):
///   its first and last UTF-16 unit, inclusive. `<xliff:g>` keeps its text
///   (untranslatable; nested, an error), other XLIFF elements and elements
///   of other namespaces only their text.
public struct AndroidResourceText: Equatable, Sendable {
    /// A span: the element's name and attributes (`font;color=#ff0000`),
    /// and its first and last UTF-16 unit in `text` (inclusive, as aapt2
    /// records them; an empty span's last is its first minus one).
    public struct Span: Equatable, Sendable {
        /// The element's name, then `;name=value` per attribute.
        public var name: String
        /// The first UTF-16 unit.
        public var first: Int
        /// The last UTF-16 unit (inclusive).
        public var last: Int

        /// Creates a span.
        public init(name: String, first: Int, last: Int) {
            self.name = name
            self.first = first
            self.last = last
        }
    }

    /// An `<xliff:g>` section: its text's UTF-8 bytes in `text`, its `id`
    /// and `example` attributes.
    public struct Placeholder: Equatable, Sendable {
        /// Its text's UTF-8 bytes in the value.
        public var bytes: Range<Int>
        /// `id`.
        public var id: String?
        /// `example`: what stands in for the placeholder when measured.
        public var example: String?

        /// Creates one.
        public init(bytes: Range<Int>, id: String?, example: String?) {
            (self.bytes, self.id, self.example) = (bytes, id, example)
        }
    }

    /// The value.
    public var text: String
    /// Its spans, in the order their elements start.
    public var spans: [Span] = []
    /// Whether an element without a namespace was met (aapt2 then makes a
    /// styled string, untrimmed, even where a span is empty).
    public var isStyled = false
    /// The `<xliff:g>` sections.
    public var placeholders: [Placeholder] = []
    /// `@string/name` (or another resource) when the content is a
    /// reference, `@` first after trimming: resolved where it is used.
    public var reference: String?

    /// XLIFF's namespace, which `xliff:` is bound to in resource files.
    public static let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"

    /// Reads the content of `element` (its start just read) up to its end.
    public static func read(_ reader: inout XMLReader, element: XMLReader.Element) throws(SourceError)
        -> AndroidResourceText
    {
        // The content as a flat list (segments, elements' starts and
        // ends): a tree appended to child by child copied its children
        // at every append, quadratic in a string of many spans.
        var items: [Item] = []
        var raw = ""
        var current = ""
        var isStyled = false
        var inG = false
        // Each open element's kind, to leave `<xliff:g>` at its end.
        var kinds: [Kind] = []
        func closeSegment() {
            guard !current.isEmpty else { return }
            items.append(.segment(current))
            current = ""
        }
        while true {
            guard let event = try reader.next() else {
                throw SourceError(element.position, "<\(element.name)> is not closed")
            }
            switch event {
            case .text(let text, _, _):
                current += text
                raw += text
            case .start(let child):
                closeSegment()
                let kind: Kind
                if child.namespace == nil {
                    var name = child.name
                    for attribute in child.attributes { name += ";" + attribute.name + "=" + attribute.value }
                    kind = .span(name)
                    isStyled = true
                } else if child.namespace == xliffNamespace && child.localName == "g" {
                    guard !inG else { throw SourceError(child.position, "illegal nested XLIFF 'g' tag") }
                    inG = true
                    // An example stands in for its section, in every string
                    // that takes it: no longer than a string measured (a 1 MB
                    // example copied into 300 references was 471 MB).
                    let example = child.attribute("example").map { LocalizedString.capped($0) ?? $0 }
                    kind = .untranslatable(id: child.attribute("id"), example: example)
                } else {
                    kind = .plain
                }
                kinds.append(kind)
                items.append(.open(kind))
            case .end:
                closeSegment()
                guard let kind = kinds.popLast() else {
                    // The element's own end.
                    return try build(items, raw: raw, isStyled: isStyled, at: element.position)
                }
                if case .untranslatable = kind { inG = false }
                items.append(.close)
            }
        }
    }

    private enum Kind {
        case span(String)
        case untranslatable(id: String?, example: String?)
        case plain
    }

    private enum Item {
        case segment(String)
        case open(Kind)
        case close
    }

    /// aapt2's trimming (a string without spans), then its `StringBuilder`
    /// over the content.
    private static func build(_ items: [Item], raw: String, isStyled: Bool, at position: SourcePosition)
        throws(SourceError) -> AndroidResourceText
    {
        var items = items
        if !isStyled {
            // The first segment loses its leading ASCII white space, the
            // last its trailing: byte by byte, as aapt2 trims (walking
            // Characters cost a grapheme break per character: a 15 MB
            // value took 4 s here).
            if let first = items.firstIndex(where: { if case .segment = $0 { true } else { false } }),
                case .segment(let text) = items[first]
            {
                items[first] = .segment(trimmed(text, leading: true, trailing: false))
            }
            if let last = items.lastIndex(where: { if case .segment = $0 { true } else { false } }),
                case .segment(let text) = items[last]
            {
                items[last] = .segment(trimmed(text, leading: false, trailing: true))
            }
        }
        var builder = Builder()
        try builder.walk(items, at: position)
        var value = AndroidResourceText(text: String(decoding: builder.utf8, as: UTF8.self))
        value.spans = builder.spans
        value.isStyled = isStyled
        value.placeholders = builder.placeholders
        // A reference, as aapt2's `TryParseReference` reads the raw text:
        // looked at only when it starts with `@`.
        if !isStyled, raw.utf8.first(where: { !isASCIISpace($0) }) == UInt8(ascii: "@") {
            let rawReference = trimmed(raw, leading: true, trailing: true)
            if rawReference.utf8.dropFirst().contains(UInt8(ascii: "/")),
                !rawReference.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\\") })
            {
                value.reference = rawReference
            }
        }
        return value
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// `text` without its leading and/or trailing ASCII white space.
    private static func trimmed(_ text: String, leading: Bool, trailing: Bool) -> String {
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        if leading {
            while start < end, isASCIISpace(bytes[start]) { start = bytes.index(after: start) }
        }
        if trailing {
            while end > start, isASCIISpace(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        }
        guard start != bytes.startIndex || end != bytes.endIndex else { return text }
        return String(Substring(bytes[start..<end]))
    }

    /// aapt2's `StringBuilder`: escapes, quotes and white space, per text
    /// segment; spans and `<xliff:g>` sections recorded where they fall.
    private struct Builder {
        var utf8: [UInt8] = []
        var utf16Count = 0
        var spans: [Span] = []
        var placeholders: [Placeholder] = []
        /// aapt2's text state: inside a quoted run, after a space. Kept from
        /// segment to segment (across `<xliff:g>`), ended where a span
        /// starts or ends (`StringBuilder::ResetTextState`): `Cymorth
        /// <xliff:g> %s</xliff:g>` is `Cymorth %s`, `"a <b>b  c</b> d"` is
        /// `a b c d`.
        var quoted = false
        var lastWasSpace = false

        mutating func resetTextState() {
            quoted = false
            lastWasSpace = false
        }

        mutating func walk(_ items: [Item], at position: SourcePosition) throws(SourceError) {
            // Per open element: its span's index, its `<xliff:g>`'s start
            // and attributes, or nothing.
            enum Open {
                case span(Int)
                case untranslatable(start: Int, id: String?, example: String?)
                case plain
            }
            var open: [Open] = []
            for item in items {
                switch item {
                case .segment(let text):
                    try append(text, at: position)
                case .open(.span(let name)):
                    resetTextState()
                    open.append(.span(spans.count))
                    spans.append(Span(name: name, first: utf16Count, last: utf16Count - 1))
                case .open(.untranslatable(let id, let example)):
                    open.append(.untranslatable(start: utf8.count, id: id, example: example))
                case .open(.plain):
                    open.append(.plain)
                case .close:
                    switch open.popLast() {
                    case .span(let index)?:
                        spans[index].last = utf16Count - 1
                        resetTextState()
                    case .untranslatable(let start, let id, let example)?:
                        placeholders.append(Placeholder(bytes: start..<utf8.count, id: id, example: example))
                    case .plain?, nil:
                        break
                    }
                }
            }
        }

        mutating func emit(_ scalar: Unicode.Scalar) {
            // Encoded in place: a String and an Array per character were
            // half of reading a long value.
            if scalar.value < 0x80 {
                utf8.append(UInt8(scalar.value))
            } else {
                UTF8.encode(scalar) { utf8.append($0) }
            }
            utf16Count += scalar.value > 0xFFFF ? 2 : 1
        }

        /// One segment.
        mutating func append(_ text: String, at position: SourcePosition) throws(SourceError) {
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                let value = scalar.value
                if !quoted, value < 0x80, value == 0x20 || (0x09...0x0D).contains(value) {
                    if !lastWasSpace {
                        emit(" ")
                        lastWasSpace = true
                    }
                    continue
                }
                lastWasSpace = false
                switch scalar {
                case "\\":
                    guard let escaped = scalars.next() else { continue }
                    switch escaped {
                    case "t": emit("\t")
                    case "n": emit("\n")
                    case "u":
                        var code: UInt32 = 0
                        for _ in 0..<4 {
                            guard let digit = scalars.next(), let value = Character(digit).hexDigitValue else {
                                throw SourceError(position, "invalid unicode escape sequence in string")
                            }
                            code = code << 4 | UInt32(value)
                        }
                        // A surrogate (`\uD83D`) is no character: aapt2's
                        // value has nothing there.
                        if let decoded = Unicode.Scalar(code) { emit(decoded) }
                    default: emit(escaped)
                    }
                case "\"":
                    quoted.toggle()
                case "'" where !quoted:
                    throw SourceError(position, "unescaped apostrophe in string")
                default:
                    emit(scalar)
                }
            }
        }
    }
}

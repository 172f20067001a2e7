/// A pull reader of the XML that resource files are written in (Android's
/// `res/values*/*.xml`): elements with their attributes and namespaces,
/// text with the predefined entities and character references decoded,
/// CDATA sections as text, comments and processing instructions skipped.
///
/// No document type: a `<!DOCTYPE` is refused, so no entity is ever
/// defined or expanded (entity expansion is how a small XML file takes
/// gigabytes), and an entity other than XML's five is an error, as in
/// expat, which aapt2 reads with. Elements nest at most `maximumDepth`
/// deep. Every event says where it starts (line, and column in Unicode
/// code points).
public struct XMLReader {
    /// What the reader met next.
    public enum Event: Equatable, Sendable {
        /// A start tag (`<b>`, or `<b/>`, which is followed by its end).
        case start(Element)
        /// An end tag, or the end of an empty element.
        case end(name: String, position: SourcePosition)
        /// Character data: text with its references decoded, or a CDATA
        /// section's content as written.
        case text(String, position: SourcePosition, isCDATA: Bool)
    }

    /// A start tag.
    public struct Element: Equatable, Sendable {
        /// The name as written (`xliff:g`).
        public var name: String
        /// The name without its prefix (`g`).
        public var localName: String
        /// The namespace its prefix is bound to (`nil`: none).
        public var namespace: String?
        /// Its attributes in document order, namespace declarations left out.
        public var attributes: [Attribute]
        /// Where `<` is.
        public var position: SourcePosition

        /// The value of the attribute named `name` (as written), if any.
        public func attribute(_ name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// An attribute.
    public struct Attribute: Equatable, Sendable {
        /// The name as written.
        public var name: String
        /// The value, references decoded.
        public var value: String
    }

    private var cursor: SourceCursor
    private let maximumDepth: Int
    /// The open elements' names and the namespace bindings each made.
    private var open: [(name: String, bindings: [String: String])] = []
    /// The end event of an empty element, given after its start.
    private var pendingEnd: Event?
    private var sawRoot = false
    private var finished = false

    /// A reader of `bytes`: UTF-8 that `XMLText.utf8` made (or checked) from
    /// a document's bytes.
    public init(_ bytes: [UInt8], maximumDepth: Int = 64) {
        cursor = SourceCursor(bytes)
        self.maximumDepth = maximumDepth
    }

    /// How deep the reader is: 1 inside the root element.
    public var depth: Int { open.count }

    /// The next event, or `nil` after the root element's end and the
    /// comments and white space after it.
    public mutating func next() throws(SourceError) -> Event? {
        if let pending = pendingEnd {
            pendingEnd = nil
            return pending
        }
        if finished { return nil }
        if open.isEmpty {
            try skipMisc(allowingDeclaration: !sawRoot)
            guard !cursor.atEnd else {
                guard sawRoot else { throw SourceError(cursor.position, "the document has no element") }
                finished = true
                return nil
            }
            guard !sawRoot else {
                throw SourceError(cursor.position, "expected the end of the document, found \(cursor.found())")
            }
            guard cursor.peek == UInt8(ascii: "<") else {
                throw SourceError(cursor.position, "expected an element, found \(cursor.found())")
            }
            sawRoot = true
            return try startTag()
        }
        // Comments and processing instructions are passed over in a loop,
        // never by calling `next` again: a file of 9,000 `<!---->` ran the
        // stack out (SIGSEGV).
        while cursor.startsWith("<!--") || cursor.startsWith("<?") {
            let position = cursor.position
            if cursor.startsWith("<!--") {
                try skipComment()
            } else {
                _ = try cursor.skip(past: "?>", what: "processing instruction", from: position)
            }
        }
        let position = cursor.position
        if cursor.peek == nil {
            throw SourceError(position, "<\(open[open.count - 1].name)> is not closed")
        }
        if cursor.startsWith("<![CDATA[") {
            cursor.advance(by: 9)
            var bytes: [UInt8] = []
            while !cursor.startsWith("]]>") {
                guard let byte = cursor.peek else { throw SourceError(position, "unterminated CDATA section") }
                appendNormalizingLineEnd(byte, to: &bytes)
            }
            cursor.advance(by: 3)
            return .text(String(decoding: bytes, as: UTF8.self), position: position, isCDATA: true)
        }
        if cursor.startsWith("</") {
            return try endTag()
        }
        if cursor.peek == UInt8(ascii: "<") {
            return try startTag()
        }
        // Character data up to the next markup.
        var bytes: [UInt8] = []
        while let byte = cursor.peek, byte != UInt8(ascii: "<") {
            if byte == UInt8(ascii: "&") {
                bytes += try reference()
            } else {
                if byte == UInt8(ascii: "]"), cursor.startsWith("]]>") {
                    throw SourceError(cursor.position, "']]>' outside a CDATA section")
                }
                appendNormalizingLineEnd(byte, to: &bytes)
            }
        }
        return .text(String(decoding: bytes, as: UTF8.self), position: position, isCDATA: false)
    }

    /// Appends `byte` and moves past it; a carriage return (with the line
    /// feed after it) is one line feed, as XML 1.0 (2.11) reads line ends.
    private mutating func appendNormalizingLineEnd(_ byte: UInt8, to bytes: inout [UInt8]) {
        cursor.advance()
        guard byte == 0x0D else {
            bytes.append(byte)
            return
        }
        bytes.append(0x0A)
        if cursor.peek == 0x0A { cursor.advance() }
    }

    /// Skips the XML declaration (first only), comments, processing
    /// instructions and white space around the root element.
    private mutating func skipMisc(allowingDeclaration: Bool) throws(SourceError) {
        while true {
            cursor.skipWhitespace()
            let position = cursor.position
            if cursor.startsWith("<!--") {
                try skipComment()
            } else if cursor.startsWith("<?") {
                let text = try cursor.skip(past: "?>", what: "processing instruction", from: position)
                if text.hasPrefix("<?xml ") || text == "<?xml?>" {
                    guard allowingDeclaration else {
                        throw SourceError(position, "an XML declaration after the document's start")
                    }
                    // The encoding was read before (`XMLText.utf8`): the
                    // bytes here are UTF-8 whatever the declaration says.
                }
            } else if cursor.startsWith("<!DOCTYPE") {
                throw SourceError(
                    position,
                    "a document type declaration (<!DOCTYPE); resource files have none, and typefit "
                        + "expands no entity")
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(SourceError) {
        let position = cursor.position
        let text = try cursor.skip(past: "-->", what: "comment", from: position)
        // `--` may not occur inside a comment (XML 1.0, production 15).
        if text.dropFirst(4).dropLast(3).contains("--") {
            throw SourceError(position, "'--' inside a comment")
        }
    }

    private mutating func startTag() throws(SourceError) -> Event {
        let position = cursor.position
        cursor.advance()
        let name = try readName(at: position, in: "a start tag")
        var raw: [(name: String, value: String)] = []
        var seenAttributes = Set<String>()
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            guard let byte = cursor.peek else { throw SourceError(position, "unterminated tag <\(name)") }
            if byte == UInt8(ascii: ">") {
                cursor.advance()
                break
            }
            if byte == UInt8(ascii: "/") {
                cursor.advance()
                guard cursor.peek == UInt8(ascii: ">") else {
                    throw SourceError(cursor.position, "expected '>' after '/' in <\(name)")
                }
                cursor.advance()
                selfClosing = true
                break
            }
            guard hadSpace else {
                throw SourceError(cursor.position, "expected white space before an attribute in <\(name)")
            }
            let attributePosition = cursor.position
            let attribute = try readName(at: attributePosition, in: "<\(name)")
            skipSpace()
            guard cursor.peek == UInt8(ascii: "=") else {
                throw SourceError(cursor.position, "expected '=' after the attribute '\(attribute)' in <\(name)")
            }
            cursor.advance()
            skipSpace()
            guard let quote = cursor.peek, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw SourceError(cursor.position, "expected a quoted value for the attribute '\(attribute)'")
            }
            cursor.advance()
            var bytes: [UInt8] = []
            while true {
                guard let byte = cursor.peek else {
                    throw SourceError(attributePosition, "unterminated value of the attribute '\(attribute)'")
                }
                if byte == quote {
                    cursor.advance()
                    break
                }
                if byte == UInt8(ascii: "<") {
                    throw SourceError(cursor.position, "'<' in the value of the attribute '\(attribute)'")
                }
                if byte == UInt8(ascii: "&") {
                    bytes += try reference()
                    continue
                }
                // Attribute-value normalization (XML 1.0, 3.3.3): white
                // space characters become spaces (a CR LF line end one).
                cursor.advance()
                if byte == 0x0D, cursor.peek == 0x0A { continue }
                bytes.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte)
            }
            // A set: an element of 100,000 attributes is not quadratic.
            guard seenAttributes.insert(attribute).inserted else {
                throw SourceError(attributePosition, "the attribute '\(attribute)' appears twice in <\(name)>")
            }
            raw.append((attribute, String(decoding: bytes, as: UTF8.self)))
        }
        guard open.count < maximumDepth else {
            throw SourceError(position, "elements nested more than \(maximumDepth) deep")
        }
        var bindings: [String: String] = [:]
        var attributes: [Attribute] = []
        for (attribute, value) in raw {
            if attribute == "xmlns" {
                bindings[""] = value
            } else if attribute.hasPrefix("xmlns:") {
                bindings[String(attribute.dropFirst(6))] = value
            } else {
                attributes.append(Attribute(name: attribute, value: value))
            }
        }
        open.append((name, bindings))
        let (prefix, local) = Self.split(name)
        let namespace = self.namespace(of: prefix)
        if !prefix.isEmpty && namespace == nil {
            throw SourceError(position, "the prefix '\(prefix)' of <\(name)> is bound to no namespace")
        }
        if selfClosing {
            open.removeLast()
            pendingEnd = .end(name: name, position: position)
        }
        return .start(
            Element(name: name, localName: local, namespace: namespace, attributes: attributes, position: position))
    }

    private mutating func endTag() throws(SourceError) -> Event {
        let position = cursor.position
        cursor.advance(by: 2)
        let name = try readName(at: position, in: "an end tag")
        skipSpace()
        guard cursor.peek == UInt8(ascii: ">") else {
            throw SourceError(cursor.position, "expected '>' to end </\(name)")
        }
        cursor.advance()
        guard let top = open.last else { throw SourceError(position, "</\(name)> closes no element") }
        guard top.name == name else {
            throw SourceError(position, "expected </\(top.name)>, found </\(name)>")
        }
        open.removeLast()
        return .end(name: name, position: position)
    }

    /// `prefix:local` split (no prefix: empty).
    private static func split(_ name: String) -> (prefix: String, local: String) {
        guard let colon = name.firstIndex(of: ":") else { return ("", name) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }

    /// The namespace `prefix` is bound to in the open elements.
    private func namespace(of prefix: String) -> String? {
        if prefix == "xml" { return "http://www.w3.org/XML/1998/namespace" }
        for element in open.reversed() {
            if let uri = element.bindings[prefix] { return uri.isEmpty ? nil : uri }
        }
        return nil
    }

    private mutating func readName(at position: SourcePosition, in what: String) throws(SourceError) -> String {
        let start = cursor.index
        while let byte = cursor.peek, Self.isNameByte(byte, first: cursor.index == start) { cursor.advance() }
        guard cursor.index > start else {
            throw SourceError(cursor.position, "expected a name in \(what), found \(cursor.found())")
        }
        return String(decoding: cursor.bytes[start..<cursor.index], as: UTF8.self)
    }

    /// XML's name characters, with every byte of a non-ASCII character
    /// taken (names in resource files are ASCII; a wrong one fails later).
    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"), 0x80...0xFF:
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default:
            return false
        }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        var skipped = false
        while let byte = cursor.peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            cursor.advance()
            skipped = true
        }
        return skipped
    }

    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` and
    /// `&#xN;` (a character XML allows); anything else is an error.
    private mutating func reference() throws(SourceError) -> [UInt8] {
        let (name, position) = try XMLReference.read(&cursor, longest: 16)
        if let byte = XMLReference.predefined(name) { return [byte] }
        guard name.hasPrefix("#") else { throw SourceError(position, "undefined entity '&\(name);'") }
        // XML 1.0's Char: tab, newline, carriage return, U+0020 on, no
        // surrogates, no U+FFFE or U+FFFF.
        guard let code = XMLReference.characterCode(name, upperCaseX: false),
            code == 0x09 || code == 0x0A || code == 0x0D || code >= 0x20, code != 0xFFFE, code != 0xFFFF,
            let scalar = Unicode.Scalar(code)
        else {
            throw SourceError(position, "'&\(name);' refers to no character XML allows")
        }
        return Array(String(Character(scalar)).utf8)
    }
}

/// What the XML readers (this one and the property-list parser) share:
/// references (`&amp;`, `&#233;`), each reader judging what it allows, and
/// the XML declaration's attributes.
enum XMLReference {
    /// Reads `&name;` from the cursor at its `&`: the name between, and
    /// where the reference starts. A `&` that no `;` follows within
    /// `longest` bytes starts no reference.
    static func read(_ cursor: inout SourceCursor, longest: Int) throws(SourceError) -> (
        name: String, position: SourcePosition
    ) {
        let position = cursor.position
        let begin = cursor.index
        cursor.advance()
        while let byte = cursor.peek, byte != UInt8(ascii: ";"), cursor.index - begin < longest { cursor.advance() }
        guard cursor.peek == UInt8(ascii: ";") else {
            throw SourceError(position, "'&' starts no entity; write &amp; for '&'")
        }
        let name = String(decoding: cursor.bytes[(begin + 1)..<cursor.index], as: UTF8.self)
        cursor.advance()
        return (name, position)
    }

    /// The value of `name="…"` in a declaration's text.
    static func declared(_ name: String, in text: String) -> String? {
        let needle = Array((name + "=").utf8)
        let scalars = Array(text.utf8)
        guard scalars.count >= needle.count,
            let at = (0...(scalars.count - needle.count)).first(where: {
                scalars[$0..<($0 + needle.count)].elementsEqual(needle)
            })
        else { return nil }
        let rest = Substring(String(decoding: scalars[(at + needle.count)...], as: UTF8.self))
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let body = rest.dropFirst()
        guard let end = body.firstIndex(of: quote) else { return nil }
        return String(body[..<end])
    }

    /// The character of one of XML's five predefined entities.
    static func predefined(_ name: String) -> UInt8? {
        switch name {
        case "amp": UInt8(ascii: "&")
        case "lt": UInt8(ascii: "<")
        case "gt": UInt8(ascii: ">")
        case "quot": UInt8(ascii: "\"")
        case "apos": UInt8(ascii: "'")
        default: nil
        }
    }

    /// The code of a character reference's name (`#233`, `#xE9`; `#XE9`
    /// with `upperCaseX`), or `nil`.
    static func characterCode(_ name: String, upperCaseX: Bool) -> UInt32? {
        if name.hasPrefix("#x") || (upperCaseX && name.hasPrefix("#X")) {
            return UInt32(name.dropFirst(2), radix: 16)
        }
        return name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
    }
}

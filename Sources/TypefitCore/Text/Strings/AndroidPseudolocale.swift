/// Android's pseudolocales as `aapt2 compile --pseudo-localize` makes
/// them from the default configuration's strings (AOSP
/// `tools/aapt2/compile/Pseudolocalizer.cpp`): `en-XA` accents every ASCII
/// letter, guards placeholders as `»%1$s«` and grows the text by about
/// half (`[… one two three]`); `ar-XB` wraps each word in right-to-left
/// marks and overrides. Byte for byte as aapt2 2.19 writes them (the
/// tests compare with it); a value's spans and `<xliff:g>` sections are
/// not yet carried over (`generate` takes plain values).
public enum AndroidPseudolocale: String, Sendable, CaseIterable {
    /// Accented and expanded.
    case accented = "en-XA"
    /// Bidirectional.
    case bidi = "ar-XB"

    /// `text` in the pseudolocale.
    public func generate(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        switch self {
        case .accented:
            var accent = Accent()
            out += accent.start()
            out += pseudolocalize(bytes, start: { accent.start() }, end: { accent.end() }) { accent.text($0) }
            out += accent.end()
        case .bidi:
            out = pseudolocalize(bytes, start: { [] }, end: { [] }) { Self.bidi($0) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` in the pseudolocale with its `<xliff:g>` sections (UTF-8
    /// ranges) copied as they are, as aapt2's `PseudolocalizeString` does:
    /// the text between them made one piece at a time, inside one pair of
    /// brackets.
    public func generate(_ text: String, keeping sections: [Range<Int>]) -> String {
        guard !sections.isEmpty else { return generate(text) }
        let bytes = Array(text.utf8)
        var accent = Accent()
        var out: [UInt8] = self == .accented ? accent.start() : []
        func piece(_ part: ArraySlice<UInt8>) -> [UInt8] {
            switch self {
            case .accented:
                return pseudolocalize(Array(part), start: { accent.start() }, end: { accent.end() }) {
                    accent.text($0)
                }
            case .bidi:
                return pseudolocalize(Array(part), start: { [] }, end: { [] }) { Self.bidi($0) }
            }
        }
        var cursor = 0
        for section in sections.sorted(by: { $0.lowerBound < $1.lowerBound })
        where section.lowerBound >= cursor && section.upperBound <= bytes.count {
            if section.lowerBound > cursor { out += piece(bytes[cursor..<section.lowerBound]) }
            out += bytes[section]
            cursor = section.upperBound
        }
        if cursor < bytes.count { out += piece(bytes[cursor...]) }
        if self == .accented { out += accent.end() }
        return String(decoding: out, as: UTF8.self)
    }

    /// A styled value in the pseudolocale, as aapt2's
    /// `PseudolocalizeStyledString` makes it: the spans and `<xliff:g>`
    /// sections (`sections`, UTF-8 ranges) cut the text into pieces, each
    /// made in turn by one localizer (so the expansion is the whole
    /// string's), a section's pieces copied as they are; each span's first
    /// and last UTF-16 unit moved to where its text now is.
    public func generate(
        _ text: String, spans: [AndroidResourceText.Span], keeping sections: [Range<Int>]
    ) -> (text: String, spans: [AndroidResourceText.Span]) {
        guard !spans.isEmpty else { return (generate(text, keeping: sections), []) }
        struct Unified {
            var tag: String?
            var first: Int
            var last: Int
        }
        func before(_ a: Unified, _ b: Unified) -> Bool { a.first != b.first ? a.first < b.first : a.last < b.last }
        let units = Array(text.utf16)
        // UTF-8 offsets to UTF-16 ones, for the sections.
        var utf16At: [Int: Int] = [:]
        var u8 = 0
        var u16 = 0
        for scalar in text.unicodeScalars {
            utf16At[u8] = u16
            u8 += scalar.utf8.count
            u16 += scalar.utf16.count
        }
        utf16At[u8] = u16
        // A stable sort keeps `<b><i>` in order.
        let sortedSpans = spans.enumerated().map { Unified(tag: $1.name, first: $1.first, last: $1.last) }
            .enumerated().sorted {
                before($0.element, $1.element) || (!before($1.element, $0.element) && $0.offset < $1.offset)
            }
            .map(\.element)
        let sortedSections = sections.compactMap { range -> Unified? in
            guard let start = utf16At[range.lowerBound], let end = utf16At[range.upperBound] else { return nil }
            return Unified(tag: nil, first: start, last: end - 1)
        }.sorted(by: before)
        var merged: [Unified] = []
        var s = 0
        var u = 0
        while s < sortedSpans.count, u < sortedSections.count {
            if before(sortedSpans[s], sortedSections[u]) {
                merged.append(sortedSpans[s])
                s += 1
            } else {
                merged.append(sortedSections[u])
                u += 1
            }
        }
        merged += sortedSpans[s...]
        merged += sortedSections[u...]

        var accent = Accent()
        func localized(_ piece: ArraySlice<UInt16>) -> [UInt8] {
            let bytes = Array(String(decoding: piece, as: UTF16.self).utf8)
            switch self {
            case .accented:
                return pseudolocalize(bytes, start: { accent.start() }, end: { accent.end() }) { accent.text($0) }
            case .bidi:
                return pseudolocalize(bytes, start: { [] }, end: { [] }) { Self.bidi($0) }
            }
        }
        func utf16Count(_ bytes: [UInt8]) -> Int { String(decoding: bytes, as: UTF8.self).utf16.count }
        func piece(_ from: Int, _ count: Int) -> ArraySlice<UInt16> {
            let start = min(max(from, 0), units.count)
            return units[start..<min(units.count, start + max(count, 0))]
        }
        var out: [UInt8] = self == .accented ? accent.start() : []
        var newCursor = utf16Count(out)
        var cursor = 0
        var stack: [Int] = []
        var translatable = true
        var index = 0
        while index < merged.count || !stack.isEmpty {
            if index < merged.count, stack.isEmpty || merged[stack[stack.count - 1]].last > merged[index].first {
                // No parent, or a child of the parent: the text up to it.
                let part = piece(cursor, merged[index].first - cursor)
                cursor += part.count
                let made = translatable ? localized(part) : Array(String(decoding: part, as: UTF16.self).utf8)
                newCursor += utf16Count(made)
                out += made
                merged[index].first = newCursor
                if merged[index].tag == nil { translatable = false }
                stack.append(index)
                index += 1
                continue
            }
            if let parent = stack.last {
                // The parent ends: its text up to its last unit.
                let part = piece(cursor, merged[parent].last - cursor + 1)
                cursor += part.count
                let made = translatable ? localized(part) : Array(String(decoding: part, as: UTF16.self).utf8)
                newCursor += utf16Count(made)
                out += made
                merged[parent].last = newCursor - 1
                // aapt2 sets it back at a span's end, not a section's.
                if merged[parent].tag != nil { translatable = true }
                stack.removeLast()
            }
        }
        out += localized(piece(cursor, units.count - cursor))
        if self == .accented { out += accent.end() }
        let made = merged.compactMap { span in
            span.tag.map { AndroidResourceText.Span(name: $0, first: span.first, last: span.last) }
        }
        return (String(decoding: out, as: UTF8.self), made)
    }

    /// `text` in the pseudolocale with other placeholders than Java's
    /// (Foundation's `%@`, `%lld`, at the UTF-8 ranges `placeholders`
    /// gives) kept as aapt2 keeps Java's: each stands as one character of a
    /// word while the text is made (aapt2 would read `%@, you h` as one
    /// placeholder, up to the next Java conversion letter), then is put
    /// back, guarded `»%@«` in `en-XA`.
    public func generateGuarding(_ text: String, placeholders: (String) -> [Range<Int>]) -> String {
        let ranges = placeholders(text).prefix(6_400)
        guard !ranges.isEmpty else { return generate(text) }
        let bytes = Array(text.utf8)
        var masked: [UInt8] = []
        var kept: [[UInt8]] = []
        var cursor = 0
        for range in ranges where range.lowerBound >= cursor {
            masked += bytes[cursor..<range.lowerBound]
            // A private-use character per placeholder (U+E000 on).
            masked += Array(String(Unicode.Scalar(0xE000 + UInt32(kept.count)) ?? "?").utf8)
            kept.append(Array(bytes[range]))
            cursor = range.upperBound
        }
        masked += bytes[cursor...]
        var out = ""
        for scalar in generate(String(decoding: masked, as: UTF8.self)).unicodeScalars {
            let index = Int(scalar.value) - 0xE000
            guard index >= 0, index < kept.count else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let placeholder = String(decoding: kept[index], as: UTF8.self)
            out += self == .accented ? "»" + placeholder + "«" : placeholder
        }
        return out
    }

    /// aapt2's `Pseudolocalizer::Text`: ICU message arguments (`{…}`, an
    /// apostrophe quoting the next character) are guarded, the rest
    /// converted.
    private func pseudolocalize(
        _ bytes: [UInt8], start: () -> [UInt8], end: () -> [UInt8], _ convert: ([UInt8]) -> [UInt8]
    ) -> [UInt8] {
        var out: [UInt8] = []
        var depth = 0
        var lastDepth = 0
        var lastPosition = 0
        var escaped = false
        for position in bytes.indices {
            let c = bytes[position]
            if escaped {
                escaped = false
                continue
            }
            if c == UInt8(ascii: "'") {
                escaped = true
                continue
            }
            if c == UInt8(ascii: "{") {
                depth += 1
            } else if c == UInt8(ascii: "}") && depth > 0 {
                depth -= 1
            }
            guard lastDepth != depth || position == bytes.count - 1 else { continue }
            let pseudo = lastDepth % 2 == 0
            var next = position
            if !pseudo || depth == lastDepth { next += 1 }
            if next > lastPosition {
                let chunk = Array(bytes[lastPosition..<next])
                if pseudo {
                    out += convert(chunk)
                } else if chunk.first == UInt8(ascii: "{") && chunk.last == UInt8(ascii: "}") {
                    // An argument: guarded (en-XA), or right to left as a
                    // word (ar-XB).
                    out +=
                        self == .accented
                        ? Self.placeholder(chunk)
                        : Array("\u{200F}\u{202E}".utf8) + chunk + Array("\u{202C}\u{200F}".utf8)
                } else {
                    out += chunk
                }
            }
            // A nested message ends or starts (ICU's `{n, plural, …}`).
            if pseudo && depth < lastDepth {
                out += end()
            } else if !pseudo && depth > lastDepth {
                out += start()
            }
            lastPosition = next
            lastDepth = depth
        }
        return out
    }

    private static let open = Array("\u{00BB}".utf8)
    private static let close = Array("\u{00AB}".utf8)

    private static func placeholder(_ chunk: [UInt8]) -> [UInt8] { open + chunk + close }

    /// `PseudoMethodAccent`: counts the characters converted (and the
    /// words of unconverted ones) for the expansion at the end.
    private struct Accent {
        var depth = 0
        var wordCount = 0
        var length = 0

        mutating func start() -> [UInt8] {
            let result = depth == 0 ? Array("[".utf8) : []
            wordCount = 0
            length = 0
            depth += 1
            return result
        }

        static let expansion = Array(
            ("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fiveteen sixteen "
                + "seventeen nineteen twenty").utf8)

        mutating func text(_ s: [UInt8]) -> [UInt8] {
            var result: [UInt8] = []
            var lastSpace = true
            var i = 0
            while i < s.count {
                var c = s[i]
                if c == UInt8(ascii: "%") {
                    // A placeholder up to a conversion letter, kept.
                    var chunk = [c]
                    var end = false
                    while !end && i + 1 < s.count {
                        i += 1
                        c = s[i]
                        chunk.append(c)
                        if "sScCdoxXfeEgGaAbBhH%n".utf8.contains(c) {
                            end = true
                        } else if i + 1 < s.count && c == UInt8(ascii: "t") {
                            i += 1
                            c = s[i]
                            chunk.append(c)
                            end = true
                        }
                    }
                    result += c == UInt8(ascii: "%") ? chunk : AndroidPseudolocale.placeholder(chunk)
                } else if c == UInt8(ascii: "<") || c == UInt8(ascii: "&") {
                    // Markup and entities, copied.
                    var closed = false
                    while !closed && i < s.count {
                        if c == UInt8(ascii: "&") {
                            var escape = [c]
                            var end = false
                            var position = i
                            while !end && position < s.count {
                                position += 1
                                c = position < s.count ? s[position] : 0
                                escape.append(c)
                                if c == UInt8(ascii: ";") {
                                    end = true
                                    i = position
                                } else if !(c == UInt8(ascii: "#") || (0x61...0x7A).contains(c)
                                    || (0x41...0x5A).contains(c) || (0x30...0x39).contains(c))
                                {
                                    end = true
                                }
                            }
                            // aapt2 keeps the byte that ended an entity without
                            // its `;` (at the text's end, the NUL it reads past
                            // the end: `Rock &roll` gives `&roll` and a NUL),
                            // and goes on from the byte after the `&`.
                            result += escape
                            if escape != Array("&lt;".utf8) { closed = true }
                            continue
                        }
                        if c == UInt8(ascii: ">") {
                            closed = true
                            result.append(c)
                            continue
                        }
                        result.append(c)
                        i += 1
                        c = i < s.count ? s[i] : 0
                    }
                } else {
                    if let mapped = Self.accented(c) {
                        result += mapped
                    } else {
                        let space = c == 0x20 || (0x09...0x0D).contains(c)
                        if lastSpace && !space { wordCount += 1 }
                        lastSpace = space
                        result.append(c)
                    }
                    length += 1
                }
                i += 1
            }
            return result
        }

        mutating func end() -> [UInt8] {
            var result: [UInt8] = []
            if length > 0 { result = Array(" ".utf8) + Self.words(wordCount > 3 ? length : length / 2) }
            wordCount = 0
            length = 0
            depth -= 1
            if depth == 0 { result += Array("]".utf8) }
            return result
        }

        /// `PseudoGenerateExpansion`: whole words of the list, at least
        /// `length` bytes, the list repeated where it is shorter.
        static func words(_ length: Int) -> [UInt8] {
            var result = expansion
            if result.count < length {
                result += Array(" ".utf8)
                result += words(length - result.count)
            } else {
                var extra = 0
                var i = length + 1
                while i < result.count {
                    extra += 1
                    if result[i] == 0x20 { break }
                    i += 1
                }
                result = Array(result[0..<min(result.count, length + extra)])
            }
            return result
        }

        static func accented(_ c: UInt8) -> [UInt8]? {
            let table: [UInt8: String] = [
                0x61: "\u{00E5}", 0x62: "\u{0253}", 0x63: "\u{00E7}", 0x64: "\u{00F0}", 0x65: "\u{00E9}",
                0x66: "\u{0192}", 0x67: "\u{011D}", 0x68: "\u{0125}", 0x69: "\u{00EE}", 0x6A: "\u{0135}",
                0x6B: "\u{0137}", 0x6C: "\u{013C}", 0x6D: "\u{1E3F}", 0x6E: "\u{00F1}", 0x6F: "\u{00F6}",
                0x70: "\u{00FE}", 0x71: "\u{0051}", 0x72: "\u{0155}", 0x73: "\u{0161}", 0x74: "\u{0163}",
                0x75: "\u{00FB}", 0x76: "\u{0056}", 0x77: "\u{0175}", 0x78: "\u{0445}", 0x79: "\u{00FD}",
                0x7A: "\u{017E}", 0x41: "\u{00C5}", 0x42: "\u{03B2}", 0x43: "\u{00C7}", 0x44: "\u{00D0}",
                0x45: "\u{00C9}", 0x47: "\u{011C}", 0x48: "\u{0124}", 0x49: "\u{00CE}", 0x4A: "\u{0134}",
                0x4B: "\u{0136}", 0x4C: "\u{013B}", 0x4D: "\u{1E3E}", 0x4E: "\u{00D1}", 0x4F: "\u{00D6}",
                0x50: "\u{00DE}", 0x51: "\u{0071}", 0x52: "\u{0154}", 0x53: "\u{0160}", 0x54: "\u{0162}",
                0x55: "\u{00DB}", 0x56: "\u{03BD}", 0x57: "\u{0174}", 0x58: "\u{00D7}", 0x59: "\u{00DD}",
                0x5A: "\u{017D}", 0x21: "\u{00A1}", 0x3F: "\u{00BF}", 0x24: "\u{20AC}",
            ]
            return table[c].map { Array($0.utf8) }
        }
    }

    /// `PseudoMethodBidi`: each word between U+200F U+202E and U+202C
    /// U+200F; `\n` and `\t` written as escapes count as spaces.
    private static func bidi(_ s: [UInt8]) -> [UInt8] {
        let start = Array("\u{200F}\u{202E}".utf8)
        let end = Array("\u{202C}\u{200F}".utf8)
        var result: [UInt8] = []
        var lastSpace = true
        var escape = false
        for c in s {
            if !escape && c == UInt8(ascii: "\\") {
                escape = true
                continue
            }
            let isSpace = c == 0x20 || (0x09...0x0D).contains(c)
            let space = (!escape && isSpace) || (escape && (c == UInt8(ascii: "n") || c == UInt8(ascii: "t")))
            if lastSpace && !space {
                result += start
            } else if !lastSpace && space {
                result += end
            }
            lastSpace = space
            if escape {
                result.append(UInt8(ascii: "\\"))
                escape = false
            }
            result.append(c)
        }
        if !lastSpace { result += end }
        return result
    }
}

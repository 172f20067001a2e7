/// A read position in a document's bytes that knows its line and column.
/// Columns are counted incrementally from the last position asked for, so
/// asking at every value of a one-line megabyte file stays linear.
struct SourceCursor {
    let bytes: [UInt8]
    private(set) var index = 0
    private var line = 1
    /// Where the column count last stopped, and the column there.
    private var countedIndex = 0
    private var countedColumn = 1

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed before the document.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            countedIndex = 3
        }
    }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The line and column of `index`; columns count Unicode scalars.
    var position: SourcePosition {
        mutating get {
            let end = min(index, bytes.count)
            if countedIndex < end {
                for byte in bytes[countedIndex..<end] where byte & 0xC0 != 0x80 { countedColumn += 1 }
                countedIndex = end
            }
            return SourcePosition(line: line, column: countedColumn)
        }
    }

    mutating func advance() {
        guard index < bytes.count else { return }
        if bytes[index] == 0x0A {
            line += 1
            countedIndex = index + 1
            countedColumn = 1
        }
        index += 1
    }

    /// Moves to `newIndex` on the same line; the caller knows no line break
    /// lies between.
    mutating func moveWithinLine(to newIndex: Int) {
        index = newIndex
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    func startsWith(_ text: String) -> Bool {
        var i = index
        for byte in text.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    /// Skips spaces, tabs and line ends.
    mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { advance() }
    }

    /// Skips to just past `terminator`, returning what was skipped with it.
    mutating func skip(past terminator: String, what: String, from start: SourcePosition) throws(SourceError)
        -> String
    {
        let begin = index
        while !atEnd {
            if startsWith(terminator) {
                advance(by: terminator.utf8.count)
                return String(decoding: bytes[begin..<index], as: UTF8.self)
            }
            advance()
        }
        throw SourceError(start, "unterminated \(what) (no '\(terminator)')")
    }

    /// The next character, quoted, for messages.
    func found() -> String {
        guard index < bytes.count else { return "the end of the document" }
        var end = index + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        return text == "\n" ? "a line break" : "'\(text)'"
    }
}

/// Plain text, one string per line, keyed `FILE:LINE`: what any file no
/// other format claims is read as.
public struct TextLinesFormat: StringsFormat {
    /// The short name.
    public let id = "text"
    /// The extensions it is known by.
    public let extensions = ["txt"]
    /// How help names it.
    public let summary = "text (one per line)"

    /// Creates the format.
    public init() {}

    /// Lines hold no translations: nothing to compare.
    public var holdsTranslations: Bool { false }

    /// Whether standard input holds this format.
    public func claims(head: Substring, bytes: [UInt8]) -> Bool { true }

    /// The strings of the file.
    public func read(path: String, bytes: [UInt8], language: String?, budget: StringsBudget) throws(SourceError)
        -> [LocalizedString]
    {
        let text = try StringsFile.decodeText(bytes)
        var result: [LocalizedString] = []
        // Split on the bytes: splitting the String walks grapheme clusters,
        // which was an eighth of fit's time over 10,000 lines.
        let utf8 = Array(text.utf8)
        // Room for every line at once: a string is a few hundred bytes, and
        // an array grown by doubling copied 10,000 of them 14 times over.
        var lineCount = 1
        for byte in utf8 where byte == 0x0A { lineCount += 1 }
        result.reserveCapacity(lineCount)
        // Each key is the path's bytes, a colon and the line's number,
        // written into one buffer (a joined `String` per line, its number
        // made by `description`, was a tenth of reading the file).
        var key = Array((path + ":").utf8)
        let prefixCount = key.count
        key.reserveCapacity(prefixCount + 20)
        var start = 0
        var number = 0
        while start <= utf8.count {
            let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.count
            number += 1
            var last = end
            if last > start && utf8[last - 1] == 0x0D { last -= 1 }
            if last > start {
                try budget.take(1, at: SourcePosition(line: number, column: 1))
                let line = String(decoding: utf8[start..<last], as: UTF8.self)
                // The number's digits where the last one's were (JSON's
                // writer of integers: 20 bytes at most).
                key.removeSubrange(prefixCount...)
                key.append(contentsOf: repeatElement(0, count: 20))
                let digits = key.withUnsafeMutableBufferPointer { buffer in
                    buffer.baseAddress.map { JSONWriter.writeInteger(number, to: $0 + prefixCount) } ?? 0
                }
                key.removeSubrange((prefixCount + digits)...)
                var string = LocalizedString(
                    key: String(decoding: key, as: UTF8.self), language: language, text: line)
                string.position = SourcePosition(line: number, column: 1)
                result.append(string)
            }
            start = end + 1
        }
        return result
    }
}

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

    /// Whether standard input holds this format.
    public func claims(head: Substring, bytes: [UInt8]) -> Bool { true }

    /// The strings of the file.
    public func read(path: String, bytes: [UInt8], language: String?) throws(SourceError) -> [LocalizedString] {
        let text = try StringsFile.decodeText(bytes)
        var result: [LocalizedString] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            guard !trimmed.isEmpty else { continue }
            result.append(LocalizedString(key: "\(path):\(number + 1)", language: language, text: trimmed))
        }
        return result
    }
}

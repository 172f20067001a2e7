/// Language tags as BCP 47 compares them: case-insensitively, and with
/// `_` (as in `.lproj` folder names and Unix locales) the same as `-`.
/// A tag comes from a pull request's files (a catalog's languages, an
/// `.lproj` folder's name) and goes on to ICU, fontconfig and HarfBuzz, so
/// it is checked here first: ICU 72 copies a locale into a fixed 157-byte
/// stack buffer in `uplrules_open` and aborts ("buffer overflow detected")
/// on one of 183 characters.
public enum LanguageTag {
    /// The longest tag typefit takes. BCP 47 asks implementations to take
    /// at least 35 characters (language, extended language, script, region
    /// and variant); real tags with extensions (`en-US-u-ca-gregory-nu-latn`,
    /// 26) stay well below this, and ICU's 157-byte buffers well above it.
    public static let maximumLength = 64

    /// Whether `a` and `b` name the same language (`zh-Hans`, `zh-hans`,
    /// `zh_Hans`).
    public static func matches(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && key(a) == key(b)
    }

    /// The tag folded for comparing: lower case, `_` as `-`.
    public static func key(_ tag: String) -> String {
        String(
            decoding: tag.utf8.map {
                $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0)
            }, as: UTF8.self)
    }

    /// Why `tag` is not a language tag typefit takes, or `nil` when it is:
    /// BCP 47's syntax (RFC 5646 §2.1: subtags of 1 to 8 ASCII letters and
    /// digits, the first of letters), `_` allowed as the separator, at
    /// most `maximumLength` characters. Apple's old English-named `.lproj`
    /// folders (`English`, `Japanese`, `Portuguese`) are names of letters
    /// alone and are taken up to 16 letters.
    public static func problem(_ tag: String) -> String? {
        let bytes = Array(tag.utf8)
        guard !bytes.isEmpty else { return "an empty language tag" }
        guard bytes.count <= maximumLength else {
            return "a language tag of \(bytes.count) bytes (at most \(maximumLength))"
        }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let separators: Set<UInt8> = [UInt8(ascii: "-"), UInt8(ascii: "_")]
        guard bytes.allSatisfy({ isLetter($0) || isDigit($0) || separators.contains($0) }) else {
            return "'\(TerminalText.escapingControls(tag))' has a character other than ASCII letters, digits, "
                + "'-' and '_'"
        }
        if bytes.count <= 16, bytes.allSatisfy(isLetter) { return nil }
        let subtags = bytes.split(omittingEmptySubsequences: false) { separators.contains($0) }
        for (index, subtag) in subtags.enumerated() {
            guard !subtag.isEmpty else { return "'\(tag)' has an empty subtag" }
            guard subtag.count <= 8 else {
                return "'\(tag)' has a subtag of \(subtag.count) characters (BCP 47's have 1 to 8)"
            }
            if index == 0, !subtag.allSatisfy(isLetter) {
                return "'\(tag)' does not start with a language subtag of letters"
            }
        }
        return nil
    }
}

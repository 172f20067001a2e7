/// How the FreeType that fontconfig runs on turns a stored name ID 6 that
/// holds characters PostScript excludes (a space, `[](){}<>/%`, anything
/// outside printable ASCII) into `FT_Get_Postscript_Name`'s answer, which
/// fontconfig reports as the face's `postscriptname`. Seen on one font whose
/// name ID 6 is `Typefit Icons` (Fixtures/fonts/TypefitIcons.ttf):
/// FreeType 2.12.1 (Debian 12) gives no name, and fontconfig 2.14 makes
/// `Typefit-Icons` from the family; FreeType 2.13.3 (Debian 13) gives
/// `TypefitIcons`, and fontconfig 2.15 reports that.
public enum FreeTypeNameRule: Sendable, Equatable {
    /// FreeType before 2.13: such a name is refused.
    case refusesExcludedCharacters
    /// FreeType 2.13 and later: the excluded characters are dropped.
    case dropsExcludedCharacters

    /// The rule of FreeType `major.minor`.
    public init(major: Int, minor: Int) {
        self = (major, minor) >= (2, 13) ? .dropsExcludedCharacters : .refusesExcludedCharacters
    }

    /// Whether FreeType keeps `byte` of a PostScript name: printable ASCII
    /// other than the space and PostScript's delimiters.
    public static func keeps(_ byte: UInt8) -> Bool {
        byte > 32 && byte < 127 && !"[](){}<>/%".utf8.contains(byte)
    }

    /// `name` as FreeType 2.13 gives it (the excluded characters dropped).
    public static func dropping(_ name: String) -> String {
        String(decoding: name.utf8.filter(keeps), as: UTF8.self)
    }
}

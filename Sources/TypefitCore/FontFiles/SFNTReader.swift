/// Reads the faces of an OpenType/TrueType file or collection straight from
/// its tables — names, weight, slant, variable-font instances — reporting
/// them as fontconfig 2.14 with FreeType 2.12 (or 2.15 with FreeType 2.13)
/// would, without loading glyphs
/// or character maps (`fc-scan` computes a face's whole character set, the
/// bulk of its time).
///
/// The bytes are untrusted: every offset and length is checked against the
/// file's size before it is used, counts are bounded by what the file can
/// hold, and nothing is read twice. A face this reader cannot vouch for makes
/// the whole file `.unsupported`, and the caller asks fontconfig instead, so
/// an odd font is never reported differently from `fc-scan`.
public enum SFNTReader {
    /// Why a file was not read: not an sfnt file (or one this reader
    /// leaves to fontconfig), or one whose structure is broken.
    public typealias Failure = SFNTView.Failure

    /// Reads every face of `file`, whose bytes `read(offset, count)` returns
    /// (fewer at the end of the file, `nil` on an error) and which is `size`
    /// bytes long. `nameRule` is that of the FreeType fontconfig runs on,
    /// for the `fontconfigPostscriptName` it would report.
    public static func faces(
        file: String, size: Int, nameRule: FreeTypeNameRule = .refusesExcludedCharacters,
        read: @escaping (Int, Int) -> [UInt8]?
    ) throws(Failure) -> [FontFace] {
        try scan(file: file, size: size, nameRule: nameRule, read: read).faces
    }

    /// The faces, and a note when something in the file was skipped (name
    /// records that are not valid UTF-16, which fontconfig skips too).
    public static func scan(
        file: String, size: Int, nameRule: FreeTypeNameRule = .refusesExcludedCharacters,
        read: @escaping (Int, Int) -> [UInt8]?
    ) throws(Failure) -> (faces: [FontFace], note: String?) {
        let view = try SFNTView(size: size, read: read)
        // Web fonts go to FreeType through fontconfig.
        guard view.container == .sfnt || view.container == .collection else { throw .unsupported }
        var faces: [FontFace] = []
        var badNames = Set<UInt16>()
        for collectionIndex in 0..<view.faceCount {
            let font = try Font(try view.face(collectionIndex))
            faces += try font.faces(file: file, collectionIndex: collectionIndex, nameRule: nameRule)
            badNames.formUnion(font.names.undecodableNameIDs)
        }
        var note: String?
        if !badNames.isEmpty {
            let ids = badNames.sorted().map(String.init).joined(separator: ", ")
            note = "name records that are not valid UTF-16 (name ID \(ids)): unpaired surrogates read as '?'"
        }
        return (faces, note)
    }

    /// Whether the first bytes of a file are an sfnt font or collection.
    public static func isSFNT(_ magic: [UInt8]) -> Bool {
        SFNTView.Container(magic: magic).map { $0 == .sfnt || $0 == .collection } ?? false
    }

    /// One font of the file: its table directory and the tables typefit reads.
    struct Font {
        var isCFF: Bool
        var names: NameTable
        var weightClass: Int?
        /// fontconfig's width from OS/2 `usWidthClass` (1–9), when set.
        var widthClass: Int?
        var italicFlag: Bool

        init(_ face: SFNTView.Face) throws(Failure) {
            isCFF = face.isCFF
            // Without these FreeType refuses the face (fontconfig lists none).
            guard face.has(.cmap), face.has(.head) else { throw .unsupported }
            guard let names = try face.names() else { throw .unsupported }
            self.names = names
            if let os2 = try face.os2() {
                var weight = Int(os2.weightClass)
                // Some fonts use 1–9 for 100–900; fontconfig reads them so.
                if (1...9).contains(weight) { weight *= 100 }
                weightClass = weight
                let widths = [50, 63, 75, 87, 100, 113, 125, 150, 200]
                if (1...9).contains(os2.widthClass) { widthClass = widths[Int(os2.widthClass) - 1] }
                italicFlag = os2.isItalicOrOblique
            } else {
                italicFlag = try face.head()?.isItalic ?? false
            }
            // A variable font goes to fontconfig: the names it gives named
            // instances come from FreeType's handling of design coordinates
            // (`Inter_100wght` in 2.14 with FreeType 2.12), which changes
            // between versions; only fontconfig itself says them right.
            guard !face.has(.fvar) else { throw .unsupported }
        }

        func faces(file: String, collectionIndex: Int, nameRule: FreeTypeNameRule) throws(Failure) -> [FontFace] {
            let format = isCFF ? "CFF" : "TrueType"
            let family = names.family()
            guard !family.names.isEmpty else { throw .unsupported }
            // A family or style record in an encoding this reader does not
            // decode (Macintosh Japanese, Windows Big5, …): fontconfig 2.14
            // converts it with iconv, 2.15 reads Macintosh Japanese as
            // UTF-16 (IPA P Gothic's `IPAPGothic` comes out as `䥐䅐䝯瑨楣`).
            // Only fontconfig itself says what it makes of it.
            guard !names.hasUndecodedNames(among: [1, 2, 16, 17, 21, 22]) else { throw .unsupported }
            // The font's own name, as stored; fontconfig's is FreeType's
            // (which refuses a name with a space or a delimiter, or drops
            // those characters, by version), else one it makes from the
            // family.
            let psName = names.storedPostScriptName()
            let freeTypeName = names.freeTypePostScriptName(rule: nameRule)
            let fontconfigName = freeTypeName ?? names.fontconfigDerivedName(family: family)
            let naming = FamilyNaming.primary(names: family.names, languages: family.languages)
            let styles = names.styles()
            let coreText = FaceNames(names)
            let families = CoreTextNaming.families(coreText: coreText.family, fontconfig: naming)
            return [
                FontFace(
                    family: families.family, familyAliases: families.aliases, postscriptName: psName,
                    postscriptNameSource: psName == nil ? nil : .font,
                    fontconfigPostscriptName: fontconfigName == psName ? nil : fontconfigName,
                    style: coreText.style ?? styles.first, weight: weightClass ?? 400,
                    width: widthClass ?? styles.lazy.compactMap(SFNTReader.widthNamed).first ?? 100,
                    isItalic: italicFlag || styles.contains(where: SFNTReader.namesSlant), file: file,
                    index: collectionIndex, format: format, fontconfigFamily: families.fontconfigFamily,
                    fontconfigStyle: styles.first, fullName: coreText.fullName)
            ]
        }
    }

    /// The PostScript name fontconfig makes up for a face FreeType gives
    /// none: the family, at most 255 bytes, with the characters PostScript
    /// excludes from names turned into hyphens.
    public static func fontconfigStandInName(family: String) -> String {
        String(decoding: family.utf8.prefix(255).map(fontconfigStandInByte), as: UTF8.self)
    }

    /// The byte of `fontconfigStandInName` for a byte of the family:
    /// fontconfig's `exclusive_chars` (`\x04()/<>[]{}\t\f\r\n` and the space)
    /// become hyphens; every other byte, `%`, control characters and UTF-8
    /// included, is kept.
    @inline(__always)
    public static func fontconfigStandInByte(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x04, 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x28, 0x29, 0x2F, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D:
            return UInt8(ascii: "-")
        default:
            return byte
        }
    }

    /// fontconfig's width words (`FcContainsWidth`), in its order: the
    /// first contained in a style name (ignoring case and blanks) wins, so
    /// "semicondensed" is found before "condensed".
    static let widthWords: [(word: String, width: Int)] = [
        ("ultracondensed", 50), ("extracondensed", 63), ("semicondensed", 87), ("condensed", 75),
        ("normal", 100), ("semiexpanded", 113), ("extraexpanded", 150), ("ultraexpanded", 200),
        ("expanded", 125), ("extended", 125),
    ]

    /// The width a style name names (`Bold Condensed` → 75), as fontconfig
    /// reads it from styles when the font's tables give none.
    public static func widthNamed(_ style: String) -> Int? {
        let folded = String(
            decoding: style.utf8.filter { $0 != 0x20 }.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 },
            as: UTF8.self)
        return widthWords.first { folded.contains($0.word) }?.width
    }

    /// The width a `SETWIDTH_NAME` names, compared whole as fontconfig's
    /// `FcIsWidth` does (ignoring case and blanks).
    public static func widthIs(_ name: String) -> Int? {
        let folded = String(
            decoding: name.utf8.filter { $0 != 0x20 }.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 },
            as: UTF8.self)
        return widthWords.first { folded == $0.word }?.width
    }

    /// fontconfig's slant words (`FcContainsSlant`), looked for in style
    /// names case-insensitively.
    public static func namesSlant(_ style: String) -> Bool {
        // ASCII case folding on bytes: this runs for every face.
        let folded = Array(style.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        func contains(_ word: StaticString) -> Bool {
            word.withUTF8Buffer { needle in
                guard folded.count >= needle.count else { return false }
                for start in 0...(folded.count - needle.count)
                where folded[start..<(start + needle.count)].elementsEqual(needle) {
                    return true
                }
                return false
            }
        }
        return contains("italic") || contains("oblique") || contains("kursiv")
    }
}

/// Reads just enough of an OpenType/TrueType file (or collection) to tell
/// whether a face stores a PostScript name (name ID 6), and what it is as
/// stored.
///
/// fontconfig invents PostScript names for faces that have none; telling them
/// apart used to mean opening the face with FreeType, which loads character
/// maps and metrics (for a CJK font, millions of instructions). This reads a
/// few hundred bytes. Every offset is bounds-checked: the bytes are untrusted.
public enum SFNTNameProbe {
    /// What the probe found.
    public enum Answer: Equatable, Sendable {
        /// The face's name ID 6 as stored (`NameTable.storedPostScriptName`).
        case postScriptName(String)
        /// The face is sfnt and its name table has no usable name ID 6.
        case noPostScriptName
        /// Not an sfnt face this probe understands (Type 1, PCF, WOFF, a
        /// damaged file): ask something that knows the format.
        case unknown
    }

    /// Probes face `faceIndex` (the low 16 bits of a fontconfig index) of a
    /// file whose bytes `read(offset, count)` returns (fewer bytes at the end
    /// of the file, `nil` on error); a web font's name table is
    /// decompressed with `decompressors`.
    public static func probe(
        faceIndex: Int, decompressors: SFNTView.Decompressors? = nil, read: @escaping (Int, Int) -> [UInt8]?
    ) -> Answer {
        guard let names = names(faceIndex: faceIndex, decompressors: decompressors, read: read) else {
            return .unknown
        }
        return names.postScriptName.map(Answer.postScriptName) ?? .noPostScriptName
    }

    /// The names of face `faceIndex` as Core Text reads them (`FaceNames`),
    /// read from its name table alone (a few kilobytes); `nil` when the
    /// file is not a face the sfnt view reads (no names at all when the
    /// face has no name table).
    public static func names(
        faceIndex: Int, decompressors: SFNTView.Decompressors? = nil, read: @escaping (Int, Int) -> [UInt8]?
    ) -> FaceNames? {
        guard faceIndex < 65_536, let view = try? SFNTView(size: nil, decompressors: decompressors, read: read),
            let face = try? view.face(faceIndex)
        else { return nil }
        return names(of: face)
    }

    /// `names` for a face already open.
    public static func names(of face: SFNTView.Face) -> FaceNames? {
        guard let table = try? face.names() else { return face.has(.name) ? nil : FaceNames() }
        return FaceNames(table)
    }
}

/// A face's names as Core Text reports them, read from its name table:
/// what `UIFont.familyNames`, `fontNames(forFamilyName:)`, a descriptor's
/// style name and `UIFont(name:)` see.
///
/// - family: the typographic family (name ID 16), else the family (ID 1);
/// - style: the typographic subfamily (ID 17), else the subfamily (ID 2);
/// - full name: ID 4;
/// - PostScript name: ID 6 as stored (`NameTable.storedPostScriptName`).
///
/// Of an ID's records Core Text takes an English one, the Macintosh
/// English record (platform 1, Roman, language 0) before the Windows one
/// (platform 3, US English 0x409 first, then any English); without an
/// English record, the first it can decode. WWS names (IDs 21, 22), which
/// fontconfig lists first, are not Core Text's. Sources in
/// docs/REFERENCE.md ("Names as Core Text reports them").
public struct FaceNames: Sendable, Equatable {
    /// Name ID 6 as stored.
    public var postScriptName: String?
    /// The family, as `UIFont.familyNames` lists it.
    public var family: String?
    /// The style (`Bold`, `XBold`).
    public var style: String?
    /// The full name (`Noto Serif Condensed Bold`), which `UIFont(name:)`
    /// also resolves.
    public var fullName: String?

    /// No names (a face without a name table).
    public init(postScriptName: String? = nil, family: String? = nil, style: String? = nil, fullName: String? = nil) {
        self.postScriptName = postScriptName
        self.family = family
        self.style = style
        self.fullName = fullName
    }

    init(_ table: NameTable) {
        postScriptName = table.storedPostScriptName()
        family = table.coreTextName([16, 1])
        style = table.coreTextName([17, 2])
        fullName = table.coreTextName([4])
    }
}

/// The PostScript names a variable font's named instances go by, read
/// from the font's fvar and name tables through the sfnt view (no FreeType
/// face opened: opening a variable font was a quarter of a cold listing's
/// instructions).
///
/// An instance with its own `postScriptNameID` goes by it. One without
/// goes by the name Core Text makes, which `UIFont(name:)` takes: the
/// font's PostScript name (name ID 6), `_`, and the instance's subfamily
/// with its spaces as hyphens (`Inter_Semi-Bold`, `Inter-Regular_Bold-Italic`);
/// the instance at the default coordinates is the font itself (`Inter`).
/// Evidence: apps that pass these names to `UIFont(name:)` and stop when
/// it returns nil (Anytype's SwiftGen-generated `Fonts.swift`, which reads
/// `CTFontCopyPostScriptName`; others writing `Inter_Semi-Bold`,
/// `Inter_Extra-Light`, `Inter-Regular_Semi-Bold-Italic` by hand); see
/// docs/REFERENCE.md. The name FreeType and fontconfig make instead (Adobe
/// TechNote 5902: a prefix, a hyphen, the subfamily's letters and digits:
/// `Inter-SemiBold`) is `freeTypeName`, which iOS does not resolve.
public enum InstanceNames {
    /// An instance's names, and whether the font stores the first.
    public struct Name: Sendable, Equatable {
        /// The name Core Text gives it (`nil` when the font gives none to
        /// make it from).
        public var name: String?
        /// Whether it is the instance's own `postScriptNameID` (else made
        /// up from the font's name and the subfamily).
        public var isFromFont: Bool
        /// The name FreeType synthesizes for an instance without its own
        /// (`nil` when the font stores one, or FreeType would give none).
        public var freeTypeName: String?
        /// The instance's subfamily name, as Core Text reads it.
        public var subfamily: String?
        /// Whether the instance sits at the font's default coordinates
        /// (fontconfig merges it into the default face).
        public var isAtDefault: Bool

        /// Creates a name.
        public init(
            name: String?, isFromFont: Bool, freeTypeName: String? = nil, subfamily: String? = nil,
            isAtDefault: Bool = false
        ) {
            self.name = name
            self.isFromFont = isFromFont
            self.freeTypeName = freeTypeName
            self.subfamily = subfamily
            self.isAtDefault = isAtDefault
        }
    }

    /// Every named instance's names, by instance number from 1 (fontconfig's
    /// `index >> 16`): its own `postScriptNameID` when it is 6 or 256–32767
    /// and the name table holds it; else Core Text's made-up name (above),
    /// with FreeType's beside it (the prefix, name ID 25, else 16, else 1,
    /// when it is ASCII letters and digits only; a hyphen; the subfamily's
    /// letters and digits; when FreeType would give none, a prefix with a
    /// space, the same shape from its letters and digits, `family`
    /// standing in for a missing ID 25).
    ///
    /// `only`, when given, names just those instances (a listing that needs
    /// one instance's name is spared the others').
    public static func postScriptNames(
        fvar: FvarTable, names: NameTable, family: String?, only: Set<Int>? = nil
    ) -> [Int: Name] {
        let keep: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let strictPrefix = [NameID.variationsPostScriptNamePrefix, .typographicFamily, .family].lazy
            .compactMap { names.freeTypeString($0) }.first
            .flatMap { $0.allSatisfy(keep) && !$0.isEmpty ? $0 : nil }
        let loosePrefix = (names.freeTypeString(.variationsPostScriptNamePrefix) ?? family)?.filter(keep)
        let fontName = names.storedPostScriptName()
        let defaults = fvar.axes.map(\.defaultValue)
        var result: [Int: Name] = [:]
        for (i, instance) in fvar.instances.enumerated() where only?.contains(i + 1) ?? true {
            let isAtDefault = instance.coordinates == defaults
            let subfamilyName = names.coreTextName([instance.subfamilyNameID.rawValue])
            if let id = instance.postScriptNameID, id.rawValue == 6 || (256..<32768).contains(id.rawValue),
                let own = names.freeTypeString(id)
            {
                result[i + 1] = Name(name: own, isFromFont: true, subfamily: subfamilyName, isAtDefault: isAtDefault)
                continue
            }
            let subfamily = names.freeTypeString(instance.subfamilyNameID)
            let freeType = (strictPrefix ?? loosePrefix).flatMap { prefix in
                subfamily.map { prefix + "-" + $0.filter(keep) }
            }
            var coreText: String?
            if let fontName {
                if isAtDefault {
                    coreText = fontName
                } else if let subfamily = names.coreTextName([instance.subfamilyNameID.rawValue]) {
                    coreText = fontName + "_" + String(subfamily.map { $0 == " " ? "-" : $0 })
                }
            }
            result[i + 1] = Name(
                name: coreText ?? freeType, isFromFont: false, freeTypeName: freeType, subfamily: subfamilyName,
                isAtDefault: isAtDefault)
        }
        return result
    }
}

extension NameTable {
    /// The string FreeType's `FT_Get_Sfnt_Name` loop in typefit chose for
    /// `id` before this reader existed: a Windows record (US English
    /// first), then a Unicode one, each read as UTF-16; then a Macintosh
    /// one read as ASCII (others as `?`). Ties go to the first in the table.
    public func freeTypeString(_ id: NameID) -> String? {
        var best: (rank: Int, text: String)?
        for record in records where record.nameID == id.rawValue {
            let rank: Int
            let text: String
            switch record.platform {
            case 3, 0:
                rank = record.platform == 3 ? (record.language == 0x409 ? 0 : 1) : 2
                let stored = bytes(record)
                var units: [UInt16] = []
                var i = stored.startIndex
                while i + 1 < stored.endIndex {
                    units.append(UInt16(stored[i]) << 8 | UInt16(stored[i + 1]))
                    i += 2
                }
                text = String(decoding: units, as: UTF16.self)
            case 1:
                rank = 3
                text = String(decoding: bytes(record).map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            default:
                continue
            }
            if best == nil || rank < (best?.rank ?? Int.max) { best = (rank, text) }
        }
        return best?.text
    }
}

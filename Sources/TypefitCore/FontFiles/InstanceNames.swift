/// The PostScript names FreeType gives a variable font's named instances,
/// read from the font's fvar and name tables through the sfnt view (no
/// FreeType face opened: opening a variable font was a quarter of a cold
/// listing's instructions).
public enum InstanceNames {
    /// An instance's name, and whether the font stores it.
    public struct Name: Sendable, Equatable {
        /// The name (`nil` when FreeType would give none).
        public var name: String?
        /// Whether it is the instance's own `postScriptNameID` (else made
        /// up from the family and subfamily).
        public var isFromFont: Bool

        /// Creates a name.
        public init(name: String?, isFromFont: Bool) {
            self.name = name
            self.isFromFont = isFromFont
        }
    }

    /// Every named instance's name, by instance number from 1 (fontconfig's
    /// `index >> 16`). Each is the instance's own `postScriptNameID` when it
    /// is 6 or 256–32767 and the name table holds it; otherwise the name
    /// FreeType synthesizes (Adobe TechNote 5902: the prefix, name ID 25,
    /// else 16, else 1, when it is ASCII letters and digits only; a hyphen;
    /// the subfamily's letters and digits); and when FreeType would give
    /// none (a prefix with a space), the same shape from the prefix's
    /// letters and digits (`family` stands in for a missing ID 25).
    public static func postScriptNames(fvar: FvarTable, names: NameTable, family: String?) -> [Int: Name] {
        let keep: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let strictPrefix = [NameID.variationsPostScriptNamePrefix, .typographicFamily, .family].lazy
            .compactMap { names.freeTypeString($0) }.first
            .flatMap { $0.allSatisfy(keep) && !$0.isEmpty ? $0 : nil }
        let loosePrefix = (names.freeTypeString(.variationsPostScriptNamePrefix) ?? family)?.filter(keep)
        var result: [Int: Name] = [:]
        for (i, instance) in fvar.instances.enumerated() {
            if let id = instance.postScriptNameID, id.rawValue == 6 || (256..<32768).contains(id.rawValue),
                let own = names.freeTypeString(id)
            {
                result[i + 1] = Name(name: own, isFromFont: true)
                continue
            }
            guard let prefix = strictPrefix ?? loosePrefix,
                let subfamily = names.freeTypeString(instance.subfamilyNameID)
            else {
                result[i + 1] = Name(name: nil, isFromFont: false)
                continue
            }
            result[i + 1] = Name(name: prefix + "-" + subfamily.filter(keep), isFromFont: false)
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

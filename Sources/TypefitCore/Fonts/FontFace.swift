/// One face of a font file, as the font registry reports it: the analogue of
/// one entry of `UIFont.fontNames(forFamilyName:)`, with where it lives.
///
/// An immutable final class rather than a struct: a face holds eight
/// reference-counted fields, and grouping, sorting and rendering thousands of
/// faces copied them often enough that retain/release was a seventh of a
/// listing's cycles. Equality is still by value.
public final class FontFace: Sendable, Hashable {
    /// Where a PostScript name came from.
    public enum NameSource: String, Sendable, Hashable {
        /// Read from the font (name ID 6, or a named instance's own name ID).
        case font
        /// Made up by FreeType (Adobe TechNote 5902, for named instances
        /// without their own name) or by fontconfig (from the family name,
        /// for faces without one).
        case synthesized
    }

    /// The family as Core Text reports it (`FaceNames`: the typographic
    /// family, else the family, English, Macintosh first), what
    /// `UIFont.familyNames` lists; fontconfig's when the name table cannot
    /// be read.
    public let family: String
    /// The face's other family names: fontconfig's (WWS, typographic and
    /// legacy family, localized names), in the order fontconfig gives them.
    public let familyAliases: [String]
    /// fontconfig's own family (its first English name, `FamilyNaming`)
    /// when it differs from `family`: what `fc-match` knows.
    public let fontconfigFamily: String?
    /// fontconfig's style when it differs from `style`.
    public let fontconfigStyle: String?
    /// The full name (name ID 4), which `UIFont(name:)` also resolves.
    public let fullName: String?
    /// The PostScript name, or `nil` when the face has none (a variable
    /// font's default face, bitmap fonts).
    public let postscriptName: String?
    /// Where `postscriptName` came from; `nil` when there is none.
    public let postscriptNameSource: NameSource?
    /// The name fontconfig gives the face when it differs from
    /// `postscriptName` (fontconfig 2.14 invents names from the family for
    /// faces without one and for named instances); `fc-match` knows this one.
    public let fontconfigPostscriptName: String?
    /// The style name as Core Text reports it (the typographic subfamily,
    /// else the subfamily: `Bold`, `XBold`), when the face has one.
    public let style: String?
    /// The weight on the OpenType 100–900 scale; `nil` for a variable face
    /// that spans a range.
    public let weight: Int?
    /// The weight range of a variable face, on the OpenType scale.
    public let weightRange: ClosedRange<Int>?
    /// The width as a CSS `font-stretch` percentage (50 ultra-condensed,
    /// 75 condensed, 100 normal, 200 ultra-expanded), as fontconfig's
    /// `width`; `nil` for a variable face spanning a 'wdth' range.
    public let width: Int?
    /// The width range of a variable face with a 'wdth' axis.
    public let widthRange: ClosedRange<Int>?
    /// Whether the face is italic or oblique.
    public let isItalic: Bool
    /// The font file's path.
    public let file: String
    /// The face index as FreeType and fontconfig take it: the face's position
    /// in a collection in the low 16 bits, a named instance's number (from 1)
    /// in the high 16 bits.
    public let index: Int
    /// Whether this is a variable font's default face spanning its axes.
    public let isVariable: Bool
    /// The font format fontconfig reports (`TrueType`, `CFF`, `PCF`).
    public let format: String?
    /// Other paths that reach the same file (symlinks, hard links).
    public let otherFiles: [String]

    /// Creates a face.
    public init(
        family: String, familyAliases: [String] = [], postscriptName: String?,
        postscriptNameSource: NameSource? = nil, fontconfigPostscriptName: String? = nil, style: String?, weight: Int?,
        weightRange: ClosedRange<Int>? = nil, width: Int? = 100, widthRange: ClosedRange<Int>? = nil,
        isItalic: Bool, file: String, index: Int, isVariable: Bool = false, format: String? = nil,
        otherFiles: [String] = [], fontconfigFamily: String? = nil, fontconfigStyle: String? = nil,
        fullName: String? = nil
    ) {
        self.family = family
        self.familyAliases = familyAliases
        self.fontconfigFamily = fontconfigFamily == family ? nil : fontconfigFamily
        self.fontconfigStyle = fontconfigStyle == style ? nil : fontconfigStyle
        self.fullName = fullName
        self.postscriptName = postscriptName
        self.postscriptNameSource = postscriptName == nil ? nil : (postscriptNameSource ?? .font)
        self.fontconfigPostscriptName = fontconfigPostscriptName
        self.style = style
        self.weight = weight
        self.weightRange = weightRange
        self.width = widthRange == nil ? width : nil
        self.widthRange = widthRange
        self.isItalic = isItalic
        self.file = file
        self.index = index
        self.isVariable = isVariable
        self.format = format
        self.otherFiles = otherFiles
    }

    /// The same face, reached also through `otherFiles`.
    public func with(otherFiles: [String]) -> FontFace {
        FontFace(
            family: family, familyAliases: familyAliases, postscriptName: postscriptName,
            postscriptNameSource: postscriptNameSource, fontconfigPostscriptName: fontconfigPostscriptName,
            style: style, weight: weight, weightRange: weightRange, width: width, widthRange: widthRange,
            isItalic: isItalic, file: file, index: index, isVariable: isVariable, format: format,
            otherFiles: otherFiles, fontconfigFamily: fontconfigFamily, fontconfigStyle: fontconfigStyle,
            fullName: fullName)
    }

    /// fontconfig's family: `fontconfigFamily`, else `family`.
    public var fontconfigFamilyName: String { fontconfigFamily ?? family }

    /// fontconfig's style: `fontconfigStyle`, else `style`.
    public var fontconfigStyleName: String? { fontconfigStyle ?? style }

    /// Whether Core Text hides the family from `UIFont.familyNames`' users
    /// by convention: a name starting with "." (Apple's system fonts).
    public var isHiddenFamily: Bool { family.hasPrefix(".") }

    /// Faces are equal when every field is.
    public static func == (a: FontFace, b: FontFace) -> Bool {
        a === b
            || (a.index == b.index && a.file == b.file && a.postscriptName == b.postscriptName
                && a.family == b.family && a.familyAliases == b.familyAliases
                && a.postscriptNameSource == b.postscriptNameSource
                && a.fontconfigPostscriptName == b.fontconfigPostscriptName && a.style == b.style
                && a.weight == b.weight && a.weightRange == b.weightRange && a.width == b.width
                && a.widthRange == b.widthRange && a.isItalic == b.isItalic
                && a.isVariable == b.isVariable && a.format == b.format && a.otherFiles == b.otherFiles
                && a.fontconfigFamily == b.fontconfigFamily && a.fontconfigStyle == b.fontconfigStyle
                && a.fullName == b.fullName)
    }

    /// Hashes the fields that identify a face (file, index, PostScript name).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(index)
        hasher.combine(postscriptName)
    }

    /// Whether `postscriptName` follows the PostScript rules for a font
    /// name (printable ASCII 33–126 without `[](){}<>/%`, at most 63
    /// characters); `nil` when the face has no name. CoreText reports name
    /// ID 6 as stored, so an app uses an invalid name as it is, spaces and
    /// all; other tools (fontconfig, FreeType) refuse or rewrite it.
    public var postscriptNameValid: Bool? {
        postscriptName.map(Self.isValidPostScriptName)
    }

    /// The PostScript rules for a font name (Adobe Technical Note #5088).
    public static func isValidPostScriptName(_ name: String) -> Bool {
        var name = name
        // A switch on bytes read in place (a native string's own storage;
        // walking the `utf8` view cost a listing's JSON 1,200 instructions a
        // face): this runs for every face of a listing.
        return name.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= 63 else { return false }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "{"),
                    UInt8(ascii: "}"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "%"):
                    return false
                case 33...126: continue
                default: return false
                }
            }
            return true
        }
    }

    /// Whether `UIFont(name:)` is known to accept `postscriptName`: the
    /// font's own name ID 6 of a face that is not a variable font's named
    /// instance, and the name Core Text makes for a named instance without
    /// one of its own (`Inter-Regular_SemiBold`: name ID 6, `_`, the
    /// subfamily), which iOS lists in `UIFont.fontNames(forFamilyName:)`
    /// (docs/REFERENCE.md, "Variable fonts on iOS", cites the devices). An
    /// instance's own `postScriptNameID` is not known to work: no Core Text
    /// output for one is published. `nil` without a name.
    public var knownToUIFont: Bool? {
        guard postscriptName != nil else { return nil }
        return namedInstance == nil ? postscriptNameSource == .font : postscriptNameSource == .synthesized
    }

    /// The face's position inside a collection (0 for a single-face file).
    public var collectionIndex: Int { index & 0xFFFF }

    /// The named instance's number (from 1), or `nil` for an ordinary face.
    public var namedInstance: Int? {
        let instance = index >> 16
        return instance > 0 ? instance : nil
    }
}

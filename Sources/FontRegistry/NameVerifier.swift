import Dispatch
import TypefitCore

/// Turns fontconfig's view of a face into a `FontFace`, asking FreeType where
/// fontconfig's PostScript name cannot be trusted.
///
/// fontconfig 2.14 makes names up in two cases: a face without name ID 6
/// (bitmap fonts among them) gets its family name with spaces turned into
/// hyphens, and a variable font's named instances get that same
/// family-derived name instead of their own. typefit reports the font's own
/// name (or `nil`) and keeps fontconfig's as `fontconfigPostscriptName`.
/// Only those faces are checked (by reading the name table, or with FreeType
/// for named instances and non-sfnt formats), so a listing of thousands of
/// faces costs a handful of file reads.
struct NameVerifier {
    private var library: FreeTypeLibrary?
    private var libraryFailed = false
    /// What each variable face met holds for its named instances, read
    /// once: a font with twenty instances had its name table read twenty
    /// times more.
    private var variableFaces: [InstanceKey: VariableFaceNames] = [:]

    private struct VariableFaceNames {
        /// Each named instance's name, by instance number.
        var instances: [Int: InstanceNames.Name] = [:]
        /// The face's names as `readNames` reads them.
        var table: FaceNames?
    }

    private struct InstanceKey: Hashable {
        var file: String
        var collectionIndex: Int
    }

    /// The face fontconfig describes in `raw`, named as the font stores
    /// it; `nil` when fontconfig gave no file.
    mutating func face(from raw: RawFace) -> FontFace? {
        guard let file = raw.file else { return nil }
        let naming = FamilyNaming.primary(names: raw.families, english: raw.familyEnglish)
        var name = raw.postscriptName
        var source: FontFace.NameSource? = .font
        // The name table, read at most once per face (a web font's is
        // decompressed, which costs more than the rest of its listing).
        var table: FaceNames??
        func tableNames() -> FaceNames? {
            if let table { return table }
            let read = Self.readNames(file: file, faceIndex: raw.index)
            table = .some(read)
            return read
        }
        if raw.index >> 16 > 0 {
            // A named instance: its own postScriptNameID, or a synthesized
            // name that says so; the face's table read with them.
            let variable = variableFace(file: file, index: raw.index, family: naming?.name)
            table = .some(variable.table)
            if let checked = variable.instances[raw.index >> 16] {
                name = checked.name
                source = checked.isFromFont ? .font : .synthesized
            }
        } else if let invented = name,
            Self.looksDerived(invented, from: raw.families)
                || (FreeTypeLibrary.nameRule == .dropsExcludedCharacters
                    && Self.looksDropped(invented, from: raw.families, style: raw.style))
        {
            // Most such names are real (IPAGothic is the font's own name);
            // the name table answers without loading the face. A face with
            // no name ID 6 has no PostScript name, whatever fontconfig made;
            // one whose name ID 6 FreeType refused (`Material Design
            // Icons`, with spaces) has that name, as Core Text reports it.
            switch tableNames().map({ $0.postScriptName }) {
            case .some(.some(let stored)):
                name = stored
            case .some(.none):
                name = nil
            case .none:
                // A Type 1 font's /FontName from its clear text; FreeType
                // only where that header is not the plain kind.
                if let type1 = Self.readType1Name(file: file) {
                    name = type1
                } else if case .success(let checked)? = verify(file: file, index: raw.index) {
                    name = checked.name
                }
            }
        }
        // Core Text's family and style: from fontconfig's lists when they
        // are clear, else from the name table (a named instance keeps
        // fontconfig's style, its instance name).
        let coreText =
            CoreTextNaming.fromFontconfig(
                families: raw.families, familyEnglish: raw.familyEnglish, styles: raw.styles,
                styleEnglish: raw.styleEnglish, fullNames: raw.fullNames, fullNameEnglish: raw.fullNameEnglish)
            ?? tableNames()
        let families = CoreTextNaming.families(coreText: coreText?.family, fontconfig: naming)
        let style = raw.index >> 16 > 0 ? raw.style : coreText?.style ?? raw.style
        return FontFace(
            family: families.family, familyAliases: families.aliases,
            postscriptName: name, postscriptNameSource: name == nil ? nil : source,
            fontconfigPostscriptName: raw.postscriptName == name ? nil : raw.postscriptName,
            style: style, weight: raw.weightRange == nil ? raw.weight : nil, weightRange: raw.weightRange,
            width: raw.width ?? 100, widthRange: raw.widthRange, isItalic: raw.slant != 0, file: file, index: raw.index,
            isVariable: raw.isVariable, format: raw.format, fontconfigFamily: families.fontconfigFamily,
            fontconfigStyle: raw.style, fullName: coreText?.fullName ?? raw.fullNames.first)
    }

    /// A face's names as Core Text reads them from its name table (sfnt or
    /// web font); `nil` when it has none this reader understands.
    static func readNames(file: String, faceIndex: Int) -> FaceNames? {
        SystemCalls.withOpenFile(file) { fd in
            guard let fd else { return nil }
            return SFNTNameProbe.names(
                faceIndex: faceIndex & 0xFFFF, decompressors: WebFontNames.decompressors,
                read: SystemCalls.prefixReader(fd))
        }
    }

    /// A Type 1 font's PostScript name from its first bytes
    /// (`Type1Header`); `nil` for any other file or an unusual header.
    static func readType1Name(file: String) -> String? {
        SystemCalls.withOpenFile(file) { fd in
            guard let fd, let head = SystemCalls.read(fd, offset: 0, count: Type1Header.prefixLength) else {
                return nil
            }
            return Type1Header.fontName(head)
        }
    }

    /// A bitmap font (PCF, BDF) read with FreeType alone and described as
    /// fontconfig describes it; `nil` when the file is not a single-face
    /// bitmap font FreeType opens (fontconfig is asked then), a failure
    /// when it is one fontconfig would not list (no Unicode character map).
    mutating func bitmapFace(file: String) -> Result<FontFace, ScanRefusal>? {
        guard case .success(let info)? = openLibrary()?.bitmapFace(file: file) else { return nil }
        guard info.hasUnicodeMap || !info.namesCharset else {
            return .failure(
                ScanRefusal(
                    "a bitmap font in a legacy character set, without a Unicode character map (fontconfig lists none)"))
        }
        return .success(BitmapNaming.face(info, file: file))
    }

    /// Why FreeType cannot open `file` as a font, or `nil` when it can.
    mutating func openFailure(file: String) -> String? {
        if case .failure(let failure)? = verify(file: file, index: 0) { return failure.message }
        return nil
    }

    private mutating func verify(file: String, index: Int) -> Result<FreeTypeLibrary.PostScriptName, FreeTypeError>? {
        openLibrary()?.postscriptName(file: file, index: index)
    }

    /// The named instances fontconfig leaves out beside the variable face
    /// `variable`: one at the font's default coordinates is skipped by
    /// fontconfig (it "coincides with the base instance"), yet Core Text
    /// registers it under its own PostScript name (Fraunces's `Black`
    /// instance is `Fraunces-Black`, the default face `Fraunces-9ptBlack`),
    /// so `UIFont(name: "Fraunces-Black")` finds it. Each such instance
    /// whose name differs from the font's name ID 6, as a face of its own
    /// (the variable face's family, the instance's index, name, style,
    /// weight and width); only variable faces' files are read.
    func mergedInstances(of variable: FontFace) -> [FontFace] {
        guard variable.isVariable else { return [] }
        return SystemCalls.withOpenFile(variable.file) { fd -> [FontFace] in
            guard let fd,
                let face = try? SFNTView(size: nil, read: SystemCalls.prefixReader(fd)).face(
                    variable.collectionIndex),
                let fvar = try? face.fvar()
            else { return [] }
            let defaults = fvar.axes.map(\.defaultValue)
            // An instance there without a PostScript name of its own goes
            // by name ID 6, the default face's name: nothing to add, and
            // the name table is not read.
            let wanted = Set(
                fvar.instances.indices.filter {
                    fvar.instances[$0].coordinates == defaults && fvar.instances[$0].postScriptNameID != nil
                }.map { $0 + 1 })
            guard !wanted.isEmpty, let names = try? face.names() else { return [] }
            let fontName = names.storedPostScriptName()
            let weight = fvar.axis(TableTag("wght")).map { Int($0.axis.defaultValue.rounded()) }
            let width = fvar.axis(TableTag("wdth")).map { Int($0.axis.defaultValue.rounded()) } ?? 100
            let named = InstanceNames.postScriptNames(fvar: fvar, names: names, family: variable.family, only: wanted)
            return named.sorted { $0.key < $1.key }.compactMap { number, name in
                guard let postscriptName = name.name, postscriptName != fontName else { return nil }
                return FontFace(
                    family: variable.family, familyAliases: variable.familyAliases, postscriptName: postscriptName,
                    postscriptNameSource: name.isFromFont ? .font : .synthesized, style: name.subfamily,
                    weight: weight ?? variable.weightRange?.lowerBound, width: width, isItalic: variable.isItalic,
                    file: variable.file, index: number << 16 | variable.collectionIndex, format: variable.format,
                    fontconfigFamily: variable.fontconfigFamily,
                    fullName: name.subfamily.map { variable.family + " " + $0 })
            }
        }
    }

    /// The names of every named instance of a named instance's face, and
    /// the face's own (`readNames`), read once per face.
    private mutating func variableFace(file: String, index: Int, family: String?) -> VariableFaceNames {
        let key = InstanceKey(file: file, collectionIndex: index & 0xFFFF)
        if let known = variableFaces[key] { return known }
        let read = SystemCalls.withOpenFile(file) { fd -> VariableFaceNames in
            guard let fd else { return VariableFaceNames() }
            let view = try? SFNTView(
                size: nil, decompressors: WebFontNames.decompressors, read: SystemCalls.prefixReader(fd))
            guard let view, let face = try? view.face(key.collectionIndex) else { return VariableFaceNames() }
            var found = VariableFaceNames(table: SFNTNameProbe.names(of: face))
            // A web font's instances keep fontconfig's names, as before the
            // two reads were one (its instance names are not decompressed).
            if view.container == .sfnt || view.container == .collection, let fvar = try? face.fvar(),
                let names = try? face.names()
            {
                found.instances = InstanceNames.postScriptNames(fvar: fvar, names: names, family: family)
            }
            return found
        }
        variableFaces[key] = read
        return read
    }

    private mutating func openLibrary() -> FreeTypeLibrary? {
        if library == nil && !libraryFailed {
            library = try? FreeTypeLibrary()
            libraryFailed = library == nil
        }
        return library
    }

    /// Whether `name` could be fontconfig's stand-in made from a family name
    /// (`SFNTReader.fontconfigStandInName`: `Typefit Anon` → `Typefit-Anon`,
    /// `Clean` → `Clean`, `50% é` → `50%-é`). Compared byte by byte when no
    /// cut at 255 bytes is involved: this runs for every installed face.
    static func looksDerived(_ name: String, from families: [String]) -> Bool {
        families.contains { family in
            guard family.utf8.count <= 255 else { return name == SFNTReader.fontconfigStandInName(family: family) }
            return name.utf8.count == family.utf8.count
                && name.utf8.elementsEqual(family.utf8.lazy.map(SFNTReader.fontconfigStandInByte))
        }
    }

    /// Whether `name` may be FreeType 2.13's reading of a stored name ID 6
    /// with excluded characters (`Typefit Icons` → `TypefitIcons`): a
    /// family, or family and style, with its spaces and delimiters
    /// dropped. The name table says whether it is; a stored name with a
    /// space that is neither (rare: name ID 6 is almost always one of
    /// those) is reported as FreeType gives it.
    static func looksDropped(_ name: String, from families: [String], style: String?) -> Bool {
        families.contains { family in
            let dropped = FreeTypeNameRule.dropping(family)
            guard dropped.utf8.count != family.utf8.count else { return false }
            return name == dropped || style.map { name == dropped + FreeTypeNameRule.dropping($0) } == true
        }
    }
}

/// Why a file that opens as a font is still not listed.
struct ScanRefusal: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// fontconfig's description of a bitmap font: the family FreeType reads
/// (else the file's name up to its last dot), weight and slant from words
/// in the style name, and a PostScript name made from the family.
enum BitmapNaming {
    /// fontconfig's weight words (`FcContainsWeight`), in its order: the
    /// first contained in the style name wins ("semibold" before "bold").
    static let weightWords: [(word: String, fontconfigWeight: Double)] = [
        ("thin", 0), ("extralight", 40), ("ultralight", 40), ("demilight", 55), ("semilight", 55),
        ("light", 50), ("book", 75), ("regular", 80), ("normal", 80), ("medium", 100), ("demibold", 180),
        ("demi", 180), ("semibold", 180), ("extrabold", 205), ("superbold", 205), ("ultrabold", 205),
        ("bold", 200), ("ultrablack", 215), ("superblack", 215), ("extrablack", 215), ("black", 210),
        ("heavy", 210),
    ]

    static func face(_ info: FreeTypeLibrary.BitmapFace, file: String) -> FontFace {
        let family = info.family ?? stem(of: file)
        let folded = (info.style ?? "").lowercased().filter { $0 != " " }
        // No weight word: fontconfig's default, medium.
        let weight = weightWords.first { folded.contains($0.word) }?.fontconfigWeight ?? 100
        return FontFace(
            family: family, familyAliases: [], postscriptName: nil,
            fontconfigPostscriptName: SFNTReader.fontconfigStandInName(family: family), style: info.style,
            weight: fontconfigWeightToOpenType(weight),
            width: info.width ?? SFNTReader.widthNamed(info.style ?? "") ?? 100,
            isItalic: info.isItalic || SFNTReader.namesSlant(info.style ?? ""), file: file, index: 0,
            format: info.format)
    }

    /// The file name up to its last dot (`micro.pcf.gz` → `micro.pcf`).
    static func stem(of file: String) -> String {
        let name = lastPathComponent(file)
        guard let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

}

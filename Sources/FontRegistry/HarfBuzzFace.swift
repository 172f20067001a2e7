import CHarfBuzz
import TypefitCore

/// A font face opened for shaping with HarfBuzz (every `hb_*` call of typefit
/// is in this file). HarfBuzz's own OpenType functions give advances
/// unhinted, from the font's tables, at a scale of one unit per font unit:
/// what `hb-shape` prints, and what iOS lays out.
final class HarfBuzzFace {
    let hb: ShapingLibraries
    let face: OpaquePointer
    let font: OpaquePointer
    let unitsPerEm: Double

    /// The face's point-size rule (`OpticalSizing`), read from its tables.
    let sizing: OpticalSizing
    /// Tracking added to each grapheme's first glyph, in ems (0: none).
    let trackingEms: Double
    /// The coordinates and tracking the face is set to.
    let setting: FaceSetting
    /// Whether the face has colour glyphs (an emoji font).
    let hasColorGlyphs: Bool
    /// Whether the face has a trak table (read or not: HarfBuzz is told
    /// to leave it alone either way).
    private let hasTrakTable: Bool
    /// Android's letter spacing (`trackingEms` is it): only in the scripts
    /// Minikin spaces, and without optional ligatures when over 0.03 em.
    private let isLetterSpacing: Bool
    /// Skia's letter spacing (Flutter): after every glyph, in every
    /// script, ligatures left as they are (`Run::addSpacesEvenly`).
    private let perGlyph: Bool
    /// Whether the text is set as SkParagraph sets it (Flutter, spaced or
    /// not): its measurements then keep each HarfBuzz cluster's glyph
    /// count (`MeasuredText.clusterGlyphs`).
    let countsClusterGlyphs: Bool
    /// The features every shaping passes (empty: none, which spares
    /// HarfBuzz a plan lookup by features).
    private let features: [hb_feature_t]
    /// The buffer `shape` fills, made once: a face is one worker's (not
    /// `Sendable`), and a buffer made and destroyed per string was 1% of
    /// fit's instructions. `hb_buffer_clear_contents` leaves it as new.
    private let shapingBuffer: OpaquePointer?
    /// Shaping word by word's words and buffers (`HarfBuzzFace+Words`).
    var wordShaping = WordShaping()
    /// Whether the face shapes each word alike whatever surrounds it
    /// (`spaceIsolated`), read from its tables the first time it shapes.
    lazy var wordsShapeAlone: Bool = spaceIsolated()
    /// Runs shaped whole before words are looked for (`shapeRunByWords`).
    var runsBeforeWords = 32

    /// Opens face `index` of `file` (a collection's face in the low 16
    /// bits, a named instance from 1 in the high 16), set for `pointSize`
    /// as Core Text sets it (`OpticalSizing`; `nil`: at its own
    /// coordinates, untracked, for measuring in ems at every size).
    /// `tracked: false` leaves the tracking out (a measurer that shapes
    /// once for several sizes adds each size's itself).
    ///
    /// `letterSpacingEms` (Android's `Paint.setLetterSpacing`) takes the
    /// place of any tracking: added to each cluster as Minikin adds it
    /// (`LayoutCore.cpp`: not in a script run of Arabic, NKo, Psalter
    /// Pahlavi, Mandaic, Mongolian, Phags-pa, Devanagari, Bengali,
    /// Gurmukhi, Modi, Sharada, Syloti Nagri, Tirhuta or Ogham, each piece
    /// between spaces its own runs: `MinikinLetterSpacing`), the
    /// `liga` and `clig` features off beyond 0.03 em
    /// (`cleanAndAddDefaultFontFeatures`, after CSS).
    init(
        file: String, index: Int, pointSize: Double? = nil, isSystemFont: Bool = false,
        opticalSize: OpticalSizeMode = .auto, tracked: Bool = true, letterSpacingEms: Double = 0,
        perGlyph: Bool = false
    ) throws(RegistryError) {
        let hb = try ShapingLibraries.shared.get()
        self.hb = hb
        // The file as every face of it reads it (`MappedFontFile`), held
        // by the blob until HarfBuzz lets it go. Read-only, not "may make
        // writable" as HarfBuzz maps a file itself: a table its sanitizer
        // must mend (an offset neutered in a malformed font) is copied,
        // never written in the pages the file's other faces read.
        let mapped: MappedFontFile
        switch MappedFontFile.mapped(file) {
        case .success(let file): mapped = file
        case .failure(let failure): throw .shapingFailed(file: file, reason: "cannot read the file: \(failure.reason)")
        }
        guard
            let blob = hb.blobCreate(
                mapped.bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(mapped.bytes.count),
                HB_MEMORY_MODE_READONLY, Unmanaged.passRetained(mapped).toOpaque(),
                { user in if let user { Unmanaged<MappedFontFile>.fromOpaque(user).release() } })
        else {
            // `hb_blob_create_or_fail` has called the release already.
            throw .shapingFailed(file: file, reason: "cannot read the file")
        }
        defer { hb.blobDestroy(blob) }
        guard let face = hb.faceCreate(blob, UInt32(index & 0xFFFF)) else {
            throw .shapingFailed(file: file, reason: "HarfBuzz cannot open face \(index & 0xFFFF)")
        }
        // hb_face_create hands back the empty face, not NULL, on failure.
        guard hb.faceGlyphCount(face) > 0, let font = hb.fontCreate(face) else {
            hb.faceDestroy(face)
            throw .shapingFailed(file: file, reason: "HarfBuzz finds no glyphs in face \(index & 0xFFFF)")
        }
        self.face = face
        self.font = font
        let upem = hb.faceUnitsPerEm(face)
        let unitsPerEm = Double(max(upem, 1))
        self.unitsPerEm = unitsPerEm
        hb.fontSetScale(font, Int32(upem), Int32(upem))
        // A table that cannot be read counts as absent: the face is then
        // measured at its own coordinates, untracked, as before.
        // The table's bytes, copied only when `copy` (a presence check
        // spares copying a colour font's megabytes of bitmaps).
        func table(_ tag: TableTag, copy: Bool = true) -> [UInt8]? {
            Self.table(tag, of: face, hb, copy: copy)
        }
        // COLR, CBDT or sbix: the face draws emoji in colour itself.
        hasColorGlyphs = ["COLR", "CBDT", "sbix"].contains { table(TableTag($0), copy: false) != nil }
        let fvar = table(.fvar).flatMap { try? FvarTable($0) }
        let trakTable = table(.trak)
        hasTrakTable = trakTable != nil
        let trak = trakTable.flatMap { try? TrakTable($0) }
        let sizing = OpticalSizing(
            fvar: fvar, trak: trak, hasSTAT: table(.stat, copy: false) != nil, isSystemFont: isSystemFont,
            mode: opticalSize)
        self.sizing = sizing
        let instance = index >> 16
        // (Without a point size, only an optical size the user gave.)
        if let coordinates = sizing.coordinates(instance: instance, at: pointSize) {
            let floats = coordinates.map { Float($0) }
            hb.fontSetVarCoordsDesign(font, floats, UInt32(floats.count))
        } else if instance > 0 {
            hb.fontSetNamedInstance(font, UInt32(instance - 1))
        }
        var setting = sizing.setting(instance: instance, unitsPerEm: unitsPerEm, at: pointSize)
        self.perGlyph = perGlyph && letterSpacingEms != 0
        countsClusterGlyphs = perGlyph
        isLetterSpacing = letterSpacingEms != 0 && !perGlyph
        if letterSpacingEms != 0 {
            trackingEms = letterSpacingEms
            setting.trackingEms = letterSpacingEms
            setting.trackingTableSizes = nil
        } else {
            trackingEms = tracked ? pointSize.map { sizing.trackingUnits(at: $0) / unitsPerEm } ?? 0 : 0
        }
        self.setting = setting
        var features: [hb_feature_t] = []
        // HarfBuzz's own trak off: its default changed between versions
        // (`OpticalSizing`); typefit adds the tracking itself.
        if hasTrakTable { features.append(Self.feature(.trak)) }
        if isLetterSpacing, abs(letterSpacingEms) > 0.03 {
            features += [Self.feature(TableTag("liga")), Self.feature(TableTag("clig"))]
        }
        self.features = features
        // Last: a face that fails to open leaks no buffer.
        shapingBuffer = hb.bufferCreate()
    }

    /// Whether `glyph`, drawn with no advance for the character at byte
    /// `offset` of `text`, is a blank a face maps a letter to: the face's
    /// own glyph for it, with no outline either (a face that maps a script
    /// it does not draw), where the
    /// character is one that shows (not a mark, a format or control
    /// character, a separator or a default-ignorable one, which draw
    /// nothing by right). Such a letter is missing, never 0 wide in
    /// silence.
    /// `glyph`'s own advance in font units (at the face's coordinates,
    /// before kerning, tracking or letter spacing): what a shaped glyph's
    /// advance is unless the shaping moved it.
    func advanceUnits(_ glyph: UInt32) -> Int32 { hb.glyphHAdvance(font, glyph) }

    private func isBlank(_ glyph: UInt32, for text: [UInt8], at offset: Int) -> Bool {
        guard offset < text.count, text[offset] >= 0x80 else { return false }
        guard let scalar = Unicode.Scalar(TextBytes.scalar(text, at: offset).value) else { return false }
        let properties = scalar.properties
        guard !properties.isDefaultIgnorableCodePoint else { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .spaceSeparator, .lineSeparator,
            .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return false
        default:
            break
        }
        // The glyph the face maps the character to (its cmap), not one
        // shaping put in its place: a conjunct's parts are blanks by
        // design (Devanagari's reph).
        var nominal: UInt32 = 0
        guard hb.nominalGlyph(font, scalar.value, &nominal) != 0, nominal == glyph else { return false }
        var extents = hb_glyph_extents_t()
        guard hb.glyphExtents(font, glyph, &extents) != 0 else { return false }
        return extents.width == 0 && extents.height == 0
    }

    /// Table `tag` of `face` (`nil`: absent or empty); its bytes, copied
    /// only when `copy`.
    static func table(_ tag: TableTag, of face: OpaquePointer, _ hb: ShapingLibraries, copy: Bool = true) -> [UInt8]? {
        guard let blob = hb.faceReferenceTable(face, tag.rawValue) else { return nil }
        defer { hb.blobDestroy(blob) }
        var length: UInt32 = 0
        guard let data = hb.blobGetData(blob, &length), length > 0 else { return nil }
        return copy ? Array(UnsafeRawBufferPointer(start: data, count: Int(length))) : []
    }

    /// A feature off, over the whole buffer.
    private static func feature(_ tag: TableTag) -> hb_feature_t {
        hb_feature_t(tag: tag.rawValue, value: 0, start: 0, end: UInt32.max)
    }

    /// Whether Minikin adds letter spacing in `script` (`LetterSpacingUtils.h`).
    static func spacesLetters(_ script: hb_script_t) -> Bool {
        switch script {
        case HB_SCRIPT_ARABIC, HB_SCRIPT_NKO, HB_SCRIPT_PSALTER_PAHLAVI, HB_SCRIPT_MANDAIC, HB_SCRIPT_MONGOLIAN,
            HB_SCRIPT_PHAGS_PA, HB_SCRIPT_DEVANAGARI, HB_SCRIPT_BENGALI, HB_SCRIPT_GURMUKHI, HB_SCRIPT_MODI,
            HB_SCRIPT_SHARADA, HB_SCRIPT_SYLOTI_NAGRI, HB_SCRIPT_TIRHUTA, HB_SCRIPT_OGHAM:
            return false
        default:
            return true
        }
    }

    deinit {
        wordShaping.release()
        if let shapingBuffer { hb.bufferDestroy(shapingBuffer) }
        hb.fontDestroy(font)
        hb.faceDestroy(face)
    }

    /// Shapes the bytes `range` of a text (the whole text is context) in
    /// one script; the buffer's glyphs, valid until it is next used.
    func shapeRun(
        _ buffer: OpaquePointer, _ base: UnsafePointer<CChar>?, _ length: Int, _ range: Range<Int>,
        _ script: hb_script_t, _ language: hb_language_t?, direction: hb_direction_t? = nil
    ) -> (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int)? {
        hb.bufferClear(buffer)
        hb.bufferAddUTF8(buffer, base, Int32(length), UInt32(range.lowerBound), Int32(range.count))
        hb.bufferSetScript(buffer, script)
        // A script written either way (Runic, Old Italic, Old Hungarian:
        // `hb_script_get_horizontal_direction` answers INVALID) runs left
        // to right, as `hb_buffer_guess_segment_properties` and Android's
        // bidi level set it; HarfBuzz shapes nothing in an invalid
        // direction, and those letters measured 0 wide, none missing.
        let direction = direction ?? hb.scriptDirection(script)
        hb.bufferSetDirection(buffer, direction == HB_DIRECTION_INVALID ? HB_DIRECTION_LTR : direction)
        hb.bufferSetLanguage(buffer, language)
        // Each character its own cluster where the script allows: line
        // breaks fall between clusters. SkParagraph's are SkShaper's,
        // monotone graphemes (a Khmer conjunct is one), and it breaks only
        // between them.
        hb.bufferSetClusterLevel(
            buffer,
            countsClusterGlyphs
                ? HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES : HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        // Features only where needed (`features`): a list costs every
        // shape a plan lookup by features.
        if features.isEmpty {
            hb.shape(font, buffer, nil, 0)
        } else {
            features.withUnsafeBufferPointer { hb.shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        }
        var count: UInt32 = 0
        guard let infos = hb.glyphInfos(buffer, &count),
            let positions = hb.glyphPositions(buffer, &count)
        else { return nil }
        return (infos, positions, Int(count))
    }

    /// Shapes `text` run by run and adds each cluster's advance, in ems,
    /// at the cluster's first byte of `advances`; marks in `missing` the
    /// clusters with no glyph (.notdef). Only bytes in `within` are shaped
    /// (the rest is context, so Arabic joins across the edge).
    ///
    /// `marking`, when given (a byte's worth per byte of `text`), is set
    /// at each byte whose cluster would carry a grapheme's tracking
    /// (whatever `trackingEms`): a measurer shaping once for several sizes
    /// adds each size's tracking there.
    ///
    /// `graphemes`, the text's grapheme starts found once for every face
    /// and fallback run that shapes it (found here when not given): a
    /// string alternating Latin and CJK, letter-spaced, is shaped in one
    /// call per fallback run, and finding them per call made it quadratic.
    func shape(
        _ text: [UInt8], runs: [TextRun], language: String?, within: Range<Int>? = nil,
        graphemes: GraphemeStarts? = nil, advances: inout [Double], missing: inout [Bool],
        marking: UnsafeMutableBufferPointer<Bool>? = nil, capturing: ShapedRuns? = nil,
        glyphCounts: UnsafeMutableBufferPointer<UInt8>? = nil
    ) {
        guard let buffer = shapingBuffer else { return }
        // hb_language_from_string interns a lower-cased copy in a list it
        // allocates (no fixed buffer), so any length is safe; the tags that
        // reach it were checked by the readers (`LanguageTag.problem`).
        let lang = language.flatMap { hb.languageFromString($0, -1) } ?? hb.languageDefault()
        // Where tracking goes: each grapheme, or with Android's letter
        // spacing those in the script runs Minikin spaces.
        let tracked =
            trackingEms == 0 && marking == nil || perGlyph
            ? nil : (graphemes ?? GraphemeStarts(text)).tracked(isLetterSpacing)
        // Only the runs that meet `within` (runs are in text order): a
        // fallback run's call walks its own runs, not the whole string's.
        let first = within.map { within in TextRun.firstIndex(in: runs, endingAfter: within.lowerBound) } ?? 0
        text.withUnsafeBufferPointer { bytes in
            for run in runs[first...] {
                var range = run.range
                if let within {
                    if range.lowerBound >= within.upperBound { break }
                    let lower = max(range.lowerBound, within.lowerBound)
                    let upper = min(range.upperBound, within.upperBound)
                    guard lower < upper else { continue }
                    range = lower..<upper
                }
                let direction = hb.scriptDirection(run.script)
                guard
                    let (infos, positions, count) = shapeRunByWords(
                        buffer, text, bytes, range, run.script, lang, direction: direction),
                    count > 0
                else {
                    // No glyph for a run of text: said as missing, never a
                    // silent width of 0.
                    for i in range where text[i] & 0xC0 != 0x80 { missing[i] = true }
                    continue
                }
                var previous = -1
                for i in 0..<count {
                    let cluster = Int(infos[i].cluster)
                    guard cluster < advances.count else { continue }
                    advances[cluster] += Double(positions[i].x_advance) / unitsPerEm
                    if let glyphCounts, glyphCounts[cluster] < 255 { glyphCounts[cluster] += 1 }
                    if infos[i].codepoint == 0
                        || (positions[i].x_advance == 0 && isBlank(infos[i].codepoint, for: text, at: cluster))
                    {
                        missing[cluster] = true
                    }
                    // A cluster's first glyph carries its grapheme's tracking;
                    // Skia's spacing follows each glyph.
                    if perGlyph {
                        advances[cluster] += trackingEms
                        marking?[cluster] = true
                    } else if let tracked, cluster != previous, tracked[cluster] {
                        advances[cluster] += trackingEms
                        marking?[cluster] = true
                    }
                    previous = cluster
                }
                capturing?.add(
                    self, range: range, script: run.script, rightToLeft: direction == HB_DIRECTION_RTL,
                    infos: infos, positions: positions, count: count, tracked: tracked)
            }
        }
    }
}

/// The glyphs a measurement shaped, run by run, kept for drawing the same
/// text (`TextMeasurer.DrawSession`): a stretch the drawing would shape
/// with the same face, bytes, script and direction is these glyphs, and
/// `review` shapes each failing string once, not twice. The face's own
/// runs and those its fallbacks shaped (the CJK or Arabic of a Latin face:
/// a third of a catalog's languages, shaped again to draw before).
final class ShapedRuns {
    struct Run {
        var range: Range<Int>
        var script: UInt32
        var rightToLeft: Bool
        /// 0 the measured face, k the fallback `k` (`DrawnText.Glyph.face`).
        var face: Int
        var glyphs: Range<Int>
    }
    private(set) var runs: [Run] = []
    private(set) var glyphs: [DrawnText.Glyph] = []

    /// Runs to come, with room for `capacity` glyphs.
    init(capacity: Int = 0) {
        glyphs.reserveCapacity(capacity)
    }

    /// Whether `runs` is in text order (a fallback's runs come after the
    /// face's own, over the bytes it lacked).
    private var ordered = true

    /// A run as `HarfBuzzFace.glyphs` would give it for face 0: advances
    /// and offsets in ems, a grapheme's tracking on its first glyph.
    fileprivate func add(
        _ face: HarfBuzzFace, range: Range<Int>, script: hb_script_t, rightToLeft: Bool,
        infos: UnsafeMutablePointer<hb_glyph_info_t>, positions: UnsafeMutablePointer<hb_glyph_position_t>,
        count: Int, tracked: [Bool]?
    ) {
        let start = glyphs.count
        face.appendGlyphs(infos, positions, count, tracked: tracked, face: 0, to: &glyphs)
        runs.append(
            Run(range: range, script: script.rawValue, rightToLeft: rightToLeft, face: 0, glyphs: start..<glyphs.count))
    }

    /// Takes `other`'s runs (a fallback's, shaped as face 0 of its own) as
    /// those of face `face`.
    func take(_ other: ShapedRuns, face: Int) {
        let offset = glyphs.count
        for var glyph in other.glyphs {
            glyph.face = face
            glyphs.append(glyph)
        }
        for var run in other.runs {
            run.face = face
            run.glyphs = (run.glyphs.lowerBound + offset)..<(run.glyphs.upperBound + offset)
            if let last = runs.last, last.range.lowerBound > run.range.lowerBound { ordered = false }
            runs.append(run)
        }
    }

    /// The glyphs of the run face `face` shaped as `range`, `script`,
    /// `rightToLeft` (`nil`: no such run was shaped). Runs are kept in text
    /// order and found by bisection: a string of thousands of script runs
    /// asks for each, and a walk per stretch was quadratic.
    func glyphs(_ range: Range<Int>, script: UInt32, rightToLeft: Bool, face: Int = 0) -> ArraySlice<
        DrawnText.Glyph
    >? {
        if !ordered {
            runs.sort { $0.range.lowerBound < $1.range.lowerBound }
            ordered = true
        }
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        // The face's run and a fallback's may start at one byte.
        while low < runs.count, runs[low].range.lowerBound == range.lowerBound {
            let run = runs[low]
            if run.range == range, run.script == script, run.rightToLeft == rightToLeft, run.face == face {
                return glyphs[run.glyphs]
            }
            low += 1
        }
        return nil
    }
}

extension HarfBuzzFace {
    /// The glyphs of `text`, run by run in logical order (each run in
    /// HarfBuzz's visual order), with advances and offsets in ems; a run's
    /// direction is its script's unless `rightToLeft` says (the bidi
    /// algorithm's level for the run).
    /// `graphemes` as `shape` takes them; `face`, the glyphs' face in the
    /// drawing (a glyph 0 is missing: no face has its character).
    func glyphs(
        _ text: [UInt8], runs: [TextRun], language: String?, rightToLeft: Bool? = nil,
        graphemes: GraphemeStarts? = nil, face: Int = 0
    ) -> [DrawnText.Glyph] {
        // The face's own buffer, as measuring shapes (and its words, as
        // exact as the run shaped whole): a stretch the measurement shaped
        // otherwise (the face's text between a fallback's, a bidi run) is
        // mostly words the face has shaped. A buffer of its own when the
        // face has none, or when no direction is given (the script's).
        let own = rightToLeft == nil ? nil : shapingBuffer
        guard let buffer = own ?? hb.bufferCreate() else { return [] }
        defer { if own == nil { hb.bufferDestroy(buffer) } }
        let lang = language.flatMap { hb.languageFromString($0, -1) } ?? hb.languageDefault()
        let tracked =
            trackingEms == 0 || perGlyph ? nil : (graphemes ?? GraphemeStarts(text)).tracked(isLetterSpacing)
        var result: [DrawnText.Glyph] = []
        text.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            for run in runs where !run.range.isEmpty {
                let direction = rightToLeft.map { $0 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR }
                let shaped: (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int)?
                if own != nil, let direction {
                    shaped = shapeRunByWords(buffer, text, bytes, run.range, run.script, lang, direction: direction)
                } else {
                    shaped = shapeRun(buffer, base, bytes.count, run.range, run.script, lang, direction: direction)
                }
                guard let (infos, positions, count) = shaped else { continue }
                appendGlyphs(infos, positions, count, tracked: tracked, face: face, to: &result)
            }
        }
        return result
    }

    /// A shaped run's glyphs appended to `result`: advances and offsets
    /// in ems, a grapheme's tracking (`tracked`) on its first glyph.
    fileprivate func appendGlyphs(
        _ infos: UnsafeMutablePointer<hb_glyph_info_t>, _ positions: UnsafeMutablePointer<hb_glyph_position_t>,
        _ count: Int, tracked: [Bool]?, face: Int, to result: inout [DrawnText.Glyph]
    ) {
        var previous = -1
        for i in 0..<count {
            let cluster = Int(infos[i].cluster)
            var tracking = perGlyph ? trackingEms : 0.0
            if let tracked, cluster != previous, cluster < tracked.count, tracked[cluster] {
                tracking = trackingEms
            }
            previous = cluster
            result.append(
                DrawnText.Glyph(
                    face: face, glyph: infos[i].codepoint, cluster: cluster,
                    advance: Double(positions[i].x_advance) / unitsPerEm + tracking,
                    offsetX: Double(positions[i].x_offset) / unitsPerEm,
                    offsetY: Double(positions[i].y_offset) / unitsPerEm, missing: infos[i].codepoint == 0))
        }
    }
}

/// A face's glyph outlines, read with FreeType, each once.
public final class GlyphOutlines {
    private let outlines: OutlineFace
    private var paths: [UInt32: String?] = [:]

    /// Opens face `index` of `file`, a variable face at `coordinates`
    /// (user units, one per axis in the font's order, as
    /// `FaceSetting.variations` has them; empty: its own).
    public init(file: String, index: Int, coordinates: [Double] = []) throws(RegistryError) {
        outlines = try OutlineFace(file: file, index: index, coordinates: coordinates)
    }

    /// Font units per em (outline coordinates are in these).
    public var unitsPerEm: Int { outlines.unitsPerEm }

    /// Glyphs read so far that had more outline points than typefit draws
    /// (each drawn as a crossed box).
    public var cappedGlyphs: Set<UInt32> { outlines.capped }

    /// The most outline points a glyph is drawn with.
    public static var maximumPoints: Int { OutlineFace.maximumPoints }

    /// The crossed box a glyph over a cap is drawn as, in this face's units.
    public var marker: String { outlines.marker }

    /// The face's colour glyphs, read the first time a glyph is drawn.
    private lazy var colors = outlines.colorGlyphs()

    /// A glyph's outline as SVG path data in font units, y up; `nil` for a
    /// glyph with no outline; a crossed box for one over `maximumPoints`.
    /// A colour glyph (an emoji) is an SVG fragment instead, starting with
    /// `<` (`ColorGlyphs.Glyph.svg`): its layers filled with their
    /// palette's colours, or its PNG, as the device shows it.
    public func path(_ glyph: UInt32) -> String? {
        if let known = paths[glyph] { return known }
        var path: String?
        if !colors.isEmpty, let color = colors.glyph(glyph) {
            // The layers together get one glyph's points: each layer's are
            // counted before its path is built, and past them the glyph is
            // the crossed box, as a monochrome glyph over the cap is.
            var budget = OutlineFace.maximumPoints
            var over = false
            path = color.svg { layer in
                guard !over else { return nil }
                switch outlines.layerPath(glyph: layer, budget: &budget) {
                case .path(let path): return path
                case .over:
                    over = true
                    return nil
                }
            }
            if over {
                outlines.markCapped(glyph)
                path = outlines.marker
            }
        }
        if path == nil { path = outlines.path(glyph: glyph) }
        paths[glyph] = path
        return path
    }
}

/// Where a text's graphemes start (`TrackedGraphemes.starts`), found the
/// first time a tracked or letter-spaced face asks, then kept for every
/// other run and face that shapes the same text.
final class GraphemeStarts {
    private let text: [UInt8]
    private(set) lazy var starts = TrackedGraphemes.starts(text)
    /// The grapheme starts Android's letter spacing goes on: those in a
    /// script run Minikin spaces (`MinikinLetterSpacing`).
    private(set) lazy var letterSpaced: [Bool] = {
        // ASCII (most UI strings) is Latin and common characters: all spaced.
        guard text.contains(where: { $0 >= 0x80 }) else { return starts }
        let spaced = MinikinLetterSpacing.spaced(text)
        return zip(starts, spaced).map { $0 && $1 }
    }()

    init(_ text: [UInt8]) { self.text = text }

    /// Where a face's tracking goes: every grapheme for `trak`'s, the
    /// spaced ones for Android's letter spacing (`letterSpacing`).
    func tracked(_ letterSpacing: Bool) -> [Bool] { letterSpacing ? letterSpaced : starts }
}

/// Where Android's letter spacing goes (Minikin). `Layout` lays text out a
/// piece at a time (`getNextWordBreakForCache`, `LayoutUtils.cpp`: a space,
/// U+2000–U+200A, U+3000 or a bidi control is a piece of its own, and a
/// CJK ideograph starts one), and `LayoutCore` splits each piece into
/// script runs (`getScriptRun`: a character common to all scripts, or a
/// combining mark, joins the run it is in, or the next one at a piece's
/// start) and spaces a run unless its script is one whose letters join
/// (`isScriptOkForLetterspacing`: Arabic, Devanagari, Bengali …). So in
/// an Arabic or Hindi string the spaces, and a number standing alone, are
/// spaced, its words are not. (Minikin's font runs and bidi runs also cut
/// pieces; where a piece spans two fonts this follows the piece.)
enum MinikinLetterSpacing {
    /// Per byte of `text`: whether its script run takes letter spacing.
    static func spaced(_ text: [UInt8]) -> [Bool] {
        guard case .success(let hb) = ShapingLibraries.shared, let funcs = hb.unicodeFuncsDefault() else {
            return [Bool](filled: true, count: text.count)
        }
        var result = [Bool](filled: true, count: text.count)
        // The script run being read: where it starts and its script so far.
        var runStart = 0
        var current: hb_script_t?
        func close(at end: Int) {
            guard let script = current, runStart < end else { return }
            let spaced = HarfBuzzFace.spacesLetters(script == HB_SCRIPT_INHERITED ? HB_SCRIPT_COMMON : script)
            if !spaced { for i in runStart..<end { result[i] = false } }
        }
        var offset = 0
        var previousBreaksAfter = false
        while offset < text.count {
            let byte = text[offset]
            let (value, length) = byte < 0x80 ? (UInt32(byte), 1) : TextBytes.scalar(text, at: offset)
            let breaksAfter =
                value == 0x20 || (0x2000...0x200A).contains(value) || value == 0x3000
                || (0x2066...0x2069).contains(value) || (0x202A...0x202E).contains(value) || value == 0x200E
                || value == 0x200F
            let breaksBefore = breaksAfter || (0x3400...0x9FFF).contains(value)
            let script = ScriptItemizer.script(value, hb, funcs)
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
            if offset > 0 && (breaksBefore || previousBreaksAfter) {
                // A new piece: a new run.
                close(at: offset)
                (runStart, current) = (offset, script)
            } else if let running = current, running != script {
                if running == HB_SCRIPT_COMMON || running == HB_SCRIPT_INHERITED {
                    current = script
                } else if !neutral {
                    close(at: offset)
                    (runStart, current) = (offset, script)
                }
            } else if current == nil {
                current = script
            }
            previousBreaksAfter = breaksAfter
            offset += length
        }
        close(at: text.count)
        return result
    }
}

/// A stretch of text in one script, shaped as one HarfBuzz buffer.
struct TextRun {
    var range: Range<Int>
    var script: hb_script_t

    /// The index of the first of `runs` (in text order, not overlapping)
    /// that ends after byte `offset`; `runs.count` when none does.
    static func firstIndex(in runs: [TextRun], endingAfter offset: Int) -> Int {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].range.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Splits text into runs by script: characters common to all scripts
/// (spaces, digits, punctuation) and combining marks join the run around
/// them. Direction follows from each run's script.
enum ScriptItemizer {
    static func runs(_ text: [UInt8]) -> [TextRun] {
        guard case .success(let hb) = ShapingLibraries.shared, let funcs = hb.unicodeFuncsDefault() else { return [] }
        // ASCII (most UI strings): one run, Latin when it has a letter
        // (every other ASCII character is common to all scripts), as the
        // walk below finds it, without asking HarfBuzz per character.
        if text.allSatisfy({ $0 < 0x80 }) {
            let latin = text.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
            return [TextRun(range: 0..<text.count, script: latin ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON)]
        }
        var runs: [TextRun] = []
        // Room for a few runs at once (grown one by one, a string of two
        // scripts allocated three times).
        runs.reserveCapacity(4)
        var current: (start: Int, script: hb_script_t?) = (0, nil)
        var offset = 0
        while offset < text.count {
            let byte = text[offset]
            let (value, length) = byte < 0x80 ? (UInt32(byte), 1) : TextBytes.scalar(text, at: offset)
            let script = Self.script(value, hb, funcs)
            let neutral = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
            if !neutral {
                if let running = current.script, running != script {
                    runs.append(TextRun(range: current.start..<offset, script: running))
                    current = (offset, script)
                } else if current.script == nil {
                    current.script = script
                }
            }
            offset += length
        }
        runs.append(TextRun(range: current.start..<text.count, script: current.script ?? HB_SCRIPT_COMMON))
        return runs
    }

    /// The script of character `value`: an ASCII letter is Latin, any
    /// other ASCII character common (HarfBuzz's answer, without a call
    /// through its function table per character of a mostly Latin string),
    /// a character below U+0800 HarfBuzz's as read when it opened
    /// (`lowScripts`), any other character HarfBuzz's, asked.
    static func script(_ value: UInt32, _ hb: ShapingLibraries, _ funcs: OpaquePointer) -> hb_script_t {
        guard value < 0x80 else {
            if value < hb.lowScripts.count { return hb.lowScripts[Int(value)] }
            return hb.unicodeScript(funcs, value)
        }
        let lower = UInt8(value) | 0x20
        return lower >= 0x61 && lower <= 0x7A ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
    }
}

extension FontRegistry {
    /// Line break opportunities for `text` (ICU, see `LineBreaker`), per
    /// UTF-8 byte; fails when ICU cannot be loaded.
    public static func lineBreaks(_ text: String, language: String? = nil, breaking: LineBreaking = .apple)
        throws(RegistryError) -> [LineBreak]
    {
        try LineBreaker().opportunities(Array(text.utf8), language: language, breaking: breaking)
    }
}

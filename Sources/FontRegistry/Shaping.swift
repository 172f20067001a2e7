import CHarfBuzz
import TypefitCore

/// A font face opened for shaping with HarfBuzz (every `hb_*` call of typefit
/// is in this file). HarfBuzz's own OpenType functions give advances
/// unhinted, from the font's tables, at a scale of one unit per font unit:
/// what `hb-shape` prints, and what iOS lays out.
final class HarfBuzzFace {
    private let hb: ShapingLibraries
    private let face: OpaquePointer
    private let font: OpaquePointer
    let unitsPerEm: Double

    /// Opens face `index` of `file` (a collection's face in the low 16
    /// bits, a named instance from 1 in the high 16).
    init(file: String, index: Int) throws(RegistryError) {
        let hb = try ShapingLibraries.shared.get()
        self.hb = hb
        guard let blob = hb.blobCreateFromFile(file) else {
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
        unitsPerEm = Double(max(upem, 1))
        hb.fontSetScale(font, Int32(upem), Int32(upem))
        let instance = index >> 16
        if instance > 0 { hb.fontSetNamedInstance(font, UInt32(instance - 1)) }
    }

    deinit {
        hb.fontDestroy(font)
        hb.faceDestroy(face)
    }

    /// Shapes the bytes `range` of a text (the whole text is context) in
    /// one script; the buffer's glyphs, valid until it is next used.
    fileprivate func shapeRun(
        _ buffer: OpaquePointer, _ base: UnsafePointer<CChar>?, _ length: Int, _ range: Range<Int>,
        _ script: hb_script_t, _ language: hb_language_t?
    ) -> (UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, Int)? {
        hb.bufferClear(buffer)
        hb.bufferAddUTF8(buffer, base, Int32(length), UInt32(range.lowerBound), Int32(range.count))
        hb.bufferSetScript(buffer, script)
        hb.bufferSetDirection(buffer, hb.scriptDirection(script))
        hb.bufferSetLanguage(buffer, language)
        // Each character its own cluster where the script allows: line
        // breaks fall between clusters.
        hb.bufferSetClusterLevel(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb.shape(font, buffer, nil, 0)
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
    func shape(
        _ text: [UInt8], runs: [TextRun], language: String?, within: Range<Int>? = nil,
        advances: inout [Double], missing: inout [Bool]
    ) {
        guard let buffer = hb.bufferCreate() else { return }
        defer { hb.bufferDestroy(buffer) }
        let lang = language.flatMap { hb.languageFromString($0, -1) } ?? hb.languageDefault()
        text.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            for run in runs {
                var range = run.range
                if let within {
                    let lower = max(range.lowerBound, within.lowerBound)
                    let upper = min(range.upperBound, within.upperBound)
                    guard lower < upper else { continue }
                    range = lower..<upper
                }
                guard let (infos, positions, count) = shapeRun(buffer, base, bytes.count, range, run.script, lang)
                else { continue }
                for i in 0..<count {
                    let cluster = Int(infos[i].cluster)
                    guard cluster < advances.count else { continue }
                    advances[cluster] += Double(positions[i].x_advance) / unitsPerEm
                    if infos[i].codepoint == 0 { missing[cluster] = true }
                }
            }
        }
    }
}

extension HarfBuzzFace {
    /// The glyphs of `text`, run by run in logical order (each run in
    /// HarfBuzz's visual order), with advances and offsets in ems.
    func glyphs(_ text: [UInt8], runs: [TextRun], language: String?) -> [ShapedGlyph] {
        guard let buffer = hb.bufferCreate() else { return [] }
        defer { hb.bufferDestroy(buffer) }
        let lang = language.flatMap { hb.languageFromString($0, -1) } ?? hb.languageDefault()
        var result: [ShapedGlyph] = []
        text.withUnsafeBufferPointer { bytes in
            let base = bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            for run in runs where !run.range.isEmpty {
                guard let (infos, positions, count) = shapeRun(buffer, base, bytes.count, run.range, run.script, lang)
                else { continue }
                for i in 0..<count {
                    result.append(
                        ShapedGlyph(
                            glyph: infos[i].codepoint, cluster: Int(infos[i].cluster),
                            advance: Double(positions[i].x_advance) / unitsPerEm,
                            offsetX: Double(positions[i].x_offset) / unitsPerEm,
                            offsetY: Double(positions[i].y_offset) / unitsPerEm))
                }
            }
        }
        return result
    }
}

/// A face opened for drawing text from its own outlines: HarfBuzz places
/// the glyphs, FreeType gives their shapes.
public final class GlyphFace {
    private let shaper: HarfBuzzFace
    private let outlines: OutlineFace
    private var paths: [UInt32: String?] = [:]

    /// Opens face `index` of `file`.
    public init(file: String, index: Int) throws(RegistryError) {
        shaper = try HarfBuzzFace(file: file, index: index)
        outlines = try OutlineFace(file: file, index: index)
    }

    /// The face's units per em (outline coordinates are in these).
    public var unitsPerEm: Int { outlines.unitsPerEm }

    /// The shaped glyphs of `text`.
    public func glyphs(_ text: String, language: String? = nil) -> [ShapedGlyph] {
        let utf8 = Array(text.utf8)
        return shaper.glyphs(utf8, runs: ScriptItemizer.runs(utf8), language: language)
    }

    /// A glyph's outline as SVG path data in font units, y up; `nil` for a
    /// glyph with no outline. Each glyph is read once.
    public func path(_ glyph: UInt32) -> String? {
        if let known = paths[glyph] { return known }
        let path = outlines.path(glyph: glyph)
        paths[glyph] = path
        return path
    }
}

/// A stretch of text in one script, shaped as one HarfBuzz buffer.
struct TextRun {
    var range: Range<Int>
    var script: hb_script_t
}

/// Splits text into runs by script: characters common to all scripts
/// (spaces, digits, punctuation) and combining marks join the run around
/// them. Direction follows from each run's script.
enum ScriptItemizer {
    static func runs(_ text: [UInt8]) -> [TextRun] {
        guard case .success(let hb) = ShapingLibraries.shared, let funcs = hb.unicodeFuncsDefault() else { return [] }
        var runs: [TextRun] = []
        var current: (start: Int, script: hb_script_t?) = (0, nil)
        var offset = 0
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            let length = UTF8.width(scalar)
            let script = hb.unicodeScript(funcs, scalar.value)
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
}

/// Measures text in one face, standing in fontconfig's choice for the
/// characters it lacks, as iOS's cascade list does.
public final class TextMeasurer {
    private let primary: HarfBuzzFace
    private let family: String
    private let configFile: String?
    private var config: FontconfigConfig?
    private var configFailed = false
    private var fallbackFaces: [String: HarfBuzzFace] = [:]

    /// Opens face `index` of `file` (of `family`, asked for fallbacks) for
    /// measuring; fallbacks come from the fontconfig configuration
    /// `configFile` (the system's when `nil`).
    public init(file: String, index: Int, family: String, configFile: String? = nil) throws(RegistryError) {
        primary = try HarfBuzzFace(file: file, index: index)
        self.family = family
        self.configFile = configFile
    }

    /// Shapes `text` once: each cluster's advance in ems, fallbacks for
    /// missing glyphs.
    public func measure(_ text: String, language: String? = nil) -> MeasuredText {
        let utf8 = Array(text.utf8)
        let runs = ScriptItemizer.runs(utf8)
        var advances = [Double](repeating: 0, count: utf8.count)
        var missing = [Bool](repeating: false, count: utf8.count)
        primary.shape(utf8, runs: runs, language: language, advances: &advances, missing: &missing)
        var fallbacks: [FallbackUse] = []
        var stillMissing = 0
        for range in Self.missingRanges(missing, utf8) {
            let characters = Array(String(decoding: utf8[range], as: UTF8.self).unicodeScalars)
            guard let (face, shaper) = fallbackFace(for: characters.map(\.value)) else {
                stillMissing += characters.count
                continue
            }
            var local = [Double](repeating: 0, count: utf8.count)
            var localMissing = [Bool](repeating: false, count: utf8.count)
            shaper.shape(
                utf8, runs: runs, language: language, within: range, advances: &local, missing: &localMissing)
            let unresolved = Self.missingRanges(localMissing, utf8).reduce(0) {
                $0 + String(decoding: utf8[$1], as: UTF8.self).unicodeScalars.count
            }
            if unresolved == characters.count {
                stillMissing += characters.count
                continue
            }
            for i in range { advances[i] = local[i] }
            stillMissing += unresolved
            let used = characters.count - unresolved
            if let index = fallbacks.firstIndex(where: {
                $0.file == face.file && $0.postscriptName == face.postscriptName
            }) {
                fallbacks[index].characters += used
            } else {
                fallbacks.append(
                    FallbackUse(
                        postscriptName: face.postscriptName, family: face.family, file: face.file, characters: used))
            }
        }
        return MeasuredText(utf8: utf8, advances: advances, missingGlyphs: stillMissing, fallbacks: fallbacks)
    }

    /// The byte ranges of consecutive clusters without glyphs.
    static func missingRanges(_ missing: [Bool], _ utf8: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        while i < missing.count {
            guard missing[i] else {
                i += 1
                continue
            }
            var end = i + 1
            // The cluster runs to the next cluster start (or a byte that
            // starts a character and is marked present).
            while end < missing.count && (missing[end] || utf8[end] & 0xC0 == 0x80) { end += 1 }
            ranges.append(i..<end)
            i = end
        }
        return ranges
    }

    private func fallbackFace(for characters: [UInt32]) -> (FontFace, HarfBuzzFace)? {
        if config == nil && !configFailed {
            config =
                try? configFile.map { path throws(RegistryError) in try FontconfigConfig.load(path: path) }
                ?? FontconfigConfig.system()
            configFailed = config == nil
        }
        var namer = NameVerifier()
        guard let raw = config?.match(family: family, covering: characters), let face = namer.face(from: raw) else {
            return nil
        }
        let key = "\(face.file)#\(face.index)"
        if let open = fallbackFaces[key] { return (face, open) }
        guard let open = try? HarfBuzzFace(file: face.file, index: face.index) else { return nil }
        fallbackFaces[key] = open
        return (face, open)
    }
}

extension FontRegistry {
    /// Line break opportunities for `text` (ICU, see `LineBreaker`), per
    /// UTF-8 byte; none when ICU is missing.
    public static func lineBreaks(_ text: String, language: String? = nil) -> [LineBreak] {
        let utf8 = Array(text.utf8)
        guard let breaker = try? LineBreaker() else { return [LineBreak](repeating: .none, count: utf8.count) }
        return breaker.opportunities(utf8, language: language)
    }
}

import CHarfBuzz
import Synchronization
import TypefitCore

/// Measures text in one face, standing in fontconfig's choice for the
/// characters it lacks, as iOS's cascade list does.
public final class TextMeasurer {
    private let primary: HarfBuzzFace
    /// The face's file and index (a drawing names the faces it uses).
    public let file: String
    /// The face's index in `file`.
    public let index: Int
    /// The point size the faces are set for (`nil`: measured in ems for
    /// every size).
    private let pointSize: Double?
    /// What fallback knows that no point size changes: fontconfig's
    /// configuration, cascades and choices, shared by a face's measurers at
    /// each size (`sharingFallbackWith`).
    private let shared: FallbackState
    /// Fallback runs shaped for the string being measured, shared with
    /// the measurers of the string's other faces (`FallbackMemo`).
    public var fallbackMemo: FallbackMemo?
    /// Fallback faces set for `pointSize` (those whose widths change
    /// with it; the others are the shared state's).
    private var sizedFaces: [String: HarfBuzzFace] = [:]
    /// Per language and cascade index: the face opened (`nil`: it cannot
    /// be), so that a string's fallback names no face and opens no file.
    private var cascadeFaces: [String: [Int: (FontFace, HarfBuzzFace)?]] = [:]

    /// Opens face `index` of `file` (of `family`, asked for fallbacks) for
    /// measuring; fallbacks come from `fallback` (installed fonts and an
    /// app's own), at the face's `weight` (OpenType scale; `nil` for
    /// fontconfig's default) and slant. With `pointSize`, the face and its
    /// fallbacks are set as Core Text sets them at that size (optical size
    /// and tracking, `OpticalSizing`; `isSystemFont` applies the rule
    /// whatever the tables).
    ///
    /// `letterSpacingEms` and `fallbackPolicy` are the platform's
    /// (`TextRules`): the spacing every face drawing the text adds, and
    /// which fonts draw what the face lacks (`FallbackSelection`).
    ///
    /// `sharingFallbackWith`, a measurer of the same face at another size:
    /// its fontconfig configuration, cascades and fallback faces that no
    /// size changes are used, not made again (a tracked face is measured
    /// at twelve sizes).
    public init(
        file: String, index: Int, family: String, weight: Int? = nil, isItalic: Bool = false,
        fallback: FallbackFonts = FallbackFonts(), pointSize: Double? = nil, isSystemFont: Bool = false,
        opticalSize: OpticalSizeMode = .auto, tracked: Bool = true, letterSpacingEms: Double = 0,
        letterSpacingPerGlyph: Bool = false, fallbackPolicy: FallbackPolicy = .appleCascade,
        sharingFallbackWith other: TextMeasurer? = nil
    ) throws(RegistryError) {
        primary = try HarfBuzzFace(
            file: file, index: index, pointSize: pointSize, isSystemFont: isSystemFont, opticalSize: opticalSize,
            tracked: tracked, letterSpacingEms: letterSpacingEms, perGlyph: letterSpacingPerGlyph)
        self.pointSize = pointSize
        self.file = file
        self.index = index
        shared =
            other?.shared
            ?? FallbackState(
                fallback: fallback, family: family, weight: weight, isItalic: isItalic, isSystemFont: isSystemFont,
                letterSpacingEms: letterSpacingEms, perGlyph: letterSpacingPerGlyph, policy: fallbackPolicy)
    }

    /// Whether the face's widths change with the point size (its optical
    /// size or tracking, `OpticalSizing`): it is then measured with a
    /// measurer per size.
    public var dependsOnPointSize: Bool { primary.sizing.dependsOnPointSize }

    /// The coordinates and tracking the face is measured at (at the
    /// measurer's point size; without one, those every size shares).
    public var setting: FaceSetting { primary.setting }

    /// The coordinates and tracking the face would be set to at
    /// `pointSize` (`OpticalSizing`), without opening it again.
    public func setting(atPointSize pointSize: Double) -> FaceSetting {
        primary.sizing.setting(instance: index >> 16, unitsPerEm: primary.unitsPerEm, at: pointSize)
    }

    /// What a measurer opened without tracking (`tracked: false`) gives
    /// for a size whose coordinates are its own: the measurement and the
    /// bytes where each size's tracking goes, to be added per size
    /// (`MeasuredText.tracked`). `nil` when a fallback face drew part of
    /// the text whose widths change with the size: the sizes then need a
    /// measurer each.
    public func measureForTracking(utf8: [UInt8], language: String? = nil) -> TrackedMeasurement? {
        var marks = [Bool](filled: false, count: utf8.count)
        // Marked through a pointer: a closure over the array checked
        // exclusive access at run time for every glyph.
        let analysis = marks.withUnsafeMutableBufferPointer { analyze(utf8, language: language, marking: $0) }
        guard analysis.fallbackOrder.allSatisfy({ !$0.shaper.sizing.dependsOnPointSize }) else { return nil }
        // Bytes a fallback drew carry its tracking (none), and control
        // characters none at all.
        for (i, face) in analysis.faceOf.enumerated() where face != 0 { marks[i] = false }
        for control in TextBytes.controlRanges(utf8) { for i in control { marks[i] = false } }
        return TrackedMeasurement(measured: analysis.measured, trackedAt: marks)
    }

    /// An untracked measurement and where each size's tracking goes.
    public struct TrackedMeasurement: Sendable {
        /// The widths, fallbacks and missing count, untracked.
        public var measured: MeasuredText
        /// Per byte: whether a size's tracking is added there.
        public var trackedAt: [Bool]
    }

    /// Shapes `text` once: each cluster's advance in ems, fallbacks for
    /// missing glyphs.
    public func measure(_ text: String, language: String? = nil) -> MeasuredText {
        analyze(Array(text.utf8), language: language).measured
    }

    /// `measure` of text given as its UTF-8 bytes (a caller that has them
    /// already, for line breaking, spares a copy).
    public func measure(utf8: [UInt8], language: String? = nil) -> MeasuredText {
        analyze(utf8, language: language).measured
    }

    /// What `measure` finds, and which face draws each byte: 0 the face
    /// itself, k > 0 the fallback `fallbackOrder[k - 1]`.
    private func analyze(
        _ utf8: [UInt8], language: String?, marking: UnsafeMutableBufferPointer<Bool>? = nil,
        capturing: ShapedRuns? = nil
    ) -> (
        measured: MeasuredText, faceOf: [Int], fallbackOrder: [(face: FontFace, shaper: HarfBuzzFace)],
        runs: [TextRun]
    ) {
        let runs = ScriptItemizer.runs(utf8)
        let graphemes = GraphemeStarts(utf8)
        var advances = [Double](filled: 0, count: utf8.count)
        var missing = [Bool](filled: false, count: utf8.count)
        // SkParagraph's clusters (Flutter): HarfBuzz's, with their glyph
        // counts, whichever face draws them.
        let countsGlyphs = primary.countsClusterGlyphs
        var glyphs = countsGlyphs ? [UInt8](filled: 0, count: utf8.count) : []
        glyphs.withUnsafeMutableBufferPointer { counts in
            primary.shape(
                utf8, runs: runs, language: language, graphemes: graphemes, advances: &advances, missing: &missing,
                marking: marking, capturing: capturing, glyphCounts: countsGlyphs ? counts : nil)
        }
        // Line breaks, tabs and other control characters are layout, not
        // glyphs: no advance of their own (a tab's comes from the tab
        // stops), never a missing glyph, never a fallback.
        for control in TextBytes.controlRanges(utf8) {
            for i in control {
                advances[i] = 0
                missing[i] = false
            }
            // A line break is a cluster of its own in Skia.
            if countsGlyphs { for i in control where utf8[i] & 0xC0 != 0x80 { glyphs[i] = max(glyphs[i], 1) } }
        }
        // An emoji shown as an emoji (U+FE0F, or emoji presentation by
        // default) is drawn by the colour emoji font on iOS even where the
        // face has a text glyph for it (❤️ is Apple Color Emoji's, not a
        // black heart): in a face without colour glyphs it falls back.
        if !primary.hasColorGlyphs {
            for range in TextBytes.emojiPresentationRanges(utf8) {
                for i in range { missing[i] = true }
            }
        }
        var fallbacks: [FallbackUse] = []
        // Which face draws each byte: made only when a fallback draws some
        // (empty: the face draws all; most strings, measured, never drawn).
        var faceOf: [Int] = []
        var order: [(face: FontFace, shaper: HarfBuzzFace)] = []
        var stillMissing = 0
        let segments = shared.segments(utf8, missing: missing, language: language)
        // One scratch pair for every segment, cleared over the segment's
        // bytes after use (shaping writes only there).
        var local = segments.isEmpty ? [] : [Double](filled: 0, count: utf8.count)
        var localMissing = segments.isEmpty ? [] : [Bool](filled: false, count: utf8.count)
        var localGlyphs = segments.isEmpty || !countsGlyphs ? [] : [UInt8](filled: 0, count: utf8.count)
        for segment in segments {
            let range = segment.bytes
            let characters = TextBytes.scalarCount(utf8, range)
            guard let candidate = segment.font, let (face, shaper) = fallbackFace(candidate, language: language) else {
                stillMissing += characters
                continue
            }
            // Drawn, the fallback's glyphs are kept as the face's are.
            let fallbackRuns = capturing == nil ? nil : ShapedRuns()
            // A face measured in ems shapes the run alike for every face
            // that falls back to it: the string's other measurers (the
            // system font's Text and Display files) take its widths.
            if countsGlyphs {
                // The memo keeps widths, not clusters: shaped here.
                localGlyphs.withUnsafeMutableBufferPointer { counts in
                    shaper.shape(
                        utf8, runs: runs, language: language, within: range, graphemes: graphemes,
                        advances: &local, missing: &localMissing, capturing: fallbackRuns, glyphCounts: counts)
                }
            } else if let memo = fallbackMemo, !shaper.sizing.dependsOnPointSize {
                let key = "\(face.file)#\(face.index)"
                if !memo.recall(utf8, language, key, range, &local, &localMissing) {
                    shaper.shape(
                        utf8, runs: runs, language: language, within: range, graphemes: graphemes,
                        advances: &local, missing: &localMissing, capturing: fallbackRuns)
                    memo.remember(utf8, language, key, range, local, localMissing)
                }
            } else {
                shaper.shape(
                    utf8, runs: runs, language: language, within: range, graphemes: graphemes, advances: &local,
                    missing: &localMissing, capturing: fallbackRuns)
            }
            defer {
                for i in range {
                    local[i] = 0
                    localMissing[i] = false
                }
                if countsGlyphs { for i in range { localGlyphs[i] = 0 } }
            }
            var unresolved = 0
            for i in range where localMissing[i] {
                // A missing cluster: its characters up to the next start.
                var end = i + 1
                while end < range.upperBound && !localMissing[end] && utf8[end] & 0xC0 == 0x80 { end += 1 }
                unresolved += TextBytes.scalarCount(utf8, i..<end)
            }
            if unresolved >= characters {
                stillMissing += characters
                continue
            }
            var number = order.firstIndex { $0.face.file == face.file && $0.face.index == face.index }
            if number == nil {
                order.append((face, shaper))
                number = order.count - 1
            }
            if let fallbackRuns { capturing?.take(fallbackRuns, face: (number ?? 0) + 1) }
            for i in range {
                advances[i] = local[i]
                if countsGlyphs { glyphs[i] = localGlyphs[i] }
                if faceOf.isEmpty { faceOf = [Int](filled: 0, count: utf8.count) }
                faceOf[i] = (number ?? 0) + 1
            }
            stillMissing += unresolved
            let used = characters - unresolved
            if let index = fallbacks.firstIndex(where: {
                $0.file == face.file && $0.postscriptName == face.postscriptName
            }) {
                fallbacks[index].characters += used
            } else {
                let role = shared.role(ofFamily: face.family, weight: face.weight)
                var use = FallbackUse(
                    postscriptName: face.postscriptName, family: face.family, file: face.file, characters: used,
                    role: role.role)
                use.standsInFor = role.standsInFor
                use.setting = shaper.setting
                fallbacks.append(use)
            }
        }
        var measured = MeasuredText(utf8: utf8, advances: advances, missingGlyphs: stillMissing, fallbacks: fallbacks)
        measured.clusterGlyphs = glyphs
        return (measured, faceOf, order, runs)
    }

    /// `text` ready to draw, as `measure` measures it: each stretch shaped
    /// with the face that draws it (the face, else the fallback fontconfig
    /// picks for the characters it lacks), laid out in visual order by the
    /// bidirectional algorithm (UAX #9: `Save الإعدادات 3` draws the Arabic
    /// right to left between the English and the digit). Widths are
    /// `measure`'s.
    public func draw(_ text: String, language: String? = nil) -> DrawnText {
        draw(text, language: language) { _ in [0..<text.utf8.count] }
    }

    /// `text` drawn as lines: `lines` gives, from the measurement, the byte
    /// ranges to draw (each inside one paragraph, without the white space
    /// that hangs at its end); each is reordered on its own, as the
    /// bidirectional algorithm reorders a paragraph's lines.
    public func draw(_ text: String, language: String? = nil, lines: (MeasuredText) -> [Range<Int>]) -> DrawnText {
        let session = drawing(text, language: language)
        return draw(session, lines: lines(session.measured))
    }

    /// A text analysed once for drawing in many layouts (`review` draws a
    /// string at up to twelve sizes): its measurement, which face draws
    /// each byte, and the stretches shaped so far.
    public final class DrawSession {
        let utf8: [UInt8]
        let language: String?
        /// The widths, fallbacks and missing count, as `measure` reports them.
        public let measured: MeasuredText
        /// Per byte: the face that draws it (0 the measured face, k
        /// fallback k); empty where the measured face draws every byte.
        let faceOf: [Int]
        /// Whether the measured face draws every byte (`faceOf` empty).
        var inOneFace: Bool { faceOf.isEmpty }
        let order: [(face: FontFace, shaper: HarfBuzzFace)]
        let runs: [TextRun]
        /// Where the text's graphemes start, found once for every
        /// stretch a letter-spaced or tracked face draws (made when one
        /// is first shaped anew: most strings draw the measurement's).
        lazy var graphemes = GraphemeStarts(utf8)
        /// Per byte: whether it is a control character (a line break or
        /// tab draws nothing, no .notdef box).
        /// Empty when the text has none (most strings: nothing to filter).
        lazy var isControl: [Bool] = {
            let ranges = TextBytes.controlRanges(utf8)
            guard !ranges.isEmpty else { return [] }
            var isControl = [Bool](filled: false, count: max(utf8.count, 1))
            for range in ranges { for i in range { isControl[i] = true } }
            return isControl
        }()
        /// Every glyph shaped so far (`GlyphSlicer.glyphs`): the lines of
        /// every layout are slices of it.
        public var glyphs: [DrawnText.Glyph] { slicer?.glyphs ?? [] }
        /// Whether the text can hold right-to-left characters (else the
        /// bidirectional algorithm is never asked).
        lazy var mayHoldRightToLeft = TextBytes.mayHoldRightToLeft(utf8)
        /// The paragraph's stretches and the glyphs shaped so far (made
        /// when a line is first drawn).
        private var slicer: GlyphSlicer?
        /// The paragraphs as the bidirectional algorithm reads them (made
        /// when a line is first drawn, for text that may need it).
        private lazy var paragraphs = BidiOrder.Paragraphs(utf8)

        /// How many faces draw it (the measured face and its fallbacks).
        public var faceCount: Int { order.count + 1 }
        /// Face `face` of those that draw it (`DrawnText.Glyph.face`): 0 the
        /// measured face, k fallback k; its file, index and variation
        /// coordinates (empty for a static face).
        public func face(_ face: Int) -> (file: String, index: Int, coordinates: [Double]) {
            face == 0
                ? (primaryFile, primaryIndex, primary.setting.variations.map(\.value))
                : (
                    order[face - 1].face.file, order[face - 1].face.index,
                    order[face - 1].shaper.setting.variations.map(\.value)
                )
        }
        /// The object that shapes face `face`: every session of a
        /// measurer draws a face with the same one, set once (its file,
        /// index and coordinates never change), so that what depends only
        /// on the face is found by its identity, kept alive by the caller.
        public func shaper(ofFace face: Int) -> AnyObject { face == 0 ? primary : order[face - 1].shaper }
        let primaryFile: String
        let primaryIndex: Int
        /// The measured face's shaper (stretches it draws are shaped with it).
        let primary: HarfBuzzFace
        /// The glyphs the measurement shaped in the measured face.
        let measuredRuns: ShapedRuns?
        /// Whether a fallback that drew part of the text has widths that
        /// change with the point size (a session at one size is then no
        /// other size's, whatever the measured face's setting).
        public var fallbackDependsOnPointSize: Bool { order.contains { $0.shaper.sizing.dependsOnPointSize } }

        /// Glyph `glyph` of face `face` (`DrawnText.Glyph.face`) as its
        /// face sets it, unshaped: its advance in font units and the
        /// face's units per em. A shaped glyph's advance is this, in ems,
        /// unless kerning, tracking or letter spacing moved it: the review
        /// page writes each face's advances once and only what shaping
        /// changed per glyph.
        public func ownAdvance(face: Int, glyph: UInt32) -> (units: Int32, unitsPerEm: Double) {
            let shaper = face == 0 ? primary : order[face - 1].shaper
            return (shaper.advanceUnits(glyph), shaper.unitsPerEm)
        }

        /// The session's text laid out as `lines` (as `draw` takes them):
        /// each line the slices of `glyphs` it draws, left to right
        /// (`GlyphSlicer`), the paragraph shaped once for every layout.
        public func lines(_ lines: [Range<Int>]) -> [DrawnText.SlicedLine] {
            withSlicer { slicer, shaper in
                // Text without right-to-left characters: each line one
                // left-to-right run (most strings; no bidi object is made).
                guard mayHoldRightToLeft else { return slicer.lines(leftToRight: lines, shape: shaper) }
                return slicer.lines(paragraphs.visualLines(lines), shape: shaper)
            }
        }

        /// The drawn bytes of a layout's `lines` (`LineFitter.Prepared.lines`)
        /// cut as `lines(_:)` cuts them, added to `table`: no array per
        /// line or per layout (review cuts a string at a dozen sizes).
        public func append(_ lines: [LineFitter.LineRange], to table: inout DrawnLines) {
            withSlicer { slicer, shaper in
                guard mayHoldRightToLeft else { return slicer.append(leftToRight: lines, to: &table, shape: shaper) }
                slicer.append(paragraphs.visualLines(lines.map(\.visible)), to: &table, shape: shaper)
            }
        }

        /// `body` with the session's slicer (made when a line is first
        /// drawn) and its shaper.
        private func withSlicer<Result>(_ body: (inout GlyphSlicer, GlyphSlicer.Shaper) -> Result) -> Result {
            // Moved out while cut, so that its glyphs are added to in place.
            var slicer = self.slicer ?? GlyphSlicer(stretches: paragraphStretches(), capacity: utf8.count)
            self.slicer = nil
            defer { self.slicer = slicer }
            return body(&slicer) { range, script, face, rightToLeft in
                self.shape(range, script: hb_script_t(rawValue: script), face: face, rightToLeft: rightToLeft)
            }
        }

        /// The stretches: each paragraph's bidi runs (in logical order)
        /// cut by script runs and by the face that draws each byte.
        private func paragraphStretches() -> [GlyphSlicer.Stretch] {
            // One face, one script, left to right (most strings): one
            // stretch, without a walk over the text's bytes.
            if inOneFace, runs.count == 1, !mayHoldRightToLeft {
                let range = runs[0].range.clamped(to: 0..<utf8.count)
                guard !range.isEmpty else { return [] }
                return [GlyphSlicer.Stretch(range: range, script: runs[0].script.rawValue, face: 0, rightToLeft: false)]
            }
            let directions =
                mayHoldRightToLeft
                ? paragraphs.visualRuns().sorted { $0.range.lowerBound < $1.range.lowerBound }
                : [VisualRun(range: 0..<utf8.count, rightToLeft: false)]
            return GlyphSlicer.stretches(
                directions: directions, scripts: runs.map { ($0.range, $0.script.rawValue) },
                faceOf: faceOf)
        }

        /// The glyphs of the bytes `range` (the whole text is its context)
        /// in visual order, control characters left out.
        private func shape(_ range: Range<Int>, script: hb_script_t, face: Int, rightToLeft: Bool)
            -> [DrawnText.Glyph]
        {
            let isControl = self.isControl
            // The measurement's own glyphs where it shaped this stretch
            // alike, in the face or a fallback (most strings: one face,
            // one direction).
            if let known = measuredRuns?.glyphs(range, script: script.rawValue, rightToLeft: rightToLeft, face: face) {
                return isControl.isEmpty
                    ? Array(known) : known.filter { !isControl[min($0.cluster, isControl.count - 1)] }
            }
            let shaper = face == 0 ? primary : order[face - 1].shaper
            let shaped = shaper.glyphs(
                utf8, runs: [TextRun(range: range, script: script)], language: language, rightToLeft: rightToLeft,
                graphemes: graphemes, face: face
            )
            return isControl.isEmpty ? shaped : shaped.filter { !isControl[min($0.cluster, isControl.count - 1)] }
        }

        init(
            utf8: [UInt8], language: String?, measured: MeasuredText, faceOf: [Int],
            order: [(face: FontFace, shaper: HarfBuzzFace)], runs: [TextRun],
            primary: (shaper: HarfBuzzFace, file: String, index: Int), measuredRuns: ShapedRuns?
        ) {
            self.utf8 = utf8
            self.language = language
            self.measured = measured
            self.faceOf = faceOf
            self.order = order
            self.runs = runs
            self.primary = primary.shaper
            primaryFile = primary.file
            primaryIndex = primary.index
            self.measuredRuns = measuredRuns
        }
    }

    /// `text` analysed for drawing (`draw(_:lines:)`, `lines(_:lines:)`).
    public func drawing(_ text: String, language: String? = nil) -> DrawSession {
        drawing(utf8: Array(text.utf8), language: language)
    }

    /// A text given as its UTF-8 bytes analysed for drawing (`fit`'s
    /// engine has them already).
    public func drawing(utf8: [UInt8], language: String? = nil) -> DrawSession {
        // About a glyph a byte at most, reserved once (grown run by run,
        // its glyphs were copied at each doubling).
        let shaped = ShapedRuns(capacity: utf8.count)
        let (measured, faceOf, order, runs) = analyze(utf8, language: language, capturing: shaped)
        return DrawSession(
            utf8: utf8, language: language, measured: measured, faceOf: faceOf, order: order, runs: runs,
            primary: (primary, file, index), measuredRuns: shaped)
    }

    /// The session's text drawn as `lines` (byte ranges, each inside one
    /// paragraph, without the white space that hangs at its end), each
    /// reordered on its own as the bidirectional algorithm reorders a
    /// paragraph's lines.
    public func draw(_ session: DrawSession, lines: [Range<Int>]) -> DrawnText {
        let sliced = session.lines(lines)
        let drawn = sliced.map { line in
            DrawnText.Line(
                glyphs: line.slices.flatMap { session.glyphs[$0] }, rightToLeft: line.rightToLeft)
        }
        var text = DrawnText(measured: session.measured, lines: drawn, fallbackFaces: session.order.map(\.face))
        text.fallbackCoordinates = session.order.map { $0.shaper.setting.variations.map(\.value) }
        return text
    }

    /// Cascade font `index` for `language`, opened for shaping once.
    private func fallbackFace(_ index: Int, language: String?) -> (FontFace, HarfBuzzFace)? {
        if let known = cascadeFaces[language ?? ""]?[index] { return known }
        let opened = openFallbackFace(index, language: language)
        cascadeFaces[language ?? "", default: [:]][index] = .some(opened)
        return opened
    }

    private func openFallbackFace(_ index: Int, language: String?) -> (FontFace, HarfBuzzFace)? {
        let list = shared.cascade(language)
        guard index < list.count else { return nil }
        var namer = NameVerifier()
        guard let face = namer.face(from: list[index].raw) else { return nil }
        let key = "\(face.file)#\(face.index)"
        // In ems for every size unless its widths change with the size.
        guard let unsized = shared.face(key, file: face.file, index: face.index) else { return nil }
        guard let pointSize, unsized.sizing.dependsOnPointSize else { return (face, unsized) }
        if let open = sizedFaces[key] { return (face, open) }
        guard
            let open = try? HarfBuzzFace(
                file: face.file, index: face.index, pointSize: pointSize, letterSpacingEms: shared.letterSpacingEms,
                perGlyph: shared.perGlyph)
        else {
            return nil
        }
        sizedFaces[key] = open
        return (face, open)
    }
}

/// What fallback knows that no point size changes, for one face: the
/// fontconfig configuration, the cascade per language, the fallback faces
/// opened in ems and the platform's selection (`FallbackSelection`), which
/// keeps its own memory of choices. Shared by the face's measurers at each
/// size, on one thread.
final class FallbackState {
    private let fallback: FallbackFonts
    private let family: String
    /// The face's weight (OpenType scale) and slant: fallbacks are sorted
    /// at them, as iOS falls back at the run's weight.
    let weight: Int?
    let isItalic: Bool
    private var config: FontconfigConfig?
    private var configFailed = false
    private var cascades: [String: [CascadeFont]] = [:]
    /// Per language: what each cascade font covers, in the cascade's order
    /// (what the segmenter asks: a reference each, where a cascade font
    /// is a whole description, copied at each question).
    private var coverages: [String: [CascadeCoverage]] = [:]
    /// Fallback faces opened in ems, by file#index (`nil`: cannot be).
    private var faces: [String: HarfBuzzFace?] = [:]
    /// Fallback families' faces found, by name and weight (`nil`: not
    /// there).
    private var familyFaces: [String: CascadeFont?] = [:]
    /// How the platform picks the fonts that draw what the face lacks.
    private let selection: any FallbackSelection

    /// The letter spacing the platform's paint gives every face that
    /// draws the text (`HarfBuzzFace`'s `letterSpacingEms`).
    let letterSpacingEms: Double
    /// Whether the spacing follows every glyph (Skia's), not Minikin's.
    let perGlyph: Bool

    init(
        fallback: FallbackFonts, family: String, weight: Int?, isItalic: Bool, isSystemFont: Bool,
        letterSpacingEms: Double = 0, perGlyph: Bool = false, policy: FallbackPolicy = .appleCascade
    ) {
        self.letterSpacingEms = letterSpacingEms
        self.perGlyph = perGlyph
        self.fallback = fallback
        self.family = family
        self.weight = weight
        self.isItalic = isItalic
        switch policy {
        case .appleCascade: selection = IOSCascadeSelection(isSystemFont: isSystemFont)
        case .minikin(let chain): selection = MinikinSelection(chain)
        case .skia(let chain): selection = MinikinSelection(chain, readsLikeSkia: true)
        }
    }

    /// What a fallback family is to the platform (iOS's face, a stand-in,
    /// Android's own file …).
    func role(ofFamily family: String, weight: Int?) -> (role: IOSCascade.Role, standsInFor: String?) {
        selection.role(ofFamily: family, weight: weight)
    }

    /// The fallback face at `key` opened in ems, once.
    func face(_ key: String, file: String, index: Int) -> HarfBuzzFace? {
        if let known = faces[key] { return known }
        let open = try? HarfBuzzFace(file: file, index: index, letterSpacingEms: letterSpacingEms, perGlyph: perGlyph)
        faces[key] = .some(open)
        return open
    }

    /// The cascade fontconfig sorts for the measured family and
    /// `language`, read once per language (a fallback language costs one
    /// sort, not one match per string), with the fonts the selection has
    /// added to it.
    func cascade(_ language: String?) -> [CascadeFont] {
        let config = configuration()
        let key = language ?? ""
        if let known = cascades[key] { return known }
        let list =
            config?.cascade(
                family: family, language: language.map(FontconfigLanguage.tag), weight: weight, italic: isItalic)
            ?? []
        cascades[key] = list
        return list
    }

    /// `cascade(language)`'s coverage, font for font.
    func coverage(_ language: String?) -> [CascadeCoverage] {
        let key = language ?? ""
        if let known = coverages[key] { return known }
        let list = cascade(language).map(\.coverage)
        coverages[key] = list
        return list
    }

    /// The cascade indices of `fonts` for `language`, each appended to the
    /// cascade where it is not in it (once).
    func indices(of fonts: [CascadeFont], language: String?) -> [Int] {
        _ = cascade(language)
        // Taken out while it grows: read from the dictionary, it was
        // copied whole (a thousand descriptions) at its first append.
        var list = cascades.removeValue(forKey: language ?? "") ?? []
        var coverage = coverages.removeValue(forKey: language ?? "")
        // Each face's place, found by a table: a search of the cascade (a
        // thousand fonts on a machine with Noto) per chain family (148)
        // per language was a fifth of a many-language Android run.
        struct Face: Hashable {
            var file: String?
            var index: Int
        }
        var place: [Face: Int] = [:]
        place.reserveCapacity(list.count)
        for (i, font) in list.enumerated() {
            let face = Face(file: font.raw.file, index: font.raw.index)
            if place[face] == nil { place[face] = i }
        }
        var indices: [Int] = []
        for font in fonts {
            let face = Face(file: font.raw.file, index: font.raw.index)
            if let index = place[face] {
                if !indices.contains(index) { indices.append(index) }
            } else {
                list.append(font)
                coverage?.append(font.coverage)
                place[face] = list.count - 1
                indices.append(list.count - 1)
            }
        }
        cascades[language ?? ""] = list
        if let coverage { coverages[language ?? ""] = coverage }
        return indices
    }

    /// Family `name`'s face at `weight` and the face's slant, looked up
    /// once (not once per language: a fontconfig match each was a third
    /// of a many-language Android run).
    func familyFace(_ name: String, weight: Int?) -> CascadeFont? {
        let key = name + "|" + (weight.map(String.init) ?? "")
        if let known = familyFaces[key] { return known }
        let found = configuration()?.familyFace(name, weight: weight, italic: isItalic)
        familyFaces[key] = .some(found)
        return found
    }

    /// The fontconfig configuration fallback reads, loaded once.
    private func configuration() -> FontconfigConfig? {
        if config == nil && !configFailed {
            config = try? FontconfigConfig.sharedForFallback(fallback)
            configFailed = config == nil
        }
        return config
    }

    /// The missing bytes in stretches drawn by one cascade font each, as
    /// the platform's selection picks them.
    func segments(_ utf8: [UInt8], missing: [Bool], language: String?) -> [FallbackSegmenter.Segment] {
        guard missing.contains(true) else { return [] }
        // The state's measurers (a face's sizes, the system font's files)
        // ask for the same string in turn: the last answer is kept.
        if let last = lastSegments, last.language == language, last.utf8 == utf8, last.missing == missing {
            return last.segments
        }
        let segments = selection.segments(utf8, missing: missing, language: language, in: self)
        lastSegments = (utf8, missing, language, segments)
        return segments
    }

    private var lastSegments:
        (utf8: [UInt8], missing: [Bool], language: String?, segments: [FallbackSegmenter.Segment])?
}

/// The fonts text falls back to for characters its face lacks, as iOS's
/// cascade takes an app's registered fonts and the system's: the installed
/// fonts (fontconfig's configuration `configFile`, the system's when `nil`)
/// unless `installed` is false (`--no-installed-fonts`), and `files`, an
/// app's own font files (`--fonts-dir`), added to them.
public struct FallbackFonts: Sendable, Hashable {
    /// A fontconfig configuration file; `nil`: the system's.
    public var configFile: String?
    /// Font files that are not installed, taking part in fallback.
    public var files: [String]
    /// Whether the installed fonts take part.
    public var installed: Bool

    /// Creates one.
    public init(configFile: String? = nil, files: [String] = [], installed: Bool = true) {
        self.configFile = configFile
        self.files = files
        self.installed = installed
    }
}

/// The fallback runs of one string, shaped once for every face that falls
/// back to the same face for them: `fit` measures a string in each face its
/// sizes use (the system font's Text and Display files), and a run neither
/// has (Greek in the stand-ins, Japanese in Apple's files) falls back to
/// one face measured in ems. Kept for the last string only: a new string
/// (other bytes or language) clears it. Used by one thread, as the
/// measurers that share it.
public final class FallbackMemo {
    private var utf8: [UInt8] = []
    private var language: String?
    private struct Run: Hashable {
        var face: String
        var lower: Int
        var upper: Int
    }
    /// Found by face and bytes: a string of thousands of fallback runs
    /// recalls each in constant time, not by a walk of the others.
    private var runs: [Run: (advances: [Double], missing: [Bool])] = [:]

    /// An empty memo.
    public init() {}

    /// Whether `utf8` and `language` are the string kept. The bytes are
    /// compared in full once per caller's copy: an equal copy is kept in
    /// place of the memo's, and the next comparison finds the same storage
    /// (Array's `==` compares no bytes then).
    private func holds(_ utf8: [UInt8], _ language: String?) -> Bool {
        guard language == self.language, utf8 == self.utf8 else { return false }
        self.utf8 = utf8
        return true
    }

    /// The run's widths and missing marks into `advances` and `missing`
    /// (over `range`), when they were shaped for this string.
    func recall(
        _ utf8: [UInt8], _ language: String?, _ face: String, _ range: Range<Int>, _ advances: inout [Double],
        _ missing: inout [Bool]
    ) -> Bool {
        guard holds(utf8, language),
            let run = runs[Run(face: face, lower: range.lowerBound, upper: range.upperBound)]
        else { return false }
        for (i, offset) in range.enumerated() {
            advances[offset] = run.advances[i]
            missing[offset] = run.missing[i]
        }
        return true
    }

    /// Keeps the run's widths and missing marks (`advances` and `missing`
    /// over `range`); a new string first forgets the last one's.
    func remember(
        _ utf8: [UInt8], _ language: String?, _ face: String, _ range: Range<Int>, _ advances: [Double],
        _ missing: [Bool]
    ) {
        if !holds(utf8, language) {
            self.utf8 = utf8
            self.language = language
            runs.removeAll(keepingCapacity: true)
        }
        runs[Run(face: face, lower: range.lowerBound, upper: range.upperBound)] = (
            Array(advances[range]), Array(missing[range])
        )
    }
}

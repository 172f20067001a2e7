import CHarfBuzz
import TypefitCore

/// Measures text in one face, standing in fontconfig's choice for the
/// characters it lacks, as iOS's cascade list does.
public final class TextMeasurer {
    private let primary: HarfBuzzFace
    /// The face's file and index (a drawing names the faces it uses).
    private let file: String
    private let index: Int
    private let family: String
    private let configFile: String?
    private var config: FontconfigConfig?
    private var configFailed = false
    private var fallbackFaces: [String: HarfBuzzFace] = [:]
    private var cascades: [String: [CascadeFont]] = [:]
    /// Per language and cascade index: the face opened (`nil`: it cannot
    /// be), so that a string's fallback names no face and opens no file.
    private var cascadeFaces: [String: [Int: (FontFace, HarfBuzzFace)?]] = [:]
    /// Per language: the cascade font chosen for a cluster of up to three
    /// characters (packed 21 bits each), so that a repeated letter asks no
    /// charset again.
    private var clusterChoices: [String: [UInt64: Int?]] = [:]

    /// Opens face `index` of `file` (of `family`, asked for fallbacks) for
    /// measuring; fallbacks come from the fontconfig configuration
    /// `configFile` (the system's when `nil`).
    public init(file: String, index: Int, family: String, configFile: String? = nil) throws(RegistryError) {
        primary = try HarfBuzzFace(file: file, index: index)
        self.file = file
        self.index = index
        self.family = family
        self.configFile = configFile
    }

    /// Shapes `text` once: each cluster's advance in ems, fallbacks for
    /// missing glyphs.
    public func measure(_ text: String, language: String? = nil) -> MeasuredText {
        analyze(Array(text.utf8), language: language).measured
    }

    /// What `measure` finds, and which face draws each byte: 0 the face
    /// itself, k > 0 the fallback `fallbackOrder[k - 1]`.
    private func analyze(_ utf8: [UInt8], language: String?) -> (
        measured: MeasuredText, faceOf: [Int], fallbackOrder: [(face: FontFace, shaper: HarfBuzzFace)],
        runs: [TextRun]
    ) {
        let runs = ScriptItemizer.runs(utf8)
        var advances = [Double](repeating: 0, count: utf8.count)
        var missing = [Bool](repeating: false, count: utf8.count)
        primary.shape(utf8, runs: runs, language: language, advances: &advances, missing: &missing)
        // Line breaks, tabs and other control characters are layout, not
        // glyphs: no advance of their own (a tab's comes from the tab
        // stops), never a missing glyph, never a fallback.
        for control in Self.controlRanges(utf8) {
            for i in control {
                advances[i] = 0
                missing[i] = false
            }
        }
        var fallbacks: [FallbackUse] = []
        var faceOf = [Int](repeating: 0, count: utf8.count)
        var order: [(face: FontFace, shaper: HarfBuzzFace)] = []
        var stillMissing = 0
        let segments = fallbackSegments(utf8, missing: missing, language: language)
        // One scratch pair for every segment, cleared over the segment's
        // bytes after use (shaping writes only there).
        var local = segments.isEmpty ? [] : [Double](repeating: 0, count: utf8.count)
        var localMissing = segments.isEmpty ? [] : [Bool](repeating: false, count: utf8.count)
        for segment in segments {
            let range = segment.bytes
            let characters = Self.scalarCount(utf8, range)
            guard let candidate = segment.font, let (face, shaper) = fallbackFace(candidate, language: language) else {
                stillMissing += characters
                continue
            }
            shaper.shape(
                utf8, runs: runs, language: language, within: range, advances: &local, missing: &localMissing)
            defer {
                for i in range {
                    local[i] = 0
                    localMissing[i] = false
                }
            }
            var unresolved = 0
            for i in range where localMissing[i] {
                // A missing cluster: its characters up to the next start.
                var end = i + 1
                while end < range.upperBound && !localMissing[end] && utf8[end] & 0xC0 == 0x80 { end += 1 }
                unresolved += Self.scalarCount(utf8, i..<end)
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
            for i in range {
                advances[i] = local[i]
                faceOf[i] = (number ?? 0) + 1
            }
            stillMissing += unresolved
            let used = characters - unresolved
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
        let measured = MeasuredText(utf8: utf8, advances: advances, missingGlyphs: stillMissing, fallbacks: fallbacks)
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
        let faceOf: [Int]
        let order: [(face: FontFace, shaper: HarfBuzzFace)]
        let runs: [TextRun]
        /// Per byte: whether it is a control character (a line break or
        /// tab draws nothing, no .notdef box).
        lazy var isControl: [Bool] = {
            var isControl = [Bool](repeating: false, count: max(utf8.count, 1))
            for range in TextMeasurer.controlRanges(utf8) { for i in range { isControl[i] = true } }
            return isControl
        }()
        /// Every glyph shaped so far, stretch after stretch (each in
        /// HarfBuzz's visual order, control characters left out): the lines
        /// of every layout are slices of it.
        public private(set) var glyphs: [DrawnText.Glyph] = []
        /// Parts shaped alone (a line's direction not its paragraph's), by
        /// range, face and direction: where their glyphs are in `glyphs`.
        var shaped: [StretchKey: Range<Int>] = [:]
        /// Whether the text can hold right-to-left characters (else the
        /// bidirectional algorithm is never asked).
        lazy var mayHoldRightToLeft = BidiOrder.mayHoldRightToLeft(utf8)
        /// The paragraph's stretches in logical order: one script, one face
        /// and one direction each (made when a line is first drawn).
        private var stretchStore: [Stretch]?
        /// The paragraphs as the bidirectional algorithm reads them (made
        /// when a line is first drawn, for text that may need it).
        private lazy var paragraphs = BidiOrder.Paragraphs(utf8)

        /// A stretch of the paragraph shaped as one: its bytes, script, face
        /// (0 the measured face, k a fallback) and direction.
        struct Stretch {
            var range: Range<Int>
            var script: hb_script_t
            var face: Int
            var rightToLeft: Bool
            /// Where its glyphs are in `glyphs`, once shaped.
            var glyphs: Range<Int>?
            /// Whether its glyphs' clusters run one way (HarfBuzz's
            /// monotone cluster level promises it): then a line's glyphs
            /// are found by bisection.
            var monotone = true
        }

        struct StretchKey: Hashable {
            var lower: Int
            var upper: Int
            var face: Int
            var rightToLeft: Bool
        }

        /// The faces that draw it: the measured face's file and index, then
        /// each fallback's (`DrawnText.Glyph.face` indexes this).
        public var faces: [(file: String, index: Int)] {
            [(primaryFile, primaryIndex)] + order.map { ($0.face.file, $0.face.index) }
        }
        let primaryFile: String
        let primaryIndex: Int
        /// The measured face's shaper (stretches it draws are shaped with it).
        let primary: HarfBuzzFace

        /// The session's text laid out as `lines` (as `draw` takes them): each
        /// line the slices of `glyphs` it draws, left to right. The glyphs
        /// are the paragraph's, shaped once for every layout: a line draws
        /// the glyphs, and so the widths, the paragraph was measured with
        /// (shaped alone, it could lose a kerning pair at its end), and a
        /// string drawn at twelve sizes is shaped once.
        public func lines(_ lines: [Range<Int>]) -> [DrawnText.SlicedLine] {
            // The stretches moved out while cut (shaping one records where
            // its glyphs are), so that they are changed in place.
            var stretches = stretchStore ?? paragraphStretches()
            stretchStore = nil
            defer { stretchStore = stretches }
            var result: [DrawnText.SlicedLine] = []
            result.reserveCapacity(lines.count)
            // Text without right-to-left characters: each line one
            // left-to-right run (most strings; no bidi object is made).
            let visual =
                mayHoldRightToLeft
                ? paragraphs.visualLines(lines)
                : lines.map { BidiOrder.Line(runs: [BidiOrder.Run(range: $0, rightToLeft: false)], rightToLeft: false) }
            for line in visual {
                var slices: [Range<Int>] = []
                for run in line.runs where !run.range.isEmpty {
                    // The paragraph's stretches the run crosses, in the
                    // run's visual order.
                    let first = bisect(stretches.count) { stretches[$0].range.upperBound > run.range.lowerBound }
                    var last = first
                    while last < stretches.count && stretches[last].range.lowerBound < run.range.upperBound {
                        last += 1
                    }
                    for k in 0..<(last - first) {
                        let n = run.rightToLeft ? last - 1 - k : first + k
                        let part =
                            max(
                                stretches[n].range.lowerBound, run.range.lowerBound)..<min(
                                stretches[n].range.upperBound, run.range.upperBound)
                        if stretches[n].rightToLeft == run.rightToLeft {
                            cut(&stretches[n], to: part, into: &slices)
                        } else {
                            // A line's level differing from its paragraph's
                            // (rule L1 returns white space other than spaces
                            // and tabs at a line's end, U+3000 say, to the
                            // paragraph's level): the part shaped alone.
                            let glyphs = shaped(
                                part, script: stretches[n].script, face: stretches[n].face,
                                rightToLeft: run.rightToLeft)
                            append(glyphs, to: &slices)
                        }
                    }
                }
                result.append(DrawnText.SlicedLine(slices: slices, rightToLeft: line.rightToLeft))
            }
            return result
        }

        /// The stretches: each paragraph's bidi runs cut by script runs
        /// and by the face that draws each byte.
        private func paragraphStretches() -> [Stretch] {
            let directions =
                // In logical order; the paragraph object the lines are
                // reordered with, analysed once.
                mayHoldRightToLeft
                ? paragraphs.visualRuns().sorted { $0.range.lowerBound < $1.range.lowerBound }
                : [BidiOrder.Run(range: 0..<utf8.count, rightToLeft: false)]
            var result: [Stretch] = []
            for direction in directions {
                for run in runs {
                    let lower = max(run.range.lowerBound, direction.range.lowerBound)
                    let upper = min(run.range.upperBound, direction.range.upperBound)
                    guard lower < upper else { continue }
                    var start = lower
                    for i in (lower + 1)...upper where i == upper || faceOf[i] != faceOf[start] {
                        // A face change inside a character cannot happen:
                        // faceOf is set per cluster range.
                        result.append(
                            Stretch(
                                range: start..<i, script: run.script, face: faceOf[start],
                                rightToLeft: direction.rightToLeft))
                        start = i
                    }
                }
            }
            return result.sorted { $0.range.lowerBound < $1.range.lowerBound }
        }

        /// Adds to `slices` the glyphs of `stretch` that draw the bytes
        /// `part`, shaping the stretch the first time.
        private func cut(_ stretch: inout Stretch, to part: Range<Int>, into slices: inout [Range<Int>]) {
            let all: Range<Int>
            if let known = stretch.glyphs {
                all = known
            } else {
                all = shape(
                    stretch.range, script: stretch.script, face: stretch.face, rightToLeft: stretch.rightToLeft)
                stretch.glyphs = all
                let rightToLeft = stretch.rightToLeft
                stretch.monotone = glyphs.withUnsafeBufferPointer { glyphs in
                    (all.lowerBound..<max(all.lowerBound, all.upperBound - 1)).allSatisfy {
                        rightToLeft
                            ? glyphs[$0].cluster >= glyphs[$0 + 1].cluster
                            : glyphs[$0].cluster <= glyphs[$0 + 1].cluster
                    }
                }
            }
            if part == stretch.range {
                append(all, to: &slices)
                return
            }
            let found = glyphs.withUnsafeBufferPointer { glyphs -> [Range<Int>] in
                if stretch.monotone {
                    // Left to right, clusters rise; right to left, they fall.
                    let base = all.lowerBound
                    let lower: Int
                    let upper: Int
                    if stretch.rightToLeft {
                        lower = base + bisect(all.count) { glyphs[base + $0].cluster < part.upperBound }
                        upper = base + bisect(all.count) { glyphs[base + $0].cluster < part.lowerBound }
                    } else {
                        lower = base + bisect(all.count) { glyphs[base + $0].cluster >= part.lowerBound }
                        upper = base + bisect(all.count) { glyphs[base + $0].cluster >= part.upperBound }
                    }
                    return [lower..<max(lower, upper)]
                }
                // Glyphs reordered across clusters: every run of the part's.
                var runs: [Range<Int>] = []
                var i = all.lowerBound
                while i < all.upperBound {
                    guard part.contains(glyphs[i].cluster) else {
                        i += 1
                        continue
                    }
                    var end = i + 1
                    while end < all.upperBound && part.contains(glyphs[end].cluster) { end += 1 }
                    runs.append(i..<end)
                    i = end
                }
                return runs
            }
            for slice in found { append(slice, to: &slices) }
        }

        /// Adds a slice, joined to the last when they touch.
        private func append(_ slice: Range<Int>, to slices: inout [Range<Int>]) {
            guard !slice.isEmpty else { return }
            if let last = slices.last, last.upperBound == slice.lowerBound {
                slices[slices.count - 1] = last.lowerBound..<slice.upperBound
            } else {
                slices.append(slice)
            }
        }

        /// The first index in `0..<count` where `isPast` holds (it holds
        /// from some index on), `count` when nowhere.
        private func bisect(_ count: Int, _ isPast: (Int) -> Bool) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if isPast(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }

        /// Where the glyphs of a part shaped alone are in `glyphs`,
        /// shaping it the first time.
        private func shaped(_ range: Range<Int>, script: hb_script_t, face: Int, rightToLeft: Bool) -> Range<Int> {
            let key = StretchKey(lower: range.lowerBound, upper: range.upperBound, face: face, rightToLeft: rightToLeft)
            if let known = shaped[key] { return known }
            let slice = shape(range, script: script, face: face, rightToLeft: rightToLeft)
            shaped[key] = slice
            return slice
        }

        /// Shapes the bytes `range` (the whole text is its context) and
        /// adds their glyphs to `glyphs`: where they are.
        private func shape(_ range: Range<Int>, script: hb_script_t, face: Int, rightToLeft: Bool) -> Range<Int> {
            let shaper = face == 0 ? primary : order[face - 1].shaper
            let start = glyphs.count
            let isControl = self.isControl
            for glyph in shaper.glyphs(
                utf8, runs: [TextRun(range: range, script: script)], language: language, rightToLeft: rightToLeft)
            where !isControl[min(glyph.cluster, isControl.count - 1)] {
                glyphs.append(
                    DrawnText.Glyph(
                        face: face, glyph: glyph.glyph, cluster: glyph.cluster, advance: glyph.advance,
                        offsetX: glyph.offsetX, offsetY: glyph.offsetY, missing: glyph.glyph == 0))
            }
            return start..<glyphs.count
        }

        init(
            utf8: [UInt8], language: String?, measured: MeasuredText, faceOf: [Int],
            order: [(face: FontFace, shaper: HarfBuzzFace)], runs: [TextRun],
            primary: (shaper: HarfBuzzFace, file: String, index: Int)
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
        }
    }

    /// `text` analysed for drawing (`draw(_:lines:)`, `lines(_:lines:)`).
    public func drawing(_ text: String, language: String? = nil) -> DrawSession {
        let utf8 = Array(text.utf8)
        let (measured, faceOf, order, runs) = analyze(utf8, language: language)
        return DrawSession(
            utf8: utf8, language: language, measured: measured, faceOf: faceOf, order: order, runs: runs,
            primary: (primary, file, index))
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
        return DrawnText(measured: session.measured, lines: drawn, fallbackFaces: session.order.map(\.face))
    }

    /// The byte ranges of control characters: C0 and C1 controls (line
    /// breaks and tabs among them), U+2028 and U+2029.
    static func controlRanges(_ utf8: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            var length = byte < 0x20 || byte == 0x7F ? 1 : 0
            if byte == 0xC2, i + 1 < utf8.count, (0x80...0x9F).contains(utf8[i + 1]) { length = 2 }
            if byte == 0xE2 { length = MeasuredText.hardBreakLength(utf8, at: i) }
            if length > 0 {
                ranges.append(i..<min(utf8.count, i + length))
                i += length
            } else {
                i += 1
            }
        }
        return ranges
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

    /// The cascade fontconfig sorts for the measured family and
    /// `language`, read once per language (a fallback language costs one
    /// sort, not one match per string).
    private func cascade(_ language: String?) -> [CascadeFont] {
        if config == nil && !configFailed {
            config =
                try? configFile.map { path throws(RegistryError) in try FontconfigConfig.load(path: path) }
                ?? FontconfigConfig.system()
            configFailed = config == nil
        }
        let key = language ?? ""
        if let known = cascades[key] { return known }
        let list = config?.cascade(family: family, language: language) ?? []
        cascades[key] = list
        return list
    }

    /// The missing bytes in stretches drawn by one cascade font each (`nil`:
    /// none has them): each grapheme cluster the face lacks goes to the
    /// first font of the cascade that has the whole cluster, a colour font
    /// first for emoji presentation (an emoji, or U+FE0F), as Core Text's
    /// cascade list substitutes per character. Variation selectors and
    /// joiners are not asked of the charset (fonts map them through other
    /// tables).
    private func fallbackSegments(_ utf8: [UInt8], missing: [Bool], language: String?) -> [(
        bytes: Range<Int>, font: Int?
    )] {
        let missingRanges = Self.missingRanges(missing, utf8)
        guard !missingRanges.isEmpty else { return [] }
        let list = cascade(language)
        let key = language ?? ""
        var chosen = clusterChoices[key] ?? [:]
        defer { clusterChoices[key] = chosen }
        var segments: [(bytes: Range<Int>, font: Int?)] = []
        // Whole grapheme clusters, walked once: HarfBuzz marks a cluster's
        // base as missing, not the U+FE0F after it, which decides its
        // presentation.
        var r = 0
        var offset = 0
        for cluster in String(decoding: utf8, as: UTF8.self) {
            let bytes = offset..<min(utf8.count, offset + cluster.utf8.count)
            offset = bytes.upperBound
            while r < missingRanges.count && missingRanges[r].upperBound <= bytes.lowerBound { r += 1 }
            guard r < missingRanges.count else { break }
            guard missingRanges[r].lowerBound < bytes.upperBound else { continue }
            let scalars = cluster.unicodeScalars
            // Clusters of up to three characters (nearly all) are looked up
            // once per language: 21 bits each.
            var packed: UInt64? = 0
            for (n, scalar) in scalars.enumerated() {
                guard n < 3, let value = packed else {
                    packed = nil
                    break
                }
                packed = value << 21 | UInt64(scalar.value)
            }
            let choice: Int?
            if let packed, let known = chosen[packed] {
                choice = known
            } else {
                choice = Self.choose(scalars, in: list)
                if let packed { chosen[packed] = .some(choice) }
            }
            if let last = segments.last, last.font == choice, last.bytes.upperBound == bytes.lowerBound {
                segments[segments.count - 1].bytes = last.bytes.lowerBound..<bytes.upperBound
            } else {
                segments.append((bytes, choice))
            }
        }
        return segments
    }

    /// The cascade font that draws a cluster: the first that has all of
    /// it, a colour font first for emoji presentation. Variation selectors
    /// and joiners are not asked of the charset (fonts map them through
    /// other tables).
    private static func choose(_ scalars: String.UnicodeScalarView, in list: [CascadeFont]) -> Int? {
        let needed = scalars.map(\.value).filter {
            !(0xFE00...0xFE0F).contains($0) && !(0xE0100...0xE01EF).contains($0) && $0 != 0x200D && $0 != 0x200C
        }
        let emoji = scalars.contains { $0.value == 0xFE0F } || (scalars.first?.properties.isEmojiPresentation ?? false)
        if emoji, let colour = list.firstIndex(where: { $0.isColor && $0.covers(needed) }) { return colour }
        return list.firstIndex { $0.covers(needed) }
    }

    /// How many characters the bytes `range` hold.
    static func scalarCount(_ utf8: [UInt8], _ range: Range<Int>) -> Int {
        var count = 0
        for i in range where utf8[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Cascade font `index` for `language`, opened for shaping once.
    private func fallbackFace(_ index: Int, language: String?) -> (FontFace, HarfBuzzFace)? {
        if let known = cascadeFaces[language ?? ""]?[index] { return known }
        let opened = openFallbackFace(index, language: language)
        cascadeFaces[language ?? "", default: [:]][index] = .some(opened)
        return opened
    }

    private func openFallbackFace(_ index: Int, language: String?) -> (FontFace, HarfBuzzFace)? {
        let list = cascade(language)
        guard index < list.count else { return nil }
        var namer = NameVerifier()
        guard let face = namer.face(from: list[index].raw) else { return nil }
        let key = "\(face.file)#\(face.index)"
        if let open = fallbackFaces[key] { return (face, open) }
        guard let open = try? HarfBuzzFace(file: face.file, index: face.index) else { return nil }
        fallbackFaces[key] = open
        return (face, open)
    }
}

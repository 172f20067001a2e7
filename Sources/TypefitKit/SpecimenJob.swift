import FontRegistry
import TypefitCore

/// `specimen`'s work: every (style, size setting) cell as the sample laid
/// out in lines as `fit` breaks it, drawn from the font's own outlines,
/// placed by HarfBuzz, in one SVG.
public struct SpecimenJob: Job {
    /// The styles, sizes, face, language and samples.
    public var request: Request
    /// Where faces are found.
    public var search: FontSearch
    /// The text drawn in every cell.
    public var sampleText: String
    /// The line width in points (`nil`: one line, no guide).
    public var width: Double?
    /// `maxLines`: each sample cut as `UILabel.numberOfLines` cuts it with
    /// `.byTruncatingTail` (`nil`: every line).
    public var maxLines: Int?

    /// Creates a job.
    public init(request: Request, search: FontSearch, sampleText: String, width: Double?, maxLines: Int? = nil) {
        self.request = request
        self.search = search
        self.sampleText = sampleText
        self.width = width
        self.maxLines = maxLines
    }

    /// The SVG; a face that is missing is drawn as marked boxes and warned
    /// about, a line breaker that cannot be had (with a width) stops the run.
    public func run(progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics) throws(Stopped)
        -> String
    {
        let settings = request
        let cells = try TextJob.cells(settings, search: search, allowMissing: true, diagnostics: &diagnostics)
        // The sample's placeholders replaced as measure and fit replace them.
        let sampleString = LocalizedString(key: sampleText, language: settings.language, text: sampleText)
            .substituting(settings.samples)
        TextJob.notePlaceholderDefaults([sampleString], into: &diagnostics)
        let sample = sampleString.text
        let rules = settings.textRules
        var breaks: [LineBreak] = []
        if width != nil {
            do {
                breaks = try FontRegistry.lineBreaks(
                    sample, language: settings.language, breaking: rules.breaking)
            } catch {
                diagnostics.error(.lineBreakerUnavailable(reason: error.message), status: .cannotRun)
                throw Stopped()
            }
        }
        var canvas = Canvas(fonts: search.fallbackFonts(), language: settings.language, rules: rules)
        var samples: [TypefitCore.Specimen.Sample] = []
        var missing: [String] = []
        var warned = Set<String>()
        for cell in cells {
            let name = cell.face?.location?.postscriptName ?? cell.face?.postscriptName
            guard let location = cell.face?.location,
                let face = canvas.face(
                    location, pointSize: cell.pointSize,
                    letterSpacingEms: rules.letterSpacingEms(ofStyle: cell.style, size: cell.pointSize),
                    diagnostics: &diagnostics)
            else {
                if let name, !missing.contains(name) { missing.append(name) }
                samples.append(TypefitCore.Specimen.Sample(cell: cell, postscriptName: name, drawing: nil))
                continue
            }
            let measured = face.measured(sample)
            // The lines fit lays out at this size (the hard lines alone
            // without a width), then cut to --lines.
            let ranges =
                width.map { width in
                    LineFitter.Prepared(
                        measured, breaks: breaks, breaking: rules.breaking,
                        letterSpacingEms: rules.letterSpacingEms(ofStyle: cell.style, size: cell.pointSize)
                    ).lines(
                        width: width / cell.pointSize, tabInterval: MeasuredText.tabInterval / cell.pointSize,
                        pointSize: cell.pointSize)
                } ?? Self.hardLines(measured)
            let key = canvas.drawing(
                sample, face: face, ranges: ranges, maxLines: maxLines, width: width.map { $0 / cell.pointSize })
            // One warning per (style, fallback face), and per style for
            // characters no face has.
            for fallback in measured.fallbacks where warned.insert("\(cell.style)|\(fallback.file)").inserted {
                let used = fallback.postscriptName ?? fallback.family
                diagnostics.warning(
                    .specimenFallback(
                        style: cell.style, characters: fallback.characters, fallback: used,
                        fallbackFamily: fallback.family, face: name))
            }
            if measured.missingGlyphs > 0, warned.insert("\(cell.style)|missing").inserted {
                diagnostics.warning(.sampleMissingGlyphs(style: cell.style, characters: measured.missingGlyphs))
            }
            var drawn = TypefitCore.Specimen.Sample(
                cell: cell, postscriptName: name, drawing: key, lines: width == nil ? nil : ranges.count)
            drawn.setting = face.measurer.setting
            samples.append(drawn)
        }
        for name in missing {
            diagnostics.warning(.specimenFaceMissing(name))
        }
        let title =
            "typefit specimen: "
            + (settings.specPath.map { "spec \(lastPathComponent($0))" }
                ?? settings.family.map { "family \($0)" } ?? settings.font.map { "font \($0)" } ?? "")
        let (faces, boxed) = canvas.outlinesUsed()
        if let boxed { diagnostics.warning(boxed) }
        for warning in canvas.cappedWarnings() { diagnostics.warning(warning) }
        for (_, failure) in canvas.unreadable.sorted(by: { $0.key < $1.key }) {
            diagnostics.error(failure, status: .cannotRun)
        }
        return TypefitCore.Specimen(
            title: title, text: sample, width: width, samples: samples, drawings: canvas.drawings, faces: faces
        )
        .svg()
    }

    /// The text's hard lines (no width: nothing wraps), each drawn without
    /// the white space before its line break.
    static func hardLines(_ measured: MeasuredText) -> [LineFitter.LineRange] {
        let lines = measured.hardLines
        return lines.enumerated().map { n, range in
            var end = range.upperBound
            while end > range.lowerBound, measured.utf8[end - 1] == 0x20 || measured.utf8[end - 1] == 0x09 { end -= 1 }
            let next = n + 1 < lines.count ? lines[n + 1].lowerBound : measured.utf8.count
            return LineFitter.LineRange(bytes: range.lowerBound..<next, visible: range.lowerBound..<end)
        }
    }

    /// The faces opened, the drawings made and the outlines they use.
    struct Canvas {
        let fonts: FallbackFonts
        let language: String?
        /// By face, spacing and size: the face's measurer, or nil (cannot
        /// open).
        var opened: [FaceKey: OpenFace?] = [:]
        /// By file#index: the outline face's key and outlines.
        var outlines: [String: (key: String, outlines: GlyphOutlines)] = [:]
        var drawings: [String: TypefitCore.Specimen.Drawing] = [:]
        var drawingKeys: [DrawingKey: String] = [:]
        /// Faces whose outlines FreeType refuses (unitsPerEm 0, a broken
        /// glyph table), by file#index, with why: errors, as review makes
        /// them, never an empty picture with exit 0.
        var unreadable: [String: Finding] = [:]

        /// What makes two drawings the same.
        struct DrawingKey: Hashable {
            var face: FaceKey
            var language: String
            var text: String
            var ranges: [Int]
            var cut: Double??
        }

        /// How the platform draws text (fallback, letter spacing).
        let rules: TextRules

        init(fonts: FallbackFonts, language: String?, rules: TextRules) {
            self.fonts = fonts
            self.language = language
            self.rules = rules
        }

        /// A face opened for measuring and drawing.
        final class OpenFace {
            let id: FaceKey
            /// The face's file and index (its outlines are read from them).
            let location: FaceLocation
            let measurer: TextMeasurer
            let language: String?
            /// Texts analysed for drawing, by language and text (a cut
            /// line measures many candidates); emptied when it grows past a
            /// few hundred.
            private var sessions: [String: TextMeasurer.DrawSession] = [:]

            init(id: FaceKey, location: FaceLocation, measurer: TextMeasurer, language: String?) {
                self.id = id
                self.location = location
                self.measurer = measurer
                self.language = language
            }

            func measured(_ text: String) -> MeasuredText { measured(text, language: language) }

            /// `text` measured in `language`.
            func measured(_ text: String, language: String?) -> MeasuredText {
                session(text, language: language).measured
            }

            /// `text` analysed for drawing in `language` (each once).
            func session(_ text: String, language: String?) -> TextMeasurer.DrawSession {
                let key = (language ?? "") + "\u{0}" + text
                if let known = sessions[key] { return known }
                if sessions.count >= 256 { sessions.removeAll(keepingCapacity: true) }
                let session = measurer.drawing(text, language: language)
                sessions[key] = session
                return session
            }
        }

        /// The face at `location`, opened once; a face whose widths change
        /// with the size (`OpticalSizing`) once per `pointSize`.
        /// Drawn with `letterSpacingEms` (the style's, `TextRules`).
        mutating func face(
            _ location: FaceLocation, pointSize: Double, letterSpacingEms: Double = 0, diagnostics: inout Diagnostics
        ) -> OpenFace? {
            let key = FaceKey(location, letterSpacingEms: letterSpacingEms)
            guard let face = open(location, id: key, &diagnostics) else { return nil }
            guard face.measurer.dependsOnPointSize else { return face }
            return open(location, id: key.sized(pointSize), sharing: face.measurer, &diagnostics)
        }

        private mutating func open(
            _ location: FaceLocation, id: FaceKey, sharing: TextMeasurer? = nil, _ diagnostics: inout Diagnostics
        ) -> OpenFace? {
            if let known = opened[id] { return known }
            do {
                let measurer = try TextMeasurer(
                    location, key: id, fallback: fonts, rules: rules, sharing: sharing)
                let face = OpenFace(id: id, location: location, measurer: measurer, language: language)
                opened[id] = face
                return face
            } catch {
                diagnostics.warning(.faceNotOpened(reason: error.message))
                opened[id] = .some(nil)
                return nil
            }
        }

        /// The key of the outline face for a font file's face at the
        /// variation coordinates its widths were measured at.
        mutating func outlineKey(file: String, index: Int, coordinates: [Double]) -> String? {
            let id = "\(file)#\(index)" + (coordinates.isEmpty ? "" : "@\(coordinates)")
            if let known = outlines[id] { return known.key }
            guard unreadable[id] == nil else { return nil }
            let opened: GlyphOutlines
            do {
                opened = try GlyphOutlines(file: file, index: index, coordinates: coordinates)
            } catch {
                var reason = error.message
                if case .shapingFailed(_, let why) = error { reason = why }
                unreadable[id] = .outlinesUnreadable(file: file, index: index, reason: reason)
                return nil
            }
            let key = "f\(outlines.count)"
            outlines[id] = (key, opened)
            return key
        }

        /// The lines of a drawing, its glyphs keyed by outline face.
        mutating func lines(_ drawn: DrawnText, face: OpenFace) -> [TypefitCore.Specimen.Line] {
            var keysByFace: [Int: String] = [:]
            keysByFace[0] = outlineKey(
                file: face.location.file, index: face.location.index,
                coordinates: face.measurer.setting.variations.map(\.value))
            for (i, fallback) in drawn.fallbackFaces.enumerated() {
                keysByFace[i + 1] = outlineKey(
                    file: fallback.file, index: fallback.index,
                    coordinates: i < drawn.fallbackCoordinates.count ? drawn.fallbackCoordinates[i] : [])
            }
            var outlinesByKey: [String: GlyphOutlines] = [:]
            for (key, opened) in outlines.values { outlinesByKey[key] = opened }
            return drawn.lines.map { line in
                TypefitCore.Specimen.Line(
                    glyphs: line.glyphs.compactMap { glyph in
                        guard let key = keysByFace[glyph.face] else { return nil }
                        // A glyph without an outline (a space) is placed, not drawn.
                        let blank = !glyph.missing && outlinesByKey[key]?.path(glyph.glyph) == nil
                        return glyph.drawn(by: key, blank: blank)
                    }, rightToLeft: line.rightToLeft)
            }
        }

        /// The sample drawn in `face` as `ranges`, cut to `maxLines` with an
        /// ellipsis at the tail (`width` in ems, for the cut line); the key
        /// of the drawing (one per distinct layout).
        mutating func drawing(
            _ text: String, face: OpenFace, ranges: [LineFitter.LineRange], maxLines: Int?, width: Double?
        ) -> String {
            drawing(text, face: face, ranges: ranges, maxLines: maxLines, width: width, language: language)
        }

        /// `drawing` in `language`.
        mutating func drawing(
            _ text: String, face: OpenFace, ranges: [LineFitter.LineRange], maxLines: Int?, width: Double?,
            language: String?
        ) -> String {
            let cut = maxLines.map { ranges.count > $0 } ?? false
            let kept = cut ? Array(ranges.prefix((maxLines ?? 1) - 1)) : ranges
            // The text and face decide the drawing with its lines' ranges.
            let signature = DrawingKey(
                face: face.id, language: language ?? "", text: text,
                ranges: kept.flatMap { [$0.visible.lowerBound, $0.visible.upperBound] },
                cut: cut ? width : nil)
            if let known = drawingKeys[signature] { return known }
            let session = face.session(text, language: language)
            let measured = session.measured
            var drawn = face.measurer.draw(session, lines: kept.map(\.visible))
            var lines = self.lines(drawn, face: face)
            var fallbacks = drawn.fallbackFaces.map { $0.postscriptName ?? $0.family }
            if cut, let last = ranges.dropFirst(kept.count).first {
                // The last line: the rest of its paragraph, cut at a
                // character so that it and the ellipsis fit.
                let tail = Truncation.tail(
                    measured, from: last.visible.lowerBound, width: width,
                    ellipsis: face.measured("\u{2026}", language: language).ems(0..<3)
                ) { candidate in
                    face.measured(candidate, language: language).width(atPointSize: 1)
                }
                drawn = face.measurer.draw(tail, language: language)
                lines += self.lines(drawn, face: face)
                for name in drawn.fallbackFaces.map({ $0.postscriptName ?? $0.family }) where !fallbacks.contains(name)
                {
                    fallbacks.append(name)
                }
            }
            let key = "d\(drawings.count)"
            drawingKeys[signature] = key
            drawings[key] = TypefitCore.Specimen.Drawing(
                lines: lines, fallbacks: fallbacks, missingGlyphs: measured.missingGlyphs, truncated: cut)
            return key
        }

        /// A warning per face that had glyphs over the outline cap (drawn
        /// as crossed boxes).
        func cappedWarnings() -> [Finding] {
            outlines.sorted { $0.key < $1.key }.compactMap { id, face in
                let count = face.outlines.cappedGlyphs.count
                guard count > 0 else { return nil }
                let file = id.split(separator: "#").dropLast().joined(separator: "#")
                return OutlineBudget.cappedGlyphsWarning(file: file, count: count)
            }
        }

        /// Each outline once, for every face a drawing used, and the warning
        /// when the outline cap boxed some.
        func outlinesUsed() -> (faces: [String: TypefitCore.Specimen.Face], boxed: Finding?) {
            var usedGlyphs: [String: Set<UInt32>] = [:]
            for drawing in drawings.values {
                for line in drawing.lines {
                    for glyph in line.glyphs where !glyph.missing && !glyph.blank {
                        usedGlyphs[glyph.face, default: []].insert(glyph.glyph)
                    }
                }
            }
            var faces: [String: TypefitCore.Specimen.Face] = [:]
            // Past the outline cap, glyphs are boxes here too.
            var budget = OutlineBudget()
            for (key, opened) in outlines.values.sorted(by: { $0.key < $1.key }) {
                var paths: [UInt32: String] = [:]
                for glyph in (usedGlyphs[key] ?? []).sorted() {
                    guard let path = opened.path(glyph) else { continue }
                    paths[glyph] = budget.admit(path, of: opened)
                }
                faces[key] = TypefitCore.Specimen.Face(unitsPerEm: opened.unitsPerEm, paths: paths)
            }
            return (faces, budget.warning)
        }
    }
}

import FontRegistry
import TypefitCore

/// `specimen`'s work: every (style, size setting) cell as a sample line
/// drawn from the font's own outlines, placed by HarfBuzz, in one SVG.
public enum SpecimenJob {
    /// The SVG; a face that is missing is drawn as marked boxes and warned
    /// about, a line breaker that cannot be had (with a width) stops the run.
    public static func svg(
        _ settings: TextSettings, search: FontSearch, sampleText: String, width: Double?,
        diagnostics: inout Diagnostics
    ) throws(Stopped) -> String {
        var settings = settings
        if settings.styles.isEmpty && settings.platform.platform == .ios && settings.face.specPath == nil {
            settings.styles = TextStyle.allCases
        }
        let cells = try TextJob.cells(settings, search: search, allowMissing: true, diagnostics: &diagnostics)
        // The sample's placeholders replaced as measure and fit replace them.
        let sampleString = LocalizedString(key: sampleText, language: settings.language, text: sampleText)
            .substituting(settings.samples)
        TextJob.notePlaceholderDefaults([sampleString], into: &diagnostics)
        let sample = sampleString.text
        // Each face opened once and the sample drawn once per face, as
        // `measure` measures it: the face's glyphs, fontconfig's fallback
        // for the characters it lacks, in the bidi algorithm's visual order.
        var lines: [String: TypefitCore.Specimen.Line] = [:]
        var lineKeys: [String: String] = [:]
        var measured: [String: MeasuredText] = [:]
        var outlines: [String: (key: String, outlines: GlyphOutlines)] = [:]
        var faces: [String: TypefitCore.Specimen.Face] = [:]
        func faceKey(file: String, index: Int) -> String? {
            let id = "\(file)#\(index)"
            if let known = outlines[id] { return known.key }
            guard let opened = try? GlyphOutlines(file: file, index: index) else { return nil }
            let key = "f\(outlines.count)"
            outlines[id] = (key, opened)
            return key
        }
        for cell in cells {
            guard let location = cell.face?.location else { continue }
            let id = "\(location.file)#\(location.index)"
            guard lineKeys[id] == nil else { continue }
            do {
                let measurer = try TextMeasurer(
                    file: location.file, index: location.index, family: location.family ?? "",
                    configFile: search.fontconfigFile)
                let drawn = measurer.draw(sample, language: settings.language)
                var keysByFace: [Int: String] = [:]
                keysByFace[0] = faceKey(file: location.file, index: location.index)
                for (i, fallback) in drawn.fallbackFaces.enumerated() {
                    keysByFace[i + 1] = faceKey(file: fallback.file, index: fallback.index)
                }
                let glyphs = drawn.glyphs.compactMap { glyph -> TypefitCore.Specimen.Glyph? in
                    guard let key = keysByFace[glyph.face] else { return nil }
                    return TypefitCore.Specimen.Glyph(
                        face: key, glyph: glyph.glyph, advance: glyph.advance, offsetX: glyph.offsetX,
                        offsetY: glyph.offsetY, missing: glyph.missing)
                }
                let key = "l\(lineKeys.count)"
                lineKeys[id] = key
                lines[key] = TypefitCore.Specimen.Line(
                    glyphs: glyphs, fallbacks: drawn.fallbackFaces.map { $0.postscriptName ?? $0.family },
                    missingGlyphs: drawn.measured.missingGlyphs)
                measured[key] = drawn.measured
            } catch {
                diagnostics.warning(error.message)
            }
        }
        // Each outline once, for every face any line uses.
        for (key, opened) in outlines.values {
            var paths: [UInt32: String] = [:]
            for line in lines.values {
                for glyph in line.glyphs where glyph.face == key && !glyph.missing && paths[glyph.glyph] == nil {
                    if let path = opened.path(glyph.glyph) { paths[glyph.glyph] = path }
                }
            }
            faces[key] = TypefitCore.Specimen.Face(unitsPerEm: opened.unitsPerEm, paths: paths)
        }
        var breaks: [LineBreak] = []
        if width != nil {
            do {
                breaks = try FontRegistry.lineBreaks(sample, language: settings.language)
            } catch {
                diagnostics.error(error.message, status: .cannotRun)
                throw Stopped()
            }
        }
        var samples: [TypefitCore.Specimen.Sample] = []
        var missing: [String] = []
        var warned = Set<String>()
        for cell in cells {
            let pointSize = cell.pointSize
            let key = cell.face?.location.flatMap { lineKeys["\($0.file)#\($0.index)"] }
            var lineCount: Int?
            if let width = width, let key, let text = measured[key] {
                lineCount =
                    LineFitter.layout(
                        text, breaks: breaks, width: width / pointSize,
                        tabInterval: MeasuredText.tabInterval / pointSize
                    ).lines
            }
            let name = cell.face?.location?.postscriptName ?? cell.face?.postscriptName
            if key == nil, let name, !missing.contains(name) { missing.append(name) }
            // One warning per (style, fallback face), and per style for
            // characters no face has.
            if let key, let text = measured[key] {
                for fallback in text.fallbacks where warned.insert("\(cell.style)|\(fallback.file)").inserted {
                    let face = fallback.postscriptName ?? fallback.family
                    diagnostics.warning(
                        "\(cell.style): \(fallback.characters) character\(fallback.characters == 1 ? "" : "s") of the "
                            + "sample drawn with fallback \(face) (\(fallback.family)), the face measure uses: "
                            + "\(name ?? "the face") lacks them")
                }
                if text.missingGlyphs > 0, warned.insert("\(cell.style)|missing").inserted {
                    diagnostics.warning(
                        "\(cell.style): \(text.missingGlyphs) character\(text.missingGlyphs == 1 ? "" : "s") of the "
                            + "sample in no installed face: drawn as marked boxes")
                }
            }
            samples.append(
                TypefitCore.Specimen.Sample(cell: cell, postscriptName: name, line: key, lines: lineCount))
        }
        for name in missing {
            diagnostics.warning("\(name) is missing: its samples are drawn as marked boxes")
        }
        let title =
            "typefit specimen: "
            + (settings.face.specPath.map { "spec \(lastPathComponent($0))" }
                ?? settings.face.family.map { "family \($0)" } ?? settings.face.font.map { "font \($0)" } ?? "")
        return TypefitCore.Specimen(
            title: title, text: sample, width: width, samples: samples, lines: lines, faces: faces
        )
        .svg()
    }
}

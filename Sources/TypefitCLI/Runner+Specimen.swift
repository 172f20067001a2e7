import FontRegistry
import TypefitCore

extension Runner {
    /// `typefit specimen`: every selected (style, category) as a sample line
    /// drawn from the font's own outlines, in one SVG.
    static func specimen(_ options: SpecimenOptions, context: RunContext) -> Outcome {
        var text = options.text
        if text.styles.isEmpty && text.platform == .ios && text.specPath == nil {
            text.styles = TextStyle.allCases
        }
        let (cells, start) = textCells(text, context: context, allowMissing: true)
        var outcome = start
        outcome.diagnostics.warningsAreErrors = options.text.strict
        outcome.diagnostics.listsEachFile = options.text.verbose
        guard let cells else { return outcome }
        // Each face opened once, the sample shaped once per face.
        var faces: [String: TypefitCore.Specimen.Face] = [:]
        var keys: [String: String] = [:]
        var measured: [String: MeasuredText] = [:]
        for cell in cells {
            guard let location = cell.face?.location else { continue }
            let id = "\(location.file)#\(location.index)"
            guard keys[id] == nil else { continue }
            do {
                let face = try GlyphFace(file: location.file, index: location.index)
                let glyphs = face.glyphs(options.sample, language: text.language)
                var paths: [UInt32: String] = [:]
                for glyph in glyphs where paths[glyph.glyph] == nil {
                    if let path = face.path(glyph.glyph) { paths[glyph.glyph] = path }
                }
                let key = "f\(keys.count)"
                keys[id] = key
                faces[key] = TypefitCore.Specimen.Face(unitsPerEm: face.unitsPerEm, glyphs: glyphs, paths: paths)
                var advances = [Double](repeating: 0, count: options.sample.utf8.count)
                for glyph in glyphs where glyph.cluster < advances.count { advances[glyph.cluster] += glyph.advance }
                measured[key] = MeasuredText(utf8: Array(options.sample.utf8), advances: advances)
            } catch {
                outcome.diagnostics.warning(error.message)
            }
        }
        let breaks = FontRegistry.lineBreaks(options.sample, language: text.language)
        var samples: [TypefitCore.Specimen.Sample] = []
        var missing: [String] = []
        for cell in cells {
            let pointSize = cell.pointSize
            let key = cell.face?.location.flatMap { keys["\($0.file)#\($0.index)"] }
            var lines: Int?
            if let width = options.width, let key, let text = measured[key] {
                lines = LineFitter.layout(text, breaks: breaks, width: width / pointSize).lines
            }
            let name = cell.face?.location?.postscriptName ?? cell.face?.postscriptName
            if key == nil, let name, !missing.contains(name) { missing.append(name) }
            samples.append(
                TypefitCore.Specimen.Sample(cell: cell, postscriptName: name, face: key, lines: lines))
        }
        for name in missing {
            outcome.diagnostics.warning("\(name) is missing: its samples are drawn as marked boxes")
        }
        let title =
            "typefit specimen: "
            + (text.specPath.map { "spec \(lastPathComponent($0))" } ?? text.family.map { "family \($0)" }
                ?? text.font.map { "font \($0)" } ?? "")
        let svg = TypefitCore.Specimen(
            title: title, text: options.sample, width: options.width, samples: samples, faces: faces
        )
        .svg()
        if let output = options.output {
            if let error = SystemCalls.writeFile(Array(svg.utf8), to: output) {
                outcome.diagnostics.error(error, status: .cannotRun, file: output)
            }
        } else {
            outcome.stdout = svg
        }
        return outcome
    }
}

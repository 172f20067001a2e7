import FontRegistry
import TypefitCore

/// Per face a cell uses (`file#index`), the faces its Markdown runs are
/// measured in.
public struct StyledFaces: Sendable {
    /// By face key, then by face traits (bold, italic, code).
    public var faces: [String: [InlineMarkdown.Traits: FaceLocation]] = [:]

    /// None: every run in its cell's face.
    public init() {}

    /// The faces the bold, italic and `code` runs of `strings` need, for
    /// every face `cells` use; a note says which faces stand in and where a
    /// family has no bold or italic face.
    public static func find(
        for strings: [LocalizedString], cells: [SizedCell], search: FontSearch, diagnostics: inout Diagnostics
    ) -> StyledFaces {
        var needed = Set<InlineMarkdown.Traits>()
        var (markdown, android) = (false, false)
        for string in strings {
            for span in string.spans where !span.traits.face.isEmpty {
                needed.insert(span.traits.face)
                switch string.formatSyntax.markup {
                case .resourceSpans: android = true
                case .markdown: markdown = true
                }
            }
        }
        var styled = StyledFaces()
        guard !needed.isEmpty else { return styled }
        let bases = cells.compactMap { $0.face?.location }
        var seenKeys = Set<String>()
        let sources = FaceSources.load(search) { found in
            bases.contains { base in !found.contains { $0.file == base.file && $0.index == base.index } }
        }
        let registry = search.registry
        var used: [Finding.MarkdownFace] = []
        var synthetic: [Finding.SyntheticStyle] = []
        for base in bases {
            let key = Self.key(base)
            guard seenKeys.insert(key).inserted else { continue }
            let pool =
                sources.directoryFaces.contains { $0.file == base.file }
                ? sources.directoryFaces : sources.installedFaces
            let face = pool.first { $0.file == base.file && $0.index == base.index }
            let family = face.map { FontCatalog.faces(pool, inFamily: $0.family) } ?? []
            let weight = face?.weight ?? base.weight ?? 400
            let italicBase = face?.isItalic ?? false
            var byTraits: [InlineMarkdown.Traits: FaceLocation] = [:]
            for traits in needed.sorted(by: { $0.rawValue < $1.rawValue }) {
                let bold = traits.contains(.bold)
                let italic = traits.contains(.italic) || italicBase
                let targetWeight = bold ? max(700, weight) : weight
                let chosen: FontFace?
                if traits.contains(.code) {
                    // SwiftUI draws code in the monospaced system face (SF
                    // Mono), which Linux lacks: fontconfig's monospace
                    // stands in, at the run's weight and slant.
                    chosen = try? registry.fallback(family: "monospace", weight: targetWeight, italic: italic)
                } else {
                    let nearest = FaceMatching.nearest(
                        to: targetWeight, italic: italic, width: face?.width ?? 100, among: family)
                    let boldOK = !bold || (nearest.flatMap(\.weight).map { $0 > weight || $0 >= 700 } ?? false)
                    let italicOK = !italic || nearest?.isItalic == true
                    if let nearest, boldOK, italicOK {
                        chosen = nearest
                    } else {
                        // No such face: Core Text draws the run slanted or
                        // emboldened from the face itself, at its widths.
                        let line = Finding.SyntheticStyle(
                            family: face?.family ?? base.family, bold: bold && !boldOK, italic: italic && !italicOK)
                        if !synthetic.contains(line) { synthetic.append(line) }
                        chosen = nil
                    }
                }
                guard let chosen, chosen.file != base.file || chosen.index != base.index else { continue }
                var location = FaceLocation(chosen)
                // A run's face is set as its string's face is.
                location.opticalSize = base.opticalSize
                byTraits[traits] = location
                let description = Finding.MarkdownFace(
                    bold: traits.contains(.bold), italic: traits.contains(.italic), code: traits.contains(.code),
                    face: chosen.postscriptName ?? chosen.family)
                if !used.contains(description) { used.append(description) }
            }
            styled.faces[key] = byTraits
        }
        if !used.isEmpty {
            diagnostics.note(
                .markdownFaces(used, markup: markdown && android ? .both : android ? .androidSpans : .markdown))
        }
        if !synthetic.isEmpty { diagnostics.note(.markdownSynthetic(synthetic)) }
        return styled
    }

    /// A face's key in `faces`: the face alone (runs' faces are chosen
    /// whatever the letter spacing they are drawn with).
    static func key(_ location: FaceLocation) -> String { "\(location.file)#\(location.index)" }

}

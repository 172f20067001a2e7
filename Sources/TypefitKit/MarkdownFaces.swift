import FontRegistry
import TypefitCore

/// Strings measured as SwiftUI draws a `LocalizedStringKey`: which strings
/// are read as Markdown, and the faces their bold, italic and `code` runs
/// are measured in.
public enum MarkdownText {
    /// How many strings were read which way, for one note per run.
    public struct Counts: Sendable {
        /// Strings whose markup was rendered.
        public var rendered = 0
        /// Strings with markup measured as written (by default).
        public var literal = 0
        /// The first of those strings' keys.
        public var firstLiteralKey: String?

        /// No strings yet.
        public init() {}
    }

    /// Whether a string is Markdown: `mode` when given, else as its format
    /// says (String Catalogs are: Xcode fills them from SwiftUI's
    /// `LocalizedStringKey`s, which `Text` renders; `.strings`,
    /// `.stringsdict`, text files and arguments are not: UIKit draws them
    /// as written).
    public static func applies(to string: LocalizedString, mode: Bool?) -> Bool {
        mode ?? string.isMarkdownByDefault
    }

    /// `strings` with Markdown rendered where it applies; `counts` says how
    /// many were rendered and how many kept markup as written.
    public static func render(_ strings: [LocalizedString], mode: Bool?, counts: inout Counts) -> [LocalizedString] {
        strings.map { string in
            if applies(to: string, mode: mode) {
                guard let rendered = string.renderingMarkdown() else { return string }
                counts.rendered += 1
                return rendered
            }
            // Said only when the default chose: --no-markdown (or a rule's
            // false) is the user's word.
            if mode == nil, InlineMarkdown.hasMarkup(string.text) {
                counts.literal += 1
                if counts.firstLiteralKey == nil { counts.firstLiteralKey = string.key }
            }
            return string
        }
    }

    /// The run's notes: strings rendered, and strings whose markup was
    /// measured as written.
    public static func note(_ counts: Counts, into diagnostics: inout Diagnostics) {
        if counts.rendered > 0 {
            diagnostics.note(
                "\(counts.rendered) string\(counts.rendered == 1 ? "" : "s") measured as SwiftUI's Text draws "
                    + "Markdown (markup removed; bold, italic and code in their faces; --no-markdown measures "
                    + "them as written)")
        }
        if counts.literal > 0, let key = counts.firstLiteralKey {
            diagnostics.note(
                "\(counts.literal) string\(counts.literal == 1 ? " contains" : "s contain") Markdown markup, measured as "
                    + "written (first: '\(TerminalText.escapingControls(key))'); SwiftUI's Text(LocalizedStringKey) "
                    + "renders it: give --markdown (or \"markdown\": true in a rule) to measure it so")
        }
    }
}

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
        for string in strings {
            for span in string.spans where !span.traits.face.isEmpty { needed.insert(span.traits.face) }
        }
        var styled = StyledFaces()
        guard !needed.isEmpty else { return styled }
        let bases = cells.compactMap { $0.face?.location }
        var seenKeys = Set<String>()
        let sources = FaceSources.load(search) { found in
            bases.contains { base in !found.contains { $0.file == base.file && $0.index == base.index } }
        }
        let registry = search.registry
        var used: [String] = []
        var synthetic: [String] = []
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
                        let what = [bold && !boldOK ? "bold" : nil, italic && !italicOK ? "italic" : nil]
                            .compactMap { $0 }.joined(separator: " or ")
                        let line = "\(face?.family ?? base.family ?? "the family") has no \(what) face"
                        if !synthetic.contains(line) { synthetic.append(line) }
                        chosen = nil
                    }
                }
                guard let chosen, chosen.file != base.file || chosen.index != base.index else { continue }
                byTraits[traits] = FaceLocation(chosen)
                let description =
                    Self.describe(traits) + " in \(chosen.postscriptName ?? chosen.family)"
                    + (traits.contains(.code) ? " (fontconfig's monospace; iOS draws SF Mono)" : "")
                if !used.contains(description) { used.append(description) }
            }
            styled.faces[key] = byTraits
        }
        if !used.isEmpty { diagnostics.note("Markdown runs measured with " + used.joined(separator: ", ")) }
        if !synthetic.isEmpty {
            diagnostics.note(
                synthetic.joined(separator: "; ") + ": those runs are measured at the regular face's widths")
        }
        return styled
    }

    static func key(_ location: FaceLocation) -> String { "\(location.file)#\(location.index)" }

    static func describe(_ traits: InlineMarkdown.Traits) -> String {
        var parts: [String] = []
        if traits.contains(.bold) { parts.append("bold") }
        if traits.contains(.italic) { parts.append("italic") }
        if traits.contains(.code) { parts.append("code") }
        return parts.joined(separator: " ")
    }
}

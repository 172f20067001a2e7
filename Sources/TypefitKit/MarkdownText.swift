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
        /// Android strings rendered as `Html.fromHtml` renders them.
        public var html = 0
        /// Of those, how many hold what typefit does not draw as a device
        /// does.
        public var approximate = 0
        /// What those hold.
        public var approximations = Set<AndroidHtml.Approximation>()
        /// The first one's key.
        public var firstApproximateKey: String?

        /// No strings yet.
        public init() {}
    }

    /// Whether a string is Markdown: `mode` when given, else as its format
    /// says (String Catalogs are: Xcode fills them from SwiftUI's
    /// `LocalizedStringKey`s, which `Text` renders; `.strings`,
    /// `.stringsdict`, text files and arguments are not: UIKit draws them
    /// as written). Android's strings never are: their styling is
    /// their markup's spans, read with them.
    public static func applies(to string: LocalizedString, mode: Bool?) -> Bool {
        string.formatSyntax.markup == .markdown && (mode ?? string.isMarkdownByDefault)
    }

    /// `strings` with Markdown rendered where it applies; `counts` says how
    /// many were rendered and how many kept markup as written.
    /// With `html`, Android's strings are rendered as `Html.fromHtml`
    /// renders them (`AndroidHtml`).
    public static func render(_ strings: [LocalizedString], mode: Bool?, html: Bool = false, counts: inout Counts)
        -> [LocalizedString]
    {
        // Only the strings that change are replaced: the array is copied
        // once if any does, and not at all for plain text.
        var result = strings
        for i in strings.indices {
            if html, strings[i].formatSyntax.markup == .resourceSpans {
                guard let rendered = strings[i].renderingHTML() else { continue }
                counts.html += 1
                if !rendered.approximations.isEmpty {
                    counts.approximate += 1
                    counts.approximations.formUnion(rendered.approximations)
                    if counts.firstApproximateKey == nil { counts.firstApproximateKey = strings[i].key }
                }
                result[i] = rendered.string
                continue
            }
            if applies(to: strings[i], mode: mode) {
                guard let rendered = strings[i].renderingMarkdown() else { continue }
                counts.rendered += 1
                result[i] = rendered
                continue
            }
            // Said only when the default chose: --no-markdown (or a rule's
            // false) is the user's word.
            if mode == nil, strings[i].formatSyntax.markup == .markdown, InlineMarkdown.hasMarkup(strings[i].text) {
                counts.literal += 1
                if counts.firstLiteralKey == nil { counts.firstLiteralKey = strings[i].key }
            }
        }
        return result
    }

    /// The run's notes: strings rendered, and strings whose markup was
    /// measured as written.
    public static func note(_ counts: Counts, into diagnostics: inout Diagnostics) {
        if counts.rendered > 0 { diagnostics.note(.markdownRendered(strings: counts.rendered)) }
        if counts.html > 0 { diagnostics.note(.htmlRendered(strings: counts.html)) }
        if counts.approximate > 0, let key = counts.firstApproximateKey {
            diagnostics.warning(
                .htmlApproximate(
                    strings: counts.approximate, firstKey: key,
                    what: AndroidHtml.Approximation.allCases.filter(counts.approximations.contains).map(\.rawValue)))
        }
        if counts.literal > 0, let key = counts.firstLiteralKey {
            diagnostics.note(.markdownLiteral(strings: counts.literal, firstKey: key))
        }
    }
}

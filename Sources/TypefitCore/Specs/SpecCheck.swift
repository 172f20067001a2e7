/// One finding of `typefit check`, as values: the front end words it and
/// names its code (Core builds no sentence).
public struct SpecProblem: Sendable, Equatable {
    /// Errors fail the check; warnings do not.
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// What is wrong, with the values a sentence about it needs.
    public enum Kind: Sendable, Equatable {
        /// A face installed on this machine (`file`) but not in the app's
        /// folder: the app does not ship it.
        case notShipped(postscriptName: String, file: String)
        /// A face not installed; `nearest`: the names that are.
        case missingFace(postscriptName: String, nearest: [String])
        /// A variable font's named instance given as a face.
        case instanceName(postscriptName: String)
        /// A style's design size below Apple's minimum.
        case designSizeBelowMinimum(size: Double)
        /// A style's `maxPointSize` below its design size.
        case maximumBelowDesign(maximum: Double, design: Double)
        /// A size of the style's table below Apple's minimum (at the
        /// problem's category).
        case tableSizeBelowMinimum(size: Double)
        /// The style's table shrinking from `size` at `previous` to `to`
        /// at the problem's category.
        case tableShrinks(previous: ContentSizeCategory, size: Double, to: Double)
        /// The sizes the app gets (tables and limits applied) shrinking
        /// from `size` at `previous` to `to` at the problem's category.
        case sizeShrinks(previous: ContentSizeCategory, size: Double, to: Double)
        /// A scaled size below Apple's minimum (at the problem's category).
        case scaledBelowMinimum(size: Double)
        /// Running text that does not reach 200% of its Large size by AX5.
        case wcagResize(largest: Double, large: Double)
    }

    /// Error or warning.
    public var severity: Severity
    /// What is wrong.
    public var kind: Kind
    /// The text style concerned, when there is one.
    public var style: TextStyle?
    /// The category concerned, when there is one.
    public var category: ContentSizeCategory?
    /// The face's key in the spec, for a problem of a face.
    public var face: String?
    /// Where in the spec file: the face's or style's key.
    public var position: SourcePosition?

    /// Creates a problem.
    public init(
        severity: Severity, kind: Kind, style: TextStyle?, category: ContentSizeCategory?, face: String? = nil
    ) {
        (self.severity, self.kind, self.style, self.category, self.face) = (severity, kind, style, category, face)
    }
}

/// The checks `typefit check` runs on a spec: what would make an app's text
/// wrong on a device, found before it ships. Pure: face locations come in.
public enum SpecCheck {
    /// Apple's smallest text size on iOS.
    public static let minimumReadableSize = 11.0

    /// Styles that carry running text, which WCAG 1.4.4 wants resizable to
    /// 200%.
    static let bodyLike: [TextStyle] = [.headline, .body, .callout, .subheadline, .footnote, .caption1, .caption2]

    /// Every problem, errors first, each group in style order. `nearest`
    /// names the fonts that are there for a missing PostScript name; a
    /// missing face built into iOS (`IOSBuiltInFonts`) is no problem (the
    /// app rightly does not ship it). `notShipped` names faces found only
    /// among the machine's installed fonts while the app's folder was
    /// given (name → the installed file): the app does not ship them.
    public static func run(
        _ spec: DynamicFontSpec, faces: [String: FaceLocation], nearest: (String) -> [String] = { _ in [] },
        notShipped: [String: String] = [:]
    ) -> [SpecProblem] {
        var problems: [SpecProblem] = []
        for face in spec.faces {
            guard let file = notShipped[face.postscriptName] else { continue }
            problems.append(
                SpecProblem(
                    severity: .error, kind: .notShipped(postscriptName: face.postscriptName, file: file), style: nil,
                    category: nil, face: face.key))
        }
        for face in spec.faces
        where faces[face.postscriptName] == nil && IOSBuiltInFonts.family(of: face.postscriptName) == nil {
            problems.append(
                SpecProblem(
                    severity: .error,
                    kind: .missingFace(postscriptName: face.postscriptName, nearest: nearest(face.postscriptName)),
                    style: nil, category: nil, face: face.key))
        }
        // What `scale --format swift` warns of, `check` says too.
        for face in spec.faces where faces[face.postscriptName]?.knownToUIFont == false {
            problems.append(
                SpecProblem(
                    severity: .warning, kind: .instanceName(postscriptName: face.postscriptName), style: nil,
                    category: nil, face: face.key))
        }
        for style in spec.styles {
            problems += check(style, model: spec.model)
        }
        return problems.filter { $0.severity == .error } + problems.filter { $0.severity == .warning }
    }

    private static func check(_ style: DynamicFontSpec.Style, model: DynamicFontSpec.Model) -> [SpecProblem] {
        var problems: [SpecProblem] = []
        func add(_ severity: SpecProblem.Severity, _ kind: SpecProblem.Kind, _ category: ContentSizeCategory?) {
            problems.append(SpecProblem(severity: severity, kind: kind, style: style.style, category: category))
        }
        if let size = style.designSize, size < minimumReadableSize {
            add(.error, .designSizeBelowMinimum(size: size), nil)
        }
        if let maximum = style.maximumPointSize, let size = style.designSize, maximum < size {
            add(.error, .maximumBelowDesign(maximum: maximum, design: size), nil)
        }
        let table = ContentSizeCategory.allCases.compactMap { category in style.sizes[category].map { (category, $0) } }
        for (category, size) in table where size < minimumReadableSize {
            add(.error, .tableSizeBelowMinimum(size: size), category)
        }
        for (previous, next) in zip(table, table.dropFirst()) where next.1 < previous.1 {
            add(.error, .tableShrinks(previous: previous.0, size: previous.1, to: next.1), next.0)
        }
        // The sizes the app gets, tables and clamps applied: a style must not
        // get smaller as the user asks for larger text. Pairs the table
        // alone already shows are said once, above.
        let finals = ContentSizeCategory.allCases.map { ($0, style.pointSize(at: $0, model: model)) }
        for (previous, next) in zip(finals, finals.dropFirst()) where next.1 < previous.1 - 1e-9 {
            guard style.sizes[previous.0] == nil || style.sizes[next.0] == nil else { continue }
            add(.error, .sizeShrinks(previous: previous.0, size: previous.1, to: next.1), next.0)
        }
        for category in ContentSizeCategory.allCases where style.sizes[category] == nil {
            let size = style.pointSize(at: category, model: model)
            if size < minimumReadableSize {
                add(.warning, .scaledBelowMinimum(size: size), category)
            }
        }
        if bodyLike.contains(style.style) {
            let large = style.pointSize(at: .large, model: model)
            let largest = style.pointSize(at: .accessibilityExtraExtraExtraLarge, model: model)
            if largest < 2 * large {
                add(.warning, .wcagResize(largest: largest, large: large), .accessibilityExtraExtraExtraLarge)
            }
        }
        return problems
    }
}

/// One finding of `typefit check`.
public struct SpecProblem: Sendable, Equatable {
    /// Errors fail the check; warnings do not.
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// Error or warning.
    public var severity: Severity
    /// A stable identifier for scripts (`missing-face`, `shrinking-table`, …).
    public var code: String
    /// The text style concerned, when there is one.
    public var style: TextStyle?
    /// The category concerned, when there is one.
    public var category: ContentSizeCategory?
    /// What is wrong, in one line.
    public var message: String
    /// The face's key in the spec, for a problem of a face.
    public var face: String?
    /// Where in the spec file: the face's or style's key.
    public var position: SourcePosition?

    /// Creates a problem.
    public init(
        severity: Severity, code: String, style: TextStyle?, category: ContentSizeCategory?, message: String,
        face: String? = nil
    ) {
        (self.severity, self.code, self.style, self.category, self.message) = (severity, code, style, category, message)
        self.face = face
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
                    severity: .error, code: "not-shipped", style: nil, category: nil,
                    message: "face '\(face.key)' (\(face.postscriptName)) is installed on this machine (\(file)) but "
                        + "not in --fonts-dir: the app does not ship it", face: face.key))
        }
        for face in spec.faces
        where faces[face.postscriptName] == nil && IOSBuiltInFonts.family(of: face.postscriptName) == nil {
            let names = nearest(face.postscriptName)
            problems.append(
                SpecProblem(
                    severity: .error, code: "missing-face", style: nil, category: nil,
                    message: "face '\(face.key)' (\(face.postscriptName)) is not installed"
                        + (names.isEmpty
                            ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"),
                    face: face.key))
        }
        // What `scale --format swift` warns of, `check` says too.
        for face in spec.faces where faces[face.postscriptName]?.knownToUIFont == false {
            problems.append(
                SpecProblem(
                    severity: .warning, code: "instance-name", style: nil, category: nil,
                    message: "face '\(face.key)' (\(face.postscriptName)) is a variable font's named instance: "
                        + "UIFont(name:) is not known to take it; use the default face's name with a 'wght' "
                        + "variation", face: face.key))
        }
        for style in spec.styles {
            problems += check(style, model: spec.model)
        }
        return problems.filter { $0.severity == .error } + problems.filter { $0.severity == .warning }
    }

    private static func check(_ style: DynamicFontSpec.Style, model: DynamicFontSpec.Model) -> [SpecProblem] {
        var problems: [SpecProblem] = []
        let name = style.style.rawValue
        func add(_ severity: SpecProblem.Severity, _ code: String, _ category: ContentSizeCategory?, _ message: String)
        {
            problems.append(
                SpecProblem(severity: severity, code: code, style: style.style, category: category, message: message))
        }
        if let size = style.designSize, size < minimumReadableSize {
            add(
                .error, "below-minimum", nil,
                "\(name)'s design size \(humanNumber(size)) pt is below Apple's \(humanNumber(minimumReadableSize)) pt minimum"
            )
        }
        if let maximum = style.maximumPointSize, let size = style.designSize, maximum < size {
            add(
                .error, "max-below-design", nil,
                "\(name)'s maxPointSize \(humanNumber(maximum)) pt is below its design size \(humanNumber(size)) pt")
        }
        let table = ContentSizeCategory.allCases.compactMap { category in style.sizes[category].map { (category, $0) } }
        for (category, size) in table where size < minimumReadableSize {
            add(
                .error, "below-minimum", category,
                "\(name)'s size at \(category.rawValue), \(humanNumber(size)) pt, is below Apple's \(humanNumber(minimumReadableSize)) pt minimum"
            )
        }
        for (previous, next) in zip(table, table.dropFirst()) where next.1 < previous.1 {
            add(
                .error, "shrinking-table", next.0,
                "\(name)'s table shrinks from \(humanNumber(previous.1)) pt at \(previous.0.rawValue) to \(humanNumber(next.1)) pt at \(next.0.rawValue)"
            )
        }
        // The sizes the app gets, tables and clamps applied: a style must not
        // get smaller as the user asks for larger text. Pairs the table
        // alone already shows are said once, above.
        let finals = ContentSizeCategory.allCases.map { ($0, style.pointSize(at: $0, model: model)) }
        for (previous, next) in zip(finals, finals.dropFirst()) where next.1 < previous.1 - 1e-9 {
            guard style.sizes[previous.0] == nil || style.sizes[next.0] == nil else { continue }
            add(
                .error, "shrinking-size", next.0,
                "\(name) shrinks from \(humanNumber(previous.1)) pt at \(previous.0.rawValue) to "
                    + "\(humanNumber(next.1)) pt at \(next.0.rawValue) (after its table and limits)")
        }
        for category in ContentSizeCategory.allCases where style.sizes[category] == nil {
            let size = style.pointSize(at: category, model: model)
            if size < minimumReadableSize {
                add(
                    .warning, "below-minimum", category,
                    "\(name) scales to \(humanNumber(size)) pt at \(category.rawValue), below Apple's \(humanNumber(minimumReadableSize)) pt minimum"
                )
            }
        }
        if bodyLike.contains(style.style) {
            let large = style.pointSize(at: .large, model: model)
            let largest = style.pointSize(at: .accessibilityExtraExtraExtraLarge, model: model)
            if largest < 2 * large {
                add(
                    .warning, "wcag-resize", .accessibilityExtraExtraExtraLarge,
                    "\(name) reaches \(humanNumber(largest)) pt at AX5, less than 200% of its \(humanNumber(large)) pt at Large (WCAG 1.4.4)"
                )
            }
        }
        return problems
    }
}

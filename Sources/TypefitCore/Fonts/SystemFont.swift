/// Apple's system font among the faces a user provides: typefit never
/// ships it (its licence allows it on Apple platforms only) and needs it
/// for `preferredFont(forTextStyle:)`'s widths.
///
/// Which files count, by PostScript name (the family names of a Mac's own
/// files are hidden, dot-prefixed ones):
///
/// - the variable font (iOS 14 and later ship one file whose optical size
///   follows the point size: WWDC20 "The details of UI typography"):
///   Apple's developer download `SF-Pro.ttf` (`SFPro-…`) and a Mac's
///   `SFNS.ttf` (`.SFNS-…`), or SF Compact's (`SFCompact-…`, `.SFCompact-…`);
/// - the static pair (iOS 9–13): "SF Pro Text" below 20 pt and "SF Pro
///   Display" from 20 pt ("for fonts smaller than 20 points it used SF
///   Text while fonts at 20 points or higher used SF Display", WWDC20; the
///   same cut in Skia's `SkCTFontCreateExactCopy.cpp`, "optical size < 20
///   means SFNSText else SFNSDisplay"); the older downloads' "SF UI Text"
///   and "SF UI Display", and SF Compact Text / Display for watchOS.
///
/// A variable file wins over the static pair (it is what current systems
/// use); upright faces only, as the text styles are upright.
public struct SystemFont: Sendable, Equatable {
    /// Which design: SF Pro (iOS, macOS) or SF Compact (watchOS).
    public enum Design: String, Sendable {
        /// SF Pro.
        case pro = "SF Pro"
        /// SF Compact.
        case compact = "SF Compact"

        /// Every PostScript name prefix a face of the design is known by
        /// (the variable file's, then Text's and Display's), for messages.
        public var namePrefixes: [String] { variablePrefixes + textPrefixes + displayPrefixes }

        var variablePrefixes: [String] {
            switch self {
            case .pro: return ["SFPro-", ".SFNS-", ".SFProUI-"]
            case .compact: return ["SFCompact-", ".SFCompact-"]
            }
        }

        var textPrefixes: [String] {
            switch self {
            case .pro: return ["SFProText-", "SFUIText-", ".SFNSText-", ".SFUIText-"]
            case .compact: return ["SFCompactText-", ".SFCompactText-"]
            }
        }

        var displayPrefixes: [String] {
            switch self {
            case .pro: return ["SFProDisplay-", "SFUIDisplay-", ".SFNSDisplay-", ".SFUIDisplay-"]
            case .compact: return ["SFCompactDisplay-", ".SFCompactDisplay-"]
            }
        }
    }

    /// The point size from which the static design switches from Text to
    /// Display.
    public static let displayFromPointSize = 20.0

    /// The design.
    public var design: Design
    /// Faces of a variable file (its named instances and default face).
    public var variable: [FontFace]
    /// The static Text faces.
    public var text: [FontFace]
    /// The static Display faces.
    public var display: [FontFace]

    /// The system font's faces among `faces` (`nil` when it is not there).
    public init?(design: Design, among faces: [FontFace]) {
        func upright(_ prefixes: [String]) -> [FontFace] {
            faces.filter { face in
                guard let name = face.postscriptName, !face.isItalic else { return false }
                return prefixes.contains { name.hasPrefix($0) }
            }
        }
        self.design = design
        variable = upright(design.variablePrefixes).filter(\.isVariableFile)
        text = upright(design.textPrefixes)
        display = upright(design.displayPrefixes)
        if variable.isEmpty && text.isEmpty && display.isEmpty { return nil }
    }

    /// The face a style of `weight` (OpenType scale) is set in at
    /// `pointSize`: the variable file's instance, else Text or Display by
    /// the size (the other when one is missing). The weight is found by
    /// name (`SFProText-Semibold` for semibold), as Apple names every
    /// weight UIKit has: the files' weight classes are not UIKit's (SF Pro
    /// Text Bold's `usWeightClass` is 600, as Semibold's); by the nearest
    /// weight class only where no name matches.
    public func face(weight: Int, pointSize: Double) -> FontFace? {
        let pool: [FontFace]
        if !variable.isEmpty {
            pool = variable
        } else {
            let preferred = pointSize < Self.displayFromPointSize ? text : display
            pool = preferred.isEmpty ? text + display : preferred
        }
        let wanted = FontWeight(nearest: weight).rawValue.lowercased()
        let named = pool.first { face in
            guard let name = face.postscriptName,
                let last = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).last
            else { return false }
            return last.lowercased() == wanted
        }
        return named ?? FaceMatching.nearest(to: weight, among: pool)
    }

    /// The face iOS would use for a style of `weight` at `pointSize`, as a
    /// name (`SF Pro Display Semibold`), when the folder lacks it: the
    /// variable file or the size's cut at the weight's name. `nil` when
    /// `face(weight:pointSize:)` gives that face.
    public func missingFace(weight: Int, pointSize: Double) -> String? {
        let wanted = FontWeight(nearest: weight)
        let cut: (pool: [FontFace], name: String)
        if !variable.isEmpty {
            cut = (variable, design.rawValue)
        } else if pointSize < Self.displayFromPointSize {
            cut = (text, design.rawValue + " Text")
        } else {
            cut = (display, design.rawValue + " Display")
        }
        let has = cut.pool.contains { face in
            guard let name = face.postscriptName,
                let last = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).last
            else { return false }
            return last.lowercased() == wanted.rawValue.lowercased()
        }
        guard !has else { return nil }
        let weightName = wanted.rawValue.prefix(1).uppercased() + wanted.rawValue.dropFirst()
        return cut.name + " " + weightName
    }

    /// The files, for messages.
    public var files: [String] {
        var seen = Set<String>()
        return (variable + text + display).map(\.file).filter { seen.insert($0).inserted }
    }
}

extension FontFace {
    /// Whether the face comes from a variable font file (the variable face
    /// itself or one of its named instances).
    var isVariableFile: Bool { isVariable || namedInstance != nil }
}

extension DynamicFontSpec {
    /// The keys a ScaledFont style entry may hold: the two of Keith
    /// Harrison's ScaledFont, and the system-font variants of later forks.
    static let scaledFontKeys = ["fontName", "fontSize", "design", "weight"]

    /// What a spec file decoded to, with what is worth saying about it that
    /// does not stop it being used.
    public struct Decoded: Sendable {
        /// The spec.
        public var spec: DynamicFontSpec
        /// Warnings, each at its place in the file.
        public var warnings: [SourceError]
    }

    /// Reads a spec file of either kind: a ScaledFont property list when the
    /// bytes look like XML (or a binary plist, refused with a message), the
    /// JSON spec otherwise.
    public static func decode(file bytes: [UInt8]) throws(SourceError) -> Decoded {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[start]) { start += 1 }
        let looksLikePlist =
            bytes.starts(with: Array("bplist".utf8)) || (start < bytes.count && bytes[start] == UInt8(ascii: "<"))
        if looksLikePlist { return try decode(scaledFontPlist: bytes) }
        return Decoded(spec: try decode(json: bytes), warnings: [])
    }

    /// Reads a ScaledFont style dictionary: a `<dict>` from text style (in
    /// ScaledFont's SwiftUI spelling, UIKit's, or `UICTFontTextStyle…`) to a
    /// `<dict>` with `fontName` (the name UIFont(name:) takes: a PostScript,
    /// family or full name) and `fontSize` (the size
    /// at Large). ScaledFont drops the whole file when one entry is wrong;
    /// here the entry is named, with its line and column.
    public static func decode(scaledFontPlist bytes: [UInt8]) throws(SourceError) -> Decoded {
        let root = try PropertyListParser.parse(bytes)
        guard case .dictionary(let entries) = root.value else {
            throw SourceError(
                root.position,
                "expected a <dict> of text styles at the top of a ScaledFont style dictionary, found \(root.kindDescription)"
            )
        }
        guard !entries.isEmpty else {
            throw SourceError(root.position, "the style dictionary is empty: add an entry per text style")
        }
        var faces: [(key: String, postscriptName: String)] = []
        var styles: [Style] = []
        var warnings: [SourceError] = []
        var seen = Set<TextStyle>()
        for entry in entries {
            let style: TextStyle
            do {
                style = try TextStyle(parsing: entry.key)
            } catch {
                throw SourceError(entry.keyPosition, error.message)
            }
            guard seen.insert(style).inserted else {
                throw SourceError(entry.keyPosition, "'\(entry.key)' names \(style.rawValue) again")
            }
            guard case .dictionary(let members) = entry.value.value else {
                throw SourceError(
                    entry.value.position,
                    "expected \(entry.key) to be a <dict> with fontName and fontSize, found \(entry.value.kindDescription)"
                )
            }
            for member in members where !scaledFontKeys.contains(member.key) {
                var message = "unknown key '\(member.key)' in \(entry.key)"
                if let best = NameMatching.suggestions(for: member.key, among: scaledFontKeys, limit: 1).first {
                    message += "; did you mean '\(best)'?"
                } else {
                    message += " (allowed: " + scaledFontKeys.joined(separator: ", ") + ")"
                }
                throw SourceError(member.keyPosition, message)
            }
            let value = { (key: String) in members.first { $0.key == key } }
            for key in ["design", "weight"] {
                if let member = value(key), member.value.string == nil {
                    throw SourceError(
                        member.value.position,
                        "expected \(entry.key)'s '\(key)' to be a <string>, found \(member.value.kindDescription)")
                }
            }
            let name = value("fontName")
            let size = value("fontSize")
            if name == nil && size == nil {
                // A later ScaledFont's system-font variant: nothing custom to
                // scale, and worth saying so rather than dropping it quietly.
                let variant = ["design", "weight"].compactMap { key -> String? in
                    guard let member = value(key), case .string(let text) = member.value.value else { return nil }
                    return "\(key) \(text)"
                }
                warnings.append(
                    SourceError(
                        entry.keyPosition,
                        "\(style.rawValue) uses the system font"
                            + (variant.isEmpty ? "" : " (" + variant.joined(separator: ", ") + ")")
                            + ", not a custom face; its sizes are Apple's: typefit scale --style \(style.rawValue)"))
                continue
            }
            guard let name else {
                throw SourceError(
                    entry.value.position,
                    "\(entry.key) has 'fontSize' but no 'fontName' (ScaledFont ignores the whole file then)")
            }
            guard let size else {
                throw SourceError(
                    entry.value.position,
                    "\(entry.key) has 'fontName' but no 'fontSize' (ScaledFont ignores the whole file then)")
            }
            guard case .string(let postscriptName) = name.value.value else {
                throw SourceError(
                    name.value.position,
                    "expected \(entry.key)'s 'fontName' to be a <string>, found \(name.value.kindDescription)")
            }
            // ScaledFont passes fontName to UIFont(name:), which also takes
            // a family or full name (`Phosphate Inline`): only an empty name
            // is refused, as in JSON specs.
            guard postscriptName.contains(where: { !$0.isWhitespace }) else {
                throw SourceError(name.value.position, "\(entry.key)'s 'fontName' is empty")
            }
            guard let points = size.value.number else {
                throw SourceError(
                    size.value.position,
                    "expected \(entry.key)'s 'fontSize' to be an <integer> or <real>, found \(size.value.kindDescription)"
                )
            }
            guard points.isFinite, points > 0, points <= 1000 else {
                throw SourceError(
                    size.value.position,
                    "\(entry.key)'s 'fontSize' must be greater than 0 and at most 1000 points (got \(humanNumber(points)))"
                )
            }
            if let weight = value("weight"), case .string(let text) = weight.value.value {
                warnings.append(
                    SourceError(
                        weight.keyPosition,
                        "\(style.rawValue)'s weight '\(text)' is applied by ScaledFont at run time; "
                            + "typefit scales \(postscriptName) as named"))
            }
            if !faces.contains(where: { $0.postscriptName == postscriptName }) {
                faces.append((postscriptName, postscriptName))
            }
            styles.append(Style(style: style, designSize: points, face: postscriptName))
        }
        guard !styles.isEmpty else {
            throw SourceError(
                root.position, "no entry names a custom font (fontName and fontSize): nothing for a spec to scale")
        }
        styles.sort { $0.style < $1.style }
        let spec = DynamicFontSpec(
            family: nil, faces: faces, model: .uiFontMetrics(curveName: ScalingCurve.default.name),
            styles: styles)
        return Decoded(spec: spec, warnings: warnings)
    }
}

/// One style at one size setting, as design tokens carry it.
public struct TokenCell: Sendable, Equatable {
    /// The group: a category (`large`), an Android font scale
    /// (`fontScale1.3`, written `fontScale1_3` as a token name), or `fixed`
    /// (macOS).
    public var group: String
    /// The style's name.
    public var style: String
    /// The font family (`system-ui` for the platform's own font).
    public var fontFamily: String
    /// The weight on the OpenType scale.
    public var fontWeight: Int
    /// Whether the face is italic (CSS `font-style: italic`).
    public var italic: Bool
    /// The size in points or dp, which are CSS pixels.
    public var fontSize: Double
    /// The line height in the same unit.
    public var lineHeight: Double

    /// Creates a cell.
    public init(
        group: String, style: String, fontFamily: String, fontWeight: Int, fontSize: Double, lineHeight: Double,
        italic: Bool = false
    ) {
        self.group = group
        self.style = style
        self.fontFamily = fontFamily
        self.fontWeight = fontWeight
        self.italic = italic
        self.fontSize = fontSize
        self.lineHeight = lineHeight
    }
}

/// Design tokens out: the W3C Design Tokens Community Group format (read by
/// Style Dictionary) and CSS custom properties in rem.
public enum DesignTokens {
    /// A DTCG document: a group per size setting, a `typography` token per
    /// style, `fontSize` a dimension in px (an iOS point and an Android dp
    /// are both one CSS pixel) and `lineHeight` a ratio of it, as the
    /// format defines them. The DTCG typography type has no font style, so
    /// an italic face says so in `$extensions` under typefit's reverse-DNS
    /// name, as the format allows for tool-specific data:
    /// `"$extensions": {"dev.typefit": {"fontStyle": "italic"}}`.
    public static func dtcg(_ cells: [TokenCell], description: String) -> JSONValue {
        var groups: [String: [String: JSONValue]] = [:]
        for cell in cells {
            var token: [String: JSONValue] = [
                "$type": .string("typography"),
                "$value": .object([
                    "fontFamily": .string(cell.fontFamily),
                    "fontWeight": .int(cell.fontWeight),
                    "fontSize": .object(["value": .number(cell.fontSize), "unit": .string("px")]),
                    // A ratio to four decimals, as CSS's rem values are.
                    "lineHeight": .number((cell.lineHeight / cell.fontSize * 10_000).rounded() / 10_000),
                ]),
            ]
            if cell.italic {
                token["$extensions"] = .object(["dev.typefit": .object(["fontStyle": .string("italic")])])
            }
            groups[tokenName(cell.group), default: [:]][tokenName(cell.style)] = .object(token)
        }
        var top: [String: JSONValue] = ["$description": .string(description)]
        for (group, tokens) in groups { top[group] = .object(tokens) }
        return .object(top)
    }

    /// CSS custom properties: the default group on `:root`, every other in a
    /// `[data-typefit-size="…"]` rule, sizes in rem (16 px each) so that they
    /// follow the reader's font-size preference, which px would not (WCAG
    /// 1.4.4).
    public static func css(_ cells: [TokenCell], defaultGroup: String?, header: String) -> String {
        var out = "/* \(header) */\n"
        var groups: [String] = []
        for cell in cells where !groups.contains(cell.group) { groups.append(cell.group) }
        // The default first: later rules override it.
        if let defaultGroup, let index = groups.firstIndex(of: defaultGroup) {
            groups.remove(at: index)
            groups.insert(defaultGroup, at: 0)
        }
        // The first group (the default when it was selected) is the one on
        // :root, so the properties always have a value.
        for group in groups {
            let selector = group == groups.first ? ":root" : ":root[data-typefit-size=\"\(tokenName(group))\"]"
            out += "\(selector) {\n"
            for cell in cells where cell.group == group {
                let name = "--typefit-\(kebab(cell.style))"
                out += "  \(name)-font-family: \(cssFamily(cell.fontFamily));\n"
                out += "  \(name)-font-weight: \(cell.fontWeight);\n"
                out += "  \(name)-font-style: \(cell.italic ? "italic" : "normal");\n"
                out += "  \(name)-font-size: \(rem(cell.fontSize));\n"
                out += "  \(name)-line-height: \(rem(cell.lineHeight));\n"
            }
            out += "}\n"
        }
        return out
    }

    /// A legal DTCG token or group name: the format reserves `.` (path
    /// separator) and `{` `}` (reference syntax) and a leading `$`; each
    /// becomes `_` (so the Android group `fontScale1.3` is `fontScale1_3`).
    public static func tokenName(_ name: String) -> String {
        var out = ""
        for character in name {
            out += character == "." || character == "{" || character == "}" ? "_" : String(character)
        }
        if out.hasPrefix("$") { out = "_" + out.dropFirst() }
        return out
    }

    static func rem(_ pixels: Double) -> String {
        let value = (pixels / 16 * 10_000).rounded() / 10_000
        return shortestNumber(value) + "rem"
    }

    static func kebab(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase {
                out += "-" + character.lowercased()
            } else if character.isNumber, let last = out.last, !last.isNumber {
                out += "-" + String(character)
            } else {
                out.append(character)
            }
        }
        return out
    }

    static func cssFamily(_ family: String) -> String {
        family == "system-ui" ? family : "\"" + family.replacingQuotes + "\", system-ui"
    }
}

extension String {
    /// Without double quotes and backslashes (for a quoted CSS string), and
    /// with control characters as CSS escapes (`\A `): a raw line break
    /// would end the string and let the rest of a family name be read as
    /// CSS.
    fileprivate var replacingQuotes: String {
        var out = ""
        for scalar in unicodeScalars where scalar != "\"" && scalar != "\\" {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += "\\" + String(scalar.value, radix: 16, uppercase: true) + " "
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension ScaleReport {
    /// The cells as design tokens: a group per category, the family of the
    /// spec or `--family` (else the platform's own font, `system-ui`), the
    /// weight of the face used (else Apple's for the style), italic when
    /// the face is (else when the spec's face key says so: `italic`,
    /// `boldItalic`).
    public var tokenCells: [TokenCell] {
        var family = request.family
        var spec: DynamicFontSpec?
        if case .spec(let specified, _) = request.subject {
            family = specified.family
            spec = specified
        }
        return entries.compactMap { entry in
            guard let size = entry.pointSize else { return nil }
            let face = entry.face
            let name = family ?? face?.location?.family ?? face?.postscriptName ?? "system-ui"
            let weight = face?.location?.weight ?? entry.requestedWeight ?? entry.weight.openTypeValue
            let italic =
                face?.location?.isItalic ?? face?.key.flatMap { key in spec?.impliedStyle(ofFace: key).italic }
                ?? false
            return TokenCell(
                group: entry.category.rawValue, style: entry.style.rawValue, fontFamily: name, fontWeight: weight,
                fontSize: size, lineHeight: entry.lineHeight ?? size * 1.2, italic: italic)
        }
    }
}

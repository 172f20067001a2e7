/// Pieces of the Swift files `--format swift` writes: enums, accessors
/// that are total over them (a `switch` per enum, so the compiler checks
/// every case is answered and no lookup is optional), and the UIKit
/// convenience of the DynamicFont pattern.
enum SwiftExport {
    /// `public enum NAME: String { case a = "raw" … }`.
    static func enumeration(_ name: String, _ doc: String, _ cases: [(name: String, raw: String)]) -> String {
        var out = "    /// \(doc)\n    public enum \(name): String, CaseIterable, Sendable {\n"
        for item in cases { out += "        case \(identifier(item.name)) = \(literal(item.raw))\n" }
        return out + "    }\n\n"
    }

    /// `public static func NAME(_ a: A, _ b: B) -> Double`, a switch over
    /// both enums.
    static func accessor(
        _ name: String, _ doc: String, _ first: String, _ second: String, _ firstCases: [String],
        _ secondCases: [String], value: (Int, Int) -> Double
    ) -> String {
        var out =
            "    /// \(doc)\n    public static func \(name)(_ style: \(first), _ \(second.lowercasedFirst): \(second)) -> Double {\n"
        out += "        switch style {\n"
        for (i, a) in firstCases.enumerated() {
            out += "        case .\(identifier(a)):\n            switch \(second.lowercasedFirst) {\n"
            for (j, b) in secondCases.enumerated() {
                out += "            case .\(identifier(b)): return \(number(value(i, j)))\n"
            }
            out += "            }\n"
        }
        return out + "        }\n    }\n\n"
    }

    /// `public static func NAME(_ a: A, _ b: B) -> Bool`: the cells that
    /// are true listed, `false` for the rest.
    static func boolAccessor(
        _ name: String, _ doc: String, _ first: String, _ second: String, _ firstCases: [String],
        _ secondCases: [String], value: (Int, Int) -> Bool
    ) -> String {
        let lower = second.lowercasedFirst
        var out = "    /// \(doc)\n    public static func \(name)(_ style: \(first), _ \(lower): \(second)) -> Bool {\n"
        var cases: [String] = []
        for (i, a) in firstCases.enumerated() {
            for (j, b) in secondCases.enumerated() where value(i, j) {
                cases.append("(.\(identifier(a)), .\(identifier(b)))")
            }
        }
        if cases.isEmpty {
            out += "        _ = (style, \(lower))\n        return false\n"
        } else {
            out += "        switch (style, \(lower)) {\n"
            for item in cases { out += "        case \(item): return true\n" }
            out += "        default: return false\n        }\n"
        }
        return out + "    }\n\n"
    }

    /// `public static func NAME(_ a: A) -> Double`.
    static func styleAccessor(_ name: String, _ doc: String, _ type: String, _ values: [(String, Double)]) -> String {
        var out =
            "    /// \(doc)\n    public static func \(name)(_ style: \(type)) -> Double {\n        switch style {\n"
        for (key, value) in values { out += "        case .\(identifier(key)): return \(number(value))\n" }
        return out + "        }\n    }\n\n"
    }

    /// `public static func NAME(_ a: A) -> String`; a value may carry a
    /// comment on its line.
    static func stringAccessor(
        _ name: String, _ doc: String, _ type: String, _ values: [(String, String)], comments: [String: String] = [:]
    ) -> String {
        var out =
            "    /// \(doc)\n    public static func \(name)(_ style: \(type)) -> String {\n        switch style {\n"
        for (key, value) in values {
            out += "        case .\(identifier(key)): return \(literal(value))"
            out += comments[key].map { "  // \($0)" } ?? ""
            out += "\n"
        }
        return out + "        }\n    }\n\n"
    }

    /// The comment beside a name `UIFont(name:)` is not known to take.
    static let unknownToUIFont =
        "a variable font's named instance: UIFont(name:) is not known to take it (docs/REFERENCE.md, \"Variable fonts on iOS\")"

    /// The UIKit convenience: the style's face at exactly the table's size
    /// for the current category — scaled by `UIFontMetrics` where that is
    /// what UIFontMetrics gives (so `adjustsFontForContentSizeCategory`
    /// follows the user's setting), asked for by size where a hand table or
    /// minimum sets it; the system font for the style when the face is not
    /// in the app.
    static func uiKitFont(_ typeName: String) -> String {
        """

        #if canImport(UIKit)
            import UIKit

            extension \(typeName) {
                /// The custom face of `style` at `pointSize(style, category)` for the
                /// content size category of `traits` (the current ones when nil):
                /// scaled by UIFontMetrics, or at the table's size where a hand table
                /// or a minimum sets it (UIFontMetrics would give another size);
                /// preferredFont(forTextStyle:) when the face is missing from the app.
                public static func font(_ style: TextStyle, compatibleWith traits: UITraitCollection? = nil) -> UIFont {
                    let textStyle = UIFont.TextStyle(rawValue: style.rawValue)
                    guard let face = UIFont(name: fontName(style), size: designSize(style)) else {
                        return UIFont.preferredFont(forTextStyle: textStyle, compatibleWith: traits)
                    }
                    let current = (traits ?? UITraitCollection.current).preferredContentSizeCategory
                    if let category = ContentSizeCategory(rawValue: current.rawValue), isFixedSize(style, category) {
                        return face.withSize(pointSize(style, category))
                    }
                    let metrics = UIFontMetrics(forTextStyle: textStyle)
                    let maximum = maximumPointSize(style)
                    return maximum > 0
                        ? metrics.scaledFont(for: face, maximumPointSize: maximum, compatibleWith: traits)
                        : metrics.scaledFont(for: face, compatibleWith: traits)
                }
            }
        #endif

        """
    }

    /// A case name Swift accepts (backquoted when it is a keyword).
    static func identifier(_ name: String) -> String {
        ["default", "case", "class", "enum", "func", "in", "is", "let", "var", "return", "self", "static", "switch"]
            .contains(name) ? "`\(name)`" : name
    }

    /// A Double literal.
    static func number(_ value: Double) -> String {
        let text = shortestNumber(value)
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// A string literal.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// `ContentSizeCategory` → `contentSizeCategory`.
    fileprivate var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}

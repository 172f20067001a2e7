/// A font weight, named as UIKit's `UIFont.Weight` names it, on the OpenType
/// 100–900 scale.
public enum FontWeight: String, CaseIterable, Sendable, Hashable {
    /// The weight's name as a face's style names it (`SemiBold` is
    /// `Semibold`, as Apple names its faces).
    public var displayName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType `usWeightClass` value (Apple's ultraLight is the lightest).
    public var openTypeValue: Int { (Self.allCases.firstIndex(of: self) ?? 3) * 100 + 100 }

    /// The named weight nearest to an OpenType value (ties go heavier).
    public init(nearest value: Int) {
        let step = (Double(value) / 100).rounded(.toNearestOrAwayFromZero)
        let index = min(max(Int(step) - 1, 0), Self.allCases.count - 1)
        self = Self.allCases[index]
    }

    /// Other names type designers give these weights, folded as
    /// `NameMatching.key` folds (used to read weights out of face keys and
    /// PostScript names, e.g. `MyFont-DemiBold`).
    static let synonyms: [String: FontWeight] = [
        "extralight": .thin, "normal": .regular, "book": .regular, "roman": .regular, "demibold": .semibold,
        "extrabold": .heavy, "ultrabold": .heavy,
    ]

    /// A weight name (UIKit's, or a common synonym), case-insensitively.
    public init?(name: String) {
        let key = NameMatching.key(name)
        if let weight = Self.allCases.first(where: { NameMatching.key($0.rawValue) == key }) {
            self = weight
        } else if let weight = Self.synonyms[key] {
            self = weight
        } else {
            return nil
        }
    }

    /// `--weight`: a UIKit weight name or an OpenType value from 100 to 900.
    public static func parseOpenType(_ text: String) -> Int? {
        if let number = Int(text) { return (100...900).contains(number) ? number : nil }
        return FontWeight(name: text)?.openTypeValue
    }
}

extension DynamicFontSpec {
    /// The weight and slant a face of the spec stands for, for asking
    /// fontconfig what it would use instead: read from the face's key
    /// (`bold`), else from the end of its PostScript name (`-SemiBoldItalic`),
    /// else regular.
    public func impliedStyle(ofFace key: String) -> (weight: Int, italic: Bool) {
        let name = postscriptName(ofFace: key) ?? ""
        let suffix = name.split(separator: "-").count > 1 ? String(name.split(separator: "-").last ?? "") : ""
        let italic = NameMatching.key(suffix).contains("italic") || NameMatching.key(key).contains("italic")
        for candidate in [key, suffix] {
            var folded = NameMatching.key(candidate)
            for slant in ["italic", "oblique"] where folded.hasSuffix(slant) { folded.removeLast(slant.count) }
            if folded.isEmpty && italic { return (400, true) }
            if let weight = FontWeight(name: folded) { return (weight.openTypeValue, italic) }
        }
        return (400, italic)
    }

    /// The family to ask fontconfig for: the spec's, else the PostScript
    /// name's part before the hyphen (`ZenOldMincho-Bold` → `ZenOldMincho`).
    public func familyForMatching(ofFace key: String) -> String {
        if let family { return family }
        let name = postscriptName(ofFace: key) ?? key
        return String(name.split(separator: "-").first ?? Substring(name))
    }
}

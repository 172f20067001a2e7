/// A font weight, named as UIKit's `UIFont.Weight` names it, on the OpenType
/// 100–900 scale.
public enum FontWeight: String, CaseIterable, Sendable, Hashable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType `usWeightClass` value (Apple's ultraLight is the lightest).
    public var openTypeValue: Int { (Self.allCases.firstIndex(of: self) ?? 3) * 100 + 100 }
}

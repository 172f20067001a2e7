/// The platforms typefit knows the text sizes of.
public enum Platform: String, CaseIterable, Sendable {
    case ios, watchos, macos, android

    /// The name as its maker writes it (`watchOS`).
    public var displayName: String {
        switch self {
        case .ios: return "iOS"
        case .watchos: return "watchOS"
        case .macos: return "macOS"
        case .android: return "Android"
        }
    }
}

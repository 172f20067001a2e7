/// The platforms typefit knows the text sizes of.
public enum Platform: String, CaseIterable, Sendable {
    case ios, watchos, macos, android
}

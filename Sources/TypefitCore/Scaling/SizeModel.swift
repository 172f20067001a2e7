/// How a custom font named without a spec follows the text size
/// (`--model`).
public enum SizeModel: String, CaseIterable, Sendable {
    /// Each size through UIFontMetrics.scaledFont(for:), on a curve (the
    /// default).
    case uiFontMetrics = "uifontmetrics"
    /// The ratio of the system font's sizes, as Flutter scales.
    case proportional
    /// Apple's table for the system font, as if the font were SF.
    case system
}

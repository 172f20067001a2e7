import Foundation

/// Golden files: expected command output, compared exactly.
///
/// `TYPEFIT_RECORD_GOLDEN=1 swift test` rewrites them; a recording run
/// reports failure on purpose, so it can never pass silently.
public enum Golden {
    /// The folder of golden files.
    public static let directory = Fixtures.root.appendingPathComponent("golden")

    /// Whether this run records instead of comparing.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["TYPEFIT_RECORD_GOLDEN"] == "1" }

    /// The expected text for `name`, or `nil` when the file is missing.
    public static func expected(_ name: String) -> String? {
        try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// Writes `text` as the golden file `name`.
    public static func record(_ name: String, _ text: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// Replaces the machine-specific fixture path with `$FIXTURES`.
    public static func normalize(_ text: String) -> String {
        text.replacingOccurrences(of: Fixtures.root.path, with: "$FIXTURES")
    }
}

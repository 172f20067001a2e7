import Foundation
import Testing
import TypefitCLI
import TypefitTestSupport

/// `--maximum-category` / `--minimum-category`, rules' and specs'
/// `maximumCategory`: text above the maximum is set at the maximum's size,
/// as UIKit's `maximumContentSizeCategory` and SwiftUI's
/// `.dynamicTypeSize(...)` hold it. The expected sizes are the unclamped
/// run's own at the bound (the clamp changes which size, not how sizes are
/// made).
@Suite struct SizeClampTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]
    static let face = ["--style", "body", "--font", "TypefitSans-Regular"] + config

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    func measurements(_ arguments: [String]) throws -> [[String: Any]] {
        let outcome = run(["measure", "Hello there"] + Self.face + arguments + ["--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        return try #require(json["measurements"] as? [[String: Any]])
    }

    /// Above the maximum, the maximum's size, line height and width, marked
    /// `clampedTo`; below it unchanged; the table says `AX3 (at xxLarge)`.
    @Test func aboveTheMaximumIsSetAtIt() throws {
        let plain = try measurements(["--category", "large,xxLarge,AX3"])
        let clamped = try measurements(["--category", "large,AX3", "--maximum-category", "xxLarge"])
        let atBound = try #require(plain.first { $0["category"] as? String == "extraExtraLarge" })
        #expect(clamped.map { $0["category"] as? String } == ["large", "accessibilityExtraLarge"])
        let ax3 = try #require(clamped.last)
        #expect(ax3["clampedTo"] as? String == "extraExtraLarge")
        #expect(ax3["pointSize"] as? Double == atBound["pointSize"] as? Double)
        #expect(ax3["width"] as? Double == atBound["width"] as? Double)
        #expect(ax3["lineHeight"] as? Double == atBound["lineHeight"] as? Double)
        #expect(clamped.first?["pointSize"] as? Double == plain.first?["pointSize"] as? Double)
        #expect(clamped.first?["clampedTo"] == nil)
        let table = run(
            ["measure", "Hello there"] + Self.face + [
                "--category", "AX3", "--maximum-category", "xxl", "--format", "table",
            ])
        #expect(table.stdout.contains("AX3 (at xxLarge)"), "\(table.stdout)")
        // The minimum holds small categories up.
        let small = try measurements(["--category", "xSmall,large", "--minimum-category", "large"])
        #expect(small.first?["pointSize"] as? Double == small.last?["pointSize"] as? Double)
        #expect(small.first?["clampedTo"] as? String == "large")
    }

    /// Apple's own table (HIG, Typography: Body is 21 pt at xxLarge and 40
    /// at AX3): under a maximum of xxLarge, AX3's body is 21 pt.
    @Test func applesTableAtTheBound() throws {
        let clamped = try measurements(
            ["--model", "system", "--category", "AX3,xxLarge", "--maximum-category", "xxLarge"])
        #expect(clamped.map { $0["pointSize"] as? Double } == [21, 21])
        let free = try measurements(["--model", "system", "--category", "AX3"])
        #expect(free.first?["pointSize"] as? Double == 40)
    }

    /// `--require AX3` under a maximum of xxLarge requires fitting at
    /// xxLarge's size: a string 135 pt wide at xxLarge and 250 pt at AX3
    /// fits a 200 pt line there.
    @Test func requiringAboveTheMaximumRequiresTheMaximum() throws {
        let fit = ["fit", "Hello there", "--width", "200", "--require", "AX3", "--format", "json"] + Self.face
        #expect(run(fit).status == .problemFound)
        let clamped = run(fit + ["--maximum-category", "xxLarge"])
        #expect(clamped.status == .success, "\(clamped.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(clamped.stdout.utf8)) as? [String: Any])
        #expect(json["maximumCategory"] as? String == "extraExtraLarge")
        #expect(json["ok"] as? Bool == true)
        // Too narrow even at the bound: the error says where it was set.
        let narrow = run(
            ["fit", "Hello there", "--width", "100", "--require", "AX3", "--maximum-category", "xxLarge"] + Self.face)
        #expect(narrow.stderr.contains("does not fit at AX3 (accessibilityExtraLarge) (set at xxLarge's size"))
    }

    /// A rule's `maximumCategory` clamps its strings only; a spec's clamps
    /// what is measured in it.
    @Test func rulesAndSpecsClampToo() throws {
        let folder = Fixtures.temporaryDirectory("clamp")
        let rules = folder.appendingPathComponent("rules.json")
        try """
        {"rules": [
          {"keys": "clamped", "style": "body", "width": 200, "require": "AX3", "maximumCategory": "xxLarge"},
          {"keys": "free", "style": "body", "width": 200, "require": "AX3"}
        ]}
        """.write(to: rules, atomically: true, encoding: .utf8)
        let strings = folder.appendingPathComponent("Localizable.strings")
        try "\"clamped\" = \"Hello there\";\n\"free\" = \"Hello there\";\n".write(
            to: strings, atomically: true, encoding: .utf8)
        let outcome = run(
            ["fit", "--rules", rules.path, "--strings", strings.path, "--font", "TypefitSans-Regular"] + Self.config)
        #expect(outcome.status == .problemFound)
        let errors = outcome.stderr.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 1 && errors.first?.contains("free: does not fit") == true, "\(outcome.stderr)")

        let spec = folder.appendingPathComponent("Clamped.json")
        let original = try String(contentsOfFile: Fixtures.path("specs/TypefitSans.json"), encoding: .utf8)
        try original.replacingOccurrences(
            of: "\"family\": \"Typefit Sans\",", with: "\"family\": \"Typefit Sans\", \"maximumCategory\": \"xxLarge\","
        ).write(to: spec, atomically: true, encoding: .utf8)
        let measured = run(
            ["measure", "Hello there", "--spec", spec.path, "--style", "body", "--category", "AX3", "--format", "json"]
                + Self.config)
        #expect(measured.status == .success, "\(measured.stderr)")
        #expect(measured.stdout.contains("\"clampedTo\":\"extraExtraLarge\""), "\(measured.stdout)")
    }

    /// Bounds a platform has not, or a minimum above the maximum, are
    /// usage errors.
    @Test func impossibleClampsAreUsageErrors() {
        let android = run(
            [
                "measure", "x", "--platform", "android", "--font", "TypefitSans-Regular", "--style", "bodyLarge",
                "--maximum-category", "AX1",
            ] + Self.config)
        #expect(android.status == .usage)
        #expect(android.stderr.contains("Android has no content size categories to clamp"), "\(android.stderr)")
        let inverted = run(
            ["measure", "x"] + Self.face + ["--minimum-category", "AX1", "--maximum-category", "large"])
        #expect(inverted.status == .usage)
        #expect(inverted.stderr.contains("'--minimum-category accessibilityMedium' is above"), "\(inverted.stderr)")
        #expect(run(["measure", "x"] + Self.face + ["--maximum-category", "large,AX1"]).status == .usage)
    }
}

import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// `scale --format csv` and `--format swift`.
@Suite struct ExportTests {
    static let sans = Fixtures.path("specs/TypefitSans.json")

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    @Test func csvHasAHeaderAndOneLinePerCell() {
        let outcome = run(["scale", "--style", "body,caption2", "--category", "large,AX5", "--format", "csv"])
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(
            lines[0]
                == "style,category,isAccessibilityCategory,pointSize,lineHeight,value,face,postscriptName,file,index,missing,"
                + "faceWeight,fallbackPostscriptName,fallbackFile,boldTextPostscriptName,boldTextFile,namedInstance"
        )
        #expect(lines[2] == "body,accessibilityExtraExtraExtraLarge,true,53,62,,,,,,,,,,,,")
        let spec = run([
            "scale", "--spec", Self.sans, "--style", "body", "--category", "AX5", "--format", "csv",
            "--fontconfig-file", Fixtures.fontconfigFile,
        ])
        #expect(
            spec.stdout.hasSuffix(
                "body,accessibilityExtraExtraExtraLarge,true,48,62,,regular,TypefitSans-Regular,"
                    + Fixtures.path("fonts/TypefitSans-Regular.ttf") + ",0,false,400,,,,,\n"))
    }

    /// A variable font's named instance in a Swift file: marked on its
    /// line, flagged in JSON, and warned about once; the plain face is not.
    @Test func namedInstancesAreMarkedAndWarnedAbout() throws {
        let config = ["--fontconfig-file", Fixtures.fontconfigFile]
        let light = run(
            ["scale", "--family", "Typefit Flex", "--weight", "300", "--style", "body,headline", "--format", "swift"]
                + config)
        #expect(light.status == .success)
        #expect(light.stdout.contains(#"case .body: return "TypefitFlex-Light"  // a variable font's named instance"#))
        let warnings = light.stderr.split(separator: "\n")
        #expect(warnings.count == 1 && warnings.first?.contains("'TypefitFlex-Light', a variable font's named") == true)
        let json = run(
            ["scale", "--family", "Typefit Flex", "--weight", "300", "--style", "body", "--format", "json"] + config)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let cell = try #require((object?["sizes"] as? [[String: Any]])?.first)
        #expect(cell["knownToUIFont"] as? Bool == false)
        let regular = run(["scale", "--family", "Typefit Sans", "--style", "body", "--format", "swift"] + config)
        #expect(regular.stderr.isEmpty && !regular.stdout.contains("not known"))
    }

    @Test func swiftWithValueIsAUsageError() {
        #expect(run(["scale", "--value", "17", "--format", "swift"]).status == .usage)
    }

    /// The generated file compiles with swiftc on Linux and holds the
    /// numbers: a program built from it prints a cell.
    @Test(.enabled(if: (try? BinaryRunner.runTool("swiftc", ["--version"])) != nil, "swiftc is not on PATH"))
    func swiftSourceCompiles() throws {
        let outcome = run([
            "scale", "--spec", Self.sans, "--format", "swift", "--fontconfig-file", Fixtures.fontconfigFile,
        ])
        #expect(outcome.status == .success)
        #expect(!outcome.stdout.contains(Fixtures.fonts.path))  // no font locations in a committed file
        let dir = Fixtures.temporaryDirectory("swift-export")
        let table = dir.appendingPathComponent("TypeScale.swift")
        let main = dir.appendingPathComponent("main.swift")
        try outcome.stdout.write(to: table, atomically: true, encoding: .utf8)
        // The dictionaries of the DynamicFont pattern, the non-optional
        // accessors, and raw values that are UIKit's own.
        try """
        typealias T = TypefitSansTypeScale
        let size = T.fontSizeTable[.body]?[.accessibilityExtraExtraExtraLarge] ?? -1
        print(size, T.fontNames[.headline] ?? "?", T.TextStyle.allCases.count)
        let body: Double = T.pointSize(.body, .accessibilityExtraExtraExtraLarge)
        let line: Double = T.lineHeight(.headline, .accessibilityExtraExtraExtraLarge)
        print(body, line, T.fontName(.headline), T.designSize(.headline), T.maximumPointSize(.headline))
        print(T.TextStyle(rawValue: "UICTFontTextStyleBody") == .body, T.ContentSizeCategory.large.rawValue)
        """.write(to: main, atomically: true, encoding: .utf8)
        let binary = dir.appendingPathComponent("check").path
        let build = try #require(try BinaryRunner.runTool("swiftc", [main.path, table.path, "-o", binary]))
        #expect(build.status == 0, "\(build.stderr)")
        let result = try #require(try BinaryRunner.runTool(binary, []))
        // The clamped 28 pt's line: 17 × 22/17 (Apple's ratio at Large) × 28/17, on the 1/3-pt grid.
        let designLine: Double = 17.0 * 22.0 / 17.0
        let headlineLine: Double = (designLine * 28.0 / 17.0 * 3.0).rounded() / 3.0
        #expect(
            result.stdout
                == "48.0 TypefitSans-Bold 4\n48.0 \(headlineLine) TypefitSans-Bold 17.0 28.0\ntrue UICTContentSizeCategoryL\n",
            "\(result.stdout)")
        // The UIKit convenience is there, behind canImport (not compiled on Linux).
        #expect(
            outcome.stdout.contains("#if canImport(UIKit)") && outcome.stdout.contains("UIFontMetrics(forTextStyle:"))
        #expect(outcome.stdout.contains("UIFont.preferredFont(forTextStyle: textStyle"))
    }

    /// CSV and Swift on every platform; the Swift compiles and answers.
    @Test(.enabled(if: (try? BinaryRunner.runTool("swiftc", ["--version"])) != nil, "swiftc is not on PATH"))
    func everyPlatformExports() throws {
        let android = run([
            "scale", "--platform", "android", "--style", "bodyLarge", "--font-scale", "1,2", "--format", "csv",
        ])
        #expect(android.status == .success)
        #expect(
            android.stdout
                == "style,fontScale,sp,dp,lineHeightSp,lineHeightDp\nbodyLarge,1,16,16,24,24\nbodyLarge,2,16,28,24,36\n"
        )
        let watch = run(["scale", "--platform", "watchos", "--style", "body", "--category", "large", "--format", "csv"])
        #expect(watch.stdout.hasSuffix("body,large,true,false,16,18.5\n"))
        let mac = run(["scale", "--platform", "macos", "--style", "headline", "--format", "csv"])
        #expect(mac.stdout == "style,pointSize,lineHeight,weight\nheadline,13,16,bold\n")
        let dir = Fixtures.temporaryDirectory("platform-swift")
        var sources: [String] = []
        for (platform, extra) in [
            ("android", ["--style", "bodyLarge", "--font-scale", "1.3,2"]), ("watchos", ["--style", "body,footnote1"]),
            ("macos", ["--style", "body"]),
        ] {
            let outcome = run(["scale", "--platform", platform, "--format", "swift"] + extra)
            #expect(outcome.status == .success, "\(outcome.stderr)")
            let file = dir.appendingPathComponent("\(platform).swift")
            try outcome.stdout.write(to: file, atomically: true, encoding: .utf8)
            sources.append(file.path)
        }
        let main = dir.appendingPathComponent("main.swift")
        try """
        print(AndroidTypeScale.dp(.bodyLarge, .scale2), AndroidTypeScale.FontScale.scale1_3.rawValue)
        print(WatchOSTypeScale.pointSize(.footnote1, .accessibilityExtraLarge), WatchOSTypeScale.TextStyle.body.rawValue)
        print(MacOSTypeScale.pointSize(.body))
        """.write(to: main, atomically: true, encoding: .utf8)
        let binary = dir.appendingPathComponent("check").path
        let build = try #require(try BinaryRunner.runTool("swiftc", [main.path] + sources + ["-o", binary]))
        #expect(build.status == 0, "\(build.stderr)")
        let result = try #require(try BinaryRunner.runTool(binary, []))
        // 16 sp at 2.0: 28 dp; footnote1 at AX3: 18 (HIG); macOS body: 13.
        #expect(result.stdout == "28.0 1.3\n18.0 UICTFontTextStyleBody\n13.0\n", "\(result.stdout)")
    }
}

/// The generated `font(_:)` gives exactly the table's size in every cell:
/// compiled against a small stand-in for the UIKit calls it makes, whose
/// `UIFontMetrics` scales as the measured iOS 27 multipliers say
/// (Fixtures/reference/ios27-multipliers.tsv, an independent transcription)
/// and records which cells it was asked for. A spec with a hand table entry
/// (body at AX5: 40) and a minimum (caption2 at 13) must come out at those
/// sizes, not at UIFontMetrics'.
@Suite struct ExportMatchesTableTests {
    static let spec = """
        {"family": "Typefit Sans", "curve": "measured",
         "faces": {"regular": "TypefitSans-Regular", "italic": "TypefitSans-Italic"},
         "styles": {"body": {"face": "regular", "size": 17, "sizes": {"AX5": 40}},
                    "caption2": {"face": "italic", "size": 11, "minPointSize": 13, "maxPointSize": 30},
                    "headline": {"face": "regular", "size": 17, "maxPointSize": 28}}}
        """

    /// The stand-in module: the types and calls the export uses.
    static func standIn() throws -> String {
        let url = Fixtures.root.appendingPathComponent("reference/ios27-multipliers.tsv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        var table = "[\n"
        for row in rows.dropFirst() {
            let fields = row.split(separator: "\t")
            table += "    \"\(fields[0])\": [" + fields.dropFirst().joined(separator: ", ") + "],\n"
        }
        table += "]"
        return """
            // A stand-in for the UIKit calls a typefit export makes.
            public struct UIContentSizeCategory: RawRepresentable, Sendable {
                public var rawValue: String
                public init(rawValue: String) { self.rawValue = rawValue }
            }
            public final class UITraitCollection: @unchecked Sendable {
                public let preferredContentSizeCategory: UIContentSizeCategory
                public init(preferredContentSizeCategory: UIContentSizeCategory) {
                    self.preferredContentSizeCategory = preferredContentSizeCategory
                }
                nonisolated(unsafe) public static var current = UITraitCollection(
                    preferredContentSizeCategory: UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL"))
            }
            public final class UIFont {
                public struct TextStyle: RawRepresentable, Sendable {
                    public var rawValue: String
                    public init(rawValue: String) { self.rawValue = rawValue }
                }
                public let fontName: String
                public let pointSize: Double
                public init?(name: String, size: Double) { fontName = name; pointSize = size }
                public func withSize(_ size: Double) -> UIFont { UIFont(name: fontName, size: size)! }
                public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traits: UITraitCollection?)
                    -> UIFont { UIFont(name: "system", size: -1)! }
            }
            /// Measured UIFontMetrics multipliers per style, xSmall … AX5.
            let multipliers: [String: [Double]] = \(table)
            let categories = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AccessibilityM", "AccessibilityL",
                "AccessibilityXL", "AccessibilityXXL", "AccessibilityXXXL"].map { "UICTContentSizeCategory" + $0 }
            public final class UIFontMetrics {
                let style: String
                public init(forTextStyle style: UIFont.TextStyle) {
                    let name = style.rawValue.dropFirst("UICTFontTextStyle".count)
                    self.style = name.prefix(1).lowercased() + name.dropFirst()
                }
                public func scaledFont(for font: UIFont, compatibleWith traits: UITraitCollection?) -> UIFont {
                    scaledFont(for: font, maximumPointSize: 0, compatibleWith: traits)
                }
                public func scaledFont(for font: UIFont, maximumPointSize: Double, compatibleWith traits: UITraitCollection?)
                    -> UIFont
                {
                    let category = (traits ?? UITraitCollection.current).preferredContentSizeCategory.rawValue
                    let column = categories.firstIndex(of: category)!
                    var size = (font.pointSize * multipliers[style]![column]).rounded()
                    if maximumPointSize > 0 { size = min(size, maximumPointSize) }
                    return font.withSize(size)
                }
            }
            """
    }

    @Test(.enabled(if: (try? BinaryRunner.runTool("swiftc", ["--version"])) != nil, "swiftc is not on PATH"))
    func everyCellOfFontIsTheTables() throws {
        let dir = Fixtures.temporaryDirectory("export-standin")
        let specFile = dir.appendingPathComponent("Sans.json")
        try Self.spec.write(to: specFile, atomically: true, encoding: .utf8)
        let outcome = TypefitCommand.run(
            ["scale", "--spec", specFile.path, "--format", "swift", "--fontconfig-file", Fixtures.fontconfigFile])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        try outcome.stdout.write(to: dir.appendingPathComponent("TypeScale.swift"), atomically: true, encoding: .utf8)
        try Self.standIn().write(to: dir.appendingPathComponent("UIKit.swift"), atomically: true, encoding: .utf8)
        try """
        import UIKit

        typealias T = TypefitSansTypeScale
        for style in T.TextStyle.allCases {
            for category in T.ContentSizeCategory.allCases {
                UITraitCollection.current = UITraitCollection(
                    preferredContentSizeCategory: UIContentSizeCategory(rawValue: category.rawValue))
                print(style, category, T.font(style).pointSize, T.pointSize(style, category))
            }
        }
        """.write(to: dir.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let module = try #require(
            try BinaryRunner.runTool(
                "swiftc",
                ["-emit-library", "-static", "-emit-module", "-module-name", "UIKit", "-parse-as-library"]
                    + [
                        dir.appendingPathComponent("UIKit.swift").path, "-o",
                        dir.appendingPathComponent("libUIKit.a").path,
                    ]
                    + ["-emit-module-path", dir.appendingPathComponent("UIKit.swiftmodule").path]))
        #expect(module.status == 0, "\(module.stderr)")
        let binary = dir.appendingPathComponent("check").path
        let build = try #require(
            try BinaryRunner.runTool(
                "swiftc",
                [dir.appendingPathComponent("main.swift").path, dir.appendingPathComponent("TypeScale.swift").path]
                    + ["-I", dir.path, "-L", dir.path, "-lUIKit", "-lm", "-o", binary]))
        #expect(build.status == 0, "\(build.stderr)")
        let result = try #require(try BinaryRunner.runTool(binary, []))
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 36)
        for line in lines {
            let fields = line.split(separator: " ")
            #expect(fields.count == 4 && fields[2] == fields[3], "\(line): font(_:) differs from the table")
        }
        // The hand table and the minimum are there, not UIFontMetrics' sizes.
        #expect(lines.contains("body accessibilityExtraExtraExtraLarge 40.0 40.0"))
        #expect(lines.contains("caption2 large 13.0 13.0"))
    }

    func specFile() throws -> String {
        let file = Fixtures.temporaryDirectory("export-spec").appendingPathComponent("Sans.json")
        try Self.spec.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// check says the hand table makes body shrink from AX4 to AX5.
    @Test func checkReportsAStyleThatShrinks() throws {
        let outcome = TypefitCommand.run(
            ["check", "--spec", try specFile(), "--format", "json", "--fontconfig-file", Fixtures.fontconfigFile])
        #expect(outcome.status == .problemFound)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
        let problems = try #require(object?["problems"] as? [[String: Any]])
        let shrinking = problems.filter { $0["code"] as? String == "shrinking-size" }
        #expect(shrinking.count == 1)
        #expect(shrinking.first?["style"] as? String == "body")
        #expect(shrinking.first?["category"] as? String == "accessibilityExtraExtraExtraLarge")
    }

    /// The italic face is italic in CSS and in the design tokens.
    @Test func italicFacesStayItalicInCSSAndTokens() throws {
        let base = [
            "scale", "--spec", try specFile(), "--category", "large", "--fontconfig-file", Fixtures.fontconfigFile,
        ]
        let css = TypefitCommand.run(base + ["--format", "css"])
        #expect(css.stdout.contains("--typefit-caption-2-font-style: italic;"), "\(css.stdout)")
        #expect(css.stdout.contains("--typefit-body-font-style: normal;"))
        let tokens = TypefitCommand.run(base + ["--format", "tokens"])
        let object = try JSONSerialization.jsonObject(with: Data(tokens.stdout.utf8)) as? [String: Any]
        let large = try #require(object?["large"] as? [String: Any])
        let caption = try #require(large["caption2"] as? [String: Any])
        let extensions = caption["$extensions"] as? [String: Any]
        #expect((extensions?["dev.typefit"] as? [String: Any])?["fontStyle"] as? String == "italic")
        #expect((large["body"] as? [String: Any])?["$extensions"] == nil)
    }
}

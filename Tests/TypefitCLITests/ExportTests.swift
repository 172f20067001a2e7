import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// `scale --format csv` and `--format swift`.
@Suite struct ExportTests {
    static let sans = Fixtures.path("specs/TypefitSans.json")

    func run(_ arguments: [String]) -> Outcome { Runner.run(arguments, context: RunContext()) }

    @Test func csvHasAHeaderAndOneLinePerCell() {
        let outcome = run(["scale", "--style", "body,caption2", "--category", "large,AX5", "--format", "csv"])
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(
            lines[0]
                == "style,category,isAccessibilityCategory,pointSize,lineHeight,value,face,postscriptName,file,index,missing,"
                + "faceWeight,fallbackPostscriptName,fallbackFile,boldTextPostscriptName,boldTextFile"
        )
        #expect(lines[2] == "body,accessibilityExtraExtraExtraLarge,true,53,62,,,,,,,,,,,")
        let spec = run([
            "scale", "--spec", Self.sans, "--style", "body", "--category", "AX5", "--format", "csv",
            "--fontconfig-file", Fixtures.fontconfigFile,
        ])
        #expect(
            spec.stdout.hasSuffix(
                "body,accessibilityExtraExtraExtraLarge,true,48,62,,regular,TypefitSans-Regular,"
                    + Fixtures.path("fonts/TypefitSans-Regular.ttf") + ",0,false,400,,,,\n"))
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
        try """
        let size = TypefitSansTypeScale.fontSizeTable[.body]?[.accessibilityExtraExtraExtraLarge] ?? -1
        print(size, TypefitSansTypeScale.fontNames[.headline] ?? "?", TypefitSansTypeScale.TextStyle.allCases.count)
        """.write(to: main, atomically: true, encoding: .utf8)
        let binary = dir.appendingPathComponent("check").path
        let build = try #require(try BinaryRunner.runTool("swiftc", [main.path, table.path, "-o", binary]))
        #expect(build.status == 0, "\(build.stderr)")
        let result = try #require(try BinaryRunner.runTool(binary, []))
        #expect(result.stdout == "48.0 TypefitSans-Bold 4\n")
    }
}

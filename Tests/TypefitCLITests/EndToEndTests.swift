import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

/// The built binary, as a build script runs it: exit statuses, stdout for
/// data only, FONTCONFIG_FILE set in the child's environment only.
@Suite(.enabled(if: BinaryRunner.binary != nil, "the typefit binary is not built (run swift build first)"))
struct EndToEndTests {
    @Test func scalePrintsABareNumber() throws {
        let result = try BinaryRunner.run(["scale", "--style", "body", "--category", "accessibilityLarge"])
        #expect(result.status == 0 && result.stdout == "33\n" && result.stderr.isEmpty)
    }

    @Test func usageErrorsExit64OnStderr() throws {
        let result = try BinaryRunner.run(["scale", "--category", "accesibilityLarge"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("typefit: error: unknown content size category 'accesibilityLarge'"))
        #expect(result.stderr.contains("did you mean 'accessibilityLarge'"))
    }

    @Test func noMatchExits1() throws {
        let result = try BinaryRunner.run(
            ["list-fonts", "--family", "No Such Family"],
            environment: ["FONTCONFIG_FILE": Fixtures.fontconfigFile])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("typefit: error: no family named 'No Such Family'"))
    }

    @Test func fontconfigFileFromTheEnvironment() throws {
        let result = try BinaryRunner.run(
            ["list-fonts", "--format", "json"],
            environment: ["FONTCONFIG_FILE": Fixtures.fontconfigFile])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let families = try #require(object?["families"] as? [[String: Any]])
        #expect(
            families.compactMap { $0["name"] as? String }
                == [
                    "Typefit Anon", "Typefit Flex", "Typefit Gothic", "Typefit Icons", "Typefit Sans", "Typefit Serif",
                    "Typefit Wide",
                ])
    }

    @Test func missingConfigurationExits2() throws {
        let result = try BinaryRunner.run(["list-fonts", "--fontconfig-file", "/nonexistent/fonts.conf"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "typefit: error: /nonexistent/fonts.conf: not a fontconfig configuration file fontconfig can read\n")
    }

    @Test func helpAndVersionExit0() throws {
        let help = try BinaryRunner.run(["help", "scale"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: ") && help.stderr.isEmpty)
        let version = try BinaryRunner.run(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("typefit "))
    }

    @Test func cacheDirectoryFromTheEnvironment() throws {
        let cache = Fixtures.temporaryDirectory("e2e-cache").appendingPathComponent("typefit")
        let env = ["FONTCONFIG_FILE": Fixtures.fontconfigFile, "TYPEFIT_CACHE_DIR": cache.path]
        let first = try BinaryRunner.run(["list-fonts", "--format", "plain"], environment: env)
        let second = try BinaryRunner.run(["list-fonts", "--format", "plain"], environment: env)
        let uncached = try BinaryRunner.run(["list-fonts", "--format", "plain", "--no-cache"], environment: env)
        #expect(first.status == 0 && first.stdout == second.stdout && second.stdout == uncached.stdout)
        #expect(first.stdout.contains("TypefitSerif-Bold"))
    }
}

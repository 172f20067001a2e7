import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI
@testable import TypefitCore

/// watchOS, macOS and Android: every table cell against an independent copy
/// (Fixtures/reference), Android's converter at and between table points,
/// the documented numbers through the command line, tokens parsed back.
@Suite struct PlatformTests {
    func run(_ arguments: [String], context: RunContext = RunContext()) -> Outcome {
        TypefitCommand.run(arguments, context: context)
    }

    static func rows(_ name: String) -> [[String]] {
        Fixtures.referenceTable(name).rows
    }

    @Test func watchOSEveryCell() throws {
        let names = WatchTypeTable.styles
        for (table, leading) in [("watchos-sizes", false), ("watchos-leading", true)] {
            let rows = Self.rows(table)
            #expect(rows.count == names.count)
            for (r, row) in rows.enumerated() {
                for (c, category) in WatchTypeTable.categories.enumerated() {
                    let cell = try #require(WatchTypeTable.cell(names[r], category))
                    #expect((leading ? cell.leading : cell.size) == Double(row[c + 1]), "\(row[0]) \(category)")
                }
            }
        }
    }

    @Test func macOSEveryRow() {
        let rows = Self.rows("macos")
        #expect(rows.count == MacTypeTable.rows.count)
        for (row, mine) in zip(rows, MacTypeTable.rows) {
            #expect(mine.style.higLabel.replacingOccurrences(of: "Subhead", with: "Subheadline") == row[0])
            #expect(mine.weight.rawValue == row[1].lowercased())
            #expect(mine.size == Double(row[2]) && mine.lineHeight == Double(row[3]))
        }
    }

    @Test func materialRolesAndAndroidTablesEveryPoint() throws {
        let roles = Self.rows("material3-roles")
        #expect(roles.count == AndroidTypeScale.roles.count)
        for row in roles {
            let role = try #require(AndroidTypeScale.roles.first { $0.name == row[0] })
            #expect(role.size == Double(row[1]) && role.lineHeight == Double(row[2]))
        }
        for (name, version, count) in [("android14-font-scale", 14, 5), ("android15-font-scale", 15, 8)] {
            let table = Fixtures.referenceTable(name)
            let fromSp = table.header.dropFirst().compactMap(Double.init)
            #expect(fromSp.count == 9 && table.rows.count == count)
            for row in table.rows {
                let scale = try #require(Double(row[0].replacingOccurrences(of: "toDp @ ", with: "")))
                for (sp, dp) in zip(fromSp, row.dropFirst().compactMap(Double.init)) {
                    let mine = AndroidTypeScale.dp(sp, fontScale: scale, androidVersion: version)
                    #expect(mine == dp, "\(sp) sp at \(scale), Android \(version)")
                }
            }
        }
    }

    /// Between points, below the first, above the last, between two
    /// tables, below the threshold and before Android 14 — each worked out
    /// by hand from the tables (to float precision, as the framework
    /// computes in float).
    static let converterCases: [(sp: Double, scale: Double, version: Int, dp: Double)] = [
        (8, 2, 14, 16),
        (100, 2, 14, 100),
        (16, 1.3, 14, 20.2),  // 18.8 + (16 − 14)/(18 − 14) × (21.6 − 18.8)
        (16, 1.4, 14, 21.6),  // halfway between 20.2 (1.3) and 23 (1.5)
        (4, 2, 14, 8),  // from (0, 0) to (8, 16)
        (200, 2, 14, 200),  // no growth past 100 sp
        (16, 2, 14, 28),  // bodyLarge at 2.0
        (16, 1.1, 14, 17.6),  // below 1.13 on Android 14: linear
        (16, 1.12, 14, 17.92),  // still below 1.13
        (16, 2, 13, 32),  // Android 13: linear
        (57, 2, 14, 61.914285714285714),  // 38 + (57 − 30)/(100 − 30) × (100 − 38)
        // Android 15: the new tables and the 1.03 threshold.
        (16, 1.1, 15, 17.4),  // 15.6 + (16 − 14)/(18 − 14) × (19.2 − 15.6)
        (16, 1.05, 15, 16.7),  // 14.8 + 0.5 × (18.6 − 14.8)
        (16, 1.2, 15, 18.8),  // 17.2 + 0.5 × (20.4 − 17.2)
        (16, 1.02, 15, 16.32),  // below 1.03: linear
        (16, 1.04, 15, 16.7),  // (int)(1.04f × 100f) = 104: the 1.05 table
        (16, 1.25, 15, 19.5),  // halfway between 18.8 (1.2) and 20.2 (1.3)
        // The key truncates: 2.001 is the 2.0 table, 16 sp → 28 dp.
        (16, 2.001, 15, 28),
        (16, 2.001, 14, 28),
        // Past the largest table: linear.
        (16, 3, 15, 48),
    ]

    @Test(arguments: converterCases)
    func androidConverter(case: (sp: Double, scale: Double, version: Int, dp: Double)) {
        let dp = AndroidTypeScale.dp(`case`.sp, fontScale: `case`.scale, androidVersion: `case`.version)
        #expect(abs(dp - `case`.dp) < 1e-4, "\(`case`): \(dp)")
    }

    /// The assertions of AOSP's own FontScaleConverterFactoryTest (Android
    /// 14; its tolerance, 0.18).
    @Test func frameworkTestAssertions() {
        func dp(_ sp: Double, _ scale: Double) -> Double {
            AndroidTypeScale.dp(sp, fontScale: scale, androidVersion: 14)
        }
        for (sp, expected) in [(1.0, 2.0), (8, 16), (10, 20), (5, 10), (0, 0)] {
            #expect(abs(dp(sp, 2) - expected) <= 0.18)  // scale200IsTwiceAtSmallSizes
            #expect(abs(dp(sp, 1.9999) - expected) <= 0.18)  // missingLookupTable199_returnsInterpolated
        }
        for sp in [1.0, 8, 10, 5, 0, 50, 100] {
            #expect(abs(dp(sp, 3) - sp * 3) <= 0.18)  // missingLookupTablePastEnd_returnsLinear
        }
        for sp in [1.0, 8, 10, 5, 0] {
            #expect(abs(dp(sp, 1.6) - sp * 1.6) <= 0.18)  // missingLookupTable160_returnsInterpolated
        }
        #expect(dp(20, 1.6) < 20 * 1.6 && dp(100, 1.6) < 100 * 1.6)
        // testIsNonLinearFontScalingActive
        let threshold14 = AndroidFontScaling.minimumNonLinearScale(androidVersion: 14) ?? 99
        #expect(Float(1.10) < threshold14 && Float(1.1499999) >= threshold14 && Float(1.02) < threshold14)
        let threshold15 = AndroidFontScaling.minimumNonLinearScale(androidVersion: 15) ?? 99
        #expect(abs(threshold15 - 1.03) < 1e-6)
        #expect(AndroidFontScaling.key(1.05) == 104)
        #expect(AndroidFontScaling.key(2.001) == 200)
    }

    /// The numbers the issue names, through the command line.
    @Test func documentedNumbers() throws {
        let android = run(["scale", "--platform", "android", "--style", "bodyLarge", "--font-scale", "2.0"])
        #expect(android.status == .success && android.stdout == "28\n", "\(android.stderr)")
        let json = run(["scale", "--platform", "android", "--style", "bodyLarge", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let sizes = try #require(object["sizes"] as? [[String: Any]])
        #expect(sizes.compactMap { $0["fontScale"] as? Double } == [0.85, 1, 1.15, 1.3, 1.5, 1.8, 2])
        #expect(sizes.last?["sp"] as? Int == 16 && sizes.last?["dp"] as? Int == 28)
        #expect(sizes.last?["lineHeightDp"] as? Int == 36)  // 24 sp at 2.0
        #expect(object["model"] as? String == "android15-nonlinear")
        #expect((object["source"] as? String)?.contains("Android 15 tables") == true)
        // 2.001 is the 2.0 table, exactly (not 2.001 × 16).
        #expect(
            run(["scale", "--platform", "android", "--style", "bodyLarge", "--font-scale", "2.001"]).stdout == "28\n")

        let watch = run([
            "scale", "--platform", "watchos", "--watch-size", "45mm", "--style", "body", "--format", "json",
        ])
        let watchObject = try #require(
            try JSONSerialization.jsonObject(with: Data(watch.stdout.utf8)) as? [String: Any])
        #expect(watchObject["defaultCategory"] as? String == "extraLarge")
        let cell = try #require((watchObject["sizes"] as? [[String: Any]])?.first)
        #expect(cell["pointSize"] as? Int == 17 && cell["lineHeight"] as? Double == 19.5)
        #expect(run(["scale", "--platform", "watchos", "--watch-size", "38mm", "--style", "body"]).stdout == "15\n")
        #expect(run(["scale", "--platform", "watchos", "--style", "footnote", "--category", "AX3"]).stdout == "18\n")
        #expect(run(["scale", "--style", "body", "--category", "default"]).stdout == "17\n")
        #expect(
            run(["scale", "--platform", "android", "--style", "bodyLarge", "--category", "default"]).stdout == "16\n")
        #expect(run(["scale", "--platform", "watchos", "--style", "body", "--category", "default"]).stdout == "16\n")

        let mac = run(["scale", "--platform", "macos", "--style", "headline,body", "--format", "json"])
        #expect(mac.stderr.contains("macOS has no Dynamic Type"))
        let macRows = try #require(
            (try JSONSerialization.jsonObject(with: Data(mac.stdout.utf8)) as? [String: Any])?["sizes"]
                as? [[String: Any]])
        #expect(macRows.map { $0["pointSize"] as? Int } == [13, 13])
        #expect(macRows.first?["weight"] as? String == "bold")
    }

    @Test(arguments: [
        ["scale", "--platform", "macos", "--category", "AX1"],
        ["scale", "--platform", "android", "--category", "large"],
        ["scale", "--platform", "watchos", "--watch-size", "43mm"],
        ["scale", "--watch-size", "45mm"],
        ["scale", "--platform", "android", "--style", "body"],
        ["scale", "--platform", "android", "--font-scale", "9"],
        ["scale", "--platform", "tvos"],
        ["scale", "--platform", "android", "--family", "X"],
        ["scale", "--platform", "watchos", "--watch-size", "47mm"],
    ])
    func platformUsageErrors(arguments: [String]) {
        #expect(run(arguments).status == .usage, "\(arguments)")
    }

    /// A spec's design sizes scale the platform's way: sp through Android's
    /// converter, watchOS by the style's own ratio to Large.
    @Test func specOnOtherPlatforms() throws {
        let sans = Fixtures.path("specs/TypefitSans.json")
        let android = run(["scale", "--platform", "android", "--spec", sans, "--font-scale", "2", "--format", "json"])
        #expect(android.status == .success, "\(android.stderr)")
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(android.stdout.utf8)) as? [String: Any])?["sizes"]
                as? [[String: Any]])
        let body = try #require(rows.first { $0["style"] as? String == "body" })
        #expect(body["sp"] as? Int == 17 && body["dp"] as? Int == 29)  // 26 + (17 − 14)/(18 − 14) × (30 − 26)
        let watch = run(["scale", "--platform", "watchos", "--spec", sans, "--category", "AX3", "--format", "json"])
        let watchRows = try #require(
            (try JSONSerialization.jsonObject(with: Data(watch.stdout.utf8)) as? [String: Any])?["sizes"]
                as? [[String: Any]])
        // title1 28 on watch: 28 × 44/34 = 36.2 → 36; body 17 × 23/16 = 24.4 → 24.
        #expect(watchRows.first { $0["style"] as? String == "title1" }?["pointSize"] as? Int == 36)
        #expect(watchRows.first { $0["style"] as? String == "body" }?["pointSize"] as? Int == 24)
        let tokens = run(["scale", "--platform", "android", "--spec", sans, "--format", "tokens"]).stdout
        #expect(tokens.contains("\"fontFamily\": \"Typefit Sans\""))
    }

    @Test func watchOSHasNoAX5() {
        let outcome = run(["scale", "--platform", "watchos", "--style", "body", "--category", "AX5"])
        // A category the platform lacks is a usage error, as on Android.
        #expect(outcome.status == .usage && outcome.stderr.contains("watchOS has no category"))
        #expect(outcome.stderr.contains("Usage: typefit scale "))
    }

    @Test func systemCategoryFollowsTheDesktop() {
        let desktop = RunContext(desktopTextScale: { (1.25, "a test") })
        let outcome = run(["scale", "--style", "body", "--category", "system"], context: desktop)
        // 17 × 1.25 = 21.25: nearest Body size is xxLarge's 21.
        #expect(outcome.stdout == "21\n")
        #expect(
            outcome.stderr.contains("desktop text scale 1.25 (from a test)")
                && outcome.stderr.contains("extraExtraLarge"))
        let none = run(["scale", "--style", "body", "--category", "system"])
        #expect(none.status == .cannotRun && none.stderr.contains("no desktop text size found"))
        // Flutter on iOS takes the same category: bodyMedium 14 × 21/17.
        let flutter = run(
            ["scale", "--platform", "flutter-ios", "--style", "bodyMedium", "--category", "system"], context: desktop)
        let size = Double(flutter.stdout.filter { $0 != "\n" }) ?? 0
        #expect(abs(size - 14.0 * 21 / 17) < 1e-9, "\(flutter.stdout)")
    }

    /// DTCG tokens and CSS parsed back give the sizes `scale` computes.
    @Test func tokensAndCSSRoundTrip() throws {
        let tokens = run(["scale", "--style", "body,headline", "--category", "large,AX5", "--format", "tokens"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(tokens.stdout.utf8)) as? [String: Any])
        for (category, style, size, line) in [
            ("large", "body", 17.0, 22.0), ("accessibilityExtraExtraExtraLarge", "headline", 53.0, 62.0),
        ] {
            let token = try #require((document[category] as? [String: Any])?[style] as? [String: Any])
            #expect(token["$type"] as? String == "typography")
            let value = try #require(token["$value"] as? [String: Any])
            let fontSize = try #require(value["fontSize"] as? [String: Any])
            #expect(fontSize["value"] as? Double == size && fontSize["unit"] as? String == "px")
            // The ratio is written to four decimals.
            #expect(abs((value["lineHeight"] as? Double ?? 0) * size - line) < 0.005)
            #expect(value["fontFamily"] as? String == "system-ui")
        }
        #expect(
            ((document["large"] as? [String: Any])?["headline"] as? [String: Any]).flatMap {
                ($0["$value"] as? [String: Any])?["fontWeight"] as? Int
            } == 600)

        let css = run(["scale", "--platform", "android", "--style", "bodyLarge", "--format", "css"]).stdout
        var blocks: [String: [String: String]] = [:]
        var selector = ""
        for line in css.split(separator: "\n") {
            if line.hasSuffix("{") { selector = String(line.dropLast(2)) }
            if line.hasPrefix("  --") {
                let parts = line.dropFirst(2).dropLast().split(separator: ":", maxSplits: 1)
                blocks[selector, default: [:]][String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(blocks[":root"]?["--typefit-body-large-font-size"] == "1rem")
        let double = try #require(blocks[":root[data-typefit-size=\"fontScale2\"]"]?["--typefit-body-large-font-size"])
        #expect(Double(double.dropLast(3)).map { $0 * 16 } == 28)
        // Without the default category selected, the first one is on :root.
        let ax = run(["scale", "--style", "body", "--category", "AX1,AX5", "--format", "css"]).stdout
        #expect(
            ax.contains(
                ":root {\n  --typefit-body-font-family: system-ui;\n  --typefit-body-font-weight: 400;\n  --typefit-body-font-style: normal;\n  --typefit-body-font-size: 1.75rem;"
            ))
        #expect(ax.contains(":root[data-typefit-size=\"accessibilityExtraExtraExtraLarge\"] {"))
    }
}

/// `measure`, `fit` and `specimen` on other platforms: the same sizes as
/// `scale --platform`, with the faces asked for.
@Suite struct PlatformTextTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]

    func run(_ arguments: [String]) -> Outcome { TypefitCommand.run(arguments, context: RunContext()) }

    @Test func measureUsesTheWatchsDefaultCategory() throws {
        let outcome = run(
            [
                "measure", "Settings", "--platform", "watchos", "--watch-size", "45mm", "--style", "body", "--font",
                "TypefitSans-Regular", "--format", "json",
            ] + Self.config)
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])?["measurements"]
                as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["category"] as? String == "extraLarge" && rows.first?["pointSize"] as? Int == 17)
    }

    @Test func fitOnAndroidRequiresAFontScale() throws {
        let base =
            [
                "fit", "Alle Einstellungen sichern", "--platform", "android", "--style", "titleLarge", "--font",
                "TypefitSans-Bold", "--width", "560", "--format", "json",
            ] + Self.config
        // 35 dp at 2.0 (22 sp: 34 + (22 − 20)/(24 − 20) × (36 − 34)) is wider than 560 pt here.
        let gate = run(base + ["--require", "2"])
        #expect(gate.status == .problemFound)
        #expect(gate.stderr.contains("does not fit at 2x (fontScale2): needs 2 lines, 1 allowed"), "\(gate.stderr)")
        #expect(run(base + ["--require", "1.3"]).status == .success)
        #expect(run(base + ["--require", "AX3"]).status == .usage)
    }

    @Test func specimenOnMacOSAndAndroid() {
        let mac = run(["specimen", "--platform", "macos", "--family", "Typefit Sans", "--text", "Hi"] + Self.config)
        #expect(mac.status == .success && mac.stdout.contains(">fixed</text>"))
        let android = run(
            [
                "specimen", "--platform", "android", "--style", "bodyLarge", "--font", "TypefitSans-Regular", "--text",
                "Hi",
            ] + Self.config)
        #expect(android.stdout.contains("2x (fontScale2)") && android.stdout.contains(">bodyLarge</text>"))
    }

    /// A spec scaled for another platform keeps its limits and tables, says
    /// what its rows are, and names the styles the platform lacks.
    @Test func specsKeepTheirLimitsOnEveryPlatform() throws {
        let sans = Fixtures.path("specs/TypefitSans.json")
        // headline: design 17, maxPointSize 28; at 2.0 Android's converter
        // gives 29 dp (17 sp between 14 → 26 and 18 → 30), clamped to 28.
        #expect(AndroidTypeScale.dp(17, fontScale: 2) == 29)
        let android = run([
            "scale", "--platform", "android", "--spec", sans, "--font-scale", "2", "--format", "json",
        ])
        let rows = try #require(
            (try JSONSerialization.jsonObject(with: Data(android.stdout.utf8)) as? [String: Any])?["sizes"]
                as? [[String: Any]])
        let headline = try #require(rows.first { $0["style"] as? String == "headline" })
        #expect(headline["dp"] as? Int == 28)
        // Its line height is the 28 dp size's: 28 × 22/17 (Apple's ratio at Large).
        #expect(abs((headline["lineHeightDp"] as? Double ?? 0) - 28.0 * 22 / 17) < 1e-9)
        let table = run(["scale", "--platform", "android", "--spec", sans, "--format", "table"])
        #expect(table.stdout.contains("of the styles of \(sans) (iOS names)"))
        #expect(!table.stdout.contains("Material 3 roles"))
        // watchOS: the hand-made table (caption2 has none there) and the limits.
        let zen = Fixtures.path("specs/ZenOldMincho.json")
        let watch = run(["scale", "--platform", "watchos", "--spec", zen, "--format", "json"])
        #expect(watch.stderr.contains("watchOS has no text style for the spec's callout, subheadline"))
        let watchRows = try #require(
            (try JSONSerialization.jsonObject(with: Data(watch.stdout.utf8)) as? [String: Any])?["sizes"]
                as? [[String: Any]])
        // Zen's headline table: 23 at every accessibility category.
        for row in watchRows
        where row["style"] as? String == "headline" && row["isAccessibilityCategory"] as? Bool == true {
            #expect(row["pointSize"] as? Int == 23)
        }
        #expect(!watchRows.contains { $0["style"] as? String == "callout" })
    }

    /// Every current case size, against the HIG's headings and Apple's list
    /// of sizes; 46 mm is accepted and its default is said to be assumed.
    @Test func everyWatchCaseSize() throws {
        let table = Fixtures.referenceTable("watchos-case-sizes")
        #expect(table.rows.count == WatchTypeTable.caseSizes.count)
        for row in table.rows {
            let mm = try #require(Int(row[0]))
            let entry = try #require(WatchTypeTable.caseSizes.first { $0.millimetres == mm })
            #expect(entry.category.higLabel == row[2], "\(mm) mm")
            #expect(entry.models == row[1])
            #expect(entry.documented == (row[3] == "HIG"))
            let outcome = run([
                "scale", "--platform", "watchos", "--watch-size", "\(mm)mm", "--style", "body", "--format", "json",
            ])
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
            #expect((object["defaultCategoryDocumented"] as? Bool) == (row[3] == "HIG"))
            #expect(outcome.stderr.contains("not in Apple's HIG table") == (row[3] != "HIG"))
        }
        #expect(run(["scale", "--platform", "watchos", "--watch-size", "46mm", "--style", "body"]).stdout == "17\n")
        #expect(run(["help", "scale"]).stdout.contains("46mm"))
    }

    /// Every token document typefit writes, on every platform, keeps the
    /// Design Tokens Community Group rules: no `.`, `{`, `}` in a name, no
    /// name starting with `$` other than the format's own properties, and
    /// typography tokens shaped as the format defines them.
    @Test(arguments: [
        ["scale", "--format", "tokens"],
        ["scale", "--platform", "watchos", "--format", "tokens"],
        ["scale", "--platform", "macos", "--format", "tokens"],
        ["scale", "--platform", "android", "--format", "tokens"],
        ["scale", "--platform", "android", "--font-scale", "1.05,1.3,2.001", "--format", "tokens"],
        ["scale", "--size", "17", "--max-size", "28", "--format", "tokens"],
        ["scale", "--spec", Fixtures.path("specs/TypefitSans.json"), "--format", "tokens"],
    ])
    func tokenDocumentsFollowTheDTCGRules(arguments: [String]) throws {
        let faces = arguments.contains("--spec") ? ["--fontconfig-file", Fixtures.fontconfigFile] : []
        let outcome = run(arguments + faces)
        #expect(outcome.status == .success, "\(outcome.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        var tokens = 0
        func walk(_ node: [String: Any], path: String) {
            if let value = node["$value"] {
                tokens += 1
                #expect(node["$type"] as? String == "typography", "\(path)")
                let typography = value as? [String: Any] ?? [:]
                #expect(typography["fontFamily"] is String, "\(path)")
                let weight = typography["fontWeight"] as? Int ?? 0
                #expect((1...1000).contains(weight), "\(path)")
                let size = typography["fontSize"] as? [String: Any] ?? [:]
                #expect(size["value"] is Double || size["value"] is Int, "\(path)")
                #expect(["px", "rem"].contains(size["unit"] as? String ?? ""), "\(path)")
                #expect(typography["lineHeight"] is Double || typography["lineHeight"] is Int, "\(path)")
                return
            }
            for (name, child) in node {
                if name.hasPrefix("$") {
                    #expect(["$description", "$type"].contains(name), "\(path)/\(name)")
                    continue
                }
                #expect(!name.contains(".") && !name.contains("{") && !name.contains("}"), "\(path)/\(name)")
                if let group = child as? [String: Any] { walk(group, path: path + "/" + name) }
            }
        }
        walk(document, path: "")
        #expect(tokens > 0)
        if arguments.contains("1.05,1.3,2.001") {
            #expect(document["fontScale1_3"] != nil && document["fontScale1_05"] != nil)
        }
    }
}

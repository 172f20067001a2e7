import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Every cell of the built-in tables against an independent transcription of
/// the reference (Fixtures/reference/*.tsv).
@Suite struct ReferenceTableTests {
    static let categoryLabels = [
        "xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge",
        "AX1", "AX2", "AX3", "AX4", "AX5",
    ]

    /// (style, category, value) for every cell of a reference table.
    static func cells(_ name: String) -> [(TextStyle, ContentSizeCategory, String)] {
        let table = Fixtures.referenceTable(name)
        var result: [(TextStyle, ContentSizeCategory, String)] = []
        for row in table.rows {
            guard let style = TextStyle(rawValue: row[0]) else { continue }
            for (column, label) in table.header.dropFirst().enumerated() {
                guard let category = try? ContentSizeCategory(parsing: label) else { continue }
                result.append((style, category, row[column + 1]))
            }
        }
        return result
    }

    @Test func referenceCopiesAreComplete() {
        for name in ["ios-point-sizes", "ios-leading", "ios27-multipliers"] {
            #expect(Self.cells(name).count == 132, "\(name) should have 11 styles × 12 categories")
            #expect(Fixtures.referenceTable(name).header.dropFirst().map { $0 } == Self.categoryLabels)
        }
    }

    @Test func everyPointSize() {
        for (style, category, text) in Self.cells("ios-point-sizes") {
            #expect(AppleTypeTable.iOS.pointSize(style, category) == Int(text), "\(style) \(category)")
        }
    }

    @Test func everyLeading() {
        for (style, category, text) in Self.cells("ios-leading") {
            #expect(AppleTypeTable.iOS.lineHeight(style, category) == Int(text), "\(style) \(category)")
        }
    }

    @Test func everyMeasuredMultiplier() {
        for (style, category, text) in Self.cells("ios27-multipliers") {
            #expect(ScalingCurve.measuredIOS27.multiplier(style, category) == Double(text), "\(style) \(category)")
        }
    }

    @Test func higCurveIsTheLeadingRatio() {
        let leading = Dictionary(
            uniqueKeysWithValues: Self.cells("ios-leading").map {
                ("\($0.0.rawValue)/\($0.1.rawValue)", Double($0.2) ?? .nan)
            })
        for style in TextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let expected =
                    (leading["\(style.rawValue)/\(category.rawValue)"] ?? .nan)
                    / (leading["\(style.rawValue)/large"] ?? .nan)
                #expect(ScalingCurve.higLeading.multiplier(style, category) == expected)
            }
        }
    }

    /// The reference says the two curves agree in 124 of 132 cells once
    /// rounded to the @3x grid: a check that both were transcribed right.
    @Test func curvesAgreeIn124Cells() {
        var agree = 0
        for style in TextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let measured = ScalingCurve.measuredIOS27.multiplier(style, category)
                let hig = ScalingCurve.higLeading.multiplier(style, category)
                if abs(measured - hig) < 0.0005 { agree += 1 }
            }
        }
        #expect(agree == 124)
    }

    @Test func everyWeight() throws {
        let table = Fixtures.referenceTable("ios-weights")
        #expect(table.rows.count == 11)
        for row in table.rows {
            let style = try #require(TextStyle(rawValue: row[0]))
            #expect(AppleTypeTable.iOS.weight(style).rawValue == row[1])
            #expect(AppleTypeTable.iOS.emphasizedWeight(style).rawValue == row[2])
        }
    }
}

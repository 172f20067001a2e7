import Testing
import TypefitTestSupport

@testable import TypefitCore

@Suite struct ScalingTests {
    /// Oracle 1: `UIFontMetrics(forTextStyle: .body).scaledValue(for: 17)` at
    /// Medium reported 16.333… on a device (17 × 21/22 on the 1/3-pt grid).
    @Test(arguments: [ScalingCurve.measuredIOS27, .higLeading])
    func bodyValueAtMedium(curve: ScalingCurve) {
        let value = ScalingModel.uiFontMetrics(curve).scaledValue(17, style: .body, category: .medium)
        #expect(value == 49.0 / 3.0)
    }

    /// Oracle 2: `UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: 17))`
    /// at AX5 reported 48 (17 × 62/22 = 47.9 → 48), not the table's 53.
    @Test(arguments: [ScalingCurve.measuredIOS27, .higLeading])
    func bodyFontAtAX5(curve: ScalingCurve) {
        let size = ScalingModel.uiFontMetrics(curve).scaledFontSize(
            17, style: .body,
            category: .accessibilityExtraExtraExtraLarge)
        #expect(size == 48)
        #expect(AppleTypeTable.iOS.pointSize(.body, .accessibilityExtraExtraExtraLarge) == 53)
    }

    @Test func proportionalModelFollowsTheSizeTable() {
        let size = ScalingModel.proportional.scaledFontSize(
            17, style: .body, category: .accessibilityExtraExtraExtraLarge)
        #expect(size == 53)
        // Not rounded: 15 × 53/17.
        let odd = ScalingModel.proportional.scaledFontSize(
            15, style: .body, category: .accessibilityExtraExtraExtraLarge)
        #expect(odd == 15.0 * 53.0 / 17.0)
    }

    @Test func roundingIsHalfAwayFromZeroThenClamped() {
        // title1 AX2 multiplier is exactly 1.5: 17 × 1.5 = 25.5 → 26.
        let model = ScalingModel.uiFontMetrics(.measuredIOS27)
        #expect(model.scaledFontSize(17, style: .title1, category: .accessibilityLarge) == 26)
        // The clamp applies after rounding, and 0 means no clamp.
        #expect(
            model.scaledFontSize(
                17, style: .body, category: .accessibilityExtraExtraExtraLarge,
                maximumPointSize: 40) == 40)
        #expect(
            model.scaledFontSize(
                17, style: .body, category: .accessibilityExtraExtraExtraLarge,
                maximumPointSize: 0) == 48)
        #expect(
            model.scaledFontSize(
                17, style: .body, category: .accessibilityExtraExtraExtraLarge,
                maximumPointSize: 47.5) == 47.5)
    }

    @Test(arguments: [(1, 16.0), (2, 16.0), (3, 49.0 / 3.0)])
    func valuesSnapToTheDisplayGrid(scale: Int, expected: Double) {
        // 17 × 0.9547 = 16.2299: nearest 1 pt is 16, nearest 1/2 pt is 16.0,
        // nearest 1/3 pt is 16.333….
        let value = ScalingModel.uiFontMetrics(.measuredIOS27).scaledValue(
            17, style: .body, category: .medium,
            displayScale: scale)
        #expect(value == expected)
    }

    /// Every cell of a 17 pt design size on both curves, derived here from
    /// the reference tables (the HIG's leadings for the default curve, the
    /// published multipliers for `measured`) and the rounding rule, rather
    /// than copied from output.
    @Test(arguments: ["default", "measured"])
    func everyCellOfACustomFont(curve: String) throws {
        let model: ScalingModel = curve == "default" ? .uiFontMetrics(.default) : .uiFontMetrics(.measuredIOS27)
        let reference =
            curve == "default" ? Fixtures.higLeadingMultipliers() : Fixtures.referenceTable("ios27-multipliers")
        let report = ScaleRequest(subject: .customFont(designSize: 17, maximumPointSize: 0), model: model).resolve()
        #expect(report.entries.count == 132)
        for entry in report.entries {
            let row = try #require(reference.rows.first { $0[0] == entry.style.rawValue })
            let multiplier = try #require(Double(row[entry.category.ordinal + 1]))
            #expect(
                entry.pointSize == (17 * multiplier).rounded(.toNearestOrAwayFromZero),
                "\(entry.style) \(entry.category)")
        }
        // The default everywhere a custom size is scaled is the HIG-leading curve.
        #expect(ScaleRequest().model.curve?.name == "hig-leading")
    }

    @Test func systemFontReportUsesTheTable() {
        let report = ScaleRequest(styles: [.body], categories: [.accessibilityLarge]).resolve()
        #expect(
            report.entries == [
                ScaleEntry(
                    style: .body, category: .accessibilityLarge, weight: .regular,
                    pointSize: 33, lineHeight: 40)
            ])
    }

    @Test func customLineHeightScalesTheDesignLeading() {
        // A 17 pt body font's leading at Large is Apple's 22; at AX5 it is
        // scaledValue(22) = 22 × 2.8183 = 62.0026 → 62 on the 1/3-pt grid.
        let report = ScaleRequest(
            styles: [.body], categories: [.large, .accessibilityExtraExtraExtraLarge],
            subject: .customFont(designSize: 17, maximumPointSize: 0)
        ).resolve()
        #expect(report.entries.map(\.lineHeight) == [22, 62])
    }
}

import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

@Suite struct DynamicFontSpecTests {
    func decode(_ text: String) throws(SourceError) -> DynamicFontSpec {
        try DynamicFontSpec.decode(json: Array(text.utf8))
    }

    func problem(_ text: String) -> SourceError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    static func fixture(_ name: String) throws -> DynamicFontSpec {
        let data = try Data(contentsOf: Fixtures.root.appendingPathComponent("specs/\(name)"))
        return try DynamicFontSpec.decode(json: [UInt8](data))
    }

    /// The seed's ZenOldMincho, resolved cell by cell. Expected sizes come
    /// from the reference's multiplier table and the rounding rule, not from
    /// typefit's output: round(design size × multiplier); headline uses its
    /// own table.
    @Test func seedExampleResolvesToTheModel() throws {
        let spec = try Self.fixture("ZenOldMincho.json")
        #expect(spec.family == "Zen Old Mincho")
        #expect(spec.faces.map(\.postscriptName) == ["ZenOldMincho-Regular", "ZenOldMincho-Bold"])
        let design: [String: Double] = [
            "largeTitle": 34, "title1": 28, "title2": 22, "title3": 20, "body": 17, "callout": 16,
            "subheadline": 15, "footnote": 13, "caption1": 12, "caption2": 11,
        ]
        let headline: [Double] = [14, 15, 16, 17, 19, 21, 23, 23, 23, 23, 23, 23]
        let multipliers = Fixtures.higLeadingMultipliers()
        let report = ScaleRequest(styles: spec.styles.map(\.style), subject: .spec(spec, name: "zen")).resolve()
        #expect(report.entries.count == 132)
        for row in multipliers.rows {
            let style = try #require(TextStyle(rawValue: row[0]))
            for (column, category) in ContentSizeCategory.allCases.enumerated() {
                let entry = try #require(report.entries.first { $0.style == style && $0.category == category })
                if style == .headline {
                    #expect(entry.pointSize == headline[column])
                    #expect(entry.face?.postscriptName == "ZenOldMincho-Bold")
                } else {
                    let expected = ((design[row[0]] ?? 0) * (Double(row[column + 1]) ?? .nan)).rounded(
                        .toNearestOrAwayFromZero)
                    #expect(entry.pointSize == expected, "\(style) \(category)")
                    #expect(entry.face?.postscriptName == "ZenOldMincho-Regular")
                }
                #expect(entry.face?.location == nil)
            }
        }
    }

    @Test func oracleHoldsThroughTheSpec() throws {
        let spec = try decode(#"{"faces": {"regular": "F-Regular"}, "styles": {"body": 17}}"#)
        let style = try #require(spec.styles.first)
        #expect(style.pointSize(at: .accessibilityExtraExtraExtraLarge, model: spec.model) == 48)
        #expect(style.pointSize(at: .large, model: spec.model) == 17)
        let hig = try decode(#"{"faces": {"regular": "F"}, "curve": "hig", "styles": {"body": 17}}"#)
        #expect(hig.styles[0].pointSize(at: .accessibilityExtraExtraExtraLarge, model: hig.model) == 48)
    }

    @Test func modelsLimitsAndTables() throws {
        let spec = try decode(
            #"""
            {"faces": {"regular": "F"}, "model": "proportional",
             "styles": {"caption2": {"size": 15, "maxPointSize": 40, "minPointSize": 16, "sizes": {"xs": 9}}}}
            """#)
        let style = try #require(spec.styles.first)
        #expect(style.pointSize(at: .extraSmall, model: spec.model) == 9)  // the table, as written
        #expect(style.pointSize(at: .small, model: spec.model) == 16)  // 15 × 11/11, raised to the floor
        #expect(style.pointSize(at: .accessibilityExtraExtraExtraLarge, model: spec.model) == 40)  // clamped
        let system = try decode(#"{"faces": {"regular": "F"}, "model": "system", "styles": {"body": {}}}"#)
        #expect(system.styles[0].pointSize(at: .accessibilityLarge, model: system.model) == 33)
        #expect(system.styles[0].lineHeight(at: .accessibilityLarge, model: system.model) == 40)
    }

    /// Every class of bad input is an error at a line and column.
    @Test(arguments: [
        ("", 1, 1, "empty document"),
        ("[1]", 1, 1, "expected an object at the top level"),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": 17,}}", 1, 51, "expected a member name"),
        ("{\"faces\": {\"regular\": \"F\"},\n \"styles\": {\"body\": NaN}}", 2, 21, "expected a value"),
        (
            "{\"faces\": {\"regular\": \"F\"}, \"stlyes\": {}}", 1, 29,
            "unknown key 'stlyes' in a spec; did you mean 'styles'?"
        ),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"bodyy\": 17}}", 1, 40, "did you mean 'body'?"),
        (
            "{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": \"17\"}}", 1, 48,
            "design size or an object, found a string"
        ),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": 0}}", 1, 48, "greater than 0"),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": -3}}", 1, 48, "greater than 0"),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": 1001}}", 1, 48, "at most 1000"),
        // Found by `make fuzz`: the message's number formatting trapped.
        (
            "{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": 44444444444444444444444444444444444418}}", 1,
            48, "at most 1000 points (got 4.444444444444444e+37)"
        ),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": {\"sise\": 17}}}", 1, 49, "did you mean 'size'?"),
        (
            "{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": {\"face\": \"bold\", \"size\": 17}}}", 1, 48,
            "uses face 'bold'"
        ),
        (
            "{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": {\"sizes\": {\"AX9\": 30}, \"size\": 17}}}", 1,
            59, "content size category 'AX9'"
        ),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": {}}}", 1, 48, "needs a design size"),
        (
            "{\"faces\": {\"regular\": \"F\"}, \"model\": \"flutter\", \"styles\": {\"body\": 17}}", 1, 38,
            "'model' takes"
        ),
        (
            "{\"faces\": {\"regular\": \"F\"}, \"model\": \"system\", \"curve\": \"hig\", \"styles\": {\"body\": 17}}",
            1, 57, "'curve' applies"
        ),
        ("{\"faces\": {}, \"styles\": {\"body\": 17}}", 1, 11, "non-empty object"),
        ("{\"faces\": {\"regular\": \"My Font \"}, \"styles\": {\"body\": 17}}", 1, 23, "not a PostScript name"),
        ("{\"styles\": {\"body\": 17}}", 1, 1, "missing 'faces'"),
        ("{\"faces\": {\"regular\": \"F\"}}", 1, 1, "missing 'styles'"),
        ("{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": 17, \"Body\": 18}}", 1, 52, "names body again"),
        (
            "{\"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": {\"size\": 17, \"minPointSize\": 30, \"maxPointSize\": 20}}}",
            1, 77, "above its 'maxPointSize'"
        ),
    ])
    func badInput(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(problem(text), "should be rejected: \(text)")
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.position == SourcePosition(line: line, column: column), "\(error.message)")
    }

    /// `width`: a CSS keyword or a percentage from 50 to 200.
    @Test func widthKeywordsAndPercentages() throws {
        func width(_ value: String) throws -> Int? {
            let text = #"{"width": "# + value + #", "faces": {"regular": "F"}, "styles": {"body": 17}}"#
            return try DynamicFontSpec.decode(json: Array(text.utf8)).width
        }
        #expect(try width(#""condensed""#) == 75)
        #expect(try width(#""Semi-Expanded""#) == 113)
        #expect(try width("87.5") == 88)
        #expect(throws: SourceError.self) { try width(#""narrow""#) }
        #expect(throws: SourceError.self) { try width("300") }
        let none = #"{"faces": {"regular": "Material Design Icons"}, "styles": {"body": 17}}"#
        #expect(try DynamicFontSpec.decode(json: Array(none.utf8)).width == nil)
    }

    /// The JSON Schema in the repository names exactly the keys the decoder
    /// accepts.
    @Test func schemaMatchesTheDecoder() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("schema/dynamic-font-spec.schema.json")
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(DynamicFontSpec.topLevelKeys))
        // The style and category spellings: exactly the ones the decoder
        // folds, as patterns an editor checks keys against.
        let stylePattern = try #require((properties["styles"] as? [String: Any])?["propertyNames"] as? [String: Any])
        #expect(stylePattern["pattern"] as? String == NameMatching.schemaPattern(for: TextStyle.self))
        let styles = try #require(properties["styles"] as? [String: Any])
        let variants = try #require((styles["additionalProperties"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let object = try #require(variants.first { $0["type"] as? String == "object" }?["properties"] as? [String: Any])
        #expect(Set(object.keys) == Set(DynamicFontSpec.styleKeys))
    }

    /// The schema's patterns accept what the decoder accepts and refuse what
    /// it refuses (`bodyy`), and `$schema` is allowed.
    @Test func schemaFlagsWhatTheDecoderRefuses() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("schema/dynamic-font-spec.schema.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let styles = try #require(properties["styles"] as? [String: Any])
        let stylePattern = try #require((styles["propertyNames"] as? [String: Any])?["pattern"] as? String)
        let object = try #require(
            ((styles["additionalProperties"] as? [String: Any])?["oneOf"] as? [[String: Any]])?.first {
                $0["type"] as? String == "object"
            }?["properties"] as? [String: Any])
        let categoryPattern = try #require(
            ((object["sizes"] as? [String: Any])?["propertyNames"] as? [String: Any])?["pattern"] as? String)
        #expect(categoryPattern == NameMatching.schemaPattern(for: ContentSizeCategory.self))
        func matches(_ pattern: String, _ text: String) throws -> Bool {
            let regex = try NSRegularExpression(pattern: pattern)
            return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for (key, accepted) in [
            ("body", true), ("BODY", true), ("Large Title", true), ("large-title", true), (".title2", true),
            ("UICTFontTextStyleTitle0", true), ("caption", true), ("bodyy", false), ("titel1", false), ("", false),
        ] {
            #expect(try matches(stylePattern, key) == accepted, "\(key)")
            #expect(((try? TextStyle(parsing: key)) != nil) == accepted, "\(key)")
        }
        for (key, accepted) in [
            ("large", true), ("AX3", true), ("xxl", true), ("UICTContentSizeCategoryAccessibilityXL", true),
            ("accessibility 2", true), ("huge", false), ("AX6", false),
        ] {
            #expect(try matches(categoryPattern, key) == accepted, "\(key)")
            #expect(((try? ContentSizeCategory(parsing: key)) != nil) == accepted, "\(key)")
        }
        // A spec that names its schema reads as one that does not.
        let spec = try DynamicFontSpec.decode(
            json: Array(
                "{\"$schema\": \"../schema/dynamic-font-spec.schema.json\", \"faces\": {\"regular\": \"F\"}, \"styles\": {\"body\": 17}}"
                    .utf8))
        #expect(spec.styles.map(\.style) == [.body])
        #expect(throws: SourceError.self) {
            try DynamicFontSpec.decode(
                json: Array("{\"$schema\": 3, \"faces\": {\"r\": \"F\"}, \"styles\": {\"body\": 17}}".utf8))
        }
    }
}

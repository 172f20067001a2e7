import Foundation
import Testing

@testable import TypefitCore

@Suite struct JSONParserTests {
    func parse(_ text: String) throws(SourceError) -> ParsedJSON { try JSONParser.parse(Array(text.utf8)) }

    func error(_ text: String) -> SourceError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesAndPositions() throws {
        let doc = try parse("{\n  \"a\": [1, -2.5e1, true, null],\n  \"b\": \"x\\u00e9\\ud83d\\ude00\\n\"\n}")
        guard case .object(let members) = doc.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members[0].keyPosition == SourcePosition(line: 2, column: 3))
        #expect(members[1].value.position == SourcePosition(line: 3, column: 8))
        guard case .array(let items) = members[0].value.value, case .number(let n) = items[1].value,
            case .string(let s) = members[1].value.value
        else {
            Issue.record("wrong shapes")
            return
        }
        #expect(n == -25)
        #expect(s == "xé😀\n")
    }

    @Test func agreesWithFoundationOnValidDocuments() throws {
        let text = #"{"z": [0, 1.5, -0.25, 1e3, "é\"\\/"], "y": {"k": false}, "x": null}"#
        let ours = try parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        #expect(theirs != nil)
        guard case .object(let members) = ours.value else {
            Issue.record("not an object: \(ours.value)")
            return
        }
        #expect(Set(members.map(\.key)) == Set(theirs?.allKeys.compactMap { $0 as? String } ?? []))
        // The values too, member by member, as Foundation reads them.
        let z = try #require(members.first { $0.key == "z" }?.value.value)
        guard case .array(let items) = z else {
            Issue.record("z is not an array: \(z)")
            return
        }
        let numbers = items.prefix(4).compactMap { item -> Double? in
            if case .number(let n) = item.value { return n }
            return nil
        }
        #expect(numbers == ((theirs?["z"] as? [Any])?.prefix(4).compactMap { ($0 as? NSNumber)?.doubleValue } ?? []))
        if case .string(let text)? = items.last?.value {
            #expect(text == (theirs?["z"] as? [Any])?.last as? String)
        } else {
            Issue.record("the last item of z is not a string")
        }
        let y = try #require(members.first { $0.key == "y" }?.value.value)
        guard case .object(let inner) = y, case .bool(let k)? = inner.first?.value.value else {
            Issue.record("y is not {k: false}: \(y)")
            return
        }
        #expect(inner.map(\.key) == ["k"] && k == ((theirs?["y"] as? NSDictionary)?["k"] as? Bool))
        let x = try #require(members.first { $0.key == "x" }?.value.value)
        guard case .null = x else {
            Issue.record("x is not null: \(x)")
            return
        }
        #expect(theirs?["x"] is NSNull)
    }

    /// Each malformed document names the line and column of the problem.
    @Test(arguments: [
        ("", 1, 1, "empty document"),
        ("{\"a\": 1,}", 1, 9, "expected a member name"),
        ("{\"a\" 1}", 1, 6, "expected ':'"),
        ("[1 2]", 1, 4, "expected ',' or ']'"),
        ("{\n  \"a\": NaN\n}", 2, 8, "expected a value"),
        ("{\"a\": 07}", 1, 7, "do not start with 0"),
        ("{\"a\": \"x\ny\"}", 1, 9, "control character"),
        ("{\"a\": \"\\q\"}", 1, 8, "invalid escape"),
        ("{\"a\": 1} x", 1, 10, "end of the document"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key 'a'"),
        ("{\"é\": tru}", 1, 7, "expected 'true'"),
        ("{\"a\": 1e999}", 1, 7, "out of range"),
        ("[\"abc", 1, 2, "unterminated string"),
    ])
    func malformedDocuments(text: String, line: Int, column: Int, message: String) throws {
        let problem = try #require(error(text), "should not parse: \(text)")
        #expect(problem.position == SourcePosition(line: line, column: column))
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(error(text)?.message.contains("nested more than 64") == true)
    }
}

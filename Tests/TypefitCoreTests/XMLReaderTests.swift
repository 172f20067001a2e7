import Testing

@testable import TypefitCore

/// The XML reader resource files are read with: events, namespaces,
/// references and line ends as XML 1.0 reads them, and hostile input
/// refused at its place, never expanded.
@Suite struct XMLReaderTests {
    static func events(_ text: String) throws(SourceError) -> [XMLReader.Event] {
        // Through `XMLText` first, as every reader of files does.
        var reader = XMLReader(try XMLText.utf8(Array(text.utf8)), maximumDepth: 8)
        var events: [XMLReader.Event] = []
        while let event = try reader.next() { events.append(event) }
        return events
    }

    static func error(_ text: String) -> SourceError? {
        do {
            _ = try events(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func elementsAttributesAndText() throws {
        let events = try Self.events(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- a comment -->
            <r xmlns:x="urn:x" a='1 &amp; 2'><x:g id="n">%d</x:g><b/>t&#233;&#x1F600;<![CDATA[<i>]]></r>
            """)
        guard case .start(let root) = events[0] else {
            Issue.record("\(events)")
            return
        }
        #expect(root.name == "r" && root.attributes == [XMLReader.Attribute(name: "a", value: "1 & 2")])
        #expect(root.position == SourcePosition(line: 3, column: 1))
        guard case .start(let g) = events[1] else { return }
        #expect(g.localName == "g" && g.namespace == "urn:x" && g.attribute("id") == "n")
        #expect(g.position == SourcePosition(line: 3, column: 34))
        #expect(events[2] == .text("%d", position: SourcePosition(line: 3, column: 46), isCDATA: false))
        guard case .end(let name, _) = events[3], name == "x:g" else { return }
        // An empty element: its start, then its end.
        guard case .start(let b) = events[4], case .end("b", _) = events[5] else { return }
        #expect(b.namespace == nil)
        guard case .text("té😀", _, false) = events[6], case .text("<i>", _, true) = events[7] else {
            Issue.record("\(events)")
            return
        }
        guard case .end("r", _) = events[8] else { return }
        #expect(events.count == 9)
    }

    /// CR LF and a lone CR are one line feed, in text, CDATA and (as a
    /// space) in attributes.
    @Test func lineEndsAreNormalized() throws {
        let events = try Self.events("<r a=\"x\r\ny\">a\r\nb\rc<![CDATA[d\r\ne]]></r>")
        guard case .start(let root) = events[0] else { return }
        #expect(root.attribute("a") == "x y")
        #expect(events[1] == .text("a\nb\nc", position: SourcePosition(line: 2, column: 4), isCDATA: false))
        guard case .text("d\ne", _, true) = events[2] else {
            Issue.record("\(events)")
            return
        }
    }

    @Test(arguments: [
        // No document type: nothing is ever expanded.
        ("<!DOCTYPE r [<!ENTITY a \"aaaa\">]><r>&a;</r>", 1, "document type declaration"),
        ("<r>&a;</r>", 1, "undefined entity '&a;'"),
        ("<r>&#0;</r>", 1, "refers to no character XML allows"),
        ("<r>&#xD800;</r>", 1, "refers to no character XML allows"),
        ("<r>&#12;</r>", 1, "refers to no character XML allows"),
        ("<r>a & b</r>", 1, "'&' starts no entity"),
        ("<r>\n<a></b></r>", 2, "expected </a>, found </b>"),
        ("<r><a></r>", 1, "expected </a>, found </r>"),
        ("<r>", 1, "<r> is not closed"),
        ("<r a=\"1\" a=\"2\"/>", 1, "appears twice"),
        ("<r a=1/>", 1, "expected a quoted value"),
        ("<r a=\"<\"/>", 1, "'<' in the value"),
        ("<r/><s/>", 1, "expected the end of the document"),
        ("", 1, "the document has no element"),
        ("<x:r/>", 1, "bound to no namespace"),
        ("<r><!-- a -- b --></r>", 1, "'--' inside a comment"),
        ("<r>]]></r>", 1, "']]>' outside a CDATA section"),
        ("<r><![CDATA[x</r>", 1, "unterminated CDATA section"),
        ("<?xml version=\"1.0\" encoding=\"windows-1252\"?><r/>", 1, "encoding 'windows-1252'"),
        ("<r>\n\u{0}</r>", 2, "the control character U+0000"),
        ("<r>\n<a><a><a><a><a><a><a><a></a></a></a></a></a></a></a></a></r>", 2, "nested more than 8 deep"),
    ])
    func hostileInputIsRefusedAtItsPlace(text: String, line: Int, reason: String) {
        let error = Self.error(text)
        #expect(error?.message.contains(reason) == true, "\(text): \(String(describing: error))")
        #expect(error?.position.line == line, "\(text): \(String(describing: error))")
    }

    /// A million nested elements are refused at the cap, in a bounded
    /// time (no recursion: the reader keeps a stack of names).
    @Test func deepNestingStopsAtTheCap() {
        let text = String(repeating: "<a>", count: 1_000_000)
        var reader = XMLReader(Array(text.utf8), maximumDepth: 64)
        var starts = 0
        do {
            while let event = try reader.next() {
                if case .start = event { starts += 1 }
            }
            Issue.record("read to the end")
        } catch {
            #expect(error.message.contains("nested more than 64 deep"))
        }
        #expect(starts == 64)
    }

    /// A string of 100,000 empty spans and as many `<xliff:g>` sections
    /// reads whole (its content is kept as a flat list: a tree appended to
    /// child by child was quadratic, hours for this string; how long it
    /// takes is the benchmarks' to say, not a test's).
    @Test func manySpansRead() throws {
        let body = String(repeating: "<b/>x<xliff:g>y</xliff:g>", count: 100_000)
        let text =
            "<resources xmlns:xliff=\"\(AndroidResourceText.xliffNamespace)\"><string name=\"a\">\(body)</string>"
            + "</resources>"
        let entries = try AndroidValuesFile.read(Array(text.utf8), fileName: "strings.xml")
        let value = try #require(entries.first?.forms.first?.value)
        #expect(value.spans.count == 100_000 && value.placeholders.count == 100_000)
        #expect(value.text.utf8.count == 200_000)
        #expect(value.spans.last == AndroidResourceText.Span(name: "b", first: 199_998, last: 199_997))
    }
}

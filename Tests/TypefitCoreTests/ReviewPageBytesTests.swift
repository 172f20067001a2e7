import Testing

@testable import TypefitCore

/// The review page's byte writer (numbers and escaped text written through
/// a pointer) and a line's slices held without an array for the first.
@Suite struct ReviewPageBytesTests {
    /// Decimal integers as Swift's own `String(_:)` writes them, at every
    /// digit count, both signs and the extremes.
    @Test func integersAreWrittenAsSwiftWritesThem() {
        var values: [Int] = [0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, Int.max, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power]
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Int.random(in: Int.min...Int.max, using: &generator)) }
        var out = ReviewPage.HTMLBytes(capacity: 1)
        var expected: [UInt8] = []
        for value in values {
            out.int(value)
            out.add(byte: UInt8(ascii: " "))
            expected += Array(String(value).utf8) + [UInt8(ascii: " ")]
        }
        #expect(out.array == expected)
    }

    /// Base-64 VLQs read back, by a decoder written here, as the numbers
    /// written (the page's script reads them so).
    @Test func vlqsReadBack() throws {
        var values: [Int] = [0, 1, 31, 32, 1023, 1024, Int(UInt32.max), Int.max]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 { values.append(Int.random(in: 0...Int.max, using: &generator) >> Int.random(in: 0...62)) }
        var out = ReviewPage.HTMLBytes(capacity: 1)
        for value in values { out.vlq(value) }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var decoded: [Int] = []
        var value: UInt = 0
        var shift: UInt = 0
        for byte in out.array {
            let digit = UInt(try #require(alphabet.firstIndex(of: byte)))
            value |= (digit & 31) << shift
            if digit & 32 != 0 {
                shift += 5
            } else {
                decoded.append(Int(value))
                (value, shift) = (0, 0)
            }
        }
        #expect(decoded == values)
    }

    /// Text written escaped in place as XML 1.0 allows it in an attribute
    /// or element: markup characters as entities, line breaks as
    /// character references, tab kept, characters XML cannot hold (other
    /// controls, U+FFFE, U+FFFF) as typefit writes them on a terminal;
    /// the rest as it is, a byte-order mark (0xEF lead byte, like U+FFFE's)
    /// included.
    @Test func escapedTextFollowsXMLRules() {
        let cases: [(String, String)] = [
            ("", ""), ("plain", "plain"), ("Größe ändern", "Größe ändern"), ("日本語", "日本語"),
            ("a & b", "a &amp; b"), ("<b>", "&lt;b&gt;"), ("say \"hi\"", "say &quot;hi&quot;"),
            ("tab\there", "tab\there"), ("line\nbreak", "line&#10;break"), ("cr\r", "cr&#13;"),
            ("\u{1B}[31m", "\\u{1B}[31m"), ("\u{FEFF}bom", "\u{FEFF}bom"), ("\u{FFFE}", "\\u{FFFE}"),
            ("\u{FFFF}", "\\u{FFFF}"), ("mixed <&> \"\u{7}\"", "mixed &lt;&amp;&gt; &quot;\\u{7}&quot;"),
            ("عربي > 2", "عربي &gt; 2"),
        ]
        for (text, expected) in cases {
            var out = ReviewPage.HTMLBytes(capacity: 1)
            out.addEscaped(text)
            #expect(out.string == expected, "\(text.debugDescription)")
        }
    }

    /// Two written ranges compared, and the bytes past a point forgotten.
    @Test func rangesCompareAndTruncate() {
        var out = ReviewPage.HTMLBytes(capacity: 1)
        out.add("0-12|3,4 0-12|3,4 0-12|3,5 0-12|3,4x")
        #expect(out.same(0..<8, 9..<17))
        #expect(!out.same(0..<8, 18..<26))
        #expect(!out.same(0..<8, 27..<36))
        #expect(out.same(0..<0, 5..<5))
        out.truncate(to: 8)
        out.add(byte: UInt8(ascii: "="))
        #expect(out.string == "0-12|3,4=")
    }

    /// Slices appended and joined as an array of ranges would hold them.
    @Test func slicesBehaveAsAnArray() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var slices = GlyphSlices()
            var array: [Range<Int>] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                let lower = (array.last?.upperBound ?? 0) + Int.random(in: 0...2, using: &generator)
                let slice = lower..<(lower + Int.random(in: 1...5, using: &generator))
                if Bool.random(using: &generator), let last = array.last {
                    array[array.count - 1] = last.lowerBound..<slice.upperBound
                    slices.extendLast(to: slice.upperBound)
                } else {
                    array.append(slice)
                    slices.append(slice)
                }
            }
            #expect(Array(slices) == array)
            #expect(slices.count == array.count)
            #expect(slices == GlyphSlices(array))
        }
        #expect(([0..<2, 2..<4] as GlyphSlices) != [0..<4])
        #expect(([] as GlyphSlices) == GlyphSlices())
    }
}

import Testing

@testable import FontRegistry

/// `Brotli.bytes(of:in:)`: the bytes at a range of what a stream decodes
/// to, the bytes before it decoded through a small buffer and dropped.
/// The streams are written here from stored (uncompressed) meta-blocks
/// (RFC 7932 §9.2), so that the expected bytes are the payload itself,
/// not another decoder's answer.
@Suite struct BrotliRangeTests {
    /// RFC 7932's bit order: each value's low bit first, bytes filled from
    /// their low bit.
    struct BitWriter {
        var bytes: [UInt8] = []
        var used = 8

        mutating func write(_ value: Int, bits: Int) {
            for i in 0..<bits {
                if used == 8 {
                    bytes.append(0)
                    used = 0
                }
                bytes[bytes.count - 1] |= UInt8((value >> i) & 1) << used
                used += 1
            }
        }

        /// Pads the current byte with zero bits.
        mutating func align() { used = 8 }
    }

    /// `payload` as a Brotli stream: a 64 KiB window, stored meta-blocks
    /// of at most 65,536 bytes, then an empty last meta-block.
    static func stored(_ payload: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.write(0, bits: 1)  // WBITS = 16
        var start = 0
        while start < payload.count {
            let count = min(65_536, payload.count - start)
            writer.write(0, bits: 1)  // ISLAST
            writer.write(0, bits: 2)  // MNIBBLES: four nibbles
            writer.write(count - 1, bits: 16)  // MLEN - 1
            writer.write(1, bits: 1)  // ISUNCOMPRESSED
            writer.align()
            writer.bytes += payload[start..<start + count]
            writer.used = 8
            start += count
        }
        writer.write(1, bits: 1)  // ISLAST
        writer.write(1, bits: 1)  // ISLASTEMPTY
        return writer.bytes
    }

    /// 100,000 bytes that differ from their neighbours (a skipped or
    /// repeated stretch cannot match by chance).
    static let payload: [UInt8] = {
        var state: UInt32 = 0x1234_5678
        return (0..<100_000).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }()

    @Test(arguments: [
        0..<10,  // the start: nothing skipped
        16_380..<16_400,  // across the skipping buffer's end
        40_000..<40_001,
        65_530..<65_546,  // across the two meta-blocks
        1_000..<99_000,  // most of it
        99_990..<100_000,  // the very end
    ])
    func rangeIsThePayloadsBytes(range: Range<Int>) throws {
        let brotli = try #require(Brotli.shared, "libbrotlidec is not installed (apt-get install libbrotli1)")
        let decoded = brotli.bytes(of: Self.stored(Self.payload), in: range)
        #expect(decoded == Array(Self.payload[range]))
    }

    @Test func aRangePastTheEndOrAnEmptyOneIsNil() throws {
        let brotli = try #require(Brotli.shared, "libbrotlidec is not installed (apt-get install libbrotli1)")
        let stream = Self.stored(Self.payload)
        #expect(brotli.bytes(of: stream, in: 99_995..<100_005) == nil)
        #expect(brotli.bytes(of: stream, in: 200_000..<200_010) == nil)
        #expect(brotli.bytes(of: stream, in: 10..<10) == nil)
    }

    /// Cut short anywhere, the stream gives the range or nothing: never
    /// other bytes.
    @Test func aCutStreamGivesTheRangeOrNothing() throws {
        let brotli = try #require(Brotli.shared, "libbrotlidec is not installed (apt-get install libbrotli1)")
        let stream = Self.stored(Array(Self.payload[..<40_000]))
        let range = 30_000..<30_100
        for cut in stride(from: 0, to: stream.count, by: 997) {
            let decoded = brotli.bytes(of: Array(stream[..<cut]), in: range)
            #expect(decoded == nil || decoded == Array(Self.payload[range]), "cut at \(cut)")
            if cut < 30_100 { #expect(decoded == nil, "cut at \(cut), before the range's end") }
        }
    }
}

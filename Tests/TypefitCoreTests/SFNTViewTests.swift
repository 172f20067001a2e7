import Foundation
import Synchronization
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// The sfnt view's typed tables against what fontTools reads back from the
/// same file (`Fixtures/tables/expected.json`, written by
/// `make-tables.py`): fvar, avar, STAT, trak, head and OS/2.
@Suite struct SFNTViewTests {
    static let bytes = [UInt8](
        (try? Data(contentsOf: Fixtures.root.appendingPathComponent("tables/TypefitOptical-VF.ttf"))) ?? Data())

    nonisolated(unsafe) static let expected: [String: Any] = {
        let data = (try? Data(contentsOf: Fixtures.root.appendingPathComponent("tables/expected.json"))) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }()

    static func view(_ bytes: [UInt8] = bytes) throws -> SFNTView {
        try SFNTView(size: bytes.count) { offset, count in
            guard offset >= 0, offset <= bytes.count else { return nil }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    func object(_ key: String) throws -> [String: Any] { try #require(Self.expected[key] as? [String: Any]) }

    @Test func theContainerIsOneSFNTFace() throws {
        let view = try Self.view()
        #expect(view.container == .sfnt && view.faceCount == 1)
        let face = try view.face(0)
        #expect(!face.isCFF && face.has(.fvar) && face.has(.trak) && !face.has(TableTag("GSUB")))
        #expect(Int(try #require(try face.head()).unitsPerEm) == Self.expected["unitsPerEm"] as? Int)
        #expect(Int(try #require(try face.os2()).weightClass) == Self.expected["weightClass"] as? Int)
        #expect(SFNTView.Container(magic: Array("wOF2".utf8)) == .woff2)
        #expect(SFNTView.Container(magic: Array("ttcf".utf8)) == .collection)
        #expect(
            SFNTView.Container(magic: [0, 1, 0, 0]) == .sfnt && SFNTView.Container(magic: Array("OTTO".utf8)) == .sfnt)
        #expect(SFNTView.Container(magic: Array("%!PS".utf8)) == nil)
        #expect(TableTag.os2.description == "OS/2" && TableTag("cvt").description == "cvt ")
    }

    @Test func fvarAxesAndInstances() throws {
        let fvar = try #require(try Self.view().face(0).fvar())
        let expected = try object("fvar")
        let axes = try #require(expected["axes"] as? [[String: Any]])
        #expect(fvar.axes.map(\.tag.description) == axes.map { $0["tag"] as? String ?? "" })
        #expect(fvar.axes.map(\.minimum) == axes.map { $0["min"] as? Double ?? -1 })
        #expect(fvar.axes.map(\.defaultValue) == axes.map { $0["default"] as? Double ?? -1 })
        #expect(fvar.axes.map(\.maximum) == axes.map { $0["max"] as? Double ?? -1 })
        #expect(fvar.axes.map { Int($0.nameID.rawValue) } == axes.map { $0["nameID"] as? Int ?? -1 })
        let instances = try #require(expected["instances"] as? [[String: Any]])
        #expect(fvar.instances.map(\.coordinates) == instances.map { $0["coordinates"] as? [Double] ?? [] })
        #expect(
            fvar.instances.map { Int($0.subfamilyNameID.rawValue) }
                == instances.map { $0["subfamilyNameID"] as? Int ?? -1 })
        #expect(
            fvar.instances.map { $0.postScriptNameID.map { Int($0.rawValue) } }
                == instances.map { $0["postScriptNameID"] as? Int })
        #expect(fvar.axis(TableTag("opsz"))?.index == 1)
    }

    /// Instance names as Core Text makes them, from what fontTools reads:
    /// an instance's own postScriptNameID; else the font's name ID 6, `_`,
    /// the subfamily with spaces as hyphens; the default instance is the
    /// font itself. FreeType's TechNote 5902 name stays beside.
    @Test func instanceNames() throws {
        let face = try Self.view().face(0)
        let fvar = try #require(try face.fvar())
        let names = try #require(try face.names())
        let expected = try object("names")
        let fontName = try #require(expected["6"] as? String)
        let caption = try #require(expected["263"] as? String)
        let found = InstanceNames.postScriptNames(fvar: fvar, names: names, family: expected["1"] as? String)
        #expect(found[1]?.name == fontName && found[1]?.isFromFont == false)
        #expect(found[2]?.name == expected["260"] as? String && found[2]?.isFromFont == true)
        #expect(found[4]?.name == fontName + "_" + caption.replacingOccurrences(of: " ", with: "-"))
        #expect(found[4]?.freeTypeName == "TypefitOptical-" + caption.replacingOccurrences(of: " ", with: ""))
    }

    @Test func avarMaps() throws {
        let avar = try #require(try Self.view().face(0).avar())
        let expected = try #require(Self.expected["avar"] as? [[[Double]]])
        #expect(avar.maps.count == expected.count)
        for (map, pairs) in zip(avar.maps, expected) {
            #expect(map.count == pairs.count)
            for (pair, want) in zip(map, pairs) {
                #expect(abs(pair.from - want[0]) < 1e-5 && abs(pair.to - want[1]) < 1e-5)
            }
        }
        // Linear between the points: 0.3 is halfway from (0, 0) to (0.6, 0.4).
        #expect(abs(avar.map(axis: 0, 0.3) - 0.2) < 1e-3)
        #expect(avar.map(axis: 1, 0.3) == 0.3 && avar.map(axis: 5, 0.7) == 0.7)
    }

    @Test func statAxesAndValues() throws {
        let stat = try #require(try Self.view().face(0).stat())
        let expected = try object("stat")
        let axes = try #require(expected["axes"] as? [[String: Any]])
        #expect(stat.axes.map(\.tag.description) == axes.map { $0["tag"] as? String ?? "" })
        #expect(stat.axes.map { Int($0.ordering) } == axes.map { $0["ordering"] as? Int ?? -1 })
        #expect(stat.elidedFallbackNameID.map { Int($0.rawValue) } == expected["elidedFallbackNameID"] as? Int)
        let values = try #require(expected["values"] as? [[String: Any]])
        #expect(stat.values.count == values.count)
        for (value, want) in zip(stat.values, values) {
            #expect(Int(value.format) == want["format"] as? Int && Int(value.flags) == want["flags"] as? Int)
            #expect(Int(value.nameID.rawValue) == want["nameID"] as? Int)
            let locations = (want["locations"] as? [[Double]]) ?? []
            #expect(value.locations.map { [Double($0.axis), $0.value] } == locations)
            #expect(value.range.map { [$0.lowerBound, $0.upperBound] } == want["range"] as? [Double])
            #expect(value.linkedValue == want["linkedValue"] as? Double)
        }
    }

    @Test func trakTracks() throws {
        let trak = try #require(try Self.view().face(0).trak())
        let expected = try object("trak")
        #expect(trak.sizes == expected["sizes"] as? [Double])
        let tracks = try #require(expected["tracks"] as? [[String: Any]])
        #expect(trak.tracks.map(\.track) == tracks.map { $0["track"] as? Double ?? -9 })
        #expect(trak.tracks.map { $0.values.map(Int.init) } == tracks.map { $0["values"] as? [Int] ?? [] })
        #expect(trak.tracks.map { Int($0.nameID.rawValue) } == tracks.map { $0["nameID"] as? Int ?? -1 })
        // The normal track (30, 0, -25 at 9, 17, 28 pt): exact at a size,
        // linear between, along the nearest two beyond.
        #expect(trak.tracking(atPointSize: 17) == 0 && trak.tracking(atPointSize: 9) == 30)
        #expect(trak.tracking(atPointSize: 13) == 15)
        #expect(abs(trak.tracking(atPointSize: 48) - (-25 - 25.0 / 11 * 20)) < 1e-4)
        #expect(trak.tracking(atPointSize: 5) == 45)
    }

    /// Cut short anywhere, the view and every table either read or fail;
    /// nothing traps.
    @Test func truncatedFilesFailCleanly() throws {
        for cut in stride(from: 0, to: Self.bytes.count, by: 7) {
            let prefix = Array(Self.bytes[..<cut])
            guard let view = try? Self.view(prefix), let face = try? view.face(0) else { continue }
            _ = try? face.fvar()
            _ = try? face.stat()
            _ = try? face.avar()
            _ = try? face.trak()
            _ = try? face.names()
        }
    }

    /// A WOFF2 directory whose tables claim gigabytes before 'name' (a
    /// small stream can decode to that much): the name table is refused
    /// without decoding anything, where the reader once sized an array
    /// for the whole prefix.
    @Test func aWOFF2TableBeyondTheDecodingLimitIsNotDecoded() throws {
        func base128(_ value: Int) -> [UInt8] {
            var groups = [UInt8(value & 0x7F)]
            var rest = value >> 7
            while rest > 0 {
                groups.insert(UInt8(0x80 | (rest & 0x7F)), at: 0)
                rest >>= 7
            }
            return groups
        }
        func woff2(fillerLength: Int) -> [UInt8] {
            // An unknown tag (flags 63, then the tag), then 'name' (index 5).
            let directory = [63] + Array("XXXX".utf8) + base128(fillerLength) + [5] + base128(64)
            let stream = [UInt8](repeating: 0, count: 16)
            var header = [UInt8](repeating: 0, count: 48)
            header.replaceSubrange(0..<4, with: Array("wOF2".utf8))
            header.replaceSubrange(4..<8, with: [0, 1, 0, 0])
            header[13] = 2  // numTables
            header[23] = UInt8(stream.count)  // totalCompressedSize
            return header + directory + stream
        }
        let calls = Mutex(0)
        let decompressors = SFNTView.Decompressors(
            inflate: { _, _ in nil },
            brotliRange: { _, _ in
                calls.withLock { $0 += 1 }
                return nil
            })
        func names(_ bytes: [UInt8]) throws(SFNTView.Failure) -> NameTable? {
            try SFNTView(size: bytes.count, decompressors: decompressors) { offset, count in
                guard offset >= 0, offset <= bytes.count else { return nil }
                return Array(bytes[offset..<min(bytes.count, offset + count)])
            }.face(0).names()
        }
        #expect(throws: SFNTView.Failure.damaged("table 'name' ends past the 30 MB a WOFF2 font decodes to at most")) {
            try names(woff2(fillerLength: 0xFFFF_FFFF))
        }
        #expect(calls.withLock { $0 } == 0)
        // Within the limit the stream is decoded (here to nothing).
        #expect(throws: SFNTView.Failure.damaged("table 'name' cannot be read")) {
            try names(woff2(fillerLength: 1_000))
        }
        #expect(calls.withLock { $0 } == 1)
    }
}

import Foundation
import Testing
import TypefitTestSupport

@testable import FontRegistry

#if canImport(Glibc)
    import Glibc
#endif

/// `MappedFontFile`: every face opened from a file (shaping and drawing,
/// on any worker) reads one mapping of it, counted by the kernel's own list
/// of this process's mappings (`/proc/self/maps`); a file replaced at its
/// path is read anew; what is not a font file is refused at once.
@Suite struct MappedFontFileTests {
    /// How many mappings of `path` the process has.
    func mappings(of path: String) -> Int {
        let maps = Self.maps()
        // The kernel names a mapping by its file's resolved path.
        let resolved = realpath(path, nil).map { String(cString: $0) } ?? path
        return maps.split(separator: "\n").filter { $0.hasSuffix(" " + resolved) }.count
    }

    /// `/proc/self/maps`, read to its end (its size reads as 0, and
    /// Foundation's readers stop short of a long one).
    static func maps() -> String {
        let fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A private copy of a fixture font: the fixtures' own files are
    /// opened by other tests running at the same time.
    func copy(_ font: String, _ label: String) throws -> String {
        let path = Fixtures.temporaryDirectory(label).appendingPathComponent("Face.ttf").path
        try FileManager.default.copyItem(atPath: Fixtures.fonts.appendingPathComponent(font).path, toPath: path)
        return path
    }

    @Test func everyFaceOfAFileReadsOneMapping() throws {
        let path = try copy("TypefitSans-Regular.ttf", "mapped-one")
        do {
            let shaping = try HarfBuzzFace(file: path, index: 0)
            let sized = try HarfBuzzFace(file: path, index: 0, pointSize: 17)
            let drawing = try GlyphOutlines(file: path, index: 0)
            let other = try GlyphOutlines(file: path, index: 0)
            #expect(mappings(of: path) == 1)
            #expect(drawing.path(1) == other.path(1))
            withExtendedLifetime((shaping, sized, drawing, other)) {}
        }
        // The last face let go of it: unmapped.
        #expect(mappings(of: path) == 0)
    }

    @Test func aFileReplacedAtItsPathIsMappedAnew() throws {
        let path = try copy("TypefitSans-Regular.ttf", "mapped-replaced")
        let first = try MappedFontFile.mapped(path).get()
        #expect(try MappedFontFile.mapped(path).get() === first)
        // Another font renamed over it, as a build step would.
        let next = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("next.ttc").path
        let serif = Fixtures.fonts.appendingPathComponent("TypefitSerif.ttc").path
        try FileManager.default.copyItem(atPath: serif, toPath: next)
        #expect(rename(next, path) == 0)
        let second = try MappedFontFile.mapped(path).get()
        #expect(second !== first)
        #expect(Array(second.bytes.prefix(4)) == Array("ttcf".utf8))
        #expect(Array(first.bytes.prefix(4)) == [0, 1, 0, 0])
        #expect(try MappedFontFile.mapped(path).get() === second)
    }

    @Test func whatIsNotAFontFileIsRefusedAtOnce() throws {
        let dir = Fixtures.temporaryDirectory("mapped-refused")
        // A FIFO with no writer: refused, not waited on.
        let fifo = dir.appendingPathComponent("pipe.ttf").path
        #expect(SpecialFiles.makeFIFO(at: fifo))
        func reason(_ path: String) -> String? {
            if case .failure(let failure) = MappedFontFile.mapped(path) { return failure.reason }
            return nil
        }
        #expect(reason(fifo) == "not a regular file")
        #expect(reason(dir.path) == "not a regular file")
        let empty = dir.appendingPathComponent("empty.ttf").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(reason(empty) == "the file is empty")
        #expect(reason(dir.appendingPathComponent("missing.ttf").path) == String(cString: strerror(ENOENT)))
        // And said so by the faces that would read it.
        #expect(throws: RegistryError.self) { try HarfBuzzFace(file: fifo, index: 0) }
        #expect(throws: RegistryError.self) { try GlyphOutlines(file: empty, index: 0) }
    }
}

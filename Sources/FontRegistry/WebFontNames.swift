import CFreeType
import TypefitCore

/// Brotli's decoder (libbrotlidec, which FreeType itself links for
/// WOFF2), opened the first time a WOFF2 file's name is read. Its
/// development headers are not needed: the three functions are looked up
/// with their C signatures.
struct Brotli: @unchecked Sendable {
    let createInstance:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) ->
            OpaquePointer?
    let decompressStream:
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<Int>, UnsafeMutablePointer<UnsafePointer<UInt8>?>,
            UnsafeMutablePointer<Int>, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>?
        ) -> Int32
    let destroyInstance: @convention(c) (OpaquePointer?) -> Void

    /// Loaded once, or `nil` when the library is not there (FreeType then
    /// reads the name, as before).
    static let shared: Brotli? = {
        guard let handle = DynamicLibrary.open(["libbrotlidec.so.1", "libbrotlidec.so"]) else { return nil }
        return try? Brotli(handle)
    }()

    private init(_ handle: UnsafeMutableRawPointer) throws(MissingSymbol) {
        createInstance = try DynamicLibrary.symbol(handle, "BrotliDecoderCreateInstance")
        decompressStream = try DynamicLibrary.symbol(handle, "BrotliDecoderDecompressStream")
        destroyInstance = try DynamicLibrary.symbol(handle, "BrotliDecoderDestroyInstance")
    }

    /// The bytes at `range` of what `stream` decodes to, decoding no
    /// further; `nil` when it decodes to fewer or is not Brotli. The bytes
    /// before `range` go through a small buffer and are dropped: a WOFF2
    /// font's name table comes after its outlines, and decoding them into
    /// an array of their own cost 40 zero-filled pages a font.
    func bytes(of stream: [UInt8], in range: Range<Int>) -> [UInt8]? {
        guard !range.isEmpty, range.lowerBound >= 0, let state = createInstance(nil, nil, nil) else { return nil }
        defer { destroyInstance(state) }
        var output = [UInt8](repeating: 0, count: range.count)
        let decoded = stream.withUnsafeBufferPointer { input -> Bool in
            var availableIn = input.count
            var nextIn = input.baseAddress
            // Fills `buffer` exactly from the stream; false when the
            // stream ends first or is damaged. 3 means the buffer is full
            // and the stream goes on; 1 (done), 2 (needs more input: none
            // is left) or 0 (an error) before it is full end the stream,
            // as does a call that moves neither input nor output.
            func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Bool {
                var availableOut = buffer.count
                var nextOut = buffer.baseAddress
                while availableOut > 0 {
                    let (inBefore, outBefore) = (availableIn, availableOut)
                    let status = decompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                    guard availableOut == 0 || (status == 3 && (availableIn, availableOut) != (inBefore, outBefore))
                    else { return false }
                }
                return true
            }
            let skipped = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16 << 10) { scratch -> Bool in
                var left = range.lowerBound
                while left > 0 {
                    let part = min(left, scratch.count)
                    guard fill(UnsafeMutableBufferPointer(rebasing: scratch[..<part])) else { return false }
                    left -= part
                }
                return true
            }
            return skipped && output.withUnsafeMutableBufferPointer { fill($0) }
        }
        return decoded ? output : nil
    }
}

/// The decompressors the sfnt view asks for to read a web font's tables:
/// zlib through FreeType's own inflater, Brotli through libbrotlidec.
enum WebFontNames {
    static let decompressors = SFNTView.Decompressors(
        inflate: { stream, length in
            var output = [UInt8](repeating: 0, count: length)
            var written = UInt(length)
            let error = output.withUnsafeMutableBufferPointer { out in
                stream.withUnsafeBufferPointer { input in
                    CFreeType_inflate(out.baseAddress, &written, input.baseAddress, UInt(input.count))
                }
            }
            return error == 0 && Int(written) == length ? output : nil
        },
        brotliRange: { stream, range in Brotli.shared?.bytes(of: stream, in: range) })
}

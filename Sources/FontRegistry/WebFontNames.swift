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

    /// The first `count` bytes `stream` decodes to, decoding no further;
    /// `nil` when it decodes to fewer or is not Brotli.
    func prefix(of stream: [UInt8], count: Int) -> [UInt8]? {
        guard count > 0, let state = createInstance(nil, nil, nil) else { return nil }
        defer { destroyInstance(state) }
        var output = [UInt8](repeating: 0, count: count)
        let result = stream.withUnsafeBufferPointer { input -> Int32 in
            output.withUnsafeMutableBufferPointer { out -> Int32 in
                var availableIn = input.count
                var nextIn = input.baseAddress
                var availableOut = out.count
                var nextOut = out.baseAddress
                var status: Int32 = 0
                // 2: needs more input (none is left), 3: needs more output
                // (the prefix is full), 1: done, 0: an error.
                repeat {
                    status = decompressStream(state, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                } while status == 3 && availableOut > 0
                return availableOut == 0 ? 1 : 0
            }
        }
        return result == 1 ? output : nil
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
        brotliPrefix: { stream, count in Brotli.shared?.prefix(of: stream, count: count) })
}

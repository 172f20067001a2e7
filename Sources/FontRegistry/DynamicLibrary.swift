#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A function a library does not export.
struct MissingSymbol: Error {
    var name: String
}

/// Libraries opened when first needed rather than linked (see
/// `ShapingLibraries`, `Brotli`). The corresponding C functions are
/// `dlopen` and `dlsym`.
enum DynamicLibrary {
    /// The first of `names` (sonames, then development links) that opens.
    static func open(_ names: [String]) -> UnsafeMutableRawPointer? {
        for name in names {
            // RTLD_NOW: a missing symbol fails here, not mid-call.
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
        }
        return nil
    }

    /// The function `name` of `handle`, as the C function type `T`.
    static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String) throws(MissingSymbol) -> T {
        guard let address = dlsym(handle, name) else { throw MissingSymbol(name: name) }
        return unsafeBitCast(address, to: T.self)
    }
}

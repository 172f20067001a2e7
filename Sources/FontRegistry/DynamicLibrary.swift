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
        var failure: String?
        return open(names, failure: &failure)
    }

    /// The first of `names` that opens; when one is there but fails to
    /// load (a memory limit, a broken dependency, a wrong architecture),
    /// `failure` gets the loader's words for the first such, so that a
    /// message can say so rather than "not installed".
    static func open(_ names: [String], failure: inout String?) -> UnsafeMutableRawPointer? {
        for name in names {
            // RTLD_NOW: a missing symbol fails here, not mid-call.
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
            // dlerror's text is per thread and cleared by reading it.
            guard failure == nil, let text = dlerror() else { continue }
            let reason = String(cString: text)
            if !reason.hasSuffix("No such file or directory") { failure = reason }
        }
        return nil
    }

    /// The function `name` of `handle`, as the C function type `T`.
    static func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String) throws(MissingSymbol) -> T {
        guard let address = dlsym(handle, name) else { throw MissingSymbol(name: name) }
        return unsafeBitCast(address, to: T.self)
    }
}

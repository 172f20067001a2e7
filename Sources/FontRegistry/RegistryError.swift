/// A failure of the font registry, with Swift names for what went wrong in C.
public enum RegistryError: Error, Equatable, Sendable {
    /// fontconfig could not load its configuration and fonts.
    /// The corresponding C function is `FcInitLoadConfigAndFonts`.
    case fontconfigUnavailable
    /// A fontconfig configuration file could not be read or parsed.
    /// The corresponding C function is `FcConfigParseAndLoad`.
    case configurationUnreadable(path: String)
    /// fontconfig could not list fonts (out of memory).
    /// The corresponding C function is `FcFontList`.
    case listingFailed
    /// FreeType could not be initialized.
    /// The corresponding C function is `FT_Init_FreeType`.
    case freeTypeUnavailable(code: Int32)
    /// HarfBuzz could not open a font file for shaping.
    /// The corresponding C functions are `hb_blob_create_from_file_or_fail`
    /// and `hb_face_create`.
    case shapingFailed(file: String, reason: String)
    /// A library loaded on first use (HarfBuzz, ICU) is missing.
    /// The corresponding C function is `dlopen`.
    case libraryUnavailable(name: String, package: String)
    /// A library loaded on first use is installed but failed to load (the
    /// loader's words: a memory limit, a broken dependency).
    /// The corresponding C functions are `dlopen` and `dlerror`.
    case libraryFailed(name: String, reason: String)

    /// One line for stderr.
    public var message: String {
        switch self {
        case .fontconfigUnavailable:
            return "fontconfig could not load its configuration and fonts"
        case .configurationUnreadable(let path):
            return "\(path): not a fontconfig configuration file fontconfig can read"
        case .listingFailed:
            return "fontconfig could not list the installed fonts"
        case .freeTypeUnavailable(let code):
            return "FreeType could not start: \(FreeTypeError(code: code).message)"
        case .shapingFailed(let file, let reason):
            return "\(file): cannot shape text with it: \(reason)"
        case .libraryUnavailable(let name, let package):
            return "\(name) is not installed; run: sudo apt-get install \(package)"
        case .libraryFailed(let name, let reason):
            return "\(name) is installed but could not be loaded: \(reason)"
        }
    }
}

/// A file that could not be read as a font, and why.
public struct ScanProblem: Sendable, Equatable {
    /// The path as given or found.
    public var path: String
    /// Why it was skipped.
    public var reason: String
    /// Whether the user named this path (rather than it being found in a
    /// directory): such a failure makes the command fail.
    public var wasNamed: Bool

    /// One line for stderr.
    public var message: String { "\(path): \(reason)" }
}

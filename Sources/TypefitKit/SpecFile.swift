import FontRegistry
import TypefitCore

/// A DynamicFont spec (JSON) or ScaledFont style dictionary (plist) read
/// from a file, with its warnings.
public enum SpecFile {
    /// Why a spec could not be loaded.
    public enum LoadError: Error, Sendable {
        /// The file cannot be opened or read.
        case unreadable(InputFileError)
        /// The file does not parse or decode, at a position.
        case malformed(SourceError)

        /// As a diagnostic: `status` for a malformed spec (2 for commands
        /// that need the spec, 1 for `check`, whose finding it is).
        public func report(
            _ path: String, malformedStatus: ExitStatus = .cannotRun, into diagnostics: inout Diagnostics
        ) {
            switch self {
            case .unreadable(let error):
                diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
            case .malformed(let error):
                diagnostics.error(
                    .specMalformed(reason: error.message), status: malformedStatus, file: path, at: error.position)
            }
        }
    }

    /// Reads and decodes a spec, its warnings added to `diagnostics`, or
    /// why it cannot be.
    public static func read(_ path: String, diagnostics: inout Diagnostics) -> Result<DynamicFontSpec, LoadError> {
        decode(path, diagnostics: &diagnostics).result
    }

    /// Reads and decodes a spec, and where it names each face and style
    /// (only `check` asks: the file is parsed a second time for them).
    public static func read(_ path: String, diagnostics: inout Diagnostics, places: inout SpecPlaces)
        -> Result<DynamicFontSpec, LoadError>
    {
        let (result, bytes) = decode(path, diagnostics: &diagnostics)
        if case .success = result, let bytes { places = SpecPlaces.find(in: bytes) }
        return result
    }

    /// The spec and the file's bytes (`nil` when it could not be read).
    private static func decode(_ path: String, diagnostics: inout Diagnostics) -> (
        result: Result<DynamicFontSpec, LoadError>, bytes: [UInt8]?
    ) {
        switch SystemCalls.readInput(path, limit: 1 << 20, what: "a spec") {
        case .failure(let error):
            return (.failure(.unreadable(error)), nil)
        case .success(let bytes):
            do {
                let decoded = try DynamicFontSpec.decode(file: bytes)
                for warning in decoded.warnings {
                    diagnostics.warning(.specFieldIgnored(reason: warning.message), file: path, at: warning.position)
                }
                return (.success(decoded.spec), bytes)
            } catch {
                return (.failure(.malformed(error)), bytes)
            }
        }
    }

    /// A spec a run needs: one that cannot be read or decoded stops it
    /// (exit 2).
    public static func load(_ path: String, diagnostics: inout Diagnostics) throws(Stopped) -> DynamicFontSpec {
        switch read(path, diagnostics: &diagnostics) {
        case .success(let spec):
            return spec
        case .failure(let error):
            error.report(path, into: &diagnostics)
            throw Stopped()
        }
    }
}

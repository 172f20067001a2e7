/// A FreeType failure: the one error type for every `FT_*` call that
/// returns an error code, with the code as text.
///
/// Debian builds FreeType without `FT_CONFIG_OPTION_ERROR_STRINGS`, so
/// `FT_Error_String` returns NULL; the texts here follow `fterrdef.h`.
struct FreeTypeError: Error, Equatable, Sendable {
    /// FreeType's error code (`FT_Error`).
    var code: Int32

    /// The code in words, with its number: "unknown file format (FreeType
    /// error 0x2)".
    var message: String { Self.describe(code) }

    private static func describe(_ code: Int32) -> String {
        let text: String
        switch code {
        case 0x00: text = "no error"
        case 0x01: text = "cannot open resource"
        case 0x02: text = "unknown file format"
        case 0x03: text = "broken file"
        case 0x04: text = "invalid FreeType version"
        case 0x05: text = "module version is too low"
        case 0x06: text = "invalid argument"
        case 0x07: text = "unimplemented feature"
        case 0x08: text = "broken table"
        case 0x09: text = "broken offset within table"
        case 0x0A: text = "array allocation size too large"
        case 0x0B: text = "missing module"
        case 0x0C: text = "missing property"
        case 0x10: text = "invalid glyph index"
        case 0x11: text = "invalid character code"
        case 0x12: text = "unsupported glyph image format"
        case 0x13: text = "cannot render this glyph format"
        case 0x14: text = "invalid outline"
        case 0x15: text = "invalid composite glyph"
        case 0x16: text = "too many hints"
        case 0x17: text = "invalid pixel size"
        case 0x18: text = "invalid SVG document"
        case 0x20: text = "invalid object handle"
        case 0x21: text = "invalid library handle"
        case 0x22: text = "invalid module handle"
        case 0x23: text = "invalid face handle"
        case 0x24: text = "invalid size handle"
        case 0x25: text = "invalid glyph slot handle"
        case 0x26: text = "invalid charmap handle"
        case 0x27: text = "invalid cache manager handle"
        case 0x28: text = "invalid stream handle"
        case 0x40: text = "out of memory"
        case 0x41: text = "unlisted object"
        case 0x51: text = "cannot open stream"
        case 0x52: text = "invalid stream seek"
        case 0x53: text = "invalid stream skip"
        case 0x54: text = "invalid stream read"
        case 0x55: text = "invalid stream operation"
        case 0x56: text = "invalid frame operation"
        case 0x57: text = "nested frame access"
        case 0x58: text = "invalid frame read"
        case 0x8E: text = "table missing"
        case 0x8F: text = "horizontal header (hhea) table missing"
        case 0x90: text = "locations (loca) table missing"
        case 0x91: text = "name table missing"
        case 0x92: text = "character map (cmap) table missing"
        case 0x93: text = "horizontal metrics (hmtx) table missing"
        case 0x94: text = "PostScript (post) table missing"
        case 0x95: text = "invalid horizontal metrics"
        case 0x96: text = "invalid character map (cmap) format"
        case 0x97: text = "invalid ppem value"
        case 0x98: text = "invalid vertical metrics"
        case 0x99: text = "could not find context"
        case 0x9A: text = "invalid PostScript (post) table format"
        case 0x9B: text = "invalid PostScript (post) table"
        case 0xA0: text = "opcode syntax error"
        case 0xA1: text = "argument stack underflow"
        case 0xB3: text = "invalid file format"
        default: text = "unknown error"
        }
        return "\(text) (FreeType error 0x\(String(code, radix: 16)))"
    }
}

/// How the app's font files reach the bundle: Xcode copies files in
/// *groups* (the common case) flat into the bundle's root, and keeps the
/// folder structure only for *folder references*.
public enum BundleLayout: String, Sendable, CaseIterable {
    /// Every file by its name alone (groups).
    case flat
    /// Paths relative to the folder given (folder references).
    case folders
}

/// The `UIAppFonts` entries for an app's font files, as Xcode copies them.
public struct UIAppFontsEntries: Sendable, Equatable {
    /// The entries, one per file.
    public var entries: [String]
    /// Files left out: their path and why.
    public var leftOut: [(path: String, reason: String)]
    /// Files whose entries would be the same name (flat layout): Xcode
    /// refuses to copy both into the bundle ("Multiple commands produce").
    public var clashes: [(name: String, paths: [String])]

    /// Equal when every list is.
    public static func == (a: UIAppFontsEntries, b: UIAppFontsEntries) -> Bool {
        a.entries == b.entries && a.leftOut.map(\.path) == b.leftOut.map(\.path)
            && a.clashes.map(\.name) == b.clashes.map(\.name)
    }

    /// The formats Apple documents for `UIAppFonts` ("Adding a Custom Font
    /// to Your App": TrueType and OpenType font files).
    public static let documentedExtensions: Set<String> = ["ttf", "otf"]

    /// The entries for `files` (path, path relative to the folder it was
    /// found in) laid out as `layout` says. Other formats (WOFF, WOFF2,
    /// collections, Type 1, bitmap fonts) are left out, each with a reason.
    public init(files: [(path: String, relativePath: String)], layout: BundleLayout) {
        var byName: [String: [String]] = [:]
        var leftOut: [(path: String, reason: String)] = []
        var seen = Set<String>()
        for file in files where seen.insert(file.path).inserted {
            let name = lastPathComponent(file.relativePath)
            let ext =
                name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last ?? "").lowercased() : ""
            guard Self.documentedExtensions.contains(ext) else {
                let what: String
                switch ext {
                case "woff", "woff2": what = "a web font (WOFF)"
                case "ttc", "otc": what = "a font collection"
                case "": what = "a font file without an extension"
                default: what = "a .\(ext) font"
                }
                leftOut.append(
                    (file.path, "\(what): Apple documents TrueType (.ttf) and OpenType (.otf) files for UIAppFonts"))
                continue
            }
            let entry = layout == .flat ? name : file.relativePath
            byName[entry, default: []].append(file.path)
        }
        entries = byName.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        self.leftOut = leftOut.sorted { $0.path < $1.path }
        clashes = byName.filter { $0.value.count > 1 }.map { ($0.key, $0.value.sorted()) }.sorted { $0.name < $1.name }
    }
}

/// The `UIAppFonts` entry of an app's Info.plist: every font file once, by
/// its path inside the bundle (with its extension), sorted by bytes, ready
/// to paste into the plist's top `<dict>`.
public func uiAppFontsFragment(_ paths: [String]) -> String {
    let unique = Set(paths).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var out = "<key>UIAppFonts</key>\n<array>\n"
    for path in unique {
        out += "\t<string>\(xmlEscaped(path))</string>\n"
    }
    return out + "</array>\n"
}

/// Text safe inside XML elements and double-quoted attributes. Works on
/// UTF-8 bytes (a review page escapes every key and text it shows), and
/// returns the text itself when nothing needs escaping. Characters XML 1.0
/// cannot hold at all, not even as a character reference (C0 controls
/// other than tab, line feed and carriage return; U+FFFE and U+FFFF), are
/// written as typefit writes them on a terminal (`\u{1B}`), so that every
/// document is well-formed whatever a font or catalog names. Line feeds
/// and carriage returns become character references (`&#10;`, `&#13;`),
/// which render as they did: a page or drawing is then never a file in
/// which a catalog's value (`ssh-ed25519 AAAA… attacker`) stands on a line
/// of its own, whatever file a link made it land in.
public func xmlEscaped(_ text: String) -> String {
    guard text.utf8.contains(where: xmlMayEscape) else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x26: out += Array("&amp;".utf8)
        case 0x3C: out += Array("&lt;".utf8)
        case 0x3E: out += Array("&gt;".utf8)
        case 0x22: out += Array("&quot;".utf8)
        case 0x09: out.append(0x09)
        case 0x0A: out += Array("&#10;".utf8)
        case 0x0D: out += Array("&#13;".utf8)
        case 0..<0x20, 0xFFFE, 0xFFFF:
            out += Array("\\u{\(String(scalar.value, radix: 16, uppercase: true))}".utf8)
        default: out.append(contentsOf: scalar.utf8)
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Whether `byte` may start what `xmlEscaped` rewrites: `&`, `<`, `>`,
/// `"`, a control other than tab, or the lead byte of U+FFFE and U+FFFF
/// (0xEF). Text with none of them is written as it is.
@inline(__always)
func xmlMayEscape(_ byte: UInt8) -> Bool {
    byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || (byte < 0x20 && byte != 0x09) || byte == 0xEF
}

/// The JSON schema version every document carries as `schemaVersion`.
public let jsonSchemaVersion = 1

/// The bare number scripts get (`--format value`, CSV, generated Swift):
/// whole numbers without a fraction (`48`), others in Swift's shortest form
/// that reads back to the same Double (`16.333333333333332`).
public func shortestNumber(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int(value)) }
    return value.description
}

/// Renders numbers for people: whole numbers bare, others to at most three
/// decimals. JSON output never goes through this.
public func humanNumber(_ value: Double) -> String {
    // Beyond 1e15 (and for infinities and NaN) Int(_:) would trap: such
    // numbers reach here from bad input, in the error that reports them.
    guard value.isFinite, abs(value) < 1e15 else { return value.description }
    if value == value.rounded() { return String(Int(value)) }
    let rounded = (value * 1000).rounded() / 1000
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

/// Pads `text` to `width` characters (by `Character`, which is close enough
/// for the ASCII-heavy tables typefit prints).
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let gap = max(0, width - text.count)
    let spaces = String(repeating: " ", count: gap)
    return right ? spaces + text : text + spaces
}

/// The last component of a path (`Fonts/a.ttf` → `a.ttf`; a trailing slash
/// ignored): for titles that must not depend on where a checkout lives, and
/// bundle names.
public func lastPathComponent(_ path: String) -> String {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
}

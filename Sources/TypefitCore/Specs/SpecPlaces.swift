/// Where a spec file names each face and text style, so that `check`'s
/// findings point at the line a reviewer changes (a CI annotation on the
/// face's or style's key).
public struct SpecPlaces: Sendable, Equatable {
    /// Per face key (a JSON spec's `faces` member; a ScaledFont
    /// dictionary's `fontName`, keyed by the name), where it is.
    public var faces: [String: SourcePosition] = [:]
    /// Per text style, where its key is.
    public var styles: [TextStyle: SourcePosition] = [:]

    /// Creates an empty one.
    public init() {}

    /// The places in a spec file that decoded (`DynamicFontSpec.decode(file:)`):
    /// nothing where the bytes no longer parse.
    public static func find(in bytes: [UInt8]) -> SpecPlaces {
        var places = SpecPlaces()
        if let document = try? JSONParser.parse(bytes), case .object(let members) = document.value {
            for member in members {
                guard case .object(let entries) = member.value.value else { continue }
                if member.key == "faces" {
                    for entry in entries { places.faces[entry.key] = entry.keyPosition }
                } else if member.key == "styles" {
                    for entry in entries {
                        if let style = try? TextStyle(parsing: entry.key) { places.styles[style] = entry.keyPosition }
                    }
                }
            }
        } else if let root = try? PropertyListParser.parse(bytes), case .dictionary(let entries) = root.value {
            for entry in entries {
                guard let style = try? TextStyle(parsing: entry.key) else { continue }
                places.styles[style] = entry.keyPosition
                guard case .dictionary(let fields) = entry.value.value,
                    let name = fields.first(where: { $0.key == "fontName" })?.value, let text = name.string,
                    places.faces[text] == nil
                else { continue }
                places.faces[text] = name.position
            }
        }
        return places
    }
}

/// A family and its faces, as `UIFont.familyNames` and
/// `fontNames(forFamilyName:)` pair them.
public struct FontFamily: Sendable, Equatable {
    /// The primary family name.
    public var name: String
    /// Other names of the family's faces (legacy and localized names).
    public var aliases: [String]
    /// The faces, lightest first (see `FontCatalog`).
    public var faces: [FontFace]
}

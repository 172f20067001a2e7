/// Where a face was found: a font file and the face index inside it, and
/// what the face is.
public struct FaceLocation: Sendable, Equatable {
    /// The font file.
    public var file: String
    /// The face index (as `list-fonts` reports it).
    public var index: Int
    /// The face's PostScript name, when it has one.
    public var postscriptName: String?
    /// The face's family.
    public var family: String?
    /// The face's weight on the OpenType scale (`nil`: a variable range).
    public var weight: Int?
    /// Whether `UIFont(name:)` is known to take `postscriptName`
    /// (`FontFace.knownToUIFont`); `nil` when unknown or without a name.
    public var knownToUIFont: Bool?
    /// Whether the face is italic or oblique.
    public var isItalic: Bool
    /// Whether it is Apple's system font (`SystemFont`), which Core Text
    /// sizes whatever its tables (`OpticalSizing`).
    public var isSystemFont = false
    /// The optical size it is measured at (`--optical-size`; `auto`: the
    /// point size's, by `OpticalSizing`'s rule).
    public var opticalSize: OpticalSizeMode = .auto

    /// Creates a location.
    public init(
        file: String, index: Int, postscriptName: String? = nil, family: String? = nil, weight: Int? = nil,
        knownToUIFont: Bool? = nil, isItalic: Bool = false
    ) {
        self.file = file
        self.index = index
        self.postscriptName = postscriptName
        self.family = family
        self.weight = weight
        self.knownToUIFont = knownToUIFont
        self.isItalic = isItalic
    }

    /// Where `face` is, and what it is.
    public init(_ face: FontFace) {
        self.init(
            file: face.file, index: face.index, postscriptName: face.postscriptName, family: face.family,
            weight: face.weight, knownToUIFont: face.knownToUIFont, isItalic: face.isItalic)
    }
}

/// A style's face as one cell uses it.
public struct FaceResolution: Sendable, Equatable {
    /// The key in the spec's `faces` (`regular`, `bold`); `nil` for a face
    /// chosen by `--family`.
    public var key: String?
    /// The PostScript name the spec asks for, or of the face `--family`
    /// chose.
    public var postscriptName: String?
    /// Where it was found; `nil` when missing.
    public var location: FaceLocation?
    /// `--fallback`, for a missing face: what fontconfig would use instead.
    public var fallback: FaceLocation?
    /// `--bold-text`: the face Bold Text steps to, or why there is none.
    public var boldText: BoldTextStep?

    /// Creates a resolution.
    public init(
        key: String?, postscriptName: String?, location: FaceLocation? = nil, fallback: FaceLocation? = nil,
        boldText: BoldTextStep? = nil
    ) {
        self.key = key
        self.postscriptName = postscriptName
        self.location = location
        self.fallback = fallback
        self.boldText = boldText
    }
}

/// What iOS's Bold Text setting does to a face: the next heavier face of its
/// family, or the reason there is none.
public struct BoldTextStep: Sendable, Equatable {
    /// The heavier face; `nil` when none exists.
    public var face: FaceLocation?
    /// Why no heavier face is used.
    public var reason: String?

    /// Creates a step.
    public init(face: FaceLocation?, reason: String? = nil) {
        self.face = face
        self.reason = reason
    }
}

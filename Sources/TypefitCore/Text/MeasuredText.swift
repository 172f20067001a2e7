/// A string shaped once with one face (and its fallbacks): the advance of
/// each cluster in ems, so that its width at any point size is one
/// multiplication — with unhinted advances, as iOS lays text out, a line's
/// width is linear in the point size.
public struct MeasuredText: Sendable, Equatable {
    /// The text, as UTF-8.
    public var utf8: [UInt8]
    /// Per UTF-8 byte: the advance in ems of the cluster that starts at it
    /// (0 inside a cluster).
    public var advances: [Double]
    /// Characters no face had a glyph for (drawn as .notdef boxes).
    public var missingGlyphs: Int
    /// Faces that stood in for characters the face lacks, in order of use.
    public var fallbacks: [FallbackUse]

    /// Creates a measurement.
    public init(utf8: [UInt8], advances: [Double], missingGlyphs: Int = 0, fallbacks: [FallbackUse] = []) {
        self.utf8 = utf8
        self.advances = advances
        self.missingGlyphs = missingGlyphs
        self.fallbacks = fallbacks
    }

    /// The width in ems of the bytes `range`.
    public func ems(_ range: Range<Int>) -> Double {
        advances[range].reduce(0, +)
    }

    /// The width of the whole line at `pointSize`, in points.
    public func width(atPointSize pointSize: Double) -> Double {
        ems(0..<advances.count) * pointSize
    }
}

/// A face used for characters the measured face lacks (as iOS's cascade
/// list substitutes one).
public struct FallbackUse: Sendable, Equatable {
    /// Its PostScript name (`nil` when it has none).
    public var postscriptName: String?
    /// Its family.
    public var family: String
    /// Its file.
    public var file: String
    /// How many characters it drew.
    public var characters: Int

    /// Creates a record.
    public init(postscriptName: String?, family: String, file: String, characters: Int) {
        self.postscriptName = postscriptName
        self.family = family
        self.file = file
        self.characters = characters
    }
}

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
    /// Per UTF-8 byte: how many glyphs HarfBuzz's cluster that starts
    /// there has (0 inside a cluster; 255 at most), kept only for
    /// SkParagraph, which cuts a long word between HarfBuzz's clusters and
    /// by its glyph count (`TextWrapper::lookAhead`); empty otherwise.
    public var clusterGlyphs: [UInt8] = []

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

    /// Where a tab advances to: the next multiple of 28 points, the
    /// interval of `NSParagraphStyle`'s default tab stops (Apple's
    /// documentation of `tabStops`: "12 left-aligned tabs at 28-point
    /// intervals"; past the twelfth typefit keeps the interval).
    public static let tabInterval = 28.0

    /// The byte ranges of the hard lines: text between line breaks (`\n`,
    /// `\r\n`, `\r`, U+2028, U+2029), as UILabel and SwiftUI break there.
    public var hardLines: [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var i = 0
        while i < utf8.count {
            let length = Self.hardBreakLength(utf8, at: i)
            guard length > 0 else {
                i += 1
                continue
            }
            lines.append(start..<i)
            i += length
            start = i
        }
        lines.append(start..<utf8.count)
        return lines
    }

    /// How many bytes the hard line break at `i` takes (0: none there).
    public static func hardBreakLength(_ utf8: [UInt8], at i: Int) -> Int {
        switch utf8[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < utf8.count && utf8[i + 1] == 0x0A ? 2 : 1
        case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
            return 3
        default: return 0
        }
    }

    /// The width of the bytes `range` as one line at `pointSize`, a tab
    /// advancing to the next tab stop.
    public func lineWidth(_ range: Range<Int>, atPointSize pointSize: Double) -> Double {
        var width = 0.0
        for i in range {
            if utf8[i] == 0x09 {
                width = ((width / Self.tabInterval).rounded(.down) + 1) * Self.tabInterval
            } else {
                width += advances[i] * pointSize
            }
        }
        return width
    }

    /// The width at `pointSize`, in points: the widest hard line.
    public func width(atPointSize pointSize: Double) -> Double {
        guard utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) else {
            return ems(0..<advances.count) * pointSize
        }
        return hardLines.map { lineWidth($0, atPointSize: pointSize) }.max() ?? 0
    }
}

extension MeasuredText {
    /// The measurement with `trackingEms` added at each byte of
    /// `trackedAt` (`TextMeasurer.measureForTracking`): one shaping, each
    /// size's tracking.
    public func tracked(by trackingEms: Double, at trackedAt: [Bool]) -> MeasuredText {
        guard trackingEms != 0 else { return self }
        var copy = self
        copy.advances.withUnsafeMutableBufferPointer { advances in
            for i in 0..<min(advances.count, trackedAt.count) where trackedAt[i] { advances[i] += trackingEms }
        }
        return copy
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
    /// What it is to iOS: its own face for the script, an open stand-in,
    /// or fontconfig's choice (`IOSCascade`).
    public var role: IOSCascade.Role
    /// The coordinates and tracking it was measured at.
    public var setting: FaceSetting = .plain
    /// For a stand-in: the iOS face it stands for, at the weight iOS
    /// draws the run in (`Kefa Regular`, `SF Arabic Bold`).
    public var standsInFor: String?

    /// Creates a record.
    public init(
        postscriptName: String?, family: String, file: String, characters: Int,
        role: IOSCascade.Role = .fontconfig
    ) {
        self.postscriptName = postscriptName
        self.family = family
        self.file = file
        self.characters = characters
        self.role = role
    }
}

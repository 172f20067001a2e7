import FontRegistry

/// How many bytes of glyph outlines one document (a review page, a
/// specimen) defines: past `maximum`, further glyphs are drawn as the
/// face's crossed box, so a pull request's font cannot make a file no
/// browser loads. Also words the warnings these limits give.
struct OutlineBudget {
    /// The most bytes of outlines one document defines.
    static let maximum = 32 << 20

    private(set) var used = 0
    /// Glyphs drawn as boxes because the budget ran out.
    private(set) var boxed = 0

    /// `path`, or the face's marker once the budget is spent.
    mutating func admit(_ path: String, of outlines: GlyphOutlines) -> String {
        var path = path
        if used + path.utf8.count > Self.maximum {
            path = outlines.marker
            boxed += 1
        }
        used += path.utf8.count
        return path
    }

    /// The warning for the document, when glyphs were boxed.
    var warning: Finding? {
        guard boxed > 0 else { return nil }
        return .outlineCapReached(megabytes: Self.maximum >> 20, boxed: boxed)
    }

    /// The warning for a font file some of whose glyphs have more outline
    /// points than typefit draws.
    static func cappedGlyphsWarning(file: String, count: Int) -> Finding {
        .glyphsOverPointCap(file: file, count: count, maximumPoints: GlyphOutlines.maximumPoints)
    }
}

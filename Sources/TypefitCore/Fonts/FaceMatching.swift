/// Choosing a face of a family by weight: the CSS font-matching rules that
/// browsers use (CSS Fonts Level 4, §5.2 "Matching font styles"), and the
/// step iOS's Bold Text setting takes. Pure: the family's faces come in.
public enum FaceMatching {
    /// The face CSS would pick for `weight` (OpenType scale) among one
    /// family's faces, in the order of CSS Fonts Level 4 §5.2:
    /// 1. width (`font-stretch`, a percentage): the asked width; at or
    ///    below 100%, narrower widths nearest first, then wider ones; above
    ///    100%, wider widths nearest first, then narrower ones. So a family
    ///    whose condensed faces share its name gives its normal faces.
    /// 2. style: upright faces for upright text, italic for italic; the
    ///    other kind only when none exists.
    /// 3. weight:
    ///    - 400–500 asked: weights from the asked one up to 500, ascending;
    ///      then lighter ones, descending; then heavier than 500, ascending.
    ///    - below 400: lighter or equal, descending; then heavier, ascending.
    ///    - above 500: heavier or equal, ascending; then lighter, descending.
    /// Only faces with a PostScript name are candidates while the family has
    /// any (a name is what an app asks UIFont for; a variable font's named
    /// instances have one, its default face spanning the axes has none);
    /// otherwise a variable face whose ranges hold the asked values matches
    /// them exactly. Among equals, list order.
    public static func nearest(
        to weight: Int, italic: Bool = false, width: Int = 100, among faces: [FontFace]
    ) -> FontFace? {
        let named = faces.filter { $0.postscriptName != nil }
        let candidates = named.isEmpty ? faces : named
        guard
            let bestWidth = candidates.map({ effectiveWidth(of: $0, asked: width) }).min(by: {
                widthRank($0, asked: width) < widthRank($1, asked: width)
            })
        else { return nil }
        let sameWidth = candidates.filter { effectiveWidth(of: $0, asked: width) == bestWidth }
        let sameStyle = sameWidth.filter { $0.isItalic == italic }
        let pool = sameStyle.isEmpty ? sameWidth : sameStyle
        var best: (face: FontFace, key: (Int, Int))?
        for face in pool {
            guard let candidate = effectiveWeight(of: face, asked: weight) else { continue }
            let order = rank(candidate, asked: weight)
            let key = (order.group, order.distance)
            if let current = best, current.key <= key { continue }
            best = (face, key)
        }
        return best?.face
    }

    /// The face iOS's Bold Text would use instead of `face`: the lightest
    /// face of the same family, width and style that is heavier than it,
    /// or `nil` when the family has none.
    public static func nextHeavier(than face: FontFace, among faces: [FontFace]) -> FontFace? {
        // A variable default face already spans every weight it has.
        guard let current = face.weight else { return nil }
        let width = face.width ?? 100
        var best: (face: FontFace, weight: Int)?
        for other in faces
        where other.isItalic == face.isItalic && other.postscriptName != nil
            && effectiveWidth(of: other, asked: width) == width
        {
            guard let weight = other.weight, weight > current else { continue }
            if let current = best, current.weight <= weight { continue }
            best = (other, weight)
        }
        return best?.face
    }

    /// What Bold Text does to `face`, found in `pool` (the faces of the
    /// place it was found in): the next heavier face of its family, or why
    /// there is none.
    public static func boldTextStep(for face: FontFace, in pool: [FontFace]) -> BoldTextStep {
        let family = FontCatalog.faces(pool, inFamily: face.family)
        if let heavier = nextHeavier(than: face, among: family) { return BoldTextStep(face: FaceLocation(heavier)) }
        guard let weight = face.weight else {
            return BoldTextStep(
                face: nil, reason: "a variable face spanning weights has no single heavier face; name an instance")
        }
        return BoldTextStep(face: nil, reason: "'\(face.family)' has no face heavier than \(weight)")
    }

    /// The weight a face offers for `asked`: its own, or for a variable face
    /// the asked weight clamped to its range.
    static func effectiveWeight(of face: FontFace, asked: Int) -> Int? {
        if let range = face.weightRange { return min(max(asked, range.lowerBound), range.upperBound) }
        return face.weight
    }

    /// The width a face offers for `asked`: its own, or for a variable face
    /// the asked width clamped to its range.
    static func effectiveWidth(of face: FontFace, asked: Int) -> Int {
        if let range = face.widthRange { return min(max(asked, range.lowerBound), range.upperBound) }
        return face.width ?? 100
    }

    /// CSS's width order as a sortable pair: exact first; then, at or
    /// below 100%, narrower (nearest first) before wider; above, wider
    /// before narrower.
    static func widthRank(_ width: Int, asked: Int) -> (group: Int, distance: Int) {
        let distance = abs(width - asked)
        if width == asked { return (0, 0) }
        let preferred = asked <= 100 ? width < asked : width > asked
        return (preferred ? 1 : 2, distance)
    }

    /// The CSS order as a sortable pair: which group the weight falls in,
    /// and how far it is from the asked one.
    static func rank(_ weight: Int, asked: Int) -> (group: Int, distance: Int) {
        let distance = abs(weight - asked)
        if (400...500).contains(asked) {
            if weight >= asked && weight <= 500 { return (0, distance) }
            if weight < asked { return (1, distance) }
            return (2, distance)
        }
        if asked < 400 { return (weight <= asked ? 0 : 1, distance) }
        return (weight >= asked ? 0 : 1, distance)
    }
}

import Synchronization
import TypefitCore

/// How a platform picks the fonts that draw the characters a face lacks
/// (`FallbackPolicy`): iOS's cascade or Minikin's selection over Android's
/// chain. Each keeps its own memory of choices; the cascade, the
/// configuration and the faces opened are the `FallbackState`'s, which
/// every selection shares.
protocol FallbackSelection: AnyObject {
    /// What a fallback family is to the platform.
    func role(ofFamily family: String, weight: Int?) -> (role: IOSCascade.Role, standsInFor: String?)
    /// The missing bytes of `utf8` in stretches drawn by one cascade font
    /// each (`state`'s cascade, to which the selection adds its fonts).
    func segments(_ utf8: [UInt8], missing: [Bool], language: String?, in state: FallbackState)
        -> [FallbackSegmenter.Segment]
}

/// iOS's cascade: each cluster tried first in iOS's face for its script
/// (for the system font its own faces first), else the open stand-in
/// (`IOSCascade`), then in fontconfig's order.
final class IOSCascadeSelection: FallbackSelection {
    private let isSystemFont: Bool
    /// Per language: the segmenter, which remembers the cascade font
    /// chosen for each short cluster, so that a repeated letter asks no
    /// charset again.
    private var segmenters: [String: FallbackSegmenter] = [:]
    /// Per language, per `IOSCascade` entry: the cascade fonts of its
    /// faces found (iOS's, else the stand-in), appended to the cascade.
    private var preferredFonts: [String: [String: [Int]]] = [:]
    /// Per language: iOS's table for it (`IOSCascade.Languaged`).
    private var tables: [String: IOSCascade.Languaged] = [:]
    /// Per fallback family: what it is to iOS, found once.
    private var roles: [String: (role: IOSCascade.Role, standsInFor: String?)] = [:]

    init(isSystemFont: Bool) { self.isSystemFont = isSystemFont }

    func role(ofFamily family: String, weight: Int?) -> (role: IOSCascade.Role, standsInFor: String?) {
        let key = family + "\u{0}" + (weight.map(String.init) ?? "")
        if let known = roles[key] { return known }
        let role = IOSCascade.role(ofFamily: family, weight: weight, isSystemFont: isSystemFont)
        roles[key] = role
        return role
    }

    func segments(_ utf8: [UInt8], missing: [Bool], language: String?, in state: FallbackState)
        -> [FallbackSegmenter.Segment]
    {
        let key = language ?? ""
        let table = tables[key] ?? IOSCascade.Languaged(language)
        tables[key] = table
        // The faces of the scripts missing, found before the segmenter
        // reads the cascade (they are appended to it): each entry once
        // per language, so a string of a script met before costs a table
        // lookup per missing character.
        var resolved = preferredFonts[key] ?? [:]
        var offset = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            defer { offset += UTF8.width(scalar) }
            guard offset < missing.count, missing[offset] else { continue }
            if let entry = table.entry(for: scalar), resolved[entry.name] == nil {
                resolved[entry.name] = preferred(entry, language, state)
            }
            // Emoji lie from U+2000 on; only those ask for the emoji face.
            if scalar.value >= 0x2000, resolved[IOSCascade.Languaged.emojiName] == nil, scalar.properties.isEmoji,
                let emoji = table.entry(for: scalar, isEmoji: true)
            {
                resolved[emoji.name] = preferred(emoji, language, state)
            }
        }
        let list = state.coverage(language)
        // Taken out while it learns (read from the dictionary, its memory
        // of clusters was copied whole at its first new entry).
        var segmenter = segmenters.removeValue(forKey: key) ?? FallbackSegmenter()
        defer { segmenters[key] = segmenter }
        return segmenter.segments(utf8, missing: missing, cascade: list) { scalar, emoji in
            guard let entry = table.entry(for: scalar, isEmoji: emoji) else { return [] }
            return resolved[entry.name] ?? []
        }
    }

    /// The cascade indices of `entry`'s faces for `language` (for the
    /// system font its own faces first, then iOS's, then the stand-ins),
    /// at the face's weight and slant, each found once and appended to
    /// the cascade.
    private func preferred(_ entry: IOSCascade.Entry, _ language: String?, _ state: FallbackState) -> [Int] {
        let key = language ?? ""
        if let known = preferredFonts[key]?[entry.name] { return known }
        let own = isSystemFont ? entry.systemFontFamilies : []
        // iOS's face and its stand-ins at the weight iOS's face has nearest
        // the run's (Kefa has Regular only: a bold run is drawn in it).
        let iosWeight =
            entry.iosWeights.map { IOSCascade.nearestWeight(state.weight ?? 400, among: $0) } ?? state.weight
        let fonts = (own + entry.iosFamilies + entry.standIns).compactMap { family in
            state.familyFace(family, weight: own.contains(family) ? state.weight : iosWeight)
        }
        let indices = state.indices(of: fonts, language: language)
        preferredFonts[key, default: [:]][entry.name] = indices
        return indices
    }
}

/// Minikin's selection: every cluster tries Android's chain in the order
/// Minikin tries its families for the language (`AndroidFontFallback`),
/// or Skia's order for Flutter's engine, then fontconfig's.
final class MinikinSelection: FallbackSelection {
    private let chain: AndroidFallback
    /// Whether the order is Skia's (`AndroidFontFallback.skiaOrder`).
    private let readsLikeSkia: Bool
    /// Per language: the segmenter (`IOSCascadeSelection`'s reason).
    private var segmenters: [String: FallbackSegmenter] = [:]
    /// Per language: the cascade indices of the chain's families found,
    /// in the order Minikin tries them for the language.
    private var orders: [String: [Int]] = [:]

    init(_ chain: AndroidFallback, readsLikeSkia: Bool = false) {
        self.chain = chain
        self.readsLikeSkia = readsLikeSkia
    }

    func role(ofFamily family: String, weight: Int?) -> (role: IOSCascade.Role, standsInFor: String?) {
        // Android's chain: its own file, or an installed font of the
        // same family standing in for it.
        guard let entry = AndroidFontFallback.families.first(where: { $0.isNamed(family) })
        else { return (.fontconfig, nil) }
        return chain.fromDevice ? (.android, nil) : (.standIn, entry.file)
    }

    func segments(_ utf8: [UInt8], missing: [Bool], language: String?, in state: FallbackState)
        -> [FallbackSegmenter.Segment]
    {
        let order = self.order(language, state)
        let list = state.coverage(language)
        var segmenter =
            segmenters.removeValue(forKey: language ?? "") ?? FallbackSegmenter(keepsRunFont: readsLikeSkia)
        defer { segmenters[language ?? ""] = segmenter }
        return segmenter.segments(utf8, missing: missing, cascade: list) { _, _ in order }
    }

    /// The chain's families found (device files or installed ones of the
    /// same family names), as cascade indices in the order Minikin tries
    /// them for `language` (`AndroidFontFallback.order`) or Skia does
    /// (`skiaOrder`), each found once and appended to the cascade.
    private func order(_ language: String?, _ state: FallbackState) -> [Int] {
        let key = language ?? ""
        if let known = orders[key] { return known }
        let order: [Int]
        if readsLikeSkia {
            order = AndroidFontFallback.skiaOrder(language: language)
        } else {
            let requested = MinikinFontSelection.locales(language ?? "", maximize: LikelySubtags.maximize)
            order = AndroidFontFallback.order(requested: requested, variant: chain.variant, locales: Self.familyLocales)
        }
        let fonts = order.compactMap { index -> CascadeFont? in
            let family = AndroidFontFallback.families[index]
            return ([family.name] + family.otherNames).lazy.compactMap { state.familyFace($0, weight: state.weight) }
                .first
        }
        let indices = state.indices(of: fonts, language: language)
        orders[key] = indices
        return indices
    }

    /// Each chain family's locales, maximized once.
    private static func familyLocales(_ tags: String) -> [MinikinFontSelection.Locale] {
        familyLocaleCache.withLock { cache in
            if let known = cache[tags] { return known }
            let parsed = MinikinFontSelection.locales(tags, maximize: LikelySubtags.maximize)
            cache[tags] = parsed
            return parsed
        }
    }
    private static let familyLocaleCache = Mutex<[String: [MinikinFontSelection.Locale]]>([:])
}

/// The locale intl uses for a message's locale (`verifiedLocale`,
/// `intl_helpers.dart:205–237`): the locale itself, else with `_` and its
/// region upper-cased (`zh_TW` for `zh-TW`), without its script
/// (`zh_Hant_TW` → `zh_TW`), its language alone, then the deprecated twin
/// of either (`he`/`iw`, `fil`/`tl`, `id`/`in`, `nb`/`no`).
public enum IntlLocale {
    /// The first spelling `exists` accepts, or `nil` (intl throws
    /// "Invalid locale").
    public static func verified(_ language: String, exists: (String) -> Bool) -> String? {
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first else { return nil }
        let base = first.lowercased()
        var candidates = [language]
        if parts.count > 1 {
            let rest = parts.dropFirst().map { $0.count <= 3 ? $0.uppercased() : $0 }
            candidates.append(([base] + rest).joined(separator: "_"))
            if let region = parts.last, region.count <= 3 { candidates.append(base + "_" + region.uppercased()) }
        }
        candidates.append(base)
        candidates.append(deprecated(base))
        return candidates.first(where: exists)
    }

    static func deprecated(_ language: String) -> String {
        switch language {
        case "iw": "he"
        case "he": "iw"
        case "fil": "tl"
        case "tl": "fil"
        case "id": "in"
        case "in": "id"
        case "no": "nb"
        case "nb": "no"
        default: language
        }
    }
}

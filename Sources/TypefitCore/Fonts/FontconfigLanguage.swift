/// Language tags as Xcode writes them (BCP 47: `zh-Hans`, `zh-Hant`,
/// `pt-BR`, `es-419`, `sr-Latn`) as fontconfig's `lang` compares them.
/// fontconfig names its orthographies by language and territory
/// (`zh_cn.orth`, `zh_tw.orth`, `zh_hk.orth` in its `fc-lang` folder) and
/// reads whatever follows the language as a territory: `zh-hans` matched
/// Simplified and Traditional Chinese fonts alike (WenQuanYi before Noto
/// Sans CJK SC). So a script subtag becomes the territory whose
/// orthography is written in it, a numeric region (`419`) is dropped, and
/// Latin Serbian is fontconfig's `sh`.
public enum FontconfigLanguage {
    /// fontconfig's tag for `tag`.
    public static func tag(_ tag: String) -> String {
        let parts = tag.lowercased().split { $0 == "-" || $0 == "_" }.map(String.init)
        guard let language = parts.first else { return tag }
        let rest = parts.dropFirst()
        let script = rest.first { $0.count == 4 && $0.allSatisfy(\.isLetter) }
        let region = rest.first { $0.count == 2 && $0.allSatisfy(\.isLetter) }
        switch language {
        case "zh":
            if let region, ["cn", "sg", "tw", "hk", "mo"].contains(region) { return "zh-" + region }
            switch script {
            case "hans": return "zh-cn"
            case "hant": return "zh-tw"
            default: return "zh"
            }
        case "sr" where script == "latn":
            return "sh"
        default:
            return region.map { language + "-" + $0 } ?? language
        }
    }
}

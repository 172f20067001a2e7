/// A locale as Android's resources compare them (`ResTable_config`'s
/// language, script, region and variant), and the two questions a device
/// asks of a folder's locale: does it match (`ResTable_config::match`),
/// and is it better than another (`isLocaleBetterThan`,
/// `localeDataCompareRegions`). From AOSP frameworks/base
/// `libs/androidfw/ResourceTypes.cpp` L2410–2526, L2791–2845 and
/// `LocaleData.cpp` L30–260 (Android 12L; the tables in
/// `AndroidLocaleData.swift`).
struct AndroidLocale: Equatable, Sendable {
    /// Lower case, two or three letters (`iw`/`in`/`ji` already mapped).
    var language: String
    /// Title case when the folder or tag gives one (`b+sr+Latn`).
    var script: String?
    /// Upper case letters or three digits (`419`).
    var region: String?
    /// Lower case.
    var variant: String?

    /// Reads a BCP 47 tag as typefit keeps a folder's language (`de-AT`,
    /// `sr-Latn`, `es-419`, any case); `nil` for what is not one.
    init?(_ tag: String) {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isLetter) else {
            return nil
        }
        language = first.lowercased()
        for part in parts.dropFirst() {
            if part.count == 4, part.allSatisfy(\.isLetter), script == nil, region == nil {
                script = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if region == nil, variant == nil,
                (part.count == 2 && part.allSatisfy(\.isLetter)) || (part.count == 3 && part.allSatisfy(\.isNumber))
            {
                region = part.uppercased()
            } else if variant == nil {
                variant = part.lowercased()
            }
        }
    }

    /// The script a device or folder of this locale writes in: the one
    /// given, else the likely one for the language and region, else for
    /// the language (`localeDataComputeScript`); `nil` when unknown.
    var resolvedScript: String? {
        if let script { return script }
        if let region, let found = Self.likelyScripts[language + "-" + region] { return found }
        return Self.likelyScripts[language]
    }

    /// Whether a folder of this locale serves a device of `device`'s
    /// (`match`): the languages equal or equivalent, then the scripts
    /// equal; only where a script is unknown must the folder's region be
    /// none or the device's. Regions are otherwise not compared.
    func serves(_ device: AndroidLocale) -> Bool {
        guard Self.equivalent(language, device.language) else { return false }
        if let wanted = device.resolvedScript, let own = resolvedScript { return own == wanted }
        return region == nil || region == device.region
    }

    /// `tl` and `fil` are one language to Android.
    static func equivalent(_ a: String, _ b: String) -> Bool {
        a == b || (a == "tl" && b == "fil") || (a == "fil" && b == "tl")
    }

    /// Whether folder locale `a` serves `device` better than `b` (both
    /// serving it; `nil` is a folder without a locale).
    static func isBetter(_ a: AndroidLocale?, than b: AndroidLocale?, for device: AndroidLocale?) -> Bool {
        guard let device else { return false }
        if a == nil, b == nil { return false }
        guard let a, let b, equivalent(a.language, b.language) else {
            // One has the language, the other none: the language wins,
            // but for US English and locales close to it, where apps keep
            // their English in `values/`.
            if device.language == "en" {
                if device.region == "US" {
                    if let a { return a.region == nil || a.region == "US" }
                    return !(b?.region == nil || b?.region == "US")
                } else if isCloseToUSEnglish(device.region) {
                    if let a { return isCloseToUSEnglish(a.region) }
                    return !isCloseToUSEnglish(b?.region)
                }
            }
            return a != nil
        }
        let regions = compareRegions(a.region, b.region, device)
        if regions != 0 { return regions > 0 }
        let (aVariant, bVariant) = (a.variant == device.variant, b.variant == device.variant)
        if aVariant != bVariant { return aVariant }
        return a.language == device.language && b.language != device.language
    }

    /// `localeDataIsCloseToUsEnglish`: `en` comes before `en-001` among
    /// the region's ancestors.
    static func isCloseToUSEnglish(_ region: String?) -> Bool {
        for ancestor in ancestors(of: "en" + (region.map { "-" + $0 } ?? ""), script: "Latn") {
            if ancestor == "en" { return true }
            if ancestor == "en-001" { return false }
        }
        return false
    }

    /// `localeDataCompareRegions`: > 0 when region `a` serves `device`
    /// better than `b`, < 0 when worse, 0 when equal.
    static func compareRegions(_ a: String?, _ b: String?, _ device: AndroidLocale) -> Int {
        if a == b { return 0 }
        let language = device.language
        func packed(_ region: String?) -> String { language + (region.map { "-" + $0 } ?? "") }
        var (left, right) = (packed(a), packed(b))
        // es-US and es-MX stand in for es-419 where there is none.
        let special: Set<String> = ["es-US", "es-MX"]
        if special.contains(left), !special.contains(right), right != "es-419" {
            left = "es-419"
        } else if special.contains(right), !special.contains(left), left != "es-419" {
            right = "es-419"
        }
        let script = device.resolvedScript ?? ""
        let request = ancestors(of: packed(device.region), script: script)
        for ancestor in request {
            if ancestor == left { return 1 }
            if ancestor == right { return -1 }
        }
        func distance(_ locale: String) -> Int {
            let own = ancestors(of: locale, script: script)
            for (i, ancestor) in own.enumerated() {
                if let j = request.firstIndex(of: ancestor) { return i + j }
            }
            return own.count + request.count
        }
        let (leftDistance, rightDistance) = (distance(left), distance(right))
        if leftDistance != rightDistance { return rightDistance - leftDistance }
        func representative(_ locale: String) -> Bool {
            let parts = locale.split(separator: "-")
            guard parts.count == 2 else { return false }
            return Self.representatives.contains("\(parts[0])_\(script)_\(parts[1])")
        }
        let (leftRepresentative, rightRepresentative) = (representative(left), representative(right))
        if leftRepresentative != rightRepresentative { return leftRepresentative ? 1 : -1 }
        // The lower region code, two letters before three digits (after
        // the Spanish stand-ins above, as the packed codes compare).
        func order(_ locale: String) -> (Int, String) {
            guard let dash = locale.firstIndex(of: "-") else { return (0, "") }
            let region = String(locale[locale.index(after: dash)...])
            return (region.first?.isNumber == true ? 2 : 1, region)
        }
        return order(left) < order(right) ? 1 : (order(left) == order(right) ? 0 : -1)
    }

    /// `findAncestors`: the locale (`language-REGION`), its parent by the
    /// script's table or else without its region, down to the language.
    static func ancestors(of locale: String, script: String) -> [String] {
        var out = [locale]
        var current = locale
        while let dash = current.firstIndex(of: "-"), out.count < 8 {
            current = parents[script + "/" + current] ?? String(current[..<dash])
            out.append(current)
        }
        return out
    }

    static let likelyScripts: [String: String] = {
        var table: [String: String] = [:]
        for (script, keys) in likelyScriptsData {
            for key in keys.split(whereSeparator: \.isWhitespace) { table[String(key)] = script }
        }
        return table
    }()

    static let parents: [String: String] = {
        var table: [String: String] = [:]
        for entry in parentsData.split(whereSeparator: \.isWhitespace) {
            let halves = entry.split(separator: ">")
            if halves.count == 2 { table[String(halves[0])] = String(halves[1]) }
        }
        return table
    }()

    static let representatives: Set<String> = Set(
        representativeData.split(whereSeparator: \.isWhitespace).map(String.init))
}

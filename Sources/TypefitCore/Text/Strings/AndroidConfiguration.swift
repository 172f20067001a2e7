/// A `values*` folder's configuration, and a device's, as Android compares
/// them to pick the folder a value comes from (`ResTable_config::match`
/// drops the folders a qualifier of which contradicts the device;
/// `isBetterThan` ranks the rest by the first qualifier they differ on,
/// in a fixed order: AOSP frameworks/base `libs/androidfw/
/// ResourceTypes.cpp` L2528–2845).
///
/// The device is aapt2's `dump badging` one (`DefaultConfig`, `tools/
/// aapt2/dump/DumpManifest.cpp` L330–340): a phone in portrait, 320 × 480
/// dp, normal screen, day, the newest API, what `--qualifiers` changes.
/// Density never rules a folder out (Android scales), and a qualifier
/// typefit does not model (`mcc262`, `round`, `notouch`) matches only a
/// device given it.
public struct AndroidConfiguration: Equatable, Sendable {
    /// The locale, `nil` for none (`values/`, or a device measuring the
    /// source).
    var locale: AndroidLocale?
    /// The folder's qualifiers, lower case, in order (the device's as
    /// given to `--qualifiers`).
    public private(set) var qualifiers: [String]

    // What the qualifiers say, read once.
    var night: Bool?
    var landscape: Bool?
    var smallestWidth: Int?
    var width: Int?
    var height: Int?
    var screenSize: Int?
    var uiMode: String?
    var rightToLeft: Bool?
    var version: Int?
    /// Whether it names a mobile country or network code.
    var hasNetworkCode = false
    /// Qualifiers not modelled, density excepted.
    var others: [String] = []

    /// The folder `values-<qualifiers>` with `language` (a BCP 47 tag, as
    /// `AndroidResourceFolder` gives it) or none.
    init(language: String?, qualifiers: [String]) {
        locale = language.flatMap(AndroidLocale.init)
        self.qualifiers = qualifiers.map { $0.lowercased() }
        for qualifier in self.qualifiers { read(qualifier) }
    }

    /// A string's folder: its language unless it is the source (`values/`
    /// names no locale).
    init(_ string: LocalizedString) {
        self.init(language: string.isSource == true ? nil : string.language, qualifiers: string.qualifiers)
    }

    /// The device that reads `folder`'s strings in `qualifiers`'s
    /// configuration: the folder's locale, the default device's other
    /// settings as changed by `qualifiers`.
    init(device qualifiers: AndroidDeviceQualifiers, locale: AndroidLocale?) {
        self.init(language: nil, qualifiers: qualifiers.values)
        self.locale = locale
        night = night ?? false
        landscape = landscape ?? false
        smallestWidth = smallestWidth ?? 320
        (width, height) = (width ?? (landscape == true ? 480 : 320), height ?? (landscape == true ? 320 : 480))
        screenSize = screenSize ?? 2
        version = version ?? .max
        if rightToLeft == nil {
            rightToLeft = locale?.resolvedScript.map(Self.rightToLeftScripts.contains) ?? false
        }
    }

    /// The device that reads `folder` first: its locale and settings, the
    /// newest API (a `v21` folder is read from API 21 on).
    init(reading folder: AndroidConfiguration) {
        let settings = folder.qualifiers.filter { Self.number($0, "v", "") == nil }
        self.init(device: AndroidDeviceQualifiers(trusted: settings), locale: folder.locale)
    }

    private static let sizes = ["small": 1, "normal": 2, "large": 3, "xlarge": 4]
    private static let uiModes: Set<String> = ["car", "desk", "television", "appliance", "watch", "vrheadset"]
    private static let densities: Set<String> = [
        "ldpi", "mdpi", "tvdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi", "nodpi", "anydpi",
    ]
    /// Scripts written right to left: a device in such a locale lays out
    /// right to left (`ldrtl`).
    static let rightToLeftScripts: Set<String> = [
        "Arab", "Hebr", "Syrc", "Thaa", "Nkoo", "Adlm", "Rohg", "Mand", "Samr", "Mend", "Avst", "Phnx",
    ]

    private static func number(_ qualifier: String, _ prefix: String, _ suffix: String) -> Int? {
        guard qualifier.hasPrefix(prefix), qualifier.hasSuffix(suffix),
            qualifier.count > prefix.count + suffix.count
        else { return nil }
        let digits = qualifier.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits).map { min($0, 100_000) }
    }

    private mutating func read(_ qualifier: String) {
        switch qualifier {
        case "night": night = true
        case "notnight": night = false
        case "land": landscape = true
        case "port": landscape = false
        case "ldrtl": rightToLeft = true
        case "ldltr": rightToLeft = false
        case _ where Self.sizes[qualifier] != nil: screenSize = Self.sizes[qualifier]
        case _ where Self.uiModes.contains(qualifier): uiMode = qualifier
        case _ where Self.densities.contains(qualifier) || Self.number(qualifier, "", "dpi") != nil: break
        case _ where qualifier.hasPrefix("mcc") || qualifier.hasPrefix("mnc"):
            hasNetworkCode = true
            others.append(qualifier)
        default:
            if let n = Self.number(qualifier, "sw", "dp") {
                smallestWidth = n
            } else if let n = Self.number(qualifier, "w", "dp") {
                width = n
            } else if let n = Self.number(qualifier, "h", "dp") {
                height = n
            } else if let n = Self.number(qualifier, "v", "") {
                version = n
            } else {
                others.append(qualifier)
            }
        }
    }

    /// Whether a device of this configuration reads `folder` at all.
    func reads(_ folder: AndroidConfiguration) -> Bool {
        if let own = folder.locale {
            guard let locale, own.serves(locale) else { return false }
        }
        if let n = folder.night, n != night { return false }
        if let l = folder.landscape, l != landscape { return false }
        if let r = folder.rightToLeft, r != rightToLeft { return false }
        if let n = folder.smallestWidth, n > smallestWidth ?? 0 { return false }
        if let n = folder.width, n > width ?? 0 { return false }
        if let n = folder.height, n > height ?? 0 { return false }
        if let n = folder.screenSize, n > screenSize ?? 0 { return false }
        if let u = folder.uiMode, u != uiMode { return false }
        if let v = folder.version, v > version ?? 0 { return false }
        return folder.others.allSatisfy(others.contains)
    }

    /// Whether, for this device, folder `a` is better than `b` (both read):
    /// the first qualifier in Android's order on which they differ.
    func prefers(_ a: AndroidConfiguration, over b: AndroidConfiguration) -> Bool {
        if a.hasNetworkCode != b.hasNetworkCode { return a.hasNetworkCode }
        if AndroidLocale.isBetter(a.locale, than: b.locale, for: locale) { return true }
        if AndroidLocale.isBetter(b.locale, than: a.locale, for: locale) { return false }
        if (a.rightToLeft != nil) != (b.rightToLeft != nil) { return a.rightToLeft != nil }
        // Widths and sizes: the largest that fits (the device's own).
        for (x, y) in [
            (a.smallestWidth, b.smallestWidth), (a.width, b.width), (a.height, b.height),
            (a.screenSize, b.screenSize),
        ] where x != y {
            return (x ?? -1) > (y ?? -1)
        }
        if a.others.count != b.others.count { return a.others.count > b.others.count }
        if (a.landscape != nil) != (b.landscape != nil) { return a.landscape != nil }
        if (a.uiMode != nil) != (b.uiMode != nil) { return a.uiMode != nil }
        if (a.night != nil) != (b.night != nil) { return a.night != nil }
        return (a.version ?? 0) > (b.version ?? 0)
    }

    /// The index of the folder among `folders` this device reads a value
    /// from, `nil` when it reads none of them.
    func best(_ folders: [AndroidConfiguration]) -> Int? {
        var best: Int?
        for (i, folder) in folders.enumerated() where reads(folder) {
            if let known = best, !prefers(folder, over: folders[known]) { continue }
            best = i
        }
        return best
    }
}

/// The configuration `--qualifiers` asks for (`night`, `sw600dp`, `land`,
/// `v28`, `car`, `ldrtl` …), in folder form.
public struct AndroidDeviceQualifiers: Equatable, Sendable {
    /// The qualifiers, lower case.
    public var values: [String]

    /// The default device's.
    public static let none = AndroidDeviceQualifiers(checked: [])

    private init(checked: [String]) { values = checked }

    /// Qualifiers read from a folder's name (already checked).
    init(trusted: [String]) { values = trusted }

    /// Reads `night,sw600dp` (one or more, comma separated, any case);
    /// throws the problem's words for a qualifier that is no qualifier or
    /// a locale (the locale is each folder's own).
    public init(_ text: String) throws(AndroidQualifierProblem) {
        var values: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let qualifier = String(part.filter { $0 != " " }).lowercased()
            guard !qualifier.isEmpty, qualifier.count <= 32,
                qualifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+") })
            else { throw AndroidQualifierProblem(qualifier: String(part), reason: .malformed) }
            // A locale: every language is measured in its own folder's.
            if (2...3).contains(qualifier.count), qualifier.allSatisfy(\.isLetter), qualifier != "car" {
                throw AndroidQualifierProblem(qualifier: qualifier, reason: .locale)
            }
            if qualifier.hasPrefix("b+") || (qualifier.first == "r" && qualifier.count == 3) {
                throw AndroidQualifierProblem(qualifier: qualifier, reason: .locale)
            }
            if !values.contains(qualifier) { values.append(qualifier) }
        }
        self.values = values
    }
}

/// Why `--qualifiers` was refused.
public struct AndroidQualifierProblem: Error, Equatable, Sendable {
    /// What is wrong with it.
    public enum Reason: Sendable {
        /// Not letters and digits, or empty.
        case malformed
        /// A locale (`de`, `rAT`, `b+sr+Latn`): each folder's own.
        case locale
    }
    /// The qualifier, as given.
    public var qualifier: String
    /// What is wrong with it.
    public var reason: Reason
}

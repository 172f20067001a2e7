import TypefitCore

/// Reads the platform group (`--platform`, `--watch-size`, `--font-scale`,
/// `--android-version`) and the styles as the platform names them, for
/// every command that takes it.
enum PlatformArguments {
    /// Options `scale` takes only for iOS.
    static let iosOnlyInScale = ["--family", "--weight", "--value", "--bold-text", "--fallback", "--model", "--curve"]

    static func read(
        _ parsed: ParsedArguments, into options: inout ScaleOptions, iosOnly: [String] = iosOnlyInScale
    ) throws(UsageError) {
        if let name = parsed.last("--platform"), let platform = Platform(rawValue: name.lowercased()) {
            options.platform = platform
        }
        let platform = options.platform
        func only(_ option: String, on wanted: Platform, _ why: String) throws(UsageError) {
            if parsed.has(option) && platform != wanted {
                throw UsageError("'\(option)' applies to --platform \(wanted.rawValue) (\(why))")
            }
        }
        try only("--watch-size", on: .watchos, "it picks the watch's default category")
        try only("--font-scale", on: .android, "Android scales text by a font scale")
        try only("--android-version", on: .android, "it picks linear or non-linear scaling")
        guard platform != .ios else { return }
        for option in iosOnly where parsed.has(option) {
            throw UsageError(
                "'\(option)' is for iOS; with --platform \(platform.rawValue) give --style, --size or --spec "
                    + "and the platform's own options")
        }
        if let styles = parsed.last("--style") {
            var names: [String] = []
            for piece in styles.split(separator: ",", omittingEmptySubsequences: false) {
                let item = piece.trimmingSpaces
                if item.lowercased() == "all" {
                    names += PlatformRequest.styleNames(platform).filter { !names.contains($0) }
                    continue
                }
                do {
                    let name = try PlatformRequest.style(item, on: platform)
                    if !names.contains(name) { names.append(name) }
                } catch {
                    throw UsageError(error.message)
                }
            }
            options.platformStyles = names
        }
        if let size = parsed.last("--watch-size") {
            let digits = size.lowercased().hasSuffix("mm") ? String(size.dropLast(2)) : size
            let known = WatchTypeTable.caseSizes.map(\.millimetres)
            guard let mm = Int(digits.trimmingSpaces), known.contains(mm) else {
                throw UsageError(
                    "'--watch-size' takes a case size: " + known.map { "\($0)mm" }.joined(separator: ", ")
                        + " (got '\(size)')")
            }
            options.watchSize = mm
        }
        if let scales = parsed.last("--font-scale") {
            var values: [Double] = []
            for piece in scales.split(separator: ",") {
                guard let value = Double(piece.trimmingSpaces), value >= 0.5, value <= 3 else {
                    throw UsageError(
                        "'--font-scale' takes font scales from 0.5 to 3, e.g. 1.3 or 0.85,1,2 (got '\(scales)')")
                }
                values.append(value)
            }
            options.fontScales = values
        }
        if let version = parsed.last("--android-version") {
            guard let value = Int(version.trimmingSpaces), (1...99).contains(value) else {
                throw UsageError("'--android-version' takes a major version such as 13 or 14 (got '\(version)')")
            }
            options.androidVersion = value
        }
        if let categories = parsed.last("--category") {
            let keyword = categories.trimmingSpaces.lowercased()
            switch platform {
            case .android where keyword != "default":
                throw UsageError("Android has no content size categories: it scales text by --font-scale (e.g. 1.3)")
            case .macos where keyword != "default":
                throw UsageError(
                    "macOS does not scale text by content size category: its text styles have fixed sizes")
            default:
                break
            }
        }
    }

    /// A category the platform does not have is a usage error (exit 64),
    /// on every platform alike.
    static func checkCategories(_ categories: [ContentSizeCategory], on platform: Platform) throws(UsageError) {
        guard platform == .watchos else { return }
        if let missing = categories.first(where: { !WatchTypeTable.categories.contains($0) }) {
            let names = WatchTypeTable.categories.map(\.rawValue).joined(separator: ", ")
            throw UsageError("watchOS has no category \(missing.rawValue) (it has \(names))")
        }
    }
}

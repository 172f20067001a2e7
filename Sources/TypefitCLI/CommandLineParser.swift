import TypefitCore

/// Turns arguments into a `Command`. Pure: no globals, no environment, no I/O.
public enum CommandLineParser {
    /// One option a subcommand accepts.
    struct OptionSpec {
        var name: String
        var valueName: String?
        var repeatable = false
        var help: String
    }

    /// Options as typed, after the grammar is checked but before values are.
    struct ParsedOptions {
        var values: [String: [String]] = [:]
        var positionals: [String] = []

        func last(_ name: String) -> String? { values[name]?.last }
        func all(_ name: String) -> [String] { values[name] ?? [] }
        func has(_ name: String) -> Bool { values[name] != nil }
    }

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .help(nil) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help":
            return .help(nil)
        case "--version":
            return .version
        case "help":
            guard let topic = rest.first else { return .help(nil) }
            guard let sub = Subcommand(rawValue: topic) else { throw unknownSubcommand(topic) }
            return .help(sub)
        default:
            guard let sub = Subcommand(rawValue: first) else {
                if first.hasPrefix("-") { throw UsageError("unknown option '\(first)'; options follow a subcommand") }
                throw unknownSubcommand(first)
            }
            // -h/--help anywhere before a `--` asks for this subcommand's help.
            let beforeDashes = rest.prefix { $0 != "--" }
            if beforeDashes.contains("-h") || beforeDashes.contains("--help") { return .help(sub) }
        }
        guard let sub = Subcommand(rawValue: first) else { throw unknownSubcommand(first) }
        let options = try scan(rest, specs: Help.options(sub), subcommand: sub)
        switch sub {
        case .listFonts: return .listFonts(try listFonts(options))
        case .scale: return .scale(try scale(options))
        case .check: return .check(try check(options))
        case .measure: return .measure(try measure(options))
        case .fit: return .fit(try fit(options))
        case .specimen: return .specimen(try specimen(options))
        }
    }

    private static func unknownSubcommand(_ name: String) -> UsageError {
        let names = Subcommand.allCases.map(\.rawValue) + ["help"]
        var message = "unknown subcommand '\(name)'"
        if let best = NameMatching.suggestions(for: name, among: names, limit: 1).first {
            message += "; did you mean '\(best)'?"
        }
        return UsageError(message)
    }

    /// Checks the grammar: `--opt value`, `--opt=value`, flags, `--`.
    static func scan(
        _ arguments: [String], specs: [OptionSpec],
        subcommand: Subcommand
    ) throws(UsageError) -> ParsedOptions {
        var parsed = ParsedOptions()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if argument == "--" {
                parsed.positionals += arguments[i...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                parsed.positionals.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let eq = argument.firstIndex(of: "=") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                var message = "unknown option '\(name)'"
                if let best = NameMatching.suggestions(for: name, among: specs.map(\.name), limit: 1).first {
                    message += "; did you mean '\(best)'?"
                }
                throw UsageError(message, subcommand: subcommand)
            }
            var value = ""
            if spec.valueName != nil {
                if let inline {
                    value = inline
                } else if i < arguments.count {
                    value = arguments[i]
                    i += 1
                } else {
                    throw UsageError("missing value for '\(name)'", subcommand: subcommand)
                }
            } else if inline != nil {
                throw UsageError("'\(name)' takes no value", subcommand: subcommand)
            }
            if !spec.repeatable, parsed.has(name) {
                throw UsageError("'\(name)' given more than once", subcommand: subcommand)
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    // MARK: list-fonts

    static func listFonts(_ parsed: ParsedOptions) throws(UsageError) -> ListFontsOptions {
        var options = ListFontsOptions()
        if let format = parsed.last("--format") {
            options.format = try outputFormat(
                format, allowed: [.json, .table, .plain, .uiappfonts], subcommand: .listFonts)
        }
        options.family = try nonEmpty(parsed.last("--family"), "--family", .listFonts)
        options.postscriptName = try nonEmpty(parsed.last("--postscript-name"), "--postscript-name", .listFonts)
        options.fontconfigFile = try nonEmpty(parsed.last("--fontconfig-file"), "--fontconfig-file", .listFonts)
        for dir in parsed.all("--dir") {
            guard !dir.isEmpty else { throw UsageError("'--dir' needs a path", subcommand: .listFonts) }
            options.paths.append(dir)
        }
        options.paths += parsed.positionals
        options.useCache = !parsed.has("--no-cache")
        options.strict = parsed.has("--strict")
        if options.paths.isEmpty {
            if options.format == .uiappfonts {
                throw UsageError(
                    "'--format uiappfonts' lists an app's own font files: give them with --dir or as arguments",
                    subcommand: .listFonts)
            }
            if options.strict {
                throw UsageError(
                    "'--strict' applies to font files given with --dir or as arguments", subcommand: .listFonts)
            }
        }
        if options.fontconfigFile != nil && !options.paths.isEmpty {
            throw UsageError(
                "'--fontconfig-file' lists installed fonts; it cannot be combined with --dir or font files",
                subcommand: .listFonts)
        }
        return options
    }

    // MARK: check

    static func check(_ parsed: ParsedOptions) throws(UsageError) -> CheckOptions {
        if let stray = parsed.positionals.first {
            throw UsageError("unexpected argument '\(stray)'", subcommand: .check)
        }
        guard let spec = try nonEmpty(parsed.last("--spec"), "--spec", .check) else {
            throw UsageError("missing '--spec <file>': the spec to check", subcommand: .check)
        }
        var options = CheckOptions(specPath: spec)
        options.fontconfigFile = try nonEmpty(parsed.last("--fontconfig-file"), "--fontconfig-file", .check)
        for dir in parsed.all("--fonts-dir") {
            guard !dir.isEmpty else { throw UsageError("'--fonts-dir' needs a path", subcommand: .check) }
            options.fontsDirectories.append(dir)
        }
        if let format = parsed.last("--format") {
            options.format = try outputFormat(format, allowed: [.json, .table], subcommand: .check)
        }
        return options
    }

    // MARK: scale

    static func scale(_ parsed: ParsedOptions) throws(UsageError) -> ScaleOptions {
        var options = ScaleOptions()
        if let stray = parsed.positionals.first {
            throw UsageError("unexpected argument '\(stray)'", subcommand: .scale)
        }
        options.stylesGiven = parsed.has("--style")
        try platformOptions(parsed, into: &options)
        if let styles = parsed.last("--style"), options.platform == .ios {
            options.styles = try list(styles, option: "--style", all: TextStyle.allCases) { s throws(NameError) in
                try TextStyle(parsing: s)
            }
        }
        if let categories = parsed.last("--category") {
            options.categoriesGiven = true
            let keyword = categories.trimmingSpaces.lowercased()
            if keyword == "default" || keyword == "system" {
                options.categoryKeyword = keyword
            } else {
                options.categories = try list(categories, option: "--category", all: ContentSizeCategory.allCases) {
                    s throws(NameError) in try ContentSizeCategory(parsing: s)
                }
            }
        }
        let size = try number(parsed.last("--size"), "--size", range: 0.0...1000, allowZero: false)
        let value = try number(parsed.last("--value"), "--value", range: 0.0...10_000, allowZero: true)
        let maximum = try number(parsed.last("--max-size"), "--max-size", range: 0.0...1000, allowZero: true)
        switch (size, value) {
        case (.some, .some):
            throw UsageError(
                "'--size' and '--value' cannot be combined: one scales a font, the other a length",
                subcommand: .scale)
        case (.some(let size), nil):
            options.subject = .customFont(designSize: size, maximumPointSize: maximum ?? 0)
        case (nil, .some(let value)):
            options.subject = .value(value)
        case (nil, nil):
            break
        }
        if maximum != nil && size == nil {
            throw UsageError("'--max-size' needs '--size' (it clamps a custom font's size)", subcommand: .scale)
        }
        let custom = size != nil || value != nil
        for name in ["--model", "--curve", "--display-scale"] where parsed.has(name) && !custom {
            if name == "--display-scale" && (parsed.has("--spec") || parsed.has("--family")) { continue }
            throw UsageError(
                "'\(name)' needs '--size' or '--value' (the system font follows Apple's table)",
                subcommand: .scale)
        }
        if let model = parsed.last("--model") {
            switch NameMatching.key(model) {
            case "uifontmetrics": options.modelName = "uifontmetrics"
            case "proportional": options.modelName = "proportional"
            default:
                throw UsageError(
                    NameMatching.choiceMessage("'--model'", model, ["uifontmetrics", "proportional"]),
                    subcommand: .scale)
            }
        }
        if let curve = parsed.last("--curve") {
            guard let found = ScalingCurve.named(curve) else {
                throw UsageError(
                    NameMatching.choiceMessage("'--curve'", curve, ScalingCurve.acceptedNames), subcommand: .scale)
            }
            if options.modelName == "proportional" {
                throw UsageError("'--curve' applies to the uifontmetrics model, not 'proportional'", subcommand: .scale)
            }
            options.curveName = found.name
        }
        if let scale = parsed.last("--display-scale") {
            guard let n = Int(scale), (1...3).contains(n) else {
                throw UsageError("'--display-scale' takes 1, 2 or 3 (got '\(scale)')", subcommand: .scale)
            }
            options.displayScale = n
        }
        options.specPath = try nonEmpty(parsed.last("--spec"), "--spec", .scale)
        options.family = try nonEmpty(parsed.last("--family"), "--family", .scale)
        options.fontconfigFile = try nonEmpty(parsed.last("--fontconfig-file"), "--fontconfig-file", .scale)
        options.strict = parsed.has("--strict")
        options.boldText = parsed.has("--bold-text")
        options.fallback = parsed.has("--fallback")
        for dir in parsed.all("--fonts-dir") {
            guard !dir.isEmpty else { throw UsageError("'--fonts-dir' needs a path", subcommand: .scale) }
            options.fontsDirectories.append(dir)
        }
        if let weight = parsed.last("--weight") {
            guard let value = FontWeight.parseOpenType(weight.trimmingSpaces) else {
                let names = FontWeight.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError(
                    "'--weight' takes a weight name (\(names)) or a number from 100 to 900 (got '\(weight)')",
                    subcommand: .scale)
            }
            guard options.family != nil else {
                throw UsageError(
                    "'--weight' needs '--family' (it picks that family's face nearest the weight)", subcommand: .scale)
            }
            options.weight = value
        }
        if options.specPath != nil {
            if options.family != nil {
                throw UsageError(
                    "'--family' cannot be combined with '--spec' (the spec names its faces)", subcommand: .scale)
            }
            for name in ["--size", "--max-size", "--model", "--curve"] where parsed.has(name) {
                throw UsageError(
                    "'\(name)' cannot be combined with '--spec' (the spec file says how to scale)", subcommand: .scale)
            }
            if case .value(let length) = options.subject {
                // A length scaled alongside the spec's sizes, on its curve.
                options.specValue = length
                options.subject = .systemFont
            }
        } else if options.family != nil {
            if case .value = options.subject {
                throw UsageError(
                    "'--value' scales a length, which has no face; it does not go with '--family'", subcommand: .scale)
            }
        } else {
            for name in ["--fonts-dir", "--strict", "--fontconfig-file", "--bold-text", "--fallback"]
            where parsed.has(name) {
                throw UsageError(
                    "'\(name)' needs '--spec' or '--family' (it concerns the faces they name)", subcommand: .scale)
            }
        }
        if let format = parsed.last("--format") {
            options.format = try outputFormat(
                format, allowed: [.json, .table, .value, .csv, .swift, .tokens, .css], subcommand: .scale)
            if options.platform != .ios && [.csv, .swift].contains(options.format) {
                throw UsageError(
                    "'--format \(format)' is for iOS; other platforms give json, table, value, tokens or css",
                    subcommand: .scale)
            }
            if options.format == .swift, case .value = options.subject {
                throw UsageError(
                    "'--format swift' writes point sizes; it does not go with '--value'", subcommand: .scale)
            }
            if options.format == .value && options.platform == .ios && options.categoryKeyword == nil
                && options.cellCount != 1
            {
                throw UsageError(
                    "'--format value' needs exactly one style and one category (\(options.cellCount) selected)",
                    subcommand: .scale)
            }
        }
        return options
    }

    static func list<T: Equatable>(
        _ text: String, option: String, all: [T], subcommand: Subcommand = .scale,
        parse: (String) throws(NameError) -> T
    ) throws(UsageError) -> [T] {
        var result: [T] = []
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = piece.trimmingSpaces
            guard !item.isEmpty else {
                throw UsageError("'\(option)' has an empty item in '\(text)'", subcommand: subcommand)
            }
            if item.lowercased() == "all" {
                for value in all where !result.contains(value) { result.append(value) }
                continue
            }
            do {
                let value = try parse(item)
                if !result.contains(value) { result.append(value) }
            } catch {
                throw UsageError(error.message, subcommand: subcommand)
            }
        }
        return result
    }

    private static func number(
        _ text: String?, _ option: String, range: ClosedRange<Double>,
        allowZero: Bool
    ) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text.trimmingSpaces), value.isFinite else {
            throw UsageError("'\(option)' takes a number of points (got '\(text)')", subcommand: .scale)
        }
        guard range.contains(value), allowZero || value > 0 else {
            let low = allowZero ? "from 0" : "greater than 0"
            throw UsageError(
                "'\(option)' must be \(low) and at most \(humanNumber(range.upperBound)) (got '\(text)')",
                subcommand: .scale)
        }
        return value
    }

    static func outputFormat(
        _ text: String, allowed: [OutputFormat],
        subcommand: Subcommand
    ) throws(UsageError) -> OutputFormat {
        guard let format = OutputFormat(rawValue: text.lowercased()), allowed.contains(format) else {
            throw UsageError(
                NameMatching.choiceMessage("'--format'", text, allowed.map(\.rawValue)), subcommand: subcommand)
        }
        return format
    }

    static func nonEmpty(
        _ text: String?, _ option: String,
        _ subcommand: Subcommand
    ) throws(UsageError) -> String? {
        guard let text else { return nil }
        guard !text.isEmpty else { throw UsageError("'\(option)' needs a value", subcommand: subcommand) }
        return text
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension CommandLineParser {
    /// `--platform`, `--watch-size`, `--font-scale`, `--android-version`, and
    /// the styles and categories as the platform names them.
    static func platformOptions(
        _ parsed: ParsedOptions, into options: inout ScaleOptions,
        iosOnly: [String] = ["--family", "--weight", "--value", "--bold-text", "--fallback", "--model", "--curve"]
    ) throws(UsageError) {
        if let name = parsed.last("--platform") {
            guard let platform = Platform(rawValue: name.lowercased()) else {
                throw UsageError(
                    NameMatching.choiceMessage("'--platform'", name, Platform.allCases.map(\.rawValue)),
                    subcommand: .scale)
            }
            options.platform = platform
        }
        let platform = options.platform
        func only(_ option: String, on wanted: Platform, _ why: String) throws(UsageError) {
            if parsed.has(option) && platform != wanted {
                throw UsageError("'\(option)' applies to --platform \(wanted.rawValue) (\(why))", subcommand: .scale)
            }
        }
        try only("--watch-size", on: .watchos, "it picks the watch's default category")
        try only("--font-scale", on: .android, "Android scales text by a font scale")
        try only("--android-version", on: .android, "it picks linear or non-linear scaling")
        guard platform != .ios else { return }
        for option in iosOnly where parsed.has(option) {
            throw UsageError(
                "'\(option)' is for iOS; with --platform \(platform.rawValue) give --style, --size or --spec and the platform's own options",
                subcommand: .scale)
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
                    throw UsageError(error.message, subcommand: .scale)
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
                        + " (got '\(size)')", subcommand: .scale)
            }
            options.watchSize = mm
        }
        if let scales = parsed.last("--font-scale") {
            var values: [Double] = []
            for piece in scales.split(separator: ",") {
                guard let value = Double(piece.trimmingSpaces), value >= 0.5, value <= 3 else {
                    throw UsageError(
                        "'--font-scale' takes font scales from 0.5 to 3, e.g. 1.3 or 0.85,1,2 (got '\(scales)')",
                        subcommand: .scale)
                }
                values.append(value)
            }
            options.fontScales = values
        }
        if let version = parsed.last("--android-version") {
            guard let value = Int(version.trimmingSpaces), (1...99).contains(value) else {
                throw UsageError("'--android-version' takes a major version such as 13 or 14", subcommand: .scale)
            }
            options.androidVersion = value
        }
        if let categories = parsed.last("--category") {
            let keyword = categories.trimmingSpaces.lowercased()
            switch platform {
            case .android where keyword != "default":
                throw UsageError(
                    "Android has no content size categories: it scales text by --font-scale (e.g. 1.3)",
                    subcommand: .scale)
            case .macos where keyword != "default":
                throw UsageError(
                    "macOS does not scale text by content size category: its text styles have fixed sizes",
                    subcommand: .scale)
            default:
                break
            }
        }
    }
}

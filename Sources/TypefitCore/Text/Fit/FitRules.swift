/// `fit --rules FILE`: how each string of an app is laid out, by key and by
/// its translator comment. The first rule that matches a string applies to
/// it: its `keys` match the string's key (a catalog variation
/// `key|plural.one` matches by its key before the `|` too) and its
/// `comment` glob the catalog's comment (case-insensitively), each when
/// given. Catalogs keyed by their English text tell a button from a
/// paragraph only by the comment. So
/// one run checks a whole app: titles at one width and line limit, body
/// text at another. Documented in docs/REFERENCE.md and
/// schema/fit-rules.schema.json.
public struct FitRules: Sendable, Equatable {
    /// One rule.
    public struct Rule: Sendable, Equatable {
        /// Key patterns: `*` any run of characters, `?` one, else literal
        /// (`nil`: any key).
        public var keys: [String]?
        /// A pattern the string's comment must match, case-insensitively
        /// (`nil`: any comment, or none).
        public var comment: String?
        /// The text style the strings are set in, as the platform names
        /// it (`headline` on iOS, `bodyLarge`, a Material 3 role, on
        /// Android).
        public var style: String
        /// The line width in points (dp on Android).
        public var width: Double
        /// How many lines the strings may take.
        public var lines: Int
        /// Fail (exit 1) when a string needs more lines at this setting: a
        /// content size category, on Android a font scale.
        public var require: SizeSetting?
        /// Measure as SwiftUI's Text draws Markdown (`nil`: the command's
        /// setting, or the default by kind of file).
        public var markdown: Bool?
        /// Measure Android strings as `Html.fromHtml` renders them (`nil`:
        /// the command's setting).
        public var html: Bool?
        /// Where these strings' views stop growing or shrinking
        /// (`maximumCategory`, `minimumCategory`; each bound the command's
        /// when not given).
        public var clamp = SizeClamp()

        /// Whether `key` or its `entry` matches one of the patterns, and
        /// `comment` (none: empty) the comment pattern.
        public func matches(_ key: String, entry: String? = nil, comment: String? = nil) -> Bool {
            guard keys.map({ FitRules.matches(key, entry: entry, any: $0) }) ?? true else { return false }
            guard let pattern = self.comment else { return true }
            return FitRules.glob(pattern.lowercased(), matches: (comment ?? "").lowercased())
        }
    }

    /// The rules, in order.
    public var rules: [Rule]

    /// The index of the first rule matching `key` and `comment`, or `nil`.
    public func rule(for key: String, entry: String? = nil, comment: String? = nil) -> Int? {
        rules.firstIndex { $0.matches(key, entry: entry, comment: comment) }
    }

    /// Whether `key` or its `entry` (`LocalizedString.entry`: the key of
    /// the entry a form is of) matches one of `patterns`.
    public static func matches(_ key: String, entry: String? = nil, any patterns: [String]) -> Bool {
        patterns.contains { pattern in glob(pattern, matches: key) || entry.map { glob(pattern, matches: $0) } == true }
    }

    /// Whether `pattern` (`*`, `?`, literals) matches all of `text`.
    public static func glob(_ pattern: String, matches text: String) -> Bool {
        let p = Array(pattern)
        let t = Array(text)
        var pi = 0
        var ti = 0
        var star: Int?
        var mark = 0
        while ti < t.count {
            if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) {
                pi += 1
                ti += 1
            } else if pi < p.count && p[pi] == "*" {
                star = pi
                mark = ti
                pi += 1
            } else if let s = star {
                pi = s + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// Decodes a rules file for `platform`: `{"rules": [...]}` or the list
    /// itself; styles, widths and required sizes are the platform's (iOS
    /// text styles and categories in points; Android's Material 3 roles
    /// and font scales in dp). Every mistake is a `SourceError` at its
    /// place.
    public static func decode(_ bytes: [UInt8], platform: Platform = .ios) throws(SourceError) -> FitRules {
        let document = try JSONParser.parse(bytes)
        var list = document
        if case .object(let members) = document.value {
            for member in members where member.key != "rules" && member.key != "$schema" {
                throw SourceError(member.keyPosition, "unknown key '\(member.key)' (a rules file has 'rules')")
            }
            guard let rules = members.first(where: { $0.key == "rules" })?.value else {
                throw SourceError(document.position, "missing 'rules': a list of rules")
            }
            list = rules
        }
        guard case .array(let items) = list.value else {
            throw SourceError(list.position, "expected a list of rules, found \(list.kindDescription)")
        }
        guard !items.isEmpty else { throw SourceError(list.position, "no rules: nothing would be checked") }
        return FitRules(rules: try items.map { item throws(SourceError) in try rule(item, platform: platform) })
    }

    /// The font scales a rule may require on Android (`--require`'s).
    public static let fontScales: ClosedRange<Double> = 0.5...3

    private static func rule(_ json: ParsedJSON, platform: Platform) throws(SourceError) -> Rule {
        guard case .object(let members) = json.value else {
            throw SourceError(json.position, "expected a rule object, found \(json.kindDescription)")
        }
        var keys: [String]?
        var comment: String?
        var style: String?
        var width: Double?
        var lines = 1
        var require: SizeSetting?
        var markdown: Bool?
        var html: Bool?
        var clamp = SizeClamp()
        for member in members {
            let value = member.value
            switch member.key {
            case "keys":
                switch value.value {
                case .string(let pattern): keys = [pattern]
                case .array(let patterns):
                    keys = try patterns.map { item throws(SourceError) -> String in
                        guard case .string(let pattern) = item.value else {
                            throw SourceError(item.position, "expected a key pattern, found \(item.kindDescription)")
                        }
                        return pattern
                    }
                default:
                    throw SourceError(value.position, "expected 'keys' to be a pattern or a list of them")
                }
                if keys?.isEmpty == true { throw SourceError(value.position, "'keys' is empty") }
            case "comment":
                guard case .string(let pattern) = value.value else {
                    throw SourceError(value.position, "expected 'comment' to be a pattern")
                }
                comment = pattern
            case "style":
                guard case .string(let name) = value.value else {
                    throw SourceError(value.position, "expected 'style' to be a text style name")
                }
                do {
                    style =
                        platform == .ios
                        ? try TextStyle(parsing: name).rawValue : try PlatformRequest.style(name, on: platform)
                } catch {
                    throw SourceError(value.position, error.message)
                }
            case "width":
                let unit = platform.host == .android ? "dp" : "points"
                guard case .number(let points) = value.value, points > 0, points <= 100_000 else {
                    throw SourceError(value.position, "expected 'width' to be a number of \(unit) greater than 0")
                }
                width = points
            case "lines":
                guard case .number(let n) = value.value, n >= 1, n <= 1000, n == n.rounded() else {
                    throw SourceError(value.position, "expected 'lines' to be a whole number from 1 to 1000")
                }
                lines = Int(n)
            case "require" where platform.scalesByFontScale:
                // A font scale, as `--require 2.0`: a number or its text.
                var scale: Double?
                switch value.value {
                case .number(let number): scale = number
                case .string(let text): scale = Double(text)
                default: break
                }
                guard let scale, fontScales.contains(scale) else {
                    throw SourceError(
                        value.position, "expected 'require' to be an Android font scale from 0.5 to 3 (e.g. 2.0)")
                }
                require = .fontScale(scale)
            case "require":
                guard case .string(let name) = value.value else {
                    throw SourceError(value.position, "expected 'require' to be a content size category")
                }
                do {
                    require = .category(try ContentSizeCategory(parsing: name))
                } catch {
                    throw SourceError(value.position, error.message)
                }
            case "maximumCategory" where platform != .ios, "minimumCategory" where platform != .ios:
                throw SourceError(
                    member.keyPosition,
                    "'\(member.key)' bounds an iOS view's content size category; \(platform.displayName) has no such "
                        + "bound")
            case "maximumCategory", "minimumCategory":
                guard case .string(let name) = value.value else {
                    throw SourceError(value.position, "expected '\(member.key)' to be a content size category")
                }
                do {
                    let category = try ContentSizeCategory(parsing: name)
                    if member.key == "maximumCategory" { clamp.maximum = category } else { clamp.minimum = category }
                } catch {
                    throw SourceError(value.position, error.message)
                }
                if clamp.isInverted {
                    throw SourceError(value.position, "'minimumCategory' is above 'maximumCategory'")
                }
            case "markdown":
                guard case .bool(let on) = value.value else {
                    throw SourceError(value.position, "expected 'markdown' to be true or false")
                }
                markdown = on
            case "html":
                guard case .bool(let on) = value.value else {
                    throw SourceError(value.position, "expected 'html' to be true or false")
                }
                html = on
            default:
                throw SourceError(
                    member.keyPosition,
                    "unknown key '\(member.key)' (a rule has keys, comment, style, width, lines, require, "
                        + "maximumCategory, minimumCategory, markdown, html)")
            }
        }
        guard keys != nil || comment != nil else {
            throw SourceError(json.position, "the rule has no 'keys' (or 'comment')")
        }
        guard let style else { throw SourceError(json.position, "the rule has no 'style'") }
        guard let width else { throw SourceError(json.position, "the rule has no 'width'") }
        var rule = Rule(
            keys: keys, comment: comment, style: style, width: width, lines: lines, require: require,
            markdown: markdown)
        rule.clamp = clamp
        rule.html = html
        return rule
    }
}

/// A Flutter project's `l10n.yaml` as `flutter gen-l10n` reads it
/// (flutter_tools' `localizations_utils.dart`,
/// `parseLocalizationsOptionsFromYAML`): where the ARB files are, which is
/// the template, and how messages are read. Keys gen-l10n does not know
/// are ignored, as it ignores them; a key it reads with a value of the
/// wrong type is an error, in its words.
public struct GenL10nSettings: Sendable, Equatable, Hashable {
    /// `arb-dir`, relative to the project (`lib/l10n`).
    public var arbDirectory = "lib/l10n"
    /// `template-arb-file`, a name in `arb-dir` (`app_en.arb`).
    public var templateFile = "app_en.arb"
    /// `use-escaping`: `'…'` quotes in messages.
    public var useEscaping = false
    /// `relax-syntax`: a brace that opens no declared placeholder is text.
    public var relaxSyntax = false
    /// `suppress-warnings`: gen-l10n prints no warning (an overridden
    /// plural case).
    public var suppressWarnings = false
    /// `required-resource-attributes`: every template message needs its
    /// `@key`.
    public var requiresAttributes = false
    /// `untranslated-messages-file`: where gen-l10n writes the messages each
    /// locale lacks (its output; typefit writes nothing there and lists
    /// the same messages with `--require-translated`).
    public var untranslatedMessagesFile: String?

    /// The defaults (an empty `l10n.yaml`, or none).
    public init() {}

    /// The file's name in a project's root.
    public static let fileName = "l10n.yaml"

    /// Parses `l10n.yaml`'s text. YAML is read as far as `l10n.yaml` uses
    /// it: a map of keys to plain or quoted scalars and lists (flow or
    /// block); nested maps are skipped.
    public static func parse(_ text: String) throws(SourceError) -> GenL10nSettings {
        var settings = GenL10nSettings()
        guard text.contains(where: { !$0.isWhitespace }) else { return settings }
        for (key, value, position) in try entries(text) {
            if case .null = value { continue }
            func string() throws(SourceError) -> String {
                guard case .scalar(let text, let quoted) = value, quoted || !isBoolean(text) && !isNumber(text) else {
                    throw SourceError(position, "Expected \"\(key)\" to have a String value, instead was \"\(value)\"")
                }
                return text
            }
            func bool() throws(SourceError) -> Bool {
                guard case .scalar(let text, false) = value, isBoolean(text) else {
                    throw SourceError(position, "Expected \"\(key)\" to have a bool value, instead was \"\(value)\"")
                }
                return text.lowercased() == "true"
            }
            switch key {
            case "arb-dir": settings.arbDirectory = normalized(try string())
            case "template-arb-file": settings.templateFile = normalized(try string())
            case "use-escaping": settings.useEscaping = try bool()
            case "relax-syntax": settings.relaxSyntax = try bool()
            case "suppress-warnings": settings.suppressWarnings = try bool()
            case "required-resource-attributes": settings.requiresAttributes = try bool()
            case "untranslated-messages-file": settings.untranslatedMessagesFile = try string()
            // The keys gen-l10n reads for its output only: a value of the
            // wrong type still stops it (`_tryReadString`, `_tryReadBool`).
            case "output-dir", "output-localization-file", "output-class", "header", "header-file":
                _ = try string()
            case "use-deferred-loading", "nullable-getter", "format", "use-named-parameters":
                _ = try bool()
            case "synthetic-package":
                if try bool() {
                    throw SourceError(
                        position,
                        "Cannot enable \"synthetic-package\", this feature has been removed. "
                            + "See http://flutter.dev/to/flutter-gen-deprecation.")
                }
            case "preferred-supported-locales":
                // A string or a list (`_tryReadStringList`).
                if case .other = value { throw SourceError(position, "\"\(value)\" must be String or List.") }
            default: break
            }
        }
        return settings
    }

    /// A value as far as `parse` reads one.
    enum Value: CustomStringConvertible {
        case scalar(String, quoted: Bool)
        case list([String])
        case other
        case null

        var description: String {
            switch self {
            case .scalar(let text, _): text
            case .list(let items): "[" + items.joined(separator: ", ") + "]"
            case .other: "a map"
            case .null: "null"
            }
        }
    }

    /// The top level's keys and values, with each key's place.
    static func entries(_ text: String) throws(SourceError) -> [(String, Value, SourcePosition)] {
        var out: [(String, Value, SourcePosition)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        var i = 0
        while i < lines.count {
            let line = lines[i]
            let content = withoutComment(line)
            i += 1
            guard !content.allSatisfy(\.isWhitespace) else { continue }
            if content.hasPrefix("---") || content.hasPrefix("...") { continue }
            let position = SourcePosition(line: i, column: 1)
            guard content.first?.isWhitespace == false else {
                throw SourceError(position, "expected a key at the start of the line (l10n.yaml is a map)")
            }
            guard let colon = keyColon(content) else {
                throw SourceError(position, "expected 'key: value' (l10n.yaml is a map)")
            }
            let key = unquoted(content[..<colon].trimmed)
            let rest = content[content.index(after: colon)...].trimmed
            var value: Value
            if rest.isEmpty {
                // A block: list items or a nested map, indented below.
                var items: [String] = []
                var isList = true
                while i < lines.count {
                    let next = withoutComment(lines[i])
                    if next.allSatisfy(\.isWhitespace) {
                        i += 1
                        continue
                    }
                    guard next.first?.isWhitespace == true || next.hasPrefix("- ") || next == "-" else { break }
                    let item = next.trimmed
                    if item.hasPrefix("-") {
                        items.append(unquoted(item.dropFirst().trimmed))
                    } else {
                        isList = false
                    }
                    i += 1
                }
                // `key:` alone is null: gen-l10n reads it as not given.
                value = !isList ? .other : items.isEmpty ? .null : .list(items)
            } else if rest.hasPrefix("[") {
                guard rest.hasSuffix("]") else {
                    throw SourceError(position, "a list that does not end on its line ('[' without ']')")
                }
                value = .list(
                    rest.dropFirst().dropLast().split(separator: ",").map { unquoted($0.trimmed) }.filter {
                        !$0.isEmpty
                    })
            } else if rest.hasPrefix("{") {
                value = .other
            } else {
                let quoted = rest.first == "\"" || rest.first == "'"
                if quoted, rest.count < 2 || rest.last != rest.first {
                    throw SourceError(position, "a quoted value that does not end on its line")
                }
                value = !quoted && (rest == "null" || rest == "~") ? .null : .scalar(unquoted(rest), quoted: quoted)
            }
            out.append((key, value, position))
        }
        return out
    }

    /// The line without a `#` comment (outside quotes, at the start or
    /// after white space).
    static func withoutComment(_ line: Substring) -> Substring {
        var quote: Character?
        var previous: Character = " "
        for index in line.indices {
            let c = line[index]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#", previous.isWhitespace {
                return line[..<index]
            }
            previous = c
        }
        return line
    }

    /// The colon that ends a line's key (followed by a space or the end).
    static func keyColon(_ line: Substring) -> Substring.Index? {
        var index = line.startIndex
        while index < line.endIndex {
            if line[index] == ":" {
                let after = line.index(after: index)
                if after == line.endIndex || line[after].isWhitespace { return index }
            }
            index = line.index(after: index)
        }
        return nil
    }

    static func unquoted(_ text: Substring) -> String {
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return String(text)
    }

    /// YAML's core-schema Booleans (as package:yaml reads them).
    static func isBoolean(_ text: String) -> Bool {
        ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text)
    }

    static func isNumber(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }
            && text.contains(where: \.isNumber)
    }

    /// A path as gen-l10n normalizes it (`./lib//l10n/` → `lib/l10n`).
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

extension Substring {
    fileprivate var trimmed: Substring {
        var s = self
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return s
    }
}

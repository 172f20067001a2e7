import FontRegistry
import TypefitCore

/// `fit`'s work, and the first half of `review`'s: the strings (arguments
/// and files, kept by key patterns), grouped under the rule each key
/// matches (or the one rule the request makes), laid out at every size
/// setting, and the verdict: which strings need more lines than allowed
/// where the run requires them to fit.
public struct FitJob: Sendable {
    /// The width, lines and required size the strings must fit when no
    /// rules file is given.
    public struct Rule: Sendable, Equatable {
        /// The line width in points.
        public var width: Double
        /// The lines allowed.
        public var lines = 1
        /// The size setting where a string that does not fit fails the run.
        public var require: SizeSetting?

        /// Creates a rule.
        public init(width: Double, lines: Int = 1, require: SizeSetting? = nil) {
            self.width = width
            self.lines = lines
            self.require = require
        }
    }

    /// The styles, categories, face, language, samples and Markdown.
    public var request: Request
    /// Where faces are found.
    public var search: FontSearch
    /// Strings given as arguments.
    public var texts: [String] = []
    /// `.strings`, `.stringsdict`, `.xcstrings` and text files.
    public var stringsFiles: [String] = []
    /// Only strings whose key matches one of these patterns (none: all).
    public var keyPatterns: [String] = []
    /// Either one rule for every string, or a rules file's (JSON) rules by
    /// key.
    public var rules: Either
    /// Whether keys no rule matches are a warning (else a note).
    public var strict = false
    /// Whether each translation's placeholders are compared with its
    /// source's (a difference fails the run).
    public var checksPlaceholders = true
    /// Whether every entry must be translated in every language
    /// (`--require-translated`): each one missing, empty, `new` or
    /// `needs_review` fails the run.
    public var requiresTranslations = false
    /// The development language of `.lproj` files (a String Catalog says
    /// its own).
    public var sourceLanguage = "en"
    /// The pseudolocales the source strings are also measured in.
    public var pseudolocales: [AndroidPseudolocale] = []
    /// Android configurations also measured (`--qualifiers`), besides the
    /// default device's.
    public var configurations: [AndroidDeviceQualifiers] = []
    /// `--source-set`: a module root's source sets read over `main`.
    public var sourceSets: [String] = []

    /// Where the rules come from.
    public enum Either: Sendable, Equatable {
        /// One rule for every string, in the request's style.
        case one(Rule)
        /// A rules file.
        case file(String)
    }

    /// Creates a job.
    public init(request: Request, search: FontSearch, rules: Either) {
        self.request = request
        self.search = search
        self.rules = rules
    }

    /// Strings laid out under one rule.
    public struct Group: Sendable {
        /// The strings, Markdown rendered where it applies.
        public var strings: [LocalizedString]
        /// The cells: the rule's style at every size setting.
        public var cells: [SizedCell]
        /// The faces of Markdown runs.
        public var styled: StyledFaces
        /// The text style's name.
        public var style: String
        /// The line width in points.
        public var width: Double
        /// The lines allowed.
        public var lines: Int
        /// The size setting where a failure fails the run.
        public var require: SizeSetting?
        /// The rules file's rule (from 0), or `nil`.
        public var rule: Int?
        /// How the platform draws text: Apple's (a word wider than the line
        /// overflows it), or Android's Minikin with its strategy.
        public var rules = TextRules.apple
    }

    /// A string that does not fit where it is required to: the finding
    /// `fit` and `review` report (the command line words it).
    public struct Failure: Sendable, Equatable {
        /// The string's key.
        public var key: String
        /// Its language, when it has one.
        public var language: String?
        /// Its configuration's other qualifiers (Android's `night`).
        public var qualifiers: [String] = []
        /// The lines it needs.
        public var lines: Int
        /// Whether a word is wider than the line.
        public var overflows: Bool
        /// Where.
        public var size: SizeSetting
        /// The lines allowed.
        public var allowed: Int
        /// The rules file's rule (from 0), or `nil`.
        public var rule: Int?
        /// The line width in points (dp on Android).
        public var width: Double = 0
        /// The width's unit: `pt`, or `dp` on Android.
        public var widthUnit = "pt"
        /// Whether lines wrapped (off: a whole line, not a word, is wider
        /// than the width: Flutter's `softWrap: false`).
        public var softWrap = true
        /// The first word wider than the line, as measured (placeholders
        /// replaced), when one is.
        public var word: String?
        /// The placeholder whose sample value the word is (or holds), when
        /// it is one: the translation is not to blame.
        public var sampleOf: String?
        /// The setting whose size the required one is set at, when a
        /// clamp holds it there.
        public var clampedTo: SizeSetting?
        /// The file the string is in (`nil`: an argument).
        public var file: String?
        /// Where in `file` (the string's value).
        public var position: SourcePosition?
    }

    /// What a run found.
    public struct Result: Sendable {
        /// Each group with its layouts, as the documents print them.
        public var groups: [FitLayouts.Group]
        /// The rules file, when one was given.
        public var rules: FitRules?
        /// Faces that could not be opened.
        public var faceFailures: [String]
        /// Texts with characters no face has, and how many.
        public var missingGlyphs: [MissingGlyphs]
        /// Strings that do not fit where required.
        public var failures: [Failure]
        /// Translations whose placeholders differ from their sources'
        /// (`nil`: not compared).
        public var placeholders: PlaceholderCheck.Report?

        /// The run in one line, for the end of a table and for stderr
        /// under a CI report: `667 of 13,359 strings do not fit at AX3 in
        /// 23 languages; 1 placeholder error`. `required`: the sizes the
        /// run requires (`--require`, each rule's).
        public func summary(required: [SizeSetting], requiresTranslations: Bool) -> String {
            var strings = Set<Identity>(minimumCapacity: groups.reduce(0) { $0 + $1.strings.count })
            var languages = Set<String>()
            for group in groups {
                // Fields, not copies of the strings (a copy retains a dozen).
                for s in group.strings.indices {
                    let language = group.strings[s].language
                    strings.insert(Self.identity(group.strings[s].file, language, group.strings[s].key))
                    if let language { languages.insert(language) }
                }
            }
            let failing = Set(failures.map { Self.identity($0.file, $0.language, $0.key) })
            let total = Self.grouped(strings.count) + " string" + (strings.count == 1 ? "" : "s")
            let inLanguages =
                languages.count > 1
                ? " in \(Self.grouped(languages.count)) languages"
                : languages.first.map { " in \($0)" } ?? ""
            var line: String
            let sizes = required.reduce(into: [SizeSetting]()) { if !$0.contains($1) { $0.append($1) } }
            switch sizes.count {
            case 0:
                line = total + " measured" + inLanguages + "; none is required to fit"
            case 1:
                line =
                    "\(Self.grouped(failing.count)) of \(total)\(failing.count == 1 ? " does" : " do") not fit at "
                    + sizes[0].label + inLanguages
            default:
                line =
                    "\(Self.grouped(failing.count)) of \(total)\(failing.count == 1 ? " does" : " do") not fit "
                    + "where their rules require" + inLanguages
            }
            if let placeholders {
                let errors = placeholders.problems.filter { !$0.isWarning }.count
                let warnings = placeholders.problems.count - errors
                if errors > 0 { line += "; \(Self.grouped(errors)) placeholder error" + (errors == 1 ? "" : "s") }
                if warnings > 0 {
                    line += "; \(Self.grouped(warnings)) placeholder warning" + (warnings == 1 ? "" : "s")
                }
                if requiresTranslations {
                    let untranslated = placeholders.untranslatedCounts.reduce(0) { $0 + $1.errors }
                    let listed = placeholders.untranslated.filter(\.isError).count
                    let count = max(untranslated, listed)
                    if count > 0 { line += "; \(Self.grouped(count)) untranslated" }
                }
            }
            if !faceFailures.isEmpty { line += "; faces could not be opened" }
            return line
        }

        /// A string's identity across groups and failures: its file,
        /// language and key (the three, not a string joined from them per
        /// string).
        public struct Identity: Hashable, Sendable {
            let file: String?
            let language: String?
            let key: String

            /// The key and language alone: a file seldom holds one key in
            /// one language twice, and its path, the longest of the three,
            /// was most of the hashing.
            public func hash(into hasher: inout Hasher) {
                hasher.combine(key)
                hasher.combine(language)
            }
        }

        /// The identity of the string of `file`, `language` and `key`.
        public static func identity(_ file: String?, _ language: String?, _ key: String) -> Identity {
            Identity(file: file, language: language, key: key)
        }

        /// `13,359`.
        static func grouped(_ n: Int) -> String {
            var digits = Array(String(n))
            var out: [Character] = []
            while digits.count > 3 {
                out = [","] + digits.suffix(3) + out
                digits.removeLast(3)
            }
            return String(digits + out)
        }

        /// Whether every string fits where required and every translation
        /// takes its source's arguments.
        public var passed: Bool {
            failures.isEmpty && faceFailures.isEmpty && (placeholders?.problems.allSatisfy(\.isWarning) ?? true)
                && !(placeholders?.untranslated.contains(where: \.isError) ?? false)
        }
    }

    /// Reads, groups, lays out and judges. `progress` is told how many
    /// strings of one rule's group are done.
    public func run(progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics) throws(Stopped)
        -> Result
    {
        let read = try read(&diagnostics)
        let (groups, rules) = try groups(read.strings, &diagnostics)
        var result = Result(
            groups: [], rules: rules, faceFailures: [], missingGlyphs: [], failures: [],
            placeholders: read.placeholders)
        let total = groups.reduce(0) { $0 + $1.strings.count }
        let fonts = search.fallbackFonts()
        progress?.start(total: total)
        var before = 0
        // Faces fontconfig chose outside the device's fallbacks, by the strings they drew in.
        var machine: [Finding.MachineFallback] = []
        for group in groups {
            var report: (@Sendable (Int) -> Void)?
            if let progress {
                let offset = before
                report = { done in progress.advance(to: offset + done) }
            }
            let laidOut = FitEngine.layOut(
                strings: group.strings, cells: group.cells, width: group.width, fonts: fonts,
                styled: group.styled, progress: report, wordsAt: Self.requiredCell(group),
                rules: group.rules)
            before += group.strings.count
            TextJob.noteSettings(group.cells, laidOut.settings, into: &diagnostics)
            if !group.cells.isEmpty, !group.strings.isEmpty {
                diagnostics.verboseNote(.shapings(perString: laidOut.shapingsPerString, cells: group.cells.count))
            }
            result.faceFailures += laidOut.failures
            for (s, string) in group.strings.enumerated() where s < laidOut.missingGlyphs.count {
                if laidOut.missingGlyphs[s] > 0 {
                    result.missingGlyphs.append(
                        MissingGlyphs(
                            text: string.text, count: Int(laidOut.missingGlyphs[s]), language: string.language))
                }
            }
            for (s, string) in group.strings.enumerated() where s < laidOut.fallbacks.count {
                for use in laidOut.fallbacks[s] where use.role == .fontconfig {
                    let face = use.postscriptName ?? use.family
                    let i =
                        machine.firstIndex { $0.file == use.file && $0.face == face }
                        ?? {
                            machine.append(
                                Finding.MachineFallback(face: face, file: use.file, strings: 0, languages: []))
                            return machine.count - 1
                        }()
                    machine[i].strings += 1
                    if let language = string.language, !machine[i].languages.contains(language) {
                        machine[i].languages.append(language)
                    }
                }
            }
            result.failures += Self.failures(laidOut, group)
            result.groups.append(
                FitLayouts.Group(
                    layouts: laidOut, strings: group.strings, cells: group.cells, maxLines: group.lines,
                    rule: group.rule.map { ($0, group.style, group.width) }))
        }
        progress?.finish()
        if !machine.isEmpty { diagnostics.note(.machineFallback(machine.sorted { $0.strings > $1.strings })) }
        return result
    }

    /// The strings where `group` requires them to fit that need more lines
    /// than allowed there, or have a word wider than the line.
    static func failures(_ laidOut: FitLayouts, _ group: Group) -> [Failure] {
        guard let require = group.require, let c = requiredCell(group) else { return [] }
        var failures: [Failure] = []
        for (s, string) in group.strings.enumerated() {
            guard let layout = laidOut.layout(s, c), layout.lines > group.lines || layout.overflows else { continue }
            var failure = Failure(
                key: string.key, language: string.language, lines: layout.lines, overflows: layout.overflows,
                size: require, allowed: group.lines, rule: group.rule)
            failure.width = group.width
            failure.widthUnit = group.rules.unit
            failure.softWrap = group.rules.softWrap
            failure.clampedTo = group.cells[c].clampedTo
            (failure.file, failure.position) = (string.file, string.position)
            failure.qualifiers = string.qualifiers
            if s < laidOut.overflowingPieces.count, let piece = laidOut.overflowingPieces[s] {
                let bytes = Array(string.text.utf8)
                if piece.lowerBound >= 0, piece.upperBound <= bytes.count, !piece.isEmpty {
                    let word = String(decoding: bytes[piece], as: UTF8.self)
                    failure.word = word
                    failure.sampleOf =
                        string.substitutions.first { !$0.value.isEmpty && word.contains($0.value) }?.placeholder
                }
            }
            failures.append(failure)
        }
        return failures
    }

    /// The index of the cell where `group` requires its strings to fit.
    static func requiredCell(_ group: Group) -> Int? {
        group.require.flatMap { require in group.cells.firstIndex { $0.size == require } }
    }

    /// The strings of the arguments and files, placeholders replaced, kept
    /// by the key patterns (no key matching is an error), and unless
    /// turned off the placeholder comparison of the entries kept.
    public func read(_ diagnostics: inout Diagnostics) throws(Stopped) -> TextJob.Read {
        try TextJob.read(
            texts, files: stringsFiles, language: request.language, samples: request.samples,
            placeholderSource: checksPlaceholders || requiresTranslations ? sourceLanguage : nil,
            checksPlaceholders: checksPlaceholders, requireTranslated: requiresTranslations,
            keyPatterns: keyPatterns, sourceLanguage: sourceLanguage, pseudolocales: pseudolocales,
            configurations: configurations,
            sourceSets: sourceSets, diagnostics: &diagnostics)
    }

    /// The groups to lay out: with a rules file each string under the first
    /// rule its key matches (keys no rule matches noted, or warned about
    /// when strict); else one group of every string. Markdown is rendered
    /// where it applies and the placeholder values typefit chose noted.
    public func groups(_ strings: [LocalizedString], _ diagnostics: inout Diagnostics) throws(Stopped)
        -> (groups: [Group], rules: FitRules?)
    {
        var counts = MarkdownText.Counts()
        defer { MarkdownText.note(counts, into: &diagnostics) }
        let path: String
        switch rules {
        case .one(let rule):
            let cells = try TextJob.cells(request, search: search, diagnostics: &diagnostics)
            TextJob.notePlaceholderDefaults(strings, platform: request.platform, into: &diagnostics)
            let rendered = MarkdownText.render(
                strings, mode: request.markdown, html: request.html, counts: &counts)
            let styled = StyledFaces.find(for: rendered, cells: cells, search: search, diagnostics: &diagnostics)
            let style = request.platformStyles?.first ?? request.styles?.first?.rawValue ?? ""
            var group = Group(
                strings: rendered, cells: cells, styled: styled, style: style, width: rule.width, lines: rule.lines,
                require: rule.require, rule: nil)
            group.rules = request.textRules
            return ([group], nil)
        case .file(let file):
            path = file
        }
        let rules = try Self.readRules(path, platform: request.platform, &diagnostics)
        var members = [[Int]](repeating: [], count: rules.rules.count)
        var unmatched: [String] = []
        for (s, string) in strings.enumerated() {
            if let r = rules.rule(for: string.key, entry: string.entry, comment: string.comment) {
                members[r].append(s)
            } else if !unmatched.contains(string.key) {
                unmatched.append(string.key)
            }
        }
        guard members.contains(where: { !$0.isEmpty }) else {
            diagnostics.error(.noRuleMatches(rulesFile: path), status: .cannotRun)
            throw Stopped()
        }
        if !unmatched.isEmpty {
            let finding = Finding.keysWithoutRule(first: Array(unmatched.prefix(5)), count: unmatched.count)
            if strict {
                diagnostics.warning(finding, file: path)
            } else {
                diagnostics.note(finding, file: path)
            }
        }
        TextJob.notePlaceholderDefaults(strings, platform: request.platform, into: &diagnostics)
        var groups: [Group] = []
        for (r, rule) in rules.rules.enumerated() where !members[r].isEmpty {
            var request = request
            if request.platform == .ios {
                request.styles = TextStyle(rawValue: rule.style).map { [$0] }
            } else {
                request.platformStyles = [rule.style]
            }
            switch rule.require {
            case .category(let category): request.categories = request.categories?.adding(category)
            case .fontScale(let scale):
                if let scales = request.fontScales, !scales.contains(scale) { request.fontScales = scales + [scale] }
            case .fixed, nil: break
            }
            // The rule's bounds, else the command's.
            request.clamp.maximum = rule.clamp.maximum ?? request.clamp.maximum
            request.clamp.minimum = rule.clamp.minimum ?? request.clamp.minimum
            if request.clamp.isInverted {
                diagnostics.error(
                    .ruleClampInverted(
                        rule: r + 1, minimum: request.clamp.minimum?.rawValue ?? "",
                        maximum: request.clamp.maximum?.rawValue ?? ""), status: .cannotRun, file: path)
                throw Stopped()
            }
            let cells = try TextJob.cells(request, search: search, diagnostics: &diagnostics)
            let group = MarkdownText.render(
                members[r].map { strings[$0] }, mode: rule.markdown ?? request.markdown,
                html: rule.html ?? request.html, counts: &counts)
            let styled = StyledFaces.find(for: group, cells: cells, search: search, diagnostics: &diagnostics)
            var laidOut = Group(
                strings: group, cells: cells, styled: styled, style: rule.style, width: rule.width, lines: rule.lines,
                require: rule.require, rule: r)
            laidOut.rules = request.textRules
            groups.append(laidOut)
        }
        return (groups, rules)
    }

    /// A rules file, read (at most 1 MB) and decoded; a problem stops the
    /// run naming the file.
    static func readRules(_ path: String, platform: Platform, _ diagnostics: inout Diagnostics) throws(Stopped)
        -> FitRules
    {
        switch SystemCalls.readInput(path, limit: 1 << 20, what: "a rules file") {
        case .failure(let error):
            diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
            throw Stopped()
        case .success(let bytes):
            do {
                return try FitRules.decode(bytes, platform: platform)
            } catch {
                diagnostics.cannotRead(error, in: path)
                throw Stopped()
            }
        }
    }
}

/// What a long job tells whoever shows its progress (the command line's
/// progress line on stderr).
public protocol ProgressReporting: Sendable {
    /// The work begins: `total` items.
    func start(total: Int)
    /// `done` items are done (from any thread).
    func advance(to done: Int)
    /// The work is done.
    func finish()
}

extension FitJob: Job {}

import TypefitCore

/// ICU's line breaking and bidirectional algorithm, opened the first time
/// text is broken into lines or reordered, as HarfBuzz is: `list-fonts` and
/// `scale` never map its 30 MB of data. No headers are needed (ICU's clash
/// with Foundation's): the functions below are looked up with their C
/// signatures, under the version suffix ICU gives every symbol
/// (`ubrk_open_72`).
///
/// What typefit hands ICU, and how each is bounded: a locale to
/// `ubrk_open` and `uplrules_open`, which copy it into fixed buffers of
/// ULOC_FULLNAME_CAPACITY (157) bytes, only as a BCP 47 tag of at most 64
/// characters (`LanguageTag.problem`, checked by every reader and again in
/// `LineBreaker.locale`); text to `ubrk_setText` and `ubidi_setPara` with
/// its length, into no buffer of ICU's; and to `uplrules_select` a keyword
/// buffer with its capacity, which ICU does not write past.
struct ICU: @unchecked Sendable {
    typealias Status = Int32
    let breakOpen:
        @convention(c) (
            Int32, UnsafePointer<CChar>?, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Status>?
        ) -> OpaquePointer?
    let breakSetText:
        @convention(c) (OpaquePointer?, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Status>?) -> Void
    let breakClose: @convention(c) (OpaquePointer?) -> Void
    let breakFirst: @convention(c) (OpaquePointer?) -> Int32
    let breakNext: @convention(c) (OpaquePointer?) -> Int32
    let breakRuleStatus: @convention(c) (OpaquePointer?) -> Int32
    let bidiOpen: @convention(c) () -> OpaquePointer?
    let bidiClose: @convention(c) (OpaquePointer?) -> Void
    let bidiSetPara:
        @convention(c) (
            OpaquePointer?, UnsafePointer<UInt16>?, Int32, UInt8, UnsafeMutablePointer<UInt8>?,
            UnsafeMutablePointer<Status>?
        ) -> Void
    let bidiCountRuns: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Status>?) -> Int32
    let bidiVisualRun:
        @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    let bidiSetLine:
        @convention(c) (OpaquePointer?, Int32, Int32, OpaquePointer?, UnsafeMutablePointer<Status>?) -> Void
    let bidiGetParagraph:
        @convention(c) (
            OpaquePointer?, Int32, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<Status>?
        ) -> Int32
    /// The ICU version the symbols carry.
    let version: Int

    /// Loaded once, or why not.
    static let shared: Result<ICU, RegistryError> = load()

    private static func load() -> Result<ICU, RegistryError> {
        // Debian and Ubuntu ship one libicuuc.so.N (72 in Debian 12, 74 in
        // Ubuntu 24.04, 76 in Debian 13, 70 in Ubuntu 22.04); the symbols end
        // in _N. Those first: each name that is not there costs the loader
        // a search of the library path.
        let known = [72, 74, 76, 70, 78, 77, 75, 73, 71]
        var failure: String?
        for version in known + (60...99).reversed().filter({ !known.contains($0) }) {
            guard let handle = DynamicLibrary.open(["libicuuc.so.\(version)"], failure: &failure) else { continue }
            do {
                return .success(try ICU(handle, version: version))
            } catch {
                return .failure(
                    .libraryUnavailable(name: "ICU (\(error.name)_\(version))", package: runtimePackage()))
            }
        }
        if let failure { return .failure(.libraryFailed(name: "ICU (libicuuc.so)", reason: failure)) }
        return .failure(.libraryUnavailable(name: "ICU (libicuuc.so)", package: runtimePackage()))
    }

    /// The package holding ICU's runtime library on this system, by
    /// `/etc/os-release` (the runtime, not `libicu-dev`: a CI image needs
    /// no headers): Debian 11, 12, 13 and Ubuntu 20.04, 22.04, 24.04 by
    /// name; another Debian-like system by the command that names it.
    static func runtimePackage(osRelease path: String = "/etc/os-release") -> String {
        var fields: [String: String] = [:]
        if case .success(let bytes) = SystemCalls.readInput(path, limit: 1 << 16, what: "an os-release file") {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                var value = line[line.index(after: equals)...]
                if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                    value = value.dropFirst().dropLast()
                }
                fields[String(line[..<equals])] = String(value)
            }
        }
        let known = [
            "debian 11": "libicu67", "debian 12": "libicu72", "debian 13": "libicu76", "ubuntu 20.04": "libicu66",
            "ubuntu 22.04": "libicu70", "ubuntu 24.04": "libicu74",
        ]
        if let id = fields["ID"], let version = fields["VERSION_ID"], let package = known["\(id) \(version)"] {
            return package
        }
        return "libicuNN (apt-cache search --names-only '^libicu[0-9]+$' names it)"
    }

    private init(_ handle: UnsafeMutableRawPointer, version: Int) throws(MissingSymbol) {
        func symbol<T>(_ name: String) throws(MissingSymbol) -> T {
            try DynamicLibrary.symbol(handle, "\(name)_\(version)")
        }
        self.version = version
        breakOpen = try symbol("ubrk_open")
        breakSetText = try symbol("ubrk_setText")
        breakClose = try symbol("ubrk_close")
        breakFirst = try symbol("ubrk_first")
        breakNext = try symbol("ubrk_next")
        breakRuleStatus = try symbol("ubrk_getRuleStatus")
        bidiOpen = try symbol("ubidi_open")
        bidiClose = try symbol("ubidi_close")
        bidiSetPara = try symbol("ubidi_setPara")
        bidiCountRuns = try symbol("ubidi_countRuns")
        bidiVisualRun = try symbol("ubidi_getVisualRun")
        bidiSetLine = try symbol("ubidi_setLine")
        bidiGetParagraph = try symbol("ubidi_getParagraph")
    }
}

/// UTF-8 text as ICU wants it: UTF-16, with the UTF-8 offset of every
/// UTF-16 position (and of the end).
struct UTF16Text {
    var units: [UInt16] = []
    var utf8Offsets: [Int] = []

    init(_ utf8: [UInt8]) {
        fill(utf8)
    }

    /// Converts `utf8` into the arrays, keeping their memory (a line
    /// breaker converts every string: three allocations each were a
    /// tenth of its cost).
    mutating func fill(_ utf8: [UInt8]) {
        units.removeAll(keepingCapacity: true)
        utf8Offsets.removeAll(keepingCapacity: true)
        units.reserveCapacity(utf8.count)
        utf8Offsets.reserveCapacity(utf8.count + 1)
        var offset = 0
        while offset < utf8.count {
            // ASCII, most of most strings, without decoding.
            if utf8[offset] < 0x80 {
                units.append(UInt16(utf8[offset]))
                utf8Offsets.append(offset)
                offset += 1
                continue
            }
            let (scalar, width) = TextBytes.scalar(utf8, at: offset)
            if scalar > 0xFFFF {
                let value = scalar - 0x10000
                units.append(UInt16(0xD800 + (value >> 10)))
                units.append(UInt16(0xDC00 + (value & 0x3FF)))
                utf8Offsets.append(offset)
                utf8Offsets.append(offset)
            } else {
                units.append(UInt16(scalar))
                utf8Offsets.append(offset)
            }
            offset += width
        }
        utf8Offsets.append(offset)
    }
}

/// Line break opportunities from ICU's line break iterator: UAX #14 with
/// ICU's dictionaries for Thai, Lao, Khmer and Myanmar (written without
/// spaces) and the CJK rules (no line starts with 。、」 or a small kana),
/// tailored by the text's language. Then, for Apple's platforms, the one
/// rule of iOS's own: UILabel's default line break strategy (`.standard`)
/// includes `hangulWordPriority`, "prohibits breaking between Hangul
/// characters", so Korean breaks only where words end; for Android,
/// Minikin's (`MinikinWordBreaker`: no break after a hyphen, addresses and
/// URLs), with ICU's phrases (`lw=phrase`) when asked. One breaker per
/// thread: ICU's iterators are reused across strings (opening one loads
/// its rules).
public final class LineBreaker {
    private let icu: ICU
    private var iterators: [String: OpaquePointer] = [:]
    /// The last string's language and iterator: a catalog's strings come
    /// language by language, and finding the locale and its iterator
    /// checked and hashed a tag per string.
    private var last: (language: String?, phrases: Bool, iterator: OpaquePointer, isKorean: Bool)?
    /// The text handed to ICU, its memory reused from string to string.
    private var text = UTF16Text([])

    /// A breaker; fails when ICU cannot be loaded.
    public init() throws(RegistryError) {
        icu = try ICU.shared.get()
    }

    deinit {
        for iterator in iterators.values { icu.breakClose(iterator) }
    }

    /// Per UTF-8 byte of `utf8`: whether a line may (or must) end after it.
    public func opportunities(_ utf8: [UInt8], language requested: String?, breaking: LineBreaking = .apple)
        -> [LineBreak]
    {
        // SkParagraph asks ICU for no locale (`SkUnicode_icu`'s
        // `computeCodeUnitFlags`: "TODO: locale").
        let language = breaking == .skParagraph ? nil : requested
        var breaks = [LineBreak](filled: .none, count: utf8.count)
        guard !utf8.isEmpty else { return breaks }
        text.fill(utf8)
        var status: ICU.Status = 0
        let iterator: OpaquePointer
        var phrases = false
        if case .android(let android) = breaking { phrases = android.wordStyle == .phrase }
        let isKorean: Bool
        if let last, last.language == language, last.phrases == phrases {
            (iterator, isKorean) = (last.iterator, last.isKorean)
        } else {
            // ICU's keyword, as Minikin's `getStringWithLineBreakOption`
            // gives it (a locale without a language takes none).
            let base = Self.locale(language)
            isKorean = base.split(separator: "_").first?.lowercased() == "ko"
            let locale = base + (phrases && !base.isEmpty ? "@lw=phrase" : "")
            if let open = iterators[locale] {
                iterator = open
            } else {
                // UBRK_LINE is 2; the text is set below.
                guard let open = icu.breakOpen(2, locale, nil, 0, &status), status <= 0 else { return breaks }
                iterators[locale] = open
                iterator = open
            }
            last = (language, phrases, iterator, isKorean)
        }
        text.units.withUnsafeBufferPointer { units in
            icu.breakSetText(iterator, units.baseAddress, Int32(units.count), &status)
        }
        guard status <= 0 else { return breaks }
        _ = icu.breakFirst(iterator)
        while true {
            let boundary = Int(icu.breakNext(iterator))
            guard boundary >= 0, boundary <= text.units.count else { break }  // UBRK_DONE is -1
            let end = text.utf8Offsets[boundary]
            guard end > 0 else { continue }
            // Hard breaks (after a newline) have rule status 100–199.
            let hard = (100..<200).contains(Int(icu.breakRuleStatus(iterator)))
            breaks[end - 1] = hard ? .mandatory : .allowed
        }
        if breaking == .apple {
            Self.keepHangulWords(utf8, &breaks)
        } else if breaking != .skParagraph {
            // Korean phrases end only at spaces (Minikin's
            // `testPhraseBreak_Korean`); Debian 12's ICU 72 gives ko@lw=phrase
            // no meaning of its own.
            if phrases, isKorean {
                Self.keepHangulWords(utf8, &breaks)
            }
            MinikinWordBreaker.adjust(utf8, &breaks)
            // What a phrase wider than the line falls back to: the breaks
            // of the plain word style (Minikin's `doLineBreakWithFallback`
            // asks its word breaker with `LineBreakWordStyle::None`).
            if phrases, case .android(var plain) = breaking {
                plain.wordStyle = .none
                let words = opportunities(utf8, language: language, breaking: .android(plain))
                for i in breaks.indices where breaks[i] == .none && (words[i] == .allowed || words[i] == .discouraged) {
                    breaks[i] = .phraseFallback
                }
            }
        }
        return breaks
    }

    /// The ICU locale for a language tag (`pt-BR` → `pt_BR`); the root
    /// locale when none is given, or when the tag is not BCP 47: ICU copies
    /// a locale into fixed buffers of ULOC_FULLNAME_CAPACITY (157) bytes
    /// (`ubrk_open`, `uplrules_open`), and ICU 72 aborts past them. Every
    /// reader refuses such tags first; this is the boundary's own check.
    static func locale(_ language: String?) -> String {
        guard let language, !language.isEmpty, LanguageTag.problem(language) == nil else { return "" }
        return language.replacingHyphens()
    }

    /// `hangulWordPriority`: no break between two Hangul characters.
    static func keepHangulWords(_ utf8: [UInt8], _ breaks: inout [LineBreak]) {
        // Hangul's characters are three bytes led by E1, E3, EA–ED or EF:
        // text without such a byte (Latin, Greek, Cyrillic, Arabic) has
        // none, and is not walked.
        guard utf8.contains(where: { $0 == 0xE1 || $0 == 0xE3 || (0xEA...0xED).contains($0) || $0 == 0xEF })
        else { return }
        var previousWasHangul = false
        var previousEnd = 0
        var offset = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
            let hangul = isHangul(scalar.value)
            if hangul && previousWasHangul && previousEnd > 0 && breaks[previousEnd - 1] == .allowed {
                breaks[previousEnd - 1] = .none
            }
            offset += UTF8.width(scalar)
            previousEnd = offset
            previousWasHangul = hangul
        }
    }

    /// Hangul syllables and jamo (the Unicode blocks of the Hangul script).
    static func isHangul(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC:
            return true
        default:
            return false
        }
    }
}

extension String {
    fileprivate func replacingHyphens() -> String {
        String(map { $0 == "-" ? "_" : $0 })
    }
}

/// The visual order of a line's text, from ICU's bidirectional algorithm
/// (UAX #9): runs of one direction, left to right as drawn.
public enum BidiOrder {
    /// A run: a UTF-8 byte range of the text, and whether it reads right to
    /// left.
    public typealias Run = VisualRun

    /// The runs of `utf8` in visual order, the paragraph direction taken
    /// from its first strong character (as UILabel's natural alignment
    /// does); one left-to-right run when ICU is missing or fails.
    public static func visualRuns(_ utf8: [UInt8]) -> [Run] {
        Paragraphs(utf8).visualRuns()
    }

    /// Whether `utf8` may hold right-to-left text (`TextBytes`).
    static func mayHoldRightToLeft(_ utf8: [UInt8]) -> Bool { TextBytes.mayHoldRightToLeft(utf8) }

    /// A line's runs in visual order, and whether its paragraph reads right
    /// to left.
    public typealias Line = VisualLine

    /// The lines `lines` (byte ranges of `utf8`, each inside one paragraph)
    /// reordered as the bidirectional algorithm reorders lines of a
    /// paragraph (UAX #9 rule L2 applies per line): each paragraph's
    /// direction from its first strong character (text between hard line
    /// breaks is a paragraph). One left-to-right run per line when ICU is
    /// missing or fails. `mayHoldRightToLeft`, when the caller knows it,
    /// saves looking.
    public static func visualLines(_ utf8: [UInt8], lines: [Range<Int>], mayHoldRightToLeft: Bool? = nil) -> [Line] {
        // Text without a right-to-left letter reorders nothing: every line
        // is one left-to-right run (most strings; ICU is not asked).
        guard mayHoldRightToLeft ?? Self.mayHoldRightToLeft(utf8) else { return Paragraphs.plain(lines) }
        return Paragraphs(utf8).visualLines(lines)
    }

    /// A text's paragraphs analysed once by the bidirectional algorithm,
    /// their lines reordered as often as asked (`review` draws a string at
    /// up to twelve sizes: the paragraph is analysed once, not per size).
    public final class Paragraphs {
        private let icu: ICU?
        private let bidi: OpaquePointer?
        private let line: OpaquePointer?
        /// The text in UTF-16, kept where ICU points to it until `deinit`.
        private let units: UnsafeMutableBufferPointer<UInt16>
        /// Per UTF-16 index: its UTF-8 offset (one past the end included).
        private let utf8Offsets: [Int]
        /// Per UTF-8 offset: the UTF-16 index of the character starting
        /// there (-1 inside a character).
        private let utf16Index: [Int32]

        /// Analyses `utf8`; without ICU, every line reads left to right.
        public init(_ utf8: [UInt8]) {
            let text = UTF16Text(utf8)
            units = .allocate(capacity: max(text.units.count, 1))
            _ = units.initialize(from: text.units)
            utf8Offsets = text.utf8Offsets
            var index = [Int32](filled: -1, count: utf8.count + 1)
            for (i, offset) in text.utf8Offsets.enumerated().reversed() { index[offset] = Int32(i) }
            utf16Index = index
            guard !utf8.isEmpty, case .success(let icu) = ICU.shared, let bidi = icu.bidiOpen() else {
                (self.icu, self.bidi, line) = (nil, nil, nil)
                return
            }
            guard let line = icu.bidiOpen() else {
                icu.bidiClose(bidi)
                (self.icu, self.bidi, self.line) = (nil, nil, nil)
                return
            }
            var status: ICU.Status = 0
            // UBIDI_DEFAULT_LTR (0xFE): each paragraph's first strong
            // character decides, left to right when there is none.
            icu.bidiSetPara(bidi, units.baseAddress, Int32(text.units.count), 0xFE, nil, &status)
            guard status <= 0 else {
                icu.bidiClose(line)
                icu.bidiClose(bidi)
                (self.icu, self.bidi, self.line) = (nil, nil, nil)
                return
            }
            (self.icu, self.bidi, self.line) = (icu, bidi, line)
        }

        deinit {
            if let icu {
                icu.bidiClose(line)
                icu.bidiClose(bidi)
            }
            units.deallocate()
        }

        /// One left-to-right run per line.
        static func plain(_ lines: [Range<Int>]) -> [Line] {
            lines.map { Line(runs: $0.isEmpty ? [] : [Run(range: $0, rightToLeft: false)], rightToLeft: false) }
        }

        /// The runs of the whole text in visual order (one left-to-right
        /// run without ICU).
        public func visualRuns() -> [Run] {
            guard let icu, let bidi, let runs = runs(of: bidi, from: 0, icu) else {
                return [Run(range: 0..<(utf8Offsets.last ?? 0), rightToLeft: false)]
            }
            return runs
        }

        /// The visual runs of `object` (the paragraph, or a line of it
        /// starting at UTF-16 index `start`), in UTF-8 offsets; `nil` when
        /// ICU fails.
        private func runs(of object: OpaquePointer, from start: Int32, _ icu: ICU) -> [Run]? {
            var status: ICU.Status = 0
            let count = icu.bidiCountRuns(object, &status)
            guard status <= 0, count > 0 else { return nil }
            var runs: [Run] = []
            runs.reserveCapacity(Int(count))
            for i in 0..<count {
                var runStart: Int32 = 0
                var length: Int32 = 0
                let direction = icu.bidiVisualRun(object, i, &runStart, &length)
                // A line's indices count from its start.
                let lower = utf8Offsets[Int(start + runStart)]
                let upper = utf8Offsets[Int(start + runStart + length)]
                runs.append(Run(range: lower..<upper, rightToLeft: direction == 1))
            }
            return runs
        }

        /// The lines (byte ranges, each inside one paragraph) in visual order.
        public func visualLines(_ lines: [Range<Int>]) -> [Line] {
            guard let icu, let bidi, let line else { return Self.plain(lines) }
            let count = Int32(utf8Offsets.count - 1)
            return lines.map { range -> Line in
                guard range.upperBound < utf16Index.count, utf16Index[range.lowerBound] >= 0,
                    utf16Index[range.upperBound] >= 0
                else { return Self.plain([range])[0] }
                let start = utf16Index[range.lowerBound]
                let limit = utf16Index[range.upperBound]
                var level: UInt8 = 0
                var status: ICU.Status = 0
                _ = icu.bidiGetParagraph(bidi, min(start, count - 1), nil, nil, &level, &status)
                let rightToLeft = status <= 0 && level & 1 == 1
                guard start < limit else { return Line(runs: [], rightToLeft: rightToLeft) }
                icu.bidiSetLine(bidi, start, limit, line, &status)
                guard status <= 0, let runs = runs(of: line, from: start, icu) else { return Self.plain([range])[0] }
                return Line(runs: runs, rightToLeft: rightToLeft)
            }
        }
    }
}

/// ICU's libicui18n (plural rules, number formats), beside the line
/// breaker's libicuuc and of its version, opened once.
enum I18nLibrary {
    private struct Handle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
        let version: Int
    }

    private static let handle: Handle? = {
        guard case .success(let icu) = ICU.shared,
            let opened = DynamicLibrary.open(["libicui18n.so.\(icu.version)"])
        else { return nil }
        return Handle(pointer: opened, version: icu.version)
    }()

    /// The function `name` (under the version's suffix), or `nil`.
    static func symbol<T>(_ name: String) -> T? {
        guard let handle else { return nil }
        return try? DynamicLibrary.symbol(handle.pointer, "\(name)_\(handle.version)")
    }
}

/// CLDR's plural rules, from ICU's own (`uplrules_select`, in
/// libicui18n): which category (`one`, `few`, `other` …) a number takes
/// in a language, for measuring each plural form with a number iOS would
/// show it with.
public enum PluralRules {
    private typealias Open = @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<ICU.Status>?) -> OpaquePointer?
    private typealias Select =
        @convention(c) (OpaquePointer?, Double, UnsafeMutablePointer<UInt16>?, Int32, UnsafeMutablePointer<ICU.Status>?)
        -> Int32
    private typealias Close = @convention(c) (OpaquePointer?) -> Void

    private struct Functions: @unchecked Sendable {
        let open: Open
        let select: Select
        let close: Close
    }

    /// Loaded once, beside the line breaker's ICU (the same version).
    private static let functions: Functions? = {
        guard let open: Open = I18nLibrary.symbol("uplrules_open"),
            let select: Select = I18nLibrary.symbol("uplrules_select"),
            let close: Close = I18nLibrary.symbol("uplrules_close")
        else { return nil }
        return Functions(open: open, select: select, close: close)
    }()

    /// The category of each of `numbers` in `language` (a BCP 47 tag or an
    /// `.lproj` name), in order; `nil` when ICU's rules cannot be loaded.
    public static func categories(of numbers: [Int], language: String) -> [String]? {
        categories(ofValues: numbers.map(Double.init), language: language)
    }

    /// The category of `number` in `language`, as it shows (`1.5`: one
    /// digit after the point, CLDR's `v` = 1); `nil` when ICU's rules
    /// cannot be loaded.
    public static func category(of number: Double, language: String) -> String? {
        categories(ofValues: [number], language: language)?.first
    }

    private static func categories(ofValues numbers: [Double], language: String) -> [String]? {
        guard let functions else { return nil }
        var status: ICU.Status = 0
        // Bounded before `uplrules_open` copies it (see `LineBreaker.locale`).
        guard LanguageTag.problem(language) == nil else { return nil }
        let locale = LineBreaker.locale(language)
        guard let rules = functions.open(locale, &status), status <= 0 else { return nil }
        defer { functions.close(rules) }
        var result: [String] = []
        result.reserveCapacity(numbers.count)
        // `uplrules_select` writes at most the capacity given and says how
        // long the keyword is (CLDR's are at most five letters).
        var keyword = [UInt16](filled: 0, count: 32)
        for number in numbers {
            status = 0
            let length = functions.select(rules, number, &keyword, Int32(keyword.count), &status)
            guard status <= 0, length > 0, length <= keyword.count else { return nil }
            result.append(String(decoding: keyword[0..<Int(length)], as: UTF16.self))
        }
        return result
    }
}

/// Numbers as CLDR's patterns write them in a language (ICU's
/// `unum_formatInt64`, in libicui18n): `1,000,000` in English,
/// `1.000.000` in German, `1 000 000` (narrow no-break spaces) in French;
/// compact `1M`, `1 Mio.`; `1 million`. intl's `NumberFormat` reads the
/// same CLDR patterns and symbols.
public enum DecimalFormat {
    /// Which pattern (ICU's `UNumberFormatStyle`).
    public enum Style: Int32, Sendable {
        /// `decimalPattern`.
        case decimal = 1
        /// `percentPattern` (the number × 100).
        case percent = 3
        /// `scientificPattern`.
        case scientific = 4
        /// `compact`: short compact.
        case compactShort = 14
        /// `compactLong`.
        case compactLong = 15
    }

    private typealias Open =
        @convention(c) (
            Int32, UnsafePointer<UInt16>?, Int32, UnsafePointer<CChar>?, OpaquePointer?,
            UnsafeMutablePointer<ICU.Status>?
        ) -> OpaquePointer?
    private typealias Format =
        @convention(c) (
            OpaquePointer?, Int64, UnsafeMutablePointer<UInt16>?, Int32, OpaquePointer?,
            UnsafeMutablePointer<ICU.Status>?
        ) -> Int32
    private typealias Close = @convention(c) (OpaquePointer?) -> Void
    private typealias FormatDouble =
        @convention(c) (
            OpaquePointer?, Double, UnsafeMutablePointer<UInt16>?, Int32, OpaquePointer?,
            UnsafeMutablePointer<ICU.Status>?
        ) -> Int32
    private typealias SetAttribute = @convention(c) (OpaquePointer?, Int32, Int32) -> Void
    private typealias SetSymbol =
        @convention(c) (OpaquePointer?, Int32, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<ICU.Status>?) -> Void

    private struct Functions: @unchecked Sendable {
        let open: Open
        let format: Format
        let close: Close
        let formatDouble: FormatDouble
        let setAttribute: SetAttribute
        let setSymbol: SetSymbol
    }

    private static let functions: Functions? = {
        guard let open: Open = I18nLibrary.symbol("unum_open"),
            let format: Format = I18nLibrary.symbol("unum_formatInt64"),
            let close: Close = I18nLibrary.symbol("unum_close"),
            let formatDouble: FormatDouble = I18nLibrary.symbol("unum_formatDouble"),
            let setAttribute: SetAttribute = I18nLibrary.symbol("unum_setAttribute"),
            let setSymbol: SetSymbol = I18nLibrary.symbol("unum_setSymbol")
        else { return nil }
        return Functions(
            open: open, format: format, close: close, formatDouble: formatDouble, setAttribute: setAttribute,
            setSymbol: setSymbol)
    }()

    /// `number` as intl prints it with `recipe` (`IntlCurrencyFormat`) in
    /// `language`.
    public static func format(_ number: Double, language: String, recipe: IntlCurrencyFormat.Recipe) -> String? {
        let written = format(
            number, language: language, pattern: recipe.pattern, style: recipe.style == .percent ? .percent : .decimal,
            fractionDigits: recipe.fractionDigits, latinDigits: recipe.latinDigits, symbols: recipe.symbols)
        guard let written, let symbol = recipe.symbol else { return written }
        var out = ""
        for character in written {
            if character == IntlCurrencyFormat.symbolMark { out += symbol } else { out.append(character) }
        }
        return out
    }

    /// intl's separators in place of ICU's (they differ in Swiss German,
    /// Swiss Italian and Khmer): UNUM_DECIMAL_SEPARATOR_SYMBOL (0),
    /// UNUM_GROUPING_SEPARATOR_SYMBOL (1), UNUM_PERCENT_SYMBOL (3).
    private static func setSymbols(_ symbols: IntlNumberSymbols, _ formatter: OpaquePointer, _ functions: Functions) {
        for (index, text) in [(Int32(0), symbols.decimal), (1, symbols.group), (3, symbols.percent)] {
            let units = Array(text.utf16)
            guard !units.isEmpty, units.count <= 8 else { continue }
            var status: ICU.Status = 0
            functions.setSymbol(formatter, index, units, Int32(units.count), &status)
        }
    }

    /// `number` with an ICU decimal `pattern` (`nil`: `style`'s), in
    /// `language`'s symbols, with exactly `fractionDigits` digits after the
    /// point when given; `nil` when ICU cannot (a pattern it refuses, one
    /// over 256 UTF-16 units).
    public static func format(
        _ number: Double, language: String, pattern: String?, style: Style = .decimal, fractionDigits: Int?,
        latinDigits: Bool, symbols: IntlNumberSymbols? = nil
    ) -> String? {
        guard let functions, LanguageTag.problem(language) == nil, number.isFinite else { return nil }
        let units = pattern.map { Array($0.utf16) } ?? []
        guard units.count <= 256 else { return nil }
        var status: ICU.Status = 0
        let locale = LineBreaker.locale(language) + (latinDigits ? "@numbers=latn" : "")
        // UNUM_PATTERN_DECIMAL (0) reads the pattern given.
        let opened = units.withUnsafeBufferPointer { buffer in
            functions.open(
                pattern == nil ? style.rawValue : 0, pattern == nil ? nil : buffer.baseAddress, Int32(units.count),
                locale, nil, &status)
        }
        guard let formatter = opened, status <= 0 else { return nil }
        defer { functions.close(formatter) }
        if let symbols { setSymbols(symbols, formatter, functions) }
        if let fractionDigits {
            // UNUM_MAX_FRACTION_DIGITS (6), UNUM_MIN_FRACTION_DIGITS (7).
            functions.setAttribute(formatter, 6, Int32(fractionDigits))
            functions.setAttribute(formatter, 7, Int32(fractionDigits))
        }
        var buffer = [UInt16](filled: 0, count: 256)
        let length = functions.formatDouble(formatter, number, &buffer, Int32(buffer.count), nil, &status)
        guard status <= 0, length > 0, length <= buffer.count else { return nil }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }

    /// `number` in `language`'s pattern of `style` (in Western digits
    /// with `latinDigits`, else the language's own numbering system);
    /// `nil` when ICU cannot.
    public static func format(
        _ number: Int64, language: String, style: Style = .decimal, latinDigits: Bool = false,
        symbols: IntlNumberSymbols? = nil
    ) -> String? {
        guard let functions, LanguageTag.problem(language) == nil else { return nil }
        var status: ICU.Status = 0
        let locale = LineBreaker.locale(language) + (latinDigits ? "@numbers=latn" : "")
        guard let formatter = functions.open(style.rawValue, nil, 0, locale, nil, &status), status <= 0
        else { return nil }
        defer { functions.close(formatter) }
        if let symbols { setSymbols(symbols, formatter, functions) }
        var buffer = [UInt16](filled: 0, count: 64)
        let length = functions.format(formatter, number, &buffer, Int32(buffer.count), nil, &status)
        guard status <= 0, length > 0, length <= buffer.count else { return nil }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }
}

/// A date written with a pattern (`MMM d, y`) in a language, as ICU's
/// `udat_format` writes it (in libicui18n), in UTC: the month and day
/// names, am/pm and digits of CLDR that intl's `DateFormat` also reads.
public enum DatePatternFormat {
    private typealias Open =
        @convention(c) (
            Int32, Int32, UnsafePointer<CChar>?, UnsafePointer<UInt16>?, Int32, UnsafePointer<UInt16>?, Int32,
            UnsafeMutablePointer<ICU.Status>?
        ) -> OpaquePointer?
    private typealias Format =
        @convention(c) (
            OpaquePointer?, Double, UnsafeMutablePointer<UInt16>?, Int32, OpaquePointer?,
            UnsafeMutablePointer<ICU.Status>?
        ) -> Int32
    private typealias Close = @convention(c) (OpaquePointer?) -> Void

    private struct Functions: @unchecked Sendable {
        let open: Open
        let format: Format
        let close: Close
    }

    private static let functions: Functions? = {
        guard let open: Open = I18nLibrary.symbol("udat_open"),
            let format: Format = I18nLibrary.symbol("udat_format"),
            let close: Close = I18nLibrary.symbol("udat_close")
        else { return nil }
        return Functions(open: open, format: format, close: close)
    }()

    /// `milliseconds` since 1970 (UTC) written with `pattern` in
    /// `language` (Western digits with `latinDigits`); `nil` when ICU
    /// cannot (no ICU, a pattern it refuses, more than 256 UTF-16 units).
    public static func format(pattern: String, milliseconds: Double, language: String, latinDigits: Bool) -> String? {
        guard let functions, LanguageTag.problem(language) == nil else { return nil }
        let units = Array(pattern.utf16)
        guard units.count <= 256 else { return nil }
        let zone = Array("UTC".utf16)
        var status: ICU.Status = 0
        // Dart's `DateTime` is Gregorian whatever the locale (ICU's `fa`
        // and `th` default to their own calendars).
        let locale = LineBreaker.locale(language) + "@calendar=gregorian" + (latinDigits ? ";numbers=latn" : "")
        // UDAT_PATTERN (-2) for both styles: the pattern given.
        guard
            let formatter = functions.open(
                -2, -2, locale, zone, Int32(zone.count), units, Int32(units.count), &status),
            status <= 0
        else { return nil }
        defer { functions.close(formatter) }
        var buffer = [UInt16](filled: 0, count: 512)
        let length = functions.format(formatter, milliseconds, &buffer, Int32(buffer.count), nil, &status)
        guard status <= 0, length >= 0, length <= buffer.count else { return nil }
        return String(decoding: buffer[0..<Int(length)], as: UTF16.self)
    }
}

/// ICU's likely subtags, as Minikin's `LocaleListCache` applies them to
/// every locale it is given (`uloc_canonicalize`, `uloc_addLikelySubtags`,
/// `uloc_toLanguageTag`): `ja` → `ja-Jpan-JP`, `ar` → `ar-Arab-EG`; an
/// empty tag, or a script alone, stays undetermined (`und`, `und-Arab`).
public enum LikelySubtags {
    private typealias Canonicalize =
        @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, UnsafeMutablePointer<ICU.Status>?)
        -> Int32
    private typealias ToLanguageTag =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, Int32, Int8, UnsafeMutablePointer<ICU.Status>?
        ) -> Int32

    private struct Functions: @unchecked Sendable {
        let canonicalize: Canonicalize
        let addLikely: Canonicalize
        let toLanguageTag: ToLanguageTag
    }

    private static let functions: Functions? = {
        guard case .success(let icu) = ICU.shared, let handle = DynamicLibrary.open(["libicuuc.so.\(icu.version)"])
        else { return nil }
        func symbol<T>(_ name: String) -> T? { try? DynamicLibrary.symbol(handle, "\(name)_\(icu.version)") }
        guard let canonicalize: Canonicalize = symbol("uloc_canonicalize"),
            let addLikely: Canonicalize = symbol("uloc_addLikelySubtags"),
            let toLanguageTag: ToLanguageTag = symbol("uloc_toLanguageTag")
        else { return nil }
        return Functions(canonicalize: canonicalize, addLikely: addLikely, toLanguageTag: toLanguageTag)
    }()

    /// `tag` maximized as Minikin maximizes it; `nil` when ICU cannot (or
    /// is missing). Tags longer than 64 bytes or with characters other
    /// than letters, digits, `-` and `_` are refused before ICU copies
    /// them into its fixed buffers (ULOC_FULLNAME_CAPACITY, 157 bytes).
    public static func maximize(_ tag: String) -> String? {
        guard let functions, tag.utf8.count <= 64,
            tag.utf8.allSatisfy({
                $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                    || (0x61...0x7A).contains($0)
            })
        else { return nil }
        let capacity: Int32 = 160
        var canonical = [CChar](repeating: 0, count: Int(capacity))
        var status: ICU.Status = 0
        let length = functions.canonicalize(tag, &canonical, capacity, &status)
        guard status <= 0, status != -124, length >= 0, length < capacity else { return nil }
        let text = String(decoding: canonical.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Minikin keeps "" and "_Xxxx" undetermined (likely subtags would
        // make "" en-Latn-US).
        if text.isEmpty || (text.count == 5 && text.hasPrefix("_")) {
            return "und" + String(text.map { $0 == "_" ? "-" : $0 })
        }
        var likely = [CChar](repeating: 0, count: Int(capacity))
        status = 0
        let likelyLength = functions.addLikely(canonical, &likely, capacity, &status)
        guard status <= 0, status != -124, likelyLength >= 0, likelyLength < capacity else { return nil }
        var output = [CChar](repeating: 0, count: Int(capacity))
        status = 0
        let outputLength = functions.toLanguageTag(likely, &output, capacity, 0, &status)
        guard status <= 0, status != -124, outputLength >= 0, outputLength < capacity else { return nil }
        return String(decoding: output.prefix(Int(outputLength)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

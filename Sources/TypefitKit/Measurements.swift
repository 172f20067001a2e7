import FontRegistry
import TypefitCore

/// The measurers of the faces cells use, opened once each. Each string is
/// shaped once per face, not once per category: with unhinted advances a
/// line's width is linear in the point size. A face whose widths change
/// with the size (an optical-size axis or tracking Core Text applies,
/// `OpticalSizing`) has a measurer per point size instead.
public final class Measurements {
    private var measurers: [FaceKey: TextMeasurer] = [:]
    /// Per slot's key: the keys of the faces of its Markdown runs.
    private var styledKeys: [FaceKey: [InlineMarkdown.Traits: FaceKey]] = [:]

    /// Why faces could not be opened (each once).
    public private(set) var failures: [String] = []
    /// Per cell: its face's slot, an index shared by the cells of one face
    /// (per-string work is kept in arrays by slot: hashing a face's key for
    /// each cell of each string was a tenth of fit's time).
    public private(set) var faceSlots: [Int] = []
    /// How many distinct faces the cells use.
    public private(set) var slotCount = 0
    /// The slots, one per distinct face (and size, where the face's widths
    /// depend on it) the cells use.
    private var slots: [Slot] = []
    private let fonts: FallbackFonts

    /// One face as the cells of a slot measure it.
    private struct Slot {
        /// Its face (`nil` for cells whose face is missing).
        var key: FaceKey?
        /// Its measurer (`nil` where the face could not be opened).
        var measurer: TextMeasurer?
        /// For a face measured at several sizes with the same coordinates
        /// (a tracked static face, an opsz axis clamped): the shaping it
        /// shares, and its own tracking, added per size.
        var sharing: SharedShaping?
    }

    /// A slot's share of a shaping.
    private struct SharedShaping {
        /// The index of the untracked measurer in `shapers`.
        var shaper: Int
        /// The slot's tracking, in ems.
        var trackingEms: Double
    }

    /// A measurer, opened untracked, that shapes once for the slots that
    /// share it, with the string being prepared (`prepare`'s scratch).
    private struct Shaper {
        var measurer: TextMeasurer
        /// The string prepared in it (`nil`: not shaped so).
        var scratch: PreparedSlot?
        /// Whether the string was shaped yet.
        var done = false
    }
    /// The shared shapers.
    private var shapers: [Shaper] = []
    /// How many shapings one string takes in every face the cells use
    /// (a face, a size whose coordinates differ, once each).
    public private(set) var shapingsPerString = 0

    /// How the platform draws text: its line breaking, fallback and
    /// letter spacing.
    public let rules: TextRules
    /// How lines are broken: Apple's, or Android's Minikin with its
    /// strategy (`LineFitter.Prepared`'s `breaking`).
    public var breaking: LineBreaking { rules.breaking }

    /// Opens the faces of `cells` (and of `styled`, the faces of Markdown
    /// runs) as `rules` draw them.
    public init(
        cells: [SizedCell], fonts: FallbackFonts, styled: StyledFaces = StyledFaces(), rules: TextRules
    ) {
        self.fonts = fonts
        self.rules = rules
        // Each face opened for every size first: whether it depends on
        // the size is read from its tables.
        var faceKeys: [FaceKey?] = []
        var locations: [FaceKey: FaceLocation] = [:]
        // The system font's files (Text and Display) at one weight and
        // slant fall back as one font: iOS's cascade is the system font's,
        // whatever its optical size. Their measurers share one fallback
        // state (cascade, choices, fallback faces), as a face's sizes do.
        var systemFontBases: [String: TextMeasurer] = [:]
        for cell in cells {
            guard let face = cell.face?.location else {
                faceKeys.append(nil)
                continue
            }
            let key = FaceKey(face, letterSpacingEms: rules.letterSpacingEms(ofStyle: cell.style, size: cell.pointSize))
            locations[key] = face
            let systemKey = face.isSystemFont ? "\(face.weight ?? 400)|\(face.isItalic)" : nil
            let base = open(face, key: key, sharing: systemKey.flatMap { systemFontBases[$0] })
            if let systemKey, systemFontBases[systemKey] == nil { systemFontBases[systemKey] = base }
            guard base?.dependsOnPointSize == true else {
                faceKeys.append(key)
                continue
            }
            let sized = key.sized(cell.pointSize)
            _ = open(face, key: sized, sharing: base)
            faceKeys.append(sized)
        }
        var slotOfKey: [FaceKey?: Int] = [:]
        faceSlots = faceKeys.map { key in
            if let slot = slotOfKey[key] { return slot }
            slotOfKey[key] = slotOfKey.count
            return slotOfKey.count - 1
        }
        slotCount = slotOfKey.count
        var slots = [Slot](filled: Slot(key: nil), count: slotCount)
        for (key, slot) in slotOfKey { slots[slot].key = key }
        // Markdown runs: in the run's face at the slot's size where that
        // face depends on it, with the string's letter spacing.
        for case let slotKey? in slotOfKey.keys {
            guard let location = locations[slotKey.unsized],
                let byTraits = styled.faces[StyledFaces.key(location)]
            else { continue }
            styledKeys[slotKey] = byTraits.mapValues { face in
                let key = FaceKey(face, letterSpacingEms: slotKey.letterSpacingEms)
                let unsized = open(face, key: key)
                guard let size = slotKey.pointSize, unsized?.dependsOnPointSize == true else { return key }
                _ = open(face, key: key.sized(size), sharing: unsized)
                return key.sized(size)
            }
        }
        for slot in slots.indices { slots[slot].measurer = slots[slot].key.flatMap { measurers[$0] } }
        self.slots = slots
        shareShaping(locations: locations)
        // One memo of fallback runs for every face of the cells.
        let memo = FallbackMemo()
        for measurer in measurers.values { measurer.fallbackMemo = memo }
        for shaper in shapers { shaper.measurer.fallbackMemo = memo }
    }

    /// Groups the sized slots of a face by the coordinates their sizes set
    /// (`OpticalSizing`): where several share them, one untracked
    /// measurer shapes a string once for all and each adds its size's
    /// tracking (`MeasuredText.tracked`), the widths those slots' own
    /// measurers give.
    private func shareShaping(locations: [FaceKey: FaceLocation]) {
        struct Group: Hashable {
            var face: FaceKey
            var variations: [Double]
        }
        var groups: [Group: [(slot: Int, size: Double, trackingEms: Double)]] = [:]
        for (slot, entry) in slots.enumerated() {
            guard let key = entry.key, let size = key.pointSize, let base = measurers[key.unsized],
                entry.measurer != nil
            else { continue }
            let setting = base.setting(atPointSize: size)
            groups[Group(face: key.unsized, variations: setting.variations.map(\.value)), default: []].append(
                (slot, size, setting.trackingEms))
        }
        var shapings = slotCount
        // In slot order: the shapers' numbering does not follow hashing.
        for members in groups.values.sorted(by: { $0[0].slot < $1[0].slot }) where members.count > 1 {
            guard let face = slots[members[0].slot].key?.unsized, let location = locations[face],
                let base = measurers[face],
                let shaper = try? TextMeasurer(
                    location, key: face.sized(members[0].size), fallback: fonts, rules: rules,
                    tracked: false, sharing: base)
            else { continue }
            shapers.append(Shaper(measurer: shaper))
            for member in members {
                slots[member.slot].sharing = SharedShaping(shaper: shapers.count - 1, trackingEms: member.trackingEms)
            }
            shapings -= members.count - 1
        }
        shapingsPerString = shapings
    }

    /// Per cell: the coordinates and tracking its face is measured at
    /// (`nil` where it could not be opened).
    public var settings: [FaceSetting?] {
        faceSlots.map { slots[$0].measurer?.setting }
    }

    /// The measurer of `face` as `key` says (its letter spacing and
    /// size), opened once (`nil`, the failure kept, where it cannot be).
    private func open(_ face: FaceLocation, key: FaceKey, sharing: TextMeasurer? = nil) -> TextMeasurer? {
        if let known = measurers[key] { return known }
        do {
            let measurer = try TextMeasurer(face, key: key, fallback: fonts, rules: rules, sharing: sharing)
            measurers[key] = measurer
            return measurer
        } catch {
            if !failures.contains(error.message) { failures.append(error.message) }
            return nil
        }
    }

    /// One string measured in every face the cells use; per cell, its
    /// measurement (`nil` where its face could not be opened).
    /// `utf8`, when given, is the string's text as UTF-8 (spares a copy
    /// per face).
    public func measure(_ string: LocalizedString, utf8: [UInt8]? = nil) -> [MeasuredText?] {
        let bySlot = measureBySlot(string, utf8: utf8)
        return faceSlots.map { bySlot[$0] }
    }

    /// `measure`'s measurements, one per slot (`faceSlots` says each
    /// cell's): what fit lays out, without a copy per cell.
    public func measureBySlot(_ string: LocalizedString, utf8: [UInt8]? = nil) -> [MeasuredText?] {
        let styled = string.spans.contains { !$0.traits.face.isEmpty }
        let bytes = styled ? [] : utf8 ?? Array(string.text.utf8)
        // Per shared shaper: its one shaping (`nil` inside: a fallback
        // whose widths change with the size drew part; each size's own).
        var shared = [TextMeasurer.TrackedMeasurement??](filled: nil, count: shapers.count)
        return slots.indices.map { index in
            let slot = slots[index]
            guard let measurer = slot.measurer else { return nil }
            if styled, let key = slot.key { return measureRuns(string, base: key, measurer) }
            if let share = slot.sharing {
                if shared[share.shaper] == nil {
                    shared[share.shaper] = .some(
                        shapers[share.shaper].measurer.measureForTracking(utf8: bytes, language: string.language))
                }
                if let tracked = shared[share.shaper] ?? nil {
                    return tracked.measured.tracked(by: share.trackingEms, at: tracked.trackedAt)
                }
            }
            return measurer.measure(utf8: bytes, language: string.language)
        }
    }

    /// `measureBySlot`'s measurements made ready to break into lines, per
    /// slot, into `result`, whose memory is reused: fit prepares every
    /// string into one array per worker (an array of optionals per string
    /// cost an allocation and a generic destruction, some 1,500
    /// instructions).
    ///
    /// A slot whose size shares another's shaping (`Slot.sharing`) is left
    /// `nil` in `result`: `sharing(ofSlot:)` and `sharedLine(_:)` give the
    /// shaping, prepared once, and the slot's tracking, to lay out without
    /// a copy per size. Where the shared shaping could not be made (a
    /// fallback whose widths change with the size), the slot has its own.
    public func prepare(
        _ string: LocalizedString, utf8: [UInt8], breaks: [LineBreak], into result: inout [PreparedSlot?]
    ) {
        let styled = string.spans.contains { !$0.traits.face.isEmpty }
        // Concrete element types throughout: a tuple or a doubly optional
        // array here cost a generic metadata lookup per string.
        clear(&result)
        for index in slots.indices {
            guard let measurer = slots[index].measurer else { continue }
            if !styled, let share = slots[index].sharing {
                if !shapers[share.shaper].done {
                    shapers[share.shaper].done = true
                    if let tracked = shapers[share.shaper].measurer.measureForTracking(
                        utf8: utf8, language: string.language)
                    {
                        shapers[share.shaper].scratch = PreparedSlot(
                            measured: tracked.measured,
                            line: prepared(tracked.measured, breaks: breaks, slot: index, trackedAt: tracked.trackedAt))
                    }
                }
                if shapers[share.shaper].scratch != nil { continue }
            }
            let measured =
                styled
                ? measureRuns(string, base: slots[index].key, measurer)
                : measurer.measure(utf8: utf8, language: string.language)
            result[index] = PreparedSlot(
                measured: measured,
                line: prepared(measured, breaks: breaks, slot: index))
        }
    }

    /// The measurements of drawing sessions (`sessions`, one per cell,
    /// for `review`), made ready to break per slot into `result` as
    /// `prepare(_:utf8:breaks:into:)` makes them; each slot has its own
    /// (measured at its own tracking, none shares a shaping).
    public func prepare(
        sessions cells: [TextMeasurer.DrawSession?], breaks: [LineBreak], into result: inout [PreparedSlot?]
    ) {
        clear(&result)
        for (cell, slot) in faceSlots.enumerated() where result[slot] == nil && cell < cells.count {
            guard let measured = cells[cell]?.measured else { continue }
            result[slot] = PreparedSlot(measured: measured, line: prepared(measured, breaks: breaks, slot: slot))
        }
    }

    /// `result` emptied for the next string, one `nil` per slot, and the
    /// shared shapings forgotten. The array is kept from string to string
    /// (none made per string: an array of optionals cost an allocation and
    /// a generic destruction, a sequence of `nil`s to fill one as much).
    private func clear(_ result: inout [PreparedSlot?]) {
        if result.count != slots.count {
            result = Array(repeating: nil, count: slots.count)
        } else {
            for index in result.indices { result[index] = nil }
        }
        for index in shapers.indices {
            shapers[index].scratch = nil
            shapers[index].done = false
        }
    }

    /// `measured` ready to break as slot `slot`'s lines break: the
    /// platform's rules (`breaking`) and the slot's letter spacing.
    public func prepared(_ measured: MeasuredText, breaks: [LineBreak], slot: Int, trackedAt: [Bool]? = nil)
        -> LineFitter.Prepared
    {
        LineFitter.Prepared(
            measured, breaks: breaks, trackedAt: trackedAt, breaking: breaking,
            letterSpacingEms: slot < slots.count ? slots[slot].key?.letterSpacingEms ?? 0 : 0)
    }

    /// The shared shaping slot `slot` lays out from and its tracking in
    /// ems, or `nil` where it is shaped on its own.
    public func sharing(ofSlot slot: Int) -> (shaper: Int, trackingEms: Double)? {
        slots[slot].sharing.map { ($0.shaper, $0.trackingEms) }
    }

    /// The string last prepared, in shared shaping `shaper` (untracked,
    /// with its tracking marks), ready to lay out at a slot's tracking, or
    /// `nil` where it could not be shaped so.
    public func sharedLine(_ shaper: Int) -> LineFitter.Prepared? { shapers[shaper].scratch?.line }

    /// The characters no face has in shared shaping `shaper` (0 where it
    /// could not be shaped so).
    public func sharedMissingGlyphs(_ shaper: Int) -> Int { shapers[shaper].scratch?.measured.missingGlyphs ?? 0 }

    /// The faces that drew characters the face lacks in shared shaping
    /// `shaper`.
    public func sharedFallbacks(_ shaper: Int) -> [FallbackUse] { shapers[shaper].scratch?.measured.fallbacks ?? [] }

    /// A slot's measurement made ready to break into lines.
    public struct PreparedSlot: Sendable {
        /// The measurement (a shared shaping's without the slot's tracking).
        public var measured: MeasuredText
        /// Ready to lay out at the slot's size.
        public var line: LineFitter.Prepared
    }

    /// One string analysed for drawing in every face the cells use (the
    /// same measurement as `measure`, with which face draws each byte kept);
    /// per cell, its session. `nil` for a Markdown string, measured run by
    /// run in several faces (`measure`).
    ///
    /// Slots whose faces are set alike (an optical-size axis clamped past
    /// its largest size: AX3 to AX5 of a face whose `opsz` ends at 40) share
    /// one session, as fit shares their shaping, unless a fallback whose
    /// widths change with the size drew part of the string.
    public func sessions(_ string: LocalizedString, utf8: [UInt8]? = nil) -> [TextMeasurer.DrawSession?]? {
        guard !string.spans.contains(where: { !$0.traits.face.isEmpty }) else { return nil }
        let bytes = utf8 ?? Array(string.text.utf8)
        let firstAlike = self.firstAlike
        var bySlot = [TextMeasurer.DrawSession?](filled: nil, count: slotCount)
        for slot in 0..<slotCount {
            guard let measurer = slots[slot].measurer else { continue }
            if let first = firstAlike[slot], let known = bySlot[first], !known.fallbackDependsOnPointSize {
                bySlot[slot] = known
            } else {
                bySlot[slot] = measurer.drawing(utf8: bytes, language: string.language)
            }
        }
        return faceSlots.map { bySlot[$0] }
    }

    /// Per slot: the first slot whose face is set alike (file, index,
    /// letter spacing, coordinates and tracking), itself where none comes
    /// before it (`nil` where its face could not be opened). Found once:
    /// made for every string, it was a string and an array per slot.
    private lazy var firstAlike: [Int?] = {
        struct Alike: Equatable {
            var file: String
            var index: Int
            var letterSpacingEms: Double
            var setting: [Double]
            var trackingEms: Double
        }
        var seen: [(alike: Alike, slot: Int)] = []
        return slots.indices.map { slot in
            guard let measurer = slots[slot].measurer else { return nil }
            let setting = measurer.setting
            let alike = Alike(
                file: measurer.file, index: measurer.index, letterSpacingEms: slots[slot].key?.letterSpacingEms ?? 0,
                setting: setting.variations.map(\.value), trackingEms: setting.trackingEms)
            if let known = seen.first(where: { $0.alike == alike }) { return known.slot }
            seen.append((alike, slot))
            return slot
        }
    }()

    /// A Markdown string: each run shaped in its face (as Core Text starts
    /// a new run where the font changes), the pieces joined.
    private func measureRuns(_ string: LocalizedString, base: FaceKey?, _ regular: TextMeasurer) -> MeasuredText {
        let utf8 = Array(string.text.utf8)
        var runs: [(Range<Int>, InlineMarkdown.Traits)] = []
        var offset = 0
        for span in string.spans {
            // Runs in order and within the text, whoever made them.
            let lower = max(span.range.lowerBound, offset)
            let upper = min(span.range.upperBound, utf8.count)
            guard upper > lower else { continue }
            if lower > offset { runs.append((offset..<lower, [])) }
            runs.append((lower..<upper, span.traits.face))
            offset = upper
        }
        if offset < utf8.count { runs.append((offset..<utf8.count, [])) }
        var joined = MeasuredText(utf8: [], advances: [])
        var start = 0
        while start < runs.count {
            // Neighbouring runs in one face are shaped together.
            var end = start + 1
            while end < runs.count && runs[end].1 == runs[start].1 { end += 1 }
            let range = runs[start].0.lowerBound..<runs[end - 1].0.upperBound
            let measurer = base.flatMap { styledKeys[$0]?[runs[start].1] }.flatMap { measurers[$0] } ?? regular
            let piece = measurer.measure(String(decoding: utf8[range], as: UTF8.self), language: string.language)
            joined.utf8 += piece.utf8
            joined.advances += piece.advances
            joined.clusterGlyphs += piece.clusterGlyphs
            joined.missingGlyphs += piece.missingGlyphs
            for use in piece.fallbacks {
                if let i = joined.fallbacks.firstIndex(where: { $0.file == use.file && $0.family == use.family }) {
                    joined.fallbacks[i].characters += use.characters
                } else {
                    joined.fallbacks.append(use)
                }
            }
            start = end
        }
        return joined
    }
}

/// A face as text is measured in it: where it is, the letter spacing it is
/// drawn with (a face at two is measured twice: Android's roles), and
/// the point size where its widths depend on it (`nil`: in ems, for
/// every size).
struct FaceKey: Hashable {
    var file: String
    var index: Int
    var letterSpacingEms: Double
    var pointSize: Double?

    init(_ location: FaceLocation, letterSpacingEms: Double, pointSize: Double? = nil) {
        (file, index) = (location.file, location.index)
        self.letterSpacingEms = letterSpacingEms
        self.pointSize = pointSize
    }

    /// The same face at `size`.
    func sized(_ size: Double) -> FaceKey {
        var key = self
        key.pointSize = size
        return key
    }

    /// The same face in ems.
    var unsized: FaceKey {
        var key = self
        key.pointSize = nil
        return key
    }
}

extension TextMeasurer {
    /// Opens the face at `location` for measuring as `key` says: with its
    /// letter spacing, set for its point size (`nil`: in ems for every
    /// size), falling back to `fonts` and spaced as `rules` say.
    /// With `sharing`, the face's measurer at another size, whose fallback
    /// state this one uses.
    convenience init(
        _ location: FaceLocation, key: FaceKey, fallback fonts: FallbackFonts, rules: TextRules,
        tracked: Bool = true, sharing: TextMeasurer? = nil
    ) throws(RegistryError) {
        try self.init(
            file: location.file, index: location.index, family: location.family ?? "", weight: location.weight,
            isItalic: location.isItalic, fallback: fonts, pointSize: key.pointSize,
            isSystemFont: location.isSystemFont, opticalSize: location.opticalSize, tracked: tracked,
            letterSpacingEms: key.letterSpacingEms, letterSpacingPerGlyph: rules.letterSpacing == .flutterMaterial,
            fallbackPolicy: rules.fallback, sharingFallbackWith: sharing)
    }
}

/// `measure`'s output: a row per (string, cell) with the width at the
/// cell's point size, as JSON (`schemaVersion` 1) or a table. Each string is
/// measured once (`measure` gives its measurement per cell) while its rows
/// are written: a catalog times twelve categories is a large document, and
/// a dictionary per row cost more than the shaping.
public enum MeasureDocument {
    /// What was rendered, and the strings with characters no face has
    /// (their text and how many characters).
    public struct Rendered: Sendable {
        /// The document or table.
        public var bytes: [UInt8]
        /// Strings some characters of which have no glyph in any face.
        public var missing: [(text: String, characters: Int, language: String?)]
    }

    /// Renders the rows, whole. `showText` adds the written text beside the
    /// key (catalog entries are known by key). The table needs every row to
    /// size its columns; the JSON is `writeJSON`'s, collected.
    public static func render(
        strings: [LocalizedString], cells: [SizedCell], asTable: Bool, showText: Bool, pretty: Bool,
        model: String? = nil, systemFont: String? = nil, settings: [FaceSetting?] = [],
        measure: (LocalizedString) -> [MeasuredText?]
    ) -> Rendered {
        guard asTable else {
            var bytes: [UInt8] = []
            let written = writeJSON(
                strings: strings, cells: cells, showText: showText, pretty: pretty, model: model,
                systemFont: systemFont, settings: settings, measure: measure
            ) { chunk in
                bytes += chunk
                return true
            }
            return Rendered(bytes: bytes, missing: written.missing)
        }
        var table: [[String]] = [
            ["key", "language"] + (showText ? ["text"] : []) + [
                "style", "category", "pt", "width", "face", "fallbacks",
            ]
        ]
        var missingTexts: [(text: String, characters: Int, language: String?)] = []
        for string in strings {
            let measured = measure(string)
            if let missing = measured.compactMap({ $0 }).first(where: { $0.missingGlyphs > 0 })?.missingGlyphs {
                missingTexts.append((string.text, missing, string.language))
            }
            for (cell, text) in zip(cells, measured) {
                guard let face = cell.face?.location, let text else { continue }
                let pointSize = cell.pointSize
                let fallbacks = text.fallbacks.map { use in
                    let role =
                        use.role == .fontconfig
                        ? "" : ", \(use.role.rawValue)" + (use.standsInFor.map { " for \($0)" } ?? "")
                    return "\(use.postscriptName ?? use.family) (\(use.characters)\(role))"
                }
                table.append(
                    [string.key, string.language ?? "-"] + (showText ? [string.written] : []) + [
                        cell.style, cell.label, humanNumber(pointSize),
                        humanNumber(text.width(atPointSize: pointSize)), face.postscriptName ?? "-",
                        fallbacks.isEmpty ? "-" : fallbacks.joined(separator: ", "),
                    ])
            }
        }
        return Rendered(bytes: Array(TextTable.render(table).utf8), missing: missingTexts)
    }

    /// The JSON document (`schemaVersion` 1), each string measured as its
    /// rows are written and handed to `write` in chunks of about 64 KiB: a
    /// catalog times every style and category is gigabytes, and only a
    /// chunk is ever held. `ok` is false when a write failed (the rest is
    /// not measured); `missing` as in `Rendered`. `settings`, per cell:
    /// the coordinates and tracking its face was measured at.
    public static func writeJSON(
        strings: [LocalizedString], cells: [SizedCell], showText: Bool, pretty: Bool, model: String? = nil,
        systemFont: String? = nil, settings: [FaceSetting?] = [], measure: (LocalizedString) -> [MeasuredText?],
        to write: ([UInt8]) -> Bool
    ) -> (ok: Bool, missing: [(text: String, characters: Int, language: String?)]) {
        var writer = JSONWriter(capacity: 1 << 17, pretty: pretty)
        writer.beginObject()
        writer.staticKey("measurements")
        writer.beginArray()
        var missingTexts: [(text: String, characters: Int, language: String?)] = []
        for string in strings {
            let measured = measure(string)
            let hardLines = measured.lazy.compactMap { $0 }.first?.hardLines.count ?? 1
            if let missing = measured.compactMap({ $0 }).first(where: { $0.missingGlyphs > 0 })?.missingGlyphs {
                missingTexts.append((string.text, missing, string.language))
            }
            for (c, (cell, text)) in zip(cells, measured).enumerated() {
                guard let face = cell.face?.location, let text else { continue }
                let pointSize = cell.pointSize
                let width = text.width(atPointSize: pointSize)
                let setting = c < settings.count ? settings[c] ?? .plain : .plain
                // Keys in sorted order, as every typefit document has them.
                writer.beginObject()
                writer.staticKey("category")
                writer.string(cell.size.key)
                // The category whose size a clamp sets this one at.
                if let bound = cell.clampedTo {
                    writer.staticKey("clampedTo")
                    writer.string(bound.key)
                }
                writer.staticKey("fallbacks")
                writer.beginArray()
                for use in text.fallbacks {
                    writer.beginObject()
                    // iOS's own face for the script, its open stand-in,
                    // or fontconfig's choice.
                    writer.staticKey("cascade")
                    writer.string(use.role.rawValue)
                    writer.staticKey("characters")
                    writer.int(use.characters)
                    writer.staticKey("family")
                    writer.string(use.family)
                    writer.staticKey("file")
                    writer.string(use.file)
                    writer.staticKey("postscriptName")
                    writer.string(use.postscriptName)
                    // A stand-in's iOS face, at the weight iOS draws in.
                    writer.staticKey("standsInFor")
                    writer.string(use.standsInFor)
                    writer.faceSetting(use.setting, pointSize: pointSize)
                    writer.endObject()
                }
                writer.endArray()
                writer.staticKey("file")
                writer.string(face.file)
                if showText {
                    writer.staticKey("key")
                    writer.string(string.key)
                    writer.staticKey("language")
                    writer.string(string.language)
                }
                writer.staticKey("lineHeight")
                if let lineHeight = cell.lineHeight { writer.number(lineHeight) } else { writer.null() }
                // Hard lines (line breaks in the text); `width` is the widest.
                writer.staticKey("lines")
                writer.int(hardLines)
                writer.staticKey("missingGlyphs")
                writer.int(text.missingGlyphs)
                writer.staticKey("pointSize")
                writer.number(pointSize)
                writer.staticKey("postscriptName")
                writer.string(face.postscriptName)
                writer.staticKey("sampleText")
                writer.string(string.text)
                writer.staticKey("style")
                writer.string(cell.style)
                writer.staticKey("substitutions")
                writer.substitutions(string.substitutions)
                writer.staticKey("text")
                writer.string(string.written)
                writer.faceSetting(setting, pointSize: pointSize)
                // Widths to 1/1000 pt (shaping gives them to far more digits
                // than any layout uses: 129.81199999999998 is 129.812);
                // sizes and line heights stay as scale gives them, on the
                // 1/3-pt grid.
                writer.staticKey("width")
                writer.number((width * 1000).rounded() / 1000)
                writer.endObject()
            }
            if writer.pendingCount >= 1 << 16, !write(writer.drain()) { return (false, missingTexts) }
        }
        writer.endArray()
        writer.staticKey("model")
        writer.string(model)
        writer.staticKey("schemaVersion")
        writer.int(jsonSchemaVersion)
        // What stands for the system font: "apple", "stand-in" or null.
        writer.staticKey("systemFont")
        writer.string(systemFont)
        writer.endObject()
        return (write(writer.finishBytes()), missingTexts)
    }
}

extension JSONWriter {
    /// A face's setting as `tracking` (points added to each grapheme at
    /// `pointSize`, to 1/1000 pt) and `variations` (axis tag → value, keys
    /// sorted; `{}` for a static face).
    mutating func faceSetting(_ setting: FaceSetting, pointSize: Double) {
        staticKey("tracking")
        number((setting.trackingEms * pointSize * 1000).rounded() / 1000)
        staticKey("variations")
        beginObject()
        // Keys in sorted order, as every typefit document has them.
        for variation in setting.variations.sorted(by: { $0.tag < $1.tag }) {
            key(variation.tag)
            number(variation.value)
        }
        endObject()
    }
}

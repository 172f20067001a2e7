extension FontFamily {
    /// The JSON document for `list-fonts` (`schemaVersion` 1), keys sorted;
    /// indented when `pretty`, else compact.
    public static func json(_ families: [FontFamily], pretty: Bool = true) -> [UInt8] {
        var document: [UInt8] = []
        _ = writeJSON(families, pretty: pretty) { chunk in
            document += chunk
            return true
        }
        return document
    }

    /// `json`, handed to `write` in chunks of about `chunkSize` bytes as it
    /// is made (a listing of thousands of faces is a megabyte: written to
    /// stdout as it goes, it never sits in memory whole). Stops, returning
    /// false, when `write` does.
    /// `errors` (a file that was named and could not be read, beside
    /// others that were) go in an `errors` member, as every JSON document
    /// of a failed run has them: `{"column", "file", "line", "message"}`.
    /// Written on the calling core alone: rendering a listing's second
    /// half on another core held that half (most of a megabyte, in pages
    /// fresh to the other core's heap) until the first was written, and
    /// once faces were written as fragments it cost more CPU than it saved
    /// time (docs/BENCHMARKS-HISTORY.md, "Session 16").
    public static func writeJSON(
        _ families: [FontFamily], pretty: Bool, errors: [(file: String?, message: String)] = [],
        chunkSize: Int = 1 << 16, to write: ([UInt8]) -> Bool
    ) -> Bool {
        var writer = JSONWriter(capacity: chunkSize + (chunkSize >> 2), pretty: pretty)
        writer.beginObject()
        if !errors.isEmpty {
            writer.staticKey("errors")
            writer.beginArray()
            for error in errors {
                writer.beginObject()
                writer.staticKey("column")
                writer.null()
                writer.staticKey("file")
                writer.string(error.file)
                writer.staticKey("line")
                writer.null()
                writer.staticKey("message")
                writer.string(error.message)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.staticKey("families")
        writer.beginArray()
        for family in families {
            family.writeJSON(to: &writer)
            if writer.pendingCount >= chunkSize, !write(writer.drain()) { return false }
        }
        writer.endArray()
        writer.staticKey("schemaVersion")
        writer.int(jsonSchemaVersion)
        writer.endObject()
        return write(writer.finishBytes())
    }

    /// Writes the family's JSON object, keys in sorted order.
    func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.staticKey("aliases")
        writer.beginArray()
        for alias in aliases { writer.string(alias) }
        writer.endArray()
        writer.staticKey("faces")
        writer.beginArray()
        for face in faces { face.writeJSON(to: &writer) }
        writer.endArray()
        // `name` under the name scripts reach for first (`jq '.family'`).
        writer.staticKey("family")
        writer.string(name)
        writer.staticKey("hidden")
        writer.bool(name.hasPrefix("."))
        writer.staticKey("name")
        writer.string(name)
        writer.endObject()
    }

    /// One `family<TAB>postscriptName<TAB>width` line per face (an empty
    /// second field for a face without a PostScript name; the width as a
    /// percentage, or `low-high` for a variable face's range). The width
    /// comes last so that scripts reading the first two fields keep working.
    /// Control characters in names are escaped as in tables (`\n`, `\t`,
    /// `\u{1B}`).
    public static func plain(_ families: [FontFamily]) -> String {
        var out = ""
        for family in families {
            for face in family.faces {
                // Names come from font files: their control characters are
                // escaped so that a line is one face and a tab separates
                // fields (completion scripts read this); what a CI runner
                // would run is made inert on the way out (`RunnerCommands`).
                let line =
                    TerminalText.escapingControls(family.name) + "\t"
                    + TerminalText.escapingControls(face.postscriptName ?? "") + "\t" + face.widthText
                out += line + "\n"
            }
        }
        return out
    }

    /// A listing for people, in the spirit of printing `UIFont.familyNames`
    /// with `fontNames(forFamilyName:)`: each family with a header row, its
    /// faces in columns (the face column and notes only where a family has
    /// them), and the counts.
    public static func table(_ families: [FontFamily]) -> String {
        var out = ""
        for family in families {
            // The name and aliases come from font files: escape sequences in
            // them must not reach the terminal (a title, a cleared screen).
            var header = "Family: \(TerminalText.escapingControls(family.name))"
            // Apple's system fonts: listed by Core Text, hidden by convention.
            if family.name.hasPrefix(".") { header += "  [hidden]" }
            if !family.aliases.isEmpty {
                header += "  (also: \(family.aliases.map(TerminalText.escapingControls).joined(separator: ", ")))"
            }
            out += header + "\n"
            let showFace = family.faces.contains { $0.index != 0 }
            let notes = family.faces.map(\.tableNotes)
            let showNotes = notes.contains { !$0.isEmpty }
            // The file last: a path's length (which differs from machine to
            // machine) then pads nothing.
            var rows = [
                ["PostScript name", "style", "weight", "width"] + (showFace ? ["face"] : [])
                    + (showNotes ? ["notes"] : [])
                    + ["file"]
            ]
            for (face, note) in zip(family.faces, notes) {
                var weight = face.weight.map(String.init) ?? "-"
                if let range = face.weightRange { weight = "\(range.lowerBound)-\(range.upperBound)" }
                rows.append(
                    [face.postscriptName ?? "(no PostScript name)", face.style ?? "-", weight, face.widthText]
                        + (showFace ? [face.faceLabel] : []) + (showNotes ? [note] : []) + [face.file])
            }
            out += TextTable.render(rows, indent: "  ")
        }
        let faceCount = families.reduce(0) { $0 + $1.faces.count }
        out +=
            TextTable.count(families.count, "family", "families") + ", "
            + TextTable.count(faceCount, "face", "faces") + "\n"
        return out
    }
}

extension FontFace {
    /// Where the face is in its file, for people: "face 2" in a
    /// collection, "instance 3" of a variable font, "-" for the first face.
    var faceLabel: String {
        var parts: [String] = []
        if collectionIndex != 0 { parts.append("face \(collectionIndex)") }
        if let namedInstance { parts.append("instance \(namedInstance)") }
        return parts.isEmpty ? "-" : parts.joined(separator: ", ")
    }

    /// The width for people and for plain output: the percentage, or the
    /// range of a variable face.
    var widthText: String {
        if let range = widthRange { return "\(range.lowerBound)-\(range.upperBound)" }
        return width.map(String.init) ?? "-"
    }

    /// What the table says besides the columns.
    var tableNotes: String {
        var notes: [String] = []
        if isVariable { notes.append("variable") }
        if let fontconfigStyle { notes.append("fontconfig: \(fontconfigStyle)") }
        if postscriptNameSource == .synthesized {
            // An instance without a name of its own: the name Core Text
            // makes (and iOS lists) for it.
            notes.append(namedInstance != nil ? "Core Text's instance name" : "synthesized name")
        }
        if postscriptNameValid == false { notes.append("not a valid PostScript name") }
        if knownToUIFont == false { notes.append("UIFont(name:) not known to take it") }
        return notes.joined(separator: ", ")
    }
}

extension FontFace {
    /// Writes the face's JSON object, keys in sorted order.
    public func writeJSON(to writer: inout JSONWriter) {
        if writer.isPretty { writeJSONMembers(to: &writer) } else { writeCompactJSON(to: &writer) }
    }

    /// The compact object as fragments: the bytes `writeJSONMembers`
    /// writes without indentation, in two thirds of the instructions
    /// (19.2 M -> 12.6 M for a listing of 2,691 faces).
    func writeCompactJSON(to writer: inout JSONWriter) {
        writer.beginFragments()
        writer.fragment("{\"collectionIndex\":")
        writer.fragmentInt(collectionIndex)
        writer.fragment(",\"file\":")
        writer.fragmentString(file)
        writer.fragment(",\"fontconfigFamily\":")
        writer.fragmentString(fontconfigFamilyName)
        writer.fragment(",\"fontconfigPostscriptName\":")
        writer.fragmentString(fontconfigPostscriptName)
        writer.fragment(",\"fontconfigStyle\":")
        writer.fragmentString(fontconfigStyleName)
        writer.fragment(",\"format\":")
        writer.fragmentString(format)
        writer.fragment(",\"fullName\":")
        writer.fragmentString(fullName)
        writer.fragment(",\"index\":")
        writer.fragmentInt(index)
        writer.fragment(",\"italic\":")
        writer.fragmentBool(isItalic)
        writer.fragment(",\"knownToUIFont\":")
        writer.fragmentBool(knownToUIFont)
        writer.fragment(",\"namedInstance\":")
        writer.fragmentInt(namedInstance)
        writer.fragment(",\"otherFiles\":[")
        for (i, other) in otherFiles.enumerated() {
            if i > 0 { writer.fragment(",") }
            writer.fragmentString(other)
        }
        writer.fragment("],\"postscriptName\":")
        writer.fragmentString(postscriptName)
        writer.fragment(",\"postscriptNameSource\":")
        writer.fragmentString(postscriptNameSource?.rawValue)
        writer.fragment(",\"postscriptNameValid\":")
        writer.fragmentBool(postscriptNameValid)
        writer.fragment(",\"style\":")
        writer.fragmentString(style)
        writer.fragment(",\"variable\":")
        writer.fragmentBool(isVariable)
        writer.fragment(",\"weight\":")
        writer.fragmentInt(weight)
        writer.fragment(",\"weightRange\":")
        Self.writeFragments(weightRange, to: &writer)
        writer.fragment(",\"width\":")
        writer.fragmentInt(width)
        writer.fragment(",\"widthRange\":")
        Self.writeFragments(widthRange, to: &writer)
        writer.fragment("}")
        writer.endFragments()
    }

    private static func writeFragments(_ range: ClosedRange<Int>?, to writer: inout JSONWriter) {
        guard let range else { return writer.fragment("null") }
        writer.fragment("[")
        writer.fragmentInt(range.lowerBound)
        writer.fragment(",")
        writer.fragmentInt(range.upperBound)
        writer.fragment("]")
    }

    /// The object member by member (indented, and the reference the
    /// compact fragments are tested against).
    func writeJSONMembers(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.staticKey("collectionIndex")
        writer.int(collectionIndex)
        writer.staticKey("file")
        writer.string(file)
        writer.staticKey("fontconfigFamily")
        writer.string(fontconfigFamilyName)
        writer.staticKey("fontconfigPostscriptName")
        writer.string(fontconfigPostscriptName)
        writer.staticKey("fontconfigStyle")
        writer.string(fontconfigStyleName)
        writer.staticKey("format")
        writer.string(format)
        writer.staticKey("fullName")
        writer.string(fullName)
        writer.staticKey("index")
        writer.int(index)
        writer.staticKey("italic")
        writer.bool(isItalic)
        writer.staticKey("knownToUIFont")
        if let knownToUIFont { writer.bool(knownToUIFont) } else { writer.null() }
        writer.staticKey("namedInstance")
        if let namedInstance { writer.int(namedInstance) } else { writer.null() }
        writer.staticKey("otherFiles")
        writer.beginArray()
        for other in otherFiles { writer.string(other) }
        writer.endArray()
        writer.staticKey("postscriptName")
        writer.string(postscriptName)
        writer.staticKey("postscriptNameSource")
        writer.string(postscriptNameSource?.rawValue)
        writer.staticKey("postscriptNameValid")
        if let postscriptNameValid { writer.bool(postscriptNameValid) } else { writer.null() }
        writer.staticKey("style")
        writer.string(style)
        writer.staticKey("variable")
        writer.bool(isVariable)
        writer.staticKey("weight")
        if let weight { writer.int(weight) } else { writer.null() }
        writer.staticKey("weightRange")
        Self.write(weightRange, to: &writer)
        writer.staticKey("width")
        if let width { writer.int(width) } else { writer.null() }
        writer.staticKey("widthRange")
        Self.write(widthRange, to: &writer)
        writer.endObject()
    }

    /// A range as `[low, high]`, or null.
    private static func write(_ range: ClosedRange<Int>?, to writer: inout JSONWriter) {
        guard let range else { return writer.null() }
        writer.beginArray()
        writer.int(range.lowerBound)
        writer.int(range.upperBound)
        writer.endArray()
    }
}

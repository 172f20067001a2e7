extension FontFamily {
    /// The JSON document for `list-fonts` (`schemaVersion` 1), keys sorted;
    /// indented when `pretty`, else compact.
    public static func json(_ families: [FontFamily], pretty: Bool = true) -> [UInt8] {
        // Written straight into the result's storage, so the document is
        // never copied. The reservation is about twice what a face takes
        // (~600 bytes indented, ~360 compact); pages never written cost no
        // memory. A document that does not fit is written again, growably.
        let faces = families.reduce(1) { $0 + $1.faces.count }
        let bound = (pretty ? 1280 : 768) * faces + 4096
        var overflowed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: bound) { memory, count in
            var writer = JSONWriter(writingInto: memory, pretty: pretty)
            write(families, to: &writer)
            let written = writer.finishInPlace()
            overflowed = writer.overflowed
            count = overflowed ? 0 : written
        }
        if !overflowed { return bytes }
        var writer = JSONWriter(capacity: bound * 2, pretty: pretty)
        write(families, to: &writer)
        return writer.finishBytes()
    }

    private static func write(_ families: [FontFamily], to writer: inout JSONWriter) {
        writer.beginObject()
        writer.staticKey("families")
        writer.beginArray()
        for family in families {
            writer.beginObject()
            writer.staticKey("aliases")
            writer.beginArray()
            for alias in family.aliases { writer.string(alias) }
            writer.endArray()
            writer.staticKey("faces")
            writer.beginArray()
            for face in family.faces { face.writeJSON(to: &writer) }
            writer.endArray()
            writer.staticKey("name")
            writer.string(family.name)
            writer.endObject()
        }
        writer.endArray()
        writer.staticKey("schemaVersion")
        writer.int(jsonSchemaVersion)
        writer.endObject()
    }

    /// One `family<TAB>postscriptName` line per face (an empty second field
    /// for a face without a PostScript name).
    public static func plain(_ families: [FontFamily]) -> String {
        var out = ""
        for family in families {
            for face in family.faces {
                out += family.name + "\t" + (face.postscriptName ?? "") + "\n"
            }
        }
        return out
    }

    /// A listing for people, in the spirit of printing `UIFont.familyNames`
    /// with `fontNames(forFamilyName:)`.
    public static func table(_ families: [FontFamily]) -> String {
        var out = ""
        for family in families {
            out += "Family: \(family.name)"
            if !family.aliases.isEmpty { out += "  (also: \(family.aliases.joined(separator: ", ")))" }
            out += "\n"
            let names = family.faces.map { $0.postscriptName ?? "(no PostScript name)" }
            let nameWidth = names.map(\.count).max() ?? 0
            let styleWidth = family.faces.map { ($0.style ?? "-").count }.max() ?? 0
            for (face, name) in zip(family.faces, names) {
                var weight = face.weight.map(String.init) ?? "-"
                if let range = face.weightRange { weight = "\(range.lowerBound)-\(range.upperBound)" }
                var line = "  " + pad(name, nameWidth) + "  " + pad(face.style ?? "-", styleWidth)
                line += "  " + pad(weight, 7) + "  " + face.file
                if face.index != 0 { line += " #\(face.index)" }
                if face.postscriptNameSource == .synthesized { line += "  [synthesized name]" }
                if face.isVariable { line += "  [variable]" }
                out += line + "\n"
            }
        }
        let faceCount = families.reduce(0) { $0 + $1.faces.count }
        out += "\(families.count) families, \(faceCount) faces\n"
        return out
    }
}

extension FontFace {
    /// Writes the face's JSON object, keys in sorted order.
    public func writeJSON(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.staticKey("collectionIndex")
        writer.int(collectionIndex)
        writer.staticKey("file")
        writer.string(file)
        writer.staticKey("fontconfigPostscriptName")
        writer.string(fontconfigPostscriptName)
        writer.staticKey("format")
        writer.string(format)
        writer.staticKey("index")
        writer.int(index)
        writer.staticKey("italic")
        writer.bool(isItalic)
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
        writer.staticKey("style")
        writer.string(style)
        writer.staticKey("variable")
        writer.bool(isVariable)
        writer.staticKey("weight")
        if let weight { writer.int(weight) } else { writer.null() }
        writer.staticKey("weightRange")
        if let range = weightRange {
            writer.beginArray()
            writer.int(range.lowerBound)
            writer.int(range.upperBound)
            writer.endArray()
        } else {
            writer.null()
        }
        writer.endObject()
    }
}

extension FontFamily {
    /// The JSON document for `list-fonts` (`schemaVersion` 1).
    public static func json(_ families: [FontFamily]) -> JSONValue {
        .object([
            "schemaVersion": .int(jsonSchemaVersion),
            "families": .array(families.map { family in
                .object([
                    "name": .string(family.name),
                    "aliases": .array(family.aliases.map(JSONValue.string)),
                    "faces": .array(family.faces.map(\.json)),
                ])
            }),
        ])
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
    /// The face's JSON object.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "postscriptName": .string(postscriptName),
            "postscriptNameSource": .string(postscriptNameSource?.rawValue),
            "fontconfigPostscriptName": .string(fontconfigPostscriptName),
            "style": .string(style),
            "weight": weight.map(JSONValue.int) ?? .null,
            "italic": .bool(isItalic),
            "file": .string(file),
            "index": .int(index),
            "collectionIndex": .int(collectionIndex),
            "namedInstance": namedInstance.map(JSONValue.int) ?? .null,
            "variable": .bool(isVariable),
            "format": .string(format),
            "otherFiles": .array(otherFiles.map(JSONValue.string)),
        ]
        if let range = weightRange {
            object["weightRange"] = .array([.int(range.lowerBound), .int(range.upperBound)])
        }
        return .object(object)
    }
}

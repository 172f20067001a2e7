extension DynamicFontSpec {
    /// The keys a spec file may hold at the top level (`$schema` points an
    /// editor at the JSON Schema; typefit ignores it).
    static let topLevelKeys = [
        "$schema", "family", "width", "faces", "model", "curve", "styles", "maximumCategory", "minimumCategory",
        "opticalSize",
    ]
    /// The keys a style object may hold.
    static let styleKeys = ["size", "face", "maxPointSize", "minPointSize", "sizes"]

    /// Reads a spec from the bytes of a JSON file; every mistake is a
    /// `SourceError` at the line and column where it is.
    public static func decode(json bytes: [UInt8]) throws(SourceError) -> DynamicFontSpec {
        let document = try JSONParser.parse(bytes)
        guard case .object(let members) = document.value else {
            throw SourceError(
                document.position, "expected an object at the top level, found \(document.kindDescription)")
        }
        for member in members where !topLevelKeys.contains(member.key) {
            throw unknownKey(member.key, at: member.keyPosition, allowed: topLevelKeys, in: "a spec")
        }
        let value = { (key: String) in members.first { $0.key == key }?.value }

        // `$schema` is for editors; it must be a string, and is otherwise ignored.
        if let json = value("$schema") { _ = try string(json, "'$schema'") }
        let family = try value("family").map { json throws(SourceError) in try string(json, "'family'") }
        guard let facesJSON = value("faces") else {
            throw SourceError(
                document.position,
                "missing 'faces': the PostScript name of each face, e.g. {\"regular\": \"MyFont-Regular\"}")
        }
        let faces = try decodeFaces(facesJSON)
        let width = try value("width").map { json throws(SourceError) in try decodeWidth(json) }

        var model = Model.uiFontMetrics(curveName: ScalingCurve.default.name)
        if let json = value("model") {
            switch try string(json, "'model'") {
            case "uifontmetrics": break
            case "proportional": model = .proportional
            case "system": model = .system
            case let other:
                throw SourceError(
                    json.position,
                    NameMatching.choiceMessage("'model'", other, ["uifontmetrics", "proportional", "system"]))
            }
        }
        if let json = value("curve") {
            let name = try string(json, "'curve'")
            guard let curve = ScalingCurve.named(name) else {
                throw SourceError(
                    json.position, NameMatching.choiceMessage("'curve'", name, ScalingCurve.acceptedNames))
            }
            guard case .uiFontMetrics = model else {
                throw SourceError(json.position, "'curve' applies to the uifontmetrics model, not '\(model.name)'")
            }
            model = .uiFontMetrics(curveName: curve.name)
        }

        guard let stylesJSON = value("styles") else {
            throw SourceError(
                document.position, "missing 'styles': a design size or an object per text style, e.g. {\"body\": 17}")
        }
        guard case .object(let styleMembers) = stylesJSON.value, !styleMembers.isEmpty else {
            throw SourceError(
                stylesJSON.position, "expected 'styles' to be a non-empty object, found \(stylesJSON.kindDescription)")
        }
        var styles: [Style] = []
        for member in styleMembers {
            let style: TextStyle
            do {
                style = try TextStyle(parsing: member.key)
            } catch {
                throw SourceError(member.keyPosition, error.message)
            }
            if styles.contains(where: { $0.style == style }) {
                throw SourceError(member.keyPosition, "'\(member.key)' names \(style.rawValue) again")
            }
            let decoded = try decodeStyle(style, member.value, model: model)
            guard faces.contains(where: { $0.key == decoded.face }) else {
                let known = faces.map { "'\($0.key)'" }.joined(separator: ", ")
                throw SourceError(
                    member.value.position,
                    "\(style.rawValue) uses face '\(decoded.face)', which 'faces' does not define (it has \(known))")
            }
            styles.append(decoded)
        }
        styles.sort { $0.style < $1.style }
        var spec = DynamicFontSpec(family: family, faces: faces, model: model, styles: styles)
        spec.width = width
        for key in ["maximumCategory", "minimumCategory"] {
            guard let json = value(key) else { continue }
            let name = try string(json, "'\(key)'")
            let category: ContentSizeCategory
            do {
                category = try ContentSizeCategory(parsing: name)
            } catch {
                throw SourceError(json.position, error.message)
            }
            if key == "maximumCategory" { spec.clamp.maximum = category } else { spec.clamp.minimum = category }
            if spec.clamp.isInverted {
                throw SourceError(json.position, "'minimumCategory' is above 'maximumCategory'")
            }
        }
        if let json = value("opticalSize") {
            // "auto", "none" or a number of points, as Core Text's attribute.
            let mode: OpticalSizeMode? =
                switch json.value {
                case .string(let text): ["auto", "none"].contains(text) ? OpticalSizeMode(text) : nil
                case .number(let points): OpticalSizeMode(String(points))
                default: nil
                }
            guard let mode else {
                var found = json.kindDescription
                if case .number(let points) = json.value { found = humanNumber(points) }
                throw SourceError(
                    json.position,
                    "expected 'opticalSize' to be \"auto\", \"none\" or a size in points greater than 0 and at "
                        + "most 10,000, found " + found)
            }
            spec.opticalSize = mode
        }
        return spec
    }

    /// CSS `font-stretch` keywords and their percentages (CSS Fonts 4 §2.4).
    public static let widthKeywords: [(name: String, percentage: Int)] = [
        ("ultra-condensed", 50), ("extra-condensed", 63), ("condensed", 75), ("semi-condensed", 87),
        ("normal", 100), ("semi-expanded", 113), ("expanded", 125), ("extra-expanded", 150),
        ("ultra-expanded", 200),
    ]

    /// `width`: a keyword, or a percentage from 50 to 200.
    private static func decodeWidth(_ json: ParsedJSON) throws(SourceError) -> Int {
        if case .number(let value) = json.value {
            guard (50...200).contains(value) else {
                throw SourceError(json.position, "'width' must be a percentage from 50 to 200, found \(value)")
            }
            return Int(value.rounded())
        }
        let name = try string(json, "'width'")
        guard let keyword = widthKeywords.first(where: { $0.name == name.lowercased() }) else {
            throw SourceError(
                json.position,
                NameMatching.choiceMessage("'width'", name, widthKeywords.map(\.name)) + " (or a percentage)")
        }
        return keyword.percentage
    }

    private static func decodeFaces(_ json: ParsedJSON) throws(SourceError) -> [(key: String, postscriptName: String)] {
        guard case .object(let members) = json.value, !members.isEmpty else {
            throw SourceError(
                json.position,
                "expected 'faces' to be a non-empty object of PostScript names, found \(json.kindDescription)")
        }
        var faces: [(key: String, postscriptName: String)] = []
        for member in members {
            let name = try string(member.value, "face '\(member.key)'")
            // Spaces inside are allowed: Core Text takes name ID 6 as stored
            // (`Material Design Icons`), so an app does too.
            guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
                first.properties.isWhitespace == false, last.properties.isWhitespace == false,
                !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else {
                throw SourceError(
                    member.value.position,
                    "'\(name)' is not a PostScript name (empty, or blank at an end, or a control character)")
            }
            faces.append((member.key, name))
        }
        return faces
    }

    private static func decodeStyle(_ style: TextStyle, _ json: ParsedJSON, model: Model) throws(SourceError) -> Style {
        let label = style.rawValue
        if case .number = json.value {
            return Style(style: style, designSize: try size(json, "\(label)'s design size"))
        }
        guard case .object(let members) = json.value else {
            throw SourceError(
                json.position, "expected \(label) to be a design size or an object, found \(json.kindDescription)")
        }
        for member in members where !styleKeys.contains(member.key) {
            throw unknownKey(member.key, at: member.keyPosition, allowed: styleKeys, in: label)
        }
        let value = { (key: String) in members.first { $0.key == key }?.value }
        var result = Style(style: style, designSize: nil)
        if let json = value("size") { result.designSize = try size(json, "\(label)'s 'size'") }
        if let json = value("face") { result.face = try string(json, "\(label)'s 'face'") }
        if let json = value("maxPointSize") { result.maximumPointSize = try size(json, "\(label)'s 'maxPointSize'") }
        if let json = value("minPointSize") { result.minimumPointSize = try size(json, "\(label)'s 'minPointSize'") }
        if let json = value("sizes") {
            guard case .object(let entries) = json.value else {
                throw SourceError(
                    json.position,
                    "expected \(label)'s 'sizes' to be an object of category: size, found \(json.kindDescription)")
            }
            for entry in entries {
                let category: ContentSizeCategory
                do {
                    category = try ContentSizeCategory(parsing: entry.key)
                } catch {
                    throw SourceError(entry.keyPosition, error.message)
                }
                guard result.sizes[category] == nil else {
                    throw SourceError(
                        entry.keyPosition, "'\(entry.key)' names \(category.rawValue) again in \(label)'s 'sizes'")
                }
                result.sizes[category] = try size(entry.value, "\(label)'s size at \(entry.key)")
            }
        }
        if let minimum = result.minimumPointSize, let maximum = result.maximumPointSize, minimum > maximum,
            let json = value("minPointSize")
        {
            throw SourceError(
                json.position,
                "\(label)'s 'minPointSize' (\(humanNumber(minimum))) is above its 'maxPointSize' (\(humanNumber(maximum)))"
            )
        }
        if result.designSize == nil && model != .system && result.sizes.count < ContentSizeCategory.allCases.count {
            throw SourceError(json.position, "\(label) needs a design size ('size'): the \(model.name) model scales it")
        }
        return result
    }

    private static func string(_ json: ParsedJSON, _ what: String) throws(SourceError) -> String {
        guard case .string(let text) = json.value else {
            throw SourceError(json.position, "expected \(what) to be a string, found \(json.kindDescription)")
        }
        return text
    }

    /// A size in points: a number greater than 0 and at most 1000.
    private static func size(_ json: ParsedJSON, _ what: String) throws(SourceError) -> Double {
        guard case .number(let value) = json.value else {
            throw SourceError(json.position, "expected \(what) to be a number of points, found \(json.kindDescription)")
        }
        guard value > 0, value <= 1000 else {
            throw SourceError(
                json.position, "\(what) must be greater than 0 and at most 1000 points (got \(humanNumber(value)))")
        }
        return value
    }

    private static func unknownKey(_ key: String, at position: SourcePosition, allowed: [String], in place: String)
        -> SourceError
    {
        var message = "unknown key '\(key)' in \(place)"
        if let best = NameMatching.suggestions(for: key, among: allowed, limit: 1).first {
            message += "; did you mean '\(best)'?"
        } else {
            message += " (allowed: " + allowed.joined(separator: ", ") + ")"
        }
        return SourceError(position, message)
    }
}

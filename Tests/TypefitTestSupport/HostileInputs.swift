/// Small hostile inputs made at test time (each finding of the hostile
/// pull-request review reproduced from a few bytes): catalogs whose
/// substitutions overflow, nest or cycle, and binary property lists whose
/// objects share references.
public enum HostileInputs {
    /// A String Catalog with one key whose English localization holds
    /// `variables` substitution variables of six plural forms each
    /// (`%#@v0@ %#@v1@ …`). With `nesting`, each variable's forms name the
    /// next variable (`v0` → `v1` → …); with `cycle`, the last names the
    /// first.
    public static func catalog(variables: Int, nesting: Bool = false, cycle: Bool = false) -> String {
        let forms = ["zero", "one", "two", "few", "many", "other"]
        var substitutions: [String] = []
        for v in 0..<variables {
            let named =
                nesting || cycle
                ? (v + 1 < variables ? " %#@v\(v + 1)@" : (cycle ? " %#@v0@" : "")) : ""
            let cases = forms.map { form in
                "\"\(form)\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"%arg \(form)\(named)\"}}"
            }
            substitutions.append(
                "\"v\(v)\": {\"argNum\": \(v + 1), \"formatSpecifier\": \"lld\", \"variations\": {\"plural\": {"
                    + cases.joined(separator: ", ") + "}}}")
        }
        let value =
            nesting || cycle ? "%#@v0@" : (0..<variables).map { "%#@v\($0)@" }.joined(separator: " ")
        return """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"counts": {"localizations": {"en": {
            "stringUnit": {"state": "translated", "value": "\(value)"},
            "substitutions": {\(substitutions.joined(separator: ",\n"))}}}}}}
            """
    }

    /// A binary property list: the objects (each its encoded bytes) and
    /// the top object's index; 4-byte offsets, 2-byte references.
    public static func binaryPlist(_ objects: [[UInt8]], top: Int) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += bigEndian(offset, 4) }
        out += [0, 0, 0, 0, 0, 0, 4, 2]
        out += bigEndian(objects.count, 8) + bigEndian(top, 8) + bigEndian(table, 8)
        return out
    }

    /// A `.strings` table `{"key": A_n}` where `A_k` is an array holding
    /// `A_(k-1)` twice and `A_0` is a string: `levels` objects that
    /// expand to 2^levels values, the billion laughs of property lists.
    public static func sharedReferencesPlist(levels: Int) -> [UInt8] {
        var objects: [[UInt8]] = [[0x51, UInt8(ascii: "x")], [0x53] + Array("key".utf8)]
        // Object 2 + k is A_k; A_0 is object 0.
        for k in 1...levels {
            let previous = k == 1 ? 0 : k
            objects.append([0xA2] + bigEndian(previous, 2) + bigEndian(previous, 2))
        }
        objects.append([0xD1] + bigEndian(1, 2) + bigEndian(1 + levels, 2))
        return binaryPlist(objects, top: objects.count - 1)
    }

    /// An array that holds itself.
    public static func selfContainingPlist() -> [UInt8] {
        binaryPlist([[0xA1, 0, 0]], top: 0)
    }

    // MARK: Budgets that multiplied (scripts/make_hostile_budgets.py makes
    // the full-size ones for `make bench`)

    static func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }

    /// A catalog with one entry in `languages` languages (`qaa`…) and
    /// `empty` entries in none: `languages × empty` untranslated strings.
    public static func untranslatedCatalog(languages: Int, empty: Int, tag: (Int) -> String = privateTag) -> String {
        var json = #"{"sourceLanguage":"en","strings":{"seed":{"localizations":{"#
        json += (0..<languages).map { #""\#(tag($0))":\#(unit("seed"))"# }.joined(separator: ",")
        json += "}}"
        for i in 0..<empty { json += #","k\#(i)":{}"# }
        return json + #"},"version":"1.0"}"#
    }

    /// `x-vN`: a private-use BCP 47 tag per number.
    public static func privateTag(_ n: Int) -> String { "x-v\(n)" }

    /// A catalog of `entries` keys whose English localization varies by 7
    /// devices × 6 plural categories, every form naming a substitution
    /// whose forms nest five deep (6^5 forms, past the 256 one string may
    /// become).
    public static func variationsCatalog(entries: Int) -> String {
        let plural = ["zero", "one", "two", "few", "many", "other"]
        let devices = ["iphone", "ipad", "mac", "applewatch", "appletv", "applevision", "other"]
        let names = ["a", "b", "c", "d", "e"]
        let substitutions = names.enumerated().map { k, name in
            let tail = k + 1 < names.count ? " %#@\(names[k + 1])@" : ""
            let forms = plural.map { #""\#($0)":\#(unit("%lld \($0)\(tail)"))"# }.joined(separator: ",")
            return #""\#(name)":{"argNum":\#(k + 1),"formatSpecifier":"lld","variations":{"plural":{\#(forms)}}}"#
        }.joined(separator: ",")
        let device = devices.map { d in
            let forms = plural.map { #""\#($0)":\#(unit("%#@a@ \(d)"))"# }.joined(separator: ",")
            return #""\#(d)":{"variations":{"plural":{\#(forms)}}}"#
        }.joined(separator: ",")
        let entry =
            #"{"localizations":{"en":{"variations":{"device":{\#(device)}},"substitutions":{\#(substitutions)}}}}"#
        let strings = (0..<entries).map { #""v\#($0)":\#(entry)"# }.joined(separator: ",")
        return #"{"sourceLanguage":"en","strings":{\#(strings)},"version":"1.0"}"#
    }

    /// A binary `.stringsdict` whose `keys` keys all reference one format
    /// dictionary object: `%#@a@`, whose six plural forms name `b`, whose
    /// forms name `c` … five deep (6^5 forms, 256 measured per key).
    public static func sharedStringsdict(keys: Int) -> [UInt8] {
        var objects: [[UInt8]] = []
        func add(_ bytes: [UInt8]) -> Int {
            objects.append(bytes)
            return objects.count - 1
        }
        func string(_ text: String) -> [UInt8] {
            let bytes = Array(text.utf8)
            return (bytes.count < 15 ? [0x50 | UInt8(bytes.count)] : [0x5F, 0x11] + bigEndian(bytes.count, 2)) + bytes
        }
        func dictionary(_ pairs: [(Int, Int)]) -> [UInt8] {
            let head = pairs.count < 15 ? [0xD0 | UInt8(pairs.count)] : [0xDF, 0x11] + bigEndian(pairs.count, 2)
            return head + pairs.flatMap { bigEndian($0.0, 2) } + pairs.flatMap { bigEndian($0.1, 2) }
        }
        let formatKey = add(string("NSStringLocalizedFormatKey"))
        let specType = add(string("NSStringFormatSpecTypeKey"))
        let pluralRule = add(string("NSStringPluralRuleType"))
        let valueType = add(string("NSStringFormatValueTypeKey"))
        let lld = add(string("lld"))
        let format = add(string("%#@a@"))
        let names = ["a", "b", "c", "d", "e"]
        var pairs: [(Int, Int)] = [(formatKey, format)]
        for (k, name) in names.enumerated() {
            let tail = k + 1 < names.count ? " %#@\(names[k + 1])@" : ""
            var forms: [(Int, Int)] = []
            for category in ["zero", "one", "two", "few", "many", "other"] {
                forms.append((add(string(category)), add(string("%lld \(category)\(tail)"))))
            }
            pairs.append((add(string(name)), add(dictionary([(specType, pluralRule), (valueType, lld)] + forms))))
        }
        let shared = add(dictionary(pairs))
        let keyObjects = (0..<keys).map { add(string("key\($0)")) }
        let top = add(dictionary(keyObjects.map { ($0, shared) }))
        return binaryPlist(objects, top: top)
    }

    static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }
}

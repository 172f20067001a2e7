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

    static func bigEndian(_ value: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    }
}

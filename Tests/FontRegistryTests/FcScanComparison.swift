import Foundation
import TypefitCore
import TypefitTestSupport

/// typefit's faces of one file against fc-scan's records of it, on every
/// field both report. Faces are paired by face index and by whether they
/// are the variable face (which fontconfig lists at the same index as the
/// default instance).
enum FcScanComparison {
    struct Difference: CustomStringConvertible {
        var file: String
        var index: String
        var field: String
        var ours: String
        var theirs: String

        var description: String { "\(file) face \(index): \(field): typefit \(ours), fc-scan \(theirs)" }
    }

    static func differences(file: String, ours: [FontFace], theirs: [FontconfigTools.Record]) -> [Difference] {
        var result: [Difference] = []
        func key(_ index: Int, _ variable: Bool) -> String { variable ? "\(index) (variable)" : "\(index)" }
        var mine: [String: FontFace] = [:]
        for face in ours { mine[key(face.index, face.isVariable)] = face }
        var seen = Set<String>()
        for record in theirs {
            let index = Int(record["index"] ?? "") ?? -1
            let k = key(index, record["variable"] == "True")
            seen.insert(k)
            guard let face = mine[k] else {
                result.append(Difference(file: file, index: k, field: "face", ours: "(none)", theirs: "listed"))
                continue
            }
            func check(_ field: String, _ ours: String, _ theirs: String) {
                if ours != theirs {
                    result.append(Difference(file: file, index: k, field: field, ours: ours, theirs: theirs))
                }
            }
            check(
                "family", ([face.family] + face.familyAliases).sorted().joined(separator: " | "),
                Array(Set(record.values["family"] ?? [])).sorted().joined(separator: " | "))
            check("style", face.fontconfigStyleName ?? "-", record.values["style"]?.first ?? "-")
            check(
                "postscriptname", face.fontconfigPostscriptName ?? face.postscriptName ?? "-",
                record["postscriptname"] ?? "-")
            check("weight", describe(face.weight, face.weightRange), weight(record["weight"]))
            check("width", describe(face.width, face.widthRange), width(record["width"]))
            check("slant", face.isItalic ? "italic" : "roman", (record["slant"] ?? "0") == "0" ? "roman" : "italic")
            check("variable", face.isVariable ? "True" : "False", record["variable"] ?? "False")
            check("fontformat", face.format ?? "-", record["fontformat"] ?? "-")
        }
        // A named instance fontconfig merges into the default face (it sits
        // at the default coordinates) is listed by typefit under its own
        // name, as Core Text registers it (`NameVerifier.mergedInstances`).
        for (k, face) in mine where !seen.contains(k) && face.namedInstance == nil {
            result.append(Difference(file: file, index: k, field: "face", ours: "listed", theirs: "(none)"))
        }
        return result
    }

    static func describe(_ value: Int?, _ range: ClosedRange<Int>?) -> String {
        if let range { return "\(range.lowerBound)-\(range.upperBound)" }
        return value.map(String.init) ?? "-"
    }

    /// fontconfig's `80` or `[0 210]` on the OpenType scale, rounded.
    static func weight(_ printed: String?) -> String {
        numbers(printed).map { Int(FontconfigTools.openTypeWeight($0).rounded()) }.map(String.init)
            .joined(separator: "-").nonEmpty ?? "-"
    }

    /// fontconfig's `87.5` or `[75 100]`, rounded to whole percentages.
    static func width(_ printed: String?) -> String {
        numbers(printed).map { String(Int($0.rounded())) }.joined(separator: "-").nonEmpty ?? "-"
    }

    static func numbers(_ printed: String?) -> [Double] {
        guard let printed else { return [] }
        let inner = printed.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let values = inner.split(separator: " ").compactMap { Double($0) }
        // A range whose ends are equal prints as one value in typefit.
        if values.count == 2 && values[0] == values[1] { return [values[0]] }
        return values
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}

import TypefitCore
import TypefitKit

/// `--format sarif`: a SARIF 2.1.0 log (OASIS), which GitHub code scanning
/// and other dashboards read: typefit's rules with their codes and help,
/// and a result per finding with its level, message and place (the file
/// relative to the working folder, the line and the column, counted in
/// Unicode code points).
enum SARIFReport: FindingReport {
    static let format = OutputFormat.sarif

    static func render(_ findings: [ReportedFinding], run: ReportedRun) -> String {
        var rules: [JSONValue] = []
        var ruleIndex: [String: Int] = [:]
        func rule(_ code: String, _ summary: String, _ help: String) {
            guard ruleIndex[code] == nil else { return }
            ruleIndex[code] = rules.count
            rules.append(
                .object([
                    "id": .string(code),
                    "name": .string(ruleName(code)),
                    "shortDescription": .object(["text": .string(summary)]),
                    "help": .object(["text": .string(help)]),
                ]))
        }
        for entry in FindingCodes.catalog { rule(entry.code, entry.summary, entry.help) }
        var results: [JSONValue] = []
        for finding in findings {
            rule(finding.code, finding.code, "See the message.")
            var result: [String: JSONValue] = [
                "ruleId": .string(finding.code),
                "ruleIndex": .int(ruleIndex[finding.code] ?? 0),
                "level": .string(level(finding.item.severity)),
                "message": .object(["text": .string(finding.message)]),
            ]
            if let path = finding.path {
                var physical: [String: JSONValue] = ["artifactLocation": artifactLocation(path)]
                if let position = finding.item.position {
                    physical["region"] = .object([
                        "startLine": .int(max(1, position.line)), "startColumn": .int(max(1, position.column)),
                    ])
                }
                result["locations"] = .array([.object(["physicalLocation": .object(physical)])])
            }
            var properties: [String: JSONValue] = [:]
            if let key = finding.item.key { properties["key"] = .string(key) }
            if let language = finding.item.language { properties["language"] = .string(language) }
            if let category = finding.item.category { properties["category"] = .string(category) }
            if !properties.isEmpty { result["properties"] = .object(properties) }
            results.append(.object(result))
        }
        var runObject: [String: JSONValue] = [
            "tool": .object([
                "driver": .object([
                    "name": .string("typefit"),
                    "version": .string(Typefit.version),
                    "semanticVersion": .string(Typefit.version),
                    "rules": .array(rules),
                ])
            ]),
            "columnKind": .string("unicodeCodePoints"),
            "results": .array(results),
            "invocations": .array([
                .object([
                    "commandLine": .string("typefit " + run.command),
                    "executionSuccessful": .bool(run.status != .cannotRun && run.status != .usage),
                    "exitCode": .int(Int(run.status.rawValue)),
                ])
            ]),
        ]
        if let folder = run.workingDirectory {
            runObject["originalUriBaseIds"] = .object([
                "SRCROOT": .object([
                    "uri": .string("file://" + uriEncoded(folder.hasSuffix("/") ? folder : folder + "/"))
                ])
            ])
        }
        let log: JSONValue = .object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"),
            "version": .string("2.1.0"),
            "runs": .array([.object(runObject)]),
        ])
        return log.serialized(pretty: true)
    }

    /// SARIF's level for a severity.
    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// `DoesNotFit` for `does-not-fit`: SARIF's rule names are words
    /// joined.
    static func ruleName(_ code: String) -> String {
        code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative path under `SRCROOT` (the working folder); an absolute
    /// one as a `file:` URI.
    static func artifactLocation(_ path: String) -> JSONValue {
        if path.hasPrefix("/") { return .object(["uri": .string("file://" + uriEncoded(path))]) }
        return .object(["uri": .string(uriEncoded(path)), "uriBaseId": .string("SRCROOT")])
    }

    /// `path` as a URI's path: every byte but unreserved characters and
    /// `/` percent-encoded (RFC 3986), so a space or `#` in a file name
    /// stays in the path.
    static func uriEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

import TypefitCore
import TypefitKit

/// `--format sarif`: a SARIF 2.1.0 log (OASIS), which GitHub code scanning
/// and other dashboards read: typefit's rules with their codes and help,
/// and a result per finding with its level, message and place (the file
/// relative to the working folder, the line and the column, counted in
/// Unicode code points). Shaped as GitHub code scanning ingests it: every
/// result has a physical location (`upload-sarif` rejects the whole file
/// for one without, github/codeql-action #1738), so a finding about the
/// run, not a file (a stop, a note naming the samples used), is a tool
/// execution notification; and a run holds at most `maximumResults`.
enum SARIFReport: FindingReport {
    static let format = OutputFormat("sarif")
    static let summary = "a SARIF 2.1.0 log (code scanning)"

    /// Code scanning's hard limit of results per run ("SARIF results exceed
    /// hard limit": a run of more is rejected whole); past it the errors
    /// are kept first, then warnings, then notes, and a notification
    /// counts what was left out.
    static let maximumResults = 25_000

    /// Written with the streaming writer, keys in sorted order: a catalog
    /// failing everywhere is 150,000 results, and a tree of dictionaries
    /// for them cost twice the run's memory.
    static func render(_ findings: [ReportedFinding], run: ReportedRun) -> [UInt8] {
        // Every code of the registry is a rule, in its order; a finding's
        // code is always one of them.
        let rules = Finding.Code.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.rawValue, $0) })
        var w = JSONWriter(capacity: 1 << 16, pretty: true)
        w.beginObject()
        w.staticKey("$schema")
        w.string("https://json.schemastore.org/sarif-2.1.0.json")
        w.staticKey("runs")
        w.beginArray()
        w.beginObject()
        w.staticKey("columnKind")
        w.string("unicodeCodePoints")
        w.staticKey("invocations")
        w.beginArray()
        w.beginObject()
        w.staticKey("commandLine")
        w.string("typefit " + run.command)
        w.staticKey("executionSuccessful")
        w.bool(run.status != .cannotRun && run.status != .usage)
        w.staticKey("exitCode")
        w.int(Int(run.status.rawValue))
        // What stopped the run, and what is said of the run rather than a
        // file, is the tool's, not the code's (SARIF 2.1.0 §3.20.21): code
        // scanning lists results, each at a place.
        let (results, aboutTheRun) = partition(findings)
        let leftOut = results.count - min(results.count, maximumResults)
        if !aboutTheRun.isEmpty || leftOut > 0 {
            w.staticKey("toolExecutionNotifications")
            w.beginArray()
            for finding in aboutTheRun { notification(finding, into: &w) }
            if leftOut > 0 { limitNotification(leftOut, into: &w) }
            w.endArray()
        }
        w.endObject()
        w.endArray()
        if let folder = run.workingDirectory {
            w.staticKey("originalUriBaseIds")
            w.beginObject()
            w.staticKey("SRCROOT")
            w.beginObject()
            w.staticKey("uri")
            w.string("file://" + uriEncoded(folder.hasSuffix("/") ? folder : folder + "/"))
            w.endObject()
            w.endObject()
        }
        w.staticKey("results")
        w.beginArray()
        for finding in results.prefix(maximumResults) {
            result(finding, ruleIndex: ruleIndex[finding.code] ?? 0, into: &w)
        }
        w.endArray()
        w.staticKey("tool")
        w.beginObject()
        w.staticKey("driver")
        w.beginObject()
        w.staticKey("name")
        w.string("typefit")
        w.staticKey("rules")
        w.beginArray()
        for code in rules {
            let words = code.help
            w.beginObject()
            w.staticKey("help")
            text(words.help, into: &w)
            w.staticKey("id")
            w.string(code.rawValue)
            w.staticKey("name")
            w.string(ruleName(code.rawValue))
            w.staticKey("shortDescription")
            text(words.summary, into: &w)
            w.endObject()
        }
        w.endArray()
        w.staticKey("semanticVersion")
        w.string(Typefit.version)
        w.staticKey("version")
        w.string(Typefit.version)
        w.endObject()
        w.endObject()
        w.endObject()
        w.endArray()
        w.staticKey("version")
        w.string("2.1.0")
        w.endObject()
        return w.finishBytes()
    }

    /// `locations`: the finding's file (relative to `SRCROOT` when it is
    /// inside the working folder) and its line and column; nothing without
    /// a file.
    static func locations(_ finding: ReportedFinding, into w: inout JSONWriter) {
        guard let path = finding.path else { return }
        w.staticKey("locations")
        w.beginArray()
        w.beginObject()
        w.staticKey("physicalLocation")
        w.beginObject()
        w.staticKey("artifactLocation")
        w.beginObject()
        w.staticKey("uri")
        if path.hasPrefix("/") {
            w.string("file://" + uriEncoded(path))
        } else {
            w.string(uriEncoded(path))
            w.staticKey("uriBaseId")
            w.string("SRCROOT")
        }
        w.endObject()
        if let position = finding.item.position {
            w.staticKey("region")
            w.beginObject()
            w.staticKey("startColumn")
            w.int(max(1, position.column))
            w.staticKey("startLine")
            w.int(max(1, position.line))
            w.endObject()
        }
        w.endObject()
        w.endObject()
        w.endArray()
    }

    /// The findings that are results (at a file, errors first once there
    /// are more than a run may hold), and those about the run: stops and
    /// findings at no file.
    static func partition(_ findings: [ReportedFinding]) -> (results: [ReportedFinding], run: [ReportedFinding]) {
        var results: [ReportedFinding] = []
        var run: [ReportedFinding] = []
        for finding in findings {
            if finding.isStop || finding.path == nil { run.append(finding) } else { results.append(finding) }
        }
        guard results.count > maximumResults else { return (results, run) }
        func rank(_ severity: Diagnostic.Severity) -> Int {
            switch severity {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
        // A stable sort: within a severity, the run's order.
        let ordered = results.enumerated().sorted {
            (rank($0.element.item.severity), $0.offset) < (rank($1.element.item.severity), $1.offset)
        }
        return (ordered.map(\.element), run)
    }

    /// A finding about the run as a notification: its code, level,
    /// message and file, if any.
    static func notification(_ finding: ReportedFinding, into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("descriptor")
        w.beginObject()
        w.staticKey("id")
        w.string(finding.code)
        w.endObject()
        w.staticKey("level")
        w.string(level(finding.item.severity))
        locations(finding, into: &w)
        w.staticKey("message")
        text(finding.message, into: &w)
        w.endObject()
    }

    /// The notification that `count` results were left out.
    static func limitNotification(_ count: Int, into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("descriptor")
        w.beginObject()
        w.staticKey("id")
        w.string("results-left-out")
        w.endObject()
        w.staticKey("level")
        w.string("warning")
        w.staticKey("message")
        text(
            "\(count) more results left out: code scanning rejects a run of more than \(maximumResults) results "
                + "(errors are kept first; stderr and the JSON document have every one)", into: &w)
        w.endObject()
    }

    /// One result: rule, level, message, place and the string it is about.
    static func result(_ finding: ReportedFinding, ruleIndex: Int, into w: inout JSONWriter) {
        let item = finding.item
        w.beginObject()
        w.staticKey("level")
        w.string(level(item.severity))
        locations(finding, into: &w)
        w.staticKey("message")
        text(finding.message, into: &w)
        if item.category != nil || item.key != nil || item.language != nil {
            w.staticKey("properties")
            w.beginObject()
            if let category = item.category {
                w.staticKey("category")
                w.string(category)
            }
            if let key = item.key {
                w.staticKey("key")
                w.string(key)
            }
            if let language = item.language {
                w.staticKey("language")
                w.string(language)
            }
            w.endObject()
        }
        w.staticKey("ruleId")
        w.string(finding.code)
        w.staticKey("ruleIndex")
        w.int(ruleIndex)
        w.endObject()
    }

    /// SARIF's `{"text": …}`.
    static func text(_ value: String, into w: inout JSONWriter) {
        w.beginObject()
        w.staticKey("text")
        w.string(value)
        w.endObject()
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

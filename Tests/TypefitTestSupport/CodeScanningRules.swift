import Foundation

/// The rules GitHub code scanning applies to an uploaded SARIF file besides
/// OASIS's schema, as its documentation and upload action state them:
/// "SARIF results exceed hard limit" (docs.github.com, code-security,
/// troubleshooting SARIF uploads: runs per file 20, results per run 25,000,
/// rules per run 25,000, locations per result 1,000; a file of more is
/// rejected whole), the upload's 10 MB limit on the gzipped file, and
/// `upload-sarif`'s fingerprinting, which fails the whole upload on a result
/// without a location (`locationFromSarifResult: expected at least one
/// location`, github/codeql-action #1738, #2459) or whose location has no
/// `physicalLocation.artifactLocation.uri`.
public enum CodeScanningRules {
    /// Runs per file.
    public static let maximumRuns = 20
    /// Results per run.
    public static let maximumResults = 25_000
    /// Rules per run.
    public static let maximumRules = 25_000
    /// Locations per result.
    public static let maximumLocations = 1_000
    /// The gzipped file's size.
    public static let maximumGzippedBytes = 10 << 20

    /// What in `document` (a SARIF log's bytes) code scanning rejects; empty
    /// when it ingests it.
    public static func violations(_ document: Data) -> [String] {
        guard let log = try? JSONSerialization.jsonObject(with: document) as? [String: Any] else {
            return ["not a JSON object"]
        }
        var found: [String] = []
        if log["version"] as? String != "2.1.0" { found.append("version is not 2.1.0") }
        let runs = log["runs"] as? [[String: Any]] ?? []
        if runs.isEmpty { found.append("no run") }
        if runs.count > maximumRuns { found.append("\(runs.count) runs, more than \(maximumRuns)") }
        for (r, run) in runs.enumerated() {
            let results = run["results"] as? [[String: Any]] ?? []
            if results.count > maximumResults {
                found.append("run \(r): \(results.count) results, more than \(maximumResults)")
            }
            let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any]
            if driver?["name"] as? String == nil { found.append("run \(r): no tool.driver.name") }
            let rules = driver?["rules"] as? [[String: Any]] ?? []
            if rules.count > maximumRules { found.append("run \(r): \(rules.count) rules") }
            for (i, result) in results.enumerated() {
                let locations = result["locations"] as? [[String: Any]] ?? []
                if locations.isEmpty { found.append("run \(r) result \(i): no location") }
                if locations.count > maximumLocations { found.append("run \(r) result \(i): too many locations") }
                for location in locations {
                    let physical = location["physicalLocation"] as? [String: Any]
                    let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
                    if uri?.isEmpty ?? true { found.append("run \(r) result \(i): a location without a file URI") }
                }
                if (result["message"] as? [String: Any])?["text"] as? String == nil {
                    found.append("run \(r) result \(i): no message text")
                }
                if result["ruleId"] as? String == nil { found.append("run \(r) result \(i): no ruleId") }
            }
        }
        if let gzipped = gzippedSize(document), gzipped > maximumGzippedBytes {
            found.append("\(gzipped) bytes gzipped, more than \(maximumGzippedBytes)")
        }
        return found
    }

    /// The size of `data` through `gzip -c` (the upload action gzips the
    /// file); `nil` where gzip is missing.
    static func gzippedSize(_ data: Data) -> Int? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sarif-\(UUID().uuidString)")
        guard (try? data.write(to: file)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: file) }
        guard let result = try? BinaryRunner.runTool("sh", ["-c", "gzip -c \"$0\" | wc -c", file.path]),
            result.status == 0
        else { return nil }
        return Int(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

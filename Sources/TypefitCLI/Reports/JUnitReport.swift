import TypefitCore
import TypefitKit

/// `--format junit`: JUnit XML, which CI test views (GitLab's, Jenkins')
/// read: a test suite per file and language, a test case per key checked
/// (a pass when nothing was found), a `<failure>` per error, an `<error>`
/// per input typefit could not use; warnings and notes in the case's
/// `<system-out>`. Names and texts are escaped as every page and drawing
/// is (`xmlEscaped`: markup, and the characters XML 1.0 cannot hold).
enum JUnitReport: FindingReport {
    static let format = OutputFormat("junit")
    static let summary = "JUnit XML, a test case per key (GitLab, Jenkins)"

    private struct Case {
        var key: String
        var failures: [ReportedFinding] = []
    }

    private struct Suite {
        var name: String
        var cases: [Case] = []
        var index: [String: Int] = [:]

        mutating func add(_ key: String) -> Int {
            if let known = index[key] { return known }
            index[key] = cases.count
            cases.append(Case(key: key))
            return cases.count - 1
        }
    }

    static func render(_ findings: [ReportedFinding], run: ReportedRun) -> [UInt8] {
        var suites: [Suite] = []
        var suiteIndex: [String: Int] = [:]
        // Strings given as arguments are one suite; what concerns the run
        // (a face that cannot be opened, a warning of many strings) another.
        func suite(_ file: String?, _ language: String?, run wide: Bool = false) -> Int {
            let name =
                (file.map { ReportedFinding.relative($0, to: run.workingDirectory) }
                    ?? (wide ? "typefit" : "arguments"))
                + (file == nil && wide ? "" : language.map { " (\($0))" } ?? "")
            if let known = suiteIndex[name] { return known }
            suiteIndex[name] = suites.count
            suites.append(Suite(name: name))
            return suites.count - 1
        }
        for subject in run.subjects {
            let s = suite(subject.file == "-" ? nil : subject.file, subject.language)
            _ = suites[s].add(subject.key)
        }
        for finding in findings {
            // A finding of no string (a file that cannot be read, a face
            // missing) is a case of its own, named by its code.
            let s = suite(finding.path, finding.item.language, run: finding.item.key == nil)
            let c = suites[s].add(finding.item.key ?? finding.code)
            suites[s].cases[c].failures.append(finding)
        }
        var tests = 0
        var failures = 0
        var errors = 0
        var body = ""
        for suite in suites {
            var suiteFailures = 0
            var suiteErrors = 0
            var cases = ""
            for item in suite.cases {
                cases += "    <testcase classname=\"\(xmlEscaped(suite.name))\" name=\"\(xmlEscaped(item.key))\""
                guard !item.failures.isEmpty else {
                    cases += "/>\n"
                    continue
                }
                cases += ">\n"
                var output: [String] = []
                var failed = false
                var erred = false
                for finding in item.failures {
                    let place = finding.item.position.map { " (line \($0.line), column \($0.column))" } ?? ""
                    switch finding.item.severity {
                    case .error where finding.item.status == .cannotRun || finding.item.status == .usage:
                        cases +=
                            "      <error type=\"\(xmlEscaped(finding.code))\" message=\"\(xmlEscaped(finding.message))\">"
                            + xmlEscaped(finding.message + place) + "</error>\n"
                        erred = true
                    case .error:
                        cases +=
                            "      <failure type=\"\(xmlEscaped(finding.code))\" message=\"\(xmlEscaped(finding.message))\">"
                            + xmlEscaped(finding.message + place) + "</failure>\n"
                        failed = true
                    case .warning, .note:
                        output.append("\(finding.item.severity.rawValue): \(finding.message)\(place)")
                    }
                }
                if !output.isEmpty {
                    cases += "      <system-out>" + xmlEscaped(output.joined(separator: "\n")) + "</system-out>\n"
                }
                cases += "    </testcase>\n"
                if erred { suiteErrors += 1 } else if failed { suiteFailures += 1 }
            }
            tests += suite.cases.count
            failures += suiteFailures
            errors += suiteErrors
            body +=
                "  <testsuite name=\"\(xmlEscaped(suite.name))\" tests=\"\(suite.cases.count)\" "
                + "failures=\"\(suiteFailures)\" errors=\"\(suiteErrors)\">\n" + cases + "  </testsuite>\n"
        }
        let head =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"typefit \(xmlEscaped(run.command))\" tests=\"\(tests)\" failures=\"\(failures)\" "
            + "errors=\"\(errors)\">\n"
        return Array(head.utf8) + Array(body.utf8) + Array("</testsuites>\n".utf8)
    }
}

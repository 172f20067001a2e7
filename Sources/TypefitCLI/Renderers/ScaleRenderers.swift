import TypefitCore
import TypefitKit

/// What scale's renderers ask of a report, iOS's (`ScaleReport`: Apple's
/// table, a custom font, a spec) or another platform's (`PlatformReport`):
/// one shape, so no renderer asks which platform it renders.
protocol ScaleTables: Sendable {
    /// The platform its sizes are for.
    var platform: Platform { get }
    /// How many cells it has (`value` needs one).
    var cellCount: Int { get }
    /// The number of its only cell, when it has one.
    var onlyNumber: Double? { get }
    /// The JSON document.
    func json() -> JSONValue
    /// The table for people.
    func table() -> String
    /// A header and a line per cell.
    func csv() -> String
    /// The Swift file, and what is worth a warning in it.
    func swiftFile() -> Outcome
    /// The cells as design tokens.
    var tokenCells: [TokenCell] { get }
    /// The token group CSS's unsuffixed properties take.
    var cssDefaultGroup: String { get }
}

extension ScaleReport: ScaleTables {
    var platform: Platform { .ios }
    var cellCount: Int { entries.count }
    var onlyNumber: Double? { entries.count == 1 ? entries.first?.primaryNumber : nil }
    var cssDefaultGroup: String { "large" }

    func swiftFile() -> Outcome {
        var family = request.family
        if case .spec(let spec, _) = request.subject { family = spec.family }
        var outcome = Outcome(stdout: swiftSource(typeName: ScaleReport.swiftTypeName(for: family)))
        for name in namesNotKnownToUIFont {
            outcome.diagnostics.warning(
                Message(
                    "the Swift file names '\(name)', a variable font's named instance: UIFont(name:) is not known "
                        + "to take it; use the default face's name with a 'wght' variation "
                        + "(docs/REFERENCE.md, \"Variable fonts on iOS\")"), code: .instanceName)
        }
        return outcome
    }
}

extension PlatformReport: ScaleTables {
    var cellCount: Int { cells.count }
    var onlyNumber: Double? { cells.count == 1 ? cells.first?.pointSize : nil }
    var cssDefaultGroup: String { tokenGroup(defaultCategory, scale: 1.0) }
    func swiftFile() -> Outcome { Outcome(stdout: swift()) }
}

extension ScaleJob.Report {
    /// The report, whichever platform's.
    var tables: any ScaleTables {
        switch self {
        case .ios(let ios): ios
        case .platform(let other): other
        }
    }
}

/// `scale`'s formats, for an iOS report and another platform's alike.
enum ScaleRenderers {
    /// Every format, in the order `--format` lists them.
    static let all: [any Renderer<ScaleJob.Report>.Type] = [
        ScaleJSON.self, ScaleTable.self, ScaleValue.self, ScaleCSV.self, ScaleSwift.self, ScaleTokens.self,
        ScaleCSS.self,
    ]

    /// How many cells a report has (`value` needs one).
    static func cellCount(_ report: ScaleJob.Report) -> Int { report.tables.cellCount }

    /// The design tokens' description: what made them.
    static func tokenDescription(_ report: ScaleJob.Report) -> String {
        PlatformReport.tokenDescription(platform: report.tables.platform, version: Typefit.version)
    }
}

/// The JSON document (`schema/scale.schema.json`).
enum ScaleJSON: Renderer {
    static let format = OutputFormat.json
    static let summary = "the sizes as JSON (schema/scale.schema.json)"
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        Outcome(stdout: report.tables.json().serialized(pretty: context.pretty))
    }
}

/// The table for people.
enum ScaleTable: Renderer {
    static let format = OutputFormat.table
    static let summary = "a table for people"
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        Outcome(stdout: report.tables.table())
    }
}

/// The bare number of the one cell selected (`SIZE=$(typefit scale …)`).
enum ScaleValue: Renderer {
    static let format = OutputFormat("value")
    static let summary = "the bare number of one cell"
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        guard let number = report.tables.onlyNumber else {
            var outcome = Outcome()
            outcome.diagnostics.usageError(Scale.valueNeedsOneCell(ScaleRenderers.cellCount(report)))
            return outcome
        }
        return Outcome(stdout: shortestNumber(number) + "\n")
    }
}

/// A header and one comma-separated line per cell.
enum ScaleCSV: Renderer {
    static let format = OutputFormat("csv")
    static let summary = "a line per cell, with a header"
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        Outcome(stdout: report.tables.csv())
    }
}

/// A Swift source file holding the table; a variable font's named
/// instance in it is warned about.
enum ScaleSwift: Renderer {
    static let format = OutputFormat("swift")
    static let summary = "a Swift file with the table"
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        report.tables.swiftFile()
    }
}

/// W3C Design Tokens (DTCG) JSON.
enum ScaleTokens: Renderer {
    static let format = OutputFormat("tokens")
    static let summary = "W3C design tokens (DTCG JSON)"
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        let description = ScaleRenderers.tokenDescription(report)
        return Outcome(
            stdout: DesignTokens.dtcg(report.tables.tokenCells, description: description).serialized(pretty: true))
    }
}

/// CSS custom properties in rem.
enum ScaleCSS: Renderer {
    static let format = OutputFormat("css")
    static let summary = "CSS custom properties in rem"
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        let tables = report.tables
        return Outcome(
            stdout: DesignTokens.css(
                tables.tokenCells, defaultGroup: tables.cssDefaultGroup, header: ScaleRenderers.tokenDescription(report)
            ))
    }
}

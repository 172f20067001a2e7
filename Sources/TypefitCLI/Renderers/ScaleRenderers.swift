import TypefitCore
import TypefitKit

/// `scale`'s formats, for an iOS report and another platform's alike.
enum ScaleRenderers {
    /// Every format, in the order `--format` lists them.
    static let all: [any Renderer<ScaleJob.Report>.Type] = [
        ScaleJSON.self, ScaleTable.self, ScaleValue.self, ScaleCSV.self, ScaleSwift.self, ScaleTokens.self,
        ScaleCSS.self,
    ]

    /// How many cells a report has (`value` needs one).
    static func cellCount(_ report: ScaleJob.Report) -> Int {
        switch report {
        case .ios(let ios): ios.entries.count
        case .platform(let platform): platform.cells.count
        }
    }

    /// The design tokens' description: what made them.
    static func tokenDescription(_ report: ScaleJob.Report) -> String {
        let platform: Platform =
            switch report {
            case .ios: .ios
            case .platform(let other): other.platform
            }
        return PlatformReport.tokenDescription(platform: platform, version: Typefit.version)
    }
}

/// The JSON document (`schema/scale.schema.json`).
enum ScaleJSON: Renderer {
    static let format = OutputFormat.json
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        switch report {
        case .ios(let ios): Outcome(stdout: ios.json().serialized(pretty: context.pretty))
        case .platform(let other): Outcome(stdout: other.json().serialized(pretty: context.pretty))
        }
    }
}

/// The table for people.
enum ScaleTable: Renderer {
    static let format = OutputFormat.table
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        switch report {
        case .ios(let ios): Outcome(stdout: ios.table())
        case .platform(let other): Outcome(stdout: other.table())
        }
    }
}

/// The bare number of the one cell selected (`SIZE=$(typefit scale …)`).
enum ScaleValue: Renderer {
    static let format = OutputFormat.value
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        let number: Double? =
            switch report {
            case .ios(let ios): ios.entries.count == 1 ? ios.entries.first?.primaryNumber : nil
            case .platform(let other): other.cells.count == 1 ? other.cells.first?.pointSize : nil
            }
        guard let number else {
            var outcome = Outcome()
            outcome.diagnostics.usageError(Scale.valueNeedsOneCell(ScaleRenderers.cellCount(report)))
            return outcome
        }
        return Outcome(stdout: shortestNumber(number) + "\n")
    }
}

/// A header and one comma-separated line per cell.
enum ScaleCSV: Renderer {
    static let format = OutputFormat.csv
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        switch report {
        case .ios(let ios): Outcome(stdout: ios.csv())
        case .platform(let other): Outcome(stdout: other.csv())
        }
    }
}

/// A Swift source file holding the table; a variable font's named
/// instance in it is warned about.
enum ScaleSwift: Renderer {
    static let format = OutputFormat.swift
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        guard case .ios(let ios) = report else {
            guard case .platform(let other) = report else { return Outcome() }
            return Outcome(stdout: other.swift())
        }
        var family = ios.request.family
        if case .spec(let spec, _) = ios.request.subject { family = spec.family }
        var outcome = Outcome(stdout: ios.swiftSource(typeName: ScaleReport.swiftTypeName(for: family)))
        for name in ios.namesNotKnownToUIFont {
            outcome.diagnostics.warning(
                Message(
                    "the Swift file names '\(name)', a variable font's named instance: UIFont(name:) is not known "
                        + "to take it; use the default face's name with a 'wght' variation "
                        + "(docs/REFERENCE.md, \"Variable fonts on iOS\")"), code: .instanceName)
        }
        return outcome
    }
}

/// W3C Design Tokens (DTCG) JSON.
enum ScaleTokens: Renderer {
    static let format = OutputFormat.tokens
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        let description = ScaleRenderers.tokenDescription(report)
        let cells =
            switch report {
            case .ios(let ios): ios.tokenCells
            case .platform(let other): other.tokenCells
            }
        return Outcome(stdout: DesignTokens.dtcg(cells, description: description).serialized(pretty: true))
    }
}

/// CSS custom properties in rem.
enum ScaleCSS: Renderer {
    static let format = OutputFormat.css
    static func render(_ report: ScaleJob.Report, _ context: RenderContext) -> Outcome {
        let header = ScaleRenderers.tokenDescription(report)
        switch report {
        case .ios(let ios):
            return Outcome(stdout: DesignTokens.css(ios.tokenCells, defaultGroup: "large", header: header))
        case .platform(let other):
            return Outcome(
                stdout: DesignTokens.css(
                    other.tokenCells, defaultGroup: other.tokenGroup(other.defaultCategory, scale: 1.0),
                    header: header))
        }
    }
}

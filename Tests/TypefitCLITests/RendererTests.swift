import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Each command's `--format` values are its renderers' formats (and the
/// CI reports for `fit` and `check`), one renderer each: a new format is a
/// type in a list, and help, completion and parsing follow.
@Suite struct RendererTests {
    static func formats<Options>(of options: [Option<Options>]) -> [String] {
        options.first { $0.name == "--format" }?.declaration.values ?? []
    }

    @Test func formatsAreTheRenderersFormats() {
        let reports = FindingReports.formats.map(\.format.rawValue)
        let cases: [(String, [String], [String])] = [
            ("scale", Self.formats(of: Scale.options), ScaleRenderers.all.formats().map(\.format.rawValue)),
            ("list-fonts", Self.formats(of: ListFonts.options), ListingRenderers.all.formats().map(\.format.rawValue)),
            ("fit", Self.formats(of: Fit.options), FitRenderers.all.formats().map(\.format.rawValue) + reports),
            ("check", Self.formats(of: Check.options), CheckRenderers.all.formats().map(\.format.rawValue) + reports),
            ("measure", Self.formats(of: Measure.options), MeasureRenderers.all.formats().map(\.format.rawValue)),
        ]
        for (command, declared, rendered) in cases {
            #expect(declared == rendered, "\(command)")
            #expect(Set(rendered).count == rendered.count, "\(command): a format with two renderers")
        }
        // Help says what each writes, in the renderer's own words.
        let help = Fit.options.first { $0.name == "--format" }?.declaration.help ?? ""
        for choice in FitRenderers.all.formats() + FindingReports.formats {
            #expect(help.contains("\(choice.format.rawValue): \(choice.summary)"), "\(help)")
        }
    }

    /// A renderer renders what the command prints: scale's CSV of one
    /// cell through the list is the command's output.
    @Test func aRendererIsWhatTheCommandPrints() throws {
        var request = Request()
        request.styles = [.body]
        request.categories = .categories([.large])
        var diagnostics = Diagnostics()
        let report = try ScaleJob(request: request, search: FontSearch()).run(diagnostics: &diagnostics)
        let renderer = try #require(ScaleRenderers.all.renderer(for: ScaleCSV.format))
        let rendered = renderer.render(report, RenderContext(pretty: false))
        let command = TypefitCommand.run(
            ["scale", "--style", "body", "--category", "large", "--format", "csv"], context: RunContext())
        #expect(rendered.stdout == command.stdout && rendered.stdout.hasPrefix("style,category,"))
    }
}

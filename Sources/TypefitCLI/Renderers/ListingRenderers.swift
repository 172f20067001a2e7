import TypefitCore
import TypefitKit

/// What `list-fonts` renders: the listing, its faces in families, how an
/// app bundles its files, and the errors of files named that could not
/// be read (the JSON document lists them beside the faces).
struct ListingOutput: Sendable {
    /// The listing.
    var listing: ListingJob.Listing
    /// Its faces in families.
    var families: [FontFamily]
    /// `--bundle-layout`.
    var bundleLayout: BundleLayout
    /// Errors of the run so far, worded.
    var errors: [(file: String?, message: String)]
}

/// `list-fonts`' formats.
enum ListingRenderers {
    /// Every format, in the order `--format` lists them.
    static let all: [any Renderer<ListingOutput>.Type] = [
        ListingJSON.self, ListingTable.self, ListingPlain.self, ListingUIAppFonts.self,
    ]
}

/// The JSON document (`schema/list-fonts.schema.json`), streamed.
enum ListingJSON: Renderer {
    static let format = OutputFormat.json
    static let summary = "the faces as JSON (schema/list-fonts.schema.json)"
    static func render(_ output: ListingOutput, _ context: RenderContext) -> Outcome {
        var outcome = Outcome()
        let (families, errors, pretty) = (output.families, output.errors, context.pretty)
        outcome.stream { write in FontFamily.writeJSON(families, pretty: pretty, errors: errors, to: write) }
        return outcome
    }
}

/// The table for people.
enum ListingTable: Renderer {
    static let format = OutputFormat.table
    static let summary = "a table for people"
    static func render(_ output: ListingOutput, _ context: RenderContext) -> Outcome {
        Outcome(stdout: FontFamily.table(output.families))
    }
}

/// `family<TAB>postscriptName<TAB>width`, a line per face.
enum ListingPlain: Renderer {
    static let format = OutputFormat("plain")
    static let summary = "a line per face, family<TAB>postscriptName<TAB>width"
    static func render(_ output: ListingOutput, _ context: RenderContext) -> Outcome {
        Outcome(stdout: FontFamily.plain(output.families))
    }
}

/// The `UIAppFonts` array for an app's Info.plist: one entry per file, as
/// Xcode copies it into the bundle; files Xcode would copy to one name
/// are an error.
enum ListingUIAppFonts: Renderer {
    static let format = OutputFormat("uiappfonts")
    static let summary = "the UIAppFonts array for an app's Info.plist, with --dir"
    static func render(_ output: ListingOutput, _ context: RenderContext) -> Outcome {
        var outcome = Outcome()
        let listing = output.listing
        let files = listing.faces.compactMap { face in listing.relativePaths[face.file].map { (face.file, $0) } }
        let app = UIAppFontsEntries(files: files, layout: output.bundleLayout)
        for (path, reason) in app.leftOut {
            outcome.diagnostics.note("left out of UIAppFonts: \(reason)", file: path, code: .uiappfontsLeftOut)
        }
        guard app.clashes.isEmpty else {
            for clash in app.clashes {
                outcome.diagnostics.error(
                    Message(
                        "\(clash.paths.count) files would be copied into the bundle as '\(clash.name)' "
                            + "(Xcode refuses: \"Multiple commands produce\"): " + clash.paths.joined(separator: ", ")
                            + "; rename one, or give --bundle-layout folders for folder references"),
                    status: .problemFound, code: .uiappfontsClash)
            }
            return outcome
        }
        outcome.stdout = uiAppFontsFragment(app.entries)
        return outcome
    }
}

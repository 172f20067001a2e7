import FontRegistry
import TypefitCore
import TypefitKit

/// The options `measure`, `fit` and `specimen` share: styles and
/// categories, the face, where faces are found, language, samples,
/// platform.
struct TextOptions: Sendable, Equatable {
    var styleCategory = StyleCategoryOptions()
    var face = FaceOptions()
    var sources = SourceOptions()
    var language: String?
    var samples: [String] = []
    var model: SizeModel?
    var platform = PlatformOptions()
    var opticalSize: OpticalSizeMode?
    var androidFonts: String?
    var targetSdk: Int?

    /// `--platform`.
    var chosenPlatform: Platform { platform.platform ?? .ios }

    /// The declarations, `--style` with the command's own help.
    static func options(style: String) -> [Option<TextOptions>] {
        StyleCategoryOptions.listOptions.lifted(\TextOptions.styleCategory).replacingHelp(of: "--style", with: style)
            + FaceOptions.options.lifted(\TextOptions.face).constraining(["--font", "--family"]) {
                $0.excludes("--spec", because: "one face at a time")
            }.constraining(["--family"]) {
                $0.excludes("--font", because: "one face at a time")
            }.constraining(["--weight"]) {
                $0.needs("--family", because: "it picks that family's face nearest the weight")
            }.constraining(["--size"]) { $0.excludes("--spec", because: "the spec gives the sizes") }
            + SourceOptions.options.lifted(\TextOptions.sources)
            + [
                Option(
                    declaration: .option(
                        "--system-fonts", "path",
                        help: "A folder of Apple's system font files (SF Pro from developer.apple.com/fonts, or a "
                            + "Mac's), measured when no face is named (default: TYPEFIT_SYSTEM_FONTS, then "
                            + "--fonts-dir and the installed fonts); typefit never ships them.",
                        repeatable: true, completion: .directory)
                ) { options, value throws(UsageError) in options.sources.search.systemFontDirectories.append(value) },
                .language(
                    "--language", "language",
                    help: "A BCP 47 language for shaping and line breaking; with catalogs, only that language.",
                    \.language),
                .list(
                    "--sample", "spec=value",
                    help: "The value a format placeholder stands for while text is measured ('%@=Alexandria', "
                        + "'%lld=1000'; '%1$@' matches '%@'; an ARB message's '{name}=Alexandria'). Default: a "
                        + "12-letter name, 1,000,000 or 1,000.0.",
                    \.samples),
                .value(
                    "--model", "model",
                    help: "How --font or --family scales without --size: uifontmetrics (each style's Large size "
                        + "through UIFontMetrics, as Font.custom(_:size:relativeTo:); the default), proportional, "
                        + "or system (Apple's table for the system font).",
                    \.model
                ).needs("--font", "--family", because: "it says how they scale without --size")
                    .excludes("--size", because: "--size scales from the size given"),
                .value(
                    "--optical-size", "size",
                    help: "The optical size a variable face with an opsz axis is set to, as Core Text's "
                        + "kCTFontOpticalSizeAttribute: auto (the point size, for faces with a STAT table, and "
                        + "their trak tracking; the default, and a spec's \"opticalSize\" when it has one), none "
                        + "(the face's own coordinates, untracked) or a size in points.",
                    \.opticalSize),
            ]
            + PlatformOptions.options.lifted(\TextOptions.platform)
            + [
                Option(
                    declaration: .option(
                        "--android-fonts", "folder",
                        help: "Android: a device's or emulator image's /system/fonts, whose Roboto and fallback "
                            + "fonts are measured (with --fonts-dir's) instead of the installed ones, which stand in "
                            + "for them otherwise.",
                        completion: .directory)
                ) { options, value throws(UsageError) in
                    guard options.androidFonts == nil else { throw UsageError("'--android-fonts' is given twice") }
                    options.androidFonts = value
                    options.sources.search.directories.append(value)
                    options.sources.search.usesInstalledFonts = false
                }.only(on: .android, .flutterAndroid, because: "it holds Android's system fonts"),
                Option(
                    declaration: .option(
                        "--target-sdk", "level",
                        help: "Android: the API level the app targets (default: 35), which picks the fallback "
                            + "fonts: from 35 the elegant ones (Noto Naskh Arabic, Noto Sans Thai …), below it the "
                            + "compact UI ones (elegantTextHeight off).")
                ) { options, value throws(UsageError) in
                    guard let level = Int(value.trimmingSpaces), (1...99).contains(level) else {
                        throw UsageError("'--target-sdk' takes an API level from 1 to 99 (got '\(value)')")
                    }
                    options.targetSdk = level
                }.only(
                    on: .android,
                    because: "it picks Minikin's fallback fonts; Flutter's engine (Skia) tries the elegant ones "
                        + "first whatever the app targets"),
            ]
    }

    /// `--strings FILE`, as measure and fit declare it.
    static func stringsOption<Options>(_ field: WritableKeyPath<Options, [String]> & Sendable) -> Option<Options> {
        .list(
            "--strings", "file",
            help: "Strings from " + StringsFile.summaries + " (repeat it for each file, or quote a pattern: "
                + "'Resources/*.lproj/Localizable.strings').", completion: .file(extensions: StringsFile.extensions),
            field)
    }

    /// `--pseudolocale TAG`, as measure and fit declare it.
    static func pseudolocaleOption<Options>(_ field: WritableKeyPath<Options, [String]> & Sendable) -> Option<Options> {
        Option(
            declaration: .option(
                "--pseudolocale", "tag",
                help: "Also measure the source strings in an Android pseudolocale, made as 'aapt2 compile "
                    + "--pseudo-localize' makes it: en-XA (accented, about half again as long), ar-XB "
                    + "(right-to-left); for every format, to see where text will grow before it is translated.",
                values: AndroidPseudolocale.allCases.map(\.rawValue), validatesValues: true, repeatable: true,
                completion: .values(AndroidPseudolocale.allCases.map(\.rawValue)))
        ) { options, value throws(UsageError) in
            if !options[keyPath: field].contains(value) { options[keyPath: field].append(value) }
        }
    }

    /// `--qualifiers LIST`, as measure and fit declare it: each value one
    /// device configuration, checked as it is read.
    static func qualifiersOption<Options>(_ field: WritableKeyPath<Options, [String]> & Sendable) -> Option<Options> {
        Option(
            declaration: .option(
                "--qualifiers", "list",
                help: "Also measure Android's strings as a device of another configuration reads them: "
                    + "resource qualifiers in folder form, comma separated (night, sw600dp, land, car, v28: "
                    + "'values-night' at night, 'values/' under a 'values-v29' on API 28); repeat it for "
                    + "each configuration. By default a phone in portrait by day on the newest API.",
                repeatable: true)
        ) { options, value throws(UsageError) in
            do throws(AndroidQualifierProblem) {
                _ = try AndroidDeviceQualifiers(value)
            } catch {
                switch error.reason {
                case .locale:
                    throw UsageError(
                        "'--qualifiers' takes no locale ('\(error.qualifier)'): each language is measured in "
                            + "its own folders")
                case .malformed:
                    throw UsageError(
                        "'--qualifiers' takes resource qualifiers in folder form, comma separated (got '\(value)')")
                }
            }
            if !options[keyPath: field].contains(value) { options[keyPath: field].append(value) }
        }
    }

    /// The configurations the option's values name (each checked when read).
    static func qualifiers(_ values: [String]) -> [AndroidDeviceQualifiers] {
        values.compactMap { try? AndroidDeviceQualifiers($0) }
    }

    /// The pseudolocales the option's values name.
    static func pseudolocales(_ values: [String]) -> [AndroidPseudolocale] {
        values.compactMap { value in AndroidPseudolocale.allCases.first { LanguageTag.matches($0.rawValue, value) } }
    }

    /// `--source-set NAME`, as measure and fit declare it.
    static func sourceSetOption<Options>(_ field: WritableKeyPath<Options, [String]> & Sendable) -> Option<Options> {
        .list(
            "--source-set", "name",
            help: "Also read a module root's src/NAME/res over src/main/res, as Gradle merges a variant's "
                + "resources (debug, a flavor; repeat it, the later winning).", field)
    }

    /// Refuses text arguments that are strings files: `--strings *.strings`
    /// unquoted gives the first file to `--strings` and the rest to the
    /// command as texts, which would be measured as words and pass.
    static func refuseStringsFileArguments(_ arguments: [String]) throws(UsageError) {
        let files = TextJob.stringsFileArguments(arguments)
        guard let first = files.first else { return }
        throw UsageError(
            "'\(first)'" + (files.count > 1 ? " and \(files.count - 1) more" : "")
                + " name strings files, given as text to measure: put '--strings' before each file, or quote a "
                + "pattern for typefit to expand (--strings 'Resources/*.lproj/Localizable.strings')")
    }

    /// `--markdown` and `--no-markdown`, as measure and fit declare them,
    /// setting `field` to true or false (neither: `nil`, the default by
    /// kind of file; both: a usage error).
    /// `--html`, as measure and fit declare it.
    static func htmlOption<Options>(_ field: WritableKeyPath<Options, Bool> & Sendable) -> Option<Options> {
        .flag(
            "--html",
            help: "Measure Android strings as Html.fromHtml draws them (legacy mode): tags removed, <br> and "
                + "<p>, <div>, <li>, <h1>-<h6> as line feeds, white space collapsed, entities decoded, <b>, "
                + "<i>, <tt> in their faces; for strings written as HTML (in CDATA or escaped).", field)
    }

    static func markdownOptions<Options>(_ field: WritableKeyPath<Options, Bool?> & Sendable) -> [Option<Options>] {
        [
            Option(
                declaration: .flag(
                    "--markdown",
                    help: "Measure every string as SwiftUI's Text draws a LocalizedStringKey: inline Markdown "
                        + "rendered. Default: String Catalogs only.")
            ) { options, _ throws(UsageError) in
                if options[keyPath: field] == false {
                    throw UsageError("give one of '--markdown' and '--no-markdown'")
                }
                options[keyPath: field] = true
            },
            Option(
                declaration: .flag(
                    "--no-markdown", help: "Measure every string as written, String Catalogs included.")
            ) { options, _ throws(UsageError) in
                if options[keyPath: field] == true {
                    throw UsageError("give one of '--markdown' and '--no-markdown'")
                }
                options[keyPath: field] = false
            },
        ]
    }

    /// The request these options make, validated: a face is needed, and
    /// a style unless `styleRequired` is false (a rules file or a
    /// specimen gives them).
    func request(styleRequired: Bool = true) throws(UsageError) -> Request {
        var request = try platform.request(styles: styleCategory)
        if styleCategory.style == nil && styleRequired {
            throw UsageError("missing '--style <styles>': the text style to set the text in")
        }
        request.face = face.face
        (request.weight, request.designSize, request.model) = (face.weight?.value, face.size, model)
        request.language = language
        request.opticalSize = opticalSize
        request.androidFonts = androidFonts
        if let targetSdk { request.targetSdk = targetSdk }
        var pairs: [(placeholder: String, value: String)] = []
        for argument in samples {
            do {
                pairs.append(try PlaceholderSamples.parse(argument))
            } catch {
                throw UsageError("--sample: " + error.message)
            }
        }
        request.samples = PlaceholderSamples(pairs)
        return try request.validated()
    }

    /// `--progress`, as fit, measure and review declare it.
    static func progressOption<Options>(_ field: WritableKeyPath<Options, Bool> & Sendable) -> Option<Options> {
        .flag(
            "--progress",
            help: "Show a progress line on stderr even when it is not a terminal (a CI log); on a terminal it "
                + "shows by itself for runs over a second.", field)
    }

    /// The progress line a run shows: on a terminal's stderr, or anywhere
    /// with `--progress`; `nil` otherwise.
    static func progressLine(_ asked: Bool, _ context: RunContext) -> ProgressLine? {
        guard asked || context.stderrIsTerminal else { return nil }
        return ProgressLine(inPlace: context.stderrIsTerminal)
    }

    /// `--follow-symlinks`, as review and specimen declare it beside
    /// `--output`.
    static func followSymlinksOption<Options>(_ field: WritableKeyPath<Options, Bool> & Sendable) -> Option<Options> {
        .flag(
            "--follow-symlinks",
            help: "Write --output through a symbolic link that leads outside the tree it is in: its git "
                + "repository, else the folder typefit runs in (by default refused: a pull request can commit "
                + "such a link).", field)
    }

    /// The `--output` file, looked at and opened before any work (a folder,
    /// a missing folder, a read-only file or a link leading out of the
    /// tree ends the run at once, exit 2); `nil` for stdout.
    static func openOutput(_ path: String?, followSymlinks: Bool, _ diagnostics: inout Diagnostics) throws(Stopped)
        -> OutputFile?
    {
        guard let path else { return nil }
        switch OutputFile.open(path, followSymlinks: followSymlinks) {
        case .success(let file): return file
        case .failure(let error):
            diagnostics.error(error.reason, status: .cannotRun, file: error.path, code: .outputRefused)
            throw Stopped()
        }
    }

    /// A document for the opened `--output` file, or stdout.
    static func deliver(_ document: String, to output: OutputFile?, _ outcome: inout Outcome) {
        guard output != nil else {
            outcome.stdout = document
            return
        }
        _ = deliver(streaming: { emit in emit(Array(document.utf8)) }, to: output, &outcome)
    }

    /// A document made in pieces (`produce` hands each to its `emit`, and
    /// answers whether all were taken) delivered as `deliver` delivers a
    /// whole one, made inert for CI runners as it passes: never whole in
    /// memory. Answers the bytes made (before the filter), for the note
    /// that says what was written.
    static func deliver(
        streaming produce: @escaping Outcome.Stream, to output: OutputFile?, _ outcome: inout Outcome
    ) -> Int {
        guard let output else {
            // stdout's stream passes the filter when the run writes it.
            outcome.stream(produce)
            return 0
        }
        // A page or drawing on disk may still be printed in a CI log.
        var filter = RunnerCommands.Filter()
        var made = 0
        let error = output.write(streaming: { emit in
            produce { chunk in
                made += chunk.count
                return emit(filter.feed(chunk))
            } && emit(filter.finish())
        })
        if let error {
            outcome.diagnostics.error(Message(error), status: .cannotRun, file: output.path, code: .outputUnwritable)
        }
        return made
    }

    /// The output format a run writes.
    static func effectiveFormat(_ format: OutputFormat?, _ context: RunContext) -> OutputFormat {
        format ?? (context.stdoutIsTerminal ? .table : .json)
    }
}

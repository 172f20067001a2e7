import TypefitCore
import TypefitKit

// The words of every finding: the library reports values (`Finding`), and
// this is the one place they become English. A command input in a
// sentence stays a `CommandInput`, spelled as this front end spells it.

/// A finding's stable name (`Finding.Code`, what scripts and CI reports
/// know it by) and its sentence, given together by one arm of
/// `Finding.wording`: a kind of finding is one case in the library and one
/// arm here.
struct Wording {
    /// The name (`nil`: a front end's own note without one).
    var code: Finding.Code?
    /// The finding in one line (no prefix, no file name).
    var message: Message

    /// Creates one.
    init(_ code: Finding.Code?, _ message: Message) { (self.code, self.message) = (code, message) }
}

extension Finding {
    /// The finding in one line (no prefix, no file name).
    var message: Message { wording.message }

    /// The stable name scripts and CI reports know it by.
    var code: Code? { wording.code }

    /// The code of a placeholder problem whose first difference is
    /// `difference`.
    static func code(of difference: PlaceholderCheck.Difference) -> Code {
        switch difference {
        case .missing: .placeholderMissing
        case .extra: .placeholderExtra
        case .changed: .placeholderChanged
        case .twoKinds: .placeholderTwoKinds
        case .skipped: .placeholderSkipped
        case .undefinedVariable: .placeholderVariableUndefined
        case .movedVariable: .placeholderVariableMoved
        case .notAConversion: .placeholderNotAConversion
        case .spaceFlag: .placeholderSpaceFlag
        case .pluralByObject: .placeholderPluralObject
        case .emptyForm: .placeholderPluralFormEmpty
        case .formDrops: .placeholderPluralFormDrops
        case .countNeverShown: .placeholderPluralCountNeverShown
        case .countImplied: .placeholderPluralCountImplied
        case .unformattable: .placeholderUnformattable
        case .javaException: .placeholderJavaException
        case .sourceTakesNone: .placeholderSourceTakesNone
        case .messageSyntax: .messageSyntax
        case .caseOverridden: .pluralCaseOverridden
        case .undeclared: .placeholderUndeclared
        case .unused: .placeholderUnused
        case .placeholderType: .placeholderType
        case .namedMissing: .placeholderMissing
        case .namedExtra: .placeholderExtra
        case .caseWithoutCount: .placeholderPluralCountImplied
        }
    }

    /// Its name and its words.
    var wording: Wording {
        switch self {
        // The library's own sentence (an error's reason, a parser's).
        case .fileUnreadable(let reason): return Wording(.fileUnreadable, Message(reason))
        case .fileMalformed(let reason): return Wording(.fileMalformed, Message(reason))
        case .specMalformed(let reason): return Wording(.specMalformed, Message(reason))
        case .specFieldIgnored(let reason): return Wording(.specFieldIgnored, Message(reason))
        case .fontFolderUnusable(let reason): return Wording(.fontFolderUnusable, Message(reason))
        case .fontconfigUnusable(let reason): return Wording(.fontconfigUnusable, Message(reason))
        case .fontconfigFailed(let reason): return Wording(.fontconfigFailed, Message(reason))
        case .listingCacheRebuilt(let reason): return Wording(.listingCache, Message(reason))
        case .fontUnusable(let reason): return Wording(.fontUnusable, Message(reason))
        case .postscriptNameRules(let reason): return Wording(.postscriptNameRules, Message(reason))
        case .faceNotOpened(let reason): return Wording(.faceNotOpened, Message(reason))
        case .lineBreakerUnavailable(let reason): return Wording(.lineBreakerUnavailable, Message(reason))
        case .shadowedByStringsdict(let count, let key, let language):
            return Wording(
                .shadowedByStringsdict,
                Message(
                    "\(count) .strings entr\(count == 1 ? "y is" : "ies are") neither measured nor compared "
                        + "(\"\(Message.quoted(key))\" in \(language)\(count == 1 ? "" : " …")): the same table's "
                        + ".stringsdict gives \(count == 1 ? "its key" : "their keys"), and iOS shows the .stringsdict's"
                ))
        case .configurationUnread(let folders, let counts):
            let total = counts.reduce(0, +)
            let each = zip(folders, counts).prefix(6).map { "\($0)/ \($1)" }.joined(separator: ", ")
            return Wording(
                .configurationUnread,
                Message(
                    "\(total) Android value\(total == 1 ? " is" : "s are") not measured (\(each)"
                        + "\(folders.count > 6 ? ", …" : "")): no device the run measures reads them (by default a "
                        + "phone in portrait, by day, on the newest API), it reads another folder's value; "
                        + "--qualifiers night (sw600dp, land, v28 …) also measures another configuration"))
        case .fileReadOnce(let first):
            return Wording(
                .fileReadOnce,
                Message("is the same file as \(first) (through a symbolic link or a second name): read once"))
        case .textBudgetExceeded(let limit):
            return Wording(
                .textBudgetExceeded,
                Message(
                    "the strings give more than \(limit) characters to measure once samples, examples, references, "
                        + "plural numbers and pseudolocales are in place (typefit's limit per run): check fewer files "
                        + "at a time"))
        case .stringsEmpty:
            return Wording(.stringsEmpty, "holds no strings: nothing to check")
        case .folderHoldsNoStrings:
            return Wording(
                .stringsEmpty,
                "is a directory with no strings: no Android resources (no values* folder, res folder or "
                    + "src/main/res) and no Apple tables (no *.lproj folder of .strings or .stringsdict files, no "
                    + ".xcstrings catalog): give a res folder, a module root, an app's resources folder or strings files"
            )
        case .flutterStringsOnNativePlatform(let platform):
            return Wording(
                .flutterStringsOnNativePlatform,
                Message(
                    "Flutter's strings, laid out as \(platform.displayName) lays out its own text: --platform "
                        + (platform.host == .android ? "flutter-android" : "flutter-ios")
                        + " lays them out as Flutter does"))
        case .otherSourceSets(let folders):
            let names = folders.compactMap { $0.split(separator: "/").dropLast().last }
            return Wording(
                .sourceSetsNotRead,
                Message(
                    "its src/main/res is read, not its other source sets' resources (" + folders.joined(separator: ", ")
                        + "): --source-set " + (names.first.map(String.init) ?? "NAME")
                        + " reads one over main's, as Gradle merges them"))
        case .sourceSetNotFound(let set, let modules, let available):
            guard !modules.isEmpty else {
                return Wording(
                    .sourceSetNotFound,
                    "--source-set \(set): no --strings folder is a module root (a folder with src/main/res); "
                        + "give the module's folder, e.g. --strings app")
            }
            let near = NameMatching.suggestions(for: set, among: available, limit: 1)
            return Wording(
                .sourceSetNotFound,
                Message(
                    "--source-set \(set): no module given has values folders in src/\(set)/res ("
                        + modules.map { Message.quoted($0) }.joined(separator: ", ") + ")"
                        + (near.first.map { "; did you mean '\($0)'?" } ?? "")
                        + (available.isEmpty
                            ? "" : " (source sets with values: " + available.joined(separator: ", ") + ")")))
        case .tableEmpty:
            return Wording(
                .stringsEmpty,
                "holds no strings: an empty table, as iOS reads it (none of its keys is shown from this file)")
        case .patternFailed(let reason):
            return Wording(.patternFailed, Message("cannot search for the pattern's files: \(reason)"))
        case .patternMatchesNothing:
            return Wording(.patternMatchesNothing, "matches no file")
        case .languageNotFound(let language, let files, let available, let suggestions):
            let place: Message = files.count == 1 ? Message(files[0]) : "the \(CommandInput.stringsFiles) files"
            let names = available.joined(separator: ", ")
            let tail = (names.isEmpty ? "" : " (available: \(names))") + Self.didYouMean(suggestions)
            return Wording(.languageNotFound, "no strings in language '\(language)' in \(place)" + Message(tail))
        case .duplicateKey(let key, let lines):
            return Wording(
                .duplicateKey,
                Message(
                    "\"\(Message.quoted(key))\" is given again with another value (first at line\(lines.count == 1 ? "" : "s") "
                        + lines.map(String.init).joined(separator: ", ")
                        + "): Foundation keeps this last value, which is the one measured"))
        case .moreDuplicateKeys(let count):
            return Wording(.duplicateKey, Message("\(count) more keys given twice with different values"))
        case .pseudolocalesMade(let languages, let strings):
            return Wording(
                .pseudolocales,
                Message(
                    "\(strings) source string\(strings == 1 ? "" : "s") also measured in "
                        + languages.joined(separator: " and ") + ", made as aapt2 --pseudo-localize makes them"))
        case .referenceUnresolved(let key, let reference):
            return Wording(
                .referenceUnresolved,
                Message(
                    "\"\(Message.quoted(key))\" refers to \(reference), which no file of the run's res folders defines: measured as written "
                        + "(unless a library module or Gradle's resValue defines it, aapt2 stops the build at such a "
                        + "reference)"))
        case .moreReferencesUnresolved(let count):
            return Wording(
                .referenceUnresolved,
                Message(
                    "\(count) more string\(count == 1 ? "" : "s") whose references lead to no text, measured as written "
                        + "(the first 20 are named)"))
        case .referenceCycle(let key, let chain, let isCycle):
            // The chain as names: a → b → c → a (at most a dozen shown).
            let shown =
                chain.count <= 12
                ? chain.joined(separator: " → ")
                : chain.prefix(6).joined(separator: " → ") + " → … → " + chain.suffix(3).joined(separator: " → ")
            return Wording(
                isCycle ? .referenceCycle : .referenceTooDeep,
                Message(
                    "\"\(Message.quoted(key))\" "
                        + (isCycle
                            ? "refers to itself through a cycle of references (\(shown))"
                            : "goes through more than 21 references in a row (\(shown))")
                        + ": aapt2 builds it, and a device looks up at most 21 names in a row "
                        + "(AssetManager2::ResolveReference, kMaxIterations = 20) and finds no text; measured as written"
                ))

        case .postscriptNameBreaksRules(let name, let fontconfigName):
            return Wording(
                .postscriptNameRules,
                Message(
                    "PostScript name '\(name)' breaks the PostScript rules (printable ASCII without spaces or "
                        + "[]{}()<>/%, at most 63 characters); UIFont(name:) takes it as stored, fontconfig knows the "
                        + "face as '\(fontconfigName ?? "-")'"))
        case .duplicatePostScriptName(let name, let files):
            return Wording(
                .duplicatePostscriptName,
                Message(
                    "PostScript name '\(name)' is in \(files.count) files (\(files.joined(separator: ", "))): iOS "
                        + "registers one of them, which one is not defined, and UIFont(name:) gives that one"))
        case .familyIsFullName(let family, let postscriptName, let faceFamily):
            return Wording(
                .familyIsFullName,
                Message("'\(family)' is the full name of \(postscriptName ?? "a face") in family '\(faceFamily)'"))
        case .familyNotFound(let family, let scope, let suggestions):
            return Wording(
                .familyNotFound, "no family named '\(family)' \(scope.words)" + Message(Self.didYouMean(suggestions)))
        case .faceNotFound(let name, let scope, let family, let suggestions):
            return Wording(
                .faceNotFound,
                "no face with PostScript, family or full name '\(name)' \(scope.words)"
                    + Message((family.map { " in family '\($0)'" } ?? "") + Self.didYouMean(suggestions)))
        case .uifontLookup(let name, let rule, let fontName):
            let shown = fontName.map { "'\($0)'" } ?? "(no PostScript name)"
            switch rule {
            case .postScriptName:
                return Wording(
                    .uifontLookup,
                    Message("UIFont(name: \"\(name)\") finds the face with that PostScript name: fontName \(shown)"))
            case .familyName:
                return Wording(
                    .uifontLookup,
                    Message(
                        "UIFont(name: \"\(name)\") finds the family '\(name)' (no face has that PostScript name): its "
                            + "regular face, fontName \(shown)"))
            case .fullName:
                return Wording(
                    .uifontLookup,
                    Message(
                        "UIFont(name: \"\(name)\") finds the face whose full name is '\(name)' (no PostScript or "
                            + "family name matches): fontName \(shown)"))
            }
        case .faceBuiltIntoIOS(let name, let family, let file):
            return Wording(
                .faceProvenance,
                "\(name) is built into iOS (family \(family), \(IOSBuiltInFonts.version) list); not in \(CommandInput.fontsDirectory), measured with this machine's copy (\(file))"
            )
        case .faceNotShipped(let name, let file):
            return Wording(
                .faceNotShipped,
                "\(name) is installed on this machine (\(file)) but not in \(CommandInput.fontsDirectory): the app does not ship it (\(CommandInput.noInstalledFonts) uses the folder alone)"
            )
        case .builtInFace(let font):
            return Wording(.builtInFace, Message(font.words))
        case .builtInFaceSized(let font, let face):
            return Wording(.builtInFace, Message("face '\(face)': \(font.words); its sizes are computed all the same"))
        case .builtInFaceNotMeasurable(let font):
            return Wording(
                .builtInFace,
                "\(font.words): its widths cannot be measured (give its file with \(CommandInput.fontsDirectory))")
        case .pathNotName(let name):
            return Wording(
                .pathNotName,
                "'\(name)' is a file's path, not a face's PostScript name (UIFont(name:) takes names): give its folder with \(CommandInput.fontsDirectory) and name one of its faces (list-fonts lists them)"
            )
        case .specFaceMissing(let face, let postscriptName, let searchedFolders, let nearest, let fallback):
            let folders: Message = searchedFolders ? " nor in \(CommandInput.fontsDirectory)" : ""
            let near = nearest.isEmpty ? "" : "; nearest: " + nearest.map { "'\($0)'" }.joined(separator: ", ")
            return Wording(
                .faceMissing,
                "face '\(face)' (\(postscriptName)) is not installed\(folders)"
                    + Message(near + (fallback?.words ?? "")))
        case .weightStandIn(let weight, let fallback):
            return Wording(.weightStandIn, Message("weight \(weight)\(fallback.words)"))
        case .cannotMeasure(let face, let builtIn):
            let why: Message =
                if let builtIn {
                    "\(builtIn.words) (give its file with \(CommandInput.fontsDirectory))"
                } else {
                    "it is not installed nor in \(CommandInput.fontsDirectory)"
                }
            return Wording(.faceMissing, "cannot measure with \(face): \(why)")
        case .systemFontFaceMissing(let missing, let used, let file, let cells):
            let shown = cells.prefix(4).map { "\($0.style) at \($0.category) (\(humanNumber($0.pointSize)) pt)" }
            return Wording(
                .systemFontIncomplete,
                Message(
                    "the system font's files have no \(missing): " + shown.joined(separator: ", ")
                        + (cells.count > 4 ? " and \(cells.count - 4) more" : "")
                        + " measured in \(used) instead (\(file)); add its file for iOS's widths"))
        case .environmentFolderUnusable(let variable, let reason):
            return Wording(.fontFolderUnusable, Message("\(variable) names a folder that cannot be used: \(reason)"))
        case .systemFontUnavailable(let design, let searched, let found, let prefixes):
            // What the folder holds and what typefit looks for: a folder
            // of other fonts is refused with what it lacks.
            let shown =
                found.prefix(3).joined(separator: ", ") + (found.count > 3 ? " and \(found.count - 3) more" : "")
            let holds = found.isEmpty ? "no font" : shown + (found.count == 1 ? ", not " : ", none of them ") + design
            let looked =
                searched.isEmpty
                ? ""
                : " (\(searched.joined(separator: ", ")) \(searched.count == 1 ? "holds" : "hold") \(holds); typefit "
                    + "takes the faces whose PostScript names start with "
                    + prefixes.joined(separator: ", ") + ")"
            return Wording(
                .systemFontUnavailable,
                "the system font (\(design)) is not available\(looked): Apple's fonts are not installed on Linux and typefit does not ship them; give their files with \(CommandInput.systemFonts) (\(design) from https://developer.apple.com/fonts/), or measure in a stand-in you name: \(CommandInput.standIn)"
            )

        case .androidSystemFontUnavailable(let directory):
            if let directory {
                return Wording(
                    .systemFontUnavailable,
                    "Android's system font, Roboto (\(AndroidFontFallback.defaultFile)), is not in \(directory): give the folder of a device's or emulator image's /system/fonts with --android-fonts, or name a face with --family or --font"
                )
            }
            return Wording(
                .systemFontUnavailable,
                "Android's system font, Roboto, is not among the fonts searched: install it (Debian, Ubuntu: apt-get install fonts-roboto-unhinted), give a device's /system/fonts with --android-fonts, or name a face with --family or --font"
            )

        case .desktopScaleUnavailable:
            return Wording(
                .desktopScaleUnavailable,
                "no desktop text size found: GNOME's org.gnome.desktop.interface text-scaling-factor (gsettings) is not available and GDK_DPI_SCALE is not set"
            )
        case .desktopScale(let factor, let source, let body, let nearest):
            return Wording(
                .desktopScale,
                Message(
                    "desktop text scale \(humanNumber(factor)) (from \(source)): Body \(humanNumber(body)) pt, "
                        + "nearest category \(nearest.rawValue)"))
        case .styleNotInSpec(let style, let defined):
            return Wording(
                .styleNotInSpec, Message("defines no style '\(style)' (it has \(defined.joined(separator: ", ")))"))
        case .styleWithoutCounterpart(let platform, let styles):
            return Wording(
                .styleWithoutCounterpart,
                Message(
                    "\(platform.displayName) has no text style for the spec's " + styles.joined(separator: ", ")
                        + "; left out"))
        case .watchSizeUndocumented(let millimetres, let models, let category):
            return Wording(
                .watchSize,
                Message(
                    "\(millimetres) mm (\(models)) is not in Apple's HIG table of default text sizes; typefit uses "
                        + "\(category.higLabel), as for the larger case of every other generation"))
        case .fixedSizes:
            return Wording(.fixedSizes, "macOS has no Dynamic Type: its text styles have fixed sizes")

        case .pluralRulesUnavailable:
            return Wording(
                .pluralRulesUnavailable,
                "ICU's plural rules (libicui18n) could not be loaded: plural forms measured with the default samples")
        case .machineFallback(let faces):
            var strings = 0
            var languages: [String] = []
            for face in faces {
                strings += face.strings
                for language in face.languages where !languages.contains(language) { languages.append(language) }
            }
            var line = "characters of \(strings) string" + (strings == 1 ? "" : "s")
            if !languages.isEmpty {
                line += " (" + languages.prefix(8).joined(separator: ", ") + (languages.count > 8 ? " …)" : ")")
            }
            let named: [String] = faces.prefix(5).map { face in
                let file = face.file.split(separator: "/").last.map(String.init) ?? face.file
                return "\(face.face) (\(file)) for \(face.strings)"
            }
            line += " were measured in faces this machine's fontconfig chose, not the device's: "
            line += named.joined(separator: ", ") + (faces.count > 5 ? " …" : "")
            line += "; their widths are those faces' (fit's JSON names them per string under 'fallbacks')"
            return Wording(.machineFallback, Message(line))
        case .pluralSamples(let samples, let more):
            return Wording(
                .pluralSamples,
                Message(
                    "plural forms measured with a number of their own category, by ICU's plural rules: "
                        + samples.map { "\($0.language) \($0.category) \(PluralSamples.formatted($0.number))" }
                        .joined(separator: ", ") + (more ? " …" : "")))
        case .untranslatedMeasured(let counts, let sourceLanguage):
            let total = counts.reduce(0) { $0 + $1.count }
            // The first languages by count: a catalog may name thousands.
            let shown = 12
            let parts = counts.prefix(shown).map { "\($0.language) \($0.count)" }
            return Wording(
                .untranslatedMeasured,
                Message(
                    "\(total) \(total == 1 ? "entry has" : "entries have") no translation and \(total == 1 ? "is" : "are") "
                        + "measured as the app shows \(total == 1 ? "it" : "them"), in "
                        + "\(sourceLanguage ?? "the development language"): " + parts.joined(separator: ", ")
                        + (counts.count > shown ? ", and \(counts.count - shown) more languages" : "")))
        case .capApplied(let first, let note, let strings):
            return Wording(
                .cap, Message("\(Message.quoted(first)) \(note)" + (strings > 1 ? " (\(strings) strings in all)" : "")))
        case .placeholderSamples(let samples):
            let list = samples.map { "\($0.placeholder) as '\($0.value)'" }.joined(separator: ", ")
            return Wording(
                .placeholderSamples,
                "format placeholders measured with sample values: \(list) (choose others with \(CommandInput.sample) SPEC=VALUE)"
            )
        case .measuredSetting(let style, let category, let pointSize, let face, let file, let setting):
            let variations = setting.variations.map { "\($0.tag) \(humanNumber($0.value))" }
            var applied = variations.isEmpty ? [] : [variations.joined(separator: ", ")]
            if setting.opticalSizeFromPointSize { applied.append("opsz from the point size") }
            if setting.trackingEms != 0 {
                let points = (setting.trackingEms * pointSize * 1000).rounded() / 1000
                applied.append("tracking \(points > 0 ? "+" : "")\(humanNumber(points)) pt per character")
            }
            return Wording(
                .measuredSetting,
                Message(
                    "\(style) at \(category) (\(humanNumber(pointSize)) pt): \(face) measured at "
                        + applied.joined(separator: "; ") + " (\(file))"))
        case .trackingExtrapolated(let face, let file, let sizes, let table):
            let shown = sizes.map { humanNumber($0) + " pt" }.joined(separator: ", ")
            return Wording(
                .trackingExtrapolated,
                Message(
                    "\(face)'s trak table gives tracking from \(humanNumber(table.lowerBound)) to "
                        + "\(humanNumber(table.upperBound)) pt: at \(shown) it is extrapolated along the table's nearest "
                        + "two sizes, as Apple's trak description says (recent HarfBuzz holds the end value instead; what Core Text "
                        + "does is not published) (\(file))"))
        case .shapings(let perString, let cells):
            return Wording(
                .shapings,
                Message(
                    "each string shaped \(perString) time\(perString == 1 ? "" : "s") for \(cells) "
                        + "cell\(cells == 1 ? "" : "s") (once per face and variation coordinates; each size's tracking "
                        + "added to one shaping)"))
        case .markdownRendered(let count):
            let strings = "\(count) string\(count == 1 ? "" : "s")"
            return Wording(
                .markdownRendered,
                "\(strings) measured as SwiftUI's Text draws Markdown (markup removed; bold, italic and code in their faces; \(CommandInput.noMarkdown) measures them as written)"
            )
        case .htmlRendered(let count):
            return Wording(
                .htmlRendered,
                Message(
                    "\(count) Android string\(count == 1 ? "" : "s") measured as Html.fromHtml renders "
                        + "\(count == 1 ? "it" : "them") (tags removed, <br> and blocks as line feeds, white space "
                        + "collapsed, entities decoded; <b>, <i> and <tt> in their faces)"))
        case .htmlApproximate(let count, let firstKey, let what):
            return Wording(
                .htmlApproximate,
                Message(
                    "\(count) Android string\(count == 1 ? " holds" : "s hold") HTML typefit does not draw as a "
                        + "device does (first: '\(Message.quoted(TerminalText.escapingControls(firstKey)))'): "
                        + what.joined(separator: ", ") + " are measured at the style's size, as U+FFFC, or "
                        + "without the margin"))
        case .markdownLiteral(let count, let firstKey):
            let strings = "\(count) string\(count == 1 ? " contains" : "s contain")"
            let first = TerminalText.escapingControls(firstKey)
            return Wording(
                .markdownLiteral,
                "\(strings) Markdown markup, measured as written (first: '\(Message.quoted(first))'); SwiftUI's Text(LocalizedStringKey) renders it: give \(CommandInput.markdown) (or \"markdown\": true in a rule) to measure it so"
            )
        case .markdownFaces(let faces, let markup):
            let runs = faces.map { face in
                [face.bold ? "bold" : nil, face.italic ? "italic" : nil, face.code ? "code" : nil]
                    .compactMap { $0 }.joined(separator: " ") + " in \(face.face)"
                    + (face.code
                        ? markup == .androidSpans
                            ? " (fontconfig's monospace; Android draws its own monospace family)"
                            : " (fontconfig's monospace; iOS draws SF Mono)" : "")
            }
            let what: String
            switch markup {
            case .markdown: what = "Markdown runs"
            case .androidSpans: what = "<b>, <i> and <tt> spans"
            case .both: what = "Markdown runs and Android's <b>, <i> and <tt> spans"
            }
            return Wording(.markdownFaces, Message(what + " measured with " + runs.joined(separator: ", ")))
        case .markdownSynthetic(let styles):
            let lines = styles.map { style in
                let what = [style.bold ? "bold" : nil, style.italic ? "italic" : nil].compactMap { $0 }
                    .joined(separator: " or ")
                return "\(style.family ?? "the family") has no \(what) face"
            }
            return Wording(
                .markdownSynthetic,
                Message(lines.joined(separator: "; ") + ": those runs are measured at the regular face's widths"))

        case .noKeyMatches(let patterns, let examples):
            let quoted = patterns.map { "'\($0)'" }.joined(separator: ", ")
            let such =
                examples.isEmpty ? "" : " (keys such as " + examples.map { "'\($0)'" }.joined(separator: ", ") + ")"
            return Wording(.noKeyMatches, "no key matches \(CommandInput.keyPatterns) \(quoted)" + Message(such))
        case .noRuleMatches(let rulesFile):
            return Wording(.noRuleMatches, Message("no string's key matches a rule of \(rulesFile)"))
        case .keysWithoutRule(let first, let count):
            let shown = first.map { "'\($0)'" }.joined(separator: ", ")
            return Wording(
                .keysWithoutRule,
                Message(
                    "\(count) key\(count == 1 ? "" : "s") match no rule, not checked: \(shown)"
                        + (count > first.count ? ", and \(count - first.count) more" : "")))
        case .ruleClampInverted(let rule, let minimum, let maximum):
            return Wording(
                .ruleClampInverted,
                Message("rule \(rule): its minimum category is above the maximum (\(minimum) > \(maximum))"))
        case .baseChanged(let changed, let total, let baseFiles):
            return Wording(
                .baseChanged,
                Message(
                    "\(changed) of \(total) string\(total == 1 ? "" : "s") added or changed since "
                        + baseFiles.joined(separator: ", ")))
        case .pageCapped(let megabytes, let omitted):
            let more = "\(omitted) more failing string\(omitted == 1 ? " is" : "s are")"
            return Wording(
                .pageCap,
                "the page reached typefit's cap of \(megabytes) MB: \(more) counted but not drawn (\(CommandInput.fitDocument) lists all)"
            )
        case .faceKeyCollision(let file, let index, let otherFile, let otherIndex, let key):
            return Wording(
                .faceNotOpened,
                Message(
                    "\(file) (face \(index)) and \(otherFile) (face \(otherIndex)) have the same key on the review page "
                        + "(\(Message.quoted(key))): the page cannot tell their glyphs apart"))

        case .outlinesUnreadable(let file, let index, let reason):
            return Wording(
                .faceNotOpened,
                Message(
                    "\(file) (face \(index)): FreeType cannot read its glyph outlines (\(reason)): nothing of it is drawn"
                ))
        case .glyphsOverPointCap(let file, let count, let maximumPoints):
            return Wording(
                .outlineCap,
                Message(
                    "\(file): \(count) glyph\(count == 1 ? " has" : "s have") more than \(maximumPoints) outline "
                        + "points: drawn as crossed boxes (typefit's cap)"))
        case .outlineCapReached(let megabytes, let boxed):
            return Wording(
                .outlineCap,
                Message(
                    "the glyph outlines reached typefit's cap of \(megabytes) MB: \(boxed) more glyph"
                        + (boxed == 1 ? " is" : "s are") + " drawn as crossed boxes"))
        case .specimenFallback(let style, let characters, let fallback, let fallbackFamily, let face):
            return Wording(
                .specimenFallback,
                Message(
                    "\(style): \(characters) character\(characters == 1 ? "" : "s") of the sample drawn with fallback "
                        + "\(fallback) (\(fallbackFamily)), the face measure uses: \(face ?? "the face") lacks them"))
        case .sampleMissingGlyphs(let style, let characters):
            return Wording(
                .missingGlyphs,
                Message(
                    "\(style): \(characters) character\(characters == 1 ? "" : "s") of the sample in no installed face: "
                        + "drawn as marked boxes"))
        case .specimenFaceMissing(let name):
            return Wording(.faceMissing, Message("\(name) is missing: its samples are drawn as marked boxes"))

        case .specProblem(let problem):
            return Wording(problem.code, Message(problem.message))
        case .doesNotFit(let failure):
            return Wording(.doesNotFit, Message(failure.sentence))
        case .missingGlyphs(let language, let strings, let characters, let first):
            return Wording(
                .missingGlyphs,
                Message(
                    "\(strings) string\(strings == 1 ? "" : "s")" + (language.map { " in \($0)" } ?? "")
                        + " \(strings == 1 ? "has" : "have") \(characters) character\(characters == 1 ? "" : "s") with no "
                        + "glyph in any face (first: \"\(first)\"), measured as blank: "
                        + Self.fontHint(language) + (strings > 1 ? " (--verbose lists each string)" : "")))
        case .missingGlyphsInString(let text, let characters):
            return Wording(
                .missingGlyphs, Message("\(characters) character(s) of \"\(text)\" have no glyph in any face"))
        case .placeholdersNotCompared(let table, let files):
            return Wording(
                .placeholdersNotCompared,
                Message(
                    "placeholders of '\(table)' not compared: no strings in its development language among "
                        + files.joined(separator: ", ") + " (give its .lproj file too, or --source-language)"))
        case .placeholderProblem(let problem):
            let differences = problem.differences.map(\.sentence).joined(separator: "; ")
            return Wording(
                problem.differences.first.map(Self.code(of:)) ?? .placeholderMissing,
                Message(
                    problem.isSource
                        ? "\"\(problem.key)\" (\(problem.language), the source): " + differences
                            + " (\"\(problem.source)\"; its translations are compared once it is fixed)"
                        : "\"\(problem.key)\" (\(problem.language)): " + differences
                            + " (source \"\(problem.source)\", translation \"\(problem.translation)\")"))
        case .morePlaceholderProblems(let count, let total):
            return Wording(
                nil,
                Message(
                    "\(count) more strings with placeholders that are wrong or differ from their source (the JSON "
                        + "document lists all \(total))"))
        case .pluralCoverage(let item):
            return Wording(
                .pluralCoverage,
                Message(
                    "\"\(item.key)\" (\(item.language)): "
                        + (item.variable.map { "the plural variable '\($0)'" } ?? "the plural variation")
                        + " has no " + item.missing.joined(separator: ", ") + " form"
                        + (item.missing.count == 1 ? "" : "s") + ": ICU's plural rules for \(item.language) put "
                        + zip(item.missing, item.numbers).map {
                            $1 < 0
                                ? "numbers without a form of their own in other"
                                : "\(PluralSamples.formatted($1)) in \($0)"
                        }
                        .joined(separator: ", ")
                        + ", and the device shows the 'other' form for such numbers"))
        case .morePluralCoverage(let count, let total):
            return Wording(
                nil,
                Message(
                    "\(count) more plurals missing categories (the JSON document lists all \(total))"))
        case .untranslated(let item):
            let why =
                switch item.state {
                case "missing": "has no translation"
                case "empty": "has an empty translation"
                case "new": "is not translated (state 'new')"
                case "needs_review": "needs review (state 'needs_review')"
                case "stale": "is stale (state 'stale': Xcode no longer finds the key in the code)"
                default: "is not translated (state '\(item.state)')"
                }
            return Wording(
                .untranslated,
                Message(
                    "\"\(item.key)\" (\(item.language)) \(why)" + (item.isError ? " (--require-translated)" : "")))
        case .untranslatedRest(let language, let rest, let listed, let count, let required):
            return Wording(
                .untranslated,
                Message(
                    "\(rest) more entries (\(language)) are not translated: the first \(listed) of its \(count) are "
                        + "listed" + (required ? " (--require-translated)" : "")))
        case .moreUntranslated(let count, let total, let listed):
            return Wording(
                nil,
                Message(
                    "\(count) more entries not translated "
                        + (listed.map { "(the JSON document lists \($0) of the \(total) and counts each language's)" }
                            ?? "(the JSON document lists all \(total))")))

        case .worded(let message, let code):
            return Wording(code, message)
        }
    }

    /// "; did you mean 'a' or 'b'?", or nothing.
    static func didYouMean(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}

extension Finding.SearchScope {
    /// Where a face was not found: "installed", "installed nor in
    /// --fonts-dir" …
    var words: Message {
        switch self {
        case .installed: "installed"
        case .installedAndFolders: "installed nor in \(CommandInput.fontsDirectory)"
        case .foldersOnly: "in \(CommandInput.fontsDirectory) (installed fonts not used)"
        case .givenFiles: "in the given files"
        }
    }
}

extension Finding.Fallback {
    /// The words after a missing face's: what fontconfig offers.
    var words: String {
        switch self {
        case .face(let postscriptName, let family, let asked, let weight):
            "; fallback: fontconfig would use \(postscriptName ?? "(no PostScript name)") (\(family)) for "
                + "'\(asked)' at weight \(weight)"
        case .nothing(let asked): "; fontconfig matches nothing for '\(asked)'"
        case .failed(let reason): "; no fallback: \(reason)"
        }
    }
}

extension Finding.BuiltInFont {
    /// "X is built into iOS (family F, iOS 14 list) but not on this machine".
    var words: String {
        "\(name) is built into iOS (family \(family), \(IOSBuiltInFonts.version) list) but not on this machine"
    }
}

extension Diagnostic {
    /// What kind of finding it is, a stable name for scripts and CI
    /// reports (`does-not-fit`, `placeholder-missing`); `nil` for a
    /// front end's own without one (reports name it by severity and
    /// status: `input-error`, `warning`, `note`).
    var code: Finding.Code? { finding.code }

    /// `code`, else a name from the severity and status.
    var reportCode: Finding.Code {
        if let code { return code }
        switch (severity, status) {
        case (.error, .usage): return .usageError
        case (.error, .problemFound): return .problem
        case (.error, _): return .inputError
        case (.warning, _): return .warning
        case (.note, _): return .note
        }
    }

    /// A diagnostic the front end words itself.
    init(
        severity: Severity, message: Message, file: String? = nil, position: SourcePosition? = nil,
        status: ExitStatus = .success, code: Finding.Code? = nil
    ) {
        self.init(
            severity: severity, finding: .worded(message, code: code), file: file, position: position, status: status)
    }

    /// What is wrong, in one line, the inputs it names still to be spelled.
    var message: Message { finding.message }

    /// The line printed on stderr: `FILE:LINE:COLUMN: error: …` for a
    /// position in a file (the compiler's format, which editors and CI
    /// annotations read), else `typefit: error: [FILE: ]…`.
    /// Keys and texts inside a message (a catalog key with a line break)
    /// are shown with their control characters escaped: one diagnostic is
    /// one line, for people and for tools that read stderr by line.
    func rendered(spell: (CommandInput) -> String) -> String {
        let message = Message.bounded(TerminalText.escapingControls(message.worded(spell)))
        let file = file.map(TerminalText.escapingControls)
        if let file, let position {
            // The line starts with a path from the input; `Outcome.stderr`
            // makes what a CI runner would run inert.
            return "\(file):\(position.line):\(position.column): \(severity.rawValue): \(message)"
        }
        return "typefit: \(severity.rawValue): " + (file.map { "\($0): " } ?? "") + message
    }
}

/// The diagnostics engine's printing half: grouping, wording, stderr and
/// the errors document.
extension Diagnostics {
    /// An error the front end words itself.
    mutating func error(
        _ message: Message, status: ExitStatus, file: String? = nil, at position: SourcePosition? = nil,
        code: Finding.Code? = nil
    ) {
        error(.worded(message, code: code), status: status, file: file, at: position)
    }

    /// A warning the front end words itself.
    mutating func warning(
        _ message: Message, file: String? = nil, at position: SourcePosition? = nil, code: Finding.Code? = nil
    ) {
        warning(.worded(message, code: code), file: file, at: position)
    }

    /// A note the front end words itself.
    mutating func note(_ message: Message, file: String? = nil, code: Finding.Code? = nil) {
        note(.worded(message, code: code), file: file)
    }

    /// A `--verbose` note the front end words itself.
    mutating func verboseNote(_ message: Message, file: String? = nil, code: Finding.Code? = nil) {
        verboseNote(.worded(message, code: code), file: file)
    }

    /// A command line that cannot be run (exit 64) as it concerns the
    /// subcommand `subcommand` (`""`: typefit itself); its usage line
    /// follows it on stderr.
    mutating func commandLineError(_ message: String, subcommand: String) {
        var item = Diagnostic(severity: .error, message: Message(message), status: .usage)
        item.usageOf = subcommand
        add(item)
    }

    /// The diagnostics as printed on stderr: file warnings grouped
    /// (unless `listsEachFile`), warnings promoted under `--strict`.
    var effective: [Diagnostic] {
        promoted(grouped.filter { $0.shown != .reportsOnly })
    }

    /// The errors, as printed.
    var errors: [Diagnostic] { effective.filter { $0.severity == .error } }

    private var grouped: [Diagnostic] {
        if listsEachFile { return items }
        let items = self.items.filter { !$0.verboseOnly }
        // A file warning's words, the key it is grouped by.
        func reason(_ item: Diagnostic) -> String? {
            item.isFileWarning ? item.message.worded(CommandInput.spelling) : nil
        }
        // One line per file first: a variable font with twenty over-long
        // instance names is one warning, with the count and the first.
        var perFile: [String: Int] = [:]
        for item in items where item.isFileWarning {
            if let file = item.file { perFile[file, default: 0] += 1 }
        }
        var collapsedItems: [(item: Diagnostic, reason: String?)] = []
        var collapsed = Set<String>()
        for item in items {
            guard item.isFileWarning, let file = item.file, let count = perFile[file], count > 1 else {
                collapsedItems.append((item, reason(item)))
                continue
            }
            guard collapsed.insert(file).inserted else { continue }
            var line = item
            line.finding = .worded(
                "\(count) problems, the first: \(item.message) (\(CommandInput.verbose) lists each)", code: item.code)
            line.isFileWarning = false
            collapsedItems.append((line, nil))
        }
        var byReason: [String: [String]] = [:]
        for (item, reason) in collapsedItems {
            if let reason, let file = item.file { byReason[reason, default: []].append(file) }
        }
        var grouped: [Diagnostic] = []
        var printed = Set<String>()
        for (item, reason) in collapsedItems {
            guard let reason, let paths = byReason[reason], paths.count > Self.groupAbove else {
                grouped.append(item)
                continue
            }
            guard printed.insert(reason).inserted else { continue }
            let shown = paths.prefix(Self.groupAbove).joined(separator: ", ")
            grouped.append(
                Diagnostic(
                    severity: .warning,
                    message:
                        "\(paths.count) files: \(reason) (\(shown), and \(paths.count - Self.groupAbove) more; \(CommandInput.verbose) lists each)",
                    code: item.code))
        }
        return grouped
    }

    /// Everything for stderr, one line each; a command-line error is
    /// followed by `afterCommandLineError` of the subcommand it concerns
    /// (the front end's usage line and where to read more).
    func rendered(afterCommandLineError: (String) -> String, spell: (CommandInput) -> String) -> String {
        var out = ""
        // With a summary (a CI report on stdout), only what stopped the
        // run, then the summary.
        let stops = summary != nil
        for item in effective
        where !stops || (item.severity == .error && (item.status == .cannotRun || item.status == .usage)) {
            out += item.rendered(spell: spell) + "\n"
            if let topic = item.usageOf { out += afterCommandLineError(topic) }
        }
        if let summary { out += "typefit: " + summary + "\n" }
        return out
    }

    /// The JSON document a run in JSON mode prints when an error ends it:
    /// `{"errors": [{"code", "column", "file", "line", "message"}], "schemaVersion": 1}`.
    func errorDocument(spell: (CommandInput) -> String) -> JSONValue {
        .object(["schemaVersion": .int(jsonSchemaVersion), "errors": errorsJSON(spell: spell)])
    }

    /// The errors as a JSON array, for a command's own document.
    func errorsJSON(spell: (CommandInput) -> String) -> JSONValue {
        .array(
            errors.map { item in
                .object([
                    "code": .string(item.reportCode.rawValue),
                    "file": .string(item.file), "line": item.position.map { .int($0.line) } ?? .null,
                    "column": item.position.map { .int($0.column) } ?? .null,
                    "message": .string(item.message.worded(spell)),
                ])
            })
    }
}

extension FitJob.Failure {
    /// The error line, worded so that it never reads like a pass: `key
    /// (language): does not fit at AX3 (accessibilityExtraLarge): needs 3 lines,
    /// 2 allowed (rule 1)`, or for a word wider than the line `…: 'Einstellungsübersicht'
    /// is wider than the 358 pt line` (and when the word is a
    /// placeholder's sample value, which one: the translation is not to
    /// blame).
    var sentence: String {
        var reasons: [String] = []
        if overflows {
            if !softWrap {
                reasons.append(
                    "a line is wider than the \(humanNumber(width)) \(widthUnit) width, and softWrap is off")
            } else if let word {
                var reason = "'\(word)' is wider than the \(humanNumber(width)) \(widthUnit) line"
                if let sampleOf {
                    reason += " ('\(word)' is the sample for \(sampleOf); choose another with --sample)"
                }
                reasons.append(reason)
            } else {
                reasons.append("a word is wider than the \(humanNumber(width)) \(widthUnit) line")
            }
        }
        if lines > allowed { reasons.append("needs \(lines) lines, \(allowed) allowed") }
        return key + (language.map { " (\($0))" } ?? "") + ": does not fit at \(size.spelled)"
            + (clampedTo.map { " (set at \($0.label)'s size: the clamp)" } ?? "") + ": "
            + reasons.joined(separator: "; ") + (rule.map { " (rule \($0 + 1))" } ?? "")
    }
}

extension Finding {
    /// What to install for a language's characters.
    static func fontHint(_ language: String?) -> String {
        let lower = (language ?? "").lowercased()
        let cjk = ["ja", "zh", "ko"].contains { lower == $0 || lower.hasPrefix($0 + "-") || lower.hasPrefix($0 + "_") }
        return "install a font that covers them (Debian, Ubuntu: "
            + (cjk ? "fonts-noto-cjk" : "fonts-noto-core, or fonts-noto for every script")
            + ") or give one with --fonts-dir"
    }
}

extension SpecProblem {
    /// What is wrong, in one line.
    var message: String {
        let name = style?.rawValue ?? ""
        let face = "face '\(self.face ?? "")'"
        let minimum = humanNumber(SpecCheck.minimumReadableSize)
        let at = category?.rawValue ?? ""
        switch kind {
        case .notShipped(let postscriptName, let file):
            return "\(face) (\(postscriptName)) is installed on this machine (\(file)) but not in --fonts-dir: the "
                + "app does not ship it"
        case .missingFace(let postscriptName, let nearest):
            return "\(face) (\(postscriptName)) is not installed" + Finding.didYouMean(nearest)
        case .instanceName(let postscriptName):
            return "\(face) (\(postscriptName)) is a variable font's named instance: UIFont(name:) is not known to "
                + "take it; use the default face's name with a 'wght' variation"
        case .designSizeBelowMinimum(let size):
            return "\(name)'s design size \(humanNumber(size)) pt is below Apple's \(minimum) pt minimum"
        case .maximumBelowDesign(let maximum, let design):
            return "\(name)'s maxPointSize \(humanNumber(maximum)) pt is below its design size "
                + "\(humanNumber(design)) pt"
        case .tableSizeBelowMinimum(let size):
            return "\(name)'s size at \(at), \(humanNumber(size)) pt, is below Apple's \(minimum) pt minimum"
        case .tableShrinks(let previous, let size, let to):
            return "\(name)'s table shrinks from \(humanNumber(size)) pt at \(previous.rawValue) to "
                + "\(humanNumber(to)) pt at \(at)"
        case .sizeShrinks(let previous, let size, let to):
            return "\(name) shrinks from \(humanNumber(size)) pt at \(previous.rawValue) to \(humanNumber(to)) pt at "
                + "\(at) (after its table and limits)"
        case .scaledBelowMinimum(let size):
            return "\(name) scales to \(humanNumber(size)) pt at \(at), below Apple's \(minimum) pt minimum"
        case .wcagResize(let largest, let large):
            return "\(name) reaches \(humanNumber(largest)) pt at AX5, less than 200% of its \(humanNumber(large)) "
                + "pt at Large (WCAG 1.4.4)"
        }
    }
}

import TypefitCore

/// What a diagnostic is about, as values: one case per kind, with the
/// values it concerns. The library says what it found; the front end names
/// and words it (`typefit`'s CLI gives each case its stable code, a
/// `Finding.Code`, and its sentence in one arm), so a second front end (an
/// IDE, a report) reads values, never English.
///
/// A `reason` is the words of the layer that met the problem and has no
/// finer structure: the system's (`strerror`), a parser's diagnosis of a
/// file (`SourceError`), FreeType's or fontconfig's (through
/// `FontRegistry`). The library adds none of its own.
public enum Finding: Sendable, Equatable {
    // MARK: Files

    /// A file cannot be opened or read.
    case fileUnreadable(reason: String)
    /// A file already read through another path (a link, a second name):
    /// read once.
    case fileReadOnce(firstPath: String)
    /// `.strings` entries a `.stringsdict` of the same bundle table gives
    /// too (CFBundle shows the `.stringsdict`'s): neither measured nor
    /// compared. `first`: one of them, key and language.
    case shadowedByStringsdict(count: Int, key: String, language: String)
    /// Android values no device of the run's configurations reads: a
    /// folder of another configuration (`values-night`), or a value a
    /// better folder of the same name overrides (`values/` under
    /// `values-v29`). Not measured; per folder, how many.
    case configurationUnread(folders: [String], counts: [Int])
    /// The strings give more text to measure than one run measures.
    case textBudgetExceeded(limit: Int)
    /// A strings or rules file does not parse.
    case fileMalformed(reason: String)
    /// A spec does not parse or decode.
    case specMalformed(reason: String)
    /// A spec field typefit reads but does not use.
    case specFieldIgnored(reason: String)
    /// A strings file with no entry at all.
    case stringsEmpty
    /// A folder given to `--strings` that holds no strings: no Android
    /// resources, no `.lproj` table, no String Catalog.
    case folderHoldsNoStrings
    /// A module root's source sets besides `main` that hold resources,
    /// not read (`src/debug/res`).
    case otherSourceSets([String])
    /// Flutter ARB files measured under a platform whose own text system
    /// is not Flutter's (`--platform ios` lays them out as UIKit does).
    case flutterStringsOnNativePlatform(Platform)
    /// A `--source-set` that no module root given has resources in.
    case sourceSetNotFound(String, modules: [String], available: [String])
    /// An `.lproj` table file with no entry (`<dict/>`), beside files
    /// that give strings: an empty table, as iOS reads it.
    case tableEmpty
    /// A shell pattern that could not be searched.
    case patternFailed(reason: String)
    /// A shell pattern that matches no file.
    case patternMatchesNothing
    /// No strings in the language asked for; `files` the strings files
    /// given, `available` the languages they have, `suggestions` the
    /// nearest of them.
    case languageNotFound(language: String, files: [String], available: [String], suggestions: [String])
    /// A `.strings` key given a second value (Foundation keeps the last):
    /// the lines of the earlier ones.
    case duplicateKey(key: String, earlierLines: [Int])
    /// Duplicate keys beyond those listed one by one.
    case moreDuplicateKeys(count: Int)
    /// The source strings made again in pseudolocales (`--pseudolocale`):
    /// how many.
    case pseudolocalesMade(languages: [String], strings: Int)
    /// An Android string whose value refers to a string no file of its
    /// table defines (`@string/name`): measured as written.
    case referenceUnresolved(key: String, reference: String)
    /// An Android string whose references lead to no text: a cycle
    /// (`chain` from the string's own name back to a name in it), or more
    /// references in a row than a device follows (`AssetManager2`: 21).
    case referenceCycle(key: String, chain: [String], isCycle: Bool)
    /// Strings past the first 20 whose references lead to no text.
    case moreReferencesUnresolved(count: Int)

    // MARK: Fonts found and not found

    /// A `--fonts-dir`, `--system-fonts` or listed folder that cannot be
    /// used.
    case fontFolderUnusable(reason: String)
    /// A `--fontconfig-file` fontconfig cannot load.
    case fontconfigUnusable(reason: String)
    /// fontconfig failed to list the installed fonts.
    case fontconfigFailed(reason: String)
    /// Why the listing cache was rebuilt.
    case listingCacheRebuilt(reason: String)
    /// A font file that cannot be used.
    case fontUnusable(reason: String)
    /// A font file in a format iOS does not register, or a name
    /// `FontRegistry` found breaking the PostScript rules.
    case postscriptNameRules(reason: String)
    /// A face whose stored PostScript name breaks the PostScript rules:
    /// `UIFont(name:)` takes it as stored, fontconfig knows another.
    case postscriptNameBreaksRules(name: String, fontconfigName: String?)
    /// Files sharing one PostScript name: iOS registers one of them.
    case duplicatePostScriptName(name: String, files: [String])
    /// A family asked for is the full name of a face, which answers.
    case familyIsFullName(family: String, postscriptName: String?, faceFamily: String)
    /// No family of that name where faces were looked for.
    case familyNotFound(family: String, scope: SearchScope, suggestions: [String])
    /// No face with that PostScript, family or full name.
    case faceNotFound(name: String, scope: SearchScope, family: String?, suggestions: [String])
    /// A name given as `UIFont(name:)` takes it that matched a family or
    /// full name rather than a PostScript name.
    case uifontLookup(name: String, rule: UIFontLookup.Rule, fontName: String?)
    /// A face found only among the machine's fonts that iOS has built in.
    case faceBuiltIntoIOS(name: String, family: String, file: String)
    /// A face found only among the machine's fonts: the app does not ship
    /// it.
    case faceNotShipped(name: String, file: String)
    /// A spec's face not installed, but built into iOS (`check`).
    case builtInFace(BuiltInFont)
    /// A spec's face built into iOS and not installed: its sizes are the
    /// spec's all the same (`scale`).
    case builtInFaceSized(BuiltInFont, face: String)
    /// A face named on the command line that is built into iOS and not
    /// here: no widths.
    case builtInFaceNotMeasurable(BuiltInFont)
    /// A file's path given where a face's name goes.
    case pathNotName(String)
    /// A spec's face not installed, with the nearest names and, under
    /// `--fallback`, what stands in.
    case specFaceMissing(
        face: String, postscriptName: String, searchedFolders: Bool, nearest: [String], fallback: Fallback?)
    /// `scale --family --fallback`: the face standing in at a weight.
    case weightStandIn(weight: Int, fallback: Fallback)
    /// A face a text command needs that is not there.
    case cannotMeasure(face: String, builtIn: BuiltInFont?)
    /// Apple's system font not found (`searched`: the `--system-fonts`
    /// folders; `found`: the PostScript names of the faces they hold;
    /// `prefixes`: the names typefit takes as the design's).
    case systemFontUnavailable(design: String, searched: [String], found: [String], prefixes: [String])
    /// Android's system font, Roboto, not found: not installed, or not in
    /// the `--android-fonts` folder (`directory`).
    case androidSystemFontUnavailable(directory: String?)
    /// The system font's files lack the face iOS uses for some cells
    /// (`missing`: `SF Pro Display Semibold`); `used` measured them
    /// instead, in `cells`.
    case systemFontFaceMissing(missing: String, used: String, file: String, cells: [Cell])
    /// A folder an environment variable names that cannot be used.
    case environmentFolderUnusable(variable: String, reason: String)

    // MARK: Sizes

    /// `--category system` without a desktop text size to read.
    case desktopScaleUnavailable
    /// The desktop text size read and the category it maps to.
    case desktopScale(factor: Double, source: String, body: Double, nearest: ContentSizeCategory)
    /// A style asked for that the spec does not define.
    case styleNotInSpec(style: String, defined: [String])
    /// A spec's styles the platform has no style for (left out).
    case styleWithoutCounterpart(platform: Platform, styles: [String])
    /// A watch case size whose default category Apple's HIG does not
    /// list.
    case watchSizeUndocumented(millimetres: Int, models: String, category: ContentSizeCategory)
    /// macOS's text styles have fixed sizes.
    case fixedSizes

    // MARK: Strings measured

    /// ICU's plural rules could not be loaded.
    case pluralRulesUnavailable
    /// The numbers plural forms were measured with (the first few;
    /// `more`: there were others).
    case pluralSamples([PluralSample], more: Bool)
    /// Faces this machine's fontconfig chose for characters the measured
    /// face lacks, outside the device's own fallbacks: those strings'
    /// widths are that face's, not the device's.
    case machineFallback([MachineFallback])
    /// Entries measured in the development language (no translation),
    /// counted per language, most first.
    case untranslatedMeasured(counts: [LanguageCount], sourceLanguage: String?)
    /// A limit applied to a string (Core's words for it: `note`), the
    /// first string it touched and how many.
    case capApplied(first: String, note: String, strings: Int)
    /// The placeholders typefit's defaults stood in for.
    case placeholderSamples([PlaceholderSample])
    /// The coordinates and tracking a cell's face was measured at (a
    /// `--verbose` note, for a variable or tracked face).
    case measuredSetting(
        style: String, category: String, pointSize: Double, face: String, file: String, setting: FaceSetting)
    /// Sizes beyond a face's `trak` table's, where its tracking is
    /// extrapolated along the table's nearest two sizes (HarfBuzz holds
    /// the end value; Core Text's rule is not published).
    case trackingExtrapolated(face: String, file: String, pointSizes: [Double], tableSizes: ClosedRange<Double>)
    /// How many shapings a string takes for the cells (a `--verbose`
    /// note): one per face, and per size whose coordinates differ; sizes
    /// that differ only in tracking share one.
    case shapings(perString: Int, cells: Int)
    /// Strings whose Markdown was rendered.
    case markdownRendered(strings: Int)
    /// Android strings rendered as `Html.fromHtml` renders them (`--html`).
    case htmlRendered(strings: Int)
    /// Of those, strings holding what changes widths on a device and is
    /// not measured (`AndroidHtml.Approximation`'s words); the first key.
    case htmlApproximate(strings: Int, firstKey: String, what: [String])
    /// Strings with Markdown markup measured as written; the first key.
    case markdownLiteral(strings: Int, firstKey: String)
    /// The faces Markdown runs (or Android's `<b>`, `<i>`, `<tt>` spans:
    /// `markup` says whose) were measured in.
    case markdownFaces([MarkdownFace], markup: StyledMarkup = .markdown)
    /// Families lacking a bold or italic face: such runs measured at the
    /// regular face's widths.
    case markdownSynthetic([SyntheticStyle])

    // MARK: The gate's verdicts

    /// A spec's problem `check` found, for a CI report of it.
    case specProblem(SpecProblem)
    /// A string that does not fit where it is required to.
    case doesNotFit(FitJob.Failure)
    /// Strings of one language with characters no face has: how many,
    /// their characters in all, and the first string's text.
    case missingGlyphs(language: String?, strings: Int, characters: Int, first: String)
    /// One string's characters no face has (a `--verbose` note).
    case missingGlyphsInString(text: String, characters: Int)
    /// A table whose placeholders were not compared: no strings in its
    /// development language among `files`.
    case placeholdersNotCompared(table: String, files: [String])
    /// A string whose placeholders are wrong or differ from its source's.
    case placeholderProblem(PlaceholderCheck.Problem)
    /// Placeholder problems past those listed one by one (`total`: all).
    case morePlaceholderProblems(count: Int, total: Int)
    /// A plural that lacks a category its language uses.
    case pluralCoverage(PlaceholderCheck.Coverage)
    /// Plurals lacking categories past those listed (`total`: all).
    case morePluralCoverage(count: Int, total: Int)
    /// An entry a language does not translate (an error under
    /// `--require-translated` unless it is only stale).
    case untranslated(PlaceholderCheck.Untranslated)
    /// A language's untranslated entries past those listed: `rest` of its
    /// `count`, `listed` listed; `required`: some fail the gate.
    case untranslatedRest(language: String, rest: Int, listed: Int, count: Int, required: Bool)
    /// Untranslated entries past those printed, of `total`; `listed`: how
    /// many the JSON document lists (`nil`: all).
    case moreUntranslated(count: Int, total: Int, listed: Int?)

    // MARK: Fit and review

    /// `--key` matches no key (`examples`: a few keys there are).
    case noKeyMatches(patterns: [String], examples: [String])
    /// No string's key matches a rule of the rules file.
    case noRuleMatches(rulesFile: String)
    /// Keys no rule matches (the first few, and how many in all).
    case keysWithoutRule(first: [String], count: Int)
    /// A rule whose minimum category is above its maximum (`rule` from 1).
    case ruleClampInverted(rule: Int, minimum: String, maximum: String)
    /// `review --base`: how many strings changed.
    case baseChanged(changed: Int, total: Int, baseFiles: [String])
    /// The review page's size cap left failing rows undrawn.
    case pageCapped(megabytes: Int, omitted: Int)
    /// Two faces with one key on the review page (not drawn).
    case faceKeyCollision(file: String, index: Int, otherFile: String, otherIndex: Int, key: String)

    // MARK: Drawing

    /// A face that cannot be opened (FreeType's or HarfBuzz's reason).
    case faceNotOpened(reason: String)
    /// A face whose glyph outlines FreeType cannot read.
    case outlinesUnreadable(file: String, index: Int, reason: String)
    /// Glyphs with more outline points than typefit draws.
    case glyphsOverPointCap(file: String, count: Int, maximumPoints: Int)
    /// The outlines of a page or specimen reached the size cap.
    case outlineCapReached(megabytes: Int, boxed: Int)
    /// No line breaker (ICU) for a width.
    case lineBreakerUnavailable(reason: String)
    /// A specimen's sample partly drawn with a fallback face.
    case specimenFallback(style: String, characters: Int, fallback: String, fallbackFamily: String, face: String?)
    /// A specimen's sample with characters no face has.
    case sampleMissingGlyphs(style: String, characters: Int)
    /// A specimen's face that is missing: drawn as boxes.
    case specimenFaceMissing(String)

    // MARK: The front end's own

    /// A finding the front end words itself: its command-line errors, its
    /// own outputs' (`output-unwritable`) and its renderers' notes. The
    /// library never makes one (a test reads its sources).
    case worded(Message, code: Code?)

    /// Where faces were looked for.
    public enum SearchScope: Sendable, Equatable {
        /// The installed fonts.
        case installed
        /// The installed fonts and `--fonts-dir`.
        case installedAndFolders
        /// `--fonts-dir` alone (`--no-installed-fonts`).
        case foldersOnly
        /// The files `list-fonts` was given.
        case givenFiles
    }

    /// What fontconfig offers in place of a missing face.
    public enum Fallback: Sendable, Equatable {
        /// A face: its PostScript name, its family, the family asked for
        /// and the weight.
        case face(postscriptName: String?, family: String, asked: String, weight: Int)
        /// Nothing for the family asked for.
        case nothing(asked: String)
        /// fontconfig failed.
        case failed(reason: String)
    }

    /// A font iOS has built in (`IOSBuiltInFonts`).
    public struct BuiltInFont: Sendable, Equatable {
        /// The name asked for.
        public var name: String
        /// Its family on iOS.
        public var family: String

        /// Creates one.
        public init(name: String, family: String) { (self.name, self.family) = (name, family) }
    }

    /// A cell: a style at a size setting (`category`: its key) and its
    /// point size.
    public struct Cell: Sendable, Equatable {
        /// The style, the size setting's key and the point size.
        public var style: String, category: String, pointSize: Double

        /// Creates one.
        public init(style: String, category: String, pointSize: Double) {
            (self.style, self.category, self.pointSize) = (style, category, pointSize)
        }
    }

    /// A plural form's number.
    public struct MachineFallback: Sendable, Equatable {
        /// The face (its PostScript name, else its family) and its file.
        public var face: String, file: String
        /// How many strings it drew in, and their languages.
        public var strings: Int, languages: [String]

        /// Creates one.
        public init(face: String, file: String, strings: Int, languages: [String]) {
            (self.face, self.file, self.strings, self.languages) = (face, file, strings, languages)
        }
    }

    /// The numbers a plural form was measured with.
    public struct PluralSample: Sendable, Equatable {
        /// The language, its category and the number used.
        public var language: String, category: String, number: Int

        /// Creates one.
        public init(language: String, category: String, number: Int) {
            (self.language, self.category, self.number) = (language, category, number)
        }
    }

    /// A count of entries in a language.
    public struct LanguageCount: Sendable, Equatable {
        /// The language and its count.
        public var language: String, count: Int

        /// Creates one.
        public init(language: String, count: Int) { (self.language, self.count) = (language, count) }
    }

    /// A placeholder and the value it was measured with.
    public struct PlaceholderSample: Sendable, Equatable {
        /// The placeholder as written and its value.
        public var placeholder: String, value: String

        /// Creates one.
        public init(placeholder: String, value: String) { (self.placeholder, self.value) = (placeholder, value) }
    }

    /// Where styled runs come from.
    public enum StyledMarkup: Sendable, Equatable {
        /// Markdown (String Catalogs).
        case markdown
        /// Android's spans.
        case androidSpans
        /// Both, in one run.
        case both
    }

    /// Markdown runs of some traits and the face they were measured in.
    public struct MarkdownFace: Sendable, Equatable {
        /// The runs' traits.
        public var bold: Bool, italic: Bool, code: Bool
        /// The face's PostScript name (its family when it has none).
        public var face: String

        /// Creates one.
        public init(bold: Bool, italic: Bool, code: Bool, face: String) {
            (self.bold, self.italic, self.code, self.face) = (bold, italic, code, face)
        }
    }

    /// A family without a face for some traits.
    public struct SyntheticStyle: Sendable, Equatable {
        /// The family (`nil`: unknown).
        public var family: String?
        /// The traits it lacks a face for.
        public var bold: Bool, italic: Bool

        /// Creates one.
        public init(family: String?, bold: Bool, italic: Bool) {
            (self.family, self.bold, self.italic) = (family, bold, italic)
        }
    }

}

import FontRegistry
import TypefitCore

/// What `measure`, `fit` and `specimen` start from: the strings, and each
/// (style, size setting) cell with its point size and face, found as
/// `scale` finds them.
public enum TextJob {
    /// What `measure` and `fit` start from: the strings (first, so that a
    /// malformed file ends the run before any font work), then the cells,
    /// and a note naming the placeholder values typefit chose.
    public static func prepare(
        texts: [String], files: [String], sourceSets: [String] = [], pseudolocales: [AndroidPseudolocale] = [],
        configurations: [AndroidDeviceQualifiers] = [], _ settings: Request, search: FontSearch,
        diagnostics: inout Diagnostics
    ) throws(Stopped) -> (strings: [LocalizedString], cells: [SizedCell]) {
        let strings = try read(
            texts, files: files, language: settings.language, samples: settings.samples,
            pseudolocales: pseudolocales, configurations: configurations, sourceSets: sourceSets,
            diagnostics: &diagnostics
        ).strings
        let cells = try cells(settings, search: search, diagnostics: &diagnostics)
        notePlaceholderDefaults(strings, platform: settings.platform, into: &diagnostics)
        return (strings, cells)
    }

    /// The cells; a face that is missing stops the run (it cannot be
    /// measured) unless `allowMissing` (the specimen draws a marked box).
    public static func cells(
        _ settings: Request, search: FontSearch, allowMissing: Bool = false, diagnostics: inout Diagnostics
    ) throws(Stopped) -> [SizedCell] {
        // A spec's clamp and optical size, where the command line sets
        // none.
        var settings = settings
        var opticalSize = settings.opticalSize
        if case .spec(let path) = settings.face,
            (settings.clamp.isEmpty && settings.platform != .android && settings.platform != .macos)
                || opticalSize == nil
        {
            // Read aside: the spec's warnings and errors are said once,
            // where its sizes are read.
            var aside = Diagnostics()
            if case .success(let spec) = SpecFile.read(path, diagnostics: &aside) {
                if settings.clamp.isEmpty, settings.platform != .android, settings.platform != .macos {
                    settings.clamp = spec.clamp
                }
                opticalSize = opticalSize ?? spec.opticalSize
            }
        }
        // A clamp needs its bounds' sizes, asked for or not.
        var computed = settings
        let asked =
            settings.platform == .watchos && settings.categories == nil
            ? WatchTypeTable.categories : settings.categoryList
        if !settings.clamp.isEmpty { computed.categories = .categories(settings.clamp.extending(asked)) }
        var cells = settings.clamp.apply(
            settings.platform == .ios
                ? try iosCells(computed, search: search, diagnostics: &diagnostics)
                : try platformCells(computed, search: search, diagnostics: &diagnostics), asked: asked)
        if let opticalSize, opticalSize != .auto {
            for i in cells.indices { cells[i].face?.location?.opticalSize = opticalSize }
        }
        // A platform that sets no optical size of its own (Android) draws
        // the face at its own coordinates, unless one is asked for.
        if opticalSize == nil, !settings.textRules.setsOpticalSize {
            for i in cells.indices {
                if case .pinned = cells[i].face?.location?.opticalSize { continue }
                cells[i].face?.location?.opticalSize = .none
            }
        }
        if allowMissing { return cells }
        // A face that is not there has no widths: say which and stop.
        var missing: [String] = []
        for cell in cells where cell.face?.location == nil {
            let name = cell.face?.postscriptName ?? "the face"
            if !missing.contains(name) { missing.append(name) }
        }
        guard missing.isEmpty else {
            for name in missing {
                diagnostics.error(.cannotMeasure(face: name, builtIn: FaceSources.builtIn(name)), status: .cannotRun)
            }
            throw Stopped()
        }
        return cells
    }

    /// The cells on iOS, as `scale` finds them.
    static func iosCells(
        _ settings: Request, search: FontSearch, diagnostics: inout Diagnostics
    ) throws(Stopped) -> [SizedCell] {
        let report: ScaleReport
        switch settings.face {
        case .spec(let path):
            report = try ScaleJob.specReport(path, settings, search: search, diagnostics: &diagnostics)
        case .family(let family):
            report = try ScaleJob.familyReport(family, settings, search: search, diagnostics: &diagnostics)
        case .font(let name):
            let face = try faceNamed(name, search: search, diagnostics: &diagnostics)
            var faces: [TextStyle: FaceResolution] = [:]
            for style in settings.iosStyles { faces[style] = face }
            report = settings.scaleRequest.resolve(faces: faces)
        case .systemFont:
            let system = try systemFont(.pro, search: search, diagnostics: &diagnostics)
            var weights: [Int] = []
            let cells = settings.scaleRequest.resolve().entries.compactMap { entry -> SizedCell? in
                guard let size = entry.pointSize else { return nil }
                weights.append(entry.weight.openTypeValue)
                return SizedCell(
                    style: entry.style.rawValue, size: .category(entry.category), pointSize: size,
                    lineHeight: entry.lineHeight,
                    face: system.resolution(weight: entry.weight.openTypeValue, pointSize: size))
            }
            warnMissingFaces(of: system, cells: cells, weights: weights, into: &diagnostics)
            return cells
        }
        return report.entries.compactMap(SizedCell.init)
    }

    /// Apple's system font in `design`, from `--system-fonts` first, then
    /// `--fonts-dir` and the installed fonts; its absence stops the run
    /// (exit 2, a set-up problem) with how to provide it or name a
    /// stand-in: never a silent substitute.
    static func systemFont(
        _ design: SystemFont.Design, search: FontSearch, diagnostics: inout Diagnostics
    ) throws(Stopped) -> SystemFont {
        var found: [String] = []
        if !search.systemFontDirectories.isEmpty {
            let scan = FontRegistry.scan(search.systemFontDirectories)
            found = scan.faces.compactMap(\.postscriptName)
            diagnostics.fileWarnings(scan.problems.map { ($0.path, .fontUnusable(reason: $0.reason)) })
            if let found = SystemFont(design: design, among: scan.faces) { return found }
        }
        let sources = FaceSources.load(search) { SystemFont(design: design, among: $0) == nil }
        sources.report(into: &diagnostics)
        if let found = SystemFont(design: design, among: sources.directoryFaces + sources.installedFaces) {
            return found
        }
        diagnostics.error(
            .systemFontUnavailable(
                design: design.rawValue, searched: search.systemFontDirectories, found: found,
                prefixes: design.namePrefixes),
            status: .cannotRun)
        throw Stopped()
    }

    /// The cells on another platform: its sizes (from its tables, a design
    /// size or a spec) with the faces the spec, font or family give.
    static func platformCells(
        _ settings: Request, search: FontSearch, diagnostics: inout Diagnostics
    ) throws(Stopped) -> [SizedCell] {
        var request = settings.platformRequest
        var faces: [String: FaceResolution] = [:]
        var single: FaceResolution?
        var familyFaces: [FontFace] = []
        var system: SystemFont?
        switch settings.face {
        case .spec(let path):
            // The spec's faces as iOS resolves them; its sizes the platform's way.
            var ios = settings
            (ios.platform, ios.styles, ios.designSize) = (.ios, nil, nil)
            let report = try ScaleJob.specReport(path, ios, search: search, diagnostics: &diagnostics)
            guard case .spec(let spec, _) = report.request.subject else { return [] }
            for entry in report.entries where faces[entry.style.rawValue] == nil {
                faces[entry.style.rawValue] = entry.face
            }
            request.specStyles = PlatformRequest.SpecStyle.of(spec)
            ScaleJob.noteStylesWithoutCounterpart(
                request.specStyles ?? [], on: settings.platform, spec: path, &diagnostics)
        case .font(let name):
            single = try faceNamed(name, search: search, diagnostics: &diagnostics)
        case .family(let family):
            let sources = FaceSources.load(search) { FontCatalog.faces($0, inFamily: family).isEmpty }
            familyFaces = FontCatalog.faces(sources.pool(withFamily: family), inFamily: family)
            sources.report(into: &diagnostics)
            guard !familyFaces.isEmpty else {
                let names = NameMatching.suggestions(for: family, among: sources.familyNames)
                diagnostics.error(
                    .familyNotFound(family: family, scope: search.notFoundScope, suggestions: names),
                    status: .cannotRun)
                throw Stopped()
            }
        case .systemFont where settings.platform.host == .android:
            // Android's sans-serif: Roboto, a device's (`--android-fonts`)
            // or the installed one, at each role's weight.
            let family = AndroidFontFallback.defaultFamily
            let sources = FaceSources.load(search) { FontCatalog.faces($0, inFamily: family).isEmpty }
            familyFaces = FontCatalog.faces(sources.pool(withFamily: family), inFamily: family)
            sources.report(into: &diagnostics)
            guard !familyFaces.isEmpty else {
                diagnostics.error(
                    .androidSystemFontUnavailable(directory: settings.androidFonts), status: .cannotRun)
                throw Stopped()
            }
        case .systemFont:
            system = try systemFont(
                settings.platform == .watchos ? .compact : .pro, search: search, diagnostics: &diagnostics)
        }
        let cells = request.resolve().map { cell -> SizedCell in
            var face = single ?? faces[cell.style]
            if !familyFaces.isEmpty {
                let weight = settings.weight ?? request.weight(ofStyle: cell.style)
                face = FaceMatching.nearest(to: weight, among: familyFaces).map {
                    FaceResolution(key: nil, postscriptName: $0.postscriptName, location: FaceLocation($0))
                }
            }
            if let system {
                // Flutter on iOS asks for CupertinoSystemDisplay (the
                // system font the engine makes at 29 pt: SF Pro Display)
                // or CupertinoSystemText (the family of the 14 pt system
                // font: SF Pro Text), by style, whatever the size.
                let chosenAt =
                    settings.platform == .flutterIOS
                    ? (FlutterTypeScale.usesDisplayFamily(cell.style) ? 29 : 14) : cell.pointSize
                face = system.resolution(weight: request.weight(ofStyle: cell.style), pointSize: chosenAt)
                // Skia copies that font to each size keeping its optical
                // size and without tracking (`OpticalSizeMode.pinned`).
                if settings.platform == .flutterIOS { face?.location?.opticalSize = .pinned(chosenAt) }
            }
            return SizedCell(cell, face: face)
        }
        if let system {
            warnMissingFaces(
                of: system, cells: cells, weights: cells.map { request.weight(ofStyle: $0.style) },
                into: &diagnostics)
        }
        if settings.platform == .watchos, !settings.categoriesGiven, let note = settings.watchSizeNote {
            diagnostics.note(note)
        }
        return cells
    }

    /// A warning per face of the system font the files lack where iOS
    /// uses it (a weight, or the Text or Display cut for a size), naming
    /// the cells measured in another face instead (`weights`: per cell,
    /// its style's weight).
    static func warnMissingFaces(
        of system: SystemFont, cells: [SizedCell], weights: [Int], into diagnostics: inout Diagnostics
    ) {
        var order: [String] = []
        var found: [String: (used: FaceLocation, cells: [Finding.Cell])] = [:]
        for (cell, weight) in zip(cells, weights) {
            guard let used = cell.face?.location,
                let missing = system.missingFace(weight: weight, pointSize: cell.pointSize)
            else { continue }
            let key = missing + "\u{0}" + used.file + "#\(used.index)"
            if found[key] == nil {
                order.append(key)
                found[key] = (used, [])
            }
            found[key]?.cells.append(
                Finding.Cell(style: cell.style, category: cell.size.key, pointSize: cell.pointSize))
        }
        for key in order {
            guard let (used, cells) = found[key] else { continue }
            diagnostics.warning(
                .systemFontFaceMissing(
                    missing: String(key.prefix { $0 != "\u{0}" }), used: used.postscriptName ?? used.file,
                    file: used.file, cells: cells))
        }
    }

    /// The face `UIFont(name: name)` gives (`UIFontLookup`; `--fonts-dir`
    /// first, then installed), with a note when it is not by PostScript
    /// name; its absence stops the run.
    static func faceNamed(
        _ name: String, search: FontSearch, diagnostics: inout Diagnostics
    ) throws(Stopped) -> FaceResolution {
        let sources = FaceSources.load(search) { found in !FaceSources.resolves(name, in: found) }
        sources.report(into: &diagnostics)
        guard let (match, _) = sources.lookup(name) else {
            if let builtIn = FaceSources.builtIn(name) {
                diagnostics.error(.builtInFaceNotMeasurable(builtIn), status: .cannotRun)
                throw Stopped()
            }
            // A file's path is no name: say how to give its faces.
            let lowered = name.lowercased()
            if name.contains("/")
                || [".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2"].contains(where: lowered.hasSuffix)
            {
                diagnostics.error(.pathNotName(name), status: .usage)
                throw Stopped()
            }
            // The folder's own faces first: they are the app's (an
            // installed LMSans10-Bold is no answer for DMSans-Bold).
            let folderNames = sources.directoryFaces.flatMap { face in
                [face.postscriptName, face.family].compactMap { $0 }
            }
            var nearest = nameSuggestions(for: name, among: sources.directoryFaces, names: folderNames)
            // A weight the folder's family lacks (`DMSans-Bold` beside
            // `DMSans-Regular`): that family's faces, by the part before `-`.
            let family = name.lowercased().split(separator: "-").first.map(String.init) ?? ""
            for face in sources.directoryFaces {
                guard let other = face.postscriptName, !nearest.contains(other), !family.isEmpty,
                    other.lowercased().split(separator: "-").first.map(String.init) == family
                else { continue }
                nearest.append(other)
            }
            nearest = Array(nearest.prefix(3))
            for other in nameSuggestions(
                for: name, among: sources.directoryFaces + sources.installedFaces, names: sources.knownNames)
            where !nearest.contains(other) && nearest.count < 3 {
                nearest.append(other)
            }
            diagnostics.error(
                .faceNotFound(name: name, scope: search.notFoundScope, family: nil, suggestions: nearest),
                status: .cannotRun)
            throw Stopped()
        }
        if let note = FaceSources.lookupNote(name, match) { diagnostics.note(note) }
        sources.reportProvenance(name, match.face, search: search, into: &diagnostics)
        return FaceResolution(
            key: nil, postscriptName: match.face.postscriptName ?? name, location: FaceLocation(match.face))
    }

    /// The strings of the arguments and the `--strings` files, placeholders
    /// replaced by their sample values; a file that cannot be read or
    /// parsed stops the run.
    public static func strings(
        _ texts: [String], files: [String], language: String?, samples: PlaceholderSamples = PlaceholderSamples(),
        sourceLanguage: String = "en", configurations: [AndroidDeviceQualifiers] = [], sourceSets: [String] = [],
        diagnostics: inout Diagnostics
    ) throws(Stopped) -> [LocalizedString] {
        try read(
            texts, files: files, language: language, samples: samples, sourceLanguage: sourceLanguage,
            configurations: configurations, sourceSets: sourceSets, diagnostics: &diagnostics
        ).strings
    }

    /// What `read` gives: the strings, and when asked how their
    /// translations' placeholders compare with their sources'.
    public struct Read: Sendable {
        /// The strings, placeholders replaced, untranslated entries as iOS
        /// shows them.
        public var strings: [LocalizedString]
        /// The placeholder comparison (`nil` when not asked for).
        public var placeholders: PlaceholderCheck.Report?
    }

    /// `strings`, and with `placeholderSource` (the development language of
    /// `.lproj` files; a String Catalog says its own) every translation's
    /// placeholders compared with its source's (`PlaceholderCheck`, unless
    /// `checksPlaceholders` is false), whatever `language` keeps, and with
    /// `requireTranslated` the entries each language does not translate
    /// (of those `keepsEntry` keeps: the run's key patterns).
    public static func read(
        _ texts: [String], files: [String], language: String?, samples: PlaceholderSamples = PlaceholderSamples(),
        placeholderSource: String? = nil, checksPlaceholders: Bool = true, requireTranslated: Bool = false,
        keyPatterns: [String] = [], sourceLanguage: String? = nil, pseudolocales: [AndroidPseudolocale] = [],
        configurations: [AndroidDeviceQualifiers] = [], sourceSets: [String] = [], diagnostics: inout Diagnostics
    ) throws(Stopped) -> Read {
        // Untranslated entries are counted, past a bound, as they are
        // found: the key patterns choose which count.
        let keepsEntry: ((String) -> Bool)? =
            keyPatterns.isEmpty ? nil : { FitRules.matches($0, any: keyPatterns) }
        var checked: [StringsTable] = []
        var strings = texts.map { LocalizedString(key: $0, language: language, text: $0) }
        // Android's `values/` is in the language the run's source is in.
        let sourceLanguage = sourceLanguage ?? placeholderSource ?? "en"
        let patterned = try expandingPatterns(files, &diagnostics)
        let expanded = try expandingFolders(patterned.files, sourceSets: sourceSets, &diagnostics)
        let (files, overlays) = (expanded.files, expanded.overlays)
        var folders = expanded.folders
        // A pattern's Android resource files are judged together, as a
        // folder's: colours and dimensions beside strings are no mistake.
        for (file, pattern) in patterned.patterns where folders[file] == nil {
            let parts = file.split(separator: "/")
            guard file.lowercased().hasSuffix(".xml"), let folder = parts.dropLast().last,
                AndroidResourceTree.isValuesName(String(folder))
            else { continue }
            folders[file] = pattern
        }
        var folderStrings: [String: Int] = [:]
        // One budget for every file of the run (`StringsBudget`).
        let budget = StringsBudget()
        // A gate over files that gave nothing would pass having checked
        // nothing: an empty file, or a language no file has, stops the run.
        var fromFiles = 0
        var available = Set<String>()
        // A file is read once whatever paths reach it (links inside the
        // repository, `xx.lproj -> en.lproj`, a pattern and a folder that
        // both name it): 100 links to one file read it 100 times.
        var readFiles: [FileIdentity: String] = [:]
        var emptyTables: [String] = []
        var formatsRead = Set<String>()
        // Per folder, the Flutter project's `l10n.yaml` found for it.
        var genL10nCache: [String: GenL10nSettings?] = [:]
        // Each `.arb` file's locale, for the checks gen-l10n makes across
        // the files of a folder (`checkARBLocales`).
        var arbLocales: [(path: String, locale: String)] = []
        for path in files {
            var resolved: ResolvedInput?
            if path != "-", case .success(let input) = InputPaths.resolve(path) {
                if let first = readFiles[input.identity] {
                    diagnostics.note(.fileReadOnce(firstPath: first), file: path)
                    continue
                }
                readFiles[input.identity] = path
                resolved = input
            }
            let read =
                path == "-"
                ? SystemCalls.readStandardInput(limit: 64 << 20, what: "a strings file")
                : SystemCalls.readInput(path, limit: 64 << 20, what: "a strings file", resolved: resolved)
            switch read {
            case .failure(let error):
                diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
                throw Stopped()
            case .success(let bytes):
                // Parsed once; a second time, unfiltered, only when the
                // language left nothing (to tell an empty file from a
                // language it lacks, and to name the ones it has).
                let format = path == "-" ? StringsFile.format(sniffing: bytes) : StringsFile.format(forPath: path)
                formatsRead.insert(format.id)
                let genL10n = format is ARBFormat ? try genL10nSettings(for: path, &genL10nCache, &diagnostics) : nil
                let keptTables: [StringsTable]
                var allTables: [StringsTable]?
                do {
                    if let language, placeholderSource != nil, path != "-", format.holdsTranslations {
                        // The placeholder check needs every language: read
                        // once, then keep the language asked for (a text
                        // file's lines take it as their tag, so it is read
                        // as below).
                        let every = try StringsFile.tables(
                            path: path, bytes: bytes, sourceLanguage: sourceLanguage, budget: budget, genL10n: genL10n)
                        allTables = every
                        keptTables = every.filter { $0.language.map { LanguageTag.matches($0, language) } ?? true }
                    } else {
                        keptTables = try StringsFile.tables(
                            path: path, bytes: bytes, language: language, sourceLanguage: sourceLanguage,
                            budget: budget, genL10n: genL10n)
                        if keptTables.isEmpty {
                            // Read again only to name the languages the file
                            // has: not measured, so not the run's to count.
                            allTables =
                                language == nil
                                ? keptTables
                                : try StringsFile.tables(
                                    path: path, bytes: bytes, sourceLanguage: sourceLanguage, genL10n: genL10n)
                        }
                    }
                } catch {
                    diagnostics.cannotRead(error, in: path)
                    throw Stopped()
                }
                if format is ARBFormat, let locale = (allTables ?? keptTables).first?.language {
                    arbLocales.append((path, locale))
                }
                let kept = StringsTable.flattened(keptTables)
                let all = allTables.map(StringsTable.flattened)
                if placeholderSource != nil, format.holdsTranslations { checked += allTables ?? keptTables }
                if let folder = folders[path] { folderStrings[folder, default: 0] += (all ?? kept).count }
                if let all, kept.isEmpty {
                    // A folder's files may hold no text (colours,
                    // dimensions): the folder is judged as a whole below.
                    // An `.lproj` table may be empty (Delta Chat ships
                    // `ar.lproj/Localizable.stringsdict` as `<dict/>`):
                    // iOS reads an empty table, and so does typefit, unless
                    // the run gives nothing else (judged below).
                    if all.isEmpty, folders[path] == nil {
                        guard isTableFile(path) else {
                            diagnostics.error(.stringsEmpty, status: .cannotRun, file: path)
                            throw Stopped()
                        }
                        emptyTables.append(path)
                    }
                    available.formUnion(all.compactMap(\.language))
                }
                warnReplaced(all ?? kept, in: path, into: &diagnostics)
                fromFiles += kept.count
                let start = strings.count
                // The first file's strings kept as they are (appended, the
                // array was copied).
                if strings.isEmpty { strings = kept } else { strings += kept }
                // Set as they were read (`StringsFile.tables`); a string
                // changed here would be copied from the tables that share it.
                for i in start..<strings.count where strings[i].file != path { strings[i].file = path }
            }
        }
        try checkARBLocales(arbLocales, wholeFolders: Set(folders.keys), &diagnostics)
        if let first = emptyTables.first {
            // Empty tables alone: nothing was checked.
            guard fromFiles > 0 || !texts.isEmpty || language != nil else {
                diagnostics.error(.stringsEmpty, status: .cannotRun, file: first)
                throw Stopped()
            }
            for path in emptyTables { diagnostics.note(.tableEmpty, file: path) }
        }
        // Folders are judged together: a module of colours alone beside
        // modules of strings is no mistake; folders that give nothing are.
        if !folderStrings.isEmpty, folderStrings.values.allSatisfy({ $0 == 0 }),
            let folder = folderStrings.keys.sorted().first
        {
            diagnostics.error(.stringsEmpty, status: .cannotRun, file: folder)
            throw Stopped()
        }
        overlaySourceSets(&strings, tables: &checked, overlays)
        // `.strings` values a `.stringsdict` of the same table overrides
        // are never shown: not measured (nor compared, `PlaceholderCheck`).
        let shadowed = StringsTable.shadowed(
            strings.map { ($0.file ?? "", $0.language, $0.entry) }, sourceLanguage: sourceLanguage)
        // Past `--keys`, what the run says is of the strings it keeps.
        let keeps = { (string: LocalizedString) in
            keyPatterns.isEmpty || FitRules.matches(string.key, entry: string.entry, any: keyPatterns)
        }
        if let first = shadowed.filter({ keeps(strings[$0]) }).min() {
            diagnostics.note(
                .shadowedByStringsdict(
                    count: shadowed.filter { keeps(strings[$0]) }.count, key: strings[first].entry,
                    language: strings[first].language ?? ""),
                file: strings[first].file, at: strings[first].position)
            strings = strings.indices.filter { !shadowed.contains($0) }.map { strings[$0] }
        }
        // What no one file settles, per format read (Android's references).
        var notes: [StringsRunNote] = []
        for format in StringsFile.formats where formatsRead.contains(format.id) {
            notes += format.settle(&strings, every: checked)
        }
        warnSettled(notes, into: &diagnostics)
        // Android's values a device of the run's configurations never
        // reads (other configurations' folders, values a newer folder
        // overrides): not measured, named in a note.
        let unshown = AndroidRunPasses.unshown(strings, configurations: configurations)
        if !unshown.isEmpty {
            var folders: [(folder: String, count: Int)] = []
            for i in unshown where keeps(strings[i]) {
                let parts = (strings[i].file ?? "").split(separator: "/")
                let folder = parts.count >= 2 ? String(parts[parts.count - 2]) : "values"
                if let f = folders.firstIndex(where: { $0.folder == folder }) {
                    folders[f].count += 1
                } else {
                    folders.append((folder, 1))
                }
            }
            if let first = unshown.first(where: { keeps(strings[$0]) }) {
                diagnostics.note(
                    .configurationUnread(folders: folders.map(\.folder), counts: folders.map(\.count)),
                    file: strings[first].file, at: strings[first].position)
            }
            let gone = Set(unshown)
            strings = strings.indices.filter { !gone.contains($0) }.map { strings[$0] }
        }
        if !pseudolocales.isEmpty {
            do {
                strings += try pseudolocalized(
                    strings, pseudolocales, sourceLanguage: sourceLanguage, budget: budget, into: &diagnostics)
            } catch {
                diagnostics.cannotRead(error, in: strings.first { $0.file != nil }?.file ?? "-")
                throw Stopped()
            }
        }
        if let language, !files.isEmpty, fromFiles == 0 {
            diagnostics.error(
                .languageNotFound(
                    language: language, files: files, available: available.sorted(),
                    suggestions: NameMatching.suggestions(for: language, among: available.sorted(), limit: 1)),
                status: .cannotRun)
            throw Stopped()
        }
        if !keyPatterns.isEmpty {
            let all = strings
            strings = strings.filter(keeps)
            if strings.isEmpty {
                var keys: [String] = []
                for string in all where !keys.contains(string.key) && keys.count < 3 { keys.append(string.key) }
                diagnostics.error(.noKeyMatches(patterns: keyPatterns, examples: keys), status: .cannotRun)
                throw Stopped()
            }
        }
        noteCaps(strings, into: &diagnostics)
        noteUntranslated(strings, into: &diagnostics)
        let pluralNumbers = PluralNumbers()
        var report = placeholderSource.map {
            PlaceholderCheck.report(
                tables: checked, sourceLanguage: $0, languages: language,
                categories: { language in
                    // Each category's smallest integer, for the message.
                    PluralRules.categories(of: PluralSamples.candidates, language: language).map { categories in
                        var smallest: [String: Int] = [:]
                        for (number, category) in zip(PluralSamples.candidates, categories)
                        where smallest[category] == nil {
                            smallest[category] = number
                        }
                        return smallest
                    }
                }, requireTranslated: requireTranslated, keepsEntry: keepsEntry,
                checksPlaceholders: checksPlaceholders, pluralNumbers: pluralNumbers.numbers)
        }
        if !keyPatterns.isEmpty { report?.keep(entries: Set(strings.map(\.entry))) }
        substitutePlurals(&strings, samples, &diagnostics)
        // One budget for the text a run measures, after every substitution:
        // 4,500 references of 40 bytes to a 20,000-character string were
        // 90 million characters to shape and 181 MB of JSON.
        var characters = 0
        for s in strings.indices {
            characters += TextBytes.scalarCount(strings[s].text)
            guard characters <= maximumCharacters else {
                diagnostics.error(
                    .textBudgetExceeded(limit: maximumCharacters), status: .cannotRun, file: strings[s].file)
                throw Stopped()
            }
        }
        return Read(strings: strings, placeholders: report)
    }

    /// The most characters one run measures, every string's text counted
    /// after its samples, examples, references, plural numbers and
    /// pseudolocales are in place. Real apps stay far below (AnkiDroid's
    /// 97,000 strings in 84 languages: about 5 million).
    public static let maximumCharacters = 20_000_000

    /// The strings with their placeholders replaced: a plural form's number
    /// by one of its own category in its language (ICU's rules, through
    /// `PluralSamples`), said in a note; `--sample` values before both.
    /// In place: most strings have nothing to replace, and a copy of each
    /// (a few hundred bytes and a dozen references) was a tenth of reading.
    static func substitutePlurals(
        _ strings: inout [LocalizedString], _ samples: PlaceholderSamples, _ diagnostics: inout Diagnostics
    ) {
        var tables: [String: [String: Int]] = [:]
        var unavailable = false
        var used: [Finding.PluralSample] = []
        // Per language, a number of each category (ICU's rules), once.
        func numbersOf(_ language: String) -> [String: Int] {
            if let known = tables[language] { return known }
            var found: [String: Int] = [:]
            if let categories = PluralRules.categories(of: PluralSamples.candidates, language: language) {
                found = PluralSamples.numbers(categories: categories)
            } else {
                unavailable = true
            }
            tables[language] = found
            return found
        }
        func substituted(_ string: LocalizedString) -> LocalizedString? {
            if string.formatSyntax == .genL10n { return genL10nSubstituted(string) }
            // An untranslated form is the source's, chosen by its rules.
            guard !string.pluralForms.isEmpty,
                let language = string.isUntranslated ? string.sourceLanguage ?? string.language : string.language
            else { return string.substituted(samples) }
            let table = numbersOf(language)
            var numbers: [String: String] = [:]
            for form in string.pluralForms {
                guard let number = table[form.category],
                    let placeholder = form.placeholder
                        ?? PlaceholderCheck.arguments(string.text).first(where: {
                            $0.kind == .integer && !$0.bySpaceFlag
                        })?.written
                else { continue }
                numbers[placeholder] = PluralSamples.formatted(number)
                let example = Finding.PluralSample(language: language, category: form.category, number: number)
                if used.count < 6, !used.contains(example) { used.append(example) }
            }
            return string.substituted(samples, numbers: numbers)
        }
        // An ARB message's numbers as the generated Dart code prints them:
        // a plural's count by a number of its category in the message's
        // locale (intl's `pluralLogic` is CLDR's), digits as `'$count'`
        // prints an int, or in CLDR's pattern where the placeholder's
        // `format` names one intl and ICU write alike for these numbers
        // (`decimalPattern`, `percentPattern`, `scientificPattern`,
        // with intl's separators,
        // `compact`, `compactLong`: 0–110 and 1,000,000–1,000,110, where
        // intl's three significant digits and ICU's two agree), or as
        // intl's own code prints currencies (`printed` below); an `int`,
        // `num` or `double` with such a format, 1000000 so printed.
        func genL10nSubstituted(_ string: LocalizedString) -> LocalizedString? {
            guard let language = string.language else { return string.substituted(samples) }
            let declared = string.messagePlaceholders ?? []
            func style(_ name: String) -> DecimalFormat.Style? {
                switch declared.first(where: { $0.name == name })?.format {
                case "decimalPattern": .decimal
                case "percentPattern": .percent
                case "scientificPattern": .scientific
                case "compact": .compactShort
                case "compactLong": .compactLong
                default: nil
                }
            }
            // A number as the placeholder's format prints it: CLDR's
            // pattern by ICU, intl's currency and fixed-digit formats
            // (`IntlCurrencyFormat`), intl's compact currencies
            // (`IntlCompactCurrency`); digits as `'$count'` prints an int
            // where it names none of them. A plural's count prints so in
            // its cases too (gen-l10n writes `countString` there).
            func printed(_ number: Int, _ name: String) -> String? {
                guard let placeholder = declared.first(where: { $0.name == name }), let format = placeholder.format
                else { return nil }
                if let style = style(name) {
                    return DecimalFormat.format(
                        Int64(number), language: language, style: style,
                        latinDigits: !GenL10nPlaceholders.intlUsesNativeDigits(language),
                        symbols: IntlCurrencyFormat.symbols(language))
                }
                let parameters = placeholder.optionalParameters
                if let recipe = IntlCurrencyFormat.recipe(format, language: language, parameters: parameters) {
                    return DecimalFormat.format(Double(number), language: language, recipe: recipe)
                }
                return IntlCompactCurrency.format(
                    number, format: format, language: language, parameters: parameters,
                    pluralCategory: { PluralRules.category(of: $0, language: language) })
            }
            var numbers: [String: String] = [:]
            // An `int`, `num` or `double` with a format, 1000000 so printed.
            for placeholder in declared where ["int", "num", "double"].contains(placeholder.type ?? "") {
                if let written = printed(1_000_000, placeholder.name) { numbers[placeholder.name] = written }
            }
            // Dates as `DateFormat` prints the sample moment: intl's
            // pattern for the locale (`IntlDateFormat`), written by ICU
            // with CLDR's names; a `{name, date, ::skeleton}` argument by
            // its skeleton.
            func date(_ format: String, isCustom: Bool) -> String? {
                guard let pattern = IntlDateFormat.pattern(format, isCustom: isCustom, language: language) else {
                    return nil
                }
                return DatePatternFormat.format(
                    pattern: pattern, milliseconds: IntlDateFormat.sampleMilliseconds, language: language,
                    latinDigits: !GenL10nPlaceholders.intlUsesNativeDigits(language))
            }
            for placeholder in declared where placeholder.type == "DateTime" {
                if let format = placeholder.format,
                    let written = date(format, isCustom: placeholder.isCustomDateFormat == true)
                {
                    numbers[placeholder.name] = written
                }
            }
            for (name, skeleton) in string.arbDetails?.dateSkeletons ?? [:] {
                if let written = date(skeleton, isCustom: false) { numbers[name] = written }
            }
            if !string.pluralForms.isEmpty {
                let table = numbersOf(language)
                for form in string.pluralForms {
                    guard let name = form.placeholder, let number = table[form.category] else { continue }
                    numbers[name] = printed(number, name) ?? String(number)
                    let example = Finding.PluralSample(language: language, category: form.category, number: number)
                    if used.count < 6, !used.contains(example) { used.append(example) }
                }
            }
            return string.substituted(samples, numbers: numbers)
        }
        for i in strings.indices {
            if let replaced = substituted(strings[i]) { strings[i] = replaced }
        }
        if unavailable {
            diagnostics.note(.pluralRulesUnavailable)
        } else if !used.isEmpty {
            // Six kept: there may have been more.
            diagnostics.note(.pluralSamples(used, more: used.count == 6))
        }
    }

    /// What gen-l10n refuses across the `.arb` files of one folder
    /// (`AppResourceBundleCollection`, `gen_l10n_types.dart`): two files
    /// of one locale; and, where the whole folder was read (a project, a
    /// folder given), a locale with a script or region (`en_US`) whose
    /// language has no file of its own (`app_en.arb`), which would be the
    /// app's fallback. Stops the run in gen-l10n's words.
    static func checkARBLocales(
        _ files: [(path: String, locale: String)], wholeFolders: Set<String>, _ diagnostics: inout Diagnostics
    ) throws(Stopped) {
        func folder(_ path: String) -> String { path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "." }
        func shown(_ tag: String) -> String { String(tag.map { $0 == "-" ? "_" : $0 }) }
        var byFolder: [String: [(path: String, locale: String)]] = [:]
        for file in files { byFolder[folder(file.path), default: []].append(file) }
        for (_, files) in byFolder.sorted(by: { $0.key < $1.key }) {
            var first: [String: String] = [:]
            for file in files {
                let key = file.locale.lowercased()
                guard let earlier = first[key] else {
                    first[key] = file.path
                    continue
                }
                diagnostics.error(
                    .fileMalformed(
                        reason: "Multiple arb files with the same '\(shown(file.locale))' locale detected "
                            + "(\(earlier) too): ensure that there is exactly one arb file for each locale "
                            + "(gen-l10n refuses the project)"), status: .cannotRun, file: file.path)
                throw Stopped()
            }
            guard files.allSatisfy({ wholeFolders.contains($0.path) }) else { continue }
            var languages: [String] = []
            for file in files {
                let language = String(file.locale.prefix { $0 != "-" && $0 != "_" }).lowercased()
                if !languages.contains(language) { languages.append(language) }
            }
            for language in languages where first[language] == nil {
                let locales = files.filter { $0.locale.lowercased().hasPrefix(language + "-") }
                diagnostics.error(
                    .fileMalformed(
                        reason: "Arb file for a fallback, \(language), does not exist, even though the following "
                            + "locale(s) exist: \(locales.map { shown($0.locale) }.joined(separator: ", ")). When "
                            + "locales specify a script code or country code, a base locale (without the script "
                            + "code or country code) should exist as the fallback: create a {fileName}_\(language)"
                            + ".arb file (gen-l10n refuses the project)"), status: .cannotRun,
                    file: locales.first?.path)
                throw Stopped()
            }
        }
    }

    /// `files` with each shell pattern a shell did not expand (quoted:
    /// `'Resources/*.lproj/Localizable.strings'`) replaced by the files it
    /// matches, in the shell's order, and per file so found its pattern; a
    /// pattern matching nothing stops the run. A path that exists is taken
    /// as it is, whatever it holds.
    public static func expandingPatterns(_ files: [String], _ diagnostics: inout Diagnostics) throws(Stopped)
        -> (files: [String], patterns: [String: String])
    {
        var expanded: [String] = []
        var patterns: [String: String] = [:]
        for path in files {
            guard path != "-", path.contains(where: { "*?[".contains($0) }), !SystemCalls.isRegularFile(path) else {
                expanded.append(path)
                continue
            }
            guard let (matches, notUTF8) = SystemCalls.expand(pattern: path) else {
                diagnostics.error(.patternFailed(reason: SystemCalls.lastError()), status: .cannotRun, file: path)
                throw Stopped()
            }
            // A match whose name is not UTF-8 cannot be opened by name: a
            // gate that left it out would pass what it never read.
            if let first = notUTF8.first {
                diagnostics.error(
                    .fileUnreadable(reason: SystemCalls.notUTF8Reason(others: notUTF8.count - 1)), status: .cannotRun,
                    file: first)
                throw Stopped()
            }
            // Files, and folders (`'app/*/src/main/res'`), read below.
            let kept = matches.filter { SystemCalls.isRegularFile($0) || AndroidResourceTree.isDirectory($0) }
            guard !kept.isEmpty else {
                diagnostics.error(.patternMatchesNothing, status: .cannotRun, file: path)
                throw Stopped()
            }
            expanded += kept
            for file in kept where patterns[file] == nil { patterns[file] = path }
        }
        return (expanded, patterns)
    }

    /// The folders of the modules a Gradle project's root includes
    /// (`GradleSettings`, under `path`); `nil` when it has no settings
    /// file to read.
    /// A settings file that is there but cannot be read (over 1 MB, not
    /// readable, more modules than `GradleSettings.maximumModules`) stops
    /// the run naming it: read past or in part, the project would be
    /// judged without some of its strings.
    /// The `l10n.yaml` of the Flutter project an ARB file is in: the first
    /// one in the file's folder or above it (up to the project's
    /// `pubspec.yaml`, at most `maximumProjectDepth` folders up), when its
    /// `arb-dir` is the file's folder; `nil` (gen-l10n's defaults) when
    /// none is, or it names another folder. A `l10n.yaml` that cannot be
    /// read or parsed stops the run, as it stops gen-l10n.
    static func genL10nSettings(
        for path: String, _ cache: inout [String: GenL10nSettings?], _ diagnostics: inout Diagnostics
    ) throws(Stopped) -> GenL10nSettings? {
        guard path != "-" else { return nil }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        let folder = parts.isEmpty ? "." : parts.joined(separator: "/")
        if let known = cache[folder] { return known }
        var found: GenL10nSettings?
        // `parts` of an absolute path start with "" (the root).
        func inside(_ here: String, _ name: String) -> String { here == "/" ? "/" + name : here + "/" + name }
        for _ in 0...maximumProjectDepth {
            let here = parts.isEmpty ? "." : parts == [""] ? "/" : parts.joined(separator: "/")
            let file = inside(here, GenL10nSettings.fileName)
            if SystemCalls.isRegularFile(file) {
                let settings = try readGenL10nSettings(file, &diagnostics)
                // `arb-dir` is relative to the project: it must lead to
                // the file's folder.
                let arbDirectory = GenL10nSettings.normalized(
                    here == "." ? settings.arbDirectory : inside(here, settings.arbDirectory))
                if arbDirectory == GenL10nSettings.normalized(folder) { found = settings }
                break
            }
            // The project's root ends the search; so does the path's start
            // (a relative path is not followed above the folder it names).
            if SystemCalls.isRegularFile(inside(here, "pubspec.yaml")) || parts.isEmpty || parts == [""] { break }
            parts.removeLast()
        }
        cache[folder] = found
        return found
    }

    /// A `l10n.yaml` read and parsed, or the run stopped (as gen-l10n
    /// stops) with the reason.
    static func readGenL10nSettings(_ file: String, _ diagnostics: inout Diagnostics) throws(Stopped)
        -> GenL10nSettings
    {
        try readProjectFile(file, what: "a Flutter l10n.yaml", &diagnostics) { text throws(SourceError) in
            try GenL10nSettings.parse(text)
        }
    }

    /// A project's settings file (`l10n.yaml`, `settings.gradle`) read
    /// through the one door for inputs and parsed, or the run stopped with
    /// the reason at its place.
    static func readProjectFile<T>(
        _ file: String, what: String, _ diagnostics: inout Diagnostics,
        _ parse: (String) throws(SourceError) -> T
    ) throws(Stopped) -> T {
        switch SystemCalls.readInput(file, limit: 1 << 20, what: what) {
        case .success(let bytes):
            do {
                return try parse(String(decoding: bytes, as: UTF8.self))
            } catch {
                diagnostics.cannotRead(error, in: file)
                throw Stopped()
            }
        case .failure(let error):
            diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
            throw Stopped()
        }
    }

    /// How many folders above an ARB file its project's `l10n.yaml` is
    /// looked for (`lib/l10n` is two; monorepos nest a little deeper).
    static let maximumProjectDepth = 6

    static func gradleModules(of path: String, _ diagnostics: inout Diagnostics) throws(Stopped) -> [String]? {
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        for name in GradleSettings.fileNames {
            let file = base + "/" + name
            guard SystemCalls.isRegularFile(file) else { continue }
            return try readProjectFile(file, what: "a Gradle settings file", &diagnostics) { text throws(SourceError) in
                try GradleSettings.modules(text).map { base + "/" + $0 }
            }
        }
        return nil
    }

    /// `files` with each folder replaced by the Android resource files it
    /// holds (`AndroidResourceTree`), and per file so found, its folder
    /// as given (a Gradle project root's modules: the root); a folder
    /// without resources, or whose links lead out of its tree, stops the
    /// run.
    public static func expandingFolders(
        _ files: [String], sourceSets: [String] = [], _ diagnostics: inout Diagnostics
    ) throws(Stopped) -> (files: [String], folders: [String: String], overlays: [String: SourceSetOverlay]) {
        var expanded: [String] = []
        var folders: [String: String] = [:]
        var overlays: [String: SourceSetOverlay] = [:]
        var setsRead: Set<String> = []
        var modules: [String] = []
        var available: [String] = []
        // The folders to read: those given, and a Gradle project's modules
        // after its root, each judged as the root's (`owner`).
        var queue = files.map { (path: $0, owner: String?.none) }
        var next = 0
        // Per project root, the files its modules gave.
        var fromModules: [String: Int] = [:]
        while next < queue.count {
            let (path, owner) = queue[next]
            next += 1
            guard path != "-", AndroidResourceTree.isDirectory(path) else {
                // A module the settings name but the tree lacks: nothing.
                if owner == nil { expanded.append(path) }
                continue
            }
            var found: [String]
            // A Flutter project (its `l10n.yaml`): the `.arb` files of its
            // `arb-dir`, as gen-l10n reads them; other `.arb` files in the
            // tree, and any Android `res` folder, are not its messages.
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            if owner == nil, SystemCalls.isRegularFile(base + "/" + GenL10nSettings.fileName) {
                let settings = try readGenL10nSettings(base + "/" + GenL10nSettings.fileName, &diagnostics)
                // The one rule for inputs: a project's files stay in its
                // tree (a pull request's l10n.yaml may name any folder).
                let arb = settings.arbDirectory
                guard !arb.hasPrefix("/"), arb != "..", !arb.hasPrefix("../") else {
                    diagnostics.error(
                        .fileUnreadable(reason: "its arb-dir '\(arb)' leads out of the project"), status: .cannotRun,
                        file: base + "/" + GenL10nSettings.fileName)
                    throw Stopped()
                }
                let arbFolder = arb.isEmpty ? base : base + "/" + arb
                switch AppleStringsFolder.files(in: arbFolder) {
                case .failure(let error):
                    diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
                    throw Stopped()
                case .success(let files):
                    found = files.filter {
                        $0.lowercased().hasSuffix(".arb") && !$0.dropFirst(arbFolder.count + 1).contains("/")
                    }
                }
                guard !found.isEmpty else {
                    diagnostics.error(.folderHoldsNoStrings, status: .cannotRun, file: arbFolder)
                    throw Stopped()
                }
                for file in found where folders[file] == nil {
                    folders[file] = path
                    expanded.append(file)
                }
                continue
            }
            switch AndroidResourceTree.valuesFiles(in: path, sourceSets: sourceSets) {
            case .failure(let error):
                diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
                throw Stopped()
            case .success(let android?):
                found = android.files
                if !android.otherSourceSets.isEmpty {
                    diagnostics.note(.otherSourceSets(android.otherSourceSets), file: path)
                }
                setsRead.formUnion(android.sourceSetsRead)
                for folder in android.otherSourceSets {
                    // `app/src/debug/res`: `debug`.
                    if let name = folder.split(separator: "/").dropLast().last.map(String.init),
                        !available.contains(name)
                    {
                        available.append(name)
                    }
                }
                if android.mainResources != nil || !android.otherSourceSets.isEmpty { modules.append(path) }
                if let main = android.mainResources, !android.layers.isEmpty {
                    for file in android.files {
                        overlays[file] = SourceSetOverlay(
                            module: path, layer: android.layers[file] ?? 0, mainResources: main)
                    }
                }
            case .success(nil):
                // A module without resources (a Kotlin library): nothing.
                guard owner == nil else { continue }
                // A Gradle project's root: the modules its settings include
                // (its settings read once).
                if let included = try gradleModules(of: path, &diagnostics) {
                    fromModules[path] = 0
                    queue.insert(contentsOf: included.map { ($0, path) }, at: next)
                    continue
                }
                // No Android resources: an Apple app's folder of `.lproj`
                // tables and String Catalogs (or a Flutter app's `.arb`).
                switch AppleStringsFolder.files(in: path) {
                case .failure(let error):
                    diagnostics.error(.fileUnreadable(reason: error.reason), status: .cannotRun, file: error.path)
                    throw Stopped()
                case .success(let apple):
                    found = apple
                }
                guard !found.isEmpty else {
                    diagnostics.error(.folderHoldsNoStrings, status: .cannotRun, file: path)
                    throw Stopped()
                }
            }
            if let owner { fromModules[owner, default: 0] += found.count }
            for file in found where folders[file] == nil {
                folders[file] = owner ?? path
                expanded.append(file)
            }
        }
        // A project whose modules give no resource file: nothing to check.
        if let root = fromModules.filter({ $0.value == 0 }).keys.sorted().first {
            diagnostics.error(.stringsEmpty, status: .cannotRun, file: root)
            throw Stopped()
        }
        // A set no module has is a typo or the wrong folder: measured
        // without it, the run would pass on strings it never read.
        if let missing = sourceSets.first(where: { !setsRead.contains($0) }) {
            diagnostics.error(
                .sourceSetNotFound(missing, modules: modules, available: available.sorted()), status: .cannotRun)
            throw Stopped()
        }
        return (expanded, folders, overlays)
    }

    /// Where a file of a module root read with `--source-set` stands in
    /// Gradle's merge: its module, its layer (0 `main`, k the k-th set
    /// named) and the `res` folder the sets overlay.
    public struct SourceSetOverlay: Sendable, Equatable {
        var module: String
        var layer: Int
        var mainResources: String
    }

    /// The problems formats found settling the run, as warnings: the first
    /// 20, then how many more.
    static func warnSettled(_ notes: [StringsRunNote], into diagnostics: inout Diagnostics) {
        for note in notes.prefix(20) {
            let finding: Finding
            switch note.problem {
            case .referenceUnresolved(let key, let reference):
                finding = .referenceUnresolved(key: key, reference: reference)
            case .referenceCycle(let key, let chain, let isCycle):
                finding = .referenceCycle(key: key, chain: chain, isCycle: isCycle)
            }
            diagnostics.warning(finding, file: note.file, at: note.position)
        }
        if notes.count > 20 { diagnostics.warning(.moreReferencesUnresolved(count: notes.count - 20)) }
    }

    /// Source sets over `main`, as Gradle's resource merger lays them: a
    /// value a set named later defines replaces the one of the same
    /// resource (string, plurals or array, whole) in the same
    /// configuration (language and qualifiers) of the same module. Each
    /// set's values then belong to `main`'s table: compared with its
    /// source, and its references resolved, as one app.
    static func overlaySourceSets(
        _ strings: inout [LocalizedString], tables: inout [StringsTable], _ overlays: [String: SourceSetOverlay]
    ) {
        guard !overlays.isEmpty else { return }
        func resource(_ string: LocalizedString, _ overlay: SourceSetOverlay) -> String {
            // An array's item `name[2]` is of the array `name`.
            let name = string.entry.prefix { $0 != "[" }
            return overlay.module + "\u{0}" + (string.language.map(LanguageTag.key) ?? "") + "\u{0}"
                + string.qualifiers.joined(separator: "-") + "\u{0}" + name
        }
        // Per resource: the highest layer that defines it.
        var top: [String: Int] = [:]
        func raise(_ string: LocalizedString, _ overlay: SourceSetOverlay) {
            let key = resource(string, overlay)
            top[key] = max(top[key] ?? 0, overlay.layer)
        }
        for table in tables {
            guard let overlay = overlays[table.file] else { continue }
            for string in table.strings { raise(string, overlay) }
        }
        for string in strings {
            guard let file = string.file, let overlay = overlays[file] else { continue }
            raise(string, overlay)
        }
        func kept(_ string: LocalizedString, file: String?) -> LocalizedString? {
            guard let file, let overlay = overlays[file] else { return string }
            guard top[resource(string, overlay)] == overlay.layer else { return nil }
            var string = string
            string.table = overlay.mainResources
            return string
        }
        strings = strings.compactMap { kept($0, file: $0.file) }
        var merged: [StringsTable] = []
        var done: Set<String> = []
        for table in tables {
            guard overlays[table.file] != nil else {
                merged.append(table)
                continue
            }
            // A file's tables made again from its strings that stand.
            guard done.insert(table.file).inserted else { continue }
            let all = tables.filter { $0.file == table.file }.flatMap(\.strings)
            merged += StringsTable.tables(of: all.compactMap { kept($0, file: table.file) }, file: table.file)
        }
        tables = merged
    }

    /// The source strings again in each pseudolocale, as aapt2 makes them
    /// (`AndroidPseudolocale`): every string of a source table (Android's
    /// `values/`, a catalog's source language, the `--source-language`
    /// `.lproj`) that is to be translated. Foundation's placeholders are
    /// guarded as aapt2 guards Java's (`»%@«`); styled values lose their
    /// spans (aapt2 carries them over; typefit does not yet). A note says
    /// how many were made.
    static func pseudolocalized(
        _ strings: [LocalizedString], _ pseudolocales: [AndroidPseudolocale], sourceLanguage: String,
        budget: StringsBudget, into diagnostics: inout Diagnostics
    ) throws(SourceError) -> [LocalizedString] {
        var made: [LocalizedString] = []
        for string in strings {
            // aapt2 makes them of the default locale's strings, whatever
            // the other qualifiers (`values-night` gives `en-rXA-night`),
            // and not of arrays (an Android name has no `[`: `name[0]` is
            // an array's item).
            // A text given as an argument is the source (it has no file).
            guard let language = string.language ?? (string.file == nil ? sourceLanguage : nil), string.isTranslatable,
                !string.isUntranslated,
                string.isSource ?? LanguageTag.matches(language, string.sourceLanguage ?? sourceLanguage),
                string.formatSyntax.markup == .markdown || !string.key.contains("[")
            else { continue }
            for pseudolocale in pseudolocales {
                try budget.take(1, at: string.position ?? SourcePosition(line: 1, column: 1))
                var copy = string
                copy.language = pseudolocale.rawValue
                copy.isSource = false
                copy.placeholderExamples = []
                copy.original = nil
                switch string.formatSyntax.markup {
                case .markdown:
                    // Markdown is rendered later, from the text.
                    copy.spans = []
                    copy.text = pseudolocale.generateGuarding(
                        string.text, placeholders: string.formatSyntax.syntax.placeholderBytes(in:))
                case .resourceSpans:
                    let generated = pseudolocale.generate(
                        string.text, spans: string.resourceSpans, keeping: string.placeholderExamples.map(\.bytes))
                    copy.text = generated.text
                    copy.resourceSpans = generated.spans
                    copy.spans = AndroidStringsFormat.spans(generated.spans, in: generated.text)
                }
                made.append(copy)
            }
        }
        if !made.isEmpty {
            diagnostics.note(
                .pseudolocalesMade(
                    languages: pseudolocales.map(\.rawValue), strings: made.count / pseudolocales.count))
        }
        return made
    }

    /// The first integers (up to four, from 0) ICU's plural rules put in
    /// each category of a language, found once per language: what a
    /// plural form is shown for, in the placeholder check's messages.
    final class PluralNumbers {
        private var known: [String: [String: [Int]]?] = [:]

        func numbers(_ language: String) -> [String: [Int]]? {
            if let found = known[language] { return found }
            let candidates = Array(0...110)
            let found = PluralRules.categories(of: candidates, language: language).map { categories in
                var numbers: [String: [Int]] = [:]
                for (number, category) in zip(candidates, categories) where numbers[category, default: []].count < 4 {
                    numbers[category, default: []].append(number)
                }
                return numbers
            }
            known[language] = found
            return found
        }
    }

    /// Whether `path` is a table file of an `.lproj` folder (`.strings`,
    /// `.stringsdict`), which may be empty.
    static func isTableFile(_ path: String) -> Bool {
        // An ARB file of no messages is a locale gen-l10n generates
        // entirely from the template (Zulip ships `app_hu.arb` as `{}`).
        if path.lowercased().hasSuffix(".arb") { return true }
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2].lowercased().hasSuffix(".lproj") else { return false }
        return path.hasSuffix(".strings") || path.hasSuffix(".stringsdict")
    }

    /// The arguments that name an existing strings file (a shell glob after
    /// `--strings` leaves all files but the first as arguments): texts no
    /// one means to measure.
    public static func stringsFileArguments(_ arguments: [String]) -> [String] {
        arguments.filter { argument in
            let lower = argument.lowercased()
            // A folder too (`--strings app/src/*/res` unquoted leaves all
            // res folders but the first as arguments).
            return
                (StringsFile.extensions.contains { lower.hasSuffix("." + $0) } && SystemCalls.isRegularFile(argument))
                || (argument.contains("/") && AndroidResourceTree.isDirectory(argument))
        }
    }

    /// A warning per key a `.strings` file gives two values: only the
    /// last ships (the first 20; then a count).
    static func warnReplaced(_ strings: [LocalizedString], in path: String, into diagnostics: inout Diagnostics) {
        let replaced = strings.filter { !$0.replaced.isEmpty }
        for string in replaced.prefix(20) {
            diagnostics.warning(
                .duplicateKey(key: string.key, earlierLines: string.replaced.map(\.line)), file: path,
                at: string.position)
        }
        if replaced.count > 20 {
            diagnostics.warning(.moreDuplicateKeys(count: replaced.count - 20), file: path)
        }
    }

    /// One note counting the entries measured in the development language
    /// because they have no translation (as iOS shows them), by language.
    static func noteUntranslated(_ strings: [LocalizedString], into diagnostics: inout Diagnostics) {
        var counts: [String: Int] = [:]
        var entries = Set<String>()
        for string in strings where string.isUntranslated {
            let language = string.language ?? ""
            // One per entry and language, whatever its plural forms.
            guard entries.insert(language + "\u{0}" + string.entry).inserted else { continue }
            counts[language, default: 0] += 1
        }
        guard !counts.isEmpty else { return }
        let source = strings.first { $0.isUntranslated }?.sourceLanguage
        let sorted = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        diagnostics.note(
            .untranslatedMeasured(
                counts: sorted.map { Finding.LanguageCount(language: $0.key, count: $0.value) }, sourceLanguage: source)
        )
    }

    /// One note per limit typefit applied (a string cut to its maximum
    /// length, a string with more substitution forms than are measured),
    /// with how many strings it touched and the first.
    static func noteCaps(_ strings: [LocalizedString], into diagnostics: inout Diagnostics) {
        // A capped expansion's forms share one source string: counted once.
        var sources: [String: (keys: Set<String>, first: String)] = [:]
        var order: [String] = []
        for string in strings {
            guard let note = string.capNote else { continue }
            let source = string.entry + (string.language.map { " (\($0))" } ?? "")
            if sources[note] == nil {
                order.append(note)
                sources[note] = ([], source)
            }
            sources[note]?.keys.insert(source)
        }
        for note in order {
            guard let (keys, first) = sources[note] else { continue }
            let count = keys.count
            diagnostics.note(.capApplied(first: first, note: note, strings: count))
        }
    }

    /// Under `--verbose`, per cell whose face is variable or tracked: the
    /// coordinates and tracking applied (`settings` per cell).
    public static func noteSettings(
        _ cells: [SizedCell], _ settings: [FaceSetting?], into diagnostics: inout Diagnostics
    ) {
        // Per face: the sizes beyond its trak table, said once.
        var beyond: [(location: FaceLocation, range: ClosedRange<Double>, sizes: [Double])] = []
        for (cell, setting) in zip(cells, settings) {
            guard let range = setting?.trackingTableSizes, let location = cell.face?.location else { continue }
            if let i = beyond.firstIndex(where: { $0.location == location }) {
                if !beyond[i].sizes.contains(cell.pointSize) { beyond[i].sizes.append(cell.pointSize) }
            } else {
                beyond.append((location, range, [cell.pointSize]))
            }
        }
        for (location, range, sizes) in beyond {
            diagnostics.note(
                .trackingExtrapolated(
                    face: location.postscriptName ?? location.family ?? "the face", file: location.file,
                    pointSizes: sizes, tableSizes: range))
        }
        for (cell, setting) in zip(cells, settings) {
            guard let setting, let location = cell.face?.location,
                !setting.variations.isEmpty || setting.trackingEms != 0
            else { continue }
            diagnostics.verboseNote(
                .measuredSetting(
                    style: cell.style, category: cell.size.key, pointSize: cell.pointSize,
                    face: location.postscriptName ?? location.family ?? "the face", file: location.file,
                    setting: setting))
        }
    }

    /// One note naming the placeholders typefit's defaults stood in for
    /// (`--sample` values the user chose need no saying).
    public static func notePlaceholderDefaults(
        _ strings: [LocalizedString], platform: Platform? = nil, into diagnostics: inout Diagnostics
    ) {
        // ARB strings are a Flutter app's: measured by another platform's
        // text system, say so.
        if let platform, !platform.isFlutter, let first = strings.first(where: { $0.formatSyntax == .genL10n }) {
            diagnostics.note(.flutterStringsOnNativePlatform(platform), file: first.file)
        }
        var seen = Set<String>()
        var parts: [Finding.PlaceholderSample] = []
        for string in strings {
            for substitution in string.substitutions where substitution.isDefault && !substitution.isPluralNumber {
                guard seen.insert(substitution.placeholder).inserted else { continue }
                parts.append(
                    Finding.PlaceholderSample(placeholder: substitution.placeholder, value: substitution.value))
            }
        }
        guard !parts.isEmpty else { return }
        diagnostics.note(.placeholderSamples(parts))
    }
}

extension SystemFont {
    /// The face a style of `weight` is set in at `pointSize`, marked as
    /// the system font.
    func resolution(weight: Int, pointSize: Double) -> FaceResolution? {
        guard let face = face(weight: weight, pointSize: pointSize) else { return nil }
        var location = FaceLocation(face)
        location.isSystemFont = true
        return FaceResolution(key: nil, postscriptName: face.postscriptName, location: location)
    }
}

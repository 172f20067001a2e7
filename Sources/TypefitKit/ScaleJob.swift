import FontRegistry
import TypefitCore

/// `scale`'s work: the cells of Apple's table, a custom font, a spec or a
/// family on iOS, or a platform's own sizes, with the faces found where the
/// search says.
public struct ScaleJob: Job {
    /// The platform, styles, categories, face and sizes.
    public var request: Request
    /// Where faces are found.
    public var search: FontSearch
    /// The desktop's text scale and where it was read (`--category
    /// system`), asked only when the request names that keyword.
    public var desktopTextScale: @Sendable () -> (factor: Double, source: String)?

    /// Creates a job.
    public init(
        request: Request, search: FontSearch,
        desktopTextScale: @escaping @Sendable () -> (factor: Double, source: String)? = { nil }
    ) {
        self.request = request
        self.search = search
        self.desktopTextScale = desktopTextScale
    }

    /// The report the request asks for (see `run(_:search:…)`).
    public func run(progress: (any ProgressReporting)? = nil, diagnostics: inout Diagnostics) throws(Stopped)
        -> Report
    {
        try Self.run(request, search: search, desktopTextScale: desktopTextScale, diagnostics: &diagnostics)
    }

    /// What `scale` prints: an iOS report, or another platform's.
    public enum Report: Sendable {
        /// iOS: Apple's table, a custom font, a spec or a family.
        case ios(ScaleReport)
        /// watchOS, macOS or Android.
        case platform(PlatformReport)
    }

    /// The report the request asks for: on iOS Apple's table or a custom
    /// size, a spec's faces and sizes, or a family's faces; on another
    /// platform its own. A category keyword is resolved first.
    public static func run(
        _ request: Request, search: FontSearch, desktopTextScale: () -> (factor: Double, source: String)?,
        diagnostics: inout Diagnostics
    ) throws(Stopped) -> Report {
        var request = request
        if let keyword = request.categories, keyword.list == nil,
            [.ios, .watchos, .flutterIOS].contains(request.platform)
        {
            request.categories = .categories(
                try categories(
                    forKeyword: keyword, request: request, desktopTextScale: desktopTextScale,
                    diagnostics: &diagnostics))
        }
        guard request.platform == .ios else { return .platform(try platformReport(request, diagnostics: &diagnostics)) }
        return .ios(try report(request, search: search, diagnostics: &diagnostics))
    }

    /// The iOS report the request asks for: Apple's table or a custom size,
    /// a spec's faces and sizes, or a family's faces.
    public static func report(
        _ request: Request, search: FontSearch, diagnostics: inout Diagnostics
    ) throws(Stopped) -> ScaleReport {
        switch request.face {
        case .spec(let path): return try specReport(path, request, search: search, diagnostics: &diagnostics)
        case .family(let family): return try familyReport(family, request, search: search, diagnostics: &diagnostics)
        case .systemFont, .font: return request.scaleRequest.resolve()
        }
    }

    /// The categories `--category default` or `--category system` stand
    /// for (the desktop's text size mapped to the category whose Body size
    /// is nearest), with a note saying where it came from.
    public static func categories(
        forKeyword keyword: CategorySelection, request platform: Request,
        desktopTextScale: () -> (factor: Double, source: String)?, diagnostics: inout Diagnostics
    ) throws(Stopped) -> [ContentSizeCategory] {
        if let list = keyword.list { return list }
        if keyword == .platformDefault { return [platform.defaultCategory] }
        guard let (factor, source) = desktopTextScale() else {
            diagnostics.error(.desktopScaleUnavailable, status: .cannotRun)
            throw Stopped()
        }
        // The desktop's factor applied to the platform's default Body size.
        let body: [(ContentSizeCategory, Double)] =
            platform.platform == .watchos
            ? WatchTypeTable.categories.compactMap { c in WatchTypeTable.cell("body", c).map { (c, $0.size) } }
            : ContentSizeCategory.allCases.map { ($0, Double(AppleTypeTable.iOS.pointSize(.body, $0))) }
        let base = body.first { $0.0 == platform.defaultCategory }?.1 ?? 17
        let wanted = base * factor
        let nearest = body.min { abs($0.1 - wanted) < abs($1.1 - wanted) }?.0 ?? .large
        diagnostics.note(.desktopScale(factor: factor, source: source, body: wanted, nearest: nearest))
        return [nearest]
    }

    /// The GNOME desktop's text scaling factor, else `GDK_DPI_SCALE`: the
    /// reader `--category system` uses outside tests.
    public static func readDesktopTextScale() -> (factor: Double, source: String)? {
        let command = "gsettings get org.gnome.desktop.interface text-scaling-factor"
        if let line = SystemCalls.firstLine(ofCommand: command),
            let factor = Double(String(line.filter { !"\n'\" \t".contains($0) })),
            factor > 0
        {
            return (factor, "gsettings org.gnome.desktop.interface text-scaling-factor")
        }
        if let raw = SystemCalls.environment("GDK_DPI_SCALE"), let factor = Double(raw), factor > 0 {
            return (factor, "GDK_DPI_SCALE")
        }
        return nil
    }

    /// `scale --spec`: the cells of a spec, with where each face is.
    public static func specReport(
        _ path: String, _ settings: Request, search: FontSearch, diagnostics: inout Diagnostics
    ) throws(Stopped) -> ScaleReport {
        let spec = try SpecFile.load(path, diagnostics: &diagnostics)
        var request = settings.scaleRequest
        let defined = spec.styles.map(\.style)
        if settings.styles != nil {
            if let unknown = request.styles.first(where: { !defined.contains($0) }) {
                // The command line names a style this spec does not have.
                diagnostics.error(
                    .styleNotInSpec(style: unknown.rawValue, defined: defined.map(\.rawValue)), status: .usage,
                    file: path)
                throw Stopped()
            }
        } else {
            request.styles = defined
        }
        request.subject = .spec(spec, name: path)

        let chosen = spec.styles.filter { request.styles.contains($0.style) }
        let wanted = Set(chosen.compactMap { spec.postscriptName(ofFace: $0.face) })
        let sources = FaceSources.load(search) { directoryFaces in
            // Bold Text looks for heavier faces where each face was found.
            settings.boldText || !wanted.allSatisfy { FaceSources.resolves($0, in: directoryFaces) }
        }
        sources.report(into: &diagnostics)
        // A spec names faces as the app passes them to UIFont(name:): a
        // family or full name resolves too, and a note says to what.
        for name in wanted.sorted() {
            guard let (match, _) = sources.lookup(name) else { continue }
            if let note = FaceSources.lookupNote(name, match) { diagnostics.note(note, file: path) }
            sources.reportProvenance(name, match.face, search: search, into: &diagnostics)
        }

        var fallbacks: [String: FaceLocation] = [:]
        for face in spec.faces where wanted.contains(face.postscriptName) && sources.find(face.postscriptName) == nil {
            if let builtIn = FaceSources.builtIn(face.postscriptName) {
                // The app rightly does not ship it: its sizes are the spec's.
                diagnostics.note(.builtInFaceSized(builtIn, face: face.key), file: path)
                continue
            }
            let nearest = NameMatching.suggestions(for: face.postscriptName, among: sources.knownNames)
            var standIn: Finding.Fallback?
            if settings.fallback {
                let (weight, italic) = spec.impliedStyle(ofFace: face.key)
                let family = spec.familyForMatching(ofFace: face.key)
                let match = fallback(family: family, weight: weight, italic: italic, width: spec.width ?? 100, search)
                fallbacks[face.key] = match.face
                standIn = match.description
            }
            diagnostics.warning(
                .specFaceMissing(
                    face: face.key, postscriptName: face.postscriptName, searchedFolders: !search.directories.isEmpty,
                    nearest: nearest, fallback: standIn), file: path)
        }

        var resolutions: [TextStyle: FaceResolution] = [:]
        for style in chosen {
            let name = spec.postscriptName(ofFace: style.face)
            var resolution = FaceResolution(key: style.face, postscriptName: name)
            if let name, let (face, pool) = sources.find(name) {
                resolution.location = FaceLocation(face)
                if settings.boldText { resolution.boldText = FaceMatching.boldTextStep(for: face, in: pool) }
            } else {
                resolution.fallback = fallbacks[style.face]
                if settings.boldText { resolution.boldText = BoldTextStep(face: nil, reason: "the face is missing") }
            }
            resolutions[style.style] = resolution
        }
        return request.resolve(faces: resolutions)
    }

    /// `scale --family`: each style in the family's face nearest its weight
    /// (or `--weight`), as CSS font matching picks it.
    public static func familyReport(
        _ family: String, _ settings: Request, search: FontSearch, diagnostics: inout Diagnostics
    ) throws(Stopped) -> ScaleReport {
        let sources = FaceSources.load(search) { directoryFaces in
            FontCatalog.faces(directoryFaces, inFamily: family).isEmpty
        }
        sources.report(into: &diagnostics)
        let request = settings.scaleRequest
        let pool = sources.pool(withFamily: family)
        let familyFaces = FontCatalog.faces(pool, inFamily: family)
        var resolutions: [TextStyle: FaceResolution] = [:]
        if familyFaces.isEmpty {
            let line = Finding.familyNotFound(
                family: family, scope: search.notFoundScope,
                suggestions: NameMatching.suggestions(for: family, among: sources.familyNames))
            guard settings.fallback else {
                diagnostics.error(line, status: .cannotRun)
                throw Stopped()
            }
            diagnostics.warning(line)
            var byWeight: [Int: FaceLocation] = [:]
            var asked = Set<Int>()
            for style in request.styles {
                let weight = settings.weight ?? AppleTypeTable.iOS.weight(style).openTypeValue
                if asked.insert(weight).inserted {
                    let match = fallback(family: family, weight: weight, italic: false, search)
                    byWeight[weight] = match.face
                    diagnostics.warning(.weightStandIn(weight: weight, fallback: match.description))
                }
                resolutions[style] = FaceResolution(
                    key: nil, postscriptName: nil, fallback: byWeight[weight],
                    boldText: settings.boldText ? BoldTextStep(face: nil, reason: "the family is missing") : nil)
            }
        } else {
            for style in request.styles {
                let weight = settings.weight ?? AppleTypeTable.iOS.weight(style).openTypeValue
                guard let face = FaceMatching.nearest(to: weight, among: familyFaces) else { continue }
                resolutions[style] = FaceResolution(
                    key: nil, postscriptName: face.postscriptName, location: FaceLocation(face),
                    boldText: settings.boldText ? FaceMatching.boldTextStep(for: face, in: pool) : nil)
            }
        }
        return request.resolve(faces: resolutions)
    }

    /// A note naming the spec's styles the platform has no style for (they
    /// are left out).
    static func noteStylesWithoutCounterpart(
        _ styles: [PlatformRequest.SpecStyle], on platform: Platform, spec path: String,
        _ diagnostics: inout Diagnostics
    ) {
        let missing = PlatformRequest.specStylesWithoutCounterpart(styles, on: platform)
        guard !missing.isEmpty else { return }
        diagnostics.note(.styleWithoutCounterpart(platform: platform, styles: missing), file: path)
    }

    /// What fontconfig would use for a family and weight, and how a
    /// missing-face finding says so.
    static func fallback(
        family: String, weight: Int, italic: Bool, width: Int = 100, _ search: FontSearch
    ) -> (face: FaceLocation?, description: Finding.Fallback) {
        do {
            guard let face = try search.registry.fallback(family: family, weight: weight, italic: italic, width: width)
            else {
                return (nil, .nothing(asked: family))
            }
            return (
                FaceLocation(face),
                .face(postscriptName: face.postscriptName, family: face.family, asked: family, weight: weight)
            )
        } catch {
            return (nil, .failed(reason: error.message))
        }
    }

    /// `scale --platform watchos|macos|android`: the platform's cells, a
    /// spec's design sizes scaled the platform's way when there is one
    /// (their line heights keep Apple's ratio at Large for the style).
    public static func platformReport(
        _ settings: Request, diagnostics: inout Diagnostics
    ) throws(Stopped) -> PlatformReport {
        var request = settings.platformRequest
        var family: String?
        if let path = settings.specPath {
            let spec = try SpecFile.load(path, diagnostics: &diagnostics)
            family = spec.family
            request.specStyles = PlatformRequest.SpecStyle.of(spec)
            ScaleJob.noteStylesWithoutCounterpart(
                request.specStyles ?? [], on: settings.platform, spec: path, &diagnostics)
        }
        if let note = settings.watchSizeNote { diagnostics.note(note) }
        if settings.platform == .macos {
            diagnostics.note(.fixedSizes)
        }
        var report = PlatformReport(
            cells: request.resolve(), platform: settings.platform, watchSize: settings.watchSize,
            defaultCategory: settings.defaultCategory, watchSizeDocumented: settings.watchSizeNote == nil,
            androidVersion: settings.androidVersion, designSize: settings.designSize, specPath: settings.specPath,
            family: family)
        report.flutterVersion = settings.flutterVersion
        report.textScaleClamp = settings.textScaleClamp
        return report
    }
}

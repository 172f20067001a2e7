import Synchronization
import TypefitCore

/// Reads font files and folders that need not be installed: folders
/// recursively (symbolic links followed while they stay in the folder's
/// tree, loops cut), fonts recognised by
/// their first bytes, on every core.
///
/// OpenType/TrueType files and collections are read by `SFNTReader` from
/// the few tables a listing needs; anything else (WOFF, Type 1, PCF, BDF), and
/// any sfnt file that reader does not vouch for, is asked of fontconfig, as
/// `fc-scan` does. Each file is one job; workers take the next job as they
/// finish, each with its own FreeType library (FreeType handles are not
/// thread-safe), and results are put back in the order the files were found,
/// so output never depends on scheduling.
enum FontScanner {
    /// A file to read, and how it was reached.
    struct Job {
        var path: String
        /// Named on the command line (its failure is an error).
        var named: Bool
        /// The path relative to the folder it was found in (`UIAppFonts`).
        var relativePath: String
    }

    /// What reading one file gave.
    struct Outcome {
        var faces: [FontFace] = []
        var problem: ScanProblem?
        /// A file that is a font in a format nothing here reads (and iOS
        /// does not load): said as a note, not a warning.
        var note: ScanProblem?
    }

    /// How many workers read files: one per core, at most 16.
    static var workerCount: Int {
        let cores = SystemCalls.processorCount
        return min(max(cores, 1), 16)
    }

    /// Scans `paths`; `afterListing` runs between finding the files and
    /// reading them (tests use it to pull a file away meanwhile).
    static func scan(
        _ paths: [String], workers: Int = workerCount, afterListing: ([Job]) -> Void = { _ in }
    ) -> ScanResult {
        var jobs: [Job] = []
        var problems: [ScanProblem] = []
        var visited = Set<FileIdentity>()
        for path in paths {
            // The path as given is walked by the rule for every input: a
            // committed `Fonts -> /` is not the app's fonts.
            if case .failure(let error) = InputPaths.resolve(path), error.isRefusal {
                problems.append(ScanProblem(path: path, reason: error.reason, wasNamed: true))
                continue
            }
            switch SystemCalls.classify(path) {
            case .missing(let reason):
                problems.append(ScanProblem(path: path, reason: reason, wasNamed: true))
            case .directory:
                collect(
                    directory: path, root: path, tree: tree(of: path), into: &jobs, problems: &problems,
                    visited: &visited)
            case .regular:
                jobs.append(Job(path: path, named: true, relativePath: lastPathComponent(path)))
            case .other:
                problems.append(ScanProblem(path: path, reason: "not a regular file", wasNamed: true))
            }
        }
        afterListing(jobs)
        let outcomes = run(jobs, workers: workers)
        var faces: [FontFace] = []
        var files: [(path: String, relativePath: String)] = []
        var notes: [ScanProblem] = []
        for (job, outcome) in zip(jobs, outcomes) {
            faces += outcome.faces
            if let problem = outcome.problem { problems.append(problem) }
            if let note = outcome.note { notes.append(note) }
            if !outcome.faces.isEmpty { files.append((job.path, job.relativePath)) }
        }
        return ScanResult(
            faces: FontCatalog.mergingDuplicateFiles(
                faces, identity: SystemCalls.identity, preferred: FontRegistry.preferredPath),
            problems: problems, files: files, notes: notes)
    }

    /// Reads every job, `workers` at a time; the outcomes in job order.
    static func run(_ jobs: [Job], workers: Int) -> [Outcome] {
        let results = Slots<Outcome>(count: jobs.count, initial: Outcome())
        let next = Atomic<Int>(0)
        let workerCount = min(max(workers, 1), max(jobs.count, 1))
        WorkerThreads.run(count: workerCount) { _ in
            var reader = FileReader()
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < jobs.count else { break }
                results.store(reader.read(jobs[i]), at: i)
            }
        }
        return results.take()
    }

    /// The files under `path` (a folder, searched as `scan` searches it, or
    /// a file) named or made like a font, in the order found, at most
    /// `limit`: a walk and a 16-byte read per file, no table read (the
    /// first one ends `holdsFont`, so a folder of fonts costs one read).
    static func fontFiles(_ path: String, limit: Int = .max) -> [String] {
        var problems: [ScanProblem] = []
        return fontFiles(path, limit: limit, problems: &problems)
    }

    /// `fontFiles`, and what the search met that it could not use.
    static func fontFiles(_ path: String, limit: Int = .max, problems: inout [ScanProblem]) -> [String] {
        var jobs: [Job] = []
        var visited = Set<FileIdentity>()
        if case .failure(let error) = InputPaths.resolve(path), error.isRefusal { return [] }
        switch SystemCalls.classify(path) {
        case .directory:
            collect(
                directory: path, root: path, tree: tree(of: path), into: &jobs, problems: &problems, visited: &visited
            )
        case .regular: jobs = [Job(path: path, named: true, relativePath: lastPathComponent(path))]
        case .missing, .other: return []
        }
        var found: [String] = []
        for job in jobs where found.count < limit {
            let isFont =
                FontRegistry.hasFontExtension(job.path)
                || SystemCalls.withOpenFile(job.path) { fd in
                    fd.flatMap { SystemCalls.read($0, offset: 0, count: 16) }.map(FontFormat.isKnown) ?? false
                }
            if isFont { found.append(job.path) }
        }
        return found
    }

    /// Whether `path` holds a file named or made like a font.
    static func holdsFont(_ path: String) -> Bool { !fontFiles(path, limit: 1).isEmpty }

    /// The files under `path` whose names are not UTF-8 (escaped): a
    /// folder that holds no other font is said to hold these.
    static func namesNotUTF8(_ path: String) -> [String] {
        var problems: [ScanProblem] = []
        _ = fontFiles(path, problems: &problems)
        return problems.filter { $0.reason == SystemCalls.notUTF8Reason() }.map(\.path)
    }

    /// The tree the links in the folder `path` must stay inside, as for an
    /// output path (`LinkTree`, REFERENCE "Symbolic links"): the git
    /// repository holding the folder (a committed `Fonts/shared ->
    /// ../../Shared/Fonts` is the app's own), else the working folder when
    /// the folder is inside it; `.owner(0)`'s rule (a link of this user's or
    /// root's is followed) for a folder in neither, such as
    /// `/usr/share/fonts`, whose packages link folders elsewhere
    /// (`opentype/mathjax`). A committed `Fonts/root -> /` listed the whole
    /// machine's fonts as the app's. `nil` when the folder cannot be named:
    /// then no link is followed.
    static func tree(of path: String) -> LinkTree? {
        guard let folder = SystemCalls.canonicalPath(path) else { return nil }
        return LinkTree.of(folder, workingFolder: SystemCalls.workingFolder()) ?? .owner(0)
    }

    /// Why the link at `path` is not followed from a folder of `tree`, or
    /// `nil` when it is.
    static func refusal(ofLink path: String, in tree: LinkTree?) -> String? {
        guard let target = SystemCalls.canonicalPath(path) else { return nil }  // dangling: reported below
        switch tree {
        case .repository(let top)?, .workingFolder(let top)?:
            guard !LinkTree.isInside(target, top), let tree else { return nil }
            return "a symbolic link leading outside \(tree.name) (to \(target)): not followed"
        case .owner?:
            guard let owner = SystemCalls.linkOwner(path), !LinkTree.trusts(owner: owner) else { return nil }
            return "a symbolic link of another user (uid \(owner)): not followed"
        case nil:
            return "a symbolic link in a folder that cannot be named: not followed"
        }
    }

    static func collect(
        directory: String, root: String, tree: LinkTree?, into jobs: inout [Job], problems: inout [ScanProblem],
        visited: inout Set<FileIdentity>
    ) {
        // Following symlinked directories can loop; remember where we have been.
        if let id = SystemCalls.identity(directory), !visited.insert(id).inserted {
            problems.append(
                ScanProblem(
                    path: directory, reason: "already searched (a symbolic link loops back to it)", wasNamed: false))
            return
        }
        guard let entries = SystemCalls.entries(directory) else {
            problems.append(
                ScanProblem(
                    path: directory, reason: "cannot read directory: \(SystemCalls.lastError())", wasNamed: true))
            return
        }
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let rootBase = root.hasSuffix("/") ? String(root.dropLast()) : root
        for entry in entries where !entry.name.hasPrefix(".") {
            let name = entry.name
            let path = base + "/" + name
            guard entry.isUTF8 else {
                problems.append(ScanProblem(path: path, reason: SystemCalls.notUTF8Reason(), wasNamed: false))
                continue
            }
            // A link is followed only where it leads stays in the tree; a
            // dangling one or a loop is reported below as before.
            if entry.isLink, let reason = refusal(ofLink: path, in: tree) {
                problems.append(ScanProblem(path: path, reason: reason, wasNamed: false))
                continue
            }
            let relative = String(path.dropFirst(rootBase.count + 1))
            let looksLikeFont = FontRegistry.hasFontExtension(name)
            switch SystemCalls.classify(path) {
            case .directory:
                if looksLikeFont {
                    problems.append(
                        ScanProblem(
                            path: path, reason: "a directory named like a font file (searched as a folder)",
                            wasNamed: false))
                }
                collect(
                    directory: path, root: root, tree: tree, into: &jobs, problems: &problems, visited: &visited)
            case .regular:
                // Every file is looked at: fonts are recognised by content.
                jobs.append(Job(path: path, named: false, relativePath: relative))
            case .other where looksLikeFont:
                problems.append(
                    ScanProblem(path: path, reason: "not a regular file (a FIFO, socket or device)", wasNamed: false))
            case .missing(let reason) where looksLikeFont || SystemCalls.isSymlink(path):
                problems.append(ScanProblem(path: path, reason: reason, wasNamed: false))
            default:
                break
            }
        }
    }
}

/// The faces of scanned files, what went wrong, and which files gave faces.
public struct ScanResult: Sendable {
    /// Every face read.
    public var faces: [FontFace]
    /// Files and folders that could not be used, in the order met.
    public var problems: [ScanProblem]
    /// The files that gave at least one face, each with its path relative
    /// to the folder it was found in (its own name when named), in the
    /// order met.
    public var files: [(path: String, relativePath: String)]
    /// Font files in formats not read (Embedded OpenType, SVG fonts): notes.
    public var notes: [ScanProblem] = []
}

/// One worker's way of reading a file: the sfnt reader first, fontconfig for
/// the rest, FreeType to say why a file is not a font.
struct FileReader {
    private var namer = NameVerifier()

    mutating func read(_ job: FontScanner.Job) -> FontScanner.Outcome {
        let path = job.path
        let looksLikeFont = FontRegistry.hasFontExtension(path)
        func problem(_ reason: String) -> FontScanner.Outcome {
            // A file found in a folder that neither looks nor reads like a
            // font (a README, a licence) is not a problem.
            guard job.named || looksLikeFont else { return FontScanner.Outcome() }
            return FontScanner.Outcome(problem: ScanProblem(path: path, reason: reason, wasNamed: job.named))
        }
        let opened = SystemCalls.withOpenFile(path) { fd -> Result<OpenedFile, ReadFailure> in
            guard let fd else { return .failure(ReadFailure("cannot open: \(SystemCalls.lastError())")) }
            guard let size = SystemCalls.regularFileSize(fd) else {
                return .failure(ReadFailure("not a regular file"))
            }
            guard size > 0 else { return .failure(ReadFailure("empty file")) }
            guard let magic = SystemCalls.read(fd, offset: 0, count: 16) else {
                return .failure(ReadFailure("cannot read: \(SystemCalls.lastError())"))
            }
            guard SFNTReader.isSFNT(magic) else { return .success((size, magic, nil)) }
            let faces = Result { () throws(SFNTReader.Failure) in
                try SFNTReader.scan(
                    file: path, size: size, nameRule: FreeTypeLibrary.nameRule, read: SystemCalls.prefixReader(fd))
            }
            return .success((size, magic, faces))
        }
        let sfntFailure: String?
        switch opened {
        case .failure(let failure):
            return problem(failure.reason)
        case .success(let file):
            switch file.sfnt {
            case .success(let read)?:
                // A note (skipped names) is a warning whoever named the file.
                let note = read.note.map { ScanProblem(path: path, reason: $0, wasNamed: false) }
                return FontScanner.Outcome(faces: read.faces, problem: note)
            case .failure(.damaged(let reason))?:
                sfntFailure = "damaged font: \(reason)"
            case .failure(.unsupported)?, nil:
                if let format = FontFormat.unreadWebFormat(path: path) {
                    // Not skipped without a word: an app folder's web page
                    // may carry these, and iOS loads neither.
                    let note = "\(format): a web font format neither fontconfig nor iOS reads; skipped"
                    return FontScanner.Outcome(note: ScanProblem(path: path, reason: note, wasNamed: job.named))
                }
                guard job.named || looksLikeFont || FontFormat.isKnown(file.magic) else { return FontScanner.Outcome() }
                sfntFailure = nil
            }
        }
        if case .success(let file) = opened, FontFormat.isBitmapCandidate(file.magic) {
            switch namer.bitmapFace(file: path) {
            case .success(let face)?: return FontScanner.Outcome(faces: [face])
            case .failure(let refusal)?: return problem(refusal.reason)
            case nil: break
            }
        }
        // fontconfig reads the other formats and decides on odd sfnt files,
        // exactly as fc-scan would.
        var faces: [FontFace] = []
        let read = queryFontFile(path) { raw in
            if let face = namer.face(from: raw) { faces.append(face) }
        }
        faces += faces.flatMap(namer.mergedInstances)
        if read > 0 {
            // fontconfig lists what it can of a damaged sfnt file (under
            // its file name when the names are gone); say what is wrong.
            let warning = sfntFailure.map {
                ScanProblem(path: path, reason: $0 + "; listed as fontconfig reads it", wasNamed: false)
            }
            return FontScanner.Outcome(faces: faces, problem: warning)
        }
        if let sfntFailure { return problem(sfntFailure) }
        let reason =
            namer.openFailure(file: path).map { "not a font FreeType can read: \($0)" }
            ?? "no face fontconfig can use (bitmap font without a Unicode character map?)"
        return problem(reason)
    }
}

/// A file opened for reading: its size, first bytes, and what the sfnt
/// reader made of it (`nil` when it is not sfnt).
private typealias OpenedFile = (
    size: Int, magic: [UInt8], sfnt: Result<(faces: [FontFace], note: String?), SFNTReader.Failure>?
)

private struct ReadFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Font files by name, for scheduling: those whose names take the most
/// work to read.
enum FileFormats {
    /// Web fonts (a compressed name table) and Type 1 fonts (FreeType
    /// parses the whole font to give its name), by extension, on the C
    /// string fontconfig holds (no Swift string made for thousands of
    /// files).
    static func isSlowToName(_ file: UnsafePointer<CChar>?) -> Bool {
        guard let file else { return false }
        var length = 0
        while file[length] != 0 { length += 1 }
        func ends(_ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            guard length >= count else { return false }
            return suffix.withUTF8Buffer { tail in
                (0..<count).allSatisfy { i in
                    let byte = UInt8(bitPattern: file[length - count + i])
                    return (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == tail[i]
                }
            }
        }
        return ends(".woff") || ends(".woff2") || ends(".pfb") || ends(".pfa") || ends(".t1")
    }
}

/// Font formats recognised by their first bytes besides sfnt.
enum FontFormat {
    /// PCF, BDF, or gzip (which holds one of them when it holds a font).
    /// An Embedded OpenType (`.eot`) file, or an SVG file that holds an SVG
    /// font (`<font`): what it is, or `nil`.
    static func unreadWebFormat(path: String) -> String? {
        let lower = path.lowercased()
        if lower.hasSuffix(".eot") { return "an Embedded OpenType (.eot) font" }
        guard lower.hasSuffix(".svg") else { return nil }
        let head = SystemCalls.withOpenFile(path) { fd in fd.flatMap { SystemCalls.read($0, offset: 0, count: 65_536) }
        }
        guard let head, String(decoding: head, as: UTF8.self).contains("<font") else { return nil }
        return "an SVG font"
    }

    static func isBitmapCandidate(_ magic: [UInt8]) -> Bool {
        magic.starts(with: Array("\u{1}fcp".utf8)) || magic.starts(with: Array("STARTFONT".utf8))
            || magic.starts(with: [0x1F, 0x8B])
    }

    static func isKnown(_ magic: [UInt8]) -> Bool {
        func starts(_ text: String) -> Bool { magic.starts(with: Array(text.utf8)) }
        return SFNTView.Container(magic: magic) != nil || starts("%!PS-AdobeFont") || starts("%!FontType1")
            || starts("\u{1}fcp") || starts("STARTFONT") || magic.starts(with: [0x80, 0x01])
            || magic.starts(with: [0x1F, 0x8B])  // gzip: compressed PCF or BDF
    }
}

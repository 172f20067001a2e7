import Foundation
import Testing
import TypefitCore
import TypefitTestSupport

@testable import FontRegistry

/// Opt-in (`make agreement`): every font file under every font root of the
/// machine (the folders of `fc-list`'s files) and under the folders in
/// `TYPEFIT_AGREEMENT_DIRS` (colon-separated), read by `typefit list-fonts
/// --dir`'s scanner and by `fc-scan` itself, field for field. Off by
/// default: tests never depend on the machine's fonts.
@Suite struct SystemFontAgreementTests {
    static let environment = ProcessInfo.processInfo.environment
    static let enabled = environment["TYPEFIT_AGREEMENT"] != nil

    /// The folders fontconfig's installed fonts live in, each only once
    /// (a folder inside another is covered by it), plus the extra ones.
    static func roots() throws -> [String] {
        var folders = Set<String>()
        for record in try FontconfigTools.listInstalled() {
            guard let file = record["file"], let slash = file.lastIndex(of: "/") else { continue }
            folders.insert(String(file[..<slash]))
        }
        let extra = (environment["TYPEFIT_AGREEMENT_DIRS"] ?? "").split(separator: ":").map(String.init)
        // The shallowest folder under /usr/share/fonts (or any folder given)
        // that holds a font: collapse nested folders into their parents.
        var candidates = Set(extra)
        for folder in folders {
            let parts = folder.split(separator: "/")
            // /usr/share/fonts/truetype/dejavu -> /usr/share/fonts/truetype
            let root = parts.count > 4 ? "/" + parts.prefix(4).joined(separator: "/") : folder
            candidates.insert(root)
        }
        let sorted = candidates.sorted()
        return sorted.filter { root in !sorted.contains { $0 != root && root.hasPrefix($0 + "/") } }
    }

    @Test(.enabled(if: enabled, "set TYPEFIT_AGREEMENT=1 (make agreement)"))
    func everyFileReadsAsFcScanReadsIt() throws {
        var files = 0, faces = 0, formats: [String: Int] = [:]
        var differences: [FcScanComparison.Difference] = []
        for root in try Self.roots() {
            let theirs = Dictionary(grouping: try FontconfigTools.scan([root])) { $0["file"] ?? "" }
            let scan = FontRegistry.scanFiles([root])
            var ours: [String: [FontFace]] = [:]
            for face in scan.faces {
                for path in [face.file] + face.otherFiles { ours[path, default: []].append(face) }
            }
            for file in Set(theirs.keys).union(ours.keys).sorted() {
                let mine = ours[file] ?? [], reference = theirs[file] ?? []
                files += 1
                faces += reference.count
                for face in mine { formats[face.format ?? "-", default: 0] += 1 }
                differences += FcScanComparison.differences(file: file, ours: mine, theirs: reference)
            }
            print("agreement: \(root): \(theirs.count) files, \(theirs.values.reduce(0) { $0 + $1.count }) faces")
        }
        let byFormat = formats.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("agreement: \(files) files, \(faces) faces (\(byFormat)), \(differences.count) differences")
        for difference in differences.prefix(200) { print("  " + difference.description) }
        #expect(differences.isEmpty, "\(differences.count) differences; the first: \(differences.prefix(5))")
    }
}

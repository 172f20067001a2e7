import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCore

/// Opt-in (`make android-agreement ANDROID_RES=folder`, which sets
/// TYPEFIT_ANDROID_RES): every values file under a folder (an app's
/// sources) read by typefit and by aapt2, value for value, as
/// `AndroidValuesTests` compares the fixtures. Every value must be
/// aapt2's, every file aapt2 reads typefit reads; where aapt2 2.19 refuses
/// a file that builds (text between resources, which the Android Gradle
/// Plugin's newer aapt2 passes), typefit reads it and the run says so.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["TYPEFIT_ANDROID_RES"] != nil))
struct AndroidAppsAgreementTests {
    @Test func everyValueOfAnAppIsAapt2s() throws {
        let root = ProcessInfo.processInfo.environment["TYPEFIT_ANDROID_RES"] ?? ""
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let parts = relative.split(separator: "/")
            guard relative.hasSuffix(".xml"), parts.count >= 2, parts[parts.count - 2].hasPrefix("values") else {
                continue
            }
            files.append(root + "/" + relative)
        }
        var (compared, differing, bothRefused, onlyOursRefused, onlyTheirsRefused, skipped) = (0, 0, 0, 0, 0, 0)
        var (pseudoCompared, pseudoDiffering, styledCompared, sectionsCompared) = (0, 0, 0, 0)
        // The first few of each kind are printed.
        var shown = 0
        for file in files.sorted() {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
            guard AndroidValuesFile.isResourceFile(bytes) else { skipped += 1; continue }
            let (expected, error) = try AndroidValuesTests.aapt2(file)
            var ours: [String: AndroidValuesTests.Dumped] = [:]
            var ourError: String?
            do {
                ours = AndroidValuesTests.ours(
                    try AndroidValuesFile.read(bytes, fileName: (file as NSString).lastPathComponent))
            } catch {
                ourError = "\(error.position.line): \(error.message)"
            }
            switch (ourError, error) {
            case (nil, nil): break
            case (.some, .some):
                bothRefused += 1
                continue
            case (.some(let ours), nil):
                onlyOursRefused += 1
                if shown < 40 { print("OURS REFUSED \(file): \(ours)"); shown += 1 }
                continue
            case (nil, .some(let theirs)):
                onlyTheirsRefused += 1
                #expect(theirs.contains("error: plain text not allowed here"), "\(file): \(theirs)")
                if shown < 40 { print("AAPT2 REFUSED \(file): \(theirs.prefix(300))"); shown += 1 }
                continue
            }
            // The default configuration's pseudolocales, as aapt2's.
            if (file as NSString).deletingLastPathComponent.hasSuffix("/values"), ourError == nil {
                let out = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "typefit-p-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: out) }
                let pseudo = try Aapt2.pseudolocales(file, into: out)
                let styledOut = out.appendingPathComponent("styled")
                try FileManager.default.createDirectory(at: styledOut, withIntermediateDirectories: true)
                let styled = try Aapt2.styledPseudolocales(file, into: styledOut)
                let entries = try AndroidValuesFile.read(bytes, fileName: (file as NSString).lastPathComponent)
                for entry in entries where entry.kind == .string && entry.isTranslatable {
                    let value = entry.forms[0].value
                    guard value.reference == nil, !value.text.contains("\n") else { continue }
                    for pseudolocale in AndroidPseudolocale.allCases {
                        let configuration = pseudolocale == .accented ? "en-rXA" : "ar-rXB"
                        let made = pseudolocale.generate(
                            value.text, spans: value.spans, keeping: value.placeholders.map(\.bytes))
                        let ours: String
                        let theirs: String?
                        if value.isStyled {
                            ours =
                                Aapt2.Styled(
                                    text: made.text, spans: made.spans.map { "\($0.name):\($0.first),\($0.last)" }
                                ).description
                            theirs = styled["string/\(entry.name)"]?[configuration]?.description
                        } else {
                            ours = made.text
                            theirs = pseudo["string/\(entry.name)"]?[configuration]
                        }
                        guard let theirs else { continue }
                        pseudoCompared += 1
                        if value.isStyled { styledCompared += 1 }
                        if !value.placeholders.isEmpty { sectionsCompared += 1 }
                        if ours != theirs {
                            pseudoDiffering += 1
                            if shown < 40 {
                                print("PSEUDO \(file) \(entry.name): ours \(ours) | aapt2 \(theirs)")
                                shown += 1
                            }
                        }
                    }
                }
            }
            for (key, value) in ours {
                guard let theirs = expected[key] else { continue }
                compared += 1
                if value != theirs {
                    differing += 1
                    if shown < 40 { print("DIFF \(file) \(key): ours \(value) | aapt2 \(theirs)"); shown += 1 }
                }
            }
        }
        print(
            "\(files.count) files (\(skipped) not resource files): \(compared) values compared, \(differing) "
                + "differing; refused by both \(bothRefused), by typefit only \(onlyOursRefused), by aapt2 only "
                + "\(onlyTheirsRefused); pseudolocales: \(pseudoCompared) compared (\(styledCompared) styled, "
                + "\(sectionsCompared) with xliff:g), \(pseudoDiffering) differing")
        #expect(pseudoDiffering == 0)
        #expect(compared > 0)
        #expect(differing == 0)
        #expect(onlyOursRefused == 0)
    }
}

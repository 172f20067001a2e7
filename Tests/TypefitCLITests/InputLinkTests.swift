import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// One rule for every input (REFERENCE, "Symbolic links"): every kind of
/// input meets the same link attacks inside a checkout — a link as given,
/// on the way, as the last component, into `.git`, `Fonts -> /`, chains
/// and loops — and none reads what lies outside (the secrets never reach
/// stdout or stderr); links that stay inside are followed, a file once.
@Suite struct InputLinkTests {
    static let secret = "SECRET-TOKEN-0042"

    /// A checkout (with a `.git` folder whose config holds a token) and a
    /// folder outside it holding strings, a spec and a res folder.
    struct Tree {
        let root: URL
        var repo: URL { root.appendingPathComponent("repo") }
        var outside: URL { root.appendingPathComponent("outside") }

        init() throws {
            root = Fixtures.temporaryDirectory("input-links")
            let fm = FileManager.default
            let en = root.appendingPathComponent("repo/Resources/en.lproj")
            try fm.createDirectory(at: en, withIntermediateDirectories: true)
            try "\"ok\" = \"OK\";\n".write(
                to: en.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
            try fm.createDirectory(at: root.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
            try "[http]\n\textraheader = AUTHORIZATION: basic \(InputLinkTests.secret)\n".write(
                to: root.appendingPathComponent("repo/.git/config"), atomically: true, encoding: .utf8)
            let values = root.appendingPathComponent("outside/src/main/res/values")
            try fm.createDirectory(at: values, withIntermediateDirectories: true)
            try "<resources><string name=\"s\">\(InputLinkTests.secret)</string></resources>\n".write(
                to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
            try "\"s\" = \"\(InputLinkTests.secret)\";\n".write(
                to: root.appendingPathComponent("outside/secret.strings"), atomically: true, encoding: .utf8)
            try "{\"family\": \"\(InputLinkTests.secret)\"}\n".write(
                to: root.appendingPathComponent("outside/spec.json"), atomically: true, encoding: .utf8)
        }

        func link(_ path: String, _ target: String) throws {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
    }

    static let fit = [
        "fit", "--fontconfig-file", Fixtures.fontconfigFile, "--width", "300", "--style", "body", "--font",
        "TypefitSans-Regular",
    ]

    /// Each attack: its links (in the checkout), and the arguments (paths
    /// relative to the checkout are made absolute).
    static let attacks: [(name: String, links: [(String, String)], arguments: [String], reason: String)] = [
        (
            "a link on the way to a res folder", [("app/src", "../../outside/src")], fit + ["--strings", "@/app"],
            "leads outside"
        ),
        ("a link as given", [("evil", "../outside/src/main")], fit + ["--strings", "@/evil/res"], "leads outside"),
        (
            "the last component", [("Resources/zz.lproj/Localizable.strings", "../../../outside/secret.strings")],
            fit + ["--strings", "@/Resources/zz.lproj/Localizable.strings"], "leads outside"
        ),
        (
            "a strings file into .git", [("strings.txt", ".git/config")], fit + ["--strings", "@/strings.txt"],
            ".git folder"
        ),
        ("a path into .git", [], fit + ["--strings", "@/Resources/../.git/config"], ".git folder"),
        (
            "a chain", [("a.strings", "b.strings"), ("b.strings", "c/secret.strings"), ("c", "../outside")],
            fit + ["--strings", "@/a.strings"], "leads outside"
        ),
        (
            "a loop", [("l1.strings", "l2.strings"), ("l2.strings", "l1.strings")],
            fit + ["--strings", "@/l1.strings"],
            "symbolic link loop"
        ),
        (
            "a values folder", [("res/values", "../../outside/src/main/res/values")], fit + ["--strings", "@/res"],
            "leads outside"
        ),
        (
            "a spec", [("spec.json", "../outside/spec.json")],
            ["scale", "--spec", "@/spec.json", "--fontconfig-file", Fixtures.fontconfigFile], "leads outside"
        ),
        (
            "a rules file", [("rules.json", "../outside/spec.json")],
            [
                "fit", "--fontconfig-file", Fixtures.fontconfigFile, "--rules", "@/rules.json", "--strings",
                "@/Resources/en.lproj/Localizable.strings",
            ], "leads outside"
        ),
    ]

    @Test(arguments: 0..<attacks.count)
    func anAttackReadsNothingOutside(index: Int) throws {
        let attack = Self.attacks[index]
        let tree = try Tree()
        for (path, target) in attack.links { try tree.link(path, target) }
        let arguments = attack.arguments.map { $0.replacingOccurrences(of: "@/", with: tree.repo.path + "/") }
        let outcome = TypefitCommand.run(arguments)
        #expect(outcome.status == .cannotRun, "\(attack.name): \(outcome.stderr)")
        #expect(outcome.stderr.contains(attack.reason), "\(attack.name): \(outcome.stderr)")
        #expect(!outcome.stderr.contains(Self.secret) && !outcome.stdout.contains(Self.secret), "\(attack.name)")
    }

    /// `--fonts-dir Fonts` where `Fonts -> /`: the machine's fonts are not
    /// the app's.
    @Test func aFontsFolderLinkedToTheRootIsNotWalked() throws {
        let tree = try Tree()
        try tree.link("Fonts", "/")
        let outcome = TypefitCommand.run([
            "list-fonts", "--dir", tree.repo.appendingPathComponent("Fonts").path, "--format", "json",
        ])
        #expect(outcome.stderr.contains("leads outside"), "\(outcome.stderr)")
        #expect(!outcome.stdout.contains("postscriptName"))
    }

    /// Links that stay inside are followed; a file reached by a hundred of
    /// them is read once.
    @Test func linksInsideAreReadOnce() throws {
        let tree = try Tree()
        var arguments = Self.fit + ["--strings", tree.repo.path + "/Resources/en.lproj/Localizable.strings"]
        for n in 0..<100 {
            try tree.link("Resources/x\(n).lproj", "en.lproj")
            arguments += ["--strings", tree.repo.path + "/Resources/x\(n).lproj/Localizable.strings"]
        }
        let outcome = TypefitCommand.run(arguments + ["--format", "json"])
        #expect(outcome.status == .success, "\(outcome.stderr)")
        #expect(outcome.stderr.components(separatedBy: "read once").count - 1 == 100)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdoutBytes)) as? [String: Any])
        #expect((json["results"] as? [Any])?.count == 1)
    }
}

import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// What the framework does for every command alike: `--verbose` and
/// `--strict` applied to whatever a command reports, declarations that
/// cannot clash, and typefit's own declaration behind its help, manual and
/// completions.
@Suite struct FrameworkTests {
    /// A folder of five files that are not fonts, all for one reason.
    static let brokenFolder: String = {
        let dir = Fixtures.temporaryDirectory("verbose")
        for i in 1...5 {
            try? FileManager.default.copyItem(
                at: Fixtures.broken.appendingPathComponent("garbage.ttf"),
                to: dir.appendingPathComponent("broken\(i).ttf"))
        }
        return dir.path
    }()

    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]

    /// Every command that reads fonts, reading the broken folder.
    static let readers: [(name: String, arguments: [String])] = [
        ("list-fonts", ["list-fonts", "--dir", brokenFolder, "--format", "plain"]),
        ("scale", ["scale", "--spec", Fixtures.path("specs/TypefitSans.json"), "--fonts-dir", brokenFolder] + config),
        ("check", ["check", "--spec", Fixtures.path("specs/TypefitSans.json"), "--fonts-dir", brokenFolder] + config),
        (
            "measure",
            ["measure", "x", "--style", "body", "--font", "TypefitSans-Regular", "--fonts-dir", brokenFolder] + config
        ),
        (
            "fit",
            [
                "fit", "x", "--width", "100", "--style", "body", "--font", "TypefitSans-Regular", "--fonts-dir",
                brokenFolder,
            ]
                + config
        ),
        (
            "specimen",
            [
                "specimen", "--style", "body", "--category", "large", "--font", "TypefitSans-Regular", "--fonts-dir",
                brokenFolder,
            ]
                + config
        ),
        (
            "review",
            [
                "review", "Hi", "--width", "300", "--style", "body", "--category", "large", "--font",
                "TypefitSans-Regular", "--fonts-dir", brokenFolder,
            ]
                + config
        ),
    ]

    @Test func everyCommandThatReadsFontsIsCovered() {
        #expect(Self.readers.map(\.name) == Typefit.subcommandNames)
    }

    /// Five files sharing a reason: one counted line, or with --verbose one
    /// line each, in every command.
    @Test(arguments: readers.map(\.name))
    func verboseListsEachFile(command: String) throws {
        let arguments = try #require(Self.readers.first { $0.name == command }).arguments
        let grouped = TypefitCommand.run(arguments)
        let groupedLines = grouped.stderr.split(separator: "\n").filter { $0.contains("not a font FreeType") }
        #expect(groupedLines.count == 1, "\(grouped.stderr)")
        #expect(groupedLines.first?.contains("5 files: ") == true && groupedLines.first?.contains("--verbose") == true)
        let verbose = TypefitCommand.run(arguments + ["--verbose"])
        let lines = verbose.stderr.split(separator: "\n").filter { $0.contains("not a font FreeType") }
        #expect(lines.count == 5, "\(command): \(verbose.stderr)")
        for i in 1...5 {
            #expect(lines.contains { $0.contains("\(Self.brokenFolder)/broken\(i).ttf: not a font") })
        }
        #expect(verbose.stdout == grouped.stdout)
    }

    /// Declarations the parser could not tell apart, or values help could
    /// not show, are caught here rather than by a user.
    @Test(arguments: Typefit.subcommandNames + Typefit.builtinNames)
    func declarationsAreWellFormed(command: String) throws {
        let configuration = try #require(Typefit.subcommand(named: command)).configuration
        #expect(configuration.declarationProblems.isEmpty, "\(configuration.declarationProblems)")
    }

    @Test func declarationProblemsAreFound() {
        let clash = CommandConfiguration(
            commandName: "x", abstract: "X.",
            options: [
                .flag("--a", help: "A."), .flag("--a", help: "Again."), .flag("-b", help: "Short."),
                .option("--c", "c", help: "C.", values: [], validatesValues: true),
                .option("--d", "d", help: "D.", values: ["one", "One"], validatesValues: true),
                .flag("--help", help: "Help."),
            ])
        #expect(
            clash.declarationProblems == [
                "'--a' is declared twice", "'-b' does not start with '--'",
                "'--c' checks its values but declares none", "'--d' declares 'One' twice (values are case-insensitive)",
                "'--help' is typefit's own",
            ])
    }

    /// typefit's own options come from its declaration, and so do the root
    /// parts of its help, manual and completions.
    @Test func theRootIsDeclared() throws {
        let overview = TypefitCommand.run(["--help"]).stdout
        for option in Typefit.options where !option.isHidden {
            #expect(overview.contains("  " + option.label), "\(option.name)")
        }
        let manual = TypefitCommand.run(["--generate-manual"]).stdout
        #expect(manual.contains(".B typefit\n\\fB\\-\\-generate\\-manual\\fR [\\fIsubcommand\\fR]\n"))
        #expect(manual.contains("\\fB\\-\\-generate\\-manual\\fR \\fB\\-\\-output\\-directory\\fR \\fIpath\\fR"))
        #expect(manual.contains(".B typefit\n\\fB\\-\\-version\\fR"))
        for shell in CompletionShell.allCases {
            let script = shell.script
            for option in Typefit.options {
                #expect(script.contains(shell == .fish ? "-l " + option.name.dropFirst(2) : option.name), "\(shell)")
            }
            for name in Typefit.builtinNames { #expect(script.contains(name), "\(shell) \(name)") }
        }
    }

    /// The built-ins are commands like the others: help for them, help on
    /// them, errors with their usage line.
    @Test func builtinsHaveHelpOfTheirOwn() {
        let helpOnCompletions = TypefitCommand.run(["help", "completions"])
        #expect(helpOnCompletions.status == .success)
        #expect(helpOnCompletions.stdout.hasPrefix("OVERVIEW: Print a completion script"))
        #expect(helpOnCompletions.stdout.contains("USAGE: typefit completions <shell>"))
        #expect(TypefitCommand.run(["completions", "--help"]).stdout == helpOnCompletions.stdout)
        let helpOnHelp = TypefitCommand.run(["help", "help"])
        #expect(helpOnHelp.status == .success && helpOnHelp.stdout.hasPrefix("OVERVIEW: Show the overview"))
        #expect(TypefitCommand.run(["help"]).stdout == TypefitCommand.run(["--help"]).stdout)
        let unknown = TypefitCommand.run(["help", "nosuch"])
        #expect(unknown.status == .usage && unknown.stderr.contains("unknown subcommand 'nosuch'"))
        let noShell = TypefitCommand.run(["completions"])
        #expect(noShell.status == .usage && noShell.stderr.contains("Usage: typefit completions <shell>"))
    }

    /// --strict is the framework's: a warning from any command fails it.
    @Test func strictIsAppliedToWhatACommandReports() {
        let arguments = ["list-fonts", "--dir", Self.brokenFolder, "--format", "plain"]
        #expect(TypefitCommand.run(arguments).status == .success)
        let strict = TypefitCommand.run(arguments + ["--strict"])
        #expect(strict.status == .problemFound && strict.stderr.hasPrefix("typefit: error: 5 files: "))
    }
}

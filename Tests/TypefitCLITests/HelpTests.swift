import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Help is generated from the declarations: every page is a golden file,
/// fits in 80 columns and names every option its command accepts.
@Suite struct HelpTests {
    /// The seven pages: the overview and one per subcommand.
    static let pages: [(name: String, arguments: [String])] =
        [("help.txt", ["--help"])]
        + Typefit.subcommandNames.map { ("help-\($0).txt", ["help", $0]) }

    @Test(arguments: pages.map(\.name))
    func golden(name: String) throws {
        let arguments = try #require(Self.pages.first { $0.name == name }?.arguments)
        let outcome = TypefitCommand.run(arguments)
        #expect(outcome.status == .success && outcome.stderr.isEmpty)
        if Golden.isRecording {
            Golden.record(name, outcome.stdout)
            Issue.record("recorded \(name); run again without TYPEFIT_RECORD_GOLDEN to compare")
            return
        }
        let expected = try #require(Golden.expected(name), "missing golden file \(name); record it")
        #expect(outcome.stdout == expected)
    }

    @Test(arguments: pages.map(\.name))
    func fitsIn80Columns(name: String) throws {
        let arguments = try #require(Self.pages.first { $0.name == name }?.arguments)
        for line in TypefitCommand.run(arguments).stdout.split(separator: "\n") {
            #expect(line.count <= 80, "\(name): \(line.count) columns: \(line)")
        }
    }

    /// Every declared option is in OPTIONS, and in USAGE unless USAGE says
    /// `[<options>]` (more than twelve); required ones always are.
    @Test(arguments: Typefit.subcommandNames)
    func everyOptionAppears(command: String) throws {
        let type = try #require(Typefit.subcommand(named: command))
        let configuration = type.configuration
        let page = TypefitCommand.run(["help", command]).stdout
        let options = try #require(page.components(separatedBy: "\nOPTIONS:\n").last)
        let usage = try #require(
            page.components(separatedBy: "USAGE: ").dropFirst().first?
                .components(separatedBy: "\n\n").first)
        let listsAll = configuration.options.count <= HelpFormatter.maximumListedOptions
        #expect(usage.contains("[<options>]") == !listsAll, "\(usage)")
        for option in configuration.options {
            #expect(options.contains("  \(option.label)"), "\(command): \(option.name) missing from OPTIONS")
            if listsAll || option.isRequired {
                #expect(usage.contains(option.label), "\(command): \(option.name) missing from USAGE")
            }
        }
        for argument in configuration.arguments {
            #expect(usage.contains("<\(argument.valueName)>"))
        }
    }

    /// Every declared option is one the parser accepts: the declaration is
    /// the parser's grammar, not a description beside it.
    @Test(arguments: Typefit.subcommandNames)
    func everyDeclaredOptionParses(command: String) throws {
        let type = try #require(Typefit.subcommand(named: command))
        for option in type.configuration.options {
            // Every value help lists and shells offer binds (a free option: a
            // number every one of them parses, or a language tag for the
            // options that take one).
            let free = ["language", "tag"].contains(option.valueName ?? "") ? "en" : "1"
            let values = option.isFlag ? [""] : option.values.isEmpty ? [free] : option.values
            for value in values {
                let arguments = option.isFlag ? [option.name] : [option.name, value]
                do {
                    try Self.scan(type, arguments)
                } catch {
                    Issue.record("\(command) \(option.name) \(value): \(error.message)")
                }
            }
        }
        #expect(throws: UsageError.self) { try Self.scan(type, ["--no-such-option"]) }
    }

    /// `--category`'s keywords are scale's alone: the text commands neither
    /// offer nor take them, and scale's help names them.
    @Test(arguments: ["measure", "fit", "specimen", "review"])
    func categoryKeywordsAreScalesAlone(command: String) throws {
        let type = try #require(Typefit.subcommand(named: command))
        let category = try #require(type.configuration.option("--category"))
        #expect(!category.values.contains("default") && !category.values.contains("system"))
        guard case .values(let words) = category.completion else {
            Issue.record("--category completes no words")
            return
        }
        #expect(!words.contains("default") && !words.contains("system"))
        #expect(throws: UsageError.self) { try Self.scan(type, ["--category", "default"]) }
        let scale = try #require(Scale.configuration.option("--category"))
        #expect(scale.values.contains("default") && scale.values.contains("system"))
        #expect(scale.help.contains("default") && scale.help.contains("system"))
    }

    /// The grammar alone: the options read through their bindings, without
    /// the command's checks of how they combine.
    static func scan<C: ParsableCommand>(_ type: C.Type, _ arguments: [String]) throws(UsageError) {
        _ = try ArgumentScanner.scan(arguments, options: C.options, acceptsArguments: true)
    }

    /// The usage line of a usage error is the one of the subcommand it
    /// concerns, on every platform.
    @Test func usageLineNamesTheSubcommand() {
        let outcome = TypefitCommand.run(
            ["measure", "x", "--platform", "android", "--style", "bodyLarge", "--target-sdk", "0"])
        #expect(outcome.status == .usage)
        #expect(outcome.stderr.contains("Usage: typefit measure "), "\(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix("  See 'typefit help measure' for more information.\n"))
    }

    @Test func examplesWrapWithContinuations() {
        let text = HelpFormatter.wrapCommand(
            "typefit fit --width 320 --style title1 --spec Fonts/MyFont.json --strings Localizable.xcstrings --require AX3"
        )
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(" \\") && lines[1].hasPrefix("      --"))
        #expect(lines.allSatisfy { $0.count <= 80 })
    }
}

import Testing
import TypefitCore
import TypefitKit

@testable import TypefitCLI

@Suite struct ParserTests {
    func parse(_ line: String) throws(UsageError) -> Command {
        try CommandLineParser.parse(line.split(separator: " ").map(String.init))
    }

    /// The request of a command line that must parse as `scale`.
    func scale(_ line: String) throws -> Request {
        guard case .run(let parsed) = try parse(line), let scale = parsed.command as? Scale else {
            throw UsageError("not a scale command: \(line)")
        }
        return scale.request
    }

    /// The help topic a command line asks for (`""`: the overview), or
    /// `nil` when it asks for something else.
    func helpTopic(_ line: String) throws -> String? {
        guard case .help(let topic) = try parse(line) else { return nil }
        return topic ?? ""
    }

    func usageError(_ line: String) -> UsageError? {
        do {
            _ = try parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func optionForms() throws {
        let a = try scale("scale --style body --category accessibilityLarge")
        let b = try scale("scale --style=body --category=AX2")
        #expect(a == b)
        #expect(a.styles == [.body] && a.categories == .categories([.accessibilityLarge]))
    }

    @Test func listsAndAll() throws {
        let options = try scale("scale --style title,body,title1 --category all")
        // Duplicates drop, order is kept.
        #expect(options.iosStyles == [.title1, .body])
        #expect(options.categoryList == ContentSizeCategory.allCases)
    }

    /// `--output-directory DIR` before `--generate-manual` is the same
    /// request as after it (it was "unknown option").
    @Test func manualOutputDirectoryInEitherOrder() throws {
        for line in [
            "--generate-manual --output-directory man", "--output-directory man --generate-manual",
            "--output-directory=man --generate-manual", "--generate-manual --output-directory=man",
        ] {
            guard case .manualPages(let directory) = try parse(line) else {
                Issue.record("\(line): not the manual pages")
                continue
            }
            #expect(directory == "man", "\(line)")
        }
        #expect(usageError("--output-directory man")?.message == "'--output-directory' goes with '--generate-manual'")
        #expect(
            usageError("--output-directory --generate-manual")?.message
                == "missing value for '--output-directory <path>'")
        #expect(usageError("--output-directory man --generate-manual scale")?.message == "unexpected argument 'scale'")
    }

    @Test func helpAnywhereAndVersion() throws {
        #expect(try helpTopic("scale --style body --help") == "scale")
        #expect(try helpTopic("list-fonts -h") == "list-fonts")
        #expect(try helpTopic("help scale") == "scale")
        #expect(try helpTopic("--help") == "")
        #expect(try helpTopic("help") == "")
        guard case .version = try parse("--version") else {
            Issue.record("--version should print the version")
            return
        }
    }

    /// `typefit` alone is a usage error (exit 64) whose stderr is the
    /// overview, as for any missing argument.
    @Test func noArgumentsIsAUsageErrorWithTheOverview() {
        let outcome = TypefitCommand.run([])
        #expect(outcome.status == .usage && outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("OVERVIEW: "))
        #expect(outcome.stderr.contains("typefit: error: missing a subcommand: list-fonts, scale,"))
    }

    @Test func doubleDashEndsOptions() throws {
        guard case .run(let parsed) = try parse("list-fonts -- --help"), let list = parsed.command as? ListFonts
        else {
            Issue.record("-- should end options")
            return
        }
        #expect(list.query.paths == ["--help"])
    }

    @Test func customSizeOptions() throws {
        let options = try scale("scale --size 17 --max-size 40 --curve hig --model uifontmetrics")
        #expect(options.subject == .customFont(designSize: 17, maximumPointSize: 40))
        #expect(options.scaleRequest.model.curve?.name == "hig-leading")
    }

    @Test(arguments: [
        ("scale --category accesibilityLarge", "did you mean 'accessibilityLarge'"),
        ("scale --style bodyy", "did you mean 'body'"),
        ("scael", "did you mean 'scale'"),
        ("scale --sise 17", "did you mean '--size'"),
        ("scale --size", "missing value for '--size <points>'"),
        ("scale --size abc", "'--size' takes a number"),
        ("scale --size 0", "greater than 0"),
        ("scale --size -3", "greater than 0"),
        ("scale --size 1001", "at most 1000"),
        ("scale --size nan", "'--size' takes a number"),
        ("scale --size 17 --value 4", "cannot be combined"),
        ("scale --max-size 40", "needs '--size'"),
        ("scale --curve hig", "needs '--size', '--value' or '--family'"),
        ("scale --size 17 --model proportional --curve hig", "applies to the uifontmetrics model"),
        ("scale --size 17 --curve steep", "'--curve' takes 'hig', 'measured'"),
        ("scale --value 3 --display-scale 4", "'--display-scale' takes '1', '2', '3' (got '4')"),
        ("scale --format value", "exactly one style and one category (132 selected)"),
        ("scale --format plain", "'--format' takes 'json', 'table', 'value'"),
        ("scale --style body --style title1", "given more than once"),
        ("scale --style body,,title1", "empty item"),
        ("scale body", "unexpected argument 'body'"),
        ("list-fonts --format value", "'--format' takes 'json', 'table', 'plain'"),
        ("list-fonts --fontconfig-file x.conf --dir Fonts", "cannot be combined"),
        ("list-fonts --version=3", "unknown option '--version'"),
        ("--version=1", "'--version' takes no value"),
        ("--help=scale", "'--help' takes no value"),
        ("measure x --font F --category default", "content size category"),
        ("fit x --font F --style body --width 100 --require AX7", "content size category"),
    ])
    func usageErrors(line: String, message: String) throws {
        let error = try #require(usageError(line), "\(line) should be a usage error")
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func usageErrorLayout() throws {
        let error = try #require(usageError("scale --category accesibilityLarge"))
        let lines = error.rendered.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("typefit: error: unknown content size category 'accesibilityLarge'"))
        #expect(lines[1].hasPrefix("Usage: typefit scale "))
        #expect(lines[2] == "  See 'typefit help scale' for more information.")
    }
}

import Testing
import TypefitCore

@testable import TypefitCLI

@Suite struct ParserTests {
    func parse(_ line: String) throws(UsageError) -> Command {
        try CommandLineParser.parse(line.split(separator: " ").map(String.init))
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
        guard case .scale(let a) = try parse("scale --style body --category accessibilityLarge"),
            case .scale(let b) = try parse("scale --style=body --category=AX2")
        else {
            Issue.record("not a scale command")
            return
        }
        #expect(a == b)
        #expect(a.styles == [.body] && a.categories == [.accessibilityLarge])
    }

    @Test func listsAndAll() throws {
        guard case .scale(let options) = try parse("scale --style title,body,title1 --category all") else {
            Issue.record("not a scale command")
            return
        }
        // Duplicates drop, order is kept.
        #expect(options.styles == [.title1, .body])
        #expect(options.categories == ContentSizeCategory.allCases)
    }

    @Test func helpAnywhereAndVersion() throws {
        #expect(try parse("scale --style body --help") == .help(.scale))
        #expect(try parse("list-fonts -h") == .help(.listFonts))
        #expect(try parse("help scale") == .help(.scale))
        #expect(try parse("--help") == .help(nil))
        #expect(try CommandLineParser.parse([]) == .help(nil))
        #expect(try parse("--version") == .version)
    }

    @Test func doubleDashEndsOptions() throws {
        guard case .listFonts(let options) = try parse("list-fonts -- --help") else {
            Issue.record("-- should end options")
            return
        }
        #expect(options.paths == ["--help"])
    }

    @Test func customSizeOptions() throws {
        guard case .scale(let options) = try parse("scale --size 17 --max-size 40 --curve hig --model uifontmetrics")
        else {
            Issue.record("not a scale command")
            return
        }
        #expect(options.subject == .customFont(designSize: 17, maximumPointSize: 40))
        #expect(options.request.model.curve?.name == "hig-leading")
    }

    @Test(arguments: [
        ("scale --category accesibilityLarge", "did you mean 'accessibilityLarge'"),
        ("scale --style bodyy", "did you mean 'body'"),
        ("scael", "did you mean 'scale'"),
        ("scale --sise 17", "did you mean '--size'"),
        ("scale --size", "missing value for '--size'"),
        ("scale --size abc", "'--size' takes a number"),
        ("scale --size 0", "greater than 0"),
        ("scale --size -3", "greater than 0"),
        ("scale --size 1001", "at most 1000"),
        ("scale --size nan", "'--size' takes a number"),
        ("scale --size 17 --value 4", "cannot be combined"),
        ("scale --max-size 40", "needs '--size'"),
        ("scale --curve hig", "needs '--size' or '--value'"),
        ("scale --size 17 --model proportional --curve hig", "applies to the uifontmetrics model"),
        ("scale --size 17 --curve steep", "'--curve' takes 'measured', 'hig'"),
        ("scale --value 3 --display-scale 4", "takes 1, 2 or 3"),
        ("scale --format value", "exactly one style and one category (132 selected)"),
        ("scale --format plain", "'--format' takes 'json', 'table', 'value'"),
        ("scale --style body --style title1", "given more than once"),
        ("scale --style body,,title1", "empty item"),
        ("scale body", "unexpected argument 'body'"),
        ("list-fonts --format value", "'--format' takes 'json', 'table', 'plain'"),
        ("list-fonts --fontconfig-file x.conf --dir Fonts", "cannot be combined"),
        ("list-fonts --version=3", "unknown option '--version'"),
    ])
    func usageErrors(line: String, message: String) throws {
        let error = try #require(usageError(line), "\(line) should be a usage error")
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test func usageErrorLayout() throws {
        let error = try #require(usageError("scale --category accesibilityLarge"))
        let lines = error.rendered.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("Error: unknown content size category 'accesibilityLarge'"))
        #expect(lines[1].hasPrefix("Usage: typefit scale "))
        #expect(lines[2] == "  See 'typefit help scale' for more information.")
    }
}

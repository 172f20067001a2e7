import Foundation
import Testing
import TypefitTestSupport

@testable import TypefitCLI

/// `fit` over Flutter ARB files (`Fixtures/arb`): each message judged as
/// `flutter gen-l10n` and intl's `pluralLogic` treat it. The verdicts are
/// gen-l10n's (its words for what it refuses, flutter_tools' tests) and
/// CLDR's via intl (Russian `one` holds 1, 21, 31, so `=1{…}` without the
/// count is shown for 21 too).
@Suite struct ARBCommandTests {
    static func run(_ extra: [String] = []) -> Outcome {
        TypefitCommand.run(
            [
                "fit", "--strings", Fixtures.path("arb") + "/*.arb", "--style", "body", "--width", "300", "--font",
                "TypefitSans-Regular", "--category", "large", "--fontconfig-file", Fixtures.fontconfigFile,
                "--format", "json",
            ] + extra, context: RunContext())
    }

    /// Per key and language, the problems' codes and severity.
    static func problems(_ outcome: Outcome) throws -> [String: (severity: String, codes: [String])] {
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        var found: [String: (String, [String])] = [:]
        for problem in try #require(document["placeholders"] as? [[String: Any]]) {
            let key = "\(problem["key"] ?? "")/\(problem["language"] ?? "")"
            let codes = (problem["differences"] as? [[String: Any]] ?? []).compactMap { $0["problem"] as? String }
            found[key] = (problem["severity"] as? String ?? "", codes)
        }
        return found
    }

    @Test func theGateJudgesMessagesAsGenL10n() throws {
        let outcome = Self.run()
        #expect(outcome.status == .problemFound)
        let found = try Self.problems(outcome)
        // The template: an unclosed brace gen-l10n refuses; a plural's
        // count declared String (gen-l10n stops: it needs num or int)
        // and a case a later `one` overrides; a declared DateTime never
        // shown.
        #expect(found["hello/en"]?.codes == ["message-syntax"])
        #expect(found["votes/en"]?.codes == ["plural-case-overridden", "type"])
        #expect(found["votes/en"]?.severity == "error")
        #expect(found["gender/en"]?.codes == ["unused"])
        #expect(found["gender/en"]?.severity == "warning")
        // Russian: a misspelt placeholder (gen-l10n would add a parameter)
        // and the real one missing; an empty `other`; `=1` without the
        // count is intl's `one`, shown for 21 and 31 too.
        #expect(found["greeting/ru"]?.codes == ["extra", "missing"])
        #expect(found["markAsRead/ru"]?.codes == ["plural-count-implied", "plural-form-empty"])
        #expect(found["markAsRead/en"] == nil)
        #expect(found["gender/ru"] == nil)
        #expect(outcome.stderr.contains("flutter gen-l10n refuses the message, at character 13: ICU Syntax Error"))
        #expect(outcome.stderr.contains("arb/app_ru.arb:3:17: error: \"markAsRead\" (ru)"))
    }

    /// Forms measured as the app prints them: the count as Dart prints an
    /// int (no grouping), the metadata's example, a missing message as
    /// gen-l10n falls back (the template's text, untranslated).
    @Test func formsAreFilledAsTheAppPrintsThem() throws {
        let outcome = Self.run(["--all", "--require-translated"])
        let document = try #require(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        var texts: [String: String] = [:]
        for result in try #require(document["results"] as? [[String: Any]]) {
            texts["\(result["key"] ?? "")/\(result["language"] ?? "")"] = result["sampleText"] as? String
        }
        #expect(texts["greeting/en"] == "Hello Alexandra!")
        #expect(texts["markAsRead|num.plural.other/en"] == "Marked 1000000 messages as read.")
        #expect(texts["markAsRead|num.plural.one/en"] == "Marked 1 message as read.")
        #expect(texts["markAsRead|num.plural.few/ru"] == "1000104 сообщения отмечены как прочитанное.")
        #expect(texts["votes|n.plural.one/ru"] == "One vote")
        #expect(outcome.stderr.contains("\"votes\" (ru) has no translation"))
    }
}

import Testing

@testable import TypefitCore

/// ARB messages read as `flutter gen-l10n` reads them. The oracle is
/// flutter_tools' own tests (flutter/flutter @ 79557800,
/// `packages/flutter_tools/test/general.shard/message_parser_test.dart` and
/// `generate_localizations_test.dart`): each case here is one of theirs,
/// with their expected words and caret position (a caret line of N spaces
/// is offset N).
@Suite struct GenL10nMessageTests {
    static func error(_ message: String, escaping: Bool = false) -> GenL10nMessage.SyntaxError? {
        guard case .failure(let error) = GenL10nMessage.parse(message, options: .init(useEscaping: escaping)) else {
            return nil
        }
        return error
    }

    /// `lexer unmatched single quote`, `lexer unexpected character`,
    /// `parser unexpected token` (three cases).
    @Test(arguments: [
        ("here''s an unmatched single quote: '", true, "ICU Lexing Error: Unmatched single quotes.", 35),
        ("{ * }", false, "ICU Lexing Error: Unexpected character.", 2),
        ("{ placeholder =", false, "ICU Syntax Error: Expected \"}\" but found \"=\".", 14),
        ("{ count, plural, = }", false, "ICU Syntax Error: Expected \"number\" but found \"}\".", 19),
        ("{ , plural , = }", false, "ICU Syntax Error: Expected \"identifier\" but found \",\".", 2),
    ])
    func gen10nRefusesWithItsWords(_ message: String, _ escaping: Bool, _ words: String, _ offset: Int) {
        #expect(Self.error(message, escaping: escaping) == GenL10nMessage.SyntaxError(words, offset: offset))
    }

    /// `generate_localizations_test.dart`'s syntax-error cases: a plural
    /// without `other`, an unknown plural case, a select without `other`,
    /// an unclosed brace (found no tokens: offset length + 1).
    @Test func extraRulesAndTheEnd() {
        #expect(
            Self.error("{count,plural, =0{None} =1{One}}")?.message
                == "ICU Syntax Error: Plural expressions must have an \"other\" case.")
        #expect(
            Self.error("{count,plural, foo{Foo} other{Other}}")?.message
                == "ICU Syntax Error: Plural expressions case must be one of \"zero\", \"one\", \"two\", \"few\", "
                + "\"many\", or \"other\".")
        #expect(
            Self.error("{gender, select, male{he} female{she}}")?.message
                == "ICU Syntax Error: Select expressions must have an \"other\" case.")
        #expect(Self.error("Hello {name") == .init("ICU Syntax Error: Expected \"}\" but found no tokens.", offset: 12))
        // A `}` that closes nothing ends the message; what follows is
        // never read (no error), unless the lexer meets a character it
        // cannot read after it.
        #expect(GenL10nMessage.parse("Hello} world") == .success([.text("Hello")]))
        #expect(Self.error("Hello} world!")?.message == "ICU Lexing Error: Unexpected character.")
    }

    /// `lexer escaping` and `parser escaping`: with use-escaping, `'…'`
    /// quotes and `''` is a quote; without it, a quote is text.
    @Test func escaping() {
        let escaped = GenL10nMessage.Options(useEscaping: true)
        #expect(
            GenL10nMessage.parse("Flutter''s amazing!", options: escaped) == .success([.text("Flutter's amazing!")]))
        #expect(
            GenL10nMessage.parse("'Flutter''s amazing!'", options: escaped) == .success([.text("Flutter's amazing!")]))
        #expect(
            GenL10nMessage.parse("'{ escaped string }' { not escaped }", options: escaped)
                == .failure(.init("ICU Syntax Error: Expected \"}\" but found \"escaped\".", offset: 27)))
        #expect(
            GenL10nMessage.parse("it's {name}") == .success([.text("it's "), .placeholder(name: "name", offset: 5)]))
    }

    /// `lexer identifier names can be "select" or "plural"`, `parser
    /// allows select cases with numbers`, `parser basic` (a date).
    @Test func namesCasesAndDates() throws {
        let parts = try GenL10nMessage.parse("{ count, select, 0{none} 100{perfect} other{required!} }").get()
        guard case .select(let name, _, let cases) = parts.first else { Issue.record("not a select"); return }
        #expect(name == "count" && cases.map(\.label) == ["0", "100", "other"])
        #expect(try GenL10nMessage.parse("{ select }").get() == [.placeholder(name: "select", offset: 0)])
        #expect(
            try GenL10nMessage.parse("Today is {date, date, ::yMMd}").get()
                == [.text("Today is "), .dateTime(name: "date", offset: 9, kind: "date", skeleton: "yMMd")])
    }

    /// The relaxed lexer: a brace not opening a declared placeholder is
    /// text (`relaxed lexer`).
    @Test func relaxedSyntax() {
        let relaxed = GenL10nMessage.Options(relaxedPlaceholders: ["isAPlaceholder"])
        #expect(
            GenL10nMessage.parse("{ notAPlaceholder }", options: relaxed) == .success([.text("{ notAPlaceholder }")]))
        #expect(
            GenL10nMessage.parse("{ isAPlaceholder }", options: relaxed)
                == .success([.placeholder(name: "isAPlaceholder", offset: 0)]))
    }

    /// `generate_localizations_test.dart`, "syntax/code-gen errors
    /// properly logs errors per message" (use-escaping on): each message's
    /// error and caret, as gen-l10n logs them.
    @Test func errorsPerMessageAsGenL10nLogsThem() {
        let cases: [(String, String, Int)] = [
            ("Hello { name", "ICU Syntax Error: Expected \"}\" but found no tokens.", 13),
            (
                "This is an incorrectly formatted plural: { count, plural, zero{No frog} one{One frog} other{{count} frogs}",
                // The test's logged caret is cut short (its TODO, flutter/flutter
                // #120490); the parser's offset is the length plus one.
                "ICU Syntax Error: Expected \"}\" but found no tokens.", 107
            ),
            (
                "The 'string above is incorrect as it forgets to close the brace",
                "ICU Lexing Error: Unmatched single quotes.", 4
            ),
            (
                "{ count, plural, woohoo{huh?} other{lol} }",
                "ICU Syntax Error: Plural expressions case must be one of \"zero\", \"one\", \"two\", \"few\", "
                    + "\"many\", or \"other\".", 17
            ),
            ("{gender, select,}", "ICU Syntax Error: Select expressions must have an \"other\" case.", 16),
        ]
        for (message, words, caret) in cases {
            #expect(Self.error(message, escaping: true) == .init(words, offset: caret), "\(message)")
        }
        // "undefined plural cases throws syntax error": the caret under `=3`.
        let three = GenL10nMessage.generationProblems(
            (try? GenL10nMessage.parse("{count,plural, =0{None} =1{One} =2{Two} =3{Undefined Behavior!} other{Hmm...}}")
                .get()) ?? [])
        #expect(three.first?.error.offset == 40 && three.first?.isWarning == false)
    }

    /// A message nested deeper than typefit walks is refused before it is
    /// walked (a hostile file's 5,000 levels would overflow the stack);
    /// 100 levels, far past any real message, are read.
    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "{a, select, other{", count: depth) + "x" + String(repeating: "}}", count: depth)
        }
        let hundred = try GenL10nMessage.parse(nested(50)).get()
        #expect(ARBFormat.forms(of: nested(50)).first?.text == "x" && !hundred.isEmpty)
        guard case .failure(let error) = GenL10nMessage.parse(nested(5000)) else {
            Issue.record("5,000 levels were read")
            return
        }
        #expect(error.message.hasSuffix("(typefit's limit).") && error.offset == 900)
    }

    /// gen-l10n's generation: `=0{Hello}zero{hello}` warns at `=0`
    /// (generate_localizations_test.dart, "plural parts that are
    /// overridden"), and `=3` is no case it knows.
    @Test func generation() throws {
        let overridden = GenL10nMessage.generationProblems(
            try GenL10nMessage.parse("{count,plural, =0{Hello}zero{hello}other{hi}}").get())
        #expect(overridden.count == 1 && overridden.first?.isWarning == true && overridden.first?.error.offset == 15)
        let three = GenL10nMessage.generationProblems(try GenL10nMessage.parse("{n, plural, =3{x} other{y}}").get())
        #expect(three.first?.isWarning == false)
        #expect(three.first?.error.message.hasSuffix("3 is not a valid plural case.") == true)
    }

    /// A key written twice is read as Dart's `json.decode` reads it, the
    /// later value in the earlier's place (flutter/gallery's `intl_en.arb`
    /// has `shrineProductChambrayShirt` twice); other JSON stays strict.
    @Test func aDuplicateKeyTakesTheLaterValue() throws {
        let bytes = Array(#"{"a": "first", "b": "B", "a": "second"}"#.utf8)
        let strings = try ARBFormat().read(path: "app_en.arb", bytes: bytes, language: nil, budget: StringsBudget())
        #expect(strings.map(\.text) == ["second", "B"])
        #expect(throws: SourceError.self) { try JSONParser.parse(bytes) }
    }

    /// File names as gen-l10n reads a locale from them, and a message's
    /// forms: one per case an app can show, `=1` filed under `one` and
    /// overridden by a later `one`.
    @Test func filesAndForms() {
        #expect(ARBFormat.fileLocale("lib/l10n/app_pt_BR.arb") == "pt_BR")
        #expect(ARBFormat.fileLocale("intl_zh_Hant.arb") == "zh_Hant")
        #expect(ARBFormat.fileLocale("app_en.arb") == "en")
        #expect(ARBFormat.fileLocale("app_ckb.arb") == nil)
        let forms = ARBFormat.forms(of: "{n, plural, =1{A {n}} one{B} other{C}} {g, select, m{he} other{they}}")
        #expect(forms.map(\.text) == ["B he", "C he", "B they", "C they"])
        #expect(forms.first?.steps.map(\.value) == ["one", "m"])
    }
}

/// `l10n.yaml` as gen-l10n reads it (`parseLocalizationsOptionsFromYAML`):
/// the keys typefit uses, unknown keys ignored, a wrong type refused in
/// gen-l10n's words.
@Suite struct GenL10nSettingsTests {
    @Test func zulipsFileReads() throws {
        // Zulip's own l10n.yaml (shared/data/flutter/apps/zulip), comments
        // and a flow list included.
        let settings = try GenL10nSettings.parse(
            """
            # Docs on this config file:
            #   https://docs.flutter.dev/ui/accessibility-and-localization/internationalization

            arb-dir: assets/l10n
            output-dir: lib/generated/l10n
            template-arb-file: app_en.arb
            required-resource-attributes: true
            preferred-supported-locales: [ en ]
            nullable-getter: false
            """)
        #expect(settings.arbDirectory == "assets/l10n" && settings.templateFile == "app_en.arb")
        #expect(settings.requiresAttributes && !settings.useEscaping && !settings.relaxSyntax)
    }

    @Test func blockListsQuotesAndMistakes() throws {
        let settings = try GenL10nSettings.parse(
            "arb-dir: './lib//l10n/'\npreferred-supported-locales:\n  - en\n  - de\nuse-escaping: True\nheader:\n")
        #expect(settings.arbDirectory == "lib/l10n" && settings.useEscaping)
        #expect(try GenL10nSettings.parse("") == GenL10nSettings())
        #expect(throws: SourceError.self) { try GenL10nSettings.parse("use-escaping: yes please") }
        do {
            _ = try GenL10nSettings.parse("relax-syntax: 1")
        } catch {
            #expect(error.message == "Expected \"relax-syntax\" to have a bool value, instead was \"1\"")
        }
    }

    /// The keys gen-l10n reads for its output are typed as it types them
    /// (`localizations_utils.dart:470–634`): a wrong type stops it, and
    /// so is an error here too; `untranslated-messages-file` is kept.
    @Test func outputKeysAreTypedAsGenL10nTypesThem() throws {
        let settings = try GenL10nSettings.parse(
            "untranslated-messages-file: missing.txt\noutput-class: L10n\nformat: true\n"
                + "synthetic-package: false\npreferred-supported-locales: en\n")
        #expect(settings.untranslatedMessagesFile == "missing.txt")
        let refused: [(String, String)] = [
            ("nullable-getter: maybe", "Expected \"nullable-getter\" to have a bool value, instead was \"maybe\""),
            ("output-class: 12", "Expected \"output-class\" to have a String value, instead was \"12\""),
            (
                "untranslated-messages-file: true",
                "Expected \"untranslated-messages-file\" to have a String value, instead was \"true\""
            ),
            (
                "synthetic-package: true",
                "Cannot enable \"synthetic-package\", this feature has been removed. "
                    + "See http://flutter.dev/to/flutter-gen-deprecation."
            ),
            ("preferred-supported-locales:\n  en: 1", "\"a map\" must be String or List."),
        ]
        for (text, words) in refused {
            #expect(throws: SourceError.self) { try GenL10nSettings.parse(text) }
            do {
                _ = try GenL10nSettings.parse(text)
            } catch {
                #expect(error.message == words, "\(text)")
            }
        }
    }
}

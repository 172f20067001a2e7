import Foundation
import Testing
import TypefitCore
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// The front end words the library's findings: values in, one line out,
/// its options spelled as this command line spells them.
@Suite struct FindingWordingTests {
    static let config = ["--fontconfig-file", Fixtures.fontconfigFile]

    /// A key is a value of the finding, printed as it is (its control
    /// characters escaped): text from a file cannot pass for an option
    /// (`"a\U0001verbose\U0001b"` once printed as `a--verboseb`).
    @Test func aForgedTokenIsPrintedAsWritten() {
        let outcome = TypefitCommand.run(
            [
                "fit", "a\u{1}verbose\u{1}b", "--keys", "nothing*", "--width", "300", "--style", "body", "--font",
                "TypefitSans-Regular",
            ] + Self.config)
        #expect(outcome.status == .cannotRun)
        #expect(
            outcome.stderr
                == "typefit: error: no key matches --keys 'nothing*' (keys such as 'a\\u{1}verbose\\u{1}b')\n",
            "\(outcome.stderr)")
    }

    /// A placeholder difference is a value in the check and a sentence
    /// here: why a stray `%` is a conversion, which argument, what kind.
    @Test func placeholderDifferencesWorded() {
        let stray = PlaceholderCheck.differences(
            source: ["Save 50%% off the first year"], translation: ["50\u{a0}% la première année%%"])
        #expect(stray.map(\.sentence).first?.contains("a '%' before a space is the space flag") == true)
        let octal = PlaceholderCheck.differences(
            source: ["%1$d files saved"], translation: ["%1$d Dateien, 50% ohne Fehler"])
        #expect(octal.first?.sentence.hasPrefix("'% o' reads argument 1 as an integer") == true)
        let none = PlaceholderCheck.differences(
            source: ["One item", "%lld items"], translation: ["Element", "Elemente"])
        #expect(none.map(\.sentence) == ["%lld (argument 1, an integer) is missing"])
        let undefined = PlaceholderCheck.Difference.undefinedVariable(name: "avis", written: "%3$#@avis@")
        #expect(
            undefined.sentence
                == "%3$#@avis@ names no variable 'avis' of this language: Foundation formats it as an object")
    }

    /// Each kind worded by this front end, inputs spelled: the sentences
    /// the README and earlier releases print (the goldens hold the rest).
    @Test func findingsWorded() {
        let cases: [(Finding, String)] = [
            (
                .familyNotFound(family: "Inter", scope: .installedAndFolders, suggestions: ["Inter Display"]),
                "no family named 'Inter' installed nor in --fonts-dir; did you mean 'Inter Display'?"
            ),
            (
                .faceNotFound(name: "X-Bold", scope: .givenFiles, family: "X", suggestions: ["X-Black", "X-Book"]),
                "no face with PostScript, family or full name 'X-Bold' in the given files in family 'X'; did you "
                    + "mean 'X-Black' or 'X-Book'?"
            ),
            (
                .specFaceMissing(
                    face: "bold", postscriptName: "F-Bold", searchedFolders: false, nearest: ["F-Book"],
                    fallback: .face(postscriptName: nil, family: "DejaVu Sans", asked: "F", weight: 700)),
                "face 'bold' (F-Bold) is not installed; nearest: 'F-Book'; fallback: fontconfig would use "
                    + "(no PostScript name) (DejaVu Sans) for 'F' at weight 700"
            ),
            (
                .cannotMeasure(face: "Futura-Medium", builtIn: .init(name: "Futura-Medium", family: "Futura")),
                "cannot measure with Futura-Medium: Futura-Medium is built into iOS (family Futura, iOS 14 list) "
                    + "but not on this machine (give its file with --fonts-dir)"
            ),
            (
                .duplicateKey(key: "k", earlierLines: [3, 9]),
                "\"k\" is given again with another value (first at lines 3, 9): Foundation keeps this last value, "
                    + "which is the one measured"
            ),
            (
                .keysWithoutRule(first: ["a", "b", "c", "d", "e"], count: 7),
                "7 keys match no rule, not checked: 'a', 'b', 'c', 'd', 'e', and 2 more"
            ),
            (
                .languageNotFound(
                    language: "fr", files: ["a.strings", "b.strings"], available: ["de", "fr-CA"],
                    suggestions: ["fr-CA"]),
                "no strings in language 'fr' in the --strings files (available: de, fr-CA); did you mean 'fr-CA'?"
            ),
            (
                .markdownFaces([.init(bold: true, italic: true, code: false, face: "F-BoldItalic")]),
                "Markdown runs measured with bold italic in F-BoldItalic"
            ),
            (
                .markdownFaces([.init(bold: true, italic: false, code: false, face: "F-Bold")], markup: .androidSpans),
                "<b>, <i> and <tt> spans measured with bold in F-Bold"
            ),
            (
                .pseudolocalesMade(languages: ["en-XA", "ar-XB"], strings: 3),
                "3 source strings also measured in en-XA and ar-XB, made as aapt2 --pseudo-localize makes them"
            ),
            (
                .referenceUnresolved(key: "a", reference: "@string/b"),
                "\"a\" refers to @string/b, which no file of the run's res folders defines: measured as written (unless a "
                    + "library module or Gradle's resValue defines it, aapt2 stops the build at such a reference)"
            ),
            (
                .pluralSamples([.init(language: "ru", category: "few", number: 2)], more: true),
                "plural forms measured with a number of their own category, by ICU's plural rules: ru few 2 …"
            ),
            (
                .untranslatedMeasured(
                    counts: (1...13).map { .init(language: "l\($0)", count: 1) }, sourceLanguage: "en"),
                "13 entries have no translation and are measured as the app shows them, in en: "
                    + (1...12).map { "l\($0) 1" }.joined(separator: ", ") + ", and 1 more languages"
            ),
            (.worded("as \(CommandInput.verbose) says", code: nil), "as --verbose says"),
        ]
        for (finding, words) in cases {
            #expect(finding.message.worded(CommandInput.spelling) == words)
        }
    }

    /// A finding prints as one line whatever its values hold.
    @Test func aFindingIsOneLine() {
        var diagnostics = Diagnostics()
        diagnostics.warning(.duplicateKey(key: "two\nlines", earlierLines: [1]), file: "L.strings")
        diagnostics.note(.familyIsFullName(family: "A\rB", postscriptName: nil, faceFamily: "A"))
        let printed = diagnostics.rendered(afterCommandLineError: { _ in "" }, spell: CommandInput.spelling)
        #expect(printed.split(separator: "\n").count == 2, "\(printed)")
        #expect(printed.contains("\"two\\nlines\"") && printed.contains("'A\\rB'"))
    }
}

import TypefitKit

/// The groups REFERENCE's table of codes sorts codes into.
enum FindingCodeGroup: CaseIterable {
    case gate, check, strings, spec, faces, fontFiles, howMade, platforms, output, generic

    /// The commands that report its codes.
    var commands: String {
        switch self {
        case .gate: "fit, review"
        case .check: "check"
        case .strings: "fit, measure, review"
        case .spec: "scale, check, and the text commands with --spec"
        case .faces: "scale, measure, fit, review, specimen, check"
        case .fontFiles: "list-fonts and every command that looks for faces"
        case .howMade: "the text commands"
        case .platforms: "scale and the text commands"
        case .output: "review, specimen, any --output"
        case .generic: "any"
        }
    }
}

extension Finding.Code {
    /// A short description (SARIF's `shortDescription`) and what to do
    /// about it (its `help`). Exhaustive: a new code does not build
    /// without its words.
    var help: (summary: String, help: String) {
        switch self {
        case .doesNotFit:
            (
                "A string does not fit where it is required to",
                "It needs more lines than the rule allows, or a word is wider than the line, at the required text "
                    + "size. Shorten the translation, allow more lines, or widen the layout."
            )
        case .placeholderMissing:
            (
                "A translation lacks an argument its source reads",
                "The device prints the wrong value or none. Add the placeholder to the translation."
            )
        case .placeholderExtra:
            (
                "A translation reads an argument its source does not",
                "String(format:) reads past its arguments: garbage or a crash. Remove the placeholder."
            )
        case .placeholderChanged:
            (
                "A translation reads an argument as another type",
                "%@ where the source has %d makes Foundation read an integer as an object: a crash. Use the "
                    + "source's conversion."
            )
        case .placeholderTwoKinds:
            (
                "A format reads one argument as two types",
                "Foundation reads the argument once per conversion; two types for one argument read garbage."
            )
        case .placeholderSkipped:
            (
                "A format skips an argument",
                "Positional arguments must be read without gaps, or the arguments after the gap are read wrong."
            )
        case .placeholderVariableUndefined:
            (
                "A format names a plural variable that is not defined",
                "The device prints the format as written. Define the variable or use the source's name."
            )
        case .placeholderVariableMoved:
            (
                "A plural variable reads another argument than in the source",
                "The variable's number is taken from another argument. Keep the source's argument."
            )
        case .placeholderNotAConversion:
            (
                "A '%' starts no conversion Foundation knows",
                "Foundation prints it differently than written; write %% for a percent sign."
            )
        case .placeholderSpaceFlag:
            (
                "A '% ' is read as a conversion with the space flag",
                "\"50% off\" is % o, an octal conversion: write %% for a percent sign."
            )
        case .placeholderPluralObject:
            (
                "A plural variable chooses its form by an object",
                "Its value type is '@'; only a number chooses a plural form. Give the count's specifier (d, lld)."
            )
        case .placeholderPluralFormEmpty:
            (
                "A translation's plural form is empty",
                "Nothing is shown for the numbers of its category. Translate the form."
            )
        case .placeholderPluralFormDrops:
            (
                "A translation's plural form leaves out an argument the source shows",
                "Every form of the source shows it; the numbers of this form lose it. Add it to the form."
            )
        case .placeholderPluralCountNeverShown:
            (
                "No form of a translation's plural shows the count",
                "The source shows the number; the translation never does. Add the count."
            )
        case .placeholderPluralCountImplied:
            (
                "A plural form without the count is shown for several numbers",
                "A warning (lint's ImpliedQuantity): Russian one is also shown for 21, 31 … Show the count."
            )
        case .placeholderUnformattable:
            ("A format Foundation cannot format", "Foundation stops at it (a position over 127, say).")
        case .placeholderJavaException:
            (
                "A Java format java.util.Formatter throws on",
                "Android's getString(id, args) crashes on it (a '% ' meant as a percent sign, %lld, %@): write %% for "
                    + "a percent sign and Java's conversions."
            )
        case .placeholderSourceTakesNone:
            (
                "A translation reads an argument where its source reads none",
                "A warning (lint's StringFormatCount): the code calls getString(id), which shows the specifier as "
                    + "written. Remove it, or make the source a format too."
            )
        case .messageSyntax:
            (
                "flutter gen-l10n refuses an ARB message",
                "gen-l10n's own parser (or its code generator) stops on the message: the build fails with \"Found "
                    + "syntax errors.\" The finding quotes gen-l10n's words and the character it points at."
            )
        case .pluralCaseOverridden:
            (
                "A plural case a later one overrides",
                "A warning (gen-l10n's): =1 and one, =0 and zero, =2 and two are one intl category, and the later "
                    + "case wins. Remove the case the app never shows."
            )
        case .placeholderUndeclared:
            (
                "A template message reads a placeholder its metadata does not declare",
                "A warning: gen-l10n adds it as an Object parameter, printed with toString(). Declare it (with its "
                    + "type) beside the others."
            )
        case .placeholderUnused:
            (
                "A template message declares a placeholder it never shows",
                "A warning: the app passes a value no one sees. Show it, or remove the declaration."
            )
        case .placeholderType:
            (
                "A placeholder's declared type does not allow its use",
                "gen-l10n stops: a plural's count must be num or int, a select's String, a date's DateTime; a "
                    + "translation's declared type must be the template's."
            )
        case .placeholdersNotCompared:
            (
                "Placeholders not compared: no source strings",
                "Give the development language's file too, or --source-language."
            )
        case .pluralCoverage:
            (
                "A plural lacks a category its language uses",
                "The device shows the 'other' form for such numbers. Add the missing forms."
            )
        case .untranslated:
            (
                "An entry is not translated",
                "The device shows the development language's text (with --require-translated, an error)."
            )
        case .missingGlyphs:
            (
                "Characters with no glyph in any face",
                "They are measured as blank. Install a font that covers them or give one with --fonts-dir."
            )
        case .faceNotOpened: ("A face could not be opened", "Its strings were not measured. Give a readable font file.")
        case .missingFace:
            (
                "A spec's face is not installed nor in --fonts-dir",
                "UIFont(name:) returns nil on the device and the system font is used."
            )
        case .notShipped:
            (
                "A spec's face is installed here but not in the app's folder",
                "The app does not ship it. Add its file to the app."
            )
        case .instanceName:
            (
                "A variable font's named instance as a face",
                "UIFont(name:) is not known to take it; use the default face's name with a 'wght' variation."
            )
        case .belowMinimum:
            ("A size below Apple's 11 pt minimum", "Text below 11 pt is hard to read; raise the size or the table.")
        case .maxBelowDesign: ("maxPointSize below the design size", "The style never reaches its own design size.")
        case .shrinkingTable:
            ("A size table shrinks as the category grows", "Text gets smaller as the user asks for larger text.")
        case .shrinkingSize:
            (
                "A style shrinks as the category grows",
                "After the table and limits, text gets smaller as the user asks for larger text."
            )
        case .wcagResize: ("Running text does not reach 200% by AX5", "WCAG 1.4.4 wants text resizable to 200%.")
        case .fileUnreadable: ("A file that cannot be read", "It does not exist or cannot be opened; the run exits 2.")
        case .fileReadOnce:
            (
                "A file reached by a second path",
                "A link or a second name leads to a file already read; it is read once."
            )
        case .shadowedByStringsdict:
            (
                ".strings entries a .stringsdict of the same table overrides",
                "A note: CFBundle sets each .stringsdict key over the .strings table, so the device never shows them."
            )
        case .configurationUnread:
            (
                "Android values the run's device does not read",
                "A note: a folder of another configuration (values-night, values-sw600dp) or a value a better "
                    + "folder overrides (values/ under values-v29) is not measured; --qualifiers measures another "
                    + "configuration."
            )
        case .textBudgetExceeded:
            (
                "More text than one run measures",
                "Once every substitution is made the strings exceed typefit's limit per run; the run exits 2."
            )
        case .fileMalformed:
            ("A strings file that does not parse", "Fix the file at the line and column named; the run exits 2.")
        case .stringsEmpty:
            ("A strings file that holds no strings", "A gate over it would check nothing; the run exits 2.")
        case .flutterStringsOnNativePlatform:
            (
                "Flutter's ARB strings laid out by another platform's text system",
                "A note: --platform flutter-ios or flutter-android lays them out as Flutter's engine does (its "
                    + "styles, text scale and lines)."
            )
        case .sourceSetsNotRead:
            (
                "A module's other source sets, not read",
                "A module root gives src/main/res, what every build ships; --source-set NAME reads src/NAME/res over "
                    + "it, as Gradle merges a variant's resources."
            )
        case .sourceSetNotFound:
            (
                "A source set no module given has",
                "--source-set names a folder under a module root's src/ with a res folder; the run exits 2."
            )
        case .languageNotFound:
            ("No strings in the language asked for", "The files hold other languages; the message names them.")
        case .patternFailed: ("A file pattern that could not be searched", "The run exits 2.")
        case .patternMatchesNothing: ("A file pattern that matches no file", "The run exits 2.")
        case .duplicateKey:
            (
                "A .strings key given twice with different values",
                "Foundation keeps the last value, which is the one measured; remove the other."
            )
        case .pseudolocales:
            (
                "Source strings also measured in pseudolocales",
                "A note: --pseudolocale made them, as aapt2 --pseudo-localize does."
            )
        case .referenceUnresolved:
            (
                "An Android string referring to a string no file defines",
                "Unless a library module or Gradle's resValue defines it, aapt2 stops the build at it; the reference is "
                    + "measured as written. Define the string, fix the name, or give the module that defines it."
            )
        case .referenceCycle:
            (
                "An Android string whose references come back to a name in their chain",
                "aapt2 builds it; a device looks up 21 names in a row and finds no text. Make one of them a string."
            )
        case .referenceTooDeep:
            (
                "An Android string going through more than 21 references in a row",
                "A device looks up at most 21 names in a row (AssetManager2) and finds no text. Shorten the chain."
            )
        case .noKeyMatches: ("No string's key matches the key patterns", "Nothing would be checked; the run exits 2.")
        case .noRuleMatches: ("No string's key matches a rule", "Nothing would be checked; the run exits 2.")
        case .keysWithoutRule: ("Keys no rule matches", "They are not checked (a warning under --strict).")
        case .ruleClampInverted:
            ("A rule's minimum category above its maximum", "The rule cannot be applied; the run exits 2.")
        case .specMalformed: ("A spec that does not parse", "Fix it at the line and column named.")
        case .specFieldIgnored:
            (
                "A spec field typefit does not apply",
                "ScaledFont applies it at run time; the sizes are computed without it."
            )
        case .styleNotInSpec: ("A style the spec does not define", "Ask for one of its styles, or add it to the spec.")
        case .styleWithoutCounterpart:
            ("A spec style with no counterpart on the platform", "Those styles are left out.")
        case .faceMissing:
            (
                "A face that is not installed nor in --fonts-dir",
                "Its text cannot be measured or is drawn as boxes; give its file."
            )
        case .faceNotFound:
            (
                "No face with the name given",
                "Give a PostScript, family or full name the fonts have (the message suggests some)."
            )
        case .familyNotFound:
            ("No family with the name given", "Give a family the fonts have (the message suggests some).")
        case .familyIsFullName: ("A family name that is a face's full name", "The face is listed by its full name.")
        case .pathNotName:
            (
                "A font file's path where a face's name belongs",
                "Give its folder with --fonts-dir and name one of its faces."
            )
        case .builtInFace:
            (
                "A face built into iOS",
                "The app rightly does not ship it; this machine's copy is measured where there is one."
            )
        case .faceProvenance:
            (
                "A face built into iOS, measured with this machine's copy",
                "It is not in the app's folder, rightly: iOS has it."
            )
        case .faceNotShipped:
            (
                "A face found among the installed fonts, not the app's folder",
                "The app does not ship it: add its file to the app, or name a face it ships (--no-installed-fonts "
                    + "uses the folder alone)."
            )
        case .uifontLookup:
            (
                "How UIFont(name:) finds the face",
                "The name is not the face's PostScript name; UIFont(name:) takes it as the message says."
            )
        case .weightStandIn: ("A weight the family lacks", "The nearest face is used, as CSS font matching chooses.")
        case .systemFontUnavailable:
            (
                "The system font is not available",
                "Give Apple's files with --system-fonts, Android's with --android-fonts (or install Roboto), or name a face."
            )
        case .fontUnusable: ("A font file typefit cannot use", "It is skipped; the message says why.")
        case .fontFolderUnusable:
            (
                "A font folder that cannot be used",
                "It does not exist, cannot be read or holds no font; the run exits 2."
            )
        case .postscriptNameRules:
            (
                "A PostScript name that breaks the PostScript rules",
                "UIFont(name:) takes it as stored; other tools do not."
            )
        case .duplicatePostscriptName:
            ("Two font files with one PostScript name", "Which one iOS uses is not defined; remove one.")
        case .fontconfigUnusable: ("A fontconfig configuration that cannot be read", "The run exits 2.")
        case .fontconfigFailed: ("fontconfig failed", "The run exits 2.")
        case .listingCache:
            ("The listing cache was not used", "It was rebuilt or could not be written; nothing else changes.")
        case .lineBreakerUnavailable:
            ("ICU's line breaker could not be loaded", "Lines cannot be broken; the run exits 2.")
        case .pluralRulesUnavailable:
            ("ICU's plural rules could not be loaded", "Plural forms are measured with the default samples.")
        case .pluralSamples:
            ("The numbers plural forms are measured with", "A note: each category's number by ICU's rules.")
        case .machineFallback:
            (
                "Characters measured in a face this machine chose",
                "A note: no face of the device's fallbacks is installed for them; install the script's Noto face or "
                    + "give the app's with --fonts-dir. fit's JSON names the faces per string ('fallbacks')."
            )
        case .placeholderSamples: ("The values placeholders are measured with", "Choose others with --sample.")
        case .untranslatedMeasured:
            (
                "Entries measured as the app shows them untranslated",
                "A note: the development language's text is measured (for Flutter, the base language's where it has "
                    + "the message)."
            )
        case .cap:
            ("A limit typefit applied", "A string cut to its maximum length, or forms left out; the note says which.")
        case .markdownRendered:
            ("Strings measured as SwiftUI draws Markdown", "--no-markdown measures them as written.")
        case .htmlRendered:
            ("Android strings measured as Html.fromHtml renders them", "A note: --html (or \"html\": true in a rule).")
        case .htmlApproximate:
            (
                "HTML typefit does not draw as a device does",
                "Relative sizes (<big>, <small>, headings), images and list or quote margins are not applied."
            )
        case .markdownLiteral:
            ("Markdown measured as written", "Give --markdown to measure it as SwiftUI's Text draws it.")
        case .markdownFaces: ("The faces of Markdown runs", "A note.")
        case .markdownSynthetic:
            ("Markdown runs with no face of their own", "They are measured at the regular face's widths.")
        case .specimenFallback: ("Characters drawn with a fallback face", "The face measured lacks them.")
        case .outlineCap: ("Glyph outlines past typefit's cap", "They are drawn as boxes.")
        case .systemFontIncomplete:
            (
                "The system font's files lack a face iOS uses",
                "A weight, or SF Pro Text or Display for a size, is missing from --system-fonts: those cells are "
                    + "measured in another face. Add the file (Apple's download has every weight and cut)."
            )
        case .measuredSetting:
            (
                "The coordinates and tracking a face was measured at",
                "A --verbose note: a variable face's axis values (opsz from the point size unless --optical-size "
                    + "says otherwise) and the tracking Core Text's trak table adds."
            )
        case .trackingExtrapolated:
            (
                "Sizes beyond a face's trak table",
                "A note: the tracking there is extrapolated along the table's nearest two sizes (Apple's trak "
                    + "description); HarfBuzz holds the end value, and Core Text's rule is not published."
            )
        case .shapings:
            (
                "How many shapings a string took",
                "A --verbose note: once per face and variation coordinates; sizes that differ only in tracking share one."
            )
        case .pageCap:
            (
                "The review page reached its size cap",
                "The failing strings past it are counted but not drawn; `fit --format json` lists all."
            )
        case .desktopScale: ("The desktop's text size", "A note: the category whose Body size is nearest.")
        case .desktopScaleUnavailable:
            ("No desktop text size", "--category system needs GNOME's setting or GDK_DPI_SCALE.")
        case .watchSize: ("A watch size's default category", "A note.")
        case .fixedSizes: ("macOS has no Dynamic Type", "Its text styles have fixed sizes.")
        case .baseChanged: ("The strings added or changed since --base", "A note.")
        case .outputRefused:
            (
                "An output path typefit will not write",
                "A link leading out of its tree, a folder or a read-only file; the run exits 2."
            )
        case .outputUnwritable: ("An output that could not be written", "The run exits 2.")
        case .uiappfontsLeftOut: ("A file left out of UIAppFonts", "A note: the message says why.")
        case .uiappfontsClash:
            (
                "Files Xcode would copy to one bundle name",
                "Xcode refuses them (\"Multiple commands produce\"); rename one."
            )
        case .inputError: ("A file or font typefit could not use", "Nothing was checked in it; the run exits 2.")
        case .usageError: ("A command line typefit cannot run", "See typefit help.")
        case .problem: ("A problem found", "See the message.")
        case .warning: ("A warning", "See the message.")
        case .note: ("A note", "See the message.")
        }
    }

    /// Where it comes from, for REFERENCE's table.
    var group: FindingCodeGroup {
        switch self {
        case .doesNotFit, .placeholderMissing, .placeholderExtra, .placeholderChanged, .placeholderTwoKinds,
            .placeholderSkipped, .placeholderVariableUndefined, .placeholderVariableMoved, .placeholderNotAConversion,
            .placeholderSpaceFlag, .placeholderPluralObject, .placeholderPluralFormEmpty, .placeholderPluralFormDrops,
            .placeholderPluralCountNeverShown, .placeholderPluralCountImplied, .placeholderUnformattable,
            .placeholderJavaException, .placeholderSourceTakesNone, .messageSyntax, .pluralCaseOverridden,
            .placeholderUndeclared, .placeholderUnused, .placeholderType, .placeholdersNotCompared, .pluralCoverage,
            .untranslated, .missingGlyphs,
            .faceNotOpened:
            .gate
        case .missingFace, .notShipped, .instanceName, .belowMinimum, .maxBelowDesign, .shrinkingTable, .shrinkingSize,
            .wcagResize:
            .check
        case .fileUnreadable, .fileReadOnce, .shadowedByStringsdict, .configurationUnread, .textBudgetExceeded,
            .fileMalformed, .stringsEmpty, .sourceSetsNotRead, .flutterStringsOnNativePlatform, .sourceSetNotFound,
            .languageNotFound, .patternFailed,
            .patternMatchesNothing,
            .duplicateKey, .referenceUnresolved, .referenceCycle, .referenceTooDeep, .noKeyMatches, .noRuleMatches,
            .keysWithoutRule, .ruleClampInverted:
            .strings
        case .specMalformed, .specFieldIgnored, .styleNotInSpec, .styleWithoutCounterpart: .spec
        case .faceMissing, .faceNotFound, .familyNotFound, .familyIsFullName, .pathNotName, .builtInFace,
            .faceProvenance, .faceNotShipped, .uifontLookup, .weightStandIn, .systemFontUnavailable,
            .systemFontIncomplete:
            .faces
        case .fontUnusable, .fontFolderUnusable, .postscriptNameRules, .duplicatePostscriptName, .fontconfigUnusable,
            .fontconfigFailed, .listingCache, .uiappfontsLeftOut, .uiappfontsClash:
            .fontFiles
        case .lineBreakerUnavailable, .pluralRulesUnavailable, .pluralSamples, .machineFallback, .placeholderSamples,
            .untranslatedMeasured, .pseudolocales, .cap, .markdownRendered, .htmlRendered, .htmlApproximate,
            .markdownLiteral, .markdownFaces,
            .markdownSynthetic, .specimenFallback, .outlineCap, .baseChanged, .measuredSetting, .trackingExtrapolated,
            .shapings, .pageCap:
            .howMade
        case .desktopScale, .desktopScaleUnavailable, .watchSize, .fixedSizes: .platforms
        case .outputRefused, .outputUnwritable: .output
        case .inputError, .usageError, .problem, .warning, .note: .generic
        }
    }
}

/// The registry of codes in words.
enum FindingCodes {
    /// REFERENCE's table of codes: a row per code, by group, made from
    /// the registry (a test holds the document to it).
    static func markdownTable() -> String {
        var out = "| code | from | meaning | what to do |\n|---|---|---|---|\n"
        for group in FindingCodeGroup.allCases {
            for code in Finding.Code.allCases where code.group == group {
                let words = code.help
                out += "| `\(code.rawValue)` | \(group.commands) | \(words.summary) | \(words.help) |\n"
            }
        }
        return out
    }
}

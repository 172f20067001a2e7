import Foundation
import Testing
import TypefitKit
import TypefitTestSupport

@testable import TypefitCLI

/// Installed like a Linux tool: completions and manual pages generated from
/// the declarations and checked by the shells and groff themselves, the
/// install script `make install` runs, and the Debian package `make deb`
/// builds, installed into a scratch root.
@Suite(.enabled(if: BinaryRunner.binary != nil, "the typefit binary is not built (run swift build first)"))
struct InstallTests {
    static let environment = ["FONTCONFIG_FILE": Fixtures.fontconfigFile]

    /// Runs a tool that the test set-up installs (scripts/ensure-deps.sh
    /// --test); its absence is a failure, not a skip.
    func tool(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> BinaryRunner.Result
    {
        try #require(try BinaryRunner.runTool(name, arguments, environment: environment), "\(name) is not installed")
    }

    // MARK: Completions

    /// The bash script, sourced, with COMP_WORDS set as bash sets them; the
    /// COMPREPLY words joined by '|'.
    func bashCompletions(_ words: [String], line: String? = nil) throws -> [String] {
        let binary = try #require(BinaryRunner.binary?.path)
        let script = CompletionShell.bash.script
        let file = Fixtures.temporaryDirectory("bash-completion").appendingPathComponent("typefit")
        try script.write(to: file, atomically: true, encoding: .utf8)
        func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let quoted = ([binary] + words).map(quote)
        // The line as typed (bash's COMP_LINE), for completion inside quotes.
        let typed = line ?? words.joined(separator: " ")
        let program = """
            source '\(file.path)'
            COMP_WORDS=(\(quoted.joined(separator: " ")))
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE=\(quote("typefit " + typed))
            COMP_POINT=${#COMP_LINE}
            _typefit
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try tool(
            "bash", ["-c", program], environment: Self.environment.merging(["TYPEFIT_NO_CACHE": "1"]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsOptionsAndValues() throws {
        #expect(try bashCompletions(["sc"]) == ["scale"])
        #expect(try bashCompletions([""]).contains("specimen"))
        #expect(try bashCompletions(["--generate-completion-script", ""]) == ["bash", "zsh", "fish"])
        #expect(try bashCompletions(["scale", "--st"]) == ["--style", "--strict"])
        // Every option each subcommand declares is offered.
        for command in Typefit.subcommands {
            let configuration = command.configuration
            let offered = try bashCompletions([configuration.commandName, "--"])
            for option in configuration.options {
                #expect(offered.contains(option.name), "\(configuration.commandName) \(option.name)")
            }
        }
        #expect(try bashCompletions(["scale", "--style", "bo"]) == ["body"])
        #expect(try bashCompletions(["scale", "--category", "AX"]) == ["AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(try bashCompletions(["scale", "--platform", "w"]) == ["watchos"])
        #expect(try bashCompletions(["scale", "--format", "t"]) == ["table", "tokens"])
        #expect(try bashCompletions(["scale", "--curve", ""]) == ["hig", "measured"])
        #expect(try bashCompletions(["scale", "--weight", "semi"]) == ["semibold"])
        // --opt=value: bash splits the word at '='.
        #expect(try bashCompletions(["scale", "--style", "=", "hea"]) == ["headline"])
        // Under --platform, that platform's styles (Material 3's roles,
        // watchOS's rows), however the platform is written.
        #expect(
            try bashCompletions(["fit", "--platform", "android", "--style", "body"]) == [
                "bodyLarge", "bodyMedium", "bodySmall",
            ])
        #expect(
            try bashCompletions(["fit", "--platform", "=", "android", "--style", "bodyLarge,ti"]) == [
                "bodyLarge,titleLarge", "bodyLarge,titleMedium", "bodyLarge,titleSmall",
            ])
        #expect(
            try bashCompletions(["scale", "--platform", "watchos", "--style", "foot"]) == ["footnote1", "footnote2"])
        #expect(try bashCompletions(["fit", "--platform", "ios", "--style", "body"]) == ["body"])
    }

    @Test func bashCompletesFilesFoldersAndInstalledNames() throws {
        let specs = Fixtures.path("specs") + "/Typefit"
        #expect(try bashCompletions(["scale", "--spec", specs]).contains(specs + "Sans.json"))
        #expect(try bashCompletions(["scale", "--spec", specs]).contains(specs + "Sans-ScaledFont.plist"))
        // Folders only: Fixtures/make-fonts.py is not offered.
        let folder = try bashCompletions(["list-fonts", "--dir", Fixtures.root.path + "/"])
        #expect(folder.contains(Fixtures.path("fonts")) && !folder.contains { $0.hasSuffix(".py") })
        // Families and PostScript names from `typefit list-fonts --format plain`.
        #expect(try bashCompletions(["scale", "--family", "Typefit S"]) == ["Typefit\\ Sans", "Typefit\\ Serif"])
        #expect(
            try bashCompletions(["measure", "--font", "TypefitSans-"])
                == [
                    "TypefitSans-Bold", "TypefitSans-Condensed", "TypefitSans-Italic", "TypefitSans-Regular",
                    "TypefitSans-SemiBoldCondensed",
                ])
        #expect(try bashCompletions(["list-fonts", "--postscript-name", "TypefitSerif-B"]) == ["TypefitSerif-Bold"])
    }

    /// Inside an open quote the names go in as they are (readline closes
    /// the quote), whether bash split the quote off the word or not.
    @Test func bashCompletesNamesInsideQuotes() throws {
        let typed = "scale --family \"Typefit S"
        #expect(
            try bashCompletions(["scale", "--family", "Typefit S"], line: typed) == ["Typefit Sans", "Typefit Serif"])
        #expect(
            try bashCompletions(["scale", "--family", "\"Typefit S"], line: typed) == ["Typefit Sans", "Typefit Serif"])
        #expect(
            try bashCompletions(["scale", "--family", "'Typefit Se"], line: "scale --family 'Typefit Se") == [
                "Typefit Serif"
            ])
    }

    /// A comma list completes its last item, the rest kept.
    @Test func bashCompletesAfterACommaInAList() throws {
        #expect(try bashCompletions(["scale", "--style", "body,ti"]) == ["body,title1", "body,title2", "body,title3"])
        #expect(try bashCompletions(["scale", "--category", "large,AX"]).contains("large,AX5"))
        // Values that are not lists are not split.
        #expect(try bashCompletions(["scale", "--format", "j"]) == ["json"])
    }

    /// zsh completes comma lists with _values, one item after each comma.
    @Test func zshListsUseValues() {
        let script = CompletionShell.zsh.script
        #expect(script.contains(":styles: _typefit_by_platform styles , android=displayLarge,"))
        #expect(script.contains(" -- largeTitle,title1,"))
        #expect(script.contains(":categories:_values -s , categories extraSmall"))
    }

    /// The start of a zsh script driving an interactive zsh on a
    /// pseudo-terminal (zpty) with typefit's completion loaded: `wait_for
    /// TEXT` prints what the shell writes until TEXT appears or 30 s pass.
    /// Each step waits for what it must see before the next is typed:
    /// fixed pauses let keys typed ahead of a slow `compinit` (a loaded
    /// machine, the whole suite running) jumble the session.
    static func zshSession(functions: URL) -> String {
        """
        zmodload zsh/zpty
        zpty z 'zsh -f -i'
        wait_for() {
            local seen= line deadline=$(( SECONDS + 30 ))
            while (( SECONDS < deadline )); do
                # What zpty reads ends where the terminal's output paused,
                # not always at a line's end, and keeps its own newline:
                # printed as read, a completed line is never cut in two.
                if zpty -r -t z line; then
                    print -rn -- "$line"
                    seen+=$line
                    [[ $seen == *$1* ]] && return 0
                else
                    sleep 0.1
                fi
            done
            return 1
        }
        zpty -w z 'PS1="> "; fpath=(\(functions.path) $fpath); autoload -Uz compinit; compinit -u -D; LISTMAX=1000; print RE""ADY'
        wait_for READY

        """
    }

    @Test func zshAndFishScriptsParse() throws {
        let dir = Fixtures.temporaryDirectory("completion-scripts")
        let zsh = dir.appendingPathComponent("_typefit")
        try CompletionShell.zsh.script.write(to: zsh, atomically: true, encoding: .utf8)
        let zshCheck = try tool("zsh", ["-n", zsh.path])
        #expect(zshCheck.status == 0 && zshCheck.stderr.isEmpty, "\(zshCheck.stderr)")
        let fish = dir.appendingPathComponent("typefit.fish")
        try CompletionShell.fish.script.write(to: fish, atomically: true, encoding: .utf8)
        let fishCheck = try tool("fish", ["-n", fish.path])
        #expect(fishCheck.status == 0 && fishCheck.stderr.isEmpty, "\(fishCheck.stderr)")
    }

    /// fish can run its completions without a terminal: `complete -C`.
    @Test func fishCompletes() throws {
        let binary = try #require(BinaryRunner.binary)
        let dir = Fixtures.temporaryDirectory("fish-completion")
        try FileManager.default.createSymbolicLink(
            at: dir.appendingPathComponent("typefit"), withDestinationURL: binary)
        let script = dir.appendingPathComponent("typefit.fish")
        try CompletionShell.fish.script.write(to: script, atomically: true, encoding: .utf8)
        let program = """
            source '\(script.path)'
            complete -C'typefit sc'
            complete -C'typefit scale --style bo'
            complete -C'typefit scale --family Typefit\\ Se'
            complete -C'typefit scale --style body,ti'
            complete -C'typefit scale --family "Typefit Se'
            complete -C'typefit fit --platform android --style body'
            complete -C'typefit fit --platform=android --style bodyLarge,ti'
            """
        let path = dir.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try tool(
            "fish", ["--no-config", "-c", program],
            environment: Self.environment.merging(["PATH": path, "TYPEFIT_NO_CACHE": "1"]) { $1 })
        let names = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(
            names == [
                "scale", "body", "Typefit Serif", "body,title1", "body,title2", "body,title3", "Typefit Serif",
                "bodyLarge", "bodyMedium", "bodySmall", "bodyLarge,titleLarge", "bodyLarge,titleMedium",
                "bodyLarge,titleSmall",
            ],
            "\(result.stdout)\(result.stderr)")
    }

    /// Fonts whose family and PostScript names are shell code
    /// (Fixtures/hostile-names, from make-hostile.py): `$(…)`, backticks,
    /// `;`, quotes, a line break, a glob. Completing them in bash, zsh and
    /// fish offers the names as they are and runs none of them: each
    /// payload would create a `pwned-*` file in the shell's folder. zsh's
    /// session also completes `--style` under `--platform android` (Material
    /// 3's roles) and without it (UIKit's styles).
    @Test func completionNeverRunsAFontName() throws {
        let binary = try #require(BinaryRunner.binary)
        let dir = Fixtures.temporaryDirectory("completion-injection")
        let work = dir.appendingPathComponent("work")
        let bin = dir.appendingPathComponent("bin")
        let functions = dir.appendingPathComponent("functions")
        for folder in [work, bin, functions] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("typefit"), withDestinationURL: binary)
        try CompletionShell.zsh.script.write(
            to: functions.appendingPathComponent("_typefit"), atomically: true, encoding: .utf8)
        let bashScript = dir.appendingPathComponent("typefit.bash")
        try CompletionShell.bash.script.write(to: bashScript, atomically: true, encoding: .utf8)
        let fishScript = dir.appendingPathComponent("typefit.fish")
        try CompletionShell.fish.script.write(to: fishScript, atomically: true, encoding: .utf8)
        let config = Fixtures.fontconfigFile(
            "hostile-names", directories: [Fixtures.root.appendingPathComponent("hostile-names")])
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let environment = ["FONTCONFIG_FILE": config, "TYPEFIT_NO_CACHE": "1", "PATH": path]
        func pwned() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("pwned") }
        }
        let families = [
            "Glob *", "Inj$(touch pwned-dollar)", "New\\n$(touch pwned-newline)", "Quote'\"$(touch pwned-quote)\"'",
            "Semi;touch pwned-semicolon;x", "Tick`touch pwned-backtick`",
        ]
        let postscriptNames = [
            "Glob*", "InjDollar", "NewLine", "Quote'\"x", "Semi;touch$IFS'pwned-ps-semicolon'",
            "Tick`touch$IFS'pwned-ps-backtick'`",
        ]

        // bash: inside a quote the names go in as they are.
        let bash = try tool(
            "bash",
            [
                "-c",
                """
                cd '\(work.path)' && source '\(bashScript.path)'
                for option in --family --postscript-name; do
                    COMP_WORDS=(typefit list-fonts "$option" '"')
                    COMP_CWORD=3
                    COMP_LINE="typefit list-fonts $option \\""
                    COMP_POINT=${#COMP_LINE}
                    _typefit
                    printf '%s\\n' "${COMPREPLY[@]}"
                done
                """,
            ], environment: environment)
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.stdout.split(separator: "\n").map(String.init) == families + postscriptNames, "\(bash.stdout)")
        #expect(try pwned() == [], "bash")

        // fish: complete -C runs the completions without a terminal.
        let fish = try tool(
            "fish",
            [
                "--no-config", "-c",
                """
                cd '\(work.path)'; source '\(fishScript.path)'
                complete -C'typefit list-fonts --family '
                complete -C'typefit list-fonts --postscript-name '
                """,
            ], environment: environment)
        let fishNames = fish.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(fishNames == families + postscriptNames, "\(fish.stdout)\(fish.stderr)")
        #expect(try pwned() == [], "fish")

        // zsh: the real completion system in an interactive shell on a
        // pseudo-terminal (zpty), Tab pressed after each option; the list
        // it draws shows the names quoted as zsh would insert them. Each
        // step waits (up to 30 s) for what it must see before the next is
        // typed: fixed pauses let keys typed ahead of a slow `compinit`
        // (a loaded machine, the whole suite running) jumble the session.
        let driver = dir.appendingPathComponent("drive.zsh")
        try
            ("cd '\(work.path)'\n" + Self.zshSession(functions: functions)
                + """
                for option shown in --family pwned-newline --postscript-name pwned-ps-backtick; do
                    zpty -w -n z "typefit list-fonts $option "$'\\t'
                    wait_for $shown
                    sleep 0.5
                    zpty -w -n z $'\\C-u'
                done
                # One session for both checks (compinit is slow on a loaded
                # machine): --style under --platform android lists Material
                # 3's roles; without, completes UIKit's body.
                zpty -w -n z "typefit fit --platform android --style body"$'\\t'
                wait_for bodySmall
                sleep 0.5
                zpty -w -n z $'\\C-u'
                zpty -w -n z "typefit fit --style bo"$'\\t'
                wait_for 'style body'
                sleep 0.5
                zpty -w -n z $'\\C-u'
                zpty -w z 'print -r -- DO""NE'
                wait_for DONE
                while zpty -r -t z line; do print -rn -- "$line"; done
                zpty -d z
                """).write(to: driver, atomically: true, encoding: .utf8)
        let zsh = try tool("zsh", ["-f", driver.path], environment: environment)
        #expect(zsh.stdout.contains("DONE"), "\(zsh.stdout)\(zsh.stderr)")
        for shown in [
            "Inj\\$\\(touch\\ pwned-dollar\\)", "Tick\\`touch\\$IFS\\'pwned-ps-backtick\\'\\`",
            "Semi\\;touch\\$IFS\\'pwned-ps-semicolon\\'",
        ] {
            #expect(zsh.stdout.contains(shown), "\(shown) in \(zsh.stdout)")
        }
        #expect(try pwned() == [], "zsh")
        let screen = zsh.stdout
        #expect(screen.contains("bodyLarge") && screen.contains("bodyMedium") && screen.contains("bodySmall"))
        #expect(screen.contains("typefit fit --style body"), "\(screen)")
        #expect(!screen.contains("displayLarge"), "only the roles that begin 'body'")
    }

    @Test func unknownShellIsAUsageError() throws {
        for arguments in [["--generate-completion-script", "tcsh"], ["completions", "pwsh"], ["completions"]] {
            let result = try BinaryRunner.run(arguments)
            #expect(result.status == 64 && result.stdout.isEmpty)
            #expect(result.stderr.contains("bash") && result.stderr.contains("zsh") && result.stderr.contains("fish"))
        }
        let alias = try BinaryRunner.run(["completions", "bash"])
        let long = try BinaryRunner.run(["--generate-completion-script=bash"])
        #expect(alias.status == 0 && alias.stdout == long.stdout && alias.stdout.contains("complete -F _typefit"))
    }

    // MARK: Manual pages

    @Test(arguments: [nil] + Typefit.subcommandNames)
    func manualPageRendersWithoutWarnings(topic: String?) throws {
        let dir = Fixtures.temporaryDirectory("manual")
        let file = dir.appendingPathComponent(topic.map { "typefit-\($0).1" } ?? "typefit.1")
        let page = Manual.page(topic)
        try page.write(to: file, atomically: true, encoding: .utf8)
        // -ww: every warning; -z: no output, only the diagnostics.
        let groff = try tool("groff", ["-ww", "-z", "-man", "-Tutf8", file.path])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
        let man = try tool(
            "man", ["-l", file.path], environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
        #expect(man.status == 0, "\(man.stderr)")
        #expect(man.stdout.contains("EXIT STATUS"))
        if let topic, let configuration = Typefit.subcommand(named: topic)?.configuration {
            for option in configuration.options {
                #expect(man.stdout.contains(option.name), "\(topic): \(option.name)")
            }
        } else {
            for variable in ["TYPEFIT_CACHE_DIR", "TYPEFIT_NO_CACHE", "FONTCONFIG_FILE"] {
                #expect(man.stdout.contains(variable))
            }
            #expect(man.stdout.contains("JSON OUTPUT") && man.stdout.contains("FILES"))
        }
    }

    // MARK: make install, make deb

    /// The script `make install` runs, with the binary the tests built.
    @Test func installPutsEverythingInPlaceAndUninstallRemovesIt() throws {
        let binary = try #require(BinaryRunner.binary?.path)
        let prefix = Fixtures.temporaryDirectory("install").appendingPathComponent("usr/local").path
        let install = try tool(
            "sh", [Fixtures.packageRoot.appendingPathComponent("scripts/install.sh").path, binary, prefix])
        #expect(install.status == 0, "\(install.stderr)")
        let expected =
            [
                "bin/typefit", "share/bash-completion/completions/typefit", "share/zsh/site-functions/_typefit",
                "share/fish/vendor_completions.d/typefit.fish", "share/man/man1/typefit.1",
            ] + Typefit.subcommandNames.map { "share/man/man1/typefit-\($0).1" }
        for file in expected {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
        }
        let installed = try tool(prefix + "/bin/typefit", ["scale", "--style", "body", "--category", "AX5"])
        #expect(installed.stdout == "53\n")
        // The installed scripts are the binary's own.
        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/typefit", encoding: .utf8)
        #expect(bash == CompletionShell.bash.script)
        let uninstall = try tool(
            "sh", [Fixtures.packageRoot.appendingPathComponent("scripts/install.sh").path, "--uninstall", prefix])
        #expect(uninstall.status == 0)
        for file in expected {
            #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) left behind")
        }
    }

    /// The package `make deb` builds (here from the test binary; lintian is
    /// run by `make deb` on the release build), unpacked into a scratch root
    /// with `dpkg -x`, runs.
    @Test func debianPackageInstallsAndRuns() throws {
        let binary = try #require(BinaryRunner.binary?.path)
        let dir = Fixtures.temporaryDirectory("deb")
        let build = try tool(
            "sh", [Fixtures.packageRoot.appendingPathComponent("scripts/make-deb.sh").path, binary, dir.path],
            environment: [
                "TYPEFIT_DEB_NO_LINTIAN": "1", "DEBEMAIL": "tests@typefit.test", "DEBFULLNAME": "typefit tests",
            ])
        #expect(build.status == 0, "\(build.stderr)")
        let deb = build.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.hasSuffix(".deb") && deb.contains("typefit_\(Typefit.version)-1_"))
        let control = try tool("dpkg-deb", ["--field", deb, "Version", "Depends", "Recommends"])
        #expect(control.stdout.contains("Version: \(Typefit.version)-1"))
        #expect(control.stdout.contains("libfontconfig1") && control.stdout.contains("libfreetype6"))
        #expect(control.stdout.contains("libharfbuzz0b"))
        let root = dir.appendingPathComponent("root").path
        #expect(try tool("dpkg", ["-x", deb, root]).status == 0)
        for file in [
            "usr/share/man/man1/typefit.1.gz", "usr/share/doc/typefit/copyright",
            "usr/share/doc/typefit/changelog.Debian.gz", "usr/share/zsh/site-functions/_typefit",
        ] {
            #expect(FileManager.default.fileExists(atPath: root + "/" + file), "\(file)")
        }
        let run = try tool(root + "/usr/bin/typefit", ["--version"])
        #expect(run.status == 0 && run.stdout == "typefit \(Typefit.version)\n")
        // The licence, in DEP-5 form: a Files stanza naming it and its
        // stand-alone paragraph, as Debian's policy asks.
        let copyright = try String(contentsOfFile: root + "/usr/share/doc/typefit/copyright", encoding: .utf8)
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        #expect(copyright.contains("\nFiles: *\nCopyright: ") && copyright.contains("\nLicense: Apache-2.0\n"))
        #expect(copyright.contains("/usr/share/common-licenses/Apache-2.0"))
    }

    /// LICENSE is the Apache License 2.0, and typefit(1) says so.
    @Test func licenceIsStated() throws {
        let licence = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
        let page = try BinaryRunner.run(["--generate-manual"])
        #expect(page.stdout.contains(".SH COPYRIGHT\n") && page.stdout.contains("Apache License, Version 2.0"))
    }
}

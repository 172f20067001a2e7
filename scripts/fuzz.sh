#!/bin/sh
# `make fuzz`: builds the libFuzzer targets in Fuzz/ with TypefitCore's
# sources (swiftc -sanitize=fuzzer,address) and runs each for FUZZ_SECONDS
# (default 60). Seed corpora are committed: the fixture fonts, the hostile
# corpus and Fuzz/seeds for faces; the spec fixtures and Fuzz/seeds/spec for
# specs; the strings fixtures, the Markdown oracle and Fuzz/seeds/text for
# text (Markdown, rules, .stringsdict, binary plists, ARB and its messages); the strings fixtures
# again for budget (one input read as several files of a run, its
# multipliers against one StringsBudget); Android folders built on disk
# with links and a repeated values file for android (Fuzz/seeds/android,
# the aapt2 fixtures), with the FontRegistry files that walk and read
# inputs (their `import TypefitCore` dropped: one module). New inputs libFuzzer
# finds go to .build/fuzz/corpus; a crash is written to
# .build/fuzz/artifacts and fails the target.
# Usage: scripts/fuzz.sh [face|spec|text|budget|android ...]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
seconds=${FUZZ_SECONDS:-60}
targets=${*:-face spec text budget android}
out=.build/fuzz
mkdir -p "$out/artifacts"
status=0
for target in $targets; do
    case $target in
        face) source=Fuzz/FaceFuzzer.swift
            seeds="Fixtures/fonts Fixtures/formats Fixtures/hostile Fixtures/broken Fixtures/optical Fixtures/emoji Fixtures/emoji-bitmap Fixtures/type1 Fixtures/words Fixtures/readme-fonts" ;;
        spec) source=Fuzz/SpecFuzzer.swift; seeds="Fixtures/specs Fixtures/strings Fuzz/seeds/spec Fuzz/regressions" ;;
        text) source=Fuzz/TextFuzzer.swift; seeds="Fixtures/strings Fixtures/strings/plists Fixtures/text Fixtures/arb Fixtures/android/aapt2/res/values Fixtures/android/aapt2/bad Fuzz/seeds/text" ;;
        budget) source=Fuzz/BudgetFuzzer.swift; seeds="Fuzz/seeds/budget Fixtures/strings Fuzz/seeds/text" ;;
        android) source=Fuzz/AndroidFuzzer.swift
            seeds="Fuzz/seeds/android Fixtures/android/aapt2/res/values Fixtures/android/aapt2/bad Fixtures/android/aapt2/encodings" ;;
        *) echo "fuzz: unknown target '$target' (face, spec, text, budget, android)" >&2; exit 64 ;;
    esac
    # The FontRegistry files a target needs, as one module with TypefitCore.
    extra=""
    if [ "$target" = android ]; then
        mkdir -p "$out/android-src"
        for file in SystemCalls.swift SystemCalls+Writing.swift TemporaryFiles.swift InputPaths.swift AndroidResourceTree.swift; do
            sed '/^import TypefitCore$/d' "Sources/FontRegistry/$file" > "$out/android-src/$file"
            extra="$extra $out/android-src/$file"
        done
    fi
    binary="$out/$target-fuzzer"
    if [ ! -x "$binary" ] || [ -n "$(find Sources/TypefitCore Sources/FontRegistry "$source" -newer "$binary" -name '*.swift' | head -1)" ]; then
        echo "fuzz: building $binary"
        # A failed build must not leave the old binary to be fuzzed.
        if ! swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name TypefitFuzz \
            $(find Sources/TypefitCore -name '*.swift' | sort) $extra "$source" -o "$binary" 2>"$out/$target-build.log"; then
            grep -v "Cannot export local symbol" "$out/$target-build.log" >&2
            rm -f "$binary"
            exit 1
        fi
    fi
    mkdir -p "$out/corpus/$target"
    echo "fuzz: $target for $seconds s"
    # -rss_limit_mb: a font claiming huge tables must not make us allocate them.
    if ! "$binary" "$out/corpus/$target" $seeds -max_total_time="$seconds" -max_len=65536 \
        -rss_limit_mb=2048 -timeout=10 -artifact_prefix="$out/artifacts/$target-" -print_final_stats=1 \
        2>"$out/$target.log"; then
        echo "fuzz: $target FOUND A PROBLEM; see $out/$target.log and $out/artifacts/" >&2
        status=1
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^Done [0-9]+ runs" "$out/$target.log" | sed "s/^/fuzz: $target: /" || true
done
exit $status

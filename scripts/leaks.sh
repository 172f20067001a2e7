#!/bin/sh
# `make leaks`: runs typefit under valgrind's leak checker and fails when any
# block is definitely lost. Usage: scripts/leaks.sh path/to/typefit
set -eu
bin=$1
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -e "s#@FONTS_DIR@#$root/Fixtures/fonts#" -e "s#@CACHE_DIR@#$tmp/cache#" \
    "$root/Fixtures/fontconfig/fonts.conf.in" > "$tmp/fonts.conf"
status=0
check() {
    valgrind --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
        --num-callers=50 --suppressions="$root/scripts/valgrind-swift.supp" "$bin" "$@" >/dev/null 2>"$tmp/valgrind.txt" || code=$?
    lost=$(grep -E "definitely lost:" "$tmp/valgrind.txt" | sed -E 's/.*definitely lost: ([0-9,]+) bytes.*/\1/')
    echo "leaks: typefit $*: definitely lost: ${lost:-0} bytes"
    if [ "${code:-0}" = 99 ]; then cat "$tmp/valgrind.txt" >&2; status=1; fi
    code=0
}
check list-fonts --format json --no-cache --fontconfig-file "$tmp/fonts.conf"
# The machine's own fonts, whatever they are.
check list-fonts --format json --no-cache
# Every fixture, the broken and hostile corpora included (warnings expected),
# through the parallel scanner.
check list-fonts --format json --dir "$root/Fixtures"
check list-fonts --format uiappfonts --dir "$root/Fixtures/hostile"
check scale --format json
# Shaping (HarfBuzz), fontconfig fallbacks and line breaking (ICU).
check measure "Hi 日本 مرحبا" --style body --font TypefitSans-Regular --fontconfig-file "$tmp/fonts.conf"
check fit --strings "$root/Fixtures/strings/Settings.xcstrings" --width 800 --style title1 \
    --font TypefitSans-Bold --fontconfig-file "$tmp/fonts.conf"
exit $status

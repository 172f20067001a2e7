#!/bin/sh
# Writes Fixtures/text/hb-shape.tsv: for each test string, the advance of the
# shaped line in font units (1000 per em) as HarfBuzz's own hb-shape gives it
# for TypefitScript-Regular.ttf — the oracle typefit measure is checked
# against. A mixed-script string is the sum of its runs, each shaped with its
# own script, as typefit splits it (spaces stay with the run before them).
# Needs hb-shape (apt-get install libharfbuzz-bin) and python3.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
font="$here/TypefitScript-Regular.ttf"
units() { # text [script]
    if [ $# -gt 1 ]; then set -- "$1" --script="$2"; fi
    hb-shape --output-format=json "$font" "$@" |
        python3 -c 'import json, sys; print(sum(g["ax"] for g in json.load(sys.stdin)))'
}
{
    printf '# text\tadvance in font units (hb-shape %s)\n' "$(hb-shape --version | head -1 | awk '{print $NF}')"
    for text in "AVA fi To" "Settings" "مرحبا" "حلم بيه" "שלום" "नमस्ते" "सदी" "สวัสดี" "ครับ" "日本語、中文。"; do
        printf '%s\t%s\n' "$text" "$(units "$text")"
    done
    mixed=$(( $(units "Tokyo " latn) + $(units "日本 " hani) + $(units "مرحبا" arab) ))
    printf '%s\t%s\n' "Tokyo 日本 مرحبا" "$mixed"
} > "$here/hb-shape.tsv"

#!/bin/sh
# Writes oracle.tsv: the widths HarfBuzz 10's hb-shape gives the optical
# fixtures, the oracle of typefit's optical size and tracking
# (Tests/TypefitCLITests/OpticalSizingTests.swift). Run it where hb-shape
# is HarfBuzz 10 or later (the Debian 13 root of `make test-debian13`):
#
#   root=/var/cache/typefit-debian13/root-*; bwrap --bind $root / --dev /dev \
#     --proc /proc --bind "$PWD" /src sh /src/Fixtures/optical/make-oracle.sh
#
# A face with a STAT table is shaped as Core Text sets it at each size
# (opsz = the size, clamped to 8..72, and trak at the size:
# --font-ptem and --variations); a face without one at its own
# coordinates, untracked. The system font's stand-ins (../system-font) are
# tracked at every size, STAT or not, as Core Text tracks the system font
# (HarfBuzz 10.2 applies trak whenever a size is set). Each row: file, weight (the wght coordinate, 0
# for a static face), point size, text, and the width in font units (the
# sum of the advances; 1,000 units per em).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
version=$(hb-shape --version | sed -n '1s/.* \([0-9][0-9]*\)\..*/\1/p')
[ "$version" -ge 10 ] || { echo "make-oracle.sh: needs HarfBuzz 10 or later, found $(hb-shape --version | head -1)" >&2; exit 1; }
out=$here/oracle.tsv
printf '# file\tweight\tpoint size\ttext\twidth (font units), from %s\n' "$(hb-shape --version | head -1)" >"$out"
for entry in TypefitOptical-VF.ttf:400:stat TypefitOptical-VF.ttf:700:stat TypefitOpticalPlain-VF.ttf:400:plain \
    TypefitOpticalPlain-VF.ttf:700:plain TypefitTracked-Regular.ttf:0:stat TypefitTrackedPlain-Regular.ttf:0:plain \
    ../system-font/SF-Pro-Text-Regular.ttf:0:system ../system-font/SF-Pro-Display-Regular.ttf:0:system \
    ../system-font/SF-Pro-Text-Semibold.ttf:0:system ../system-font/SF-Pro-Display-Semibold.ttf:0:system; do
    file=${entry%%:*}; rest=${entry#*:}; weight=${rest%%:*}; kind=${rest#*:}
    for text in "AB" "Settings and privacy"; do
        size=6
        while [ "$size" -le 80 ]; do
            set -- --font-funcs=ot --no-glyph-names --no-clusters
            opsz=$size; [ "$opsz" -lt 8 ] && opsz=8; [ "$opsz" -gt 72 ] && opsz=72
            variations=""
            if [ "$weight" != 0 ]; then variations="wght=$weight"; fi
            if [ "$kind" != plain ]; then
                set -- "$@" --font-ptem="$size"
                if [ "$weight" != 0 ]; then variations="$variations,opsz=$opsz"; fi
            fi
            [ -n "$variations" ] && set -- "$@" --variations="$variations"
            width=$(hb-shape "$@" --output-format=json "$here/$file" "$text" |
                tr ',' '\n' | sed -n 's/.*"ax":\(-*[0-9]*\).*/\1/p' | awk '{ s += $1 } END { print s }')
            printf '%s\t%s\t%s\t%s\t%s\n' "$file" "$weight" "$size" "$text" "$width" >>"$out"
            size=$((size + 1))
        done
    done
done

#!/bin/sh
# `make bench`: installs the peer tools it compares against, then runs
# scripts/bench.py. Usage: scripts/bench.sh path/to/typefit
set -eu
need=""
command -v hyperfine >/dev/null 2>&1 || need="$need hyperfine"
command -v cmark >/dev/null 2>&1 || need="$need cmark"
command -v python3 >/dev/null 2>&1 || need="$need python3"
command -v fc-list >/dev/null 2>&1 || need="$need fontconfig"
[ -x /usr/bin/time ] || need="$need time"
if [ -n "$need" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null
    else
        echo "bench: missing:$need; run: sudo apt-get install -y$need" >&2
        exit 1
    fi
fi
# The peer of `measure`'s benchmark: HarfBuzz's Python binding (PyPI).
if ! python3 -c "import uharfbuzz" 2>/dev/null; then
    python3 -m pip install -q uharfbuzz 2>/dev/null || python3 -m pip install -q --break-system-packages uharfbuzz || {
        echo "bench: run: python3 -m pip install uharfbuzz" >&2
        exit 1
    }
fi
# The C peer of `fit`'s benchmark, built with the compiler and the HarfBuzz
# and ICU headers the build already needs (scripts/ensure-deps.sh).
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$here/../.build/bench"
cc -O2 -o "$here/../.build/bench/fit_peer" "$here/fit_peer.c" $(pkg-config --cflags --libs harfbuzz icu-uc)
python3 "$here/bench.py" "$@"
# CommonMark's pathological inputs under a fixed bound, against cmark.
exec python3 "$here/markdown_bench.py" "$@"

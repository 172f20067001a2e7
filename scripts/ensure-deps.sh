#!/bin/sh
# Makes sure the C libraries typefit builds against are installed.
# On Debian/Ubuntu as root it installs what is missing; otherwise it prints
# the exact command to run and fails.
set -eu

# `--test`: also the tools the tests check typefit against (hb-shape, the
# shaping oracle; rsvg-convert, which renders specimens).
packages="pkg-config libfontconfig-dev libfreetype-dev libharfbuzz-dev libunibreak-dev fontconfig"
if [ "${1:-}" = "--test" ]; then packages="$packages libharfbuzz-bin librsvg2-bin"; fi
missing=""
command -v pkg-config >/dev/null 2>&1 || missing="pkg-config"
if [ -z "$missing" ]; then
    pkg-config --exists fontconfig || missing="$missing libfontconfig-dev"
    pkg-config --exists freetype2 || missing="$missing libfreetype-dev"
    pkg-config --exists harfbuzz || missing="$missing libharfbuzz-dev"
    pkg-config --exists libunibreak || missing="$missing libunibreak-dev"
fi
command -v fc-list >/dev/null 2>&1 || missing="$missing fontconfig"
if [ "${1:-}" = "--test" ]; then
    command -v hb-shape >/dev/null 2>&1 || missing="$missing libharfbuzz-bin"
    command -v rsvg-convert >/dev/null 2>&1 || missing="$missing librsvg2-bin"
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

if ! command -v swift >/dev/null 2>&1; then
    echo "ensure-deps: no Swift toolchain on PATH; typefit needs Swift 6 (https://www.swift.org/install/linux/)" >&2
    exit 1
fi

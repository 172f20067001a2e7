#!/bin/sh
# make test-debian13: the README's test command (`make test`) inside a
# Debian 13 (trixie) root, against its libraries (fontconfig 2.15, FreeType
# 2.13, HarfBuzz 10, ICU 76), with this machine's Swift toolchain bound in
# read-only.
#
# The root is built once with debootstrap and kept outside the clone, keyed
# by the package list below, so later runs and CI on the same machine reuse
# it: $TYPEFIT_DEBIAN13_CACHE (default /var/cache/typefit-debian13). It runs
# under bubblewrap with a /dev and /proc of its own (`--dev`, `--proc`): the
# host's /dev is never bound in, so nothing run inside can replace a device
# of the machine's. The sources are bound at /src; the root's build folder
# (its own, beside the root) is bound over /src/.build, so the host's build
# is neither used nor touched.
set -eu
cd "$(dirname "$0")/.."
src=$(pwd)

# What the build and the tests need inside (scripts/ensure-deps.sh --test's
# packages, and what the Swift toolchain itself links against and runs:
# binutils, libc6-dev, libgcc/libstdc++ 14, libcurl, libxml2, libedit,
# sqlite, ncurses); util-linux for setpriv.
packages="make pkg-config libfontconfig-dev libfreetype-dev libharfbuzz-dev libicu-dev fontconfig
libharfbuzz-bin librsvg2-bin zsh fish groff-base man-db dpkg-dev strace libxml2-utils python3-jsonschema python3-fonttools chromium
binutils libc6-dev libgcc-14-dev libstdc++-14-dev libcurl4t64 libxml2 libedit2 libsqlite3-0 libncurses6
util-linux ca-certificates"
suite=trixie
mirror=${DEBIAN13_MIRROR:-http://deb.debian.org/debian}
key=$(printf '%s\n' "$suite" $packages | sha256sum | cut -c1-12)
cache=${TYPEFIT_DEBIAN13_CACHE:-/var/cache/typefit-debian13}
root=$cache/root-$key
build=$cache/build-$key
scratch=$cache/tmp

say() { echo "test-debian13: $*" >&2; }

. "$(dirname "$0")/root-tools.sh"
need_root_tools test-debian13
swift=$(command -v swift) || { say "no Swift toolchain on PATH"; exit 1; }
# The toolchain's root: .../usr/bin/swift -> ...
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")

# Runs a command inside the root, with its own /dev, /proc and /tmp.
inside() {
    bwrap --bind "$root" / --dev /dev --proc /proc --bind "$scratch" /tmp \
        --ro-bind /etc/resolv.conf /etc/resolv.conf \
        --ro-bind "$toolchain" "$toolchain" \
        --unshare-pid --unshare-ipc --unshare-uts --die-with-parent \
        "$@"
}

if [ ! -e "$root/.typefit-ready" ]; then
    say "building the Debian 13 root in $root (once per package list)"
    mkdir -p "$cache"
    # Roots of older package lists are not used again.
    for old in "$cache"/root-* "$cache"/build-*; do
        [ -e "$old" ] && [ "$old" != "$root" ] && [ "$old" != "$build" ] && rm -rf "$old"
    done
    rm -rf "$root"
    # --include of many packages fails on dependency order: a minimal
    # base first, the packages with apt-get inside it afterwards.
    debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$cache/debootstrap.log" 2>&1 || {
        say "debootstrap failed; see $cache/debootstrap.log"
        tail -n 20 "$cache/debootstrap.log" >&2
        exit 1
    }
    mkdir -p "$scratch"
    # shellcheck disable=SC2086
    inside env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends $(echo $packages)" \
        >"$cache/apt.log" 2>&1 || {
        say "installing packages in the root failed; see $cache/apt.log"
        tail -n 20 "$cache/apt.log" >&2
        exit 1
    }
    touch "$root/.typefit-ready"
fi

release=$(cat "$root/etc/debian_version")
versions=$(inside dpkg-query -W -f '${Package} ${Version}, ' libfontconfig1 libfreetype6 libharfbuzz0b 'libicu[0-9]*' 2>/dev/null || true)
say "Debian $release: ${versions%, }"

# The root's build folder serves one checkout: another checkout (a CI
# clone) starts from an empty one rather than trust objects built from
# other files.
if [ "$(cat "$build/.typefit-source" 2>/dev/null)" != "$src" ]; then
    rm -rf "$build"
fi
mkdir -p "$build"
echo "$src" >"$build/.typefit-source"
# A fresh /tmp each run: the tests' scratch folders do not pile up.
rm -rf "$scratch"
mkdir -p "$scratch"
chmod 1777 "$scratch"
mkdir -p "$src/.build"
# The SARIF test's schema (scripts/fetch-sarif-schema.py), fetched here on
# the host: the root has Debian's certificate store only, and a machine
# behind a proxy with its own authority reaches PyPI from the host alone.
python3 "$src/scripts/fetch-sarif-schema.py" "$build/test-tools/sarif-schema-2.1.0.json" \
    || say "the SARIF schema could not be fetched; its test will fail"
exec bwrap --bind "$root" / --dev /dev --proc /proc --bind "$scratch" /tmp \
    --ro-bind /etc/resolv.conf /etc/resolv.conf \
    --ro-bind "$toolchain" "$toolchain" \
    --bind "$src" /src --bind "$build" /src/.build --chdir /src \
    --unshare-pid --unshare-ipc --unshare-uts --die-with-parent \
    env -i HOME=/root LANG=C.UTF-8 CI="${CI:-}" PATH="$toolchain/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
    make test

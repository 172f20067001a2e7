#!/bin/sh
# make test-deb: the package `make deb` builds, installed as the README's
# GitLab job installs it, into a minimal Debian 13 root (debootstrap's
# minbase, what `debian:trixie` images hold), and the job's own commands run
# there over an app laid out as the README says (Fonts/, Resources/).
#
# 1. `apt-get install ./tools/typefit_….deb` (Recommends included, as apt
#    does by default): the job's `typefit fit … --format junit` must pass
#    and write a JUnit report with a test case per key.
# 2. The same root without the Recommends and with HarfBuzz alone: `fit`
#    must stop with exit 2, print nothing on stdout, and name the runtime
#    package that brings ICU on Debian 13 (libicu76).
#
# The pristine minimal root is built once (debootstrap) and kept under
# $TYPEFIT_DEBIAN13_CACHE (default /var/cache/typefit-debian13); each
# scenario runs in a fresh copy of it, under bubblewrap with a /dev and
# /proc of its own. Needs root and the network (Debian's mirror).
set -eu
cd "$(dirname "$0")/.."
say() { echo "test-deb: $*" >&2; }
fail() { say "FAILED: $*"; exit 1; }

. "$(dirname "$0")/root-tools.sh"
need_root_tools test-deb

cache=${TYPEFIT_DEBIAN13_CACHE:-/var/cache/typefit-debian13}
pristine=$cache/minbase-trixie
mirror=${DEBIAN13_MIRROR:-http://deb.debian.org/debian}
if [ ! -e "$pristine/.typefit-ready" ]; then
    say "building a minimal Debian 13 root in $pristine (once)"
    mkdir -p "$cache"
    rm -rf "$pristine"
    debootstrap --variant=minbase trixie "$pristine" "$mirror" >"$cache/minbase.log" 2>&1 || {
        tail -n 20 "$cache/minbase.log" >&2
        fail "debootstrap failed; see $cache/minbase.log"
    }
    touch "$pristine/.typefit-ready"
fi

deb=$(DEBEMAIL=${DEBEMAIL:-typefit@localhost} TYPEFIT_DEB_NO_LINTIAN=1 make -s deb | tail -n 1)
[ -f "$deb" ] || fail "make deb wrote no package"
say "package: $deb"

work=$(mktemp -d "$cache/test-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# The app repository, as README's CI section lays it out.
app=$work/app
mkdir -p "$app/Fonts" "$app/Resources" "$app/tools"
cp Fixtures/readme-fonts/DejaVuSans.ttf Fixtures/readme-fonts/DejaVuSans-Bold.ttf Fixtures/specs/DejaVuSans.json \
    "$app/Fonts/"
cp Fixtures/strings/App.xcstrings "$app/Resources/Localizable.xcstrings"

# The GitLab job's script lines, from the README itself; the package at
# the path they name.
script=$(awk '/^dynamic-type:/ { job = 1 } job && /^  script:/ { s = 1; next } s && /^    - / { sub(/^    - /, ""); print; next } s { exit }' README.md)
[ -n "$script" ] || fail "no GitLab job script in README.md"
named=$(printf '%s\n' "$script" | sed -n 's|.*\./tools/\(typefit_[^ ]*\.deb\).*|\1|p' | head -n 1)
[ -n "$named" ] || fail "the README's job installs no ./tools/typefit_….deb"
cp "$deb" "$app/tools/$named"

# Runs `sh -c "$2"` as root in a fresh copy of the pristine root ($1: its
# folder), the app at /app, the network reachable for apt-get.
inside() {
    root=$1
    shift
    rm -rf "$root"
    cp -a "$pristine" "$root"
    mkdir -p "$root/app"
    bwrap --bind "$root" / --dev /dev --proc /proc --tmpfs /tmp \
        --ro-bind /etc/resolv.conf /etc/resolv.conf --bind "$app" /app --chdir /app \
        --unshare-pid --unshare-ipc --unshare-uts --die-with-parent \
        env -i HOME=/root LANG=C.UTF-8 PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        sh -c "$1"
}

say "1. the README's GitLab job in a minimal Debian 13 root"
job=$(printf '%s\n' "$script" | sed 's/$/ \&\&/' | sed '$ s/ &&$//')
set +e
inside "$work/root1" "set -e; $job" >"$work/job.log" 2>&1
status=$?
set -e
if [ "$status" != 0 ]; then
    tail -n 30 "$work/job.log" >&2
    fail "the job exited $status"
fi
grep -q '<testcase' "$app/typefit-junit.xml" || fail "typefit-junit.xml holds no test case"
cases=$(grep -c '<testcase' "$app/typefit-junit.xml")
say "passed: the job installed the package and its gate passed ($cases test cases in typefit-junit.xml)"

say "2. the package without its Recommends, HarfBuzz alone: ICU missing"
gate=$(printf '%s\n' "$script" | grep '^typefit fit' | sed 's/ --format junit > typefit-junit.xml$//')
set +e
inside "$work/root2" "apt-get update -qq && apt-get install -y -qq --no-install-recommends ./tools/$named libharfbuzz0b >/dev/null 2>&1 || exit 99
$gate --format table >/app/stdout.txt 2>/app/stderr.txt; echo \$? >/app/status.txt
$gate --format json >/app/json.txt 2>/dev/null" >"$work/noicu.log" 2>&1
status=$?
set -e
[ "$status" != 99 ] || { tail -n 20 "$work/noicu.log" >&2; fail "apt-get could not install the package"; }
status=$(cat "$app/status.txt")
[ "$status" = 2 ] || { cat "$app/stderr.txt" >&2; fail "fit without ICU exited $status, not 2"; }
[ ! -s "$app/stdout.txt" ] || { head -c 400 "$app/stdout.txt" >&2; fail "fit without ICU printed a table on stdout"; }
grep -q 'apt-get install libicu76' "$app/stderr.txt" || { cat "$app/stderr.txt" >&2; fail "the message names no libicu76"; }
# In JSON mode stdout is the errors document alone (README, exit statuses).
grep -q '^{"errors":\[{"code":"face-not-opened"' "$app/json.txt" || { cat "$app/json.txt" >&2; fail "the JSON is not the errors document"; }
say "passed: exit 2, no table on stdout (JSON: the errors document), and: $(grep -m1 'libicu76' "$app/stderr.txt")"

#!/bin/sh
# Builds a Debian binary package from the same install tree `make install`
# makes: scripts/make-deb.sh BINARY OUTDIR. The version is the binary's own
# (`typefit --version`, from Typefit.version); Depends is computed by
# dpkg-shlibdeps from the libraries the binary links (fontconfig, FreeType,
# libc); Recommends names the packages holding the libraries typefit opens
# on first use (HarfBuzz, and ICU as alternatives across releases). lintian checks the result when it is
# installed: an error fails the build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:?usage: make-deb.sh BINARY OUTDIR}
outdir=${2:?usage: make-deb.sh BINARY OUTDIR}
for tool in dpkg-deb dpkg-shlibdeps; do
    command -v "$tool" >/dev/null || { echo "deb: $tool is missing (apt-get install dpkg-dev)" >&2; exit 1; }
done

version=$("$binary" --version | cut -d' ' -f2)
# The maintainer as Debian's tools take it (DEBFULLNAME, DEBEMAIL), else the
# git identity of the checkout.
name=${DEBFULLNAME:-$(git -C "$root" config user.name 2>/dev/null || true)}
email=${DEBEMAIL:-$(git -C "$root" config user.email 2>/dev/null || true)}
[ -n "$name" ] || name="typefit developers"
[ -n "$email" ] || { echo "deb: set DEBEMAIL (and DEBFULLNAME) to the maintainer's address" >&2; exit 1; }
maintainer="$name <$email>"
revision=1
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/typefit_$version-${revision}_$arch"

sh "$root/scripts/install.sh" "$binary" "$stage/usr" >/dev/null
# Debian's policy: manual pages and the changelog compressed, reproducibly.
gzip -9n "$stage"/usr/share/man/man1/*.1

doc="$stage/usr/share/doc/typefit"
install -d "$doc"
# Machine-readable copyright (DEP-5): the whole of typefit is Apache-2.0;
# its common licence text is on every Debian system.
cat >"$doc/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: typefit
Upstream-Contact: the typefit developers
Source: the typefit sources (LICENSE at their top holds the full text)

Files: *
Copyright: 2026 the typefit developers
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License");
 you may not use this file except in compliance with the License.
 You may obtain a copy of the License at
 .
     http://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS,
 WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 See the License for the specific language governing permissions and
 limitations under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0
 can be found in "/usr/share/common-licenses/Apache-2.0".
COPYRIGHT
# The changelog entry's date is the manual's release date, so the package is
# the same on every build.
release_date=$(gzip -dc "$stage/usr/share/man/man1/typefit.1.gz" | sed -n 's/^\.TH "TYPEFIT" "1" "\([0-9-]*\)".*/\1/p')
cat >"$work/changelog" <<CHANGELOG
typefit ($version-$revision) unstable; urgency=medium

  * Built from the typefit sources with make deb.

 -- $maintainer  $(date -u -d "$release_date" -R)
CHANGELOG
gzip -9n -c "$work/changelog" >"$doc/changelog.Debian.gz"
chmod 644 "$doc/copyright" "$doc/changelog.Debian.gz"

# Depends: what dpkg-shlibdeps finds for the linked libraries. It reads
# debian/control, so it runs in a scratch folder that has one.
mkdir -p "$work/src/debian"
printf 'Source: typefit\n\nPackage: typefit\nArchitecture: any\n' >"$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O --ignore-missing-info "$stage/usr/bin/typefit" 2>/dev/null |
    sed -n 's/^shlibs:Depends=//p')

# Recommends: the packages that hold the libraries opened on first use.
# typefit loads whichever libicuuc.so.N is there (60 to 99), so ICU is a
# choice among the runtime packages of the releases a CI image runs:
# Debian 13 (libicu76), Ubuntu 24.04 (libicu74), Debian 12 (libicu72),
# Ubuntu 22.04 (libicu70); the one of the building machine first. HarfBuzz
# is libharfbuzz0b in all of them.
icu_here=$(/sbin/ldconfig -p 2>/dev/null | awk '$1 ~ /^libicuuc\.so\.[0-9]+$/ { sub(/^libicuuc\.so\./, "", $1); print $1; exit }')
icu="libicu76 | libicu74 | libicu72 | libicu70"
case " $icu " in
    *" libicu$icu_here "*) ;;
    *) [ -z "$icu_here" ] || icu="libicu$icu_here | $icu" ;;
esac
recommends="libharfbuzz0b, $icu"

installed_size=$(du -sk "$stage/usr" | cut -f1)
install -d "$stage/DEBIAN"
{
    echo "Package: typefit"
    echo "Version: $version-$revision"
    echo "Architecture: $arch"
    echo "Maintainer: $maintainer"
    echo "Installed-Size: $installed_size"
    [ -z "$depends" ] || echo "Depends: $depends"
    [ -z "$recommends" ] || echo "Recommends: $recommends"
    echo "Section: utils"
    echo "Priority: optional"
    echo "Description: font registry and Dynamic Type scaler for iOS apps"
    echo " typefit lists fonts with their PostScript names (what UIFont.familyNames"
    echo " and fontNames(forFamilyName:) answer on iOS) through fontconfig and"
    echo " FreeType, prints the point size of every Dynamic Type text style at every"
    echo " content size category, and measures, fits and draws text at those sizes"
    echo " for build scripts and CI."
} >"$stage/DEBIAN/control"

mkdir -p "$outdir"
deb="$outdir/typefit_$version-${revision}_$arch.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "$deb"
if [ -z "${TYPEFIT_DEB_NO_LINTIAN:-}" ] && command -v lintian >/dev/null; then
    # --fail-on error: warnings are listed (see README), errors fail.
    lintian --fail-on error --tag-display-limit 0 "$deb" >&2
fi

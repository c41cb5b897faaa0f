#!/usr/bin/env bash
# build-deb.sh - the Debian packages (libttt1, libttt-dev, ttt, tictactoe)
# from debian/, with `dpkg-buildpackage -us -uc -b` in a copy of the source
# tree (dpkg-buildpackage writes beside the tree and into debian/; the
# working tree stays clean), then lintian over them: no error and no
# warning may remain (an override in debian/*.lintian-overrides only with a
# comment saying why; docs/packaging.md).
#
#   OUT_DIR/*.deb, *.buildinfo, *.changes, lintian.txt
#
# The copy is the files git knows of (committed or not, but not ignored), so
# a build tree or an earlier run's output never slips into the packages.
# Prints OUT_DIR as its last line; progress goes to stderr.
#
# Usage: bash scripts/build-deb.sh [OUT_DIR]   (default: build-deb/dist)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${1:-$ROOT/build-deb/dist}
say() { echo "build-deb: $*" >&2; }

bash "$ROOT/scripts/deps.sh" deb >&2
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
VERSION=$(dpkg-parsechangelog -l "$ROOT/debian/changelog" -S Version)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ttt-deb.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
SRC="$WORK/ttt-$VERSION"
mkdir -p "$SRC"
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
    xargs -0 cp --parents -t "$SRC")

say "dpkg-buildpackage -us -uc -b in $SRC"
JOBS=${TTT_JOBS:-$(nproc 2>/dev/null || echo 2)}
# No -dbgsym packages: the release is the four packages of debian/control.
(cd "$SRC" && DEB_BUILD_OPTIONS="parallel=$JOBS noautodbgsym ${DEB_BUILD_OPTIONS:-}" \
    dpkg-buildpackage -us -uc -b >"$WORK/build.log" 2>&1) || {
    tail -n 60 "$WORK/build.log" >&2
    echo "build-deb.sh: dpkg-buildpackage failed (log above)" >&2
    exit 1
}
rm -f "$OUT"/*.deb "$OUT"/*.buildinfo "$OUT"/*.changes
mv "$WORK"/*.deb "$WORK"/*.buildinfo "$WORK"/*.changes "$OUT"/

# lintian: errors and warnings fail; the informational tags are listed.
say "lintian"
lintian --info --display-info --tag-display-limit 0 "$OUT"/*.changes >"$OUT/lintian.txt" 2>&1 || true
if grep -E '^[EW]: ' "$OUT/lintian.txt" >&2; then
    echo "build-deb.sh: lintian reports the errors or warnings above ($OUT/lintian.txt)" >&2
    exit 1
fi
say "lintian: no errors or warnings ($(grep -c -E '^[IPX]: ' "$OUT/lintian.txt" || true) notes in lintian.txt)"
for deb in "$OUT"/*.deb; do say "$(basename "$deb"): $(du -k "$deb" | cut -f1) KiB"; done
echo "$OUT"

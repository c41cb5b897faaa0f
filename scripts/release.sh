#!/usr/bin/env bash
# release.sh - every artefact of a release, into dist/, from a clean clone
# of the commit checked out here (HEAD; uncommitted changes are not part of
# a release, and a dirty tree is refused unless TTT_RELEASE_DIRTY=1):
#
#   ttt-VERSION.tar.gz                          the source (git archive)
#   libttt1_*.deb libttt-dev_*.deb ttt_*.deb tictactoe_*.deb
#                                               Debian packages (scripts/build-deb.sh,
#                                               lintian clean)
#   tictactoe-VERSION-windows-x86_64.zip        Windows (scripts/build-windows.sh)
#   tictactoe-VERSION-web.zip                   the browser build, when the tree
#                                               has scripts/build-web.sh
#   SHA256SUMS                                  sha256sum of each of them
#
# It first checks that the version agrees in CMakeLists.txt, CHANGELOG.md,
# debian/changelog and the AppStream metainfo (tests/dist/versions.cmake).
# docs/release.md says how to cut a release with it.
#
# Usage: bash scripts/release.sh [DIST_DIR]   (default: dist/)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
DIST=${1:-$ROOT/dist}
say() { echo "release: $*" >&2; }
die() {
    echo "release.sh: $*" >&2
    exit 1
}

bash "$ROOT/scripts/deps.sh" build >&2
git -C "$ROOT" rev-parse --verify HEAD >/dev/null 2>&1 || die "$ROOT is not a git checkout"
if [ -n "$(git -C "$ROOT" status --porcelain --untracked-files=no)" ] && [ "${TTT_RELEASE_DIRTY:-0}" != 1 ]; then
    die "uncommitted changes: a release is built from a commit (commit them, or TTT_RELEASE_DIRTY=1 to build HEAD anyway)"
fi
COMMIT=$(git -C "$ROOT" rev-parse HEAD)
VERSION=$(sed -n 's/^project(ttt VERSION \([0-9.]*\).*/\1/p' "$ROOT/CMakeLists.txt")
[ -n "$VERSION" ] || die "no version in CMakeLists.txt"
APP_ID=$(sed -n 's/^set(TTT_APP_ID \(.*\))$/\1/p' "$ROOT/CMakeLists.txt")
cmake -DSOURCE_DIR="$ROOT" -DVERSION="$VERSION" -DAPP_ID="$APP_ID" \
    -P "$ROOT/tests/dist/versions.cmake" >&2

# The clean clone, in a temporary directory; its build trees stay there.
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ttt-release.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
say "version $VERSION, commit $COMMIT, clean clone in $WORK/ttt"
git clone -q --no-hardlinks "$ROOT" "$WORK/ttt"
git -C "$WORK/ttt" checkout -q --detach "$COMMIT"
SRC="$WORK/ttt"
# Every time stamp in the artefacts is the commit's.
SOURCE_DATE_EPOCH=$(git -C "$SRC" log -1 --format=%ct)
export SOURCE_DATE_EPOCH

mkdir -p "$DIST"
DIST=$(cd "$DIST" && pwd)
rm -f "$DIST"/ttt-*.tar.gz "$DIST"/*.deb "$DIST"/tictactoe-*.zip "$DIST"/SHA256SUMS
START=$SECONDS

# 1. The source: git archive, with the version in the directory's name.
say "source tarball"
git -C "$SRC" archive --format=tar --prefix="ttt-$VERSION/" "$COMMIT" |
    gzip -n -9 >"$DIST/ttt-$VERSION.tar.gz"

# 2. The Debian packages (build-deb.sh runs lintian and fails on an error
# or a warning).
say "Debian packages"
bash "$SRC/scripts/build-deb.sh" "$WORK/deb" >/dev/null
cp "$WORK"/deb/*.deb "$DIST"/

# 3. Windows.
say "Windows zip"
TTT_WINDOWS_BUILD_DIR="$WORK/windows-build" bash "$SRC/scripts/build-windows.sh" "$WORK/windows" >/dev/null
cp "$WORK/windows/tictactoe-$VERSION-windows-x86_64.zip" "$DIST"/

# 4. The browser, once the tree has its build script: it prints the
# directory of the static site last.
if [ -f "$SRC/scripts/build-web.sh" ]; then
    say "web bundle"
    site=$(bash "$SRC/scripts/build-web.sh" "$WORK/web" | tail -n1)
    [ -d "$site" ] || die "scripts/build-web.sh did not print its output directory ('$site')"
    name="tictactoe-$VERSION-web"
    rm -rf "${WORK:?}/$name"
    cp -r "$site" "$WORK/$name"
    (cd "$WORK" && find "$name" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} + &&
        find "$name" -type f | LC_ALL=C sort | TZ=UTC zip -q -X -D -9 "$DIST/$name.zip" -@)
else
    say "no scripts/build-web.sh in this tree: no web bundle"
fi

(cd "$DIST" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort |
    xargs sha256sum >SHA256SUMS)
say "done in $((SECONDS - START)) s:"
(cd "$DIST" && ls -l --time-style=+ | sed -n 's/^[-rwx]* *[0-9]* [a-z]* *[a-z]* *//p') >&2
echo "$DIST"

#!/usr/bin/env bash
# build-windows.sh - the Windows (x86-64) download: cross-builds the desktop
# game and the terminal program with MinGW-w64 against the third-party
# prefix of scripts/thirdparty.sh windows (SDL2, SDL2_ttf with FreeType,
# libintl, cJSON; built once per version and cached), installs the Windows folder
# (cmake/TttWindows.cmake: the .exe files, DLLs, fonts, translations,
# README.txt, licences) and zips it:
#
#   OUT_DIR/tictactoe-VERSION-windows-x86_64/       the folder, as unpacked
#   OUT_DIR/tictactoe-VERSION-windows-x86_64.zip    the download
#
# The zip is the same bytes for the same sources and prefix: its files in
# name order, every time stamp the last commit's (SOURCE_DATE_EPOCH if set),
# and no link time stamps in the .exe files. The zip's path is the last line
# of stdout. Progress goes to stderr.
#
# Usage: bash scripts/build-windows.sh [OUT_DIR]   (default: build-windows/dist)
# Environment: TTT_WINDOWS_BUILD_DIR (the CMake build, default
#   build-windows/build), TTT_JOBS, TTT_CMAKE_ARGS (extra configure options).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${1:-$ROOT/build-windows/dist}
BUILD=${TTT_WINDOWS_BUILD_DIR:-$ROOT/build-windows/build}
JOBS=${TTT_JOBS:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
read -r -a EXTRA_CMAKE_ARGS <<<"${TTT_CMAKE_ARGS:-}"
say() { echo "build-windows: $*" >&2; }

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# The compilers, Wine and the prefix (cached: under 10 ms once built).
bash "$ROOT/scripts/deps.sh" windows >&2
PREFIX=$(bash "$ROOT/scripts/thirdparty.sh" windows | tail -n1)

# Release, warnings as errors, only what ships: no tests (they run the
# folder under Wine: tests/windows), no manual pages (no man on Windows).
# The linker leaves out its time stamp and the symbols (-s), as the DLLs'
# build does: strip would write the current time in again.
say "configuring $BUILD"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/mingw-w64.cmake" \
    -DTTT_THIRDPARTY_PREFIX="$PREFIX" -DCMAKE_BUILD_TYPE=Release -DTTT_WERROR=ON \
    -DTTT_BUILD_TESTS=OFF -DTTT_BUILD_BENCH=OFF -DTTT_BUILD_DOCS=OFF -DTTT_BUILD_EXAMPLES=OFF \
    -DTTT_BUILD_MAN=OFF -DTTT_NLS=ON -DTTT_BUILD_GAME=ON -DTTT_BUILD_CLI=ON \
    "-DCMAKE_EXE_LINKER_FLAGS=-Wl,--no-insert-timestamp -s" \
    "-DCMAKE_C_FLAGS=-ffile-prefix-map=$ROOT/=" "${EXTRA_CMAKE_ARGS[@]}" >&2
say "building"
cmake --build "$BUILD" -j"$JOBS" >&2

VERSION=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$BUILD/CMakeCache.txt")
[ -n "$VERSION" ] || { echo "build-windows.sh: no version in $BUILD/CMakeCache.txt" >&2; exit 1; }
NAME="tictactoe-$VERSION-windows-x86_64"
STAGE="$OUT/$NAME"
rm -rf "$STAGE" "$OUT/$NAME.zip"
for component in programs docs; do
    cmake --install "$BUILD" --prefix "$STAGE" --component "$component" >&2
done

# What the folder must hold: a missing DLL, catalogue or licence is a
# broken download, not a warning.
for f in tictactoe.exe ttt.exe SDL2.dll SDL2_ttf.dll libintl-8.dll README.txt LICENSE.txt \
    assets/fonts/DejaVuSans.ttf assets/fonts/DejaVuSans-Bold.ttf \
    locale/de/LC_MESSAGES/tictactoe.mo locale/de/LC_MESSAGES/ttt.mo \
    licenses/README licenses/SDL2/LICENSE.txt licenses/SDL2_ttf/LICENSE.txt \
    licenses/FreeType/FTL.TXT licenses/libintl/COPYING.LIB licenses/cJSON/LICENSE \
    licenses/DejaVu/LICENSE.txt; do
    [ -f "$STAGE/$f" ] || { echo "build-windows.sh: $NAME lacks $f" >&2; exit 1; }
done
# Every DLL the programs import is in the folder or is Windows' own
# (winhttp.dll: online play, game/net/net_client_win.c).
for exe in "$STAGE"/*.exe "$STAGE"/*.dll; do
    while IFS= read -r dll; do
        [ -f "$STAGE/$dll" ] && continue
        echo "$dll" | grep -E -i -q '^([a-z0-9_]+32|msvcrt|setupapi|version|winmm|imm32|ole32|oleaut32|winhttp)\.dll$' ||
            { echo "build-windows.sh: $(basename "$exe") needs $dll, which is not in the folder" >&2; exit 1; }
    done < <(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^[[:space:]]*DLL Name: //p')
done

# Online play is in both programs (WinHTTP; cJSON from the prefix): a
# build that lost it is a broken download.
for exe in tictactoe.exe ttt.exe; do
    # grep reads it all (no -q): objdump must not die of SIGPIPE under pipefail.
    x86_64-w64-mingw32-objdump -p "$STAGE/$exe" | grep -i -c 'DLL Name: winhttp\.dll' >/dev/null ||
        { echo "build-windows.sh: $exe has no online play (it does not import winhttp.dll)" >&2; exit 1; }
done

# The zip: names in order, every file's time the last commit's, and no
# extra fields (-X: no Unix owners or access times).
EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s)}
(
    cd "$OUT"
    find "$NAME" -exec touch -h -d "@$EPOCH" {} +
    # A zip's times are local times: UTC, so any machine writes the same.
    find "$NAME" -type f | LC_ALL=C sort | TZ=UTC zip -q -X -D -9 "$NAME.zip" -@
)
say "$(du -k "$OUT/$NAME.zip" | cut -f1) KiB: $OUT/$NAME.zip"
echo "$OUT/$NAME.zip"

#!/usr/bin/env bash
# build-web.sh - build the desktop game for web browsers (Emscripten,
# WebAssembly) as a static site any file server can host: index.html, the
# game's tictactoe.js, .wasm, .worker.js and .data (fonts, catalogues), the
# service worker that isolates the page on hosts without headers, and the
# licences of everything in it (docs/web.md).
#   1. installs what is missing (scripts/deps.sh web),
#   2. builds SDL2, SDL2_ttf, FreeType and cJSON for the browser the first time
#      (scripts/thirdparty.sh web, cached: about 8 minutes once),
#   3. configures build-web/ with cmake/emscripten.cmake (warnings as
#      errors) and builds the game,
#   4. installs the site into OUT_DIR (emptied first).
# The last line printed is OUT_DIR.
#
# Usage: bash scripts/build-web.sh [OUT_DIR]   (default: build-web/site;
#          extra CMake options: TTT_CMAKE_ARGS="-D...", build directory:
#          TTT_WEB_BUILD_DIR, default build-web)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${TTT_WEB_BUILD_DIR:-$ROOT/build-web}
OUT=${1:-$BUILD/site}
JOBS=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
read -r -a EXTRA_CMAKE_ARGS <<<"${TTT_CMAKE_ARGS:-}"

bash "$ROOT/scripts/deps.sh" web >&2
PREFIX=$(bash "$ROOT/scripts/thirdparty.sh" web | tail -n1)

# Only the game: no terminal program, tests, benchmarks, documentation,
# manual pages or engine install (the portable engine tests have a build of
# their own, scripts/test.sh). Fonts come with the page, never from the
# system. The online game's client is in (TTT_NET: the browser's WebSocket
# and cJSON from the prefix); the server is not. Release: the optimised
# build the site ships.
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/emscripten.cmake" \
    -DTTT_THIRDPARTY_PREFIX="$PREFIX" -DCMAKE_BUILD_TYPE=Release -DTTT_WERROR=ON \
    -DTTT_BUILD_CLI=OFF -DTTT_BUILD_TESTS=OFF -DTTT_BUILD_BENCH=OFF -DTTT_BUILD_DOCS=OFF \
    -DTTT_BUILD_EXAMPLES=OFF -DTTT_BUILD_MAN=OFF -DTTT_INSTALL=OFF -DTTT_NLS=ON \
    -DTTT_NET=ON -DTTT_BUILD_SERVER=OFF \
    -DTTT_SYSTEM_FONT_DIR= "${EXTRA_CMAKE_ARGS[@]}" >&2
cmake --build "$BUILD" -j"$JOBS" --target tictactoe >&2

case "$OUT" in /*) ;; *) OUT="$PWD/$OUT" ;; esac
rm -rf "$OUT"
cmake --install "$BUILD" --component web --prefix "$OUT" >&2
echo "$OUT"

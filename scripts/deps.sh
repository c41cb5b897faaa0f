#!/usr/bin/env bash
# deps.sh - install the Debian/Ubuntu packages the project needs, skipping
# those already installed (so a second run is quick and needs no network or
# sudo). Uses sudo only when not root; never asks apt-get any questions.
#
# Usage: bash scripts/deps.sh [GROUP...]
#   build  compiler, CMake, pkg-config (the engine alone needs only these)
#   play   build + SDL2 and SDL2_ttf for the desktop game, gettext for
#          the programs' translations, the system's DejaVu fonts, and
#          server's packages (online games: ttt online, play.sh --server)
#   server build + libwebsockets, cJSON and SQLite (with the sqlite3
#          shell) for ttt-server and the online client library
#   test   everything: play (server included) + cmocka, Doxygen, scdoc (manual pages), clang
#          with libFuzzer and the sanitizer runtimes, clang-format, Valgrind,
#          abigail-tools (ABI check), desktop-file-utils and appstream (the
#          menu entry and metainfo), groff (rendering the manual pages),
#          bash-completion, MinGW-w64 with Wine, dpkg-dev and zip for the
#          Windows download, Xvfb, openbox, xdotool and ImageMagick to
#          run it in a window, stress-ng (CPU hogs beside the tests, to
#          show no test depends on the machine's speed: docs/hacking.md),
#          HAProxy and OpenSSL (rooms over two servers behind a TLS proxy),
#          and web + web-test for the browser build and
#          its tests (the test command builds and checks all of it)
#   docs   build + Doxygen and scdoc
#   web    build + Emscripten (and node-acorn, which its optimiser needs)
#          and dpkg-dev, for scripts/thirdparty.sh web; gettext (the
#          catalogues), fonttools (the fonts cut down to the game's
#          characters) and Python 3 (web/serve.py) for scripts/build-web.sh
#          and play.sh --web
#   web-test
#          web + Chromium, its WebDriver (chromium-driver) and Selenium for
#          Python 3, for the browser tests (tests/web)
#   bench  web-test + Node.js and npm, for bench/lighthouse.py (Lighthouse
#          itself comes from npm: cd bench/lighthouse && npm ci); not in
#          test or all, the tests do not need it
#   windows
#          build + MinGW-w64 (C and C++), Wine and dpkg-dev, for
#          scripts/thirdparty.sh windows
#   deb    build + play (server included) + debhelper, lintian and scdoc, for
#          scripts/build-deb.sh (dpkg-buildpackage and its build
#          dependencies, debian/control)
#   all    same as test (the default; windows is not in it)
set -euo pipefail

readonly BUILD_PKGS=(build-essential cmake pkg-config)
readonly PLAY_PKGS=(libsdl2-dev libsdl2-ttf-dev gettext fonts-dejavu-core)
# ttt-server and the online client (docs/server.md): WebSocket, JSON, SQLite.
readonly SERVER_PKGS=(libwebsockets-dev libcjson-dev libsqlite3-dev sqlite3)
# libclang-rt-14-dev holds clang 14's sanitizer and libFuzzer runtimes
# (Debian 12); `wine` adds /usr/bin/wine over the 64-bit loader wine64.
# libinih-dev: only the check of the game's INI reader against libinih.
# speech-dispatcher, its espeak-ng module and libspeechd2: the desktop
# game's voice through a real (private) Speech Dispatcher
# (desktop_speech_dispatcher); sox measures a spoken sentence by hand.
# haproxy and openssl: proxy_shards, two ttt-servers behind the shipped
# packaging/haproxy/haproxy.cfg with a certificate made by the test.
readonly TEST_PKGS=(haproxy openssl libcmocka-dev libinih-dev doxygen scdoc clang libclang-rt-14-dev clang-format valgrind
    abigail-tools desktop-file-utils appstream groff-base bash-completion gcc-mingw-w64-x86-64
    wine64 wine g++-mingw-w64-x86-64 dpkg-dev zip unzip xvfb openbox xdotool imagemagick stress-ng
    speech-dispatcher speech-dispatcher-espeak-ng libspeechd2 espeak-ng sox)
readonly DOCS_PKGS=(doxygen scdoc)
# The Debian packages (scripts/build-deb.sh): debian/control's build
# dependencies (those of play, scdoc, bash-completion) and the tools.
readonly DEB_PKGS=(debhelper lintian dpkg-dev scdoc bash-completion)
# Third-party builds from Debian's source packages (scripts/thirdparty.sh):
# dpkg-dev has dpkg-source, which unpacks them and applies Debian's patches.
# Debian's emscripten depends on node-acorn, named here because its
# optimiser cannot run without it.
readonly WEB_PKGS=(emscripten node-acorn dpkg-dev gettext python3 fonttools)
# The browser tests drive Debian's Chromium with Debian's Selenium, which
# belongs to /usr/bin/python3.
readonly WEB_TEST_PKGS=(chromium chromium-driver python3-selenium)
# Lighthouse (bench/lighthouse.py) runs on Node.js (Debian 12's 18 will do;
# the version is pinned in bench/lighthouse/package-lock.json). npm only where
# there is none: NodeSource's nodejs package brings its own and conflicts
# with Debian's npm.
readonly BENCH_PKGS=(nodejs)
# SDL2's CMake project enables C++, so the MinGW C++ compiler is needed too.
# zip and unzip make and check the Windows download (scripts/build-windows.sh).
readonly WINDOWS_PKGS=(gcc-mingw-w64-x86-64 g++-mingw-w64-x86-64 wine64 wine dpkg-dev zip unzip)

usage() {
    sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
}

wanted=()
[ "$#" -gt 0 ] || set -- all
for group in "$@"; do
    case "$group" in
    build) wanted+=("${BUILD_PKGS[@]}") ;;
    play) wanted+=("${BUILD_PKGS[@]}" "${PLAY_PKGS[@]}" "${SERVER_PKGS[@]}") ;;
    server) wanted+=("${BUILD_PKGS[@]}" "${SERVER_PKGS[@]}") ;;
    docs) wanted+=("${BUILD_PKGS[@]}" "${DOCS_PKGS[@]}") ;;
    web) wanted+=("${BUILD_PKGS[@]}" "${WEB_PKGS[@]}") ;;
    web-test) wanted+=("${BUILD_PKGS[@]}" "${WEB_PKGS[@]}" "${WEB_TEST_PKGS[@]}") ;;
    bench)
        wanted+=("${BUILD_PKGS[@]}" "${WEB_PKGS[@]}" "${WEB_TEST_PKGS[@]}" "${BENCH_PKGS[@]}")
        command -v npm >/dev/null 2>&1 || wanted+=(npm)
        ;;
    windows) wanted+=("${BUILD_PKGS[@]}" "${WINDOWS_PKGS[@]}") ;;
    deb) wanted+=("${BUILD_PKGS[@]}" "${PLAY_PKGS[@]}" "${SERVER_PKGS[@]}" "${DEB_PKGS[@]}") ;;
    test | all) wanted+=("${BUILD_PKGS[@]}" "${PLAY_PKGS[@]}" "${SERVER_PKGS[@]}" "${TEST_PKGS[@]}" "${DEB_PKGS[@]}"
        "${WEB_PKGS[@]}" "${WEB_TEST_PKGS[@]}") ;;
    -h | --help) usage; exit 0 ;;
    *) echo "deps.sh: unknown group '$group'" >&2; usage >&2; exit 2 ;;
    esac
done

# Installed means dpkg's status says so; anything else (unknown, removed,
# half-configured) counts as missing.
missing=()
for pkg in $(printf '%s\n' "${wanted[@]}" | sort -u); do
    status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing+=("$pkg")
done

if [ "${#missing[@]}" -eq 0 ]; then
    echo "deps: all packages present ($*)"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "deps.sh: apt-get not found; please install: ${missing[*]}" >&2
    exit 1
fi

# Root runs apt-get directly. Otherwise sudo; without a terminal (CI) it
# must not wait for a password, so -n makes it fail at once instead.
as_root=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
        echo "deps.sh: not root and sudo not found; as root, run: apt-get install ${missing[*]}" >&2
        exit 1
    fi
    as_root=(sudo)
    [ -t 0 ] || as_root+=(-n)
fi

echo "deps: installing ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"

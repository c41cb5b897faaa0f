#!/usr/bin/env bash
# thirdparty.sh - build SDL2, SDL2_ttf and FreeType (and for Windows GNU
# libintl; cJSON for both) for a foreign target from Debian's source packages, once per
# version, into a cache prefix that CMake (find_package) and pkg-config can
# use:
#   web      Emscripten (wasm32): static libraries, built with -pthread
#   windows  MinGW-w64 x86_64: SDL2.dll and SDL2_ttf.dll, with FreeType
#            linked into SDL2_ttf.dll, and libintl-8.dll (gettext's, for
#            the programs' translations)
# It installs the packages it needs (scripts/deps.sh web or windows),
# downloads the source packages with apt-get source through a private apt
# state (the system's apt configuration is left alone) and so verified as
# apt-get verifies them (the archive's signed InRelease, its checksums of
# the Sources index, the index's checksums of each file), unpacks them with
# dpkg-source -x (which checks the checksums again and applies Debian's
# patches, nothing else), builds in a temporary directory beside the cache
# and moves the finished prefix into place with one rename, so an
# interrupted run leaves no half prefix. The prefix holds include/, lib/
# (bin/ with the DLLs for windows), CMake packages, pkg-config files,
# licenses/ and VERSIONS; docs/thirdparty.md has the details.
# A run that finds the prefix only prints it (no network, no packages).
# Progress goes to stderr; the prefix is the last line of stdout.
#
# Usage: bash scripts/thirdparty.sh [--print-prefix] web|windows
#          PREFIX=$(bash scripts/thirdparty.sh web | tail -n1)
#        --print-prefix  print the prefix's path and build nothing
# Environment: TTT_CACHE_DIR (default ${XDG_CACHE_HOME:-$HOME/.cache}/ttt;
#   the prefixes are in its thirdparty/), TTT_JOBS (parallel jobs, default
#   the number of cores), TTT_KEEP_WORK=1 (keep the build directory and the
#   logs of a failed run).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# ---------------------------------------------------------------------------
# The recipe
# ---------------------------------------------------------------------------
# Debian 12's source packages and versions. A version that Debian's archive
# no longer carries (a security update replaced it) fails the download; then
# put the new version here: the cache key follows.
readonly SDL2_PKG=libsdl2 SDL2_VERSION=2.26.5+dfsg-1
readonly TTF_PKG=libsdl2-ttf TTF_VERSION=2.20.1+dfsg-2
readonly FT_PKG=freetype FT_VERSION=2.12.1+dfsg-5+deb12u4
# Windows only: GNU libintl from gettext's source (the C library has
# gettext on Linux; MinGW-w64's has none). Its version is in the windows
# key only, so the web prefix's key is unchanged.
readonly GETTEXT_PKG=gettext GETTEXT_VERSION=0.21-12
# cJSON, the online game's JSON (game/net/proto.c), as the server and
# `ttt online` use Debian's libcjson-dev: static, in both prefixes (the
# Windows programs play online through WinHTTP, game/net/net_client_win.c).
readonly CJSON_PKG=cjson CJSON_VERSION=1.7.15-1+deb12u4
# The recipe's revision: bump it whenever what is built changes for the same
# versions (options, flags, this script's steps, cmake/emscripten.cmake or
# cmake/mingw-w64.cmake as used here, the prefix's layout), so that no old
# prefix is taken for a new one.
# r2: the web prefix has share/sdl2-emscripten/library-funcs.json.
# r3: the DLLs carry no link time stamp (but strip put one back).
# r4: the DLLs are stripped by the linker, so they carry no time stamp.
# (The windows key gained cJSON by its version, as the web key has it.)
readonly RECIPE_REV=4

# FreeType without the optional libraries: gzip-compressed fonts still work
# through its own copy of zlib's inflate (src/gzip), which needs nothing.
readonly FT_OPTIONS=(-DFT_DISABLE_ZLIB=TRUE -DFT_DISABLE_BZIP2=TRUE -DFT_DISABLE_PNG=TRUE
    -DFT_DISABLE_HARFBUZZ=TRUE -DFT_DISABLE_BROTLI=TRUE -DBUILD_SHARED_LIBS=OFF)
# SDL_ttf's own copies of FreeType and HarfBuzz are not in Debian's source
# (and not wanted): it uses the FreeType built here, and no HarfBuzz.
readonly TTF_OPTIONS=(-DSDL2TTF_SAMPLES=OFF -DSDL2TTF_HARFBUZZ=OFF -DSDL2TTF_VENDORED=OFF)
readonly SDL2_OPTIONS=(-DSDL_TEST=OFF -DSDL_CCACHE=OFF)
# SDL leaves threads and atomics off for Emscripten unless asked.
readonly SDL2_WEB_OPTIONS=(-DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_PTHREADS=ON -DSDL_ATOMIC=ON)
readonly SDL2_WINDOWS_OPTIONS=(-DSDL_SHARED=ON -DSDL_STATIC=OFF)
# cJSON alone (not cJSON_Utils), static, without its tests or its own
# choice of warning flags (some of which emcc's clang does not know).
readonly CJSON_OPTIONS=(-DBUILD_SHARED_LIBS=OFF -DENABLE_CJSON_TEST=OFF -DENABLE_CJSON_UTILS=OFF
    -DENABLE_CUSTOM_COMPILER_FLAGS=OFF)
# libintl as a DLL (it is LGPL-2.1+: a DLL the user can replace), with
# Windows' own threads, no iconv (the catalogues are UTF-8 and the programs
# ask for UTF-8) and none of gettext-runtime's other parts.
readonly GETTEXT_OPTIONS=(--enable-shared --disable-static --enable-threads=windows
    --disable-java --disable-csharp --disable-libasprintf --disable-rpath
    --without-libiconv-prefix --without-libintl-prefix am_cv_func_iconv=no)

usage() {
    sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
}
say() { echo "thirdparty: $*" >&2; }
die() {
    echo "thirdparty.sh: $*" >&2
    exit 1
}

target=""
print_only=0
for arg in "$@"; do
    case "$arg" in
    -h | --help) usage; exit 0 ;;
    --print-prefix) print_only=1 ;;
    web | windows)
        [ -z "$target" ] || die "one target at a time (got '$target' and '$arg')"
        target=$arg
        ;;
    *) echo "thirdparty.sh: unknown argument '$arg'" >&2; usage >&2; exit 2 ;;
    esac
done
[ -n "$target" ] || { usage >&2; exit 2; }

CACHE_ROOT="${TTT_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ttt}/thirdparty"
case "$CACHE_ROOT" in /*) ;; *) CACHE_ROOT="$PWD/$CACHE_ROOT" ;; esac
KEY="$target-sdl2-$SDL2_VERSION-ttf-$TTF_VERSION-freetype-$FT_VERSION"
if [ "$target" = windows ]; then
    KEY="$KEY-gettext-$GETTEXT_VERSION"
fi
KEY="$KEY-cjson-$CJSON_VERSION"
KEY="$KEY-r$RECIPE_REV"
PREFIX="$CACHE_ROOT/$KEY"

if [ "$print_only" -eq 1 ]; then
    echo "$PREFIX"
    exit 0
fi

# have_prefix: the prefix is there and whole (it only ever appears whole,
# with VERSIONS in it, but a directory made by hand is not taken for one).
have_prefix() {
    [ -d "$PREFIX" ] || return 1
    [ -f "$PREFIX/VERSIONS" ] || die "$PREFIX exists but has no VERSIONS file; remove it and run again"
}
if have_prefix; then
    echo "$PREFIX"
    exit 0
fi

# ---------------------------------------------------------------------------
# One build at a time per prefix; the work directory
# ---------------------------------------------------------------------------
START=$SECONDS
mkdir -p "$CACHE_ROOT"
exec 9>"$CACHE_ROOT/.$KEY.lock"
if ! flock -n 9; then
    say "another run is building $KEY; waiting for it"
    flock 9
fi
if have_prefix; then
    echo "$PREFIX"
    exit 0
fi
# Work directories of runs that were killed: no live run can own one, since
# it would hold the lock.
rm -rf "$CACHE_ROOT/.build-$KEY".* "${TMPDIR:-/tmp}/ttt-thirdparty-apt-$KEY".*

# The build lives beside the cache, on its file system, so that the final
# mv is a rename. The apt state and downloads live in TMPDIR, where apt's
# unprivileged download user _apt can reach them (a home directory is often
# closed to it).
WORK=$(mktemp -d "$CACHE_ROOT/.build-$KEY.XXXXXX")
APT_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ttt-thirdparty-apt-$KEY.XXXXXX")
JOBS=${TTT_JOBS:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}
STAGE="$WORK/prefix"
LOGS="$WORK/logs"
mkdir -p "$STAGE" "$LOGS" "$WORK/src" "$WORK/build"

CURRENT_LOG=""
cleanup() {
    local status=$?
    if [ "$status" -eq 130 ] || [ "$status" -eq 143 ]; then
        echo "thirdparty.sh: interrupted; no prefix was made" >&2
    elif [ "$status" -ne 0 ] && [ -n "$CURRENT_LOG" ] && [ -f "$CURRENT_LOG" ]; then
        echo "thirdparty.sh: failed; the last lines of $(basename "$CURRENT_LOG"):" >&2
        tail -n 40 "$CURRENT_LOG" >&2
    fi
    rm -rf "$APT_DIR"
    if [ "$status" -ne 0 ] && [ "${TTT_KEEP_WORK:-0}" = 1 ]; then
        echo "thirdparty.sh: kept $WORK (TTT_KEEP_WORK=1)" >&2
    else
        rm -rf "$WORK"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# step NAME COMMAND...: runs a command with its output in logs/NAME.log,
# saying how long it took.
step() {
    local name=$1 start=$SECONDS
    shift
    CURRENT_LOG="$LOGS/$name.log"
    say "$name ..."
    "$@" >"$CURRENT_LOG" 2>&1
    say "$name done ($((SECONDS - start)) s)"
    CURRENT_LOG=""
}

say "building $KEY (jobs: $JOBS)"
bash "$ROOT/scripts/deps.sh" "$target" >&2

# ---------------------------------------------------------------------------
# Sources: apt-get source through a private apt state
# ---------------------------------------------------------------------------
# The deb-src lines are the system's Debian (or Ubuntu) archive entries with
# their Signed-By keys, so the same keys verify the Sources indexes.
write_apt_sources() {
    local out="$APT_DIR/sources.list.d" f found=0
    for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list.d/ubuntu.sources; do
        if [ -f "$f" ]; then
            sed -E 's/^Types:.*/Types: deb-src/' "$f" >"$out/$(basename "$f")"
            found=1
        fi
    done
    if [ "$found" -eq 0 ] && [ -f /etc/apt/sources.list ]; then
        sed -n -E 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list >"$out/system.list"
        [ -s "$out/system.list" ] && found=1
    fi
    [ "$found" -eq 1 ] || die "no Debian or Ubuntu archive found in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list"
}

# Only the lists, caches and sources move; the keyrings, proxies and other
# settings are the system's. The system's update hooks (PackageKit,
# AppStream) have no business with these lists.
write_apt_config() {
    cat >"$APT_DIR/apt.conf" <<EOF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$APT_DIR/sources.list.d";
Dir::State::Lists "$APT_DIR/lists";
Dir::Cache "$APT_DIR/cache";
#clear APT::Update::Pre-Invoke;
#clear APT::Update::Post-Invoke;
#clear APT::Update::Post-Invoke-Success;
EOF
}

fetch_sources() {
    mkdir -p "$APT_DIR/sources.list.d" "$APT_DIR/lists/partial" "$APT_DIR/cache" "$APT_DIR/dl"
    chmod 755 "$APT_DIR"
    if [ "$(id -u)" -eq 0 ] && id _apt >/dev/null 2>&1; then
        chown _apt "$APT_DIR/dl"
    fi
    write_apt_sources
    write_apt_config
    local apt=(apt-get -q -c "$APT_DIR/apt.conf")
    "${apt[@]}" update
    local spec specs=("$SDL2_PKG=$SDL2_VERSION" "$TTF_PKG=$TTF_VERSION" "$FT_PKG=$FT_VERSION")
    [ "$target" != windows ] || specs+=("$GETTEXT_PKG=$GETTEXT_VERSION")
    specs+=("$CJSON_PKG=$CJSON_VERSION")
    for spec in "${specs[@]}"; do
        if ! (cd "$APT_DIR/dl" && "${apt[@]}" source --download-only "$spec"); then
            echo "Debian's archive has these versions of ${spec%%=*}:"
            apt-cache -c "$APT_DIR/apt.conf" showsrc --only-source "${spec%%=*}" | sed -n 's/^Version: /  /p'
            echo "Put the one wanted in scripts/thirdparty.sh (the cache key follows)."
            return 1
        fi
    done
}

# unpack PACKAGE VERSION: dpkg-source -x, which checks every file against the
# checksums in the .dsc (and the uploader's signature if debian-keyring is
# installed; without it, it only warns) and applies debian/patches.
unpack() {
    local dsc="$APT_DIR/dl/${1}_${2#*:}.dsc"
    [ -f "$dsc" ] || die "$dsc was not downloaded"
    dpkg-source -x "$dsc" "$WORK/src/$1"
}

step "download" fetch_sources
step "unpack-$SDL2_PKG" unpack "$SDL2_PKG" "$SDL2_VERSION"
step "unpack-$TTF_PKG" unpack "$TTF_PKG" "$TTF_VERSION"
step "unpack-$FT_PKG" unpack "$FT_PKG" "$FT_VERSION"
if [ "$target" = windows ]; then
    step "unpack-$GETTEXT_PKG" unpack "$GETTEXT_PKG" "$GETTEXT_VERSION"
fi
step "unpack-$CJSON_PKG" unpack "$CJSON_PKG" "$CJSON_VERSION"

# ---------------------------------------------------------------------------
# Builds: FreeType, SDL2, SDL2_ttf, each configured, built and installed
# into the stage prefix with the project's toolchain file
# ---------------------------------------------------------------------------
case "$target" in
web)
    TOOLCHAIN="$ROOT/cmake/emscripten.cmake"
    SDL2_TARGET_OPTIONS=("${SDL2_WEB_OPTIONS[@]}")
    TTF_SHARED=OFF
    ;;
windows)
    TOOLCHAIN="$ROOT/cmake/mingw-w64.cmake"
    SDL2_TARGET_OPTIONS=("${SDL2_WINDOWS_OPTIONS[@]}")
    TTF_SHARED=ON
    ;;
esac

# The build directory's path is left out of the binaries (__FILE__, debug
# information), and so is the time of the link from the DLLs' headers, so
# that the same recipe gives the same bytes (checked: the web libraries and
# the DLLs of two runs are identical). The DLLs are stripped by the linker
# (-s): MinGW's strip, as cmake --install --strip runs it, writes the
# current time into them again.
export CFLAGS="-ffile-prefix-map=$WORK/src/=" CXXFLAGS="-ffile-prefix-map=$WORK/src/="
if [ "$target" = windows ]; then
    export LDFLAGS="-Wl,--no-insert-timestamp -s"
fi

# cmake_build NAME SOURCE OPTIONS...
cmake_build() {
    local name=$1 src=$2
    shift 2
    cmake -S "$src" -B "$WORK/build/$name" -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" \
        -DTTT_THIRDPARTY_PREFIX="$STAGE" -DCMAKE_INSTALL_PREFIX="$STAGE" \
        -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_BUILD_TYPE=Release "$@"
    cmake --build "$WORK/build/$name" -j"$JOBS"
    cmake --install "$WORK/build/$name"
}

step "build-freetype" cmake_build freetype "$WORK/src/$FT_PKG" "${FT_OPTIONS[@]}"
step "build-sdl2" cmake_build sdl2 "$WORK/src/$SDL2_PKG" "${SDL2_OPTIONS[@]}" "${SDL2_TARGET_OPTIONS[@]}"
step "build-sdl2-ttf" cmake_build sdl2-ttf "$WORK/src/$TTF_PKG" "${TTF_OPTIONS[@]}" \
    -DBUILD_SHARED_LIBS="$TTF_SHARED"

# build_libintl: gettext-runtime's configure, then only its intl/ directory.
# Two of Debian's patches edit a Makefile.am (02: the same libraries moved
# to LIBADD) and configure.ac (07: Java 17), which Debian's build
# regenerates with autoreconf; here the release's generated files are used
# as they are, made newer than their sources so that make does not try to
# regenerate them (aclocal.m4, then configure and config.h.in, then
# Makefile.in). Neither patch changes what intl/ builds on Windows.
# libtool drops a bare -s from LDFLAGS, so the DLL is stripped by -Wl,-s.
build_libintl() {
    local src="$WORK/src/$GETTEXT_PKG" t
    t=$(($(date +%s) + 2))
    find "$src" -name aclocal.m4 -exec touch -d "@$t" {} +
    find "$src" \( -name configure -o -name config.h.in \) -exec touch -d "@$((t + 1))" {} +
    find "$src" -name Makefile.in -exec touch -d "@$((t + 2))" {} +
    sleep 3
    mkdir -p "$WORK/build/libintl"
    (cd "$WORK/build/libintl" &&
        "$src/gettext-runtime/configure" --host=x86_64-w64-mingw32 --prefix="$STAGE" \
            "${GETTEXT_OPTIONS[@]}" CFLAGS="$CFLAGS -O2" LDFLAGS="$LDFLAGS -Wl,-s" &&
        make -C intl -j"$JOBS" && make -C intl install)
    # libtool's archive names the build directory; CMake and pkg-config do
    # not use it. locale.alias is for a system-wide libintl.
    rm -f "$STAGE/lib/libintl.la" "$STAGE/share/locale/locale.alias"
    rmdir "$STAGE/share/locale" 2>/dev/null || true
}
if [ "$target" = windows ]; then
    step "build-libintl" build_libintl
fi
step "build-cjson" cmake_build cjson "$WORK/src/$CJSON_PKG" "${CJSON_OPTIONS[@]}"

# ---------------------------------------------------------------------------
# Finishing the prefix
# ---------------------------------------------------------------------------
finish_prefix() {
    local pc
    # sdl2-config: Debian's no-libdir.patch makes it name /usr/lib/<multiarch>
    # and no -L for its libraries, which is right for Debian's package and
    # wrong here; the CMake package and sdl2.pc say it right.
    rm -f "$STAGE/bin/sdl2-config"
    rmdir "$STAGE/bin" 2>/dev/null || true

    # SDL2_ttf writes a .pc file for a shared library only; the static one
    # gets the same file, from its own template.
    if [ ! -f "$STAGE/lib/pkgconfig/SDL2_ttf.pc" ]; then
        # shellcheck disable=SC2016 # the ${...} are pkg-config's, not the shell's
        sed -e 's|@prefix@|${pcfiledir}/../..|' -e 's|@exec_prefix@|${prefix}|' \
            -e 's|@libdir@|${exec_prefix}/lib|' -e 's|@includedir@|${prefix}/include|' \
            -e "s|@VERSION@|${TTF_VERSION%%+*}|" -e 's|@SDL_VERSION@|2.0.10|' \
            -e 's|@PC_REQUIRES@|freetype2|' -e 's|@PC_LIBS@||' \
            "$WORK/src/$TTF_PKG/SDL2_ttf.pc.in" >"$STAGE/lib/pkgconfig/SDL2_ttf.pc"
    fi
    # pkg-config files relative to where they are, so that the prefix works
    # after the rename (the CMake packages already are).
    for pc in "$STAGE"/lib/pkgconfig/*.pc; do
        sed -i "s|^prefix=$STAGE\$|prefix=\${pcfiledir}/../..|" "$pc"
    done
    # cJSON names its directories in full (libdir=/stage/lib), and its
    # CMake package too: the .pc file is made relative like the others, the
    # package (unused: CMake reads the .pc file) removed.
    sed -i "s|$STAGE/|\${pcfiledir}/../../|g" "$STAGE/lib/pkgconfig/libcjson.pc"
    rm -rf "$STAGE/lib/cmake/cJSON"

    # Licences, with Debian's copyright file, which lists every file's
    # licence in each source package.
    local lic="$STAGE/licenses"
    mkdir -p "$lic/SDL2" "$lic/SDL2_ttf" "$lic/FreeType"
    cp "$WORK/src/$SDL2_PKG/LICENSE.txt" "$lic/SDL2/LICENSE.txt"
    cp "$WORK/src/$SDL2_PKG/debian/copyright" "$lic/SDL2/debian-copyright"
    cp "$WORK/src/$TTF_PKG/LICENSE.txt" "$lic/SDL2_ttf/LICENSE.txt"
    cp "$WORK/src/$TTF_PKG/debian/copyright" "$lic/SDL2_ttf/debian-copyright"
    cp "$WORK/src/$FT_PKG/LICENSE.TXT" "$lic/FreeType/LICENSE.TXT"
    cp "$WORK/src/$FT_PKG/docs/FTL.TXT" "$lic/FreeType/FTL.TXT"
    cp "$WORK/src/$FT_PKG/debian/copyright" "$lic/FreeType/debian-copyright"
    if [ "$target" = windows ]; then
        mkdir -p "$lic/libintl"
        cp "$WORK/src/$GETTEXT_PKG/gettext-runtime/intl/COPYING.LIB" "$lic/libintl/COPYING.LIB"
        cp "$WORK/src/$GETTEXT_PKG/debian/copyright" "$lic/libintl/debian-copyright"
    fi
    mkdir -p "$lic/cJSON"
    cp "$WORK/src/$CJSON_PKG/LICENSE" "$lic/cJSON/LICENSE"
    cp "$WORK/src/$CJSON_PKG/debian/copyright" "$lic/cJSON/debian-copyright"
    # SDL2_ttf's own copy of its licence is in licenses/ now.
    rm -rf "$STAGE/share/licenses"

    # SDL2's Emscripten audio calls two functions of Emscripten's JavaScript
    # library that a link leaves out unless asked for (Emscripten's own SDL2
    # port asks for them). The list as a file, since CMake's Makefile
    # generator turns a $ in a link option into $$:
    #   -sDEFAULT_LIBRARY_FUNCS_TO_INCLUDE=@PREFIX/share/sdl2-emscripten/library-funcs.json
    if [ "$target" = web ]; then
        mkdir -p "$STAGE/share/sdl2-emscripten"
        # shellcheck disable=SC2016 # the $ names are Emscripten's
        echo '["$autoResumeAudioContext", "$dynCall"]' >"$STAGE/share/sdl2-emscripten/library-funcs.json"
    fi
    cat >"$lic/README" <<EOF
Licences of the third-party libraries in this prefix (built by ttt's
scripts/thirdparty.sh from Debian's source packages); each directory has
the upstream licence file and Debian's copyright file for the whole source
package.

SDL2 $SDL2_VERSION       zlib licence                SDL2/LICENSE.txt
SDL2_ttf $TTF_VERSION    zlib licence                SDL2_ttf/LICENSE.txt
FreeType $FT_VERSION     FreeType License (FTL)      FreeType/FTL.TXT

FreeType is offered under the FTL or the GPL version 2; it is used here
under the FTL (FreeType/LICENSE.TXT explains the choice; the GPL's text is
not shipped since it is not the licence used). The FTL asks that the
documentation of a product using it credit the FreeType Project, for
example with: "Portions of this software are copyright (c) 2022 The
FreeType Project (www.freetype.org). All rights reserved."
Its BDF and PCF drivers (X11-style licences) and its copy of zlib's inflate
(zlib licence) are listed in FreeType/LICENSE.TXT and debian-copyright.
EOF
    cat >>"$lic/README" <<EOF

cJSON $CJSON_VERSION     MIT licence                 cJSON/LICENSE
EOF
    if [ "$target" = windows ]; then
        cat >>"$lic/README" <<EOF

libintl (GNU gettext $GETTEXT_VERSION)   LGPL 2.1 or later   libintl/COPYING.LIB
libintl-8.dll is GNU gettext's libintl, unmodified, built from Debian's
source package gettext $GETTEXT_VERSION (gettext-runtime/intl), where its
complete source is: https://sources.debian.org/src/gettext/$GETTEXT_VERSION/
(or: apt-get source gettext=$GETTEXT_VERSION). It is a DLL of its own, so
it can be replaced by another build of the same library.
EOF
    fi
}

# toolchain_version: the compiler that built the prefix, for VERSIONS.
toolchain_version() {
    case "$target" in
    web) emcc --version | head -n 1 ;;
    windows) x86_64-w64-mingw32-gcc --version | head -n 1 ;;
    esac
}

# dll_imports DLL: the DLLs that DLL imports, one a line.
dll_imports() {
    x86_64-w64-mingw32-objdump -p "$1" | sed -n 's/^[[:space:]]*DLL Name: //p'
}

write_versions() {
    local dsc dll
    {
        echo "# Third-party libraries built by ttt's scripts/thirdparty.sh."
        echo "target: $target"
        echo "recipe: r$RECIPE_REV"
        echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        echo "sdl2: $SDL2_VERSION (Debian source package $SDL2_PKG)"
        echo "sdl2_ttf: $TTF_VERSION (Debian source package $TTF_PKG)"
        echo "freetype: $FT_VERSION (Debian source package $FT_PKG; licence: FTL)"
        if [ "$target" = windows ]; then
            echo "libintl: $GETTEXT_VERSION (Debian source package $GETTEXT_PKG, gettext-runtime/intl; licence: LGPL-2.1+)"
            echo "options: libintl ${GETTEXT_OPTIONS[*]}"
        fi
        echo "cjson: $CJSON_VERSION (Debian source package $CJSON_PKG; licence: MIT)"
        echo "options: cjson ${CJSON_OPTIONS[*]}"
        echo "compiler: $(toolchain_version)"
        echo "cmake: $(cmake --version | head -n 1)"
        case "$target" in
        web) echo "build: static libraries, -pthread (cmake/emscripten.cmake)" ;;
        windows) echo "build: SDL2.dll, SDL2_ttf.dll (FreeType linked in), libintl-8.dll, cmake/mingw-w64.cmake, LDFLAGS $LDFLAGS" ;;
        esac
        echo "options: freetype ${FT_OPTIONS[*]}"
        echo "options: sdl2 ${SDL2_OPTIONS[*]} ${SDL2_TARGET_OPTIONS[*]}"
        echo "options: sdl2_ttf ${TTF_OPTIONS[*]} -DBUILD_SHARED_LIBS=$TTF_SHARED"
        for dsc in "$APT_DIR"/dl/*.dsc; do
            echo "sha256: $(sha256sum "$dsc" | cut -d' ' -f1)  $(basename "$dsc")"
        done
        if [ "$target" = windows ]; then
            for dll in "$STAGE"/bin/*.dll; do
                echo "imports: $(basename "$dll"): $(dll_imports "$dll" | tr '\n' ' ')"
            done
        fi
    } >"$STAGE/VERSIONS"
}

# check_prefix: nothing in the prefix names the build directory (it moves),
# and the DLLs need nothing beyond Windows itself and each other.
check_prefix() {
    local stale dll
    stale=$(grep -rIl -F "$WORK" "$STAGE" || true)
    [ -z "$stale" ] || die "these files name the build directory: $stale"
    if [ "$target" = windows ]; then
        # Windows' own DLLs (kernel32, user32, ..., msvcrt, setupapi,
        # version, winmm) and SDL2.dll; not libgcc's, libwinpthread's or a
        # FreeType DLL.
        local foreign
        for dll in "$STAGE"/bin/*.dll; do
            foreign=$(dll_imports "$dll" | grep -E -i -v '^([a-z0-9_]+32|msvcrt|setupapi|version|winmm|SDL2)\.dll$' || true)
            [ -z "$foreign" ] || die "$(basename "$dll") needs DLLs that Windows does not have: $foreign"
        done
    fi
}

step "finish" finish_prefix
step "versions" write_versions
step "check" check_prefix

mv -T "$STAGE" "$PREFIX"
say "ready in $((SECONDS - START)) s: $PREFIX"
echo "$PREFIX"

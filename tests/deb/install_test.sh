#!/usr/bin/env bash
# install_test.sh DIST_DIR - the Debian packages of scripts/build-deb.sh
# installed on this machine with apt-get, used as a person would, and
# removed again (scripts/test.sh; root, or sudo without a password):
#   - libttt1, libttt-dev, ttt, tictactoe and ttt-server install together,
#     their dependencies from the archive (fonts-dejavu-core, SDL2,
#     libwebsockets, ...);
#   - ttt-server --help; the server started on a free port with a scratch
#     database, a room's worth of nothing (it listens and logs), stopped
#     with SIGTERM: exit status 0; its systemd unit is installed, not
#     enabled or started;
#   - tictactoe --version, and the game started headless on the system's
#     DejaVu fonts (SDL's dummy driver), from /usr/games as installed;
#   - ttt analyze gives the position's value; ttt speaks German;
#   - the getting-started example of docs/engine.md
#     (engine/examples/getting_started.c) builds against libttt-dev with
#     pkg-config, with CMake (find_package(ttt 1.0)) and statically with
#     libttt.a, and each program plays a scripted game to its end;
#   - apt-get purge leaves nothing behind: the installed packages and the
#     files under /usr, /etc and /opt are the same as before the test.
# Packages of ours already installed (a run killed half-way) are purged
# first.
set -euo pipefail
DIST=$(cd "$1" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PACKAGES=(libttt1 libttt-dev ttt tictactoe ttt-server)
as_root=()
if [ "$(id -u)" -ne 0 ]; then
    as_root=(sudo -n)
fi
apt_get() {
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get -o DPkg::Lock::Timeout=600 -q -y "$@"
}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/ttt-deb-test.XXXXXX")
installed_here=0
cleanup() {
    local status=$?
    if [ "$installed_here" -eq 1 ]; then apt_get purge "${PACKAGES[@]}" >/dev/null 2>&1 || true; fi
    rm -rf "$WORK"
    exit "$status"
}
trap cleanup EXIT
fail() {
    echo "FAIL: $*" >&2
    exit 1
}

# installed PACKAGE...: those of them dpkg says are installed.
installed() { dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' "$@" 2>/dev/null | sed -n 's/^ii  //p'; }
leftover=$(installed "${PACKAGES[@]}" || true)
if [ -n "$leftover" ]; then
    echo "purging packages left by an earlier run: $leftover"
    # shellcheck disable=SC2086 # one package a word
    apt_get purge $leftover >/dev/null
fi

snapshot() { # snapshot FILE: the installed packages and the files under /usr, /etc, /opt
    {
        dpkg-query -W -f '${db:Status-Abbrev} ${Package} ${Version}\n' | sed -n 's/^ii  /package /p'
        find /usr /etc /opt -xdev -not -path '/etc/ld.so.cache' -printf 'file %p %y\n' 2>/dev/null
    } | LC_ALL=C sort >"$1"
}
snapshot "$WORK/before.txt"

debs=()
for p in "${PACKAGES[@]}"; do
    f=$(find "$DIST" -maxdepth 1 -name "${p}_*.deb" | head -n1)
    [ -n "$f" ] || fail "no ${p}_*.deb in $DIST"
    debs+=("$f")
done
echo "installing: ${debs[*]##*/}"
installed_here=1
apt_get install --no-install-recommends "${debs[@]}" >"$WORK/install.log" 2>&1 ||
    { cat "$WORK/install.log" >&2; fail "apt-get install failed"; }
[ "$(installed "${PACKAGES[@]}" | wc -l)" -eq "${#PACKAGES[@]}" ] || fail "not all ${#PACKAGES[@]} packages are installed"

# The programs, by name, from the PATH a login shell has (/usr/games).
export PATH="/usr/games:$PATH"
command -v tictactoe | grep -q '^/usr/games/tictactoe$' || fail "tictactoe is not /usr/games/tictactoe"
version=$(dpkg-query -W -f '${Version}' tictactoe)
out=$(LC_ALL=C tictactoe --version)
echo "tictactoe --version: $out"
[[ "$out" == "tictactoe ${version%%-*} "* ]] || fail "tictactoe --version says '$out'"
(cd "$WORK" && LC_ALL=C SDL_VIDEODRIVER=dummy SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy \
    tictactoe --settings game.ini --mode cvc --speed fast --quit-after-games 1 --stats >game.out 2>game.err) ||
    fail "the installed game did not run: $(cat "$WORK/game.err")"
grep -q '^frames: [1-9]' "$WORK/game.out" || fail "the installed game drew no frame"
out=$(LC_ALL=C ttt analyze "x.. .o. ...")
echo "$out" | grep -q '^Value for X: draw\.$' || fail "ttt analyze says: $out"
LC_ALL=C.UTF-8 LANGUAGE=de ttt --help | grep -q '^Aufruf: ttt BEFEHL' || fail "ttt does not speak German"
for f in /usr/share/applications/io.github.tttgame.TicTacToe.desktop \
    /usr/share/metainfo/io.github.tttgame.TicTacToe.metainfo.xml /usr/share/man/man1/ttt.1.gz \
    /usr/share/man/man6/tictactoe.6.gz /usr/share/man/man3/ttt.3.gz; do
    [ -f "$f" ] || fail "$f is not installed"
done

# The game server: its help, a start on a free port and a clean stop.
command -v ttt-server | grep -q '^/usr/games/ttt-server$\|^/usr/bin/ttt-server$' ||
    fail "ttt-server is not installed on the PATH"
LC_ALL=C ttt-server --help | grep -q -- '--limit' || fail "ttt-server --help does not list --limit"
[ -f /lib/systemd/system/ttt-server.service ] || [ -f /usr/lib/systemd/system/ttt-server.service ] ||
    fail "the systemd unit ttt-server.service is not installed"
ttt-server --port 0 --bind 127.0.0.1 --db "$WORK/rooms.db" 2>"$WORK/server.log" &
server_pid=$!
for _ in $(seq 600); do # a hang guard, not a deadline: 60 s
    grep -q 'listening on port [1-9]' "$WORK/server.log" && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
grep -q 'listening on port [1-9]' "$WORK/server.log" ||
    { cat "$WORK/server.log" >&2; fail "ttt-server did not start"; }
echo "ttt-server: $(grep -m1 'listening' "$WORK/server.log")"
kill -TERM "$server_pid"
server_status=0
wait "$server_pid" || server_status=$?
[ "$server_status" -eq 0 ] || { cat "$WORK/server.log" >&2; fail "ttt-server stopped with status $server_status"; }
grep -q 'ttt-server: stopped$' "$WORK/server.log" || fail "ttt-server did not log its stop"

# The getting-started example against libttt-dev, three ways: a scripted
# game (every square offered in turn, the taken ones refused) to its end.
cp "$ROOT/engine/examples/getting_started.c" "$WORK/"
check_example() { # check_example PROGRAM HOW
    local out
    out=$(printf '1 1\n1 2\n1 3\n2 1\n2 2\n2 3\n3 1\n3 2\n3 3\n' | "$1") ||
        fail "the example ($2) exited with an error"
    echo "$out" | grep -q '^O plays [1-3] [1-3]$' || fail "the example ($2): the computer never moved: $out"
    echo "$out" | tail -n1 | grep -E -q '(You win!|The computer wins\.|Draw\.)$' ||
        fail "the example ($2) did not finish the game: $out"
    echo "getting_started ($2): $(echo "$out" | tail -n1 | sed 's/.*: //')"
}
cc -std=c11 -Wall -Werror "$WORK/getting_started.c" -o "$WORK/ex-pkg-config" $(pkg-config --cflags --libs ttt)
ldd "$WORK/ex-pkg-config" | grep -q 'libttt\.so\.1 => /' || fail "not linked with libttt.so.1"
check_example "$WORK/ex-pkg-config" "pkg-config, shared"
cc -std=c11 -Wall -Werror "$WORK/getting_started.c" -o "$WORK/ex-static" \
    $(pkg-config --cflags ttt) "/usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/libttt.a" -lm
! ldd "$WORK/ex-static" | grep -q libttt || fail "the static example needs libttt.so"
check_example "$WORK/ex-static" "libttt.a"
mkdir -p "$WORK/cmake-example"
cat >"$WORK/cmake-example/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(getting_started C)
find_package(ttt 1.0 REQUIRED)
add_executable(getting_started ../getting_started.c)
target_link_libraries(getting_started PRIVATE ttt::engine)
CMAKE
cmake -S "$WORK/cmake-example" -B "$WORK/cmake-build" >"$WORK/cmake.log" 2>&1 &&
    cmake --build "$WORK/cmake-build" >>"$WORK/cmake.log" 2>&1 ||
    { cat "$WORK/cmake.log" >&2; fail "the CMake example did not build"; }
check_example "$WORK/cmake-build/getting_started" "CMake find_package"

# Removed, nothing is left.
apt_get purge "${PACKAGES[@]}" >"$WORK/purge.log" 2>&1 || { cat "$WORK/purge.log" >&2; fail "purge failed"; }
installed_here=0
snapshot "$WORK/after.txt"
if ! diff -u "$WORK/before.txt" "$WORK/after.txt" >"$WORK/diff.txt"; then
    head -40 "$WORK/diff.txt" >&2
    fail "the machine differs after the purge (above)"
fi
echo "install_test: installed, used and purged; packages and files under /usr, /etc, /opt as before"

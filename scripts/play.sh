#!/usr/bin/env bash
# play.sh - the README's play command: install what is missing, build a
# Release build in build/, and launch the desktop game with the arguments
# given here. Falls back to the terminal program (`ttt play`), or failing
# that the engine's getting-started example, when the desktop game is not
# built or there is no display to open a window on (for example over SSH);
# says which one it starts.
#
# Usage: bash scripts/play.sh [ARGS...]   (ARGS go to the program launched;
#        extra CMake options: TTT_CMAKE_ARGS="-D...")
#        bash scripts/play.sh --web [PORT]
#   --web builds the game for web browsers instead (scripts/build-web.sh)
#   and serves the page on http://127.0.0.1:PORT/ (default: a free port)
#   with web/serve.py, which sends the cross-origin isolation headers a
#   host that can set headers would (docs/web.md); it prints the URL and
#   serves until Ctrl+C.
#        bash scripts/play.sh --server [PORT]
#   --server builds ttt-server and ttt (and the web game, when it builds)
#   and runs the game server on PORT (default 7682) on every address, with
#   its database in the user's state directory: it prints the addresses to
#   give a friend on the network (`ttt online join CODE --server ...`, or
#   the page in a browser) and stops cleanly on Ctrl+C (docs/server.md).
#   TTT_SERVER_WEB=0 leaves the web game out.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD="$ROOT/build"
JOBS=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
GAME="$BUILD/game/desktop/tictactoe"
CLI="$BUILD/game/cli/ttt"
EXAMPLE="$BUILD/engine/getting_started"
# Extra configure options from the caller, split on spaces on purpose.
read -r -a EXTRA_CMAKE_ARGS <<<"${TTT_CMAKE_ARGS:-}"

if [ "${1:-}" = --web ]; then
    PORT=${2:-0}
    SITE=$(bash "$ROOT/scripts/build-web.sh" | tail -n1)
    echo "play.sh: serving $SITE; open the address below in a browser (Ctrl+C stops it)" >&2
    exec python3 "$ROOT/web/serve.py" "$SITE" --port "$PORT"
fi

if [ "${1:-}" = --server ]; then
    PORT=${2:-7682}
    bash "$ROOT/scripts/deps.sh" server
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DTTT_BUILD_SERVER=ON -DTTT_NET=ON \
        -DTTT_BUILD_TESTS=OFF -DTTT_BUILD_DOCS=OFF -DTTT_BUILD_BENCH=OFF "${EXTRA_CMAKE_ARGS[@]}"
    cmake --build "$BUILD" -j"$JOBS" --target ttt-server ttt
    STATE="${XDG_STATE_HOME:-$HOME/.local/state}/ttt"
    mkdir -p "$STATE"
    web=()
    # The page too, when the browser build works here (TTT_SERVER_WEB=0
    # skips it); the rooms run without it.
    if [ "${TTT_SERVER_WEB:-1}" = 0 ]; then
        echo "play.sh: TTT_SERVER_WEB=0: serving rooms only" >&2
    elif echo "play.sh: building the web game (the first time also its libraries, some minutes; log: $STATE/build-web.log)" >&2 &&
        SITE=$(bash "$ROOT/scripts/build-web.sh" 2>"$STATE/build-web.log" | tail -n1) &&
        [ -f "$SITE/index.html" ]; then
        web=(--web "$SITE")
    else
        echo "play.sh: the web game did not build (see $STATE/build-web.log); serving rooms only" >&2
    fi
    HOST=$(hostname -I 2>/dev/null | awk '{print $1}')
    HOST=${HOST:-127.0.0.1}
    echo "play.sh: ttt-server on port $PORT (Ctrl+C stops it); rooms in $STATE/server.db" >&2
    echo "  a game in this terminal:    $CLI online create --server ws://$HOST:$PORT/" >&2
    echo "  a friend on the network:    ttt online join CODE --server ws://$HOST:$PORT/" >&2
    if [ "${#web[@]}" -gt 0 ]; then
        # The game's threads need a secure context: localhost, or HTTPS
        # (a TLS proxy, docs/server.md); a plain http:// address on the
        # network is not one (docs/web.md, Playing online).
        echo "  the web game on this machine: http://127.0.0.1:$PORT/ (two tabs: a room in one," >&2
        echo "                                its link http://127.0.0.1:$PORT/#join=CODE in the other)" >&2
        echo "  the web game for a friend:    https:// through a TLS proxy to port $PORT (docs/server.md)" >&2
    fi
    exec "$BUILD/server/ttt-server" --port "$PORT" --db "$STATE/server.db" "${web[@]}"
fi

bash "$ROOT/scripts/deps.sh" play

# Tests and docs are the test command's business; leaving them out keeps
# this build quick and free of their dependencies.
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
    -DTTT_BUILD_TESTS=OFF -DTTT_BUILD_DOCS=OFF -DTTT_BUILD_BENCH=OFF "${EXTRA_CMAKE_ARGS[@]}"
cmake --build "$BUILD" -j"$JOBS"

# A window needs X11 or Wayland, unless the caller picked an SDL video
# driver explicitly (offscreen, dummy, kmsdrm, ...).
have_display() {
    [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] || [ -n "${SDL_VIDEODRIVER:-}" ]
}

if [ -x "$GAME" ] && have_display; then
    exec "$GAME" "$@"
fi
if [ -x "$GAME" ]; then
    echo "play.sh: no display found (DISPLAY, WAYLAND_DISPLAY and SDL_VIDEODRIVER unset);" \
        "starting a terminal game instead." >&2
else
    echo "play.sh: the desktop game is not built; starting a terminal game instead." >&2
fi
if [ -x "$CLI" ]; then
    exec "$CLI" play "$@"
fi
if [ -x "$EXAMPLE" ]; then
    # The example takes no arguments: it is always 3x3 against the AI.
    exec "$EXAMPLE"
fi
echo "play.sh: nothing to launch: none of $GAME, $CLI, $EXAMPLE was built." >&2
exit 1

#!/usr/bin/env bash
# online.sh DIR LINUX_TTT LINUX_SERVER WORK - online play of the Windows
# folder's ttt.exe (WinHTTP's WebSocket client, game/net/net_client_win.c)
# under Wine, against the Linux build:
#   - a native ttt-server on a loopback port the system picks;
#   - ttt.exe online create (Wine) and a native ttt online join play a game,
#     fed one move at a time through FIFOs: each side sees the other's
#     moves, both see X (the Windows side) win;
#   - in the middle the server is killed (SIGKILL) and started again on the
#     same port and database: the Windows client reconnects by itself and
#     resumes its seat with its token (the shared session logic,
#     game/net/net_session.c, over WinHTTP);
#   - the seat's token is kept in the file TTT_ONLINE_STATE names;
#   - the desktop game, tictactoe.exe, resumes that seat from its online.ini
#     (kept seat) and the Linux player sees it come and go (presence); the
#     game quitting by itself stops its connection cleanly.
# No step looks at a clock: each waits for the output it needs, and ctest's
# TIMEOUT catches a hang.
set -euo pipefail
DIR=$1 TTT=$2 SERVER=$3 WORK=$4
WINE=${TTT_WINE:-wine}
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"

pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

fail() {
    echo "FAIL: $*" >&2
    for f in server*.log a.out a.err b.out b.err c.out c.err game.out game.err quit.err; do
        [ -f "$f" ] && { echo "--- $f"; tr -d '\r' <"$f"; }
    done >&2
    exit 1
}

# wait_for FILE TEXT [COUNT]: until FILE holds TEXT (COUNT times, default 1).
wait_for() {
    local n=${3:-1}
    until [ "$(tr -d '\r' <"$1" 2>/dev/null | grep -c -F -- "$2" || true)" -ge "$n" ]; do
        sleep 0.05
    done
}

start_server() { # PORT LOG
    "$SERVER" --port "$1" --bind 127.0.0.1 --db rooms.db </dev/null >/dev/null 2>"$2" 3>&- 4>&- &
    server_pid=$!
    pids+=("$server_pid")
    wait_for "$2" "listening on port"
    port=$(sed -n 's/.*listening on port \([0-9]*\).*/\1/p' "$2" | head -n 1)
}

start_server 0 server1.log
url="ws://127.0.0.1:$port/"

# The Windows player creates the room (X, first). TTT_ONLINE_STATE is a
# relative path: Wine maps the current directory.
mkfifo a.in b.in
TTT_ONLINE_STATE=a.state "$WINE" "$DIR/ttt.exe" online create --size 3 --server "$url" \
    <a.in >a.out 2>a.err &
pids+=($!)
a_pid=$!
exec 3>a.in
wait_for a.out "Room "
code=$(tr -d '\r' <a.out | sed -n 's/^Room \([A-Z0-9]*\):.*/\1/p' | head -n 1)
[ ${#code} -eq 6 ] || fail "no room code in ttt.exe online create's output"
TTT_ONLINE_STATE=$WORK/b.state "$TTT" online join "$code" --server "$url" \
    <b.in >b.out 2>b.err 3>&- &
pids+=($!)
b_pid=$!
exec 4>b.in

wait_for a.out "X, your move"
echo "1 1" >&3
wait_for b.out "X plays row 1, column 1."
wait_for b.out "O, your move"
echo "2 1" >&4
wait_for a.out "O plays row 2, column 1."

# The server dies; another starts on the same port and database.
kill -9 "$server_pid"
wait "$server_pid" 2>/dev/null || true
wait_for a.out "reconnecting"
start_server "$port" server2.log
wait_for a.out "Connected again."
wait_for b.out "Connected again."

echo "1 2" >&3
wait_for b.out "X plays row 1, column 2."
echo "2 2" >&4
wait_for a.out "O plays row 2, column 2."
echo "1 3" >&3
wait_for a.out "X wins!"
wait_for b.out "X wins!"
echo "n" >&3
echo "n" >&4
exec 3>&- 4>&-
wait "$a_pid" || fail "ttt.exe online create exited with $?"
wait "$b_pid" || fail "ttt online join exited with $?"
tr -d '\r' <a.out | grep -q "You win!" || fail "the Windows winner was not told"
grep -q "Your friend wins." b.out || fail "the Linux loser was not told"
tr -d '\r' <a.state | grep -q "^code $code" || fail "ttt.exe did not keep the seat's token"

# The desktop game on the same client library: tictactoe.exe (SDL's dummy
# video driver) takes the Windows seat back from a kept seat in online.ini
# beside its settings, as after a restart; the Linux player, back in the
# room, sees it arrive and, once it is ended, leave.
token=$(tr -d '\r' <a.state | sed -n 's/^token //p')
printf '[online]\nserver=%s\nroom_server=%s\ncode=%s\ntoken=%s\nhost_port=0\n' \
    "$url" "$url" "$code" "$token" >online.ini
mkfifo c.in
TTT_ONLINE_STATE=$WORK/b.state "$TTT" online resume --server "$url" <c.in >c.out 2>c.err &
pids+=($!)
c_pid=$!
exec 5>c.in
wait_for c.out "you hold seat 2"
"$WINE" "$DIR/tictactoe.exe" --settings s.ini --width 300 --height 340 </dev/null \
    >game.out 2>game.err 5>&- &
pids+=($!)
game_pid=$!
wait_for c.out "Your friend is here."
kill "$game_pid"
wait "$game_pid" 2>/dev/null || true
wait_for c.out "Your friend has left"
# It rewrote online.ini on joining (rename() cannot replace a file on
# Windows; atomic_file_replace() can).
grep -q "Couldn't save" game.err && fail "the game could not keep its seat in online.ini"
tr -d '\r' <online.ini | grep -q "^code=$code" || fail "online.ini lost the room"
# The game quitting by itself (after some frames, wherever its connection
# stands then) stops the client library cleanly: exit status 0, no hang.
"$WINE" "$DIR/tictactoe.exe" --settings s.ini --width 300 --height 340 --quit-after-frames 30 \
    </dev/null >quit.out 2>quit.err 5>&- || fail "the game's quit with a connection exited with $?"
echo "q" >&5
exec 5>&-
wait "$c_pid" || fail "ttt online resume exited with $?"

kill "$server_pid"
wait "$server_pid" || fail "the server did not stop cleanly"
echo "online: ok (room $code)"

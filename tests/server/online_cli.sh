#!/usr/bin/env bash
# online_cli.sh - two terminal clients (`ttt online`) play a whole game
# through a real ttt-server on the loopback interface, fed one move at a
# time through FIFOs; a third watches. In the middle the server is killed
# with SIGKILL and started again on the same port and database: both
# players reconnect by themselves, resume their seats and finish, and every
# move is in the database (checked with the sqlite3 shell when present).
# The server also serves a page with --web (checked with curl when present).
# No step looks at a clock: each waits for the output it needs, and ctest's
# TIMEOUT catches a hang.
#
# Usage: online_cli.sh TTT TTT_SERVER WORK_DIR
set -euo pipefail
TTT=$1
SERVER=$2
WORK=$3/online_cli
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"

pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

fail() {
    echo "online_cli: $*" >&2
    for f in server*.log a.out b.out b2.out w.out a.err b.err b2.err w.err; do
        [ -f "$f" ] && { echo "--- $f"; cat "$f"; }
    done >&2
    exit 1
}

# wait_for FILE TEXT [COUNT]: until FILE holds TEXT (COUNT times, default 1).
wait_for() {
    local n=${3:-1}
    until [ "$(grep -c -F -- "$2" "$1" 2>/dev/null || true)" -ge "$n" ]; do
        sleep 0.05
    done
}

mkdir -p web
echo '<!doctype html><title>ttt</title>' >web/index.html
start_server() { # PORT LOG
    "$SERVER" --port "$1" --bind 127.0.0.1 --db rooms.db --web web </dev/null >/dev/null 2>"$2" 3>&- 4>&- &
    server_pid=$!
    pids+=("$server_pid")
    wait_for "$2" "listening on port"
    port=$(sed -n 's/.*listening on port \([0-9]*\).*/\1/p' "$2" | head -n 1)
}

start_server 0 server1.log
url="ws://127.0.0.1:$port/"
export TTT_SERVER=$url
# The same port serves the web game's files (--web), with the isolation
# headers its threads need.
if command -v curl >/dev/null; then
    curl -s -D headers.txt "http://127.0.0.1:$port/" >page.html || fail "no page"
    grep -q '<title>ttt</title>' page.html || fail "the page was not served"
    grep -qi '^cross-origin-embedder-policy: require-corp' headers.txt || fail "no COEP header"
fi

mkfifo a.in b.in
TTT_ONLINE_STATE=$WORK/a.state "$TTT" online create --size 3 <a.in >a.out 2>a.err &
pids+=($!)
a_pid=$!
exec 3>a.in
wait_for a.out "Room "
code=$(sed -n 's/^Room \([A-Z0-9]*\):.*/\1/p' a.out)
[ ${#code} -eq 6 ] || fail "no room code in create's output"
TTT_ONLINE_STATE=$WORK/b.state "$TTT" online join "$code" <b.in >b.out 2>b.err 3>&- &
pids+=($!)
b_pid=$!
exec 4>b.in
# The watcher names the server as the desktop game shows a hosted one: HOST:PORT.
TTT_ONLINE_STATE=$WORK/w.state "$TTT" online watch "$code" --server "127.0.0.1:$port" </dev/null >w.out 2>w.err 3>&- 4>&- &
pids+=($!)
w_pid=$!
wait_for w.out "Room $code: you are watching."

# X (the creator) takes the top row; O the middle one.
wait_for a.out "X, your move"
echo "1 1" >&3
wait_for b.out "X plays row 1, column 1."
wait_for b.out "O, your move"
echo "2 1" >&4
wait_for a.out "O plays row 2, column 1."
wait_for w.out "O plays row 2, column 1."

# The server dies; another starts on the same port and database.
kill -9 "$server_pid"
wait "$server_pid" 2>/dev/null || true
wait_for a.out "reconnecting"
start_server "$port" server2.log
grep -q "1 open rooms" server2.log || fail "the room was not reloaded"
wait_for a.out "Connected again."
wait_for b.out "Connected again."
# X was at its prompt when the connection dropped: the prompt comes again
# under the reconnection's lines (a third time; the hang guard catches it
# missing).
wait_for a.out "X, your move" 3

echo "1 2" >&3
wait_for b.out "X plays row 1, column 2."
echo "2 2" >&4
wait_for a.out "O plays row 2, column 2."
echo "1 3" >&3
wait_for a.out "X wins!"
wait_for b.out "X wins!"
# A rematch: O is told that X asks for one, accepts, and moves first.
echo "y" >&3
wait_for b.out "Your friend asks for a rematch (sides swap): 'y' accepts."
echo "y" >&4
wait_for b.out "Game 2 on a 3x3 board"
wait_for b.out "X, your move"
# X (the one who joined, now) leaves with 'q'; 'ttt online resume' with
# no --server and no TTT_SERVER takes the seat back on the kept server.
# (The restart may have shown the friend leave and come back already.)
left=$(grep -c "Your friend has left" a.out || true)
echo "q" >&4
wait "$b_pid" || fail "join exited with $?"
wait_for a.out "Your friend has left" $((left + 1))
here=$(grep -c "Your friend is here." a.out || true)
mkfifo b2.in
env -u TTT_SERVER TTT_ONLINE_STATE=$WORK/b.state "$TTT" online resume <b2.in >b2.out 2>b2.err 3>&- &
pids+=($!)
b_pid=$!
exec 4>b2.in
wait_for b2.out "X, your move"
grep -q "Connecting to $url" b2.out || fail "resume did not use the kept server"
wait_for a.out "Your friend is here." $((here + 1))
echo "resign" >&4
wait_for a.out "X resigns: O wins."
echo "n" >&3
echo "n" >&4
exec 3>&- 4>&-
wait "$a_pid" || fail "create exited with $?"
wait "$b_pid" || fail "resume exited with $?"
grep -q "You win!" a.out || fail "the winner was not told"
grep -q "Your friend wins." b.out || fail "the loser was not told"
grep -q "you 1, your friend 0" a.out || fail "no score"
grep -q "you 2, your friend 0" a.out || fail "no score after the rematch"
grep -q "you hold seat 1" a.out || fail "create's seat"
grep -q "you hold seat 2" b.out || fail "join's seat"
# The creator is told how the friend joins, the server included (not the
# default one); the one who joined is not.
grep -qF "Your friend joins with 'ttt online join $code --server $url'." a.out ||
    fail "create's join hint"
# ... and that 127.0.0.1 is this machine's own name.
grep -qF "From another machine: --server ws://THIS-MACHINE'S-ADDRESS:$port/." a.out ||
    fail "no word on the loopback address"
! grep -q "Your friend joins with" b.out || fail "join was told how to join"
# The seat's token was kept for resume.
grep -q "^code $code" a.state || fail "the token was not kept"
# The watcher saw the moves (it may have come back after the restart).
wait_for w.out "X wins!"
wait "$w_pid" || fail "watch exited with $?"

if command -v sqlite3 >/dev/null; then
    n=$(sqlite3 rooms.db "SELECT count(*) FROM moves JOIN rooms ON rooms.id = moves.room WHERE code = '$code'")
    [ "$n" -eq 5 ] || fail "the database holds $n moves of game 1, not 5"
fi
kill "$server_pid"
wait "$server_pid" || fail "the server did not stop cleanly"
echo "online_cli: ok (room $code)"

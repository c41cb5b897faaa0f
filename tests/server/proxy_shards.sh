#!/usr/bin/env bash
# proxy_shards.sh - rooms spread over two ttt-server processes behind
# HAProxy with TLS, on the loopback interface (docs/server.md, "More than
# one machine"). Two servers, each with its own database and a --shard of
# the code alphabet; HAProxy runs the shipped packaging/haproxy/haproxy.cfg
# (local addresses and a certificate made here with openssl swapped in, the
# lines that need root taken out). Through the proxy, over wss:// with the
# real terminal client (`ttt online`, trusting the test's certificate
# through OpenSSL's SSL_CERT_FILE): a room is created, joined by a second
# client and watched by a third; moves go both ways and the watcher sees
# them; the room lives on the server its first character names (its
# database and its log), and not on the other; the servers count the
# client's address (127.0.0.1, from X-Forwarded-For: --proxy), not the
# proxy's (it connects from 127.0.0.5). No step looks at a clock:
# each waits for the output it needs, and ctest's TIMEOUT catches a hang.
#
# Usage: proxy_shards.sh TTT TTT_SERVER HAPROXY_CFG WORK_DIR
# Exit status 77 (ctest: skipped) when haproxy or openssl is missing.
set -euo pipefail
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
TTT=$(abs "$1")
SERVER=$(abs "$2")
CFG=$(abs "$3")
WORK=$(abs "$4")/proxy_shards

for tool in haproxy openssl python3 sqlite3; do
    if ! command -v "$tool" >/dev/null 2>&1 && ! [ -x "/usr/sbin/$tool" ]; then
        echo "proxy_shards: skipped: $tool is not installed (bash scripts/deps.sh test)"
        exit 77
    fi
done
HAPROXY=$(command -v haproxy || echo /usr/sbin/haproxy)

rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK"

pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

fail() {
    echo "proxy_shards: $*" >&2
    for f in a.log b.log haproxy.log c1.out c2.out w.out c1.err c2.err w.err; do
        [ -f "$f" ] && { echo "--- $f"; cat "$f"; }
    done >&2
    exit 1
}

# wait_for FILE TEXT: until FILE holds TEXT; a client that exits before
# (a room not found: sent to the wrong server) fails the test at once.
clients=()
wait_for() {
    local p
    until grep -q -F -- "$2" "$1" 2>/dev/null; do
        for p in "${clients[@]}"; do
            kill -0 "$p" 2>/dev/null || fail "a client exited while waiting for '$2' in $1"
        done
        sleep 0.05
    done
}

# A port nobody listens on now (the system's pick).
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The two shards, as the shipped configuration's opening comment starts
# its servers (and its acls route them).
SHARD_A=$(sed -n 's/^#   server a: .*--shard \([A-Z0-9]*\) .*/\1/p' "$CFG")
SHARD_B=$(sed -n 's/^#   server b: .*--shard \([A-Z0-9]*\) .*/\1/p' "$CFG")
# The proxy connects to the servers from this address.
PROXY_ADDR=127.0.0.5
if [ -z "$SHARD_A" ] || [ -z "$SHARD_B" ]; then
    fail "no --shard for servers a and b in $CFG"
fi

# start_server NAME SHARD: in the background (not in a subshell, so that
# its pid is killed at the end), its port in $port, its pid in $server_pid.
start_server() {
    "$SERVER" --port 0 --bind 127.0.0.1 --db "$1.db" --shard "$2" --proxy "$PROXY_ADDR" \
        </dev/null >/dev/null 2>"$1.log" &
    server_pid=$!
    pids+=("$server_pid")
    until grep -q "listening on port" "$1.log"; do
        kill -0 "$server_pid" 2>/dev/null || fail "server $1 did not start"
        sleep 0.05
    done
    port=$(sed -n 's/.*listening on port \([0-9]*\).*/\1/p' "$1.log" | head -n 1)
}
start_server a "$SHARD_A"
port_a=$port
pid_a=$server_pid
start_server b "$SHARD_B"
port_b=$port
pid_b=$server_pid
grep -q "new codes begin with one of $SHARD_A" a.log || fail "server a did not take its shard"

# A certificate for localhost, made now, and HAProxy's PEM (certificate,
# then key).
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1 \
    -keyout key.pem -out cert.pem 2>openssl.err || fail "openssl: $(cat openssl.err)"
cat cert.pem key.pem >ttt.pem

# The shipped configuration, on this machine's loopback interface.
write_config() {
    https_port=$(free_port)
    http_port=$(free_port)
    sed -E -e '/^[[:space:]]*(log \/dev\/log|chroot|user|group) /d' \
        -e "s#maxconn 40000#maxconn 200#" \
        -e "s#bind :443 ssl crt /etc/haproxy/certs/ttt.pem#bind 127.0.0.1:$https_port ssl crt $WORK/ttt.pem#" \
        -e "s#bind :80\$#bind 127.0.0.1:$http_port#" \
        -e "s#10\.0\.0\.11:7682#127.0.0.1:$port_a#" \
        -e "s#10\.0\.0\.12:7682#127.0.0.1:$port_b#" \
        -e "s#source 10\.0\.0\.10\$#source $PROXY_ADDR#" \
        "$CFG" >haproxy.cfg
    if grep -v '^[[:space:]]*#' haproxy.cfg | grep -E '/etc/|10\.0\.0\.|bind :'; then
        fail "the shipped configuration changed: the lines above were not swapped for the test"
    fi
    "$HAPROXY" -c -q -f haproxy.cfg >>haproxy.log 2>&1 || fail "haproxy refuses the configuration"
}

# start_haproxy: 0 once it serves TLS, 1 when it stopped (its port taken).
start_haproxy() {
    "$HAPROXY" -db -f haproxy.cfg >>haproxy.log 2>&1 &
    haproxy_pid=$!
    pids+=("$haproxy_pid")
    until openssl s_client -connect "127.0.0.1:$https_port" -CAfile cert.pem -verify_return_error \
        </dev/null >/dev/null 2>&1; do
        kill -0 "$haproxy_pid" 2>/dev/null || return 1
        sleep 0.05
    done
}
# A free port may be taken before HAProxy binds it (tests run side by
# side): then again with others.
tries=0
until write_config && start_haproxy; do
    tries=$((tries + 1))
    [ "$tries" -lt 5 ] || fail "haproxy did not start"
done

export TTT_SERVER="wss://localhost:$https_port/"
export SSL_CERT_FILE=$WORK/cert.pem

mkfifo c1.in c2.in
TTT_ONLINE_STATE=$WORK/c1.state "$TTT" online create --size 3 <c1.in >c1.out 2>c1.err &
pids+=($!)
c1_pid=$!
clients+=("$c1_pid")
exec 3>c1.in
wait_for c1.out "Room "
code=$(sed -n 's/^Room \([A-Z0-9]*\):.*/\1/p' c1.out)
[ ${#code} -eq 6 ] || fail "no room code in create's output"
case "$SHARD_A" in
*"${code:0:1}"*) home=a other=b ;;
*) home=b other=a ;;
esac
TTT_ONLINE_STATE=$WORK/c2.state "$TTT" online join "$code" <c2.in >c2.out 2>c2.err 3>&- &
pids+=($!)
c2_pid=$!
clients+=("$c2_pid")
exec 4>c2.in
TTT_ONLINE_STATE=$WORK/w.state "$TTT" online watch "$code" </dev/null >w.out 2>w.err 3>&- 4>&- &
pids+=($!)
w_pid=$!
clients+=("$w_pid")
wait_for w.out "Room $code: you are watching."

# Moves both ways, and the watcher sees them.
wait_for c1.out "X, your move"
echo "1 1" >&3
wait_for c2.out "X plays row 1, column 1."
wait_for c2.out "O, your move"
echo "2 1" >&4
wait_for c1.out "O plays row 2, column 1."
wait_for w.out "X plays row 1, column 1."
wait_for w.out "O plays row 2, column 1."

# The proxy dies and comes back: every client reconnects through it and
# takes its place back, which only works when the new connection names the
# room too (the creator's included: its first one named none). Without
# the room, HAProxy's leastconn would send it to the other server, the one
# holding no connection.
kill -9 "$haproxy_pid"
wait "$haproxy_pid" 2>/dev/null || true
wait_for c1.out "reconnecting"
start_haproxy || fail "haproxy did not start again on port $https_port"
wait_for c1.out "Connected again."
wait_for c2.out "Connected again."
# X takes the top row; no rematch, and end of input.
echo "1 2" >&3
wait_for c2.out "X plays row 1, column 2."
echo "2 2" >&4
wait_for c1.out "O plays row 2, column 2."
echo "1 3" >&3
wait_for c1.out "X wins!"
wait_for c2.out "X wins!"
clients=() # they leave now
echo "n" >&3
echo "n" >&4
exec 3>&- 4>&-
wait "$c1_pid" || fail "create exited with $?"
wait "$c2_pid" || fail "join exited with $?"
wait_for w.out "X wins!"
wait "$w_pid" || fail "watch exited with $?"

# The room lives on its shard's server: created, joined and watched there,
# its moves in that database, nothing of it on the other server.
grep -q "room $code created" "$home.log" || fail "room $code was not created on server $home"
grep -q "room $code joined" "$home.log" || fail "room $code was not joined on server $home"
grep -q "room $code created by 127.0.0.1:" "$home.log" ||
    fail "server $home did not count the client's address (X-Forwarded-For)"
if grep -q "$code" "$other.log"; then
    fail "server $other saw room $code"
fi
n=$(sqlite3 "$home.db" "SELECT count(*) FROM moves JOIN rooms ON rooms.id = moves.room WHERE code = '$code'")
[ "$n" -eq 5 ] || fail "server $home's database holds $n moves of room $code, not 5"
n=$(sqlite3 "$other.db" "SELECT count(*) FROM rooms WHERE code = '$code'")
[ "$n" -eq 0 ] || fail "server $other's database holds room $code"

kill "$haproxy_pid"
wait "$haproxy_pid" 2>/dev/null || true
for p in "$pid_a" "$pid_b"; do
    kill "$p"
    wait "$p" || fail "a server did not stop cleanly"
done
echo "proxy_shards: ok (room $code on server $home, through HAProxy with TLS)"

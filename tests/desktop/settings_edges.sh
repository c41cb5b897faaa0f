#!/usr/bin/env bash
# settings_edges.sh TICTACTOE WORK_DIR - the desktop game's start with odd
# settings files and outputs (issue 13), each as the program itself runs:
#   - a FIFO as the settings file: refused at once with a warning (it hung
#     the start before), the game runs, the FIFO is left alone;
#   - a --settings path of 5,000 characters: the system's refusal is
#     reported (it was ignored in silence), the game runs;
#   - an escape sequence in --settings and in a bad option value: shown
#     escaped;
#   - a --screenshot that cannot be written: exit status 1 and a message
#     (it exited 0).
set -u
GAME=$(realpath "$1")
WORK=$2
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK" || exit 2
status=0
fail() {
    echo "settings_edges: $*" >&2
    sed 's/^/    /' err.txt >&2
    status=1
}

mkfifo fifo.ini
timeout 60 "$GAME" --settings fifo.ini --quit-after-frames 3 >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 0 ] || fail "FIFO: exit status $rc (124 is a hang)"
grep -q "fifo.ini: not a regular file; using the defaults, the file is left alone" err.txt ||
    fail "FIFO: no warning"
[ -p fifo.ini ] || fail "FIFO: replaced"

long=$(printf 'a%.0s' $(seq 1 5000))
timeout 60 "$GAME" --settings "$long" --quit-after-frames 3 >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 0 ] || fail "long path: exit status $rc"
grep -q "File name too long" err.txt || fail "long path: not reported"

esc=$(printf '\033')
timeout 60 "$GAME" --settings "dir${esc}[2J/s.ini" --theme "${esc}]0;x" >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 2 ] || fail "bad theme: exit status $rc"
grep -q "\\\\x1b\\]0;x" err.txt || fail "bad theme: value not escaped"
grep -q "$esc" err.txt && fail "an escape character reached stderr"

timeout 60 "$GAME" --quit-after-frames 2 --screenshot /nonexistent/dir/x.bmp >out.txt 2>err.txt
rc=$?
[ "$rc" -eq 1 ] || fail "screenshot: exit status $rc"
grep -q "cannot save the screenshot /nonexistent/dir/x.bmp" err.txt || fail "screenshot: no message"
exit $status

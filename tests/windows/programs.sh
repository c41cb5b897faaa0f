#!/usr/bin/env bash
# programs.sh DIR LINUX_TTT VERSION WORK - the Windows folder's programs
# under Wine, headless:
#   - tictactoe.exe and ttt.exe --version print the release's version, and
#     --help its usage, in English and (LANGUAGE=de) in German from the
#     folder's locale/ (libintl-8.dll and the catalogues beside the .exe);
#   - a bad flag: exit status 2 and the message, as on Linux;
#   - ttt.exe analyze and battle print exactly what the Linux build prints
#     (line ends aside: Windows' C library writes CRLF), with the same exit
#     status, for tables, JSON and an error.
set -u
DIR=$1 LINUX_TTT=$2 VERSION=$3 WORK=$4
WINE=${TTT_WINE:-wine}
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK" || exit 2
fails=0
fail() {
    echo "FAIL: $*" >&2
    fails=$((fails + 1))
}

# run NAME PROGRAM ARGS...: stdout in NAME.out, stderr in NAME.err (CRs
# dropped), exit status in NAME.rc.
run() {
    local name=$1
    shift
    "$@" </dev/null >"$name.out.raw" 2>"$name.err.raw"
    echo $? >"$name.rc"
    tr -d '\r' <"$name.out.raw" >"$name.out"
    tr -d '\r' <"$name.err.raw" >"$name.err"
}
expect() { # expect NAME RC REGEX(stdout)|EMPTY [REGEX(stderr)]
    local name=$1 rc=$2 out=$3 err=${4:-}
    [ "$(cat "$name.rc")" = "$rc" ] || fail "$name: exit status $(cat "$name.rc"), expected $rc"
    if [ "$out" = EMPTY ]; then
        [ ! -s "$name.out" ] || fail "$name: stdout is not empty: $(head -c 300 "$name.out")"
    else
        grep -E -q -- "$out" "$name.out" || fail "$name: stdout lacks /$out/: $(head -c 300 "$name.out")"
    fi
    if [ -n "$err" ]; then
        grep -E -q -- "$err" "$name.err" || fail "$name: stderr lacks /$err/: $(head -c 300 "$name.err")"
    fi
}

export LC_ALL=C
run game-version "$WINE" "$DIR/tictactoe.exe" --version
expect game-version 0 "^tictactoe $VERSION \\(engine $VERSION\\)$"
run ttt-version "$WINE" "$DIR/ttt.exe" --version
expect ttt-version 0 "^ttt $VERSION \\(engine $VERSION\\)$"
run game-help "$WINE" "$DIR/tictactoe.exe" --help
expect game-help 0 "^Usage: .*tictactoe(\\.exe)? \\[options\\]"
grep -q -- "--settings" game-help.out || fail "game-help: no --settings in the help"
run ttt-help "$WINE" "$DIR/ttt.exe" --help
expect ttt-help 0 "^Usage: ttt COMMAND \\[OPTIONS\\]"
run game-bad "$WINE" "$DIR/tictactoe.exe" --bogus
expect game-bad 2 EMPTY "unknown option '--bogus'"

# German, from the folder's catalogues (the C locale would ignore LANGUAGE).
LC_ALL=C.UTF-8 LANGUAGE=de run game-help-de "$WINE" "$DIR/tictactoe.exe" --help
expect game-help-de 0 "^Aufruf: "
LC_ALL=C.UTF-8 LANGUAGE=de run ttt-help-de "$WINE" "$DIR/ttt.exe" --help
expect ttt-help-de 0 "^Aufruf: ttt BEFEHL"

# The same output as the Linux build, for the same arguments.
compare() { # compare NAME ARGS...
    local name=$1
    shift
    run "$name-linux" "$LINUX_TTT" "$@"
    run "$name-windows" "$WINE" "$DIR/ttt.exe" "$@"
    for part in out err rc; do
        if ! cmp -s "$name-linux.$part" "$name-windows.$part"; then
            fail "ttt $*: the Windows build's $part differs from the Linux build's:"
            diff "$name-linux.$part" "$name-windows.$part" | head -20 >&2
        fi
    done
    [ -s "$name-linux.out" ] || [ -s "$name-linux.err" ] || fail "ttt $*: no output at all"
}
compare analyze-empty analyze "... ... ..."
compare analyze-pos analyze "x.. .o. ..."
compare analyze-json analyze "x.. .o. ..." --json
compare analyze-4x4 analyze "x... .o.. .... ...." --k 3
compare analyze-4x4-json analyze "x... .o.. .... ...." --k 3 --turn x --json
compare analyze-bad analyze "x.. .o. ..x."
compare battle-3x3 battle --x perfect --o random --games 200 --seed 42
compare battle-4x4 battle --size 4 --k 3 --x hard --o medium --games 20 --seed 7
compare battle-alternate battle --x medium --o easy --games 50 --seed 3 --alternate
compare battle-bad battle --games 0

echo "programs: $fails failure(s)"
[ "$fails" -eq 0 ]

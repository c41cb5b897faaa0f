#!/usr/bin/env bash
# game_e2e.sh DIR WORK - tictactoe.exe under Wine with SDL's dummy video
# driver, end to end:
#   - computer against computer, 3 then 2 more games on one settings file:
#     the file counts 3, then 5 (written, read back and added to), and the
#     settings in it that no flag changed (theme, language, difficulty)
#     come back as they were written: the Windows path of the settings file
#     (LockFileEx, a flushed temporary file, MoveFileEx) is the one that ran;
#   - a settings path with letters no legacy code page has (UTF-8 as the
#     process's code page, from the manifest) is written where it says;
#   - with no --settings and no TICTACTOE_SETTINGS, the file is
#     %APPDATA%\ttt\tictactoe\settings.ini;
#   - --stats reports the game's frames and saves.
set -u
DIR=$1 WORK=$2
WINE=${TTT_WINE:-wine}
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK" || exit 2
fails=0
fail() {
    echo "FAIL: $*" >&2
    fails=$((fails + 1))
}
unset TICTACTOE_SETTINGS
count() { sed -n "s/^$2 = //p" "$1" | tr -d '\r'; }

printf '[settings]\ntheme = dark\nlanguage = fr\ndifficulty = hard\n' >s.ini
play() { # play GAMES SEED: computer against computer on s.ini
    "$WINE" "$DIR/tictactoe.exe" --settings s.ini --mode cvc --speed fast --quit-after-games "$1" \
        --seed "$2" --stats --width 300 --height 340 </dev/null >"play-$2.out" 2>"play-$2.err"
}
for round in "3 1 3" "2 2 5"; do
    set -- $round
    if ! play "$1" "$2"; then
        fail "the game exited with status $? (seed $2):"
        cat "play-$2.err" >&2
    fi
    total=$(($(count s.ini cvc_x_wins) + $(count s.ini cvc_o_wins) + $(count s.ini cvc_draws)))
    [ "$total" -eq "$3" ] || fail "after seed $2 the file counts $total games, expected $3"
    grep -q "^saves: [1-9]" "play-$2.out" || fail "--stats reports no save: $(cat "play-$2.out")"
    grep -q "^frames: [1-9]" "play-$2.out" || fail "--stats reports no frame"
done
for kv in "theme dark" "language fr" "difficulty hard"; do
    set -- $kv
    [ "$(count s.ini "$1")" = "$2" ] || fail "$1 is '$(count s.ini "$1")' after two runs, expected '$2'"
done
ls -a | grep -q '\.tmp' && fail "a temporary file was left: $(ls -a)"

# A folder whose name Windows' legacy code pages cannot spell: the
# manifest makes UTF-8 the process's code page (packaging/windows/
# ttt.manifest), so the argument reaches the file system whole.
odd="Spielstände-設定"
mkdir -p "$odd"
"$WINE" "$DIR/tictactoe.exe" --settings "$odd/s.ini" --mode cvc --speed fast --quit-after-games 1 \
    --seed 4 </dev/null >odd.out 2>odd.err || fail "the run with a UTF-8 path failed: $(cat odd.err)"
grep -q "^cvc_" "$odd/s.ini" 2>/dev/null || fail "no scores in $odd/s.ini: $(ls -R)"

# %APPDATA%: where the game keeps its file when not told otherwise.
appdata=$("$WINE" cmd /c echo %APPDATA% </dev/null 2>/dev/null | tr -d '\r')
appdata_unix=$(winepath -u "$appdata" 2>/dev/null)
if [ -z "$appdata_unix" ] || [ ! -d "$appdata_unix" ]; then
    fail "no %APPDATA% folder ('$appdata')"
else
    rm -rf "$appdata_unix/ttt"
    "$WINE" "$DIR/tictactoe.exe" --mode cvc --speed fast --quit-after-games 1 --seed 9 \
        </dev/null >appdata.out 2>appdata.err || fail "the run without --settings failed: $(cat appdata.err)"
    file="$appdata_unix/ttt/tictactoe/settings.ini"
    if [ -f "$file" ]; then
        echo "settings in %APPDATA%: $appdata\\ttt\\tictactoe\\settings.ini"
        grep -q "^cvc_" "$file" || fail "$file has no scores"
    else
        fail "no settings file in %APPDATA% ($appdata\\ttt\\tictactoe\\settings.ini)"
    fi
fi
echo "game_e2e: $fails failure(s)"
[ "$fails" -eq 0 ]

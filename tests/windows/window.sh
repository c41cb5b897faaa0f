#!/usr/bin/env bash
# window.sh DIR WORK - tictactoe.exe under Wine in a real window: a virtual
# display (Xvfb, 2560x1600) with a window manager (openbox), once at 96 DPI
# and once at 192 DPI (Windows' 200 % scaling, the LogPixels setting). Each
# time a click on the board's middle square places X and the computer
# answers; then a screenshot of the window with its frame
# (WORK/window-96dpi.png, WORK/window-192dpi.png, kept), and Alt+F4 closes
# it. Checks:
#   - the window's title is "Tic-tac-toe";
#   - the screenshot is drawn (thousands of colours: anti-aliased text and
#     shapes; a blank or failed window has a handful);
#   - at 192 DPI the window is twice as large in pixels (within 10 %): the
#     game draws at the display's resolution, not a 96-DPI bitmap;
#   - the game closes cleanly and its settings file remembers the window.
# Whether the fonts look right is for a person to see in the screenshots
# (docs/screenshots/windows-wine.png is one of them).
set -u
DIR=$1 WORK=$2
WINE=${TTT_WINE:-wine}
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK" || exit 2
for tool in Xvfb openbox xdotool import convert; do
    command -v "$tool" >/dev/null || { echo "window.sh: $tool is missing (scripts/deps.sh test)" >&2; exit 1; }
done
fails=0
fail() {
    echo "FAIL: $*" >&2
    fails=$((fails + 1))
}
pids=()
cleanup() {
    local p
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    wait 2>/dev/null
}
trap cleanup EXIT

# A free display number from Xvfb itself (-displayfd), so runs side by side
# do not collide.
Xvfb -displayfd 3 -screen 0 2560x1600x24 -nolisten tcp >xvfb.log 2>&1 3>display.txt &
pids+=($!)
display=""
for _ in $(seq 1 100); do
    display=$(tr -d '\n' <display.txt)
    [ -n "$display" ] && break
    sleep 0.1
done
[ -n "$display" ] || { echo "window.sh: Xvfb did not start: $(cat xvfb.log)" >&2; exit 1; }
export DISPLAY=":$display"
openbox >openbox.log 2>&1 &
pids+=($!)
sleep 1
# Wine's desktop process keeps the screen it was started on: a prefix
# whose wineserver began without a display (the other tests) believes in a
# 1024x768 screen. A new wineserver starts it again on this display. The
# test runs alone (RUN_SERIAL), so no other test's Wine process is ended.
wineserver -k 2>/dev/null
wineserver -w 2>/dev/null

declare -A width
for dpi in 96 192; do
    "$WINE" reg add 'HKCU\Control Panel\Desktop' /v LogPixels /t REG_DWORD /d "$dpi" /f \
        >/dev/null 2>&1 || fail "cannot set LogPixels to $dpi"
    # 600 x 680 points fit the screen at both scales (the game shrinks a
    # window that would not), so the two sizes compare.
    "$WINE" "$DIR/tictactoe.exe" --settings "settings-$dpi.ini" --width 600 --height 680 </dev/null >"game-$dpi.out" 2>"game-$dpi.err" &
    game=$!
    # Polled rather than --sync: a window closing meanwhile (the previous
    # run's) makes xdotool give up with an X error.
    win=""
    for _ in $(seq 1 240); do
        win=$(xdotool search --onlyvisible --name '^Tic-tac-toe$' 2>/dev/null | head -n1)
        [ -n "$win" ] && break
        sleep 0.25
    done
    if [ -z "$win" ]; then
        fail "no window titled 'Tic-tac-toe' at $dpi DPI within 60 s"
        kill "$game" 2>/dev/null
        continue
    fi
    sleep 2
    title=$(xdotool getwindowname "$win")
    [ "$title" = "Tic-tac-toe" ] || fail "the window's title is '$title'"
    eval "$(xdotool getwindowgeometry --shell "$win")" # WIDTH HEIGHT X Y
    width[$dpi]=$WIDTH
    echo "$dpi DPI: window $WIDTH x $HEIGHT at $X,$Y"
    # The middle square of the 3x3 board, a little below the window's middle.
    xdotool mousemove --window "$win" $((WIDTH / 2)) $((HEIGHT * 52 / 100)) click 1
    sleep 3
    # The window with openbox's frame (about 30 px of title bar above it).
    frame=$((WIDTH / 24 + 12))
    import -window root "root-$dpi.png"
    convert "root-$dpi.png" -crop "$((WIDTH + 4))x$((HEIGHT + frame + 4))+$((X - 2))+$((Y - frame - 2))" \
        +repage "window-${dpi}dpi.png"
    rm -f "root-$dpi.png"
    colours=$(convert "window-${dpi}dpi.png" -format %k info:)
    echo "$dpi DPI: window-${dpi}dpi.png has $colours colours"
    [ "$colours" -ge 1000 ] || fail "the $dpi-DPI screenshot has only $colours colours: not drawn?"
    xdotool windowactivate --sync "$win" key --clearmodifiers alt+F4 2>/dev/null
    for _ in $(seq 1 200); do kill -0 "$game" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$game" 2>/dev/null; then
        fail "the game did not close on Alt+F4 at $dpi DPI"
        kill "$game" 2>/dev/null
    elif ! wait "$game"; then
        fail "the game exited with an error at $dpi DPI: $(cat "game-$dpi.err")"
    fi
    grep -q "^width = " "settings-$dpi.ini" 2>/dev/null ||
        fail "settings-$dpi.ini does not remember the window (not saved at exit?)"
done
"$WINE" reg add 'HKCU\Control Panel\Desktop' /v LogPixels /t REG_DWORD /d 96 /f >/dev/null 2>&1

if [ -n "${width[96]:-}" ] && [ -n "${width[192]:-}" ]; then
    ratio=$((width[192] * 100 / width[96]))
    echo "192 DPI / 96 DPI window width: $ratio %"
    [ "$ratio" -ge 180 ] && [ "$ratio" -le 220 ] ||
        fail "at 192 DPI the window is $ratio % of its 96-DPI width, expected about 200 %"
fi
echo "window: $fails failure(s); screenshots in $WORK"
[ "$fails" -eq 0 ]

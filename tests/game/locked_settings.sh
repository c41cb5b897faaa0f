#!/usr/bin/env bash
# locked_settings.sh TICTACTOE HOLD_LOCK WORK_DIR [SCALE] - a save never
# delays a frame (issue 18). Another process holds the settings file's lock
# (an fcntl lock on s.ini.lock, as a second window saving would) for the
# first HOLD_S seconds while the game watches three computer-vs-computer
# games and quits:
#   - loop_max_ms (--stats: the longest pass of the main loop, its waits for
#     events and vsync left out) stays within the frame budget, times SCALE (the
#     sanitizer builds' slowness, TTT_TEST_TIMEOUT_SCALE);
#   - a save did wait for the lock (save_max_ms), so the lock was in the way;
#   - every game reached the file once the lock was free (quitting waits for
#     the last save), and no temporary file was left.
# Before the saver thread, loop_max_ms was 5069 here: the window stopped for
# the lock's 5 s wait at the end of the first game.
#
# A pass the scheduler interrupts on a busy machine can take longer than a
# frame without the game being at fault (a frame of 29 ms was seen on the
# shared 2-core machine with no lock at all, and passes of 34 to 77 ms while
# the test command ran four tests at once at nice 10 beside other builds),
# so ctest runs this test alone (RUN_SERIAL), the window is the smallest
# the game allows (less to draw per pass), and the run is tried up to
# ATTEMPTS times: it passes if one run keeps within the budget, and every
# run must count every game. A real stall (the 5 s lock wait) fails every
# run.
set -u
GAME=$(realpath "$1")
HOLD=$(realpath "$2")
WORK=$3
SCALE=${4:-1}
HOLD_S=10
GAMES=3
ATTEMPTS=5
# The smallest window (LAYOUT_MIN_WIDTH x LAYOUT_MIN_HEIGHT).
WIDTH=520
HEIGHT=600
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK" || exit 2

# One run: the lock held, the game run, the file checked. Prints a line of
# figures; returns 0 when everything held, 1 when only the frame budget
# was missed, 2 for anything else.
run_once() {
    local n=$1
    rm -f s.ini s.ini.lock ready
    "$HOLD" s.ini.lock "$HOLD_S" ready &
    local holder=$!
    local waited=0
    while [ ! -e ready ] && [ "$waited" -lt 100 ]; do
        sleep 0.05
        waited=$((waited + 1))
    done
    if [ ! -e ready ]; then
        echo "run $n: the lock was never taken" >&2
        kill "$holder" 2>/dev/null
        return 2
    fi
    "$GAME" --settings s.ini --mode cvc --speed fast --quit-after-games "$GAMES" --stats \
        --seed "$n" --width "$WIDTH" --height "$HEIGHT" >"out$n.txt" 2>"err$n.txt"
    local status=$?
    wait "$holder"
    if [ "$status" -ne 0 ]; then
        echo "run $n: the game failed with status $status:" >&2
        cat "err$n.txt" >&2
        return 2
    fi
    stat() { sed -n "s/^$1: //p" "out$n.txt"; }
    count() { sed -n "s/^$1 = //p" s.ini; }
    local loop_max budget save_max total
    loop_max=$(stat loop_max_ms)
    budget=$(stat frame_budget_ms)
    save_max=$(stat save_max_ms)
    total=$(($(count cvc_x_wins) + $(count cvc_o_wins) + $(count cvc_draws)))
    echo "run $n: loop_max_ms $loop_max (budget $budget ms x $SCALE), save_max_ms $save_max," \
        "saves $(stat saves), games counted in the file: $total of $GAMES"
    if [ "$total" -ne "$GAMES" ]; then
        echo "run $n: games were lost" >&2
        return 2
    fi
    if ls -a | grep -q '\.tmp'; then
        echo "run $n: a temporary file was left" >&2
        return 2
    fi
    if ! awk -v s="$save_max" 'BEGIN { exit !(s >= 1000) }'; then
        echo "run $n: no save waited for the lock: the test did not test anything" >&2
        return 2
    fi
    if ! awk -v l="$loop_max" -v b="$budget" -v k="$SCALE" 'BEGIN { exit !(l <= b * k) }'; then
        echo "run $n: a pass of the main loop took $loop_max ms, more than the frame budget" >&2
        return 1
    fi
    return 0
}

for n in $(seq 1 $ATTEMPTS); do
    run_once "$n"
    case $? in
    0) exit 0 ;;
    1) ;;
    *) exit 1 ;;
    esac
done
echo "every run missed the frame budget" >&2
exit 1

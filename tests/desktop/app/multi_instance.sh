#!/usr/bin/env bash
# multi_instance.sh TICTACTOE WORK_DIR - three windows of the game on one
# settings file (issue 13): each watches 20 computer-vs-computer games and
# saves after each, as the game does, while a reader reads the file in a
# loop. The file must then count exactly the 60 games played, and the
# reader must never have found it missing, empty or without its [scores]
# section. Deterministic: the saves are ordered by the lock and each
# version appears whole by rename, whatever the timing.
set -u
GAME=$(realpath "$1")
WORK=$2
# Fewer under Wine (tests/windows), where each start costs more.
INSTANCES=${TTT_INSTANCES:-3}
GAMES=${TTT_GAMES:-20}
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK" || exit 2
printf '[scores]\nx_wins = 0\no_wins = 0\ndraws = 0\n' >s.ini

# The reader: until told to stop, every read sees a whole file. It waits
# between reads with read -t on a FIFO nobody writes: no process per wait.
mkfifo tick
(
    exec 3<>tick
    reads=0
    while [ ! -e stop ]; do
        # Bash's own read: no process per read.
        text=""
        if ! { IFS= read -r -d '' text <s.ini; } 2>/dev/null && [ -z "$text" ]; then
            echo "missing or empty after $reads reads" >reader.fail
            exit 1
        fi
        case $text in
        *"[scores]"*"draws"*) ;;
        *) printf 'incomplete after %d reads:\n%s\n' "$reads" "$text" >reader.fail; exit 1 ;;
        esac
        reads=$((reads + 1))
        read -r -t 0.02 -u 3 || true
    done
    echo "$reads" >reader.count
) &
reader=$!

pids=()
for i in $(seq 1 $INSTANCES); do
    # A small window and a 40 ms frame budget: drawing is most of the
    # game's CPU time (the software renderer, several times slower under
    # ASan), and the games' pace does not depend on it.
    "$GAME" --settings s.ini --mode cvc --speed fast --quit-after-games $GAMES --seed "$i" \
        --frame-budget-ms 40 --width 240 --height 280 >"out$i.txt" 2>"err$i.txt" &
    pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
        echo "instance $((i + 1)) failed:" >&2
        cat "err$((i + 1)).txt" >&2
        status=1
    fi
done
touch stop
wait "$reader"
if [ -e reader.fail ]; then
    echo "the reader saw a broken file: $(cat reader.fail)" >&2
    status=1
fi
for i in $(seq 1 $INSTANCES); do
    if grep -q "not saved" "err$i.txt"; then
        echo "instance $i could not save:" >&2
        cat "err$i.txt" >&2
        status=1
    fi
done
# Watching counts into the computer-vs-computer scores.
count() { sed -n "s/^$1 = //p" s.ini; }
total=$(($(count cvc_x_wins) + $(count cvc_o_wins) + $(count cvc_draws)))
echo "games played: $((INSTANCES * GAMES)), counted in the file: $total" \
    "(cvc_x_wins $(count cvc_x_wins), cvc_o_wins $(count cvc_o_wins), cvc_draws $(count cvc_draws));" \
    "the reader read the file $(cat reader.count 2>/dev/null || echo '?') times"
if [ "$total" -ne $((INSTANCES * GAMES)) ]; then
    echo "scores were lost" >&2
    status=1
fi
ls -a | grep -q '\.tmp' && { echo "a temporary file was left" >&2; status=1; }
exit $status

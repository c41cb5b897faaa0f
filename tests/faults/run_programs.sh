#!/usr/bin/env bash
# run_programs.sh TTT_FAULTY TICTACTOE_FAULTY WORK_DIR - the programs under
# allocation failure: for each scenario, one run with no fault counts the
# allocations the project's code makes (TTT_FAULT_REPORT), then one run per
# N fails the Nth (TTT_FAULT_ALLOC=N) until a run no longer reaches N.
# Every run must end with status 0 or 1 (1 with a message on stderr), never
# 2 ("bad arguments") nor a signal, with no sanitizer report, and must leave
# the settings file byte for byte as it was (the runs never change a setting
# or a score, so a save writes the same text, and a load that failed must
# not save). Prints how many values of N each scenario reached.
set -u
TTT=$(realpath "$1")
GAME=$(realpath "$2")
WORK=$3
rm -rf "$WORK"
mkdir -p "$WORK"
cd "$WORK" || exit 2
PROBLEMS=0
TOTAL=0

# A settings file with keys from a newer version that must survive.
cat >settings.ini <<'INI'
; Tic-tac-toe settings and scores. Written by the game; edits are kept
; while it is closed. A bad value falls back to its default.

[settings]
mode = two-players
difficulty = hard
mistake_probability = 0.100
side = o
first = x
speed = fast
overlay = off
size = 4
k = 3
think_delay_ms = 0
theme = dark

[scores]
x_wins = 3
o_wins = 2
you_wins = 5
computer_wins = 7
draws = 11
hvc_wins=4

[future]
sound=loud
INI
# Saved by the game itself with no fault, so the text is in the form the
# game writes (the runs below then save the same bytes); the keys it does
# not know must have survived. Run as the runs below start it, and twice:
# whether the window's place is written at exit depends on how far the
# start got (after one frame it was there in 2 runs of 10, so a baseline
# saved after one frame made the runs below differ from it on a busy or
# an idle machine alike); once the file has it, every run writes the same
# bytes.
for run in 1 2; do
    env SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}" "$GAME" --settings settings.ini \
        --quit-after-frames 3 >/dev/null 2>&1 ||
        { echo "fault_programs: the game failed with no fault (run $run)" >&2; exit 1; }
done
grep -q '^\[window\]$' settings.ini ||
    { echo "fault_programs: the game did not keep its window's place" >&2; exit 1; }
grep -q '^hvc_wins=4$' settings.ini && grep -q '^sound=loud$' settings.ini ||
    { echo "fault_programs: unknown keys were lost" >&2; exit 1; }
cp settings.ini settings.orig

# scenario NAME INPUT_FILE PROGRAM ARGS...: the allocation loop for one command.
scenario() {
    local name=$1 input=$2
    shift 2
    local n=0 reached=0 status
    while :; do
        cp settings.orig settings.ini
        rm -f report
        if [ "$n" -eq 0 ]; then
            env TTT_FAULT_REPORT=report "$@" <"$input" >out.txt 2>err.txt
        else
            env TTT_FAULT_ALLOC=$n TTT_FAULT_REPORT=report "$@" <"$input" >out.txt 2>err.txt
        fi
        status=$?
        local fired=0
        [ -f report ] && fired=$(sed -n 's/^fired //p' report)
        local bad=""
        if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
            bad="exit status $status"
        elif [ "$status" -eq 1 ] && [ ! -s err.txt ]; then
            bad="status 1 without a message"
        elif grep -q -E "Sanitizer|runtime error" err.txt; then
            bad="a sanitizer report"
        elif ! cmp -s settings.ini settings.orig; then
            bad="the settings file changed"
        elif [ "$n" -eq 0 ] && [ "$status" -ne 0 ]; then
            bad="failed with no fault"
        fi
        if [ -n "$bad" ]; then
            echo "fault_programs: $name, allocation $n failed: $bad" >&2
            sed 's/^/    /' err.txt | head -20 >&2
            diff settings.orig settings.ini | head -10 >&2
            PROBLEMS=$((PROBLEMS + 1))
            cp err.txt "fail-$name-$n.err"
        fi
        if [ "$n" -gt 0 ] && [ "${fired:-0}" != 1 ]; then break; fi
        [ "$n" -gt 0 ] && reached=$((reached + 1))
        n=$((n + 1))
    done
    printf '%-40s %4d allocation failures\n' "$name" "$reached"
    TOTAL=$((TOTAL + reached))
}

printf '2 2\n1 1\n3 3\nq\n' >moves.txt
: >empty.txt
scenario "ttt analyze (4x4)" empty.txt "$TTT" analyze "x... .o.. .... ...." --size 4 --time 50
scenario "ttt analyze --json (3x3)" empty.txt "$TTT" analyze "x.. .o. ..." --json
scenario "ttt play (3x3, vs computer)" moves.txt "$TTT" play --seed 3 --difficulty hard
scenario "ttt play --verbose (3x3)" moves.txt "$TTT" play --seed 3 --verbose
scenario "ttt battle (4x4, 3 games)" empty.txt "$TTT" battle --size 4 --games 3 --seed 5 --time 20
scenario "tictactoe start-up (settings file)" empty.txt "$GAME" --settings settings.ini \
    --quit-after-frames 3

echo "fault_programs: $TOTAL runs with a failed allocation, $PROBLEMS problems"
[ "$PROBLEMS" -eq 0 ]

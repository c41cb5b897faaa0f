#!/usr/bin/env bash
# valgrind.sh - runs the engine, AI and terminal-program tests of a built
# tree under Valgrind's memcheck; any error or definitely/indirectly lost
# block fails. Called by test.sh on build-test/; usable on its own:
#
#   bash scripts/valgrind.sh build-test
#
# What it runs, as one pool of jobs on every core, longest first:
#  1. The test executables (the list below), each under Valgrind directly.
#  2. bench/ttt_soak: a few hundred games, every board size and pairing.
#  3. The terminal program's script tests (tests/cli/*.cmake), with `ttt`
#     and the getting-started example replaced by wrappers that run them
#     under Valgrind, its reports going to log files so the scripts' checks
#     of stderr still hold.
# Left out, because the ASan+UBSan run covers them and Valgrind adds hours,
# not findings: ai_api (on the step clock its searches do the same work on
# every machine: 30 s natively, over 10 minutes under Valgrind; engine_api,
# engine_proof and the soak run cover the same engine code here),
# ai_exhaustive (about 5 minutes under Valgrind),
# portable_oracle and portable_ai (the Windows copies of engine_oracle and
# ai_api, 90 s and more under Valgrind), cli_usage_errors and
# cli_help_version (dozens of runs that stop at the option parser, which
# fuzzing covers too: 2 minutes under Valgrind), engine_threads
# (ThreadSanitizer runs it), soak_smoke's 3,000 games (360 here), the game's
# tests (SDL's drivers hold memory Valgrind reports).
#
# No fixed time limit: each job may take its ctest TIMEOUT times
# TTT_VALGRIND_TIMEOUT_SCALE (default 30; memcheck runs code 20 to 50 times
# slower, more on a loaded machine), and a job past it is reported as timed
# out rather than left to hang.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(cd "${1:?usage: valgrind.sh BUILD_DIR}" && pwd)
JOBS=$(nproc 2>/dev/null || echo 2)
SCALE=${TTT_VALGRIND_TIMEOUT_SCALE:-30}
VALGRIND=$(command -v valgrind) || { echo "valgrind.sh: valgrind not found" >&2; exit 1; }
readonly ERROR_EXIT=99
OPTS=(--error-exitcode=$ERROR_EXIT --leak-check=full --errors-for-leak-kinds=definite,indirect
    --show-leak-kinds=definite,indirect --track-origins=yes)
# The script tests compare English text.
export LC_ALL=C
unset LANGUAGE

# The executables, longest first.
readonly TESTS=(engine_oracle engine_rules engine_victory_sets engine_game_text engine_api
    engine_api_memory engine_proof ai_arguments cli_unit portable_rules portable_readme_example)
# ctest's TIMEOUT for the script tests and the soak run (tests/cli, bench).
readonly SCRIPT_TIMEOUT_S=120
readonly SOAK_TIMEOUT_S=300

work="$BUILD/valgrind"
rm -rf "$work"
mkdir -p "$work/bin" "$work/logs" "$work/out" "$work/cli"

# ---------------------------------------------------------------------------
# The job pool: each job is a name, a time limit in seconds and a command;
# its output goes to out/NAME.out and its exit status to out/NAME.status.
# ---------------------------------------------------------------------------
JOB_NAMES=()

# start_job NAME LIMIT_S COMMAND...: runs it in the background once fewer
# than JOBS jobs are running.
start_job() {
    local name=$1 limit=$2
    shift 2
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do
        wait -n || true
    done
    echo "valgrind: $name"
    (
        set +e
        start=$SECONDS
        timeout --kill-after=30 "$limit" "$@" </dev/null >"$work/out/$name.out" 2>&1
        echo "$? $((SECONDS - start))" >"$work/out/$name.status"
    ) &
    JOB_NAMES+=("$name:$limit")
}

# 1. The executables, with their ctest time limits.
regex="^($(IFS='|'; echo "${TESTS[*]}"))\$"
cmake -DBUILD_DIR="$BUILD" -DREGEX="$regex" -DOUTPUT="$work/tests.txt" \
    -P "$ROOT/scripts/ctest_tests.cmake"
declare -A program timeout_s
while IFS=$'\t' read -r name limit path; do
    program[$name]=$path
    timeout_s[$name]=$limit
done <"$work/tests.txt"
for name in "${TESTS[@]}"; do
    if [ -z "${program[$name]:-}" ]; then
        echo "valgrind.sh: test $name is not in $BUILD" >&2
        exit 1
    fi
    start_job "$name" $((timeout_s[$name] * SCALE)) \
        "$VALGRIND" -q "${OPTS[@]}" --log-file="$work/logs/$name.%p.log" "${program[$name]}"
done

# 2. ttt_soak: a few hundred games, every board size and pairing.
soak="$BUILD/bench/ttt_soak"
if [ -x "$soak" ]; then
    start_job ttt_soak $((SOAK_TIMEOUT_S * SCALE)) \
        "$VALGRIND" -q "${OPTS[@]}" --log-file="$work/logs/ttt_soak.%p.log" "$soak" --games 360 --quiet
fi

# 3. The terminal program's script tests, if it was built.
ttt="$BUILD/game/cli/ttt"
gs="$BUILD/engine/getting_started"
if [ -x "$ttt" ] && [ -x "$gs" ]; then
    for prog in "$ttt" "$gs"; do
        name=$(basename "$prog")
        # %p in the log name: one file per process, checked below.
        cat >"$work/bin/$name" <<WRAP
#!/bin/sh
exec "$VALGRIND" -q ${OPTS[*]} --log-file="$work/logs/$name.%p.log" "$prog" "\$@"
WRAP
        chmod +x "$work/bin/$name"
    done
    # cli_docs_examples runs the most programs: first.
    scripts=$(ctest --test-dir "$BUILD" -N -R '^cli_' -E '^(cli_unit|cli_usage_errors|cli_help_version)$' |
        sed -n 's/^ *Test *#[0-9]*: //p' | awk '{ print ($1 == "cli_docs_examples" ? 0 : 1), $1 }' |
        sort | cut -d' ' -f2)
    for name in $scripts; do
        [ -f "$ROOT/tests/cli/$name.cmake" ] || continue
        mkdir -p "$work/cli/$name"
        start_job "$name" $((SCRIPT_TIMEOUT_S * SCALE)) \
            cmake -DTTT="$work/bin/ttt" -DGETTING_STARTED="$work/bin/getting_started" \
            -DWORK_DIR="$work/cli/$name" -P "$ROOT/tests/cli/$name.cmake"
    done
else
    echo "valgrind: ttt not built, its script tests skipped"
fi
wait

# ---------------------------------------------------------------------------
# The verdict: every job exited with 0, and no run left a report.
# ---------------------------------------------------------------------------
failed=0
for entry in "${JOB_NAMES[@]}"; do
    name=${entry%:*} limit=${entry##*:}
    read -r status seconds <"$work/out/$name.status" 2>/dev/null || status="?" seconds="?"
    case $status in
    0) echo "valgrind: $name ok (${seconds}s)" ;;
    124 | 137)
        echo "valgrind: $name timed out after ${limit}s ($SCALE times its ctest TIMEOUT):" >&2
        cat "$work/out/$name.out" >&2
        failed=1
        ;;
    *)
        echo "valgrind: $name FAILED (exit status $status):" >&2
        cat "$work/out/$name.out" >&2
        failed=1
        ;;
    esac
done
for log in "$work"/logs/*.log; do
    [ -s "$log" ] || continue
    echo "valgrind: report in $log:" >&2
    cat "$log" >&2
    failed=1
done
[ "$failed" -eq 0 ] &&
    echo "valgrind: clean (${#JOB_NAMES[@]} jobs, $(ls "$work"/logs | wc -l) processes under memcheck)"
exit "$failed"

#!/usr/bin/env bash
# valgrind.sh - runs the engine, AI and terminal-program tests of a built
# tree under Valgrind's memcheck; any error or definitely/indirectly lost
# block fails. Called by test.sh on build-test/; usable on its own:
#
#   bash scripts/valgrind.sh build-test
#
#  1. The test executables through `ctest -T memcheck` (an explicit list:
#     tests that are CMake scripts would put CMake itself under Valgrind).
#     Left out: ai_exhaustive (about 5 minutes under Valgrind; ASan runs it),
#     engine_threads (timing limits; ThreadSanitizer runs it), soak_smoke
#     (bench/ttt_soak runs instead with fewer games), the game's tests (SDL's
#     drivers hold memory Valgrind reports; ASan runs them).
#  2. The terminal program's script tests (tests/cli/*.cmake), with `ttt`
#     and the getting-started example replaced by wrappers that run them
#     under Valgrind, its reports going to log files so the scripts' checks
#     of stderr still hold.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(cd "${1:?usage: valgrind.sh BUILD_DIR}" && pwd)
JOBS=$(nproc 2>/dev/null || echo 2)
VALGRIND=$(command -v valgrind) || { echo "valgrind.sh: valgrind not found" >&2; exit 1; }
readonly ERROR_EXIT=99
OPTS=(--error-exitcode=$ERROR_EXIT --leak-check=full --errors-for-leak-kinds=definite,indirect
    --show-leak-kinds=definite,indirect --track-origins=yes)

# 1. The executables.
readonly TESTS='^(engine_rules|engine_oracle|engine_api|portable_rules|portable_oracle|portable_ai|portable_readme_example|ai_api|cli_unit)$'
ctest --test-dir "$BUILD" -T memcheck -j"$JOBS" --output-on-failure --no-tests=error \
    --overwrite "MemoryCheckCommand=$VALGRIND" \
    --overwrite "MemoryCheckCommandOptions=${OPTS[*]}" \
    -R "$TESTS" </dev/null

# ttt_soak: a few hundred games, every board size and pairing.
soak="$BUILD/bench/ttt_soak"
if [ -x "$soak" ]; then
    echo "valgrind: ttt_soak --games 360"
    "$VALGRIND" -q "${OPTS[@]}" "$soak" --games 360 --quiet
fi

# 2. The terminal program's scripted tests, if it was built.
ttt="$BUILD/game/cli/ttt"
gs="$BUILD/engine/getting_started"
if [ ! -x "$ttt" ] || [ ! -x "$gs" ]; then
    echo "valgrind: ttt not built, its script tests skipped"
    exit 0
fi
work="$BUILD/valgrind"
rm -rf "$work"
mkdir -p "$work/bin" "$work/logs" "$work/cli"
for prog in "$ttt" "$gs"; do
    name=$(basename "$prog")
    # %p in the log name: one file per process, checked below.
    cat >"$work/bin/$name" <<WRAP
#!/bin/sh
exec "$VALGRIND" -q ${OPTS[*]} --log-file="$work/logs/$name.%p.log" "$prog" "\$@"
WRAP
    chmod +x "$work/bin/$name"
done
scripts=$(ctest --test-dir "$BUILD" -N -R '^cli_' -E '^cli_unit$' | sed -n 's/^ *Test *#[0-9]*: //p')
failed=0
for name in $scripts; do
    echo "valgrind: $name"
    if ! cmake -DTTT="$work/bin/ttt" -DGETTING_STARTED="$work/bin/getting_started" \
        -DWORK_DIR="$work/cli" -P "$ROOT/tests/cli/$name.cmake" </dev/null >"$work/$name.out" 2>&1; then
        echo "valgrind: $name FAILED:" >&2
        cat "$work/$name.out" >&2
        failed=1
    fi
done
# A run that reported anything left a non-empty log.
for log in "$work"/logs/*.log; do
    [ -s "$log" ] || continue
    echo "valgrind: report in $log:" >&2
    cat "$log" >&2
    failed=1
done
[ "$failed" -eq 0 ] && echo "valgrind: clean ($(ls "$work"/logs | wc -l) runs of ttt and getting_started)"
exit "$failed"

#!/usr/bin/env bash
# fuzz.sh - exploratory fuzzing: each libFuzzer target (or those named) for
# SECONDS, from a random seed, starting from its committed corpus and from
# what earlier runs of this script found. The test command's fuzz step is
# the reproducible one (fixed seeds and runs, tests/fuzz/CMakeLists.txt);
# this one goes where that one does not, and what it finds is a bug to fix.
#
# Usage: bash scripts/fuzz.sh [SECONDS] [TARGET...]
#   SECONDS  per target (default 600); the targets run one after the other
#   TARGET   fuzz_parse fuzz_api fuzz_record fuzz_proto fuzz_settings fuzz_cli_input
#            fuzz_args (default: all)
# Builds build-fuzz/ (clang, -DTTT_FUZZ=ON) if needed. Writes, under
# build-fuzz/explore/:
#   corpus/<target>/   the inputs found so far (kept between runs)
#   findings/          each failing input, <target>-crash-<hash> (or leak-,
#                      timeout-, oom-), with the seed that found it in
#                      findings/<target>.log
# and exits with 1 when anything was found. Then, for each finding:
#   1. replay it: build-fuzz/tests/fuzz/<target> build-fuzz/explore/findings/<file>
#   2. fix the bug, add a unit test that fails without the fix;
#   3. copy the input into the committed corpus under a name that says what
#      it is, so the test command's fuzz step replays it from then on:
#        cp build-fuzz/explore/findings/<file> tests/fuzz/corpus/<target>/<what>.<ext>
#      and commit the three together.
# Inputs that reach new code without failing can be merged into the
# committed corpus, kept small:
#   build-fuzz/tests/fuzz/<target> -merge=1 tests/fuzz/corpus/<target> build-fuzz/explore/corpus/<target>
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
SECONDS_EACH=${1:-600}
case "$SECONDS_EACH" in
    '' | *[!0-9]*)
        echo "fuzz.sh: SECONDS must be a whole number, not '$SECONDS_EACH'" >&2
        exit 2
        ;;
esac
shift $(($# > 0 ? 1 : 0))
ALL=(fuzz_parse fuzz_api fuzz_record fuzz_proto fuzz_settings fuzz_cli_input fuzz_args)
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=("${ALL[@]}")

BUILD="$ROOT/build-fuzz"
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
    cmake -S "$ROOT" -B "$BUILD" -DCMAKE_C_COMPILER=clang -DTTT_FUZZ=ON -DTTT_WERROR=ON \
        -DTTT_BUILD_TESTS=OFF -DTTT_BUILD_CLI=ON -DTTT_BUILD_BENCH=OFF -DTTT_BUILD_DOCS=OFF \
        -DTTT_INSTALL=OFF
fi
cmake --build "$BUILD" -j"$(nproc 2>/dev/null || echo 2)" --target fuzzers

OUT="$BUILD/explore"
mkdir -p "$OUT/findings"
found=0
for t in "${TARGETS[@]}"; do
    exe="$BUILD/tests/fuzz/$t"
    if [ ! -x "$exe" ]; then
        echo "fuzz.sh: no target $t in $BUILD (known: ${ALL[*]})" >&2
        exit 2
    fi
    mkdir -p "$OUT/corpus/$t"
    opts=()
    [ -f "tests/fuzz/corpus/$t.dict" ] && opts+=("-dict=tests/fuzz/corpus/$t.dict")
    case "$t" in fuzz_cli_input | fuzz_args) opts+=(-close_fd_mask=2) ;; esac
    # A random seed, written down so that a finding can be traced to its run.
    seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
    echo "== $t: ${SECONDS_EACH}s from seed $seed"
    before=$(find "$OUT/findings" -maxdepth 1 -name "$t-*" | wc -l)
    status=0
    "$exe" -seed="$seed" -max_total_time="$SECONDS_EACH" -timeout=10 -max_len=1024 \
        -rss_limit_mb=2048 -print_final_stats=1 "${opts[@]}" \
        -artifact_prefix="$OUT/findings/$t-" "$OUT/corpus/$t" "tests/fuzz/corpus/$t" \
        2>&1 | tail -n 20 || status=$?
    after=$(find "$OUT/findings" -maxdepth 1 -name "$t-*" | wc -l)
    if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
        found=1
        echo "seed $seed, $(date -u +%FT%TZ): $((after - before)) new finding(s)" >>"$OUT/findings/$t.log"
        echo "== $t: FOUND something (seed $seed): see $OUT/findings/"
    fi
done
if [ "$found" -ne 0 ]; then
    echo "Findings in $OUT/findings/: replay, fix, add a unit test and the input to"
    echo "tests/fuzz/corpus/<target>/ (see the top of scripts/fuzz.sh and docs/hacking.md)."
    exit 1
fi
echo "Nothing found. New inputs: $OUT/corpus/ (merge into tests/fuzz/corpus with -merge=1)."

#!/usr/bin/env bash
# test.sh - the README's test command, and what CI runs (.ci/run): install
# what is missing, then
#   1. build everything with warnings as errors in build-test/ and run ctest,
#   2. build again with AddressSanitizer + UndefinedBehaviorSanitizer in
#      build-asan/ and run ctest, failing on any sanitizer report,
#   3. build the documentation (Doxygen, warnings as errors).
# Stops at the first failure and prints a summary either way. Needs no
# display and no input: every test runs with stdin from /dev/null, and the
# caller's environment (SDL_VIDEODRIVER, CI, ...) is passed through.
#
# Usage: bash scripts/test.sh      (extra CMake options: TTT_CMAKE_ARGS="-D...")
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
JOBS=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
# Extra configure options from the caller, split on spaces on purpose.
read -r -a EXTRA_CMAKE_ARGS <<<"${TTT_CMAKE_ARGS:-}"

# Sanitizer reports must fail the run: stop at the first error, look for
# leaks, print a stack for undefined behaviour. The caller's own options are
# kept in front; ours come last and so win.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}halt_on_error=1:abort_on_error=0:detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}halt_on_error=1:print_stacktrace=1"
# Leaks in system libraries (for example a video driver's) can be listed in
# tests/lsan.supp, one "leak:<library or function>" per line.
if [ -f "$ROOT/tests/lsan.supp" ]; then
    export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}suppressions=$ROOT/tests/lsan.supp:print_suppressions=0"
fi

# ---------------------------------------------------------------------------
# Steps and the summary
# ---------------------------------------------------------------------------
SUMMARY=()
CURRENT=""
START_ALL=$SECONDS

# run_step NAME COMMAND...: runs one step, timing it; on failure the EXIT
# trap names the step.
run_step() {
    CURRENT=$1
    shift
    local start=$SECONDS
    printf '\n==> %s\n    %s\n' "$CURRENT" "$*"
    "$@"
    SUMMARY+=("ok    $(printf '%4ds' $((SECONDS - start)))  $CURRENT")
    CURRENT=""
}

# ctest_counts DIR: "N tests" from ctest's own listing, for the summary.
ctest_counts() {
    local n
    n=$(ctest --test-dir "$1" -N 2>/dev/null | sed -n 's/^Total Tests: //p')
    echo "${n:-?} tests"
}

print_summary() {
    local status=$?
    echo
    echo "================================ summary ================================"
    local line
    for line in "${SUMMARY[@]}"; do echo "  $line"; done
    if [ -n "$CURRENT" ]; then
        echo "  FAIL         $CURRENT"
        echo "-------------------------------------------------------------------------"
        echo "  FAILED after $((SECONDS - START_ALL))s at: $CURRENT (exit status $status)"
    elif [ "$status" -eq 0 ]; then
        echo "-------------------------------------------------------------------------"
        echo "  ALL PASSED in $((SECONDS - START_ALL))s"
    else
        echo "  FAILED (exit status $status)"
    fi
    echo "========================================================================="
}
trap print_summary EXIT

# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------
run_step "dependencies" bash "$ROOT/scripts/deps.sh" test

# 1. Warnings as errors, the normal build type.
run_step "configure build-test (-DTTT_WERROR=ON)" \
    cmake -S "$ROOT" -B "$ROOT/build-test" -DTTT_WERROR=ON "${EXTRA_CMAKE_ARGS[@]}"
run_step "build build-test" cmake --build "$ROOT/build-test" -j"$JOBS"
run_step "ctest build-test ($(ctest_counts "$ROOT/build-test"))" \
    ctest --test-dir "$ROOT/build-test" --output-on-failure --no-tests=error </dev/null

# 2. ASan + UBSan; -fno-sanitize-recover comes with TTT_SANITIZE.
run_step "configure build-asan (-DTTT_SANITIZE=ON)" \
    cmake -S "$ROOT" -B "$ROOT/build-asan" -DTTT_SANITIZE=ON -DTTT_WERROR=ON \
    -DTTT_BUILD_DOCS=OFF "${EXTRA_CMAKE_ARGS[@]}"
run_step "build build-asan" cmake --build "$ROOT/build-asan" -j"$JOBS"
run_step "ctest build-asan, ASan+UBSan ($(ctest_counts "$ROOT/build-asan"))" \
    ctest --test-dir "$ROOT/build-asan" --output-on-failure --no-tests=error </dev/null

# 3. The header documentation.
run_step "docs (Doxygen, warnings as errors)" cmake --build "$ROOT/build-test" --target docs

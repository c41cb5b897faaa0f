#!/usr/bin/env bash
# test.sh - the README's test command, and what CI runs (.ci/run): install
# what is missing, then
#   0. check that the C sources follow .clang-format (clang-format
#      --dry-run -Werror; generated data files say clang-format off),
#   1. build everything with GCC, warnings as errors (the project's set,
#      cmake/TttWarnings.cmake), in build-test/ and run ctest (ABI check,
#      install tests and the installed files' checks included),
#   2. build again with clang, warnings as errors, AddressSanitizer +
#      UndefinedBehaviorSanitizer in build-asan/ and run ctest but the
#      install tests (they build uninstrumented copies of their own),
#      failing on any sanitizer report,
#   3. build the documentation (Doxygen, warnings as errors),
#   4. run the engine, AI and terminal-program tests of build-test/ under
#      Valgrind memcheck (scripts/valgrind.sh),
#   5. build the threaded tests (the engine's, the game's worker, settings
#      saver, end-to-end, settings-file and locked-settings tests) with
#      ThreadSanitizer in build-tsan/ and run them,
#   6. cross-build the engine and its portable tests for Windows with
#      MinGW-w64 in build-mingw/ and run them under Wine; then build the
#      Windows download (scripts/build-windows.sh: the game and ttt against
#      scripts/thirdparty.sh's cached SDL2, SDL2_ttf, libintl and cJSON, in
#      build-windows/) and run its tests under Wine (tests/windows: the
#      programs, the game end to end, two windows on one settings file,
#      online play through WinHTTP against build-test's ttt-server,
#      a real window on Xvfb at 96 and 192 DPI, screenshots kept in
#      build-windows/tests/window/),
#   7. build the Debian packages (scripts/build-deb.sh: dpkg-buildpackage,
#      lintian with no error or warning) in build-deb/, install them on this
#      machine, use them and purge them, leaving nothing behind
#      (tests/deb/install_test.sh; needs root or sudo without a password),
#   8. build the game for web browsers (scripts/build-web.sh: Emscripten,
#      warnings as errors, SDL2 and its friends built from Debian's source
#      packages the first time by scripts/thirdparty.sh web, then cached),
#      build the engine's portable tests with Emscripten in
#      build-web-tests/ and run them under Node, and run the browser tests
#      (tests/web) in headless Chromium against the site served by a plain
#      static server, screenshots in build-web/artifacts/, and a tab
#      playing `ttt online` and the desktop game through ttt-server --web
#      (test_online.py),
#   9. build the libFuzzer targets with clang in build-fuzz/; each replays
#      its committed corpus, then fuzzes from a fixed seed for a fixed
#      number of runs (tests/fuzz/CMakeLists.txt), so that the same commit
#      gives the same run: a green run stays green. Exploratory fuzzing
#      with random seeds is scripts/fuzz.sh.
# The fault-injection tests (tests/faults: allocation failure at every N for
# each engine entry point, the programs and the settings file, and each I/O
# call of the save failing in turn) run in steps 1 and 2, ASan's leak check
# included in step 2; the summary repeats their figures.
# Stops at the first failure and prints a summary with each step's time
# either way. Needs no display and no input: every test runs with stdin from
# /dev/null, and the caller's environment (SDL_VIDEODRIVER, CI, ...) is
# passed through.
#
# Usage: bash scripts/test.sh      (extra CMake options: TTT_CMAKE_ARGS="-D...",
#                                   the fuzz step's seed: TTT_FUZZ_SEED=N,
#                                   its runs per target: TTT_FUZZ_RUNS=N)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
JOBS=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
# Tests run two per core: many of them mostly wait (the game's pace in the
# end-to-end and multi-window tests, scratch builds' linkers and installs),
# and no test measures time against the clock without a scaled margin. On
# the 2-core development machine: 52 s instead of 92 s for the GCC tests,
# 82 s instead of 108 s under ASan.
CTEST_JOBS=$((JOBS * 2))
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

# ctest_counts DIR [CTEST ARGS...]: "N tests" from ctest's own listing, for
# the summary.
ctest_counts() {
    local n dir=$1
    shift
    n=$(ctest --test-dir "$dir" -N "$@" 2>/dev/null | sed -n 's/^Total Tests: //p')
    echo "${n:-?} tests"
}

# stop_wine: ends the Windows step's wineserver and removes its prefix;
# called after that step and, in case it failed, by the summary.
WINE_TMP=""
stop_wine() {
    if [ -n "$WINE_TMP" ]; then
        WINEPREFIX="$WINE_TMP" wineserver -k >/dev/null 2>&1 || true
        rm -rf "$WINE_TMP"
        WINE_TMP=""
    fi
}

print_summary() {
    local status=$?
    stop_wine
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

# 0. Formatting: every C source as .clang-format has it. The 3x3 table, the
# board values and the opening book are generated (engine/tools/
# gen_table3.c, gen_board_values.c, gen_book.c), laid out by their
# generators under /* clang-format off */, and checked against them.
check_format() {
    local files
    if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        files=$(git -C "$ROOT" ls-files '*.c' '*.h' '*.cpp')
    else
        files=$(cd "$ROOT" && find engine game tests bench server -name '*.c' -o -name '*.h' -o -name '*.cpp')
    fi
    # shellcheck disable=SC2086 # one file name per word
    (cd "$ROOT" && clang-format --dry-run -Werror $files)
    echo "format: $(printf '%s\n' "$files" | wc -l) files follow .clang-format"
}
run_step "format (clang-format --dry-run -Werror)" check_format

# configure_fresh_if_compiler_changed DIR COMPILER: a build directory made
# with another compiler cannot be reconfigured in place; start it again.
configure_fresh_if_compiler_changed() {
    local cache="$1/CMakeCache.txt"
    if [ -f "$cache" ] && ! grep -q "^CMAKE_C_COMPILER:[A-Z]*=\(.*/\)\{0,1\}$2\$" "$cache"; then
        rm -rf "$1/CMakeCache.txt" "$1/CMakeFiles"
    fi
}

# 1. GCC, warnings as errors, the normal build type.
run_step "configure build-test (gcc, -DTTT_WERROR=ON)" \
    cmake -S "$ROOT" -B "$ROOT/build-test" -DTTT_WERROR=ON "${EXTRA_CMAKE_ARGS[@]}"
run_step "build build-test" cmake --build "$ROOT/build-test" -j"$JOBS"
run_step "ctest build-test ($(ctest_counts "$ROOT/build-test"))" \
    ctest --test-dir "$ROOT/build-test" -j"$CTEST_JOBS" --output-on-failure --no-tests=error </dev/null

# 2. clang with ASan + UBSan: the second compiler's warnings, and the
# sanitizers; -fno-sanitize-recover comes with TTT_SANITIZE.
configure_fresh_if_compiler_changed "$ROOT/build-asan" clang
run_step "configure build-asan (clang, -DTTT_SANITIZE=ON)" \
    cmake -S "$ROOT" -B "$ROOT/build-asan" -DCMAKE_C_COMPILER=clang -DTTT_SANITIZE=ON \
    -DTTT_WERROR=ON -DTTT_BUILD_DOCS=OFF "${EXTRA_CMAKE_ARGS[@]}"
run_step "build build-asan" cmake --build "$ROOT/build-asan" -j"$JOBS"
run_step "ctest build-asan, ASan+UBSan ($(ctest_counts "$ROOT/build-asan" -LE install))" \
    ctest --test-dir "$ROOT/build-asan" -j"$CTEST_JOBS" --output-on-failure --no-tests=error \
    -LE install --output-junit "$ROOT/build-asan/ctest-asan.xml" \
    --test-output-size-passed 1048576 </dev/null
# The fault-injection figures (runs with a failed call, per harness), from
# the run's JUnit report with whole outputs: Testing/Temporary/LastTest.log
# is rewritten by ctest_labels, which lists the tests of the same tree.
while IFS= read -r line; do
    [ -n "$line" ] && SUMMARY+=("           $line")
done < <(grep -h -o -E 'fault_(engine|prefs|programs): .*runs with a failed[^,]*' \
    "$ROOT/build-asan/ctest-asan.xml" 2>/dev/null | sort -u || true)

# 3. The header documentation.
run_step "docs (Doxygen, warnings as errors)" cmake --build "$ROOT/build-test" --target docs

# 4. Valgrind memcheck over build-test's engine, AI and terminal tests.
run_step "valgrind memcheck (build-test)" bash "$ROOT/scripts/valgrind.sh" "$ROOT/build-test"

# 5. ThreadSanitizer: only what runs threads (the engine from several
# threads, the online client library against a real ttt-server, and the
# desktop game's AI worker and settings saver on their own and
# inside the running game, and the game online). TSan needs the address space
# layout it expects; setarch -R turns off randomisation for kernels whose
# mmap randomisation it does not know.
export TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS:}halt_on_error=1:second_deadlock_stack=1"
TSAN_TESTS='^(engine_threads|desktop_worker|desktop_saver|desktop_app|desktop_app_prefs|desktop_locked_settings|server_e2e|server_embed|online_cli|proxy_shards|desktop_app_online)$'
run_step "configure build-tsan (-DTTT_TSAN=ON)" \
    cmake -S "$ROOT" -B "$ROOT/build-tsan" -DTTT_TSAN=ON -DTTT_WERROR=ON -DTTT_BUILD_DOCS=OFF \
    -DTTT_BUILD_BENCH=OFF "${EXTRA_CMAKE_ARGS[@]}"
tsan_targets=(engine_threads)
if grep -q '^TTT_BUILD_GAME:BOOL=ON' "$ROOT/build-tsan/CMakeCache.txt"; then
    tsan_targets+=(desktop_worker desktop_saver desktop_app desktop_app_prefs tictactoe
        hold_lock)
fi
# The online client library's thread, against a real server (tests/server,
# configured when the server and the client library are built).
if [ -d "$ROOT/build-tsan/tests/server" ]; then
    tsan_targets+=(server_e2e server_embed ttt-server ttt)
fi
# The desktop game online (its client and hosted server threads), where
# online play is built into it.
if grep -qs 'desktop_app_online' "$ROOT/build-tsan/tests/desktop/CTestTestfile.cmake"; then
    tsan_targets+=(desktop_app_online)
fi
run_step "build build-tsan (${tsan_targets[*]})" \
    cmake --build "$ROOT/build-tsan" -j"$JOBS" --target "${tsan_targets[@]}"
no_aslr=()
if command -v setarch >/dev/null 2>&1 && setarch "$(uname -m)" -R true 2>/dev/null; then
    no_aslr=(setarch "$(uname -m)" -R)
fi
run_step "ctest build-tsan, ThreadSanitizer (${tsan_targets[*]})" \
    "${no_aslr[@]}" ctest --test-dir "$ROOT/build-tsan" --output-on-failure --no-tests=error \
    -R "$TSAN_TESTS" </dev/null

# 6. Windows: MinGW-w64 and Wine. Wine gets a throw-away prefix, no display
# (console programs need none), no debug chatter and no Mono/Gecko install
# prompts. The prefix is created first with its output on /dev/null: the
# background processes that wineboot starts would otherwise inherit the
# first test's output pipe and keep ctest waiting until its timeout. A
# persistent wineserver for the step saves starting one per test.
WINE_TMP=$(mktemp -d "${TMPDIR:-/tmp}/ttt-wine.XXXXXX")
run_step "configure build-mingw (MinGW-w64 cross build of the portable tests)" \
    cmake -S "$ROOT/tests/engine/portable" -B "$ROOT/build-mingw" \
    -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/mingw-w64.cmake" -DTTT_WERROR=ON
run_step "build build-mingw" cmake --build "$ROOT/build-mingw" -j"$JOBS"
run_wine_tests() {
    env -u DISPLAY -u WAYLAND_DISPLAY WINEPREFIX="$WINE_TMP" WINEDEBUG=-all \
        WINEDLLOVERRIDES="mscoree,mshtml=" \
        sh -c 'wineserver -p 60 && wineboot --init >/dev/null 2>&1 </dev/null && "$@"' wine-tests \
        ctest --test-dir "$ROOT/build-mingw" --output-on-failure --no-tests=error </dev/null
}
run_step "ctest build-mingw under Wine ($(ctest_counts "$ROOT/build-mingw"))" run_wine_tests
# The Windows download: the third-party prefix is built once per version
# and cached (about 4 minutes the first time, docs/thirdparty.md), the rest
# every run.
run_step "build the Windows zip (scripts/build-windows.sh)" \
    bash "$ROOT/scripts/build-windows.sh" "$ROOT/build-windows/dist"
WINDOWS_DIR=$(find "$ROOT/build-windows/dist" -maxdepth 1 -type d -name 'tictactoe-*-windows-x86_64')
run_step "configure build-windows/tests (the Windows folder under Wine)" \
    cmake -S "$ROOT/tests/windows" -B "$ROOT/build-windows/tests" -DTTT_WINDOWS_DIR="$WINDOWS_DIR" \
    -DTTT_LINUX_TTT="$ROOT/build-test/game/cli/ttt"
# The same prefix, whose wineserver (-p 60) is still running.
run_windows_tests() {
    env -u DISPLAY -u WAYLAND_DISPLAY WINEPREFIX="$WINE_TMP" WINEDEBUG=-all \
        WINEDLLOVERRIDES="mscoree,mshtml=" \
        ctest --test-dir "$ROOT/build-windows/tests" -j2 --output-on-failure --no-tests=error </dev/null
}
run_step "ctest build-windows/tests under Wine ($(ctest_counts "$ROOT/build-windows/tests"))" \
    run_windows_tests
stop_wine

# 7. The Debian packages: built from a copy of the tree, lintian-clean,
# installed, used and removed.
run_step "Debian packages (scripts/build-deb.sh, lintian)" \
    bash "$ROOT/scripts/build-deb.sh" "$ROOT/build-deb/dist"
run_step "Debian packages installed, used and purged (tests/deb/install_test.sh)" \
    bash "$ROOT/tests/deb/install_test.sh" "$ROOT/build-deb/dist"

# 8. The browser. The third-party libraries first, in a step of their own:
# on a machine without the cache (CI) it is the one that takes minutes.
run_step "third-party libraries for the browser (scripts/thirdparty.sh web, cached)" \
    bash "$ROOT/scripts/thirdparty.sh" web
run_step "build the web site (scripts/build-web.sh build-web/site)" \
    bash "$ROOT/scripts/build-web.sh" "$ROOT/build-web/site"
run_step "configure build-web-tests (Emscripten build of the portable tests)" \
    cmake -S "$ROOT/tests/engine/portable" -B "$ROOT/build-web-tests" \
    -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/emscripten.cmake" -DCMAKE_BUILD_TYPE=Release \
    -DTTT_WERROR=ON
run_step "build build-web-tests" cmake --build "$ROOT/build-web-tests" -j"$JOBS"
run_step "ctest build-web-tests under Node ($(ctest_counts "$ROOT/build-web-tests"))" \
    ctest --test-dir "$ROOT/build-web-tests" --output-on-failure --no-tests=error </dev/null
# Debian's Selenium belongs to the system's Python.
run_step "browser tests (headless Chromium, tests/web/test_web.py)" \
    env TTT_WEB_ARTIFACTS="$ROOT/build-web/artifacts" \
    /usr/bin/python3 "$ROOT/tests/web/test_web.py" -v "$ROOT/build-web/site" </dev/null
# The browser online: the site served by a real ttt-server (step 1's
# build) with a terminal player, the server killed and restarted mid-game,
# the tab reloaded mid-game, and the tab playing the desktop game (step 1's
# tictactoe without a display, over its test hook TTT_TEST_STDIO).
if [ -x "$ROOT/build-test/server/ttt-server" ] && [ -x "$ROOT/build-test/game/cli/ttt" ]; then
    run_step "browser online test (headless Chromium and ttt online through ttt-server --web)" \
        env TTT_SERVER_BIN="$ROOT/build-test/server/ttt-server" TTT_CLI_BIN="$ROOT/build-test/game/cli/ttt" \
        TTT_DESKTOP_BIN="$ROOT/build-test/game/desktop/tictactoe" \
        /usr/bin/python3 "$ROOT/tests/web/test_online.py" -v "$ROOT/build-web/site" </dev/null
fi

# 9. libFuzzer: the fuzz targets only, each from a fixed seed for a fixed
# number of runs.
configure_fresh_if_compiler_changed "$ROOT/build-fuzz" clang
run_step "configure build-fuzz (clang, -DTTT_FUZZ=ON)" \
    cmake -S "$ROOT" -B "$ROOT/build-fuzz" -DCMAKE_C_COMPILER=clang -DTTT_FUZZ=ON -DTTT_WERROR=ON \
    -DTTT_BUILD_TESTS=OFF -DTTT_BUILD_CLI=ON -DTTT_BUILD_BENCH=OFF -DTTT_BUILD_DOCS=OFF \
    -DTTT_INSTALL=OFF "-DTTT_FUZZ_SEED=${TTT_FUZZ_SEED:-1}" "-DTTT_FUZZ_RUNS=${TTT_FUZZ_RUNS:-}" \
    "${EXTRA_CMAKE_ARGS[@]}"
run_step "build build-fuzz (fuzzers)" cmake --build "$ROOT/build-fuzz" -j"$JOBS" --target fuzzers
run_step "fuzz ($(ctest_counts "$ROOT/build-fuzz"), seed ${TTT_FUZZ_SEED:-1}, corpus and fixed runs)" \
    ctest --test-dir "$ROOT/build-fuzz" -j"$JOBS" --output-on-failure --no-tests=error -L fuzz </dev/null

# libFuzzer's final statistics per target, from ctest's log, for the summary.
fuzz_stats() {
    awk '/^[0-9]+\/[0-9]+ Test: / { name = $3 }
         /^stat::number_of_executed_units:/ { execs = $2 }
         /^stat::new_units_added:/ { printf "%s: %d inputs run, %d new\n", name, execs, $2 }' \
        "$ROOT/build-fuzz/Testing/Temporary/LastTest.log" 2>/dev/null || true
}
while IFS= read -r line; do
    [ -n "$line" ] && SUMMARY+=("           $line")
done < <(fuzz_stats)

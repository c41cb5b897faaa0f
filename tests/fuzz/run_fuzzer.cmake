# run_fuzzer.cmake - one fuzz test of the test command: the fuzz target
# replays its committed corpus, then fuzzes from a fixed seed for a fixed
# number of runs, starting from an empty directory for what it finds, so
# that the same commit gives the same run on every machine (ctest runs it;
# tests/fuzz/CMakeLists.txt). Exploratory fuzzing with random seeds is
# scripts/fuzz.sh.
#
#   cmake -DFUZZER=<exe> -DWORK=<dir> -DCORPUS=<dir> -DARTIFACTS=<prefix>
#         -DSEED=<n> -DRUNS=<n> -DINPUT_TIMEOUT=<s> "-DOPTIONS=<flag|flag...>"
#         -P run_fuzzer.cmake
foreach(v FUZZER WORK CORPUS ARTIFACTS SEED RUNS INPUT_TIMEOUT)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_fuzzer.cmake: -D${v}=... is missing")
  endif()
endforeach()

string(REPLACE "|" ";" OPTIONS "${OPTIONS}")

# What an earlier run found would change where this one goes.
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")
get_filename_component(artifact_dir "${ARTIFACTS}" DIRECTORY)
file(MAKE_DIRECTORY "${artifact_dir}")

# What else makes two runs differ, measured on the targets: libFuzzer
# rereading its output directory every second (-reload=0: it is this run's
# alone), and the addresses of the stack and the heap, which comparisons of
# pointers feed into its mutations and whose depth is one of its features:
# address-space randomisation moves them (`setarch -R` turns it off for
# this run), and so does giving the allocator's memory back every second
# (-purge_allocator_interval=-1), at a point that depends on the speed.
set(no_aslr)
find_program(SETARCH setarch)
if(SETARCH)
  execute_process(COMMAND "${SETARCH}" -R true RESULT_VARIABLE setarch_status
    OUTPUT_QUIET ERROR_QUIET)
  if(setarch_status EQUAL 0)
    set(no_aslr "${SETARCH}" -R)
  endif()
endif()
if(NOT no_aslr)
  message(STATUS "setarch -R does not work here: this run may differ from another of the same seed")
endif()

# Output goes straight to ctest's log (the test command reads libFuzzer's
# final statistics from it).
execute_process(
  COMMAND ${no_aslr} "${FUZZER}" -seed=${SEED} -runs=${RUNS} -reload=0 -purge_allocator_interval=-1
    -timeout=${INPUT_TIMEOUT} -max_len=1024
    -rss_limit_mb=2048 -print_final_stats=1 ${OPTIONS} -artifact_prefix=${ARTIFACTS}
    "${WORK}" "${CORPUS}"
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${FUZZER} failed (${status}) with -seed=${SEED} -runs=${RUNS}; "
    "the input is in ${artifact_dir} (docs/hacking.md, \"Fuzzing\")")
endif()

# cli_test_lib.cmake - helpers for the script tests of the terminal programs:
# run a program with scripted standard input, then check its exit status,
# stdout and stderr. Included by the cli_*.cmake scripts, which ctest runs
# with `cmake -P`; a failed check stops the script with FATAL_ERROR, which
# fails the test and shows what the program printed.

# Seconds any one run may take before it counts as hung.
set(CLI_RUN_TIMEOUT_S 60)

# cli_run(<prefix> PROGRAM <exe> [ARGS <args...>] [INPUT <text>])
# Sets <prefix>_rc, <prefix>_out and <prefix>_err in the caller's scope.
# INPUT is written to a file and given as standard input; without it the
# program reads an empty input.
function(cli_run prefix)
  cmake_parse_arguments(R "" "PROGRAM;INPUT" "ARGS" ${ARGN})
  if(NOT R_PROGRAM)
    message(FATAL_ERROR "cli_run: no PROGRAM")
  endif()
  if(NOT DEFINED WORK_DIR)
    set(WORK_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  string(MAKE_C_IDENTIFIER "${CLI_TEST_NAME}_${prefix}" stem)
  set(input_file "${WORK_DIR}/${stem}.input")
  file(WRITE "${input_file}" "${R_INPUT}")
  execute_process(
    COMMAND "${R_PROGRAM}" ${R_ARGS}
    INPUT_FILE "${input_file}"
    OUTPUT_VARIABLE out
    ERROR_VARIABLE err
    RESULT_VARIABLE rc
    TIMEOUT ${CLI_RUN_TIMEOUT_S})
  set(${prefix}_rc "${rc}" PARENT_SCOPE)
  set(${prefix}_out "${out}" PARENT_SCOPE)
  set(${prefix}_err "${err}" PARENT_SCOPE)
  set(${prefix}_cmd "${R_PROGRAM} ${R_ARGS}" PARENT_SCOPE)
endfunction()

# Stops the test with a message and the run's output.
function(cli_fail prefix what)
  message(FATAL_ERROR "${what}\n"
    "command: ${${prefix}_cmd}\n"
    "exit status: ${${prefix}_rc}\n"
    "--- stdout ---\n${${prefix}_out}\n"
    "--- stderr ---\n${${prefix}_err}\n")
endfunction()

# cli_expect_rc(<prefix> <status>)
function(cli_expect_rc prefix expected)
  if(NOT "${${prefix}_rc}" STREQUAL "${expected}")
    cli_fail(${prefix} "expected exit status ${expected}")
  endif()
endfunction()

# cli_expect(<prefix> out|err <regex>): the stream matches the regex.
function(cli_expect prefix stream regex)
  if(NOT "${${prefix}_${stream}}" MATCHES "${regex}")
    cli_fail(${prefix} "expected ${stream} to match: ${regex}")
  endif()
endfunction()

# cli_expect_not(<prefix> out|err <regex>): the stream does not match.
function(cli_expect_not prefix stream regex)
  if("${${prefix}_${stream}}" MATCHES "${regex}")
    cli_fail(${prefix} "expected ${stream} not to match: ${regex}")
  endif()
endfunction()

# cli_expect_empty(<prefix> out|err)
function(cli_expect_empty prefix stream)
  if(NOT "${${prefix}_${stream}}" STREQUAL "")
    cli_fail(${prefix} "expected ${stream} to be empty")
  endif()
endfunction()

# cli_expect_usage_error(<prefix> <stderr regex>): status 2, a message on
# stderr matching the regex, nothing on stdout.
function(cli_expect_usage_error prefix regex)
  cli_expect_rc(${prefix} 2)
  cli_expect_empty(${prefix} out)
  cli_expect(${prefix} err "${regex}")
endfunction()

# cli_count(<out-var> <text> <regex>): how many times regex matches text.
function(cli_count out_var text regex)
  string(REGEX MATCHALL "${regex}" hits "${text}")
  list(LENGTH hits n)
  set(${out_var} ${n} PARENT_SCOPE)
endfunction()

# cli_expect_equal(<prefix> <actual> <expected> <what>)
function(cli_expect_equal prefix actual expected what)
  if(NOT "${actual}" STREQUAL "${expected}")
    cli_fail(${prefix} "${what}: got '${actual}', expected '${expected}'")
  endif()
endfunction()
